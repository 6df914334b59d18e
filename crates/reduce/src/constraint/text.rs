//! The plain-text form of constraints, for command-line users: one
//! constraint a line (beside a grid or line puzzle, or as `--constraint`),
//! a word then its parameters, cells written `r1c1` (clues outside the
//! grid on row or column 0 or N+1, as f-puzzles places them):
//!
//! ```text
//! killer 15 r1c1 r1c2 r2c1      a cage summing to 15 (`killer - CELLS`: no sum)
//! arrow r1c1 > r1c2 r1c3        circle cells, `>`, then the shaft
//! thermo r1c1 r1c2 r1c3         from the bulb; `slowthermo` never decreases
//! littlekiller 22 r0c0 DR       a clue outside the grid, its direction (UL UR DL DR)
//! sandwich 8 r0c1               clue above column 1 (`r1c0`: left of row 1)
//! xsum 25 r0c1   skyscraper 3 r0c8
//! white r1c1 r1c2   white 2 r1c1 r1c2   black r1c1 r2c1   black 3 r1c1 r2c1
//! x r1c1 r1c2   v r1c1 r1c2
//! whispers r1c1 r2c2 r3c3       least difference ceil(N/2); `whispers 4 CELLS` for Dutch
//! renban / palindrome / between / entropic / modular / regionsum / zipper / doublearrow CELLS
//! lockout CELLS   lockout 5 CELLS
//! extraregion CELLS   clone CELLS = CELLS   quadruple r1c1 r1c2 r2c1 r2c2 : 1 4
//! odd r1c1   even r1c1   minimum r1c1   maximum r1c1
//! rowindexer CELLS   columnindexer CELLS   boxindexer CELLS
//! candidates r1c1 137           the cell holds one of these symbols
//! antiknight   antiking   diagonal+   diagonal-   disjointgroups   windoku
//! nonconsecutive   negative ratio   negative xv
//! ```
//!
//! f-puzzles' key names are accepted for the words too (`killercage`,
//! `thermometer`, `littlekillersum`, `sandwichsum`, `difference`, `ratio`,
//! ...). [`write()`] gives each constraint's canonical line, which [`parse`]
//! reads back to the same constraint.

use super::*;
use crate::grid::{Alphabet, Shape};

/// One line of the plain-text form, read: constraints (windoku is four
/// extra regions), or a cell's candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// Constraints.
    Constraints(Vec<Constraint>),
    /// A cell may hold only these symbols (bit `v` for symbol `v`).
    Candidates {
        /// The cell.
        cell: usize,
        /// The symbols.
        symbols: u64,
    },
}

/// Reads one line of the plain-text form for a grid of `shape` whose
/// symbols are `alphabet` (for candidates).
pub fn parse(shape: &Shape, alphabet: &Alphabet, line: &str) -> Result<Item, ConstraintError> {
    let n = shape.n();
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Err(ConstraintError { key: "constraint", reason: "an empty constraint".into() });
    };
    let word = first.to_ascii_lowercase();
    let key = canonical(&word).ok_or_else(|| ConstraintError {
        key: "constraint",
        reason: format!("unknown constraint {first:?} (docs/formats.md lists them)"),
    })?;
    let mut p = Words { key, n, rest };
    match key {
        "difference" | "ratio" | "x" | "v" | "nonconsecutive" | "negative" | "odd" | "even" | "minimum"
        | "maximum" | "quadruple" | "clone" | "extraregion" | "diagonal+" | "diagonal-"
        | "disjointgroups" | "antiknight" | "antiking" | "windoku" | "rowindexer" | "columnindexer"
        | "boxindexer" | "candidates" => others(shape, alphabet, &mut p),
        _ => sums_and_lines(shape, &mut p),
    }
}

