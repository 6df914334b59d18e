//! The f-puzzles format: the JSON object f-puzzles (and Rangsk's
//! userscript, and SudokuPad's f-puzzles import) writes, read into a
//! variant [`Puzzle`]. Every key f-puzzles gives a rule is mapped to the
//! constraint model (`reduce::constraint`); a key, a cell field or a
//! marking this reader does not know refuses the record, naming it: a rule
//! is never dropped. Keys f-puzzles itself draws without a rule (`cage`,
//! `line`, `circle`, `rectangle`, `text`, colours) and the puzzle's
//! metadata (`title`, `author`, `ruleset`, `solution`, settings) are
//! ignored; the drawings among them are named once, in a notice.
//!
//! Cells are `"R{r}C{c}"` from 1, clues outside the grid on row or column
//! 0 or N+1. A cell's `region` (an integer) moves it into that region,
//! `null` into none; the others keep their box (for a prime order, f-puzzles
//! numbers each row as one box). When the regions are N of N cells they
//! make the grid's map; otherwise each is an extra region of distinct
//! digits (a grid with some cells in no region).
//!
//! Where a reading has a choice it follows the bench data's README (Rangsk's
//! solver): each line of an `arrow`, `thermometer` or other line key is one
//! constraint; an arrow's line leaves its circle from its first cell; a
//! whispers line that comes back to a cell is cut there (its rule is about
//! neighbours only).

use serde_json::{Map, Value};

use reduce::constraint::{
    self, Arrow, Between, CloneRule, ClueDirection, Constraint, Diagonal, Difference, DisjointGroups,
    DoubleArrow, Entropic, ExtraRegion, Extremum, Indexer, IndexerKind, Killer, LittleKiller, Lockout,
    Modular, Negative, NegativeKind, OutsideClue, Palindrome, Parity, ParityCell, Quadruple, Ratio,
    RegionSumLine, Renban, Rules, Sandwich, Side, Skyscraper, Thermometer, Whispers, XSum, Xv, Zipper,
};
use reduce::{Alphabet, Puzzle, Regions, Shape, MAX_ORDER};

/// Keys that hold no rule and are not drawn: the puzzle's metadata and
/// the app's settings. Ignored without a word.
const METADATA: [&str; 9] = [
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "rulesetLink",
    "sourceLink",
];

/// Keys f-puzzles draws without a rule (its cosmetic tools). Ignored, and
/// named in a notice: a setter may have drawn a rule with them.
const COSMETIC: [&str; 5] = ["cage", "line", "circle", "rectangle", "text"];

/// A puzzle read from an f-puzzles object, and what was ignored.
#[derive(Debug)]
pub(crate) struct Read {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The drawings and notes ignored, by key, for a notice.
    pub ignored: Vec<String>,
}

/// Whether a JSON value is an f-puzzles object (it has `size` and `grid`).
pub(crate) fn is_fpuzzles(value: &Value) -> bool {
    value.get("size").is_some() && value.get("grid").is_some()
}

/// Reads an f-puzzles object, or says what in it cannot be read.
pub(crate) fn read(value: &Value) -> Result<Read, String> {
    let object = value.as_object().ok_or("an f-puzzles puzzle is a JSON object")?;
    let n = match object.get("size").and_then(Value::as_u64) {
        Some(n) if (1..=MAX_ORDER as u64).contains(&n) => n as usize,
        _ => {
            return Err(format!(
                "\"size\" is {}: a grid order from 1 to {MAX_ORDER}",
                shown(object.get("size"))
            ))
        }
    };
    let mut ignored = Vec::new();
    let cells = grid(object, n, &mut ignored)?;
    let shape = shape(n, &cells)?;
    let alphabet = Alphabet::default_for(n).map_err(|e| e.to_string())?;
    let mut c = Reader { n, shape: shape.shape.clone(), constraints: shape.extra, ignored };
    c.cells(&cells)?;
    for (key, value) in object {
        c.key(key, value)?;
    }
    let candidates = cells.iter().any(|c| c.marks.is_some()).then(|| {
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        cells.iter().map(|c| c.marks.unwrap_or(all)).collect()
    });
    let givens = cells.iter().map(|c| c.given).collect();
    let puzzle = Puzzle::new(shape.shape, alphabet, givens)
        .and_then(|p| p.with_rules(Rules { constraints: c.constraints, candidates }))
        .map_err(|e| e.to_string())?;
    c.ignored.sort();
    c.ignored.dedup();
    Ok(Read { puzzle, ignored: c.ignored })
}

