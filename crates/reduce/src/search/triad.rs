//! A second search for 9x9 Sudoku with 3x3 boxes, on band-wide triads:
//! tried beside [`super::Nine`] (issue 36), not picked by
//! [`super::Engine::for_shape`] (see bench/results.md for how it compares).
//!
//! The state is cell-major and laid out for vector registers:
//!
//! - Each box is sixteen 16-bit lanes, a 4x4 matrix of symbol sets. The
//!   top left 3x3 are its cells (lane `4 * i + j` for the cell in row `i`,
//!   column `j` of the box). Lane `4 * i + 3` is the *row triad* of row
//!   `i`: the symbols that may be *absent* from that mini-row (a row's three
//!   cells in the box); lane `12 + j` is the same for the mini-column `j`.
//!   Lane 15 is unused (zero). In each of the first three rows and columns
//!   of the matrix every symbol is in exactly one of the four lanes: in one
//!   cell of the mini-row, or absent from it.
//! - Each band (three boxes side by side) and each stack (three boxes one
//!   above the other) is eight lanes, six used: lane `k` holds the symbols
//!   that may still take the mini-rows (mini-columns) of permutation
//!   [`PERM`]`[k]`, one mini-row per box and per row of the band. A symbol
//!   with no permutation left is a dead end.
//!
//! Propagation alternates between the boxes that changed (cells with one
//! symbol, symbols with one place in a box or in a row or column of the
//! matrix) and the bands and stacks whose boxes changed (what the boxes
//! allow of each permutation; what the permutations left allow of each
//! mini-row, and which they force), until nothing changes. The search
//! branches on a cell with the fewest symbols. Every solution is found
//! exactly once, so counts equal the other searches'.
//!
//! A board whose cells all hold one symbol, with nothing left to
//! propagate, is a solution: two equal symbols in a box are caught by the
//! box, and in a row (column) of the grid by the band (stack), where both
//! would force their mini-rows on every permutation left.

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::{Budget, End, Meter, Outcome, Probe, Stats};

use crate::cpu::{self, Level};
use crate::grid::Shape;
use crate::puzzle::Puzzle;

/// Every symbol.
const ALL: u16 = 0x1ff;

/// The six ways three boxes take one mini-row each, one per row: box `p`
/// of the band takes mini-row `PERM[k][p]`.
const PERM: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The cell lanes of a box.
const CELLS: [bool; 16] = {
    let mut t = [false; 16];
    let mut l = 0;
    while l < 16 {
        t[l] = l % 4 < 3 && l < 12;
        l += 1;
    }
    t
};

/// A box: see the module's notes.
type Lanes = [u16; 16];

/// Every bit in the lanes of a kind, none in the others: cells, row
/// triads, the last row of the matrix (column triads and the unused lane),
/// its last column.
const CELL_LANES: Lanes = lane_mask(0b0000_0111_0111_0111);
const ROW_TRIADS: Lanes = lane_mask(0b0000_1000_1000_1000);
const LAST_ROW: Lanes = lane_mask(0b1111_0000_0000_0000);
const LAST_COLUMN: Lanes = lane_mask(0b1000_1000_1000_1000);

/// All ones in the lanes of `kind` (bit `l` for lane `l`).
const fn lane_mask(kind: u16) -> Lanes {
    let mut t = [0; 16];
    let mut l = 0;
    while l < 16 {
        if kind & 1 << l != 0 {
            t[l] = u16::MAX;
        }
        l += 1;
    }
    t
}

/// Bit 0 and bit 15 of each 16-bit lane of a word, and every symbol.
const LOW: u64 = 0x0001_0001_0001_0001;
const HIGH: u64 = 0x8000_8000_8000_8000;
const W_ALL: u64 = ALL as u64 * LOW;

/// The lane masks, a word per row of the matrix.
const W_CELLS: [u64; 4] = words(CELL_LANES);
const W_ROW_TRIADS: [u64; 4] = words(ROW_TRIADS);
const W_LAST_ROW: [u64; 4] = words(LAST_ROW);
const W_LAST_COLUMN: [u64; 4] = words(LAST_COLUMN);

