//! Input: bytes to records. An input's format comes from `--format`, its
//! extension (`.dlx`, `.json`, `.sdm`), or detection by parsing a window
//! (`detect.rs`); then each format's reader (`grid/`, `line.rs`,
//! `grouped.rs`, `dlx.rs`, `json.rs`) turns lines into records one at a
//! time, so a batch of any size streams in flat memory and a refused record
//! costs only itself.
//!
//! Every puzzle reader works on a `Window` of lines and says how many it
//! used, or that it needs more (`window.rs`): detection runs the same
//! readers on a window it grows, and reading a stream never waits for a
//! line a record does not need (the first answer of a slow stream comes
//! before the next puzzle). A file is there whole: there the grid reader
//! may look past a record, to the end of a run of rows (`grid/runs.rs`).
//!
//! The layers, lowest first: the lines of an input (`line_reader.rs`);
//! what every reader shares (`window.rs`) and cells as the flags read them
//! (`puzzle.rs`); one file or folder per format, none naming another;
//! detection (`detect.rs`), which tries the puzzle formats through
//! `PuzzleReaders`; and this file, the only one naming every format:
//! [`Records`], the records of one input.

mod constraint_lines;
mod detect;
mod dlx;
mod fpuzzles;
mod grid;
mod grouped;
mod json;
mod line;
pub mod line_reader;
mod links;
mod minified;
pub mod puzzle;
mod scl;
mod table;
mod window;

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use detect::MAX_WINDOW;
pub use line_reader::{LineReader, MAX_LINE};
pub use puzzle::{parse_box, parse_region_file, PuzzleSettings, RegionsSetting};

use crate::error::{CellError, InputError, ReadError, Refusal, RowsError, SettingError};
use crate::record::{Body, Format, Layout, Notice, Record, Source};
use grid::GridReader;
use puzzle::Puzzles;
use window::{Parsed, Step, Window};

/// The largest input read whole (the dlx and json formats), in bytes.
pub const MAX_DOCUMENT: usize = 1 << 30;

/// The readers of the line-based puzzle formats for one input: the flags'
/// reading of cells ([`Puzzles`]), and the grid reader with what it keeps
/// from one record to the next. Detection tries its readings with them
/// and the reading goes on with them, so that what the grid reader
/// learned while detecting (a run's plan) holds.
pub(crate) struct PuzzleReaders {
    puzzles: Puzzles,
    grid: GridReader,
    table: table::TableReader,
}

impl PuzzleReaders {
    /// The readers of an input under these flags.
    pub(crate) fn new(settings: Arc<PuzzleSettings>, column: Option<String>) -> PuzzleReaders {
        PuzzleReaders {
            puzzles: Puzzles::new(settings),
            grid: GridReader::default(),
            table: table::TableReader::new(column),
        }
    }

    /// Whether line `no`, an input's first content line, begins a table
    /// (a header naming the puzzle column, or a row with one whole puzzle).
    pub(crate) fn begins_table(&self, no: usize, line: &str) -> bool {
        self.table.begins(no, line)
    }

    /// The next record of `format` (grid, line or grouped) in the window;
    /// `auto`: detection is trying this reading.
    pub(crate) fn next(&mut self, format: Format, w: &Window<'_>, auto: bool) -> Step {
        match format {
            Format::Grid => {
                let step = self.grid.next(w, &self.puzzles);
                if auto && self.puzzles.settings().regions.is_none() {
                    small_grid_refused(step)
                } else {
                    step
                }
            }
            Format::Line => line::next(w, &self.puzzles, auto),
            Format::Fpuzzles => link_next(w),
            Format::Table => self.table.next(w, &self.puzzles, auto),
            _ => grouped::next(w, &self.puzzles, auto),
        }
    }
}

