//! Naked and hidden subsets: pairs, triples, quads.
//!
//! Naked: k cells of a unit whose candidates together are k symbols hold
//! those k symbols, so no other cell of any unit holding all k cells can.
//! Hidden: k symbols whose places in a unit are k cells together fill
//! those cells, so the cells hold no other symbol.

use super::board::{bit, members, CandidateBoard, Layout, Mask};
use super::combinations::{at_most, combinations, two_to};
use super::step::Step;
use super::technique::Technique;

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

/// Per unit, the stamp (see [`CandidateBoard::unit_stamp`]) at which a search
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
pub(crate) fn naked(
    layout: &Layout,
    board: &CandidateBoard,
    step: &mut Step,
    k: usize,
    cache: &mut Subsets,
) -> bool {
    match k {
        2 => naked_of::<2>(layout, board, step, cache),
        3 => naked_of::<3>(layout, board, step, cache),
        _ => naked_of::<4>(layout, board, step, cache),
    }
}

/// [`naked`] for `K` cells: with `K` known, the counts of members unroll.
fn naked_of<const K: usize>(
    layout: &Layout,
    board: &CandidateBoard,
    step: &mut Step,
    cache: &mut Subsets,
) -> bool {
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
pub(crate) fn hidden(
    layout: &Layout,
    board: &CandidateBoard,
    step: &mut Step,
    k: usize,
    cache: &mut Subsets,
) -> bool {
    match k {
        2 => hidden_of::<2>(layout, board, step, cache),
        3 => hidden_of::<3>(layout, board, step, cache),
        _ => hidden_of::<4>(layout, board, step, cache),
    }
}

/// [`hidden`] for `K` symbols.
fn hidden_of<const K: usize>(
    layout: &Layout,
    board: &CandidateBoard,
    step: &mut Step,
    cache: &mut Subsets,
) -> bool {
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
