//! The facades: [`Solver`] (count, list, split, estimate a problem) and
//! [`Cheapest`] (its `k` cheapest solutions). Each lays a problem out for
//! the engines [`pick`] names for it, asks [`pick`] which engine runs each
//! search, runs it and reports (its [`Stats`], its [`Outcome`], its
//! [`Best`]). The engines themselves are in `engine/`; the threads and
//! shards over these facades in [`crate::parallel`].

#![warn(missing_docs)]

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use crate::arena::Index;
use crate::best::{Best, CheapestSoFar};
use crate::budget::{Budget, End, Meter, Outcome, Probe, SharedTally};
use crate::engine::memo::{Branching, MemoEngine, MemoError, MemoStats, DEFAULT_MEMORY};
use crate::engine::{
    pick, BitsEngine, CostEngine, Engine, EngineChoice, ForceError, LinksEngine, MultiplicityEngine,
    Settings, Shape, Task,
};
use crate::estimate::{Estimate, EstimateOptions};
use crate::problem::Problem;
use crate::split::{self, Divisible};
use crate::stats::Stats;

/// The engines of a problem without bounds: the dancing links, which hold
/// the problem between searches (forced options, budget, statistics) and
/// run what only they run, and the bitsets beside them when they take the
/// problem. Each search goes to the engine [`pick`] gives its task.
#[derive(Clone, Debug)]
struct LinksWithBits<I: Index> {
    links: LinksEngine<I>,
    /// The bitsets, for problems they take.
    bits: Option<Box<BitsEngine>>,
    shape: Shape,
    /// See [`Solver::set_bitset`].
    bitset: bool,
    /// See [`Solver::set_bitset_lists`].
    bitset_lists: bool,
    /// The links' [resets](LinksEngine::resets) as of the bitsets' last
    /// search: when the links reset since, so does the bitsets' search
    /// under way, as it always has.
    bits_resets: u64,
    /// The memo engine, for problems it takes; its table is kept from
    /// count to count (a state's count does not depend on the path to it).
    memo: Option<Box<MemoEngine>>,
    /// See [`Solver::set_engine`].
    choice: EngineChoice,
    /// What the memo's trial found (see [`Settings::repeats`]).
    repeats: Option<bool>,
    /// See [`Solver::set_memory`].
    memory: u64,
    /// The last memo count passed `u128`.
    overflowed: bool,
    /// See [`Solver::set_memo_jobs`].
    memo_jobs: usize,
}

/// The states a trial of the memo engine computes before it is judged.
const TRIAL_STATES: u64 = 5_000;

/// The plain nodes each state of the memo must stand for, in its trial,
/// for the memo engine to count (see `docs/memo.md` for the measurements
/// behind it).
const TRIAL_RATIO: f64 = 2.5;

impl<I: Index> LinksWithBits<I> {
    fn new(problem: &Problem, shape: Shape) -> LinksWithBits<I> {
        let settings = Settings::new(&shape);
        let links = LinksEngine::new(problem);
        let bits_resets = links.resets();
        LinksWithBits {
            links,
            bits: shape.bits.then(|| Box::new(BitsEngine::new(problem))),
            shape,
            bitset: settings.bitset,
            bitset_lists: settings.bitset_lists,
            bits_resets,
            memo: shape.memo.then(|| Box::new(MemoEngine::new(problem, Branching::First, DEFAULT_MEMORY))),
            choice: settings.choice,
            repeats: settings.repeats,
            memory: DEFAULT_MEMORY,
            overflowed: false,
            memo_jobs: 1,
        }
    }

    /// The engine [`pick`] gives `task` now.
    fn engine(&self, task: Task) -> Engine {
        let settings = Settings {
            faithful: self.links.faithful(),
            bitset: self.bitset,
            bitset_lists: self.bitset_lists,
            choice: self.choice,
            repeats: self.repeats,
        };
        pick(&self.shape, task, settings)
    }

    fn set_engine(&mut self, choice: EngineChoice) {
        if choice != self.choice {
            self.choice = choice;
            self.repeats = None;
        }
    }

    fn set_memory(&mut self, memory: u64) {
        if memory != self.memory {
            self.memory = memory;
            self.repeats = None;
            if let Some(m) = &mut self.memo {
                let b = m.branching();
                m.reset(b, memory);
            }
        }
    }

    /// Runs the memo's trial when a count is to choose its engine and none
    /// ran yet ([`crate::MemoCounter::trial`], [`TRIAL_STATES`] states):
    /// the memo counts when the trial finishes the count, or when each
    /// state stands for [`TRIAL_RATIO`] plain nodes or more, branching on
    /// the first item unless the fewest options do twice as well.
    fn try_memo(&mut self, limit: Option<u64>) {
        let Some(memo) = self.memo.as_deref_mut() else { return };
        if limit.is_some()
            || self.repeats.is_some()
            || self.links.faithful()
            || self.choice == EngineChoice::Plain
        {
            return;
        }
        let forced = self.links.forced();
        let (first, done) = memo.trial(&forced, Branching::First, TRIAL_STATES);
        let repeats = done || first >= TRIAL_RATIO;
        let branching =
            if repeats && !done && memo.trial(&forced, Branching::Fewest, TRIAL_STATES).0 > 2.0 * first {
                Branching::Fewest
            } else {
                Branching::First
            };
        if memo.branching() != branching {
            memo.reset(branching, self.memory);
        }
        self.repeats = Some(repeats);
    }