const fn words(x: Lanes) -> [u64; 4] {
    let mut w = [0u64; 4];
    let mut l = 0;
    while l < 16 {
        w[l / 4] |= (x[l] as u64) << (16 * (l % 4));
        l += 1;
    }
    w
}

/// Bit 15 of each lane that is not zero (lanes under `0x8000`).
#[inline(always)]
fn nonzero(v: u64) -> u64 {
    (v + 0x7fff * LOW) & HIGH
}

/// Every bit of the lanes whose bit 15 is set in `high`.
#[inline(always)]
fn full_lanes(high: u64) -> u64 {
    (high >> 15) * 0xffff
}

#[inline(always)]
fn map(w: [u64; 4], f: impl Fn(u64) -> u64) -> [u64; 4] {
    [f(w[0]), f(w[1]), f(w[2]), f(w[3])]
}

#[inline(always)]
fn and(a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
    [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
}

/// The symbols once and twice or more in each row of the matrix, given
/// to each of its lanes.
#[inline(always)]
fn fold_rows(w: [u64; 4]) -> ([u64; 4], [u64; 4]) {
    let mut once = [0; 4];
    let mut twice = [0; 4];
    for i in 0..4 {
        let a = w[i].rotate_right(16);
        let (o, t) = (w[i] | a, w[i] & a);
        let (b, bt) = (o.rotate_right(32), t.rotate_right(32));
        once[i] = o | b;
        twice[i] = t | bt | (o & b);
    }
    (once, twice)
}

/// Once-and-twice pairs folded along the columns of the matrix.
#[inline(always)]
fn fold_columns((o, t): ([u64; 4], [u64; 4])) -> ([u64; 4], [u64; 4]) {
    let turn = |w: [u64; 4], by: usize| [w[by % 4], w[(1 + by) % 4], w[(2 + by) % 4], w[(3 + by) % 4]];
    let (a, at) = (turn(o, 1), turn(t, 1));
    let o1: [u64; 4] = std::array::from_fn(|i| o[i] | a[i]);
    let t1: [u64; 4] = std::array::from_fn(|i| t[i] | at[i] | (o[i] & a[i]));
    let (b, bt) = (turn(o1, 2), turn(t1, 2));
    (std::array::from_fn(|i| o1[i] | b[i]), std::array::from_fn(|i| t1[i] | bt[i] | (o1[i] & b[i])))
}

/// The whole state of a search level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    boxes: [Lanes; 9],
    /// Bands 0..3 (rows of boxes), then stacks 3..6.
    bands: [[u16; 8]; 6],
    /// Boxes (bits 0..9) and bands (bits 9..15) to look at again.
    dirty: u16,
}

/// A dead end: the board has no solution.
struct Dead;

/// The box of a cell (row by row from 0) and its lane.
fn place(cell: usize) -> (usize, usize) {
    let (r, c) = (cell / 9, cell % 9);
    (r / 3 * 3 + c / 3, 4 * (r % 3) + c % 3)
}

/// The two bands a box is in: its band and its stack (as band indices).
fn bands_of(b: usize) -> u16 {
    1 << (9 + b / 3) | 1 << (12 + b % 3)
}

impl Board {
    const FRESH: Board = {
        let mut lanes = [ALL; 16];
        lanes[15] = 0;
        Board { boxes: [lanes; 9], bands: [[ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]; 6], dirty: 0 }
    };

    /// Restricts a cell to `v` (a given). False if `v` is not open there.
    fn give(&mut self, cell: usize, v: u8) -> bool {
        let (b, l) = place(cell);
        let bit = 1u16 << v;
        if self.boxes[b][l] & bit == 0 {
            return false;
        }
        self.boxes[b][l] = bit;
        self.dirty |= 1 << b | bands_of(b);
        true
    }

