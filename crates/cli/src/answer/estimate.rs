//! `count --estimate`: how big each record's search is, before searching
//! it. Knuth's random-probe estimate of the tree (the library's
//! [`dlx::Solver::estimate`], and [`reduce::GridSolver::estimate`] for
//! puzzles, on dancing links; for puzzles with variant constraints, on
//! their XCC reduction, so its nodes are DLX's on that matrix, not the
//! variant search's) gives the number of solutions and the nodes of the
//! full search, each with a 95% interval; this module lays them out
//! as one line of text or one JSON object.
//!
//! The text line reads
//!
//! ```text
//! ~14186 solutions [13926, 14487], ~332240 nodes [330727, 333943]
//! ```
//!
//! `~` marks an estimate (as `+` marks a count cut short), and the
//! brackets hold the 95% interval. A tree small enough to be walked whole
//! is counted, not estimated: `14200 solutions, 332940 nodes (exact)`.
//! Numbers are rounded to whole ones up to 10^15, and written as `5.960e98`
//! above. An end the sample cannot bound is `inf`.

use std::io::{self, Write};

use dlx::estimate::MIN_HITS;
use dlx::{End, Estimate, EstimateOptions, Figure};

use super::engines::Engines;
use super::Plan;
use crate::output::json::{Answer, Approx, EstimateJson, EstimateLine, Intervals, RecordLine};
use crate::output::OutputFormat;
use crate::record::{Body, Record};
use crate::run::{notices, refuse, refuse_with, Note};
use crate::status::Status;

/// Estimates one record (a puzzle or a problem that was read), writes the
/// line, and adds notes for stderr (the record's notices first); of
/// `plan`, only the output format and quietness count.
pub fn estimate(
    record: &Record,
    index: u64,
    options: &EstimateOptions,
    plan: &Plan,
    engines: &mut Engines,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
) -> io::Result<Status> {
    let quiet = plan.quiet;
    notices(record, quiet, notes);
    let text = plan.output == OutputFormat::Text;
    let source = &record.source;
    let estimate = match &record.body {
        Err(r) => return refuse(record, index, r, text, out, notes),
        // The links search the grid's units only: a puzzle with variant
        // constraints is estimated on its XCC reduction, which holds them.
        Ok(Body::Puzzle { puzzle, .. }) if !puzzle.is_classic() => match reduce::reduce_variant(puzzle) {
            Ok((r, _)) => engines.solver(&r.problem).estimate(options),
            Err(reduce::VariantError::Conflict(conflict)) => {
                if !quiet {
                    notes.push(Note::plain(format!("{source}: 0 solutions: {conflict}")));
                }
                nothing()
            }
            Err(e @ reduce::VariantError::Unreduced(_)) => {
                let why = format!(
                    "--estimate probes the exact-cover reduction, and {e}: count the puzzle instead (--limit, \
                     --timeout and --max-nodes bound the count)"
                );
                return refuse_with(record, index, why, text, out, notes);
            }
        },
        Ok(Body::Puzzle { puzzle, .. }) => match engines.grid(puzzle.shape()).estimate(puzzle, options) {
            Ok(e) => e,
            Err(conflict) => {
                // Clashing givens: no solution, and no search at all.
                if !quiet {
                    notes.push(Note::plain(format!("{source}: 0 solutions: {conflict}")));
                }
                nothing()
            }
        },
        Ok(Body::Problem { problem, .. }) => engines.solver(problem).estimate(options),
    };
    if estimate.end != End::Complete {
        return Ok(Status::Interrupted);
    }
    if !quiet && !estimate.exact && estimate.hits < MIN_HITS {
        notes.push(Note::plain(format!(
            "{source}: {} of {} probes reached a solution: too few to bound the solutions, whose \
             interval is only what is certain",
            estimate.hits, estimate.probes
        )));
    }
    if text {
        writeln!(out, "{}", line(&estimate))?;
    } else {
        let line = RecordLine {
            index,
            source: source.to_string(),
            note: record.note.as_deref(),
            answer: Answer::Estimate(EstimateLine { estimate: json(&estimate, options) }),
            stats: None,
        };
        out.write_all(line.to_line().as_bytes())?;
    }
    Ok(Status::Answered)
}

/// The estimate of a search that has nothing to search.
fn nothing() -> Estimate {
    let zero = Figure { value: 0.0, low: 0.0, high: 0.0, from_spread: true };
    Estimate {
        probes: 0,
        solutions: zero,
        nodes: zero,
        leaves: zero,
        hits: 0,
        counted: 0,
        strata: 0,
        exact: true,
        end: End::Complete,
    }
}

/// A figure's number, rounded (see the module documentation).
fn number(x: f64) -> String {
    if !x.is_finite() {
        "inf".into()
    } else if x.abs() < 1e15 {
        format!("{:.0}", x)
    } else {
        format!("{:.3e}", x)
    }
}

/// The text line of an estimate.
pub fn line(e: &Estimate) -> String {
    let plural = |x: f64| if number(x) == "1" { "" } else { "s" };
    if e.exact {
        let (s, n) = (e.solutions.value, e.nodes.value);
        return format!("{} solution{}, {} node{} (exact)", number(s), plural(s), number(n), plural(n));
    }
    let figure = |f: &Figure, what: &str| {
        format!("~{} {what}{} [{}, {}]", number(f.value), plural(f.value), number(f.low), number(f.high))
    };
    format!("{}, {}", figure(&e.solutions, "solution"), figure(&e.nodes, "node"))
}

/// The JSON object of an estimate.
fn json(e: &Estimate, options: &EstimateOptions) -> EstimateJson {
    let end = |x: f64| x.is_finite().then_some(Approx(x));
    EstimateJson {
        probes: e.probes,
        seed: options.seed,
        solutions: Approx(e.solutions.value),
        nodes: Approx(e.nodes.value),
        interval: Intervals {
            solutions: [end(e.solutions.low), end(e.solutions.high)],
            nodes: [end(e.nodes.low), end(e.nodes.high)],
        },
        hits: e.hits,
        exact: e.exact,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_documented() {
        let f = |value, low, high| Figure { value, low, high, from_spread: true };
        let mut e = nothing();
        assert_eq!(line(&e), "0 solutions, 0 nodes (exact)");
        e.solutions = f(1.0, 1.0, 1.0);
        e.nodes = f(6.0, 6.0, 6.0);
        assert_eq!(line(&e), "1 solution, 6 nodes (exact)");
        e.exact = false;
        e.solutions = f(14186.4, 13926.0, 14487.2);
        e.nodes = f(5.96e98, 1.0, f64::INFINITY);
        assert_eq!(line(&e), "~14186 solutions [13926, 14487], ~5.960e98 nodes [1, inf]");
    }
}
