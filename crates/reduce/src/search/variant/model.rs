//! A variant puzzle compiled for the search: each cell's first
//! candidates, the cells it must differ from, the houses that must hold
//! every digit, a table per pair of cells that constrain each other (every
//! pairwise rule on that pair, intersected), and the propagators of the
//! rest. Every rule the tables and propagators do not capture in full is
//! still checked on every full grid ([`crate::Puzzle::verify`]).

use std::collections::HashMap;

use super::props::{combos, combos_by_size, digits, Linear, Mask, Prop, COMBO_ORDER};
use crate::constraint::{Constraint, Parity, Rules};
use crate::grid::Shape;
use crate::puzzle::Puzzle;

/// The most cells a derived sum spans. Derived sums are propagated by
/// bounds only. Measured on TAREK_ALL (the 42 together, CPU): exact
/// reachability on derived sums costs more than it prunes (bounds: 1.4 s;
/// exact up to 3 cells: 1.5 s, up to 6: 2.4 s), and longer derived sums
/// cost more than they prune (up to 12 cells: 2.2 s, 20: 3.8 s).
const MAX_DERIVED: usize = 8;

/// The most cells a derived sum of the search spans ([`Model::search`]),
/// where a cage joins an area's sum only when at most half of its cells
/// stick out. Measured on TAREK_ALL (count to 2, one process,
/// cachegrind instructions): 3 cells: 22.5 G (704 k nodes), 4: 13.4 G
/// (362 k), 5: 5.15 G (120 k), 6: 5.74 G (122 k), 8: 6.95 G (118 k).
const MAX_SEARCH_DERIVED: usize = 5;

/// Where a propagator or a pair table comes from, for the logical solver
/// to name it: a constraint (its index in the puzzle's rules), or a sum
/// the cages imply over a house or over consecutive rows or columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The constraint with this index in [`Rules::constraints`].
    Rule(usize),
    /// The house with this index in [`Model::houses`] (for the sums of
    /// two touching regions the search adds, the first of them).
    House(usize),
    /// Rows `first..first + count` (cells row by row).
    Rows(usize, usize),
    /// Columns `first..first + count`.
    Columns(usize, usize),
}

/// What a house of the model is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HouseName {
    Row(usize),
    Column(usize),
    /// A region of the shape, numbered as [`Shape::region`] numbers them.
    Region(usize),
    /// The constraint with this index (a cage, extra region, diagonal,
    /// disjoint group, renban of N cells).
    Rule(usize),
}

/// The compiled puzzle.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    pub n: usize,
    /// Each cell's candidates before the search.
    pub init: Vec<Mask>,
    /// For each cell, the cells that must hold another digit.
    pub peers: Vec<Vec<u16>>,
    /// Groups of n cells that hold every digit once, and what each is.
    pub houses: Vec<Vec<u16>>,
    pub house_names: Vec<HouseName>,
    /// For each cell a, the pairs (b, t): b may hold only
    /// `tables[t + va]` when a holds va.
    pub pairs: Vec<Vec<(u16, u32)>>,
    pub tables: Vec<Mask>,
    /// The constraints behind each table: the table at offset `t` has
    /// `table_rules[t / n]`.
    pub table_rules: Vec<Vec<u16>>,
    /// Per table, at its offset `t` (a division fewer per lookup; the
    /// entries between tables unused), where its supports start in
    /// `supports`: tables with the same entries share them.
    support_at: Vec<u32>,
    /// What a table allows beside a cell's candidates, eight digits at a
    /// time: `supports[at + 256 * k + byte]` is the union of the entries
    /// of digits `8k..8k + 8` in `byte` ([`Model::allowed`]).
    supports: Vec<Mask>,
    pub props: Vec<Prop>,
    /// Where each propagator comes from.
    pub origins: Vec<Origin>,
    /// For each cell, the propagators that read it.
    pub watch: Vec<Vec<u16>>,
    /// For each propagator, the cells it reads.
    pub reads: Vec<Vec<u16>>,
    /// For each cage (a [`Prop::Cage`]), for each house that holds it (not
    /// as the whole of it), the house's other cells, which hold exactly the
    /// digits the cage's combination leaves; none for every other
    /// propagator. The search filters both sides
    /// ([`super::props::cage_in_house`]) when
    /// the cage wakes (a change in the rest alone does not wake it:
    /// measured, count to 2, TAREK_ALL 241 k nodes without, 369 k with).
    pub rest: Vec<Vec<Vec<u16>>>,
    /// For each two houses that share two cells or more (a box and a row,
    /// say), the cells of each outside the other: each side holds the
    /// digits the shared cells leave of its house, so a digit missing on
    /// one side leaves the other.
    pub crossings: Vec<(Vec<u16>, Vec<u16>)>,
    /// Groups of cells whose unions the crossings read: the cells two
    /// crossing houses share (a box's three cells of a row), and single
    /// cells where those do not cover a side.
    pub pieces: Vec<Vec<u16>>,
    /// For each crossing, each side as pieces whose union is its cells.
    pub crossing_pieces: Vec<Sides>,
}

/// Two lists, one for each side of a crossing.
pub(crate) type Sides = (Vec<u16>, Vec<u16>);

