//! Pictures of puzzles: terminal art, SVG and PDF.
//!
//! This module turns a [`reduce::Puzzle`] (with, optionally, a solution and
//! the candidates of its empty cells) into a picture a person would rather
//! look at than read. Every function here is pure: it takes the puzzle and
//! [`Options`] and returns a `String` (art, SVG) or bytes (PDF); the command
//! line decides where they go.
//!
//! - [`art`]: the grid in Unicode box-drawing characters for a terminal,
//!   heavy lines on region borders, givens told apart from filled cells.
//! - [`svg`]: one puzzle as an SVG document sized to itself;
//!   [`svg_pages`]: puzzles tiled K to a page of A4 or Letter, one SVG
//!   document a page; [`pdf`]: the same pages as one PDF document.
//!
//! # Variant constraints
//!
//! A puzzle's constraints are drawn as f-puzzles and SudokuPad draw them
//! (the `marks` module): cages, thermometers, arrows, dots, X and V,
//! lines coloured by kind, shaded cells, quadruples, and clues outside
//! the grid, for which the picture keeps a ring of one cell around it;
//! rules with no place on the grid are named in the caption; the puzzle's
//! own pencil marks are drawn as candidates. A constraint whose picture
//! would mislead is refused ([`RenderError::Constraint`]).
//!
//! # Text without fonts
//!
//! A fresh machine may have no fonts at all, and an SVG `<text>` element
//! then draws nothing. So every symbol is drawn as a filled path: the glyph
//! outlines come from the DejaVu Sans fonts shipped inside the `dejavu`
//! crate (read with `ttf-parser`), each outline written once under `<defs>`
//! and placed with `<use>`. The same text is also present as ordinary
//! `<text>` with no fill, so the picture stays searchable and selectable.
//! The PDF embeds the same outlines as Type 3 fonts with a `ToUnicode` map:
//! the symbols are real, searchable text that needs no installed font.
//! A symbol the fonts have no glyph for is refused ([`RenderError::Glyph`]).
//!
//! # Shading
//!
//! Regions are filled with light colours from Paul Tol's colour-blind-safe
//! "light" scheme, mixed with white for print. A puzzle with at most as many
//! regions as the palette has colours gives each region its own colour;
//! a larger one colours the graph of regions that share an edge, so that
//! neighbours always differ. Latin squares (no regions) are not shaded.
//!
//! # Candidates
//!
//! Candidates are a bit set per cell (bit `v` for symbol `v`), drawn small in
//! the cells with no given and no solution symbol. [`plain_candidates`]
//! computes them from the units alone (a symbol is a candidate of an empty
//! cell unless a given in its row, column or region holds it); a logic
//! solver may supply tighter ones.

mod art;
mod colors;
mod glyph;
mod marks;
mod page;
mod pdf;
mod scene;
mod svg;

use std::fmt;
use std::path::{Path, PathBuf};

use reduce::Puzzle;

pub use art::art;
pub use page::MAX_PER_PAGE;
pub use pdf::pdf;
pub use svg::{svg, svg_pages};

/// The side of a cell in a single-puzzle SVG ([`svg`]), in user units.
pub const SVG_CELL: f64 = 40.0;

/// The blank margin around the grid of a single-puzzle SVG, in user units.
/// Cell (r, c) spans `SVG_MARGIN + c * SVG_CELL` to `SVG_MARGIN + (c + 1) *
/// SVG_CELL` across, and likewise down (below the label line, when the
/// picture has a label: see [`svg`]).
pub const SVG_MARGIN: f64 = 20.0;

/// One puzzle to draw, with what to draw in it.
#[derive(Clone, Copy, Debug)]
pub struct Picture<'a> {
    /// The puzzle: shape, alphabet, givens.
    pub puzzle: &'a Puzzle,
    /// A filled grid (symbol indices, row by row), drawn in the cells that
    /// have no given.
    pub solution: Option<&'a [u8]>,
    /// Candidates per cell (bit `v` set when symbol `v` may go there),
    /// drawn small in the cells left empty.
    pub candidates: Option<&'a [u64]>,
    /// A caption above the grid (on pages, the puzzle's number when absent).
    pub label: Option<&'a str>,
}

