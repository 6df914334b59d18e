//! Runs of grid rows with no blank line between puzzles, read ahead when
//! the whole input is there (a file): a run of rows of one length that a
//! blank line or the end closes must be a whole number of puzzles. When it
//! is not, a line is extra (a stray `000000000` between two grids) or a row
//! is missing, and reading it row after row would splice every puzzle after
//! that place from two. The run is then planned whole: the reading with the
//! fewest stray lines, short puzzles, puzzles with a row too many inside
//! and clashing puzzles wins, and between readings that tie, the one whose
//! puzzles each have exactly one solution (orders up to 16); what every
//! such reading agrees on is read, and lines where the best readings still
//! differ are refused rather than guessed. One fault in a run is always
//! found; two that cancel out in the count, or three, may not be.
//!
//! A stream (a pipe, a terminal) is not read ahead: its answers must not
//! wait for the next puzzle. There the rows are read as they come.
//!
//! What the grid reader knows of runs from one record to the next (the
//! scan or plan of the run it is in, and where the last puzzle read as
//! the rows came ended) is its `RunMemo`, written here.

use std::ops::Range;

use super::row::{markdown_header, row, skipped, RowShapes};
use crate::error::{Refusal, RowsError};
use crate::input::puzzle::{Cell, Puzzles};
use crate::input::window::{is_blank, Window};

/// The most rows counted in a run: past this many (455 9x9 puzzles with
/// no blank line between), the count is not waited for (a stream answers
/// as it goes, memory stays flat) and the cells decide alone.
pub(super) const RUN_CAP: usize = 4096;

/// What the plan says of the rows from a line on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    /// A puzzle's rows, or rows no plan covers: read them as they come.
    Rows,
    /// Rows that belong to no puzzle: refused alone, reading goes on at
    /// line index `next`.
    Extra { lines: usize, next: usize },
    /// A puzzle one row short: refused, reading goes on at `next`.
    Short { next: usize },
    /// A puzzle with a row too many inside it: refused, reading goes on at
    /// `next`.
    Long { next: usize },
    /// Rows at the run's end that are no whole puzzle: refused as a puzzle
    /// cut short (by a blank line, or the end).
    End { rows: usize, blank: bool, next: usize },
    /// Lines where the best readings differ: refused, reading goes on at
    /// `next`.
    Unclear { first_line: usize, last_line: usize, next: usize },
}

/// A run's plan, kept from one record to the next (line numbers, so that it
/// holds while the window moves).
#[derive(Debug)]
struct RunPlan {
    order: usize,
    /// The run's first and last rows' lines.
    first_line: usize,
    last_line: usize,
    /// The run's rows' line numbers.
    rows: Vec<usize>,
    /// Whether a blank line ends the run (not the end of the input).
    blank: bool,
    /// Whether the run was counted whole: a blank line or the end ends it
    /// within the cap.
    counted: bool,
    /// Pieces that are not puzzles: their rows (as indices into `rows`).
    pieces: Vec<(Range<usize>, Fault)>,
    /// The run's first line when rows before this plan's were read as they
    /// came (a run longer than the cap): a fault found at the plan's start
    /// may lie before it.
    read_from: Option<usize>,
}

/// What a piece of a run that is not a puzzle is: stray rows, a puzzle a
/// row short, a puzzle with a row too many inside it, or rows where the
/// best readings differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    Extra,
    Short,
    Long,
    Unclear,
}

/// The cost of a stray line in a reading; a short or clashing puzzle
/// costs two, a puzzle with a row too many inside it one (three when no
/// inside row leaves it without a clash). Which of two rows is stray is
/// never guessed from what they hold: readings that cost the same tie, and
/// only uniqueness breaks a tie (see `best_readings`).
const UNIT: u64 = 1;

/// What the grid reader knows of runs of rows, kept from one record to
/// the next (line numbers, so that it holds while the window moves).
#[derive(Debug, Default)]
pub(super) struct RunMemo {
    /// The run of rows a record starts: a scan under way, or its plan.
    known: Option<Memo>,
    /// The run of grid rows the last grid puzzle read ends: its order,
    /// first line and the line after it (rows read as they come).
    last_run: Option<(usize, usize, usize)>,
}

