//! The vocabulary every other file of the command line shares: where a
//! record came from ([`Source`]), what it holds ([`Record`], [`Body`]), how a
//! grid is laid out ([`Layout`]); which format an input is in ([`Format`])
//! and why a record was refused ([`Refusal`], [`InputError`]) are written in
//! [`crate::error`], below this file, and re-exported here. Nothing here
//! reads or writes.

use std::fmt;
use std::sync::Arc;

use dlx::Problem;
use reduce::{Placement, Puzzle};

pub use crate::error::{Format, InputError, Refusal};

/// Where a record or a message is: a file (or `<stdin>`) and a line from 1.
/// Line 0 stands for the input as a whole (a file that cannot be opened).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The input's name as messages give it.
    pub path: Arc<str>,
    /// The first line of the record, from 1; 0 for the whole input.
    pub line: usize,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.path)
        } else {
            write!(f, "{}:{}", self.path, self.line)
        }
    }
}

/// How a grid is written: how an input puzzle was laid out, and how an
/// answer is (`--layout`). One place writes each: `output::text::grid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// One puzzle a line: N² symbols.
    Line,
    /// N rows of N symbols (seed 003).
    Compact,
    /// N rows of blank-separated symbols, then a blank line (seeds 000, 002).
    Spaced,
    /// N rows of blank-separated integers 1..N (0 blank), then a blank
    /// line: the usual layout of large grids.
    Integers,
    /// Rows of blank-separated symbols with no blank line after (seed 001's
    /// answers).
    Grouped,
    /// Answers only (`--layout art`): the grid drawn in Unicode
    /// box-drawing characters, heavy lines on region borders, givens told
    /// apart from filled cells (`render::art`), then a blank line. With
    /// `color`, givens are bold and filled cells cyan (ANSI codes);
    /// without, givens are set in brackets.
    Art {
        /// Whether to write ANSI colour codes.
        color: bool,
    },
}

impl Layout {
    /// Every layout an input can have, in the order the docs list them
    /// ([`Layout::Art`] is written, never read).
    pub const ALL: [Layout; 5] =
        [Layout::Line, Layout::Compact, Layout::Spaced, Layout::Integers, Layout::Grouped];

    /// The layout's name (`--layout`, and the JSON document's `layout`).
    pub fn name(self) -> &'static str {
        match self {
            Layout::Line => "line",
            Layout::Compact => "compact",
            Layout::Spaced => "spaced",
            Layout::Integers => "integers",
            Layout::Grouped => "grouped",
            Layout::Art { .. } => "art",
        }
    }

    /// The layout with this name.
    pub fn from_name(s: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == s)
    }
}

/// A problem that came from a puzzle (an exported JSON document): enough to
/// print its solutions as grids.
#[derive(Clone, Debug)]
pub struct PuzzleCover {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// What each option places where.
    pub placements: Vec<Placement>,
    /// How the puzzle was laid out.
    pub layout: Layout,
}

impl PuzzleCover {
    /// The grid a solution fills in. A hand-written document whose options
    /// leave a cell empty gets the first symbol there rather than a panic.
    pub fn decode(&self, options: &[usize]) -> Vec<u8> {
        reduce::decode(&self.puzzle, &self.placements, options, 0)
    }
}

/// What a record holds.
#[derive(Clone, Debug)]
pub enum Body {
    /// A Sudoku-family puzzle, and how it was laid out.
    Puzzle {
        /// The puzzle.
        puzzle: Puzzle,
        /// Its layout in the input.
        layout: Layout,
    },
    /// An exact-cover problem; when it was exported from a puzzle, what
    /// each option places where.
    Problem {
        /// The problem.
        problem: Problem,
        /// The puzzle it came from, if any.
        cover: Option<PuzzleCover>,
    },
}

/// Something worth telling about a record that was read anyway: an option
/// dropped for having no primary item, or how the input was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The line it is about (0: the input as a whole).
    pub line: usize,
    /// What to say.
    pub text: String,
}

/// One puzzle or problem, or why it was refused.
#[derive(Clone, Debug)]
pub struct Record {
    /// Where it starts.
    pub source: Source,
    /// The text after a line record's cells (its name, rating, ...).
    pub note: Option<String>,
    /// Notices for stderr (said before the record's answer).
    pub notices: Vec<Notice>,
    /// The record, or why it was refused.
    pub body: Result<Body, Refusal>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_input_is_named_without_a_line() {
        let s = Source { path: "x.txt".into(), line: 0 };
        assert_eq!(s.to_string(), "x.txt");
    }

    #[test]
    fn layouts_round_trip_their_names() {
        for l in Layout::ALL {
            assert_eq!(Layout::from_name(l.name()), Some(l));
        }
    }
}