/// What the compiler gathers before it builds the model.
struct Builder<'a> {
    n: usize,
    shape: &'a Shape,
    rules: &'a Rules,
    init: Vec<Mask>,
    differ: Vec<Vec<u16>>,
    houses: Vec<Vec<u16>>,
    house_names: Vec<HouseName>,
    pairs: HashMap<(u16, u16), (Vec<Mask>, Vec<u16>)>,
    props: Vec<Prop>,
    origins: Vec<Origin>,
    /// Where what is compiled now comes from.
    origin: Origin,
    /// Killer cages with sums (cells, sum), for the derived sums.
    cages: Vec<(Vec<usize>, i64)>,
    /// Whether the model is the search's: derived sums leave out the
    /// cages that stick out more than they lie inside ([`Model::search`]).
    search: bool,
}

impl Model {
    /// What the pair table at offset `t` allows its second cell beside
    /// `marks` in its first: the union of `tables[t + v]` over the
    /// digits v of `marks`.
    #[inline]
    pub fn allowed(&self, t: usize, marks: Mask) -> Mask {
        supported(&self.supports, self.support_at[t] as usize, marks)
    }

    /// The model of `puzzle` (order at most 32), with `excluded` pairs
    /// (cell, symbol) taken out of the first candidates.
    pub fn new(puzzle: &Puzzle, excluded: &[(usize, u8)]) -> Model {
        Model::build(puzzle, excluded, false)
    }

    /// [`Model::new`] for the search: the sums an area implies take in a
    /// cage only when at most half its cells stick out of the area (its
    /// cells inside count as unknown otherwise, as ISS's innies and outies
    /// do), and span at most [`MAX_SEARCH_DERIVED`] cells. More areas get
    /// a short sum so. Measured (count to 2, one process, cachegrind
    /// instructions, nodes): TAREK_ALL 10.05 G -> 5.15 G (242 k -> 120 k
    /// nodes), "Wecoc #1 [mod B]" 18.7 G -> 14.2 G (476 k -> 328 k). The
    /// logic keeps [`Model::new`]'s sums (every cage that touches the
    /// area), which its steps name.
    pub fn search(puzzle: &Puzzle, excluded: &[(usize, u8)]) -> Model {
        Model::build(puzzle, excluded, true)
    }

    fn build(puzzle: &Puzzle, excluded: &[(usize, u8)], search: bool) -> Model {
        let shape = puzzle.shape();
        let n = shape.n();
        let all = digits(1, n as i64, n);
        let mut b = Builder {
            n,
            shape,
            rules: puzzle.rules(),
            init: vec![all; n * n],
            differ: vec![Vec::new(); n * n],
            houses: Vec::new(),
            house_names: Vec::new(),
            pairs: HashMap::new(),
            props: Vec::new(),
            origins: Vec::new(),
            origin: Origin::Rule(0),
            cages: Vec::new(),
            search,
        };
        for (cell, g) in puzzle.givens().iter().enumerate() {
            if let Some(v) = g {
                b.init[cell] &= 1 << v;
            }
        }
        if let Some(c) = &puzzle.rules().candidates {
            for (m, &c) in b.init.iter_mut().zip(c) {
                *m &= c as Mask;
            }
        }
        for &(cell, v) in excluded {
            if cell < n * n && (v as usize) < n {
                b.init[cell] &= !(1 << v);
            }
        }
        b.units();
        for (i, c) in puzzle.rules().constraints.iter().enumerate() {
            b.origin = Origin::Rule(i);
            b.constraint(c);
        }
        b.derived_sums();
        b.finish()
    }
}

