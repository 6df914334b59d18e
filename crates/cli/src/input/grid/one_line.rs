//! N² spaced cells on one line (N from 4): a whole puzzle when it stands
//! alone or is followed by lines as long (a batch), unless those lines
//! are the rest of an N²xN² grid that the small order does not fit;
//! followed by a line of another length, it may start N² cells in any
//! whitespace.

use reduce::MAX_ORDER;

use super::row::{layout_of, row, skipped, Row, RowKind};
use super::stream::{or_stream, stream, MAX_BLOCK};
use crate::error::{Refusal, RowsError};
use crate::input::puzzle::{Cell, Puzzles};
use crate::input::window::{is_blank, Parsed, Step, Window};

/// Reads a first row of spaced cells at line index `start` (not in a run
/// of rows planned as puzzles of its count) as a whole puzzle on one line
/// if it is one, or as N² cells in any whitespace; `None` when it is the
/// first row of N rows instead.
pub(super) fn read(w: &Window<'_>, start: usize, row0: &Row<'_>, puzzles: &Puzzles) -> Option<Step> {
    let first_no = w.lines[start].0;
    let k = row0.cells.len();
    if let Some(m) = reduce::order_of(k).filter(|&m| m >= 4) {
        if puzzles.fit(row0.cells.iter().map(|c| c.text), m) {
            let whole = match next_count(w, start, puzzles) {
                Next::NeedMore(j) => return Some(Step::NeedMore(j)),
                Next::None => true,
                Next::Cells(c) if c == k => {
                    // Lines as long up to a blank line: a batch; a
                    // line of another length in the block: maybe N²
                    // cells in any whitespace.
                    if k <= MAX_ORDER {
                        match uniform_block(w, start, k, puzzles) {
                            Next::NeedMore(j) => return Some(Step::NeedMore(j)),
                            Next::Cells(_) => match stream(w, start, puzzles, None) {
                                Step::Record(used, p) if p.body.is_ok() => {
                                    return Some(Step::Record(used, p))
                                }
                                Step::NeedMore(j) => return Some(Step::NeedMore(j)),
                                _ => {}
                            },
                            Next::None => {}
                        }
                    }
                    k > MAX_ORDER
                        || match rows_ahead(w, start, k, puzzles) {
                            Ahead::NeedMore(j) => return Some(Step::NeedMore(j)),
                            Ahead::NotRows => true,
                            Ahead::Rows(rows) => {
                                rows.iter().all(|r| puzzles.fit(r.iter().map(|c| c.text), m))
                            }
                        }
                }
                Next::Cells(_) => match stream(w, start, puzzles, None) {
                    Step::Record(used, p) if p.body.is_ok() => return Some(Step::Record(used, p)),
                    Step::NeedMore(j) => return Some(Step::NeedMore(j)),
                    _ => true,
                },
            };
            if whole {
                let layout = layout_of(RowKind::Spaced, &row0.cells, m, puzzles);
                let body = puzzles.build(m, &row0.cells, None, layout, first_no);
                return Some(Step::Record(start + 1, Box::new(Parsed::new(first_no, body))));
            }
        } else if k > MAX_ORDER {
            // N² cells, one of which is no symbol (`99`, `-4`): that cell
            // is named, not the count.
            let layout = layout_of(RowKind::Spaced, &row0.cells, m, puzzles);
            let error = match puzzles.build(m, &row0.cells, None, layout, first_no) {
                Err(cell) => cell,
                Ok(_) => Refusal::new(first_no, RowsError::NotSquare { cells: k, one_line: true }),
            };
            return Some(or_stream(w, start, puzzles, error, k));
        }
    } else if k > MAX_ORDER {
        let error = Refusal::new(first_no, RowsError::NotSquare { cells: k, one_line: true });
        return Some(or_stream(w, start, puzzles, error, k));
    }
    None
}

/// The next content line after `start`.
enum Next {
    /// Its cells.
    Cells(usize),
    /// A blank line, or the end.
    None,
    /// The window ends first.
    NeedMore(usize),
}

/// The cells of the next content line after `start`.
fn next_count(w: &Window<'_>, start: usize, puzzles: &Puzzles) -> Next {
    let mut j = start + 1;
    loop {
        match w.lines.get(j) {
            None if w.eof => return Next::None,
            None => return Next::NeedMore(j + 1),
            Some((_, Ok(t))) if is_blank(t) => return Next::None,
            Some((_, Ok(t))) if skipped(t) => j += 1,
            Some((no, Ok(t))) => return Next::Cells(row(*no, t, puzzles).cells.len()),
            Some((_, Err(_))) => return Next::None,
        }
    }
}

/// Whether the lines from `start` to a blank line (or the end, or a block
/// too big to be one puzzle) all have `k` cells: `None` when they do,
/// `Cells` with the first other count when not.
fn uniform_block(w: &Window<'_>, start: usize, k: usize, puzzles: &Puzzles) -> Next {
    let mut j = start + 1;
    let mut cells = k;
    while cells <= MAX_BLOCK {
        match w.lines.get(j) {
            None if w.eof => return Next::None,
            None => return Next::NeedMore(j + 1),
            Some((_, Ok(t))) if is_blank(t) => return Next::None,
            Some((_, Ok(t))) if skipped(t) => {}
            Some((no, Ok(t))) => {
                let c = row(*no, t, puzzles).cells.len();
                if c != k {
                    return Next::Cells(c);
                }
                cells += c;
            }
            Some((_, Err(_))) => return Next::None,
        }
        j += 1;
    }
    Next::None
}

/// What follows a line of `k` spaced cells.
enum Ahead<'a> {
    /// The `k - 1` lines after it are rows of `k` cells.
    Rows(Vec<Vec<Cell<'a>>>),
    /// They are not.
    NotRows,
    /// The window ends before it is known.
    NeedMore(usize),
}

fn rows_ahead<'a>(w: &Window<'a>, start: usize, k: usize, puzzles: &Puzzles) -> Ahead<'a> {
    let mut rows = Vec::new();
    let mut j = start + 1;
    while rows.len() + 1 < k {
        match w.lines.get(j) {
            None if w.eof => return Ahead::NotRows,
            None => return Ahead::NeedMore(j + 1),
            Some((_, Ok(t))) if is_blank(t) => return Ahead::NotRows,
            Some((_, Ok(t))) if skipped(t) => {}
            Some((no, Ok(t))) => {
                let r = row(*no, t, puzzles);
                if r.cells.len() != k {
                    return Ahead::NotRows;
                }
                rows.push(r.cells);
            }
            Some((_, Err(_))) => return Ahead::NotRows,
        }
        j += 1;
    }
    Ahead::Rows(rows)
}
