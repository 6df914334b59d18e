//! The all-different filter of the bit search: on a nearly full unit,
//! the symbols no complete matching of the unit's open cells to its
//! missing symbols can use are taken (Régin's filter: naked and hidden
//! subsets of every size at once). [`super::Search::propagate`] calls
//! [`Search::hall_sets`] on the units changed since its last call, from
//! [`super::HALL_FROM`], or from [`super::HALL_FILTERING_FROM`] when a
//! puzzle maker turns filtering on.
//!
//! It takes only symbols no solution uses, so counts stay exact.

use super::word::{Ones, UnitSet, Word};
use super::{Search, EMPTY, NEARLY_FULL};

/// The fewest symbols changed at once for which [`Search::fish`] finds
/// every row's and column's regions in one walk over the open cells.
const FISH_BULK: u32 = 3;

/// Kuhn's augmenting path from open cell `i` (see `Search::all_different`):
/// whether `i` could be matched, moving earlier matches along the way.
/// Depth first, each rank trying its free symbols lowest first; the path
/// is kept on a stack of its own rather than the call stack, so that the
/// search inlines into the propagation's compiled copies
/// ([`crate::cpu`]). A rank is on the path at most once (it is reached
/// through the one symbol matched to it), so 64 frames are enough.
#[inline(always)]
fn augment<W: Word>(i: usize, cm: &[W], mate: &mut [u8; 64], visited: &mut W) -> bool {
    // The path: each rank on it and the symbol it tries.
    let (mut ranks, mut symbols) = ([0u8; 64], [0u8; 64]);
    let mut depth = 0;
    let mut rank = i;
    loop {
        let free = cm[rank] & !*visited;
        if free == W::ZERO {
            // Nothing left here: back to the rank before, which tries
            // its next symbol.
            if depth == 0 {
                return false;
            }
            depth -= 1;
            rank = ranks[depth] as usize;
            continue;
        }
        let b = free.lowest();
        *visited |= b;
        let v = b.trailing_zeros() as usize;
        if mate[v] == EMPTY {
            // A free symbol: every rank on the path takes the symbol it
            // tried.
            mate[v] = rank as u8;
            for d in 0..depth {
                mate[symbols[d] as usize] = ranks[d];
            }
            return true;
        }
        ranks[depth] = rank as u8;
        symbols[depth] = v as u8;
        depth += 1;
        rank = mate[v] as usize;
    }
}