    /// Counts on the memo engine, up to `limit`.
    fn count_by_memo(&mut self, limit: Option<u64>) -> Outcome {
        self.links.reset();
        let memo = self.memo.as_deref_mut().expect("pick gives the memo only problems it takes");
        let (forced, meter) = self.links.forced_and_meter();
        meter.start();
        let before = memo.stats().computed;
        let r = memo.count(forced, meter, self.memo_jobs);
        let nodes = memo.stats().computed - before;
        self.overflowed = r == Err(MemoError::Overflow);
        let (end, count) = match r {
            Ok(c) => match limit {
                Some(l) if c >= l as u128 => (End::Limit, l as u128),
                _ => (End::Complete, c),
            },
            Err(MemoError::Stopped(e)) => (e, 0),
            // Unknown, never a wrong count: see Solver::memo_overflowed.
            Err(MemoError::Overflow | MemoError::Memory) => (End::OutOfNodes, 0),
        };
        let shown = u64::try_from(count).unwrap_or(u64::MAX);
        let o = meter.finish(shown, nodes, end);
        self.links.record(Stats { solutions: shown, nodes, updates: 0 }, o.end(), None);
        Outcome::wide(o.end(), count, nodes)
    }

    /// The bitsets, their search under way abandoned if the links reset
    /// since they last ran, and what they search with: the links' forced
    /// options and meter.
    fn on_bits(&mut self) -> (&mut BitsEngine, &[usize], &mut Meter) {
        let bits = self.bits.as_deref_mut().expect("pick gives the bitsets only problems they take");
        let resets = self.links.resets();
        if resets != self.bits_resets {
            bits.reset();
            self.bits_resets = resets;
        }
        let (forced, meter) = self.links.forced_and_meter();
        (bits, forced, meter)
    }

    fn set_bitset(&mut self, allowed: bool) {
        self.links.reset();
        self.bitset = allowed;
    }

    fn set_bitset_lists(&mut self, lists: bool) {
        self.links.reset();
        self.bitset_lists = lists;
    }

    fn uses_bitset(&self) -> bool {
        self.engine(Task::Count) == Engine::Bits
    }

    fn lists_on_bitset(&self) -> bool {
        self.engine(Task::List) == Engine::Bits
    }

    fn primary_count(&self) -> usize {
        self.links.primary_count()
    }

    fn option_count(&self) -> usize {
        self.links.option_count()
    }

    fn set_faithful(&mut self, faithful: bool) {
        self.links.set_faithful(faithful)
    }

    fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.links.set_probe(probe)
    }

    fn probe(&self) -> Option<&Arc<Probe>> {
        self.links.probe()
    }

    fn set_budget(&mut self, budget: Budget) {
        self.links.set_budget(budget)
    }

    fn budget(&self) -> Budget {
        self.links.budget()
    }

    fn set_tally(&mut self, tally: Option<Arc<SharedTally>>) {
        self.links.set_tally(tally)
    }

    fn end(&self) -> End {
        self.links.end()
    }

    fn interrupted(&self) -> bool {
        self.links.interrupted()
    }

    fn stats(&self) -> Stats {
        self.links.stats()
    }

    fn set_stats(&mut self, stats: Stats) {
        self.links.set_stats(stats)
    }

    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        self.links.force(option)
    }

    fn unforce_all(&mut self) {
        self.links.unforce_all()
    }

    fn forced(&self) -> Vec<usize> {
        self.links.forced()
    }

    fn keep_pristine_copy(&mut self) {
        self.links.keep_pristine_copy()
    }

    fn reset(&mut self) {
        self.links.reset()
    }

    fn subtrees(&mut self, at_least: usize) -> Vec<Vec<usize>> {
        self.links.subtrees(at_least)
    }

    fn estimate(&mut self, options: &EstimateOptions) -> Estimate {
        self.links.estimate(options)
    }

    fn solution(&self) -> &[usize] {
        self.links.solution()
    }

    fn next_solution(&mut self) -> bool {
        if self.engine(Task::List) != Engine::Bits {
            return self.links.next_solution();
        }
        let (bits, forced, meter) = self.on_bits();
        let (found, end) = bits.next_solution(forced, meter);
        let (solutions, nodes) = bits.tally();
        let stats = Stats { solutions, nodes, updates: 0 };
        let bits = &**self.bits.as_ref().expect("on bits");
        self.links.record(stats, end, found.then(|| bits.solution()));
        found
    }

    fn search<F>(&mut self, mut visit: F) -> Outcome
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.links.reset();
        while self.next_solution() {
            if visit(self.links.solution()).is_break() {
                self.links.set_end(End::Limit);
                break;
            }
        }
        // Choices still open are undone by the next call, which may as well
        // be `unforce_all` copying the links back at once.
        self.links.outcome()
    }

    fn count(&mut self, limit: Option<u64>) -> Outcome {
        self.try_memo(limit);
        if self.engine(Task::Count) == Engine::Memo && limit != Some(0) {
            return self.count_by_memo(limit);
        }
        if self.engine(Task::Count) != Engine::Bits || limit == Some(0) {
            return self.links.count(limit);
        }
        self.links.reset();
        let (bits, forced, meter) = self.on_bits();
        let o = bits.count(forced, limit.unwrap_or(u64::MAX), meter);
        self.links.record(Stats { solutions: o.so_far(), nodes: o.nodes(), updates: 0 }, o.end(), None);
        o
    }

    fn expand(&mut self, pieces: &[Vec<usize>]) -> (Vec<Vec<usize>>, bool) {
        if self.engine(Task::Deal) != Engine::Bits {
            return self.links.expand(pieces);
        }
        self.links.reset();
        let (bits, forced, _) = self.on_bits();
        bits.expand(forced, pieces)
    }

    fn piece_sizes(&mut self, pieces: &[Vec<usize>], probes: &[u64], seed: u64) -> Vec<f64> {
        if self.engine(Task::Deal) != Engine::Bits {
            return self.links.piece_sizes(pieces, probes, seed);
        }
        self.links.reset();
        let (bits, forced, _) = self.on_bits();
        bits.piece_sizes(forced, pieces, probes, seed)
    }

    fn count_subtree(&mut self, prefix: &[usize], limit: Option<u64>) -> Outcome {
        let base = self.links.forced_len();
        let outcome = if prefix.iter().all(|&o| self.links.force(o).is_ok()) {
            self.count(limit)
        } else {
            self.links.set_end(End::Complete);
            Outcome::new(End::Complete, 0, 0)
        };
        self.links.unforce_to(base);
        outcome
    }

    fn search_subtree<F>(&mut self, prefix: &[usize], visit: F) -> Outcome
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let base = self.links.forced_len();
        let outcome = if prefix.iter().all(|&o| self.links.force(o).is_ok()) {
            self.search(visit)
        } else {
            self.links.set_end(End::Complete);
            Outcome::new(End::Complete, 0, 0)
        };
        self.links.unforce_to(base);
        outcome
    }
}

