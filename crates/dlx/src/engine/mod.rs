//! The engines, one file an algorithm, and [`pick`], the one place an
//! engine is chosen.
//!
//! - [`links`]: Algorithm X and C (DLX1, DLX2) on the dancing links; it
//!   also holds a [`Solver`](crate::Solver)'s problem without bounds
//!   between searches (forced options, budget, statistics), cuts its tree
//!   for threads, and estimates it.
//! - [`bits`]: Algorithm X on bitsets, DLX1's very tree, for problems with
//!   few primary items and no colors; counts and listings that need not be
//!   faithful, and the dealing of shards.
//! - [`multiplicity`]: Algorithm M (DLX3), for primary items with bounds;
//!   with costs, the cheapest solutions of such problems.
//! - [`cost`]: DLX5's `k` cheapest solutions, for problems without bounds.
//! - [`memo`]: Algorithm Z (DLX6), counting by remembering each
//!   subproblem's count by its state: counts no enumeration reaches, and
//!   exactly uniform samples.
//!
//! The engines never name each other: what several need lies below them
//! (the arena, [`crate::stats`], [`crate::split`], [`crate::layout`],
//! [`crate::best`]), and the facades of [`crate::solver`] lay a problem
//! out for the engines [`pick`] names and hand each search to the one it
//! picks. The choice changes the speed only, never an answer: every engine
//! walks the same tree as the one it stands in for, or says which tree it
//! walks.

pub(crate) mod bits;
pub(crate) mod cost;
pub(crate) mod links;
pub(crate) mod memo;
pub(crate) mod multiplicity;

pub(crate) use bits::BitsEngine;
pub(crate) use cost::CostEngine;
pub(crate) use links::LinksEngine;
pub(crate) use multiplicity::MultiplicityEngine;

use crate::arena::fits;
use crate::problem::Problem;

/// Why an option could not be forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForceError {
    /// There is no option with that index.
    NoSuchOption {
        /// The index asked for.
        option: usize,
    },
    /// The option clashes with an option forced before it.
    Conflict {
        /// The option that could not be forced.
        option: usize,
    },
}

impl std::fmt::Display for ForceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ForceError::NoSuchOption { option } => write!(f, "there is no option {option}"),
            ForceError::Conflict { option } => {
                write!(f, "option {option} clashes with an option forced before it")
            }
        }
    }
}

impl std::error::Error for ForceError {}

/// An engine: one algorithm, in one file of this folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Engine {
    /// The dancing links ([`links`]).
    Links,
    /// The bitsets ([`bits`]).
    Bits,
    /// Algorithm M ([`multiplicity`]).
    Multiplicity,
    /// DLX5 ([`cost`]).
    Cost,
    /// Algorithm Z ([`memo`]).
    Memo,
}

/// Which engine counts: chosen by a trial, or forced (`count --engine`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineChoice {
    /// The memo engine when a short trial of it finds subproblems
    /// repeating, the plain engines otherwise.
    #[default]
    Auto,
    /// The memo engine whenever it takes the problem and the count needs
    /// no statistics of DLX1's.
    Memo,
    /// The plain engines (links or bitsets), never the memo.
    Plain,
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Task {
    /// Holding the problem between searches: forcing options, cutting the
    /// tree for threads, Knuth's estimates, and every search no other task
    /// names (the engine a [`Solver`](crate::Solver) lays out first).
    Hold,
    /// Counting the solutions.
    Count,
    /// Listing the solutions, in DLX1's order.
    List,
    /// Cutting the tree for shards and estimating its pieces.
    Deal,
    /// The `k` cheapest solutions.
    Cheapest,
}

/// What of a problem the choice of an engine depends on, measured once
/// when the problem is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Some primary item has bounds (Algorithm M).
    pub bounds: bool,
    /// Few enough nodes and items for 16-bit links.
    pub narrow: bool,
    /// The bitsets take it (see [`bits::fits`]).
    pub bits: bool,
    /// The bitsets list it faster than the links (see
    /// [`bits::lists_well`]); only measured when they take it.
    pub bits_list_well: bool,
    /// The memo engine takes it (see [`memo::fits`]).
    pub memo: bool,
}

impl Shape {
    /// Measures `problem`.
    pub fn of(problem: &Problem) -> Shape {
        let bounds = problem.has_bounds();
        let bits = !bounds && bits::fits(problem);
        Shape {
            bounds,
            narrow: fits::<u16>(problem),
            bits,
            bits_list_well: bits && bits::lists_well(problem),
            memo: memo::fits(problem),
        }
    }
}

/// What a solver's settings say of the choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Settings {
    /// DLX1's very tree and statistics: the dancing links (see
    /// [`crate::Solver::set_faithful`]).
    pub faithful: bool,
    /// The bitsets may be used (see [`crate::Solver::set_bitset`]).
    pub bitset: bool,
    /// Listings go to the bitsets too when they may be used (see
    /// [`crate::Solver::set_bitset_lists`]).
    pub bitset_lists: bool,
    /// Which engine counts (see [`crate::Solver::set_engine`]).
    pub choice: EngineChoice,
    /// What the trial of the memo engine found: `Some(true)` when its
    /// subproblems repeat enough; `None` before any trial.
    pub repeats: Option<bool>,
}

impl Settings {
    /// The settings a solver of a problem of `shape` starts with: not
    /// faithful, the bitsets allowed, and listing on them where they list
    /// faster; counts on the plain engines (DLX1's nodes) until told
    /// otherwise.
    pub fn new(shape: &Shape) -> Settings {
        Settings {
            faithful: false,
            bitset: true,
            bitset_lists: shape.bits_list_well,
            choice: EngineChoice::Plain,
            repeats: None,
        }
    }
}

/// The engine that runs `task` on a problem of `shape` with `settings`:
///
/// - a problem with bounds goes to Algorithm M, whatever the task (with
///   costs for the cheapest solutions);
/// - the cheapest solutions of any other go to DLX5;
/// - counts that need not be faithful go to the memo engine when it takes
///   the problem and is forced, or is left to choose and its trial found
///   subproblems repeating;
/// - counts go to the bitsets when they take the problem, are allowed and
///   the search need not be faithful; so do listings where the bitsets list
///   faster (or are told to); the dealing of shards goes to them whenever
///   they take the problem and are allowed (the faithful setting does not
///   change the tree a shard is dealt);
/// - everything else dances.
pub(crate) fn pick(shape: &Shape, task: Task, settings: Settings) -> Engine {
    let bits = shape.bits && settings.bitset;
    let memo = shape.memo
        && !settings.faithful
        && match settings.choice {
            EngineChoice::Memo => true,
            EngineChoice::Auto => settings.repeats == Some(true),
            EngineChoice::Plain => false,
        };
    match task {
        _ if shape.bounds => Engine::Multiplicity,
        Task::Cheapest => Engine::Cost,
        Task::Count if memo => Engine::Memo,
        Task::Count if bits && !settings.faithful => Engine::Bits,
        Task::List if bits && !settings.faithful && settings.bitset_lists => Engine::Bits,
        Task::Deal if bits => Engine::Bits,
        Task::Hold | Task::Count | Task::List | Task::Deal => Engine::Links,
    }
}
