//! Sums inside the grid: killer cages, arrows (one- or multi-cell circles),
//! double arrows, region-sum lines and zipper lines.

use super::{
    all_different, check_cells, digit, orthogonal, rc, span, touching, ConstraintError, Grid, Rule, Rules,
};
use crate::grid::Shape;

/// A killer cage: its cells hold different digits, which sum to `sum`
/// when it is given (f-puzzles `killercage`; a cage without a value has no
/// sum).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Killer {
    /// The cells.
    pub cells: Vec<usize>,
    /// The sum, if given.
    pub sum: Option<u32>,
}

impl Killer {
    /// A cage of `cells` in a grid of order `n`.
    pub fn new(n: usize, cells: Vec<usize>, sum: Option<u32>) -> Result<Killer, ConstraintError> {
        check_cells("killercage", n, &cells, true)?;
        Ok(Killer { cells, sum })
    }

    /// Why no grid of order `n` can fill this cage, if it is that plain:
    /// more cells than digits, or a sum out of the reach of distinct
    /// digits.
    pub fn impossible(&self, n: usize) -> Option<String> {
        let k = self.cells.len();
        let at = || {
            format!(
                "killer {} at {}",
                self.sum.map_or("cage".into(), |s| s.to_string()),
                span(n, &self.cells)
            )
        };
        if k > n {
            return Some(format!("{}: {k} cells cannot hold different digits 1-{n}", at()));
        }
        let sum = self.sum?;
        let (k, n) = (k as u32, n as u32);
        let least = k * (k + 1) / 2;
        let most = k * (2 * n - k + 1) / 2;
        if sum < least {
            Some(format!("{}: {k} cells sum to at least {least}", at()))
        } else if sum > most {
            Some(format!("{}: {k} cells sum to at most {most}", at()))
        } else {
            None
        }
    }
}

impl Rule for Killer {
    fn key(&self) -> &'static str {
        "killercage"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let what = || {
            format!(
                "killer {} at {}",
                self.sum.map_or("cage".into(), |s| s.to_string()),
                span(grid.n, &self.cells)
            )
        };
        all_different(grid, &self.cells, what)?;
        let total: u32 = self.cells.iter().map(|&c| grid.digit(c)).sum();
        match self.sum {
            Some(s) if s != total => Err(format!("{} sums to {total}", what())),
            _ => Ok(()),
        }
    }
}

/// The number a run of cells reads as, digit after digit (a pill-shaped
/// arrow circle of several cells: 1 then 2 reads 12).
pub(crate) fn number(grid: Grid<'_>, cells: &[usize]) -> u64 {
    cells.iter().fold(0u64, |acc, &c| {
        let d = grid.digit(c) as u64;
        acc * if d >= 10 { 100 } else { 10 } + d
    })
}

/// An arrow: the digits along the shaft sum to the number in the circle
/// (one cell, or a pill of two or three read in order). Digits may repeat
/// on the shaft. f-puzzles `arrow` (each of its lines is one arrow).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The circle's cells, read in this order.
    pub circle: Vec<usize>,
    /// The shaft, from the circle outwards.
    pub shaft: Vec<usize>,
}

