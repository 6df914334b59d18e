//! Random full grids: the first solution of a blank puzzle, searched in a
//! random order ([`GridSolver::solve_shuffled`]), then moved by a random
//! transformation that keeps every grid of the shape valid (the symbols
//! relabelled; for boxes the bands, the rows within a band, the stacks and
//! the columns within a stack permuted, and the grid transposed when the
//! boxes are square; for Latin squares any rows and columns permuted and
//! the grid transposed).
//!
//! How uniform that is: the transformation makes every grid of an orbit of
//! those transformations equally likely, so the only bias left is among
//! the orbits (essentially different grids), and it is the randomized
//! search's: a depth-first search with random choices reaches a grid with
//! the probability of the path it takes, which depends on how many
//! choices were open along it. On 4x4 boxes (288 grids in two orbits of
//! 96 and 192) 57,600 grids drawn fell 29.2% and 70.8% in the two orbits,
//! against 33.3% and 66.7% for uniform (`docs/generate.md`). Exactly uniform
//! takes drawing each cell's symbol in proportion to the number of grids
//! that complete it, which means counting completions: [`Uniform`] does so
//! by memo where the count is small (4x4, Latin squares to order 5); for
//! larger orders (some 10^21 grids for a blank 9x9, feasible only with
//! Felgenhauer and Jarvis's band counting) the randomized search stays.

use std::ops::ControlFlow;

use dlx::{Branching, Budget, End, MemoCounter, SplitMix64};

use crate::cover::{reduce, Encoding, Reduction};
use crate::grid::Regions;
use crate::puzzle::Puzzle;
use crate::search::GridSolver;

/// The most memo nodes the count of a blank grid's completions may take
/// for [`Uniform`] (4x4 boxes, Latin squares to order 5 fit; a blank 6x6
/// takes millions and keeps the randomized search).
const UNIFORM_NODES: u64 = 200_000;

/// The memory the memo table of [`Uniform`] may take.
const UNIFORM_MEMORY: u64 = 64 << 20;

/// Exactly uniform full grids of a shape whose blank grid's completions
/// the memo engine counts within [`UNIFORM_NODES`]: each grid is drawn with
/// probability exactly 1 / (the number of grids), cell by cell in
/// proportion to the counts of the grids that complete each choice
/// ([`MemoCounter::sample`]); the table is built once, by the first count.
pub(crate) struct Uniform {
    memo: MemoCounter,
    reduction: Reduction,
}

/// A copy counts again (each generator job keeps its own table).
impl Clone for Uniform {
    fn clone(&self) -> Uniform {
        Uniform::of(self.reduction.clone()).expect("a count that fitted once fits again")
    }
}

impl std::fmt::Debug for Uniform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Uniform").field("options", &self.reduction.placements.len()).finish()
    }
}

impl Uniform {
    /// The sampler of `blank`'s grids, or `None` when their count does not
    /// fit the budget (or there is no grid).
    pub(crate) fn new(blank: &Puzzle) -> Option<Uniform> {
        Uniform::of(reduce(blank, Encoding::Forced).ok()?)
    }

    /// The sampler of `reduction`'s solutions, counted.
    fn of(reduction: Reduction) -> Option<Uniform> {
        let mut memo = MemoCounter::new(&reduction.problem, Branching::First, UNIFORM_MEMORY)?;
        memo.set_budget(Budget::nodes(UNIFORM_NODES));
        let total = memo.count(&reduction.forced).ok()?;
        memo.set_budget(Budget::default());
        (total > 0).then_some(Uniform { memo, reduction })
    }

    /// A grid drawn uniformly, or `None` if the draw was cut short.
    pub(crate) fn draw(&mut self, blank: &Puzzle, rng: &mut SplitMix64) -> Option<Vec<u8>> {
        let options = self.memo.sample(&self.reduction.forced, rng).ok()??;
        Some(self.reduction.decode(blank, &options))
    }
}