impl RunMemo {
    /// What the plan of the run from line index `start` (rows of `n`
    /// cells) says of that line; `Err` asks for more lines.
    pub(super) fn piece_at(
        &mut self,
        w: &Window<'_>,
        start: usize,
        n: usize,
        puzzles: &Puzzles,
        shapes: &mut RowShapes,
    ) -> Result<Piece, usize> {
        if !w.settled || n < 4 {
            return Ok(Piece::Rows);
        }
        let start_line = w.lines[start].0;
        let known = matches!(self.known.as_ref(), Some(Memo::Planned(p))
            if p.order == n && (p.first_line..=p.last_line).contains(&start_line));
        if !known {
            // Scan on from where the last look stopped (detection grows its
            // window a line at a time).
            let mut scan = match self.known.take() {
                Some(Memo::Scanning(s)) if s.order == n && s.first_line == start_line => s,
                _ => Scan { order: n, first_line: start_line, rows: Vec::new(), next_line: start_line },
            };
            match scan_on(w, start, &mut scan, puzzles, shapes) {
                Err(need) => {
                    self.known = Some(Memo::Scanning(scan));
                    return Err(need);
                }
                Ok(end) => {
                    let mut p = plan(w, start, scan, end, puzzles);
                    // A plan that starts where the last puzzle read ended, in
                    // the same run (past the count's cap): the rows before it
                    // were read as they came.
                    p.read_from = match self.last_run {
                        Some((order, first, next))
                            if order == n && next == start_line && first < start_line =>
                        {
                            Some(first)
                        }
                        _ => None,
                    };
                    self.known = Some(Memo::Planned(p));
                }
            }
        }
        let Some(Memo::Planned(p)) = self.known.as_ref() else { return Ok(Piece::Rows) };
        let Some((rows, kind)) = p.pieces.iter().find(|(r, _)| p.rows[r.start] == start_line) else {
            return Ok(Piece::Rows);
        };
        // A short puzzle or stray lines at the run's end: a puzzle cut short
        // (`the input ends after 8 of the puzzle's 9 rows`), never N² cells in
        // any whitespace (four rows of nine are 36 cells).
        let at_end = matches!(kind, Fault::Short | Fault::Extra) && rows.end == p.rows.len();
        // The line index after the piece: its next row's, or the line after
        // the run's last.
        let next_line = p.rows.get(rows.end).copied().unwrap_or(p.last_line + 1);
        let next = start + (next_line - start_line);
        Ok(match kind {
            _ if at_end => Piece::End { rows: rows.len(), blank: p.blank, next },
            Fault::Extra => Piece::Extra { lines: rows.len(), next },
            Fault::Short => Piece::Short { next },
            Fault::Long => Piece::Long { next },
            Fault::Unclear => {
                Piece::Unclear { first_line: start_line, last_line: p.rows[rows.end - 1], next }
            }
        })
    }

    /// Whether the run from line index `start` was counted whole (a file, up
    /// to a blank line or the end, within the cap): its plan has then decided
    /// every line of it, a stray first line included.
    pub(super) fn counted(&self, w: &Window<'_>, start: usize) -> bool {
        let line = w.lines[start].0;
        matches!(self.known.as_ref(), Some(Memo::Planned(p))
            if p.counted && (p.first_line..=p.last_line).contains(&line))
    }

    /// Notes that a puzzle of order `n` was read from rows at line indices
    /// `start..end`, as they came: the run it is part of goes on.
    pub(super) fn read_rows(&mut self, w: &Window<'_>, start: usize, end: usize, n: usize) {
        let line = w.lines[start].0;
        let first = match self.last_run {
            Some((order, first, next)) if order == n && next == line => first,
            _ => line,
        };
        let next = w.lines.get(end).map_or(line + (end - start), |l| l.0);
        self.last_run = Some((n, first, next));
    }

    /// The run of rows that a puzzle cut short at line index `start` (with
    /// `rows` rows) ends, when puzzles before it in the run were read as the
    /// rows came: its first line and rows.
    pub(super) fn read_before(
        &self,
        w: &Window<'_>,
        start: usize,
        rows: usize,
        n: usize,
    ) -> Option<(usize, usize)> {
        let line = w.lines[start].0;
        match self.last_run {
            Some((order, first, next))
                if order == n && next == line && first < line && !self.counted(w, start) =>
            {
                Some((first, line - first + rows))
            }
            _ => None,
        }
    }

    /// Whether line index `start` is a row of a run of rows of `k` cells that
    /// was planned as puzzles of order `k` (then a line of k = N² spaced cells
    /// is a row of them, not an NxN puzzle on one line).
    pub(super) fn in_run_of(&self, w: &Window<'_>, start: usize, k: usize) -> bool {
        let line = w.lines[start].0;
        matches!(self.known.as_ref(), Some(Memo::Planned(p))
            if p.order == k && p.rows.len() >= k && (p.first_line..=p.last_line).contains(&line))
    }

