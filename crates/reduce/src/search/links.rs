//! Algorithm X on dancing links for grid puzzles: the full matrix of a shape
//! ([`crate::full_matrix`]) laid out once for [`dlx::Solver`], each puzzle's
//! givens forced on it ([`crate::Encoding::Forced`]).
//!
//! This is the search that takes every shape, that lists solutions in
//! DLX1's order, that counts DLX1's nodes and updates, and that splits a
//! tree over threads or shards ([`dlx::parallel`]). The bit searches beside
//! it are faster on the shapes they take.

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::parallel::Shard;
use dlx::{Budget, End, Estimate, EstimateOptions, Outcome, Probe, Solver, Stats};

use crate::cover::full_matrix;
use crate::grid::Shape;
use crate::puzzle::{Conflict, Puzzle};

/// Writes the symbol of each option (cell by cell, symbol by symbol, as
/// the full matrix lists them) into `grid`.
fn fill(grid: &mut [u8], n: usize, options: &[usize]) {
    for &k in options {
        grid[k / n] = (k % n) as u8;
    }
}

/// One full matrix and one [`dlx::Solver`] for a shape, reused for every
/// puzzle of that shape.
#[derive(Clone, Debug)]
pub struct Links {
    shape: Shape,
    solver: Solver,
    grid: Vec<u8>,
}

impl Links {
    /// Builds the full matrix of `shape` and lays it out for the engine.
    pub fn new(shape: &Shape) -> Links {
        let mut solver = Solver::new(&full_matrix(shape));
        solver.keep_pristine_copy();
        Links { shape: shape.clone(), solver, grid: vec![0; shape.n().pow(2)] }
    }

    /// The shape this search serves.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Whether searches walk DLX1's very tree and count its statistics
    /// (see [`dlx::Solver::set_faithful`]; off by default).
    pub fn set_faithful(&mut self, faithful: bool) {
        self.solver.set_faithful(faithful);
    }

    /// Bounds the searches to come (DLX1's nodes, and a deadline).
    pub fn set_budget(&mut self, budget: Budget) {
        self.solver.set_budget(budget);
    }

    /// The budget of the searches to come.
    pub fn budget(&self) -> Budget {
        self.solver.budget()
    }

    /// Reports the searches to come to `probe`, which can also stop them.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.solver.set_probe(probe);
    }

    /// The statistics of the last search.
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// How the last search ended.
    pub fn end(&self) -> End {
        self.solver.end()
    }

    /// Forces the givens of `puzzle` (whose shape must be this search's)
    /// and hands over the engine, ready to search below them; or the clash
    /// that leaves the puzzle without a solution.
    pub fn prepare(&mut self, puzzle: &Puzzle) -> Result<&mut Solver, Conflict> {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        if let Some(conflict) = puzzle.conflict() {
            return Err(conflict);
        }
        self.solver.unforce_all();
        let n = self.shape.n();
        for (cell, g) in puzzle.givens().iter().enumerate() {
            if let Some(v) = g {
                self.solver.force(cell * n + *v as usize).expect("givens without a conflict never clash");
            }
        }
        Ok(&mut self.solver)
    }

    /// Visits each solution of `puzzle` as a filled grid (symbol indices,
    /// row by row), in DLX1's order, until the visitor breaks or the budget
    /// runs out; or the clash that leaves the puzzle without a solution.
    pub fn solve<F>(&mut self, puzzle: &Puzzle, mut visit: F) -> Result<Outcome, Conflict>
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.prepare(puzzle)?;
        let n = self.shape.n();
        let grid = &mut self.grid;
        Ok(self.solver.search(|options| {
            fill(grid, n, options);
            visit(grid)
        }))
    }

    /// Visits the solutions of `puzzle` that lie in `shard` as
    /// [`Links::solve`] does (see [`dlx::parallel::search_shard`]): the
    /// shards' listings together are the full listing.
    pub fn solve_shard<F>(&mut self, puzzle: &Puzzle, shard: Shard, mut visit: F) -> Result<Outcome, Conflict>
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.prepare(puzzle)?;
        let n = self.shape.n();
        let grid = &mut self.grid;
        Ok(dlx::parallel::search_shard(&mut self.solver, shard, |options| {
            fill(grid, n, options);
            visit(grid)
        }))
    }

    /// Visits every solution of `puzzle` while `jobs` threads search parts
    /// of DLX1's tree, in no set order (see [`dlx::parallel::search_map`]).
    /// Each grid is first turned into a `T` by `map` on the thread that
    /// found it; `visit` runs on the calling thread.
    pub fn solve_parallel<T, M, F>(
        &mut self,
        puzzle: &Puzzle,
        jobs: usize,
        map: M,
        visit: F,
    ) -> Result<Outcome, Conflict>
    where
        T: Send,
        M: Fn(&[u8]) -> T + Sync,
        F: FnMut(T) -> ControlFlow<()>,
    {
        self.prepare(puzzle)?;
        let n = self.shape.n();
        let decode = |options: &[usize]| {
            let mut grid = vec![0u8; n * n];
            fill(&mut grid, n, options);
            map(&grid)
        };
        Ok(dlx::parallel::search_map(&mut self.solver, jobs, decode, visit))
    }

    /// Counts the solutions of `puzzle`, up to `limit` if given.
    pub fn count(&mut self, puzzle: &Puzzle, limit: Option<u64>) -> Result<Outcome, Conflict> {
        Ok(self.prepare(puzzle)?.count(limit))
    }

    /// Counts the solutions of `puzzle` on `jobs` threads, or only those of
    /// `shard` (see [`dlx::parallel::count`]).
    pub fn count_split(
        &mut self,
        puzzle: &Puzzle,
        jobs: usize,
        shard: Option<Shard>,
        limit: Option<u64>,
    ) -> Result<Outcome, Conflict> {
        let solver = self.prepare(puzzle)?;
        Ok(dlx::parallel::count(solver, jobs, shard, limit))
    }

    /// Knuth's random-probe estimate of the search below the givens of
    /// `puzzle` (see [`dlx::Solver::estimate`]): solutions, and DLX1's
    /// nodes on this matrix.
    pub fn estimate(&mut self, puzzle: &Puzzle, options: &EstimateOptions) -> Result<Estimate, Conflict> {
        Ok(self.prepare(puzzle)?.estimate(options))
    }
}