/// A value as a message shows it.
fn shown(v: Option<&Value>) -> String {
    match v {
        None => "missing".into(),
        Some(v) => {
            let s = v.to_string();
            if s.chars().count() > 40 {
                format!("{}...", s.chars().take(40).collect::<String>())
            } else {
                s
            }
        }
    }
}

/// One cell of `grid`, read.
struct Cell {
    given: Option<u8>,
    /// `givenPencilMarks`, as symbols.
    marks: Option<u64>,
    /// `region`: absent, `null` (in none), or a number.
    region: Option<Option<u64>>,
    parity: Option<Parity>,
}

/// Reads `grid`: N rows of N cell objects.
fn grid(object: &Map<String, Value>, n: usize, ignored: &mut Vec<String>) -> Result<Vec<Cell>, String> {
    let rows = object.get("grid").and_then(Value::as_array).ok_or("\"grid\" is not a list of rows")?;
    if rows.len() != n {
        return Err(format!("\"grid\" has {} rows; \"size\" is {n}", rows.len()));
    }
    let mut cells = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| format!("\"grid\" row {} is not a list of {n} cells", r + 1))?;
        for (c, cell) in row.iter().enumerate() {
            let at = || format!("grid cell R{}C{}", r + 1, c + 1);
            let cell = cell.as_object().ok_or_else(|| format!("{} is not an object", at()))?;
            cells.push(grid_cell(cell, n, ignored).map_err(|e| format!("{}: {e}", at()))?);
        }
    }
    Ok(cells)
}

fn grid_cell(cell: &Map<String, Value>, n: usize, ignored: &mut Vec<String>) -> Result<Cell, String> {
    let digit = |v: &Value| number(v).filter(|&d| (1..=n as u64).contains(&d)).map(|d| (d - 1) as u8);
    let mut out = Cell { given: None, marks: None, region: None, parity: None };
    let given = match cell.get("given") {
        None | Some(Value::Bool(false)) | Some(Value::Null) => false,
        Some(Value::Bool(true)) => true,
        Some(v) => return Err(format!("\"given\" is {v}")),
    };
    for (key, v) in cell {
        if v.is_null() && key != "region" {
            continue;
        }
        match key.as_str() {
            "given" => {}
            "value" if given => {
                out.given = Some(digit(v).ok_or_else(|| format!("\"value\" {v} is not a digit 1-{n}"))?)
            }
            "value" if !v.is_null() => ignored.push("value without given (a solver's entry)".into()),
            "value" => {}
            "givenPencilMarks" => {
                let list = v.as_array().ok_or_else(|| format!("\"givenPencilMarks\" {v} is not a list"))?;
                let mut set = 0u64;
                for d in list {
                    let d = digit(d)
                        .ok_or_else(|| format!("\"givenPencilMarks\" holds {d}, not a digit 1-{n}"))?;
                    set |= 1 << d;
                }
                if !list.is_empty() {
                    out.marks = Some(set);
                }
            }
            "region" => {
                out.region = Some(match v {
                    Value::Null => None,
                    v => Some(number(v).ok_or_else(|| format!("\"region\" {v} is not a number"))?),
                })
            }
            "parity" => {
                out.parity = Some(match v.as_str().map(str::to_ascii_lowercase).as_deref() {
                    Some("odd") => Parity::Odd,
                    Some("even") => Parity::Even,
                    _ => return Err(format!("\"parity\" {v}: Odd or Even")),
                })
            }
            "centerPencilMarks" | "cornerPencilMarks" | "candidates" => {
                ignored.push(format!("{key} (notes)"));
            }
            "c" | "cArray" | "highlight" => ignored.push("cell colours".into()),
            other => return Err(format!("unknown cell field {other:?} (not read: the record is refused)")),
        }
    }
    Ok(out)
}

