//! Why a record was refused, and where: a [`Refusal`] is the line (and
//! column, where it helps) and an [`InputError`], which says what is wrong
//! and carries the offending text, so that a person can fix the input. The
//! errors come in families, one enum and one `Display` each: reading the
//! input ([`ReadError`]), cells ([`CellError`]), each puzzle format's
//! structure ([`RowsError`] for grids, [`LineRecordError`],
//! [`GroupedError`]), flags that do not fit a record ([`SettingError`]); the
//! few others (exact-cover documents, detection) sit in [`InputError`]
//! itself; a usage error (a flag that cannot work, [`UsageError`]) too.
//! The input formats ([`Format`]) are here too, as refusals name
//! them, so that this file needs nothing of the records it refuses:
//! [`crate::record`] builds on it and re-exports [`Format`], [`InputError`]
//! and [`Refusal`]. Nothing here reads or writes.

use std::fmt;

use reduce::{GridError, MAX_ORDER};

/// The formats an input can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// N rows of N cells (spaced, compact or integers), or N² cells in any
    /// whitespace; puzzles one after another.
    Grid,
    /// One puzzle a line: N² cells, an optional region map, a note.
    Line,
    /// N lines of region labels, a count n, then n givens `rcL`.
    Grouped,
    /// Knuth's exact-cover text format.
    Dlx,
    /// The JSON exact-cover document of `docs/schema.json`.
    Json,
    /// f-puzzles: a JSON object, or links (f-puzzles, SudokuPad) one a line.
    Fpuzzles,
    /// A CSV or TSV table: a header naming the puzzle column, or rows of
    /// which exactly one field is a whole puzzle.
    Table,
}

impl Format {
    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            Format::Grid => "grid",
            Format::Line => "line",
            Format::Grouped => "grouped",
            Format::Dlx => "dlx",
            Format::Json => "json",
            Format::Fpuzzles => "fpuzzles",
            Format::Table => "table",
        }
    }

    /// Whether records of this format are puzzles (so that `--box`,
    /// `--regions` and `--symbols` apply).
    pub fn is_puzzle(self) -> bool {
        matches!(self, Format::Grid | Format::Line | Format::Grouped | Format::Table)
    }
}

/// Why a record was refused, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The line, from 1 (0: the input as a whole).
    pub line: usize,
    /// The column, from 1, where it helps.
    pub column: Option<usize>,
    /// What is wrong.
    pub error: InputError,
    /// Set when no reading of the input parsed and detection guessed this
    /// format: the message then suggests `--format`.
    pub guessed: Option<Format>,
}

impl Refusal {
    /// A refusal at a line.
    pub fn new(line: usize, error: impl Into<InputError>) -> Refusal {
        Refusal { line, column: None, error: error.into(), guessed: None }
    }

    /// A refusal at a line and column.
    pub fn at(line: usize, column: usize, error: impl Into<InputError>) -> Refusal {
        Refusal { line, column: Some(column), error: error.into(), guessed: None }
    }

    /// The message as stderr gives it after the path:
    /// `LINE[:COLUMN]: what is wrong`.
    pub fn located(&self) -> String {
        let mut s = String::new();
        if self.line > 0 {
            s += &format!("{}:", self.line);
        }
        if let Some(c) = self.column {
            s += &format!("{c}:");
        }
        format!("{s} {}", self.message())
    }

    /// What is wrong, with the `--format` hint when detection guessed.
    pub fn message(&self) -> String {
        // No format reads text in an encoding not decoded: no hint.
        let encoding = matches!(self.error, InputError::Read(ReadError::Utf16WithoutBom));
        match self.guessed {
            Some(f) if !encoding => format!(
                "{} (no reading of the input parses; read as {}: --format picks another)",
                self.error,
                f.name()
            ),
            _ => self.error.to_string(),
        }
    }
}

