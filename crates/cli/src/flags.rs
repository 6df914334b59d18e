//! The flags several commands share, as clap argument groups (as cargo's
//! `command_prelude`): where the input comes from and how to read it
//! ([`InputArgs`]), how a run reports ([`RunArgs`]), what a record's
//! search may spend ([`BudgetArgs`]), layouts and colour; and the parsers
//! of their values, which turn a value that cannot work (`--limit 0`, a
//! `--regions` file that does not read) into a usage error before any
//! work starts.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum};
use reduce::Alphabet;

use crate::answer::RecordBudget;
use crate::error::UsageError;
use crate::input::{self, InputPath, PuzzleSettings, ReadSettings, RegionsSetting};
use crate::output::OutputFormat;
use crate::record::{Format, Layout};
use crate::run::InputSet;

/// `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// By extension (.dlx, .json, .sdm), then by parsing the first lines.
    Auto,
    /// N rows of N cells (spaced, compact or integers), or N² cells in any
    /// whitespace; puzzles one after another.
    Grid,
    /// One puzzle a line: N² cells, optionally N² region labels, then a note.
    Line,
    /// N lines of region labels, a count n, then n lines `rcL`.
    Grouped,
    /// Knuth's exact-cover text format.
    Dlx,
    /// What `dance export --to json` writes.
    Json,
    /// f-puzzles: its JSON object, or f-puzzles and SudokuPad links one a
    /// line (docs/formats.md).
    Fpuzzles,
    /// CSV or TSV: a header naming the puzzle column (`puzzle`, `quizzes`,
    /// `grid`, `question`, or --column), or rows of `id,cells,...`.
    Table,
}

impl FormatArg {
    /// The format, or `None` for auto.
    pub fn format(self) -> Option<Format> {
        match self {
            FormatArg::Auto => None,
            FormatArg::Grid => Some(Format::Grid),
            FormatArg::Line => Some(Format::Line),
            FormatArg::Grouped => Some(Format::Grouped),
            FormatArg::Dlx => Some(Format::Dlx),
            FormatArg::Json => Some(Format::Json),
            FormatArg::Fpuzzles => Some(Format::Fpuzzles),
            FormatArg::Table => Some(Format::Table),
        }
    }
}

/// `--layout`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LayoutArg {
    /// Like the input.
    Auto,
    /// One line of N² symbols.
    Line,
    /// N rows of N symbols.
    Compact,
    /// N rows of spaced symbols, then a blank line.
    Spaced,
    /// N rows of spaced integers 1..N, then a blank line.
    Integers,
    /// Unicode box-drawing art: heavy lines on region borders, givens told
    /// apart (bold with colour, [in brackets] without).
    Art,
}

impl LayoutArg {
    /// The layout, or `None` for auto; art in colour when `color`.
    pub fn layout(self, color: bool) -> Option<Layout> {
        match self {
            LayoutArg::Art => Some(Layout::Art { color }),
            LayoutArg::Auto => None,
            LayoutArg::Line => Some(Layout::Line),
            LayoutArg::Compact => Some(Layout::Compact),
            LayoutArg::Spaced => Some(Layout::Spaced),
            LayoutArg::Integers => Some(Layout::Integers),
        }
    }
}

/// Where the input comes from and how to read it.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Input files; `-` or nothing reads standard input.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// The input format.
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    pub format: FormatArg,
    /// The region shape for grid and line puzzles: RxC boxes (R rows, C
    /// columns), or `none` for Latin squares. Default: the squarest boxes
    /// for N, wider than tall (none when N is prime).
    #[arg(long = "box", value_name = "RxC|none", conflicts_with = "regions")]
    pub boxes: Option<String>,
    /// A region map (jigsaw) for grid and line puzzles: N lines of N labels.
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
    /// The alphabet, one character per symbol (default: 1-9 then A-Z; A-F..
    /// for grouped puzzles). `0` may be a symbol: `.` `?` `_` stay blanks.
    #[arg(long, value_name = "STR")]
    pub symbols: Option<String>,
    /// A variant constraint every puzzle takes, in the plain-text form
    /// (`antiknight`, 'killer 15 r1c1 r1c2 r2c1'); repeat for more
    /// (docs/formats.md, docs/variants.md).
    #[arg(long = "constraint", value_name = "TEXT")]
    pub constraints: Vec<String>,
    /// For a CSV or TSV table with a header: the column that holds the
    /// puzzles (default: `puzzle`, `quizzes`, `grid` or `question`).
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,
}

