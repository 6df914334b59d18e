//! Algorithm X on bits, for grids of order up to 32.
//!
//! The matrix of a grid puzzle is so regular that its columns fit in machine
//! words: the options still open for item `p(cell)` are the bits of one
//! `u32` (a bit per symbol), and the options still open for `r(row, v)`,
//! `c(col, v)` or `b(region, v)` are the cells of that unit whose word has
//! bit `v`. Covering an option is then a handful of `and`s on the cell's
//! peers, and undoing it is free: each level of the search works on its own
//! copy of the words (a few hundred bytes for 9x9), so backtracking is
//! dropping a copy.
//!
//! The search is still Algorithm X on the same exact cover as
//! [`crate::full_matrix`]: an item with no option left fails the branch, an
//! item with one option has it chosen at once, and otherwise the search
//! branches on a cell with the fewest symbols left. Items with one option
//! are found in two ways: a cell with one symbol left (its `p` item), and a
//! symbol with one cell left in a unit (its `r`, `c` or `b` item, found
//! for all symbols of a unit at once with two words, "seen once" and "seen
//! twice"). Every solution is found exactly once, so counts equal the
//! dancing-links search's; the order of solutions is this search's own.
//!
//! [`Bits`] lays out the units of one shape once and solves puzzle after
//! puzzle with it, allocating nothing per puzzle once it has warmed up.

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::{Budget, End, Meter, Outcome, Probe, Stats};

use crate::grid::{Puzzle, Shape};

/// The largest order the bit-parallel search takes (a cell's symbols fit
/// in a `u32`).
pub const MAX_BITS_ORDER: usize = 32;

/// A grid cell's value before it is filled.
const EMPTY: u8 = u8::MAX;

/// One branching point: the cell, and the symbols not tried yet.
#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: u32,
    rest: u32,
}

/// The bit-parallel search for one shape.
#[derive(Clone, Debug)]
pub struct Bits {
    n: usize,
    cells: usize,
    /// Every symbol: the low `n` bits.
    full: u32,
    /// The cells of unit `u` are `unit_cells[u * n..][..n]`: rows, then
    /// columns, then regions.
    unit_cells: Vec<u16>,
    units: usize,
    /// The units of each cell: row, column, and region (or the row again
    /// when the grid has no regions: marking a unit twice is harmless).
    cell_units: Vec<[u16; 3]>,
    /// The units of each cell as bits of a unit set.
    cell_unit_bits: Vec<u128>,
    /// The peers of cell `c` (cells sharing a unit with it, itself not
    /// included) are `peers[peer_start[c]..peer_start[c + 1]]`.
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    /// The search state, one copy per level: open symbols per cell (0 once
    /// filled), values per cell, and symbols placed per unit.
    cand: Vec<u32>,
    value: Vec<u8>,
    placed: Vec<u32>,
    /// Cells left with one symbol, waiting to be filled: `queue[..queued]`.
    /// A cell is queued once a level at most (when its last but one symbol
    /// goes), so `cells` slots are enough.
    queue: Vec<u16>,
    queued: usize,
    /// Units that lost a cell for some symbol since they were last looked
    /// at for symbols with one cell left.
    dirty: u128,
    frames: Vec<Frame>,
    meter: Meter,
    /// The solutions and nodes of the last search, and how it ended.
    stats: Stats,
    end: End,
}

