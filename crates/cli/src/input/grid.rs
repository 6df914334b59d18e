//! The grid format: a puzzle is N rows of N cells, compact (`005300000`),
//! spaced (`? 2 6 ...`), integers (`12 0 3 ...`), or grouped in boxes
//! (`530 070 000`); or N² cells in any whitespace up to a blank line or the
//! end (seed 002 read as `scanf("%d")` does); or N² spaced cells on one line.
//! Puzzles follow each other with or without blank lines; `#` starts a
//! comment; grid art (`|`, `+`, lines of `-+|=`) is ignored.

use std::collections::HashMap;

use reduce::MAX_ORDER;

use super::puzzle::{Cell, Puzzles};
use super::runs::RunMemo;
use super::window::{is_blank, is_comment, is_separator, is_title, Parsed, Step, Window};
use crate::error::{CellError, InputError, Refusal, RowsError};
use crate::record::Layout;

/// Stream blocks (N² cells in any whitespace) hold at most this many cells.
const MAX_BLOCK: usize = MAX_ORDER * MAX_ORDER;

/// How a row's cells are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// One character a cell, no blanks between.
    Compact,
    /// Blank-separated cells.
    Spaced,
}

/// A row: its cells and how they were written.
pub(super) struct Row<'a> {
    pub(super) cells: Vec<Cell<'a>>,
    kind: Kind,
    /// Compact groups of digits (`530 070 000`, or `10 16` of a stream).
    digit_groups: bool,
}

/// Splits a row into cells: art (`|`, `+`) and a `#` comment dropped.
pub(super) fn row<'a>(line: usize, text: &'a str, puzzles: &Puzzles) -> Row<'a> {
    let text = match text.find('#') {
        Some(i) => &text[..i],
        None => text,
    };
    // Tokens with their columns (from 1, in characters).
    let mut tokens: Vec<(usize, &str)> = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut col = 0;
    for (i, c) in text.char_indices() {
        col += 1;
        let sep = c.is_whitespace() || c == '|' || c == '+';
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
        return Row { cells: chars(&tokens), kind: Kind::Compact, digit_groups: false };
    }
    if tokens.iter().all(|t| t.1.chars().count() == 1) {
        return Row { cells: spaced(&tokens), kind: Kind::Spaced, digit_groups: false };
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
        return Row { cells: spaced(&tokens), kind: Kind::Spaced, digit_groups: false };
    }
    Row { cells: chars(&tokens), kind: Kind::Compact, digit_groups: numeric }
}

/// A line's tokens as cells when each is one character or an integer.
fn integer_tokens(line: usize, text: &str) -> Option<Vec<Cell<'_>>> {
    let text = text.split('#').next().unwrap_or("");
    let mut cells = Vec::new();
    let mut col = 0;
    let mut start: Option<(usize, usize)> = None;
    let mut bounds = Vec::new();
    for (i, ch) in text.char_indices() {
        col += 1;
        let sep = ch.is_whitespace() || ch == '|' || ch == '+';
        match (sep, start) {
            (true, Some((s, c))) => {
                bounds.push((s, i, c));
                start = None;
            }
            (false, None) => start = Some((i, col)),
            _ => {}
        }
    }
    if let Some((s, c)) = start {
        bounds.push((s, text.len(), c));
    }
    for (s, e, column) in bounds {
        let t = &text[s..e];
        if !(t.chars().count() == 1 || t.bytes().all(|b| b.is_ascii_digit())) {
            return None;
        }
        cells.push(Cell { line, column, text: t });
    }
    Some(cells)
}