/// A problem laid out for searching, reusable for many searches.
///
/// ```
/// use std::ops::ControlFlow;
/// use dlx::{text, Solver};
/// // Knuth's first example (DLX1's documentation).
/// let parsed = text::parse("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
/// let mut solver = Solver::new(&parsed.problem);
/// solver.set_faithful(true); // count DLX1's statistics
/// let mut found = Vec::new();
/// solver.search(|options| {
///     found.push(options.to_vec());
///     ControlFlow::Continue(())
/// });
/// assert_eq!(found, [vec![3, 0, 4]]);
/// assert_eq!((solver.stats().nodes, solver.stats().updates), (6, 30));
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    engines: SolverEngines,
}

/// The engines a [`Solver`] laid its problem out for, by index width.
#[derive(Clone, Debug)]
enum SolverEngines {
    Small(LinksWithBits<u16>),
    Large(LinksWithBits<u32>),
    /// A problem with bounds: Algorithm M.
    SmallM(MultiplicityEngine<u16>),
    LargeM(MultiplicityEngine<u32>),
}

/// Calls `$body` with `$e` the engines of a solver, whichever they are.
macro_rules! each_engine {
    ($engines:expr, $e:ident => $body:expr) => {
        match $engines {
            SolverEngines::Small($e) => $body,
            SolverEngines::Large($e) => $body,
            SolverEngines::SmallM($e) => $body,
            SolverEngines::LargeM($e) => $body,
        }
    };
}

impl Solver {
    /// Lays out `problem` for searching: with 16-bit links when it has fewer
    /// than 65,536 nodes, else 32-bit ones. A problem with bounds is
    /// searched by Algorithm M (DLX3's search, with the same methods; its
    /// [`Solver::subtrees`] are paths of branch numbers rather than
    /// options); costs are ignored here (see [`crate::Cheapest`]).
    pub fn new(problem: &Problem) -> Solver {
        let shape = Shape::of(problem);
        let engines = match (pick(&shape, Task::Hold, Settings::new(&shape)), shape.narrow) {
            (Engine::Multiplicity, true) => SolverEngines::SmallM(MultiplicityEngine::new(problem)),
            (Engine::Multiplicity, false) => SolverEngines::LargeM(MultiplicityEngine::new(problem)),
            (_, true) => SolverEngines::Small(LinksWithBits::new(problem, shape)),
            (_, false) => SolverEngines::Large(LinksWithBits::new(problem, shape)),
        };
        Solver { engines }
    }

    /// The number of primary items.
    pub fn primary_count(&self) -> usize {
        each_engine!(&self.engines, e => e.primary_count())
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        each_engine!(&self.engines, e => e.option_count())
    }

    /// Whether to walk DLX1's very search tree and count its nodes and
    /// updates (off by default). Off, the search walks DLX1's tree less its
    /// dead ends: hides count the primary items whose lists they empty, and
    /// a choice that empties one is undone at once instead of entering a
    /// level that has nothing to try. Every level entered then has no empty
    /// list, so the first item with one option left is DLX1's choice and
    /// the walk along the items stops there. Counting also skips the last
    /// level (see [`Solver::count`]). The nodes skipped are still counted
    /// as DLX1 counts them, but no updates are: the same solutions and
    /// nodes, sooner, but [`Solver::stats`] then reports no updates.
    pub fn set_faithful(&mut self, faithful: bool) {
        each_engine!(&mut self.engines, e => e.set_faithful(faithful))
    }

