//! The command line: clap parses the arguments ([`Cli`]), and
//! [`Config::from_cli`] turns them, once and before any work starts, into
//! one typed [`Config`]: what to do ([`Task`]), which inputs, how to read
//! them, and how to report. Flags that do not apply to a command are not
//! among its arguments; values that cannot work (`--limit 0`, a `--regions`
//! file that does not read, standard input named twice) are usage errors
//! here. A new subcommand is a new [`CommandArgs`] variant and a new
//! [`Task`] variant.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use reduce::Alphabet;

use crate::input::{self, InputPath, PuzzleSettings, ReadSettings, RegionsSetting};
use crate::record::{Format, Layout};
use crate::render_cmd::{self, RenderPlan};

/// The version `--version` prints: the package's, and the commit when built
/// from git.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), env!("DANCE_VERSION_SUFFIX"));

/// Exact cover by dancing links: Sudoku-family puzzles (box, jigsaw,
/// grouped, Latin; 1x1 to 64x64) and any exact-cover problem in Knuth's
/// format or JSON.
///
/// Exit status: 0 when every puzzle was answered with a solution (for count,
/// export, analyze and generate: no error, as their answers are counts and
/// reports: analyze's "no solution" is 0), 1 when at least one puzzle has
/// none (无解),
/// 2 on a usage error or a refused record (the others are still answered),
/// 3 when a budget (--max-nodes, --timeout) ran out on at least one record
/// and none was refused, 130 when interrupted by Ctrl-C (stderr says how
/// far it got). When several apply: 2, then 3, then 1. For explain, hint
/// and rate: 1 when a puzzle has no solution or several (it gets no
/// rating), 3 when the uniqueness search ran out of --max-nodes.
#[derive(Debug, Parser)]
#[command(name = "dance", version = VERSION, about, long_about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: CommandArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum CommandArgs {
    /// Solve each puzzle or problem and print its solution in the input's
    /// own layout (无解 when there is none).
    Solve(SolveArgs),
    /// Print the number of solutions of each puzzle or problem, one line
    /// each.
    Count(CountArgs),
    /// Write the exact-cover matrix of one puzzle or problem, as JSON or in
    /// Knuth's text format.
    Export(ExportArgs),
    /// Make puzzles with exactly one solution, minimal (no given can go),
    /// of any shape: boxes, jigsaw maps, Latin squares; one line each.
    Generate(crate::generate::GenerateArgs),
    /// Report on each puzzle: its solutions (none, one, two or more); with
    /// one, whether it is minimal and its redundant givens; with more, two
    /// solutions and where they differ, the true candidates, a given to add.
    Analyze(crate::analyze::AnalyzeArgs),
    /// Solve each puzzle step by step as a person would: each step in
    /// words, one a line, then the rating (docs/logic.md).
    Explain(LogicArgs),
    /// Print the next logical step of each puzzle.
    Hint(LogicArgs),
    /// Rate each puzzle by the techniques its logical solution needs: one
    /// line each, the level, the score and the hardest technique.
    Rate(LogicArgs),
    /// Draw puzzles as SVG or PDF: thick region borders, shaded regions,
    /// givens, and optionally the solution or the candidates
    /// (docs/pictures.md).
    Render(RenderArgs),
    /// Write a shell completion script to standard output (for example
    /// `dance completions bash > /etc/bash_completion.d/dance`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Write the man page (roff) to standard output (`dance man > dance.1`).
    Man,
}