impl Builder<'_> {
    fn house(&mut self, cells: &[usize]) {
        let name = match self.origin {
            Origin::Rule(i) => HouseName::Rule(i),
            _ => HouseName::Row(0),
        };
        self.named_house(cells, name);
    }

    fn named_house(&mut self, cells: &[usize], name: HouseName) {
        self.all_different(cells);
        if cells.len() == self.n {
            self.houses.push(cells.iter().map(|&c| c as u16).collect());
            self.house_names.push(name);
        }
    }

    fn all_different(&mut self, cells: &[usize]) {
        for &a in cells {
            for &b in cells {
                if a != b {
                    self.differ[a].push(b as u16);
                }
            }
        }
    }

    /// Rows, columns and regions.
    fn units(&mut self) {
        let n = self.n;
        for r in 0..n {
            self.named_house(&(0..n).map(|c| r * n + c).collect::<Vec<_>>(), HouseName::Row(r));
            self.named_house(&(0..n).map(|c| c * n + r).collect::<Vec<_>>(), HouseName::Column(r));
        }
        if self.shape.has_regions() {
            let mut regions = vec![Vec::new(); n];
            for cell in 0..n * n {
                regions[self.shape.region(cell).expect("a region")].push(cell);
            }
            for (k, r) in regions.iter().enumerate() {
                self.named_house(r, HouseName::Region(k));
            }
        }
    }

    /// Adds the rule `ok(digit of a, digit of b)` between two cells.
    fn pair(&mut self, a: usize, b: usize, ok: impl Fn(i64, i64) -> bool) {
        if a == b {
            return;
        }
        let n = self.n;
        let mut forward = vec![0 as Mask; n];
        let mut backward = vec![0 as Mask; n];
        for (x, f) in forward.iter_mut().enumerate() {
            for (y, back) in backward.iter_mut().enumerate() {
                if ok(x as i64 + 1, y as i64 + 1) {
                    *f |= 1 << y;
                    *back |= 1 << x;
                }
            }
        }
        let rule = match self.origin {
            Origin::Rule(i) => i as u16,
            _ => u16::MAX,
        };
        for (key, t) in [((a as u16, b as u16), forward), ((b as u16, a as u16), backward)] {
            match self.pairs.get_mut(&key) {
                Some((old, rules)) => {
                    old.iter_mut().zip(&t).for_each(|(o, t)| *o &= t);
                    if !rules.contains(&rule) {
                        rules.push(rule);
                    }
                }
                None => {
                    self.pairs.insert(key, (t, vec![rule]));
                }
            }
        }
    }

    fn linear(&mut self, cells: Vec<usize>, coefs: Vec<i64>, target: i64) {
        self.equation(cells, coefs, target, true);
    }

    /// `sum coefs[i] * digit(cells[i]) == target`, propagated exactly or
    /// by bounds.
    fn equation(&mut self, cells: Vec<usize>, coefs: Vec<i64>, target: i64, exact: bool) {
        if !cells.is_empty() && cells.len() <= 64 {
            let cells = cells.into_iter().map(|c| c as u16).collect();
            self.push(Prop::Linear(Linear::new(cells, coefs, target, exact)));
        }
    }

    fn cage(&mut self, cells: &[usize], sum: Option<i64>, runs: bool) {
        let (n, k) = (self.n, cells.len());
        let combos = if runs {
            (0..n.saturating_sub(k) + 1).map(|lo| digits(lo as i64 + 1, (lo + k) as i64, n)).collect()
        } else {
            combos(n, k, sum)
        };
        let cells = cells.iter().map(|&c| c as u16).collect();
        self.push(Prop::Cage { cells, combos });
    }

    fn push(&mut self, p: Prop) {
        self.props.push(p);
        self.origins.push(self.origin);
    }

    fn constraint(&mut self, c: &Constraint) {
        let n = self.n;
        match c {
            Constraint::Killer(k) => {
                self.house(&k.cells);
                if let Some(s) = k.sum {
                    self.cage(&k.cells, Some(s as i64), false);
                    self.cages.push((k.cells.clone(), s as i64));
                } else if k.cells.len() > n {
                    self.cage(&k.cells, None, false);
                }
            }
            Constraint::Arrow(a) => {
                // A pill reads as one number only up to order 9 (from 10
                // a digit takes two places): beyond, the check decides.
                if a.circle.len() == 1 || n <= 9 {
                    let mut coefs = vec![1; a.shaft.len()];
                    let k = a.circle.len() as u32;
                    coefs.extend((0..k).map(|i| -(10i64.pow(k - 1 - i))));
                    self.linear(a.shaft.iter().chain(&a.circle).copied().collect(), coefs, 0);
                }
            }
            Constraint::DoubleArrow(d) => {
                let k = d.cells.len();
                let coefs = (0..k).map(|i| if i == 0 || i == k - 1 { 1 } else { -1 }).collect();
                self.linear(d.cells.clone(), coefs, 0);
            }
            Constraint::RegionSumLine(r) => {
                for w in r.runs.windows(2) {
                    let coefs = w[0].iter().map(|_| 1).chain(w[1].iter().map(|_| -1)).collect();
                    self.linear(w[0].iter().chain(&w[1]).copied().collect(), coefs, 0);
                }
            }
            Constraint::Zipper(z) => {
                let pairs: Vec<(usize, usize)> = z.pairs().collect();
                match z.middle() {
                    Some(m) => {
                        for &(a, b) in &pairs {
                            self.linear(vec![a, b, m], vec![1, 1, -1], 0);
                        }
                    }
                    None => {
                        for w in pairs.windows(2) {
                            self.linear(vec![w[0].0, w[0].1, w[1].0, w[1].1], vec![1, 1, -1, -1], 0);
                        }
                    }
                }
            }
            Constraint::LittleKiller(l) => {
                self.linear(l.cells.clone(), vec![1; l.cells.len()], l.sum as i64);
            }
            Constraint::Sandwich(s) => {
                let line = s.side.line(n).into_iter().map(|c| c as u16).collect();
                let every: Mask = if n == 32 { !0 } else { (1 << n) - 1 };
                let inner = every & !1 & !(1 << (n - 1));
                let combos = (n <= COMBO_ORDER).then(|| combos_by_size(inner, s.sum as i64));
                self.push(Prop::Sandwich { line, sum: s.sum as i64, combos });
            }
            Constraint::XSum(x) => {
                let line = x.side.line(n).into_iter().map(|c| c as u16).collect();
                let every: Mask = if n == 32 { !0 } else { (1 << n) - 1 };
                let combos = (n <= COMBO_ORDER).then(|| {
                    // After a first digit v + 1: v digits other than it.
                    (0..n)
                        .map(|v| {
                            let mut by_size = combos_by_size(every & !(1 << v), x.sum as i64 - v as i64 - 1);
                            std::mem::take(&mut by_size[v])
                        })
                        .collect()
                });
                self.push(Prop::XSum { line, sum: x.sum as i64, combos });
            }
            Constraint::Skyscraper(s) => {
                let line = s.side.line(n);
                // The i-th cell (from 0) holding v sees at most i + 1 up to
                // it and n - v beyond: v <= n + i + 1 - count. The tallest
                // first hides every other.
                let count = s.count as i64;
                for (i, &c) in line.iter().enumerate() {
                    self.init[c] &= digits(1, n as i64 + i as i64 + 1 - count, n);
                }
                let top = digits(n as i64, n as i64, n);
                self.init[line[0]] &= if count == 1 { top } else { !top };
                let line = line.into_iter().map(|c| c as u16).collect();
                self.push(Prop::Skyscraper { line, count: s.count });
            }
            _ => self.line_or_pair(c),
        }
    }

    /// Lines and pairwise rules.
    fn line_or_pair(&mut self, c: &Constraint) {
        let n = self.n;
        match c {
            Constraint::Thermometer(t) => {
                let slow = t.slow;
                for i in 0..t.cells.len() {
                    for j in i + 1..t.cells.len() {
                        let gap = (j - i) as i64;
                        self.pair(t.cells[i], t.cells[j], |x, y| if slow { y >= x } else { y - x >= gap });
                    }
                }
            }
            Constraint::Palindrome(p) => {
                let k = p.cells.len();
                for i in 0..k / 2 {
                    self.pair(p.cells[i], p.cells[k - 1 - i], |x, y| x == y);
                }
            }
            Constraint::Renban(r) => {
                self.house(&r.cells);
                let k = r.cells.len() as i64;
                for (i, &a) in r.cells.iter().enumerate() {
                    for &b in &r.cells[i + 1..] {
                        self.pair(a, b, |x, y| (x - y).abs() < k);
                    }
                }
                self.cage(&r.cells, None, true);
            }
            Constraint::Whispers(w) => {
                let min = w.min as i64;
                for p in w.cells.windows(2) {
                    self.pair(p[0], p[1], |x, y| (x - y).abs() >= min);
                }
            }
            Constraint::Between(b) => {
                let k = b.cells.len();
                let (a, z) = (b.cells[0], b.cells[k - 1]);
                self.pair(a, z, |x, y| (x - y).abs() >= 2);
                for &m in &b.cells[1..k - 1] {
                    self.pair(a, m, |x, y| x != y);
                    self.pair(z, m, |x, y| x != y);
                }
                let mids = b.cells[1..k - 1].iter().map(|&c| c as u16).collect();
                self.push(Prop::Between { a: a as u16, b: z as u16, mids });
            }
            Constraint::Lockout(l) => {
                let k = l.cells.len();
                let (a, z, min) = (l.cells[0], l.cells[k - 1], l.min as i64);
                self.pair(a, z, |x, y| (x - y).abs() >= min);
                let mids = l.cells[1..k - 1].iter().map(|&c| c as u16).collect();
                self.push(Prop::Lockout { a: a as u16, b: z as u16, mids, min });
            }
            // The band of `constraint::Entropic`: thirds of 1..n.
            Constraint::Entropic(e) => self.period_three(&e.cells, |d| (d - 1) * 3 / n as i64),
            Constraint::Modular(m) => self.period_three(&m.cells, |d| d % 3),
            Constraint::Difference(d) => {
                let diff = d.diff as i64;
                self.pair(d.a, d.b, |x, y| (x - y).abs() == diff);
            }
            Constraint::Ratio(r) => {
                let q = r.ratio as i64;
                self.pair(r.a, r.b, |x, y| x == q * y || y == q * x);
            }
            Constraint::Xv(x) => {
                let s = x.sum as i64;
                self.pair(x.a, x.b, |p, q| p + q == s);
            }
            Constraint::Clone(c) => {
                for (&a, &b) in c.cells.iter().zip(&c.clones) {
                    self.pair(a, b, |x, y| x == y);
                }
            }
            _ => self.cells_and_sets(c),
        }
    }

    /// Cells k apart on the line agree on `f` exactly when k is a multiple
    /// of 3.
    fn period_three(&mut self, cells: &[usize], f: impl Fn(i64) -> i64) {
        for i in 0..cells.len() {
            for j in i + 1..cells.len() {
                let same = (j - i) % 3 == 0;
                self.pair(cells[i], cells[j], |x, y| (f(x) == f(y)) == same);
            }
        }
    }

    /// Rules on single cells, sets of cells and the whole grid.
    fn cells_and_sets(&mut self, c: &Constraint) {
        let n = self.n;
        match c {
            Constraint::Negative(neg) => {
                let mut forbid = vec![vec![false; n + 1]; n + 1];
                for (x, row) in forbid.iter_mut().enumerate().skip(1) {
                    for (y, f) in row.iter_mut().enumerate().skip(1) {
                        *f = neg.forbids(self.rules, x as u32, y as u32);
                    }
                }
                let exempt = neg.exempt();
                for a in 0..n * n {
                    for b in [a + 1, a + n] {
                        let beside = b < n * n && (b == a + n || a % n + 1 < n);
                        if beside && !self.rules.marked(a, b, exempt) {
                            self.pair(a, b, |x, y| !forbid[x as usize][y as usize]);
                        }
                    }
                }
            }
            Constraint::Parity(p) => {
                let odd = (0..n).filter(|v| v % 2 == 0).fold(0 as Mask, |m, v| m | 1 << v);
                self.init[p.cell] &= if p.parity == Parity::Odd { odd } else { !odd };
            }
            Constraint::Extremum(e) => {
                for b in e.rivals(n, self.rules) {
                    let max = e.maximum;
                    self.pair(e.cell, b, |x, y| if max { x > y } else { x < y });
                }
            }
            Constraint::Quadruple(q) => {
                let mut digits: Vec<(u32, u32)> = Vec::new();
                for &d in &q.digits {
                    match digits.iter_mut().find(|e| e.0 == d - 1) {
                        Some(e) => e.1 += 1,
                        None => digits.push((d - 1, 1)),
                    }
                }
                let cells = q.cells.iter().map(|&c| c as u16).collect();
                self.push(Prop::Quad { cells, digits });
            }
            Constraint::ExtraRegion(r) => self.house(&r.cells),
            Constraint::Diagonal(d) => self.house(&d.line()),
            Constraint::DisjointGroups(g) => {
                for group in &g.groups {
                    self.house(group);
                }
            }
            Constraint::AntiKnight(_) => self.moves(&[(1, 2), (2, 1), (1, -2), (2, -1)]),
            Constraint::AntiKing(_) => self.moves(&[(1, 1), (1, -1)]),
            Constraint::Indexer(ix) => {
                for &cell in &ix.cells {
                    for d in 1..=n as u32 {
                        let (t, want) = ix.target(n, cell, d);
                        let d = d as i64;
                        self.pair(cell, t, |x, y| x != d || y == want as i64);
                    }
                }
            }
            // The families compiled before this arm.
            _ => {}
        }
    }

    /// Cells a move of `steps` (and their opposites) apart differ.
    fn moves(&mut self, steps: &[(isize, isize)]) {
        let n = self.n as isize;
        for a in 0..n * n {
            let (r, c) = (a / n, a % n);
            for &(dr, dc) in steps {
                let (rr, cc) = (r + dr, c + dc);
                if rr >= 0 && cc >= 0 && rr < n && cc < n {
                    let b = rr * n + cc;
                    self.differ[a as usize].push(b as u16);
                    self.differ[b as usize].push(a as u16);
                }
            }
        }
    }

    /// Sums the grid implies beside the cages: in each row, column and
    /// region, and each run of consecutive rows or columns, the cells the
    /// cages inside it leave (innies), with the cells of the cages that
    /// stick out of it (outies), sum to what the cages leave of its total.
    fn derived_sums(&mut self) {
        let n = self.n;
        let mut owner = vec![usize::MAX; n * n];
        for (i, (cells, _)) in self.cages.iter().enumerate() {
            for &c in cells {
                if owner[c] != usize::MAX {
                    return; // overlapping cages: no derived sums.
                }
                owner[c] = i;
            }
        }
        if self.cages.is_empty() {
            return;
        }
        let houses = self.houses.len();
        for h in 0..houses {
            let cells: Vec<usize> = self.houses[h].iter().map(|&c| c as usize).collect();
            self.origin = Origin::House(h);
            self.derived_sum(&owner, &cells, 1);
        }
        if self.search {
            self.region_pair_sums(&owner);
        }
        for k in 2..n {
            for first in 0..=n - k {
                let rows: Vec<usize> = (first * n..(first + k) * n).collect();
                let cols: Vec<usize> = (0..n * n).filter(|c| (first..first + k).contains(&(c % n))).collect();
                self.origin = Origin::Rows(first, k);
                self.derived_sum(&owner, &rows, k);
                self.origin = Origin::Columns(first, k);
                self.derived_sum(&owner, &cols, k);
            }
        }
    }

    /// For the search, the derived sums of every two regions that touch
    /// (side by side), each named by the house of the first. Measured
    /// (count to 2, cachegrind instructions, nodes): TAREK_ALL 5.15 G ->
    /// 4.46 G (120 k -> 100 k nodes), "Wecoc #1 [mod B]" 14.2 G -> 12.5 G
    /// (328 k -> 269 k); ISS's unions of the first k boxes instead: 5.30 G
    /// (123 k), both: 4.70 G.
    fn region_pair_sums(&mut self, owner: &[usize]) {
        let n = self.n;
        let regions: Vec<usize> =
            (0..self.houses.len()).filter(|&h| matches!(self.house_names[h], HouseName::Region(_))).collect();
        if regions.len() != n {
            return;
        }
        let mut region = vec![0; n * n];
        for (k, &h) in regions.iter().enumerate() {
            for &c in &self.houses[h] {
                region[c as usize] = k;
            }
        }
        let mut touch = vec![false; n * n];
        for c in 0..n * n {
            let right = (c % n + 1 < n).then_some(c + 1);
            let below = (c + n < n * n).then_some(c + n);
            for d in right.into_iter().chain(below) {
                let (a, b) = (region[c].min(region[d]), region[c].max(region[d]));
                touch[a * n + b] |= a != b;
            }
        }
        for a in 0..n {
            for b in a + 1..n {
                if touch[a * n + b] {
                    let (ha, hb) = (regions[a], regions[b]);
                    let area: Vec<usize> =
                        self.houses[ha].iter().chain(&self.houses[hb]).map(|&c| c as usize).collect();
                    self.origin = Origin::House(ha);
                    self.derived_sum(owner, &area, 2);
                }
            }
        }
    }

    /// The derived sum of `area`, a union of `houses` houses.
    fn derived_sum(&mut self, owner: &[usize], area: &[usize], houses: usize) {
        let n = self.n;
        let mut inside = vec![false; n * n];
        for &c in area {
            inside[c] = true;
        }
        let mut seen = vec![false; self.cages.len()];
        let (mut rest, mut out) = (Vec::new(), Vec::new());
        let mut known = (houses * n * (n + 1) / 2) as i64;
        for &c in area {
            let o = owner[c];
            if o == usize::MAX
                || (self.search
                    && 2 * self.cages[o].0.iter().filter(|&&x| !inside[x]).count() > self.cages[o].0.len())
            {
                rest.push(c);
            } else if !seen[o] {
                seen[o] = true;
                known -= self.cages[o].1;
                out.extend(self.cages[o].0.iter().filter(|&&x| !inside[x]));
            }
        }
        let most = if self.search { MAX_SEARCH_DERIVED } else { MAX_DERIVED };
        if (rest.is_empty() && out.is_empty()) || rest.len() + out.len() > most {
            return;
        }
        if houses == 1 && out.is_empty() {
            if rest.len() < n {
                self.cage(&rest, Some(known), false);
            }
        } else {
            let coefs = rest.iter().map(|_| 1).chain(out.iter().map(|_| -1)).collect();
            self.equation(rest.into_iter().chain(out).collect(), coefs, known, false);
        }
    }

    fn finish(self) -> Model {
        let n = self.n;
        let cells = n * n;
        let mut peers = self.differ;
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let mut pairs = vec![Vec::new(); cells];
        let mut tables = Vec::new();
        let mut table_rules = Vec::new();
        let mut keys: Vec<_> = self.pairs.into_iter().collect();
        keys.sort_unstable_by_key(|e| e.0);
        for ((a, b), (t, rules)) in keys {
            pairs[a as usize].push((b, tables.len() as u32));
            tables.extend(t);
            table_rules.push(rules);
        }
        let (support_at, supports) = supports(&tables, n);
        let mut props = self.props;
        for p in &mut props {
            if let Prop::Linear(l) = p {
                if l.exact {
                    l.groups = groups(l, &peers, &self.houses);
                }
            }
        }
        let mut watch = vec![Vec::new(); cells];
        let reads: Vec<Vec<u16>> = props.iter().map(prop_cells).collect();
        let rest: Vec<Vec<Vec<u16>>> = props.iter().map(|p| cage_rest(p, &self.houses)).collect();
        let crossings = crossings(&self.houses);
        let (pieces, crossing_pieces) = crossing_pieces(&self.houses, &crossings);
        for (i, r) in reads.iter().enumerate() {
            for &c in r {
                if !watch[c as usize].contains(&(i as u16)) {
                    watch[c as usize].push(i as u16);
                }
            }
        }
        Model {
            n,
            init: self.init,
            peers,
            houses: self.houses,
            house_names: self.house_names,
            pairs,
            tables,
            table_rules,
            support_at,
            supports,
            props,
            origins: self.origins,
            watch,
            reads,
            rest,
            crossings,
            pieces,
            crossing_pieces,
        }
    }
}