    /// Watches searches through `probe`, which sees their progress and can
    /// stop them (see [`Probe`]).
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        each_engine!(&mut self.engines, e => e.set_probe(probe))
    }

    /// The probe that watches searches, if any.
    pub fn probe(&self) -> Option<&Arc<Probe>> {
        each_engine!(&self.engines, e => e.probe())
    }

    /// Bounds every search to come: nodes (DLX1's) and a deadline. A search
    /// that runs out ends [`End::OutOfNodes`] or [`End::OutOfTime`], its
    /// answer unknown.
    pub fn set_budget(&mut self, budget: Budget) {
        each_engine!(&mut self.engines, e => e.set_budget(budget))
    }

    /// The budget of the searches to come.
    pub fn budget(&self) -> Budget {
        each_engine!(&self.engines, e => e.budget())
    }

    pub(crate) fn set_tally(&mut self, tally: Option<Arc<SharedTally>>) {
        each_engine!(&mut self.engines, e => e.set_tally(tally))
    }

    /// How the last search ended (see [`End`]).
    pub fn end(&self) -> End {
        each_engine!(&self.engines, e => e.end())
    }

    /// Whether the last search was stopped by its probe before the end.
    pub fn interrupted(&self) -> bool {
        each_engine!(&self.engines, e => e.interrupted())
    }

    /// The statistics of the last search.
    pub fn stats(&self) -> Stats {
        each_engine!(&self.engines, e => e.stats())
    }

    /// Replaces the statistics (with the sum over the subtrees of a
    /// shard, see [`crate::parallel`]).
    pub(crate) fn set_stats(&mut self, stats: Stats) {
        each_engine!(&mut self.engines, e => e.set_stats(stats))
    }

    /// Chooses `option` before the search, as a given of a puzzle is chosen:
    /// every later search only looks for solutions that contain it. Costs
    /// only the covering of its items; undo with [`Solver::unforce_all`].
    ///
    /// Fails, changing nothing, if the option clashes with one forced before.
    pub fn force(&mut self, option: usize) -> Result<(), ForceError> {
        each_engine!(&mut self.engines, e => e.force(option))
    }

    /// Undoes every [`Solver::force`].
    pub fn unforce_all(&mut self) {
        each_engine!(&mut self.engines, e => e.unforce_all())
    }

    /// The options forced so far, in order.
    pub fn forced(&self) -> Vec<usize> {
        each_engine!(&self.engines, e => e.forced())
    }

    /// Keeps a copy of the links as laid out, so that
    /// [`Solver::unforce_all`] can restore them in one copy instead of
    /// undoing each choice. Worth it when each search forces many options
    /// (puzzle givens); costs one more copy of the arena's memory.
    pub fn keep_pristine_copy(&mut self) {
        each_engine!(&mut self.engines, e => e.keep_pristine_copy())
    }

    /// Abandons a search under way, undoing its choices; forced options
    /// stay. Searches call it themselves: a user needs it only after
    /// stopping [`Solver::next_solution`] early.
    pub fn reset(&mut self) {
        each_engine!(&mut self.engines, e => e.reset())
    }

    /// Advances to the next solution, returning `false` when there is none
    /// left. The solution is then in [`Solver::solution`]. After `false`,
    /// [`Solver::reset`] makes the next call start a new search.
    pub fn next_solution(&mut self) -> bool {
        each_engine!(&mut self.engines, e => e.next_solution())
    }

    /// The options of the solution [`Solver::next_solution`] stopped at:
    /// the forced ones first, then the chosen ones, level by level.
    pub fn solution(&self) -> &[usize] {
        each_engine!(&self.engines, e => e.solution())
    }

    /// Visits every solution in DLX1's order, until the visitor breaks or
    /// the budget runs out, and says how it ended. The [`Solver::stats`]
    /// are then exactly DLX1's when the solver is
    /// [faithful](Solver::set_faithful) and the visitor never breaks.
    pub fn search<F>(&mut self, visit: F) -> Outcome
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        each_engine!(&mut self.engines, e => e.search(visit))
    }

    /// An iterator over the solutions, each a vector of option indices as in
    /// [`Solver::solution`].
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.reset();
        Solutions { solver: self }
    }

    /// Counts the solutions, stopping at `limit` if given, or when the
    /// budget runs out (the count is then unknown: see [`Outcome`]).
    ///
    /// Unless the solver is [faithful](Solver::set_faithful), the last
    /// level is not searched: once fewer primary items are left than twice
    /// the fewest an option holds, only a single option can complete the
    /// choices, so the options of the shortest list that hold every item
    /// left are counted at once instead of being tried.
    pub fn count(&mut self, limit: Option<u64>) -> Outcome {
        each_engine!(&mut self.engines, e => e.count(limit))
    }

    /// Splits the search below the forced options into independent
    /// subtrees, at least `at_least` of them when the tree has that many,
    /// each given by the options chosen on the way down to it (DLX1's
    /// choices, so the split depends only on the problem and `at_least`).
    /// Every solution lies in exactly one subtree; dead ends are dropped.
    /// For a problem with bounds, a subtree is a path of branch numbers
    /// instead (see [`Solver::new`]).
    pub fn subtrees(&mut self, at_least: usize) -> Vec<Vec<usize>> {
        each_engine!(&mut self.engines, e => e.subtrees(at_least))
    }

    /// Knuth's random-probe estimate of the search below the forced
    /// options: its solutions and DLX1's nodes, with 95% intervals (see
    /// [`crate::estimate`]). Reproducible: the same options, the same
    /// estimate. The solver is left as it was.
    ///
    /// For a problem with bounds, the tree is Algorithm M's, as the search
    /// walks it (fast, or DLX3's when [faithful](Solver::set_faithful)): a
    /// node is a level entered, a solution or a dead end included, and its
    /// branching degree is the number of branches of the item it chooses
    /// (each option that may still be tried, and the null choice when the
    /// item's lower bound is met), so that the nodes are those of
    /// [`Solver::stats`] for the same search.
    ///
    /// ```
    /// use dlx::{text, EstimateOptions, Solver};
    /// let p = text::parse(include_str!("../../../fixtures/dlx/queens-8.dlx")).unwrap().problem;
    /// let mut solver = Solver::new(&p);
    /// let e = solver.estimate(&EstimateOptions { probes: 20_000, seed: 1, stratify: false });
    /// assert!(e.solutions.contains(92.0) && e.nodes.contains(1223.0));
    /// assert!((e.solutions.value - 92.0).abs() < 10.0);
    /// ```
    pub fn estimate(&mut self, options: &EstimateOptions) -> Estimate {
        each_engine!(&mut self.engines, e => e.estimate(options))
    }

    /// The children of each of `pieces` (subtrees as [`Solver::subtrees`]
    /// gives them), in order: DLX1's options at the piece's node, less
    /// those that lead straight to a dead end; a piece that is a solution
    /// stays as it is. Also says whether any piece had children.
    pub fn expand(&mut self, pieces: &[Vec<usize>]) -> (Vec<Vec<usize>>, bool) {
        each_engine!(&mut self.engines, e => e.expand(pieces))
    }

    /// Whether counts and searches that need not be faithful may go to the
    /// bitset engine (see "Two engines" in the crate docs); on by
    /// default. Off, every search dances. For cross-checks and measuring:
    /// the answers are the same either way.
    pub fn set_bitset(&mut self, allowed: bool) {
        match &mut self.engines {
            SolverEngines::Small(e) => e.set_bitset(allowed),
            SolverEngines::Large(e) => e.set_bitset(allowed),
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => {}
        }
    }

    /// Whether listings ([`Solver::search`], [`Solver::next_solution`])
    /// go to the bitset engine whenever counts do (`true`), or, as by
    /// default, only on problems where it lists faster than the links: a
    /// level costs the bitsets a scan of every primary item, so problems
    /// with many items and options that clash with few others (Sudoku
    /// matrices) list on the links. For cross-checks: the listings are the
    /// same either way.
    pub fn set_bitset_lists(&mut self, lists: bool) {
        match &mut self.engines {
            SolverEngines::Small(e) => e.set_bitset_lists(lists),
            SolverEngines::Large(e) => e.set_bitset_lists(lists),
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => {}
        }
    }

    /// Whether listings go to the bitset engine now (see
    /// [`Solver::set_bitset_lists`]).
    pub fn lists_on_bitset(&self) -> bool {
        match &self.engines {
            SolverEngines::Small(e) => e.lists_on_bitset(),
            SolverEngines::Large(e) => e.lists_on_bitset(),
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => false,
        }
    }

    /// Which engine counts (see [`EngineChoice`]): by default the plain
    /// engines (whose nodes are DLX1's); `Auto` lets a short trial of the
    /// memo engine decide (what a [`crate::Request`] asks by default), and
    /// `Memo` forces it where it takes the problem. The
    /// answers are the same either way, only the speed changes (and only
    /// the memo counts past `u64`).
    pub fn set_engine(&mut self, choice: EngineChoice) {
        match &mut self.engines {
            SolverEngines::Small(e) => e.set_engine(choice),
            SolverEngines::Large(e) => e.set_engine(choice),
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => {}
        }
    }

    /// The memory cap, in bytes, of the memo engine's table (1 GiB by
    /// default): past it the table stops taking states, and the count,
    /// still exact, only slows down.
    pub fn set_memory(&mut self, bytes: u64) {
        match &mut self.engines {
            SolverEngines::Small(e) => e.set_memory(bytes),
            SolverEngines::Large(e) => e.set_memory(bytes),
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => {}
        }
    }

    /// The threads a count by memo takes (1 by default): more than one
    /// share one table, made for each count and dropped after it (see
    /// `docs/memo.md`, "Threads and shards"); the count is the same.
    pub fn set_memo_jobs(&mut self, jobs: usize) {
        match &mut self.engines {
            SolverEngines::Small(e) => e.memo_jobs = jobs.max(1),
            SolverEngines::Large(e) => e.memo_jobs = jobs.max(1),
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => {}
        }
    }

    /// Runs the memo engine's trial now if a count of up to `limit`
    /// solutions would run it (see [`Solver::set_engine`]), and says
    /// whether such a count goes to the memo engine.
    pub fn counts_by_memo(&mut self, limit: Option<u64>) -> bool {
        match &mut self.engines {
            SolverEngines::Small(e) => {
                e.try_memo(limit);
                e.engine(Task::Count) == Engine::Memo
            }
            SolverEngines::Large(e) => {
                e.try_memo(limit);
                e.engine(Task::Count) == Engine::Memo
            }
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => false,
        }
    }

    /// Whether the last count, by memo, passed `2^128 - 1` (its outcome
    /// is then unknown, [`End::OutOfNodes`]).
    pub fn memo_overflowed(&self) -> bool {
        match &self.engines {
            SolverEngines::Small(e) => e.overflowed,
            SolverEngines::Large(e) => e.overflowed,
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => false,
        }
    }

    /// Sets what [`Solver::memo_overflowed`] says: a sharded or threaded
    /// count whose subtrees, or their sum, passed u128.
    pub(crate) fn set_memo_overflowed(&mut self, overflowed: bool) {
        match &mut self.engines {
            SolverEngines::Small(e) => e.overflowed = overflowed,
            SolverEngines::Large(e) => e.overflowed = overflowed,
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => {}
        }
    }

    /// What the memo engine's table did (and which branching rule it
    /// took), if the problem has one.
    pub fn memo_stats(&self) -> Option<(MemoStats, Branching)> {
        let memo = match &self.engines {
            SolverEngines::Small(e) => e.memo.as_deref(),
            SolverEngines::Large(e) => e.memo.as_deref(),
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => None,
        }?;
        Some((memo.stats(), memo.branching()))
    }

    /// Whether counts and searches go to the bitset engine now: it takes
    /// the problem (no colors, no bounds, at most 256 primary items and
    /// 4,096 options, at most 15 primary items an option), it is allowed,
    /// and the search need not be faithful.
    pub fn uses_bitset(&self) -> bool {
        match &self.engines {
            SolverEngines::Small(e) => e.uses_bitset(),
            SolverEngines::Large(e) => e.uses_bitset(),
            SolverEngines::SmallM(_) | SolverEngines::LargeM(_) => false,
        }
    }

    /// Knuth's estimate of the nodes in each of `pieces` (subtrees as
    /// [`Solver::subtrees`] gives them): the mean of `probes` random probes
    /// from the piece's node, drawn from a generator seeded by `seed` and
    /// the piece's path alone, so that the figures depend on nothing else.
    pub fn piece_sizes(&mut self, pieces: &[Vec<usize>], probes: &[u64], seed: u64) -> Vec<f64> {
        each_engine!(&mut self.engines, e => e.piece_sizes(pieces, probes, seed))
    }

    /// Counts the solutions in one subtree of [`Solver::subtrees`], up to
    /// `limit`, leaving the forced options as they were.
    pub fn count_subtree(&mut self, prefix: &[usize], limit: Option<u64>) -> Outcome {
        each_engine!(&mut self.engines, e => e.count_subtree(prefix, limit))
    }

    /// Visits the solutions in one subtree of [`Solver::subtrees`] (each
    /// with the forced options first, as [`Solver::solution`] lists them),
    /// leaving the forced options as they were.
    pub fn search_subtree<F>(&mut self, prefix: &[usize], visit: F) -> Outcome
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        each_engine!(&mut self.engines, e => e.search_subtree(prefix, visit))
    }
}

