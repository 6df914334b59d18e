//! # analyze: what a setter wants to know about a puzzle
//!
//! [`Analyzer::analyze`] answers, for one puzzle of any shape:
//!
//! - how many solutions it has: none, one, or two and more (counted up to
//!   a limit);
//! - with one solution: whether it is **minimal**, and its **redundant
//!   givens** (each given whose removal alone keeps the solution unique:
//!   the puzzle without it, its symbol excluded there, has no solution);
//! - with two or more: **two solutions and the cells where they differ**,
//!   made as small as this search can (see [`Differ`]); the **true
//!   candidates** of each empty cell (the symbols that cell has in at
//!   least one solution); and **one given to add** that leaves the fewest
//!   solutions;
//! - with none: the clash between givens, if that is why;
//! - always: the number of givens and the symmetries of their pattern.
//!
//! Every search obeys the analyzer's [`Budget`] (per search), so that a
//! puzzle with astronomically many solutions is analyzed in bounded time;
//! what a search could not settle is reported as unknown, never guessed.
//!
//! [`true_candidates`] answers the setter's question for any puzzle,
//! variant or classic: the symbols each cell holds in some solution, and
//! in how many (up to a cap), through the grid searches (the variant
//! search for a puzzle with rules), with the count of solutions (none,
//! one, two or more) on the way.
//!
//! **True candidates** take at most one search per candidate: the symbols
//! of every solution found so far are known to be true; for each empty
//! cell the search asks for a solution that places none of the cell's
//! known symbols there ([`GridSolver::solve_excluding`]). It finds a new
//! true symbol for the cell (and, with its whole grid, perhaps for other
//! cells), or proves that the symbols left are false.

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::{Budget, End, Probe};

use crate::constraint::{Constraint, Killer};
use crate::cover::variant::VariantError;
use crate::grid::Shape;
use crate::puzzle::{Conflict, Puzzle};
use crate::search::GridSolver;
use crate::symmetry::Symmetry;

/// The solutions [`Analyzer`] enumerates to choose the given to suggest:
/// up to this many, the choice and the count it leaves are exact.
pub const SAMPLE: u64 = 1000;

/// How many solutions a puzzle has, as far as the count went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many (the search was complete).
    Exactly(u64),
    /// At least this many: the count stopped at its limit.
    AtLeast(u64),
    /// The budget ran out (or the search was interrupted) after this many:
    /// the count is unknown.
    Unknown(u64),
}

impl Count {
    /// The solutions found.
    pub fn found(self) -> u64 {
        match self {
            Count::Exactly(k) | Count::AtLeast(k) | Count::Unknown(k) => k,
        }
    }
}

/// Two solutions and the cells where they differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Differ {
    /// The cells (row by row from 0) where the two solutions differ.
    pub cells: Vec<usize>,
    /// Whether the set is minimal: no solution differs from the first in
    /// a part of these cells only (none agrees with the first on one of
    /// them and differs from it on the others). `false` when a search ran
    /// out of budget before that was settled. It is the smallest set this
    /// search finds, not always the smallest there is.
    pub minimal: bool,
}

/// The true candidates of an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// The cell, row by row from 0.
    pub cell: usize,
    /// The symbols (bit `v` for symbol `v`) the cell has in some solution.
    pub symbols: u64,
    /// The symbols a search ran out of budget on: maybe true, maybe not.
    pub unknown: u64,
}

/// A given to add.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The cell, row by row from 0.
    pub cell: usize,
    /// The symbol.
    pub symbol: u8,
    /// The solutions the puzzle keeps with it, when counted to the end
    /// (up to [`SAMPLE`]); `None` beyond that or when the budget ran out.
    pub leaves: Option<u64>,
    /// Whether the choice is exact: every solution was seen (at most
    /// [`SAMPLE`] of them) and no other given leaves fewer. Otherwise it
    /// is the rarest true candidate among the first [`SAMPLE`] solutions.
    pub exact: bool,
}

