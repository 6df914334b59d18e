//! Puzzles as exact cover, and covers back into grids.
//!
//! The items are Knuth's (SUDOKU-DLX), all primary: `p(r,c)` the cell is
//! filled, `r(r,v)` row `r` has `v`, `c(c,v)` column `c` has `v`, and
//! `b(k,v)` region `k` has `v` (left out when the grid has no regions).
//! There is one option per (cell, symbol), holding its four items, listed
//! cell by cell, symbol by symbol.
//!
//! Givens are handled two ways:
//!
//! - [`Encoding::Forced`]: the full matrix of the shape, with the givens
//!   chosen through the engine's [`dlx::Solver::force`]. One matrix serves
//!   every puzzle of a shape, which is what [`GridSolver`] does for batches:
//!   each puzzle costs its givens' covers and its own search.
//! - [`Encoding::Reduced`]: Knuth's "reduced" matrix, without the items the
//!   givens satisfy and without the options they rule out. It stands alone,
//!   so it is what `dance export` writes.
//!
//! Item names are Knuth's: `p`, `r`, `c`, `b`, then the row, column or
//! region (from 0) and the symbol (from 1), each one base-36 character
//! (`p00`, `r01`, `b8z`) for N up to 35; larger grids write the numbers in
//! decimal with a dot (`p12.30`, `r4.36`).

use std::ops::ControlFlow;

use dlx::{Entry, Problem, ProblemBuilder, Solver, Stats};

use crate::bits::BitSolver;
use crate::grid::{Conflict, Puzzle, Shape};

/// How a puzzle's givens enter the matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The full matrix, givens forced through the engine.
    Forced,
    /// Knuth's reduced matrix, givens removed.
    Reduced,
}

/// What an option means: the cell (row by row, from 0) gets the symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The cell, `row * N + column`.
    pub cell: usize,
    /// The symbol's index in the alphabet.
    pub symbol: u8,
}

/// A puzzle as an exact-cover problem.
#[derive(Clone, Debug)]
pub struct Reduction {
    /// The problem.
    pub problem: Problem,
    /// What each option means.
    pub placements: Vec<Placement>,
    /// The options to force before searching (empty for the reduced
    /// encoding).
    pub forced: Vec<usize>,
}

impl Reduction {
    /// Decodes a solution (option indices) into a grid, row by row; cells no
    /// option fills keep the puzzle's givens.
    pub fn decode(&self, puzzle: &Puzzle, options: &[usize]) -> Vec<u8> {
        decode(puzzle, &self.placements, options, u8::MAX)
    }
}

/// Fills a grid from the puzzle's givens and the placements of the chosen
/// options; cells neither fills get `blank`.
pub fn decode(puzzle: &Puzzle, placements: &[Placement], options: &[usize], blank: u8) -> Vec<u8> {
    let mut grid: Vec<u8> = puzzle.givens().iter().map(|g| g.unwrap_or(blank)).collect();
    for &k in options {
        let p = placements[k];
        grid[p.cell] = p.symbol;
    }
    grid
}

/// The four kinds of item, in the order the matrix lists them.
const KINDS: [char; 4] = ['p', 'r', 'c', 'b'];

fn code(i: usize) -> char {
    char::from_digit(i as u32, 36).expect("below 36")
}

/// Knuth's name for item `index` of the full matrix of order `n`.
fn item_name(n: usize, index: usize) -> String {
    let (kind, rest) = (index / (n * n), index % (n * n));
    let (a, b) = if kind == 0 { (rest / n, rest % n) } else { (rest / n, rest % n + 1) };
    if n <= 35 {
        format!("{}{}{}", KINDS[kind], code(a), code(b))
    } else {
        format!("{}{a}.{b}", KINDS[kind])
    }
}

