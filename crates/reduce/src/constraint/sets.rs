//! Rules about sets of cells: extra regions (windoku is four), the
//! diagonals, disjoint groups, quadruples (digits a 2x2 block must hold) and
//! clones (two shapes holding the same digits).

use super::sums::at;
use super::{all_different, check_cells, rc, span, ConstraintError, Grid, Rule, Rules};
use crate::grid::Shape;

/// An extra region: its cells hold different digits (f-puzzles
/// `extraregion`; at most N cells).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExtraRegion {
    /// The cells.
    pub cells: Vec<usize>,
}

impl ExtraRegion {
    /// An extra region in a grid of order `n`.
    pub fn new(n: usize, cells: Vec<usize>) -> Result<ExtraRegion, ConstraintError> {
        check_cells("extraregion", n, &cells, true)?;
        if cells.len() > n {
            return Err(ConstraintError {
                key: "extraregion",
                reason: format!("{} cells (at most {n})", cells.len()),
            });
        }
        Ok(ExtraRegion { cells })
    }
}

impl Rule for ExtraRegion {
    fn key(&self) -> &'static str {
        "extraregion"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        all_different(grid, &self.cells, || format!("extra region at {}", span(grid.n, &self.cells)))
    }
}

/// A diagonal of different digits: `positive` is the one from the
/// bottom-left to the top-right (f-puzzles `diagonal+`), else the one from
/// the top-left to the bottom-right (`diagonal-`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagonal {
    /// Bottom-left to top-right.
    pub positive: bool,
    /// The order of the grid.
    pub n: usize,
}

impl Diagonal {
    /// The diagonal's cells, from the top row down.
    pub fn line(&self) -> Vec<usize> {
        let n = self.n;
        (0..n).map(|r| r * n + if self.positive { n - 1 - r } else { r }).collect()
    }
}

impl Rule for Diagonal {
    fn key(&self) -> &'static str {
        if self.positive {
            "diagonal+"
        } else {
            "diagonal-"
        }
    }

    fn cells(&self) -> Vec<usize> {
        self.line()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        all_different(grid, &self.line(), || {
            format!("the {} diagonal", if self.positive { "positive" } else { "negative" })
        })
    }
}

/// Disjoint groups: the cells in the same position of every region (the
/// k-th in reading order) hold different digits (f-puzzles
/// `disjointgroups`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DisjointGroups {
    /// The groups: group k is the k-th cell of each region.
    pub groups: Vec<Vec<usize>>,
}

impl DisjointGroups {
    /// The disjoint groups of `shape`'s regions.
    pub fn new(shape: &Shape) -> Result<DisjointGroups, ConstraintError> {
        let n = shape.n();
        if !shape.has_regions() {
            return Err(ConstraintError { key: "disjointgroups", reason: "a grid without regions".into() });
        }
        let mut groups = vec![Vec::new(); n];
        let mut seen = vec![0usize; n];
        for cell in 0..n * n {
            let k = shape.region(cell).expect("every cell has a region");
            groups[seen[k]].push(cell);
            seen[k] += 1;
        }
        Ok(DisjointGroups { groups })
    }
}

impl Rule for DisjointGroups {
    fn key(&self) -> &'static str {
        "disjointgroups"
    }

    fn cells(&self) -> Vec<usize> {
        Vec::new()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        for (k, g) in self.groups.iter().enumerate() {
            all_different(grid, g, || format!("disjoint group {}", k + 1))?;
        }
        Ok(())
    }
}

/// A quadruple: the 2x2 block of four cells holds every listed digit (one
/// listed twice, twice). f-puzzles `quadruple`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Quadruple {
    /// The four cells.
    pub cells: Vec<usize>,
    /// The digits (1..N), at most four.
    pub digits: Vec<u32>,
}

impl Quadruple {
    /// A quadruple in a grid of order `n`.
    pub fn new(n: usize, cells: Vec<usize>, mut digits: Vec<u32>) -> Result<Quadruple, ConstraintError> {
        let key = "quadruple";
        check_cells(key, n, &cells, true)?;
        if cells.len() != 4 {
            return Err(ConstraintError {
                key,
                reason: format!("{} cells (a quadruple has 4)", cells.len()),
            });
        }
        let (top, left) = (cells.iter().map(|&c| c / n).min(), cells.iter().map(|&c| c % n).min());
        let (top, left) = (top.unwrap_or(0), left.unwrap_or(0));
        if cells.iter().any(|&c| c / n > top + 1 || c % n > left + 1) {
            return Err(ConstraintError {
                key,
                reason: format!(
                    "{} are not a 2x2 block around one corner",
                    cells.iter().map(|&c| rc(n, c)).collect::<Vec<_>>().join(" ")
                ),
            });
        }
        if digits.len() > 4 || digits.iter().any(|&d| d == 0 || d as usize > n) {
            return Err(ConstraintError { key, reason: format!("digits {digits:?} (up to four of 1-{n})") });
        }
        digits.sort_unstable();
        Ok(Quadruple { cells, digits })
    }
}

impl Rule for Quadruple {
    fn key(&self) -> &'static str {
        "quadruple"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let mut held: Vec<u32> = self.cells.iter().map(|&c| at(grid, c)).collect();
        for &d in &self.digits {
            match held.iter().position(|&h| h == d) {
                Some(i) => {
                    held.swap_remove(i);
                }
                None => return Err(format!("quadruple at {}: no {d}", rc(grid.n, self.cells[0]))),
            }
        }
        Ok(())
    }
}

/// A clone: `cells[i]` holds the same digit as `clones[i]` (f-puzzles
/// `clone`, its `cells` and `cloneCells`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clone {
    /// One shape.
    pub cells: Vec<usize>,
    /// The other, cell for cell.
    pub clones: Vec<usize>,
}

impl Clone {
    /// A clone in a grid of order `n`.
    pub fn new(n: usize, cells: Vec<usize>, clones: Vec<usize>) -> Result<Clone, ConstraintError> {
        check_cells("clone", n, &cells, true)?;
        check_cells("clone", n, &clones, true)?;
        if cells.len() != clones.len() {
            return Err(ConstraintError {
                key: "clone",
                reason: format!("{} cells cloned to {}", cells.len(), clones.len()),
            });
        }
        Ok(Clone { cells, clones })
    }
}

impl Rule for Clone {
    fn key(&self) -> &'static str {
        "clone"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.iter().chain(&self.clones).copied().collect()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        match self.cells.iter().zip(&self.clones).find(|(&a, &b)| grid.cells[a] != grid.cells[b]) {
            None => Ok(()),
            Some((&a, &b)) => Err(format!(
                "clone: {} holds {}, {} holds {}",
                rc(grid.n, a),
                at(grid, a),
                rc(grid.n, b),
                at(grid, b)
            )),
        }
    }
}
