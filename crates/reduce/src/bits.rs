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
//! [`BitSolver`] lays out the units of one shape once and solves puzzle after
//! puzzle with it, allocating nothing per puzzle once it has warmed up. For
//! 9x9 grids with 3x3 boxes (the common case by far) it hands the search to
//! `crate::nine`, the same exact cover on boards by symbol and band, which
//! is 1.4 to 4 times as fast (figures in docs/reductions.md).

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::{Probe, Stats};

use crate::grid::{Puzzle, Regions, Shape};
use crate::nine::Nine;

/// The largest order the bit-parallel search takes (a cell's symbols fit
/// in a `u32`).
pub const MAX_BITS_ORDER: usize = 32;

/// A grid cell's value before it is filled.
const EMPTY: u8 = u8::MAX;

/// How often, in nodes, a search reports to its probe.
const PROBE_EVERY: u64 = 4096;

/// One branching point: the cell, and the symbols not tried yet.
#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: u32,
    rest: u32,
}

/// The bit-parallel search for one shape.
#[derive(Clone, Debug)]
pub struct BitSolver {
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
    /// Solutions visited by the last search.
    found: u64,
    watch: Watch,
    /// The search on bit boards by symbol, for 9x9 grids with 3x3 boxes.
    nine: Option<Box<Nine>>,
}

/// What a search reports as it goes, and what can stop it.
#[derive(Clone, Debug)]
pub(crate) struct Watch {
    /// The nodes of the last search: the root and every branch tried.
    nodes: u64,
    /// Nodes left until the next report.
    tick: u64,
    probe: Option<Arc<Probe>>,
    interrupted: bool,
    /// Nodes a search may visit before it gives up (see
    /// [`BitSolver::count_within`]), and whether the last one did.
    budget: u64,
    over_budget: bool,
}

impl Watch {
    fn new() -> Watch {
        Watch {
            nodes: 0,
            tick: PROBE_EVERY,
            probe: None,
            interrupted: false,
            budget: u64::MAX,
            over_budget: false,
        }
    }

    /// Starts a search at its root node.
    fn start(&mut self) {
        self.nodes = 1;
        self.tick = PROBE_EVERY;
        self.interrupted = false;
        self.over_budget = false;
    }

    /// Counts a node, with `found` solutions so far. Returns true when the
    /// search must stop: its probe says so, or it is over budget.
    #[inline]
    pub(crate) fn node(&mut self, found: u64) -> bool {
        self.nodes += 1;
        self.tick -= 1;
        if self.tick != 0 {
            return false;
        }
        self.tick = PROBE_EVERY;
        self.report(found)
    }

    #[cold]
    fn report(&mut self, found: u64) -> bool {
        if let Some(p) = &self.probe {
            p.report(found, self.nodes);
            if p.stopped() {
                self.interrupted = true;
                return true;
            }
        }
        if self.nodes > self.budget {
            self.over_budget = true;
            return true;
        }
        false
    }
}

/// Whether `shape` is 9x9 with 3x3 boxes, as boxes or as a map of them.
fn is_nine_by_boxes(shape: &Shape) -> bool {
    match shape.regions() {
        Regions::Boxes { rows: 3, cols: 3 } => true,
        // Every cell in the region of its box's top left cell.
        Regions::Map(_) if shape.n() == 9 => {
            (0..81).all(|cell| shape.region(cell) == shape.region(cell / 27 * 27 + cell % 9 / 3 * 3))
        }
        _ => false,
    }
}

impl BitSolver {
    /// Lays out the units of `shape`, or `None` if its order is above
    /// [`MAX_BITS_ORDER`].
    pub fn new(shape: &Shape) -> Option<BitSolver> {
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
        Some(BitSolver {
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
            found: 0,
            watch: Watch::new(),
            nine: is_nine_by_boxes(shape).then(|| Box::new(Nine::new())),
        })
    }