/// The items of the full matrix's option (cell, symbol), by index.
fn option_items(shape: &Shape, cell: usize, v: usize) -> impl Iterator<Item = usize> {
    let n = shape.n();
    let (r, c) = (cell / n, cell % n);
    let region = shape.region(cell).map(|k| 3 * n * n + k * n + v);
    [Some(cell), Some(n * n + r * n + v), Some(2 * n * n + c * n + v), region].into_iter().flatten()
}

fn item_count(shape: &Shape) -> usize {
    let n = shape.n();
    if shape.has_regions() {
        4 * n * n
    } else {
        3 * n * n
    }
}

/// The full matrix of a shape: N^3 options, option `cell * N + symbol`.
pub fn full_matrix(shape: &Shape) -> Problem {
    let n = shape.n();
    let names = (0..item_count(shape)).map(|i| item_name(n, i));
    let mut b = ProblemBuilder::new(names, Vec::<String>::new()).expect("names are distinct");
    let mut entries = Vec::with_capacity(4);
    for cell in 0..n * n {
        for v in 0..n {
            entries.clear();
            entries.extend(option_items(shape, cell, v).map(|i| Entry { item: i as u32, color: 0 }));
            b.add_option(&entries).expect("a valid option");
        }
    }
    b.build().expect("a valid problem")
}

/// Reduces a puzzle to exact cover, or says which givens clash.
pub fn reduce(puzzle: &Puzzle, encoding: Encoding) -> Result<Reduction, Conflict> {
    if let Some(conflict) = puzzle.conflict() {
        return Err(conflict);
    }
    let shape = puzzle.shape();
    let n = shape.n();
    let all = (0..n * n).flat_map(|cell| (0..n).map(move |v| Placement { cell, symbol: v as u8 }));
    match encoding {
        Encoding::Forced => {
            let forced = (0..n * n).filter_map(|cell| puzzle.givens()[cell].map(|v| cell * n + v as usize));
            Ok(Reduction { problem: full_matrix(shape), placements: all.collect(), forced: forced.collect() })
        }
        Encoding::Reduced => {
            // Mark the items the givens satisfy.
            let mut done = vec![false; item_count(shape)];
            for (cell, g) in puzzle.givens().iter().enumerate() {
                if let Some(v) = g {
                    option_items(shape, cell, *v as usize).for_each(|i| done[i] = true);
                }
            }
            let kept: Vec<usize> = (0..done.len()).filter(|&i| !done[i]).collect();
            let mut new_index = vec![u32::MAX; done.len()];
            for (j, &i) in kept.iter().enumerate() {
                new_index[i] = j as u32;
            }
            let names = kept.iter().map(|&i| item_name(n, i));
            let mut b = match ProblemBuilder::new(names, Vec::<String>::new()) {
                Ok(b) => b,
                // Every cell given: nothing is left to cover.
                Err(_) => {
                    let first = Placement { cell: 0, symbol: puzzle.givens()[0].unwrap_or(0) };
                    return Ok(Reduction {
                        problem: solved_problem(),
                        placements: vec![first],
                        forced: vec![],
                    });
                }
            };
            let mut placements = Vec::new();
            let mut entries = Vec::with_capacity(4);
            for p in all {
                entries.clear();
                for i in option_items(shape, p.cell, p.symbol as usize) {
                    if done[i] {
                        break;
                    }
                    entries.push(Entry { item: new_index[i], color: 0 });
                }
                if entries.len() == option_items(shape, p.cell, p.symbol as usize).count() {
                    b.add_option(&entries).expect("a valid option");
                    placements.push(p);
                }
            }
            Ok(Reduction { problem: b.build().expect("a valid problem"), placements, forced: Vec::new() })
        }
    }
}

/// The problem of a grid with every cell given: one item, one option, one
/// solution (which decodes to the first given again).
fn solved_problem() -> Problem {
    let mut b = ProblemBuilder::new(["solved"], Vec::<String>::new()).expect("one item");
    b.add_option_names(["solved"]).expect("one option");
    b.build().expect("a valid problem")
}

