//! `solve --random K --seed S` on a puzzle with variant constraints. The
//! memo engine's exact counts take its XCC reduction only when that fits
//! 1,024 bits of state (small grids), so the draws come first from the
//! variant search itself:
//!
//! - a puzzle with at most [`LISTED`] solutions has them all listed, and
//!   each draw picks one of them: exactly uniform;
//! - beyond, when the puzzle's XCC reduction fits the memo engine (its
//!   caller's `exact`: small grids), the draws come from its exact counts,
//!   exactly uniform too;
//! - otherwise each draw narrows the puzzle one random open cell at a time,
//!   its digit drawn in proportion to the solutions counted with it, each
//!   count stopped at [`NARROWED`] + 1, until at most [`NARROWED`] are
//!   left, then picks one of those. A step where no count was stopped is
//!   exact, but while counts are stopped the digits that reach the stop
//!   weigh alike, whatever their true counts: the draws are random, not
//!   uniform (a digit with a thousand times the solutions of another can
//!   weigh the same), and stderr says so.
//!
//! Each draw is verified against the whole puzzle before it is printed;
//! a budget that runs out is unknown, never 无解.

use std::io::{self, Write};
use std::ops::ControlFlow;

use dlx::{End, SplitMix64};
use reduce::{GridSolver, Puzzle};

use super::engines::Engines;
use super::Plan;
use crate::output::{text, NO_SOLUTION};
use crate::record::{Layout, Record};
use crate::run::{refuse_with, Note};
use crate::status::Status;

/// Up to this many solutions, every draw is exactly uniform.
pub const LISTED: usize = 10_000;
/// Beyond, a draw narrows the puzzle until at most this many are left.
pub const NARROWED: usize = 64;

/// Why a listing stopped short: a budget, or Ctrl-C.
struct Stopped(End);

