//! The variant search: a propagating bitset search for puzzles with rules
//! (killer cages, lines, dots, outside clues, extra regions, chess rules,
//! candidate restrictions...) on grids of order up to [`MAX_VARIANT_ORDER`],
//! with boxes, irregular regions or none.
//!
//! Each cell holds a word of candidates. The puzzle is compiled once per
//! search (`model.rs`): all-different groups become peers (a placed digit
//! leaves its peers), rows, columns, regions and every other group of N
//! cells become houses (a digit left in one cell of a house goes there),
//! every pairwise rule (dots, XV, whispers, thermometers, palindromes,
//! clones, entropic and modular lines, minimum and maximum cells, the
//! negative rules, indexers) becomes one table per pair of cells, and the
//! rest become propagators (`props.rs`): sums as cage combinations (killer
//! cages, renban runs, the sums a house's cages imply) or as an exact
//! reachability of sums (arrows, little killers, double arrows, zippers,
//! region-sum lines; of any width, after bounds that know which of the
//! cells must differ), and one each for between and lockout lines,
//! sandwiches, X-sums, skyscrapers and quadruples. A cage inside a house
//! also filters the house's other cells (they hold the digits its
//! combination leaves), and where two houses cross (a box and a row) a
//! digit missing from one side leaves the other. Propagation runs to a
//! fixed point at every node; the search branches on the cell with the
//! most conflict weight per candidate or, when every propagator is a sum
//! and that cell has three or more, on the two places of a digit in a
//! house whose cells weigh more. Every full grid is checked against the puzzle and
//! every rule ([`Puzzle::verify`]) before it counts: a rule propagated only
//! in part (or not at all) is still exact.

mod model;
mod props;

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::{Budget, End, Meter, Outcome, Probe, Stats};

use crate::cpu::{self, Level};
use crate::grid::Shape;
use crate::puzzle::Puzzle;
pub(crate) use model::{HouseName, Model, Origin};
use props::bits;
pub(crate) use props::{Changes, Mask, Prop};

/// The largest order the variant search takes (a word of candidates per
/// cell).
pub const MAX_VARIANT_ORDER: usize = 32;

/// Conflicts between halvings of the cells' weights.
const DECAY: u32 = 256;

/// The variant search, reused from puzzle to puzzle.
#[derive(Clone, Debug)]
pub struct Variant {
    meter: Meter,
    stats: Stats,
    end: End,
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::new()
    }
}

impl Variant {
    /// A search with no budget.
    pub fn new() -> Variant {
        Variant { meter: Meter::new(), stats: Stats::default(), end: End::Complete }
    }

    /// Whether it searches grids of `shape`.
    pub fn accepts(shape: &Shape) -> bool {
        shape.n() <= MAX_VARIANT_ORDER
    }

    /// Bounds the searches to come (nodes: the root and every branch).
    pub fn set_budget(&mut self, budget: Budget) {
        self.meter.set_budget(budget);
    }

    /// Reports the searches to come to `probe`, which can also stop them.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.meter.set_probe(probe);
    }

    /// Sets what [`Variant::stats`] reports: the sum of several searches
    /// (a shard's parts).
    pub fn set_stats(&mut self, stats: Stats) {
        self.stats = stats;
    }

    /// The solutions and nodes of the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// How the last search ended.
    pub fn end(&self) -> End {
        self.end
    }

    /// Visits each solution of `puzzle` that places none of `excluded`
    /// (pairs cell, symbol) as a filled grid of symbol indices, row by
    /// row, until the visitor breaks or the budget runs out.
    pub fn solve(
        &mut self,
        puzzle: &Puzzle,
        excluded: &[(usize, u8)],
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Outcome {
        assert!(Variant::accepts(puzzle.shape()), "an order beyond the variant search");
        self.meter.start();
        let model = Model::search(puzzle, excluded);
        let mut s = VariantSearch::new(&model, puzzle);
        let otherwise = if self.meter.node(0) { End::Complete } else { s.root(&mut self.meter, visit) };
        let outcome = self.meter.finish(s.found, self.meter.nodes(), otherwise);
        self.stats = Stats { solutions: s.found, nodes: outcome.nodes(), updates: 0 };
        self.end = outcome.end();
        outcome
    }
}

