//! A line as a grid row: its cells (compact characters, spaced tokens,
//! integers, grid art and a `#` comment dropped), how they are written
//! (compact or spaced) and the layout an answer takes for them; the
//! lines' shapes as rows, each line parsed once however many runs count
//! it; and the lines skipped between and inside grids.

use std::collections::HashMap;

use crate::input::puzzle::{Cell, Puzzles};
use crate::input::window::{is_box_drawing, is_comment, is_separator, Window};
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
    // A signed integer (`-4`) is one cell too, refused as no symbol rather
    // than read as a blank `-` and a 4.
    let k = tokens.len();
    let numeric = tokens.iter().all(|t| t.1.chars().count() == 1 || integer(t.1));
    let fit = tokens.iter().all(|t| t.1.chars().count() == 1 || t.1.parse::<usize>().is_ok_and(|v| v <= k));
    let one_length = tokens.iter().all(|t| t.1.len() == tokens[0].1.len());
    if !puzzles.custom_symbols() && numeric && (fit || !one_length) {
        return Row { cells: spaced(&tokens), kind: RowKind::Spaced, digit_groups: false };
    }
    Row { cells: chars(&tokens), kind: RowKind::Compact, digit_groups: numeric }
}

/// Whether a token is an integer, signed or not (`12`, `-4`, `+3`).
pub(crate) fn integer(t: &str) -> bool {
    let d = t.strip_prefix(['-', '+']).unwrap_or(t);
    !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
}

/// A line's tokens as cells when each is one character or an integer.
pub(super) fn integer_tokens<'a>(line: usize, text: &'a str, puzzles: &Puzzles) -> Option<Vec<Cell<'a>>> {
    let text = text.split('#').next().unwrap_or("");
    let mut cells = Vec::new();
    for (column, t) in tokens(text, puzzles) {
        if !(t.chars().count() == 1 || integer(t)) {
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
    if let Some(cells) = bar_cells(text, puzzles) {
        return cells;
    }
    // In box-drawing art, `dance`'s own, givens are set in brackets.
    let boxed = text.chars().any(is_box_drawing);
    // `+` is grid art, except in box-drawing art (whose art has no `+`) and
    // in a row of 63 cells or more with no other art: there it is a cell,
    // the 63rd symbol of the default alphabet (a 64x64 written by `dance`).
    let plus_art = !boxed
        && (text.contains(['|', '-'])
            || text.chars().filter(|c| !c.is_whitespace() && !matches!(c, ',' | ';')).count() < 63);
    let comma = !puzzles.custom_symbol(',');
    let semicolon = !puzzles.custom_symbol(';');
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut col = 0;
    for (i, c) in text.char_indices() {
        col += 1;
        let sep = c.is_whitespace()
            || c == '|'
            || (plus_art && c == '+')
            || is_box_drawing(c)
            || (boxed && (c == '[' || c == ']'))
            || (comma && c == ',')
            || (semicolon && c == ';');
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

/// The parts of a line between bars (`|` or a box-drawing bar), when it
/// starts and ends with one: a Markdown table row `| 5 | 3 |   |`, or box
/// art with a bar between every two cells.
pub(super) fn bar_parts(text: &str) -> Option<Vec<(usize, &str)>> {
    let bar = |c: char| c == '|' || is_box_drawing(c);
    let t = text.trim_end();
    let lead = t.len() - t.trim_start().len();
    let mut chars = t[lead..].chars();
    if !(chars.next().is_some_and(bar) && chars.next_back().is_some_and(bar)) {
        return None;
    }
    let mut parts = Vec::new();
    let mut from = None;
    for (i, c) in t.char_indices().skip_while(|&(i, _)| i < lead) {
        if bar(c) {
            if let Some(f) = from {
                parts.push((f, &t[f..i]));
            }
            from = Some(i + c.len_utf8());
        }
    }
    (parts.len() >= 2).then_some(parts)
}

/// The cells of a row with a bar between every two cells and some cell
/// empty (a Markdown table, box art of a puzzle): an empty part is a blank
/// cell. `None` when a part holds more than one token (bars around boxes:
/// `| 5 3 . | ...`), when no part is empty (the other splitting reads the
/// same cells), or when every blank marker is one of `--symbols`.
fn bar_cells<'a>(text: &'a str, puzzles: &Puzzles) -> Option<Vec<(usize, &'a str)>> {
    let parts = bar_parts(text)?;
    let brackets = |c: char| c.is_whitespace() || c == '[' || c == ']';
    let one = |p: &'a str| {
        let mut words = p.split(brackets).filter(|w| !w.is_empty());
        let first = words.next();
        words.next().is_none().then_some(first)
    };
    let cells: Vec<Option<&'a str>> = parts.iter().map(|&(_, p)| one(p)).collect::<Option<_>>()?;
    if cells.iter().all(Option::is_some) {
        return None;
    }
    let blank =
        [".", "_", "?"].into_iter().find(|b| !puzzles.custom_symbol(b.chars().next().unwrap_or('.')))?;
    let column = |at: usize| text[..at].chars().count() + 1;
    Some(parts.iter().zip(cells).map(|(&(at, _), c)| (column(at), c.unwrap_or(blank))).collect())
}

/// Whether the line at index `i` is a Markdown table's header row: a row
/// of one token (or none) a part, followed by the delimiter row
/// (`|---|:--:|`) with as many parts, and not by a row and another
/// delimiter (art with a rule under every row: its first line is a row).
/// Its cells are column labels, never givens. `None`: more lines needed.
pub(super) fn markdown_header(w: &Window<'_>, i: usize) -> Option<bool> {
    let text = |k: usize| w.lines.get(k).and_then(|l| l.1.as_ref().ok()).map(String::as_str);
    let Some(head) = text(i).and_then(bar_parts) else { return Some(false) };
    if !head.iter().all(|(_, p)| p.split_whitespace().count() <= 1) {
        return Some(false);
    }
    if w.lines.len() <= i + 3 && !w.eof {
        return None;
    }
    fn delimiter(t: Option<&str>) -> Option<Vec<(usize, &str)>> {
        t.and_then(bar_parts).filter(|d| {
            d.iter().all(|(_, p)| {
                let p = p.trim();
                p.contains('-') && p.chars().all(|c| c == '-' || c == ':')
            })
        })
    }
    let Some(d) = delimiter(text(i + 1)) else { return Some(false) };
    Some(d.len() == head.len() && delimiter(text(i + 3)).is_none())
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
