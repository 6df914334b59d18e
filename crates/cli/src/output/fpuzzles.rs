//! A puzzle written for f-puzzles and SudokuPad: the f-puzzles JSON object
//! (`export --to fpuzzles`), its link (`--link`: LZ-string base64 of the
//! compact JSON, as f-puzzles writes it, which SudokuPad opens too), and
//! the plain-text form (`export --to text`: the puzzle as a line record
//! and one constraint a line, as `reduce::constraint::text` writes them).
//! Each reads back, through the same readers, to the same puzzle.

use serde_json::{json, Map, Value};

use reduce::constraint::{self, rc, Constraint, NegativeKind, Parity};
use reduce::{Puzzle, Regions, Shape};

/// `"R3C5"`, rows and columns from 1.
fn cell_id(n: usize, cell: usize) -> Value {
    Value::String(format!("R{}C{}", cell / n + 1, cell % n + 1))
}

fn cells(n: usize, cs: &[usize]) -> Value {
    Value::Array(cs.iter().map(|&c| cell_id(n, c)).collect())
}

/// The f-puzzles region of each cell, when the grid's regions are not the
/// default boxes f-puzzles gives its size: an index, or null for none.
fn regions(puzzle: &Puzzle) -> Option<Vec<Value>> {
    let n = puzzle.n();
    let shape = puzzle.shape();
    let default = Shape::default_for(n).ok()?;
    if shape.regions() == default.regions() {
        return None;
    }
    Some((0..n * n).map(|c| shape.region(c).map_or(Value::Null, |k| json!(k))).collect())
}

/// The f-puzzles object of a puzzle: every given, candidate restriction,
/// region and constraint under the key f-puzzles gives it.
pub fn object(puzzle: &Puzzle, title: Option<&str>) -> Value {
    let n = puzzle.n();
    let rules = puzzle.rules();
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let regions = regions(puzzle);
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let i = r * n + c;
                        let mut cell = Map::new();
                        if let Some(v) = puzzle.givens()[i] {
                            cell.insert("value".into(), json!(v as u32 + 1));
                            cell.insert("given".into(), json!(true));
                        }
                        if let Some(m) = rules.candidates.as_ref().map(|m| m[i]).filter(|&m| m != all) {
                            let marks: Vec<u32> =
                                (0..n as u32).filter(|v| m & 1 << v != 0).map(|v| v + 1).collect();
                            cell.insert("givenPencilMarks".into(), json!(marks));
                        }
                        if let Some(rs) = &regions {
                            cell.insert("region".into(), rs[i].clone());
                        }
                        Value::Object(cell)
                    })
                    .collect(),
            )
        })
        .collect();
    let mut o = Map::new();
    o.insert("size".into(), json!(n));
    if let Some(t) = title {
        o.insert("title".into(), json!(t));
    }
    o.insert("grid".into(), Value::Array(grid));
    for c in &rules.constraints {
        add(&mut o, n, c);
    }
    Value::Object(o)
}

/// Appends an item to the list under `key`.
fn push(o: &mut Map<String, Value>, key: &str, item: Value) {
    let list = o.entry(key).or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(a) = list {
        a.push(item);
    }
}

fn line(n: usize, cs: &[usize]) -> Value {
    json!({ "lines": [cells(n, cs)] })
}

