//! Clues outside the grid: little killers (a diagonal's sum), sandwiches
//! (the sum between the 1 and the N of a row or column), X-sums (the first
//! X digits' sum) and skyscrapers (how many are seen from the clue).

use super::sums::at;
use super::{span, ConstraintError, Grid, Rule, Rules};

/// Where a clue of a row or column sits: before its first cell or after
/// its last, reading the line from the clue inwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Above column `c` (from 0), read downwards.
    Top(usize),
    /// Below column `c`, read upwards.
    Bottom(usize),
    /// Left of row `r` (from 0), read rightwards.
    Left(usize),
    /// Right of row `r`, read leftwards.
    Right(usize),
}

impl Side {
    /// The clue at f-puzzles' outside position (row, column from 1; 0 and
    /// N+1 are outside) in a grid of order `n`, or why it is not beside a
    /// row or column.
    pub fn at(key: &'static str, n: usize, row: usize, col: usize) -> Result<Side, ConstraintError> {
        let inside = |k: usize| (1..=n).contains(&k);
        match (row, col) {
            (0, c) if inside(c) => Ok(Side::Top(c - 1)),
            (r, c) if r == n + 1 && inside(c) => Ok(Side::Bottom(c - 1)),
            (r, 0) if inside(r) => Ok(Side::Left(r - 1)),
            (r, c) if c == n + 1 && inside(r) => Ok(Side::Right(r - 1)),
            _ => Err(ConstraintError {
                key,
                reason: format!("R{row}C{col} is not beside a row or column of a {n}x{n} grid"),
            }),
        }
    }

    /// The clue's f-puzzles position (row, column from 1; 0 and N+1
    /// outside).
    pub fn position(self, n: usize) -> (usize, usize) {
        match self {
            Side::Top(c) => (0, c + 1),
            Side::Bottom(c) => (n + 1, c + 1),
            Side::Left(r) => (r + 1, 0),
            Side::Right(r) => (r + 1, n + 1),
        }
    }

    /// The line's cells from the clue inwards.
    pub fn line(self, n: usize) -> Vec<usize> {
        match self {
            Side::Top(c) => (0..n).map(|r| r * n + c).collect(),
            Side::Bottom(c) => (0..n).rev().map(|r| r * n + c).collect(),
            Side::Left(r) => (0..n).map(|c| r * n + c).collect(),
            Side::Right(r) => (0..n).rev().map(|c| r * n + c).collect(),
        }
    }

    /// `row 3 from the left`, `column 5 from the top`.
    pub fn describe(self) -> String {
        match self {
            Side::Top(c) => format!("column {} from the top", c + 1),
            Side::Bottom(c) => format!("column {} from the bottom", c + 1),
            Side::Left(r) => format!("row {} from the left", r + 1),
            Side::Right(r) => format!("row {} from the right", r + 1),
        }
    }
}

/// A diagonal direction, from a little killer's clue into the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// Up and left.
    UpLeft,
    /// Up and right.
    UpRight,
    /// Down and left.
    DownLeft,
    /// Down and right.
    DownRight,
}

impl Diagonal {
    /// f-puzzles' name: `UL`, `UR`, `DL`, `DR`.
    pub fn name(self) -> &'static str {
        match self {
            Diagonal::UpLeft => "UL",
            Diagonal::UpRight => "UR",
            Diagonal::DownLeft => "DL",
            Diagonal::DownRight => "DR",
        }
    }

    /// The direction f-puzzles names so.
    pub fn from_name(s: &str) -> Option<Diagonal> {
        Some(match s {
            "UL" => Diagonal::UpLeft,
            "UR" => Diagonal::UpRight,
            "DL" => Diagonal::DownLeft,
            "DR" => Diagonal::DownRight,
            _ => return None,
        })
    }

    fn step(self) -> (isize, isize) {
        match self {
            Diagonal::UpLeft => (-1, -1),
            Diagonal::UpRight => (-1, 1),
            Diagonal::DownLeft => (1, -1),
            Diagonal::DownRight => (1, 1),
        }
    }
}

/// A clue's position outside the grid: row and column from 1, with 0 and
/// N+1 outside (f-puzzles' `R0C0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OutsideClue {
    /// The row, 0..=N+1.
    pub row: usize,
    /// The column, 0..=N+1.
    pub col: usize,
}

/// A little killer: the digits on the diagonal from the clue into the grid
/// sum to `sum` (they may repeat). f-puzzles `littlekillersum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LittleKiller {
    /// The clue's place outside the grid.
    pub clue: OutsideClue,
    /// The direction of its arrow.
    pub direction: Diagonal,
    /// The cells of the diagonal, from the clue inwards.
    pub cells: Vec<usize>,
    /// The sum.
    pub sum: u32,
}

impl LittleKiller {
    /// A little killer at `clue` pointing `direction` in a grid of order
    /// `n`: the clue must sit outside the grid and its diagonal enter it.
    pub fn new(
        n: usize,
        clue: OutsideClue,
        direction: Diagonal,
        sum: u32,
    ) -> Result<LittleKiller, ConstraintError> {
        let key = "littlekillersum";
        let (r, c) = (clue.row as isize, clue.col as isize);
        let size = n as isize + 1;
        let outside = r == 0 || c == 0 || r == size || c == size;
        if r < 0 || c < 0 || r > size || c > size || !outside {
            return Err(ConstraintError {
                key,
                reason: format!("the clue R{}C{} is not outside a {n}x{n} grid", clue.row, clue.col),
            });
        }
        let (dr, dc) = direction.step();
        let (mut rr, mut cc) = (r + dr, c + dc);
        let mut cells = Vec::new();
        while (1..size).contains(&rr) && (1..size).contains(&cc) {
            cells.push((rr - 1) as usize * n + (cc - 1) as usize);
            rr += dr;
            cc += dc;
        }
        if cells.is_empty() {
            return Err(ConstraintError {
                key,
                reason: format!(
                    "the clue R{}C{} points {} out of the grid",
                    clue.row,
                    clue.col,
                    direction.name()
                ),
            });
        }
        Ok(LittleKiller { clue, direction, cells, sum })
    }
}