/// Shards are dealt from a solver's tree (see [`crate::parallel::shard_pieces`]).
impl Divisible for Solver {
    fn expand(&mut self, pieces: &[Vec<usize>]) -> (Vec<Vec<usize>>, bool) {
        Solver::expand(self, pieces)
    }

    fn piece_sizes(&mut self, pieces: &[Vec<usize>], probes: &[u64], seed: u64) -> Vec<f64> {
        Solver::piece_sizes(self, pieces, probes, seed)
    }
}

/// The solutions of a [`Solver`], one vector of option indices each.
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.solver.next_solution().then(|| self.solver.solution().to_vec())
    }
}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        self.solver.reset();
    }
}

/// The engine a [`Cheapest`] laid its problem out for, by index width.
#[derive(Clone, Debug)]
enum CheapestEngines {
    Small(CostEngine<u16>),
    Large(CostEngine<u32>),
    /// A problem with bounds: Algorithm M with the cutoff.
    SmallM(Box<MultiplicityEngine<u16>>),
    LargeM(Box<MultiplicityEngine<u32>>),
}

/// Calls `$body` with `$e` the engine of a [`Cheapest`], whichever it is.
macro_rules! each_cheapest {
    ($engines:expr, $e:ident => $body:expr) => {
        match $engines {
            CheapestEngines::Small($e) => $body,
            CheapestEngines::Large($e) => $body,
            CheapestEngines::SmallM($e) => $body,
            CheapestEngines::LargeM($e) => $body,
        }
    };
}