/// The sums and the lines.
fn sums_and_lines(shape: &Shape, p: &mut Words<'_>) -> Result<Item, ConstraintError> {
    let (key, n, rest) = (p.key, p.n, p.rest);
    let one = |c: Constraint| Ok(Item::Constraints(vec![c]));
    match key {
        "killercage" => {
            let sum = p.optional_number_or_dash()?;
            one(Killer::new(n, p.cells()?, sum)?.into())
        }
        "arrow" => {
            let k = rest
                .iter()
                .position(|w| *w == ">")
                .ok_or_else(|| p.error("write the circle, `>`, then the shaft"))?;
            let circle = cells_of(key, n, &rest[..k], false)?;
            let shaft = cells_of(key, n, &rest[k + 1..], false)?;
            one(Arrow::new(n, circle, shaft)?.into())
        }
        "doublearrow" => one(DoubleArrow::new(n, p.cells()?)?.into()),
        "regionsumline" => one(RegionSumLine::new(shape, p.cells()?)?.into()),
        "zipperline" => one(Zipper::new(n, p.cells()?)?.into()),
        "littlekillersum" => {
            let sum = p.number()?;
            let clue = p.outside()?;
            let dir = p.word()?;
            let direction = ClueDirection::from_name(&dir.to_ascii_uppercase())
                .ok_or_else(|| p.error(&format!("{dir:?} is not a direction (UL, UR, DL, DR)")))?;
            p.end()?;
            one(LittleKiller::new(n, clue, direction, sum)?.into())
        }
        "sandwichsum" | "xsum" | "skyscraper" => {
            let value = p.number()?;
            let clue = p.outside()?;
            p.end()?;
            let side = Side::at(key, n, clue.row, clue.col)?;
            one(match key {
                "sandwichsum" => Sandwich { side, sum: value }.into(),
                "xsum" => XSum { side, sum: value }.into(),
                _ => Skyscraper { side, count: value }.into(),
            })
        }
        "thermometer" | "slowthermometer" => {
            one(Thermometer::new(n, p.cells()?, key == "slowthermometer")?.into())
        }
        "palindrome" => one(Palindrome::new(n, p.cells()?)?.into()),
        "renban" => one(Renban::new(n, p.cells()?)?.into()),
        "betweenline" => one(Between::new(n, p.cells()?)?.into()),
        "entropicline" => one(Entropic::new(n, p.cells()?)?.into()),
        "modularline" => one(Modular::new(n, p.cells()?)?.into()),
        "whispers" => {
            let min = p.optional_number()?.unwrap_or(n.div_ceil(2) as u32);
            one(Whispers::new(n, p.cells()?, min)?.into())
        }
        "lockout" => {
            let min = p.optional_number()?.unwrap_or(4);
            one(Lockout::new(n, p.cells()?, min)?.into())
        }
        _ => unreachable!("canonical names a key parse knows"),
    }
}

