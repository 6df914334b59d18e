//! The command line: clap parses the arguments ([`Cli`]), and
//! [`Config::from_cli`] turns them, once and before any work starts, into
//! one typed [`Config`]: what to do ([`Task`]), which inputs, how to read
//! them, and how to report. Flags that do not apply to a command are not
//! among its arguments; values that cannot work (`--limit 0`, a `--regions`
//! file that does not read, standard input named twice) are usage errors
//! here. A new subcommand is a new [`CommandArgs`] variant and a new
//! [`Task`] variant.

use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use reduce::Alphabet;

use crate::input::{self, InputPath, PuzzleSettings, ReadSettings, RegionsSetting};
use crate::record::{Format, Layout};

/// The version `--version` prints: the package's, and the commit when built
/// from git.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), env!("DANCE_VERSION_SUFFIX"));

/// Exact cover by dancing links: Sudoku-family puzzles (box, jigsaw,
/// grouped, Latin; 1x1 to 64x64) and any exact-cover problem in Knuth's
/// format or JSON.
///
/// Exit status: 0 when every puzzle was answered with a solution (for count
/// and export: no error), 1 when at least one puzzle has none (无解),
/// 2 on a usage error or a refused record (the others are still answered),
/// 130 when interrupted by Ctrl-C (stderr says how far it got). For
/// explain, hint and rate: 1 when a puzzle has no solution or several (it
/// gets no rating), 3 when the uniqueness search ran out of --max-nodes.
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
    /// Solve each puzzle step by step as a person would: each step in
    /// words, one a line, then the rating (docs/logic.md).
    Explain(LogicArgs),
    /// Print the next logical step of each puzzle.
    Hint(LogicArgs),
    /// Rate each puzzle by the techniques its logical solution needs: one
    /// line each, the level, the score and the hardest technique.
    Rate(LogicArgs),
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
    /// How grids are written: like the input (auto), one line, compact
    /// rows, spaced rows, or integers.
    #[arg(long, value_enum, default_value_t = LayoutArg::Auto)]
    pub layout: LayoutArg,
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
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `dance export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// What to write.
    #[arg(long, value_enum, default_value_t = ExportFormat::Json)]
    pub to: ExportFormat,
    /// Export record K (from 1) instead of the first.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub index: u64,
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
}

impl LayoutArg {
    /// The layout, or `None` for auto.
    pub fn layout(self) -> Option<Layout> {
        match self {
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

/// Parses `--limit`: a whole number from 1 (a limit of 0 would print
/// nothing and look like an answer).
fn parse_limit(s: &str) -> Result<u64, String> {
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
    /// DLX1's statistics on stderr.
    pub stats: bool,
    /// Say nothing on stderr but errors.
    pub quiet: bool,
    /// Threads for records, and for counting one problem.
    pub jobs: usize,
    /// Threads for listing one problem's solutions (`solve --all` with an
    /// explicit `--jobs` above 1: in no set order); 1 lists in DLX1's
    /// order.
    pub list_jobs: usize,
    /// Count only this part of each tree.
    pub shard: Option<dlx::parallel::Shard>,
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
        /// Which record, from 1.
        index: u64,
    },
    /// `explain`, `hint` and `rate`: answer every puzzle by logic.
    Logic(LogicPlan),
    /// `completions`: a shell's completion script.
    Completions(clap_complete::Shell),
    /// `man`: the man page.
    Man,
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

fn read_settings(a: &InputArgs) -> Result<ReadSettings, UsageError> {
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

fn inputs(a: &InputArgs) -> Result<Vec<InputPath>, UsageError> {
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
        let answer = |mode: Mode, layout: Option<Layout>, input: &InputArgs, run: &RunArgs, shard| {
            // Listing in parallel gives up DLX1's order, so it is asked
            // for, not the default.
            let list_jobs = match (mode, run.jobs) {
                (Mode::All { .. }, Some(j)) if j > 1 && !run.stats => j as usize,
                _ => 1,
            };
            let plan = Plan {
                mode,
                output: run.output,
                layout,
                stats: run.stats,
                quiet: run.quiet,
                jobs: jobs(run),
                list_jobs,
                shard,
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
                let mode = if a.all {
                    Mode::All { limit: a.limit }
                } else if a.unique {
                    Mode::Unique
                } else {
                    Mode::First
                };
                answer(mode, a.layout.layout(), &a.input, &a.run, None)
            }
            CommandArgs::Count(a) => answer(Mode::Count { limit: a.limit }, None, &a.input, &a.run, a.shard),
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
            CommandArgs::Explain(a) => logic(LogicCommand::Explain, a),
            CommandArgs::Hint(a) => logic(LogicCommand::Hint, a),
            CommandArgs::Rate(a) => logic(LogicCommand::Rate, a),
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
}