/// A problem laid out to find its cheapest solutions.
///
/// How the search is cut. The `k` best costs found so far are kept;
/// once there are `k` of them, the largest is the *cutoff*, and
/// a partial solution whose cost plus a lower bound on the cost of
/// completing it reaches the cutoff is abandoned (a solution costing as
/// much as the `k`-th best could not improve the list).
///
/// - *Taxes.* As DLX5 does, each primary item is taxed the least cost of
///   its options, which is taken off each of them (item by item, so that
///   no cost goes below 0). Every solution covers each primary item once,
///   so it pays every tax once: the search works on these *net* costs and
///   adds the taxes back at the end. An item's cheapest option then costs
///   0 net, and an expensive option shows what it costs beyond the least
///   its items must pay anyway.
/// - *Sorted lists.* Each item's list is sorted by net cost (the options
///   are laid out in that order), so the options worth trying at a level
///   are a prefix of its list, and covering an item hides only the options
///   below a threshold: those above can never fit under the cutoff deeper
///   down.
/// - *The lower bound.* The primary items are split, once, into a few
///   *classes* of items no option holds two of (greedily, in the order
///   they are declared: for N queens, the rows and the columns). A
///   completion covers each active item of a class with a different
///   option, so it costs at least the sum, over the class, of the cheapest
///   option left in each item's list (the top of the sorted list). The
///   bound at a node is the largest of these sums. Choosing option `x` for
///   item `i` of class `c` leaves at least `cost(x)` plus the sum over
///   `c`'s other items, so the options of `i`'s list are tried only while
///   that stays under the cutoff. DLX5 itself only checks each item's
///   cheapest option alone (a class of one).
/// - *The choice.* The item with the fewest options that fit under the
///   cutoff, ties to the one whose cheapest option costs most (DLX5's rule,
///   with the bound above deciding what fits).
///
/// [`Cheapest::set_faithful`] walks DLX5's own tree instead (its choice,
/// counting at most ten options an item, and its cutoffs alone), with its
/// statistics.
///
/// A problem with bounds as well as costs (which no program of Knuth's
/// takes) is searched by Algorithm M (see [`crate::Solver`]) with the same
/// cutoff and a bound of the same kind: an item that must still be covered
/// `r` more times costs at least its `r` cheapest options, summed over a
/// class; and each option whose cost alone reaches the cutoff is passed
/// over. No taxes there: an item may be covered more than once, so a tax
/// would not shift every solution's cost alike.
///
/// ```
/// use dlx::{text, Budget, Cheapest, End};
/// // Knuth's DLX5 example: the exact covers of A B C, by cost.
/// let src = "A B C | X\nA B |3\nC |1\nA |2\nB C X:1 |2\nB |5\nA C |1\nB X |0\n";
/// let problem = text::parse(src).unwrap().problem;
/// let mut cheapest = Cheapest::new(&problem);
/// let best = cheapest.best(5);
/// let list = best.cheapest().expect("the search was not cut short");
/// let costs: Vec<u64> = list.iter().map(|s| s.cost).collect();
/// assert_eq!(costs, [1, 3, 4, 4, 6]);
/// assert_eq!(problem.solution_cost(&list[0].options), 1);
/// // A budget too small leaves the list unknown: no k cheapest to show.
/// // (DLX5's own search here: the fast one splits this small tree into
/// // pieces of a node or two, and a piece runs before a look at the budget.)
/// cheapest.set_faithful(true);
/// cheapest.set_budget(Budget::nodes(1));
/// let cut = cheapest.best(5);
/// assert_eq!((cut.end(), cut.cheapest()), (End::OutOfNodes, None));
/// ```
#[derive(Clone, Debug)]
pub struct Cheapest {
    engines: CheapestEngines,
    faithful: bool,
    /// How the last search ended.
    end: End,
}