/// What [`Analyzer::analyze`] found out about a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The number of givens.
    pub clues: usize,
    /// The symmetries of the pattern of givens (none: empty).
    pub symmetry: Vec<Symmetry>,
    /// The clash between givens that leaves no solution, if any.
    pub conflict: Option<Conflict>,
    /// The solutions, as far as they were counted.
    pub count: Count,
    /// The first two solutions found (fewer if there are fewer).
    pub solutions: Vec<Vec<u8>>,
    /// One solution: whether no given can go (`None` when a test ran out
    /// of budget and none found a redundant given).
    pub minimal: Option<bool>,
    /// One solution: the redundant givens (cells row by row from 0).
    pub redundant: Vec<usize>,
    /// One solution: givens whose test ran out of budget.
    pub undecided: Vec<usize>,
    /// Two solutions or more: where two of them differ.
    pub differ: Option<Differ>,
    /// Two solutions or more: the true candidates of every empty cell.
    pub candidates: Vec<Candidates>,
    /// Two solutions or more: a given that cuts the solutions most.
    pub suggest: Option<Suggestion>,
}

/// The analyses of one shape's puzzles, reusing their searches.
#[derive(Clone, Debug)]
pub struct Analyzer {
    shape: Shape,
    solver: GridSolver,
    probe: Option<Arc<Probe>>,
}

impl Analyzer {
    /// An analyzer for puzzles of `shape`, on the engine the search layer
    /// picks for it, with no budget.
    pub fn new(shape: &Shape) -> Analyzer {
        Analyzer { shape: shape.clone(), solver: GridSolver::new(shape), probe: None }
    }

    /// The shape it serves.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Bounds every search of the analyses to come (nodes per search, and
    /// a deadline).
    pub fn set_budget(&mut self, budget: Budget) {
        self.solver.set_budget(budget);
    }