/// One search's state: the model, the queues of propagation and the
/// stack of candidate words, one level per branch.
struct VariantSearch<'a> {
    model: &'a Model,
    puzzle: &'a Puzzle,
    cells: usize,
    queue: Vec<u16>,
    queued: Vec<bool>,
    /// The propagators to run, a bit each (64 to a word), by priority:
    /// bit `b` is the propagator `order[b]`, the highest bit runs first.
    pending: Vec<u64>,
    /// For each cell, the propagators that read it, as (word, bits) of
    /// `pending`.
    wake: Vec<Vec<(u32, u64)>>,
    order: Vec<u16>,
    /// The union of each piece of the crossings ([`Model::pieces`]).
    unions: Vec<Mask>,
    changed: Vec<u16>,
    stack: Vec<Mask>,
    grid: Vec<u8>,
    found: u64,
    /// Each cell's weight: 1 and the conflicts it took part in, halved now
    /// and then. Branching takes the cell with the most weight per
    /// candidate.
    weight: Vec<u32>,
    conflicts: u32,
    /// Whether every propagator is a sum (cages and equations): then the
    /// search may branch on where a digit goes in a house.
    sums_only: bool,
    /// Every digit.
    all: Mask,
    /// The instructions propagation and branching are compiled for.
    level: Level,
}