impl<'a> Picture<'a> {
    /// The bare puzzle: givens only.
    pub fn new(puzzle: &'a Puzzle) -> Picture<'a> {
        Picture { puzzle, solution: None, candidates: None, label: None }
    }

    /// The same picture with a solution drawn in.
    pub fn with_solution(self, solution: &'a [u8]) -> Picture<'a> {
        Picture { solution: Some(solution), ..self }
    }

    /// The same picture with candidates drawn in the empty cells.
    pub fn with_candidates(self, candidates: &'a [u64]) -> Picture<'a> {
        Picture { candidates: Some(candidates), ..self }
    }

    /// The same picture with a caption.
    pub fn with_label(self, label: &'a str) -> Picture<'a> {
        Picture { label: Some(label), ..self }
    }

    /// Checks the solution and candidates against the puzzle.
    fn check(&self) -> Result<(), RenderError> {
        let n = self.puzzle.n();
        if let Some(grid) = self.solution {
            if grid.len() != n * n {
                return Err(RenderError::SolutionSize { cells: grid.len(), n });
            }
            if let Some(cell) = grid.iter().position(|&v| v as usize >= n) {
                return Err(RenderError::SolutionSymbol { cell });
            }
            let givens = self.puzzle.givens();
            if let Some(cell) = (0..n * n).find(|&i| givens[i].is_some_and(|g| g != grid[i])) {
                return Err(RenderError::SolutionGiven { cell });
            }
        }
        if let Some(sets) = self.candidates {
            if sets.len() != n * n {
                return Err(RenderError::CandidateSize { cells: sets.len(), n });
            }
        }
        Ok(())
    }

    /// What cell `cell` shows.
    fn cell(&self, cell: usize) -> Mark {
        if let Some(v) = self.puzzle.givens()[cell] {
            Mark::Given(v)
        } else if let Some(grid) = self.solution {
            Mark::Filled(grid[cell])
        } else if let Some(sets) = self.candidates {
            Mark::Candidates(sets[cell])
        } else {
            // The puzzle's own pencil marks (givenPencilMarks), where they
            // restrict the cell.
            let n = self.puzzle.n();
            let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            match &self.puzzle.rules().candidates {
                Some(marks) if marks[cell] & all != all => Mark::Candidates(marks[cell]),
                _ => Mark::Empty,
            }
        }
    }
}

/// What one cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Given(u8),
    Filled(u8),
    Candidates(u64),
    Empty,
}

/// A paper size for [`svg_pages`] and [`pdf`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PageSize {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl PageSize {
    /// Width and height in PostScript points (1/72 in).
    pub fn points(self) -> (f64, f64) {
        match self {
            PageSize::A4 => (595.276, 841.89),
            PageSize::Letter => (612.0, 792.0),
        }
    }

    /// Width and height as SVG lengths with units.
    fn lengths(self) -> (&'static str, &'static str) {
        match self {
            PageSize::A4 => ("210mm", "297mm"),
            PageSize::Letter => ("8.5in", "11in"),
        }
    }
}

impl std::str::FromStr for PageSize {
    type Err = String;

    /// `a4` or `letter`, in any case.
    fn from_str(s: &str) -> Result<PageSize, String> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(PageSize::A4),
            "letter" => Ok(PageSize::Letter),
            _ => Err(format!("unknown page size {s:?} (a4 or letter)")),
        }
    }
}

/// How to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Art: ANSI bold for givens and colour for filled cells. Without it,
    /// givens are set in brackets when a solution is drawn.
    pub color: bool,
    /// SVG and PDF: fill the regions with light colours.
    pub shading: bool,
    /// SVG pages and PDF: the paper.
    pub page: PageSize,
    /// SVG pages and PDF: how many puzzles one page holds (1 to
    /// [`MAX_PER_PAGE`]).
    pub per_page: usize,
}

impl Default for Options {
    /// No colour in art, shading on, one puzzle to an A4 page.
    fn default() -> Options {
        Options { color: false, shading: true, page: PageSize::A4, per_page: 1 }
    }
}

/// What cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderError {
    /// The solution does not have N x N cells.
    SolutionSize { cells: usize, n: usize },
    /// The solution holds a symbol index of N or more in cell `cell`.
    SolutionSymbol { cell: usize },
    /// The solution changes the given in cell `cell`.
    SolutionGiven { cell: usize },
    /// The candidates do not have N x N cells.
    CandidateSize { cells: usize, n: usize },
    /// The fonts have no glyph for this character (SVG and PDF only).
    Glyph { symbol: char },
    /// A constraint whose picture would mislead (a quadruple not around
    /// one corner, an arrow's circle in pieces or not in reading order).
    Constraint { key: &'static str, reason: String },
    /// A page cannot hold this many puzzles.
    PerPage { k: usize },
    /// There is nothing to put on a page.
    NoPuzzles,
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::SolutionSize { cells, n } => {
                write!(f, "the solution has {cells} cells; a {n}x{n} grid needs {}", n * n)
            }
            RenderError::SolutionSymbol { cell } => write!(f, "cell {cell} of the solution holds no symbol"),
            RenderError::SolutionGiven { cell } => {
                write!(f, "the solution changes the given in cell {cell}")
            }
            RenderError::CandidateSize { cells, n } => {
                write!(f, "the candidates cover {cells} cells; a {n}x{n} grid has {}", n * n)
            }
            RenderError::Glyph { symbol } => {
                write!(f, "cannot draw {symbol:?}: the built-in fonts have no glyph for it")
            }
            RenderError::Constraint { key, reason } => write!(f, "cannot draw the {key}: {reason}"),
            RenderError::PerPage { k } => {
                write!(f, "cannot put {k} puzzles on a page (1 to {MAX_PER_PAGE})")
            }
            RenderError::NoPuzzles => write!(f, "there is no puzzle to draw"),
        }
    }
}

