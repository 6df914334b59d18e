//! Answering a record by search: what `solve` and `count` share. A
//! [`Plan`] says what each record is answered with (the first solution,
//! every one, the unique one, the count; text or JSON; the layout; the
//! budget) and turns into the [`dlx::Request`] the engines take: this layer
//! says what it wants, and `reduce::search` and `dlx` decide how (which
//! engine, how many threads, where to split). [`search`] answers a record
//! so; [`cheapest`] answers `solve --best`, [`estimate`] `count
//! --estimate`, [`random`] `solve --random`. [`Engines`] keeps the searches of one thread from record
//! to record.

mod best;
mod diagram;
mod engines;
mod estimate;
mod lister;
mod random;
mod random_variant;
mod search;

use std::time::Duration;

use dlx::{EngineChoice, Order, Request, Want};

use crate::output::{Layouts, OutputFormat};

pub use best::cheapest;
pub use diagram::{diagram, ZddFormat, ZddOut};
pub use engines::Engines;
pub use estimate::estimate;
pub use random::{random, Draws};
pub use search::search;

/// What a search answers per record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first solution.
    First,
    /// Every solution, numbered, up to a limit.
    All {
        /// The most solutions to list.
        limit: Option<u64>,
    },
    /// The solution if unique.
    Unique,
    /// The number of solutions, up to a limit.
    Count {
        /// Where to stop counting.
        limit: Option<u64>,
    },
}

impl Mode {
    /// What the engines are asked to find.
    pub fn want(self) -> Want {
        match self {
            Mode::First | Mode::Unique => Want::Any,
            Mode::All { .. } => Want::All,
            Mode::Count { limit } => Want::Count { limit },
        }
    }

    /// How many solutions a search needs to see before it can stop.
    pub fn cap(self) -> u64 {
        match self {
            Mode::First => 1,
            Mode::Unique => 2,
            Mode::All { limit } | Mode::Count { limit } => limit.unwrap_or(u64::MAX),
        }
    }
}

/// What each record's search may spend: the same for every record, each
/// starting afresh (the deadline runs from the start of the record's
/// search).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordBudget {
    /// `--max-nodes`.
    pub max_nodes: Option<u64>,
    /// `--timeout`.
    pub timeout: Option<Duration>,
}

impl RecordBudget {
    /// The budget of a search that starts now.
    pub fn start(&self) -> dlx::Budget {
        let b = dlx::Budget { max_nodes: self.max_nodes, deadline: None };
        match self.timeout {
            Some(t) => b.with_time(t),
            None => b,
        }
    }

    /// Whether nothing is bounded.
    pub fn is_unlimited(&self) -> bool {
        self.max_nodes.is_none() && self.timeout.is_none()
    }
}

/// What every record of `solve` or `count` is answered with.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// What to find.
    pub mode: Mode,
    /// Text or JSON Lines.
    pub output: OutputFormat,
    /// How grids are laid out.
    pub layouts: Layouts,
    /// DLX1's statistics on stderr.
    pub stats: bool,
    /// Say nothing on stderr but errors.
    pub quiet: bool,
    /// Threads a record's search may use.
    pub jobs: usize,
    /// Whether a listing must keep one order (DLX1's, or the bit search's
    /// for grids above order 12; `--jobs` not given) or may
    /// come from several threads in no set order (`--jobs` given).
    pub order: Order,
    /// Search only this part of each tree.
    pub shard: Option<dlx::parallel::Shard>,
    /// What each record's search may spend.
    pub budget: RecordBudget,
    /// Which engine counts (`count --engine`).
    pub engine: EngineChoice,
    /// The memo engine's memory cap (`count --memory`; `None`: its default).
    pub memory: Option<u64>,
}

impl Plan {
    /// A plan for `mode` with every other setting at its default: text,
    /// the input's layout, one thread, quiet (tests and fuzzing).
    pub fn new(mode: Mode) -> Plan {
        Plan {
            mode,
            output: OutputFormat::Text,
            layouts: Layouts::default(),
            stats: false,
            quiet: true,
            jobs: 1,
            order: Order::Dlx1,
            shard: None,
            budget: RecordBudget::default(),
            engine: EngineChoice::Auto,
            memory: None,
        }
    }

    /// The request of a record's search that starts now: what the mode
    /// wants, the shard, the threads and the order, DLX1's statistics
    /// when asked, and the record's budget.
    pub fn request(&self) -> Request {
        Request::new(self.mode.want())
            .with_shard(self.shard)
            .with_jobs(self.jobs)
            .with_order(self.order)
            .with_faithful(self.stats)
            .with_budget(self.budget.start())
            .with_engine(self.engine)
            .with_memory(self.memory)
    }
}