/// What is wrong with a record, by family; each error carries the
/// offending text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The input, or a line of it, cannot be read.
    Read(ReadError),
    /// A cell is not a symbol of the puzzle.
    Cell(CellError),
    /// A grid-format puzzle's rows do not make a puzzle.
    Rows(RowsError),
    /// A line record does not hold a puzzle.
    LineRecord(LineRecordError),
    /// A grouped puzzle does not hold together.
    Grouped(GroupedError),
    /// A flag does not fit the record.
    Setting(SettingError),
    /// The puzzle's shape or alphabet is not valid (a record's own region
    /// map, for example).
    Grid(GridError),
    /// Knuth's text format says no.
    Knuth(dlx::text::TextErrorKind),
    /// The JSON is not JSON.
    Json {
        /// serde_json's message.
        message: String,
    },
    /// The JSON document is not the exact-cover format or version, or does
    /// not hold together.
    JsonDocument {
        /// What is wrong.
        message: String,
    },
    /// A variant puzzle (f-puzzles, SudokuPad, a constraint line) that
    /// does not hold: a key or constraint not understood, a cell outside
    /// the grid, a link that does not decode. The message names it.
    Variant {
        /// What is wrong, naming the key or constraint.
        message: String,
    },
    /// A table's row or header that does not hold a puzzle where the
    /// header (or the first row) said. The message names the column.
    Table {
        /// What is wrong.
        message: String,
    },
    /// An exact-cover problem given to a command that takes only puzzles
    /// (`explain`, `hint`, `rate`).
    NotAPuzzle,
    /// Detection found two readings that both parse and that its order
    /// does not settle.
    Ambiguous {
        /// The first reading, described.
        first: String,
        /// Its format.
        first_format: Format,
        /// The second reading, described.
        second: String,
        /// Its format.
        second_format: Format,
    },
}

impl InputError {
    /// Whether this error comes from a flag rather than from the record
    /// (so that every record of an input would repeat it: said once).
    pub fn is_setting(&self) -> bool {
        matches!(self, InputError::Setting(_))
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use InputError as E;
        match self {
            E::Read(e) => e.fmt(f),
            E::Cell(e) => e.fmt(f),
            E::Rows(e) => e.fmt(f),
            E::LineRecord(e) => e.fmt(f),
            E::Grouped(e) => e.fmt(f),
            E::Setting(e) => e.fmt(f),
            E::Grid(e) => write!(f, "{e}"),
            E::Knuth(kind) => {
                // The text error's own wording, without its position.
                let e = dlx::text::TextError { line: 0, column: 0, kind: kind.clone() };
                write!(f, "{e}")
            }
            E::Json { message } => write!(f, "invalid JSON: {message}"),
            E::JsonDocument { message } => write!(f, "{message}"),
            E::Variant { message } => write!(f, "{message}"),
            E::Table { message } => write!(f, "{message}"),
            E::NotAPuzzle => write!(
                f,
                "an exact-cover problem, not a puzzle: explain, hint and rate take Sudoku-family puzzles"
            ),
            E::Ambiguous { first, first_format, second, second_format } => write!(
                f,
                "the input reads two ways: as {first} (--format {}) or as {second} (--format {}); say which with --format",
                first_format.name(),
                second_format.name()
            ),
        }
    }
}

impl std::error::Error for InputError {}

/// Each family is an [`InputError`].
macro_rules! family {
    ($($family:ident => $variant:ident),* $(,)?) => {$(
        impl From<$family> for InputError {
            fn from(e: $family) -> InputError {
                InputError::$variant(e)
            }
        }
    )*};
}

family! {
    ReadError => Read,
    CellError => Cell,
    RowsError => Rows,
    LineRecordError => LineRecord,
    GroupedError => Grouped,
    SettingError => Setting,
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The input, or a line of it, cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The input cannot be opened or read (the system's message).
    Io {
        /// What the system said.
        message: String,
    },
    /// Reading stopped part way (the system's message).
    ReadStopped {
        /// What the system said.
        message: String,
    },
    /// A line is longer than the reader holds.
    LineTooLong {
        /// The limit, in bytes.
        max: usize,
    },
    /// A line is not UTF-8.
    InvalidUtf8,
    /// The text looks like UTF-16 without a byte-order mark.
    Utf16WithoutBom,
    /// The input holds no record.
    Empty {
        /// The input's name.
        path: String,
    },
    /// A whole document (dlx, json) is larger than the reader holds.
    DocumentTooLarge {
        /// The limit, in bytes.
        max: usize,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ReadError as E;
        match self {
            E::Io { message } => write!(f, "{message}"),
            E::ReadStopped { message } => write!(f, "reading stopped: {message}"),
            E::LineTooLong { max } => write!(f, "line longer than {max} bytes"),
            E::InvalidUtf8 => write!(f, "invalid UTF-8"),
            E::Utf16WithoutBom => write!(
                f,
                "the text looks like UTF-16 without a byte-order mark (a NUL every other byte): \
                 save it as UTF-8, or as UTF-16 with a byte-order mark"
            ),
            E::Empty { path } => write!(f, "no puzzle in {path}"),
            E::DocumentTooLarge { max } => write!(f, "the input is larger than {max} bytes"),
        }
    }
}

/// A cell is not a symbol of the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellError {
    /// A cell is not a symbol of the puzzle.
    NotASymbol {
        /// The cell as written.
        text: String,
        /// The puzzle's order.
        order: usize,
        /// The symbols, as a string.
        symbols: String,
        /// The blank markers, as a string.
        blanks: String,
    },
    /// An integer cell is out of range.
    IntegerOutOfRange {
        /// The cell as written.
        text: String,
        /// The puzzle's order.
        order: usize,
    },
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CellError::NotASymbol { text, order, symbols, blanks } => {
                let shown = match text.chars().count() {
                    1 => format!("{:?}", text.chars().next().expect("one char")),
                    _ => format!("{text:?}"),
                };
                write!(f, "{shown} is not a symbol of this {order}x{order} puzzle (symbols {symbols}, blanks {blanks})")
            }
            CellError::IntegerOutOfRange { text, order } => {
                write!(
                    f,
                    "{text} is not a symbol of this {order}x{order} puzzle (integers 1 to {order}, 0 blank)"
                )
            }
        }
    }
}

