//! Output: what the user reads. [`text`] writes grids in each layout,
//! problems' solutions, counts and statistics; [`json`] the JSON Lines
//! objects as typed structs; [`export`] the exact-cover document. All of it
//! goes through one buffered writer; a closed pipe ends the run quietly.

pub mod export;
pub mod json;
pub mod logic;
pub mod text;

use std::io;

/// The line printed for a puzzle without a solution.
pub const NO_SOLUTION: &str = "无解";

/// Whether an I/O error means the reader went away (a closed pipe).
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}
