//! From a full grid to a minimal puzzle: givens are taken away orbit by
//! orbit, in random order, as long as the puzzle keeps one solution.
//!
//! One pass is enough. If taking away an orbit lets in a second solution,
//! taking away more givens later only lets in more, so an orbit kept once
//! is kept for good: after the pass no orbit of givens can go, and the
//! puzzle is minimal (orbit by orbit; cell by cell when the orbits are
//! single cells).
//!
//! The test for an orbit asks for a solution other than the grid. For a
//! single cell that is "a solution of the puzzle without this given, with
//! its symbol excluded there" ([`GridSolver::solve_near`]): a solution
//! that keeps the symbol keeps every given, so it is the grid itself. The
//! search tries the grid's own symbol first at each branch, so that the
//! other solutions that differ from the grid in a few cells only (the usual
//! kind) come first: a quarter fewer instructions at 16x16. An
//! orbit of several cells is tested cell by cell: a solution other than
//! the grid differs from it in a first cell of the orbit, so the search
//! for cell i keeps cells 0..i as the grid has them and excludes the
//! grid's symbol from cell i. Before any search, a cell whose peers still
//! show every other symbol is forced back to its own (a naked single):
//! near-full puzzles are decided so, without a search.
//!
//! On box grids a test's search that runs past a small cap starts again
//! in another order, with caps that grow ([`other_solution`]): the
//! search for a second solution has a heavy tail.
//!
//! From order [`WORK_FROM`] (on jigsaw maps from [`JIGSAW_WORK_FROM`]) a
//! pass may spend only so many nodes, all its
//! tests together and any `2n` tests in a row ([`work`]): a pass past
//! either is given up whole, as cut short, and the maker starts again from
//! a fresh grid.
//!
//! From order [`SPARSE_FIRST_FROM`] (17) the order is not the random one
//! as it is: the first round tests next, each time, the orbit whose cells
//! see the fewest given symbols in their units (ties: the random order).
//! Givens go first where they are already few, so sparse units grow
//! sparser and dense ones stay dense; the tests stay cheap (the dense
//! units decide much by singles) where a random order reaches the costly
//! middle ground, every unit half full. Node counts of whole runs (seeds 1
//! to 6, `--jobs 1`): order 20 4,000 to 32,000 against 20,000 to 515,000;
//! order 22 6,500 to 33,000 against 184,000 to 2.1M; a 24x24 pass about
//! 10,000 against 170,000 to 420,000 for a pass that came and 93,000 or
//! more for one cut short (30 passes of 5 grids, 30 of 30 came against 3
//! of 30). Below order 17 it does not pay: 20 16x16 puzzles took 3.8 s
//! with it against 0.86 s (sparser puzzles, 89 to 92 givens, and dearer
//! proofs), so orders up to 16 keep the random order and their puzzles.

use std::ops::ControlFlow;

use dlx::{Budget, End, Outcome};

use crate::grid::{Regions, Shape};
use crate::puzzle::Puzzle;
use crate::search::{luby, GridSolver, Nine, Prepared};

/// The order from which the removal tests filter with box-line
/// interactions.
const FILTER_FROM: usize = 12;

/// The units of a shape and the symbols given in each: what the tests for
/// forced cells look at.
#[derive(Clone, Debug)]
pub(crate) struct UnitGivens {
    n: usize,
    /// Every symbol.
    all: u64,
    /// The units of each cell (row, column, region; the row again without
    /// regions).
    of_cell: Vec<[u16; 3]>,
    /// The cells of unit `u` are `cells[u * n..][..n]`.
    cells: Vec<u16>,
    /// The symbols given in each unit.
    given: Vec<u64>,
    /// Whether the regions are a jigsaw map (see [`UnitGivens::density`]).
    jigsaw: bool,
    /// How a test's search cut short is tried again in other orders (box
    /// grids: see [`other_solution`]).
    retries: Option<Retries>,
    /// The share of a test's cap that a first run with restarts takes
    /// before the test's search, 0 for none (big jigsaws: see
    /// [`RESTARTED_SHARE`]).
    restarted: u64,
    /// The first round's cap of a test's search, in nodes ([`FIRST_CAP`]
    /// a cell, or see [`BOX_CELLS_PER_FIRST_NODE`]).
    first_cap: u64,
}