/// A grid-format puzzle's rows do not make a puzzle: rows of another
/// length, lines out of line with the whole puzzles around them in a run
/// of rows, too few rows, cells in any whitespace that are no N².
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowsError {
    /// A pencil-mark grid that stops (a line of another kind, or the end)
    /// before its ninth row.
    PencilRows {
        /// Rows read.
        rows: usize,
    },
    /// A grid row has the wrong number of cells.
    RowLength {
        /// Cells in this row.
        cells: usize,
        /// Cells in the first row.
        first: usize,
        /// The first row's line.
        first_line: usize,
    },
    /// Lines before a run of whole grid puzzles (no blank lines between
    /// them) that are no rows of those puzzles: a header or a stray line.
    /// They are refused alone and the puzzles after them are read.
    StrayLines {
        /// How many lines.
        lines: usize,
        /// The order of the puzzles that follow.
        order: usize,
        /// The line the puzzles start on.
        next_line: usize,
    },
    /// A grid puzzle's first row has a wrong number of cells: the rows
    /// after it are whole puzzles but for one row, so it is their first.
    FirstRowLength {
        /// Cells in the first row.
        cells: usize,
        /// Cells in each of the rows after it.
        order: usize,
    },
    /// A title line (`Grid 07`) with no puzzle after it; if it starts
    /// with a constraint's word, what that constraint lacks.
    TitleAlone {
        /// Why the line is no constraint, when its word is one's.
        constraint: Option<String>,
    },
    /// A grid of order 1 to 3 met by detection (they read only with
    /// `--format grid`, `--box` or `--regions`).
    SmallGrid {
        /// The grid's order.
        order: usize,
    },
    /// A grid puzzle one row short, in a run of rows (no blank line between
    /// puzzles) that is one row short of whole puzzles; only here does the
    /// missing row leave every other puzzle of the run without a clash.
    ShortPuzzle {
        /// The order of the run's puzzles.
        order: usize,
        /// The run's first line.
        run_line: usize,
        /// The run's rows.
        run_rows: usize,
    },
    /// A grid puzzle with a row too many inside it, in a run of rows (no
    /// blank line between puzzles) that is no whole number of puzzles;
    /// only here does the extra row leave every other puzzle of the run
    /// without a clash.
    LongPuzzle {
        /// The order of the run's puzzles.
        order: usize,
        /// The run's first line.
        run_line: usize,
        /// The run's rows.
        run_rows: usize,
    },
    /// Lines at the start of a stretch of a long run of rows (past the
    /// count's cap) that is no whole number of puzzles: a row too many or
    /// missing lies at or before them, and the puzzles read since the run's
    /// first line may be one row off.
    ShiftedRun {
        /// How many lines are skipped.
        lines: usize,
        /// The order of the run's puzzles.
        order: usize,
        /// The run's first line.
        read_from: usize,
    },
    /// Lines of a run of rows (no blank line between puzzles) that is no
    /// whole number of puzzles, where the readings that leave the fewest
    /// stray lines and clashes differ: which line is extra or missing
    /// cannot be told, and the lines are not read.
    UnclearRows {
        /// The first of them.
        first_line: usize,
        /// The last of them.
        last_line: usize,
        /// The order of the run's puzzles.
        order: usize,
        /// The run's first line.
        run_line: usize,
        /// The run's rows.
        run_rows: usize,
    },
    /// The input ends (or a blank line comes) before the grid's last row.
    TooFewRows {
        /// Rows read.
        rows: usize,
        /// Rows needed.
        order: usize,
        /// Whether a blank line (not the end of the input) cut it short.
        blank_line: bool,
        /// The first line of the run of rows it ends, when puzzles before
        /// it in the run were read as the rows came (a pipe, or past the
        /// count's cap), and how many rows the run has.
        run: Option<(usize, usize)>,
    },
    /// Cells on one line (or in a block) that are not N² for any N.
    NotSquare {
        /// The cells counted.
        cells: usize,
        /// Whether they were all on one line.
        one_line: bool,
    },
    /// A compact row wider than the largest grid.
    WideRow {
        /// The cells counted.
        cells: usize,
    },
}

