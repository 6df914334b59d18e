//! `dance explain`, `dance hint` and `dance rate`: each puzzle answered by
//! the logical solver (`reduce::logic`) instead of a search.
//!
//! An [`Explainer`] is one thread's answerer in the shared record loop
//! (`crate::run`: batches, threads in input order, streaming, Ctrl-C,
//! refused records). It keeps one solver per shape, runs it on each puzzle and
//! writes, through [`crate::output::logic`], the steps (explain), the first
//! step (hint) or nothing but the closing line (rate). A puzzle without
//! exactly one solution gets no rating, and none of its steps are shown:
//! its closing line says whether it has no solution, several, or whether
//! the uniqueness search ran out of its budget. An exact-cover problem is
//! refused (an exported puzzle, which still knows its grid, is answered as
//! that puzzle).
//!
//! Statuses, for the exit status: rated (solved or stuck) and answered
//! hints are [`Status::Answered`] (0); no solution or several are
//! [`Status::None`] (1); unknown is [`Status::Unknown`] (3); a refused
//! record or problem [`Status::Refused`] (2).

use std::io::{self, Write};
use std::sync::Arc;

use clap::Args;
use dlx::Probe;
use reduce::logic::{Logic, Step, Unrated, Verdict};
use reduce::Puzzle;

use crate::error::UsageError;
use crate::flags::{threads, InputArgs};
use crate::output::logic::{self as words, json_line, VerdictJson, VerdictLine};
use crate::output::OutputFormat;
use crate::record::{Body, InputError, Record, Refusal};
use crate::run::{answer_records, notices, refuse, Answerer, InputSet, Loop, Note, PerShape};
use crate::status::Status;

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
#[derive(Clone, Debug)]
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
    /// The inputs.
    pub inputs: InputSet,
    /// A progress bar may show.
    pub progress: bool,
}

/// The plan the arguments of `command` ask for, or a usage error.
pub fn plan(command: LogicCommand, a: LogicArgs) -> Result<LogicPlan, UsageError> {
    Ok(LogicPlan {
        command,
        output: a.output,
        max_nodes: a.max_nodes,
        quiet: a.quiet,
        jobs: threads(a.jobs),
        inputs: a.input.input_set()?,
        progress: !a.quiet && !a.no_progress,
    })
}

/// Answers every record by logic; the run's status.
pub fn run(plan: &LogicPlan) -> Status {
    answer_records(&plan.inputs, Loop { jobs: plan.jobs, progress: plan.progress }, |probe| {
        Explainer::new(plan, probe)
    })
}

/// Answers records by logic, for one thread.
pub struct Explainer<'a> {
    plan: &'a LogicPlan,
    probe: Arc<Probe>,
    solvers: PerShape<Logic>,
    /// The steps of the puzzle under way, held until its verdict says
    /// whether to show them.
    steps: Vec<u8>,
}