impl UnitGivens {
    /// The units of `shape`.
    pub(crate) fn new(shape: &Shape) -> UnitGivens {
        let n = shape.n();
        let units = if shape.has_regions() { 3 * n } else { 2 * n };
        let mut cells = vec![0u16; units * n];
        let mut filled = vec![0usize; units];
        let mut of_cell = Vec::with_capacity(n * n);
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            let us = [r, n + c, shape.region(cell).map_or(r, |k| 2 * n + k)];
            for &u in &us[..units / n] {
                cells[u * n + filled[u]] = cell as u16;
                filled[u] += 1;
            }
            of_cell.push(us.map(|u| u as u16));
        }
        let all = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        let jigsaw = matches!(shape.regions(), Regions::Map(_));
        let retries = matches!(shape.regions(), Regions::Boxes { .. }).then_some(Retries {
            first: RETRY_FIRST,
            shuffled_to: if n >= WORK_FROM { SHUFFLED_TO } else { u64::MAX },
        });
        let restarted = if jigsaw && n >= WORK_FROM { RESTARTED_SHARE } else { 0 };
        let area = (n * n) as u64;
        let first_cap = if n >= WORK_FROM && matches!(shape.regions(), Regions::Boxes { .. }) {
            area / BOX_CELLS_PER_FIRST_NODE
        } else {
            FIRST_CAP * area
        };
        UnitGivens { n, all, of_cell, cells, given: vec![0; units], jigsaw, retries, restarted, first_cap }
    }

    /// Whether the regions are a jigsaw map.
    pub(crate) fn jigsaw(&self) -> bool {
        self.jigsaw
    }

    /// Notes the givens of `givens` (every unit's symbols afresh).
    fn load(&mut self, givens: &[Option<u8>]) {
        self.given.fill(0);
        for (cell, g) in givens.iter().enumerate() {
            if let Some(v) = g {
                for u in self.of_cell[cell] {
                    self.given[u as usize] |= 1 << v;
                }
            }
        }
    }

    /// Notes that `cell` gains (`true`) or loses given `v`.
    fn set(&mut self, cell: usize, v: u8, given: bool) {
        for u in self.of_cell[cell] {
            if given {
                self.given[u as usize] |= 1 << v;
            } else {
                self.given[u as usize] &= !(1 << v);
            }
        }
    }

    /// How sparse the units of `cell` are, for [`sparsest_first`]: on box
    /// grids the symbols given in its units (each counted once), on
    /// jigsaws the givens of each unit added up (a symbol given in two of
    /// them counted twice).
    fn density(&self, cell: usize) -> usize {
        if self.jigsaw {
            self.of_cell[cell].iter().map(|&u| self.given[u as usize].count_ones() as usize).sum()
        } else {
            self.seen(cell).count_ones() as usize
        }
    }

    /// The symbols given in the units of `cell`.
    fn seen(&self, cell: usize) -> u64 {
        let [a, b, c] = self.of_cell[cell];
        self.given[a as usize] | self.given[b as usize] | self.given[c as usize]
    }

    /// Whether blank `cell` must hold `v` by the givens alone: the givens
    /// it sees show every other symbol (a naked single), or in one of its
    /// units every other blank cell sees a given `v` (a hidden single).
    fn forced(&self, givens: &[Option<u8>], cell: usize, v: u8) -> bool {
        let bit = 1u64 << v;
        if self.seen(cell) | bit == self.all {
            return true;
        }
        let units = &self.of_cell[cell];
        units.iter().enumerate().any(|(k, &u)| {
            // Without regions the third unit is the row again.
            (k < 2 || units[2] != units[0])
                && self.cells[u as usize * self.n..][..self.n].iter().all(|&x| {
                    x as usize == cell || givens[x as usize].is_some() || self.seen(x as usize) & bit != 0
                })
        })
    }
}

/// The order from which the first round of [`minimize`] tests next the
/// orbit whose cells see the fewest given symbols (see [`minimize`]).
pub(crate) const SPARSE_FIRST_FROM: usize = 17;

/// The first node cap of a test, per cell of the grid (see [`minimize`]).
const FIRST_CAP: u64 = 16;

/// On box grids from order [`WORK_FROM`], the cells of the grid per node
/// of a test's first cap: a quarter of a node a cell (324 nodes at 36x36)
/// where [`FIRST_CAP`] gives 16 (20,736).
///
/// There a test that runs past a few hundred nodes is mostly a proof (no
/// other solution) on a dense puzzle, and the first round's tests that
/// ran out of 16 nodes a cell were lost work: 36x36 seed 3 spent 213,000
/// of its 499,000 nodes on ten tests cut at 21,000 nodes each, which the
/// next round, on the sparser puzzle, decided in 11,000 nodes in all (a
/// second solution near at hand once more givens had gone). Put off
/// sooner, such tests cost a few hundred nodes each in the first round.
/// CPU of one puzzle (`generate --order N --seed S --jobs 1`, seeds 1 to
/// 7, medians of 3 interleaved runs): 36x36 25.0 s in all before, 14.1 s
/// after (seed 3 6.21 -> 1.69 s, seed 6 5.08 -> 1.36); 30x30 5.64 ->
/// 4.54 s; 24x24 and 25x25 the same time (other puzzles, as many givens
/// give or take nine). In a first sweep a half node a cell gave 14.0 s
/// and 3.67 s, one node 19.7 s and 4.14 s, against 13.1 s and 4.06 s.
/// Jigsaws keep [`FIRST_CAP`]: on 25x25 jigsaws one node a cell took seed
/// 5 from 7.6 s to 50 s.
const BOX_CELLS_PER_FIRST_NODE: u64 = 4;

/// The order from which one pass of [`minimize`] gets a bound on its
/// nodes, all tests together (see [`work`]).
pub(crate) const WORK_FROM: usize = 24;

/// The order from which one pass of [`minimize`] on a jigsaw map gets
/// the bounds of [`work`]. Below [`WORK_FROM`] the search for another
/// solution on jigsaws has the same heavy tail: 16x16 jigsaws, seeds 1 to
/// 20, took 1 to 36 s of CPU without the bounds, and seeds 3 and 7 made
/// no puzzle within 45 and 60 s (single tests of 150,000 to 260,000
/// nodes at 65 givens); with them every seed came within 19 s, 11 of the
/// 18 that came before with the same puzzle (bench/results.md).
const JIGSAW_WORK_FROM: usize = 16;

