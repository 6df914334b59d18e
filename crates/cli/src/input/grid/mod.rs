//! The grid format: a puzzle is N rows of N cells, compact (`005300000`),
//! spaced (`? 2 6 ...`), integers (`12 0 3 ...`), or grouped in boxes
//! (`530 070 000`); or N² cells in any whitespace up to a blank line or the
//! end (seed 002 read as `scanf("%d")` does); or N² spaced cells on one line.
//! Puzzles follow each other with or without blank lines; `#` starts a
//! comment; grid art (`|`, `+`, lines of `-+|=`) is ignored.
//!
//! This file is the reader ([`GridReader`]): where a puzzle starts and
//! which reading its first row calls for. The pieces it calls on sit
//! below it: a line as a row (`row.rs`), N² cells in any whitespace
//! (`stream.rs`), N² spaced cells on one line (`one_line.rs`), a 9x9 of
//! pencil marks (`pencil.rs`), the plan of
//! a run of rows read ahead in a file (`runs.rs`), and lines out of line
//! with the rows around them (`align.rs`).

mod align;
mod one_line;
mod pencil;
mod row;
mod runs;
mod stream;

use std::ops::Range;

use reduce::MAX_ORDER;

use super::line_reader::Line;
use super::puzzle::{Cell, Puzzles};
use super::window::{is_blank, is_comment, is_separator, is_title, Parsed, Step, Window};
use crate::error::{CellError, InputError, Refusal, RowsError};
use align::{realign, skip_rows, stray_lines, Align};
pub(crate) use row::integer;
use row::{layout_of, markdown_header, row, row_like, skipped, stream_kind, Row, RowKind, RowShapes};
use runs::RunMemo;
use stream::{or_stream_kind, stream};

/// The grid reader, with what it keeps from one record to the next: what
/// it knows of the run of rows it is in (runs.rs) and the lines' shapes
/// as rows.
#[derive(Debug, Default)]
pub(crate) struct GridReader {
    runs: RunMemo,
    shapes: RowShapes,
}

impl GridReader {
    /// Reads the next grid puzzle.
    pub(crate) fn next(&mut self, w: &Window<'_>, puzzles: &Puzzles) -> Step {
        let start = match puzzle_start(w, puzzles) {
            Ok(start) => start,
            Err(step) => return step,
        };
        if let Some(step) = pencil::read(w, start, puzzles) {
            return step;
        }
        let (first_no, first) = &w.lines[start];
        let first_no = *first_no;
        let first = match first {
            Ok(t) => t,
            Err(e) => return Step::refused(start + 1, first_no, Refusal::new(first_no, e.clone())),
        };
        let row0 = row(first_no, first, puzzles);
        let k = row0.cells.len();
        if k == 1 {
            return self.one_cell(w, start, &row0, puzzles);
        }
        if row0.kind == RowKind::Spaced && !self.runs.in_run_of(w, start, k) {
            if let Some(step) = one_line::read(w, start, &row0, puzzles) {
                return step;
            }
        }
        if row0.kind == RowKind::Compact && k > MAX_ORDER {
            return Step::refused(
                start + 1,
                first_no,
                Refusal::new(first_no, RowsError::WideRow { cells: k }),
            );
        }
        self.rows(w, start, row0, puzzles)
    }

    /// One character alone on the line at index `start`: a 1x1 puzzle, or
    /// the first of N² cells one a line (the next line goes on the same
    /// block).
    fn one_cell(&mut self, w: &Window<'_>, start: usize, row0: &Row<'_>, puzzles: &Puzzles) -> Step {
        let first_no = w.lines[start].0;
        match w.lines.get(start + 1) {
            None if !w.eof => Step::NeedMore(start + 2),
            Some((_, Ok(t))) if !is_blank(t) => match stream(w, start, puzzles, None) {
                // No N² cells: a stray line before whole puzzles is
                // refused alone.
                Step::Record(used, p) if p.body.is_err() => {
                    match realign(w, start + 1, &row0.cells, 1, puzzles, &mut self.shapes) {
                        Ok(Align::Stray { lines, order, next, .. }) => {
                            stray_lines(w, first_no, lines, order, next)
                        }
                        Ok(_) => Step::Record(used, p),
                        Err(k) => Step::Refusing(k),
                    }
                }
                step => step,
            },
            // A lone `0` after the last puzzle (the classic end of a
            // batch) is an end marker, never a 1x1 puzzle: with only blank
            // lines and comments after it, the input ends there.
            _ if row0.cells[0].text == "0"
                && !puzzles.custom_symbols()
                && w.lines[start + 1..]
                    .iter()
                    .all(|(_, t)| matches!(t, Ok(t) if is_blank(t) || is_comment(t))) =>
            {
                if w.eof {
                    Step::End(w.lines.len())
                } else {
                    Step::NeedMore(w.lines.len() + 1)
                }
            }
            _ => {
                let layout = layout_of(row0.kind, &row0.cells, 1, puzzles);
                let body = puzzles.build(1, &row0.cells, None, layout, first_no);
                Step::Record(start + 1, Box::new(Parsed::new(first_no, body)))
            }
        }
    }