impl Cheapest {
    /// Lays out `problem`: with 16-bit links when it is small enough, and
    /// with Algorithm M when it has bounds.
    pub fn new(problem: &Problem) -> Cheapest {
        let shape = Shape::of(problem);
        let engines = match (pick(&shape, Task::Cheapest, Settings::new(&shape)), shape.narrow) {
            (Engine::Multiplicity, true) => {
                CheapestEngines::SmallM(Box::new(MultiplicityEngine::with_costs(problem)))
            }
            (Engine::Multiplicity, false) => {
                CheapestEngines::LargeM(Box::new(MultiplicityEngine::with_costs(problem)))
            }
            (_, true) => CheapestEngines::Small(CostEngine::new(problem)),
            (_, false) => CheapestEngines::Large(CostEngine::new(problem)),
        };
        Cheapest { engines, faithful: false, end: End::Complete }
    }

    /// The `k` cheapest solutions, in increasing order of cost, ties in the
    /// order the search found them (fewer when the problem has fewer
    /// solutions), within the budget. When the budget runs out or the probe
    /// stops the search, the list is unknown: [`Best::cheapest`] is then
    /// `None`, and [`Best::so_far`] the cheapest found before it stopped.
    ///
    /// Unless [faithful](Cheapest::set_faithful), the search splits the
    /// tree into subtrees at its top levels, as [`crate::parallel::best`]
    /// does for its threads, and searches them cheapest first (by what the
    /// options chosen to reach them cost): cheap solutions come sooner, and
    /// the cutoff with them (cost-queens-20, 5 cheapest: 18% fewer
    /// instructions than one search from the top).
    pub fn best(&mut self, k: usize) -> Best {
        if k == 0 {
            self.set_stats(Stats::default());
            self.end = End::Complete;
            return Best::new(End::Complete, Vec::new(), 0);
        }
        if !self.faithful {
            let cut = self.cut_for_best(k, 1);
            let total = self.search_cut(&cut);
            return self.finish_cut(cut, total);
        }
        let board = CheapestSoFar::new(k);
        self.end = each_cheapest!(&mut self.engines, e => e.search_best(&board));
        Best::new(self.end, board.into_sorted(self.tax()), self.stats().nodes)
    }