impl Arrow {
    /// An arrow in a grid of order `n`: a circle of one to three cells,
    /// each sharing an edge with the one before, in one row or column and
    /// listed left to right or top to bottom (a pill, read so), and a
    /// shaft of one cell or more that starts beside a circle cell and goes
    /// on from neighbour to neighbour, no cell twice.
    pub fn new(n: usize, circle: Vec<usize>, shaft: Vec<usize>) -> Result<Arrow, ConstraintError> {
        let key = "arrow";
        check_cells(key, n, &circle, true)?;
        check_cells(key, n, &shaft, true)?;
        if circle.len() > 3 {
            return Err(ConstraintError {
                key,
                reason: format!("a circle of {} cells (at most 3)", circle.len()),
            });
        }
        if let Some(&c) = shaft.iter().find(|c| circle.contains(c)) {
            return Err(ConstraintError { key, reason: format!("{} is both circle and shaft", rc(n, c)) });
        }
        // A circle in pieces or a shaft that jumps is no arrow an editor
        // draws: refused rather than read as a sum over scattered cells.
        // A circle of two or three cells is a pill: side by side in one
        // row or one column (a diagonal or bent pill is none an editor
        // draws, and its number would have no reading order).
        let apart = |w: &[usize]| !touching(n, w[0], w[1]);
        if let Some(w) = circle.windows(2).find(|w| !orthogonal(n, w[0], w[1])) {
            let reason = format!(
                "the circle's {} and {} are not side by side (a pill's cells share an edge)",
                rc(n, w[0]),
                rc(n, w[1])
            );
            return Err(ConstraintError { key, reason });
        }
        let (row, col) = (circle[0] / n, circle[0] % n);
        if !(circle.iter().all(|&c| c / n == row) || circle.iter().all(|&c| c % n == col)) {
            let reason =
                format!("the circle {} bends (a pill lies in one row or one column)", span(n, &circle));
            return Err(ConstraintError { key, reason });
        }
        // Its number reads left to right or top to bottom; a pill listed
        // the other way would be read backwards (which an editor never
        // means), so it is refused with the order to write.
        if circle.windows(2).any(|w| w[0] > w[1]) {
            let mut order = circle.clone();
            order.sort_unstable();
            let cells: Vec<String> = order.iter().map(|&c| rc(n, c)).collect();
            let reason = format!(
                "the circle {} is listed backwards (a pill reads left to right or top to bottom: {})",
                span(n, &circle),
                cells.join(" ")
            );
            return Err(ConstraintError { key, reason });
        }
        if !circle.iter().any(|&c| touching(n, c, shaft[0])) {
            let reason = format!("the shaft starts at {}, beside no cell of its circle", rc(n, shaft[0]));
            return Err(ConstraintError { key, reason });
        }
        if let Some(w) = shaft.windows(2).find(|w| apart(w)) {
            let reason = format!("{} and {} are not neighbours on the shaft", rc(n, w[0]), rc(n, w[1]));
            return Err(ConstraintError { key, reason });
        }
        Ok(Arrow { circle, shaft })
    }
}

impl Arrow {
    /// Why no grid of order `n` keeps this arrow, if it is that plain: the
    /// shaft's reach (each cell 1 to N) misses every number the circle
    /// can hold.
    pub fn impossible(&self, n: usize) -> Option<String> {
        let k = self.shaft.len() as u64;
        let (least, most) = (k, k * n as u64);
        // The circle's least number: 1, 11, 111; its largest, for digits
        // below 10: N, NN, NNN (larger digits read as two places: no
        // upper bound is claimed for them).
        let c = self.circle.len() as u32;
        let ones = (0..c).fold(0u64, |a, _| a * 10 + 1);
        let at = || format!("arrow at {}", rc(n, self.circle[0]));
        if most < ones {
            return Some(format!(
                "{}: a shaft of {k} cell(s) sums to at most {most}; the circle holds at least {ones}",
                at()
            ));
        }
        if n <= 9 && least > ones * n as u64 {
            return Some(format!(
                "{}: a shaft of {k} cells sums to at least {least}; the circle holds at most {}",
                at(),
                ones * n as u64
            ));
        }
        None
    }
}

impl Rule for Arrow {
    fn key(&self) -> &'static str {
        "arrow"
    }

    fn cells(&self) -> Vec<usize> {
        self.circle.iter().chain(&self.shaft).copied().collect()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let circle = number(grid, &self.circle);
        let shaft: u64 = self.shaft.iter().map(|&c| grid.digit(c) as u64).sum();
        if circle == shaft {
            Ok(())
        } else {
            Err(format!(
                "arrow at {}: the circle holds {circle}, the shaft sums to {shaft}",
                rc(grid.n, self.circle[0])
            ))
        }
    }
}

/// A double arrow: the two end cells sum to the cells between them
/// (f-puzzles `doublearrow`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DoubleArrow {
    /// The line, end to end (three cells or more).
    pub cells: Vec<usize>,
}

impl DoubleArrow {
    /// A double arrow in a grid of order `n`.
    pub fn new(n: usize, cells: Vec<usize>) -> Result<DoubleArrow, ConstraintError> {
        check_line("doublearrow", n, &cells, 3)?;
        Ok(DoubleArrow { cells })
    }
}

impl DoubleArrow {
    /// Why no grid of order `n` keeps this double arrow, if it is that
    /// plain: the middle sums to at least its length, the ends to at most
    /// 2N.
    pub fn impossible(&self, n: usize) -> Option<String> {
        let middle = self.cells.len() as u32 - 2;
        let ends = 2 * n as u32 - 1;
        (middle > ends).then(|| {
            format!(
                "double arrow at {}: {middle} middle cells sum to at least {middle}; the ends, different digits, to at most {ends}",
                span(n, &self.cells)
            )
        })
    }
}

