//! Lines whose rule runs along them: thermometers (slow too), palindromes,
//! renban, whispers (German, Dutch: any least difference), between lines,
//! lockout lines, entropic and modular lines.

use super::sums::{at, check_line};
use super::{all_different, span, ConstraintError, Grid, Rule, Rules};

macro_rules! line_rule {
    ($ty:ident, $key:literal, $min:literal, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub struct $ty {
            /// The line, from its start.
            pub cells: Vec<usize>,
        }

        impl $ty {
            #[doc = concat!("A line of this kind in a grid of order `n` (at least ", stringify!($min), " cells).")]
            pub fn new(n: usize, cells: Vec<usize>) -> Result<$ty, ConstraintError> {
                check_line($key, n, &cells, $min)?;
                Ok($ty { cells })
            }
        }
    };
}

line_rule!(
    Palindrome,
    "palindrome",
    2,
    "A palindrome: the line reads the same from both ends (f-puzzles `palindrome`)."
);
line_rule!(
    Renban,
    "renban",
    1,
    "A renban line: different digits forming a run of consecutive numbers, in any order (`renban`)."
);
line_rule!(Between, "betweenline", 3, "A between line: the cells strictly between the ends hold digits strictly between the ends' digits (`betweenline`).");
line_rule!(Entropic, "entropicline", 2, "An entropic line: cells k apart on the line are in the same band of low, middle and high digits (1-3, 4-6, 7-9 on 9x9) exactly when k is a multiple of 3 (`entropicline`).");
line_rule!(Modular, "modularline", 2, "A modular line: cells k apart have the same residue mod 3 exactly when k is a multiple of 3 (`modularline`).");

/// A thermometer: digits strictly increase from the bulb (the first cell);
/// a slow thermometer never decreases (f-puzzles `thermometer`,
/// `slowthermometer`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermometer {
    /// The line, from the bulb.
    pub cells: Vec<usize>,
    /// Never decreasing rather than increasing.
    pub slow: bool,
}

impl Thermometer {
    /// A thermometer in a grid of order `n`.
    pub fn new(n: usize, cells: Vec<usize>, slow: bool) -> Result<Thermometer, ConstraintError> {
        check_line(if slow { "slowthermometer" } else { "thermometer" }, n, &cells, 2)?;
        Ok(Thermometer { cells, slow })
    }
}

impl Thermometer {
    /// Why no grid of order `n` keeps this thermometer, if it is that
    /// plain: more cells than digits cannot strictly increase.
    pub fn impossible(&self, n: usize) -> Option<String> {
        (!self.slow && self.cells.len() > n).then(|| {
            format!(
                "thermometer at {}: {} cells cannot strictly increase through 1-{n}",
                span(n, &self.cells),
                self.cells.len()
            )
        })
    }
}

impl Rule for Thermometer {
    fn key(&self) -> &'static str {
        if self.slow {
            "slowthermometer"
        } else {
            "thermometer"
        }
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        for w in self.cells.windows(2) {
            let (a, b) = (at(grid, w[0]), at(grid, w[1]));
            if b < a || (b == a && !self.slow) {
                let kind = if self.slow { "slow thermometer" } else { "thermometer" };
                return Err(format!("{kind} at {}: {a} then {b}", span(grid.n, &self.cells)));
            }
        }
        Ok(())
    }
}

impl Rule for Palindrome {
    fn key(&self) -> &'static str {
        "palindrome"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let k = self.cells.len();
        match (0..k / 2).find(|&i| grid.cells[self.cells[i]] != grid.cells[self.cells[k - 1 - i]]) {
            None => Ok(()),
            Some(i) => Err(format!(
                "palindrome at {}: {} and {} differ",
                span(grid.n, &self.cells),
                at(grid, self.cells[i]),
                at(grid, self.cells[k - 1 - i])
            )),
        }
    }
}

impl Renban {
    /// Why no grid of order `n` keeps this line, if it is that plain: more
    /// cells than digits.
    pub fn impossible(&self, n: usize) -> Option<String> {
        (self.cells.len() > n).then(|| {
            format!(
                "renban at {}: {} cells cannot hold different digits 1-{n}",
                span(n, &self.cells),
                self.cells.len()
            )
        })
    }
}

impl Rule for Renban {
    fn key(&self) -> &'static str {
        "renban"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let what = || format!("renban at {}", span(grid.n, &self.cells));
        all_different(grid, &self.cells, what)?;
        let (lo, hi) =
            self.cells.iter().fold((u32::MAX, 0), |(lo, hi), &c| (lo.min(at(grid, c)), hi.max(at(grid, c))));
        if (hi - lo) as usize + 1 == self.cells.len() {
            Ok(())
        } else {
            Err(format!("{}: {lo} to {hi} is not a run of {}", what(), self.cells.len()))
        }
    }
}