/// Lists up to `cap` solutions of `puzzle` (none when its givens clash).
fn list(solver: &mut GridSolver, puzzle: &Puzzle, cap: usize) -> Result<Vec<Vec<u8>>, Stopped> {
    let mut found = Vec::new();
    let outcome = solver.solve(puzzle, |grid: &[u8]| {
        found.push(grid.to_vec());
        if found.len() >= cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match outcome {
        Err(_) => Ok(Vec::new()),
        Ok(o) if matches!(o.end(), End::Complete | End::Limit) => Ok(found),
        Ok(o) => Err(Stopped(o.end())),
    }
}

/// One draw from a puzzle with more than [`LISTED`] solutions: narrowed
/// one random open cell at a time until at most [`NARROWED`] are left.
fn narrowed_draw(
    solver: &mut GridSolver,
    puzzle: &Puzzle,
    narrowed: usize,
    rng: &mut SplitMix64,
) -> Result<Vec<u8>, Stopped> {
    let n = puzzle.n();
    let mut p = puzzle.clone();
    loop {
        let left = list(solver, &p, narrowed + 1)?;
        if left.len() <= narrowed {
            // `p` keeps a solution at every step: its digit was drawn
            // from those counted with one.
            return Ok(left[rng.below(left.len() as u64) as usize].clone());
        }
        let open: Vec<usize> = (0..n * n).filter(|&c| p.givens()[c].is_none()).collect();
        let cell = open[rng.below(open.len() as u64) as usize];
        let mut weights = vec![0u64; n];
        for (v, w) in weights.iter_mut().enumerate() {
            let mut q = p.clone();
            if q.set_given(cell, Some(v as u8)).is_ok() {
                *w = list(solver, &q, narrowed + 1)?.len() as u64;
            }
        }
        let total: u64 = weights.iter().sum();
        if total == 0 {
            return Ok(left[0].clone()); // not met: `p` has solutions
        }
        let mut pick = rng.below(total);
        let mut v = 0;
        for (d, &w) in weights.iter().enumerate() {
            if pick < w {
                v = d;
                break;
            }
            pick -= w;
        }
        if p.set_given(cell, Some(v as u8)).is_err() {
            return Ok(left[0].clone()); // not met: `v` was counted with a solution
        }
    }
}

/// Exact draws beyond the listing when there are any: the caller's memo
/// engine on the puzzle's XCC reduction, when it takes it (`None`: it
/// does not, draw by narrowing).
pub type Exact<'a> =
    &'a mut dyn FnMut(&Engines, &mut dyn Write, &mut Vec<Note>) -> io::Result<Option<Status>>;

/// Draws `count` solutions of a variant puzzle from `seed` (see the
/// module's text).
#[allow(clippy::too_many_arguments)]
pub fn variant(
    record: &Record,
    index: u64,
    puzzle: &Puzzle,
    layout: Layout,
    (count, seed): (u64, u64),
    plan: &Plan,
    engines: &mut Engines,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
    exact: Exact<'_>,
) -> io::Result<Status> {
    let source = &record.source;
    let none = |why: String, out: &mut dyn Write, notes: &mut Vec<Note>| -> io::Result<Status> {
        out.write_all(text::no_solution(Some(layout)).as_bytes())?;
        if !plan.quiet {
            notes.push(Note::plain(format!("{source}: {NO_SOLUTION}: {why}")));
        }
        Ok(Status::None)
    };
    let impossible = puzzle.rules().impossible(puzzle.n());
    if let Some(why) = impossible.or_else(|| puzzle.rules().broken_by_givens(puzzle.n(), puzzle.givens())) {
        return none(why, out, notes);
    }
    let stopped = |Stopped(end): Stopped, notes: &mut Vec<Note>| {
        notes.push(Note::plain(format!("{source}: unknown: the search for draws stopped ({end:?})")));
        if end == End::Interrupted {
            Status::Interrupted
        } else {
            Status::Unknown
        }
    };
    let solver = engines.grid(puzzle.shape());
    solver.set_budget(plan.budget.start());
    let all = match list(solver, puzzle, LISTED + 1) {
        Ok(all) => all,
        Err(s) => return Ok(stopped(s, notes)),
    };
    if all.is_empty() {
        return none("no solution".into(), out, notes);
    }
    let exact_list = all.len() <= LISTED;
    if !exact_list {
        if let Some(status) = exact(engines, out, notes)? {
            return Ok(status);
        }
    }
    let solver = engines.grid(puzzle.shape());
    if !exact_list && !plan.quiet {
        notes.push(Note::plain(format!(
            "{source}: more than {LISTED} solutions: the draws are random, not uniform (each narrows the puzzle \
             by random cells, their digits weighed by counts stopped at {}: docs/variants.md)",
            NARROWED + 1
        )));
    }
    let mut rng = SplitMix64::new(seed);
    for k in 1..=count {
        let grid = if exact_list {
            all[rng.below(all.len() as u64) as usize].clone()
        } else {
            match narrowed_draw(solver, puzzle, NARROWED, &mut rng) {
                Ok(g) => g,
                Err(s) => return Ok(stopped(s, notes)),
            }
        };
        if let Err(why) = puzzle.verify(&grid) {
            let why = format!("internal error, draw not printed: {why}");
            return refuse_with(record, index, why, true, out, notes);
        }
        writeln!(out, "{k}")?;
        out.write_all(text::grid(puzzle, &grid, layout).as_bytes())?;
    }
    Ok(Status::Answered)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{read_str, ReadSettings};
    use crate::record::Body;
    use std::collections::HashSet;

    fn puzzle(text: &str) -> Puzzle {
        match read_str(text, "x.txt", &ReadSettings::default()).into_iter().next().map(|r| r.body) {
            Some(Ok(Body::Puzzle { puzzle, .. })) => puzzle,
            other => panic!("not a puzzle: {other:?}"),
        }
    }

    /// Narrowing (here down to 3 solutions, so most steps count) draws
    /// only solutions, every one of them in time, the same for a seed.
    #[test]
    fn narrowing_draws_every_solution_and_only_solutions() {
        let p = puzzle("....\n....\n....\n....\ndiagonal+\nkiller - r1c1 r2c2\n");
        let mut solver = GridSolver::new(p.shape());
        let all: HashSet<Vec<u8>> = list(&mut solver, &p, 1000).ok().unwrap().into_iter().collect();
        assert!(all.len() > 3 && all.len() < 1000, "{}", all.len());
        let mut rng = SplitMix64::new(11);
        let mut seen = HashSet::new();
        for _ in 0..40 * all.len() {
            let g = narrowed_draw(&mut solver, &p, 3, &mut rng).ok().unwrap();
            assert!(all.contains(&g), "{g:?} is no solution");
            seen.insert(g);
        }
        assert_eq!(seen.len(), all.len(), "some solution is never drawn");
        let (mut a, mut b) = (SplitMix64::new(5), SplitMix64::new(5));
        for _ in 0..10 {
            let x = narrowed_draw(&mut solver, &p, 3, &mut a).ok().unwrap();
            assert_eq!(x, narrowed_draw(&mut solver, &p, 3, &mut b).ok().unwrap());
        }
    }
}