/// A number written as a JSON number or a string of digits.
fn number(v: &Value) -> Option<u64> {
    match v {
        Value::Number(x) => x.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The grid's regions: a shape, and extra regions when the regions do not
/// tile the grid.
struct ShapeRead {
    shape: Shape,
    extra: Vec<Constraint>,
}

fn shape(n: usize, cells: &[Cell]) -> Result<ShapeRead, String> {
    let default = Shape::default_for(n).map_err(|e| e.to_string())?;
    if cells.iter().all(|c| c.region.is_none()) {
        return Ok(ShapeRead { shape: default, extra: Vec::new() });
    }
    // f-puzzles' own numbering of a cell's box: rows of boxes, left to
    // right; on a prime order each row is a box.
    let (rows, cols) = match default.regions() {
        &Regions::Boxes { rows, cols } => (rows, cols),
        _ => (1, n),
    };
    let boxes_across = n / cols;
    let region_of = |cell: usize, c: &Cell| -> Option<u64> {
        match c.region {
            Some(r) => r,
            None => Some(((cell / n / rows) * boxes_across + (cell % n) / cols) as u64),
        }
    };
    let mut ids: Vec<u64> = cells.iter().enumerate().filter_map(|(i, c)| region_of(i, c)).collect();
    ids.sort_unstable();
    ids.dedup();
    let members = |id: u64| -> Vec<usize> {
        cells.iter().enumerate().filter(|(i, c)| region_of(*i, c) == Some(id)).map(|(i, _)| i).collect()
    };
    let tiles = ids.len() == n && ids.iter().all(|&id| members(id).len() == n);
    if tiles && cells.iter().enumerate().all(|(i, c)| region_of(i, c).is_some()) {
        const LABELS: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz*+";
        let label = |id: u64| LABELS.chars().nth(ids.binary_search(&id).expect("listed")).expect("N <= 64");
        let map =
            cells.iter().enumerate().map(|(i, c)| label(region_of(i, c).expect("in a region"))).collect();
        let shape = Shape::new(n, Regions::Map(map)).map_err(|e| e.to_string())?;
        return Ok(ShapeRead { shape, extra: Vec::new() });
    }
    // Regions that do not tile the grid: each is a set of distinct digits.
    let mut extra = Vec::new();
    for id in ids {
        let cells = members(id);
        if cells.len() > n {
            return Err(format!("region {id} has {} cells: a region holds at most {n}", cells.len()));
        }
        if cells.len() > 1 {
            let r = ExtraRegion::new(n, cells).map_err(|e| format!("region {id}: {e}"))?;
            extra.push(r.into());
        }
    }
    let none = Shape::new(n, Regions::None).map_err(|e| e.to_string())?;
    Ok(ShapeRead { shape: none, extra })
}

/// The constraints of one object, read key by key.
struct Reader {
    n: usize,
    shape: Shape,
    constraints: Vec<Constraint>,
    ignored: Vec<String>,
}

/// One item of a constraint's list, with what every reading of it needs.
struct Item<'a> {
    key: &'a str,
    /// Its place in the list, from 1.
    k: usize,
    fields: &'a Map<String, Value>,
    n: usize,
}

impl Item<'_> {
    fn error(&self, what: impl std::fmt::Display) -> String {
        format!("{} {}: {what}", self.key, self.k)
    }

    fn field(&self, name: &str) -> Result<&Value, String> {
        self.fields.get(name).ok_or_else(|| self.error(format!("no \"{name}\"")))
    }

    /// `"R3C5"` as (3, 5), rows and columns from 1.
    fn position(&self, v: &Value) -> Result<(usize, usize), String> {
        let s = v.as_str().ok_or_else(|| self.error(format!("{v} is not a cell (\"R1C1\")")))?;
        let bad = || self.error(format!("{s:?} is not a cell (\"R1C1\")"));
        let rest = s.strip_prefix(['R', 'r']).ok_or_else(bad)?;
        let (r, c) = rest.split_once(['C', 'c']).ok_or_else(bad)?;
        Ok((r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?))
    }

    /// A cell inside the grid, from 0.
    fn cell(&self, v: &Value) -> Result<usize, String> {
        let (r, c) = self.position(v)?;
        let n = self.n;
        if (1..=n).contains(&r) && (1..=n).contains(&c) {
            Ok((r - 1) * n + c - 1)
        } else {
            Err(self.error(format!("R{r}C{c} is outside the {n}x{n} grid")))
        }
    }

    fn cells_of(&self, v: &Value) -> Result<Vec<usize>, String> {
        let list =
            v.as_array().ok_or_else(|| self.error(format!("{} is not a list of cells", shown(Some(v)))))?;
        list.iter().map(|c| self.cell(c)).collect()
    }

    fn cells(&self) -> Result<Vec<usize>, String> {
        self.cells_of(self.field("cells")?)
    }

    fn lines(&self) -> Result<Vec<Vec<usize>>, String> {
        let lines = self.field("lines")?;
        let list = lines.as_array().ok_or_else(|| self.error("\"lines\" is not a list of lines"))?;
        if list.is_empty() {
            return Err(self.error("no line"));
        }
        list.iter().map(|l| self.cells_of(l)).collect()
    }

    /// `value` as a whole number, if there is one (a blank string is none).
    fn value(&self) -> Result<Option<u32>, String> {
        match self.fields.get("value") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(v) => number(v)
                .and_then(|x| u32::try_from(x).ok())
                .map(Some)
                .ok_or_else(|| self.error(format!("value {v} is not a whole number"))),
        }
    }
}

