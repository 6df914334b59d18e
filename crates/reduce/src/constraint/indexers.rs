//! Indexing cells: a digit in such a cell says where, in its row or column,
//! another digit sits (f-puzzles `rowindexer`, `columnindexer`; Rangsk's
//! keys).

use super::sums::at;
use super::{check_cells, rc, ConstraintError, Grid, Rule, Rules};

/// Which way a cell indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexerKind {
    /// Digit d at (r, c): row d of column c holds r (`rowindexer`).
    Row,
    /// Digit d at (r, c): column d of row r holds c (`columnindexer`).
    Column,
}

/// Indexing cells of one kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Indexer {
    /// The indexing cells.
    pub cells: Vec<usize>,
    /// Which way they index.
    pub kind: IndexerKind,
}

impl Indexer {
    /// Indexing cells of a grid of order `n`.
    pub fn new(n: usize, cells: Vec<usize>, kind: IndexerKind) -> Result<Indexer, ConstraintError> {
        check_cells(if kind == IndexerKind::Row { "rowindexer" } else { "columnindexer" }, n, &cells, true)?;
        Ok(Indexer { cells, kind })
    }

    /// The cell an indexing cell holding `d` points at, and the number it
    /// must hold there.
    pub fn target(&self, n: usize, cell: usize, d: u32) -> (usize, u32) {
        let (r, c) = (cell / n, cell % n);
        let d = d as usize - 1;
        match self.kind {
            IndexerKind::Row => (d * n + c, r as u32 + 1),
            IndexerKind::Column => (r * n + d, c as u32 + 1),
        }
    }
}

impl Rule for Indexer {
    fn key(&self) -> &'static str {
        match self.kind {
            IndexerKind::Row => "rowindexer",
            IndexerKind::Column => "columnindexer",
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