/// The first pass's bound on its nodes, per cell of the grid (see
/// [`work`]).
const FIRST_WORK: u64 = 768;

/// [`FIRST_WORK`] on jigsaw maps. A pass that comes takes 420 to 1,100
/// nodes a cell on 25x25 jigsaws (seeds 1 to 5), and at 768 passes were
/// thrown away at their very end (seed 1: a pass of 480,000 nodes with
/// 186 givens left, then one of 302,000 that came with 182; seed 4: one
/// of 500,000 with 180 left, then one of 444,000). The window's bound
/// still cuts the slow passes early (seed 5: two at 105,000 and 121,000
/// nodes, with 380 to 390 givens left).
const JIGSAW_FIRST_WORK: u64 = 3 * FIRST_WORK;

/// The first pass's bound on the nodes of any [`WINDOW`] tests in a row
/// (of the first round: before the tests put off are tried again), per
/// cell of the grid (see [`work`]).
const FIRST_WINDOW_WORK: u64 = 160;

/// The tests in a row that [`FIRST_WINDOW_WORK`] bounds, per unit of
/// the grid's order.
const WINDOW: usize = 2;

/// The fifths of the first round's tests that [`FIRST_WINDOW_WORK`]
/// watches: a pass that got further is nearly done.
const WATCHED: usize = 4;

/// The bounds on the nodes of one pass of [`minimize`] (see [`work`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Work {
    /// All the tests together.
    pub(crate) total: u64,
    /// Any `2n` tests in a row of the first 4/5 of the first round.
    pub(crate) window: u64,
}

/// The bounds on the nodes of one pass of [`minimize`] on an order-`n`
/// grid, after `cut` passes were cut short by them: none below
/// [`WORK_FROM`] ([`JIGSAW_WORK_FROM`] on jigsaw maps), else
/// [`FIRST_WORK`] ([`JIGSAW_FIRST_WORK`]) nodes a cell for the whole pass,
/// times the `cut + 1`-th term of Luby's sequence (1, 1, 2, 1, 1, 2, 4,
/// ...), and [`FIRST_WINDOW_WORK`] nodes a cell for any `2n` tests in a
/// row of the first 4/5 of its first round, times `1 + cut / 16`.
///
/// From order 24 the work a pass takes has a heavy tail: most grids and
/// orders of removal take a few hundred nodes a cell (24x24: 100,000 to
/// 200,000 nodes in all), but some take ten to twenty times as many, in
/// many tests of tens of thousands of nodes each (sparse puzzles whose
/// second solutions and proofs are both far away). A fresh grid is then
/// cheaper than the tail, as with the restarts of a search (and as
/// there, Luby's sequence: a fast pass is as likely after a slow one, and
/// the bounds still grow without end, so a pass ends in the end). Nothing
/// unsound comes of it: a pass cut short is thrown away whole (its puzzle
/// is unique but maybe not minimal).
///
/// A slow pass shows early. The first half of the tests are nearly free
/// (dense puzzles, decided by singles); then, traced on 24x24 (seeds 1 to
/// 5, 27 passes) and 25x25 (seeds 1, 2, 4), a pass that came within the
/// total bound spent at most 105 nodes a cell on any `2n` tests in a row
/// of the first 4/5 of its first round (24x24: 60,000 nodes for passes of
/// 170,000 to 200,000 in all), a slow one 290 to 1,700 (24x24: 167,000 to
/// 980,000 nodes), past 160 a cell (92,000 nodes on 24x24) within some 20
/// to 130 tests of its first costly one, at 93,000 to 180,000 nodes in
/// all, where the total bound waits for 442,000 or more. The last fifth
/// is not watched: a pass there is nearly done, and the pass 25x25 seed 4
/// came with spent 183 a cell on 50 tests there. The window's bound grows
/// slowly rather than by Luby's sequence, whose terms of 2 and 4 let slow
/// passes run to the total bound (24x24 seed 2: a pass of 1.77M nodes).
pub(crate) fn work(n: usize, cut: u64, jigsaw: bool) -> Option<Work> {
    (n >= WORK_FROM || (jigsaw && n >= JIGSAW_WORK_FROM)).then(|| {
        let cells = (n * n) as u64;
        let first = if jigsaw { JIGSAW_FIRST_WORK } else { FIRST_WORK };
        Work {
            total: (first * cells).saturating_mul(luby(cut.min(1 << 20) + 1)),
            window: (FIRST_WINDOW_WORK * cells).saturating_mul(1 + cut / 16),
        }
    })
}

/// How a test came out.
enum Test {
    /// The orbit can go: the puzzle keeps one solution without it.
    Removed,
    /// The orbit stays: without it, another solution.
    Kept,
    /// The search was cut short.
    Cut(End),
}