impl fmt::Display for RowsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RowsError as E;
        match self {
            E::PencilRows { rows } => write!(
                f,
                "a pencil-mark grid (nine groups of increasing digits 1-9 a row) stops after {rows} of its 9 rows"
            ),
            E::RowLength { cells, first, first_line } => write!(
                f,
                "row has {cells} cells; the puzzle's first row (line {first_line}) has {first}"
            ),
            E::StrayLines { lines: 1, order, next_line } => write!(
                f,
                "not a row of the {order}x{order} puzzles that follow it (from line {next_line}): skipped"
            ),
            E::StrayLines { lines, order, next_line } => write!(
                f,
                "{lines} lines that are no rows of the {order}x{order} puzzles that follow them (from line {next_line}): skipped"
            ),
            E::FirstRowLength { cells, order: 2 } => {
                write!(f, "the puzzle's first row has {}, the row after it 2", plural(*cells, "cell"))
            }
            E::FirstRowLength { cells, order } => write!(
                f,
                "the puzzle's first row has {}, the {} rows after it {order} each",
                plural(*cells, "cell"),
                order - 1
            ),
            E::TitleAlone { constraint: None } => write!(f, "a title line with no puzzle after it"),
            E::TitleAlone { constraint: Some(why) } => {
                write!(f, "a title line with no puzzle after it (as a constraint: {why})")
            }
            E::SmallGrid { order } => write!(
                f,
                "a {order}x{order} grid: grids of 3x3 and smaller are read only with --format grid (or --box)"
            ),
            E::ShortPuzzle { order, run_line, run_rows } => write!(
                f,
                "a {order}x{order} puzzle with {} rows: the {run_rows} rows from line {run_line} are no whole number of puzzles, and a row missing here is the one reading that leaves the others whole: skipped",
                order - 1
            ),
            E::LongPuzzle { order, run_line, run_rows } => write!(
                f,
                "a {order}x{order} puzzle with {} rows, one too many inside it: the {run_rows} rows from line {run_line} are no whole number of puzzles, and a row too many here is the one reading that leaves the others whole: skipped",
                order + 1
            ),
            E::ShiftedRun { lines, order, read_from } => write!(
                f,
                "{} skipped: the rows of {order}x{order} puzzles from line {read_from} were read as they came (past the first 4,096 of the run), and from here on they are no whole number of puzzles: a row too many or missing lies at or before this line, and the puzzles read since line {read_from} may be one row off",
                plural(*lines, "line")
            ),
            E::UnclearRows { first_line, last_line, order, run_line, run_rows } => write!(
                f,
                "lines {first_line} to {last_line} not read: the {run_rows} rows from line {run_line} are no whole number of {order}x{order} puzzles, and which row among these is extra or missing cannot be told (a blank line after each puzzle settles it)"
            ),
            E::TooFewRows { rows, order, blank_line, run } => {
                if *blank_line {
                    write!(f, "the puzzle has {}; its first row has {order} cells (a blank line ends it)", plural(*rows, "row"))?;
                } else {
                    write!(f, "the input ends after {rows} of the puzzle's {order} rows")?;
                }
                match run {
                    Some((line, rows)) => write!(
                        f,
                        "; the {rows} rows from line {line} were read as they came: if a line among them is stray or a row is missing, the puzzles after it were read one row off (from a file the count settles it; blank lines between puzzles rule it out)"
                    ),
                    None => Ok(()),
                }
            }
            E::NotSquare { cells, one_line: true } => write!(
                f,
                "{cells} cells on one line: a puzzle needs N*N (81 for 9x9), N from 1 to {MAX_ORDER}"
            ),
            E::NotSquare { cells, one_line: false } => write!(
                f,
                "{cells} cells before a blank line or the end: a puzzle needs N rows of N cells, or N*N cells in all"
            ),
            E::WideRow { cells } => write!(
                f,
                "row has {cells} cells: a grid has at most {MAX_ORDER} columns (a whole puzzle on one line is the line format)"
            ),
        }
    }
}