impl Between {
    /// Why no grid of order `n` keeps this line, if it is that plain: a
    /// digit strictly between the ends needs ends at least 2 apart.
    pub fn impossible(&self, n: usize) -> Option<String> {
        (n < 3).then(|| {
            format!(
                "between line at {}: no digit 1-{n} lies strictly between two others",
                span(n, &self.cells)
            )
        })
    }
}

impl Rule for Between {
    fn key(&self) -> &'static str {
        "betweenline"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let k = self.cells.len();
        let (a, b) = (at(grid, self.cells[0]), at(grid, self.cells[k - 1]));
        let (lo, hi) = (a.min(b), a.max(b));
        match self.cells[1..k - 1].iter().find(|&&c| !(lo < at(grid, c) && at(grid, c) < hi)) {
            None => Ok(()),
            Some(&c) => Err(format!(
                "between line at {}: {} is not between {a} and {b}",
                span(grid.n, &self.cells),
                at(grid, c)
            )),
        }
    }
}

/// The band of a digit on an entropic line: thirds of 1..n (1-3, 4-6, 7-9
/// on 9x9; for other orders, the digits split as evenly as they can be).
pub fn band(n: usize, d: u32) -> u32 {
    (d - 1) * 3 / n as u32
}

impl Rule for Entropic {
    fn key(&self) -> &'static str {
        "entropicline"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let f = |c| band(grid.n, at(grid, c));
        period_three(grid, &self.cells, f, "entropic line")
    }
}

impl Rule for Modular {
    fn key(&self) -> &'static str {
        "modularline"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let f = |c| at(grid, c) % 3;
        period_three(grid, &self.cells, f, "modular line")
    }
}

/// Cells k apart agree on `f` exactly when k is a multiple of 3.
fn period_three(grid: Grid<'_>, cells: &[usize], f: impl Fn(usize) -> u32, kind: &str) -> Result<(), String> {
    for i in 0..cells.len() {
        for j in i + 1..cells.len() {
            if (f(cells[i]) == f(cells[j])) != ((j - i) % 3 == 0) {
                return Err(format!(
                    "{kind} at {}: {} and {} {}",
                    span(grid.n, cells),
                    at(grid, cells[i]),
                    at(grid, cells[j]),
                    if (j - i) % 3 == 0 { "should agree" } else { "should differ" }
                ));
            }
        }
    }
    Ok(())
}

/// Whispers: neighbours along the line differ by at least `min` (German
/// whispers: 5 on 9x9; Dutch: 4). f-puzzles `whispers`, whose value is the
/// least difference (ceil(N/2) when absent).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Whispers {
    /// The line.
    pub cells: Vec<usize>,
    /// The least difference between neighbours on the line.
    pub min: u32,
}

impl Whispers {
    /// A whispers line in a grid of order `n`.
    pub fn new(n: usize, cells: Vec<usize>, min: u32) -> Result<Whispers, ConstraintError> {
        check_line("whispers", n, &cells, 2)?;
        if min == 0 || min as usize >= n {
            return Err(ConstraintError {
                key: "whispers",
                reason: format!("a least difference of {min} on {n}x{n}"),
            });
        }
        Ok(Whispers { cells, min })
    }
}

impl Rule for Whispers {
    fn key(&self) -> &'static str {
        "whispers"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        match self.cells.windows(2).find(|w| at(grid, w[0]).abs_diff(at(grid, w[1])) < self.min) {
            None => Ok(()),
            Some(w) => Err(format!(
                "whispers at {}: {} and {} differ by less than {}",
                span(grid.n, &self.cells),
                at(grid, w[0]),
                at(grid, w[1]),
                self.min
            )),
        }
    }
}

/// A lockout line: the two ends differ by at least `min`, and no cell
/// between them on the line holds a digit from the lower end to the higher
/// (inclusive). f-puzzles `lockout` (4 when its value is absent).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lockout {
    /// The line.
    pub cells: Vec<usize>,
    /// The least difference of the ends.
    pub min: u32,
}

impl Lockout {
    /// A lockout line in a grid of order `n`.
    pub fn new(n: usize, cells: Vec<usize>, min: u32) -> Result<Lockout, ConstraintError> {
        check_line("lockout", n, &cells, 2)?;
        Ok(Lockout { cells, min })
    }
}

impl Rule for Lockout {
    fn key(&self) -> &'static str {
        "lockout"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn check(&self, grid: Grid<'_>, _: &Rules) -> Result<(), String> {
        let k = self.cells.len();
        let (a, b) = (at(grid, self.cells[0]), at(grid, self.cells[k - 1]));
        let (lo, hi) = (a.min(b), a.max(b));
        let what = || format!("lockout line at {}", span(grid.n, &self.cells));
        if hi - lo < self.min {
            return Err(format!("{}: the ends {a} and {b} differ by less than {}", what(), self.min));
        }
        match self.cells[1..k - 1].iter().find(|&&c| (lo..=hi).contains(&at(grid, c))) {
            None => Ok(()),
            Some(&c) => Err(format!("{}: {} is between the ends {a} and {b}", what(), at(grid, c))),
        }
    }
}
