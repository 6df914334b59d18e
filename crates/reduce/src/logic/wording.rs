//! How a person says a step: [`Step::display`] words it in the notation
//! setters use, rows and columns from 1 and symbols as the puzzle's
//! alphabet writes them: `r3c5 = 7 (hidden single in row 3)`,
//! `r1c2, r1c8 <> 4 (X-wing on 4 in rows 2 and 6)`.

use std::fmt::{self, Write};

use super::step::{Candidate, Contradiction, Source, Step, Unit};
use super::technique::Technique;
use crate::constraint::{span, Constraint, NegativeKind};
use crate::grid::Regions;
use crate::puzzle::Puzzle;

/// A constraint as a step names it: `killer 15 at r1c1-r2c1`,
/// `thermometer at r3c1-r3c5`, `sandwich 12 in row 2 from the left`.
pub fn describe(n: usize, c: &Constraint) -> String {
    let at = |what: &str, cells: &[usize]| format!("{what} at {}", span(n, cells));
    match c {
        Constraint::Killer(k) => match k.sum {
            Some(s) => at(&format!("killer {s}"), &k.cells),
            None => at("cage", &k.cells),
        },
        Constraint::Arrow(a) => {
            let cells: Vec<usize> = a.circle.iter().chain(&a.shaft).copied().collect();
            at("arrow", &cells)
        }
        Constraint::DoubleArrow(d) => at("double arrow", &d.cells),
        Constraint::RegionSumLine(r) => at("region-sum line", &r.cells),
        Constraint::Zipper(z) => at("zipper line", &z.cells),
        Constraint::LittleKiller(l) => at(&format!("little killer {}", l.sum), &l.cells),
        Constraint::Sandwich(x) => format!("sandwich {} in {}", x.sum, x.side.describe()),
        Constraint::XSum(x) => format!("X-sum {} in {}", x.sum, x.side.describe()),
        Constraint::Skyscraper(x) => format!("skyscraper {} in {}", x.count, x.side.describe()),
        Constraint::Thermometer(t) => at(if t.slow { "slow thermometer" } else { "thermometer" }, &t.cells),
        Constraint::Palindrome(l) => at("palindrome", &l.cells),
        Constraint::Renban(l) => at("renban", &l.cells),
        Constraint::Whispers(w) => at(&format!("whispers (apart {} or more)", w.min), &w.cells),
        Constraint::Between(l) => at("between line", &l.cells),
        Constraint::Lockout(l) => at("lockout line", &l.cells),
        Constraint::Entropic(l) => at("entropic line", &l.cells),
        Constraint::Modular(l) => at("modular line", &l.cells),
        Constraint::Difference(d) if d.diff == 1 => at("white dot", &[d.a, d.b]),
        Constraint::Difference(d) => at(&format!("difference {}", d.diff), &[d.a, d.b]),
        Constraint::Ratio(r) if r.ratio == 2 => at("black dot", &[r.a, r.b]),
        Constraint::Ratio(r) => at(&format!("ratio {}", r.ratio), &[r.a, r.b]),
        Constraint::Xv(x) => at(&x.letter().to_string(), &[x.a, x.b]),
        Constraint::Negative(g) => match g.kind {
            NegativeKind::Consecutive => "no consecutive neighbours without a white dot".into(),
            NegativeKind::Ratio => "no double neighbours without a black dot".into(),
            NegativeKind::Xv => "no neighbours summing to 5 or 10 without a V or X".into(),
        },
        Constraint::Parity(p) => at(c.key(), &[p.cell]),
        Constraint::Extremum(e) => at(c.key(), &[e.cell]),
        Constraint::Quadruple(q) => at("quadruple", &q.cells),
        Constraint::Clone(x) => at("clone", &x.cells),
        Constraint::ExtraRegion(r) => at("extra region", &r.cells),
        Constraint::Diagonal(d) => if d.positive { "positive diagonal" } else { "negative diagonal" }.into(),
        Constraint::DisjointGroups(_) => "disjoint groups".into(),
        Constraint::AntiKnight(_) => "anti-knight".into(),
        Constraint::AntiKing(_) => "anti-king".into(),
        Constraint::Indexer(i) => at(c.key(), &i.cells),
    }
}