/// Takes givens away from `puzzle` (full: every cell given, its one
/// solution `solution`), orbit by orbit in the order `order` (indices into
/// `orbits`), while it keeps one solution. Returns how a search was cut
/// short, if one was (the puzzle is then unique but maybe not minimal).
///
/// On big grids a few tests take a search millions of nodes while most
/// take a handful, so each test first gets a small cap; an orbit whose
/// test runs out of it stays for now, and the orbits put off are tested
/// again after the pass, with eight times the cap, until the solver's own
/// budget. Put off or not, a test is as sound as in the plain pass: an
/// orbit kept has a second solution without it that stays a solution of
/// every sparser puzzle, and an orbit taken away leaves one solution.
///
/// From order [`SPARSE_FIRST_FROM`], the first round does not follow
/// `order` as it is: it tests next the orbit whose cells see the fewest
/// given symbols, the first such in `order` (see the module
/// documentation).
///
/// `work`, when given, bounds the nodes of all the tests together, and of
/// any `2n` tests in a row of the first 4/5 of the first round: past either
/// the pass stops
/// as cut short (out of nodes), and the caller makes the puzzle again from
/// another grid (see [`work`]).
pub(crate) fn minimize(
    solver: &mut GridSolver,
    units: &mut UnitGivens,
    puzzle: &mut Puzzle,
    solution: &[u8],
    orbits: &[Vec<usize>],
    order: &[usize],
    work: Option<Work>,
) -> Result<(), End> {
    if let Some(nine) = solver.nine() {
        return minimize_nine(nine, units, puzzle, solution, orbits, order);
    }
    let budget = solver.budget();
    // The tests put off are mostly proofs (no other solution), and a
    // proof walks its whole tree once per run: no restarts (on 20x20
    // minimal puzzles, proofs took 13 times the nodes with them).
    solver.set_restarts(false);
    // Box-line interactions (locked candidates on other regions): five to
    // seven times fewer nodes on sparse 24x24 puzzles, at about three
    // times the cost per node; below order 12 their cost is not won back
    // (6x6: 2,000 puzzles 0.067 s with them, 0.046 s without).
    solver.set_filtering(puzzle.n() >= FILTER_FROM);
    let most = budget.max_nodes.unwrap_or(u64::MAX);
    let mut cap = most.min(units.first_cap);
    let mut pending = order.to_vec();
    let mut later = Vec::new();
    let mut spent = 0u64;
    // What was spent before each of the last `window` tests of the first
    // round (see [`work`]).
    let window = WINDOW * puzzle.n();
    let mut before = vec![0u64; window];
    let mut tests = 0usize;
    let first_round = cap;
    // The window watches the tests of the first round until 4/5 of the
    // orbits were tested.
    let window_end = order.len() / 5;
    units.load(puzzle.givens());
    let sparse_first = puzzle.n() >= SPARSE_FIRST_FROM;
    let result = loop {
        solver.set_budget(Budget { max_nodes: Some(cap), ..budget });
        later.clear();
        let mut cut = None;
        for idx in 0..pending.len() {
            if sparse_first && cap == first_round {
                sparsest_first(units, orbits, &mut pending[idx..]);
            }
            let k = pending[idx];
            if let Some(w) = work {
                let slot = &mut before[tests % window];
                let watched = cap == first_round && tests < WATCHED * window_end;
                if spent > w.total || (watched && spent - *slot > w.window) {
                    cut = Some(End::OutOfNodes);
                    break;
                }
                *slot = spent;
                tests += 1;
            }
            match test(solver, units, puzzle, solution, &orbits[k], &mut spent) {
                Test::Removed | Test::Kept => {}
                Test::Cut(End::OutOfNodes) if cap < most => later.push(k),
                Test::Cut(end) => {
                    cut = Some(end);
                    break;
                }
            }
        }
        if let Some(end) = cut {
            break Err(end);
        }
        if later.is_empty() {
            break Ok(());
        }
        std::mem::swap(&mut pending, &mut later);
        cap = cap.saturating_mul(8).min(most);
    };
    solver.set_budget(budget);
    solver.set_restarts(true);
    solver.set_filtering(false);
    result
}

/// Brings to the front of `pending` (untested orbits, all given) the first
/// orbit whose cells see the fewest given symbols (the mean over its cells
/// of the symbols given in their units), the others kept in their order.
/// On jigsaws the givens of a cell's units are added up instead
/// ([`UnitGivens::density`]): a given counts once for each of its units the
/// cell shares, so cells whose row, column and region are each sparse go
/// first, not only cells whose units together show few symbols. Measured
/// on jigsaws (`--jobs 1`): 20x20 seed 2 from one pass of 762,000 nodes
/// to one of 22,000, 25x25 seeds 1 to 3 from over 30 s CPU to 9 to 27 s
/// (`docs/generate.md`). Box grids keep the old measure and puzzles.
fn sparsest_first(units: &UnitGivens, orbits: &[Vec<usize>], pending: &mut [usize]) {
    // The symbols seen by an orbit's cells, in all, and its cells: means
    // are compared by cross-multiplying.
    let seen = |k: usize| {
        let orbit = &orbits[k];
        (orbit.iter().map(|&c| units.density(c)).sum::<usize>(), orbit.len())
    };
    let Some(&first) = pending.first() else { return };
    let mut best = 0;
    let (mut best_seen, mut best_len) = seen(first);
    for (j, &k) in pending.iter().enumerate().skip(1) {
        let (seen, len) = seen(k);
        if seen * best_len < best_seen * len {
            (best, best_seen, best_len) = (j, seen, len);
        }
    }
    pending[..=best].rotate_right(1);
}