impl std::error::Error for RenderError {}

/// The candidates of each cell from the units alone: for an empty cell,
/// every symbol that no given in its row, column or region holds; for a
/// given's cell, that symbol alone. Bit `v` stands for symbol `v`.
pub fn plain_candidates(puzzle: &Puzzle) -> Vec<u64> {
    let n = puzzle.n();
    let shape = puzzle.shape();
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    // Units 0..n are rows, n..2n columns, 2n..3n regions.
    let mut used = vec![0u64; 3 * n];
    let units = |cell: usize| [Some(cell / n), Some(n + cell % n), shape.region(cell).map(|k| 2 * n + k)];
    for (cell, g) in puzzle.givens().iter().enumerate() {
        if let Some(v) = *g {
            for u in units(cell).into_iter().flatten() {
                used[u] |= 1 << v;
            }
        }
    }
    (0..n * n)
        .map(|cell| match puzzle.givens()[cell] {
            Some(v) => 1 << v,
            None => all & !units(cell).into_iter().flatten().fold(0, |m, u| m | used[u]),
        })
        .collect()
}

/// The file for page `page` (from 1) of a picture meant for `path`:
/// `NAME.svg` becomes `NAME-1.svg`, `NAME-2.svg`, ... (a name with no
/// extension gets the number at its end).
pub fn page_path(path: &Path, page: usize) -> PathBuf {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{page}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{page}"),
    };
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use reduce::{Alphabet, Shape};

    fn puzzle(n: usize, givens: &str) -> Puzzle {
        let alphabet = Alphabet::default_for(n).unwrap();
        let givens = givens.chars().map(|c| alphabet.index(c)).collect();
        Puzzle::new(Shape::default_for(n).unwrap(), alphabet, givens).unwrap()
    }

    #[test]
    fn plain_candidates_follow_the_units() {
        let p = puzzle(4, "1...........4..2");
        let c = plain_candidates(&p);
        assert_eq!(c[0], 0b0001);
        // Row 1, column 2, box 1 all see the 1 in cell 0.
        assert_eq!(c[1], 0b1110);
        // Cell 13 (row 4, column 2): the 4 in row 4 and the 2 in row 4.
        assert_eq!(c[13], 0b0101);
        // Cell 3 (row 1, column 4): the 1 in row 1, the 2 in column 4.
        assert_eq!(c[3], 0b1100);
        // Cell 10 (row 3, column 3) shares box 4 with the 2 in cell 15.
        assert_eq!(c[10], 0b1101);
    }

    #[test]
    fn solutions_and_candidates_are_checked() {
        let p = puzzle(4, "1...............");
        let ok = [0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0];
        assert_eq!(Picture::new(&p).with_solution(&ok).check(), Ok(()));
        assert_eq!(
            Picture::new(&p).with_solution(&ok[..15]).check(),
            Err(RenderError::SolutionSize { cells: 15, n: 4 })
        );
        let mut bad = ok;
        bad[0] = 1;
        assert_eq!(Picture::new(&p).with_solution(&bad).check(), Err(RenderError::SolutionGiven { cell: 0 }));
        bad[0] = 4;
        assert_eq!(
            Picture::new(&p).with_solution(&bad).check(),
            Err(RenderError::SolutionSymbol { cell: 0 })
        );
        assert_eq!(
            Picture::new(&p).with_candidates(&[0; 3]).check(),
            Err(RenderError::CandidateSize { cells: 3, n: 4 })
        );
    }

    #[test]
    fn pages_are_numbered_before_the_extension() {
        assert_eq!(page_path(Path::new("out/book.svg"), 2), PathBuf::from("out/book-2.svg"));
        assert_eq!(page_path(Path::new("book"), 1), PathBuf::from("book-1"));
        assert_eq!("Letter".parse::<PageSize>(), Ok(PageSize::Letter));
        assert!("a5".parse::<PageSize>().is_err());
    }
}