    /// The refusal of a piece that is not a puzzle, with where it goes on.
    pub(super) fn refusal(
        &self,
        p: Piece,
        w: &Window<'_>,
        start: usize,
        n: usize,
    ) -> Option<(usize, Refusal)> {
        let line = w.lines[start].0;
        let (run_line, run_rows, read_from) = match self.known.as_ref() {
            Some(Memo::Planned(p)) => {
                (p.first_line, p.rows.len(), p.read_from.filter(|_| p.first_line == line))
            }
            _ => (line, 0, None),
        };
        let (next, e) = match p {
            Piece::Rows => return None,
            // At the start of a plan whose rows before were read as they came:
            // the fault may lie before this line.
            Piece::Extra { next, .. }
            | Piece::Short { next }
            | Piece::Long { next }
            | Piece::Unclear { next, .. }
                if read_from.is_some() =>
            {
                let read_from = read_from.unwrap_or(line);
                (next, RowsError::ShiftedRun { lines: next - start, order: n, read_from })
            }
            Piece::Extra { lines, next } => (
                next,
                RowsError::StrayLines { lines, order: n, next_line: w.lines.get(next).map_or(line, |l| l.0) },
            ),
            Piece::Short { next } => (next, RowsError::ShortPuzzle { order: n, run_line, run_rows }),
            Piece::End { rows, blank, next } => {
                (next, RowsError::TooFewRows { rows, order: n, blank_line: blank, run: None })
            }
            Piece::Long { next } => (next, RowsError::LongPuzzle { order: n, run_line, run_rows }),
            Piece::Unclear { first_line, last_line, next } => {
                (next, RowsError::UnclearRows { first_line, last_line, order: n, run_line, run_rows })
            }
        };
        Some((next, Refusal::new(line, e)))
    }
}

/// What is known of the run of rows a record starts: a scan under way, or
/// its plan.
#[derive(Debug)]
enum Memo {
    Scanning(Scan),
    Planned(RunPlan),
}

/// A run's rows counted so far.
#[derive(Debug)]
struct Scan {
    order: usize,
    first_line: usize,
    /// The rows' line numbers.
    rows: Vec<usize>,
    /// The line to look at next.
    next_line: usize,
}

/// How a run ends.
#[derive(Clone, Copy)]
enum RunEnd {
    /// A blank line.
    Blank,
    /// The end of the input.
    Eof,
    /// A line of another length, or the count's cap.
    Open,
}

/// Counts the rows of `n` cells from the scan's next line on (line index
/// `start` holds its first), up to a blank line, the end, a line of
/// another length or past [`RUN_CAP`] rows; `Err` asks for more lines.
fn scan_on(
    w: &Window<'_>,
    start: usize,
    scan: &mut Scan,
    puzzles: &Puzzles,
    shapes: &mut RowShapes,
) -> Result<RunEnd, usize> {
    let mut j = start + (scan.next_line - scan.first_line);
    while scan.rows.len() <= RUN_CAP {
        let end = match w.lines.get(j) {
            None if w.eof => Some(RunEnd::Eof),
            // Twice the lines held: a long run is read in a few refills.
            None => return Err((j + 1).max(2 * w.lines.len())),
            Some((_, Ok(t))) if is_blank(t) => Some(RunEnd::Blank),
            Some((_, Ok(t))) if skipped(t) => None,
            // A Markdown table's header row: labels, no row of the run.
            Some(_) if markdown_header(w, j) != Some(false) => match markdown_header(w, j) {
                Some(_) => None,
                None => return Err(j + 4),
            },
            Some((no, Ok(t))) if shapes.get(w, *no, t, puzzles).0 == scan.order => {
                scan.rows.push(*no);
                None
            }
            Some(_) => Some(RunEnd::Open),
        };
        if let Some(end) = end {
            return Ok(end);
        }
        j += 1;
        scan.next_line += 1;
    }
    Ok(RunEnd::Open)
}