    /// Takes `v` from a cell.
    fn exclude(&mut self, cell: usize, v: u8) {
        let (b, l) = place(cell);
        self.boxes[b][l] &= !(1u16 << v);
        self.dirty |= 1 << b | bands_of(b);
    }

    /// One look at box `b`: singles placed, symbols with one place in the
    /// box or in a row or column of the matrix put there. Returns whether
    /// the box changed. Loop by loop: the reference for
    /// [`Board::box_step_words`], which the search runs.
    #[cfg(test)]
    fn box_step(x: &mut Lanes) -> Result<bool, Dead> {
        let old = *x;
        // Cells with one symbol; two with the same one is a dead end.
        let mut placed = 0u16;
        let mut clash = 0u16;
        let mut single = [0u16; 16];
        for l in 0..16 {
            let s = if CELLS[l] && x[l] & x[l].wrapping_sub(1) == 0 { x[l] } else { 0 };
            single[l] = s;
            clash |= placed & s;
            placed |= s;
        }
        if clash != 0 {
            return Err(Dead);
        }
        // The other cells lose them, the triads of their mini-rows and
        // mini-columns too (the symbol is there).
        let mut row_placed = [0u16; 4];
        let mut col_placed = [0u16; 4];
        for l in 0..16 {
            row_placed[l / 4] |= single[l];
            col_placed[l % 4] |= single[l];
        }
        for l in 0..16 {
            if CELLS[l] {
                x[l] &= !placed | single[l];
            } else if l % 4 == 3 {
                x[l] &= !row_placed[l / 4];
            } else {
                x[l] &= !col_placed[l % 4];
            }
        }
        // At least once and at most once in each row and column of the
        // matrix (the first three), and in the nine cells: symbols with one
        // place are put there.
        let (mut once_r, mut twice_r) = ([0u16; 4], [0u16; 4]);
        let (mut once_c, mut twice_c) = ([0u16; 4], [0u16; 4]);
        let (mut once_b, mut twice_b) = (0u16, 0u16);
        for l in 0..16 {
            let (i, j) = (l / 4, l % 4);
            twice_r[i] |= once_r[i] & x[l];
            once_r[i] |= x[l];
            twice_c[j] |= once_c[j] & x[l];
            once_c[j] |= x[l];
            if CELLS[l] {
                twice_b |= once_b & x[l];
                once_b |= x[l];
            }
        }
        let mut missing =
            (once_b ^ ALL) | (once_r[0] & once_r[1] & once_r[2] & once_c[0] & once_c[1] & once_c[2]) ^ ALL;
        for l in 0..16 {
            if CELLS[l] {
                let (i, j) = (l / 4, l % 4);
                let only = (once_r[i] & !twice_r[i]) | (once_c[j] & !twice_c[j]) | (once_b & !twice_b);
                let must = x[l] & only;
                if must != 0 {
                    // Two symbols that must both go here, or a cell left
                    // with none, are dead ends.
                    missing |= must & must.wrapping_sub(1);
                    x[l] = must;
                }
                missing |= (x[l] == 0) as u16;
            }
        }
        if missing != 0 {
            return Err(Dead);
        }
        Ok(*x != old)
    }

