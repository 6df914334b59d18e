//! Naked and hidden subsets: pairs, triples, quads.
//!
//! Naked: k cells of a unit whose candidates together are k symbols hold
//! those k symbols, so no other cell of any unit holding all k cells can.
//! Hidden: k symbols whose places in a unit are k cells together fill
//! those cells, so the cells hold no other symbol.

use super::board::{bit, members, Board, Layout, Mask};
use super::step::Step;
use super::technique::Technique;

/// Whether `m` has at most `k` members (without counting them all; see
/// [`super::board::pair`]).
#[inline]
pub(crate) fn at_most(mut m: Mask, k: usize) -> bool {
    for _ in 0..k {
        m &= m.wrapping_sub(1);
    }
    m == 0
}

/// Whether `m` has from 2 to `k` members.
#[inline]
pub(crate) fn two_to(m: Mask, k: usize) -> bool {
    m & m.wrapping_sub(1) != 0 && at_most(m, k)
}

/// Calls `visit` with each choice of `k` items (indices, increasing) whose
/// union has exactly `k` members, until it returns true. Choices whose
/// union grows past `k` are cut early.
pub(crate) fn combinations(items: &[Mask], k: usize, visit: &mut impl FnMut(&[usize], Mask) -> bool) -> bool {
    /// Nested loops, one per item chosen (the loops past `K` are cut at
    /// compile time), so that the unions stay in registers. The four
    /// loops index alike, the innermost too.
    #[allow(clippy::needless_range_loop)]
    fn walk<const K: usize>(items: &[Mask], visit: &mut impl FnMut(&[usize], Mask) -> bool) -> bool {
        let len = items.len();
        // At most K members (checked on the way), so exactly K when more
        // than K - 1.
        let exact = |u: Mask| !at_most(u, K - 1);
        for a in 0..len {
            if len - a < K {
                break;
            }
            let ua = items[a];
            if !at_most(ua, K) {
                continue;
            }
            if K == 1 {
                if exact(ua) && visit(&[a], ua) {
                    return true;
                }
                continue;
            }
            for b in a + 1..len {
                if len - b + 1 < K {
                    break;
                }
                let ub = ua | items[b];
                if !at_most(ub, K) {
                    continue;
                }
                if K == 2 {
                    if exact(ub) && visit(&[a, b], ub) {
                        return true;
                    }
                    continue;
                }
                for c in b + 1..len {
                    if len - c + 2 < K {
                        break;
                    }
                    let uc = ub | items[c];
                    if !at_most(uc, K) {
                        continue;
                    }
                    if K == 3 {
                        if exact(uc) && visit(&[a, b, c], uc) {
                            return true;
                        }
                        continue;
                    }
                    for d in c + 1..len {
                        let ud = uc | items[d];
                        if at_most(ud, K) && exact(ud) && visit(&[a, b, c, d], ud) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
    debug_assert!((1..=4).contains(&k));
    items.len() >= k
        && match k {
            1 => walk::<1>(items, visit),
            2 => walk::<2>(items, visit),
            3 => walk::<3>(items, visit),
            _ => walk::<4>(items, visit),
        }
}

fn technique(k: usize, hidden: bool) -> Technique {
    match (k, hidden) {
        (2, false) => Technique::NakedPair,
        (3, false) => Technique::NakedTriple,
        (4, false) => Technique::NakedQuad,
        (2, true) => Technique::HiddenPair,
        (3, true) => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// Per unit, the stamp (see [`Board::unit_stamp`]) at which a search
/// last found nothing there, for each kind and size of subset.
#[derive(Clone, Debug, Default)]
pub(crate) struct Subsets {
    seen: [Vec<u64>; 6],
    /// Search every unit every time (tests compare the two).
    pub exhaustive: bool,
}

impl Subsets {
    fn seen(&mut self, layout: &Layout, k: usize, hidden: bool) -> &mut Vec<u64> {
        let v = &mut self.seen[2 * (k - 2) + hidden as usize];
        v.resize(layout.units.len(), 0);
        if self.exhaustive {
            v.iter_mut().for_each(|x| *x = 0);
        }
        v
    }
}

/// A naked subset of `k` cells (2, 3 or 4).
pub(crate) fn naked(layout: &Layout, board: &Board, step: &mut Step, k: usize, cache: &mut Subsets) -> bool {
    match k {
        2 => naked_of::<2>(layout, board, step, cache),
        3 => naked_of::<3>(layout, board, step, cache),
        _ => naked_of::<4>(layout, board, step, cache),
    }
}

/// [`naked`] for `K` cells: with `K` known, the counts of members unroll.
fn naked_of<const K: usize>(layout: &Layout, board: &Board, step: &mut Step, cache: &mut Subsets) -> bool {
    let (n, k) = (layout.n, K);
    let mut cells = [0usize; 64];
    let mut masks = [0 as Mask; 64];
    let seen = cache.seen(layout, k, false);
    for (u, seen) in seen.iter_mut().enumerate() {
        if *seen == board.unit_stamp[u] {
            continue;
        }
        let mut m = 0;
        for i in members(board.open[u]) {
            let cell = layout.cell(u, i);
            if two_to(board.cand[cell], k) {
                cells[m] = cell;
                masks[m] = board.cand[cell];
                m += 1;
            }
        }
        let found = combinations(&masks[..m], k, &mut |chosen, union| {
            let subset: [usize; 4] = std::array::from_fn(|j| cells[chosen[j.min(k - 1)]]);
            let subset = &subset[..k];
            step.clear(technique(k, false));
            for &(w, _) in layout.units_of(subset[0]) {
                let w = w as usize;
                let Some(inside) = layout.positions_in(w, subset) else { continue };
                step.units.push(layout.units[w]);
                for i in members(board.open[w] & !inside) {
                    let cell = layout.cell(w, i);
                    for v in members(board.cand[cell] & union) {
                        step.eliminate(n, cell, v);
                    }
                }
            }
            if step.eliminations.is_empty() {
                return false;
            }
            // Name the unit the subset was found in first.
            if let Some(at) = step.units.iter().position(|&x| x == layout.units[u]) {
                step.units[..=at].rotate_right(1);
            }
            subset.iter().for_each(|&c| step.cell(n, c));
            step.symbols.extend(members(union).map(|v| v as u8));
            true
        });
        if found {
            return true;
        }
        *seen = board.unit_stamp[u];
    }
    false
}

/// A hidden subset of `k` symbols. Only in units with more than `2k` empty
/// cells: in the others, the cells outside a hidden subset of k form a
/// naked subset of at most k, with the same eliminations, found first.
pub(crate) fn hidden(layout: &Layout, board: &Board, step: &mut Step, k: usize, cache: &mut Subsets) -> bool {
    match k {
        2 => hidden_of::<2>(layout, board, step, cache),
        3 => hidden_of::<3>(layout, board, step, cache),
        _ => hidden_of::<4>(layout, board, step, cache),
    }
}

/// [`hidden`] for `K` symbols.
fn hidden_of<const K: usize>(layout: &Layout, board: &Board, step: &mut Step, cache: &mut Subsets) -> bool {
    let (n, k) = (layout.n, K);
    let mut symbols = [0usize; 64];
    let mut masks = [0 as Mask; 64];
    let seen = cache.seen(layout, k, true);
    for (u, seen) in seen.iter_mut().enumerate() {
        if *seen == board.unit_stamp[u] || at_most(board.open[u], 2 * k) {
            continue;
        }
        let mut m = 0;
        for v in members(layout.full & !board.placed[u]) {
            if two_to(board.pos(u, v), k) {
                symbols[m] = v;
                masks[m] = board.pos(u, v);
                m += 1;
            }
        }
        let found = combinations(&masks[..m], k, &mut |chosen, union| {
            let keep = chosen.iter().fold(0, |acc, &j| acc | bit(symbols[j]));
            step.clear(technique(k, true));
            for i in members(union) {
                let cell = layout.cell(u, i);
                for v in members(board.cand[cell] & !keep) {
                    step.eliminate(n, cell, v);
                }
            }
            if step.eliminations.is_empty() {
                return false;
            }
            step.units.push(layout.units[u]);
            members(union).for_each(|i| step.cell(n, layout.cell(u, i)));
            step.symbols.extend(members(keep).map(|v| v as u8));
            true
        });
        if found {
            return true;
        }
        *seen = board.unit_stamp[u];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every choice of `k` of `items` in increasing order whose union has
    /// `k` members, by brute force.
    fn every(items: &[Mask], k: usize) -> Vec<(Vec<usize>, Mask)> {
        let len = items.len();
        let mut out = Vec::new();
        for set in 0u32..1 << len {
            if set.count_ones() as usize == k {
                let chosen: Vec<usize> = (0..len).filter(|&i| set >> i & 1 != 0).collect();
                let union = chosen.iter().fold(0, |u, &i| u | items[i]);
                if union.count_ones() as usize == k {
                    out.push((chosen, union));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn combinations_visit_every_choice_in_order() {
        // A fixed pseudo-random sequence of small masks over 9 symbols.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut found = 0;
        for round in 0..400 {
            let len = round % 12;
            let items: Vec<Mask> = (0..len)
                .map(|_| {
                    let m = next() & 0x1ff;
                    // Mostly two to four members, as the searches pass.
                    m & next() | bit((next() % 9) as usize)
                })
                .collect();
            for k in 1..=4 {
                let want = every(&items, k);
                let mut got = Vec::new();
                combinations(&items, k, &mut |chosen, union| {
                    got.push((chosen.to_vec(), union));
                    false
                });
                assert_eq!(got, want, "{items:?} k={k}");
                // Stopping at the j-th choice stops there.
                for j in 0..want.len() {
                    let mut seen = 0;
                    let stopped = combinations(&items, k, &mut |_, _| {
                        seen += 1;
                        seen == j + 1
                    });
                    assert!(stopped && seen == j + 1);
                }
                assert!(!combinations(&items, k, &mut |_, _| false));
                found += want.len();
            }
        }
        assert!(found > 500, "{found}");
    }
}
