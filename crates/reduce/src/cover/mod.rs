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
//!   every puzzle of a shape: each puzzle costs its givens' covers and its
//!   own search.
//! - [`Encoding::Reduced`]: Knuth's "reduced" matrix, without the items the
//!   givens satisfy and without the options they rule out. It stands alone,
//!   so it is what `dance export` writes.
//!
//! Item names are Knuth's: `p`, `r`, `c`, `b`, then the row, column or
//! region (from 0) and the symbol (from 1), each one base-36 character
//! (`p00`, `r01`, `b8z`) for N up to 35; larger grids write the numbers in
//! decimal with a dot (`p12.30`, `r4.36`).
//!
//! A variant puzzle's constraints reduce to Knuth's XCC in [`variant`]
//! (cages as options, pairwise exclusions as shared secondary items,
//! extra regions as items of their own): its options start with the same
//! cell options, so [`decode`] reads its covers too.

pub mod variant;

use dlx::{Entry, Problem, ProblemBuilder};

use crate::grid::Shape;
use crate::puzzle::{Conflict, Puzzle};

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
/// options; cells neither fills get `blank`. Options past the placements
/// (a variant's constraint options, listed after its cell options) place
/// nothing.
pub fn decode(puzzle: &Puzzle, placements: &[Placement], options: &[usize], blank: u8) -> Vec<u8> {
    let mut grid: Vec<u8> = puzzle.givens().iter().map(|g| g.unwrap_or(blank)).collect();
    for p in options.iter().filter_map(|&k| placements.get(k)) {
        grid[p.cell] = p.symbol;
    }
    grid
}

/// The four kinds of item, in the order the matrix lists them.
const KINDS: [char; 4] = ['p', 'r', 'c', 'b'];

pub(crate) fn code(i: usize) -> char {
    char::from_digit(i as u32, 36).expect("below 36")
}

/// Knuth's name for item `index` of the full matrix of order `n`.
pub(crate) fn item_name(n: usize, index: usize) -> String {
    let (kind, rest) = (index / (n * n), index % (n * n));
    let (a, b) = if kind == 0 { (rest / n, rest % n) } else { (rest / n, rest % n + 1) };
    if n <= 35 {
        format!("{}{}{}", KINDS[kind], code(a), code(b))
    } else {
        format!("{}{a}.{b}", KINDS[kind])
    }
}

/// The items of the full matrix's option (cell, symbol), by index.
pub(crate) fn option_items(shape: &Shape, cell: usize, v: usize) -> impl Iterator<Item = usize> {
    let n = shape.n();
    let (r, c) = (cell / n, cell % n);
    let region = shape.region(cell).map(|k| 3 * n * n + k * n + v);
    [Some(cell), Some(n * n + r * n + v), Some(2 * n * n + c * n + v), region].into_iter().flatten()
}

pub(crate) fn item_count(shape: &Shape) -> usize {
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