/// A grid of order 1 to 3 that detection met (a lone `1`, a count line, two
/// lines of two digits), refused: such grids are read only when `--format
/// grid` (or `--box`, `--regions`) asks for them.
fn small_grid_refused(step: Step) -> Step {
    match step {
        Step::Record(used, mut parsed) => {
            match &mut parsed.body {
                Ok(Body::Puzzle { puzzle, .. }) if puzzle.n() < 4 => {
                    let e = InputError::Rows(RowsError::SmallGrid { order: puzzle.n() });
                    parsed.body = Err(Refusal::new(parsed.first_line, e));
                }
                // A lone `5` is no 1x1 puzzle with a bad symbol: it is a
                // small grid detection does not read, said as such.
                Err(r) => {
                    if let InputError::Cell(
                        CellError::NotASymbol { order, .. } | CellError::IntegerOutOfRange { order, .. },
                    ) = r.error
                    {
                        if order < 4 {
                            r.error = InputError::Rows(RowsError::SmallGrid { order });
                            r.column = None;
                        }
                    }
                }
                _ => {}
            }
            Step::Record(used, parsed)
        }
        step => step,
    }
}

/// What detection learns from a window read as Knuth's format (the dlx
/// reader's [`dlx::options_so_far`]).
pub(crate) fn knuth_options_so_far(text: &str) -> Option<Result<usize, usize>> {
    dlx::options_so_far(text)
}

/// Whether a `--constraint` value is a constraint line (one cut short,
/// `killer 5`, is not: it is refused once, as a usage error, not for
/// every record).
pub fn is_constraint_text(s: &str) -> bool {
    constraint_lines::is_constraint_line(s) && !constraint_lines::is_cut_short(s)
}

/// Why `s` is not a constraint in the plain-text form
/// ([`is_constraint_text`] says it is not).
pub fn why_not_constraint(s: &str) -> String {
    constraint_lines::why_not(s)
}

/// Whether a line is a link to a variant puzzle (f-puzzles, SudokuPad) or
/// its data (detection asks this of a first line).
pub(crate) fn is_variant_link(line: &str) -> bool {
    links::is_link(line)
}

/// A record of the f-puzzles format from JSON text (an f-puzzles object)
/// starting on line `first`.
fn fpuzzles_record(value: &serde_json::Value, first: usize) -> Parsed {
    let refuse =
        |message: String| Parsed::new(first, Err(Refusal::new(first, InputError::Variant { message })));
    match fpuzzles::read(value) {
        Ok(r) => {
            let mut p = Parsed::new(first, Ok(Body::Puzzle { puzzle: r.puzzle, layout: Layout::Line }));
            p.note = value
                .get("title")
                .and_then(|t| t.as_str())
                .filter(|t| !t.trim().is_empty())
                .map(String::from);
            if !r.ignored.is_empty() {
                p.notices.push(Notice { line: first, text: format!("ignored: {}", r.ignored.join(", ")) });
            }
            p
        }
        Err(m) => refuse(format!("f-puzzles: {m}")),
    }
}

/// The next link record (f-puzzles, SudokuPad, or bare data) of a window:
/// one a line.
fn link_next(w: &Window<'_>) -> Step {
    let Some(i) =
        w.lines.iter().position(|(_, t)| !matches!(t, Ok(t) if window::is_blank(t) || window::is_comment(t)))
    else {
        return if w.eof { Step::End(w.lines.len()) } else { Step::NeedMore(w.lines.len() + 1) };
    };
    let (no, text) = &w.lines[i];
    let no = *no;
    let refuse = |message: String| Parsed::new(no, Err(Refusal::new(no, InputError::Variant { message })));
    let parsed = match text {
        Err(e) => Parsed::new(no, Err(Refusal::new(no, e.clone()))),
        Ok(t) => match links::decode(t) {
            Ok(links::Payload::Fpuzzles(json)) => match serde_json::from_str::<serde_json::Value>(&json) {
                Ok(v) => fpuzzles_record(&v, no),
                Err(e) => refuse(format!("f-puzzles: the link's data is not JSON: {e}")),
            },
            Ok(links::Payload::Scl(text)) => match minified::parse(&text)
                .map_err(|e| format!("not SudokuPad data: {e}"))
                .and_then(|v| scl::read(&v))
            {
                Ok(puzzle) => Parsed::new(no, Ok(Body::Puzzle { puzzle, layout: Layout::Line })),
                Err(m) => refuse(format!("SudokuPad: {m}")),
            },
            Err(m) => refuse(format!("link: {m}")),
        },
    };
    Step::Record(i + 1, Box::new(parsed))
}

