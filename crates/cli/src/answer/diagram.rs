//! `count --zdd FILE`: a record counted by the memo engine, which leaves
//! the decision diagram of all its solutions behind (reduced: equal nodes
//! merged), written to FILE in dance's format (the problem inside, see
//! [`crate::zdd_file`]) or Knuth's (as DLX6 prints it); the count, from
//! the diagram, on stdout as `count` prints it. A classic puzzle is
//! counted through its exact-cover reduction (dance export's, so that the
//! file holds the puzzle and `dance zdd list` prints grids).

use std::io::{self, Write};
use std::path::PathBuf;

use dlx::{Branching, MemoCounter, MemoError, Problem, Zdd};
use reduce::Reduction;

use super::engines::Engines;
use super::Plan;
use crate::error::Format;
use crate::output::export;
use crate::record::{Body, Record};
use crate::run::{notices, refuse, refuse_with, Note};
use crate::status::Status;
use crate::zdd_file;

/// Which form `--zdd` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ZddFormat {
    /// dance's own: versioned, the problem inside, read back by `dance zdd`.
    Dance,
    /// Knuth's text form, as DLX6 prints it (`id: (~option?lo:hi)`, hex ids).
    Knuth,
}

/// Where and how `--zdd` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZddOut {
    /// The file.
    pub path: PathBuf,
    /// Its form.
    pub format: ZddFormat,
}

/// Counts one record by memo and writes its diagram; the status, and
/// whether the file was written.
pub fn diagram(
    record: &Record,
    index: u64,
    to: &ZddOut,
    plan: &Plan,
    engines: &Engines,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
) -> io::Result<(Status, bool)> {
    notices(record, plan.quiet, notes);
    let body = match &record.body {
        Ok(b) => b,
        Err(r) => return Ok((refuse(record, index, r, true, out, notes)?, false)),
    };
    let source = record.source.to_string();
    let (problem, text, format) = match body {
        Body::Puzzle { puzzle, layout } => {
            if !puzzle.is_classic() {
                let why =
                    "--zdd counts by memo through the exact-cover reduction, and a puzzle with variant \
                           constraints has none (count it without --zdd)";
                return Ok((refuse_with(record, index, why.into(), true, out, notes)?, false));
            }
            let r = match reduce::reduce(puzzle, reduce::Encoding::Reduced) {
                Ok(r) => r,
                Err(conflict) => {
                    writeln!(out, "0")?;
                    if !plan.quiet {
                        notes.push(Note::plain(format!(
                            "{source}: 0 solutions: {conflict}; no diagram written"
                        )));
                    }
                    return Ok((Status::Answered, false));
                }
            };
            let layout = plan.layouts.layout_for(puzzle, *layout);
            let text = export::puzzle_json(puzzle, layout, &r);
            (r.problem, text, Format::Json)
        }
        Body::Problem { problem, cover: Some(pc) } => {
            let r =
                Reduction { problem: problem.clone(), placements: pc.placements.clone(), forced: Vec::new() };
            let text = export::puzzle_json(&pc.puzzle, pc.layout, &r);
            (r.problem, text, Format::Json)
        }
        Body::Problem { problem, cover: None } => {
            (problem.clone(), export::problem_dlx(problem), Format::Dlx)
        }
    };
    let memory = plan.memory.unwrap_or(dlx::DEFAULT_MEMORY);
    let Some(mut memo) = MemoCounter::new(&problem, branching(&problem), memory) else {
        let why = "--zdd needs the memo engine, which takes no bounds and at most 1,024 bits of state";
        return Ok((refuse_with(record, index, why.into(), true, out, notes)?, false));
    };
    memo.set_probe(engines.probe().cloned());
    memo.set_budget(plan.budget.start());
    let zdd = match memo.diagram() {
        Ok(z) => z,
        Err(e) => {
            let why = match e {
                MemoError::Memory => format!("{e}: raise --memory"),
                _ => e.to_string(),
            };
            notes.push(Note::plain(format!("{source}: unknown: no diagram written: {why}")));
            let status = match e {
                MemoError::Stopped(dlx::End::Interrupted) => Status::Interrupted,
                _ => Status::Unknown,
            };
            return Ok((status, false));
        }
    };
    let count = match zdd.count() {
        Ok(c) => c,
        Err(e) => {
            notes.push(Note::plain(format!("{source}: unknown: no diagram written: {e}")));
            return Ok((Status::Unknown, false));
        }
    };
    // The diagram is checked as `dance zdd` will check it when read back.
    if let Err(e) = zdd.check_covers(&problem) {
        let why = format!("internal error, no diagram written: {e}");
        return Ok((refuse_with(record, index, why, true, out, notes)?, false));
    }
    if let Err(e) = write_file(to, &text, format, &zdd, count) {
        let why = format!("--zdd {}: {}", to.path.display(), crate::input::io_message(&e));
        return Ok((refuse_with(record, index, why, true, out, notes)?, false));
    }
    writeln!(out, "{count}")?;
    if !plan.quiet {
        let nodes = zdd.len();
        let s = if nodes == 1 { "" } else { "s" };
        notes.push(Note::plain(format!(
            "{source}: a diagram of {nodes} node{s} written to {}",
            to.path.display()
        )));
    }
    Ok((Status::Answered, true))
}

/// The branching rule: the first item, unless a trial with the fewest
/// options finds each state standing for twice as many plain nodes (the
/// memo engine's own choice, docs/memo.md).
fn branching(problem: &Problem) -> Branching {
    let Some(mut m) = MemoCounter::new(problem, Branching::First, 1 << 20) else {
        return Branching::First;
    };
    let (first, done) = m.trial(5_000);
    if done {
        return Branching::First;
    }
    m.set_branching(Branching::Fewest);
    let (fewest, _) = m.trial(5_000);
    if fewest >= 2.0 * first {
        Branching::Fewest
    } else {
        Branching::First
    }
}

fn write_file(to: &ZddOut, text: &str, format: Format, zdd: &Zdd, count: u128) -> io::Result<()> {
    let mut f = io::BufWriter::with_capacity(1 << 16, std::fs::File::create(&to.path)?);
    match to.format {
        ZddFormat::Dance => zdd_file::write(&mut f, text, format, zdd, count)?,
        ZddFormat::Knuth => zdd.write_knuth(&mut f)?,
    }
    f.flush()
}
