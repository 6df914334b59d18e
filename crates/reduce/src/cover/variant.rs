//! A variant puzzle as Knuth's XCC problem (exact cover with colors), the
//! way TAOCP 7.2.2.1 reduces killer sudoku, carried over to the other
//! constraints.
//!
//! The options start as the classic matrix's: one per (cell, symbol) the
//! cell may hold (its candidates, its parity, its given), with the primary
//! items `p`, `r`, `c`, `b` of [`super`]. To them each constraint adds what
//! it needs, in one of three ways:
//!
//! - **Sets of different digits** (extra regions, the diagonals, disjoint
//!   groups, cages without a sum): one item per digit, in the cell options
//!   of the set's cells. A set of N cells holds every digit once, so its
//!   items are primary (`g3.5`: set 3 holds a 5); a smaller set's are
//!   secondary (at most once).
//! - **Pairwise rules** (anti-knight, anti-king, dots, XV, the negative
//!   rules, thermometers, whispers, palindromes, clones, entropic and
//!   modular lines, minimum and maximum cells, indexers, the ends of a
//!   lockout line): each pair of placements the rule forbids, cell `a`
//!   holding `x` with cell `b` holding `y`, becomes one secondary item in
//!   both options (`e0315a2`: r1c4 holding 1 with r6c11 holding 2), so at
//!   most one of them is chosen. The same forbidden pair from two rules is
//!   one item; pairs the rows, columns and regions already forbid are left
//!   out.
//! - **Tables** (killer cages with a sum, arrows, little killers,
//!   sandwiches, X-sums, skyscrapers, renban, quadruples, region-sum and
//!   zipper lines, double arrows; between and lockout lines as one table
//!   for each middle cell with the two ends): a primary item `t3` for
//!   constraint 3 and one option per admissible filling of its cells, in
//!   which each cell is a secondary item colored by its digit (`x02:7`);
//!   each cell option colors its cell's item the same way, so a filling is
//!   chosen exactly when its cells hold its digits.
//!
//! A table whose fillings are too many to list ([`TABLE_OPTIONS`], or
//! [`TABLE_LEAVES`] tried) does not reduce: [`reduce_variant`] names every
//! such constraint, and the caller refuses.

use std::collections::BTreeMap;
use std::fmt;

use dlx::{Entry, ProblemBuilder};

use super::{code, item_count, item_name, option_items, Placement, Reduction};
use crate::constraint::{band, digit, moves, span, Constraint, Grid, Negative, Parity, Rules, KING, KNIGHT};
use crate::puzzle::{Conflict, Puzzle};

/// The most options one table may add.
pub const TABLE_OPTIONS: usize = 40_000;

/// The most fillings tried for one table before it is given up.
pub const TABLE_LEAVES: usize = 4_000_000;

/// A constraint the reduction leaves out, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreduced {
    /// Its f-puzzles key.
    pub key: &'static str,
    /// Its cells, as setters write a short list (`r1c1-r3c3`).
    pub at: String,
    /// Why.
    pub reason: String,
}

impl fmt::Display for Unreduced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at.is_empty() {
            write!(f, "{}: {}", self.key, self.reason)
        } else {
            write!(f, "{} at {}: {}", self.key, self.at, self.reason)
        }
    }
}

/// Why a variant puzzle has no XCC reduction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// Two givens clash.
    Conflict(Conflict),
    /// These constraints do not reduce.
    Unreduced(Vec<Unreduced>),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Conflict(c) => write!(f, "{c}"),
            VariantError::Unreduced(list) => {
                let names: Vec<String> = list.iter().map(|u| u.to_string()).collect();
                write!(f, "these constraints do not reduce to exact cover: {}", names.join("; "))
            }
        }
    }
}

/// What the reduction knows of each constraint's item: the primary item
/// `t{k}` names constraint `k` (from 1) in the puzzle's order.
#[derive(Clone, Debug, Default)]
pub struct Legend {
    /// For each table item, its name and the constraint it stands for.
    pub tables: Vec<(String, String)>,
    /// For each set of different digits, its name prefix and what it is.
    pub sets: Vec<(String, String)>,
}

/// What a table's rule says of a filling: its digits (1..N) in the
/// table's cell order.
type Accepts<'a> = Box<dyn Fn(&[u32]) -> bool + 'a>;

/// A placement: a cell and a symbol.
type At = (usize, u8);

/// A table: cells whose digits (1..N, in the cells' order) a rule accepts
/// or not.
struct Table<'a> {
    name: String,
    cells: Vec<usize>,
    /// The sum every filling has, when the rule says one (pruning only).
    sum: Option<u32>,
    accepts: Accepts<'a>,
    what: (&'static str, String),
}