    /// N rows of N cells from line index `start`, whose first row is
    /// `row0`; in a file, a run of rows that is no whole number of puzzles
    /// is planned whole first (runs.rs). A row of another length is
    /// refused, or lines before it found stray.
    fn rows(&mut self, w: &Window<'_>, start: usize, row0: Row<'_>, puzzles: &Puzzles) -> Step {
        let first_no = w.lines[start].0;
        let n = row0.cells.len();
        match self.runs.piece_at(w, start, n, puzzles, &mut self.shapes) {
            Err(j) => return Step::NeedMore(j),
            Ok(piece) => {
                if let Some((next, refusal)) = self.runs.refusal(piece, w, start, n) {
                    return Step::refused(next, first_no, refusal);
                }
            }
        }
        let kind = row0.kind;
        let row0_stream = stream_kind(&row0);
        let mut cells = row0.cells;
        let mut rows = 1;
        let mut j = start + 1;
        while rows < n {
            let Some((no, text)) = w.lines.get(j) else {
                if !w.eof {
                    return Step::NeedMore(j + 1);
                }
                let run = self.runs.read_before(w, start, rows, n);
                let e = RowsError::TooFewRows { rows, order: n, blank_line: false, run };
                return or_stream_kind(w, start, puzzles, Refusal::new(first_no, e), n, row0_stream, j);
            };
            let no = *no;
            let t = match text {
                Ok(t) => t,
                Err(e) => return Step::refused(j + 1, first_no, Refusal::new(no, e.clone())),
            };
            if is_blank(t) {
                let run = self.runs.read_before(w, start, rows, n);
                let e = RowsError::TooFewRows { rows, order: n, blank_line: true, run };
                return or_stream_kind(w, start, puzzles, Refusal::new(first_no, e), n, row0_stream, j);
            }
            if skipped(t) {
                j += 1;
                continue;
            }
            let r = row(no, t, puzzles);
            if r.cells.len() != n {
                let m = r.cells.len();
                let found = match realign(w, j, &cells[..n], rows, puzzles, &mut self.shapes) {
                    Ok(found) => found,
                    Err(k) => return Step::Refusing(k),
                };
                let (e, line, end) = match found {
                    Align::Stray { lines, order, next, sure: true, .. } => {
                        return stray_lines(w, first_no, lines, order, next);
                    }
                    Align::Stray { lines, order, next, sure: false, .. } => (
                        RowsError::StrayLines { lines, order, next_line: w.lines[next].0 },
                        first_no,
                        Ok(next),
                    ),
                    Align::FirstRow { order } => {
                        (RowsError::FirstRowLength { cells: n, order }, first_no, skip_rows(w, j, order - 1))
                    }
                    Align::Unknown => (
                        RowsError::RowLength { cells: m, first: n, first_line: first_no },
                        no,
                        skip_rows(w, j, n - rows),
                    ),
                };
                let end = match end {
                    Ok(end) => end,
                    Err(k) => return Step::Refusing(k),
                };
                return or_stream_kind(w, start, puzzles, Refusal::new(line, e), n, row0_stream, end);
            }
            cells.extend(r.cells);
            rows += 1;
            j += 1;
        }
        self.whole_rows(w, start..j, n, kind, &cells, puzzles)
    }

