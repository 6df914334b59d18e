//! Input: bytes to records. Each record is a puzzle or an exact-cover
//! problem, or the reason it was refused, with the file and line it came
//! from. Records are parsed one at a time from a line reader, so a batch of
//! any size streams in flat memory; a refused record costs only itself.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, ErrorKind};
use std::sync::Arc;

use dlx::Problem;
use reduce::{Alphabet, Puzzle, Regions, Shape, BLANKS, MAX_ORDER};

use crate::args::InputFormat;
use crate::schema;

/// The longest line read, in bytes: enough for a DLX item line of a million
/// short names; a longer line is refused without being held in memory.
pub const MAX_LINE: usize = 1 << 24;

/// The largest input read whole (the dlx and json formats), in bytes.
pub const MAX_DOCUMENT: usize = 1 << 30;

/// Where a record or an error is: a file (or `<stdin>`) and a line from 1.
#[derive(Clone, Debug)]
pub struct Source {
    pub path: Arc<str>,
    pub line: usize,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.path, self.line)
    }
}

/// Why a record was refused: the line (and column) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

impl InputError {
    fn new(line: usize, message: impl Into<String>) -> Self {
        InputError { line, column: None, message: message.into() }
    }

    fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
        InputError { line, column: Some(column), message: message.into() }
    }
}

/// How a puzzle was laid out, so that its solution can be laid out alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Rows of blank-separated cells (seeds 000 and 002).
    Spaced,
    /// Rows of N characters (seed 003).
    Compact,
    /// One puzzle a line.
    Line,
    /// The grouped format (seed 001).
    Grouped,
}

impl Layout {
    pub fn name(self) -> &'static str {
        match self {
            Layout::Spaced => "spaced",
            Layout::Compact => "compact",
            Layout::Line => "line",
            Layout::Grouped => "grouped",
        }
    }

    pub fn from_name(s: &str) -> Option<Layout> {
        [Layout::Spaced, Layout::Compact, Layout::Line, Layout::Grouped].into_iter().find(|l| l.name() == s)
    }
}

/// What a record holds.
#[derive(Clone, Debug)]
pub enum Body {
    Puzzle {
        puzzle: Puzzle,
        layout: Layout,
    },
    /// An exact-cover problem; when it was exported from a puzzle, what
    /// each option places where.
    Problem {
        problem: Problem,
        puzzle: Option<schema::PuzzleCover>,
    },
}

/// One puzzle or problem, or why it was refused.
#[derive(Debug)]
pub struct Record {
    pub source: Source,
    pub body: Result<Body, InputError>,
}

/// What the options say about grids.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    pub format: Option<InputFormat>,
    pub regions: Option<RegionsSetting>,
    pub symbols: Option<String>,
}

/// `--box` or `--regions`.
#[derive(Clone, Debug)]
pub enum RegionsSetting {
    Boxes {
        rows: usize,
        cols: usize,
    },
    None,
    /// A map read from a file, row by row.
    Map(Vec<char>),
}

/// Parses `--box`: `RxC` or `none`.
pub fn parse_box(s: &str) -> Result<RegionsSetting, String> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(RegionsSetting::None);
    }
    let parse = |(r, c): (&str, &str)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?));
    match s.split_once(['x', 'X']).and_then(parse) {
        Some((rows, cols)) if rows > 0 && cols > 0 && rows * cols <= MAX_ORDER => {
            Ok(RegionsSetting::Boxes { rows, cols })
        }
        _ => Err(format!("--box {s:?}: expected RxC (R*C at most {MAX_ORDER}) or none")),
    }
}

/// Reads a `--regions` file: N lines of N labels (blanks ignored), or all
/// N*N labels on one line.
pub fn parse_region_file(text: &str) -> Result<Vec<char>, String> {
    let labels: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if labels.is_empty() {
        return Err("the region map is empty".into());
    }
    Ok(labels)
}