fn add(o: &mut Map<String, Value>, n: usize, c: &Constraint) {
    use Constraint as C;
    let key = c.key();
    match c {
        C::Killer(k) => {
            let mut item = json!({ "cells": cells(n, &k.cells) });
            if let Some(s) = k.sum {
                item["value"] = json!(s.to_string());
            }
            push(o, key, item);
        }
        C::Arrow(a) => {
            // The line leaves the circle from a cell touching the shaft.
            let first = a.shaft[0];
            let start = a
                .circle
                .iter()
                .copied()
                .find(|&c| {
                    let (r1, c1, r2, c2) = (c / n, c % n, first / n, first % n);
                    r1.abs_diff(r2) <= 1 && c1.abs_diff(c2) <= 1
                })
                .unwrap_or(a.circle[0]);
            let mut l = vec![start];
            l.extend(&a.shaft);
            push(o, key, json!({ "cells": cells(n, &a.circle), "lines": [cells(n, &l)] }));
        }
        C::DoubleArrow(x) => push(o, key, line(n, &x.cells)),
        C::RegionSumLine(x) => push(o, key, line(n, &x.cells)),
        C::Zipper(x) => push(o, key, line(n, &x.cells)),
        C::Thermometer(x) => push(o, key, line(n, &x.cells)),
        C::Palindrome(x) => push(o, key, line(n, &x.cells)),
        C::Renban(x) => push(o, key, line(n, &x.cells)),
        C::Between(x) => push(o, key, line(n, &x.cells)),
        C::Entropic(x) => push(o, key, line(n, &x.cells)),
        C::Modular(x) => push(o, key, line(n, &x.cells)),
        C::Whispers(w) => push(o, key, json!({ "lines": [cells(n, &w.cells)], "value": w.min.to_string() })),
        C::Lockout(l) => push(o, key, json!({ "lines": [cells(n, &l.cells)], "value": l.min.to_string() })),
        C::LittleKiller(l) => push(
            o,
            key,
            json!({
                "cell": format!("R{}C{}", l.clue.row, l.clue.col),
                "direction": l.direction.name(),
                "value": l.sum.to_string(),
                "cells": cells(n, &l.cells),
            }),
        ),
        C::Sandwich(s) => outside(o, key, s.side.position(n), s.sum),
        C::XSum(s) => outside(o, key, s.side.position(n), s.sum),
        C::Skyscraper(s) => outside(o, key, s.side.position(n), s.count),
        C::Difference(d) => {
            let mut item = json!({ "cells": cells(n, &[d.a, d.b]) });
            if d.diff != 1 {
                item["value"] = json!(d.diff.to_string());
            }
            push(o, key, item);
        }
        C::Ratio(r) => {
            let mut item = json!({ "cells": cells(n, &[r.a, r.b]) });
            if r.ratio != 2 {
                item["value"] = json!(r.ratio.to_string());
            }
            push(o, key, item);
        }
        C::Xv(x) => push(o, key, json!({ "cells": cells(n, &[x.a, x.b]), "value": x.letter().to_string() })),
        C::Negative(g) => match g.kind {
            NegativeKind::Consecutive => {
                o.insert("nonconsecutive".into(), json!(true));
            }
            NegativeKind::Ratio => push(o, "negative", json!("ratio")),
            NegativeKind::Xv => push(o, "negative", json!("xv")),
        },
        C::Parity(p) => push(
            o,
            if p.parity == Parity::Odd { "odd" } else { "even" },
            json!({ "cell": cell_id(n, p.cell) }),
        ),
        C::Extremum(e) => push(o, key, json!({ "cell": cell_id(n, e.cell) })),
        C::Quadruple(q) => push(o, key, json!({ "cells": cells(n, &q.cells), "values": q.digits })),
        C::Clone(x) => {
            push(o, key, json!({ "cells": cells(n, &x.cells), "cloneCells": cells(n, &x.clones) }))
        }
        C::ExtraRegion(x) => push(o, key, json!({ "cells": cells(n, &x.cells) })),
        C::Indexer(x) => push(o, key, json!({ "cells": cells(n, &x.cells) })),
        C::Diagonal(_) | C::DisjointGroups(_) | C::AntiKnight(_) | C::AntiKing(_) => {
            o.insert(key.into(), json!(true));
        }
    }
}

fn outside(o: &mut Map<String, Value>, key: &str, (r, c): (usize, usize), value: u32) {
    push(o, key, json!({ "cell": format!("R{r}C{c}"), "value": value.to_string() }));
}

/// The object as f-puzzles writes it: compact JSON, one line.
pub fn json_text(puzzle: &Puzzle, title: Option<&str>) -> String {
    object(puzzle, title).to_string()
}

/// The f-puzzles link of a puzzle (SudokuPad opens it too).
pub fn link(puzzle: &Puzzle, title: Option<&str>) -> String {
    format!("https://f-puzzles.com/?load={}", lz_str::compress_to_base64(json_text(puzzle, title).as_str()))
}

/// The plain-text form: the puzzle as a line record (its cells, and its
/// region map when it has one of its own), then one constraint a line.
/// A grid without regions whose order has boxes by default is written
/// with `regions none`.
pub fn text(puzzle: &Puzzle) -> String {
    let n = puzzle.n();
    let mut s: String = puzzle.render(puzzle.givens()).lines().collect();
    match puzzle.shape().regions() {
        Regions::Map(map) => {
            s.push(' ');
            s.extend(map.iter());
        }
        &Regions::Boxes { rows, cols } => {
            let default = Shape::default_for(n).ok();
            if default.is_none_or(|d| d.regions() != &Regions::Boxes { rows, cols }) {
                let map: String = (0..n * n)
                    .map(|c| puzzle.alphabet().char(puzzle.shape().region(c).unwrap_or(0) as u8))
                    .collect();
                s.push(' ');
                s.push_str(&map);
            }
        }
        Regions::None => {}
    }
    s.push('\n');
    if puzzle.shape().regions() == &Regions::None && Shape::default_for(n).is_ok_and(|d| d.has_regions()) {
        s.push_str("regions none\n");
    }
    let rules = puzzle.rules();
    if let Some(c) = &rules.candidates {
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for (cell, &m) in c.iter().enumerate().filter(|(_, &m)| m != all) {
            let symbols: String =
                (0..n as u8).filter(|v| m & 1 << v != 0).map(|v| puzzle.alphabet().char(v)).collect();
            s.push_str(&format!("candidates {} {symbols}\n", rc(n, cell)));
        }
    }
    for c in &rules.constraints {
        s.push_str(&constraint::text::write(n, c));
        s.push('\n');
    }
    s
}