    /// The puzzle of the `n` rows at line indices `lines` (`cells`, row by
    /// row, written as `kind`), unless a reading of the same lines wins:
    /// N² cells in any whitespace, or a stray first line before whole
    /// puzzles.
    fn whole_rows(
        &mut self,
        w: &Window<'_>,
        lines: Range<usize>,
        n: usize,
        kind: RowKind,
        cells: &[Cell<'_>],
        puzzles: &Puzzles,
    ) -> Step {
        let (start, j) = (lines.start, lines.end);
        let first_no = w.lines[start].0;
        let layout = layout_of(kind, cells, n, puzzles);
        let body = puzzles.build(n, cells, None, layout, first_no);
        // Spaced rows of 3 cells or fewer, or rows whose cells do not fit
        // their order, may be N² cells in any whitespace instead (27 lines of
        // 3 integers): that reading wins when it reads.
        let misfit = matches!(&body, Err(r) if matches!(r.error, InputError::Cell(CellError::NotASymbol { .. } | CellError::IntegerOutOfRange { .. })));
        if n <= 3 || (kind == RowKind::Spaced && misfit) {
            match stream(w, start, puzzles, Some(n)) {
                Step::Record(used, p) if p.body.is_ok() => return Step::Record(used, p),
                Step::NeedMore(k) => return Step::NeedMore(k),
                _ => {}
            }
        }
        // A first line with a cell that is no symbol, before whole puzzles (a
        // header of N words, `puzzle-01`): refused alone, so that the puzzles
        // stay aligned. Past the count's cap, only a line none of whose cells
        // fits is taken for stray.
        // In a counted run the plan has decided such a line already.
        if misfit && matches!(&body, Err(r) if r.line == first_no) && !self.runs.counted(w, start) {
            let no_cell_fits = !cells[..n].iter().any(|c| puzzles.fit([c.text], n));
            if let Some(next) = (start + 1..j).find(|&i| matches!(&w.lines[i].1, Ok(t) if !skipped(t))) {
                match realign(w, next, &cells[..n], 1, puzzles, &mut self.shapes) {
                    Ok(Align::Stray { lines: 1, order, next, counted, .. }) if counted || no_cell_fits => {
                        return stray_lines(w, first_no, 1, order, next);
                    }
                    Ok(_) => {}
                    Err(k) => return Step::Refusing(k),
                }
            }
        }
        self.runs.read_rows(w, start, j, n);
        Step::Record(j, Box::new(Parsed::new(first_no, body)))
    }
}

/// How many of the first lines held every grid reading skips before a
/// puzzle whatever follows: blank lines, `#` comments and art. The records
/// loop drops them as they come, so that from a pipe, where the window grows
/// a line at a time, a long run of them is not read again with each line.
/// (Constraint lines are left to the loop, and titles to `puzzle_start`.)
pub(crate) fn leading_skipped(lines: &[Line]) -> usize {
    let plain = |t: &str| is_blank(t) || t.trim_start().starts_with('#') || is_separator(t);
    lines.iter().take_while(|(_, t)| matches!(t, Ok(t) if plain(t))).count()
}

/// Where the next puzzle starts, as a line index: past blank lines,
/// comments and art, and title lines (`Grid 01`, `Difficulty: hard`) whose
/// characters are no row of their count. `Err`: no puzzle starts in the window (the
/// end, a title alone at the end, or a call for more lines).
fn puzzle_start(w: &Window<'_>, puzzles: &Puzzles) -> Result<usize, Step> {
    let mut i = 0;
    let mut title = None;
    loop {
        let Some((no, text)) = w.lines.get(i) else {
            return Err(match title {
                // A title and no puzzle after it: a puzzle is missing.
                Some((no, t)) if w.eof => {
                    let constraint = super::constraint_lines::why_not_word(t);
                    Step::refused(i, no, Refusal::new(no, RowsError::TitleAlone { constraint }))
                }
                _ if w.eof => Step::End(i),
                _ => Step::NeedMore(i + 1),
            });
        };
        match text {
            Ok(t) if is_blank(t) || skipped(t) => i += 1,
            Ok(_) if markdown_header(w, i) != Some(false) => match markdown_header(w, i) {
                Some(_) => i += 1,
                None => return Err(Step::NeedMore(i + 4)),
            },
            Ok(t) if is_title(t) && !row_like(*no, t, puzzles) => {
                title = title.or(Some((*no, t.as_str())));
                i += 1
            }
            _ => return Ok(i),
        }
    }
}
