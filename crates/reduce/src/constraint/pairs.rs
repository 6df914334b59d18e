//! Rules between two cells that share an edge: kropki dots (a white dot,
//! `difference`, of any value; a black dot, `ratio`, of any value), X and V,
//! and the negative rules that speak of every pair without a marker
//! (non-consecutive, "all black dots given", "all XV given").

use super::sums::{at, check_pair};
use super::{orthogonal, rc, Constraint, ConstraintError, Grid, Rule, Rules};

/// A white kropki dot: the two cells differ by `diff` (1 unless said).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Difference {
    /// One cell.
    pub a: usize,
    /// The other, sharing an edge with it.
    pub b: usize,
    /// The difference.
    pub diff: u32,
}

impl Difference {
    /// A dot between two cells of a grid of order `n`.
    pub fn new(n: usize, a: usize, b: usize, diff: u32) -> Result<Difference, ConstraintError> {
        check_pair("difference", n, a, b)?;
        if diff == 0 {
            return Err(ConstraintError { key: "difference", reason: "a difference of 0".into() });
        }
        Ok(Difference { a, b, diff })
    }
}

impl Difference {
    /// Why no grid of order `n` keeps this dot, if it is that plain.
    pub fn impossible(&self, n: usize) -> Option<String> {
        (self.diff as usize >= n).then(|| {
            format!(
                "white dot {} at {}-{}: digits 1-{n} differ by at most {}",
                self.diff,
                rc(n, self.a),
                rc(n, self.b),
                n - 1
            )
        })
    }
}

impl Rule for Difference {
    fn key(&self) -> &'static str {
        "difference"
    }

    fn cells(&self) -> Vec<usize> {
        vec![self.a, self.b]
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let (x, y) = (at(grid, self.a), at(grid, self.b));
        if x.abs_diff(y) == self.diff {
            Ok(())
        } else {
            Err(format!(
                "white dot {} at {}-{}: {x} and {y}",
                self.diff,
                rc(grid.n, self.a),
                rc(grid.n, self.b)
            ))
        }
    }
}

/// A black kropki dot: one cell is `ratio` times the other (2 unless said).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    /// One cell.
    pub a: usize,
    /// The other, sharing an edge with it.
    pub b: usize,
    /// The ratio.
    pub ratio: u32,
}

impl Ratio {
    /// A dot between two cells of a grid of order `n`.
    pub fn new(n: usize, a: usize, b: usize, ratio: u32) -> Result<Ratio, ConstraintError> {
        check_pair("ratio", n, a, b)?;
        if ratio < 2 {
            return Err(ConstraintError { key: "ratio", reason: format!("a ratio of {ratio} (2 or more)") });
        }
        Ok(Ratio { a, b, ratio })
    }
}

impl Ratio {
    /// Why no grid of order `n` keeps this dot, if it is that plain.
    pub fn impossible(&self, n: usize) -> Option<String> {
        (self.ratio as usize > n).then(|| {
            format!(
                "black dot {} at {}-{}: no two digits 1-{n} are in that ratio",
                self.ratio,
                rc(n, self.a),
                rc(n, self.b)
            )
        })
    }
}

impl Rule for Ratio {
    fn key(&self) -> &'static str {
        "ratio"
    }

    fn cells(&self) -> Vec<usize> {
        vec![self.a, self.b]
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let (x, y) = (at(grid, self.a), at(grid, self.b));
        if x == self.ratio * y || y == self.ratio * x {
            Ok(())
        } else {
            Err(format!(
                "black dot {} at {}-{}: {x} and {y}",
                self.ratio,
                rc(grid.n, self.a),
                rc(grid.n, self.b)
            ))
        }
    }
}

/// X or V: the two cells sum to 10 (X) or 5 (V).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xv {
    /// One cell.
    pub a: usize,
    /// The other, sharing an edge with it.
    pub b: usize,
    /// 10 for X, 5 for V.
    pub sum: u32,
}

impl Xv {
    /// An X (`sum` 10) or a V (`sum` 5) between two cells.
    pub fn new(n: usize, a: usize, b: usize, sum: u32) -> Result<Xv, ConstraintError> {
        check_pair("xv", n, a, b)?;
        if sum != 5 && sum != 10 {
            return Err(ConstraintError { key: "xv", reason: format!("a sum of {sum} (X is 10, V is 5)") });
        }
        Ok(Xv { a, b, sum })
    }