impl Bits {
    /// Lays out the units of `shape`, or `None` if its order is above
    /// [`MAX_BITS_ORDER`].
    pub fn new(shape: &Shape) -> Option<Bits> {
        let n = shape.n();
        if n > MAX_BITS_ORDER {
            return None;
        }
        let cells = n * n;
        let has_regions = shape.has_regions();
        let units = if has_regions { 3 * n } else { 2 * n };
        let mut unit_cells = vec![0u16; units * n];
        let mut filled = vec![0usize; units];
        let mut cell_units = Vec::with_capacity(cells);
        for cell in 0..cells {
            let (r, c) = (cell / n, cell % n);
            let region = shape.region(cell).map_or(r, |k| 2 * n + k);
            let us = [r, n + c, region];
            for &u in &us[..if has_regions { 3 } else { 2 }] {
                unit_cells[u * n + filled[u]] = cell as u16;
                filled[u] += 1;
            }
            cell_units.push(us.map(|u| u as u16));
        }
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        let mut mark = vec![usize::MAX; cells];
        for (cell, us) in cell_units.iter().enumerate() {
            peer_start.push(peers.len() as u32);
            mark[cell] = cell;
            for &u in us {
                for &p in &unit_cells[u as usize * n..][..n] {
                    if mark[p as usize] != cell {
                        mark[p as usize] = cell;
                        peers.push(p);
                    }
                }
            }
        }
        peer_start.push(peers.len() as u32);
        let cell_unit_bits =
            cell_units.iter().map(|us| us.iter().fold(0u128, |acc, &u| acc | 1u128 << u)).collect();
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        Some(Bits {
            n,
            cells,
            full,
            unit_cells,
            units,
            cell_units,
            cell_unit_bits,
            peer_start,
            peers,
            cand: Vec::new(),
            value: Vec::new(),
            placed: Vec::new(),
            queue: vec![0; cells],
            queued: 0,
            dirty: 0,
            frames: Vec::new(),
            meter: Meter::new(),
            stats: Stats::default(),
            end: End::Complete,
        })
    }

    /// Bounds the searches to come (nodes: the root and every branch tried).
    pub fn set_budget(&mut self, budget: Budget) {
        self.meter.set_budget(budget);
    }