/// Pairs, cells, sets, chess, indexers and candidates.
fn others(shape: &Shape, alphabet: &Alphabet, p: &mut Words<'_>) -> Result<Item, ConstraintError> {
    let (key, n, rest) = (p.key, p.n, p.rest);
    let one = |c: Constraint| Ok(Item::Constraints(vec![c]));
    match key {
        "difference" | "ratio" => {
            let value = p.optional_number()?;
            let (a, b) = p.pair()?;
            one(if key == "difference" {
                Difference::new(n, a, b, value.unwrap_or(1))?.into()
            } else {
                Ratio::new(n, a, b, value.unwrap_or(2))?.into()
            })
        }
        "x" | "v" => {
            let (a, b) = p.pair()?;
            one(Xv::new(n, a, b, if key == "x" { 10 } else { 5 })?.into())
        }
        "nonconsecutive" => p.end().and_then(|()| one(Negative { kind: NegativeKind::Consecutive }.into())),
        "negative" => {
            let what = p.word()?.to_ascii_lowercase();
            p.end()?;
            let kind = match what.as_str() {
                "ratio" => NegativeKind::Ratio,
                "xv" => NegativeKind::Xv,
                other => {
                    return Err(p.error(&format!("negative {other:?}: say `negative ratio` or `negative xv`")))
                }
            };
            one(Negative { kind }.into())
        }
        "odd" | "even" => {
            let cell = p.cell()?;
            p.end()?;
            one(ParityCell::new(n, cell, if key == "odd" { Parity::Odd } else { Parity::Even })?.into())
        }
        "minimum" | "maximum" => {
            let cell = p.cell()?;
            p.end()?;
            one(Extremum::new(n, cell, key == "maximum")?.into())
        }
        "quadruple" => {
            let k = rest
                .iter()
                .position(|w| *w == ":")
                .ok_or_else(|| p.error("write the four cells, `:`, then the digits"))?;
            let cells = cells_of(key, n, &rest[..k], false)?;
            let digits = rest[k + 1..]
                .iter()
                .map(|w| w.parse::<u32>().map_err(|_| p.error(&format!("{w:?} is not a digit"))))
                .collect::<Result<Vec<_>, _>>()?;
            one(Quadruple::new(n, cells, digits)?.into())
        }
        "clone" => {
            let k = rest
                .iter()
                .position(|w| *w == "=")
                .ok_or_else(|| p.error("write the cells, `=`, then their clones"))?;
            let cells = cells_of(key, n, &rest[..k], false)?;
            let clones = cells_of(key, n, &rest[k + 1..], false)?;
            one(CloneRule::new(n, cells, clones)?.into())
        }
        "extraregion" => one(ExtraRegion::new(n, p.cells()?)?.into()),
        "diagonal+" | "diagonal-" => {
            p.end().and_then(|()| one(Diagonal { positive: key == "diagonal+", n }.into()))
        }
        "disjointgroups" => p.end().and_then(|()| one(DisjointGroups::new(shape)?.into())),
        "antiknight" => p.end().and_then(|()| one(AntiKnight.into())),
        "antiking" => p.end().and_then(|()| one(AntiKing.into())),
        "windoku" => {
            p.end()?;
            if n != 9 {
                return Err(p.error("windoku's four extra regions are drawn on 9x9"));
            }
            let region = |r0: usize, c0: usize| {
                let cells = (0..9).map(|i| (r0 + i / 3) * 9 + c0 + i % 3).collect();
                ExtraRegion::new(9, cells).map(Constraint::from)
            };
            Ok(Item::Constraints(vec![region(1, 1)?, region(1, 5)?, region(5, 1)?, region(5, 5)?]))
        }
        "rowindexer" | "columnindexer" => {
            let kind = if key == "rowindexer" { IndexerKind::Row } else { IndexerKind::Column };
            one(Indexer::new(n, p.cells()?, kind)?.into())
        }
        "boxindexer" => one(Indexer::boxes(shape, p.cells()?)?.into()),
        "candidates" => {
            let cell = p.cell()?;
            let list = p.word()?;
            p.end()?;
            let mut symbols = 0u64;
            for ch in list.chars() {
                let v = alphabet
                    .index(ch)
                    .ok_or_else(|| p.error(&format!("{ch:?} is not a symbol of this grid")))?;
                symbols |= 1 << v;
            }
            Ok(Item::Candidates { cell, symbols })
        }
        _ => unreachable!("canonical names a key parse knows"),
    }
}

/// The key a word names, if any.
fn canonical(word: &str) -> Option<&'static str> {
    Some(match word {
        "killer" | "killercage" | "cage" => "killercage",
        "arrow" => "arrow",
        "doublearrow" => "doublearrow",
        "regionsum" | "regionsumline" => "regionsumline",
        "zipper" | "zipperline" => "zipperline",
        "littlekiller" | "littlekillersum" => "littlekillersum",
        "sandwich" | "sandwichsum" => "sandwichsum",
        "xsum" => "xsum",
        "skyscraper" => "skyscraper",
        "thermo" | "thermometer" => "thermometer",
        "slowthermo" | "slowthermometer" => "slowthermometer",
        "palindrome" => "palindrome",
        "renban" => "renban",
        "between" | "betweenline" => "betweenline",
        "entropic" | "entropicline" => "entropicline",
        "modular" | "modularline" => "modularline",
        "whispers" | "whisper" => "whispers",
        "lockout" => "lockout",
        "white" | "difference" => "difference",
        "black" | "ratio" => "ratio",
        "x" => "x",
        "v" => "v",
        "nonconsecutive" => "nonconsecutive",
        "negative" => "negative",
        "odd" => "odd",
        "even" => "even",
        "minimum" => "minimum",
        "maximum" => "maximum",
        "quadruple" | "quad" => "quadruple",
        "clone" => "clone",
        "extraregion" => "extraregion",
        "diagonal+" => "diagonal+",
        "diagonal-" => "diagonal-",
        "disjointgroups" => "disjointgroups",
        "antiknight" => "antiknight",
        "antiking" => "antiking",
        "windoku" => "windoku",
        "rowindexer" => "rowindexer",
        "columnindexer" => "columnindexer",
        "boxindexer" => "boxindexer",
        "candidates" => "candidates",
        _ => return None,
    })
}

