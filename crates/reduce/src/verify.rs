//! The last line of defence: every answer checked before it is printed,
//! by code that shares nothing with the searches that found it.
//!
//! A grid is checked against the puzzle as it was read: its size, every
//! cell a symbol, every given kept, each row, column and region holding
//! each symbol once (the units counted here, from the region map, not
//! from any search's tables), the cells' candidate restrictions and every
//! variant constraint the record carries (each constraint's own plain
//! check). An exact-cover solution is checked against its problem: no
//! option twice, every primary item within its bounds, every secondary
//! item used once or with one color ([`dlx::Problem::is_solution`], which
//! reads the options as written, not the links).
//!
//! A failure is a bug in `dance`, never a property of the input: the
//! caller prints no answer for the record, says [`Failure`] on stderr and
//! exits 2.
//!
//! This file reads only the model (the shape, the givens, the rules) and
//! `dlx`'s problem as written: no search and no search's tables. The
//! searches' own checks ([`Puzzle::verify`], defined here) are this code
//! too, so the crate has one check of a grid, not two.

use std::fmt;

use dlx::Problem;

use crate::constraint::Grid;
use crate::{Puzzle, Regions};

/// An answer that does not solve its record: an internal error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// What is wrong with the answer.
    pub reason: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "internal error: an answer failed verification ({}); it is not printed. \
             This is a bug in dance: please report it with the input that caused it",
            self.reason
        )
    }
}

/// Checks a filled grid (symbol indices, row by row) against `puzzle`.
pub fn grid(puzzle: &Puzzle, grid: &[u8]) -> Result<(), Failure> {
    // The common case, a grid that passes, is decided without a branch a
    // cell; only a grid that fails is read again, to say why.
    let n = puzzle.n();
    let passes = match n {
        _ if grid.len() != n * n => false,
        9 if has_nine_check(puzzle) => units_full_nine(puzzle.givens(), grid),
        0..=16 => units_full::<16>(puzzle, grid),
        _ => units_full::<{ crate::MAX_ORDER }>(puzzle, grid),
    };
    if !passes {
        return explain(puzzle, grid);
    }
    // Every unit full and every given kept: what is left are the rules
    // (constraints, candidate restrictions) of a variant puzzle.
    if puzzle.is_classic() {
        return Ok(());
    }
    puzzle.rules().check(Grid { n, cells: grid }).map_err(|reason| Failure { reason })
}

impl Puzzle {
    /// Checks a filled grid (symbol indices, row by row) against the puzzle,
    /// as [`grid`] does: every cell a symbol, every given kept, every row,
    /// column and region holding each symbol once, every rule kept. The
    /// error says what is wrong.
    pub fn verify(&self, grid: &[u8]) -> Result<(), String> {
        self::grid(self, grid).map_err(|f| f.reason)
    }
}

/// Whether `puzzle` is the 9x9 with 3x3 boxes, which [`grid`] checks by a
/// way of its own ([`units_full_nine`]).
fn has_nine_check(puzzle: &Puzzle) -> bool {
    matches!(puzzle.shape().regions(), Regions::Boxes { rows: 3, cols: 3 })
}

/// The bit of each byte of a 9x9 grid: `1 << v` for a symbol (0 to 8), none
/// for any other byte (so the units it is in never read as full).
const NINE_BITS: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut v = 0;
    while v < 9 {
        t[v] = 1 << v;
        v += 1;
    }
    t
};