impl<W: Word> Search<W> {
    /// All-different on unit `u` at `level` (Régin's filtering, 1994), when
    /// the unit has from 3 to [`NEARLY_FULL`] open cells: a symbol is taken
    /// from an open cell when no matching of the unit's open cells to its
    /// missing symbols gives it that symbol. This is every Hall set of the
    /// unit at once, naked and hidden subsets of any size. Returns `None`
    /// on a dead end (no such matching), else whether any symbol was taken.
    ///
    /// The matching comes greedily, then by augmenting paths (Kuhn); then
    /// position `i` leads to position `j` when `i` has the symbol matched
    /// to `j` (`j` could give it up). A symbol stays in a cell when it is
    /// the cell's match or when the position matched to it leads back to
    /// the cell: the two lie on one cycle of alternating swaps, in one
    /// strongly connected component of that graph (found with bit sets,
    /// forward and backward from a position, a component at a time).
    /// Every missing symbol is matched (the open cells are as many as the
    /// missing symbols, and no open cell has a placed symbol), so no
    /// alternating path starts at a free symbol: the cycles are all.
    #[inline(always)]
    pub(super) fn all_different(&mut self, level: usize, u: usize) -> Option<bool> {
        let n = self.n;
        let open_count = n - self.placed[level * self.units + u].count_ones() as usize;
        if !(3..=NEARLY_FULL).contains(&open_count) {
            return Some(false);
        }
        let cells = self.cells;
        let unit = &self.unit_cells[u * n..][..n];
        // The open cells, numbered from 0 in the order of their positions
        // in the unit ("ranks"): their positions and candidates.
        let mut pos = [0u8; NEARLY_FULL];
        let mut cm = [W::ZERO; NEARLY_FULL];
        let mut k = 0;
        let mut union = W::ZERO;
        // The open cells only (filled ones have no symbol left) where the
        // masks are kept.
        let open = if self.open_masks { self.open[level * self.units + u] } else { self.all_cells };
        for i in Ones(open) {
            let c = unit[i];
            let m = self.cand[level * cells + c as usize];
            union |= m;
            if m != W::ZERO {
                if k == NEARLY_FULL {
                    // More open cells than symbols missing: not a state
                    // the search makes.
                    return Some(false);
                }
                pos[k] = i as u8;
                cm[k] = m;
                k += 1;
            }
        }
        let cm = &cm[..k];
        let open: u32 = (1 << k) - 1;
        // The matching: for each symbol, the rank it goes to. Greedy,
        // then augmenting paths for the ranks left.
        let mut mate = [EMPTY; 64];
        let mut unmatched = 0u32;
        // The symbols matched so far, while greedy: each rank takes its
        // lowest one still free.
        let mut taken = W::ZERO;
        for (i, &m) in cm.iter().enumerate() {
            let free = m & !taken;
            if free == W::ZERO {
                unmatched |= 1 << i;
            } else {
                let b = free.lowest();
                taken |= b;
                mate[b.trailing_zeros() as usize] = i as u8;
            }
        }
        while unmatched != 0 {
            let i = unmatched.trailing_zeros() as usize;
            unmatched &= unmatched - 1;
            let mut visited = W::ZERO;
            if !augment(i, cm, &mut mate, &mut visited) {
                self.weigh(u);
                return None;
            }
        }
        if union.count_ones() as usize != k {
            // A symbol no cell is matched to (a free symbol): not a state
            // the search makes either, so nothing is taken.
            return Some(false);
        }
        // `own` is the symbol matched to each rank: every symbol of
        // `union` is matched (k of them, k ranks).
        let mut own = [W::ZERO; NEARLY_FULL];
        let mut syms = union;
        while syms != W::ZERO {
            let vb = syms.lowest();
            syms ^= vb;
            own[mate[vb.trailing_zeros() as usize] as usize] = vb;
        }
        // Rank i leads to rank j when i has the symbol matched to j (then
        // j could give it up for another): `next`, and `back` the other
        // way.
        let mut next = [0u32; NEARLY_FULL];
        let mut back = [0u32; NEARLY_FULL];
        for (i, &m) in cm.iter().enumerate() {
            let mut syms = m & !own[i];
            let mut r = 0u32;
            while syms != W::ZERO {
                let vb = syms.lowest();
                syms ^= vb;
                let j = mate[vb.trailing_zeros() as usize] as usize;
                r |= 1 << j;
                back[j] |= 1 << i;
            }
            next[i] = r;
        }
        // Symbol v stays at rank i when it is i's match, or when the rank
        // matched to v leads back to i: the two lie on one cycle of swaps,
        // in one strongly connected component of that graph. The
        // components come one by one, each as the ranks both reached from
        // its lowest rank and reaching it, among the ranks left (a path
        // between two ranks of one component never leaves it); each rank
        // then keeps only the symbols matched within its component.
        let mut drop = [W::ZERO; NEARLY_FULL];
        let mut any = 0u32;
        let mut left = open;
        while left != 0 {
            let s = left & left.wrapping_neg();
            let ahead = reached(s, &next, left);
            let part = reached(s, &back, ahead);
            left &= !part;
            let mut mine = W::ZERO;
            let mut ps = part;
            while ps != 0 {
                mine |= own[ps.trailing_zeros() as usize];
                ps &= ps - 1;
            }
            let mut ps = part;
            while ps != 0 {
                let i = ps.trailing_zeros() as usize;
                ps &= ps - 1;
                let d = cm[i] & !mine;
                drop[i] = d;
                if d != W::ZERO {
                    any |= 1 << i;
                }
            }
        }
        // Taken in the order of the positions, as singles are queued.
        let taken = any != 0;
        while any != 0 {
            let i = any.trailing_zeros() as usize;
            any &= any - 1;
            let c = unit[pos[i] as usize] as usize;
            // The matched symbol stays, so the cell keeps one.
            let m = &mut self.cand[level * cells + c];
            *m &= !drop[i];
            self.fish_dirty |= drop[i];
            let left = *m;
            self.dirty = self.dirty.or(self.cell_unit_bits[c]);
            if left.at_most_one() {
                self.queue[self.queued] = c as u16;
                self.queued += 1;
            }
        }
        Some(taken)
    }

    /// [`Search::all_different`] on every unit changed since the last
    /// call: `None` on a dead end, else whether any symbol was taken.
    #[inline(always)]
    pub(super) fn hall_sets(&mut self, level: usize) -> Option<bool> {
        let mut taken = false;
        while !self.hall_dirty.is_empty() {
            let u = self.hall_dirty.pop();
            match self.all_different(level, u) {
                None => {
                    self.hall_dirty = W::Units::default();
                    return None;
                }
                Some(t) => taken |= t,
            }
        }
        Some(taken)
    }
}