/// One input: a file, or standard input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputPath {
    /// Standard input (`-`, or no input named).
    Stdin,
    /// A file.
    File(PathBuf),
}

impl InputPath {
    /// `-` is standard input.
    pub fn from_arg(p: PathBuf) -> InputPath {
        if p == Path::new("-") {
            InputPath::Stdin
        } else {
            InputPath::File(p)
        }
    }

    /// The name messages give it.
    pub fn name(&self) -> String {
        match self {
            InputPath::Stdin => "<stdin>".into(),
            InputPath::File(p) => p.display().to_string(),
        }
    }
}

/// How to read inputs: the format (`None`: by extension, then detection)
/// and the puzzle flags.
#[derive(Clone, Debug, Default)]
pub struct ReadSettings {
    /// `--format`, if not auto.
    pub format: Option<Format>,
    /// `--box`, `--regions`, `--symbols`.
    pub puzzles: Arc<PuzzleSettings>,
    /// `--constraint`: constraint lines every puzzle record takes.
    pub constraints: Arc<Vec<String>>,
    /// `--column`: a table's puzzle column.
    pub column: Option<String>,
}

/// The format an extension names.
fn by_extension(path: &str) -> Option<Format> {
    match path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?.as_str() {
        "dlx" => Some(Format::Dlx),
        "json" => Some(Format::Json),
        "sdm" => Some(Format::Line),
        // A `.csv` or `.tsv` is detected like any text: detection takes a
        // table when its first line is a header or a row holding a whole
        // puzzle, and a grid saved as comma-separated rows otherwise.
        _ => None,
    }
}

/// The system's message for an I/O error, without Rust's `(os error N)`.
pub fn io_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.rfind(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}

/// Opens an input as records, or says why it cannot be read.
pub fn open(input: &InputPath, settings: &ReadSettings) -> Result<Records, Refusal> {
    let name = input.name();
    let (reader, settled): (Box<dyn Read + Send>, bool) = match input {
        InputPath::Stdin => (Box::new(std::io::stdin()), stdin_is_a_file()),
        InputPath::File(p) => {
            let io = |m: String| Refusal::new(0, ReadError::Io { message: m });
            let f = File::open(p).map_err(|e| io(io_message(&e)))?;
            let meta = f.metadata();
            if meta.as_ref().is_ok_and(|m| m.is_dir()) {
                return Err(io("is a directory".into()));
            }
            (Box::new(f), meta.is_ok_and(|m| m.is_file()))
        }
    };
    Ok(Records::new(LineReader::new(reader).settled(settled), &name, settings))
}

/// Whether standard input is a regular file (`dance solve < puzzles.txt`),
/// not a pipe or a terminal whose writer may be slow.
fn stdin_is_a_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        std::io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .is_ok_and(|fd| File::from(fd).metadata().is_ok_and(|m| m.is_file()))
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Where an input's reading is.
enum State {
    /// The format is not known yet.
    Undecided,
    /// Reading records of this format.
    Reading(Format),
    /// Every record has been read.
    Done,
}

/// The records of one input, in order.
pub struct Records {
    reader: LineReader,
    path: Arc<str>,
    settings: ReadSettings,
    readers: PuzzleReaders,
    state: State,
    /// Whether any record was given out.
    any: bool,
    /// Notices for the next record (how the input was read).
    notices: Vec<Notice>,
    /// Set when detection guessed: refusals suggest `--format` until a
    /// record reads.
    guessed: Option<Format>,
    /// Whether the input has had constraint lines: then a stream is
    /// waited on for the lines after each record.
    variant_lines: bool,
}

impl Records {
    /// The records of the lines of `reader`, named `path` in messages.
    pub fn new(reader: LineReader, path: &str, settings: &ReadSettings) -> Records {
        // `--column` names a table's column: the input is read as a table.
        let table = settings.column.as_ref().map(|_| Format::Table);
        let state = match settings.format.or(table).or_else(|| by_extension(path)) {
            Some(f) => State::Reading(f),
            None => State::Undecided,
        };
        Records {
            reader,
            path: path.into(),
            settings: settings.clone(),
            readers: PuzzleReaders::new(settings.puzzles.clone(), settings.column.clone()),
            state,
            any: false,
            notices: Vec::new(),
            guessed: None,
            variant_lines: false,
        }
    }