/// How `solve` and `count` run and report.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub output: OutputFormat,
    /// Print DLX1's statistics for each record on stderr. The search is
    /// then DLX1's own (plain dancing links), far slower than the default
    /// on big grids: a made 30x30 it does not finish within a minute
    /// (bound it with --max-nodes or --timeout).
    #[arg(long)]
    pub stats: bool,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub quiet: bool,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// Worker threads for batches (default: all cores). Output keeps the
    /// input order. Given explicitly (N > 1), `solve --all` also lists on N
    /// threads, in no set order (grids above 12x12: one thread, on the bit
    /// search).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
}

/// How much the search of each record may spend (`solve` and `count`).
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// Give up on a record after N nodes of search: its answer is then
    /// unknown (exit status 3), never 无解. Nodes are the engine's (DLX1's
    /// with --stats).
    #[arg(long, value_name = "N", value_parser = parse_max_nodes)]
    pub max_nodes: Option<u64>,
    /// Give up on a record after this long (500ms, 10s, 2m, 1h; the clock
    /// starts with the record's search): unknown, as for --max-nodes.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout: Option<Duration>,
}

/// Parses `--max-nodes`: a whole number from 1.
pub fn parse_max_nodes(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("a budget of 0 nodes searches nothing; give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

/// Parses `--probes`: a whole number from 1.
pub fn parse_probes(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("0 probes estimate nothing; give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

/// Parses `--timeout`: a number (decimals allowed) and a unit, `ms`, `s`,
/// `m` or `h`, above zero: `500ms`, `10s`, `1.5s`, `2m`.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let bad = || format!("{s:?}: expected a number and a unit (ms, s, m, h), for example 500ms, 10s or 2m");
    let t = s.trim();
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).ok_or_else(bad)?;
    let (number, unit) = t.split_at(split);
    let seconds = match unit {
        "ms" => 1e-3,
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return Err(bad()),
    };
    if number.is_empty() || number.starts_with('.') || number.ends_with('.') {
        return Err(bad());
    }
    let x: f64 = number.parse().map_err(|_| bad())?;
    let d = Duration::try_from_secs_f64(x * seconds).map_err(|_| bad())?;
    if d.is_zero() {
        return Err("a timeout of 0 searches nothing; give more".into());
    }
    Ok(d)
}

impl BudgetArgs {
    /// The budget of each record's search.
    pub fn budget(&self) -> RecordBudget {
        RecordBudget { max_nodes: self.max_nodes, timeout: self.timeout }
    }
}

/// Parses `--limit`: a whole number from 1 (a limit of 0 would print
/// nothing and look like an answer).
pub fn parse_limit(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("a limit of 0 answers nothing; give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

/// Parses `--memory`: bytes, or a number with a unit `K`, `M`, `G` or `T`
/// (binary: `4G` is 4 GiB; an optional trailing `B` or `iB`).
pub fn parse_memory(s: &str) -> Result<u64, String> {
    let bad = || format!("{s:?}: expected a size such as 512M, 4G or 1000000 (bytes)");
    let t = s.trim();
    let t = t.strip_suffix("iB").or_else(|| t.strip_suffix('B')).unwrap_or(t);
    let (digits, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(bad()),
            };
            (&t[..i], shift)
        }
        _ => (t, 0),
    };
    let n: u64 = digits.trim().parse().map_err(|_| bad())?;
    n.checked_mul(1 << shift).ok_or_else(bad)
}

/// The memo engine's default memory cap: half the memory the machine has
/// available now (`MemAvailable` in `/proc/meminfo`), at least 64 MiB;
/// `None` (the engine's own default, 1 GiB) where that cannot be read.
pub fn default_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((kib.saturating_mul(1024) / 2).max(64 << 20))
}

/// Parses `K/M` (1 <= K <= M) into a zero-based shard.
pub fn parse_shard(s: &str) -> Result<dlx::parallel::Shard, String> {
    let bad = || format!("{s:?}: expected K/M with 1 <= K <= M, for example 3/8");
    let (k, m) = s.split_once('/').ok_or_else(bad)?;
    let (k, m): (usize, usize) = (k.trim().parse().map_err(|_| bad())?, m.trim().parse().map_err(|_| bad())?);
    if k == 0 || k > m || m > 1 << 20 {
        return Err(bad());
    }
    Ok(dlx::parallel::Shard { index: k - 1, count: m })
}

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Never write colour codes.
    Never,
    /// Colour when standard output is a terminal and NO_COLOR is not set
    /// (to a non-empty value).
    Auto,
    /// Always write colour codes, even into a pipe or a file.
    Always,
}

