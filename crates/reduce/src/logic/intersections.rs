//! Locked candidates: a symbol confined to the cells two units share.
//!
//! If, in unit A, symbol v can only go where A meets unit B, then v is in
//! that intersection, and no other cell of B can hold it. With A a region
//! and B a line this is called pointing; with A a line and B a region,
//! claiming (or box/line reduction). Any two units that share two cells
//! or more are tried, so jigsaw regions work as boxes do.

use super::board::{members, CandidateBoard, Intersection, Layout};
use super::step::Step;
use super::technique::Technique;

/// Per pair of units, pointing then claiming: the stamp (see
/// [`CandidateBoard::unit_stamp`]) of the unit where the symbol is confined
/// when the pair last showed nothing. Candidates only disappear, so until
/// that unit changes, it shows nothing again: a symbol not confined to the
/// shared cells stays so, and one with no place left in the rest of the
/// other unit stays so, whatever that unit loses.
#[derive(Clone, Debug, Default)]
pub(crate) struct Locked {
    seen: [Vec<u64>; 2],
    /// Try every pair every time (tests compare the two).
    pub exhaustive: bool,
}

/// Pointing first, then claiming.
pub(crate) fn locked_candidates(
    layout: &Layout,
    board: &CandidateBoard,
    step: &mut Step,
    cache: &mut Locked,
) -> bool {
    let [pointing, claiming] = &mut cache.seen;
    if cache.exhaustive {
        pointing.clear();
        claiming.clear();
    }
    find(layout, board, step, &layout.pointing, Technique::Pointing, pointing)
        || find(layout, board, step, &layout.claiming, Technique::Claiming, claiming)
}

fn find(
    layout: &Layout,
    board: &CandidateBoard,
    step: &mut Step,
    pairs: &[Intersection],
    t: Technique,
    seen: &mut Vec<u64>,
) -> bool {
    seen.resize(pairs.len(), 0);
    for (x, seen) in pairs.iter().zip(seen.iter_mut()) {
        let (a, b) = (x.a as usize, x.b as usize);
        let stamp = board.unit_stamp[a];
        if *seen == stamp {
            continue;
        }
        for v in members(layout.full & !board.placed[a]) {
            let p = board.pos(a, v);
            if p & !x.in_a != 0 {
                continue;
            }
            let q = board.pos(b, v) & !x.in_b;
            if q == 0 {
                continue;
            }
            let n = layout.n;
            step.clear(t);
            step.units.extend([layout.units[a], layout.units[b]]);
            step.symbols.push(v as u8);
            for i in members(p) {
                step.cell(n, layout.cell(a, i));
            }
            for i in members(q) {
                step.eliminate(n, layout.cell(b, i), v);
            }
            return true;
        }
        *seen = stamp;
    }
    false
}