impl Reader {
    fn push(
        &mut self,
        c: Result<impl Into<Constraint>, constraint::ConstraintError>,
        item: &Item<'_>,
    ) -> Result<(), String> {
        let c = c.map_err(|e| item.error(&e.reason))?;
        self.constraints.push(c.into());
        Ok(())
    }

    /// Odd and even cells from the grid's `parity` fields.
    fn cells(&mut self, cells: &[Cell]) -> Result<(), String> {
        for (i, c) in cells.iter().enumerate() {
            if let Some(p) = c.parity {
                let c = ParityCell::new(self.n, i, p).map_err(|e| e.to_string())?;
                self.constraints.push(c.into());
            }
        }
        Ok(())
    }

    /// One top-level key.
    fn key(&mut self, key: &str, value: &Value) -> Result<(), String> {
        let n = self.n;
        match key {
            "size" | "grid" => Ok(()),
            k if METADATA.contains(&k) => Ok(()),
            k if COSMETIC.contains(&k) => {
                if value.as_array().is_some_and(|a| !a.is_empty()) {
                    self.ignored.push(format!("{k} (drawn without a rule in f-puzzles)"));
                }
                Ok(())
            }
            "diagonal+" | "diagonal-" | "antiknight" | "antiking" | "disjointgroups" | "nonconsecutive" => {
                let on = value.as_bool().ok_or_else(|| format!("{key} is {value}: true or false"))?;
                if on {
                    let c: Constraint = match key {
                        "diagonal+" | "diagonal-" => Diagonal { positive: key == "diagonal+", n }.into(),
                        "antiknight" => constraint::AntiKnight.into(),
                        "antiking" => constraint::AntiKing.into(),
                        "disjointgroups" => {
                            DisjointGroups::new(&self.shape).map_err(|e| e.to_string())?.into()
                        }
                        _ => Negative { kind: NegativeKind::Consecutive }.into(),
                    };
                    self.constraints.push(c);
                }
                Ok(())
            }
            "negative" => {
                let list = value.as_array().ok_or_else(|| format!("negative is {value}: a list"))?;
                for v in list {
                    let kind = match v.as_str() {
                        Some("ratio") => NegativeKind::Ratio,
                        Some("xv") => NegativeKind::Xv,
                        _ => return Err(format!("negative {v} is not read (\"ratio\" and \"xv\" are)")),
                    };
                    self.constraints.push(Negative { kind }.into());
                }
                Ok(())
            }
            _ => self.list(key, value),
        }
    }