/// A line of input: its number (from 1) and text, or why it is unreadable.
type Line = (usize, Result<String, String>);

/// Lines from a reader, with lookahead, refusing over-long lines without
/// holding them and invalid UTF-8 without stopping.
pub struct LineReader {
    inner: Box<dyn BufRead>,
    next_no: usize,
    ahead: VecDeque<Line>,
    done: bool,
    pub io_error: Option<std::io::Error>,
}

impl LineReader {
    pub fn new(inner: Box<dyn BufRead>) -> Self {
        LineReader { inner, next_no: 1, ahead: VecDeque::new(), done: false, io_error: None }
    }

    fn read_one(&mut self) -> Option<Line> {
        if self.done {
            return None;
        }
        let mut buf = Vec::new();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.io_error = Some(e);
                    self.done = true;
                    break;
                }
            };
            if chunk.is_empty() {
                self.done = true;
                break;
            }
            any = true;
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                if buf.len() + take > MAX_LINE {
                    too_long = true;
                    buf = Vec::new();
                } else {
                    buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.inner.consume(take + end as usize);
            if end {
                break;
            }
        }
        if !any {
            return None;
        }
        let no = self.next_no;
        self.next_no += 1;
        if too_long {
            return Some((no, Err(format!("line longer than {MAX_LINE} bytes"))));
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        Some((no, String::from_utf8(buf).map_err(|_| "invalid UTF-8".to_owned())))
    }

    /// The `k`-th line ahead (from 0), without consuming it.
    pub fn peek(&mut self, k: usize) -> Option<&Line> {
        while self.ahead.len() <= k {
            let l = self.read_one()?;
            self.ahead.push_back(l);
        }
        self.ahead.get(k)
    }

    pub fn next_line(&mut self) -> Option<Line> {
        self.ahead.pop_front().or_else(|| self.read_one())
    }

    /// The number the next line will have.
    pub fn next_no(&mut self) -> usize {
        match self.ahead.front() {
            Some(l) => l.0,
            None => self.next_no,
        }
    }
}

fn is_blank(s: &str) -> bool {
    s.trim().is_empty()
}

/// A grid-art separator line: only `- + | =` and blanks.
fn is_separator(s: &str) -> bool {
    !is_blank(s) && s.chars().all(|c| "-+|=".contains(c) || c.is_whitespace())
}

fn is_comment(s: &str) -> bool {
    s.trim_start().starts_with('#')
}

/// The records of one input, in order.
pub struct Records {
    reader: LineReader,
    path: Arc<str>,
    settings: Arc<Settings>,
    format: Option<InputFormat>,
    finished: bool,
    any: bool,
    /// The last shape and alphabet the settings gave, by order and
    /// whether the puzzle was grouped: a batch builds them once.
    resolved: RefCell<Option<(usize, bool, Shape, Alphabet)>>,
}

