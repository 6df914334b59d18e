//! `dance solve --best K` (and `--min-cost`, which is `--best 1`): the K
//! cheapest solutions of an exact-cover problem whose options have costs
//! (Knuth's `|n`), in increasing order of cost, ties in the order the
//! search found them. The search is the engine's ([`dlx::Cheapest`], on
//! several threads with an explicit `--jobs`); this module asks for it and
//! writes the answer: in text, each solution numbered as `--all` numbers
//! them, `cost N` on the line after the number, then its options; in JSON,
//! `"solutions"` and `"costs"`.
//!
//! A list is printed only when the search was not cut short: a list found
//! before Ctrl-C or before a budget ran out (`--max-nodes`, `--timeout`) is
//! no answer, since a cheaper solution may lie in the part of the tree not
//! searched. A budget that runs out makes the record unknown: nothing on
//! stdout, `unknown after N nodes` on stderr, `"status": "unknown"` in JSON,
//! exit status 3. A puzzle, or a problem none of
//! whose options costs anything, has no cheapest solutions to speak of:
//! `--best` refuses it (exit 2), and the other records are still answered.

use std::io::{self, Write};
use std::time::Instant;

use dlx::{Cheapest, End, Problem};
use reduce::verify::{self, Failure};

use super::engines::Engines;
use super::Plan;
use crate::output::json::{Answer, Found, RecordLine, Solution, Spent, StatsJson, Unknown};
use crate::output::{text, OutputFormat};
use crate::record::{Body, Record};
use crate::run::{notices, refuse, refuse_with, Note};
use crate::status::Status;

/// Why `--best` cannot answer a record.
fn refusal(problem: Option<&Problem>) -> Option<&'static str> {
    match problem {
        None => Some("--best needs an exact-cover problem whose options have costs; a puzzle has none"),
        Some(p) if !p.has_costs() => Some(
            "--best needs options with costs (`|n` after an option's items, or \"cost\" in JSON); \
             no option of this problem costs more than 0",
        ),
        Some(_) => None,
    }
}

/// Answers one record with its `k` cheapest solutions (the record's
/// notices first); a puzzle, or a problem without costs, is refused.
pub fn cheapest(
    record: &Record,
    index: u64,
    k: u64,
    plan: &Plan,
    engines: &Engines,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
) -> io::Result<Status> {
    notices(record, plan.quiet, notes);
    let source = &record.source;
    let text = plan.output == OutputFormat::Text;
    let (problem, cover) = match &record.body {
        Err(r) => return refuse(record, index, r, text, out, notes),
        Ok(Body::Problem { problem, cover }) => (Some(problem), cover.as_ref()),
        Ok(Body::Puzzle { .. }) => (None, None),
    };
    let json_line = |answer: Answer, stats: Option<StatsJson>| {
        RecordLine { index, source: source.to_string(), note: record.note.as_deref(), answer, stats }
            .to_line()
    };
    let problem = match (refusal(problem), problem) {
        (None, Some(p)) => p,
        (why, _) => {
            let message = why.unwrap_or_default().to_string();
            return refuse_with(record, index, message, text, out, notes);
        }
    };
    let start = plan.stats.then(Instant::now);
    let mut cheapest = Cheapest::new(problem);
    cheapest.set_probe(engines.probe().cloned());
    // --stats walks DLX5's own tree, with its statistics.
    let request = plan.request();
    let k = usize::try_from(k).unwrap_or(usize::MAX);
    let best = dlx::parallel::best_for(&mut cheapest, k, &request);
    let stats = cheapest.stats();
    let seconds = start.map_or(0.0, |t| t.elapsed().as_secs_f64());
    let list = match best.cheapest() {
        Some(list) => list,
        None if best.end() == End::Interrupted => return Ok(Status::Interrupted),
        None => {
            // A budget ran out: the list is unknown, never a shorter one.
            let found = best.so_far().len() as u64;
            if !plan.quiet {
                let why = if best.end() == End::OutOfTime { "timeout" } else { "budget" };
                notes.push(Note::plain(format!(
                    "{source}: unknown after {} nodes ({why}): {found} solution{} found, not known to be the cheapest",
                    best.nodes(),
                    if found == 1 { "" } else { "s" }
                )));
            }
            if !text {
                let answer = Answer::Unknown(Unknown {
                    budget: if best.end() == End::OutOfTime { Spent::Time } else { Spent::Nodes },
                    nodes: best.nodes(),
                    count_so_far: found.into(),
                    solutions: Vec::new(),
                });
                out.write_all(json_line(answer, None).as_bytes())?;
            }
            return Ok(Status::Unknown);
        }
    };
    // Every solution verified before any is printed: an exact cover, the
    // cost it claims, and the grid of an exported puzzle.
    let check = |s: &dlx::Costed| {
        verify::cover(problem, &s.options)?;
        if problem.solution_cost(&s.options) != s.cost {
            return Err(Failure { reason: format!("a solution's cost is not {}", s.cost) });
        }
        cover.map_or(Ok(()), |pc| verify::grid(&pc.puzzle, &pc.decode(&s.options)))
    };
    if let Some(Err(f)) = list.iter().map(check).find(Result::is_err) {
        return refuse_with(record, index, f.to_string(), text, out, notes);
    }
    let mut solutions = Vec::with_capacity(list.len());
    for (n, s) in list.iter().enumerate() {
        let grid = cover.map(|pc| pc.decode(&s.options));
        if text {
            writeln!(out, "{}\ncost {}", n + 1, s.cost)?;
            match (cover, &grid) {
                (Some(pc), Some(g)) => out.write_all(
                    text::grid(&pc.puzzle, g, plan.layouts.layout_for(&pc.puzzle, pc.layout)).as_bytes(),
                )?,
                _ => text::options(out, problem, &s.options)?,
            }
        } else {
            solutions.push(match (cover, &grid) {
                (Some(pc), Some(g)) => Solution::Grid(text::symbols(&pc.puzzle, g)),
                _ => Solution::Options(
                    s.options.iter().map(|&o| problem.display_option(o).to_string()).collect(),
                ),
            });
        }
    }
    let count = list.len() as u64;
    if count == 0 && text {
        let layout = cover.map(|pc| plan.layouts.layout_for(&pc.puzzle, pc.layout));
        out.write_all(text::no_solution(layout).as_bytes())?;
    }
    if plan.stats && !plan.quiet {
        notes.push(Note { text: format!("{source}: {}", text::stats_line(&stats, seconds)), once: None });
    }
    if !text {
        let costs = Some(list.iter().map(|s| s.cost).collect());
        let f = Found { count: count.into(), solutions, costs };
        // Fewer than asked: the search saw every solution.
        let exhaustive = (count as usize) < k;
        let answer = match (count, exhaustive) {
            (0, _) => Answer::None(f),
            (1, true) => Answer::Unique(f),
            (1, false) => Answer::Solved(f),
            _ => Answer::Multiple(f),
        };
        let stats = plan.stats.then_some(StatsJson { nodes: stats.nodes, updates: stats.updates, seconds });
        out.write_all(json_line(answer, stats).as_bytes())?;
    }
    Ok(if count == 0 { Status::None } else { Status::Answered })
}
