//! # dlx: exact cover by dancing links
//!
//! An *exact-cover problem* is a set of **items** and a list of **options**,
//! each option a subset of the items. A solution is a choice of options that
//! covers every **primary** item exactly once and every **secondary** item at
//! most once. Sudoku, N queens, polyomino packings and Latin squares are all
//! exact-cover problems, and Knuth's Algorithm X, with his *dancing links*,
//! is the classic way to list their solutions (TAOCP, section 7.2.2.1).
//!
//! This crate is that algorithm, as Knuth's programs DLX1, DLX2, DLX3 and
//! DLX5 implement it and its extensions, with his vocabulary:
//!
//! - [`ProblemBuilder`] declares items and adds options, refusing what DLX1
//!   refuses, and yields a validated [`Problem`].
//! - A secondary item may be given a **color** by an option (Algorithm C,
//!   DLX2): options that give one item the same color may be chosen
//!   together; an uncolored use still means "at most once".
//! - [`Solver`] lays the problem out in one arena of nodes linked by
//!   indices (`u16` when they fit, else `u32`) and searches it with an explicit stack: the leftmost primary
//!   item with the fewest options is branched on, as in DLX1, and the
//!   [`Stats`] (nodes and updates) are DLX1's to the unit.
//! - A primary item may be given **bounds** (Algorithm M, DLX3): covered
//!   at least `lower` and at most `upper` times. [`Solver::new`] hands such
//!   a problem to a search of its own, which branches on DLX3's choice and,
//!   [faithful](Solver::set_faithful), counts DLX3's statistics to the
//!   unit; a problem without bounds is searched exactly as before.
//! - An option may be given a **cost** (DLX5): [`Cheapest::best`] finds
//!   the `k` cheapest solutions, in increasing order of cost, cutting every
//!   branch whose lower bound cannot beat the `k`-th best found so far
//!   (see [`Cheapest`] for the bound); [`parallel::best`] does it on
//!   several threads that share that cutoff. Bounds and costs may be
//!   combined. A count ignores costs. A list cut short by a budget is no
//!   answer: [`Best::cheapest`] is then `None`.
//! - **Two engines.** [`Solver::new`] also lays out a problem on bitsets
//!   when it fits: no colors, no bounds, at most 256 primary items, at most
//!   4,096 options and at most 15 primary items in any option (queens,
//!   Langford pairs, pentominoes, Sudoku up to 6x6 as a plain matrix).
//!   Counts that need not be faithful then go to it, and so do listings
//!   where it lists faster than the links (not on Sudoku matrices, whose
//!   many items it scans at every level: [`Solver::set_bitset_lists`]): it walks
//!   DLX1's very tree (the same choices, the same solutions in the same
//!   order, the same node counts), with the live options as a bitset and
//!   a level a copy of its parent rather than links undone, and hands
//!   small subtrees to a second instance whose sets are one word. The
//!   choice is automatic and changes the speed only; a
//!   [faithful](Solver::set_faithful) search (`--stats`: DLX1's updates)
//!   always dances, and [`Solver::set_bitset`] turns the bitsets off (the
//!   tests run both engines; [`Solver::uses_bitset`] says which runs).
//! - [`Solver::force`] chooses options before a search (the givens of a
//!   puzzle), for as many searches as you like, at the price of covering
//!   their items only: one solver serves a million puzzles.
//! - [`text`] reads and writes Knuth's text format.
//! - Every search obeys a [`Budget`] (nodes, a deadline), reports to a
//!   [`Probe`] (progress, Ctrl-C) and ends with an [`Outcome`] whose
//!   [`End`] says whether its count is the answer or *unknown* (see
//!   [`Meter`], which other engines carry too).
//! - [`parallel`] counts on several threads, or counts or lists one shard
//!   of the tree of many, by splitting the search into subtrees
//!   ([`Solver::subtrees`]; shards are dealt by Knuth's estimates,
//!   [`parallel::shard_pieces`]), and [`parallel::first_then_split`] tries
//!   one thread first.
//! - [`Solver::estimate`] is Knuth's random-probe estimate of the tree's
//!   solutions and nodes, with honest intervals ([`estimate`]), over
//!   Algorithm M's tree too for a problem with bounds.
//! - With the `serde` feature, a [`Problem`] serializes as
//!   `{"primary": [...], "secondary": [...], "options": [["a", "x:red"], ...]}`,
//!   plus `"bounds": {"a": [0, 2]}` and `"costs": [3, ...]` (one per option)
//!   when it has them.
//!
//! The crate is built in layers, each file importing only from those below
//! it: the problem and Knuth's text format ([`Problem`], [`text`]); what
//! every search shares ([`Budget`] and its [`Meter`], DLX1's [`Stats`], the
//! cutting of a tree for threads and shards, Knuth's [`estimate`]s, the
//! [`Best`] solutions found so far); the arena of dancing links, the one
//! place with `unsafe`; the engines, one file an algorithm (the dancing
//! links, the bitsets, Algorithm M, DLX5), which never name each other, and
//! beside them `pick`, the one function that chooses which engine runs a
//! search; the facades [`Solver`] and [`Cheapest`], which lay a problem out
//! for the engines `pick` names and ask it at every search; and on top
//! [`parallel`], threads and shards over the facades.
//!
//! ```
//! use dlx::{text, Budget, EstimateOptions, Solver};
//! // Four queens: rows and columns primary, diagonals secondary.
//! let mut items = String::from("r0 r1 r2 r3 c0 c1 c2 c3 |");
//! for d in 0..7 { items += &format!(" a{d} b{d}"); }
//! let mut src = items + "\n";
//! for r in 0..4 {
//!     for c in 0..4 {
//!         src += &format!("r{r} c{c} a{} b{}\n", r + c, r + 3 - c);
//!     }
//! }
//! let problem = text::parse(&src).unwrap().problem;
//! let mut solver = Solver::new(&problem);
//! let count = solver.count(None);
//! assert_eq!(count.solutions(), Some(2));
//! let first = solver.solutions().next().unwrap();
//! assert!(problem.is_solution(&first));
//! // Before a long count: how big is the tree? (DLX1's nodes.)
//! let e = solver.estimate(&EstimateOptions::default());
//! assert!(e.nodes.contains(count.nodes() as f64) && e.solutions.contains(2.0));
//! // A budget too small leaves the count unknown, never short.
//! solver.set_budget(Budget::nodes(2));
//! assert_eq!(solver.count(None).solutions(), None);
//! ```

mod arena;
mod best;
mod budget;
mod engine;
pub mod estimate;
mod layout;
mod memo;
pub mod parallel;
mod problem;
pub mod request;
mod solver;
mod split;
mod stats;
pub mod text;
mod zdd;

#[cfg(feature = "serde")]
mod serde_impl;

pub use best::{Best, Costed};
pub use budget::{Budget, End, Meter, Outcome, Probe, CHECK_EVERY};
pub use engine::{EngineChoice, ForceError};
pub use estimate::{Estimate, EstimateOptions, Figure, SplitMix64};
pub use memo::{Branching, MemoCounter, MemoError, MemoStats, DEFAULT_MEMORY};
pub use problem::{
    is_valid_name, BuildError, Entry, OptionDisplay, Problem, ProblemBuilder, Warning, MAX_TOTAL_COST,
};
pub use request::{Order, Request, Want};
pub use solver::{Cheapest, Solutions, Solver};
pub use stats::Stats;
pub use zdd::{Builder, Node, Zdd, ZddError, BOTTOM, TOP};