/// Plans a scanned run if it is no whole number of puzzles.
fn plan(w: &Window<'_>, start: usize, scan: Scan, end: RunEnd, puzzles: &Puzzles) -> RunPlan {
    let Scan { order: n, first_line, rows, .. } = scan;
    let last_line = rows.last().copied().unwrap_or(first_line);
    let blank = matches!(end, RunEnd::Blank);
    let counted = !matches!(end, RunEnd::Open) && rows.len() <= RUN_CAP;
    let whole = RunPlan {
        order: n,
        first_line,
        last_line,
        rows,
        blank,
        counted,
        pieces: Vec::new(),
        read_from: None,
    };
    let k = whole.rows.len();
    // Only a run the count settles: closed, within the cap, no whole
    // number of puzzles.
    if !counted || k < n || k % n == 0 {
        return whole;
    }
    let cells: Vec<(usize, Vec<Cell<'_>>)> = whole
        .rows
        .iter()
        .map(|&no| {
            let text = match &w.lines[start + (no - first_line)].1 {
                Ok(t) => t.as_str(),
                Err(_) => "",
            };
            (no, row(no, text, puzzles).cells)
        })
        .collect();
    let pieces = best_readings(&cells, n, puzzles);
    RunPlan { pieces, ..whole }
}

/// The pieces every best reading of the rows agrees on that are not
/// puzzles, and the stretches where the best readings differ.
fn best_readings(rows: &[(usize, Vec<Cell<'_>>)], n: usize, puzzles: &Puzzles) -> Vec<(Range<usize>, Fault)> {
    let k = rows.len();
    // Each row's givens (symbol indices, `None` blank); `None` for a row
    // with a cell that is no symbol (its puzzle is refused anyway).
    let alphabet = puzzles.alphabet(n, false).ok();
    let givens: Vec<Option<Vec<Option<u8>>>> = rows
        .iter()
        .map(|(_, cells)| {
            let a = alphabet.as_ref()?;
            cells.iter().map(|c| puzzles.given(c.text, n, a).ok()).collect()
        })
        .collect();
    let shape = puzzles.shape(n, None).ok();
    let region: Vec<Option<usize>> = (0..n * n).map(|c| shape.as_ref().and_then(|s| s.region(c))).collect();
    // Whether these rows, as a puzzle, read without a clash of givens.
    let clean = |picked: &mut dyn Iterator<Item = usize>| -> bool {
        let Some(_) = shape else { return false };
        let mut seen = vec![0u64; 3 * n];
        for (r, i) in picked.enumerate() {
            let Some(row) = &givens[i] else { return false };
            for (c, g) in row.iter().enumerate() {
                let Some(v) = *g else { continue };
                let bit = 1u64 << v;
                for unit in [Some(r), Some(n + c), region[r * n + c].map(|k| 2 * n + k)].into_iter().flatten()
                {
                    if seen[unit] & bit != 0 {
                        return false;
                    }
                    seen[unit] |= bit;
                }
            }
        }
        true
    };
    // A stray line equal to the row before it reads as dropping that row:
    // only the first of equal rows is a candidate (one reading, not two).
    let same = |i: usize| i > 0 && rows[i].1.iter().map(|c| c.text).eq(rows[i - 1].1.iter().map(|c| c.text));
    // A puzzle of N+1 rows, a row too many inside it, costs a stray line
    // when dropping one inside row leaves no clash (else more); tried on
    // runs small enough (N³ checks a row).
    let inside = (k as u64) * (n as u64).pow(3) <= 1 << 27;
    let long = |i: usize| -> u64 {
        let drop_one = |j: usize| !same(i + j) && clean(&mut (i..i + n + 1).filter(|&r| r != i + j));
        if inside && (1..n).any(drop_one) {
            UNIT
        } else {
            3 * UNIT
        }
    };
    // The elements a reading is made of.
    let mut elements: Vec<Element> = Vec::new();
    for i in 0..k {
        if !same(i) {
            elements.push((i, 1, Some(Fault::Extra), UNIT));
        }
        if i + n - 1 <= k {
            elements.push((i, n - 1, Some(Fault::Short), 2 * UNIT));
        }
        if i + n <= k {
            let cost = if clean(&mut (i..i + n)) { 0 } else { 2 * UNIT };
            elements.push((i, n, None, cost));
        }
        if i + n < k {
            elements.push((i, n + 1, Some(Fault::Long), long(i)));
        }
    }
    let best = on_best(&elements, k);
    let mut sure = surely(&elements, &best, k);
    if sure.len() < best.iter().filter(|&&b| b).count() && n <= MAX_PROPER {
        // Best readings differ. Of those, the ones whose puzzles each have
        // exactly one solution win, if any: a spliced puzzle, a row of
        // givens short or a row of others too many, rarely does. Scaled so
        // that this never outweighs a stray line, a clash or a short puzzle.
        let mut proper = Proper::new(n, puzzles);
        let scale = k as u64 + 2;
        for (e, &usable) in elements.iter_mut().zip(&best) {
            let improper = usable
                && match e.2 {
                    None => !proper.test(&mut (e.0..e.0 + n), &givens),
                    Some(Fault::Long) => !(1..n).any(|j| {
                        !same(e.0 + j)
                            && proper.test(&mut (e.0..e.0 + n + 1).filter(|&r| r != e.0 + j), &givens)
                    }),
                    _ => false,
                };
            e.3 = e.3 * scale + u64::from(improper);
        }
        sure = surely(&elements, &on_best(&elements, k), k);
    }
    let mut pieces = Vec::new();
    let mut at = 0;
    let push_unclear = |pieces: &mut Vec<(Range<usize>, Fault)>, from: usize, to: usize| {
        if from < to {
            pieces.push((from..to, Fault::Unclear));
        }
    };
    for (i, len, kind, _) in sure {
        push_unclear(&mut pieces, at, i);
        match (kind, pieces.last_mut()) {
            // Stray lines side by side are refused together.
            (Some(Fault::Extra), Some((r, Fault::Extra))) if r.end == i => r.end = i + len,
            (Some(kind), _) => pieces.push((i..i + len, kind)),
            (None, _) => {}
        }
        at = i + len;
    }
    push_unclear(&mut pieces, at, k);
    pieces
}

/// An element of a reading: (first row, rows, kind, cost); kind `None` is
/// a puzzle read.
type Element = (usize, usize, Option<Fault>, u64);

/// Which elements are in the cheapest readings of rows `0..k`.
fn on_best(elements: &[Element], k: usize) -> Vec<bool> {
    // The cheapest readings of rows ..i (ahead) and i.. (behind); elements
    // are in order of their first row.
    let mut ahead = vec![u64::MAX; k + 1];
    ahead[0] = 0;
    for &(i, len, _, c) in elements {
        if ahead[i] != u64::MAX {
            ahead[i + len] = ahead[i + len].min(ahead[i] + c);
        }
    }
    let mut behind = vec![u64::MAX; k + 1];
    behind[k] = 0;
    for &(i, len, _, c) in elements.iter().rev() {
        if behind[i + len] != u64::MAX {
            behind[i] = behind[i].min(behind[i + len] + c);
        }
    }
    let best = ahead[k];
    let on = |&(i, len, _, c): &Element| {
        ahead[i] != u64::MAX && behind[i + len] != u64::MAX && ahead[i] + c + behind[i + len] == best
    };
    elements.iter().map(on).collect()
}

/// The elements in every cheapest reading: those that alone cover their
/// rows among the elements of cheapest readings (`best`, from [`on_best`]).
fn surely(elements: &[Element], best: &[bool], k: usize) -> Vec<Element> {
    let used: Vec<Element> = elements.iter().zip(best).filter(|(_, &b)| b).map(|(e, _)| *e).collect();
    let mut cover = vec![0i64; k + 1];
    for &(i, len, _, _) in &used {
        cover[i] += 1;
        cover[i + len] -= 1;
    }
    for i in 1..=k {
        cover[i] += cover[i - 1];
    }
    used.into_iter().filter(|&(i, len, _, _)| cover[i..i + len].iter().all(|&c| c == 1)).collect()
}

/// The largest order whose ties are broken by counting solutions.
const MAX_PROPER: usize = 16;

/// Whether rows read as a puzzle with exactly one solution, by a count to
/// two within a small budget (out of budget counts as not).
struct Proper {
    shape: Option<reduce::Shape>,
    alphabet: Option<reduce::Alphabet>,
    solver: Option<reduce::GridSolver>,
}

impl Proper {
    fn new(n: usize, puzzles: &Puzzles) -> Proper {
        let shape = puzzles.shape(n, None).ok();
        let solver = shape.as_ref().map(|s| {
            let mut solver = reduce::GridSolver::new(s);
            solver.set_budget(dlx::Budget::nodes(20_000));
            solver
        });
        Proper { shape, alphabet: puzzles.alphabet(n, false).ok(), solver }
    }

    fn test(&mut self, rows: &mut dyn Iterator<Item = usize>, givens: &[Option<Vec<Option<u8>>>]) -> bool {
        let (Some(shape), Some(alphabet)) = (&self.shape, &self.alphabet) else { return false };
        let mut cells = Vec::new();
        for i in rows {
            let Some(row) = &givens[i] else { return false };
            cells.extend_from_slice(row);
        }
        let Ok(puzzle) = reduce::Puzzle::new(shape.clone(), alphabet.clone(), cells) else { return false };
        let Some(solver) = self.solver.as_mut() else { return false };
        matches!(solver.count(&puzzle, Some(2)), Ok(o) if o.end() == dlx::End::Complete && o.solutions() == Some(1))
    }
}