    /// The input's name, as messages give it.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Whether the next record may wait for input (so that what was
    /// answered should be flushed first).
    pub fn may_block(&self) -> bool {
        matches!(self.state, State::Undecided | State::Reading(_)) && self.reader.may_block()
    }

    fn record(&mut self, p: Parsed) -> Record {
        let mut notices = std::mem::take(&mut self.notices);
        notices.extend(p.notices);
        let mut body = p.body;
        match &mut body {
            Err(r)
                if r.guessed.is_none() && !matches!(r.error, InputError::Read(ReadError::Empty { .. })) =>
            {
                r.guessed = self.guessed
            }
            Ok(_) => self.guessed = None,
            _ => {}
        }
        self.any = true;
        Record { source: Source { path: self.path.clone(), line: p.first_line }, note: p.note, notices, body }
    }

    /// The first constraint line among the `used` lines of a record that
    /// starts on `first` after its start (skipped by the reader as a
    /// comment), if any.
    fn constraint_lines_in(&mut self, used: usize, first: usize) -> Option<usize> {
        let (lines, _) = self.reader.window();
        lines[..used.min(lines.len())].iter().find_map(|(no, t)| {
            (*no > first && matches!(t, Ok(t) if constraint_lines::is_constraint_line(t))).then_some(*no)
        })
    }