/// Writes the symbol of each option (cell by cell, symbol by symbol, as
/// the full matrix lists them) into `grid`.
fn fill(grid: &mut [u8], n: usize, options: &[usize]) {
    for &k in options {
        grid[k / n] = (k % n) as u8;
    }
}

/// The outcome of a bit-parallel search that found `found` solutions:
/// clashing givens leave none, and only then is it worth looking for the
/// clash, to explain it.
fn clash_if_none(puzzle: &Puzzle, found: u64) -> Result<(), Conflict> {
    match found {
        0 => puzzle.conflict().map_or(Ok(()), Err),
        _ => Ok(()),
    }
}

/// One full matrix and one engine for a shape, reused for every puzzle of
/// that shape (the [`Encoding::Forced`] way), with the bit-parallel search
/// beside it for grids of order up to [`crate::MAX_BITS_ORDER`].
///
/// [`GridSolver::solve`] walks DLX1's tree, so solutions come in DLX1's
/// order; [`GridSolver::solve_any`] and [`GridSolver::count`] take the
/// fastest search (the bit-parallel one when it applies, unless the
/// solver is [faithful](GridSolver::set_faithful)).
#[derive(Clone, Debug)]
pub struct GridSolver {
    shape: Shape,
    solver: Solver,
    bits: Option<BitSolver>,
    faithful: bool,
    /// Whether the last search was the bit-parallel one.
    used_bits: bool,
    grid: Vec<u8>,
}

impl GridSolver {
    /// Builds the full matrix of `shape` and lays it out for the engine.
    pub fn new(shape: &Shape) -> GridSolver {
        let problem = full_matrix(shape);
        let mut solver = Solver::new(&problem);
        solver.keep_pristine_copy();
        GridSolver {
            shape: shape.clone(),
            solver,
            bits: BitSolver::new(shape),
            faithful: false,
            used_bits: false,
            grid: vec![0; shape.n().pow(2)],
        }
    }

    /// Whether searches walk DLX1's tree and count its statistics (see
    /// [`dlx::Solver::set_faithful`]; off by default). A faithful solver
    /// never takes the bit-parallel search.
    pub fn set_faithful(&mut self, faithful: bool) {
        self.faithful = faithful;
        self.solver.set_faithful(faithful);
    }

    /// The bit-parallel search, when it applies.
    fn fast(&mut self) -> Option<&mut BitSolver> {
        if self.faithful {
            None
        } else {
            self.bits.as_mut()
        }
    }

    /// The shape this solver serves.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Forces the givens of `puzzle` (whose shape must be this solver's).
    fn prepare(&mut self, puzzle: &Puzzle) -> Result<(), Conflict> {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        if let Some(conflict) = puzzle.conflict() {
            return Err(conflict);
        }
        self.used_bits = false;
        self.solver.unforce_all();
        let n = self.shape.n();
        for (cell, g) in puzzle.givens().iter().enumerate() {
            if let Some(v) = g {
                self.solver.force(cell * n + *v as usize).expect("givens without a conflict never clash");
            }
        }
        Ok(())
    }

    /// Visits each solution of `puzzle` as a filled grid (symbol indices,
    /// row by row), in DLX1's order, until the visitor breaks. Returns the
    /// search's statistics, or the clash that leaves the puzzle without a
    /// solution.
    pub fn solve<F>(&mut self, puzzle: &Puzzle, mut visit: F) -> Result<Stats, Conflict>
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

    /// Visits every solution of `puzzle` as [`GridSolver::solve`] does,
    /// while `jobs` threads search parts of DLX1's tree: in no set order
    /// (see [`dlx::parallel::search_map`]). Each grid is first turned into
    /// a `T` by `map` on the thread that found it; `visit` runs on the
    /// calling thread. Returns whether a probe stopped the search, or the
    /// clash.
    pub fn solve_parallel<T, M, F>(
        &mut self,
        puzzle: &Puzzle,
        jobs: usize,
        map: M,
        visit: F,
    ) -> Result<bool, Conflict>
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