/// How a first row counts for streaming: digit groups may be integers.
fn stream_kind(r: &Row<'_>) -> Kind {
    if r.digit_groups {
        Kind::Spaced
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
fn row_like(no: usize, t: &str, puzzles: &Puzzles) -> bool {
    let r = row(no, t, puzzles);
    puzzles.fit(r.cells.iter().map(|c| c.text), r.cells.len())
}

/// The layout an answer takes for cells written like these.
fn layout_of(kind: Kind, cells: &[Cell<'_>], n: usize, puzzles: &Puzzles) -> Layout {
    if kind == Kind::Compact {
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
        let lines = w.lines;
        // Skip blank lines, comments and art before the puzzle, and one title
        // line (`Grid 01`) whose characters are no row of their count.
        let mut i = 0;
        let mut title = None;
        loop {
            let Some((no, text)) = lines.get(i) else {
                return match title {
                    // A title and no puzzle after it: a puzzle is missing.
                    Some(no) if w.eof => Step::refused(i, no, Refusal::new(no, RowsError::TitleAlone)),
                    _ if w.eof => Step::End(i),
                    _ => Step::NeedMore(i + 1),
                };
            };
            match text {
                Ok(t) if is_blank(t) || skipped(t) => i += 1,
                Ok(t) if title.is_none() && is_title(t) && !row_like(*no, t, puzzles) => {
                    title = Some(*no);
                    i += 1
                }
                _ => break,
            }
        }
        let start = i;
        let (first_no, first) = &lines[start];
        let first_no = *first_no;
        let first = match first {
            Ok(t) => t,
            Err(e) => return Step::refused(start + 1, first_no, Refusal::new(first_no, e.clone())),
        };
        let row0 = row(first_no, first, puzzles);
        let k = row0.cells.len();

        // One character alone: a 1x1 puzzle, or the first of N² cells one a
        // line (the next line goes on the same block).
        if k == 1 {
            match lines.get(start + 1) {
                None if !w.eof => return Step::NeedMore(start + 2),
                Some((_, Ok(t))) if !is_blank(t) => {
                    return match stream(w, start, puzzles, None) {
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
                    };
                }
                _ => {
                    let body = puzzles.build(
                        1,
                        &row0.cells,
                        None,
                        layout_of(row0.kind, &row0.cells, 1, puzzles),
                        first_no,
                    );
                    return Step::Record(start + 1, Box::new(Parsed::new(first_no, body)));
                }
            }
        }

        // N² spaced cells on one line (N from 4): a whole puzzle when it stands alone or
        // is followed by lines as long (a batch), unless those lines are the
        // rest of an N²xN² grid that the small order does not fit; followed by
        // a line of another length, it may start N² cells in any whitespace.
        if row0.kind == Kind::Spaced && !self.runs.in_run_of(w, start, k) {
            if let Some(m) = (4..=MAX_ORDER).find(|m| m * m == k) {
                if puzzles.fit(row0.cells.iter().map(|c| c.text), m) {
                    let whole = match next_count(w, start, puzzles) {
                        Next::NeedMore(j) => return Step::NeedMore(j),
                        Next::None => true,
                        Next::Cells(c) if c == k => {
                            // Lines as long up to a blank line: a batch; a
                            // line of another length in the block: maybe N²
                            // cells in any whitespace.
                            if k <= MAX_ORDER {
                                match uniform_block(w, start, k, puzzles) {
                                    Next::NeedMore(j) => return Step::NeedMore(j),
                                    Next::Cells(_) => match stream(w, start, puzzles, None) {
                                        Step::Record(used, p) if p.body.is_ok() => {
                                            return Step::Record(used, p)
                                        }
                                        Step::NeedMore(j) => return Step::NeedMore(j),
                                        _ => {}
                                    },
                                    Next::None => {}
                                }
                            }
                            k > MAX_ORDER
                                || match rows_ahead(w, start, k, puzzles) {
                                    Ahead::NeedMore(j) => return Step::NeedMore(j),
                                    Ahead::NotRows => true,
                                    Ahead::Rows(rows) => {
                                        rows.iter().all(|r| puzzles.fit(r.iter().map(|c| c.text), m))
                                    }
                                }
                        }
                        Next::Cells(_) => match stream(w, start, puzzles, None) {
                            Step::Record(used, p) if p.body.is_ok() => return Step::Record(used, p),
                            Step::NeedMore(j) => return Step::NeedMore(j),
                            _ => true,
                        },
                    };
                    if whole {
                        let layout = layout_of(Kind::Spaced, &row0.cells, m, puzzles);
                        let body = puzzles.build(m, &row0.cells, None, layout, first_no);
                        return Step::Record(start + 1, Box::new(Parsed::new(first_no, body)));
                    }
                } else if k > MAX_ORDER {
                    let error = Refusal::new(first_no, RowsError::NotSquare { cells: k, one_line: true });
                    return or_stream(w, start, puzzles, error, k);
                }
            } else if k > MAX_ORDER {
                let error = Refusal::new(first_no, RowsError::NotSquare { cells: k, one_line: true });
                return or_stream(w, start, puzzles, error, k);
            }
        }

        if row0.kind == Kind::Compact && k > MAX_ORDER {
            return Step::refused(
                start + 1,
                first_no,
                Refusal::new(first_no, RowsError::WideRow { cells: k }),
            );
        }

        // N rows of N cells; in a file, a run of rows that is no whole number
        // of puzzles is planned whole first (runs.rs).
        let n = k;
        match self.runs.piece_at(w, start, n, puzzles, &mut self.shapes) {
            Err(j) => return Step::NeedMore(j),
            Ok(piece) => {
                if let Some((next, refusal)) = self.runs.refusal(piece, w, start, n) {
                    return Step::refused(next, first_no, refusal);
                }
            }
        }
        let row0_stream = stream_kind(&row0);
        let mut cells = row0.cells;
        let mut rows = 1;
        let mut j = start + 1;
        while rows < n {
            let Some((no, text)) = lines.get(j) else {
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
        let layout = layout_of(row0.kind, &cells, n, puzzles);
        let body = puzzles.build(n, &cells, None, layout, first_no);
        // Spaced rows of 3 cells or fewer, or rows whose cells do not fit
        // their order, may be N² cells in any whitespace instead (27 lines of
        // 3 integers): that reading wins when it reads.
        let misfit = matches!(&body, Err(r) if matches!(r.error, InputError::Cell(CellError::NotASymbol { .. } | CellError::IntegerOutOfRange { .. })));
        if n <= 3 || (row0.kind == Kind::Spaced && misfit) {
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
            if let Some(next) = (start + 1..j).find(|&i| matches!(&lines[i].1, Ok(t) if !skipped(t))) {
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

/// Refuses the `lines` stray lines from `first_no` on, alone: reading
/// goes on at line index `next`, where whole puzzles of `order` start.
fn stray_lines(w: &Window<'_>, first_no: usize, lines: usize, order: usize, next: usize) -> Step {
    let e = RowsError::StrayLines { lines, order, next_line: w.lines[next].0 };
    Step::refused(next, first_no, Refusal::new(first_no, e))
}

/// How the lines before a run of rows line up with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Align {
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

/// The most rows counted in a run: past this many (455 9x9 puzzles with
/// no blank line between), the count is not waited for (a stream answers
/// as it goes, memory stays flat) and the cells decide alone.
pub(super) const RUN_CAP: usize = 4096;

/// How the `before` content lines ahead of line index `j` line up with the
/// rows after them; `first` is the first of those lines. With no blank
/// lines between puzzles, the count of rows in a run of rows of one length
/// settles which lines are extra, so that a stray line never shifts the
/// puzzles after it (each would be spliced from two). `Err` asks for more
/// lines.
fn realign(
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
fn skip_rows(w: &Window<'_>, mut j: usize, mut left: usize) -> Result<usize, usize> {
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

/// The next content line after `start`.
enum Next {
    /// Its cells.
    Cells(usize),
    /// A blank line, or the end.
    None,
    /// The window ends first.
    NeedMore(usize),
}

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

/// After a row error of a spaced puzzle, N² cells in any whitespace may
/// still read (seed 002's layout); otherwise the error stands, and the
/// record ends at `end`.
#[allow(clippy::too_many_arguments)]
fn or_stream_kind(
    w: &Window<'_>,
    start: usize,
    puzzles: &Puzzles,
    error: Refusal,
    first: usize,
    kind: Kind,
    end: usize,
) -> Step {
    // Compact rows of 4 or more do not stream (`12` alone on a line may be
    // an integer of a stream; `005300000` is a row).
    if kind == Kind::Compact && first > 3 {
        let no = w.lines[start].0;
        return Step::refused(end.max(start + 1), no, error);
    }
    match stream(w, start, puzzles, Some(first)) {
        Step::Record(used, p) if p.body.is_ok() => Step::Record(used, p),
        Step::NeedMore(j) => Step::NeedMore(j),
        _ => Step::refused(end.max(start + 1), w.lines[start].0, error),
    }
}

fn or_stream(w: &Window<'_>, start: usize, puzzles: &Puzzles, error: Refusal, first: usize) -> Step {
    or_stream_kind(w, start, puzzles, error, first, Kind::Spaced, start + 1)
}

/// N² cells in any whitespace, from `start` to a blank line or the end. A
/// block whose first line has N cells must be N rows instead (`not`): the
/// row error is then the better message.
fn stream(w: &Window<'_>, start: usize, puzzles: &Puzzles, not: Option<usize>) -> Step {
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
                if r.kind == Kind::Compact && r.cells.len() > 1 && !puzzles.custom_symbols() {
                    // Integers in any whitespace: each token a cell, however
                    // the line alone would read (`11 11` is two cells here).
                    if let Some(cells) = integer_tokens(*no, t) {
                        r = Row { cells, kind: Kind::Spaced, digit_groups: false };
                    }
                }
                if r.kind == Kind::Compact && r.cells.len() > 1 {
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
    match (1..=MAX_ORDER).find(|m| m * m == t) {
        Some(m) if Some(m) != not && puzzles.fit(cells.iter().map(|c| c.text), m) => {
            let layout = layout_of(Kind::Spaced, &cells, m, puzzles);
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