impl LittleKiller {
    /// Why no grid of order `n` keeps this clue, if it is that plain: the
    /// diagonal's cells sum to at least one each, at most N each.
    pub fn impossible(&self, n: usize) -> Option<String> {
        let k = self.cells.len() as u32;
        let at = || format!("little killer {} at {}", self.sum, span(n, &self.cells));
        if self.sum < k {
            Some(format!("{}: {k} cells sum to at least {k}", at()))
        } else if self.sum > k * n as u32 {
            Some(format!("{}: {k} cells sum to at most {}", at(), k * n as u32))
        } else {
            None
        }
    }
}

impl Rule for LittleKiller {
    fn key(&self) -> &'static str {
        "littlekillersum"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let total: u32 = self.cells.iter().map(|&c| at(grid, c)).sum();
        if total == self.sum {
            Ok(())
        } else {
            Err(format!(
                "little killer {} at {}: the diagonal sums to {total}",
                self.sum,
                span(grid.n, &self.cells)
            ))
        }
    }
}

/// A sandwich clue: the digits strictly between the 1 and the N of the row
/// or column sum to `sum`. f-puzzles `sandwichsum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sandwich {
    /// Which row or column, from which side.
    pub side: Side,
    /// The sum.
    pub sum: u32,
}

impl Sandwich {
    /// Why no grid of order `n` keeps this clue, if it is that plain: the
    /// digits between 1 and N are some of 2..N-1, so they sum to 0, or to
    /// 2 up to the sum of all of them.
    pub fn impossible(&self, n: usize) -> Option<String> {
        let most = (n * (n - 1) / 2).saturating_sub(1) as u32;
        let at = || format!("sandwich {} ({})", self.sum, self.side.describe());
        if self.sum > most {
            Some(format!("{}: the digits between 1 and {n} sum to at most {most}", at()))
        } else if self.sum == 1 {
            Some(format!("{}: the digits between 1 and {n} are 2 or more", at()))
        } else {
            None
        }
    }
}

impl Rule for Sandwich {
    fn key(&self) -> &'static str {
        "sandwichsum"
    }

    fn cells(&self) -> Vec<usize> {
        Vec::new()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let line = self.side.line(grid.n);
        let n = grid.n as u32;
        let i = line.iter().position(|&c| at(grid, c) == 1 || at(grid, c) == n);
        let j = line.iter().rposition(|&c| at(grid, c) == 1 || at(grid, c) == n);
        let total: u32 = match (i, j) {
            (Some(i), Some(j)) => line[i + 1..j].iter().map(|&c| at(grid, c)).sum(),
            _ => 0,
        };
        if total == self.sum {
            Ok(())
        } else {
            Err(format!(
                "sandwich {} ({}): the sum between 1 and {n} is {total}",
                self.sum,
                self.side.describe()
            ))
        }
    }
}

/// An X-sum clue: read from the clue, the first digit X says how many
/// digits to add, and the first X digits sum to `sum`. f-puzzles `xsum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct XSum {
    /// Which row or column, from which side.
    pub side: Side,
    /// The sum.
    pub sum: u32,
}

impl XSum {
    /// Why no grid of order `n` keeps this clue, if it is that plain: the
    /// first X digits include X, so they sum to 1 at least, and to at most
    /// 1 + 2 + ... + N.
    pub fn impossible(&self, n: usize) -> Option<String> {
        let most = (n * (n + 1) / 2) as u32;
        let at = || format!("X-sum {} ({})", self.sum, self.side.describe());
        if self.sum == 0 {
            Some(format!("{}: the first X digits sum to at least 1", at()))
        } else if self.sum > most {
            Some(format!("{}: the first X digits sum to at most {most}", at()))
        } else {
            None
        }
    }
}

impl Rule for XSum {
    fn key(&self) -> &'static str {
        "xsum"
    }

    fn cells(&self) -> Vec<usize> {
        Vec::new()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let line = self.side.line(grid.n);
        let x = at(grid, line[0]) as usize;
        let total: u32 = line[..x].iter().map(|&c| at(grid, c)).sum();
        if total == self.sum {
            Ok(())
        } else {
            Err(format!("X-sum {} ({}): the first {x} sum to {total}", self.sum, self.side.describe()))
        }
    }
}

/// A skyscraper clue: read from the clue, `count` digits are larger than
/// every digit before them. f-puzzles `skyscraper`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Skyscraper {
    /// Which row or column, from which side.
    pub side: Side,
    /// How many are seen.
    pub count: u32,
}

impl Skyscraper {
    /// Why no grid of order `n` keeps this clue, if it is that plain: from
    /// 1 to N buildings are seen.
    pub fn impossible(&self, n: usize) -> Option<String> {
        (self.count == 0 || self.count as usize > n)
            .then(|| format!("skyscraper {} ({}): 1 to {n} are seen", self.count, self.side.describe()))
    }
}

impl Rule for Skyscraper {
    fn key(&self) -> &'static str {
        "skyscraper"
    }

    fn cells(&self) -> Vec<usize> {
        Vec::new()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let mut highest = 0;
        let mut seen = 0;
        for c in self.side.line(grid.n) {
            if at(grid, c) > highest {
                highest = at(grid, c);
                seen += 1;
            }
        }
        if seen == self.count {
            Ok(())
        } else {
            Err(format!("skyscraper {} ({}): {seen} seen", self.count, self.side.describe()))
        }
    }
}