    /// A key whose value is a list of items.
    fn list(&mut self, key: &str, value: &Value) -> Result<(), String> {
        if !KNOWN.contains(&key) {
            return Err(format!(
                "unknown key {key:?} (not read: the record is refused rather than solved without it)"
            ));
        }
        let list = value.as_array().ok_or_else(|| format!("{key} is not a list"))?;
        for (k, v) in list.iter().enumerate() {
            let fields = v.as_object().ok_or_else(|| format!("{key} {}: not an object", k + 1))?;
            let item = Item { key, k: k + 1, fields, n: self.n };
            self.item(&item)?;
        }
        Ok(())
    }

    fn item(&mut self, item: &Item<'_>) -> Result<(), String> {
        let n = self.n;
        match item.key {
            "killercage" => self.push(Killer::new(n, item.cells()?, item.value()?), item),
            "extraregion" => self.push(ExtraRegion::new(n, item.cells()?), item),
            "rowindexer" | "columnindexer" => {
                let kind = if item.key == "rowindexer" { IndexerKind::Row } else { IndexerKind::Column };
                self.push(Indexer::new(n, item.cells()?, kind), item)
            }
            "boxindexer" => self.push(Indexer::boxes(&self.shape, item.cells()?), item),
            "odd" | "even" | "minimum" | "maximum" => {
                let cell = item.cell(item.field("cell")?)?;
                match item.key {
                    "odd" => self.push(ParityCell::new(n, cell, Parity::Odd), item),
                    "even" => self.push(ParityCell::new(n, cell, Parity::Even), item),
                    k => self.push(Extremum::new(n, cell, k == "maximum"), item),
                }
            }
            "difference" | "ratio" | "xv" => self.pair(item),
            "quadruple" => {
                let values =
                    item.field("values")?.as_array().ok_or_else(|| item.error("\"values\" is not a list"))?;
                let digits = values
                    .iter()
                    .map(|v| {
                        number(v)
                            .and_then(|d| u32::try_from(d).ok())
                            .ok_or_else(|| item.error(format!("{v} is not a digit")))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                self.push(Quadruple::new(n, item.cells()?, digits), item)
            }
            "clone" => {
                let clones = item.cells_of(item.field("cloneCells")?)?;
                self.push(CloneRule::new(n, item.cells()?, clones), item)
            }
            "littlekillersum" | "sandwichsum" | "xsum" | "skyscraper" => self.outside(item),
            "arrow" => self.arrow(item),
            _ => self.line_item(item),
        }
    }

    fn pair(&mut self, item: &Item<'_>) -> Result<(), String> {
        let n = self.n;
        let cells = item.cells()?;
        let [a, b] = cells[..] else {
            return Err(item.error(format!("{} cells (a marker sits between two)", cells.len())));
        };
        match item.key {
            "difference" => self.push(Difference::new(n, a, b, item.value()?.unwrap_or(1)), item),
            "ratio" => self.push(Ratio::new(n, a, b, item.value()?.unwrap_or(2)), item),
            _ => {
                let v = item.field("value")?;
                let sum = match v.as_str().map(str::to_ascii_uppercase).as_deref() {
                    Some("X") => 10,
                    Some("V") => 5,
                    _ => return Err(item.error(format!("value {v}: \"X\" or \"V\""))),
                };
                self.push(Xv::new(n, a, b, sum), item)
            }
        }
    }

    /// Clues outside the grid.
    fn outside(&mut self, item: &Item<'_>) -> Result<(), String> {
        let n = self.n;
        let (row, col) = item.position(item.field("cell")?)?;
        let Some(value) = item.value()? else {
            // A clue without a number states nothing.
            self.ignored.push(format!("{} without a value", item.key));
            return Ok(());
        };
        if item.key == "littlekillersum" {
            let d = item.field("direction")?;
            let dir = d
                .as_str()
                .and_then(|s| ClueDirection::from_name(&s.to_ascii_uppercase()))
                .ok_or_else(|| item.error(format!("direction {d}: UL, UR, DL or DR")))?;
            let lk = LittleKiller::new(n, OutsideClue { row, col }, dir, value)
                .map_err(|e| item.error(&e.reason))?;
            if let Some(listed) = item.fields.get("cells") {
                if item.cells_of(listed)? != lk.cells {
                    return Err(item.error(format!(
                        "its \"cells\" are not the diagonal from R{row}C{col} going {}",
                        dir.name()
                    )));
                }
            }
            self.constraints.push(lk.into());
            return Ok(());
        }
        let side = Side::at(item.key_static(), n, row, col).map_err(|e| item.error(&e.reason))?;
        let c: Constraint = match item.key {
            "sandwichsum" => Sandwich { side, sum: value }.into(),
            "xsum" => XSum { side, sum: value }.into(),
            _ => Skyscraper { side, count: value }.into(),
        };
        self.constraints.push(c);
        Ok(())
    }

    /// An arrow: each line leaves the circle from its first cell. The
    /// circle's cells are listed in the order the setter picked them; a
    /// pill is read left to right or top to bottom whatever that order
    /// (as the Interactive Sudoku Solver reads f-puzzles' pills), so they
    /// are put in that order here.
    fn arrow(&mut self, item: &Item<'_>) -> Result<(), String> {
        let mut circle = item.cells()?;
        circle.sort_unstable();
        for line in item.lines()? {
            let Some(&start) = line.first() else { return Err(item.error("an empty line")) };
            if !circle.contains(&start) {
                return Err(item.error(format!(
                    "a line starts at {}, not on its circle",
                    constraint::rc(self.n, start)
                )));
            }
            let shaft: Vec<usize> = line.iter().copied().skip_while(|c| circle.contains(c)).collect();
            self.push(Arrow::new(self.n, circle.clone(), shaft), item)?;
        }
        Ok(())
    }

    /// The line keys: each line of the item is one constraint.
    fn line_item(&mut self, item: &Item<'_>) -> Result<(), String> {
        let (n, shape) = (self.n, self.shape.clone());
        let value = item.value()?;
        for line in item.lines()? {
            match item.key {
                "thermometer" | "slowthermometer" => {
                    self.push(Thermometer::new(n, line, item.key == "slowthermometer"), item)?
                }
                "palindrome" => self.push(Palindrome::new(n, line), item)?,
                "renban" => self.push(Renban::new(n, line), item)?,
                "betweenline" => self.push(Between::new(n, line), item)?,
                "entropicline" => self.push(Entropic::new(n, line), item)?,
                "modularline" => self.push(Modular::new(n, line), item)?,
                "regionsumline" => self.push(RegionSumLine::new(&shape, line), item)?,
                "zipperline" => self.push(Zipper::new(n, line), item)?,
                "doublearrow" => self.push(DoubleArrow::new(n, line), item)?,
                "lockout" => self.push(Lockout::new(n, line, value.unwrap_or(4)), item)?,
                "whispers" => {
                    let min = value.unwrap_or(n.div_ceil(2) as u32);
                    for part in simple_parts(&line) {
                        self.push(Whispers::new(n, part, min), item)?;
                    }
                }
                _ => unreachable!("KNOWN lists the keys item reads"),
            }
        }
        Ok(())
    }
}

impl Item<'_> {
    /// The key as the model names it (for its errors).
    fn key_static(&self) -> &'static str {
        KNOWN.iter().find(|k| **k == self.key).copied().unwrap_or("constraint")
    }
}

