//! Basic fish: X-wing, swordfish, jellyfish.
//!
//! If symbol v, in each of k rows (the base), can only go in k columns
//! between them (the cover), then those k rows place v once in each of
//! the k columns, and no other row can hold v in those columns. The same
//! holds with rows and columns swapped. Only rows against columns: fish
//! with regions in the base or cover (Franken, mutant) are not tried.

use super::board::{bit, members, CandidateBoard, Layout, Mask};
use super::combinations::{combinations, two_to};
use super::step::{Step, Unit};
use super::technique::Technique;

/// Per symbol, the stamp (see [`CandidateBoard::symbol_stamp`]) at which a
/// search last found no fish of each size on it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Fish {
    seen: [Vec<u64>; 3],
    /// Search every symbol every time (tests compare the two).
    pub exhaustive: bool,
}

/// A fish of `k` lines (2, 3 or 4).
pub(crate) fn fish(
    layout: &Layout,
    board: &CandidateBoard,
    step: &mut Step,
    k: usize,
    cache: &mut Fish,
) -> bool {
    match k {
        2 => fish_of::<2>(layout, board, step, cache),
        3 => fish_of::<3>(layout, board, step, cache),
        _ => fish_of::<4>(layout, board, step, cache),
    }
}

/// [`fish`] of `K` lines: with `K` known, the counts of members unroll.
fn fish_of<const K: usize>(
    layout: &Layout,
    board: &CandidateBoard,
    step: &mut Step,
    cache: &mut Fish,
) -> bool {
    let k = K;
    let seen = &mut cache.seen[k - 2];
    seen.resize(layout.n, 0);
    if cache.exhaustive {
        seen.iter_mut().for_each(|x| *x = 0);
    }
    let n = layout.n;
    let t = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let mut lines = [0usize; 64];
    let mut masks = [0 as Mask; 64];
    for (v, seen) in seen.iter_mut().enumerate() {
        if *seen == board.symbol_stamp[v] {
            continue;
        }
        // Rows as base (units 0..n), then columns (n..2n).
        for (base, cover) in [(0, n), (n, 0)] {
            let mut m = 0;
            for line in 0..n {
                let p = board.pos(base + line, v);
                if two_to(p, k) {
                    lines[m] = line;
                    masks[m] = p;
                    m += 1;
                }
            }
            let found = combinations(&masks[..m], k, &mut |chosen, union| {
                let rows = chosen.iter().fold(0, |acc, &j| acc | bit(lines[j]));
                step.clear(t);
                for c in members(union) {
                    for r in members(board.pos(cover + c, v) & !rows) {
                        step.eliminate(n, layout.cell(cover + c, r), v);
                    }
                }
                if step.eliminations.is_empty() {
                    return false;
                }
                let unit = |i: usize, row: bool| if row { Unit::Row(i) } else { Unit::Column(i) };
                step.units.extend(members(rows).map(|r| unit(r, base == 0)));
                step.units.extend(members(union).map(|c| unit(c, base != 0)));
                step.symbols.push(v as u8);
                for r in members(rows) {
                    for c in members(board.pos(base + r, v)) {
                        step.cell(n, layout.cell(base + r, c));
                    }
                }
                true
            });
            if found {
                return true;
            }
        }
        *seen = board.symbol_stamp[v];
    }
    false
}