/// The words after a constraint's name, read in order.
struct Words<'a> {
    key: &'static str,
    n: usize,
    rest: &'a [&'a str],
}

impl<'a> Words<'a> {
    fn error(&self, reason: &str) -> ConstraintError {
        ConstraintError { key: self.key, reason: reason.to_string() }
    }

    fn word(&mut self) -> Result<&'a str, ConstraintError> {
        let (&w, rest) = self.rest.split_first().ok_or_else(|| self.error("a word is missing at the end"))?;
        self.rest = rest;
        Ok(w)
    }

    fn end(&self) -> Result<(), ConstraintError> {
        match self.rest.first() {
            None => Ok(()),
            Some(w) => Err(self.error(&format!("{w:?} after the end"))),
        }
    }

    fn number(&mut self) -> Result<u32, ConstraintError> {
        let w = self.word()?;
        w.parse().map_err(|_| self.error(&format!("{w:?} is not a whole number")))
    }

    fn optional_number(&mut self) -> Result<Option<u32>, ConstraintError> {
        match self.rest.first() {
            Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => self.number().map(Some),
            _ => Ok(None),
        }
    }

    fn optional_number_or_dash(&mut self) -> Result<Option<u32>, ConstraintError> {
        if self.rest.first() == Some(&"-") {
            self.rest = &self.rest[1..];
            return Ok(None);
        }
        self.optional_number()
    }

    fn cell(&mut self) -> Result<usize, ConstraintError> {
        let w = self.word()?;
        let (r, c) = position(w).ok_or_else(|| self.error(&format!("{w:?} is not a cell (r1c1)")))?;
        inside(self.key, self.n, r, c)
    }

    fn outside(&mut self) -> Result<OutsideClue, ConstraintError> {
        let w = self.word()?;
        let (row, col) =
            position(w).ok_or_else(|| self.error(&format!("{w:?} is not a clue's place (r0c1)")))?;
        Ok(OutsideClue { row, col })
    }

    fn pair(&mut self) -> Result<(usize, usize), ConstraintError> {
        let a = self.cell()?;
        let b = self.cell()?;
        self.end()?;
        Ok((a, b))
    }

    fn cells(&mut self) -> Result<Vec<usize>, ConstraintError> {
        let cells = cells_of(self.key, self.n, self.rest, false)?;
        self.rest = &[];
        Ok(cells)
    }
}