/// [`units_full`] for the 9x9 with 3x3 boxes, the bulk of every batch, in
/// about 700 instructions a grid: the givens in one pass (a branch a given,
/// none a blank), then each cell's bit by one table look-up (a byte past 8
/// has none, so its row is never full), each row's union on the way, and
/// the columns and boxes as unions of whole rows (which the compiler does
/// eight lanes at a time).
#[inline(never)]
fn units_full_nine(givens: &[Option<u8>], grid: &[u8]) -> bool {
    let (Ok(grid), Ok(givens)) = (<&[u8; 81]>::try_from(grid), <&[Option<u8>; 81]>::try_from(givens)) else {
        return false;
    };
    let mut changed = 0u8;
    for (kept, row) in givens.chunks_exact(9).zip(grid.chunks_exact(9)) {
        for (g, &v) in kept.iter().zip(row) {
            changed |= g.unwrap_or(v) ^ v;
        }
    }
    let mut bits = [[0u16; 9]; 9];
    // Every row full: the intersection of the rows' unions.
    let mut all = 0x1ffu16;
    for (out, row) in bits.iter_mut().zip(grid.chunks_exact(9)) {
        let mut in_row = 0u16;
        for (b, &v) in out.iter_mut().zip(row) {
            *b = NINE_BITS[usize::from(v)];
            in_row |= *b;
        }
        all &= in_row;
    }
    let or3 = |a: &[u16; 9], b: &[u16; 9], c: &[u16; 9]| -> [u16; 9] {
        std::array::from_fn(|i| a[i] | b[i] | c[i])
    };
    // Each band's column unions: a box is three of them.
    let bands = [
        or3(&bits[0], &bits[1], &bits[2]),
        or3(&bits[3], &bits[4], &bits[5]),
        or3(&bits[6], &bits[7], &bits[8]),
    ];
    for c in or3(&bands[0], &bands[1], &bands[2]) {
        all &= c;
    }
    for b in &bands {
        all &= (b[0] | b[1] | b[2]) & (b[3] | b[4] | b[5]) & (b[6] | b[7] | b[8]);
    }
    (changed == 0) & (all == 0x1ff)
}

/// Whether every cell holds a symbol, every given is kept, and every row,
/// column and region holds all N symbols (N cells each: so each once).
/// `M` bounds the order.
fn units_full<const M: usize>(puzzle: &Puzzle, grid: &[u8]) -> bool {
    let n = puzzle.n();
    let shape = puzzle.shape();
    let givens = puzzle.givens();
    let (mut rows, mut cols, mut regions) = ([0u64; M], [0u64; M], [0u64; M]);
    // Boxes are counted from their description (R x C), a map from its
    // labels: never from a search's tables.
    let boxes = match shape.regions() {
        Regions::Boxes { rows, cols } => Some((*rows, *cols)),
        _ => None,
    };
    let (box_rows, box_cols) = boxes.unwrap_or((n, n));
    let mut box_of_column = [0usize; M];
    for (c, b) in box_of_column.iter_mut().enumerate().take(n) {
        *b = c / box_cols;
    }
    // Every cell a symbol, every given kept: two passes the compiler can
    // vectorize.
    let mut bad = grid.iter().copied().max().is_some_and(|v| v as usize >= n);
    bad |= grid.iter().zip(givens).fold(false, |b, (&v, g)| b | g.is_some_and(|g| g != v));
    let per_row = n / box_cols;
    for (r, row) in grid.chunks_exact(n).enumerate() {
        let mut in_row = 0u64;
        let base = (r / box_rows) * per_row;
        let boxes_here = &mut regions[base.min(M)..(base + per_row).min(M)];
        for ((&v, col), &b) in row.iter().zip(cols.iter_mut()).zip(box_of_column.iter()) {
            let bit = 1u64 << (v & 63);
            in_row |= bit;
            *col |= bit;
            if let Some(x) = boxes_here.get_mut(b) {
                *x |= bit;
            }
        }
        rows[r] = in_row;
    }
    if boxes.is_none() {
        regions = [0u64; M];
        if shape.has_regions() {
            for (cell, &v) in grid.iter().enumerate() {
                let k = shape.region(cell).unwrap_or(M);
                bad |= k >= n;
                regions[k.min(M - 1)] |= 1u64 << (v & 63);
            }
        }
    }
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let regions_ok = !shape.has_regions() || regions[..n].iter().all(|&s| s == full);
    !bad && rows[..n].iter().all(|&s| s == full) && cols[..n].iter().all(|&s| s == full) && regions_ok
}

