//! Rules on single cells: odd and even cells, and minimum and maximum
//! cells (smaller, or larger, than each orthogonal neighbour that is not
//! itself such a cell).

use super::sums::at;
use super::{check_cells, orthogonal, rc, Constraint, ConstraintError, Grid, Rule, Rules};

/// Odd or even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// An odd digit.
    Odd,
    /// An even digit.
    Even,
}

/// A cell of given parity (f-puzzles `odd`, `even`; a grey circle or a
/// grey square).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParityCell {
    /// The cell.
    pub cell: usize,
    /// Its parity.
    pub parity: Parity,
}

impl ParityCell {
    /// An odd or even cell of a grid of order `n`.
    pub fn new(n: usize, cell: usize, parity: Parity) -> Result<ParityCell, ConstraintError> {
        check_cells(if parity == Parity::Odd { "odd" } else { "even" }, n, &[cell], true)?;
        Ok(ParityCell { cell, parity })
    }
}

impl Rule for ParityCell {
    fn key(&self) -> &'static str {
        match self.parity {
            Parity::Odd => "odd",
            Parity::Even => "even",
        }
    }

    fn cells(&self) -> Vec<usize> {
        vec![self.cell]
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let d = at(grid, self.cell);
        if (d % 2 == 1) == (self.parity == Parity::Odd) {
            Ok(())
        } else {
            Err(format!("{} is {} but holds {d}", rc(grid.n, self.cell), self.key()))
        }
    }
}

/// A minimum (or maximum) cell: smaller (larger) than each orthogonal
/// neighbour that is not itself a minimum (maximum) cell. f-puzzles
/// `minimum`, `maximum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Extremum {
    /// The cell.
    pub cell: usize,
    /// A maximum rather than a minimum.
    pub maximum: bool,
}

impl Extremum {
    /// A minimum or maximum cell of a grid of order `n`.
    pub fn new(n: usize, cell: usize, maximum: bool) -> Result<Extremum, ConstraintError> {
        check_cells(if maximum { "maximum" } else { "minimum" }, n, &[cell], true)?;
        Ok(Extremum { cell, maximum })
    }

    /// The neighbours this cell is compared with, given the puzzle's rules.
    pub fn rivals(&self, n: usize, rules: &Rules) -> Vec<usize> {
        let same = |b: usize| {
            rules
                .constraints
                .iter()
                .any(|c| matches!(c, Constraint::Extremum(e) if e.cell == b && e.maximum == self.maximum))
        };
        (0..n * n).filter(|&b| orthogonal(n, self.cell, b) && !same(b)).collect()
    }
}

impl Rule for Extremum {
    fn key(&self) -> &'static str {
        if self.maximum {
            "maximum"
        } else {
            "minimum"
        }
    }

    fn cells(&self) -> Vec<usize> {
        vec![self.cell]
    }

    fn check(&self, grid: Grid<'_>, rules: &Rules) -> Result<(), String> {
        let d = at(grid, self.cell);
        for b in self.rivals(grid.n, rules) {
            let e = at(grid, b);
            if (self.maximum && d <= e) || (!self.maximum && d >= e) {
                return Err(format!(
                    "{} is a {} but holds {d} beside {e}",
                    rc(grid.n, self.cell),
                    self.key()
                ));
            }
        }
        Ok(())
    }
}
