//! The memo facade: [`MemoCounter`] counts a problem's solutions by
//! Algorithm Z (Knuth's DLX6: each subproblem counted once and remembered
//! by its state, see `engine/memo.rs`), in `u128`, and draws exactly
//! uniform random solutions from those counts. [`crate::Solver::count`]
//! hands counts to it when [`crate::engine`]'s `pick` says so; this facade
//! is for what only the memo does (wide counts, sampling, trials).

use std::sync::Arc;

use crate::budget::{Budget, End, Meter, Probe};
use crate::engine::memo::{self, MemoEngine};
use crate::estimate::SplitMix64;
use crate::problem::Problem;

pub use crate::engine::memo::{Branching, MemoError, MemoStats, DEFAULT_MEMORY};

/// A problem laid out for counting by memo, its table kept from count to
/// count (the counts of states are the same whatever options were chosen
/// to reach them, so one table serves every subtree and every shard).
///
/// ```
/// use dlx::{text, Branching, MemoCounter};
/// // Domino tilings of a 2x3 board: cells are items, dominoes options.
/// let p = text::parse("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n").unwrap().problem;
/// let mut m = MemoCounter::new(&p, Branching::First, 1 << 20).unwrap();
/// assert_eq!(m.count(&[]), Ok(3));
/// assert_eq!(m.count(&[0]), Ok(1));
/// ```
#[derive(Clone, Debug)]
pub struct MemoCounter {
    engine: MemoEngine,
    meter: Meter,
    memory: u64,
    jobs: usize,
}

impl MemoCounter {
    /// Whether the memo engine takes `problem`: no bounds (Algorithm M's),
    /// and at most 1,024 bits of state (items, and a color field for each
    /// secondary item some option colors).
    pub fn takes(problem: &Problem) -> bool {
        memo::fits(problem)
    }

    /// Lays out `problem` for counting, branching by `branching`, its table
    /// kept under `memory` bytes; `None` when the memo engine does not
    /// take the problem (see [`MemoCounter::takes`]).
    pub fn new(problem: &Problem, branching: Branching, memory: u64) -> Option<MemoCounter> {
        memo::fits(problem).then(|| MemoCounter {
            engine: MemoEngine::new(problem, branching, memory),
            meter: Meter::new(),
            memory,
            jobs: 1,
        })
    }

    /// Bounds every count to come: nodes (states computed) and a deadline.
    pub fn set_budget(&mut self, budget: Budget) {
        self.meter.set_budget(budget);
    }

    /// Reports to `probe` (progress in nodes; Ctrl-C stops the count).
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.meter.set_probe(probe);
    }

    /// Counts on `jobs` threads (1 by default) that share one table, made
    /// for each count and dropped after it; on one thread the table is
    /// kept from count to count. The counts are the same either way.
    pub fn set_jobs(&mut self, jobs: usize) {
        self.jobs = jobs.max(1);
    }

    /// The branching rule.
    pub fn branching(&self) -> Branching {
        self.engine.branching()
    }

    /// Changes the branching rule (which forgets the table).
    pub fn set_branching(&mut self, branching: Branching) {
        if branching != self.engine.branching() {
            self.engine.reset(branching, self.memory);
        }
    }

    /// What the table did since it was made or last forgot.
    pub fn stats(&self) -> MemoStats {
        self.engine.stats()
    }

    /// A trial of at most `budget` states, for choosing an engine: for the
    /// largest subproblem it finished, the nodes of a plain search (with
    /// the same branching) that each state of the memo stands for; and
    /// whether the whole count finished within the budget. The table is
    /// not touched.
    pub fn trial(&self, budget: u64) -> (f64, bool) {
        self.engine.trial(&[], self.engine.branching(), budget)
    }

    /// The number of solutions that contain the options `chosen` (0 when
    /// they clash or an index is out of range).
    pub fn count(&mut self, chosen: &[usize]) -> Result<u128, MemoError> {
        self.meter.start();
        let before = self.engine.stats().computed;
        let r = self.engine.count(chosen, &mut self.meter, self.jobs);
        let nodes = self.engine.stats().computed - before;
        let known = r.as_ref().map_or(0, |&c| c.min(u64::MAX as u128) as u64);
        let _ = self.meter.finish(known, nodes, End::Complete);
        r
    }

    /// The reduced decision diagram of every solution (see [`crate::Zdd`]):
    /// the memo's states made nodes, equal nodes merged. Its states are
    /// remembered apart from the count's table (a diagram cannot forget a
    /// state, so the memory cap, when passed, stops it with
    /// [`MemoError::Memory`] rather than slowing it); within the budget.
    pub fn diagram(&mut self) -> Result<crate::Zdd, MemoError> {
        self.meter.start();
        let before = self.engine.stats().computed;
        let r = self.engine.diagram(&mut self.meter, self.memory);
        let nodes = self.engine.stats().computed - before;
        let _ = self.meter.finish(0, nodes, End::Complete);
        r
    }

    /// A solution that contains `chosen`, drawn with probability exactly
    /// 1 / [`MemoCounter::count`]`(chosen)` from the generator `rng`:
    /// `chosen` first, then the options drawn. `None` when there is no
    /// solution. The counts met on the way down come from the table when
    /// it holds them and are computed again otherwise (a table at its cap
    /// slows the draw, never biases it).
    pub fn sample(
        &mut self,
        chosen: &[usize],
        rng: &mut SplitMix64,
    ) -> Result<Option<Vec<usize>>, MemoError> {
        self.meter.start();
        let before = self.engine.stats().computed;
        let r = self.engine.sample(chosen, rng, &mut self.meter);
        let nodes = self.engine.stats().computed - before;
        let _ = self.meter.finish(0, nodes, End::Complete);
        r
    }
}