impl Records {
    pub fn new(reader: LineReader, path: &str, settings: Arc<Settings>) -> Self {
        let by_extension = match path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()) {
            Some(e) if e == "dlx" => Some(InputFormat::Dlx),
            Some(e) if e == "json" => Some(InputFormat::Json),
            Some(e) if e == "sdm" => Some(InputFormat::Line),
            _ => None,
        };
        let format = match settings.format {
            Some(InputFormat::Auto) | None => by_extension,
            f => f,
        };
        Records {
            reader,
            path: path.into(),
            settings,
            format,
            finished: false,
            any: false,
            resolved: RefCell::new(None),
        }
    }

    /// The input's name, as messages give it.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// An I/O error that ended the input early, if any.
    pub fn io_error(&self) -> Option<&std::io::Error> {
        self.reader.io_error.as_ref()
    }

    fn source(&self, line: usize) -> Source {
        Source { path: self.path.clone(), line }
    }

    /// Skips blank lines (and comments where the format has them); returns
    /// the number of the next line, or `None` at the end.
    fn skip_blank(&mut self, comments: bool) -> Option<usize> {
        loop {
            let (no, text) = self.reader.peek(0)?;
            let no = *no;
            match text {
                Ok(t) if is_blank(t) || (comments && is_comment(t)) => {
                    self.reader.next_line();
                }
                _ => return Some(no),
            }
        }
    }

    /// Guesses the format from the first lines.
    fn detect(&mut self) -> InputFormat {
        let Some(_) = self.skip_blank(false) else { return InputFormat::Grid };
        let first = match self.reader.peek(0) {
            Some((_, Ok(t))) => t.trim().to_owned(),
            _ => return InputFormat::Grid,
        };
        if first.starts_with('{') {
            return InputFormat::Json;
        }
        if first.starts_with('|') {
            return InputFormat::Dlx;
        }
        if first.starts_with('#') {
            return InputFormat::Line;
        }
        let tokens: Vec<&str> = first.split_whitespace().collect();
        // Grouped: N label lines of N characters, then a count line.
        let n = first.chars().count();
        if tokens.len() == 1 && (2..=MAX_ORDER).contains(&n) {
            let rows_ok = (1..n).all(|k| {
                matches!(self.reader.peek(k), Some((_, Ok(t))) if t.trim().chars().count() == n && !t.trim().contains(' '))
            });
            // After the N rows, a compact grid ends (or another begins with
            // a row as long); a grouped puzzle goes on with its count line.
            let count_follows = rows_ok
                && matches!(self.reader.peek(n), Some((_, Ok(t))) if !is_blank(t) && t.trim().chars().count() != n);
            // Or, with a broken region line, still a count where it belongs
            // (shorter than a row, so not the next compact grid's row).
            let count_line = matches!(self.reader.peek(n), Some((_, Ok(t)))
                if t.trim().chars().count() < n && t.trim().parse::<i64>().is_ok());
            if count_follows || count_line {
                return InputFormat::Grouped;
            }
        }
        if tokens.len() == 1 {
            // A line puzzle: N*N cells (maybe followed by N*N labels), unless
            // the next N*N - 1 lines are rows of the same length (a compact
            // grid of order N*N).
            let square = |len: usize| (2..=MAX_ORDER).find(|k| k * k == len);
            let sq = square(n).or_else(|| (n % 2 == 0).then(|| square(n / 2)).flatten());
            // Short lines (N < 4) are rows of a compact grid: line puzzles
            // of 3x3 and smaller are too rare to guess. Otherwise a second
            // row as long as the first makes a compact grid.
            if let Some(k) = sq {
                let second_row =
                    matches!(self.reader.peek(1), Some((_, Ok(t))) if t.trim().chars().count() == n);
                let grid = n <= MAX_ORDER && (k < 4 || second_row);
                if !grid {
                    return InputFormat::Line;
                }
            }
        }
        // Cells and a region map, one label per cell.
        let len = |t: &str| t.chars().count();
        if tokens.len() == 2
            && len(tokens[0]) == len(tokens[1])
            && (2..=MAX_ORDER).any(|k| k * k == len(tokens[0]))
        {
            return InputFormat::Line;
        }
        // Grid rows have single-character cells (or one compact token);
        // anything else is taken for a DLX item line.
        let grid_like = tokens.len() == 1 || tokens.iter().all(|t| t.chars().count() == 1);
        if grid_like {
            InputFormat::Grid
        } else {
            InputFormat::Dlx
        }
    }

    fn resolve_regions(&self, n: usize, line: usize) -> Result<Shape, InputError> {
        let shape = match &self.settings.regions {
            None => Shape::default_for(n),
            Some(RegionsSetting::None) => Shape::new(n, Regions::None),
            Some(RegionsSetting::Boxes { rows, cols }) => {
                Shape::new(n, Regions::Boxes { rows: *rows, cols: *cols })
            }
            Some(RegionsSetting::Map(map)) => {
                if map.len() != n * n {
                    return Err(InputError::new(
                        line,
                        format!(
                            "the --regions map has {} labels; this {n}x{n} puzzle needs {}",
                            map.len(),
                            n * n
                        ),
                    ));
                }
                Shape::new(n, Regions::Map(map.clone()))
            }
        };
        shape.map_err(|e| InputError::new(line, e.to_string()))
    }

    fn alphabet(&self, n: usize, grouped: bool, line: usize) -> Result<Alphabet, InputError> {
        let a = match &self.settings.symbols {
            Some(s) => {
                let a = Alphabet::custom(s).map_err(|e| InputError::new(line, format!("--symbols: {e}")))?;
                if a.len() != n {
                    return Err(InputError::new(
                        line,
                        format!("--symbols has {} symbols; this {n}x{n} puzzle needs {n}", a.len()),
                    ));
                }
                Ok(a)
            }
            None if grouped => Alphabet::letters(n),
            None => Alphabet::default_for(n),
        };
        a.map_err(|e| InputError::new(line, e.to_string()))
    }

    /// Reads one grid-format puzzle starting at the next non-blank line.
    fn grid(&mut self) -> Option<Record> {
        loop {
            let no = self.skip_blank(true)?;
            match self.reader.peek(0) {
                Some((_, Ok(t))) if is_separator(t) => {
                    self.reader.next_line();
                }
                _ => break Some(no),
            }
        }?;
        let (first_no, first) = self.reader.next_line()?;
        let first = match first {
            Ok(t) => t,
            Err(e) => {
                return Some(Record {
                    source: self.source(first_no),
                    body: Err(InputError::new(first_no, e)),
                })
            }
        };
        let (cells, spaced) = row_cells(&first);
        let total = cells.len();
        let whole = total > MAX_ORDER;
        let n = if whole {
            match (2..=MAX_ORDER).find(|k| k * k == total) {
                Some(k) => k,
                None => {
                    let e = InputError::new(
                        first_no,
                        format!("{total} cells on one line: a puzzle needs N*N cells (81 for 9x9), or N per row up to N = {MAX_ORDER}"),
                    );
                    return Some(Record { source: self.source(first_no), body: Err(e) });
                }
            }
        } else {
            total
        };
        let layout = if spaced { Layout::Spaced } else { Layout::Compact };
        let mut all: Vec<(usize, Vec<(usize, char)>)> = vec![(first_no, cells)];
        let mut error = None;
        let mut rows = 1;
        while !whole && rows < n {
            let Some((no, text)) = self.reader.peek(0).cloned() else {
                error.get_or_insert(InputError::new(
                    first_no,
                    format!("the input ends after {rows} of the puzzle's {n} rows"),
                ));
                break;
            };
            let text = match text {
                Ok(t) => t,
                Err(e) => {
                    self.reader.next_line();
                    error.get_or_insert(InputError::new(no, e));
                    rows += 1;
                    continue;
                }
            };
            if is_blank(&text) {
                error.get_or_insert(InputError::new(
                    first_no,
                    format!("the puzzle has {rows} rows; its first row has {n} cells, so it needs {n}"),
                ));
                break;
            }
            self.reader.next_line();
            if is_separator(&text) {
                continue;
            }
            let (cells, _) = row_cells(&text);
            if cells.len() != n {
                error.get_or_insert(InputError::new(
                    no,
                    format!(
                        "row has {} cells; the puzzle's first row (line {first_no}) has {n}",
                        cells.len()
                    ),
                ));
            }
            all.push((no, cells));
            rows += 1;
        }
        let source = self.source(first_no);
        if let Some(e) = error {
            return Some(Record { source, body: Err(e) });
        }
        let body = self.make_puzzle(n, &all, first_no, None, layout);
        Some(Record { source, body })
    }

    /// Builds a puzzle from cells with their lines and columns.
    fn make_puzzle(
        &self,
        n: usize,
        rows: &[(usize, Vec<(usize, char)>)],
        line: usize,
        map: Option<Vec<char>>,
        layout: Layout,
    ) -> Result<Body, InputError> {
        let grouped = layout == Layout::Grouped;
        let (shape, alphabet) = match map {
            Some(map) => (
                Shape::new(n, Regions::Map(map)).map_err(|e| InputError::new(line, e.to_string()))?,
                self.alphabet(n, grouped, line)?,
            ),
            None => {
                let mut resolved = self.resolved.borrow_mut();
                match &*resolved {
                    Some((k, g, shape, alphabet)) if *k == n && *g == grouped => {
                        (shape.clone(), alphabet.clone())
                    }
                    _ => {
                        let shape = self.resolve_regions(n, line)?;
                        let alphabet = self.alphabet(n, grouped, line)?;
                        *resolved = Some((n, grouped, shape.clone(), alphabet.clone()));
                        (shape, alphabet)
                    }
                }
            }
        };
        let mut givens = Vec::with_capacity(n * n);
        for (no, cells) in rows {
            for &(col, c) in cells {
                if BLANKS.contains(&c) && alphabet.index(c).is_none() {
                    givens.push(None);
                } else {
                    match alphabet.index(c) {
                        Some(v) => givens.push(Some(v)),
                        None => {
                            let valid: String = alphabet.chars().iter().collect();
                            return Err(InputError::at(
                                *no,
                                col,
                                format!("{c:?} is not a symbol of this {n}x{n} puzzle (symbols {valid}, blanks ? 0 . _)"),
                            ));
                        }
                    }
                }
            }
        }
        let puzzle =
            Puzzle::new(shape, alphabet, givens).map_err(|e| InputError::new(line, e.to_string()))?;
        Ok(Body::Puzzle { puzzle, layout })
    }

    /// Reads one line-format puzzle.
    fn line(&mut self) -> Option<Record> {
        self.skip_blank(true)?;
        let (no, text) = self.reader.next_line()?;
        let source = self.source(no);
        let text = match text {
            Ok(t) => t,
            Err(e) => return Some(Record { source, body: Err(InputError::new(no, e)) }),
        };
        let body = self.line_puzzle(no, &text);
        Some(Record { source, body })
    }

    fn line_puzzle(&self, no: usize, text: &str) -> Result<Body, InputError> {
        let start = text.len() - text.trim_start().len();
        let col0 = text[..start].chars().count() + 1;
        let mut tokens = text.split_whitespace();
        let square = |len: usize| (1..=MAX_ORDER).find(|k| k * k == len);
        let (cells, map): (&str, Option<Vec<char>>) = match (tokens.next(), tokens.next(), tokens.next()) {
            (Some(one), None, _) => {
                let len = one.chars().count();
                match (square(len), len % 2 == 0) {
                    (Some(_), _) => (one, None),
                    (None, true) if square(len / 2).is_some() => {
                        let split = one.char_indices().nth(len / 2).map_or(one.len(), |(i, _)| i);
                        (&one[..split], Some(one[split..].chars().collect()))
                    }
                    _ => return Err(line_length_error(no, len)),
                }
            }
            (Some(cells), Some(map), None) => (cells, Some(map.chars().collect())),
            _ => {
                return Err(InputError::new(
                    no,
                    format!(
                        "{} fields: a puzzle line is N*N cells, then optionally N*N region labels",
                        text.split_whitespace().count()
                    ),
                ))
            }
        };
        let len = cells.chars().count();
        let n = square(len).ok_or_else(|| line_length_error(no, len))?;
        if let Some(m) = &map {
            if m.len() != len {
                return Err(InputError::new(
                    no,
                    format!("{} region labels for {len} cells: the map needs one label per cell", m.len()),
                ));
            }
        }
        let row: Vec<(usize, char)> = cells.chars().enumerate().map(|(i, c)| (col0 + i, c)).collect();
        self.make_puzzle(n, &[(no, row)], no, map, Layout::Line)
    }

    /// Reads one grouped puzzle: N label lines, a count, the givens.
    fn grouped(&mut self) -> Option<Record> {
        self.skip_blank(true)?;
        let (first_no, first) = self.reader.next_line()?;
        let source = self.source(first_no);
        let body = self.grouped_body(first_no, first);
        if body.is_err() {
            // Resynchronize: skip to the next blank line.
            while let Some((_, Ok(t))) = self.reader.peek(0) {
                if is_blank(t) {
                    break;
                }
                self.reader.next_line();
            }
        }
        Some(Record { source, body })
    }

    fn grouped_body(&mut self, first_no: usize, first: Result<String, String>) -> Result<Body, InputError> {
        let first = first.map_err(|e| InputError::new(first_no, e))?;
        let first = first.trim();
        let n = first.chars().count();
        if !(1..=MAX_ORDER).contains(&n) || first.contains(char::is_whitespace) {
            return Err(InputError::new(
                first_no,
                format!(
                    "a grouped puzzle starts with N lines of N region labels; this line has {n} characters"
                ),
            ));
        }
        let mut map: Vec<char> = first.chars().collect();
        for k in 1..n {
            let (no, t) = self.reader.next_line().ok_or_else(|| {
                InputError::new(first_no, format!("the input ends after {k} of {n} region lines"))
            })?;
            let t = t.map_err(|e| InputError::new(no, e))?;
            let t = t.trim();
            if t.chars().count() != n || t.contains(char::is_whitespace) {
                return Err(InputError::new(
                    no,
                    format!(
                        "region line has {} characters; the first (line {first_no}) has {n}",
                        t.chars().count()
                    ),
                ));
            }
            map.extend(t.chars());
        }
        let shape = Shape::new(n, Regions::Map(map)).map_err(|e| InputError::new(first_no, e.to_string()))?;
        let alphabet = self.alphabet(n, true, first_no)?;
        let (count_no, count) = self
            .reader
            .next_line()
            .ok_or_else(|| InputError::new(first_no, "the input ends before the count of givens"))?;
        let count = count.map_err(|e| InputError::new(count_no, e))?;
        let count: i64 = count.trim().parse().map_err(|_| {
            InputError::new(count_no, format!("{:?} is not a count of givens (a whole number)", count.trim()))
        })?;
        if count < 0 || count as usize > n * n {
            return Err(InputError::new(count_no, format!("count {count} is out of range (0 to {})", n * n)));
        }
        let mut givens = vec![None; n * n];
        let mut given_at = vec![0usize; n * n];
        for k in 0..count as usize {
            let (no, t) = self.reader.next_line().ok_or_else(|| {
                InputError::new(
                    count_no,
                    format!("the count says {count} givens, but the input ends after {k}"),
                )
            })?;
            let t = t.map_err(|e| InputError::new(no, e))?;
            let (r, c, sym) = parse_given(&t, n).map_err(|m| InputError::new(no, m))?;
            if r >= n || c >= n {
                return Err(InputError::new(
                    no,
                    format!("cell ({r}, {c}) is outside the {n}x{n} grid (0 to {})", n - 1),
                ));
            }
            let v = alphabet.index(sym).ok_or_else(|| {
                let valid: String = alphabet.chars().iter().collect();
                InputError::new(no, format!("{sym:?} is not a symbol of this puzzle ({valid})"))
            })?;
            let cell = r * n + c;
            if givens[cell].is_some() {
                return Err(InputError::new(
                    no,
                    format!("cell ({r}, {c}) is given twice (first on line {})", given_at[cell]),
                ));
            }
            givens[cell] = Some(v);
            given_at[cell] = no;
        }
        // More givens than counted?
        if let Some((no, Ok(t))) = self.reader.peek(0) {
            if !is_blank(t) && t.trim().chars().count() != n && parse_given(t, n).is_ok() {
                return Err(InputError::new(*no, format!("the count says {count} givens, but more follow")));
            }
        }
        let puzzle =
            Puzzle::new(shape, alphabet, givens).map_err(|e| InputError::new(first_no, e.to_string()))?;
        Ok(Body::Puzzle { puzzle, layout: Layout::Grouped })
    }

    /// Reads the rest of the input as one document (dlx, json).
    fn document(&mut self) -> Result<(usize, String), InputError> {
        let first = self.reader.next_no();
        let mut text = String::new();
        // Keep line numbers: lines before the first are empty.
        for _ in 1..first {
            text.push('\n');
        }
        while let Some((no, t)) = self.reader.next_line() {
            let t = t.map_err(|e| InputError::new(no, e))?;
            if text.len() + t.len() > MAX_DOCUMENT {
                return Err(InputError::new(no, format!("the input is larger than {MAX_DOCUMENT} bytes")));
            }
            text.push_str(&t);
            text.push('\n');
        }
        Ok((first, text))
    }

    fn dlx(&mut self) -> Option<Record> {
        let start = self.reader.next_no();
        let body = self.document().and_then(|(_, text)| {
            let parsed =
                dlx::text::parse(&text).map_err(|e| InputError::at(e.line, e.column, e.to_string()))?;
            Ok(Body::Problem { problem: parsed.problem, puzzle: None })
        });
        self.finished = true;
        let line = body.as_ref().err().map_or(start, |e| e.line);
        Some(Record { source: self.source(line), body })
    }

    fn json(&mut self) -> Option<Record> {
        let start = self.reader.next_no();
        let body = self.document().and_then(|(_, text)| schema::read(&text));
        self.finished = true;
        let line = body.as_ref().err().map_or(start, |e| e.line);
        Some(Record { source: self.source(line), body })
    }
}

