//! A line as a grid row: its cells (compact characters, spaced tokens,
//! integers, grid art and a `#` comment dropped), how they are written
//! (compact or spaced) and the layout an answer takes for them; the
//! lines' shapes as rows, each line parsed once however many runs count
//! it; and the lines skipped between and inside grids.

use std::collections::HashMap;

use crate::input::puzzle::{Cell, Puzzles};
use crate::input::window::{is_comment, is_separator, Window};
use crate::record::Layout;

/// How a row's cells are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RowKind {
    /// One character a cell, no blanks between.
    Compact,
    /// Blank-separated cells.
    Spaced,
}

/// A row: its cells and how they were written.
pub(super) struct Row<'a> {
    pub(super) cells: Vec<Cell<'a>>,
    pub(super) kind: RowKind,
    /// Compact groups of digits (`530 070 000`, or `10 16` of a stream).
    pub(super) digit_groups: bool,
}

/// Splits a row into cells: art (`|`, `+`) and a `#` comment dropped.
pub(super) fn row<'a>(line: usize, text: &'a str, puzzles: &Puzzles) -> Row<'a> {
    let text = match text.find('#') {
        Some(i) => &text[..i],
        None => text,
    };
    let tokens = tokens(text, puzzles);
    let chars = |tokens: &[(usize, &'a str)]| -> Vec<Cell<'a>> {
        tokens
            .iter()
            .flat_map(|&(c0, t)| {
                t.char_indices().enumerate().map(move |(k, (i, ch))| Cell {
                    line,
                    column: c0 + k,
                    text: &t[i..i + ch.len_utf8()],
                })
            })
            .collect()
    };
    let spaced = |tokens: &[(usize, &'a str)]| -> Vec<Cell<'a>> {
        tokens.iter().map(|&(column, text)| Cell { line, column, text }).collect()
    };
    if tokens.len() <= 1 {
        return Row { cells: chars(&tokens), kind: RowKind::Compact, digit_groups: false };
    }
    if tokens.iter().all(|t| t.1.chars().count() == 1) {
        return Row { cells: spaced(&tokens), kind: RowKind::Spaced, digit_groups: false };
    }
    // Integers (`12 0 3 ...`): digits, each a cell. Compact groups such as
    // `530 070 000` are digits too: tokens of one length, some beyond the
    // row's count of cells.
    let k = tokens.len();
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let numeric = tokens.iter().all(|t| t.1.chars().count() == 1 || digits(t.1));
    let fit = tokens.iter().all(|t| t.1.chars().count() == 1 || t.1.parse::<usize>().is_ok_and(|v| v <= k));
    let one_length = tokens.iter().all(|t| t.1.len() == tokens[0].1.len());
    if !puzzles.custom_symbols() && numeric && (fit || !one_length) {
        return Row { cells: spaced(&tokens), kind: RowKind::Spaced, digit_groups: false };
    }
    Row { cells: chars(&tokens), kind: RowKind::Compact, digit_groups: numeric }
}

/// A line's tokens as cells when each is one character or an integer.
pub(super) fn integer_tokens<'a>(line: usize, text: &'a str, puzzles: &Puzzles) -> Option<Vec<Cell<'a>>> {
    let text = text.split('#').next().unwrap_or("");
    let mut cells = Vec::new();
    for (column, t) in tokens(text, puzzles) {
        if !(t.chars().count() == 1 || t.bytes().all(|b| b.is_ascii_digit())) {
            return None;
        }
        cells.push(Cell { line, column, text: t });
    }
    Some(cells)
}

/// A row's tokens with their columns (from 1, in characters): they are
/// separated by blanks, grid art (`|`, `+`), and commas or semicolons (a
/// grid saved as CSV rows) unless the puzzle's symbols hold them.
fn tokens<'a>(text: &'a str, puzzles: &Puzzles) -> Vec<(usize, &'a str)> {
    let comma = !puzzles.custom_symbol(',');
    let semicolon = !puzzles.custom_symbol(';');
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut col = 0;
    for (i, c) in text.char_indices() {
        col += 1;
        let sep = c.is_whitespace() || c == '|' || c == '+' || (comma && c == ',') || (semicolon && c == ';');
        match (sep, start) {
            (true, Some((s, sc))) => {
                tokens.push((sc, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some((i, col)),
            _ => {}
        }
    }
    if let Some((s, sc)) = start {
        tokens.push((sc, &text[s..]));
    }
    tokens
}

/// How a first row counts for streaming: digit groups may be integers.
pub(super) fn stream_kind(r: &Row<'_>) -> RowKind {
    if r.digit_groups {
        RowKind::Spaced
    } else {
        r.kind
    }
}

/// Lines' cell counts as grid rows, and whether their cells fit that
/// order, by line number: runs of rows are counted from many records'
/// starts, each line parsed once.
#[derive(Debug, Default)]
pub(super) struct RowShapes(HashMap<usize, (usize, bool)>);

impl RowShapes {
    /// Line `no`'s cell count as a row and whether its cells fit that
    /// order, parsed once a line however many runs count it; lines before
    /// the window's first are forgotten.
    pub(super) fn get(&mut self, w: &Window<'_>, no: usize, t: &str, puzzles: &Puzzles) -> (usize, bool) {
        let first = w.lines.first().map_or(no, |l| l.0);
        if self.0.len() > 1 << 14 {
            self.0.retain(|&k, _| k >= first);
        }
        *self.0.entry(no).or_insert_with(|| {
            let r = row(no, t, puzzles);
            let fit = puzzles.fit(r.cells.iter().map(|c| c.text), r.cells.len());
            (r.cells.len(), fit)
        })
    }
}

/// Whether a line is skipped between and inside grids.
pub(super) fn skipped(t: &str) -> bool {
    is_comment(t) || is_separator(t)
}

/// Whether a line reads as a row whose cells fit their own count's order.
pub(super) fn row_like(no: usize, t: &str, puzzles: &Puzzles) -> bool {
    let r = row(no, t, puzzles);
    puzzles.fit(r.cells.iter().map(|c| c.text), r.cells.len())
}

/// The layout an answer takes for cells written like these.
pub(super) fn layout_of(kind: RowKind, cells: &[Cell<'_>], n: usize, puzzles: &Puzzles) -> Layout {
    if kind == RowKind::Compact {
        return Layout::Compact;
    }
    let integers = !puzzles.custom_symbols()
        && (cells.iter().any(|c| c.text.len() > 1)
            || (n >= 10 && cells.iter().all(|c| c.text.bytes().all(|b| b.is_ascii_digit()))));
    if integers {
        Layout::Integers
    } else {
        Layout::Spaced
    }
}