/// The slow reading of [`grid`]: the first thing wrong, named.
fn explain(puzzle: &Puzzle, grid: &[u8]) -> Result<(), Failure> {
    let fail = |reason: String| Err(Failure { reason });
    let n = puzzle.n();
    if grid.len() != n * n {
        return fail(format!("{} cells for a {n}x{n} grid", grid.len()));
    }
    let givens = puzzle.givens();
    // Bit v of units[u]: symbol v seen in unit u (rows 0..n, columns
    // n..2n, regions 2n..3n). On the stack: a batch checks many grids.
    let mut units = [0u64; 3 * crate::MAX_ORDER];
    let shape = puzzle.shape();
    let mut regions = 0usize;
    for (cell, &v) in grid.iter().enumerate() {
        let (r, c) = (cell / n, cell % n);
        if v as usize >= n {
            return fail(format!("row {}, column {} holds no symbol", r + 1, c + 1));
        }
        if let Some(g) = givens[cell] {
            if g != v {
                return fail(format!("the given in row {}, column {} was changed", r + 1, c + 1));
            }
        }
        let bit = 1u64 << v;
        let region = shape.region(cell);
        if region.is_some_and(|k| k >= n) {
            return fail(format!("row {}, column {} is in no region of the map", r + 1, c + 1));
        }
        for (kind, index, what) in [(0, Some(r), "row"), (1, Some(c), "column"), (2, region, "region")] {
            let Some(index) = index else { continue };
            let u = kind * n + index;
            if units[u] & bit != 0 {
                return fail(format!("symbol {} twice in {what} {}", puzzle.alphabet().char(v), index + 1));
            }
            units[u] |= bit;
        }
        regions += usize::from(region.is_some());
    }
    // Every region filled: each of its N cells a different symbol, and
    // N cells each (checked above by the bits: N distinct symbols).
    if regions > 0 {
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        if let Some(k) = units[2 * n..3 * n].iter().position(|&s| s != full) {
            return fail(format!("region {} does not hold every symbol", k + 1));
        }
    }
    puzzle.rules().check(Grid { n, cells: grid }).or_else(fail)
}

/// [`grid`] for many grids of one puzzle (a listing): the unit of every
/// cell (row, column, region from the region map, never from a search's
/// tables) laid out once, so that a grid that passes costs one pass of a
/// few operations a cell. Grids of orders up to 16 of classic puzzles
/// but the 9x9 with 3x3 boxes; every other is checked by [`grid`] itself,
/// as is any grid that fails (to say why).
pub struct Checker<'a> {
    puzzle: &'a Puzzle,
    /// The three units of each cell: row (0..n), column (n..2n), region
    /// (2n..3n; `3n`, a slot never checked, for a grid without regions).
    /// Empty when [`grid`] checks every grid.
    units: Vec<[u8; 3]>,
}