/// Everything the constraints add to the classic matrix.
struct Parts<'a> {
    n: usize,
    /// Per cell, the symbols it may hold.
    masks: Vec<u64>,
    /// Forbidden pairs of placements ((a, x), (b, y)) with a < b.
    forbidden: BTreeMap<(At, At), ()>,
    /// Sets of different digits: their name and cells.
    sets: Vec<(String, Vec<usize>)>,
    tables: Vec<Table<'a>>,
    /// Unit (row, column, region) keys of each cell, for the pairs the
    /// grid already forbids.
    units: Vec<[usize; 3]>,
    legend: Legend,
}

impl Parts<'_> {
    fn all_symbols(&self) -> u64 {
        if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        }
    }

    /// Whether two cells share a row, a column or a region.
    fn share_unit(&self, a: usize, b: usize) -> bool {
        let (u, w) = (self.units[a], self.units[b]);
        u[0] == w[0] || u[1] == w[1] || (u[2] != usize::MAX && u[2] == w[2])
    }

    /// Forbids cell `a` holding digit `x` together with cell `b` holding `y`.
    fn forbid(&mut self, a: usize, x: u32, b: usize, y: u32) {
        let (sx, sy) = ((x - 1) as u8, (y - 1) as u8);
        if a == b {
            if x == y {
                self.masks[a] &= !(1u64 << sx);
            }
            return;
        }
        if (x == y && self.share_unit(a, b)) || self.masks[a] & 1 << sx == 0 || self.masks[b] & 1 << sy == 0 {
            return;
        }
        let key = if a < b { ((a, sx), (b, sy)) } else { ((b, sy), (a, sx)) };
        self.forbidden.insert(key, ());
    }

    /// Keeps, for cells `a` and `b`, only the pairs of digits `allowed`
    /// accepts.
    fn pair(&mut self, a: usize, b: usize, allowed: impl Fn(u32, u32) -> bool) {
        let n = self.n as u32;
        for x in 1..=n {
            for y in 1..=n {
                if !allowed(x, y) {
                    self.forbid(a, x, b, y);
                }
            }
        }
    }

    fn set(&mut self, what: String, cells: Vec<usize>) {
        let name = format!("g{}", self.sets.len() + 1);
        self.legend.sets.push((name.clone(), what));
        self.sets.push((name, cells));
    }
}

/// The constraint number `k` (from 1) of `c` in the legend's words.
fn describe(n: usize, c: &Constraint) -> String {
    let cells = c.cells();
    if cells.is_empty() {
        c.key().to_string()
    } else {
        format!("{} at {}", c.key(), span(n, &cells))
    }
}

