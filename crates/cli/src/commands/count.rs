//! `dance count`: the number of solutions of each puzzle or problem, one
//! line each (on every core, or one shard of many; up to `--limit`), or
//! Knuth's estimate of it (`--estimate`).

use std::io::{self, Write};
use std::sync::Arc;

use clap::{Args, ValueEnum};
use dlx::{EngineChoice, EstimateOptions, Order, Probe};

use crate::answer::{self, Engines, Mode, ZddFormat, ZddOut};
use crate::error::UsageError;
use crate::flags::{
    default_memory, parse_limit, parse_memory, parse_probes, parse_shard, threads, BudgetArgs, InputArgs,
    RunArgs,
};
use crate::output::Layouts;
use crate::record::Record;
use crate::run::{answer_records, Answerer, InputSet, Loop, Note};
use crate::status::Status;

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
    /// Which engine counts: `memo` remembers each subproblem's count by its
    /// remaining items (Knuth's Algorithm Z: counts no enumeration reaches,
    /// past 2^64 too), `plain` visits every solution; `auto` (the default)
    /// takes the memo when a short trial finds subproblems repeating
    /// (docs/memo.md).
    #[arg(long, value_enum, default_value_t = EngineArg::Auto, conflicts_with = "estimate")]
    pub engine: EngineArg,
    /// The memo engine's memory cap (512M, 4G, bytes): past it the table
    /// stops growing and the count, still exact, only slows. Default: half
    /// the memory available.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memory: Option<u64>,
    /// Count by memo and write the decision diagram (ZDD) of all the
    /// solutions to FILE (one record), to read back with `dance zdd`
    /// (docs/memo.md).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["estimate", "limit", "shard", "stats"])]
    pub zdd: Option<std::path::PathBuf>,
    /// With --zdd: dance's form (the problem inside; `dance zdd` reads it)
    /// or Knuth's, as DLX6 prints it.
    #[arg(long, value_enum, value_name = "FORM", requires = "zdd", default_value_t = ZddFormat::Dance)]
    pub zdd_format: ZddFormat,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `--engine`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// A trial decides.
    Auto,
    /// Algorithm Z.
    Memo,
    /// The dancing links or bitsets.
    Plain,
}

impl EngineArg {
    fn choice(self) -> EngineChoice {
        match self {
            EngineArg::Auto => EngineChoice::Auto,
            EngineArg::Memo => EngineChoice::Memo,
            EngineArg::Plain => EngineChoice::Plain,
        }
    }
}

/// What `dance count` does, checked.
#[derive(Clone, Debug)]
pub struct CountPlan {
    /// How each record is counted.
    pub answer: answer::Plan,
    /// `--estimate`: estimate instead, with these options.
    pub estimate: Option<EstimateOptions>,
    /// The inputs.
    pub inputs: InputSet,
    /// A progress bar may show.
    pub progress: bool,
    /// `--zdd`: the diagram's file and form.
    pub zdd: Option<ZddOut>,
}

/// The plan the arguments ask for, or a usage error.
pub fn plan(a: CountArgs) -> Result<CountPlan, UsageError> {
    let estimate = a.estimate.then(|| {
        let mut e = EstimateOptions::default();
        e.probes = a.probes.unwrap_or(e.probes);
        e.seed = a.seed.unwrap_or(e.seed);
        e
    });
    let zdd = a.zdd.map(|path| ZddOut { path, format: a.zdd_format });
    if zdd.is_some() {
        if a.engine == EngineArg::Plain {
            return Err(UsageError("--zdd counts by memo: leave out --engine plain".into()));
        }
        if a.run.output != crate::output::OutputFormat::Text {
            return Err(UsageError("--zdd writes text only, for now: leave out --output json".into()));
        }
    }
    let answer = answer::Plan {
        mode: Mode::Count { limit: a.limit },
        output: a.run.output,
        layouts: Layouts::default(),
        stats: a.run.stats,
        quiet: a.run.quiet,
        jobs: threads(a.run.jobs),
        order: if a.run.jobs.is_some() { Order::Any } else { Order::Dlx1 },
        shard: a.shard,
        budget: a.budget.budget(),
        engine: a.engine.choice(),
        memory: a.memory.or_else(default_memory),
    };
    Ok(CountPlan {
        answer,
        estimate,
        inputs: a.input.input_set()?,
        progress: !a.run.quiet && !a.run.no_progress,
        zdd,
    })
}

/// Counts every record; the run's status.
pub fn run(plan: &CountPlan) -> Status {
    answer_records(
        &plan.inputs,
        // One diagram file: the records one after another, on one thread.
        Loop { jobs: if plan.zdd.is_some() { 1 } else { plan.answer.jobs }, progress: plan.progress },
        |probe: Arc<Probe>| Counting { plan, engines: Engines::with_probe(probe), written: false },
    )
}

/// One thread's answerer.
struct Counting<'a> {
    plan: &'a CountPlan,
    engines: Engines,
    /// `--zdd`: a record's diagram was written (the file holds one).
    written: bool,
}

impl Answerer for Counting<'_> {
    fn answer(
        &mut self,
        record: &Record,
        index: u64,
        out: &mut dyn Write,
        notes: &mut Vec<Note>,
    ) -> io::Result<Status> {
        let plan = &self.plan.answer;
        if let Some(to) = &self.plan.zdd {
            if self.written {
                let why = format!(
                    "--zdd {} holds the first record's diagram: count this one with a --zdd of its own",
                    to.path.display()
                );
                return crate::run::refuse_with(record, index, why, true, out, notes);
            }
            let (status, written) = answer::diagram(record, index, to, plan, &self.engines, out, notes)?;
            self.written |= written;
            return Ok(status);
        }
        match &self.plan.estimate {
            Some(options) => answer::estimate(record, index, options, plan, &mut self.engines, out, notes),
            None => answer::search(record, index, plan, &mut self.engines, out, notes),
        }
    }
}
