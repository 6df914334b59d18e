//! Cage placements: which digit each cell of a cage can take in some
//! filling of the cage with one of its sets of digits, each cell a
//! different digit of the set from its own candidates.
//!
//! Cage combinations keep a set when each of its digits has a cell and
//! each cell a digit of it; a set can pass that and still have no
//! filling (three cells that can only hold 1 or 2 between them), and a
//! cell can keep a digit of a set that fills only with that digit
//! elsewhere. This walks every set's fillings by the digits the cells
//! before and after a cell use (a subset of the set per side), so the
//! work is at most the set's subsets per cell, not its orderings.

/// The most cells of a cage weighed (the subsets of a set are walked).
pub(crate) const MAX_CELLS: usize = 12;

/// Scratch space kept between calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct Placements {
    /// For each count of cells `i`, whether each subset of the set's
    /// digits (as positions in the set) fills the first `i` cells.
    before: Vec<Vec<bool>>,
    /// The same for the last `k - i` cells.
    after: Vec<Vec<bool>>,
}

impl Placements {
    /// For each cell of a cage with candidates `cand` (one mask per cell,
    /// bit `v` for digit `v`), the digits it takes in some filling by one
    /// of `sets` (each as many digits as cells), into `out`; returns
    /// whether any set has a filling. A cage of more than [`MAX_CELLS`]
    /// cells, or a set of another size, keeps every candidate.
    pub fn supports(&mut self, cand: &[u32], sets: &[u32], out: &mut Vec<u32>) -> bool {
        let k = cand.len();
        out.clear();
        if k > MAX_CELLS || sets.iter().any(|s| s.count_ones() as usize != k) {
            out.extend_from_slice(cand);
            return true;
        }
        out.resize(k, 0);
        let full = (1usize << k) - 1;
        for level in [&mut self.before, &mut self.after] {
            level.resize_with(k + 1, Vec::new);
            for v in level.iter_mut() {
                v.clear();
                v.resize(full + 1, false);
            }
        }
        let mut any = false;
        let mut local = [0usize; MAX_CELLS];
        let mut digits = [0u32; MAX_CELLS];
        for &set in sets {
            // The set's digits, and each cell's candidates among them as
            // positions in the set.
            let mut s = set;
            for d in digits.iter_mut().take(k) {
                *d = s.trailing_zeros();
                s &= s - 1;
            }
            for (i, l) in local.iter_mut().take(k).enumerate() {
                *l = (0..k).filter(|&j| cand[i] >> digits[j] & 1 == 1).fold(0, |m, j| m | 1 << j);
            }
            if local[..k].contains(&0) {
                continue;
            }
            for i in 0..=k {
                self.before[i].iter_mut().for_each(|b| *b = false);
                self.after[i].iter_mut().for_each(|b| *b = false);
            }
            self.before[0][0] = true;
            for i in 0..k {
                let (done, next) = self.before.split_at_mut(i + 1);
                for used in 0..=full {
                    if done[i][used] {
                        for j in bits(local[i] & !used) {
                            next[0][used | 1 << j] = true;
                        }
                    }
                }
            }
            if !self.before[k][full] {
                continue;
            }
            any = true;
            self.after[k][0] = true;
            for i in (0..k).rev() {
                let (done, next) = self.after.split_at_mut(i + 1);
                for used in 0..=full {
                    if next[0][used] {
                        for j in bits(local[i] & !used) {
                            done[i][used | 1 << j] = true;
                        }
                    }
                }
            }
            for i in 0..k {
                for used in 0..=full {
                    if !self.before[i][used] {
                        continue;
                    }
                    for j in bits(local[i] & !used) {
                        if self.after[i + 1][full & !used & !(1 << j)] {
                            out[i] |= 1 << digits[j];
                        }
                    }
                }
            }
        }
        any
    }
}

/// The positions of the members of `m`.
fn bits(mut m: usize) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every filling of the cells by brute force: each cell's digits.
    fn brute(cand: &[u32], sets: &[u32]) -> (bool, Vec<u32>) {
        let k = cand.len();
        let mut out = vec![0u32; k];
        let mut any = false;
        fn walk(i: usize, used: u32, set: u32, cand: &[u32], pick: &mut Vec<u32>, out: &mut [u32]) -> bool {
            if i == cand.len() {
                for (o, &d) in out.iter_mut().zip(pick.iter()) {
                    *o |= d;
                }
                return true;
            }
            let mut found = false;
            let mut m = cand[i] & set & !used;
            while m != 0 {
                let d = m & m.wrapping_neg();
                m &= m - 1;
                pick.push(d);
                found |= walk(i + 1, used | d, set, cand, pick, out);
                pick.pop();
            }
            found
        }
        for &set in sets {
            any |= walk(0, 0, set, cand, &mut Vec::new(), &mut out);
        }
        (any, out)
    }

    #[test]
    fn supports_match_brute_force() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut p = Placements::default();
        let mut out = Vec::new();
        let (mut cut, mut empty) = (0, 0);
        for _ in 0..3000 {
            let k = 1 + (next() % 6) as usize;
            // Sets of k of 9 digits, a few at random.
            let sets: Vec<u32> = (0..1 + next() % 5)
                .map(|_| {
                    let mut s = 0u32;
                    while (s.count_ones() as usize) < k {
                        s |= 1 << (next() % 9);
                    }
                    s
                })
                .collect();
            let cand: Vec<u32> =
                (0..k).map(|_| (next() & next() & 0x1ff) as u32 | 1 << (next() % 9)).collect();
            let (any, want) = brute(&cand, &sets);
            let got = p.supports(&cand, &sets, &mut out);
            assert_eq!(got, any, "{cand:?} {sets:?}");
            if any {
                assert_eq!(out, want, "{cand:?} {sets:?}");
                cut += cand.iter().zip(&want).filter(|(c, w)| *c & !**w != 0).count();
            } else {
                empty += 1;
            }
        }
        // The cases are not all trivial: cells lose digits, sets fail.
        assert!(cut > 500 && empty > 100, "{cut} {empty}");
    }

    #[test]
    fn three_cells_of_two_digits_fill_no_set() {
        let mut p = Placements::default();
        let mut out = Vec::new();
        // {1,2,3} with r1 {1,2}, r2 {1,2}, r3 {1,2,3}: the third cell is 3.
        assert!(p.supports(&[0b011, 0b011, 0b111], &[0b111], &mut out));
        assert_eq!(out, vec![0b011, 0b011, 0b100]);
        // And with the third cell {1,2}, no filling.
        assert!(!p.supports(&[0b011, 0b011, 0b011], &[0b111], &mut out));
        // A set of the wrong size keeps everything.
        assert!(p.supports(&[0b011, 0b011], &[0b111], &mut out));
        assert_eq!(out, vec![0b011, 0b011]);
    }
}
