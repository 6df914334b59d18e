//! A puzzle: a [`Shape`], an [`Alphabet`], its givens, and for a variant
//! puzzle its [`Rules`] (constraints, candidate restrictions); the clash
//! of two givens ([`Conflict`]). The check of a filled grid,
//! [`Puzzle::verify`], lives in [`crate::verify`].

use std::fmt;
use std::sync::Arc;

use crate::constraint::Rules;
use crate::grid::{Alphabet, GridError, Shape};

/// Where two givens clash, making the puzzle unsolvable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// Symbol `symbol` twice in row `index` (rows from 1).
    Row {
        /// The row, column or region, from 1.
        index: usize,
        /// The symbol given twice.
        symbol: char,
    },
    /// Symbol `symbol` twice in column `index` (from 1).
    Column {
        /// The row, column or region, from 1.
        index: usize,
        /// The symbol given twice.
        symbol: char,
    },
    /// Symbol `symbol` twice in region `index` (from 1, in region order),
    /// labelled `label` when the map has labels.
    Region {
        /// The row, column or region, from 1.
        index: usize,
        /// The region's label, when the map has labels.
        label: Option<char>,
        /// The symbol given twice.
        symbol: char,
    },
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::Row { index, symbol } => write!(f, "symbol {symbol} twice in row {index}"),
            Conflict::Column { index, symbol } => write!(f, "symbol {symbol} twice in column {index}"),
            Conflict::Region { label: Some(l), symbol, .. } => {
                write!(f, "symbol {symbol} twice in region '{l}'")
            }
            Conflict::Region { index, symbol, .. } => write!(f, "symbol {symbol} twice in region {index}"),
        }
    }
}

/// A puzzle: a shape, an alphabet, the givens (symbol indices, row by
/// row, `None` for a blank), and for a variant puzzle its [`Rules`]:
/// constraints beyond the grid's, and the symbols each cell may hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    shape: Shape,
    alphabet: Alphabet,
    givens: Vec<Option<u8>>,
    /// `None` for a classic puzzle (shared: a batch clones puzzles).
    rules: Option<Arc<Rules>>,
}

/// The rules of a classic puzzle: none.
static NO_RULES: Rules = Rules { constraints: Vec::new(), candidates: None };

impl Puzzle {
    /// Validates a puzzle.
    pub fn new(shape: Shape, alphabet: Alphabet, givens: Vec<Option<u8>>) -> Result<Puzzle, GridError> {
        let n = shape.n();
        if alphabet.len() != n {
            return Err(GridError::Alphabet {
                reason: format!("it has {} symbols; a {n}x{n} grid needs {n}", alphabet.len()),
            });
        }
        if givens.len() != n * n {
            return Err(GridError::GivenCount { cells: givens.len(), n });
        }
        // Every given checked without a branch (a batch builds many
        // puzzles; a blank is read as symbol 0, always in range); the
        // first one out of range found only if there is one.
        let out_of_range = |g: &Option<u8>| g.is_some_and(|v| v as usize >= n);
        if givens.iter().fold(false, |any, g| any | (g.unwrap_or(0) as usize >= n)) {
            let cell = givens.iter().position(out_of_range).unwrap_or(0);
            return Err(GridError::Symbol { cell });
        }
        Ok(Puzzle { shape, alphabet, givens, rules: None })
    }

    /// The puzzle with `rules` (constraints and candidate restrictions), or
    /// why they do not fit it (a candidate list of another size, symbols
    /// beyond the alphabet). Empty rules leave a classic puzzle.
    pub fn with_rules(mut self, rules: Rules) -> Result<Puzzle, GridError> {
        let n = self.n();
        if let Some(c) = &rules.candidates {
            if c.len() != n * n {
                return Err(GridError::GivenCount { cells: c.len(), n });
            }
            let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            if let Some(cell) = c.iter().position(|&m| m & !all != 0) {
                return Err(GridError::Symbol { cell });
            }
        }
        self.rules = (!rules.is_empty()).then(|| Arc::new(rules));
        Ok(self)
    }

    /// The same grid and givens without the rules: the classic puzzle.
    pub fn classic(&self) -> Puzzle {
        Puzzle { rules: None, ..self.clone() }
    }