/// For each house that holds every cell of the cage `p` and more, its
/// cells less the cage's; none when `p` is no cage.
fn cage_rest(p: &Prop, houses: &[Vec<u16>]) -> Vec<Vec<u16>> {
    let Prop::Cage { cells, .. } = p else { return Vec::new() };
    let inside = |h: &&Vec<u16>| h.len() > cells.len() && cells.iter().all(|c| h.contains(c));
    houses.iter().filter(inside).map(|h| h.iter().filter(|c| !cells.contains(c)).copied().collect()).collect()
}

/// Each two houses sharing two cells or more but not all, as the cells of
/// each outside the other.
fn crossings(houses: &[Vec<u16>]) -> Vec<(Vec<u16>, Vec<u16>)> {
    let mut out = Vec::new();
    let mut in_a = vec![false; cell_bound(houses)];
    for (i, a) in houses.iter().enumerate() {
        a.iter().for_each(|&c| in_a[c as usize] = true);
        for b in &houses[i + 1..] {
            let shared = b.iter().filter(|&&c| in_a[c as usize]).count();
            if shared >= 2 && shared < a.len() {
                let only_a = a.iter().filter(|c| !b.contains(c)).copied().collect();
                let only_b = b.iter().filter(|&&c| !in_a[c as usize]).copied().collect();
                out.push((only_a, only_b));
            }
        }
        a.iter().for_each(|&c| in_a[c as usize] = false);
    }
    out
}