/// A line cut where it comes back to a cell it has visited: parts that
/// share their end cells, each visiting a cell once.
fn simple_parts(line: &[usize]) -> Vec<Vec<usize>> {
    let mut parts = vec![Vec::new()];
    for &c in line {
        let part = parts.last_mut().expect("one part at least");
        if part.contains(&c) {
            let last = *part.last().expect("a part with a cell");
            parts.push(vec![last, c]);
        } else {
            part.push(c);
        }
    }
    parts
}

/// The keys whose value is a list of constraint items.
const KNOWN: [&str; 31] = [
    "killercage",
    "arrow",
    "doublearrow",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "thermometer",
    "slowthermometer",
    "palindrome",
    "renban",
    "whispers",
    "betweenline",
    "entropicline",
    "modularline",
    "regionsumline",
    "zipperline",
    "lockout",
    "difference",
    "ratio",
    "xv",
    "odd",
    "even",
    "minimum",
    "maximum",
    "quadruple",
    "clone",
    "extraregion",
    "rowindexer",
    "columnindexer",
    "boxindexer",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(json: &str) -> Result<Read, String> {
        read(&serde_json::from_str(json).unwrap())
    }

    #[test]
    fn whispers_that_come_back_are_cut() {
        assert_eq!(simple_parts(&[1, 2, 3, 2]), vec![vec![1, 2, 3], vec![3, 2]]);
        assert_eq!(simple_parts(&[1, 2, 3]), vec![vec![1, 2, 3]]);
    }

    #[test]
    fn unknown_keys_refuse_the_record() {
        let grid = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
        let e = puzzle(&format!(r#"{{"size":4,"grid":{grid},"sumdot":[]}}"#)).unwrap_err();
        assert!(e.contains("unknown key \"sumdot\""), "{e}");
        let e = puzzle(&format!(
            r#"{{"size":4,"grid":{grid},"thermometer":[{{"lines":[["R1C1","R1C2","R1C1"]]}}]}}"#
        ))
        .unwrap_err();
        assert_eq!(e, "thermometer 1: r1c1 appears twice");
        let e = puzzle(&format!(
            r#"{{"size":4,"grid":{grid},"killercage":[{{"cells":["R1C1","R5C1"],"value":"3"}}]}}"#
        ))
        .unwrap_err();
        assert_eq!(e, "killercage 1: R5C1 is outside the 4x4 grid");
        let e =
            puzzle(&format!(r#"{{"size":4,"grid":{grid},"sandwichsum":[{{"cell":"R0C0","value":"3"}}]}}"#))
                .unwrap_err();
        assert!(e.starts_with("sandwichsum 1: R0C0 is not beside a row or column"), "{e}");
    }

    #[test]
    fn a_pill_reads_left_to_right_or_down_whatever_order_its_cells_are_listed_in() {
        // Picked right to left, bottom to top: the same arrows as in reading
        // order. A pill in pieces is still refused.
        let grid = r#"[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
        let arrow = |cells: &str, line: &str| {
            puzzle(&format!(
                r#"{{"size":4,"grid":{grid},"arrow":[{{"cells":[{cells}],"lines":[[{line}]]}}]}}"#
            ))
        };
        let circle = |r: Result<Read, String>| match &r.unwrap().puzzle.rules().constraints[0] {
            Constraint::Arrow(a) => a.circle.clone(),
            c => panic!("{c:?}"),
        };
        assert_eq!(circle(arrow(r#""R1C2","R1C1""#, r#""R1C1","R2C1""#)), vec![0, 1]);
        assert_eq!(circle(arrow(r#""R3C1","R2C1","R1C1""#, r#""R2C1","R2C2""#)), vec![0, 4, 8]);
        assert_eq!(circle(arrow(r#""R1C1","R1C2""#, r#""R1C1","R2C1""#)), vec![0, 1]);
        let e = arrow(r#""R1C3","R1C1""#, r#""R1C1","R2C1""#).unwrap_err();
        assert!(e.contains("not side by side"), "{e}");
    }

    #[test]
    fn cosmetic_keys_are_named_and_the_rest_read() {
        let grid = r#"[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"givenPencilMarks":[1,2]}]]"#;
        let r = puzzle(&format!(
            r#"{{"size":4,"title":"t","grid":{grid},"line":[{{"lines":[["R1C1","R1C2"]]}}],"antiknight":true,"killercage":[{{"cells":["R1C2","R1C3"],"value":"7"}}]}}"#
        ))
        .unwrap();
        assert_eq!(r.ignored, vec!["line (drawn without a rule in f-puzzles)".to_string()]);
        assert_eq!(r.puzzle.givens()[0], Some(0));
        assert_eq!(r.puzzle.rules().constraints.len(), 2);
        assert_eq!(r.puzzle.rules().candidates.as_ref().unwrap()[15], 0b11);
    }
}