    /// Visits solutions of `puzzle` as [`GridSolver::solve`] does, in the
    /// fastest search's order. For the first solution, or to learn whether
    /// there is a second one.
    pub fn solve_any<F>(&mut self, puzzle: &Puzzle, visit: F) -> Result<Stats, Conflict>
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        let Some(bits) = self.fast() else { return self.solve(puzzle, visit) };
        let found = bits.solve(puzzle, visit);
        let stats = bits.stats();
        self.used_bits = true;
        clash_if_none(puzzle, found).map(|()| stats)
    }

    /// Counts the solutions of `puzzle`, up to `limit` if given.
    pub fn count(&mut self, puzzle: &Puzzle, limit: Option<u64>) -> Result<u64, Conflict> {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        let Some(bits) = self.fast() else {
            self.prepare(puzzle)?;
            return Ok(self.solver.count(limit));
        };
        let count = bits.count(puzzle, limit);
        self.used_bits = true;
        clash_if_none(puzzle, count).map(|()| count)
    }

    /// Counts the solutions of `puzzle` on one thread if that takes at most
    /// about `max_nodes` nodes, else on `jobs` threads (see
    /// [`dlx::Solver::count_within`]). Returns the count and whether a probe
    /// stopped it.
    pub fn count_adaptive(
        &mut self,
        puzzle: &Puzzle,
        limit: Option<u64>,
        jobs: usize,
        max_nodes: u64,
    ) -> Result<(u64, bool), Conflict> {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        if let Some(bits) = self.fast() {
            let quick = bits.count_within(puzzle, limit, max_nodes);
            if bits.interrupted() {
                self.used_bits = true;
                return Ok((0, true));
            }
            if let Some(count) = quick {
                self.used_bits = true;
                return clash_if_none(puzzle, count).map(|()| (count, false));
            }
            // A big tree: split it over the threads, on dancing links.
            self.prepare(puzzle)?;
            return Ok(dlx::parallel::count(&mut self.solver, jobs, None, limit));
        }
        self.prepare(puzzle)?;
        match self.solver.count_within(limit, max_nodes) {
            Some(count) => Ok((count, self.solver.interrupted())),
            None => Ok(dlx::parallel::count(&mut self.solver, jobs, None, limit)),
        }
    }

    /// Counts the solutions of `puzzle` on `jobs` threads, or only those
    /// of `shard` (see [`dlx::parallel::count`]). Returns the count and
    /// whether a probe stopped it.
    pub fn count_split(
        &mut self,
        puzzle: &Puzzle,
        jobs: usize,
        shard: Option<dlx::parallel::Shard>,
        limit: Option<u64>,
    ) -> Result<(u64, bool), Conflict> {
        self.prepare(puzzle)?;
        Ok(dlx::parallel::count(&mut self.solver, jobs, shard, limit))
    }

    /// Watches searches through `probe` (see [`dlx::Probe`]).
    pub fn set_probe(&mut self, probe: Option<std::sync::Arc<dlx::Probe>>) {
        if let Some(bits) = &mut self.bits {
            bits.set_probe(probe.clone());
        }
        self.solver.set_probe(probe);
    }

    fn last_was_bits(&self) -> Option<&BitSolver> {
        self.bits.as_ref().filter(|_| self.used_bits)
    }

    /// Whether the last search or count was stopped by its probe.
    pub fn interrupted(&self) -> bool {
        self.last_was_bits().map_or(self.solver.interrupted(), |b| b.interrupted())
    }

    /// The statistics of the last search or count (the bit-parallel search
    /// counts nodes only).
    pub fn stats(&self) -> Stats {
        self.last_was_bits().map_or(self.solver.stats(), BitSolver::stats)
    }
}
