//! `solve --random K --seed S`: K solutions of a record, each drawn with
//! probability exactly 1/count from the memo engine's counts
//! ([`dlx::MemoCounter::sample`]; docs/memo.md). A classic puzzle is drawn
//! through its exact-cover reduction (its givens forced): uniform random
//! completions of a partial grid, uniform full grids of a blank one. The
//! draws are independent (the same solution may come twice), numbered
//! from 1, each verified before it is printed; the same seed gives the
//! same draws. A puzzle with variant constraints has no such counts: its
//! draws come from the variant search (`random_variant`).

use std::io::{self, Write};

use dlx::{Branching, MemoCounter, MemoError, Problem, SplitMix64};

use super::engines::Engines;
use super::Plan;
use crate::output::{text, NO_SOLUTION};
use crate::record::{Body, Layout, Record};
use crate::run::{notices, refuse, refuse_with, Note};
use crate::status::Status;

/// What `--random` asks: how many draws, and the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draws {
    /// How many solutions to draw.
    pub count: u64,
    /// The generator's seed (every record starts from it).
    pub seed: u64,
}

/// Draws `draws` solutions of one record (text only: `solve` refuses
/// `--random` with JSON).
#[allow(clippy::too_many_arguments)]
pub fn random(
    record: &Record,
    index: u64,
    draws: Draws,
    plan: &Plan,
    engines: &mut Engines,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
) -> io::Result<Status> {
    notices(record, plan.quiet, notes);
    let body = match &record.body {
        Ok(b) => b,
        Err(r) => return refuse(record, index, r, true, out, notes),
    };
    match body {
        Body::Puzzle { puzzle, layout } => {
            let layout = plan.layouts.layout_for(puzzle, *layout);
            if !puzzle.is_classic() {
                // Beyond the variant search's listing, the memo engine draws
                // exactly from the XCC reduction when it takes it.
                let mut by_memo = |engines: &Engines, out: &mut dyn Write, notes: &mut Vec<Note>| {
                    let Ok((r, _)) = reduce::reduce_variant(puzzle) else { return Ok(None) };
                    if !MemoCounter::takes(&r.problem) {
                        return Ok(None);
                    }
                    let write =
                        |out: &mut dyn Write, opts: &[usize]| write_grid(out, puzzle, &r, opts, layout);
                    let (problem, forced) = (&r.problem, &r.forced[..]);
                    draw(
                        record,
                        index,
                        problem,
                        forced,
                        Some(layout),
                        draws,
                        plan,
                        engines,
                        out,
                        notes,
                        write,
                    )
                    .map(Some)
                };
                let d = (draws.count, draws.seed);
                return super::random_variant::variant(
                    record,
                    index,
                    puzzle,
                    layout,
                    d,
                    plan,
                    engines,
                    out,
                    notes,
                    &mut by_memo,
                );
            }
            let r = match reduce::reduce(puzzle, reduce::Encoding::Forced) {
                Ok(r) => r,
                Err(conflict) => {
                    out.write_all(text::no_solution(Some(layout)).as_bytes())?;
                    notes.push(Note::plain(format!("{}: {NO_SOLUTION}: {conflict}", record.source)));
                    return Ok(Status::None);
                }
            };
            let write = |out: &mut dyn Write, opts: &[usize]| write_grid(out, puzzle, &r, opts, layout);
            draw(record, index, &r.problem, &r.forced, Some(layout), draws, plan, engines, out, notes, write)
        }
        Body::Problem { problem, cover } => {
            let layout = cover.as_ref().map(|pc| plan.layouts.layout_for(&pc.puzzle, pc.layout));
            let write = |out: &mut dyn Write, opts: &[usize]| -> io::Result<Result<(), String>> {
                if !problem.is_solution(opts) {
                    return Ok(Err("a draw is not an exact cover".into()));
                }
                match (cover, layout) {
                    (Some(pc), Some(l)) => {
                        out.write_all(text::grid(&pc.puzzle, &pc.decode(opts), l).as_bytes())?
                    }
                    _ => text::options(out, problem, opts)?,
                }
                Ok(Ok(()))
            };
            draw(record, index, problem, &[], layout, draws, plan, engines, out, notes, write)
        }
    }
}

/// Writes the grid a draw of `r` (a puzzle's reduction) decodes to, once
/// it is verified against the whole puzzle (`Err`: why it was not).
fn write_grid(
    out: &mut dyn Write,
    puzzle: &reduce::Puzzle,
    r: &reduce::Reduction,
    opts: &[usize],
    layout: Layout,
) -> io::Result<Result<(), String>> {
    let grid = r.decode(puzzle, opts);
    if let Err(why) = puzzle.verify(&grid) {
        return Ok(Err(why));
    }
    out.write_all(text::grid(puzzle, &grid, layout).as_bytes())?;
    Ok(Ok(()))
}

/// Counts `problem` below `forced` by memo and writes `draws` solutions
/// drawn from the counts, each through `write` (which verifies it).
#[allow(clippy::too_many_arguments)]
fn draw<W>(
    record: &Record,
    index: u64,
    problem: &Problem,
    forced: &[usize],
    layout: Option<Layout>,
    draws: Draws,
    plan: &Plan,
    engines: &Engines,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
    write: W,
) -> io::Result<Status>
where
    W: Fn(&mut dyn Write, &[usize]) -> io::Result<Result<(), String>>,
{
    let memory = plan.memory.unwrap_or(dlx::DEFAULT_MEMORY);
    let Some(mut memo) = MemoCounter::new(problem, Branching::First, memory) else {
        let why = "--random needs the memo engine, which takes no bounds and at most 1,024 bits of state";
        return refuse_with(record, index, why.into(), true, out, notes);
    };
    memo.set_probe(engines.probe().cloned());
    memo.set_budget(plan.budget.start());
    let source = &record.source;
    let stopped = |e: MemoError, notes: &mut Vec<Note>| {
        notes.push(Note::plain(format!("{source}: unknown: the count by memo stopped: {e}")));
        match e {
            MemoError::Stopped(dlx::End::Interrupted) => Status::Interrupted,
            _ => Status::Unknown,
        }
    };
    let total = match memo.count(forced) {
        Ok(c) => c,
        Err(e) => return Ok(stopped(e, notes)),
    };
    if total == 0 {
        out.write_all(text::no_solution(layout).as_bytes())?;
        if !plan.quiet {
            notes.push(Note::plain(format!("{source}: {NO_SOLUTION}: no solution")));
        }
        return Ok(Status::None);
    }
    let mut rng = SplitMix64::new(draws.seed);
    for k in 1..=draws.count {
        let opts = match memo.sample(forced, &mut rng) {
            Ok(Some(o)) => o,
            Ok(None) => {
                let why = "internal error: a count above 0 gave no draw".to_string();
                return refuse_with(record, index, why, true, out, notes);
            }
            Err(e) => return Ok(stopped(e, notes)),
        };
        writeln!(out, "{k}")?;
        if let Err(why) = write(out, &opts)? {
            return refuse_with(
                record,
                index,
                format!("internal error, draw not printed: {why}"),
                true,
                out,
                notes,
            );
        }
    }
    Ok(Status::Answered)
}