/// `r3c5` as (3, 5).
fn position(w: &str) -> Option<(usize, usize)> {
    let w = w.to_ascii_lowercase();
    let rest = w.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// The cell at (r, c) from 1, or why it is outside the grid.
fn inside(key: &'static str, n: usize, r: usize, c: usize) -> Result<usize, ConstraintError> {
    if (1..=n).contains(&r) && (1..=n).contains(&c) {
        Ok((r - 1) * n + c - 1)
    } else {
        Err(ConstraintError { key, reason: format!("r{r}c{c} is outside a {n}x{n} grid") })
    }
}

fn cells_of(key: &'static str, n: usize, words: &[&str], _: bool) -> Result<Vec<usize>, ConstraintError> {
    words
        .iter()
        .map(|w| {
            let (r, c) = position(w)
                .ok_or_else(|| ConstraintError { key, reason: format!("{w:?} is not a cell (r1c1)") })?;
            inside(key, n, r, c)
        })
        .collect()
}

/// The canonical line of a constraint in a grid of order `n`; [`parse`]
/// reads it back to the same constraint.
pub fn write(n: usize, c: &Constraint) -> String {
    let cells = |cs: &[usize]| cs.iter().map(|&c| rc(n, c)).collect::<Vec<_>>().join(" ");
    let clue = |(r, col): (usize, usize)| format!("r{r}c{col}");
    match c {
        Constraint::Killer(k) => {
            format!("killer {} {}", k.sum.map_or("-".to_string(), |s| s.to_string()), cells(&k.cells))
        }
        Constraint::Arrow(a) => format!("arrow {} > {}", cells(&a.circle), cells(&a.shaft)),
        Constraint::DoubleArrow(d) => format!("doublearrow {}", cells(&d.cells)),
        Constraint::RegionSumLine(r) => format!("regionsum {}", cells(&r.cells)),
        Constraint::Zipper(z) => format!("zipper {}", cells(&z.cells)),
        Constraint::LittleKiller(l) => {
            format!("littlekiller {} {} {}", l.sum, clue((l.clue.row, l.clue.col)), l.direction.name())
        }
        Constraint::Sandwich(s) => format!("sandwich {} {}", s.sum, clue(s.side.position(n))),
        Constraint::XSum(s) => format!("xsum {} {}", s.sum, clue(s.side.position(n))),
        Constraint::Skyscraper(s) => format!("skyscraper {} {}", s.count, clue(s.side.position(n))),
        Constraint::Thermometer(t) => {
            format!("{} {}", if t.slow { "slowthermo" } else { "thermo" }, cells(&t.cells))
        }
        Constraint::Palindrome(l) => format!("palindrome {}", cells(&l.cells)),
        Constraint::Renban(l) => format!("renban {}", cells(&l.cells)),
        Constraint::Whispers(w) => format!("whispers {} {}", w.min, cells(&w.cells)),
        Constraint::Between(l) => format!("between {}", cells(&l.cells)),
        Constraint::Lockout(l) => format!("lockout {} {}", l.min, cells(&l.cells)),
        Constraint::Entropic(l) => format!("entropic {}", cells(&l.cells)),
        Constraint::Modular(l) => format!("modular {}", cells(&l.cells)),
        Constraint::Difference(d) => format!("white {} {} {}", d.diff, rc(n, d.a), rc(n, d.b)),
        Constraint::Ratio(r) => format!("black {} {} {}", r.ratio, rc(n, r.a), rc(n, r.b)),
        Constraint::Xv(x) => format!("{} {} {}", x.letter().to_ascii_lowercase(), rc(n, x.a), rc(n, x.b)),
        Constraint::Negative(g) => match g.kind {
            NegativeKind::Consecutive => "nonconsecutive".into(),
            NegativeKind::Ratio => "negative ratio".into(),
            NegativeKind::Xv => "negative xv".into(),
        },
        Constraint::Parity(p) => format!("{} {}", p.key(), rc(n, p.cell)),
        Constraint::Extremum(e) => format!("{} {}", e.key(), rc(n, e.cell)),
        Constraint::Quadruple(q) => {
            let digits: Vec<String> = q.digits.iter().map(|d| d.to_string()).collect();
            format!("quadruple {} : {}", cells(&q.cells), digits.join(" "))
        }
        Constraint::Clone(c) => format!("clone {} = {}", cells(&c.cells), cells(&c.clones)),
        Constraint::ExtraRegion(r) => format!("extraregion {}", cells(&r.cells)),
        Constraint::Diagonal(d) => d.key().to_string(),
        Constraint::DisjointGroups(_) => "disjointgroups".into(),
        Constraint::AntiKnight(_) => "antiknight".into(),
        Constraint::AntiKing(_) => "antiking".into(),
        Constraint::Indexer(i) => format!("{} {}", i.key(), cells(&i.cells)),
    }
}