/// The supports of the pair tables ([`Model::allowed`]): at each table's
/// offset in `tables`, the offset of its supports; and the supports of the
/// distinct tables.
fn supports(tables: &[Mask], n: usize) -> (Vec<u32>, Vec<Mask>) {
    let chunks = n.div_ceil(8);
    let mut at = Vec::with_capacity(tables.len());
    let mut supports = Vec::new();
    let mut known: HashMap<&[Mask], u32> = HashMap::new();
    for table in tables.chunks_exact(n.max(1)) {
        let offset = *known.entry(table).or_insert_with(|| {
            let offset = supports.len() as u32;
            for k in 0..chunks {
                // A byte's support: that of the byte without its lowest
                // digit, and the lowest digit's entry.
                let start = supports.len();
                supports.push(0);
                for byte in 1..256usize {
                    let low = byte.trailing_zeros() as usize;
                    let entry = table.get(8 * k + low).copied().unwrap_or(0);
                    supports.push(supports[start + (byte & (byte - 1))] | entry);
                }
            }
            offset
        });
        at.push(offset);
        at.resize(at.len() + n.max(1) - 1, 0);
    }
    (at, supports)
}

/// The union of the entries of the digits of `marks` in the table whose
/// supports start at `at` (see [`supports`]).
#[inline]
fn supported(supports: &[Mask], mut at: usize, marks: Mask) -> Mask {
    let (mut m, mut allowed) = (marks, 0);
    while m != 0 {
        allowed |= supports[at + (m & 0xff) as usize];
        m >>= 8;
        at += 256;
    }
    allowed
}