impl Rule for DoubleArrow {
    fn key(&self) -> &'static str {
        "doublearrow"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let k = self.cells.len();
        let ends = grid.digit(self.cells[0]) + grid.digit(self.cells[k - 1]);
        let middle: u32 = self.cells[1..k - 1].iter().map(|&c| grid.digit(c)).sum();
        if ends == middle {
            Ok(())
        } else {
            Err(format!(
                "double arrow at {}: the ends sum to {ends}, the middle to {middle}",
                span(grid.n, &self.cells)
            ))
        }
    }
}

/// A region-sum line: where the line crosses region borders it is cut into
/// runs, one per region visited; every run sums to the same number
/// (f-puzzles `regionsumline`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RegionSumLine {
    /// The line.
    pub cells: Vec<usize>,
    /// Its runs of cells in one region, in order.
    pub runs: Vec<Vec<usize>>,
}

impl RegionSumLine {
    /// A region-sum line over the regions of `shape` (a grid without
    /// regions has none to cross: the line is one run).
    pub fn new(shape: &Shape, cells: Vec<usize>) -> Result<RegionSumLine, ConstraintError> {
        check_line("regionsumline", shape.n(), &cells, 2)?;
        let mut runs: Vec<Vec<usize>> = Vec::new();
        for &c in &cells {
            match runs.last_mut() {
                Some(run) if shape.region(run[0]) == shape.region(c) => run.push(c),
                _ => runs.push(vec![c]),
            }
        }
        Ok(RegionSumLine { cells, runs })
    }
}

impl Rule for RegionSumLine {
    fn key(&self) -> &'static str {
        "regionsumline"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let sums: Vec<u32> = self.runs.iter().map(|r| r.iter().map(|&c| grid.digit(c)).sum()).collect();
        if sums.windows(2).all(|w| w[0] == w[1]) {
            Ok(())
        } else {
            Err(format!("region-sum line at {}: its runs sum to {sums:?}", span(grid.n, &self.cells)))
        }
    }
}

/// A zipper line: cells equally far from the line's middle sum to the
/// same number; on a line of odd length the middle cell holds that number
/// (f-puzzles `zipperline`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Zipper {
    /// The line.
    pub cells: Vec<usize>,
}

impl Zipper {
    /// A zipper line in a grid of order `n`.
    pub fn new(n: usize, cells: Vec<usize>) -> Result<Zipper, ConstraintError> {
        check_line("zipperline", n, &cells, 2)?;
        Ok(Zipper { cells })
    }

    /// The pairs of cells equally far from the middle, outermost first.
    pub fn pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let k = self.cells.len();
        (0..k / 2).map(move |i| (self.cells[i], self.cells[k - 1 - i]))
    }

    /// The middle cell of a line of odd length.
    pub fn middle(&self) -> Option<usize> {
        let k = self.cells.len();
        (k % 2 == 1).then(|| self.cells[k / 2])
    }
}

impl Rule for Zipper {
    fn key(&self) -> &'static str {
        "zipperline"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let mut sums = self.pairs().map(|(a, b)| grid.digit(a) + grid.digit(b)).collect::<Vec<_>>();
        if let Some(m) = self.middle() {
            sums.push(grid.digit(m));
        }
        if sums.windows(2).all(|w| w[0] == w[1]) {
            Ok(())
        } else {
            Err(format!("zipper line at {}: the pairs sum to {sums:?}", span(grid.n, &self.cells)))
        }
    }
}

/// Checks a line: cells in the grid, none twice, at least `min` of them,
/// each touching the one before it (orthogonally or diagonally, as lines
/// are drawn).
pub(crate) fn check_line(
    key: &'static str,
    n: usize,
    cells: &[usize],
    min: usize,
) -> Result<(), ConstraintError> {
    check_cells(key, n, cells, true)?;
    if cells.len() < min {
        return Err(ConstraintError {
            key,
            reason: format!("a line of {} cell(s) (at least {min})", cells.len()),
        });
    }
    if let Some(w) = cells.windows(2).find(|w| !touching(n, w[0], w[1])) {
        return Err(ConstraintError {
            key,
            reason: format!("{} and {} are not neighbours on the line", rc(n, w[0]), rc(n, w[1])),
        });
    }
    Ok(())
}

/// Checks a pair of cells that share an edge (dots, XV).
pub(crate) fn check_pair(key: &'static str, n: usize, a: usize, b: usize) -> Result<(), ConstraintError> {
    check_cells(key, n, &[a, b], true)?;
    if !orthogonal(n, a, b) {
        return Err(ConstraintError {
            key,
            reason: format!("{} and {} do not share an edge", rc(n, a), rc(n, b)),
        });
    }
    Ok(())
}

/// The digit of a cell (for the families' checks).
pub(crate) fn at(grid: Grid<'_>, cell: usize) -> u32 {
    digit(grid.cells[cell])
}