/// Régin's filter on `k` sets of targets (bit masks, `cm[..k]`), each set
/// to be given a different target, the sets' union having at most `k`
/// targets (so that a matching leaves no target free; up to 64): `None`
/// when no such matching exists, else the sets that lose some targets
/// (`any`), and for each of those the targets no matching gives it
/// (`drop`); for a set not in `any`, `drop` may be stale. As in
/// `Search::all_different`, without its cells and words.
#[inline(always)]
fn regin_u64(cm: &[u64], drop: &mut [u64; 64]) -> Option<u64> {
    let k = cm.len();
    let mut mate = [EMPTY; 64];
    let mut unmatched = 0u64;
    for (i, &m) in cm.iter().enumerate() {
        let mut free = m;
        let mut done = false;
        while free != 0 {
            let v = free.trailing_zeros() as usize;
            free &= free - 1;
            if mate[v] == EMPTY {
                mate[v] = i as u8;
                done = true;
                break;
            }
        }
        if !done {
            unmatched |= 1 << i;
        }
    }
    while unmatched != 0 {
        let i = unmatched.trailing_zeros() as usize;
        unmatched &= unmatched - 1;
        let mut visited = 0u64;
        if !augment(i, cm, &mut mate, &mut visited) {
            return None;
        }
    }
    let mut next = [0u64; 64];
    let mut back = [0u64; 64];
    let mut own = [0u64; 64];
    for (i, &m) in cm.iter().enumerate() {
        let mut syms = m;
        let mut r = 0u64;
        while syms != 0 {
            let vb = syms & syms.wrapping_neg();
            syms ^= vb;
            let j = mate[vb.trailing_zeros() as usize] as usize;
            if j == i {
                own[i] = vb;
            } else {
                r |= 1 << j;
                back[j] |= 1 << i;
            }
        }
        next[i] = r;
    }
    let mut any = 0u64;
    let mut left = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
    while left != 0 {
        let s = left & left.wrapping_neg();
        let ahead = reached(s, &next, left);
        let part = reached(s, &back, ahead);
        left &= !part;
        let mut mine = 0u64;
        for i in Ones(part) {
            mine |= own[i];
        }
        for i in Ones(part) {
            let d = cm[i] & !mine;
            drop[i] = d;
            if d != 0 {
                any |= 1 << i;
            }
        }
    }
    Some(any)
}

impl<W: Word> Search<W> {
    /// All-different in the symbols' view, on jigsaws: the places of a
    /// symbol are one a row, one a column and one a region, so the rows
    /// that lack symbol `v` each take it in a different region of those
    /// that lack it (row `a` may take region `b` when a cell of both still
    /// has `v`), and so do the columns. Régin's filter on each of those
    /// matchings takes `v` from the cells of row `a` in a region no
    /// matching gives `a` (which is every "fish" of rows and regions at
    /// once, and the jigsaw's law of leftovers), for each symbol changed
    /// since the last call (`fish_dirty`). `None` on a dead end, else
    /// whether anything was taken.
    #[inline(always)]
    pub(super) fn fish(&mut self, level: usize) -> Option<bool> {
        let (n, cells, units) = (self.n, self.cells, self.units);
        let mut taken = false;
        let mut todo = std::mem::replace(&mut self.fish_dirty, W::ZERO);
        // Per row (column) met by a symbol: the regions it meets it in,
        // the unit, and the regions it loses; each written before it is
        // read (`drop` for the sets `regin_u64` says lose some), so made
        // once for every symbol and direction.
        let (mut cm, mut who, mut drop) = ([0u64; 64], [0u16; 64], [0u64; 64]);
        // With several symbols to look at, the regions each row and column
        // meets each symbol in come from one walk over the open cells
        // (see `Search::fish_sets`).
        let bulk = todo.count_ones() >= FISH_BULK;
        if bulk {
            self.fish_sets(level, todo);
        }
        while todo != W::ZERO {
            let bit = todo.lowest();
            todo ^= bit;
            let v = bit.trailing_zeros() as usize;
            // Whether the rows took `v` somewhere: the columns' sets of `v`
            // are then walked afresh.
            let mut stale = false;
            for (ka, kb) in [(0, 2), (1, 2)] {
                let mut k = 0;
                for a in ka * n..(ka + 1) * n {
                    if self.placed[level * units + a] & bit == W::ZERO {
                        let m = if bulk && !stale {
                            self.fish_scratch[ka][v * n + a - ka * n]
                        } else {
                            let mut m = 0u64;
                            // Orders from `OPEN_MASKS_FROM` only: the masks are kept.
                            for j in Ones(self.open[level * units + a]) {
                                let c = self.unit_cells[a * n + j] as usize;
                                if self.cand[level * cells + c] & bit != W::ZERO {
                                    m |= 1 << (self.cell_units[c][kb] as usize - kb * n);
                                }
                            }
                            m
                        };
                        cm[k] = m;
                        who[k] = a as u16;
                        k += 1;
                    }
                }
                if k < 2 {
                    continue;
                }
                let union = cm[..k].iter().fold(0, |u, &m| u | m);
                if union.count_ones() as usize != k {
                    continue; // singles will see it
                }
                let Some(any) = regin_u64(&cm[..k], &mut drop) else {
                    for &a in &who[..k] {
                        self.weigh(a as usize);
                    }
                    self.fish_dirty = W::ZERO;
                    return None;
                };
                for i in Ones(any) {
                    let a = who[i] as usize;
                    let d = drop[i];
                    for j in 0..n {
                        let c = self.unit_cells[a * n + j] as usize;
                        let b = self.cell_units[c][kb] as usize - kb * n;
                        if d >> b & 1 == 1 && self.cand[level * cells + c] & bit != W::ZERO {
                            taken = true;
                            stale = true;
                            if !self.remove(level, c, bit) {
                                self.fish_dirty = W::ZERO;
                                return None;
                            }
                        }
                    }
                }
            }
        }
        Some(taken)
    }