/// One more than the largest cell of `houses`.
fn cell_bound(houses: &[Vec<u16>]) -> usize {
    houses.iter().flatten().map(|&c| c as usize + 1).max().unwrap_or(0)
}

/// The sides of `crossings` (of `houses`) as pieces: every set of cells
/// two crossing houses share is a piece, and a side is the pieces inside
/// it, with a piece of one cell for each cell they leave out. The
/// search takes the union of each piece once a pass, then of each side
/// from its few pieces (on 9x9 with boxes, two of three cells each).
fn crossing_pieces(houses: &[Vec<u16>], crossings: &[(Vec<u16>, Vec<u16>)]) -> (Vec<Vec<u16>>, Vec<Sides>) {
    let bound = cell_bound(houses);
    let mut shared: Vec<Vec<u16>> = Vec::new();
    let mut seen: std::collections::HashSet<Vec<u16>> = std::collections::HashSet::new();
    let mut in_a = vec![false; bound];
    for (i, a) in houses.iter().enumerate() {
        a.iter().for_each(|&c| in_a[c as usize] = true);
        for b in &houses[i + 1..] {
            let count = b.iter().filter(|&&c| in_a[c as usize]).count();
            if count >= 2 && count < a.len() {
                // The cells both share, sorted (in whichever order read).
                let mut s: Vec<u16> = b.iter().copied().filter(|&c| in_a[c as usize]).collect();
                s.sort_unstable();
                if seen.insert(s.clone()) {
                    shared.push(s);
                }
            }
        }
        a.iter().for_each(|&c| in_a[c as usize] = false);
    }
    let mut pieces = shared.clone();
    // The piece of one cell of each cell that has one.
    let mut single = vec![u16::MAX; bound];
    let mut in_side = vec![false; bound];
    let mut covered = vec![false; bound];
    let mut side_pieces = |side: &[u16], pieces: &mut Vec<Vec<u16>>| -> Vec<u16> {
        side.iter().for_each(|&c| in_side[c as usize] = true);
        let mut out = Vec::new();
        for (k, s) in shared.iter().enumerate() {
            if s.iter().all(|&c| in_side[c as usize]) && !s.iter().all(|&c| covered[c as usize]) {
                s.iter().for_each(|&c| covered[c as usize] = true);
                out.push(k as u16);
            }
        }
        for &c in side.iter().filter(|&&c| !covered[c as usize]) {
            if single[c as usize] == u16::MAX {
                single[c as usize] = pieces.len() as u16;
                pieces.push(vec![c]);
            }
            out.push(single[c as usize]);
        }
        side.iter().for_each(|&c| {
            in_side[c as usize] = false;
            covered[c as usize] = false;
        });
        out
    };
    let sides =
        crossings.iter().map(|(a, b)| (side_pieces(a, &mut pieces), side_pieces(b, &mut pieces))).collect();
    (pieces, sides)
}