    /// Reports the searches to `probe`, which can also stop them.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.solver.set_probe(probe.clone());
        self.probe = probe;
    }

    /// Whether the probe asked to stop.
    fn stopped(&self) -> bool {
        self.probe.as_ref().is_some_and(|p| p.stopped())
    }

    /// Analyzes `puzzle` (of this analyzer's shape), counting its
    /// solutions up to `limit` (2 at least).
    pub fn analyze(&mut self, puzzle: &Puzzle, limit: u64) -> Analysis {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        let n = puzzle.n();
        let limit = limit.max(2);
        let givens = puzzle.givens();
        let mut a = Analysis {
            clues: givens.iter().filter(|g| g.is_some()).count(),
            symmetry: Symmetry::of_pattern(n, |c| givens[c].is_some()),
            conflict: None,
            count: Count::Exactly(0),
            solutions: Vec::new(),
            minimal: None,
            redundant: Vec::new(),
            undecided: Vec::new(),
            differ: None,
            candidates: Vec::new(),
            suggest: None,
        };
        // The count, keeping the first two solutions.
        let mut left = limit;
        let solutions = &mut a.solutions;
        let counted = self.solver.solve_any(puzzle, |g| {
            if solutions.len() < 2 {
                solutions.push(g.to_vec());
            }
            left -= 1;
            if left == 0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let outcome = match counted {
            Ok(o) => o,
            Err(conflict) => {
                a.conflict = Some(conflict);
                return a;
            }
        };
        a.count = match outcome.end() {
            End::Complete => Count::Exactly(outcome.so_far()),
            End::Limit => Count::AtLeast(outcome.so_far()),
            _ => Count::Unknown(outcome.so_far()),
        };
        match (a.count, a.solutions.len()) {
            (Count::Exactly(1), _) => self.redundancy(puzzle, &mut a),
            (_, 2) => {
                self.differ(puzzle, &mut a);
                let sample = self.sample(puzzle);
                self.candidates(puzzle, &sample, &mut a);
                self.suggest(puzzle, &sample, &mut a);
            }
            _ => {}
        }
        a
    }

    /// The redundant givens of a puzzle with one solution.
    ///
    /// Each test asks for a solution other than the one known: the given's
    /// symbol excluded at its cell, the known solution's symbols tried
    /// first ([`GridSolver::solve_near`]), on a search that filters hard
    /// and never restarts (most tests of a minimal puzzle are proofs or
    /// nearby second solutions, as when making one: see
    /// `generate/remove.rs`).
    fn redundancy(&mut self, puzzle: &Puzzle, a: &mut Analysis) {
        let solution = a.solutions[0].clone();
        self.solver.set_restarts(false);
        self.solver.set_filtering(true);
        self.tests(puzzle, &solution, a);
        self.solver.set_restarts(true);
        self.solver.set_filtering(false);
        a.minimal = if !a.redundant.is_empty() {
            Some(false)
        } else if a.undecided.is_empty() {
            Some(true)
        } else {
            None
        };
    }

    /// The tests of [`Analyzer::redundancy`], one per given.
    fn tests(&mut self, puzzle: &Puzzle, solution: &[u8], a: &mut Analysis) {
        let mut p = puzzle.clone();
        for (cell, g) in puzzle.givens().iter().enumerate() {
            let Some(v) = *g else { continue };
            if self.stopped() {
                a.undecided.push(cell);
                continue;
            }
            p.givens_mut()[cell] = None;
            let o = self.solver.solve_near(&p, &[(cell, v)], solution, |_| ControlFlow::Break(()));
            p.givens_mut()[cell] = Some(v);
            match (o.so_far(), o.end().is_unknown()) {
                (0, false) => a.redundant.push(cell),
                (0, true) => a.undecided.push(cell),
                _ => {}
            }
        }
    }

    /// Where the two solutions differ, made minimal: while a solution
    /// differs from the first on part of the cells only, it becomes the
    /// second.
    fn differ(&mut self, puzzle: &Puzzle, a: &mut Analysis) {
        let n2 = puzzle.n() * puzzle.n();
        let first = a.solutions[0].clone();
        let mut second = a.solutions[1].clone();
        let mut cells: Vec<usize> = (0..n2).filter(|&c| first[c] != second[c]).collect();
        let mut minimal = true;
        'smaller: loop {
            for &keep in &cells {
                if self.stopped() {
                    minimal = false;
                    break 'smaller;
                }
                // The first solution everywhere but on the other cells of
                // the set: is there another solution there?
                let mut p = puzzle.clone();
                for (c, g) in p.givens_mut().iter_mut().enumerate() {
                    *g = (c == keep || first[c] == second[c]).then_some(first[c]);
                }
                let mut other = None;
                let o = self.solver.solve_any(&p, |g| {
                    if g != first.as_slice() {
                        other = Some(g.to_vec());
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                if let Some(g) = other {
                    second = g;
                    cells = (0..n2).filter(|&c| first[c] != second[c]).collect();
                    continue 'smaller;
                }
                if o.is_ok_and(|o| o.end().is_unknown()) {
                    minimal = false;
                    break 'smaller;
                }
            }
            break;
        }
        a.solutions[1] = second;
        a.differ = Some(Differ { cells, minimal });
    }

    /// Up to [`SAMPLE`] solutions, and whether they are all of them.
    fn sample(&mut self, puzzle: &Puzzle) -> (Vec<Vec<u8>>, bool) {
        let mut grids = Vec::new();
        let o = self.solver.solve_any(puzzle, |g| {
            grids.push(g.to_vec());
            if grids.len() as u64 >= SAMPLE {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let all = o.is_ok_and(|o| o.end() == End::Complete);
        (grids, all)
    }

    /// The true candidates of every empty cell.
    fn candidates(&mut self, puzzle: &Puzzle, sample: &(Vec<Vec<u8>>, bool), a: &mut Analysis) {
        let n = puzzle.n();
        let givens = puzzle.givens();
        let empty: Vec<usize> = (0..n * n).filter(|&c| givens[c].is_none()).collect();
        // Symbols known true, from every solution seen.
        let mut known = vec![0u64; n * n];
        let note = |known: &mut [u64], g: &[u8]| {
            for (c, &v) in g.iter().enumerate() {
                known[c] |= 1 << v;
            }
        };
        for g in a.solutions.iter().chain(&sample.0) {
            note(&mut known, g);
        }
        if sample.1 {
            // Every solution seen: the known symbols are all the true ones.
            a.candidates =
                empty.iter().map(|&cell| Candidates { cell, symbols: known[cell], unknown: 0 }).collect();
            return;
        }
        // The symbols the givens leave open in each cell.
        let open = open_symbols(puzzle);
        let mut excluded = Vec::with_capacity(n);
        for &cell in &empty {
            let mut unknown = 0;
            while known[cell] & open[cell] != open[cell] {
                if self.stopped() {
                    unknown = open[cell] & !known[cell];
                    break;
                }
                excluded.clear();
                excluded.extend((0..n as u8).filter(|&v| known[cell] & 1 << v != 0).map(|v| (cell, v)));
                let mut found = None;
                let o = self.solver.solve_excluding(puzzle, &excluded, |g| {
                    found = Some(g.to_vec());
                    ControlFlow::Break(())
                });
                match found {
                    Some(g) => note(&mut known, &g),
                    None if o.end().is_unknown() => {
                        unknown = open[cell] & !known[cell];
                        break;
                    }
                    None => break,
                }
            }
            a.candidates.push(Candidates { cell, symbols: known[cell], unknown });
        }
    }

    /// The given that leaves the fewest solutions (at least one).
    fn suggest(&mut self, puzzle: &Puzzle, sample: &(Vec<Vec<u8>>, bool), a: &mut Analysis) {
        let n = puzzle.n();
        let (grids, all) = sample;
        // How many sampled solutions have each symbol in each empty cell.
        let mut tally = vec![0u64; n * n * n];
        for g in grids {
            for (c, &v) in g.iter().enumerate() {
                tally[c * n + v as usize] += 1;
            }
        }
        let mut best: Option<(u64, usize, u8)> = None;
        for cand in &a.candidates {
            for v in 0..n as u8 {
                if cand.symbols & 1 << v == 0 {
                    continue;
                }
                let t = tally[cand.cell * n + v as usize];
                if best.is_none_or(|(b, _, _)| t < b) {
                    best = Some((t, cand.cell, v));
                }
            }
        }
        let Some((t, cell, symbol)) = best else { return };
        let leaves = if *all {
            Some(t)
        } else {
            let mut p = puzzle.clone();
            p.givens_mut()[cell] = Some(symbol);
            self.solver.count(&p, Some(SAMPLE)).ok().and_then(|o| o.solutions()).filter(|&k| k < SAMPLE)
        };
        a.suggest = Some(Suggestion { cell, symbol, leaves, exact: *all });
    }
}

/// The symbols the givens leave open in each empty cell (0 for a given).
fn open_symbols(puzzle: &Puzzle) -> Vec<u64> {
    let n = puzzle.n();
    let shape = puzzle.shape();
    let givens = puzzle.givens();
    let units = if shape.has_regions() { 3 } else { 2 };
    let mut placed = vec![0u64; 3 * n];
    let unit = |cell: usize, k: usize| match k {
        0 => cell / n,
        1 => n + cell % n,
        _ => 2 * n + shape.region(cell).expect("regions"),
    };
    for (cell, g) in givens.iter().enumerate() {
        if let Some(v) = g {
            for k in 0..units {
                placed[unit(cell, k)] |= 1 << v;
            }
        }
    }
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    (0..n * n)
        .map(|cell| match givens[cell] {
            Some(_) => 0,
            None => all & !(0..units).fold(0, |m, k| m | placed[unit(cell, k)]),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Alphabet;

    fn puzzle(n: usize, text: &str) -> Puzzle {
        let alphabet = Alphabet::default_for(n).unwrap();
        let givens = text.chars().map(|c| alphabet.index(c)).collect();
        Puzzle::new(Shape::default_for(n).unwrap(), alphabet, givens).unwrap()
    }

    #[test]
    fn a_unique_puzzle_names_its_redundant_givens() {
        // Inkala's puzzle is minimal; with one more given from its
        // solution, that given is redundant (and maybe others).
        let text = "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
        let p = puzzle(9, text);
        let mut an = Analyzer::new(p.shape());
        let a = an.analyze(&p, 2);
        assert_eq!((a.count, a.minimal, a.clues), (Count::Exactly(1), Some(true), 21));
        assert!(a.redundant.is_empty());
        let mut more = p.clone();
        more.set_given(1, Some(0)).unwrap(); // r1c2 = 1 in the solution
        let a = an.analyze(&more, 2);
        assert_eq!(a.minimal, Some(false));
        assert!(a.redundant.contains(&1));
    }

    #[test]
    fn clashes_and_blank_grids() {
        let p = puzzle(4, "11..............");
        let a = Analyzer::new(p.shape()).analyze(&p, 2);
        assert_eq!(a.conflict.map(|c| c.to_string()), Some("symbol 1 twice in row 1".into()));
        let p = puzzle(4, "................");
        let a = Analyzer::new(p.shape()).analyze(&p, 2);
        assert_eq!(a.count, Count::AtLeast(2));
        assert_eq!(a.candidates.len(), 16);
        assert!(a.candidates.iter().all(|c| c.symbols == 0b1111 && c.unknown == 0));
        let d = a.differ.unwrap();
        assert!(d.minimal);
        assert_eq!(d.cells.len(), 4, "{:?}", d.cells);
        // 288 grids: each given leaves 72.
        let s = a.suggest.unwrap();
        assert_eq!((s.leaves, s.exact), (Some(72), true));
    }
}

/// The true candidates of every cell of a puzzle, classic or variant,
/// with how many solutions hold each (counted up to a cap), through the
/// grid searches ([`GridSolver`]; the variant search for rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    /// The solutions, counted up to [`SAMPLE`] (`AtLeast` beyond; `Unknown`
    /// when the budget ran out first).
    pub count: Count,
    /// The cap the per-candidate counts stop at.
    pub cap: u64,
    /// For each cell and symbol (`cell * n + symbol`), the solutions that
    /// hold it there, up to `cap` (`cap` means "at least `cap`").
    pub counts: Vec<u64>,
    /// For each cell, the symbols whose search ran out of budget: maybe
    /// true, maybe not (their count is then what was found, a lower bound).
    pub unknown: Vec<u64>,
}

impl TrueCandidates {
    /// The symbols of `cell` that appear in some solution (bit `v`).
    pub fn symbols(&self, cell: usize) -> u64 {
        let n = self.unknown.len().isqrt();
        (0..n).filter(|&v| self.counts[cell * n + v] > 0).map(|v| 1u64 << v).sum()
    }
}

/// The true candidates of `puzzle` with their counts up to `cap` (1: only
/// whether each appears), every search bounded by `budget` and stopped by
/// `probe`; or, when two givens clash, the clash (no solution).
///
/// First up to [`SAMPLE`] solutions are listed and tallied: when that is
/// all of them, every count is exact. Otherwise each candidate seen in
/// fewer than `cap` of them is made a given for a search of its own, which
/// counts the solutions holding it up to `cap`. Every solution found is
/// checked against the puzzle ([`Puzzle::verify`]) before it counts.
pub fn true_candidates(
    puzzle: &Puzzle,
    cap: u64,
    budget: Budget,
    probe: Option<Arc<Probe>>,
) -> Result<TrueCandidates, VariantError> {
    true_candidates_sampled(puzzle, cap, SAMPLE, budget, probe)
}

/// [`true_candidates`] listing up to `sample` solutions first (at least
/// one) instead of [`SAMPLE`]: the counts are the same, the work differs
/// (tests use it to reach the searches per candidate on small grids).
pub fn true_candidates_sampled(
    puzzle: &Puzzle,
    cap: u64,
    sample: u64,
    budget: Budget,
    probe: Option<Arc<Probe>>,
) -> Result<TrueCandidates, VariantError> {
    let (cap, sample) = (cap.max(1), sample.max(1));
    let n = puzzle.n();
    // The grid searches (the variant search for a puzzle with rules): every
    // puzzle reaches them, and they are far faster than dancing links over
    // the XCC reduction on a 9x9 killer (which took minutes).
    let mut solver = GridSolver::new(puzzle.shape());
    solver.set_budget(budget);
    solver.set_probe(probe);
    let mut counts = vec![0u64; n * n * n];
    let mut found = 0u64;
    let o = solver
        .solve(puzzle, |grid| {
            assert_eq!(puzzle.verify(grid), Ok(()), "a solution of the grid search breaks the puzzle");
            for (cell, &v) in grid.iter().enumerate() {
                counts[cell * n + v as usize] += 1;
            }
            found += 1;
            if found >= sample {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .map_err(VariantError::Conflict)?;
    let count = match o.end() {
        End::Complete => Count::Exactly(found),
        End::Limit => Count::AtLeast(found),
        _ if found >= sample => Count::AtLeast(found),
        _ => Count::Unknown(found),
    };
    let mut unknown = vec![0u64; n * n];
    if !matches!(count, Count::Exactly(_)) {
        // The candidates the sample saw fewer than `cap` times: each
        // counted on its own, as a given of the puzzle.
        for (cell, (&given, unsure)) in puzzle.givens().iter().zip(unknown.iter_mut()).enumerate() {
            for v in 0..n {
                let slot = cell * n + v;
                // A given cell holds its given in every solution, nothing else.
                if counts[slot] >= cap || given.is_some_and(|g| usize::from(g) != v) {
                    continue;
                }
                let mut forced = puzzle.clone();
                if forced.set_given(cell, Some(v as u8)).is_err() {
                    continue;
                }
                let mut here = 0u64;
                let o = solver.solve(&forced, |grid| {
                    assert_eq!(
                        puzzle.verify(grid),
                        Ok(()),
                        "a solution of the grid search breaks the puzzle"
                    );
                    here += 1;
                    if here >= cap {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                // A clash with the givens: no solution holds it.
                let Ok(o) = o else { continue };
                counts[slot] = here;
                if o.end().is_unknown() && here < cap {
                    *unsure |= 1 << v;
                }
            }
        }
    }
    for c in counts.iter_mut() {
        *c = (*c).min(cap);
    }
    Ok(TrueCandidates { count, cap, counts, unknown })
}

/// A given or a constraint to add to a puzzle with several solutions, and
/// the solutions it leaves (counted up to 2: `Exactly(1)` makes the
/// puzzle unique).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Addition<T> {
    /// What to add.
    pub what: T,
    /// The solutions the puzzle has with it, counted up to 2.
    pub leaves: Count,
}

/// What `analyze` finds out about a variant puzzle beyond its true
/// candidates ([`variant_findings`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantFindings {
    /// One solution: the givens (cells) each of which, taken away alone,
    /// leaves the solution unique.
    pub redundant_givens: Vec<usize>,
    /// One solution: the constraints (indices in the puzzle's rules) each
    /// of which, taken away alone, leaves the solution unique.
    pub redundant_constraints: Vec<usize>,
    /// One solution: the killer cages (indices) that must stay but whose
    /// sum, taken away alone (the cage kept), leaves the solution unique.
    pub redundant_sums: Vec<usize>,
    /// Givens whose test ran out of budget.
    pub undecided_givens: Vec<usize>,
    /// Constraints whose test ran out of budget.
    pub undecided_constraints: Vec<usize>,
    /// Several solutions: the given (cell, symbol) of one solution that
    /// the fewest of the first [`SAMPLE`] solutions hold, and what it
    /// leaves.
    pub given: Option<Addition<(usize, u8)>>,
    /// Several solutions: a constraint read off one solution (of the
    /// kinds the puzzle has, or of every kind the generator reads off a
    /// grid when it has none of them) that the fewest of the first
    /// [`SAMPLE`] solutions keep, and what it leaves.
    pub constraint: Option<Addition<Constraint>>,
}

/// Constraints read off a solution and tried against the sample, at most,
/// when looking for one that makes a puzzle unique.
const CONSTRAINT_TRIES: usize = 400;

/// The count (up to 2) of a search's outcome.
fn count_of(found: u64, end: End) -> Count {
    match end {
        End::Complete => Count::Exactly(found),
        End::Limit => Count::AtLeast(found),
        _ if found >= 2 => Count::AtLeast(found),
        _ => Count::Unknown(found),
    }
}

/// For a puzzle with one solution (`count`), its redundant givens and
/// constraints (each taken away alone, the puzzle solved again); for one
/// with several, a given and a constraint to add that leave the fewest
/// solutions (each counted again). Every search is bounded by `budget`
/// and stopped by `probe`; what a search could not settle is undecided.
pub fn variant_findings(
    puzzle: &Puzzle,
    count: Count,
    budget: Budget,
    probe: Option<Arc<Probe>>,
) -> VariantFindings {
    let mut solver = GridSolver::new(puzzle.shape());
    solver.set_budget(budget);
    solver.set_probe(probe);
    let mut f = VariantFindings::default();
    match count {
        Count::Exactly(1) => redundant_rules(&mut solver, puzzle, &mut f),
        Count::Exactly(k) if k >= 2 => additions(&mut solver, puzzle, &mut f),
        Count::AtLeast(_) => additions(&mut solver, puzzle, &mut f),
        _ => {}
    }
    f
}

/// The redundant givens and constraints of a puzzle with one solution.
fn redundant_rules(solver: &mut GridSolver, puzzle: &Puzzle, f: &mut VariantFindings) {
    let mut solution = None;
    let _ = solver.solve_any(puzzle, |g| {
        solution = Some(g.to_vec());
        ControlFlow::Break(())
    });
    let Some(solution) = solution else { return };
    let n = puzzle.n();
    let mut p = puzzle.clone();
    for cell in 0..n * n {
        let Some(v) = puzzle.givens()[cell] else { continue };
        p.givens_mut()[cell] = None;
        let o = solver.solve_excluding(&p, &[(cell, v)], |_| ControlFlow::Break(()));
        p.givens_mut()[cell] = Some(v);
        match (o.so_far(), o.end().is_unknown()) {
            (0, false) => f.redundant_givens.push(cell),
            (0, true) => f.undecided_givens.push(cell),
            _ => {}
        }
    }
    let rules = puzzle.rules();
    // Each constraint taken away; then each sum of a cage that stays.
    let sums = rules.constraints.iter().enumerate().filter_map(|(i, c)| match c {
        Constraint::Killer(k) if k.sum.is_some() => Some(i),
        _ => None,
    });
    let tests: Vec<(usize, bool)> =
        (0..rules.constraints.len()).map(|i| (i, false)).chain(sums.map(|i| (i, true))).collect();
    for (i, sum_only) in tests {
        if sum_only && (f.redundant_constraints.contains(&i) || f.undecided_constraints.contains(&i)) {
            continue;
        }
        let mut fewer = rules.clone();
        match &fewer.constraints[i] {
            Constraint::Killer(k) if sum_only => {
                fewer.constraints[i] = Killer { cells: k.cells.clone(), sum: None }.into();
            }
            _ => {
                fewer.constraints.remove(i);
            }
        }
        let Ok(q) = puzzle.classic().with_rules(fewer) else { continue };
        let mut other = false;
        let o = solver.solve_any(&q, |g| {
            other = g != solution.as_slice();
            if other {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match o {
            _ if other => {}
            Ok(o) if o.end().is_unknown() => f.undecided_constraints.push(i),
            Ok(_) if sum_only => f.redundant_sums.push(i),
            Ok(_) => f.redundant_constraints.push(i),
            Err(_) => {}
        }
    }
}

/// The solutions of `puzzle` up to 2, as a count.
fn count_two(solver: &mut GridSolver, puzzle: &Puzzle) -> Count {
    let mut found = 0;
    match solver.solve_any(puzzle, |_| {
        found += 1;
        if found >= 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }) {
        Ok(o) => count_of(found, o.end()),
        Err(_) => Count::Exactly(0),
    }
}

/// A given and a constraint to add to a puzzle with several solutions.
fn additions(solver: &mut GridSolver, puzzle: &Puzzle, f: &mut VariantFindings) {
    use crate::constraint::{Grid, Rules};
    use crate::generate::{read_off, Kind};
    let n = puzzle.n();
    let mut sample: Vec<Vec<u8>> = Vec::new();
    let Ok(o) = solver.solve_any(puzzle, |g| {
        sample.push(g.to_vec());
        if sample.len() as u64 >= SAMPLE {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }) else {
        return;
    };
    let all = o.end() == End::Complete;
    if sample.len() < 2 {
        return;
    }
    let first = sample[0].clone();
    // How many sampled solutions hold the first one's symbol in each cell.
    let held: Vec<usize> = (0..n * n).map(|c| sample.iter().filter(|g| g[c] == first[c]).count()).collect();
    let open: Vec<usize> = (0..n * n).filter(|&c| held[c] < sample.len()).collect();
    if let Some(&cell) = open.iter().min_by_key(|&&c| (held[c], c)) {
        let mut p = puzzle.clone();
        p.givens_mut()[cell] = Some(first[cell]);
        let leaves = if all && held[cell] == 1 { Count::Exactly(1) } else { count_two(solver, &p) };
        f.given = Some(Addition { what: (cell, first[cell]), leaves });
    }
    // Constraints read off the first solution, scored on the sample.
    let rules = puzzle.rules();
    let mut kinds: Vec<Kind> = rules.constraints.iter().filter_map(Kind::of).collect();
    kinds.dedup();
    if kinds.is_empty() {
        kinds = Kind::ALL.to_vec();
    }
    let mut rng = dlx::SplitMix64::new(n as u64);
    let mut scored: Vec<(usize, Constraint)> = Vec::new();
    for _ in 0..CONSTRAINT_TRIES {
        let anchor = open[rng.below(open.len() as u64) as usize];
        let kind = kinds[rng.below(kinds.len() as u64) as usize];
        let Some(c) = read_off(kind, puzzle.shape(), &first, anchor, &rules.constraints, &mut rng) else {
            continue;
        };
        if scored.iter().any(|(_, d)| *d == c) {
            continue;
        }
        let mut more = rules.clone();
        more.constraints.push(c.clone());
        let kept = sample.iter().filter(|g| more.check(Grid { n, cells: g }).is_ok()).count();
        if kept < sample.len() {
            scored.push((kept, c));
        }
        if kept == 1 && all {
            break;
        }
    }
    scored.sort_by_key(|(kept, _)| *kept);
    // The best few counted again; the first that makes it unique wins.
    let mut best: Option<Addition<Constraint>> = None;
    for (kept, c) in scored.into_iter().take(4) {
        let mut more = rules.clone();
        more.constraints.push(c.clone());
        let Ok(p) = puzzle
            .classic()
            .with_rules(Rules { candidates: more.candidates.clone(), constraints: more.constraints })
        else {
            continue;
        };
        let leaves = if all && kept == 1 { Count::Exactly(1) } else { count_two(solver, &p) };
        let unique = leaves == Count::Exactly(1);
        if best.is_none() || unique {
            best = Some(Addition { what: c, leaves });
        }
        if unique {
            break;
        }
    }
    f.constraint = best;
}