    /// For each symbol `v` of `todo`, the regions each row and each column
    /// meets it in at `level` (bit `b`: a cell of both has `v` open), into
    /// `fish_scratch[0][v * n + row]` and `fish_scratch[1][v * n + col]`:
    /// the sets [`Search::fish`] matches, for all of `todo` in one walk
    /// over the open cells (their symbols, once each) instead of a walk a
    /// symbol and kind.
    #[inline(always)]
    fn fish_sets(&mut self, level: usize, todo: W) {
        let (n, cells, units) = (self.n, self.cells, self.units);
        let [rows, cols] = &mut self.fish_scratch;
        rows.resize(n * n, 0);
        cols.resize(n * n, 0);
        let mut left = todo;
        while left != W::ZERO {
            let v = left.trailing_zeros() as usize;
            left ^= left.lowest();
            rows[v * n..][..n].fill(0);
            cols[v * n..][..n].fill(0);
        }
        for r in 0..n {
            for j in Ones(self.open[level * units + r]) {
                let c = self.unit_cells[r * n + j] as usize;
                let mut m = self.cand[level * cells + c] & todo;
                let [_, col, region] = self.cell_units[c];
                let (col, b) = (col as usize - n, 1u64 << (region as usize - 2 * n));
                while m != W::ZERO {
                    let v = m.trailing_zeros() as usize;
                    m ^= m.lowest();
                    rows[v * n + r] |= b;
                    cols[v * n + col] |= b;
                }
            }
        }
    }
}

