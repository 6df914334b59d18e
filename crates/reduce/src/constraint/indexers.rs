//! Indexing cells: a digit in such a cell says where, in its row, column or
//! region, another digit sits (f-puzzles `rowindexer`, `columnindexer`;
//! `boxindexer` from Rangsk's additions to f-puzzles).

use super::sums::at;
use super::{check_cells, rc, ConstraintError, Grid, Rule, Rules};
use crate::grid::Shape;

/// Which way a cell indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexerKind {
    /// Digit d at (r, c): row d of column c holds r (`rowindexer`).
    Row,
    /// Digit d at (r, c): column d of row r holds c (`columnindexer`).
    Column,
    /// Digit d in the k-th cell of its region (reading order): the d-th
    /// cell of that region holds k (`boxindexer`).
    Box,
}

/// Indexing cells of one kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Indexer {
    /// The indexing cells.
    pub cells: Vec<usize>,
    /// Which way they index.
    pub kind: IndexerKind,
    /// For a box indexer, each region's cells in reading order (empty for
    /// rows and columns).
    pub regions: Vec<Vec<usize>>,
}

impl Indexer {
    /// Row or column indexing cells of a grid of order `n` (a box indexer
    /// needs the regions: [`Indexer::boxes`]).
    pub fn new(n: usize, cells: Vec<usize>, kind: IndexerKind) -> Result<Indexer, ConstraintError> {
        let key = if kind == IndexerKind::Row { "rowindexer" } else { "columnindexer" };
        if kind == IndexerKind::Box {
            return Err(ConstraintError {
                key: "boxindexer",
                reason: "a box indexer needs the regions".into(),
            });
        }
        check_cells(key, n, &cells, true)?;
        Ok(Indexer { cells, kind, regions: Vec::new() })
    }

    /// Box indexing cells of `shape`'s regions.
    pub fn boxes(shape: &Shape, cells: Vec<usize>) -> Result<Indexer, ConstraintError> {
        let n = shape.n();
        check_cells("boxindexer", n, &cells, true)?;
        if !shape.has_regions() {
            return Err(ConstraintError { key: "boxindexer", reason: "a grid without regions".into() });
        }
        let mut regions = vec![Vec::new(); n];
        for cell in 0..n * n {
            regions[shape.region(cell).expect("every cell has a region")].push(cell);
        }
        Ok(Indexer { cells, kind: IndexerKind::Box, regions })
    }

    /// The cell an indexing cell holding `d` points at, and the number it
    /// must hold there.
    pub fn target(&self, n: usize, cell: usize, d: u32) -> (usize, u32) {
        let (r, c) = (cell / n, cell % n);
        let d = d as usize - 1;
        match self.kind {
            IndexerKind::Row => (d * n + c, r as u32 + 1),
            IndexerKind::Column => (r * n + d, c as u32 + 1),
            IndexerKind::Box => {
                let region =
                    self.regions.iter().find(|g| g.contains(&cell)).expect("every cell has a region");
                let k = region.iter().position(|&x| x == cell).expect("the cell is in its region");
                (region[d], k as u32 + 1)
            }
        }
    }
}

impl Rule for Indexer {
    fn key(&self) -> &'static str {
        match self.kind {
            IndexerKind::Row => "rowindexer",
            IndexerKind::Column => "columnindexer",
            IndexerKind::Box => "boxindexer",
        }
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        for &cell in &self.cells {
            let (target, want) = self.target(grid.n, cell, at(grid, cell));
            if at(grid, target) != want {
                return Err(format!(
                    "{} indexes {}: it holds {}, not {want}",
                    rc(grid.n, cell),
                    rc(grid.n, target),
                    at(grid, target)
                ));
            }
        }
        Ok(())
    }
}