/// `dance solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Print every solution, each preceded by its number (from 1).
    #[arg(long, conflicts_with = "unique")]
    pub all: bool,
    /// Print the solution only if it is the only one; otherwise 无解, and
    /// say on stderr whether there were none or several.
    #[arg(long)]
    pub unique: bool,
    /// With --all, stop after N solutions of each puzzle (N from 1).
    #[arg(long, value_name = "N", requires = "all", value_parser = parse_limit)]
    pub limit: Option<u64>,
    /// With --all, list only the solutions in part K of M (from 1) of each
    /// search tree: the listings of the M parts, on any machines, are
    /// together the full listing (docs/sharding.md).
    #[arg(long, value_name = "K/M", requires = "all", value_parser = parse_shard)]
    pub shard: Option<dlx::parallel::Shard>,
    /// Print the K cheapest solutions of a problem whose options have
    /// costs (Knuth's `|n`), in increasing order of cost, each numbered
    /// and followed by `cost N` (K from 1).
    #[arg(long, value_name = "K", value_parser = parse_limit, conflicts_with_all = ["all", "unique"])]
    pub best: Option<u64>,
    /// The cheapest solution: --best 1.
    #[arg(long, conflicts_with_all = ["all", "unique", "best"])]
    pub min_cost: bool,
    /// How grids are written: like the input (auto), one line, compact
    /// rows, spaced rows, integers, or art. On a terminal, auto draws a
    /// puzzle written as rows (order up to 16) as art; piped, auto is
    /// always the input's layout.
    #[arg(long, value_enum, default_value_t = LayoutArg::Auto)]
    pub layout: LayoutArg,
    /// Colour in art (givens bold, filled cells cyan): auto is colour when
    /// standard output is a terminal and NO_COLOR is not set.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `dance count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Stop counting at N (--limit 2 checks uniqueness; N from 1).
    #[arg(long, value_name = "N", value_parser = parse_limit)]
    pub limit: Option<u64>,
    /// Count only part K of M (from 1) of each search tree: the parts of M
    /// runs, on any machines, add up to the total (docs/sharding.md).
    #[arg(long, value_name = "K/M", value_parser = parse_shard)]
    pub shard: Option<dlx::parallel::Shard>,
    /// Do not count: estimate the solutions and the nodes of each search
    /// from random probes down its tree (Knuth's estimate), each with a 95%
    /// interval.
    #[arg(long, conflicts_with_all = ["limit", "shard", "max_nodes", "timeout", "stats"])]
    pub estimate: bool,
    /// With --estimate: how many random probes (default 10000).
    #[arg(long, value_name = "K", requires = "estimate", value_parser = parse_probes)]
    pub probes: Option<u64>,
    /// With --estimate: the probes' seed (default 0); the same seed gives
    /// the same estimate.
    #[arg(long, value_name = "S", requires = "estimate")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `dance render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Draw each puzzle's solution (the first one found, as `solve`
    /// prints it); a puzzle without one is drawn bare, and the exit status
    /// is 1.
    #[arg(long, conflicts_with = "candidates")]
    pub solution: bool,
    /// Draw the candidates of each empty cell, small: every symbol that no
    /// given in its row, column or region holds (the pencil marks the
    /// logic solver starts from).
    #[arg(long)]
    pub candidates: bool,
    /// Tile K puzzles (1 to 100) to a page, numbered, for printing; more
    /// go on further pages.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=crate::render::MAX_PER_PAGE as u64))]
    pub per_page: Option<u64>,
    /// The paper of pages (giving it asks for pages: one puzzle a page
    /// unless --per-page says more). Default a4.
    #[arg(long, value_enum)]
    pub page: Option<PageArg>,
    /// Draw only record K (from 1) of the input.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub index: Option<u64>,
    /// Shade the regions in light colours (regions), or not (none).
    #[arg(long, value_enum, default_value_t = ShadingArg::Regions)]
    pub shading: ShadingArg,
    /// Write to FILE: FILE.svg (several pictures or pages: FILE-1.svg,
    /// FILE-2.svg, ...) or FILE.pdf (one document). Without it, one SVG
    /// document goes to standard output.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub input: InputArgs,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `--page`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PageArg {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

/// `--shading`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShadingArg {
    /// Each region in a light colour, neighbours always different.
    Regions,
    /// White cells: black and white print.
    None,
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

/// `dance export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// What to write.
    #[arg(long, value_enum, default_value_t = ExportFormat::Json)]
    pub to: ExportFormat,
    /// Export record K (from 1) instead of the first. Without it, an input
    /// of several records exports the first and says so on stderr.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub index: Option<u64>,
    #[command(flatten)]
    pub input: InputArgs,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `dance explain`, `dance hint` and `dance rate`.