    /// The constraint lines that follow a record (blank lines and comments
    /// between them allowed), consumed. A stream is read ahead for them
    /// only when it has shown some, or holds the lines already, so that a
    /// classic stream's answers never wait for its next puzzle.
    fn constraint_lines_after(&mut self) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut k = 0;
        let mut through = 0;
        loop {
            let wait = self.reader.is_settled() || self.variant_lines;
            if k >= self.reader.held() && !wait && self.reader.may_block() {
                break;
            }
            match self.reader.peek(k) {
                Some((no, Ok(t))) if constraint_lines::is_constraint_line(t) => {
                    out.push((*no, t.trim().to_string()));
                    k += 1;
                    through = k;
                }
                Some((_, Ok(t))) if window::is_blank(t) || window::is_comment(t) => k += 1,
                _ => break,
            }
        }
        self.reader.consume(through);
        if !out.is_empty() {
            self.variant_lines = true;
        }
        out
    }

    /// Constraint lines before any puzzle (after blank lines and
    /// comments): refused as one record, consumed.
    fn orphan_constraint_lines(&mut self) -> Option<Record> {
        let mut k = 0;
        let mut lines = Vec::new();
        loop {
            match self.reader.peek(k) {
                Some((no, Ok(t))) if constraint_lines::is_constraint_line(t) => lines.push(*no),
                Some((_, Ok(t))) if window::is_blank(t) || window::is_comment(t) => {
                    if !lines.is_empty() {
                        break;
                    }
                }
                _ => break,
            }
            k += 1;
        }
        let first = *lines.first()?;
        let through = k;
        self.reader.consume(through);
        self.variant_lines = true;
        let message = format!(
            "{} with no puzzle before {}: constraint lines follow the puzzle they belong to",
            if lines.len() == 1 {
                "a constraint line".to_string()
            } else {
                format!("{} constraint lines", lines.len())
            },
            if lines.len() == 1 { "it" } else { "them" }
        );
        Some(self.refusal(first, Refusal::new(first, InputError::Variant { message })))
    }

    /// A record with its constraint lines and the `--constraint` flags
    /// applied (a problem with either is refused).
    fn with_constraints(&mut self, mut parsed: Parsed, after: Vec<(usize, String)>) -> Record {
        let flags = self.settings.constraints.clone();
        if after.is_empty() && flags.is_empty() {
            return self.record(parsed);
        }
        let lines: Vec<(String, String)> = flags
            .iter()
            .map(|c| ("--constraint".to_string(), c.clone()))
            .chain(after.iter().map(|(no, t)| (format!("line {no}"), t.clone())))
            .collect();
        let refuse = |line: usize, message: String| Err(Refusal::new(line, InputError::Variant { message }));
        parsed.body = match parsed.body {
            Ok(Body::Puzzle { puzzle, layout }) => match constraint_lines::apply(puzzle, &lines) {
                Ok(puzzle) => Ok(Body::Puzzle { puzzle, layout }),
                Err((k, m)) => {
                    let (from, text) = &lines[k];
                    let line =
                        after.get(k.wrapping_sub(flags.len())).map_or(parsed.first_line, |(no, _)| *no);
                    let from =
                        if from.starts_with("--") { format!("{from} {text:?}") } else { format!("{text:?}") };
                    refuse(line, format!("{from}: {m}"))
                }
            },
            Ok(Body::Problem { .. }) => refuse(
                parsed.first_line,
                "constraints (--constraint, constraint lines) go with puzzles, not exact-cover problems"
                    .into(),
            ),
            Err(r) => Err(r),
        };
        self.record(parsed)
    }

    fn refusal(&mut self, line: usize, refusal: Refusal) -> Record {
        self.record(Parsed::new(line, Err(refusal)))
    }

    /// Reads the rest of the input as one document (dlx, json), keeping
    /// line numbers: lines before the first are empty.
    fn document(&mut self) -> Result<(usize, String), Refusal> {
        let first = self.reader.next_no();
        let mut text = "\n".repeat(first - 1);
        while let Some((no, t)) = self.reader.next_line() {
            let t = t.map_err(|e| Refusal::new(no, e))?;
            if text.len() + t.len() > MAX_DOCUMENT {
                return Err(Refusal::new(no, ReadError::DocumentTooLarge { max: MAX_DOCUMENT }));
            }
            text.push_str(&t);
            text.push('\n');
        }
        Ok((first, text))
    }

    /// Reads the next JSON document of the input: its lines from the next
    /// non-blank one to the line where its outermost `{...}` or `[...]`
    /// closes (strings and escapes skipped), so that several documents, or
    /// JSON Lines, are records one after another. Text outside brackets
    /// ends at its own line (and is refused there by the JSON parser). The
    /// text is the document's own lines; `Ok` gives its first line.
    fn json_value(&mut self) -> Result<(usize, String), Refusal> {
        let first = self.reader.next_no();
        let mut text = String::new();
        let mut scan = JsonScan::default();
        loop {
            // A `{` at the start of a line inside a document begins the
            // next one (the document before it was cut short): pretty
            // printers indent inner objects.
            let next = matches!(self.reader.peek(0), Some((_, Ok(t))) if t.starts_with('{'));
            if next && !text.is_empty() {
                break;
            }
            let Some((no, t)) = self.reader.next_line() else { break };
            let t = t.map_err(|e| Refusal::new(no, e))?;
            if text.len() + t.len() > MAX_DOCUMENT {
                return Err(Refusal::new(no, ReadError::DocumentTooLarge { max: MAX_DOCUMENT }));
            }
            text.push_str(&t);
            let ends = scan.line(&t);
            if std::mem::take(&mut scan.cut) {
                // Ends inside a string: the parser names this line.
                break;
            }
            text.push('\n');
            if ends {
                break;
            }
        }
        Ok((first, text))
    }

    fn read_document(&mut self, format: Format) -> Record {
        self.state = State::Done;
        let start = self.reader.next_no();
        if format == Format::Json && self.settings.puzzles.flags().is_empty() {
            // One document a record: the next one is read after it.
            self.state = State::Reading(format);
            let parsed = match self.json_value() {
                Ok((first, text)) => shifted(Records::json_document(&text, 1, format), first - 1),
                Err(r) => Parsed::new(start, Err(r)),
            };
            return self.with_constraints(parsed, Vec::new());
        }
        if let Some(flag) = self.settings.puzzles.flags().first() {
            // Drain the input so that the refusal is the input's only record.
            while self.reader.next_line().is_some() {}
            let e = SettingError::FlagNotForProblems { flag, format };
            return self.refusal(start, Refusal::new(start, e));
        }
        let parsed = match self.document() {
            Ok((first, text)) => match format {
                Format::Dlx => dlx::read(&text, first),
                _ => Records::json_document(&text, first, format),
            },
            Err(r) => Parsed::new(start, Err(r)),
        };
        self.with_constraints(parsed, Vec::new())
    }

    /// Reads a JSON document: an f-puzzles object, or the exact-cover
    /// document.
    fn json_document(text: &str, first: usize, format: Format) -> Parsed {
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(v) if format == Format::Fpuzzles || fpuzzles::is_fpuzzles(&v) => fpuzzles_record(&v, first),
            _ if format == Format::Fpuzzles => {
                let e = serde_json::from_str::<serde_json::Value>(text).err().map_or_else(
                    || "f-puzzles: not an object with \"size\" and \"grid\"".to_string(),
                    |e| format!("f-puzzles: invalid JSON: {e}"),
                );
                Parsed::new(first, Err(Refusal::new(first, InputError::Variant { message: e })))
            }
            _ => json::read(text, first),
        }
    }
}