impl<'a> Explainer<'a> {
    /// An answerer for `plan` whose uniqueness searches Ctrl-C can stop
    /// through `probe`.
    pub fn new(plan: &'a LogicPlan, probe: Arc<Probe>) -> Explainer<'a> {
        Explainer { plan, probe, solvers: PerShape::default(), steps: Vec::new() }
    }

    /// Runs the solver on `puzzle` as the command asks: the verdict, and
    /// in `self.steps` what to print before the closing line if the
    /// puzzle is rated.
    fn run(&mut self, puzzle: &Puzzle, index: u64) -> (Verdict, Option<Step>) {
        let (command, json) = (self.plan.command, self.plan.output == OutputFormat::Json);
        let mut steps = std::mem::take(&mut self.steps);
        steps.clear();
        let (plan, probe) = (self.plan, &self.probe);
        let logic = self.solvers.get(puzzle.shape(), |shape| {
            let mut logic = Logic::new(shape);
            logic.set_max_nodes(plan.max_nodes);
            logic.set_probe(Some(probe.clone()));
            logic
        });
        let result = match command {
            LogicCommand::Explain => {
                let mut number = 0;
                let verdict = logic.explain(puzzle, |step| {
                    number += 1;
                    if json {
                        steps.extend_from_slice(words::step_json(puzzle, index, number, step).as_bytes());
                    } else {
                        let _ = writeln!(steps, "{}", step.display(puzzle));
                    }
                });
                (verdict, None)
            }
            LogicCommand::Hint => {
                let (first, verdict) = logic.hint(puzzle);
                (verdict, first)
            }
            LogicCommand::Rate => (logic.rate(puzzle), None),
        };
        self.steps = steps;
        result
    }
}

impl Answerer for Explainer<'_> {
    fn answer(
        &mut self,
        record: &Record,
        index: u64,
        out: &mut dyn Write,
        notes: &mut Vec<Note>,
    ) -> io::Result<Status> {
        let plan = self.plan;
        let text = plan.output == OutputFormat::Text;
        notices(record, plan.quiet, notes);
        let puzzle = match &record.body {
            Err(r) => return refuse(record, index, r, text, out, notes),
            Ok(Body::Puzzle { puzzle, .. }) => puzzle,
            Ok(Body::Problem { cover: Some(pc), .. }) => &pc.puzzle,
            Ok(Body::Problem { cover: None, .. }) => {
                let r = Refusal::new(record.source.line, InputError::NotAPuzzle);
                return refuse(record, index, &r, text, out, notes);
            }
        };
        let (verdict, first) = self.run(puzzle, index);
        if self.probe.stopped() {
            return Ok(Status::Interrupted);
        }
        let source = &record.source;
        let logic = self.solvers.find(puzzle.shape()).expect("the solver just used");
        let closing = |verdict: VerdictJson| {
            json_line(&VerdictLine {
                index,
                source: source.to_string(),
                note: record.note.as_deref(),
                verdict,
            })
        };
        let outcome = match &verdict {
            Verdict::Unrated(why) => {
                // Stdout says why (text or JSON); the exit status tells a
                // batch that some puzzle went unrated.
                let reason = words::reason(why);
                if text {
                    writeln!(out, "unrated: {reason}")?;
                    if plan.command == LogicCommand::Explain {
                        writeln!(out)?;
                    }
                } else {
                    out.write_all(closing(words::unrated_json(why)).as_bytes())?;
                }
                match why {
                    Unrated::Unknown { .. } => Status::Unknown,
                    _ => Status::None,
                }
            }
            Verdict::Solved(rating) | Verdict::Stuck(rating) => {
                let stuck = matches!(verdict, Verdict::Stuck(_));
                match (plan.command, text) {
                    (LogicCommand::Explain, _) => out.write_all(&self.steps)?,
                    (LogicCommand::Hint, false) => {
                        if let Some(step) = &first {
                            out.write_all(words::step_json(puzzle, index, 1, step).as_bytes())?;
                        }
                    }
                    (LogicCommand::Hint, true) => match &first {
                        Some(step) => writeln!(out, "{}", step.display(puzzle))?,
                        None if stuck => {
                            writeln!(out, "no step: no technique applies (needs trial and error)")?
                        }
                        None => writeln!(out, "no step: the grid is full")?,
                    },
                    (LogicCommand::Rate, _) => {}
                }
                let values: Vec<Option<u8>> = logic.values().collect();
                if text {
                    match plan.command {
                        LogicCommand::Explain => {
                            if stuck {
                                let empty = values.iter().filter(|v| v.is_none()).count();
                                writeln!(
                                    out,
                                    "stuck: no technique applies, {empty} cell{} empty; the candidates left:",
                                    if empty == 1 { "" } else { "s" }
                                )?;
                                out.write_all(
                                    words::pencil_marks(puzzle, &values, logic.candidates()).as_bytes(),
                                )?;
                            }
                            writeln!(out, "rating: {}", words::rating(rating))?;
                            writeln!(out)?;
                        }
                        LogicCommand::Rate => writeln!(out, "{}", words::rating(rating))?,
                        LogicCommand::Hint => {}
                    }
                } else {
                    let rating = (*rating).into();
                    let verdict = if stuck {
                        let (grid, candidates) =
                            words::stuck_position(puzzle, values.into_iter(), logic.candidates());
                        VerdictJson::Stuck { rating, grid, candidates }
                    } else {
                        VerdictJson::Solved { rating }
                    };
                    out.write_all(closing(verdict).as_bytes())?;
                }
                Status::Answered
            }
        };
        Ok(outcome)
    }
}