/// Adds what constraint `c` (number `k`, from 1) asks of the matrix.
fn add_constraint<'a>(parts: &mut Parts<'a>, rules: &'a Rules, k: usize, c: &'a Constraint) {
    let n = parts.n;
    let table = |cells: Vec<usize>, sum: Option<u32>| Table {
        name: format!("t{k}"),
        what: (c.key(), span(n, &cells)),
        cells: cells.clone(),
        sum,
        accepts: Box::new(move |digits: &[u32]| {
            let mut grid = vec![0u8; n * n];
            for (&cell, &d) in cells.iter().zip(digits) {
                grid[cell] = (d - 1) as u8;
            }
            c.check(Grid { n, cells: &grid }, rules).is_ok()
        }),
    };
    match c {
        Constraint::Killer(killer) => match killer.sum {
            Some(s) => parts.tables.push(table(killer.cells.clone(), Some(s))),
            None => parts.set(describe(n, c), killer.cells.clone()),
        },
        Constraint::LittleKiller(l) => parts.tables.push(table(l.cells.clone(), Some(l.sum))),
        Constraint::Arrow(_)
        | Constraint::DoubleArrow(_)
        | Constraint::RegionSumLine(_)
        | Constraint::Zipper(_)
        | Constraint::Renban(_)
        | Constraint::Quadruple(_) => parts.tables.push(table(c.cells(), None)),
        Constraint::Sandwich(s) => parts.tables.push(table(s.side.line(n), None)),
        Constraint::XSum(s) => parts.tables.push(table(s.side.line(n), None)),
        Constraint::Skyscraper(s) => parts.tables.push(table(s.side.line(n), None)),
        Constraint::Between(b) => {
            let (first, last) = (b.cells[0], b.cells[b.cells.len() - 1]);
            for (i, &m) in b.cells[1..b.cells.len() - 1].iter().enumerate() {
                parts.tables.push(Table {
                    name: format!("t{k}.{}", i + 1),
                    what: (c.key(), span(n, &b.cells)),
                    cells: vec![first, last, m],
                    sum: None,
                    accepts: Box::new(|d: &[u32]| d[0].min(d[1]) < d[2] && d[2] < d[0].max(d[1])),
                });
            }
        }
        Constraint::Lockout(l) => {
            let (first, last, min) = (l.cells[0], l.cells[l.cells.len() - 1], l.min);
            parts.pair(first, last, |x, y| x.abs_diff(y) >= min);
            for (i, &m) in l.cells[1..l.cells.len() - 1].iter().enumerate() {
                parts.tables.push(Table {
                    name: format!("t{k}.{}", i + 1),
                    what: (c.key(), span(n, &l.cells)),
                    cells: vec![first, last, m],
                    sum: None,
                    accepts: Box::new(|d: &[u32]| !(d[0].min(d[1])..=d[0].max(d[1])).contains(&d[2])),
                });
            }
        }
        Constraint::Thermometer(t) => {
            let slow = t.slow;
            for w in t.cells.windows(2) {
                parts.pair(w[0], w[1], |x, y| x < y || (slow && x == y));
            }
        }
        Constraint::Whispers(w) => {
            let min = w.min;
            for p in w.cells.windows(2) {
                parts.pair(p[0], p[1], |x, y| x.abs_diff(y) >= min);
            }
        }
        Constraint::Palindrome(p) => {
            let k = p.cells.len();
            for i in 0..k / 2 {
                parts.pair(p.cells[i], p.cells[k - 1 - i], |x, y| x == y);
            }
        }
        Constraint::Clone(cl) => {
            for (&a, &b) in cl.cells.iter().zip(&cl.clones) {
                parts.pair(a, b, |x, y| x == y);
            }
        }
        Constraint::Entropic(_) | Constraint::Modular(_) => {
            let cells = c.cells();
            let modular = matches!(c, Constraint::Modular(_));
            let f = move |d: u32| if modular { d % 3 } else { band(n, d) };
            for i in 0..cells.len() {
                for j in i + 1..cells.len() {
                    let apart = (j - i) % 3 == 0;
                    parts.pair(cells[i], cells[j], |x, y| (f(x) == f(y)) == apart);
                }
            }
        }
        Constraint::Difference(d) => parts.pair(d.a, d.b, |x, y| x.abs_diff(y) == d.diff),
        Constraint::Ratio(r) => parts.pair(r.a, r.b, |x, y| x == r.ratio * y || y == r.ratio * x),
        Constraint::Xv(v) => parts.pair(v.a, v.b, |x, y| x + y == v.sum),
        Constraint::Negative(neg) => negative(parts, rules, neg),
        Constraint::Parity(p) => {
            let odd = p.parity == Parity::Odd;
            let keep: u64 = (0..n).filter(|&v| (digit(v as u8) % 2 == 1) == odd).map(|v| 1u64 << v).sum();
            parts.masks[p.cell] &= keep;
        }
        Constraint::Extremum(e) => {
            let maximum = e.maximum;
            for b in e.rivals(n, rules) {
                parts.pair(e.cell, b, |x, y| if maximum { x > y } else { x < y });
            }
        }
        Constraint::Indexer(ix) => {
            for &cell in &ix.cells {
                for d in 1..=n as u32 {
                    let (target, want) = ix.target(n, cell, d);
                    for y in (1..=n as u32).filter(|&y| y != want) {
                        // Cell holding d with its target holding y; when the
                        // target is the cell itself, d alone must be `want`.
                        if target == cell {
                            if d != want && y == d {
                                parts.forbid(cell, d, cell, d);
                            }
                        } else {
                            parts.forbid(cell, d, target, y);
                        }
                    }
                }
            }
        }
        Constraint::AntiKnight(_) | Constraint::AntiKing(_) => {
            let steps = if matches!(c, Constraint::AntiKnight(_)) { &KNIGHT } else { &KING };
            for a in 0..n * n {
                for b in moves(n, a, steps).filter(|&b| b > a).collect::<Vec<_>>() {
                    parts.pair(a, b, |x, y| x != y);
                }
            }
        }
        Constraint::ExtraRegion(r) => parts.set(describe(n, c), r.cells.clone()),
        Constraint::Diagonal(d) => parts.set(describe(n, c), d.line()),
        Constraint::DisjointGroups(g) => {
            for (i, group) in g.groups.iter().enumerate() {
                parts.set(format!("disjoint group {}", i + 1), group.clone());
            }
        }
    }
}