/// The terms of `l` in groups of cells that must differ (each a peer of
/// every other), with one coefficient per group: first, again and again,
/// the terms left in the house that holds most of them (of one
/// coefficient); then each term left joins the first group it fits, or
/// starts one.
fn groups(l: &Linear, peers: &[Vec<u16>], houses: &[Vec<u16>]) -> Vec<Vec<u8>> {
    let terms = l.cells.len();
    let mut left: Vec<bool> = vec![true; terms];
    let mut groups: Vec<Vec<u8>> = Vec::new();
    // The coefficients in the order of their first term, and per house
    // its terms in order: a group is the terms left of one house and one
    // coefficient, the largest first (the first house and coefficient of
    // equals).
    let mut coefs: Vec<i64> = Vec::new();
    for &k in &l.coefs {
        if !coefs.contains(&k) {
            coefs.push(k);
        }
    }
    let in_house: Vec<Vec<u8>> = houses
        .iter()
        .map(|h| (0..terms).filter(|&t| h.contains(&l.cells[t])).map(|t| t as u8).collect())
        .filter(|ts: &Vec<u8>| ts.len() >= 2)
        .collect();
    loop {
        let mut best: Vec<u8> = Vec::new();
        for ts in &in_house {
            // A group is a subset of the house's terms: this house cannot
            // give a larger one.
            if ts.len() <= best.len() {
                continue;
            }
            for &k in &coefs {
                let g: Vec<u8> =
                    ts.iter().copied().filter(|&t| left[t as usize] && l.coefs[t as usize] == k).collect();
                // A cell twice in the equation is one term per place.
                let distinct = g
                    .iter()
                    .all(|&a| g.iter().filter(|&&b| l.cells[b as usize] == l.cells[a as usize]).count() == 1);
                if g.len() > best.len() && distinct {
                    best = g;
                }
            }
        }
        if best.len() < 2 {
            break;
        }
        best.iter().for_each(|&t| left[t as usize] = false);
        groups.push(best);
    }
    for (t, (&c, &k)) in l.cells.iter().zip(&l.coefs).enumerate() {
        if !left[t] {
            continue;
        }
        let fits = |g: &&mut Vec<u8>| {
            l.coefs[g[0] as usize] == k
                && g.iter().all(|&o| peers[c as usize].binary_search(&l.cells[o as usize]).is_ok())
        };
        match groups.iter_mut().find(fits) {
            Some(g) => g.push(t as u8),
            None => groups.push(vec![t as u8]),
        }
    }
    groups
}