#[derive(Debug, Args)]
pub struct LogicArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The output format: text, or JSON Lines (one object per step, then
    /// one per puzzle; docs/output.md).
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub output: OutputFormat,
    /// The node budget of the search that checks that a puzzle the
    /// techniques cannot finish has one solution (beyond it: unknown).
    #[arg(long, value_name = "N", default_value_t = reduce::logic::DEFAULT_MAX_NODES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: u64,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub quiet: bool,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// Worker threads for batches (default: all cores). Output keeps the
    /// input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
}

/// Which logic command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicCommand {
    /// Every step, then the rating.
    Explain,
    /// The first step only.
    Hint,
    /// The rating only.
    Rate,
}

/// What every record of `explain`, `hint` or `rate` is answered with.
#[derive(Clone, Copy, Debug)]
pub struct LogicPlan {
    /// Which command.
    pub command: LogicCommand,
    /// Text or JSON Lines.
    pub output: OutputFormat,
    /// The node budget of the uniqueness search.
    pub max_nodes: u64,
    /// Say nothing on stderr but errors.
    pub quiet: bool,
    /// Threads for records.
    pub jobs: usize,
}

/// What `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// The versioned JSON schema of docs/schema.json.
    Json,
    /// Knuth's text format (DLX1 reads it).
    Dlx,
}

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

/// `--output`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Solutions laid out like the input (or as --layout says).
    Text,
    /// JSON Lines: one object per record (docs/output.md).
    Json,
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
}

