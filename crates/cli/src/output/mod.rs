//! Output: what the user reads. [`text`] writes grids in each layout,
//! problems' solutions, counts and statistics; [`json`] the JSON Lines
//! objects as typed structs; [`export`] the exact-cover document;
//! [`candidates`] the true candidates of `analyze --cap`. All of it
//! goes through one buffered writer; a closed pipe ends the run quietly.

pub mod candidates;
pub mod export;
pub mod findings;
pub mod fpuzzles;
pub mod json;
pub mod logic;
pub mod text;

use std::io;

use crate::record::Layout;

/// `--output`: what the answers are written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// Solutions laid out like the input (or as --layout says).
    Text,
    /// JSON Lines: one object per record (docs/output.md).
    Json,
}

/// The largest order drawn as art by default on a terminal: its art is
/// 65 columns wide, and fits an 80-column terminal.
pub const TERMINAL_ART_MAX_ORDER: usize = 16;

/// How grid answers are laid out: `--layout`, or like the input, or art on
/// a terminal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layouts {
    /// `--layout`: `None` follows the input.
    pub layout: Option<Layout>,
    /// `Some(color)` when `--layout` was not given and standard output is
    /// a terminal: then puzzles written as rows (compact, spaced, grouped;
    /// not one a line, not integers) of order up to
    /// [`TERMINAL_ART_MAX_ORDER`] are answered in art (see
    /// [`Layouts::layout_for`]).
    pub terminal_art: Option<bool>,
}

impl Layouts {
    /// How the answers of `puzzle`, laid out as `input` in its input, are
    /// written: `--layout` if given; else art on a terminal for a puzzle
    /// written as rows that fits; else like the input.
    pub fn layout_for(&self, puzzle: &reduce::Puzzle, input: Layout) -> Layout {
        match (self.layout, self.terminal_art) {
            (Some(l), _) => l,
            (None, Some(color))
                if matches!(input, Layout::Compact | Layout::Spaced | Layout::Grouped)
                    && puzzle.n() <= TERMINAL_ART_MAX_ORDER =>
            {
                Layout::Art { color }
            }
            (None, _) => input,
        }
    }
}

/// The line printed for a puzzle without a solution.
pub const NO_SOLUTION: &str = "无解";

/// Whether an I/O error means the reader went away (a closed pipe).
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}