fn line_length_error(no: usize, len: usize) -> InputError {
    InputError::new(
        no,
        format!("{len} cells: a puzzle line needs N*N cells (81 for 9x9), N from 1 to {MAX_ORDER}"),
    )
}

/// A given of the grouped format: `rcL` (one base-36 digit each for row
/// and column), or `r c L` with decimal numbers.
fn parse_given(t: &str, n: usize) -> Result<(usize, usize, char), String> {
    let fields: Vec<&str> = t.split_whitespace().collect();
    let bad = || {
        format!("{:?} is not a given: expected rcL (row, column from 0, then the symbol) or r c L", t.trim())
    };
    match fields.as_slice() {
        [one] => {
            let chars: Vec<char> = one.chars().collect();
            if chars.len() != 3 || n > 36 {
                return Err(bad());
            }
            let digit = |c: char| c.to_digit(36).map(|d| d as usize).ok_or_else(bad);
            Ok((digit(chars[0])?, digit(chars[1])?, chars[2]))
        }
        [r, c, l] if l.chars().count() == 1 => {
            let num = |s: &str| s.parse::<usize>().map_err(|_| bad());
            Ok((num(r)?, num(c)?, l.chars().next().expect("one char")))
        }
        _ => Err(bad()),
    }
}

/// The cells of a grid row with their columns (from 1), and whether they
/// were blank-separated. Grid-art separators `|` and `+` are dropped.
fn row_cells(line: &str) -> (Vec<(usize, char)>, bool) {
    let cells: Vec<(usize, char)> = line
        .chars()
        .enumerate()
        .filter(|&(_, c)| !c.is_whitespace() && c != '|' && c != '+')
        .map(|(i, c)| (i + 1, c))
        .collect();
    let tokens: Vec<&str> =
        line.split(|c: char| c.is_whitespace() || c == '|' || c == '+').filter(|t| !t.is_empty()).collect();
    let spaced = tokens.len() > 1 && tokens.iter().all(|t| t.chars().count() == 1);
    (cells, spaced)
}

