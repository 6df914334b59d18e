//! # reduce: Sudoku-family puzzles as exact cover
//!
//! A [`Puzzle`] is an N x N grid ([`Shape`]: the order and how the grid is
//! divided into regions), an [`Alphabet`] of N symbols, and some givens. A
//! solution fills every cell so that each row, each column and each region
//! holds every symbol once. The regions may be boxes of R x C cells (box
//! Sudoku), any map of N regions of N cells (jigsaw Sudoku, the grouped
//! 6x6 A-F puzzle), or none at all (Latin square completion).
//!
//! [`reduce`] turns a puzzle into a [`dlx::Problem`] and [`Reduction::decode`]
//! turns a solution back into a grid (`cover/`: the pure reduction, which
//! knows nothing of searching). This crate does no I/O: the command line
//! parses and prints.
//!
//! ## Where things are
//!
//! Each file imports only from those listed before it:
//!
//! - `grid.rs`: the shape and the alphabet ([`Shape`], [`Alphabet`],
//!   [`Regions`]); `cpu.rs`: the one place code runs compiled for this CPU;
//! - [`constraint`]: variant constraints, one file a family, and the
//!   [`constraint::Rules`] a puzzle carries;
//! - `puzzle.rs`: a [`Puzzle`] (shape, alphabet, givens, rules);
//! - [`verify`]: a filled grid or a cover checked against its puzzle or
//!   problem, by code that shares nothing with the searches (the command
//!   line checks every answer with it before printing);
//! - [`cover`]: the reduction to a [`dlx::Problem`] and back, a variant's
//!   XCC reduction in `cover/variant.rs` ([`reduce_variant`]);
//! - `symmetry.rs`: the symmetries of a pattern of givens ([`Symmetry`]),
//!   which the generator and the analyzer both use;
//! - [`search`]: the grid searches (`nine.rs`, `bits/`, `variant/`,
//!   `links.rs`) and the one place that picks among them (`mod.rs`);
//! - [`logic`]: human-style techniques on candidates, one file or folder
//!   per family, with steps, their wording, and ratings;
//! - [`generate`]: full grids, removal of givens, jigsaw maps, variant
//!   constraints;
//! - [`analyze`]: minimal and redundant givens, true candidates.
//!
//! ## The search layer
//!
//! Three searches solve that same exact cover ([`search`]):
//!
//! - **nine** ([`search::Nine`]): bit boards by symbol and band, for 9x9
//!   grids with 3x3 boxes;
//! - **bits** ([`search::Bits`]): a word of open symbols per cell, for every
//!   other grid up to order 64, restarting at random on the big grids where
//!   a plain depth-first search thrashes, and from order 17 branching where
//!   the dead ends were (dom/wdeg);
//! - **links** ([`search::Links`]): dancing links on the shape's full matrix
//!   with the givens forced, for any shape. Only it lists every solution in
//!   DLX1's order, counts DLX1's statistics, and splits a count over threads
//!   or shards.
//!
//! [`Engine::for_shape`] picks the fastest engine that takes a shape, once,
//! when a [`GridSolver`] is made for it; [`GridSolver::with_engine`] forces
//! another (tests, corpus runs), and [`Way`] lists every way of searching a
//! puzzle, the reduced matrix included, so that they can be checked against
//! each other. The picked engine finds first solutions
//! ([`GridSolver::solve_any`]) and counts ([`GridSolver::count`]); the
//! links list in order ([`GridSolver::solve`]), serve a
//! [faithful](GridSolver::set_faithful) solver, and take over a count that
//! outgrows one thread ([`GridSolver::count_threads`]). Every search obeys a
//! [`dlx::Budget`] and ends with a [`dlx::Outcome`]: a count cut short by
//! the budget is unknown, never a total.
//!
//! ```
//! use std::ops::ControlFlow;
//! use dlx::{Budget, End};
//! use reduce::{Alphabet, Engine, GridSolver, Puzzle, Shape};
//! // Arto Inkala's "hardest Sudoku".
//! let text = "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
//! let alphabet = Alphabet::default_for(9).unwrap();
//! let givens = text.chars().map(|c| alphabet.index(c)).collect();
//! let puzzle = Puzzle::new(Shape::default_for(9).unwrap(), alphabet, givens).unwrap();
//! let mut solver = GridSolver::new(puzzle.shape());
//! assert_eq!(solver.engine(), Engine::Nine);
//! // Counted: one solution, and the count is complete.
//! let count = solver.count(&puzzle, None).unwrap();
//! assert_eq!((count.solutions(), count.end()), (Some(1), End::Complete));
//! // Solved: the first row is 812753649.
//! let mut first_row = Vec::new();
//! let _ = solver.solve_any(&puzzle, |grid| {
//!     assert!(puzzle.verify(grid).is_ok());
//!     first_row = grid[..9].to_vec();
//!     ControlFlow::Break(())
//! });
//! assert_eq!(first_row, [7, 0, 1, 6, 4, 2, 5, 3, 8]);
//! // A budget too small for the links' count makes it unknown, not zero.
//! let mut links = GridSolver::with_engine(puzzle.shape(), Engine::Links).unwrap();
//! links.set_budget(Budget::nodes(10));
//! let cut = links.count(&puzzle, None).unwrap();
//! assert_eq!((cut.solutions(), cut.end()), (None, End::OutOfNodes));
//! ```

#![warn(missing_docs)]

pub mod analyze;
pub mod constraint;
pub mod cover;
mod cpu;
pub mod generate;
mod grid;
pub mod logic;
mod puzzle;
pub mod search;
mod symmetry;
pub mod verify;

pub use cover::variant::{reduce_variant, Legend, Unreduced, VariantError};
pub use cover::{decode, full_matrix, reduce, Encoding, Placement, Reduction};
pub use grid::{order_of, Alphabet, GridError, Regions, Shape, BLANKS, MAX_ORDER};
pub use puzzle::{Conflict, Puzzle};
pub use search::{Engine, GridSolver, Way};
pub use symmetry::Symmetry;
