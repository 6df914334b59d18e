//! Variant constraints: the rules setters add to a grid (killer cages,
//! thermometers, arrows, kropki dots, XV, little killers, sandwiches,
//! whispers, renban, anti-knight, diagonals, ...), as values every consumer
//! reads: the searches compile them, the verifier checks a grid against
//! them, the logical solver reasons with them, the pictures draw them and
//! the formats read and write them.
//!
//! A [`Constraint`] is one rule with its cells and parameters, named as
//! f-puzzles names it ([`Constraint::key`]). Each family lives in a file
//! of its own (sums, pairs, lines, sets, chess, cells, outside clues,
//! indexers) with its types, their checks ([`Rule::check`], the plain
//! reading of the rule, independent of every search) and their plain-text
//! form ([`text`]); this file names them all. [`Rules`] is what a
//! [`crate::Puzzle`] carries beyond its givens: the constraints and the
//! candidate restrictions (pencil-mark puzzles).
//!
//! Digits: a constraint about numbers (sums, differences, order) reads
//! symbol `v` (from 0) as the number `v + 1`, as f-puzzles and SudokuPad
//! number a grid of order N with 1..N.
//!
//! Cells are numbered row by row from 0 (`r * n + c`); [`rc`] writes one
//! as setters do, `r1c1` for the top-left cell.

mod cells;
mod chess;
mod indexers;
mod lines;
mod outside;
mod pairs;
mod sets;
mod sums;
pub mod text;

use std::fmt;

pub use cells::{Extremum, Parity, ParityCell};
pub use chess::{moves, AntiKing, AntiKnight, KING, KNIGHT};
pub use indexers::{Indexer, IndexerKind};
pub use lines::{band, Between, Entropic, Lockout, Modular, Palindrome, Renban, Thermometer, Whispers};
pub use outside::{Diagonal as ClueDirection, LittleKiller, OutsideClue, Sandwich, Side, Skyscraper, XSum};
pub use pairs::{Difference, Negative, NegativeKind, Ratio, Xv};
pub use sets::{Clone as CloneRule, Diagonal, DisjointGroups, ExtraRegion, Quadruple};
pub use sums::{Arrow, DoubleArrow, Killer, RegionSumLine, Zipper};

/// A cell as setters write it: `r1c1` is the top-left cell.
pub fn rc(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// The number symbol `v` stands for: `v + 1`.
#[inline]
pub fn digit(v: u8) -> u32 {
    v as u32 + 1
}

/// Why a constraint cannot be built: a cell outside the grid, a line
/// that revisits a cell, a clue outside its row, a parameter out of range.
/// The structure is wrong; an impossible rule that is well formed (a cage
/// of three cells summing to 30) is not an error but a puzzle without a
/// solution ([`Rules::impossible`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstraintError {
    /// The constraint's key (`killercage`, `thermometer`, ...).
    pub key: &'static str,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for ConstraintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.key, self.reason)
    }
}

impl std::error::Error for ConstraintError {}

/// The grid a check reads: order `n` and symbols `0..n`, row by row.
#[derive(Clone, Copy, Debug)]
pub struct Grid<'a> {
    /// The order.
    pub n: usize,
    /// The symbols, row by row.
    pub cells: &'a [u8],
}

impl Grid<'_> {
    /// The number in `cell`.
    #[inline]
    pub fn digit(&self, cell: usize) -> u32 {
        digit(self.cells[cell])
    }
}

/// One rule: what every constraint type answers.
pub trait Rule {
    /// The name f-puzzles gives it (`killercage`, `thermometer`, ...).
    fn key(&self) -> &'static str;

    /// The cells it constrains, in its own order (a line from its start).
    fn cells(&self) -> Vec<usize>;

    /// Whether a full grid keeps the rule, or what breaks it (`killer 15
    /// at r1c1-r2c1 sums to 14`). `rules` are the puzzle's rules, for
    /// those that depend on others (the negative constraints: pairs
    /// without a marker). This is the rule read plainly, with no search.
    fn check(&self, grid: Grid<'_>, rules: &Rules) -> Result<(), String>;
}

macro_rules! constraints {
    ($($variant:ident($ty:ty)),* $(,)?) => {
        /// One variant constraint.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Constraint {
            $(
                #[doc = concat!("See [`", stringify!($ty), "`].")]
                $variant($ty),
            )*
        }

        impl Constraint {
            /// The rule, for what every constraint answers.
            pub fn rule(&self) -> &dyn Rule {
                match self {
                    $(Constraint::$variant(c) => c,)*
                }
            }
        }

        $(
            impl From<$ty> for Constraint {
                fn from(c: $ty) -> Constraint {
                    Constraint::$variant(c)
                }
            }
        )*
    };
}

