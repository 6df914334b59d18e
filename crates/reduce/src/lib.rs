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
//! turns a solution back into a grid; [`GridSolver`] keeps one matrix per
//! shape and solves puzzle after puzzle on it. This crate does no I/O: the
//! command line parses and prints.
//!
//! ```
//! use std::ops::ControlFlow;
//! use reduce::{Alphabet, GridSolver, Puzzle, Shape};
//! // Arto Inkala's "hardest Sudoku".
//! let text = "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
//! let alphabet = Alphabet::default_for(9).unwrap();
//! let givens = text.chars().map(|c| alphabet.index(c)).collect();
//! let puzzle = Puzzle::new(Shape::default_for(9).unwrap(), alphabet, givens).unwrap();
//! let mut solver = GridSolver::new(puzzle.shape());
//! assert_eq!(solver.count(&puzzle, None), Ok(1));
//! solver.solve(&puzzle, |grid| {
//!     assert!(puzzle.verify(grid).is_ok());
//!     assert_eq!(grid[..9], [7, 0, 1, 6, 4, 2, 5, 3, 8]); // 812753649
//!     ControlFlow::Break(())
//! }).unwrap();
//! ```

mod bits;
mod cover;
mod grid;
pub mod logic;
mod nine;

pub use bits::{BitSolver, MAX_BITS_ORDER};
pub use cover::{decode, full_matrix, reduce, Encoding, GridSolver, Placement, Reduction};
pub use grid::{Alphabet, Conflict, GridError, Puzzle, Regions, Shape, BLANKS, MAX_ORDER};
