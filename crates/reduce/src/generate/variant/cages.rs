//! Killer cages over a full grid: a random partition of every cell into
//! orthogonally connected cages of different digits, and the two moves
//! that make a killer unique, merging two cages (their digits must then
//! all differ) and splitting one (each part gets its own sum).

use dlx::SplitMix64;

use super::clues::neighbours;

/// A partition of the cells of `grid` (order `n`) into orthogonally
/// connected cages of different digits, of `min` to `max` cells as far as
/// the grid allows: each cage grows from a random free cell to a random
/// size, then cages left smaller than `min` join a neighbouring cage their
/// digits fit in (the smallest such), up to `max` cells.
pub(super) fn partition(
    n: usize,
    grid: &[u8],
    min: usize,
    max: usize,
    rng: &mut SplitMix64,
) -> Vec<Vec<usize>> {
    let cells = n * n;
    let mut owner = vec![usize::MAX; cells];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    for i in (1..cells).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let target = min + rng.below((max - min + 1) as u64) as usize;
        let k = cages.len();
        let mut cage = vec![start];
        owner[start] = k;
        while cage.len() < target {
            let mut next: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(n, c, false))
                .filter(|&b| owner[b] == usize::MAX && cage.iter().all(|&c| grid[c] != grid[b]))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let b = next[rng.below(next.len() as u64) as usize];
            owner[b] = k;
            cage.push(b);
        }
        cages.push(cage);
    }
    // Cages too small join a neighbour.
    for k in 0..cages.len() {
        if cages[k].is_empty() || cages[k].len() >= min {
            continue;
        }
        let mut best: Option<usize> = None;
        for &c in &cages[k] {
            for b in neighbours(n, c, false) {
                let j = owner[b];
                if j == k || cages[j].len() + cages[k].len() > max.max(min) {
                    continue;
                }
                if !cages[j].iter().all(|&x| cages[k].iter().all(|&y| grid[x] != grid[y])) {
                    continue;
                }
                if best.is_none_or(|o| cages[j].len() < cages[o].len()) {
                    best = Some(j);
                }
            }
        }
        if let Some(j) = best {
            let moved = std::mem::take(&mut cages[k]);
            for &c in &moved {
                owner[c] = j;
            }
            cages[j].extend(moved);
        }
    }
    cages.retain(|c| !c.is_empty());
    cages
}

/// Whether cages `a` and `b` share an edge.
pub(super) fn adjacent(n: usize, a: &[usize], b: &[usize]) -> bool {
    a.iter().any(|&x| neighbours(n, x, false).iter().any(|y| b.contains(y)))
}

/// `cage` split in two or more orthogonally connected parts: the cells
/// nearest `at` (half of them, in breadth-first order from `at`), and the
/// connected pieces of the rest.
pub(super) fn split(n: usize, cage: &[usize], at: usize) -> Vec<Vec<usize>> {
    let order = connected_from(n, cage, at);
    let half = cage.len().div_ceil(2);
    let mut parts = vec![order[..half].to_vec()];
    let mut rest: Vec<usize> = order[half..].to_vec();
    while let Some(&first) = rest.first() {
        let piece = connected_from(n, &rest, first);
        rest.retain(|c| !piece.contains(c));
        parts.push(piece);
    }
    parts
}

/// The cells of `set` reached from `start` through orthogonal steps
/// inside `set`, in breadth-first order.
fn connected_from(n: usize, set: &[usize], start: usize) -> Vec<usize> {
    let mut seen = vec![start];
    let mut i = 0;
    while i < seen.len() {
        let c = seen[i];
        for b in neighbours(n, c, false) {
            if set.contains(&b) && !seen.contains(&b) {
                seen.push(b);
            }
        }
        i += 1;
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_every_cell_once_with_connected_cages_of_different_digits() {
        // A 4x4 grid (rows 1234 3412 2143 4321).
        let grid: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'1').collect();
        for seed in 0..200 {
            let mut rng = SplitMix64::new(seed);
            let cages = partition(4, &grid, 2, 3, &mut rng);
            let mut seen = [0; 16];
            for cage in &cages {
                assert!(!cage.is_empty());
                for &c in cage {
                    seen[c] += 1;
                }
                assert_eq!(connected_from(4, cage, cage[0]).len(), cage.len(), "{cage:?}");
                for (i, &a) in cage.iter().enumerate() {
                    assert!(cage[..i].iter().all(|&b| grid[a] != grid[b]));
                }
            }
            assert_eq!(seen, [1; 16]);
        }
    }

    #[test]
    fn splits_are_connected_and_cover_the_cage() {
        let cage = [0, 1, 2, 3, 7, 11];
        for &at in &cage {
            let parts = split(4, &cage, at);
            assert!(parts.len() >= 2);
            let mut all: Vec<usize> = parts.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, cage);
            for p in &parts {
                assert_eq!(connected_from(4, p, p[0]).len(), p.len());
            }
            assert!(parts[0].contains(&at));
        }
    }
}