/// The negative rules: every orthogonal pair without a marker of the kinds
/// the rule speaks of keeps away from what a marker would say.
fn negative(parts: &mut Parts<'_>, rules: &Rules, neg: &Negative) {
    let n = parts.n;
    for a in 0..n * n {
        for b in [a + 1, a + n] {
            if b >= n * n || (b == a + 1 && a % n == n - 1) || rules.marked(a, b, neg.exempt()) {
                continue;
            }
            parts.pair(a, b, |x, y| !neg.forbids(rules, x, y));
        }
    }
}

/// The fillings of a table that its rule accepts, as digits (1..N) in its
/// cells' order, or `None` when there are too many to list.
fn fillings(parts: &Parts<'_>, t: &Table<'_>) -> Option<Vec<Vec<u32>>> {
    let mut walk =
        Walk { parts, t, n: parts.n as u32, digits: vec![0; t.cells.len()], out: Vec::new(), leaves: 0 };
    walk.from(0, 0).then_some(walk.out)
}

/// The depth-first walk over a table's fillings: each digit its cell
/// allows; two cells of one row, column or region never equal; a sum cut
/// short both ways.
struct Walk<'p, 'a> {
    parts: &'p Parts<'a>,
    t: &'p Table<'a>,
    n: u32,
    digits: Vec<u32>,
    out: Vec<Vec<u32>>,
    leaves: usize,
}

impl Walk<'_, '_> {
    /// Fills cells `i..` after a partial sum; `false` once over the caps.
    fn from(&mut self, i: usize, partial: u32) -> bool {
        let (t, k, n) = (self.t, self.t.cells.len(), self.n);
        if i == k {
            self.leaves += 1;
            if (t.accepts)(&self.digits) {
                self.out.push(self.digits.clone());
            }
            return self.leaves <= TABLE_LEAVES && self.out.len() <= TABLE_OPTIONS;
        }
        let rest = (k - i - 1) as u32;
        let cell = t.cells[i];
        for d in 1..=n {
            if self.parts.masks[cell] & 1 << (d - 1) == 0 {
                continue;
            }
            if (0..i).any(|j| self.digits[j] == d && self.parts.share_unit(t.cells[j], cell)) {
                continue;
            }
            if let Some(s) = t.sum {
                let p = partial + d;
                if p + rest > s || p + rest * n < s {
                    continue;
                }
            }
            self.digits[i] = d;
            if !self.from(i + 1, partial + d) {
                return false;
            }
        }
        true
    }
}

/// A cell's name in item names: its row and column, one base-36 character
/// each up to order 35, else decimal with a dot.
fn cell_code(n: usize, cell: usize) -> String {
    if n <= 35 {
        format!("{}{}", code(cell / n), code(cell % n))
    } else {
        format!("{}.{}.", cell / n, cell % n)
    }
}

/// A digit (1..N) in item and color names.
fn digit_code(n: usize, d: u32) -> String {
    if n <= 35 {
        code(d as usize).to_string()
    } else {
        d.to_string()
    }
}

/// The XCC reduction of a puzzle with rules (a classic puzzle gives the
/// classic matrix, givens as single options), and the legend of its
/// constraint items; or the clash of two givens, or the constraints that
/// do not reduce, each named.
pub fn reduce_variant(puzzle: &Puzzle) -> Result<(Reduction, Legend), VariantError> {
    if let Some(conflict) = puzzle.conflict() {
        return Err(VariantError::Conflict(conflict));
    }
    let shape = puzzle.shape();
    let n = shape.n();
    let rules = puzzle.rules();
    let units = (0..n * n).map(|c| [c / n, c % n, shape.region(c).unwrap_or(usize::MAX)]).collect();
    let mut parts = Parts {
        n,
        masks: Vec::new(),
        forbidden: BTreeMap::new(),
        sets: Vec::new(),
        tables: Vec::new(),
        units,
        legend: Legend::default(),
    };
    let all = parts.all_symbols();
    parts.masks = match &rules.candidates {
        Some(c) => c.clone(),
        None => vec![all; n * n],
    };
    for (cell, g) in puzzle.givens().iter().enumerate() {
        if let Some(v) = g {
            parts.masks[cell] &= 1u64 << v;
        }
    }
    // Cell restrictions first (parity), so that pairs and tables see them.
    let (first, later): (Vec<_>, Vec<_>) =
        rules.constraints.iter().enumerate().partition(|(_, c)| matches!(c, Constraint::Parity(_)));
    for (k, c) in first.into_iter().chain(later) {
        add_constraint(&mut parts, rules, k + 1, c);
    }
    let described: Vec<(String, String)> =
        parts.tables.iter().map(|t| (t.name.clone(), format!("{} at {}", t.what.0, t.what.1))).collect();
    parts.legend.tables = described;
    let mut unreduced = Vec::new();
    let mut tables = Vec::new();
    for t in &parts.tables {
        match fillings(&parts, t) {
            Some(f) => tables.push(f),
            None => unreduced.push(Unreduced {
                key: t.what.0,
                at: t.what.1.clone(),
                reason: format!(
                    "more than {TABLE_OPTIONS} fillings (or {TABLE_LEAVES} tried) for an exact-cover table"
                ),
            }),
        }
    }
    if !unreduced.is_empty() {
        unreduced.dedup();
        return Err(VariantError::Unreduced(unreduced));
    }
    Ok((build(puzzle, &parts, &tables), parts.legend))
}