    /// [`Board::box_step`] on the box as four 64-bit words, one per row
    /// of the matrix (lane `j` of a row in bits `16 * j..`): lanes moved
    /// along a row by rotating its word, along a column by taking another
    /// word; each lane's arithmetic kept within it by its free top bits.
    #[inline(always)]
    fn box_step_words(x: &mut Lanes) -> Result<bool, Dead> {
        let mut w = [0u64; 4];
        for (i, word) in w.iter_mut().enumerate() {
            *word = (0..4).fold(0, |a, j| a | (x[4 * i + j] as u64) << (16 * j));
        }
        let old = w;
        let xc = and(w, W_CELLS);
        // Cells with one symbol (lanes whose symbols less the lowest are
        // none).
        let single = map(xc, |c| c & !full_lanes(nonzero(c & ((c | HIGH) - LOW))));
        let (rows, _) = fold_rows(single);
        let (cols, _) = fold_columns((single, [0; 4]));
        let (placed, clash) = fold_columns(fold_rows(single));
        if clash.iter().fold(0, |a, &c| a | c) != 0 {
            return Err(Dead);
        }
        for i in 0..4 {
            let cut = (placed[i] & !single[i] & W_CELLS[i])
                | (rows[i] & W_ROW_TRIADS[i])
                | (cols[i] & W_LAST_ROW[i]);
            w[i] &= !cut;
        }
        let xc = and(w, W_CELLS);
        let (once_r, twice_r) = fold_rows(w);
        let (once_c, twice_c) = fold_columns((w, [0; 4]));
        let (once_b, twice_b) = fold_columns(fold_rows(xc));
        let mut bad = 0;
        for i in 0..4 {
            let only = (once_r[i] & !twice_r[i]) | (once_c[i] & !twice_c[i]) | (once_b[i] & !twice_b[i]);
            let must = xc[i] & only;
            bad |= must & ((must | HIGH) - LOW) & !HIGH;
            let m = full_lanes(nonzero(must));
            w[i] = (must & m) | (w[i] & !m);
            let full = (once_r[i] | W_LAST_ROW[i]) & (once_c[i] | W_LAST_COLUMN[i]) & once_b[i];
            bad |= (full ^ W_ALL) | (!nonzero(w[i]) & HIGH & W_CELLS[i]);
        }
        if bad != 0 {
            return Err(Dead);
        }
        for (l, lane) in x.iter_mut().enumerate() {
            *lane = (w[l / 4] >> (16 * (l % 4))) as u16;
        }
        Ok(w != old)
    }

    /// One look at band `k` (0..3 a band of boxes, 3..6 a stack): its
    /// permutations cut to what the boxes allow, then the boxes' mini-rows
    /// (mini-columns) cut to what the permutations allow. Marks the boxes
    /// that changed.
    #[inline(always)]
    fn band_step(&mut self, k: usize) -> Result<(), Dead> {
        let (boxes, stride) = if k < 3 { ([3 * k, 3 * k + 1, 3 * k + 2], 1) } else { ([k - 3, k, k + 3], 4) };
        let across = if k < 3 { 4 } else { 1 };
        // The symbols that may be in each (box, mini-row), and those that
        // must (absent from the triad).
        let mut may = [[0u16; 3]; 3];
        let mut must = [[0u16; 3]; 3];
        for (p, &b) in boxes.iter().enumerate() {
            let x = &self.boxes[b];
            for e in 0..3 {
                // The mini-row e: lanes e * across + t * stride, t < 3; its
                // triad at e * across + 3 * stride.
                let at = |t: usize| x[e * across + t * stride];
                may[p][e] = at(0) | at(1) | at(2);
                must[p][e] = !at(3) & ALL;
            }
        }
        let conf = &mut self.bands[k];
        let mut any = 0u16;
        for (c, perm) in PERM.iter().enumerate() {
            let mut keep = conf[c];
            for p in 0..3 {
                for e in 0..3 {
                    if perm[p] == e {
                        keep &= may[p][e];
                    } else {
                        keep &= !must[p][e];
                    }
                }
            }
            conf[c] = keep;
            any |= keep;
        }
        if any != ALL {
            return Err(Dead);
        }
        // What the permutations left allow and force.
        for (p, &b) in boxes.iter().enumerate() {
            let mut on = [0u16; 3];
            for (c, perm) in PERM.iter().enumerate() {
                on[perm[p]] |= conf[c];
            }
            let x = &mut self.boxes[b];
            let old = *x;
            for e in 0..3 {
                let forced = on[e] & !(on[(e + 1) % 3] | on[(e + 2) % 3]);
                for t in 0..3 {
                    x[e * across + t * stride] &= on[e];
                }
                x[e * across + 3 * stride] &= !forced;
            }
            if *x != old {
                self.dirty |= 1 << b;
            }
        }
        Ok(())
    }