    /// Watches searches through `probe`: it sees the nodes and solutions
    /// so far, and can stop the search.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.watch.probe = probe;
    }

    /// Whether the last search was stopped by its probe.
    pub fn interrupted(&self) -> bool {
        self.watch.interrupted
    }

    /// The nodes of the last search: the root and every branch tried.
    pub fn nodes(&self) -> u64 {
        self.watch.nodes
    }

    /// The statistics of the last search: its solutions and nodes (it
    /// makes no list updates to count).
    pub fn stats(&self) -> Stats {
        Stats { solutions: self.found, nodes: self.watch.nodes, updates: 0 }
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
        let BitSolver { cells, units, cand, value, placed, cell_units, cell_unit_bits, .. } = self;
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
    /// symbol indices, row by row, until the visitor breaks. Returns how
    /// many it visited.
    pub fn solve<F>(&mut self, puzzle: &Puzzle, visit: F) -> u64
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.found = self.search(puzzle, visit);
        self.found
    }

    fn search<F>(&mut self, puzzle: &Puzzle, mut visit: F) -> u64
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(puzzle.n(), self.n, "a puzzle of another order");
        self.watch.start();
        if let Some(nine) = &mut self.nine {
            return nine.search(puzzle.givens(), &mut self.watch, visit);
        }
        let mut found = 0u64;
        if !self.start(puzzle) {
            return 0;
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
                        return found;
                    }
                }
                Some((cell, rest)) => self.frames.push(Frame { cell: cell as u32, rest }),
            }
            // Take the next branch, backing up as far as needed.
            loop {
                let Some(frame) = self.frames.last_mut() else { return found };
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
                if self.watch.node(found) {
                    return found;
                }
                if self.place(level, cell, bit.trailing_zeros()) && self.propagate(level) {
                    break;
                }
            }
        }
    }

    /// Counts the solutions of `puzzle` as [`BitSolver::count`] does if
    /// that takes at most about `max_nodes` nodes; `None` if it would take
    /// more (the search stops there).
    pub fn count_within(&mut self, puzzle: &Puzzle, limit: Option<u64>, max_nodes: u64) -> Option<u64> {
        self.watch.budget = max_nodes;
        let count = self.count(puzzle, limit);
        self.watch.budget = u64::MAX;
        (!self.watch.over_budget).then_some(count)
    }

    /// Counts the solutions of `puzzle`, up to `limit` if given.
    pub fn count(&mut self, puzzle: &Puzzle, limit: Option<u64>) -> u64 {
        let limit = limit.unwrap_or(u64::MAX);
        if limit == 0 {
            return 0;
        }
        let mut left = limit;
        self.solve(puzzle, |_| {
            left -= 1;
            if left == 0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
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
            let mut s = BitSolver::new(&shape).unwrap();
            assert_eq!(s.count(&p, None), count, "order {n}");
            assert_eq!(s.count(&p, Some(7)), count.min(7));
        }
    }

    #[test]
    fn inkala_solves_uniquely() {
        let shape = Shape::default_for(9).unwrap();
        let p = puzzle(
            shape.clone(),
            "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
        );
        let mut s = BitSolver::new(&shape).unwrap();
        let mut grids = Vec::new();
        s.solve(&p, |g| {
            grids.push(g.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(grids.len(), 1);
        assert_eq!(p.verify(&grids[0]), Ok(()));
        assert_eq!(grids[0][..9], [7, 0, 1, 6, 4, 2, 5, 3, 8]);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let shape = Shape::default_for(4).unwrap();
        let p = puzzle(shape.clone(), "11..............");
        assert_eq!(BitSolver::new(&shape).unwrap().count(&p, None), 0);
    }

    #[test]
    fn counts_within_a_budget_give_up_past_it() {
        // 6x6 on the general search, 9x9 on the boards by symbol.
        for n in [6, 9] {
            let shape = Shape::default_for(n).unwrap();
            let p = puzzle(shape.clone(), &".".repeat(n * n));
            let mut s = BitSolver::new(&shape).unwrap();
            assert_eq!(s.nine.is_some(), n == 9);
            assert_eq!(s.count_within(&p, None, 10_000), None, "order {n}");
            assert!(s.nodes() > 10_000, "order {n}");
            assert_eq!(s.count_within(&p, Some(5), 10_000), Some(5), "order {n}");
            assert!(s.nodes() <= 100, "order {n}: {} nodes for five solutions", s.nodes());
            assert_eq!(s.count(&p, Some(1000)), 1000, "order {n}");
        }
        let shape = Shape::default_for(4).unwrap();
        let p = puzzle(shape.clone(), &".".repeat(16));
        let mut s = BitSolver::new(&shape).unwrap();
        assert_eq!(s.count_within(&p, None, 10_000), Some(288));
    }

    /// A small generator for the differential tests (xorshift64*).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
        }
    }

    /// Every solution (up to `limit`) each way: the search on bit boards by
    /// symbol and the generic one.
    fn both_ways(p: &Puzzle, limit: usize) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
        let mut nine = BitSolver::new(p.shape()).unwrap();
        assert!(nine.nine.is_some());
        let mut generic = BitSolver::new(p.shape()).unwrap();
        generic.nine = None;
        let run = |s: &mut BitSolver| {
            let mut grids = Vec::new();
            s.solve(p, |g| {
                grids.push(g.to_vec());
                if grids.len() == limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            assert_eq!(s.stats().solutions, grids.len() as u64);
            grids
        };
        (run(&mut nine), run(&mut generic))
    }

    #[test]
    fn nine_by_nine_boxes_use_the_boards_by_symbol() {
        let boxes = Shape::default_for(9).unwrap();
        assert!(BitSolver::new(&boxes).unwrap().nine.is_some());
        // The boxes as a map, labelled out of order.
        let labels = "QWERTYUIO".chars().collect::<Vec<_>>();
        let map = (0..81).map(|c| labels[(c / 27) * 3 + (c % 9) / 3]).collect();
        assert!(BitSolver::new(&Shape::new(9, Regions::Map(map)).unwrap()).unwrap().nine.is_some());
        // One cell swapped between two boxes: a jigsaw, searched generically.
        let mut map: Vec<char> = (0..81).map(|c| labels[(c / 27) * 3 + (c % 9) / 3]).collect();
        map.swap(2, 3);
        assert!(BitSolver::new(&Shape::new(9, Regions::Map(map)).unwrap()).unwrap().nine.is_none());
        for shape in [Shape::new(9, Regions::None).unwrap(), Shape::default_for(16).unwrap()] {
            assert!(BitSolver::new(&shape).unwrap().nine.is_none());
        }
    }

    #[test]
    fn boards_by_symbol_agree_with_the_generic_search() {
        let shape = Shape::default_for(9).unwrap();
        let alphabet = Alphabet::default_for(9).unwrap();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut filled = 0;
        for round in 0..400 {
            // Sparse givens, clashes allowed: many solutions, or none.
            let mut givens = vec![None; 81];
            let count = if round % 2 == 1 { rng.below(12) } else { rng.below(30) };
            for _ in 0..count {
                givens[rng.below(81)] = Some(rng.below(9) as u8);
            }
            if round % 2 == 1 {
                // Holes in a solution of those givens (if any): few
                // solutions, and the hard cases in between.
                let p = Puzzle::new(shape.clone(), alphabet.clone(), givens.clone()).unwrap();
                let (grids, _) = both_ways(&p, 1);
                let Some(grid) = grids.first() else { continue };
                filled += 1;
                let holes = 40 + rng.below(30);
                givens = grid.iter().map(|&v| Some(v)).collect();
                for _ in 0..holes {
                    givens[rng.below(81)] = None;
                }
            }
            let p = Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap();
            let (mut fast, mut slow) = both_ways(&p, 30);
            assert_eq!(fast.len(), slow.len(), "round {round}");
            for g in &fast {
                assert_eq!(p.verify(g), Ok(()), "round {round}");
            }
            if fast.len() < 30 {
                // Every solution each way: the same set.
                fast.sort();
                slow.sort();
                assert_eq!(fast, slow, "round {round}");
            } else {
                fast.sort();
                fast.dedup();
                assert_eq!(fast.len(), 30, "round {round}: a solution twice");
            }
        }
        assert!(filled > 100, "too few filled grids: {filled}");
    }

    #[test]
    fn orders_above_32_are_declined() {
        assert!(BitSolver::new(&Shape::default_for(32).unwrap()).is_some());
        assert!(BitSolver::new(&Shape::default_for(33).unwrap()).is_none());
    }
}