impl ColorArg {
    /// Whether to colour, given whether standard output is a terminal and
    /// the value of `NO_COLOR`.
    pub fn resolve(self, terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
        match self {
            ColorArg::Never => false,
            ColorArg::Always => true,
            ColorArg::Auto => terminal && no_color.is_none_or(|v| v.is_empty()),
        }
    }
}

impl InputArgs {
    /// The inputs and how to read them, or a usage error (a `--box`,
    /// `--regions` or `--symbols` that cannot work, standard input named
    /// twice).
    pub fn input_set(&self) -> Result<InputSet, UsageError> {
        Ok(InputSet { paths: self.paths()?, read: self.read_settings()? })
    }

    /// How to read the inputs.
    pub fn read_settings(&self) -> Result<ReadSettings, UsageError> {
        let a = self;
        let regions = match (&a.boxes, &a.regions) {
            (Some(b), _) => Some(input::parse_box(b).map_err(UsageError)?),
            (None, Some(path)) => Some(RegionsSetting::Map(region_file(path)?)),
            (None, None) => None,
        };
        let symbols = match &a.symbols {
            Some(s) => Some(Alphabet::custom(s).map_err(|e| UsageError(format!("--symbols {s:?}: {e}")))?),
            None => None,
        };
        if let Some(c) = a.constraints.iter().find(|c| !input::is_constraint_text(c)) {
            return Err(UsageError(format!("--constraint {c:?}: {}", input::why_not_constraint(c))));
        }
        Ok(ReadSettings {
            format: a.format.format(),
            puzzles: std::sync::Arc::new(PuzzleSettings { regions, symbols }),
            constraints: std::sync::Arc::new(a.constraints.clone()),
            column: a.column.clone(),
        })
    }

    /// The inputs, in order (standard input when none is named).
    pub fn paths(&self) -> Result<Vec<InputPath>, UsageError> {
        let a = self;
        let inputs: Vec<InputPath> = if a.inputs.is_empty() {
            vec![InputPath::Stdin]
        } else {
            a.inputs.iter().cloned().map(InputPath::from_arg).collect()
        };
        if inputs.iter().filter(|i| **i == InputPath::Stdin).count() > 1 {
            return Err(UsageError("standard input (-) is named more than once".into()));
        }
        Ok(inputs)
    }
}

/// The region map of a `--regions` file (N lines of N labels), or a usage
/// error naming the file (and the line).
pub fn region_file(path: &Path) -> Result<Vec<char>, UsageError> {
    let shown = path.display();
    let text = std::fs::read(path)
        .map_err(|e| UsageError(format!("--regions {shown}: {}", input::io_message(&e))))?;
    let text =
        String::from_utf8(text).map_err(|_| UsageError(format!("--regions {shown}: invalid UTF-8")))?;
    input::parse_region_file(&text).map_err(|(line, m)| UsageError(format!("--regions {shown}:{line}: {m}")))
}

/// `--jobs`, or every core.
pub fn threads(jobs: Option<u32>) -> usize {
    match jobs {
        Some(j) => j as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_write_them() {
        for (s, ms) in [("500ms", 500), ("10s", 10_000), ("1.5s", 1_500), ("2m", 120_000), ("1h", 3_600_000)]
        {
            assert_eq!(parse_duration(s), Ok(Duration::from_millis(ms)), "{s}");
        }
        for bad in
            ["0s", "0ms", "10", "s", "1.s", ".5s", "-1s", "1 s", "2 days", "1e3s", "99999999999999999999h"]
        {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