/// Tests whether `orbit` (all given) can go, and leaves it given or blank
/// as the test says (given when the test was cut short).
fn test(
    solver: &mut GridSolver,
    units: &mut UnitGivens,
    puzzle: &mut Puzzle,
    solution: &[u8],
    orbit: &[usize],
    spent: &mut u64,
) -> Test {
    for &cell in orbit {
        puzzle.givens_mut()[cell] = None;
        units.set(cell, solution[cell], false);
    }
    // Near full: each cell of the orbit forced back by the givens.
    if orbit.iter().all(|&c| units.forced(puzzle.givens(), c, solution[c])) {
        return Test::Removed;
    }
    let mut result = Test::Removed;
    for (i, &cell) in orbit.iter().enumerate() {
        if i > 0 {
            let before = orbit[i - 1];
            puzzle.givens_mut()[before] = Some(solution[before]);
            units.set(before, solution[before], true);
        }
        let outcome = other_solution(solver, units.retries, units.restarted, puzzle, cell, solution, spent);
        if outcome.so_far() > 0 {
            result = Test::Kept;
            break;
        }
        if outcome.end().is_unknown() {
            result = Test::Cut(outcome.end());
            break;
        }
    }
    // Back as the orbit stays: all blank, or all given.
    let stays = !matches!(result, Test::Removed);
    for &c in orbit {
        if puzzle.givens()[c].is_some() != stays {
            puzzle.givens_mut()[c] = stays.then_some(solution[c]);
            units.set(c, solution[c], stays);
        }
    }
    result
}

/// The first run's cap of a test's search on box grids, in nodes (see
/// [`other_solution`]).
const RETRY_FIRST: u64 = 32;

/// A first run with restarts (the search's own: dom/wdeg, partial
/// restarts) and no grid to stay near, before a test's search on jigsaws
/// from order [`WORK_FROM`], takes this share of the test's cap: 1,000
/// nodes of the first round's 10,000 at 25x25, more in the rounds of the
/// tests put off (see [`other_solution`]).
const RESTARTED_SHARE: u64 = 10;

/// The largest cap of a run in another order from order [`WORK_FROM`]
/// (see [`other_solution`]).
const SHUFFLED_TO: u64 = 512;

/// How a test's search is cut short and tried again (see
/// [`other_solution`]).
#[derive(Clone, Copy, Debug)]
struct Retries {
    /// The first run's cap.
    first: u64,
    /// The largest cap of a run in another order: past it, the last run
    /// is in the plain order, with the test's cap.
    shuffled_to: u64,
}

/// How much each run's cap grows on the one before (see
/// [`other_solution`]). Nodes of all the tests (16x16 boxes seeds 1 to
/// 40; 36x36 seed 1; 25x25 seeds 1 and 2), by first cap and growth: 64
/// and 4 320,000, 131,000, 28,700; 32 and 8 300,000, 107,000, 32,100; 32
/// and 16 294,000, 100,000, 30,300; 32 and 64 277,000, 105,000, 30,300;
/// 16 and 16 307,000, 97,000, 33,000; 256 and 4 (36x36) 141,000.
const RETRY_GROWTH: u64 = 16;