constraints! {
    Killer(Killer),
    Arrow(Arrow),
    DoubleArrow(DoubleArrow),
    RegionSumLine(RegionSumLine),
    Zipper(Zipper),
    LittleKiller(LittleKiller),
    Sandwich(Sandwich),
    XSum(XSum),
    Skyscraper(Skyscraper),
    Thermometer(Thermometer),
    Palindrome(Palindrome),
    Renban(Renban),
    Whispers(Whispers),
    Between(Between),
    Lockout(Lockout),
    Entropic(Entropic),
    Modular(Modular),
    Difference(Difference),
    Ratio(Ratio),
    Xv(Xv),
    Negative(Negative),
    Parity(ParityCell),
    Extremum(Extremum),
    Quadruple(Quadruple),
    Clone(CloneRule),
    ExtraRegion(ExtraRegion),
    Diagonal(Diagonal),
    DisjointGroups(DisjointGroups),
    AntiKnight(AntiKnight),
    AntiKing(AntiKing),
    Indexer(Indexer),
}

impl Constraint {
    /// The name f-puzzles gives it.
    pub fn key(&self) -> &'static str {
        self.rule().key()
    }

    /// The cells it constrains.
    pub fn cells(&self) -> Vec<usize> {
        self.rule().cells()
    }

    /// Whether a full grid keeps it (see [`Rule::check`]).
    pub fn check(&self, grid: Grid<'_>, rules: &Rules) -> Result<(), String> {
        self.rule().check(grid, rules)
    }
}

/// What a puzzle carries beyond its shape and givens: its variant
/// constraints, and the symbols each cell may hold (pencil-mark puzzles,
/// f-puzzles' `givenPencilMarks`). A classic puzzle has none of either.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The constraints, in the order they were given.
    pub constraints: Vec<Constraint>,
    /// For each cell, the symbols it may hold (bit `v` for symbol `v`), or
    /// `None` for no restriction beyond the grid's.
    pub candidates: Option<Vec<u64>>,
}

impl Rules {
    /// Whether there is nothing beyond a classic puzzle.
    pub fn is_empty(&self) -> bool {
        self.constraints.is_empty() && self.candidates.is_none()
    }

    /// The first constraint, or cell restriction, a full grid breaks.
    pub fn check(&self, grid: Grid<'_>) -> Result<(), String> {
        if let Some(c) = &self.candidates {
            let n = grid.n;
            if let Some(cell) = (0..n * n).find(|&i| c[i] & 1 << grid.cells[i] == 0) {
                return Err(format!("{} holds a symbol its candidates exclude", rc(n, cell)));
            }
        }
        for c in &self.constraints {
            c.check(grid, self)?;
        }
        Ok(())
    }

    /// Whether two cells carry a marker of these kinds between them (for
    /// the negative constraints).
    pub fn marked(&self, a: usize, b: usize, kinds: &[&str]) -> bool {
        self.constraints.iter().any(|c| {
            let pair = match c {
                Constraint::Difference(d) => Some(((d.a, d.b), "difference")),
                Constraint::Ratio(r) => Some(((r.a, r.b), "ratio")),
                Constraint::Xv(x) => Some(((x.a, x.b), "xv")),
                _ => None,
            };
            pair.is_some_and(|((x, y), key)| kinds.contains(&key) && ((x, y) == (a, b) || (y, x) == (a, b)))
        })
    }

    /// Why no grid of order `n` can keep a constraint that is well formed
    /// (a cage of three cells summing to 30: `killer 30 at r1c1-r1c3: 3
    /// cells sum to at most 24`), if one is that plainly impossible: a sum
    /// out of its cells' reach (cages, arrows, little killers, sandwiches,
    /// X-sums, double arrows), a thermometer or renban longer than the
    /// order, a dot, X or V no two digits can keep, a skyscraper count
    /// out of 1..N. The searches find every other impossibility; these
    /// they can say.
    pub fn impossible(&self, n: usize) -> Option<String> {
        self.constraints.iter().find_map(|c| match c {
            Constraint::Killer(k) => k.impossible(n),
            Constraint::Arrow(a) => a.impossible(n),
            Constraint::DoubleArrow(a) => a.impossible(n),
            Constraint::LittleKiller(l) => l.impossible(n),
            Constraint::Sandwich(s) => s.impossible(n),
            Constraint::XSum(x) => x.impossible(n),
            Constraint::Skyscraper(s) => s.impossible(n),
            Constraint::Thermometer(t) => t.impossible(n),
            Constraint::Renban(r) => r.impossible(n),
            Constraint::Between(b) => b.impossible(n),
            Constraint::Difference(d) => d.impossible(n),
            Constraint::Ratio(r) => r.impossible(n),
            Constraint::Xv(x) => x.impossible(n),
            _ => None,
        })
    }