/// A line record does not hold a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineRecordError {
    /// A colon-separated line (HoDoKu's library) with two fields that each
    /// read as a whole puzzle.
    TwoPuzzleFields {
        /// The two fields, from 1.
        fields: (usize, usize),
    },
    /// A line record whose cells are not N².
    LineLength {
        /// The cells counted.
        cells: usize,
    },
    /// A line record of order 1 to 3 met by detection (they read only with
    /// `--format line`).
    SmallLine {
        /// The cells counted.
        cells: usize,
    },
    /// A line record's region map has the wrong number of labels.
    MapLength {
        /// The labels given.
        labels: usize,
        /// The cells.
        cells: usize,
        /// The map as written.
        text: String,
    },
    /// A second field of N² characters that is neither a region map (N
    /// connected regions of N cells) nor a solution of the puzzle.
    NeitherMapNorSolution {
        /// Why it is no map.
        map: String,
        /// Why it is no solution.
        solution: String,
    },
    /// Groups on one line that make no puzzle as a whole, whose first half
    /// is a puzzle but whose second half is not its solution.
    GroupsNotPuzzleAndSolution {
        /// The groups on the line.
        groups: usize,
        /// The characters of each.
        width: usize,
        /// Why the second half is no solution.
        solution: String,
    },
}

impl fmt::Display for LineRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LineRecordError as E;
        match self {
            E::TwoPuzzleFields { fields: (a, b) } => write!(
                f,
                "colon-separated fields {a} and {b} each read as a whole puzzle: which one is the puzzle \
                 cannot be told (keep one)"
            ),
            E::LineLength { cells } => write!(
                f,
                "{cells} cells: a puzzle line needs N*N cells (81 for 9x9), N from 1 to {MAX_ORDER}"
            ),
            E::SmallLine { cells } => {
                write!(f, "{cells} cells: line records of 3x3 and smaller are read only with --format line")
            }
            E::MapLength { labels, cells, text } => write!(
                f,
                "{labels} region labels for {cells} cells: the map needs one label per cell (map {text:?})"
            ),
            E::NeitherMapNorSolution { map, solution } => write!(
                f,
                "the second field is neither a region map ({map}) nor a solution of the puzzle ({solution})"
            ),
            E::GroupsNotPuzzleAndSolution { groups, width, solution } => write!(
                f,
                "{groups} groups of {width} on one line: {} cells are no puzzle (N*N cells, N from 1 to \
                 {MAX_ORDER}), and the second half is not a solution of the first ({solution})",
                groups * width
            ),
        }
    }
}

/// A grouped puzzle does not hold together: its region lines, its count
/// of givens, or a given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupedError {
    /// A grouped puzzle's first line is not a row of region labels.
    GroupedStart {
        /// The line's characters.
        chars: usize,
    },
    /// The input ends inside a grouped puzzle's region lines.
    RegionLinesEnd {
        /// Region lines read.
        got: usize,
        /// Region lines needed.
        order: usize,
    },
    /// A region line of the wrong length.
    RegionLine {
        /// The line as written.
        text: String,
        /// Its characters.
        chars: usize,
        /// The order (the first line's length).
        order: usize,
        /// The first region line.
        first_line: usize,
    },
    /// The input ends before a grouped puzzle's count of givens.
    CountMissing,
    /// A grouped puzzle's count is not a number.
    CountNotNumber {
        /// The line as written.
        text: String,
    },
    /// A grouped puzzle's count is out of range.
    CountRange {
        /// The count.
        count: i64,
        /// The largest count (N²).
        max: usize,
    },
    /// The input ends before the counted givens.
    GivensEnd {
        /// The count.
        count: usize,
        /// Givens read.
        got: usize,
    },
    /// More given lines follow than the count says.
    MoreGivens {
        /// The count.
        count: usize,
    },
    /// A grouped given that is not `rcL` or `r c L`.
    NotAGiven {
        /// The line as written.
        text: String,
    },
    /// A given outside the grid.
    CellOutside {
        /// The row (from 0).
        row: usize,
        /// The column (from 0).
        column: usize,
        /// The order.
        order: usize,
    },
    /// A given symbol that is not one of the puzzle's.
    GivenNotSymbol {
        /// The symbol.
        symbol: char,
        /// The symbols, as a string.
        symbols: String,
    },
    /// A cell given twice.
    GivenTwice {
        /// The row (from 0).
        row: usize,
        /// The column (from 0).
        column: usize,
        /// The line of the first.
        first_line: usize,
    },
}

