//! What a caller asks of a search, as one value: what to find, which part
//! of the tree, how many threads it may use, whether the listing must come
//! in DLX1's order, whether DLX1's statistics must be counted, and what the
//! search may spend. The caller says what it wants; the engines decide how
//! (which engine, whether and where to split the tree, how deep): the
//! command line fills in a [`Request`] and never tunes an engine.
//!
//! [`crate::parallel::count_for`] and [`crate::parallel::list_for`] answer a
//! request on a [`Solver`](crate::Solver); `reduce`'s grid searches answer the
//! same type for puzzles.

use crate::budget::Budget;
use crate::engine::EngineChoice;
use crate::split::Shard;

/// What a search is to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// Solutions in whatever order is fastest: the first one, or whether
    /// there is a second (the visitor stops the search).
    Any,
    /// Every solution, listed (the visitor may stop the search early).
    All,
    /// How many solutions there are, counted up to `limit` if given.
    Count {
        /// Where to stop counting.
        limit: Option<u64>,
    },
}

/// Whether a listing must come in one set order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// One set order, the same from run to run (one thread lists): DLX1's,
    /// but for grid puzzles above order 12, which list in their bit
    /// search's order (see `reduce::GridSolver::lists_on_bits`).
    Dlx1,
    /// Any order: threads may list parts of the tree side by side.
    Any,
}

/// One search's request. Build it with [`Request::new`] and the `with_`
/// methods; every field has the default a plain search wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// What to find.
    pub want: Want,
    /// Only this part of the tree (the parts of M runs, on any machines,
    /// together are the whole: docs/sharding.md).
    pub shard: Option<Shard>,
    /// The threads the search may use (at least 1).
    pub jobs: usize,
    /// The order a listing must keep.
    pub order: Order,
    /// Walk DLX1's very tree and count its statistics (nodes and updates
    /// to the unit): the dancing links on one thread.
    pub faithful: bool,
    /// What the search may spend.
    pub budget: Budget,
    /// Which engine counts: the memo engine or the plain ones, or a
    /// trial's choice (see [`crate::Solver::set_engine`]).
    pub engine: EngineChoice,
    /// The memo engine's memory cap in bytes (`None`: its default; see
    /// [`crate::Solver::set_memory`]).
    pub memory: Option<u64>,
}

impl Request {
    /// A request for `want`: the whole tree, one thread, DLX1's order, not
    /// faithful, no budget.
    pub fn new(want: Want) -> Request {
        Request {
            want,
            shard: None,
            jobs: 1,
            order: Order::Dlx1,
            faithful: false,
            budget: Budget::UNLIMITED,
            engine: EngineChoice::Auto,
            memory: None,
        }
    }

    /// Only `shard` of the tree.
    pub fn with_shard(self, shard: Option<Shard>) -> Request {
        Request { shard, ..self }
    }

    /// Up to `jobs` threads (0 counts as 1).
    pub fn with_jobs(self, jobs: usize) -> Request {
        Request { jobs: jobs.max(1), ..self }
    }

    /// The order a listing must keep.
    pub fn with_order(self, order: Order) -> Request {
        Request { order, ..self }
    }

    /// DLX1's tree and statistics.
    pub fn with_faithful(self, faithful: bool) -> Request {
        Request { faithful, ..self }
    }

    /// Within `budget`.
    pub fn with_budget(self, budget: Budget) -> Request {
        Request { budget, ..self }
    }

    /// Counts by `engine`.
    pub fn with_engine(self, engine: EngineChoice) -> Request {
        Request { engine, ..self }
    }

    /// The memo engine's table under `memory` bytes.
    pub fn with_memory(self, memory: Option<u64>) -> Request {
        Request { memory, ..self }
    }

    /// The threads a count may use: one for a faithful count (DLX1's
    /// statistics come from one thread), else `jobs`.
    pub fn count_jobs(&self) -> usize {
        if self.faithful {
            1
        } else {
            self.jobs
        }
    }

    /// The threads a listing of every solution may use: `jobs` when any
    /// order will do and the search is not faithful, else one.
    pub fn list_jobs(&self) -> usize {
        if self.order == Order::Any && !self.faithful {
            self.jobs
        } else {
            1
        }
    }
}