/// Where a JSON document's lines end: the depth of its brackets outside
/// strings, line by line.
#[derive(Default)]
struct JsonScan {
    depth: usize,
    in_string: bool,
    escaped: bool,
    opened: bool,
    /// The last line scanned ended inside a string.
    cut: bool,
}

impl JsonScan {
    /// Scans a line; true when the document ends with it (its outermost
    /// bracket closed, a line of text outside any bracket, or a string
    /// left open).
    fn line(&mut self, t: &str) -> bool {
        for c in t.chars() {
            if self.in_string {
                match (self.escaped, c) {
                    (true, _) => self.escaped = false,
                    (false, '\\') => self.escaped = true,
                    (false, '"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => self.in_string = true,
                '{' | '[' => {
                    self.depth += 1;
                    self.opened = true;
                }
                '}' | ']' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
        // A string never spans lines in JSON: one still open ends the
        // document here (refused by the parser).
        self.cut = std::mem::take(&mut self.in_string);
        self.cut || (self.depth == 0 && (self.opened || !t.trim().is_empty()))
    }
}

/// A record read from text that starts `by` lines into the input: its
/// line numbers moved on by `by`.
fn shifted(mut parsed: Parsed, by: usize) -> Parsed {
    let at = |line: &mut usize| {
        if *line > 0 {
            *line += by;
        }
    };
    at(&mut parsed.first_line);
    parsed.notices.iter_mut().for_each(|n| at(&mut n.line));
    if let Err(r) = &mut parsed.body {
        at(&mut r.line);
        // The parser's own `at line L column C` counts from the document.
        if let InputError::Json { message } = &mut r.error {
            if let Some((head, place)) = message.rsplit_once(" at line ") {
                if let Some((line, column)) = place.split_once(' ') {
                    if let Ok(line) = line.parse::<usize>() {
                        *message = format!("{head} at line {} {column}", line + by);
                    }
                }
            }
        }
    }
    parsed
}

impl Iterator for Records {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let format = match self.state {
            State::Done => return None,
            State::Reading(f) => f,
            State::Undecided => match detect::detect(&mut self.reader, &mut self.readers) {
                detect::Decision::Chosen { format, announce } => {
                    self.notices.extend(announce.map(|text| Notice { line: 0, text }));
                    self.state = State::Reading(format);
                    format
                }
                detect::Decision::Guessed(format) => {
                    self.guessed = Some(format);
                    self.state = State::Reading(format);
                    format
                }
                detect::Decision::Ambiguous(refusal) => {
                    self.state = State::Done;
                    return Some(self.refusal(1, refusal));
                }
            },
        };
        // An f-puzzles input is one JSON object, or links one a line.
        let object = |r: &mut LineReader| {
            let mut k = 0;
            loop {
                match r.peek(k) {
                    Some((_, Ok(t))) if t.trim().is_empty() => k += 1,
                    Some((_, Ok(t))) => return t.trim_start().starts_with('{'),
                    _ => return false,
                }
            }
        };
        if format == Format::Json && self.any {
            // Blank lines between documents; after the last, the end.
            while matches!(self.reader.peek(0), Some((_, Ok(t))) if t.trim().is_empty()) {
                self.reader.consume(1);
            }
            if self.reader.at_end() {
                self.state = State::Done;
                return None;
            }
        }
        if matches!(format, Format::Dlx | Format::Json)
            || (format == Format::Fpuzzles && !self.any && object(&mut self.reader))
        {
            if self.reader.at_end() && !self.any {
                self.state = State::Done;
                let line = self.reader.next_no().saturating_sub(1).max(1);
                let e = ReadError::Empty { path: self.path.to_string() };
                return Some(self.refusal(line, Refusal::new(line, e)));
            }
            return Some(self.read_document(format));
        }
        if let Some(orphans) = self.orphan_constraint_lines() {
            return Some(orphans);
        }
        let mut want = 1;
        loop {
            self.reader.fill(want);
            if format == Format::Grid {
                let (lines, _) = self.reader.window();
                let lead = grid::leading_skipped(lines);
                if lead > 0 {
                    self.reader.consume(lead);
                    want = want.saturating_sub(lead).max(1);
                    self.reader.fill(want);
                }
            }
            let settled = self.reader.is_settled();
            let (lines, eof) = self.reader.window();
            let w = Window { lines, eof, settled };
            // A format detection chose reads as detection did: no
            // degenerate reading (an order 1 to 3 line record, a count
            // line or `0` end marker as a 1x1 puzzle) unless --format asks.
            let auto = self.settings.format.is_none()
                && matches!(format, Format::Line | Format::Table | Format::Grid | Format::Grouped);
            match self.readers.next(format, &w, auto) {
                Step::NeedMore(k) | Step::Refusing(k) => {
                    // A reader asking for more reads its window again from
                    // the start: from a file, the window doubles, so that
                    // a long run of art or titles is not read once a line
                    // (10,000 art lines took 7 s); from a pipe or terminal,
                    // one line more, never waiting for lines not needed.
                    let held = self.reader.held();
                    want = k.max(held + 1);
                    if settled {
                        want = want.max(2 * held);
                    }
                }
                Step::Record(used, parsed) => {
                    let inside = self.constraint_lines_in(used, parsed.first_line);
                    self.reader.consume(used);
                    let after = self.constraint_lines_after();
                    let mut parsed = *parsed;
                    if let Some(no) = inside {
                        let message =
                            "a constraint line inside the puzzle: constraint lines follow their puzzle"
                                .into();
                        parsed.body = Err(Refusal::new(no, InputError::Variant { message }));
                    }
                    return Some(self.with_constraints(parsed, after));
                }
                Step::End(used) => {
                    self.reader.consume(used);
                    self.state = State::Done;
                    if let Some(e) = self.reader.take_io_error() {
                        let line = self.reader.next_no();
                        let r = Refusal::new(line, ReadError::ReadStopped { message: io_message(&e) });
                        return Some(self.refusal(line, r));
                    }
                    if !self.any {
                        // An empty input is refused: there is nothing to answer.
                        let line = self.reader.next_no().saturating_sub(1).max(1);
                        let e = ReadError::Empty { path: self.path.to_string() };
                        return Some(self.refusal(line, Refusal::new(line, e)));
                    }
                    return None;
                }
            }
        }
    }
}

/// Reads every record of a string (tests, fuzzing, other commands).
pub fn read_str(text: &str, path: &str, settings: &ReadSettings) -> Vec<Record> {
    Records::new(LineReader::from_bytes(text.as_bytes().to_vec()), path, settings).collect()
}

#[cfg(test)]
mod tests {
    use super::JsonScan;

    /// The line (from 1) where each document ends.
    fn ends(lines: &[&str]) -> Vec<usize> {
        let mut scan = JsonScan::default();
        let mut out = Vec::new();
        for (i, t) in lines.iter().enumerate() {
            if scan.line(t) {
                out.push(i + 1);
                scan = JsonScan::default();
            }
        }
        out
    }

    #[test]
    fn documents_end_where_their_brackets_close_outside_strings() {
        assert_eq!(ends(&["{\"a\": \"}{]\", \"b\": [1,", "2]}", "{\"c\": \"\\\"}\"}"]), vec![2, 3]);
        // An escaped backslash closes no string early, nor late.
        assert_eq!(ends(&["{\"a\": \"\\\\\"}", "[1]"]), vec![1, 2]);
        // A string left open at a line's end ends the document there.
        assert_eq!(ends(&["{\"a\": \"cut", "[1]"]), vec![1, 2]);
        // Text outside brackets is a line of its own; blank lines go on.
        assert_eq!(ends(&["not json", "", "{", "}"]), vec![1, 4]);
    }
}
