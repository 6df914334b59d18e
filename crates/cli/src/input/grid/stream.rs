//! N² cells in any whitespace, up to a blank line or the end (seed 002, read
//! as `scanf("%d")` reads it): the grid reading of a block of cells that
//! are no N rows of N, and the fallback of a spaced puzzle whose rows do
//! not make one.

use reduce::MAX_ORDER;

use super::row::{integer_tokens, layout_of, row, skipped, Row, RowKind};
use crate::error::{Refusal, RowsError};
use crate::input::puzzle::{Cell, Puzzles};
use crate::input::window::{is_blank, Parsed, Step, Window};

/// Stream blocks (N² cells in any whitespace) hold at most this many cells.
pub(super) const MAX_BLOCK: usize = MAX_ORDER * MAX_ORDER;

/// After a row error of a spaced puzzle, N² cells in any whitespace may
/// still read (seed 002's layout); otherwise the error stands, and the
/// record ends at `end`.
#[allow(clippy::too_many_arguments)]
pub(super) fn or_stream_kind(
    w: &Window<'_>,
    start: usize,
    puzzles: &Puzzles,
    error: Refusal,
    first: usize,
    kind: RowKind,
    end: usize,
) -> Step {
    // Compact rows of 4 or more do not stream (`12` alone on a line may be
    // an integer of a stream; `005300000` is a row).
    if kind == RowKind::Compact && first > 3 {
        let no = w.lines[start].0;
        return Step::refused(end.max(start + 1), no, error);
    }
    match stream(w, start, puzzles, Some(first)) {
        Step::Record(used, p) if p.body.is_ok() => Step::Record(used, p),
        Step::NeedMore(j) => Step::NeedMore(j),
        _ => Step::refused(end.max(start + 1), w.lines[start].0, error),
    }
}

/// After a line of `first` spaced cells that is no puzzle, N² cells in
/// any whitespace may still read; otherwise the error stands, for that
/// line alone.
pub(super) fn or_stream(
    w: &Window<'_>,
    start: usize,
    puzzles: &Puzzles,
    error: Refusal,
    first: usize,
) -> Step {
    or_stream_kind(w, start, puzzles, error, first, RowKind::Spaced, start + 1)
}

/// N² cells in any whitespace, from `start` to a blank line or the end. A
/// block whose first line has N cells must be N rows instead (`not`): the
/// row error is then the better message.
pub(super) fn stream(w: &Window<'_>, start: usize, puzzles: &Puzzles, not: Option<usize>) -> Step {
    let first_no = w.lines[start].0;
    let mut cells: Vec<Cell<'_>> = Vec::new();
    let mut j = start;
    loop {
        match w.lines.get(j) {
            None if !w.eof => return Step::NeedMore(j + 1),
            None => break,
            Some((_, Ok(t))) if is_blank(t) => break,
            Some((_, Ok(t))) if skipped(t) => {}
            Some((no, Ok(t))) => {
                let mut r = row(*no, t, puzzles);
                if r.kind == RowKind::Compact && r.cells.len() > 1 && !puzzles.custom_symbols() {
                    // Integers in any whitespace: each token a cell, however
                    // the line alone would read (`11 11` is two cells here).
                    if let Some(cells) = integer_tokens(*no, t, puzzles) {
                        r = Row { cells, kind: RowKind::Spaced, digit_groups: false };
                    }
                }
                if r.kind == RowKind::Compact && r.cells.len() > 1 {
                    // Compact rows do not stream.
                    return Step::refused(
                        j + 1,
                        first_no,
                        Refusal::new(*no, RowsError::NotSquare { cells: r.cells.len(), one_line: true }),
                    );
                }
                cells.extend(r.cells);
                if cells.len() > MAX_BLOCK {
                    break;
                }
            }
            Some((no, Err(e))) => return Step::refused(j + 1, first_no, Refusal::new(*no, e.clone())),
        }
        j += 1;
    }
    let t = cells.len();
    match reduce::order_of(t) {
        Some(m) if Some(m) != not && puzzles.fit(cells.iter().map(|c| c.text), m) => {
            let layout = layout_of(RowKind::Spaced, &cells, m, puzzles);
            let body = puzzles.build(m, &cells, None, layout, first_no);
            Step::Record(j, Box::new(Parsed::new(first_no, body)))
        }
        _ => Step::refused(
            j.max(start + 1),
            first_no,
            Refusal::new(first_no, RowsError::NotSquare { cells: t, one_line: false }),
        ),
    }
}