impl<'a> VariantSearch<'a> {
    fn new(model: &'a Model, puzzle: &'a Puzzle) -> VariantSearch<'a> {
        let cells = model.init.len();
        let mut s = VariantSearch {
            model,
            puzzle,
            cells,
            queue: Vec::with_capacity(cells),
            queued: vec![false; cells],
            pending: vec![0; model.props.len().div_ceil(64)],
            wake: Vec::new(),
            order: Vec::new(),
            unions: vec![0; model.pieces.len()],
            changed: Vec::new(),
            stack: vec![0; cells * (cells + 1)],
            grid: vec![0; cells],
            found: 0,
            weight: vec![1; cells],
            conflicts: 0,
            sums_only: model.props.iter().all(|p| matches!(p, Prop::Cage { .. } | Prop::Linear(_))),
            all: if model.n == 32 { Mask::MAX } else { (1 << model.n) - 1 },
            level: Level::detected(),
        };
        let order = priority(model);
        let mut rank = vec![0u16; order.len()];
        for (b, &p) in order.iter().enumerate() {
            rank[p as usize] = b as u16;
        }
        s.wake = model.watch.iter().map(|w| wake_words(w.iter().map(|&p| rank[p as usize]))).collect();
        s.order = order;
        s
    }

    /// Propagates the root and searches below it; how the search ended
    /// unless the meter stopped it.
    fn root(&mut self, meter: &mut Meter, visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>) -> End {
        self.stack[..self.cells].copy_from_slice(&self.model.init);
        for c in 0..self.cells {
            self.push(c as u16);
        }
        for p in 0..self.model.props.len() {
            self.pending[p / 64] |= 1 << (p % 64);
        }
        if !self.propagate(0) {
            return End::Complete;
        }
        match self.dfs(0, meter, visit) {
            ControlFlow::Continue(()) => End::Complete,
            ControlFlow::Break(()) => End::Limit,
        }
    }

    #[inline(always)]
    fn push(&mut self, c: u16) {
        if !self.queued[c as usize] {
            self.queued[c as usize] = true;
            self.queue.push(c);
        }
    }

    fn clear(&mut self) {
        for c in self.queue.drain(..) {
            self.queued[c as usize] = false;
        }
        self.pending.fill(0);
        self.changed.clear();
    }

    /// Propagates the candidates of level `depth` to a fixed point; false
    /// when a cell is left without one.
    fn propagate(&mut self, depth: usize) -> bool {
        // Compiled a second time for x86-64-v3 where the CPU has it
        // (population counts, leading and trailing zeros in one
        // instruction each): what `fixed_point` calls is inlined.
        let level = self.level;
        let ok = cpu::run(
            level,
            #[inline(always)]
            |_| self.fixed_point(depth),
        );
        if !ok {
            self.clear();
            self.conflicts += 1;
            if self.conflicts % DECAY == 0 {
                self.weight.iter_mut().for_each(|w| *w = w.div_ceil(2));
            }
        }
        ok
    }

    /// Weighs the cells of a conflict.
    #[inline(always)]
    fn blame(&mut self, cells: &[u16]) {
        for &c in cells {
            self.weight[c as usize] += 1;
        }
    }

    #[inline(always)]
    fn fixed_point(&mut self, depth: usize) -> bool {
        let (model, cells) = (self.model, self.cells);
        let at = depth * cells;
        loop {
            while let Some(c) = self.queue.pop() {
                self.queued[c as usize] = false;
                if !self.cell_changed(at, c as usize) {
                    return false;
                }
            }
            if let Some(p) = self.next_prop() {
                let mut ch = Changes { cand: &mut self.stack[at..at + cells], changed: &mut self.changed };
                let (prop, rest) = (&model.props[p], &model.rest[p]);
                let ok = match prop {
                    Prop::Cage { cells, combos } if !rest.is_empty() => {
                        rest.iter().all(|r| props::cage_in_house(cells, combos, r, self.all, &mut ch))
                    }
                    // The common ones here, inlined (and so compiled for
                    // the level), the others through `Prop::run`.
                    Prop::Cage { cells, combos } => props::cage(cells, combos, &mut ch),
                    Prop::Linear(l) if !l.exact => props::linear_bounds(model.n, l, &mut ch),
                    _ => prop.run(model.n, &mut ch),
                };
                if !ok {
                    self.blame(&model.reads[p]);
                    return false;
                }
                while let Some(c) = self.changed.pop() {
                    self.push(c);
                }
                continue;
            }
            match self.hidden_singles(at) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.crossings(at) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Spreads the change of cell `c`'s candidates: to its peers when it
    /// is placed, along its pairs' tables, and to its propagators.
    #[inline(always)]
    fn cell_changed(&mut self, at: usize, c: usize) -> bool {
        let model = self.model;
        let m = self.stack[at + c];
        if m == 0 {
            return false;
        }
        if m & (m - 1) == 0 {
            for &p in &model.peers[c] {
                let pm = self.stack[at + p as usize];
                if pm & m != 0 {
                    if pm == m {
                        self.blame(&[c as u16, p]);
                        return false;
                    }
                    self.stack[at + p as usize] = pm & !m;
                    self.push(p);
                }
            }
        }
        for &(b, t) in &model.pairs[c] {
            let allowed = model.allowed(t as usize, m);
            let bm = self.stack[at + b as usize];
            if bm & !allowed != 0 {
                if bm & allowed == 0 {
                    self.blame(&[c as u16, b]);
                    return false;
                }
                self.stack[at + b as usize] = bm & allowed;
                self.push(b);
            }
        }
        for &(w, bits) in &self.wake[c] {
            self.pending[w as usize] |= bits;
        }
        true
    }

    /// Takes the pending propagator of the highest priority off the queue
    /// ([`priority`]).
    #[inline(always)]
    fn next_prop(&mut self) -> Option<usize> {
        for (i, w) in self.pending.iter_mut().enumerate().rev() {
            if *w != 0 {
                let b = 63 - w.leading_zeros() as usize;
                *w &= !(1 << b);
                return Some(self.order[i * 64 + b] as usize);
            }
        }
        None
    }

    /// Where two houses cross: a digit one side (outside the other house)
    /// lacks is in the shared cells, so the other side loses it. None when
    /// a cell is left without a candidate; whether anything changed.
    #[inline(always)]
    fn crossings(&mut self, at: usize) -> Option<bool> {
        let model = self.model;
        let mut changed = false;
        for (u, piece) in self.unions.iter_mut().zip(&model.pieces) {
            *u = piece.iter().fold(0, |u, &c| u | self.stack[at + c as usize]);
        }
        for ((a, b), (pa, pb)) in model.crossings.iter().zip(&model.crossing_pieces) {
            // The unions of the pieces as they were at the start of the
            // pass: wider than now if a cell lost digits since, so they
            // keep as much or more (sound); the pass repeats until none
            // changes.
            let ua = pa.iter().fold(0, |u, &k| u | self.unions[k as usize]);
            let ub = pb.iter().fold(0, |u, &k| u | self.unions[k as usize]);
            for (side, own, keep) in [(a, ua, ub), (b, ub, ua)] {
                // No cell of this side holds a digit the other lacks.
                if own & !keep == 0 {
                    continue;
                }
                for &c in side {
                    let m = self.stack[at + c as usize];
                    if m & !keep != 0 {
                        if m & keep == 0 {
                            // No blame: weighing both sides (up to 12
                            // cells on 9x9) drowned the weights. Measured
                            // (count to 2, nodes): "Skyscaper 2-3" 120 k
                            // -> 100 k (98 k before the crossings), "Wecoc
                            // #1 [mod B]" 269 k -> 243 k, "Killer sudoku
                            // [0 cage, hard]" 100 k -> 79 k, TAREK_ALL
                            // equal; blaming the emptied cell alone: in
                            // between.
                            return None;
                        }
                        self.stack[at + c as usize] = m & keep;
                        self.push(c);
                        changed = true;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Places every digit left in one cell of a house. None when a house
    /// has lost a digit; whether anything was placed.
    #[inline(always)]
    fn hidden_singles(&mut self, at: usize) -> Option<bool> {
        let model = self.model;
        let all: Mask = if model.n == 32 { Mask::MAX } else { (1 << model.n) - 1 };
        let mut placed = false;
        for house in &model.houses {
            let (mut once, mut twice, mut fixed) = (0 as Mask, 0 as Mask, 0 as Mask);
            for &c in house {
                let m = self.stack[at + c as usize];
                twice |= once & m;
                once |= m;
                // A placed cell (one bit; an empty one adds nothing): not
                // `is_power_of_two`, a population count that x86-64's
                // baseline lacks.
                if m & m.wrapping_sub(1) == 0 {
                    fixed |= m;
                }
            }
            if once != all {
                self.blame(house);
                return None;
            }
            let single = once & !twice & !fixed;
            if single == 0 {
                continue;
            }
            for &c in house {
                let m = self.stack[at + c as usize];
                let bit = m & single;
                if bit != 0 && m != bit {
                    if bit & (bit - 1) != 0 {
                        return None;
                    }
                    self.stack[at + c as usize] = bit;
                    self.push(c);
                    placed = true;
                }
            }
        }
        Some(placed)
    }

    /// A digit left in exactly two cells of a house, as (cell, cell, bit),
    /// to branch on in place of a cell of `k` candidates and weight `w`:
    /// the one whose heavier cell weighs most, if that weight per its two
    /// places is at least `w / k`. Measured (nodes, count to 2): the ISS
    /// examples 2.54 M -> 1.61 M, TAREK_ALL 429 k -> 392 k; with every
    /// other propagator (skyscrapers: 98 k -> over 2 M) it can be far
    /// worse, hence sums only.
    fn house_pair(&self, at: usize, w: u64, k: u64) -> Option<(u16, u16, Mask)> {
        let mut best: Option<(u16, u16, Mask)> = None;
        let mut top = 0u64;
        for house in &self.model.houses {
            let (mut one, mut two, mut three) = (0 as Mask, 0 as Mask, 0 as Mask);
            for &c in house {
                let m = self.stack[at + c as usize];
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            for v in bits(two & !three) {
                let bit = 1 << v;
                let mut pair = house.iter().filter(|&&c| self.stack[at + c as usize] & bit != 0);
                let (&a, &b) = (pair.next()?, pair.next()?);
                let mw = self.weight[a as usize].max(self.weight[b as usize]) as u64;
                // mw / 2 >= w / k, and at least the best so far.
                if mw * k >= 2 * w && mw >= top {
                    top = mw;
                    best = Some((a, b, bit));
                }
            }
        }
        best
    }

    /// Searches below level `depth` (propagated): Break when the visitor
    /// or the meter stops.
    fn dfs(
        &mut self,
        depth: usize,
        meter: &mut Meter,
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (cells, at) = (self.cells, depth * self.cells);
        // The most weight per candidate: w / k > bw / bk (population
        // counts in one instruction at x86-64-v3).
        let (stack, weight) = (&self.stack[at..at + cells], &self.weight[..cells]);
        let best = cpu::run(
            self.level,
            #[inline(always)]
            |_| {
                let mut best = (1u64, 0u64, usize::MAX);
                for (i, (&m, &w)) in stack.iter().zip(weight).enumerate() {
                    let (k, w) = (m.count_ones() as u64, w as u64);
                    if k > 1 && w * best.0 > best.1 * k {
                        best = (k, w, i);
                    }
                }
                (best.0, best.2)
            },
        );
        if best.1 == usize::MAX {
            for (g, &m) in self.grid.iter_mut().zip(&self.stack[at..at + cells]) {
                *g = m.trailing_zeros() as u8;
            }
            if self.puzzle.verify(&self.grid).is_err() {
                return ControlFlow::Continue(());
            }
            self.found += 1;
            return visit(&self.grid);
        }
        let cell = best.1;
        if best.0 > 2 && self.sums_only {
            if let Some((a, b, bit)) = self.house_pair(at, self.weight[cell] as u64, best.0) {
                // The digit goes to one of the two cells: two branches.
                for c in [b, a] {
                    if meter.node(self.found) {
                        return ControlFlow::Break(());
                    }
                    let next = at + cells;
                    self.stack.copy_within(at..next, next);
                    self.stack[next + c as usize] = bit;
                    self.push(c);
                    if self.propagate(depth + 1) {
                        self.dfs(depth + 1, meter, visit)?;
                    }
                }
                return ControlFlow::Continue(());
            }
        }
        let mut left = self.stack[at + cell];
        while left != 0 {
            let bit = left & left.wrapping_neg();
            left ^= bit;
            if meter.node(self.found) {
                return ControlFlow::Break(());
            }
            let next = at + cells;
            self.stack.copy_within(at..next, next);
            self.stack[next + cell] = bit;
            self.push(cell as u16);
            if self.propagate(depth + 1) {
                self.dfs(depth + 1, meter, visit)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The propagators of `model` by priority, the last first: the sums the
/// model derives (innies and outies, after the rules' propagators in the
/// model) before the rules' own, each kind in the model's order. Which
/// propagator meets a dead end first decides which cells are blamed, and
/// so the branching: measured (count to 2, nodes, `--stats`), against
/// the highest index first (every derived sum before the rules too, but
/// the last derived first): "Wecoc #1 [mod B]" 248 k -> 177 k nodes,
/// TAREK_ALL 108 k -> 93 k, the 49 ISS examples 679 k -> 608 k, the 27
/// SudokuPad puzzles 15.4 k -> 11.6 k; tried beside it: rules first (Wecoc
/// 446 k), the cages inside a house last (201 k), the shorter or longer
/// derived sums first (248 k, 229 k), the rules' last first (265 k), and
/// five random orders (230 k to 410 k). Before the bitset queue (a stack:
/// the last woken first) Wecoc took 242 k nodes; the lowest index first
/// (the rules' propagators first) 396 k.
fn priority(model: &Model) -> Vec<u16> {
    let derived = |p: u16| !matches!(model.origins[p as usize], Origin::Rule(_));
    let mut order: Vec<u16> = (0..model.props.len() as u16).collect();
    order.sort_by_key(|&p| (derived(p), std::cmp::Reverse(p)));
    order
}

/// The propagators `props` (bits of the queue) as (word, bits) of a
/// bitset of 64 to a word.
fn wake_words(props: impl Iterator<Item = u16>) -> Vec<(u32, u64)> {
    let mut out: Vec<(u32, u64)> = Vec::new();
    for p in props {
        let (w, bit) = ((p / 64) as u32, 1u64 << (p % 64));
        match out.iter_mut().find(|e| e.0 == w) {
            Some(e) => e.1 |= bit,
            None => out.push((w, bit)),
        }
    }
    out
}