    /// Propagates until nothing changes. False at a dead end.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        self.settle().is_ok()
    }

    #[inline(always)]
    fn settle(&mut self) -> Result<(), Dead> {
        loop {
            while self.dirty & 0x1ff != 0 {
                let b = self.dirty.trailing_zeros() as usize;
                self.dirty &= !(1 << b);
                if Board::box_step_words(&mut self.boxes[b])? {
                    self.dirty |= 1 << b | bands_of(b);
                }
            }
            if self.dirty == 0 {
                return Ok(());
            }
            let k = (self.dirty >> 9).trailing_zeros() as usize;
            self.dirty &= !(1 << (9 + k));
            self.band_step(k)?;
        }
    }

    /// A cell with the fewest symbols, two or more (its box and lane), or
    /// `None` if every cell has one.
    #[inline(always)]
    fn choose(&self) -> Option<(usize, usize)> {
        let mut best = None;
        let mut fewest = 10;
        for (b, x) in self.boxes.iter().enumerate() {
            for l in 0..16 {
                if CELLS[l] {
                    let n = x[l].count_ones();
                    if n > 1 && n < fewest {
                        fewest = n;
                        best = Some((b, l));
                        if n == 2 {
                            return best;
                        }
                    }
                }
            }
        }
        best
    }

    /// Writes the solved board out, row by row (symbol indices).
    fn write(&self, grid: &mut [u8; 81]) {
        for (cell, g) in grid.iter_mut().enumerate() {
            let (b, l) = place(cell);
            *g = self.boxes[b][l].trailing_zeros() as u8;
        }
    }
}

/// A branching point: the cell (box, lane) and the symbols not yet tried.
#[derive(Clone, Copy, Debug)]
struct BranchPoint {
    b: u8,
    l: u8,
    rest: u16,
}

/// The triad search for 9x9 grids with 3x3 boxes, reused from puzzle to
/// puzzle: [`super::Nine`]'s answers (first solution when unique, counts,
/// no solution; budgets) by another way.
#[derive(Clone, Debug)]
pub struct Triad {
    levels: Vec<Board>,
    frames: Vec<BranchPoint>,
    grid: [u8; 81],
    meter: Meter,
    stats: Stats,
    end: End,
    level: Level,
}

impl Triad {
    /// The search for `shape`, or `None` unless it is 9x9 with 3x3 boxes.
    pub fn new(shape: &Shape) -> Option<Triad> {
        super::Engine::Nine.accepts(shape).then(|| Triad {
            levels: vec![Board::FRESH],
            frames: Vec::new(),
            grid: [0; 81],
            meter: Meter::new(),
            stats: Stats::default(),
            end: End::Complete,
            level: Level::detected(),
        })
    }

    /// Runs the searches to come compiled for `level`.
    #[cfg(test)]
    pub(crate) fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// Bounds the searches to come (nodes: the root and every branch tried).
    pub fn set_budget(&mut self, budget: Budget) {
        self.meter.set_budget(budget);
    }