    /// Reports the searches to come to `probe`, which can also stop them.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.meter.set_probe(probe);
    }

    /// The solutions and nodes of the last search (the root and every
    /// branch tried; it makes no list updates to count).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// How the last search ended.
    pub fn end(&self) -> End {
        self.end
    }

    /// Makes room for level `level` and copies level `level - 1` into it.
    fn push_level(&mut self, level: usize) {
        let (cells, units) = (self.cells, self.units);
        if self.cand.len() < (level + 1) * cells {
            self.cand.resize((level + 1) * cells, 0);
            self.value.resize((level + 1) * cells, EMPTY);
            self.placed.resize((level + 1) * units, 0);
        }
        if level > 0 {
            self.cand.copy_within((level - 1) * cells..level * cells, level * cells);
            self.value.copy_within((level - 1) * cells..level * cells, level * cells);
            self.placed.copy_within((level - 1) * units..level * units, level * units);
        }
    }

    /// Fills `cell` with symbol `v` at `level` (the symbol must be open
    /// there) and takes `v` from its peers. Returns false when a peer is
    /// left with no symbol.
    #[inline]
    fn place(&mut self, level: usize, cell: usize, v: u32) -> bool {
        let bit = 1u32 << v;
        let Bits { cells, units, cand, value, placed, cell_units, cell_unit_bits, .. } = self;
        let cand = &mut cand[level * *cells..][..*cells];
        cand[cell] = 0;
        value[level * *cells + cell] = v as u8;
        let placed = &mut placed[level * *units..][..*units];
        for &u in &cell_units[cell] {
            placed[u as usize] |= bit;
        }
        // The cell's other symbols each lost a cell in its units.
        let mut dirty = self.dirty | cell_unit_bits[cell];
        let queue = &mut self.queue[..];
        let mut queued = self.queued;
        let (a, b) = (self.peer_start[cell] as usize, self.peer_start[cell + 1] as usize);
        // Whether a peer still had the symbol is a coin toss, so the symbol
        // is taken from every peer without a branch, noting which ones had
        // it; only those are then looked at.
        for chunk in self.peers[a..b].chunks(64) {
            let mut had = 0u64;
            for (i, &p) in chunk.iter().enumerate() {
                let m = cand[p as usize];
                cand[p as usize] = m & !bit;
                had |= ((m & bit != 0) as u64) << i;
            }
            while had != 0 {
                let p = chunk[had.trailing_zeros() as usize] as usize;
                had &= had - 1;
                let left = cand[p];
                dirty |= cell_unit_bits[p];
                if left & left.wrapping_sub(1) == 0 {
                    if left == 0 {
                        return false;
                    }
                    queue[queued] = p as u16;
                    queued += 1;
                }
            }
        }
        self.queued = queued;
        self.dirty = dirty;
        true
    }

    /// Chooses every forced option at `level`: cells with one symbol, and
    /// symbols with one cell in a unit. Returns false on a dead end.
    fn propagate(&mut self, level: usize) -> bool {
        let (n, cells) = (self.n, self.cells);
        loop {
            while self.queued > 0 {
                self.queued -= 1;
                let p = self.queue[self.queued];
                let m = self.cand[level * cells + p as usize];
                // Zero: filled since it was queued.
                if m != 0 && !self.place(level, p as usize, m.trailing_zeros()) {
                    return false;
                }
            }
            if self.dirty == 0 {
                return true;
            }
            let u = self.dirty.trailing_zeros() as usize;
            self.dirty &= self.dirty - 1;
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in &self.unit_cells[u * n..][..n] {
                let m = self.cand[level * cells + c as usize];
                twice |= once & m;
                once |= m;
            }
            if once | self.placed[level * self.units + u] != self.full {
                return false; // a symbol with no cell left in this unit
            }
            let mut single = once & !twice;
            while single != 0 {
                let bit = single & single.wrapping_neg();
                single ^= bit;
                let found = self.unit_cells[u * n..][..n]
                    .iter()
                    .find(|&&c| self.cand[level * cells + c as usize] & bit != 0);
                // None: the one cell was filled with another symbol of this
                // unit's singles.
                let Some(&c) = found else { return false };
                if !self.place(level, c as usize, bit.trailing_zeros()) {
                    return false;
                }
            }
        }
    }

    /// The open cell with the fewest symbols at `level` (the first on
    /// ties), with its symbols, or `None` when every cell is filled.
    fn choose(&self, level: usize) -> Option<(usize, u32)> {
        let cand = &self.cand[level * self.cells..][..self.cells];
        let mut best: Option<(usize, u32)> = None;
        let mut fewest = u32::MAX;
        for (cell, &m) in cand.iter().enumerate() {
            if m != 0 {
                let k = m.count_ones();
                if k < fewest {
                    fewest = k;
                    best = Some((cell, m));
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Sets up level 0 from the givens of `puzzle` and propagates. Returns
    /// false if the puzzle has no solution that way.
    fn start(&mut self, puzzle: &Puzzle) -> bool {
        self.frames.clear();
        self.queued = 0;
        self.dirty = 0;
        self.push_level(0);
        // The givens go in unit by unit; then each open cell gets the
        // symbols none of its units has (cheaper than taking each given
        // from its peers one by one).
        let (cells, units) = (self.cells, self.units);
        let (cand, value, placed) =
            (&mut self.cand[..cells], &mut self.value[..cells], &mut self.placed[..units]);
        placed.fill(0);
        for (cell, g) in puzzle.givens().iter().enumerate() {
            match *g {
                Some(v) => {
                    let bit = 1u32 << v;
                    let us = self.cell_units[cell];
                    if us.iter().any(|&u| placed[u as usize] & bit != 0) {
                        return false; // clashing givens
                    }
                    for u in us {
                        placed[u as usize] |= bit;
                    }
                    value[cell] = v;
                    cand[cell] = 0;
                }
                None => value[cell] = EMPTY,
            }
        }
        for cell in 0..cells {
            if value[cell] == EMPTY {
                let [a, b, c] = self.cell_units[cell].map(|u| placed[u as usize]);
                let m = self.full & !(a | b | c);
                cand[cell] = m;
                if m & m.wrapping_sub(1) == 0 {
                    if m == 0 {
                        return false;
                    }
                    self.queue[self.queued] = cell as u16;
                    self.queued += 1;
                }
            }
        }
        self.dirty = (1u128 << self.units) - 1;
        self.propagate(0)
    }

    /// Visits every solution of `puzzle` (the shape must be this solver's,
    /// up to its regions: the solver's own are used) as a filled grid of
    /// symbol indices, row by row, until the visitor breaks or the budget
    /// runs out, and says how it ended.
    pub fn solve<F>(&mut self, puzzle: &Puzzle, visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(puzzle.n(), self.n, "a puzzle of another order");
        self.meter.start();
        let (found, otherwise) = self.search(puzzle, visit);
        let outcome = self.meter.finish(found, self.meter.nodes(), otherwise);
        self.stats = Stats { solutions: found, nodes: outcome.nodes(), updates: 0 };
        self.end = outcome.end();
        outcome
    }

    /// The search: the solutions visited, and how it ended unless the
    /// meter stopped it.
    fn search<F>(&mut self, puzzle: &Puzzle, mut visit: F) -> (u64, End)
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        let mut found = 0u64;
        // The root.
        if self.meter.node(0) {
            return (0, End::Complete);
        }
        if !self.start(puzzle) {
            return (0, End::Complete);
        }
        let cells = self.cells;
        let mut level = 0usize;
        loop {
            // `level` holds a consistent state with every forced option
            // taken: a solution, or a branching point.
            match self.choose(level) {
                None => {
                    found += 1;
                    if visit(&self.value[level * cells..][..cells]).is_break() {
                        return (found, End::Limit);
                    }
                }
                Some((cell, rest)) => self.frames.push(Frame { cell: cell as u32, rest }),
            }
            // Take the next branch, backing up as far as needed.
            loop {
                let Some(frame) = self.frames.last_mut() else { return (found, End::Complete) };
                if frame.rest == 0 {
                    self.frames.pop();
                    continue;
                }
                let bit = frame.rest & frame.rest.wrapping_neg();
                frame.rest ^= bit;
                let cell = frame.cell as usize;
                level = self.frames.len();
                self.push_level(level);
                self.queued = 0;
                self.dirty = 0;
                if self.meter.node(found) {
                    return (found, End::Complete);
                }
                if self.place(level, cell, bit.trailing_zeros()) && self.propagate(level) {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Alphabet, Regions};

    fn puzzle(shape: Shape, text: &str) -> Puzzle {
        let alphabet = Alphabet::default_for(shape.n()).unwrap();
        let givens = text.chars().map(|c| alphabet.index(c)).collect();
        Puzzle::new(shape, alphabet, givens).unwrap()
    }

    /// Every solution, as grids.
    fn all(s: &mut Bits, p: &Puzzle) -> Vec<Vec<u8>> {
        let mut grids = Vec::new();
        let o = s.solve(p, |g| {
            grids.push(g.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!((o.end(), o.so_far()), (End::Complete, grids.len() as u64));
        grids
    }

    #[test]
    fn blank_grids_count_as_known() {
        for (shape, count) in [
            (Shape::default_for(1).unwrap(), 1),
            (Shape::default_for(4).unwrap(), 288),
            (Shape::new(4, Regions::None).unwrap(), 576),
            (Shape::new(5, Regions::None).unwrap(), 161_280),
        ] {
            let n = shape.n();
            let p = puzzle(shape.clone(), &".".repeat(n * n));
            let mut s = Bits::new(&shape).unwrap();
            assert_eq!(all(&mut s, &p).len(), count, "order {n}");
        }
    }

    #[test]
    fn inkala_solves_uniquely() {
        let shape = Shape::default_for(9).unwrap();
        let p = puzzle(
            shape.clone(),
            "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
        );
        let grids = all(&mut Bits::new(&shape).unwrap(), &p);
        assert_eq!(grids.len(), 1);
        assert_eq!(p.verify(&grids[0]), Ok(()));
        assert_eq!(grids[0][..9], [7, 0, 1, 6, 4, 2, 5, 3, 8]);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let shape = Shape::default_for(4).unwrap();
        let p = puzzle(shape.clone(), "11..............");
        assert!(all(&mut Bits::new(&shape).unwrap(), &p).is_empty());
    }

    #[test]
    fn orders_above_the_limit_are_declined() {
        assert!(Bits::new(&Shape::default_for(MAX_BITS_ORDER).unwrap()).is_some());
        assert!(Bits::new(&Shape::default_for(MAX_BITS_ORDER + 1).unwrap()).is_none());
    }
}