    /// `X` or `V`.
    pub fn letter(&self) -> char {
        if self.sum == 10 {
            'X'
        } else {
            'V'
        }
    }
}

impl Xv {
    /// Why no grid of order `n` keeps this X or V, if it is that plain:
    /// two neighbours (a row's or a column's: different digits) sum to at
    /// most 2N - 1.
    pub fn impossible(&self, n: usize) -> Option<String> {
        let most = 2 * n as u32 - 1;
        (self.sum > most).then(|| {
            format!(
                "{} at {}-{}: two different digits 1-{n} sum to at most {most}",
                self.letter(),
                rc(n, self.a),
                rc(n, self.b)
            )
        })
    }
}

impl Rule for Xv {
    fn key(&self) -> &'static str {
        "xv"
    }

    fn cells(&self) -> Vec<usize> {
        vec![self.a, self.b]
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let (x, y) = (at(grid, self.a), at(grid, self.b));
        if x + y == self.sum {
            Ok(())
        } else {
            Err(format!("{} at {}-{}: {x} + {y}", self.letter(), rc(grid.n, self.a), rc(grid.n, self.b)))
        }
    }
}

/// What a negative rule forbids between unmarked neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NegativeKind {
    /// Non-consecutive (f-puzzles `nonconsecutive`): neighbours without a
    /// white or black dot never differ by 1.
    Consecutive,
    /// All black dots given (`negative: ["ratio"]`): neighbours without a
    /// dot are in none of the ratios the black dots use (2 when none).
    Ratio,
    /// All X and V given (`negative: ["xv"]`): neighbours without an X or V
    /// sum to neither 5 nor 10.
    Xv,
}

/// A negative rule: every pair of orthogonal neighbours that carries no
/// marker of the kinds it speaks of keeps away from what those markers
/// would say.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Negative {
    /// Which rule.
    pub kind: NegativeKind,
}

impl Negative {
    /// The markers whose pairs the rule leaves alone.
    pub fn exempt(&self) -> &'static [&'static str] {
        match self.kind {
            NegativeKind::Consecutive | NegativeKind::Ratio => &["difference", "ratio"],
            NegativeKind::Xv => &["xv"],
        }
    }

    /// Whether two digits on an unmarked pair break the rule, given the
    /// puzzle's rules (the ratios its black dots use).
    pub fn forbids(&self, rules: &Rules, x: u32, y: u32) -> bool {
        match self.kind {
            NegativeKind::Consecutive => x.abs_diff(y) == 1,
            NegativeKind::Ratio => ratios(rules).iter().any(|&r| x == r * y || y == r * x),
            NegativeKind::Xv => x + y == 5 || x + y == 10,
        }
    }
}

/// The ratios the puzzle's black dots use (2 when there are none).
pub fn ratios(rules: &Rules) -> Vec<u32> {
    let mut r: Vec<u32> = rules
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Ratio(d) => Some(d.ratio),
            _ => None,
        })
        .collect();
    r.sort_unstable();
    r.dedup();
    if r.is_empty() {
        r.push(2);
    }
    r
}

impl Rule for Negative {
    fn key(&self) -> &'static str {
        match self.kind {
            NegativeKind::Consecutive => "nonconsecutive",
            NegativeKind::Ratio | NegativeKind::Xv => "negative",
        }
    }

    fn cells(&self) -> Vec<usize> {
        Vec::new()
    }

    fn check(&self, grid: Grid<'_>, rules: &Rules) -> Result<(), String> {
        let n = grid.n;
        for a in 0..n * n {
            for b in [a + 1, a + n] {
                if b >= n * n || !orthogonal(n, a, b) || rules.marked(a, b, self.exempt()) {
                    continue;
                }
                let (x, y) = (at(grid, a), at(grid, b));
                if self.forbids(rules, x, y) {
                    let what = match self.kind {
                        NegativeKind::Consecutive => "consecutive",
                        NegativeKind::Ratio => "in a black dot's ratio",
                        NegativeKind::Xv => "summing to 5 or 10",
                    };
                    return Err(format!(
                        "{} and {} are {what} without a marker ({x}, {y})",
                        rc(n, a),
                        rc(n, b)
                    ));
                }
            }
        }
        Ok(())
    }
}