/// Searches for a solution of `puzzle` (`cell` blank) without `solution`'s
/// symbol in `cell`, the symbols of `solution` first: the one search of
/// a test when `retries` is `None`. With `retries`, a run of `first`
/// nodes in the plain order comes first, and while runs are cut short
/// (neither a solution nor a proof of none) the search starts again in
/// another order (ties among the cells to branch on broken by a seeded
/// random draw: seeds 1, 2, ...), each run's cap [`RETRY_GROWTH`] times
/// the last, the last run's the solver's own budget; a run whose cap
/// would pass `shuffled_to` is the last, in the plain order.
///
/// The search near the grid finds a second solution in a few nodes as a
/// rule, but its work has a heavy tail: on 16x16 boxes (20 puzzles, seeds
/// 1 to 20) 1,887 tests that kept a given took 216,000 nodes, three
/// quarters of them in the 250 that took over 128 nodes each, where a
/// first choice near the root was wrong and the depth-first search
/// undoes the deepest choices first. A fresh order is a fresh chance, as
/// with the restarts of [`crate::search::Bits`]; a proof (no other
/// solution) is complete in any order, and the caps that grow sixteenfold
/// cost it at most a fifteenth more on top of its last run. From order
/// [`WORK_FROM`] the proofs are heavier, and one in another order can take
/// many times the nodes of the plain order's, run out of the test's cap
/// and put the test off: there runs in other orders stop at
/// [`SHUFFLED_TO`] nodes, then the plain order has the test's cap (36x36,
/// nodes of all the tests, seeds 1, 2 and 4: before any retries 176,000,
/// 295,000 and 175,000; in other orders up to the cap 100,000, 362,000
/// and 207,000, two and one tests put off; up to 512 nodes 109,000,
/// 316,000 and 137,000, none put off). Measured on
/// the same 20 puzzles (identical output): all the tests 277,000 nodes
/// before, 169,000 with first runs of 64 nodes growing fourfold; 36x36
/// seed 1 176,000 and 131,000; with the first runs of 32 nodes growing
/// sixteenfold ([`RETRY_GROWTH`]), 36x36 100,000. On jigsaws it did not pay (9x9: the proofs took twice the
/// nodes in their random orders; 25x25 seed 2: no fewer nodes), so they
/// keep the one search.
///
/// On jigsaws from order [`WORK_FROM`] (`restarted` > 0) a run with the
/// search's own restarts and no grid to stay near comes first, with a
/// `restarted`-th of the test's cap ([`RESTARTED_SHARE`]): the tests that
/// keep a given there find their other solution in a depth-first search
/// near the grid only after 1,500 nodes on average, with a tail past
/// 250,000 (25x25 seed 1), where restarts, dom/wdeg and phase saving
/// find one sooner; a proof that the run cannot finish is then done by
/// the search near the grid. 25x25 seed 2, nodes of all the tests:
/// 425,000 before, 377,000 after.
fn other_solution(
    solver: &mut GridSolver,
    retries: Option<Retries>,
    restarted: u64,
    puzzle: &Puzzle,
    cell: usize,
    solution: &[u8],
    spent: &mut u64,
) -> Outcome {
    let excluded = [(cell, solution[cell])];
    if restarted > 0 && retries.is_none() {
        // A run with restarts, away from the grid: any solution it finds
        // is another (the grid's symbol is excluded in `cell`).
        let budget = solver.budget();
        let cap = budget.max_nodes.unwrap_or(u64::MAX);
        solver.set_restarts(true);
        solver.set_budget(Budget { max_nodes: Some((cap / restarted).max(1)), ..budget });
        let outcome = solver.solve_near_seeded(puzzle, &excluded, &[], None, |_| ControlFlow::Break(()));
        solver.set_restarts(false);
        solver.set_budget(budget);
        *spent += outcome.nodes();
        if outcome.so_far() > 0 || outcome.end() != End::OutOfNodes {
            return outcome;
        }
    }
    let budget = solver.budget();
    let cap = budget.max_nodes.unwrap_or(u64::MAX);
    let (mut run, shuffled_to) = retries.map_or((cap, 0), |r| (r.first, r.shuffled_to));
    let mut seed = None;
    let mut runs = 0;
    let outcome = loop {
        let last = run >= cap;
        solver.set_budget(Budget { max_nodes: Some(run.min(cap)), ..budget });
        let outcome = solver.solve_near_seeded(puzzle, &excluded, solution, seed, |_| ControlFlow::Break(()));
        *spent += outcome.nodes();
        if last || outcome.so_far() > 0 || outcome.end() != End::OutOfNodes {
            break outcome;
        }
        runs += 1;
        run = run.saturating_mul(RETRY_GROWTH);
        seed = Some(runs);
        if run > shuffled_to {
            (run, seed) = (cap, None);
        }
    };
    solver.set_budget(budget);
    outcome
}

/// [`minimize`] on the 9x9 search, from prepared boards. When orbit
/// `order[k]` is tested, the givens are the orbits kept before it and all
/// the orbits after it. The orbits are halved again and again: the first
/// half is tested on a board with every orbit of the second half placed
/// (all still given then), the second half on a board with the orbits the
/// first half kept. Each board is prepared from its parent's, so a test
/// costs the propagation of a few placements instead of a whole puzzle's,
/// and each orbit is placed on a board once per halving.
fn minimize_nine(
    nine: &mut Nine,
    units: &mut UnitGivens,
    puzzle: &mut Puzzle,
    solution: &[u8],
    orbits: &[Vec<usize>],
    order: &[usize],
) -> Result<(), End> {
    units.load(puzzle.givens());
    let blank = Nine::prepare(None, &[], &[]).expect("the blank board has solutions");
    let mut halves = Halves { nine, units, puzzle, solution, orbits, places: Vec::new() };
    halves.test(order, &blank)
}

/// Orbits tested on one board, each with the others' givens added.
const LEAVES: usize = 4;

/// What [`minimize_nine`]'s halvings share.
struct Halves<'a> {
    nine: &'a mut Nine,
    units: &'a mut UnitGivens,
    puzzle: &'a mut Puzzle,
    solution: &'a [u8],
    orbits: &'a [Vec<usize>],
    places: Vec<(usize, u8)>,
}