/// The cells a propagator reads.
fn prop_cells(p: &Prop) -> Vec<u16> {
    match p {
        Prop::Cage { cells, .. } | Prop::Quad { cells, .. } => cells.clone(),
        Prop::Linear(l) => l.cells.clone(),
        Prop::Between { a, b, mids } | Prop::Lockout { a, b, mids, .. } => {
            let mut v = vec![*a, *b];
            v.extend(mids);
            v
        }
        Prop::XSum { line, .. } | Prop::Sandwich { line, .. } | Prop::Skyscraper { line, .. } => line.clone(),
    }
}

impl Model {
    /// Adds `sum coefs[i] * digit(cells[i]) == target`, an equation the
    /// rules imply (the logic's derived sums), propagated exactly, with its
    /// groups of different digits; `origin` names the area it sums.
    pub(crate) fn push_equation(&mut self, cells: Vec<u16>, coefs: Vec<i64>, target: i64, origin: Origin) {
        let mut l = Linear::new(cells, coefs, target, true);
        l.groups = groups(&l, &self.peers, &self.houses);
        let i = self.props.len() as u16;
        for &c in &l.cells {
            if !self.watch[c as usize].contains(&i) {
                self.watch[c as usize].push(i);
            }
        }
        self.reads.push(l.cells.clone());
        self.origins.push(origin);
        // No cage: nothing for the rest of a house (one entry a propagator).
        self.rest.push(Vec::new());
        self.props.push(Prop::Linear(l));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows, columns and boxes of `r` x `c` on order `r * c`.
    fn units(r: usize, c: usize) -> Vec<Vec<u16>> {
        let n = r * c;
        let mut houses = Vec::new();
        for i in 0..n {
            houses.push((0..n).map(|j| (i * n + j) as u16).collect());
            houses.push((0..n).map(|j| (j * n + i) as u16).collect());
            let (br, bc) = (i / r * r, i % r * c);
            houses.push((0..n).map(|j| ((br + j / c) * n + bc + j % c) as u16).collect());
        }
        houses
    }

    fn check(houses: &[Vec<u16>]) -> usize {
        let crossings = crossings(houses);
        let (pieces, sides) = crossing_pieces(houses, &crossings);
        let mut used = 0;
        for ((a, b), (pa, pb)) in crossings.iter().zip(&sides) {
            for (side, ps) in [(a, pa), (b, pb)] {
                let mut want = side.clone();
                want.sort_unstable();
                let mut got: Vec<u16> = ps.iter().flat_map(|&k| pieces[k as usize].iter().copied()).collect();
                got.sort_unstable();
                got.dedup();
                assert_eq!(got, want, "{houses:?}");
                used += ps.len();
            }
        }
        used
    }

    #[test]
    fn the_pieces_of_a_crossing_side_make_up_its_cells() {
        // 9x9 with boxes: each side (six cells) is two pieces of three.
        let nine = units(3, 3);
        assert_eq!(check(&nine), 54 * 2 * 2);
        // Diagonals and an extra region beside boxes.
        let mut more = units(2, 3);
        more.push((0..6).map(|i| (i * 7) as u16).collect());
        more.push((0..6).map(|i| (i * 5 + 5) as u16).collect());
        more.push(vec![7, 8, 13, 14, 19, 20]);
        check(&more);
        // Random houses (sets of n cells) on 4x4 to 9x9.
        let mut rng = dlx::SplitMix64::new(0x9e3779b97f4a7c15_u64);
        let mut next = move |below: usize| rng.below(below as u64) as usize;
        for _ in 0..200 {
            let n = 4 + next(6);
            let mut houses = Vec::new();
            for _ in 0..2 + next(3 * n) {
                let mut h: Vec<u16> = Vec::new();
                while h.len() < n {
                    let c = next(n * n) as u16;
                    if !h.contains(&c) {
                        h.push(c);
                    }
                }
                houses.push(h);
            }
            check(&houses);
        }
    }

    #[test]
    fn a_tables_supports_are_the_unions_of_its_entries() {
        let mut rng = dlx::SplitMix64::new(0x5eed_u64);
        for n in [1, 2, 7, 8, 9, 12, 16, 25, 32] {
            let full = if n == 32 { Mask::MAX } else { (1 << n) - 1 };
            // Five tables, the fourth a copy of the second (they share
            // their supports).
            let mut tables: Vec<Mask> = (0..5 * n).map(|_| rng.next_u64() as Mask & full).collect();
            tables.copy_within(n..2 * n, 3 * n);
            let (at, supports) = supports(&tables, n);
            let at: Vec<u32> = at.iter().step_by(n).copied().collect();
            assert_eq!(at.len(), 5);
            assert_eq!(at[1], at[3]);
            let distinct: std::collections::HashSet<&[Mask]> = tables.chunks(n).collect();
            assert_eq!(supports.len(), distinct.len() * 256 * n.div_ceil(8));
            for t in 0..5 {
                for round in 0..300 {
                    // Every single digit, then random sets.
                    let marks = if round < n { 1 << round } else { rng.next_u64() as Mask & full };
                    let want = (0..n).filter(|&v| marks >> v & 1 != 0).fold(0, |a, v| a | tables[t * n + v]);
                    assert_eq!(
                        supported(&supports, at[t] as usize, marks),
                        want,
                        "n {n} table {t} marks {marks:b}"
                    );
                }
                assert_eq!(supported(&supports, at[t] as usize, 0), 0);
            }
        }
    }
}