    /// A constraint whose cells are all given and that the givens break
    /// (an odd cell given 2, a cage given 1 and 1), said as its check says
    /// it. Only constraints that read no cell beyond their own are looked
    /// at; the searches find every other clash.
    pub fn broken_by_givens(&self, n: usize, givens: &[Option<u8>]) -> Option<String> {
        if self.constraints.is_empty() {
            return None; // a classic puzzle: no grid to lay out
        }
        let cells: Vec<u8> = givens.iter().map(|g| g.unwrap_or(0)).collect();
        let grid = Grid { n, cells: &cells };
        self.constraints.iter().find_map(|c| {
            let own = matches!(
                c,
                Constraint::Killer(_)
                    | Constraint::Arrow(_)
                    | Constraint::DoubleArrow(_)
                    | Constraint::RegionSumLine(_)
                    | Constraint::Zipper(_)
                    | Constraint::LittleKiller(_)
                    | Constraint::Thermometer(_)
                    | Constraint::Palindrome(_)
                    | Constraint::Renban(_)
                    | Constraint::Whispers(_)
                    | Constraint::Between(_)
                    | Constraint::Lockout(_)
                    | Constraint::Entropic(_)
                    | Constraint::Modular(_)
                    | Constraint::Difference(_)
                    | Constraint::Ratio(_)
                    | Constraint::Xv(_)
                    | Constraint::Parity(_)
                    | Constraint::Quadruple(_)
                    | Constraint::Clone(_)
                    | Constraint::ExtraRegion(_)
            );
            let cells = c.cells();
            let given =
                own && !cells.is_empty() && cells.iter().all(|&x| givens.get(x).is_some_and(Option::is_some));
            if given {
                c.check(grid, self).err()
            } else {
                None
            }
        })
    }
}

/// Checks the cells of a constraint: each in a grid of order `n`, and
/// (when `distinct`) none twice.
pub(crate) fn check_cells(
    key: &'static str,
    n: usize,
    cells: &[usize],
    distinct: bool,
) -> Result<(), ConstraintError> {
    if cells.is_empty() {
        return Err(ConstraintError { key, reason: "no cells".into() });
    }
    if let Some(&c) = cells.iter().find(|&&c| c >= n * n) {
        return Err(ConstraintError { key, reason: format!("cell {c} is outside a {n}x{n} grid") });
    }
    if distinct {
        for (i, &c) in cells.iter().enumerate() {
            if cells[..i].contains(&c) {
                return Err(ConstraintError { key, reason: format!("{} appears twice", rc(n, c)) });
            }
        }
    }
    Ok(())
}

/// Whether two cells touch (orthogonally or diagonally).
pub(crate) fn touching(n: usize, a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = ((a / n) as isize, (a % n) as isize, (b / n) as isize, (b % n) as isize);
    a != b && (ra - rb).abs() <= 1 && (ca - cb).abs() <= 1
}

/// Whether two cells share an edge.
pub(crate) fn orthogonal(n: usize, a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = ((a / n) as isize, (a % n) as isize, (b / n) as isize, (b % n) as isize);
    (ra - rb).abs() + (ca - cb).abs() == 1
}

/// A list of cells as setters write a short one: `r1c1-r2c1` for two or
/// more (first and last), `r1c1` for one.
pub fn span(n: usize, cells: &[usize]) -> String {
    match cells {
        [] => String::new(),
        [one] => rc(n, *one),
        [first, .., last] => format!("{}-{}", rc(n, *first), rc(n, *last)),
    }
}

/// Checks that no two cells of `cells` hold the same symbol.
pub(crate) fn all_different(
    grid: Grid<'_>,
    cells: &[usize],
    what: impl Fn() -> String,
) -> Result<(), String> {
    let mut seen = 0u64;
    for &c in cells {
        let bit = 1u64 << grid.cells[c];
        if seen & bit != 0 {
            return Err(format!("{}: {} repeats {}", what(), rc(grid.n, c), grid.digit(c)));
        }
        seen |= bit;
    }
    Ok(())
}