impl Iterator for Records {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        if self.finished {
            return None;
        }
        let format = match self.format {
            Some(f) => f,
            None => {
                let f = self.detect();
                self.format = Some(f);
                f
            }
        };
        let record = match format {
            InputFormat::Grid | InputFormat::Auto => self.grid(),
            InputFormat::Line => self.line(),
            InputFormat::Grouped => self.grouped(),
            InputFormat::Dlx => self.dlx(),
            InputFormat::Json => self.json(),
        };
        match record {
            Some(r) => {
                self.any = true;
                Some(r)
            }
            None => {
                self.finished = true;
                if !self.any && self.reader.io_error.is_none() {
                    // An empty input is refused: there is nothing to answer.
                    let line = self.reader.next_no().saturating_sub(1).max(1);
                    return Some(Record {
                        source: self.source(line),
                        body: Err(InputError::new(line, format!("no puzzle in {}", self.path))),
                    });
                }
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(text: &str, format: Option<InputFormat>) -> Vec<Record> {
        let settings = Arc::new(Settings { format, ..Settings::default() });
        let reader = LineReader::new(Box::new(std::io::Cursor::new(text.as_bytes().to_vec())));
        Records::new(reader, "t", settings).collect()
    }

    fn detect(text: &str) -> InputFormat {
        let reader = LineReader::new(Box::new(std::io::Cursor::new(text.as_bytes().to_vec())));
        Records::new(reader, "t", Arc::default()).detect()
    }

    #[test]
    fn detects_formats() {
        assert_eq!(detect("? 2 6\n"), InputFormat::Grid);
        assert_eq!(detect("005300000\n800000020\n070010500\n400005300\n010070006\n003200080\n060500009\n004000030\n000009700\n"), InputFormat::Grid);
        assert_eq!(detect(&format!("{}\n", ".".repeat(81))), InputFormat::Line);
        assert_eq!(detect("# comment\n"), InputFormat::Line);
        assert_eq!(detect("000011\n022013\n221113\n243333\n244455\n445555\n6\n02C\n"), InputFormat::Grouped);
        assert_eq!(detect("| c\nA B\n"), InputFormat::Dlx);
        assert_eq!(detect("p00 p01 | x\n"), InputFormat::Dlx);
        assert_eq!(detect("{\"format\": 1}"), InputFormat::Json);
        assert_eq!(detect(&format!("{} {}\n", ".".repeat(16), "0011001122332233")), InputFormat::Line);
    }

    #[test]
    fn grid_errors_name_the_line_and_keep_going() {
        let text = "1 2 3 4\n3 4 1 2\n2 1 4\n4 3 2 1\n\n1 . . .\n. . . .\n. . . .\n. . . .\n";
        let r = records(text, None);
        assert_eq!(r.len(), 2);
        let e = r[0].body.as_ref().unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("3 cells"), "{}", e.message);
        assert!(r[1].body.is_ok());
        assert_eq!(r[1].source.line, 6);
    }

    #[test]
    fn grouped_givens_are_checked() {
        let head = "000011\n022013\n221113\n243333\n244455\n445555\n";
        let err = |rest: &str| records(&format!("{head}{rest}"), None)[0].body.clone().unwrap_err().message;
        assert!(err("x\n").contains("not a count"));
        assert!(err("-1\n").contains("out of range"));
        assert!(err("99\n").contains("out of range"));
        assert!(err("2\n02C\n").contains("ends after 1"));
        assert!(err("1\n02C\n03B\n").contains("more follow"));
        assert!(err("1\n62C\n").contains("outside"));
        assert!(err("1\n02G\n").contains("not a symbol"));
        assert!(err("2\n02C\n02D\n").contains("given twice"));
    }
}