impl Halves<'_> {
    /// Tests the orbits of `order` in turn, on `board`: the givens of
    /// every orbit outside `order` that is given while they are tested.
    fn test(&mut self, order: &[usize], board: &Prepared) -> Result<(), End> {
        if order.len() <= LEAVES {
            // Each orbit on the board with the others of `order` given
            // then: those kept before it, all after it.
            for &o in order {
                self.places.clear();
                for &p in order {
                    let given = self.puzzle.givens()[self.orbits[p][0]].is_some();
                    if p != o && given {
                        self.places.extend(self.orbits[p].iter().map(|&c| (c, self.solution[c])));
                    }
                }
                let extra = self.places.len();
                self.test_one(&self.orbits[o], board, extra)?;
            }
            return Ok(());
        }
        let (first, second) = order.split_at(order.len() / 2);
        let full = "givens of a full grid leave it a solution";
        self.places.clear();
        for &o in second {
            self.places.extend(self.orbits[o].iter().map(|&c| (c, self.solution[c])));
        }
        let left = Nine::prepare(Some(board), &self.places, &[]).expect(full);
        self.test(first, &left)?;
        self.places.clear();
        for &o in first {
            let orbit = &self.orbits[o];
            if self.puzzle.givens()[orbit[0]].is_some() {
                self.places.extend(orbit.iter().map(|&c| (c, self.solution[c])));
            }
        }
        let right = Nine::prepare(Some(board), &self.places, &[]).expect(full);
        self.test(second, &right)
    }

    /// Tests `orbit`, given, on `board` (every other given): takes it
    /// away unless that lets in a second solution.
    fn test_one(&mut self, orbit: &[usize], board: &Prepared, extra: usize) -> Result<(), End> {
        let (puzzle, units, solution) = (&mut *self.puzzle, &mut *self.units, self.solution);
        for &cell in orbit {
            puzzle.givens_mut()[cell] = None;
            units.set(cell, solution[cell], false);
        }
        if orbit.iter().all(|&c| units.forced(puzzle.givens(), c, solution[c])) {
            return Ok(());
        }
        // Cell i's symbol excluded there, the orbit's cells before it given.
        let mut stays = false;
        for (i, &cell) in orbit.iter().enumerate() {
            self.places.truncate(extra);
            self.places.extend(orbit[..i].iter().map(|&c| (c, solution[c])));
            let Some(board) = Nine::prepare(Some(board), &self.places, &[(cell, solution[cell])]) else {
                continue;
            };
            let outcome = self.nine.solve_prepared(&board, |_| ControlFlow::Break(()));
            if outcome.so_far() > 0 {
                stays = true;
                break;
            }
            if outcome.end().is_unknown() {
                for &c in orbit {
                    puzzle.givens_mut()[c] = Some(solution[c]);
                }
                return Err(outcome.end());
            }
        }
        if stays {
            for &c in orbit {
                puzzle.givens_mut()[c] = Some(solution[c]);
                units.set(c, solution[c], true);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Alphabet;

    /// Half the cells of a 9x9 grid given: the orbit brought first is the
    /// first in the order of those whose cells see the fewest givens, and
    /// the others keep their order.
    #[test]
    fn the_sparsest_orbit_comes_first_ties_in_order() {
        let shape = Shape::default_for(9).unwrap();
        let grid: Vec<u8> = (0..81).map(|c| ((c / 9 * 3 + c / 27 + c % 9) % 9) as u8).collect();
        let givens: Vec<Option<u8>> =
            grid.iter().enumerate().map(|(c, &v)| (c * 7 % 11 < 6).then_some(v)).collect();
        let puzzle = Puzzle::new(shape.clone(), Alphabet::default_for(9).unwrap(), givens).unwrap();
        let mut units = UnitGivens::new(&shape);
        units.load(puzzle.givens());
        // Single cells, and pairs (cell, 80 - cell) as rot180 has them.
        let mut orbits: Vec<Vec<usize>> = (0..81).map(|c| vec![c]).collect();
        orbits.extend((0..40).map(|c| vec![c, 80 - c]));
        let seen = |o: &Vec<usize>| {
            o.iter().map(|&c| units.seen(c).count_ones() as f64).sum::<f64>() / o.len() as f64
        };
        for start in [0, 7, 40, 81] {
            let order: Vec<usize> = (start..orbits.len()).chain(0..start).rev().collect();
            let mut pending = order.clone();
            sparsest_first(&units, &orbits, &mut pending);
            let fewest = orbits.iter().map(seen).fold(f64::MAX, f64::min);
            let first = *order.iter().find(|&&k| seen(&orbits[k]) == fewest).unwrap();
            assert_eq!(pending[0], first);
            let rest: Vec<usize> = order.iter().copied().filter(|&k| k != first).collect();
            assert_eq!(pending[1..], rest[..]);
            // The fewest are fewer than the most: the pick is not idle.
            assert!(orbits.iter().map(seen).fold(0.0, f64::max) > fewest);
        }
        let mut none: Vec<usize> = Vec::new();
        sparsest_first(&units, &orbits, &mut none);
    }

    /// Whether `cell` of `puzzle` can hold another symbol than `grid`'s
    /// in some solution, by the dancing links: each other symbol given
    /// there in turn.
    fn other_by_links(puzzle: &Puzzle, grid: &[u8], cell: usize) -> bool {
        use crate::search::Engine;
        let mut links = GridSolver::with_engine(puzzle.shape(), Engine::Links).unwrap();
        (0..puzzle.n() as u8).filter(|&v| v != grid[cell]).any(|v| {
            let mut p = puzzle.clone();
            p.givens_mut()[cell] = Some(v);
            links.count(&p, Some(1)).is_ok_and(|o| o.so_far() > 0)
        })
    }

    /// The search for another symbol in a cell, cut short and tried again
    /// in other orders from runs of 1 node up (to the cap, or to 48 nodes
    /// and then the plain order; every blank cell of 8x8 and 12x12 box
    /// grids, 40% to 80% of the cells blank), answers as one search and as
    /// the dancing links.
    #[test]
    fn retried_searches_answer_as_one_search_and_as_the_links() {
        let mut rng = dlx::SplitMix64::new(36);
        let (mut found, mut none) = (0, 0);
        for (n, blanks) in [(8, 40), (8, 60), (12, 40), (12, 60), (12, 80)] {
            let shape = Shape::default_for(n).unwrap();
            let blank =
                Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap();
            let mut solver = GridSolver::new(&shape);
            let grid = crate::generate::full::draw(&mut solver, &blank, &mut rng).unwrap().unwrap();
            let mut puzzle = blank.clone();
            for (c, &v) in grid.iter().enumerate() {
                if rng.below(100) >= blanks {
                    puzzle.givens_mut()[c] = Some(v);
                }
            }
            solver.set_restarts(false);
            for cell in (0..n * n).filter(|&c| puzzle.givens()[c].is_none()) {
                let expected = other_by_links(&puzzle, &grid, cell);
                let mut answers = Vec::new();
                let retries = [
                    None,
                    Some(Retries { first: 1, shuffled_to: u64::MAX }),
                    Some(Retries { first: 3, shuffled_to: 48 }),
                ];
                for retries in retries {
                    let mut spent = 0;
                    let outcome = other_solution(&mut solver, retries, 0, &puzzle, cell, &grid, &mut spent);
                    assert!(!outcome.end().is_unknown(), "{n}x{n} cell {cell}");
                    assert!(spent >= outcome.nodes());
                    answers.push(outcome.so_far() > 0);
                }
                assert_eq!(answers, [expected; 3], "{n}x{n} cell {cell}");
                if expected {
                    found += 1;
                } else {
                    none += 1;
                }
            }
        }
        // Both answers come up.
        assert!(found > 50 && none > 50, "{found} {none}");
    }

    /// On jigsaw maps (orders 8 and 10, 40% to 70% of the cells blank) the
    /// first run with restarts, then the search near the grid, answers as
    /// the dancing links; with a cap of 40 nodes (4 for the run with
    /// restarts) each answer given is theirs too.
    #[test]
    fn restarted_runs_on_jigsaws_answer_as_the_links() {
        use crate::generate::{random_map, Symmetry};
        let mut rng = dlx::SplitMix64::new(25);
        let (mut found, mut none, mut small) = (0, 0, 0);
        for (n, blanks) in [(8, 40), (8, 60), (8, 70), (10, 40), (10, 55)] {
            let shape = random_map(n, Symmetry::None, &mut rng).unwrap();
            let blank =
                Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap();
            let mut solver = GridSolver::new(&shape);
            let Ok(Some(grid)) = crate::generate::full::draw(&mut solver, &blank, &mut rng) else {
                continue;
            };
            let mut puzzle = blank.clone();
            for (c, &v) in grid.iter().enumerate() {
                if rng.below(100) >= blanks {
                    puzzle.givens_mut()[c] = Some(v);
                }
            }
            solver.set_restarts(false);
            for cell in (0..n * n).filter(|&c| puzzle.givens()[c].is_none()) {
                let expected = other_by_links(&puzzle, &grid, cell);
                for cap in [1_000_000, 40] {
                    solver.set_budget(Budget { max_nodes: Some(cap), deadline: None });
                    let mut spent = 0;
                    let outcome = other_solution(&mut solver, None, 10, &puzzle, cell, &grid, &mut spent);
                    assert!(spent >= outcome.nodes());
                    if outcome.end().is_unknown() {
                        assert_eq!(cap, 40);
                        continue;
                    }
                    assert_eq!(outcome.so_far() > 0, expected, "{n}x{n} cell {cell}");
                    small += (cap == 40) as usize;
                }
                if expected {
                    found += 1;
                } else {
                    none += 1;
                }
            }
        }
        assert!(found > 50 && none > 20 && small > 20, "{found} {none} {small}");
    }

    /// On a jigsaw map the measure of a cell is the givens of its row,
    /// column and region added up, counted afresh here, and the orbit
    /// brought first is the first of those with the least.
    #[test]
    fn jigsaws_add_up_the_givens_of_each_unit() {
        use crate::generate::{Generator, Request, Target};
        let made = Generator::new(Target::Jigsaw(9), Alphabet::default_for(9).unwrap(), Request::default())
            .unwrap()
            .generate(3)
            .unwrap();
        let shape = made.puzzle.shape().clone();
        let mut units = UnitGivens::new(&shape);
        assert!(units.jigsaw);
        // Half the cells of its grid given.
        let givens: Vec<Option<u8>> =
            made.solution.iter().enumerate().map(|(c, &v)| (c * 5 % 13 < 6).then_some(v)).collect();
        units.load(&givens);
        let count =
            |same: &dyn Fn(usize) -> bool| (0..81).filter(|&x| same(x) && givens[x].is_some()).count();
        let density = |c: usize| {
            count(&|x| x / 9 == c / 9)
                + count(&|x| x % 9 == c % 9)
                + count(&|x| shape.region(x) == shape.region(c))
        };
        for c in 0..81 {
            assert_eq!(units.density(c), density(c), "cell {c}");
        }
        let orbits: Vec<Vec<usize>> = (0..81).map(|c| vec![c]).collect();
        let order: Vec<usize> = (0..81).rev().collect();
        let mut pending = order.clone();
        sparsest_first(&units, &orbits, &mut pending);
        let least = (0..81).map(density).min().unwrap();
        assert_eq!(pending[0], *order.iter().find(|&&c| density(c) == least).unwrap());
        assert!((0..81).map(density).max().unwrap() > least);
    }
}
