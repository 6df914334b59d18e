//! Lines out of line with a run of grid rows, when no blank line parts
//! the puzzles: whether the lines before a run of rows of one length are
//! stray (a header, a stray line: refused alone, so that the whole puzzles
//! after them are read whole) or a first row with a wrong number of cells;
//! the run's rows counted to settle it, and the rows of a refused puzzle
//! skipped.

use super::row::{row, skipped, RowShapes};
use super::runs::RUN_CAP;
use crate::error::{Refusal, RowsError};
use crate::input::puzzle::{Cell, Puzzles};
use crate::input::window::{is_blank, Step, Window};

/// Refuses the `lines` stray lines from `first_no` on, alone: reading
/// goes on at line index `next`, where whole puzzles of `order` start.
pub(super) fn stray_lines(w: &Window<'_>, first_no: usize, lines: usize, order: usize, next: usize) -> Step {
    let e = RowsError::StrayLines { lines, order, next_line: w.lines[next].0 };
    Step::refused(next, first_no, Refusal::new(first_no, e))
}

/// How the lines before a run of rows line up with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Align {
    /// The rows from line index `next` on are whole puzzles of this order
    /// (their count a multiple of it) up to a blank line, the end or a
    /// line of another length, or the lines before them cannot be rows of
    /// them: the `lines` content lines before them are stray. `sure`:
    /// every cell of the run fits, the run ends at a blank line or the
    /// end, and the order is 4 or more; then this reading wins over N²
    /// cells in any whitespace (seven 0s and two 9x9 grids are 169 cells),
    /// and otherwise comes after it (seed 002's ragged lines may hold a
    /// few of equal length). `counted`: the count says so (not a cap).
    Stray { lines: usize, order: usize, next: usize, sure: bool, counted: bool },
    /// The rows after the first line are whole puzzles of this order but
    /// for one row, and the first line's cells fit it: it is a puzzle's
    /// first row with a wrong number of cells.
    FirstRow { order: usize },
    /// Neither.
    Unknown,
}

/// The most content lines taken for stray before a run of whole puzzles.
const MAX_STRAY: usize = 8;

/// How the `before` content lines ahead of line index `j` line up with the
/// rows after them; `first` is the first of those lines. With no blank
/// lines between puzzles, the count of rows in a run of rows of one length
/// settles which lines are extra, so that a stray line never shifts the
/// puzzles after it (each would be spliced from two). `Err` asks for more
/// lines.
pub(super) fn realign(
    w: &Window<'_>,
    mut j: usize,
    first: &[Cell<'_>],
    mut before: usize,
    puzzles: &Puzzles,
    shapes: &mut RowShapes,
) -> Result<Align, usize> {
    let first_len = first.len();
    let fits = |m: usize| puzzles.fit(first.iter().map(|c| c.text), m);
    while before <= MAX_STRAY {
        let (no, t) = match w.lines.get(j) {
            Some((no, Ok(t))) if !is_blank(t) => (*no, t),
            None if !w.eof => return Err(j + 1),
            _ => return Ok(Align::Unknown),
        };
        if skipped(t) {
            j += 1;
            continue;
        }
        let r = row(no, t, puzzles);
        let m = r.cells.len();
        if m < 2 || !puzzles.fit(r.cells.iter().map(|c| c.text), m) {
            // No row of anything: one more stray line.
            before += 1;
            j += 1;
            continue;
        }
        // After the first run, a run of rows as long as those before it
        // is their puzzle going on (a bad row inside it), not more strays.
        if before > 1 && m == first_len {
            return Ok(Align::Unknown);
        }
        let Run { rows: run, end, fit, closed } = run_from(w, j, m, puzzles, shapes)?;
        let stray = |counted| Align::Stray {
            lines: before,
            order: m,
            next: j,
            sure: fit && closed && m >= 4 && counted,
            counted,
        };
        let row_of_it = before == 1 && m >= 4 && fits(m);
        if run > RUN_CAP {
            // The cells decide: a line of about the rows' length whose
            // cells fit is their first row; anything else is stray.
            let near = first_len.abs_diff(m) <= 2 && first_len != m;
            return Ok(if row_of_it && near { Align::FirstRow { order: m } } else { stray(false) });
        }
        if run >= m && run % m == 0 {
            return Ok(stray(true));
        }
        if row_of_it && first_len != m && run % m == m - 1 {
            return Ok(Align::FirstRow { order: m });
        }
        if run >= m {
            // A run that is no whole puzzles: a line of another length
            // whose cells do not fit is still no row of them.
            return Ok(if first_len != m && !fits(m) { stray(false) } else { Align::Unknown });
        }
        // Too few rows to be a puzzle: stray too, if whole puzzles follow.
        before += run;
        j = end;
    }
    Ok(Align::Unknown)
}

/// A run of rows of one length.
struct Run {
    /// How many.
    rows: usize,
    /// The index of the line after them.
    end: usize,
    /// Whether every cell fits their order.
    fit: bool,
    /// Whether a blank line or the end of the input ends it.
    closed: bool,
}

/// The rows of `m` cells from line index `j` on, up to a blank line, the
/// end or a line of another count (comments and art skipped), counting
/// no further than past [`RUN_CAP`]; `Err` asks for more lines.
fn run_from(
    w: &Window<'_>,
    mut j: usize,
    m: usize,
    puzzles: &Puzzles,
    shapes: &mut RowShapes,
) -> Result<Run, usize> {
    let mut run = Run { rows: 0, end: j, fit: true, closed: false };
    while run.rows <= RUN_CAP {
        match w.lines.get(j) {
            None if w.eof => {
                run.closed = true;
                break;
            }
            // Twice the lines held: a long run is read in a few refills,
            // not one line a refill (each refill reads the run again).
            None => return Err((j + 1).max(2 * w.lines.len())),
            Some((_, Ok(t))) if is_blank(t) => {
                run.closed = true;
                break;
            }
            Some((_, Ok(t))) if skipped(t) => {}
            Some((no, Ok(t))) => {
                let (cells, fit) = shapes.get(w, *no, t, puzzles);
                if cells != m {
                    break;
                }
                run.fit = run.fit && fit;
                run.rows += 1;
                run.end = j + 1;
            }
            Some(_) => break,
        }
        j += 1;
    }
    Ok(run)
}

/// The rows after a refused row that still belong to its puzzle: up to
/// `left` more content lines, stopping at a blank line or the end; `Err`
/// asks for more lines (the answer must not depend on how many are held).
pub(super) fn skip_rows(w: &Window<'_>, mut j: usize, mut left: usize) -> Result<usize, usize> {
    while left > 0 {
        match w.lines.get(j) {
            Some((_, Ok(t))) if is_blank(t) => break,
            Some((_, Ok(t))) if skipped(t) => j += 1,
            Some(_) => {
                j += 1;
                left -= 1;
            }
            None if w.eof => break,
            None => return Err(j + 1),
        }
    }
    Ok(j)
}