/// Lays out the items and options.
fn build(puzzle: &Puzzle, parts: &Parts<'_>, tables: &[Vec<Vec<u32>>]) -> Reduction {
    let shape = puzzle.shape();
    let n = shape.n();
    // Primary: the classic items, the full sets' digits, the tables.
    let mut primary: Vec<String> = (0..item_count(shape)).map(|i| item_name(n, i)).collect();
    let mut secondary: Vec<String> = Vec::new();
    // Per cell, the extra items of each of its options: (item index in
    // its list, primary?) by symbol.
    let mut extra: Vec<Vec<(bool, usize)>> = vec![Vec::new(); n * n * n];
    for (name, cells) in &parts.sets {
        let full = cells.len() == n;
        for v in 0..n {
            let item = format!("{name}.{}", digit_code(n, v as u32 + 1));
            let list = if full { &mut primary } else { &mut secondary };
            list.push(item);
            let index = list.len() - 1;
            for &cell in cells {
                extra[cell * n + v].push((full, index));
            }
        }
    }
    for (t, _) in parts.tables.iter().zip(tables) {
        primary.push(t.name.clone());
    }
    // Cells some table reads: a colored secondary item each.
    let mut colored = vec![usize::MAX; n * n];
    for t in &parts.tables {
        for &cell in &t.cells {
            if colored[cell] == usize::MAX {
                secondary.push(format!("x{}", cell_code(n, cell)));
                colored[cell] = secondary.len() - 1;
            }
        }
    }
    for &((a, x), (b, y)) in parts.forbidden.keys() {
        let name = format!(
            "e{}{}{}{}",
            cell_code(n, a),
            digit_code(n, x as u32 + 1),
            cell_code(n, b),
            digit_code(n, y as u32 + 1)
        );
        secondary.push(name);
        let index = secondary.len() - 1;
        extra[a * n + x as usize].push((false, index));
        extra[b * n + y as usize].push((false, index));
    }
    let p = primary.len() as u32;
    let mut builder = ProblemBuilder::new(primary, secondary).expect("distinct valid names");
    let colors: Vec<u32> =
        (1..=n as u32).map(|d| builder.color(&digit_code(n, d)).expect("a valid color")).collect();
    let mut placements = Vec::new();
    let mut entries = Vec::new();
    for cell in 0..n * n {
        for v in (0..n).filter(|&v| parts.masks[cell] & 1 << v != 0) {
            entries.clear();
            entries.extend(option_items(shape, cell, v).map(|i| Entry { item: i as u32, color: 0 }));
            for &(is_primary, i) in &extra[cell * n + v] {
                let item = if is_primary { i as u32 } else { p + i as u32 };
                entries.push(Entry { item, color: 0 });
            }
            if colored[cell] != usize::MAX {
                entries.push(Entry { item: p + colored[cell] as u32, color: colors[v] });
            }
            builder.add_option(&entries).expect("a valid option");
            placements.push(Placement { cell, symbol: v as u8 });
        }
    }
    let first_table =
        item_count(shape) as u32 + parts.sets.iter().filter(|(_, c)| c.len() == n).count() as u32 * n as u32;
    for (j, (t, fills)) in parts.tables.iter().zip(tables).enumerate() {
        for digits in fills {
            entries.clear();
            entries.push(Entry { item: first_table + j as u32, color: 0 });
            for (&cell, &d) in t.cells.iter().zip(digits) {
                entries.push(Entry { item: p + colored[cell] as u32, color: colors[d as usize - 1] });
            }
            builder.add_option(&entries).expect("a valid option");
        }
    }
    Reduction { problem: builder.build().expect("a valid problem"), placements, forced: Vec::new() }
}
