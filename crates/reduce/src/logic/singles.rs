//! Singles: full house, naked single, hidden single.
//!
//! The board queues every unit, cell or (unit, symbol) pair that may hold
//! a single as soon as an elimination or a placement makes it one, so
//! these finders only take the next entry that still holds.

use super::board::{single, CandidateBoard, Layout};
use super::step::Step;
use super::technique::Technique;

/// The last empty cell of a unit takes the symbol the unit lacks.
pub(crate) fn full_house(layout: &Layout, board: &mut CandidateBoard, step: &mut Step) -> bool {
    while let Some(u) = board.full_houses.pop() {
        let open = board.open[u];
        if !single(open) {
            continue;
        }
        let cell = layout.cell(u, open.trailing_zeros() as usize);
        let v = (layout.full & !board.placed[u]).trailing_zeros() as usize;
        record(layout, step, Technique::FullHouse, Some(u), cell, v);
        return true;
    }
    false
}

/// A cell with one candidate takes it.
pub(crate) fn naked_single(layout: &Layout, board: &mut CandidateBoard, step: &mut Step) -> bool {
    while let Some(cell) = board.naked.pop() {
        if single(board.cand[cell]) {
            let v = board.cand[cell].trailing_zeros() as usize;
            record(layout, step, Technique::NakedSingle, None, cell, v);
            return true;
        }
    }
    false
}

/// A symbol with one place left in a unit goes there.
pub(crate) fn hidden_single(layout: &Layout, board: &mut CandidateBoard, step: &mut Step) -> bool {
    let n = layout.n;
    while let Some(x) = board.hidden.pop() {
        let (u, v) = (x / n, x % n);
        let p = board.pos(u, v);
        if single(p) && board.placed[u] & 1 << v == 0 {
            let cell = layout.cell(u, p.trailing_zeros() as usize);
            record(layout, step, Technique::HiddenSingle, Some(u), cell, v);
            return true;
        }
    }
    false
}

fn record(layout: &Layout, step: &mut Step, t: Technique, unit: Option<usize>, cell: usize, v: usize) {
    step.clear(t);
    step.place(layout.n, cell, v);
    step.units.extend(unit.map(|u| layout.units[u]));
    step.cell(layout.n, cell);
    step.symbols.push(v as u8);
}