/// The ranks reached from rank set `from` along `edges` (rank `j` leads to
/// the ranks of `edges[j]`), staying within `within`; `from` included.
#[inline(always)]
fn reached<W: Word, const N: usize>(from: W, edges: &[W; N], within: W) -> W {
    let mut seen = from;
    let mut todo = from;
    while todo != W::ZERO {
        let j = todo.trailing_zeros() as usize;
        todo ^= todo.lowest();
        let new = edges[j] & within & !seen;
        seen |= new;
        todo |= new;
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::super::word::Word;
    use super::super::Search;
    use crate::grid::Shape;
    use dlx::SplitMix64;

    /// Every matching of `open` cells (candidate sets) to distinct
    /// symbols, by brute force: for each cell, the symbols some matching
    /// gives it (empty sets when there is no matching).
    fn supports(cands: &[u64]) -> Vec<u64> {
        fn walk(cands: &[u64], i: usize, used: u64, pick: &mut Vec<u32>, seen: &mut [u64]) {
            if i == cands.len() {
                for (s, &v) in seen.iter_mut().zip(pick.iter()) {
                    *s |= 1 << v;
                }
                return;
            }
            for v in 0..64 {
                if cands[i] >> v & 1 == 1 && used >> v & 1 == 0 {
                    pick.push(v);
                    walk(cands, i + 1, used | 1 << v, pick, seen);
                    pick.pop();
                }
            }
        }
        let mut seen = vec![0; cands.len()];
        walk(cands, 0, 0, &mut Vec::new(), &mut seen);
        seen
    }

    /// Random nearly full rows: the filter keeps a symbol in a cell
    /// exactly when some matching of the open cells to the missing symbols
    /// gives it that symbol, says so, queues the cells left with one, and
    /// finds the dead ends.
    fn cross_check<W: Word>(n: usize, to_u64: fn(W) -> u64, from_u64: fn(u64) -> W) {
        let shape = Shape::default_for(n).unwrap();
        let mut rng = SplitMix64::new(n as u64);
        let (mut dead, mut taken, mut kept) = (0, 0, 0);
        for round in 0..3000 {
            let k = 3 + rng.below(8) as usize;
            // The missing symbols and the open positions of row 0.
            let mut symbols: Vec<u32> = (0..n as u32).collect();
            let mut positions: Vec<usize> = (0..n).collect();
            for i in 0..n {
                symbols.swap(i, i + rng.below((n - i) as u64) as usize);
                positions.swap(i, i + rng.below((n - i) as u64) as usize);
            }
            let (missing, open) = (&symbols[..k], &mut positions[..k]);
            open.sort_unstable();
            // Sparse sets now and then, so that some have no matching.
            let keep = if round % 3 == 0 { 3 } else { 2 };
            let cands: Vec<u64> = (0..k)
                .map(|_| loop {
                    let m = missing.iter().filter(|_| rng.below(keep) != 0).fold(0u64, |m, &v| m | 1 << v);
                    if m != 0 {
                        break m;
                    }
                })
                .collect();
            let mut s = Search::<W>::new(&shape);
            s.push_level(0);
            s.placed[0] = from_u64(missing.iter().fold(to_u64(W::low(n)), |m, &v| m & !(1 << v)));
            for c in 0..n {
                s.cand[c] = W::ZERO;
            }
            for (&p, &m) in open.iter().zip(&cands) {
                s.cand[p] = from_u64(m);
                s.open[0] |= 1 << p;
            }
            let want = supports(&cands);
            let got = s.all_different(0, 0);
            if want.contains(&0) {
                assert_eq!(got, None, "{cands:x?}");
                dead += 1;
                continue;
            }
            let changed = want != cands;
            assert_eq!(got, Some(changed), "{cands:x?}");
            let after: Vec<u64> = open.iter().map(|&p| to_u64(s.cand[p])).collect();
            assert_eq!(after, want, "{cands:x?}");
            let queued: Vec<usize> = open
                .iter()
                .zip(&cands)
                .zip(&want)
                .filter(|((_, &a), &b)| a != b && b.count_ones() == 1)
                .map(|((&p, _), _)| p)
                .collect();
            assert_eq!(s.queue[..s.queued].iter().map(|&c| c as usize).collect::<Vec<_>>(), queued);
            if changed {
                taken += 1;
            } else {
                kept += 1;
            }
        }
        assert!(dead > 100 && taken > 100 && kept > 100, "{dead} dead ends, {taken} taken, {kept} kept");
    }

    #[test]
    fn symbols_view_filter_agrees_with_every_matching() {
        // Random sets of targets (a symbol's open rows, each with the
        // regions it may take the symbol in): what the filter drops is
        // exactly what no matching gives, and it finds the dead ends.
        let mut rng = SplitMix64::new(5);
        let (mut dead, mut taken) = (0, 0);
        for round in 0..3000 {
            let k = 3 + rng.below(8) as usize;
            let mut targets: Vec<u32> = (0..64).collect();
            for i in 0..k {
                targets.swap(i, i + rng.below((64 - i) as u64) as usize);
            }
            let keep = if round % 3 == 0 { 3 } else { 2 };
            let cands: Vec<u64> = (0..k)
                .map(|_| loop {
                    let m =
                        targets[..k].iter().filter(|_| rng.below(keep) != 0).fold(0u64, |m, &v| m | 1 << v);
                    if m != 0 {
                        break m;
                    }
                })
                .collect();
            let want = supports(&cands);
            let mut drop = [0u64; 64];
            match super::regin_u64(&cands, &mut drop) {
                None => {
                    assert!(want.contains(&0), "{cands:x?}");
                    dead += 1;
                }
                Some(any) => {
                    assert!(!want.contains(&0), "{cands:x?}");
                    for i in 0..k {
                        let dropped = if any >> i & 1 == 1 { drop[i] } else { 0 };
                        assert_eq!(cands[i] & !dropped, want[i], "{cands:x?}");
                    }
                    taken += (any != 0) as usize;
                }
            }
        }
        assert!(dead > 100 && taken > 100, "{dead} dead ends, {taken} taken");
    }

    #[test]
    fn all_different_agrees_with_every_matching() {
        cross_check::<u64>(40, |w| w, |m| m);
        cross_check::<u32>(20, |w| w as u64, |m| m as u32);
    }
}