    /// Whether to walk DLX5's very search tree and count its statistics
    /// (off by default; no effect on a problem with bounds).
    pub fn set_faithful(&mut self, faithful: bool) {
        self.faithful = faithful;
        each_cheapest!(&mut self.engines, e => e.set_faithful(faithful))
    }

    /// Watches searches through `probe`, which sees their progress (the
    /// solutions are those offered under the cutoff) and can stop them
    /// (see [`Probe`]).
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        each_cheapest!(&mut self.engines, e => e.set_probe(probe))
    }

    fn probe(&self) -> Option<Arc<Probe>> {
        each_cheapest!(&self.engines, e => e.probe().cloned())
    }

    /// Bounds every search to come: nodes (DLX5's when faithful, DLX3's
    /// for a problem with bounds) and a deadline, for every thread
    /// together. A search that runs out ends [`End::OutOfNodes`] or
    /// [`End::OutOfTime`], its list unknown.
    pub fn set_budget(&mut self, budget: Budget) {
        each_cheapest!(&mut self.engines, e => e.set_budget(budget))
    }

    /// The budget of the searches to come.
    pub fn budget(&self) -> Budget {
        each_cheapest!(&self.engines, e => e.budget())
    }

    fn set_tally(&mut self, tally: Option<Arc<SharedTally>>) {
        each_cheapest!(&mut self.engines, e => e.set_tally(tally))
    }

    /// How the last search ended (see [`End`]).
    pub fn end(&self) -> End {
        self.end
    }

    /// Whether the last search was stopped by its probe before the end.
    pub fn interrupted(&self) -> bool {
        self.end == End::Interrupted
    }

    /// The statistics of the last search (summed over its subtrees and
    /// threads).
    pub fn stats(&self) -> Stats {
        each_cheapest!(&self.engines, e => e.stats())
    }

    fn set_stats(&mut self, stats: Stats) {
        each_cheapest!(&mut self.engines, e => e.set_stats(stats))
    }

    /// The sum of the taxes the search takes off the costs.
    fn tax(&self) -> u64 {
        each_cheapest!(&self.engines, e => e.tax())
    }

    fn subtrees(&mut self, at_least: usize) -> Vec<Vec<usize>> {
        each_cheapest!(&mut self.engines, e => e.subtrees(at_least))
    }

    fn search_subtree(&mut self, prefix: &[usize], board: &CheapestSoFar) -> End {
        each_cheapest!(&mut self.engines, e => e.search_best_subtree(prefix, board))
    }

    /// Cuts the tree of a search for the `k` cheapest into subtrees for
    /// `jobs` threads, cheapest prefix first (see [`Cheapest::best`] and
    /// [`crate::parallel::best`]): what the threads share.
    pub(crate) fn cut_for_best(&mut self, k: usize, jobs: usize) -> BestCut {
        BestCut {
            board: CheapestSoFar::new(k),
            subtrees: self.subtrees(split::pieces_for(jobs)),
            next: AtomicUsize::new(0),
            tally: Arc::new(SharedTally::new()),
            probe: self.probe(),
        }
    }

    /// One thread's part of the search of `cut`, on its own copy of the
    /// problem: subtrees taken in turn until none is left or the search
    /// stops, all offering to one board, so that a solution any thread finds
    /// cuts the search of all, and counting on one tally, so that the budget
    /// bounds them together and the first to stop stops the others. Returns
    /// the statistics of the subtrees it searched.
    pub(crate) fn search_cut(&mut self, cut: &BestCut) -> Stats {
        self.set_tally(Some(cut.tally.clone()));
        let mut total = Stats::default();
        loop {
            // A stop is looked at between subtrees too: small ones end
            // before their meter's first look.
            if cut.probe.as_ref().is_some_and(|p| p.stopped()) {
                cut.tally.stop(End::Interrupted);
            }
            let i = cut.next.fetch_add(1, Ordering::Relaxed);
            if i >= cut.subtrees.len() || cut.tally.stopped().is_some() {
                break;
            }
            let end = self.search_subtree(&cut.subtrees[i], &cut.board);
            total += self.stats();
            if end.is_unknown() {
                break;
            }
        }
        self.set_tally(None);
        total
    }

    /// The answer of the search of `cut` once every thread is done,
    /// `total` their statistics summed. The costs are those one thread
    /// finds; solutions of equal cost may differ.
    pub(crate) fn finish_cut(&mut self, cut: BestCut, total: Stats) -> Best {
        self.set_stats(total);
        self.end = cut.tally.stopped().unwrap_or(End::Complete);
        Best::new(self.end, cut.board.into_sorted(self.tax()), total.nodes)
    }
}

/// A search for the `k` cheapest cut into subtrees, as the threads that
/// search it share it (see [`Cheapest::search_cut`]).
#[derive(Debug)]
pub(crate) struct BestCut {
    board: CheapestSoFar,
    subtrees: Vec<Vec<usize>>,
    /// The next subtree to search.
    next: AtomicUsize,
    tally: Arc<SharedTally>,
    probe: Option<Arc<Probe>>,
}