impl<'a> Checker<'a> {
    /// The checker of `puzzle`'s grids.
    pub fn new(puzzle: &'a Puzzle) -> Checker<'a> {
        let n = puzzle.n();
        let shape = puzzle.shape();
        let mut units = Vec::new();
        // The 9x9 with 3x3 boxes has a check of its own in [`grid`], in a
        // third of the instructions of a table's (and no table to build
        // for each puzzle of a batch).
        if n <= 16 && puzzle.is_classic() && !has_nine_check(puzzle) {
            // Boxes are laid out from their description (R x C), a map
            // from its labels: never from the table a search reads
            // (`Shape::region` of boxes), so the two cannot share a
            // mistake. A box is its row's band plus its column's stack,
            // each divided out once a puzzle, not once a cell (the
            // divisions were most of a 9x9 solve's verification).
            let (mut band, mut stack) = ([None; 16], [0; 16]);
            if let Regions::Boxes { rows, cols } = *shape.regions() {
                for i in 0..n {
                    band[i] = Some(i / rows * (n / cols));
                    stack[i] = i / cols;
                }
            }
            let mut fits = true;
            units.reserve(n * n);
            for (r, band) in band[..n].iter().enumerate() {
                for (c, stack) in stack[..n].iter().enumerate() {
                    let region = band.map_or_else(|| shape.region(r * n + c), |b| Some(b + stack));
                    fits &= region.is_none_or(|k| k < n);
                    units.push([r as u8, (n + c) as u8, region.map_or(3 * n, |k| 2 * n + k) as u8]);
                }
            }
            if !fits {
                units = Vec::new();
            }
        }
        Checker { puzzle, units }
    }

    /// Checks a filled grid (symbol indices, row by row), as [`grid`] does.
    pub fn grid(&self, grid: &[u8]) -> Result<(), Failure> {
        let n = self.puzzle.n();
        if self.units.is_empty() || grid.len() != n * n {
            return self::grid(self.puzzle, grid);
        }
        // Bit v of seen[u]: symbol v in unit u. A symbol past 15 sets no
        // bit below 16 (it is masked to bit 31 at most), so its units never
        // read as full.
        let mut seen = [0u32; 49];
        let mut changed = 0u8;
        for ((&v, g), u) in grid.iter().zip(self.puzzle.givens()).zip(&self.units) {
            changed |= g.unwrap_or(v) ^ v;
            let bit = 1u32 << v.min(31);
            seen[u[0] as usize] |= bit;
            seen[u[1] as usize] |= bit;
            seen[u[2] as usize] |= bit;
        }
        let full = (1u32 << n) - 1;
        let units = if self.puzzle.shape().has_regions() { 3 * n } else { 2 * n };
        if changed == 0 && seen[..units].iter().all(|&s| s == full) {
            Ok(())
        } else {
            self::grid(self.puzzle, grid)
        }
    }
}

/// Checks that `options` solve `problem` (and, for an exported puzzle,
/// the caller checks the grid they fill in with [`grid`] too).
pub fn cover(problem: &Problem, options: &[usize]) -> Result<(), Failure> {
    if problem.is_solution(options) {
        Ok(())
    } else {
        Err(Failure { reason: "the options chosen are not an exact cover of the problem".into() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Alphabet, Shape};

    /// A 4x4 puzzle with boxes, its solution, givens at `given`.
    fn four(given: &[usize]) -> (Puzzle, Vec<u8>) {
        let sol: Vec<u8> = vec![0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0];
        let givens = (0..16).map(|i| given.contains(&i).then_some(sol[i])).collect();
        let p =
            Puzzle::new(Shape::default_for(4).unwrap(), Alphabet::default_for(4).unwrap(), givens).unwrap();
        (p, sol)
    }

    #[test]
    fn a_solution_passes_and_every_one_cell_change_fails() {
        let (p, sol) = four(&[0, 5, 10]);
        assert_eq!(grid(&p, &sol), Ok(()));
        for cell in 0..16 {
            for v in 0..4u8 {
                if v == sol[cell] {
                    continue;
                }
                let mut g = sol.clone();
                g[cell] = v;
                assert!(grid(&p, &g).is_err(), "cell {cell} = {v}");
            }
        }
    }

    /// The 9x9 fast path against the general one: a solution passes both;
    /// every one-cell change (to any byte, symbols past 8 included), every
    /// swap of two cells and every changed given fails both.
    #[test]
    fn the_nine_by_nine_path_agrees_with_the_general_one() {
        let sol: Vec<u8> = (0..81).map(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9) as u8).collect();
        let givens = (0..81).map(|i| (i % 7 == 0).then_some(sol[i])).collect();
        let p =
            Puzzle::new(Shape::default_for(9).unwrap(), Alphabet::default_for(9).unwrap(), givens).unwrap();
        let both = |g: &[u8]| {
            let fast = units_full_nine(p.givens(), g);
            assert_eq!(fast, units_full::<16>(&p, g), "{g:?}");
            fast
        };
        assert!(both(&sol));
        assert_eq!(grid(&p, &sol), Ok(()));
        // Another solution of the units that changes the givens.
        let relabelled: Vec<u8> = sol.iter().map(|&v| (v + 1) % 9).collect();
        assert!(!both(&relabelled));
        assert!(grid(&p, &relabelled).is_err());
        for cell in 0..81 {
            for v in (0..=40u8).chain([63, 64, 200, 255]) {
                let mut g = sol.clone();
                g[cell] = v;
                assert_eq!(both(&g), v == sol[cell], "cell {cell} = {v}");
                assert_eq!(grid(&p, &g).is_ok(), v == sol[cell], "cell {cell} = {v}");
            }
            for other in cell + 1..81 {
                let mut g = sol.clone();
                g.swap(cell, other);
                assert_eq!(both(&g), g == sol, "swap {cell} {other}");
            }
        }
    }

    /// The checker's layout of R x C boxes (by band and stack) against the
    /// box of each cell worked out on its own, for every box shape up to
    /// order 16.
    #[test]
    fn the_checker_lays_out_every_box_shape_cell_by_cell() {
        // Every R x C box shape up to order 16: each cell's units are its
        // row, its column and the box (row / R, column / C) counted row by
        // row of boxes, as worked out for the cell alone.
        for n in 1..=16 {
            for rows in (1..=n).filter(|r| n % r == 0) {
                let cols = n / rows;
                let Ok(shape) = Shape::new(n, Regions::Boxes { rows, cols }) else { continue };
                let blank = Puzzle::new(shape, Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap();
                let checker = Checker::new(&blank);
                if (n, rows) == (9, 3) {
                    // Checked by `grid`'s own 9x9 check, with no table.
                    assert!(checker.units.is_empty());
                    continue;
                }
                let expected: Vec<[u8; 3]> = (0..n * n)
                    .map(|c| {
                        let (r, col) = (c / n, c % n);
                        [r as u8, (n + col) as u8, (2 * n + r / rows * (n / cols) + col / cols) as u8]
                    })
                    .collect();
                assert_eq!(checker.units, expected, "{rows} x {cols}");
            }
        }
    }

    /// The checker against [`grid`] on listings' grids of several shapes
    /// (boxes, a map, none): every solution passes both; every one-cell
    /// change (symbols past N included), every swap of two cells and every
    /// changed given fails both.
    #[test]
    fn the_checker_agrees_with_grid() {
        use std::ops::ControlFlow;
        let shapes = [
            Shape::default_for(4).unwrap(),
            Shape::default_for(5).unwrap(),
            Shape::new(6, Regions::Map("aaabbbaacbbbaccdddeccddfeecdffeeefff".chars().collect())).unwrap(),
            Shape::default_for(8).unwrap(),
            Shape::default_for(9).unwrap(),
            Shape::default_for(16).unwrap(),
        ];
        for shape in shapes {
            let n = shape.n();
            let blank =
                Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap();
            let mut solver = crate::GridSolver::new(&shape);
            let mut sols = Vec::new();
            let _ = solver.solve(&blank, |g| {
                sols.push(g.to_vec());
                if sols.len() < 3 {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            });
            for sol in sols {
                let givens = (0..n * n).map(|i| (i % 5 == 0).then_some(sol[i])).collect();
                let p = Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), givens).unwrap();
                for puzzle in [&blank, &p] {
                    let checker = Checker::new(puzzle);
                    // The 9x9 with boxes is checked by `grid`'s own check.
                    assert_eq!(checker.units.is_empty(), n == 9);
                    assert_eq!(checker.grid(&sol), Ok(()));
                    assert_eq!(grid(puzzle, &sol), Ok(()));
                    for cell in 0..n * n {
                        for v in (0..n as u8 + 2).chain([31, 32, 63, 64, 255]) {
                            let mut g = sol.clone();
                            g[cell] = v;
                            let ok = v == sol[cell];
                            assert_eq!(checker.grid(&g).is_ok(), ok, "order {n}, cell {cell} = {v}");
                            assert_eq!(checker.grid(&g), grid(puzzle, &g));
                        }
                        for other in cell + 1..n * n {
                            let mut g = sol.clone();
                            g.swap(cell, other);
                            assert_eq!(checker.grid(&g).is_ok(), g == sol, "order {n}, swap {cell} {other}");
                        }
                    }
                    let relabelled: Vec<u8> = sol.iter().map(|&v| (v + 1) % n as u8).collect();
                    assert_eq!(
                        checker.grid(&relabelled).is_ok(),
                        puzzle.givens().iter().all(Option::is_none)
                    );
                    assert!(checker.grid(&sol[1..]).is_err());
                }
            }
        }
    }

    /// Random solutions (the pattern grid with its symbols, bands, stacks,
    /// rows in a band and columns in a stack shuffled), random givens, and
    /// random damage (a cell set to any byte, two cells swapped, a given
    /// changed): the 9x9 path agrees with the general one every time.
    #[test]
    fn the_nine_by_nine_path_agrees_on_random_grids() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |k: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % k as u64) as usize
        };
        let shuffle = |v: &mut [usize], next: &mut dyn FnMut(usize) -> usize| {
            for i in (1..v.len()).rev() {
                v.swap(i, next(i + 1));
            }
        };
        for _ in 0..300 {
            let (mut sym, mut bands, mut stacks) = ((0..9).collect::<Vec<_>>(), vec![0, 1, 2], vec![0, 1, 2]);
            shuffle(&mut sym, &mut next);
            shuffle(&mut bands, &mut next);
            shuffle(&mut stacks, &mut next);
            let (mut inner_r, mut inner_c) = (vec![0, 1, 2], vec![0, 1, 2]);
            shuffle(&mut inner_r, &mut next);
            shuffle(&mut inner_c, &mut next);
            let sol: Vec<u8> = (0..81)
                .map(|i| {
                    let (r, c) =
                        (bands[i / 27] * 3 + inner_r[i / 9 % 3], stacks[i % 9 / 3] * 3 + inner_c[i % 3]);
                    sym[(r * 3 + r / 3 + c) % 9] as u8
                })
                .collect();
            let givens: Vec<Option<u8>> = (0..81).map(|i| (next(4) == 0).then_some(sol[i])).collect();
            let p = Puzzle::new(Shape::default_for(9).unwrap(), Alphabet::default_for(9).unwrap(), givens)
                .unwrap();
            let agree = |g: &[u8]| {
                let fast = units_full_nine(p.givens(), g);
                assert_eq!(fast, units_full::<16>(&p, g), "{g:?}");
                assert_eq!(fast, grid(&p, g).is_ok());
                fast
            };
            assert!(agree(&sol));
            for _ in 0..20 {
                let mut g = sol.clone();
                match next(3) {
                    0 => g[next(81)] = next(256) as u8,
                    1 => g.swap(next(81), next(81)),
                    _ => {
                        if let Some(cell) = (0..81).find(|&c| p.givens()[c].is_some()) {
                            g[cell] = (g[cell] + 1 + next(8) as u8) % 9;
                        }
                    }
                }
                assert_eq!(agree(&g), g == sol);
            }
        }
    }

    #[test]
    fn failures_name_what_is_wrong() {
        let (p, sol) = four(&[0]);
        let mut g = sol.clone();
        g[0] = 1;
        assert!(grid(&p, &g).unwrap_err().reason.contains("given in row 1, column 1"));
        let (p, _) = four(&[]);
        assert!(grid(&p, &g).unwrap_err().reason.contains("twice in row 1"));
        assert!(grid(&p, &sol[..15]).is_err());
        let mut g = sol.clone();
        g[3] = 9;
        assert!(grid(&p, &g).unwrap_err().reason.contains("no symbol"));
        // A Latin square that breaks a box.
        let latin: Vec<u8> = vec![0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2];
        assert!(grid(&p, &latin).unwrap_err().reason.contains("region"));
        assert!(Failure { reason: "x".into() }.to_string().contains("bug"));
    }
}
