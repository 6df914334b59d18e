//! `dance solve`: the first solution of each puzzle or problem, every
//! solution numbered (`--all`), only a unique one (`--unique`), or the
//! cheapest (`--best K`, `--min-cost`), written in the input's own layout
//! (无解 when there is none) or as JSON Lines.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;

use clap::Args;
use dlx::{Order, Probe};

use crate::answer::{self, Engines, Mode};
use crate::error::UsageError;
use crate::flags::{parse_limit, parse_shard, threads, BudgetArgs, ColorArg, InputArgs, LayoutArg, RunArgs};
use crate::output::Layouts;
use crate::record::Record;
use crate::run::{answer_records, Answerer, InputSet, Loop, Note};
use crate::status::Status;

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
    /// together the full listing; a part without any lists nothing, not
    /// 无解, and exits 0 (docs/sharding.md).
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
    /// Draw K solutions, each with probability exactly 1/count, from the
    /// memo engine's counts (docs/memo.md): uniform random completions of
    /// a classic puzzle, or solutions of an exact-cover problem; numbered,
    /// independent (one may come twice). Text only. A variant puzzle's
    /// draws are uniform up to 10,000 solutions or when its XCC reduction
    /// fits the memo engine, random but not uniform beyond (docs/variants.md).
    #[arg(long, value_name = "K", value_parser = parse_limit, conflicts_with_all = ["all", "unique", "best", "min_cost", "shard"])]
    pub random: Option<u64>,
    /// With --random: the seed (default 0); the same seed, the same draws.
    #[arg(long, value_name = "S", requires = "random")]
    pub seed: Option<u64>,
    /// With --random: the memo engine's memory cap (512M, 4G, bytes;
    /// default half the memory available).
    #[arg(long, value_name = "SIZE", requires = "random", value_parser = crate::flags::parse_memory)]
    pub memory: Option<u64>,
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

/// What `dance solve` does, checked.
#[derive(Clone, Debug)]
pub struct SolvePlan {
    /// What each record is answered with.
    pub answer: answer::Plan,
    /// `--best K`: the K cheapest solutions instead.
    pub best: Option<u64>,
    /// `--random K --seed S`: K uniform draws instead.
    pub random: Option<answer::Draws>,
    /// The inputs.
    pub inputs: InputSet,
    /// A progress bar may show.
    pub progress: bool,
}

/// The plan the arguments ask for, or a usage error.
pub fn plan(a: SolveArgs) -> Result<SolvePlan, UsageError> {
    let best = a.best.or(a.min_cost.then_some(1));
    let mode = if a.all {
        Mode::All { limit: a.limit }
    } else if a.unique {
        Mode::Unique
    } else {
        Mode::First
    };
    // Standard output is asked once, before any work.
    let terminal = io::stdout().is_terminal();
    let color = a.color.resolve(terminal, std::env::var_os("NO_COLOR").as_deref());
    let terminal_art = (terminal && a.layout == LayoutArg::Auto).then_some(color);
    let answer = answer::Plan {
        mode,
        output: a.run.output,
        layouts: Layouts { layout: a.layout.layout(color), terminal_art },
        stats: a.run.stats,
        quiet: a.run.quiet,
        jobs: threads(a.run.jobs),
        // Listing in parallel gives up DLX1's order, so it is asked for
        // (an explicit --jobs), not the default.
        order: if a.run.jobs.is_some() { Order::Any } else { Order::Dlx1 },
        shard: a.shard,
        budget: a.budget.budget(),
        engine: dlx::EngineChoice::Auto,
        memory: a.memory.or_else(crate::flags::default_memory),
    };
    let random = a.random.map(|count| answer::Draws { count, seed: a.seed.unwrap_or(0) });
    if random.is_some() && a.run.output != crate::output::OutputFormat::Text {
        return Err(UsageError("--random writes text only, for now: leave out --output json".into()));
    }
    Ok(SolvePlan {
        answer,
        best,
        random,
        inputs: a.input.input_set()?,
        progress: !a.run.quiet && !a.run.no_progress,
    })
}

/// Answers every record; the run's status.
pub fn run(plan: &SolvePlan) -> Status {
    // A listing follows one thread's order, record after record.
    let jobs = if matches!(plan.answer.mode, Mode::All { .. }) { 1 } else { plan.answer.jobs };
    answer_records(&plan.inputs, Loop { jobs, progress: plan.progress }, |probe: Arc<Probe>| Solving {
        plan,
        engines: Engines::with_probe(probe),
    })
}

/// One thread's answerer.
struct Solving<'a> {
    plan: &'a SolvePlan,
    engines: Engines,
}

impl Answerer for Solving<'_> {
    fn answer(
        &mut self,
        record: &Record,
        index: u64,
        out: &mut dyn Write,
        notes: &mut Vec<Note>,
    ) -> io::Result<Status> {
        let plan = &self.plan.answer;
        match (self.plan.best, self.plan.random) {
            (Some(k), _) => answer::cheapest(record, index, k, plan, &self.engines, out, notes),
            (None, Some(d)) => answer::random(record, index, d, plan, &mut self.engines, out, notes),
            (None, None) => answer::search(record, index, plan, &mut self.engines, out, notes),
        }
    }
}