/// How `solve` and `count` run and report.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub output: OutputFormat,
    /// Print DLX1's statistics for each record on stderr.
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
    /// threads, in no set order.
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
fn parse_max_nodes(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("a budget of 0 nodes searches nothing; give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

/// Parses `--probes`: a whole number from 1.
fn parse_probes(s: &str) -> Result<u64, String> {
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

/// What each record's search may spend: the same for every record, each
/// starting afresh (the deadline runs from the start of the record's
/// search).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordBudget {
    /// `--max-nodes`.
    pub max_nodes: Option<u64>,
    /// `--timeout`.
    pub timeout: Option<Duration>,
}

impl RecordBudget {
    /// The budget of a search that starts now.
    pub fn start(&self) -> dlx::Budget {
        let b = dlx::Budget { max_nodes: self.max_nodes, deadline: None };
        match self.timeout {
            Some(t) => b.with_time(t),
            None => b,
        }
    }

    /// Whether nothing is bounded.
    pub fn is_unlimited(&self) -> bool {
        self.max_nodes.is_none() && self.timeout.is_none()
    }
}

impl BudgetArgs {
    fn budget(&self) -> RecordBudget {
        RecordBudget { max_nodes: self.max_nodes, timeout: self.timeout }
    }
}

/// Parses `--limit`: a whole number from 1 (a limit of 0 would print
/// nothing and look like an answer).
pub(crate) fn parse_limit(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("a limit of 0 answers nothing; give 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

/// Parses `K/M` (1 <= K <= M) into a zero-based shard.
fn parse_shard(s: &str) -> Result<dlx::parallel::Shard, String> {
    let bad = || format!("{s:?}: expected K/M with 1 <= K <= M, for example 3/8");
    let (k, m) = s.split_once('/').ok_or_else(bad)?;
    let (k, m): (usize, usize) = (k.trim().parse().map_err(|_| bad())?, m.trim().parse().map_err(|_| bad())?);
    if k == 0 || k > m || m > 1 << 20 {
        return Err(bad());
    }
    Ok(dlx::parallel::Shard { index: k - 1, count: m })
}

/// What `solve` prints per record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first solution.
    First,
    /// Every solution, numbered, up to a limit.
    All {
        /// The most solutions to list.
        limit: Option<u64>,
    },
    /// The solution if unique.
    Unique,
    /// The number of solutions, up to a limit.
    Count {
        /// Where to stop counting.
        limit: Option<u64>,
    },
    /// `analyze`: a report on each puzzle.
    Analyze(crate::analyze::AnalyzeOptions),
    /// The `k` cheapest solutions of a problem with costs, numbered, each
    /// with its cost.
    Best {
        /// How many.
        k: u64,
    },
    /// Estimates of the number of solutions and of the nodes of the full
    /// search (`count --estimate`).
    Estimate(dlx::EstimateOptions),
}

/// What every record of `solve` or `count` is answered with.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// What to find.
    pub mode: Mode,
    /// Text or JSON Lines.
    pub output: OutputFormat,
    /// `--layout`: `None` follows the input.
    pub layout: Option<Layout>,
    /// `Some(color)` when `--layout` was not given and standard output is
    /// a terminal: then puzzles written as rows (compact, spaced, grouped;
    /// not one a line, not integers) of order up to
    /// [`TERMINAL_ART_MAX_ORDER`] are answered in art (see
    /// [`Plan::layout_for`]).
    pub terminal_art: Option<bool>,
    /// DLX1's statistics on stderr.
    pub stats: bool,
    /// Say nothing on stderr but errors.
    pub quiet: bool,
    /// Threads for records, and for counting one problem.
    pub jobs: usize,
    /// Threads for listing one problem's solutions (`solve --all` with an
    /// explicit `--jobs` above 1: in no set order), or for searching one
    /// problem's cheapest (`solve --best` with an explicit `--jobs` above
    /// 1: the same costs, ties perhaps others); 1 lists in DLX1's order.
    pub list_jobs: usize,
    /// Count only this part of each tree.
    pub shard: Option<dlx::parallel::Shard>,
    /// What each record's search may spend.
    pub budget: RecordBudget,
}

/// The largest order drawn as art by default on a terminal: its art is
/// 65 columns wide, and fits an 80-column terminal.
pub const TERMINAL_ART_MAX_ORDER: usize = 16;

impl Plan {
    /// How the answers of `puzzle`, laid out as `input` in its input, are
    /// written: `--layout` if given; else art on a terminal for a puzzle
    /// written as rows that fits; else like the input.
    pub fn layout_for(&self, puzzle: &reduce::Puzzle, input: Layout) -> Layout {
        match (self.layout, self.terminal_art) {
            (Some(l), _) => l,
            (None, Some(color))
                if matches!(input, Layout::Compact | Layout::Spaced | Layout::Grouped)
                    && puzzle.n() <= TERMINAL_ART_MAX_ORDER =>
            {
                Layout::Art { color }
            }
            (None, _) => input,
        }
    }
}

/// What to do.
#[derive(Clone, Debug)]
pub enum Task {
    /// `solve` and `count`: answer every record.
    Answer(Plan),
    /// `export`: one record's exact-cover matrix.
    Export {
        /// JSON or Knuth's format.
        to: ExportFormat,
        /// Which record, from 1 (`None`: the first, with a note on stderr
        /// when there are more).
        index: Option<u64>,
    },
    /// `explain`, `hint` and `rate`: answer every puzzle by logic.
    Logic(LogicPlan),
    /// `render`: pictures of the puzzles.
    Render(RenderPlan),
    /// `completions`: a shell's completion script.
    Completions(clap_complete::Shell),
    /// `man`: the man page.
    Man,
    /// `generate`: make puzzles.
    Generate(Box<crate::generate::GeneratePlan>),
}

/// The whole configuration, parsed once.
#[derive(Clone, Debug)]
pub struct Config {
    /// What to do.
    pub task: Task,
    /// The inputs, in order (standard input when none is named).
    pub inputs: Vec<InputPath>,
    /// How to read them.
    pub read: ReadSettings,
    /// Say nothing on stderr but errors.
    pub quiet: bool,
    /// A progress bar may show (on a terminal, after a second).
    pub progress: bool,
}

/// A usage error: the message, said as `dance: MESSAGE`, exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

pub(crate) fn read_settings(a: &InputArgs) -> Result<ReadSettings, UsageError> {
    let regions = match (&a.boxes, &a.regions) {
        (Some(b), _) => Some(input::parse_box(b).map_err(UsageError)?),
        (None, Some(path)) => {
            let shown = path.display();
            let text = std::fs::read(path)
                .map_err(|e| UsageError(format!("--regions {shown}: {}", input::io_message(&e))))?;
            let text = String::from_utf8(text)
                .map_err(|_| UsageError(format!("--regions {shown}: invalid UTF-8")))?;
            let map = input::parse_region_file(&text)
                .map_err(|(line, m)| UsageError(format!("--regions {shown}:{line}: {m}")))?;
            Some(RegionsSetting::Map(map))
        }
        (None, None) => None,
    };
    let symbols = match &a.symbols {
        Some(s) => Some(Alphabet::custom(s).map_err(|e| UsageError(format!("--symbols {s:?}: {e}")))?),
        None => None,
    };
    Ok(ReadSettings {
        format: a.format.format(),
        puzzles: std::sync::Arc::new(PuzzleSettings { regions, symbols }),
    })
}

pub(crate) fn inputs(a: &InputArgs) -> Result<Vec<InputPath>, UsageError> {
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

fn jobs(run: &RunArgs) -> usize {
    threads(run.jobs)
}

/// `--jobs`, or every core.
fn threads(jobs: Option<u32>) -> usize {
    match jobs {
        Some(j) => j as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

impl Config {
    /// The configuration the arguments ask for.
    pub fn from_cli(cli: Cli) -> Result<Config, UsageError> {
        let answer = |mode: Mode,
                      (layout, terminal_art): (Option<Layout>, Option<bool>),
                      input: &InputArgs,
                      run: &RunArgs,
                      shard,
                      budget: RecordBudget| {
            // Listing in parallel gives up DLX1's order, so it is asked
            // for, not the default.
            let list_jobs = match (mode, run.jobs) {
                (Mode::All { .. } | Mode::Best { .. }, Some(j)) if j > 1 && !run.stats => j as usize,
                _ => 1,
            };
            let plan = Plan {
                mode,
                output: run.output,
                layout,
                terminal_art,
                stats: run.stats,
                quiet: run.quiet,
                jobs: jobs(run),
                list_jobs,
                shard,
                budget,
            };
            Ok(Config {
                task: Task::Answer(plan),
                inputs: inputs(input)?,
                read: read_settings(input)?,
                quiet: run.quiet,
                progress: !run.quiet && !run.no_progress,
            })
        };
        match cli.command {
            CommandArgs::Solve(a) => {
                let mode = if let Some(k) = a.best {
                    Mode::Best { k }
                } else if a.min_cost {
                    Mode::Best { k: 1 }
                } else if a.all {
                    Mode::All { limit: a.limit }
                } else if a.unique {
                    Mode::Unique
                } else {
                    Mode::First
                };
                // Standard output is asked once, before any work.
                let terminal = std::io::stdout().is_terminal();
                let color = a.color.resolve(terminal, std::env::var_os("NO_COLOR").as_deref());
                let terminal_art = (terminal && a.layout == LayoutArg::Auto).then_some(color);
                answer(
                    mode,
                    (a.layout.layout(color), terminal_art),
                    &a.input,
                    &a.run,
                    a.shard,
                    a.budget.budget(),
                )
            }
            CommandArgs::Count(a) => {
                let mode = if a.estimate {
                    let mut e = dlx::EstimateOptions::default();
                    e.probes = a.probes.unwrap_or(e.probes);
                    e.seed = a.seed.unwrap_or(e.seed);
                    Mode::Estimate(e)
                } else {
                    Mode::Count { limit: a.limit }
                };
                answer(mode, (None, None), &a.input, &a.run, a.shard, a.budget.budget())
            }
            CommandArgs::Export(a) => {
                let inputs = inputs(&a.input)?;
                if inputs.len() > 1 {
                    return Err(UsageError("export reads one input".into()));
                }
                Ok(Config {
                    task: Task::Export { to: a.to, index: a.index },
                    inputs,
                    read: read_settings(&a.input)?,
                    quiet: a.quiet,
                    progress: false,
                })
            }
            CommandArgs::Generate(a) => crate::generate::config(a),
            CommandArgs::Analyze(a) => crate::analyze::config(a),
            CommandArgs::Explain(a) => logic(LogicCommand::Explain, a),
            CommandArgs::Hint(a) => logic(LogicCommand::Hint, a),
            CommandArgs::Rate(a) => logic(LogicCommand::Rate, a),
            CommandArgs::Render(a) => Ok(Config {
                task: Task::Render(render_cmd::plan(&a).map_err(UsageError)?),
                inputs: inputs(&a.input)?,
                read: read_settings(&a.input)?,
                quiet: a.quiet,
                progress: false,
            }),
            CommandArgs::Completions { shell } => Ok(Config::bare(Task::Completions(shell))),
            CommandArgs::Man => Ok(Config::bare(Task::Man)),
        }
    }

    /// A task that reads no input.
    fn bare(task: Task) -> Config {
        Config { task, inputs: Vec::new(), read: ReadSettings::default(), quiet: false, progress: false }
    }
}

/// The configuration of `explain`, `hint` or `rate`.
fn logic(command: LogicCommand, a: LogicArgs) -> Result<Config, UsageError> {
    let plan = LogicPlan {
        command,
        output: a.output,
        max_nodes: a.max_nodes,
        quiet: a.quiet,
        jobs: threads(a.jobs),
    };
    Ok(Config {
        task: Task::Logic(plan),
        inputs: inputs(&a.input)?,
        read: read_settings(&a.input)?,
        quiet: a.quiet,
        progress: !a.quiet && !a.no_progress,
    })
}

/// The clap command (for completions and the man page).
pub fn command() -> clap::Command {
    Cli::command()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(args: &[&str]) -> Result<Config, String> {
        let cli = Cli::try_parse_from(std::iter::once("dance").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        Config::from_cli(cli).map_err(|e| e.0)
    }

    #[test]
    fn usage_errors_are_caught_before_work() {
        assert!(config(&["solve", "--all", "--limit", "0"]).is_err());
        assert!(config(&["count", "--limit", "0"]).is_err());
        assert!(config(&["solve", "--limit", "2"]).is_err());
        assert!(config(&["count", "-", "-"]).unwrap_err().contains("more than once"));
        assert!(config(&["export", "a", "b"]).unwrap_err().contains("one input"));
        assert!(config(&["export", "--jobs", "2"]).is_err());
        assert!(config(&["export", "--stats"]).is_err());
        assert!(config(&["solve", "--regions", "/nonexistent"])
            .unwrap_err()
            .starts_with("--regions /nonexistent: No such file"));
        assert!(config(&["solve", "--symbols", "AAB"]).unwrap_err().starts_with("--symbols"));
        assert!(config(&["solve", "--best", "0"]).is_err());
        assert!(config(&["solve", "--best", "2", "--all"]).is_err());
        assert!(config(&["solve", "--best", "2", "--unique"]).is_err());
        assert!(config(&["solve", "--best", "2", "--min-cost"]).is_err());
        assert!(config(&["count", "--best", "2"]).is_err());
    }

    #[test]
    fn min_cost_is_best_1_and_threads_are_asked_for() {
        let plan = |args: &[&str]| match config(args).unwrap().task {
            Task::Answer(plan) => plan,
            _ => panic!(),
        };
        assert_eq!(plan(&["solve", "--min-cost"]).mode, Mode::Best { k: 1 });
        assert_eq!(plan(&["solve", "--best", "5"]).mode, Mode::Best { k: 5 });
        assert_eq!(plan(&["solve", "--best", "5"]).list_jobs, 1);
        assert_eq!(plan(&["solve", "--best", "5", "-j", "2"]).list_jobs, 2);
        assert_eq!(plan(&["solve", "--best", "5", "-j", "2", "--stats"]).list_jobs, 1);
    }

    #[test]
    fn budgets_and_estimates() {
        for (s, ms) in [("500ms", 500), ("10s", 10_000), ("1.5s", 1_500), ("2m", 120_000), ("1h", 3_600_000)]
        {
            assert_eq!(parse_duration(s), Ok(Duration::from_millis(ms)), "{s}");
        }
        for bad in
            ["0s", "0ms", "10", "s", "1.s", ".5s", "-1s", "1 s", "2 days", "1e3s", "99999999999999999999h"]
        {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        let c = config(&["count", "--max-nodes", "1000", "--timeout", "2s"]).unwrap();
        let Task::Answer(plan) = c.task else { panic!() };
        assert_eq!(
            plan.budget,
            RecordBudget { max_nodes: Some(1000), timeout: Some(Duration::from_secs(2)) }
        );
        let b = plan.budget.start();
        assert_eq!(b.max_nodes, Some(1000));
        assert!(b.deadline.is_some());
        assert!(config(&["solve"])
            .map(|c| matches!(c.task, Task::Answer(p) if p.budget.is_unlimited()))
            .unwrap());
        let c = config(&["count", "--estimate", "--probes", "500", "--seed", "9"]).unwrap();
        let Task::Answer(plan) = c.task else { panic!() };
        assert_eq!(plan.mode, Mode::Estimate(dlx::EstimateOptions { probes: 500, seed: 9, stratify: true }));
        for bad in [
            &["count", "--max-nodes", "0"][..],
            &["count", "--probes", "5"],
            &["count", "--seed", "5"],
            &["count", "--estimate", "--limit", "2"],
            &["count", "--estimate", "--shard", "1/2"],
            &["count", "--estimate", "--timeout", "1s"],
            &["count", "--estimate", "--stats"],
            &["solve", "--estimate"],
        ] {
            assert!(config(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn logic_commands_take_their_own_flags() {
        assert!(config(&["rate", "--max-nodes", "0"]).is_err());
        assert!(config(&["explain", "--stats"]).is_err());
        assert!(config(&["hint", "--all"]).is_err());
        let c = config(&["hint", "--output", "json", "--max-nodes", "5", "-j", "1", "x.txt"]).unwrap();
        let Task::Logic(plan) = c.task else { panic!() };
        assert_eq!(plan.command, LogicCommand::Hint);
        assert_eq!((plan.output, plan.max_nodes, plan.jobs), (OutputFormat::Json, 5, 1));
        let Task::Logic(plan) = config(&["rate"]).unwrap().task else { panic!() };
        assert_eq!(plan.max_nodes, reduce::logic::DEFAULT_MAX_NODES);
    }

    #[test]
    fn a_plan_says_what_to_do() {
        let c = config(&["solve", "--all", "--limit", "3", "--layout", "line", "-j", "2"]).unwrap();
        let Task::Answer(plan) = c.task else { panic!() };
        assert_eq!(plan.mode, Mode::All { limit: Some(3) });
        assert_eq!(plan.layout, Some(Layout::Line));
        assert_eq!(plan.list_jobs, 2);
        assert_eq!(c.inputs, vec![InputPath::Stdin]);
    }

    #[test]
    fn colour_follows_the_terminal_and_no_color() {
        let empty = std::ffi::OsStr::new("");
        let set = std::ffi::OsStr::new("1");
        assert!(ColorArg::Auto.resolve(true, None));
        assert!(ColorArg::Auto.resolve(true, Some(empty)), "an empty NO_COLOR is not set");
        assert!(!ColorArg::Auto.resolve(true, Some(set)));
        assert!(!ColorArg::Auto.resolve(false, None));
        assert!(ColorArg::Always.resolve(false, Some(set)));
        assert!(!ColorArg::Never.resolve(true, None));
    }

    #[test]
    fn art_is_the_terminal_default_for_puzzles_written_as_rows() {
        let c = config(&["solve", "--layout", "art", "--color", "always"]).unwrap();
        let Task::Answer(mut plan) = c.task else { panic!() };
        assert_eq!(plan.layout, Some(Layout::Art { color: true }));
        // The tests' standard output is not a terminal.
        assert_eq!(plan.terminal_art, None);
        let puzzle = |n| {
            let shape = reduce::Shape::default_for(n).unwrap();
            reduce::Puzzle::new(shape, Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap()
        };
        let (p9, p25) = (puzzle(9), puzzle(25));
        assert_eq!(plan.layout_for(&p9, Layout::Line), Layout::Art { color: true });
        plan.layout = None;
        assert_eq!(plan.layout_for(&p9, Layout::Spaced), Layout::Spaced);
        // As on a terminal without --layout.
        plan.terminal_art = Some(false);
        for rows in [Layout::Compact, Layout::Spaced, Layout::Grouped] {
            assert_eq!(plan.layout_for(&p9, rows), Layout::Art { color: false });
            assert_eq!(plan.layout_for(&p25, rows), rows, "too wide for 80 columns");
        }
        assert_eq!(plan.layout_for(&p9, Layout::Line), Layout::Line);
        assert_eq!(plan.layout_for(&p9, Layout::Integers), Layout::Integers);
    }
}