    /// The puzzle's rules beyond the grid's (none for a classic puzzle).
    pub fn rules(&self) -> &Rules {
        self.rules.as_deref().unwrap_or(&NO_RULES)
    }

    /// Whether the puzzle is classic: no constraint and no candidate
    /// restriction beyond its givens and units.
    pub fn is_classic(&self) -> bool {
        self.rules.is_none()
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The order N.
    pub fn n(&self) -> usize {
        self.shape.n()
    }

    /// The alphabet.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The givens, row by row.
    pub fn givens(&self) -> &[Option<u8>] {
        &self.givens
    }

    /// Sets the given of `cell` (row by row from 0) to `given` (`None`:
    /// blank), or says why it cannot be.
    pub fn set_given(&mut self, cell: usize, given: Option<u8>) -> Result<(), GridError> {
        let n = self.n();
        if cell >= n * n {
            return Err(GridError::GivenCount { cells: cell + 1, n });
        }
        if given.is_some_and(|v| v as usize >= n) {
            return Err(GridError::Symbol { cell });
        }
        self.givens[cell] = given;
        Ok(())
    }

    /// The givens to change in place, for the crate's own loops that know
    /// their symbols are in range.
    pub(crate) fn givens_mut(&mut self) -> &mut [Option<u8>] {
        &mut self.givens
    }

    /// The first clash between givens, in the order rows, columns, regions,
    /// if there is one. A puzzle with a clash has no solution.
    pub fn conflict(&self) -> Option<Conflict> {
        let n = self.n();
        // Bit v of seen[unit] is set once symbol v is placed in that unit:
        // units 0..n rows, n..2n columns, 2n..3n regions.
        let mut seen = vec![0u64; 3 * n];
        let mut first: Option<(usize, usize, u8)> = None;
        for (cell, g) in self.givens.iter().enumerate() {
            let Some(v) = *g else { continue };
            let bit = 1u64 << v;
            let (r, c) = (cell / n, cell % n);
            let mut units = [Some(r), Some(n + c), self.shape.region(cell).map(|k| 2 * n + k)];
            for (kind, unit) in units.iter_mut().enumerate() {
                let Some(u) = *unit else { continue };
                if seen[u] & bit != 0 {
                    let key = (kind, u, v);
                    if first.is_none_or(|f| (key.0, key.1) < (f.0, f.1)) {
                        first = Some(key);
                    }
                }
                seen[u] |= bit;
            }
        }
        let (kind, unit, v) = first?;
        let symbol = self.alphabet.char(v);
        Some(match kind {
            0 => Conflict::Row { index: unit + 1, symbol },
            1 => Conflict::Column { index: unit - n + 1, symbol },
            _ => Conflict::Region { index: unit - 2 * n + 1, label: self.shape.label(unit - 2 * n), symbol },
        })
    }

    /// The grid as text: N rows of N symbols, blanks as `.`.
    pub fn render(&self, grid: &[Option<u8>]) -> String {
        let n = self.n();
        let mut s = String::with_capacity(n * (n + 1));
        for row in grid.chunks(n) {
            s.extend(row.iter().map(|g| g.map_or('.', |v| self.alphabet.char(v))));
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflicts_are_named() {
        let shape = Shape::default_for(4).unwrap();
        let alpha = Alphabet::default_for(4).unwrap();
        let mut g = vec![None; 16];
        g[0] = Some(0);
        g[3] = Some(0);
        let p = Puzzle::new(shape.clone(), alpha.clone(), g.clone()).unwrap();
        assert_eq!(p.conflict(), Some(Conflict::Row { index: 1, symbol: '1' }));
        assert_eq!(p.conflict().unwrap().to_string(), "symbol 1 twice in row 1");
        g[3] = None;
        g[5] = Some(0);
        let p = Puzzle::new(shape.clone(), alpha.clone(), g.clone()).unwrap();
        assert_eq!(p.conflict(), Some(Conflict::Region { index: 1, label: None, symbol: '1' }));
        g[5] = None;
        g[12] = Some(0);
        let p = Puzzle::new(shape, alpha, g).unwrap();
        assert_eq!(p.conflict().unwrap().to_string(), "symbol 1 twice in column 1");
    }
}