/// A random full grid of `blank`'s shape (symbol indices, row by row), or
/// `Ok(None)` if the shape has no grid at all (a jigsaw map can be such),
/// or how the search was cut short (its budget or Ctrl-C).
///
/// The search starts from a seed of givens that any grid can have up to
/// a relabelling, each a random permutation: the boxes on the diagonal
/// (boxes that share no row and no column, so they never clash), the
/// first row of a Latin square, the first region of a map. It saves the
/// search most of its work; a seed that leaves no grid (boxes of a shape
/// where it could) is dropped for a search from the blank grid.
pub(crate) fn draw(
    solver: &mut GridSolver,
    blank: &Puzzle,
    rng: &mut SplitMix64,
) -> Result<Option<Vec<u8>>, End> {
    let n = blank.n();
    let mut seeded = blank.clone();
    let cells: Vec<Vec<usize>> = match blank.shape().regions() {
        &Regions::Boxes { rows, cols } => (0..n / rows.max(cols))
            .map(|k| (0..n).map(|i| (k * rows + i / cols) * n + k * cols + i % cols).collect())
            .collect(),
        Regions::None => vec![(0..n).collect()],
        Regions::Map(_) => {
            vec![(0..n * n).filter(|&c| blank.shape().region(c) == blank.shape().region(0)).collect()]
        }
    };
    for unit in &cells {
        for (&cell, v) in unit.iter().zip(permutation(n, rng)) {
            seeded.givens_mut()[cell] = Some(v as u8);
        }
    }
    let mut grid = first(solver, &seeded, rng)?;
    if grid.is_none() && cells.len() > 1 {
        grid = first(solver, blank, rng)?;
    }
    Ok(grid.map(|mut g| {
        transform(blank, &mut g, rng);
        g
    }))
}

/// The first solution of `puzzle` in a random order, `None` if it has
/// none, or how the search was cut short.
fn first(solver: &mut GridSolver, puzzle: &Puzzle, rng: &mut SplitMix64) -> Result<Option<Vec<u8>>, End> {
    let mut grid = None;
    let outcome = solver
        .solve_shuffled(puzzle, rng.next_u64(), |g| {
            grid = Some(g.to_vec());
            ControlFlow::Break(())
        })
        .unwrap_or_else(|_| dlx::Outcome::new(End::Complete, 0, 0));
    match grid {
        Some(g) => Ok(Some(g)),
        None if outcome.end().is_unknown() => Err(outcome.end()),
        None => Ok(None),
    }
}

/// A random permutation of `0..n`.
pub(crate) fn permutation(n: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    shuffle(&mut p, rng);
    p
}

/// Shuffles `items` in place (Fisher and Yates).
pub(crate) fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// An order of lines (rows or columns) in groups of `size`: the groups
/// permuted, and the lines within each group.
fn grouped(n: usize, size: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let groups = permutation(n / size, rng);
    let mut order = Vec::with_capacity(n);
    for g in groups {
        order.extend(permutation(size, rng).into_iter().map(|i| g * size + i));
    }
    order
}

/// Moves `grid` by a random transformation that keeps the grids of the
/// puzzle's shape valid (see the module documentation).
fn transform(blank: &Puzzle, grid: &mut [u8], rng: &mut SplitMix64) {
    let n = blank.n();
    let relabel = permutation(n, rng);
    let (rows, cols, transpose) = match blank.shape().regions() {
        &Regions::Boxes { rows, cols } => {
            (grouped(n, rows, rng), grouped(n, cols, rng), rows == cols && rng.below(2) == 1)
        }
        Regions::None => (permutation(n, rng), permutation(n, rng), rng.below(2) == 1),
        Regions::Map(_) => ((0..n).collect(), (0..n).collect(), false),
    };
    let old = grid.to_vec();
    for i in 0..n {
        for j in 0..n {
            // The rows and columns permuted, then the whole transposed.
            let (r, c) = if transpose { (rows[j], cols[i]) } else { (rows[i], cols[j]) };
            let v = old[r * n + c];
            grid[i * n + j] = relabel[v as usize] as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Alphabet, Shape};

    fn blank(shape: Shape) -> Puzzle {
        let n = shape.n();
        Puzzle::new(shape, Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap()
    }

    #[test]
    fn transformations_keep_grids_valid() {
        let mut rng = SplitMix64::new(3);
        for shape in [
            Shape::default_for(4).unwrap(),
            Shape::default_for(6).unwrap(),
            Shape::default_for(9).unwrap(),
            Shape::default_for(12).unwrap(),
            Shape::new(7, Regions::None).unwrap(),
        ] {
            let p = blank(shape.clone());
            let mut solver = GridSolver::new(&shape);
            for _ in 0..50 {
                let g = draw(&mut solver, &p, &mut rng).unwrap().unwrap();
                assert_eq!(p.verify(&g), Ok(()));
            }
        }
    }

    #[test]
    fn every_4x4_grid_is_drawn() {
        // 288 grids; 20,000 draws miss one with odds far below 1e-20 when
        // the draw is near uniform.
        let shape = Shape::default_for(4).unwrap();
        let p = blank(shape.clone());
        let mut solver = GridSolver::new(&shape);
        let mut rng = SplitMix64::new(11);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..20_000 {
            *seen.entry(draw(&mut solver, &p, &mut rng).unwrap().unwrap()).or_insert(0u32) += 1;
        }
        assert_eq!(seen.len(), 288);
        // No grid drawn more than twice as often as the mean (69.4).
        assert!(seen.values().all(|&k| k < 140), "{:?}", seen.values().max());
    }
}