    /// Reports the searches to come to `probe`, which can also stop them.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.meter.set_probe(probe);
    }

    /// The solutions and nodes of the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// How the last search ended.
    pub fn end(&self) -> End {
        self.end
    }

    /// Visits every solution of `puzzle` (9x9; its regions are taken to be
    /// the boxes) as a filled grid of symbol indices, row by row, until the
    /// visitor breaks or the budget runs out, and says how it ended.
    pub fn solve<F>(&mut self, puzzle: &Puzzle, visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.solve_excluding(puzzle, &[], visit)
    }

    /// Counts the solutions of `puzzle` up to `limit` (at least 1), or
    /// until the budget runs out.
    pub fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Outcome {
        assert!(limit > 0, "a count to 0");
        let mut left = limit;
        self.run(puzzle, &[], false, |_| {
            left -= 1;
            if left == 0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    }

    /// Visits the solutions of `puzzle` that place none of `excluded`
    /// (cell, symbol); pairs outside the grid exclude nothing, excluding a
    /// given's own symbol leaves no solution.
    pub fn solve_excluding<F>(&mut self, puzzle: &Puzzle, excluded: &[(usize, u8)], visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.run(puzzle, excluded, true, visit)
    }

    fn run<F>(&mut self, puzzle: &Puzzle, excluded: &[(usize, u8)], write: bool, mut visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(puzzle.n(), 9, "a puzzle of another order");
        self.meter.start();
        let (found, otherwise) = if self.meter.node(0) || !self.start(puzzle.givens(), excluded) {
            (0, End::Complete)
        } else {
            let level = self.level;
            cpu::run(
                level,
                #[inline(always)]
                |_| self.descend(&mut visit, write),
            )
        };
        let outcome = self.meter.finish(found, self.meter.nodes(), otherwise);
        self.stats = Stats { solutions: found, nodes: outcome.nodes(), updates: 0 };
        self.end = outcome.end();
        outcome
    }

    /// Level 0 from the givens, propagated. False if that leaves no
    /// solution.
    fn start(&mut self, givens: &[Option<u8>], excluded: &[(usize, u8)]) -> bool {
        let board = &mut self.levels[0];
        *board = Board::FRESH;
        for (cell, g) in givens.iter().enumerate() {
            if let Some(v) = *g {
                if !board.give(cell, v) {
                    return false;
                }
            }
        }
        for &(cell, v) in excluded {
            if cell >= 81 || v >= 9 {
                continue;
            }
            if givens[cell] == Some(v) {
                return false;
            }
            board.exclude(cell, v);
        }
        cpu::run(
            self.level,
            #[inline(always)]
            |_| board.propagate(),
        )
    }

    /// The search below level 0, which holds a propagated board.
    #[inline(always)]
    fn descend<F>(&mut self, visit: &mut F, write: bool) -> (u64, End)
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        let mut found = 0u64;
        self.frames.clear();
        let mut level = 0usize;
        loop {
            match self.levels[level].choose() {
                None => {
                    found += 1;
                    if write {
                        self.levels[level].write(&mut self.grid);
                    }
                    if visit(&self.grid).is_break() {
                        return (found, End::Limit);
                    }
                }
                Some((b, l)) => {
                    let rest = self.levels[level].boxes[b][l];
                    self.frames.push(BranchPoint { b: b as u8, l: l as u8, rest });
                }
            }
            loop {
                let Some(frame) = self.frames.last_mut() else { return (found, End::Complete) };
                if frame.rest == 0 {
                    self.frames.pop();
                    continue;
                }
                let bit = frame.rest & frame.rest.wrapping_neg();
                frame.rest &= frame.rest - 1;
                let (b, l, last) = (frame.b as usize, frame.l as usize, frame.rest == 0);
                level = self.frames.len();
                if last {
                    self.frames.pop();
                    level -= 1;
                } else {
                    if self.levels.len() <= level {
                        self.levels.push(Board::FRESH);
                    }
                    let (below, above) = self.levels.split_at_mut(level);
                    above[0] = below[level - 1];
                }
                if self.meter.node(found) {
                    return (found, End::Complete);
                }
                let board = &mut self.levels[level];
                board.boxes[b][l] = bit;
                board.dirty = 1 << b | bands_of(b);
                if board.propagate() {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Alphabet;
    use crate::search::Nine;

    /// A xorshift generator.
    fn rng(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// A random solved grid: a fixed one with its symbols relabelled, its
    /// rows shuffled within bands and its bands shuffled, the same for
    /// columns, maybe transposed.
    fn random_grid(next: &mut impl FnMut() -> u64) -> Vec<u8> {
        let base = b"123456789456789123789123456234567891567891234891234567345678912678912345912345678";
        let mut order = |k: usize| {
            let mut p: Vec<usize> = (0..k).collect();
            for i in (1..k).rev() {
                p.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            p
        };
        let symbols = order(9);
        let lines = |order: &mut dyn FnMut(usize) -> Vec<usize>| -> Vec<usize> {
            let outer = order(3);
            let inner: Vec<Vec<usize>> = (0..3).map(|_| order(3)).collect();
            (0..9).map(|r| 3 * outer[r / 3] + inner[r / 3][r % 3]).collect()
        };
        let rows = lines(&mut order);
        let cols = lines(&mut order);
        let flip = order(2)[0] == 1;
        (0..81)
            .map(|cell| {
                let (r, c) = if flip { (cell % 9, cell / 9) } else { (cell / 9, cell % 9) };
                symbols[(base[9 * rows[r] + cols[c]] - b'1') as usize] as u8
            })
            .collect()
    }

    fn puzzle(givens: Vec<Option<u8>>) -> Puzzle {
        Puzzle::new(Shape::default_for(9).unwrap(), Alphabet::default_for(9).unwrap(), givens).unwrap()
    }

    fn parse(line: &str) -> Vec<Option<u8>> {
        line.bytes().take(81).map(|b| matches!(b, b'1'..=b'9').then(|| b - b'1')).collect()
    }

    /// The solutions a search lists, up to `limit`, sorted.
    fn listed(
        mut solve: impl FnMut(&mut dyn FnMut(&[u8]) -> ControlFlow<()>) -> Outcome,
        limit: usize,
    ) -> Vec<Vec<u8>> {
        let mut list = Vec::new();
        let _ = solve(&mut |g: &[u8]| {
            list.push(g.to_vec());
            if list.len() < limit {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        list.sort();
        list
    }

    /// Checks the triad search (at this CPU's level and at the baseline)
    /// against the nine search on one puzzle: the same count to `limit`,
    /// the same solutions when all are listed, each a solution; returns
    /// the count.
    fn check(p: &Puzzle, triads: &mut [Triad; 2], nine: &mut Nine, limit: u64, what: &str) -> u64 {
        let want = nine.count(p, limit).solutions().unwrap();
        for t in triads.iter_mut() {
            assert_eq!(t.count(p, limit).solutions(), Some(want), "{what}");
            assert_eq!(t.end(), if want == limit { End::Limit } else { End::Complete }, "{what}");
        }
        if want < limit {
            let all = listed(|v| nine.solve(p, v), limit as usize);
            for t in triads.iter_mut() {
                let mine = listed(|v| t.solve(p, v), limit as usize);
                assert_eq!(mine, all, "{what}");
            }
            for g in &all {
                assert_eq!(p.verify(g), Ok(()), "{what}");
            }
        } else {
            // A first solution is a solution (not always the nine's).
            let first = listed(|v| triads[0].solve(p, v), 1);
            assert_eq!(first.len(), 1, "{what}");
            assert_eq!(p.verify(&first[0]), Ok(()), "{what}");
        }
        want
    }

    fn searches() -> ([Triad; 2], Nine) {
        let shape = Shape::default_for(9).unwrap();
        let mut triads = [Triad::new(&shape).unwrap(), Triad::new(&shape).unwrap()];
        triads[1].set_level(Level::BASELINE);
        (triads, Nine::new(&shape).unwrap())
    }

    #[test]
    fn box_steps_by_words_and_by_loops_agree() {
        // Random boxes, from nearly empty to nearly full: the same boxes
        // after, the same dead ends and changes.
        let mut next = rng(0x1234_5678_9abc_def1);
        for round in 0..200_000 {
            let density = next() % 9;
            let mut x: Lanes = std::array::from_fn(|l| {
                if l == 15 {
                    return 0;
                }
                let mut v = ALL;
                for _ in 0..density {
                    v &= !(1 << (next() % 9));
                }
                if next() % 4 == 0 {
                    v = 1 << (next() % 9);
                }
                v
            });
            if round % 3 == 0 {
                x[(next() % 15) as usize] = 0;
            }
            let mut a = x;
            let ra = Board::box_step(&mut a).ok();
            let mut c = x;
            let rc = Board::box_step_words(&mut c).ok();
            assert_eq!(ra, rc, "{x:?}");
            if ra.is_some() {
                assert_eq!(a, c, "{x:?}");
            }
        }
    }

    #[test]
    fn random_puzzles_have_the_nine_searchs_answers() {
        // A random grid's cells kept at random (none to 45: unique, many
        // solutions, blank), one in four with a random given added (often
        // no solution, sometimes two equal givens in a unit).
        let (mut triads, mut nine) = searches();
        let mut next = rng(0x2545_f491_4f6c_dd1d);
        let (mut none, mut one, mut several) = (0, 0, 0);
        for round in 0..3000 {
            let grid = random_grid(&mut next);
            let keep = next() % 46;
            let mut givens: Vec<Option<u8>> =
                grid.iter().map(|&v| (next() % 81 < keep).then_some(v)).collect();
            if round % 4 == 0 {
                givens[(next() % 81) as usize] = Some((next() % 9) as u8);
            }
            let p = puzzle(givens);
            match check(&p, &mut triads, &mut nine, 30, &format!("round {round}")) {
                0 => none += 1,
                1 => one += 1,
                _ => several += 1,
            }
        }
        assert!(none > 200 && one > 200 && several > 1000, "{none} {one} {several}");
    }

    #[test]
    fn hard_puzzles_and_exclusions_have_the_nine_searchs_answers() {
        let hard = [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
            "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8",
        ];
        let (mut triads, mut nine) = searches();
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        for (i, line) in hard.iter().enumerate() {
            let p = puzzle(parse(line));
            assert_eq!(check(&p, &mut triads, &mut nine, 2, line), 1);
            // Excluding the solution's placements, a few at a time.
            let solution = listed(|v| nine.solve(&p, v), 1).remove(0);
            for round in 0..40 {
                let excluded: Vec<(usize, u8)> = (0..1 + round % 3)
                    .map(|_| {
                        let c = (next() % 81) as usize;
                        (c, if next() % 2 == 0 { solution[c] } else { (next() % 9) as u8 })
                    })
                    .chain([(81, 0), (3, 9)])
                    .collect();
                let want = listed(|v| nine.solve_excluding(&p, &excluded, v), 5);
                for t in triads.iter_mut() {
                    assert_eq!(listed(|v| t.solve_excluding(&p, &excluded, v), 5), want, "{i} {excluded:?}");
                }
            }
        }
    }

    #[test]
    fn a_budget_that_runs_out_is_unknown() {
        // The blank grid has billions of solutions: a count to a million
        // within 1,000 nodes runs out, and says so.
        let (mut triads, _) = searches();
        let p = puzzle(vec![None; 81]);
        for t in triads.iter_mut() {
            t.set_budget(Budget::nodes(1000));
            let counted = t.count(&p, 1_000_000);
            assert!(counted.end().is_unknown(), "{:?}", counted.end());
            assert!(t.stats().nodes <= 1000 + 1);
            t.set_budget(Budget::UNLIMITED);
            assert_eq!(t.count(&p, 3).solutions(), Some(3));
        }
    }

    /// Puzzles from the sets the benchmarks use, when `DANCE_NINE_SETS`
    /// names a folder of them (one puzzle a line): the first 3,000 of each
    /// file, counted to 2 by both searches, every solution checked.
    #[test]
    #[ignore]
    fn the_benchmark_sets_have_the_nine_searchs_answers() {
        let Some(dir) = std::env::var_os("DANCE_NINE_SETS") else {
            eprintln!("set DANCE_NINE_SETS to a folder of 9x9 puzzle files");
            return;
        };
        let (mut triads, mut nine) = searches();
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            let mut n = 0;
            for line in text.lines().filter(|l| l.len() >= 81).take(3000) {
                check(&puzzle(parse(line)), &mut triads, &mut nine, 2, line);
                n += 1;
            }
            eprintln!("{}: {n} puzzles", f.display());
        }
    }
}
