//! Chess rules: cells a knight's move (anti-knight) or a king's move
//! (anti-king) apart hold different digits.

use super::{rc, Grid, Rule, Rules};

/// The cells a piece's move away from `cell` in a grid of order `n`.
pub fn moves(n: usize, cell: usize, steps: &[(isize, isize)]) -> impl Iterator<Item = usize> + '_ {
    let (r, c) = ((cell / n) as isize, (cell % n) as isize);
    steps.iter().filter_map(move |&(dr, dc)| {
        let (rr, cc) = (r + dr, c + dc);
        (rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < n).then(|| rr as usize * n + cc as usize)
    })
}

/// A knight's moves.
pub const KNIGHT: [(isize, isize); 8] =
    [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)];
/// A king's moves.
pub const KING: [(isize, isize); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

fn check_moves(grid: Grid<'_>, steps: &[(isize, isize)], what: &str) -> Result<(), String> {
    let n = grid.n;
    for a in 0..n * n {
        if let Some(b) = moves(n, a, steps).find(|&b| b > a && grid.cells[a] == grid.cells[b]) {
            return Err(format!("{what}: {} and {} both hold {}", rc(n, a), rc(n, b), grid.digit(a)));
        }
    }
    Ok(())
}

/// Anti-knight: cells a knight's move apart differ.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AntiKnight;

impl Rule for AntiKnight {
    fn key(&self) -> &'static str {
        "antiknight"
    }

    fn cells(&self) -> Vec<usize> {
        Vec::new()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        check_moves(grid, &KNIGHT, "anti-knight")
    }
}

/// Anti-king: cells a king's move apart (diagonal neighbours) differ.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AntiKing;

impl Rule for AntiKing {
    fn key(&self) -> &'static str {
        "antiking"
    }

    fn cells(&self) -> Vec<usize> {
        Vec::new()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        check_moves(grid, &KING, "anti-king")
    }
}
