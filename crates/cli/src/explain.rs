//! `dance explain`, `dance hint` and `dance rate`: each puzzle answered by
//! the logical solver (`reduce::logic`) instead of a search.
//!
//! An [`Explainer`] is one thread's answerer in the shared record loop
//! (`app.rs`: batches, threads in input order, streaming, Ctrl-C, refused
//! records). It keeps one solver per shape, runs it on each puzzle and
//! writes, through [`crate::output::logic`], the steps (explain), the first
//! step (hint) or nothing but the closing line (rate). A puzzle without
//! exactly one solution gets no rating, and none of its steps are shown:
//! its closing line says whether it has no solution, several, or whether
//! the uniqueness search ran out of its budget. An exact-cover problem is
//! refused (an exported puzzle, which still knows its grid, is answered as
//! that puzzle).
//!
//! Outcomes, for the exit status: rated (solved or stuck) and answered
//! hints are [`Outcome::Solved`] (0); no solution or several are
//! [`Outcome::NoSolution`] (1); unknown is [`Outcome::Unknown`] (3); a
//! refused record or problem [`Outcome::Refused`] (2).

use std::io::{self, Write};
use std::sync::Arc;

use dlx::Probe;
use reduce::logic::{Logic, Step, Unrated, Verdict};
use reduce::{Puzzle, Shape};

use crate::answer::{notices, refuse, Note, Outcome};
use crate::app::Answerer;
use crate::args::{LogicCommand, LogicPlan, OutputFormat};
use crate::output::logic::{self as words, json_line, VerdictJson, VerdictLine};
use crate::record::{Body, InputError, Record, Refusal};

/// The most shapes whose solvers are kept at a time (a stream of jigsaws
/// does not grow without bound).
const MAX_SOLVERS: usize = 16;

/// Answers records by logic, for one thread.
pub struct Explainer<'a> {
    plan: &'a LogicPlan,
    probe: Arc<Probe>,
    solvers: Vec<(Shape, Logic)>,
    /// The steps of the puzzle under way, held until its verdict says
    /// whether to show them.
    steps: Vec<u8>,
}

impl<'a> Explainer<'a> {
    /// An answerer for `plan` whose uniqueness searches Ctrl-C can stop
    /// through `probe`.
    pub fn new(plan: &'a LogicPlan, probe: Arc<Probe>) -> Explainer<'a> {
        Explainer { plan, probe, solvers: Vec::new(), steps: Vec::new() }
    }

    /// The solver for `shape`, made on first use.
    fn solver(&mut self, shape: &Shape) -> &mut Logic {
        let k = match self.solvers.iter().position(|(s, _)| s == shape) {
            Some(k) => k,
            None => {
                if self.solvers.len() >= MAX_SOLVERS {
                    self.solvers.clear();
                }
                let mut logic = Logic::new(shape);
                logic.set_max_nodes(self.plan.max_nodes);
                logic.set_probe(Some(self.probe.clone()));
                self.solvers.push((shape.clone(), logic));
                self.solvers.len() - 1
            }
        };
        &mut self.solvers[k].1
    }

    /// Runs the solver on `puzzle` as the command asks: the verdict, and
    /// in `self.steps` what to print before the closing line if the
    /// puzzle is rated.
    fn run(&mut self, puzzle: &Puzzle, index: u64) -> (Verdict, Option<Step>) {
        let (command, json) = (self.plan.command, self.plan.output == OutputFormat::Json);
        let mut steps = std::mem::take(&mut self.steps);
        steps.clear();
        let logic = self.solver(puzzle.shape());
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
    ) -> io::Result<Outcome> {
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
            return Ok(Outcome::Interrupted);
        }
        let source = &record.source;
        let logic = &self.solvers.iter().find(|(s, _)| s == puzzle.shape()).expect("the solver just used").1;
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
                    Unrated::Unknown { .. } => Outcome::Unknown,
                    _ => Outcome::NoSolution,
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
                Outcome::Solved
            }
        };
        Ok(outcome)
    }
}