impl fmt::Display for GroupedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use GroupedError as E;
        match self {
            E::GroupedStart { chars } => write!(
                f,
                "a grouped puzzle starts with N lines of N region labels; this line has {chars} characters"
            ),
            E::RegionLinesEnd { got, order } => {
                write!(f, "the input ends after {got} of {order} region lines")
            }
            E::RegionLine { text, chars, order, first_line } => write!(
                f,
                "region line has {chars} characters; the first (line {first_line}) has {order} ({text:?})"
            ),
            E::CountMissing => write!(f, "the input ends before the count of givens"),
            E::CountNotNumber { text } => write!(f, "{text:?} is not a count of givens (a whole number)"),
            E::CountRange { count, max } => write!(f, "count {count} is out of range (0 to {max})"),
            E::GivensEnd { count, got } => {
                write!(f, "the count says {count} givens, but the input ends after {got}")
            }
            E::MoreGivens { count } => write!(f, "the count says {count} givens, but more follow"),
            E::NotAGiven { text } => write!(
                f,
                "{text:?} is not a given: expected rcL (row, column from 0, then the symbol) or r c L"
            ),
            E::CellOutside { row, column, order } => {
                write!(f, "cell ({row}, {column}) is outside the {order}x{order} grid (0 to {})", order - 1)
            }
            E::GivenNotSymbol { symbol, symbols } => {
                write!(f, "{symbol:?} is not a symbol of this puzzle ({symbols})")
            }
            E::GivenTwice { row, column, first_line } => {
                write!(f, "cell ({row}, {column}) is given twice (first on line {first_line})")
            }
        }
    }
}

/// A flag does not fit the record (so that every record of the input
/// would repeat it: said once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// `--box` does not fit this record.
    BoxSetting {
        /// The flag's value.
        value: String,
        /// Why.
        error: GridError,
    },
    /// The `--regions` map does not fit this record.
    RegionsSetting {
        /// The map's labels.
        labels: usize,
        /// The record's order.
        order: usize,
    },
    /// `--symbols` does not fit this record.
    SymbolsSetting {
        /// The symbols given.
        symbols: usize,
        /// The record's order.
        order: usize,
    },
    /// A flag that applies to puzzles only, on an exact-cover input.
    FlagNotForProblems {
        /// The flag (`--box`, `--regions`, `--symbols`).
        flag: &'static str,
        /// The input's format.
        format: Format,
    },
    /// `--box` or `--regions` on a record that carries its own region map
    /// (a jigsaw line, a grouped puzzle): refused, never dropped.
    OwnMap {
        /// The flag as given (`--box 3x3`, `--regions FILE`).
        flag: String,
    },
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SettingError as E;
        match self {
            E::BoxSetting { value, error } => write!(f, "--box {value}: {error}"),
            E::RegionsSetting { labels, order } => write!(
                f,
                "the --regions map has {labels} labels; this {order}x{order} puzzle needs {}",
                order * order
            ),
            E::SymbolsSetting { symbols, order } => {
                write!(f, "--symbols has {symbols} symbols; this {order}x{order} puzzle needs {order}")
            }
            E::FlagNotForProblems { flag, format } => write!(
                f,
                "{flag} applies to puzzles; this input is an exact-cover problem ({} format)",
                format.name()
            ),
            E::OwnMap { flag } => write!(
                f,
                "{flag} does not apply: this puzzle carries its own region map (drop the flag to read it)"
            ),
        }
    }
}

/// A usage error: the message, said as `dance: MESSAGE`, exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_as_line_column_message() {
        let r = Refusal::at(3, 5, ReadError::InvalidUtf8);
        assert_eq!(r.located(), "3:5: invalid UTF-8");
        let r = Refusal::new(0, ReadError::Io { message: "No such file or directory".into() });
        assert_eq!(r.located(), " No such file or directory");
    }
}