impl Step {
    /// The step in words, for `puzzle` (which names the regions and
    /// writes the symbols).
    pub fn display<'a>(&'a self, puzzle: &'a Puzzle) -> StepDisplay<'a> {
        StepDisplay { step: self, puzzle }
    }
}

/// A [`Step`] in words: see [`Step::display`].
#[derive(Clone, Copy, Debug)]
pub struct StepDisplay<'a> {
    step: &'a Step,
    puzzle: &'a Puzzle,
}

/// Writes `r3c5`.
fn cell(f: &mut impl Write, (r, c): (usize, usize)) -> fmt::Result {
    write!(f, "r{}c{}", r + 1, c + 1)
}

impl StepDisplay<'_> {
    fn symbol(&self, v: u8) -> char {
        self.puzzle.alphabet().char(v)
    }

    fn unit(&self, f: &mut fmt::Formatter<'_>, u: Unit) -> fmt::Result {
        match u {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Region(i) => match (self.puzzle.shape().regions(), self.puzzle.shape().label(i)) {
                (Regions::Boxes { .. }, _) | (_, None) => write!(f, "box {}", i + 1),
                (_, Some(label)) => write!(f, "region {label}"),
            },
            Unit::Group { rule, part } => match self.puzzle.rules().constraints.get(rule) {
                Some(Constraint::DisjointGroups(_)) => write!(f, "disjoint group {}", part + 1),
                Some(c) => f.write_str(&describe(self.puzzle.n(), c)),
                None => write!(f, "group {}", rule + 1),
            },
        }
    }

    /// The constraint or area a variant step reasons from.
    fn source(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step.source {
            Some(Source::Rule(i)) => match self.puzzle.rules().constraints.get(i) {
                Some(c) => f.write_str(&describe(self.puzzle.n(), c)),
                None => write!(f, "rule {}", i + 1),
            },
            Some(Source::Unit(u)) => self.unit(f, u),
            Some(Source::Rows(first, count)) => write!(f, "rows {}-{}", first + 1, first + count),
            Some(Source::Columns(first, count)) => write!(f, "columns {}-{}", first + 1, first + count),
            Some(Source::Peers) => f.write_str("the rules"),
            None => f.write_str("the rules"),
        }
    }

    /// `r1c1 + r1c2 - r2c3 = 7`.
    fn sum(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.puzzle.n();
        for (i, &(k, c)) in self.step.terms.iter().enumerate() {
            match (i, k) {
                (0, 1) => {}
                (0, -1) => f.write_str("-")?,
                (0, _) => write!(f, "{k}*")?,
                (_, 1) => f.write_str(" + ")?,
                (_, -1) => f.write_str(" - ")?,
                (_, k) if k < 0 => write!(f, " - {}*", -k)?,
                (_, k) => write!(f, " + {k}*")?,
            }
            cell(f, (c / n, c % n))?;
        }
        write!(f, " = {}", self.step.total)
    }

    /// `{6,8,9}`: a set of any size, in the alphabet's order.
    fn digit_set(&self, f: &mut fmt::Formatter<'_>, symbols: &[u8]) -> fmt::Result {
        f.write_char('{')?;
        for (i, &v) in symbols.iter().enumerate() {
            if i > 0 {
                f.write_char(',')?;
            }
            f.write_char(self.symbol(v))?;
        }
        f.write_char('}')
    }

    /// The reason of a variant step.
    fn variant_reason(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Technique::*;
        let s = self.step;
        write!(f, "{}: ", s.technique.name())?;
        self.source(f)?;
        if s.technique == InniesOuties && !s.rules.is_empty() {
            // Set theory: the rules' sums taken from the area's.
            f.write_str(" with ")?;
            self.list(f, &s.rules, |f, &i| match self.puzzle.rules().constraints.get(i) {
                Some(c) => f.write_str(&describe(self.puzzle.n(), c)),
                None => write!(f, "rule {}", i + 1),
            })?;
        }
        match s.technique {
            RulePair => {
                f.write_str(" with ")?;
                cell(f, s.cells[0])?;
                if s.symbols.len() == 1 {
                    write!(f, " = {}", self.symbol(s.symbols[0]))
                } else {
                    f.write_str(" in ")?;
                    self.digit_set(f, &s.symbols)
                }
            }
            CageCombinations
                if s.eliminations.first().is_some_and(|e| !s.cells.contains(&(e.row, e.column))) =>
            {
                write!(f, " must hold {} in ", self.symbol(s.symbols[0]))?;
                self.cells(f, &s.cells)
            }
            CageCombinations => {
                f.write_str(" keeps ")?;
                self.digit_set(f, &s.symbols)
            }
            _ if !s.terms.is_empty() && s.technique != CageCombinations => {
                f.write_str(", ")?;
                self.sum(f)
            }
            _ => Ok(()),
        }
    }

    /// `rows 2 and 6`, `rows 2, 5 and 8`, `row 3 and box 1`.
    fn units(&self, f: &mut fmt::Formatter<'_>, units: &[Unit]) -> fmt::Result {
        let index = |u: &Unit| match *u {
            Unit::Row(i) => (Some("rows"), i),
            Unit::Column(i) => (Some("columns"), i),
            Unit::Region(i) | Unit::Group { rule: i, .. } => (None, i),
        };
        let word = index(&units[0]).0;
        if units.len() > 1 && word.is_some() && units.iter().all(|u| index(u).0 == word) {
            write!(f, "{} ", word.unwrap_or_default())?;
            return self.list(f, units, |f, u| write!(f, "{}", index(u).1 + 1));
        }
        self.list(f, units, |f, &u| self.unit(f, u))
    }

    /// `a`, `a and b`, `a, b and c`.
    fn list<T>(
        &self,
        f: &mut fmt::Formatter<'_>,
        items: &[T],
        mut each: impl FnMut(&mut fmt::Formatter<'_>, &T) -> fmt::Result,
    ) -> fmt::Result {
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == items.len() { " and " } else { ", " })?;
            }
            each(f, x)?;
        }
        Ok(())
    }

    fn cells(&self, f: &mut fmt::Formatter<'_>, cells: &[(usize, usize)]) -> fmt::Result {
        for (i, &c) in cells.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            cell(f, c)?;
        }
        Ok(())
    }

    fn symbols(&self, f: &mut fmt::Formatter<'_>, symbols: &[u8]) -> fmt::Result {
        for (i, &v) in symbols.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_char(self.symbol(v))?;
        }
        Ok(())
    }

    /// `{1,3}`: a cell's candidates in a wing, in the alphabet's order.
    fn set(&self, f: &mut fmt::Formatter<'_>, symbols: &[u8]) -> fmt::Result {
        let mut sorted = [0u8; 3];
        let sorted = &mut sorted[..symbols.len()];
        sorted.copy_from_slice(symbols);
        sorted.sort_unstable();
        f.write_char('{')?;
        for (i, &v) in sorted.iter().enumerate() {
            if i > 0 {
                f.write_char(',')?;
            }
            f.write_char(self.symbol(v))?;
        }
        f.write_char('}')
    }

    /// `r3c4, r3c7 <> 2, 5; r3c9 <> 5`: cells with the same symbols
    /// removed are listed together, in order of first appearance.
    fn eliminations(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let elims = &self.step.eliminations;
        // Each cell's symbols, in order of first appearance of the cell.
        let mut cells: Vec<((usize, usize), Vec<u8>)> = Vec::new();
        for e in elims {
            let at = (e.row, e.column);
            match cells.iter_mut().find(|(c, _)| *c == at) {
                Some((_, s)) => s.push(e.symbol),
                None => cells.push((at, vec![e.symbol])),
            }
        }
        let mut done = vec![false; cells.len()];
        let mut first = true;
        for i in 0..cells.len() {
            if done[i] {
                continue;
            }
            if !first {
                f.write_str("; ")?;
            }
            first = false;
            let mut group = Vec::new();
            for j in i..cells.len() {
                if !done[j] && cells[j].1 == cells[i].1 {
                    done[j] = true;
                    group.push(cells[j].0);
                }
            }
            self.cells(f, &group)?;
            f.write_str(" <> ")?;
            self.symbols(f, &cells[i].1)?;
        }
        Ok(())
    }

    /// `(6)r2c1=(6)r2c4-(6)r7c4=(3)r7c4`: Eureka notation, strong links
    /// `=` and weak `-` in turn from a strong one; all strong if `strong`.
    fn eureka(&self, f: &mut fmt::Formatter<'_>, chain: &[Candidate], all_strong: bool) -> fmt::Result {
        for (i, c) in chain.iter().enumerate() {
            if i > 0 {
                f.write_char(if all_strong || i % 2 == 1 { '=' } else { '-' })?;
            }
            write!(f, "({})", self.symbol(c.symbol))?;
            cell(f, (c.row, c.column))?;
        }
        Ok(())
    }

    /// `r1c5=r1c8-r4c8=r4c2`: a chain on one symbol.
    fn one_symbol_chain(
        &self,
        f: &mut fmt::Formatter<'_>,
        chain: &[Candidate],
        all_strong: bool,
    ) -> fmt::Result {
        for (i, c) in chain.iter().enumerate() {
            if i > 0 {
                f.write_char(if all_strong || i % 2 == 1 { '=' } else { '-' })?;
            }
            cell(f, (c.row, c.column))?;
        }
        Ok(())
    }

    fn contradiction(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step.contradiction {
            Some(Contradiction::Cell(r, c)) => {
                cell(f, (r, c))?;
                f.write_str(" without a candidate")
            }
            Some(Contradiction::Unit(u, v)) => {
                self.unit(f, u)?;
                write!(f, " without a place for {}", self.symbol(v))
            }
            None => f.write_str("nothing possible"),
        }
    }

    /// `rule chain: (6)r2c1=..., weak links by white dot at r2c1-r2c2`.
    fn rule_chain(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.step;
        let name = s.technique.name();
        write!(f, "{name}: ")?;
        self.eureka(f, &s.chain, false)?;
        f.write_str(", weak links by ")?;
        for (k, &i) in s.rules.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            match self.puzzle.rules().constraints.get(i) {
                Some(c) => f.write_str(&describe(self.puzzle.n(), c))?,
                None => write!(f, "rule {}", i + 1)?,
            }
        }
        if s.peers {
            let and = if s.rules.is_empty() { "" } else { " and " };
            write!(f, "{and}cells the rules make differ")?;
        }
        Ok(())
    }

    /// `rule forcing chain: r1c1 = 5 and the 3 singles after it, with
    /// the rules, break killer 15 at r1c1-r1c3`.
    fn rule_forcing(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.step;
        let name = s.technique.name();
        write!(f, "{name}: ")?;
        cell(f, s.cells[0])?;
        write!(f, " = {}", self.symbol(s.symbols[0]))?;
        let one = s.chain.is_empty();
        match s.chain.len() {
            0 => f.write_str(" with the rules ")?,
            1 => f.write_str(" and the single after it, with the rules, ")?,
            k => write!(f, " and the {k} singles after it, with the rules, ")?,
        }
        if s.contradiction.is_some() {
            f.write_str(if one { "leaves " } else { "leave " })?;
            self.contradiction(f)
        } else {
            f.write_str(if one { "breaks " } else { "break " })?;
            self.source(f)
        }
    }

    fn reason(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Technique::*;
        let s = self.step;
        let name = s.technique.name();
        match s.technique {
            FullHouse | HiddenSingle => {
                write!(f, "{name} in ")?;
                self.unit(f, s.units[0])
            }
            NakedSingle => f.write_str(name),
            RulePair | CageCombinations | SumBounds | ClueRule | InniesOuties => self.variant_reason(f),
            CagePairs => {
                write!(f, "{name}: ")?;
                self.source(f)?;
                f.write_str(" keeps ")?;
                self.digit_set(f, &s.symbols)?;
                f.write_str(", no digit shared with ")?;
                match s.rules.first().and_then(|&i| self.puzzle.rules().constraints.get(i)) {
                    Some(c) => f.write_str(&describe(self.puzzle.n(), c)),
                    None => f.write_str("a cage its cells all see"),
                }
            }
            CagePlacements => {
                write!(f, "{name}: ")?;
                self.source(f)?;
                f.write_str(
                    " has no filling (one of its sets, a different digit in each cell) that puts these there",
                )
            }
            Pointing | Claiming => {
                write!(f, "{name}: ")?;
                self.unit(f, s.units[0])?;
                write!(f, " has {} only in ", self.symbol(s.symbols[0]))?;
                self.unit(f, s.units[1])
            }
            NakedPair | NakedTriple | NakedQuad | HiddenPair | HiddenTriple | HiddenQuad => {
                write!(f, "{name} ")?;
                self.symbols(f, &s.symbols)?;
                f.write_str(" in ")?;
                self.units(f, &s.units)?;
                f.write_str(": ")?;
                self.cells(f, &s.cells)
            }
            XWing | Swordfish | Jellyfish => {
                let base = s.units.len() / 2;
                write!(f, "{name} on {} in ", self.symbol(s.symbols[0]))?;
                self.units(f, &s.units[..base])
            }
            XYWing | XYZWing => {
                let (x, y, z) = (s.symbols[0], s.symbols[1], s.symbols[2]);
                write!(f, "{name}: pivot ")?;
                cell(f, s.cells[0])?;
                let pivot = [x, y, z];
                self.set(f, &pivot[..if s.technique == XYWing { 2 } else { 3 }])?;
                f.write_str(", pincers ")?;
                cell(f, s.cells[1])?;
                self.set(f, &[x, z])?;
                f.write_str(" and ")?;
                cell(f, s.cells[2])?;
                self.set(f, &[y, z])
            }
            WWing => {
                let (y, x) = (s.symbols[0], s.symbols[1]);
                write!(f, "{name}: ")?;
                cell(f, s.cells[0])?;
                f.write_str(" and ")?;
                cell(f, s.cells[1])?;
                self.set(f, &[x, y])?;
                write!(f, " joined by {} in ", self.symbol(x))?;
                self.unit(f, s.units[0])?;
                f.write_str(" (")?;
                cell(f, s.cells[2])?;
                f.write_char('=')?;
                cell(f, s.cells[3])?;
                f.write_char(')')
            }
            SimpleColouring => {
                let v = self.symbol(s.symbols[0]);
                let wrap = !s.units.is_empty() || s.source == Some(Source::Peers);
                write!(f, "{name} on {v}: ")?;
                cell(f, s.cells[0])?;
                f.write_str(" and ")?;
                cell(f, s.cells[1])?;
                if wrap {
                    f.write_str(" share a colour (")?;
                    self.one_symbol_chain(f, &s.chain, true)?;
                    match s.units.first() {
                        Some(&u) => {
                            f.write_str(") and ")?;
                            self.unit(f, u)?;
                        }
                        None => f.write_str(") and must differ by the rules")?,
                    }
                    f.write_str(", so that colour is false")
                } else {
                    f.write_str(" take opposite colours (")?;
                    self.one_symbol_chain(f, &s.chain, true)?;
                    f.write_char(')')
                }
            }
            XChain => {
                write!(f, "{name} on {}: ", self.symbol(s.chain[0].symbol))?;
                self.one_symbol_chain(f, &s.chain, false)
            }
            XYChain | Aic => {
                write!(f, "{name}: ")?;
                self.eureka(f, &s.chain, false)
            }
            RuleChain => self.rule_chain(f),
            ForcingChain => {
                write!(f, "{name}: ")?;
                cell(f, s.cells[0])?;
                write!(f, " = {}", self.symbol(s.symbols[0]))?;
                match s.chain.len() {
                    0 => f.write_str(" leaves ")?,
                    1 => f.write_str(" and the single after it leave ")?,
                    k => write!(f, " and the {k} singles after it leave ")?,
                }
                self.contradiction(f)
            }
            RuleForcingChain => self.rule_forcing(f),
            ForcingChains | RuleForcingChains => {
                write!(f, "{name}: ")?;
                if let Some(&u) = s.units.first() {
                    write!(f, "each place of {} in ", self.symbol(s.symbols[0]))?;
                    self.unit(f, u)?;
                    f.write_str(" (")?;
                    let places: Vec<(usize, usize)> = s.chain.iter().map(|c| (c.row, c.column)).collect();
                    self.cells(f, &places)?;
                } else {
                    f.write_str("each candidate of ")?;
                    cell(f, s.cells[0])?;
                    f.write_str(" (")?;
                    let symbols: Vec<u8> = s.chain.iter().map(|c| c.symbol).collect();
                    self.symbols(f, &symbols)?;
                }
                f.write_str(") removes it by singles")?;
                if s.technique == RuleForcingChains {
                    f.write_str(" and the rules")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for StepDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.step;
        for (i, p) in s.placements.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            cell(f, (p.row, p.column))?;
            write!(f, " = {}", self.symbol(p.symbol))?;
        }
        if !s.eliminations.is_empty() {
            if !s.placements.is_empty() {
                f.write_str("; ")?;
            }
            self.eliminations(f)?;
        }
        f.write_str(" (")?;
        self.reason(f)?;
        f.write_char(')')
    }
}
