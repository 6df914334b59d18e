//! The command line, parsed by clap into typed arguments before any work
//! starts.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Exact cover by dancing links: Sudoku-family puzzles (box, jigsaw,
/// grouped, Latin; 1x1 to 64x64) and any exact-cover problem in Knuth's
/// format or JSON.
///
/// Exit status: 0 when every puzzle was answered with a solution (for count
/// and export: no error), 1 when at least one puzzle has none (无解),
/// 2 on a usage error or a refused record (the others are still answered),
/// 130 when interrupted by Ctrl-C (stderr says how far it got).
#[derive(Debug, Parser)]
#[command(name = "dance", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve each puzzle or problem and print its solution in the input's
    /// own layout (无解 when there is none).
    Solve(SolveArgs),
    /// Print the number of solutions of each puzzle or problem, one line
    /// each.
    Count(CountArgs),
    /// Write the exact-cover matrix of one puzzle or problem, as JSON or in
    /// Knuth's text format.
    Export(ExportArgs),
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Print every solution, each preceded by its number (from 1).
    #[arg(long, conflicts_with = "unique")]
    pub all: bool,
    /// Print the solution only if it is the only one; otherwise 无解, and
    /// say on stderr whether there were none or several.
    #[arg(long)]
    pub unique: bool,
    /// With --all, stop after N solutions of each puzzle.
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    /// Stop counting at N (--limit 2 checks uniqueness).
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Count only part K of M (from 1) of each search tree: the parts of M
    /// runs, on any machines, add up to the total (docs/sharding.md).
    #[arg(long, value_name = "K/M", value_parser = parse_shard)]
    pub shard: Option<dlx::parallel::Shard>,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// What to write.
    #[arg(long, value_enum, default_value_t = ExportFormat::Json)]
    pub to: ExportFormat,
    /// Export record K (from 1) instead of the first.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub index: u64,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// The versioned JSON schema of docs/schema.json.
    Json,
    /// Knuth's text format (DLX1 reads it).
    Dlx,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// By extension (.dlx, .json), then by content.
    Auto,
    /// N rows of N cells, spaced or compact, puzzles one after another.
    Grid,
    /// One puzzle a line: N*N cells, optionally followed by N*N region labels.
    Line,
    /// N lines of region labels, a count n, then n lines `rcL`.
    Grouped,
    /// Knuth's exact-cover text format.
    Dlx,
    /// What `dance export --to json` writes.
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Solutions laid out like the input.
    Text,
    /// JSON Lines: one object per record.
    Json,
}

#[derive(Debug, Args)]
pub struct Common {
    /// Input files; `-` or nothing reads standard input.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// The input format.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    pub format: InputFormat,
    /// The region shape for grid and line puzzles: RxC boxes (R rows, C
    /// columns), or `none` for Latin squares. Default: the squarest boxes
    /// for N, wider than tall (none when N is prime).
    #[arg(long = "box", value_name = "RxC|none")]
    pub boxes: Option<String>,
    /// A region map (jigsaw) for grid and line puzzles: N lines of N labels.
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
    /// The alphabet, one character per symbol (default: 1-9 then A-Z; A-F..
    /// for grouped puzzles).
    #[arg(long, value_name = "STR")]
    pub symbols: Option<String>,
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
    All { limit: Option<u64> },
    /// The solution if unique.
    Unique,
    /// The number of solutions, up to a limit.
    Count { limit: Option<u64> },
}
