//! SudokuPad's own format (`scl`, the data of `sudokupad.app/scl...`
//! links), read for what it states as rules: the givens (`cells` with a
//! `value`), the regions, killer cages (`cages` with `unique` digits and a
//! sum), and the global flags among its metadata (`antiknight`,
//! `antiking`, the diagonals, ...). Everything else in it is a drawing
//! (`lines`, `arrows`, `overlays`, `underlays`) whose rule only the
//! puzzle's text says: such a puzzle is refused, naming what it draws, so
//! that no rule is dropped unseen. Text metadata (`title: ...`, `rules:
//! ...`) is ignored.

use serde_json::Value;

use reduce::constraint::{self, Constraint, Diagonal, ExtraRegion, Killer, Negative, NegativeKind, Rules};
use reduce::{Alphabet, Puzzle, Regions, Shape, MAX_ORDER};

/// Metadata that is text for people (ignored).
const TEXT_META: [&str; 12] = [
    "title",
    "author",
    "rules",
    "solution",
    "msgcorrect",
    "msgincorrect",
    "customstyle",
    "source",
    "sourcelink",
    "rulesetlink",
    "puzzlelink",
    "video",
];

/// Reads an scl object (already unminified), or says what cannot be read.
pub(crate) fn read(v: &Value) -> Result<Puzzle, String> {
    let object = v.as_object().ok_or("SudokuPad data is not an object")?;
    let rows = object.get("cells").and_then(Value::as_array).ok_or("SudokuPad data without \"cells\"")?;
    let n = rows.len();
    if !(1..=MAX_ORDER).contains(&n) {
        return Err(format!("SudokuPad data of {n} rows"));
    }
    let mut givens = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| format!("cells row {} is not {n} cells: dance reads square grids", r + 1))?;
        for (c, cell) in row.iter().enumerate() {
            givens.push(given(cell, n).map_err(|e| format!("cell r{}c{}: {e}", r + 1, c + 1))?);
        }
    }
    let mut constraints = Vec::new();
    let mut shape = None;
    for (key, value) in object {
        let drawn = || value.as_array().map_or(0, Vec::len);
        match key.as_str() {
            "cells" | "id" | "cellSize" | "settings" | "duration" | "videos" | "title" => {}
            "regions" => {
                let (s, extra) = regions(n, value)?;
                shape = Some(s);
                constraints.extend(extra);
            }
            "cages" => cages(n, value, &mut constraints)?,
            "metadata" | "metaData" => meta(n, value, &mut constraints)?,
            "lines" | "arrows" | "overlays" | "underlays" if drawn() == 0 => {}
            "lines" | "arrows" | "overlays" | "underlays" => {
                return Err(format!(
                    "SudokuPad's data draws {} {key}, whose rules only the puzzle's text states: not read (open it from its f-puzzles form, or type its rules with --constraint)",
                    drawn()
                ))
            }
            other => return Err(format!("SudokuPad data key {other:?} is not read (the record is refused rather than solved without it)")),
        }
    }
    let shape = match shape {
        Some(s) => s,
        None => Shape::new(n, Regions::None).map_err(|e| e.to_string())?,
    };
    let alphabet = Alphabet::default_for(n).map_err(|e| e.to_string())?;
    let rules = Rules { constraints, candidates: None };
    Puzzle::new(shape, alphabet, givens).and_then(|p| p.with_rules(rules)).map_err(|e| e.to_string())
}

/// A cell's given, if it has one; its notes and colours are ignored.
fn given(cell: &Value, n: usize) -> Result<Option<u8>, String> {
    let Some(o) = cell.as_object() else { return Err(format!("{cell} is not an object")) };
    let mut out = None;
    for (key, v) in o {
        match key.as_str() {
            "value" => {
                let d = match v {
                    Value::Number(x) => x.as_u64(),
                    Value::String(s) => s.trim().parse().ok(),
                    _ => None,
                };
                out = Some(match d {
                    Some(d) if (1..=n as u64).contains(&d) => (d - 1) as u8,
                    _ => return Err(format!("value {v} is not a digit 1-{n}")),
                });
            }
            "pencilMarks" | "centremarks" | "pencilmarks" | "color" | "colour" | "highlight" | "given" => {}
            other => return Err(format!("field {other:?} is not read")),
        }
    }
    Ok(out)
}

/// A `[r, c]` pair (from 0) as a cell.
fn cell(v: &Value, n: usize) -> Result<usize, String> {
    let pair =
        v.as_array().filter(|a| a.len() == 2).ok_or_else(|| format!("{v} is not a cell [row, column]"))?;
    let (r, c) = (pair[0].as_u64(), pair[1].as_u64());
    match (r, c) {
        (Some(r), Some(c)) if (r as usize) < n && (c as usize) < n => Ok(r as usize * n + c as usize),
        _ => Err(format!("{v} is outside the {n}x{n} grid")),
    }
}

fn cells(v: &Value, n: usize) -> Result<Vec<usize>, String> {
    v.as_array().ok_or_else(|| format!("{v} is not a list of cells"))?.iter().map(|c| cell(c, n)).collect()
}

/// The regions: the grid's map when they tile it, extra regions otherwise.
fn regions(n: usize, v: &Value) -> Result<(Shape, Vec<Constraint>), String> {
    let list = v.as_array().ok_or("\"regions\" is not a list")?;
    let regions: Vec<Vec<usize>> = list
        .iter()
        .enumerate()
        .map(|(k, r)| cells(r, n).map_err(|e| format!("region {}: {e}", k + 1)))
        .collect::<Result<_, _>>()?;
    let mut owner = vec![None; n * n];
    let mut tiles = regions.len() == n;
    for (k, r) in regions.iter().enumerate() {
        tiles &= r.len() == n;
        for &c in r {
            tiles &= owner[c].is_none();
            owner[c] = Some(k);
        }
    }
    if tiles && owner.iter().all(Option::is_some) {
        const LABELS: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz*+";
        let map = owner.iter().map(|k| LABELS.chars().nth(k.expect("owned")).expect("N <= 64")).collect();
        return Ok((Shape::new(n, Regions::Map(map)).map_err(|e| e.to_string())?, Vec::new()));
    }
    let mut extra = Vec::new();
    for (k, r) in regions.into_iter().enumerate() {
        if r.len() > 1 {
            extra.push(ExtraRegion::new(n, r).map_err(|e| format!("region {}: {e}", k + 1))?.into());
        }
    }
    Ok((Shape::new(n, Regions::None).map_err(|e| e.to_string())?, extra))
}

/// Cages: killer cages (unique digits, a sum if stated), metadata (a
/// `key: value` text), and the hidden cage of cells in no region.
fn cages(n: usize, v: &Value, out: &mut Vec<Constraint>) -> Result<(), String> {
    let list = v.as_array().ok_or("\"cages\" is not a list")?;
    for (k, cage) in list.iter().enumerate() {
        let at = |e: String| format!("cage {}: {e}", k + 1);
        let o = cage.as_object().ok_or_else(|| at("not an object".into()))?;
        let cs = match o.get("cells") {
            Some(c) => cells(c, n).map_err(at)?,
            None => Vec::new(),
        };
        let value = o.get("value");
        let text = value.and_then(Value::as_str).unwrap_or("");
        if cs.is_empty() {
            // Metadata (`title: ...`), or nothing.
            if let Some((key, rest)) = text.split_once(':') {
                meta_flag(n, key.trim(), rest.trim(), out).map_err(at)?;
            }
            continue;
        }
        let unique = o.get("unique").and_then(Value::as_bool);
        let hidden = o.get("hidden").and_then(Value::as_bool).unwrap_or(false);
        if unique == Some(false) && hidden {
            continue; // cells in no region
        }
        let sum = match (o.get("sum"), value) {
            (Some(s), _) => Some(s.as_u64().ok_or_else(|| at(format!("sum {s} is not a number")))?),
            (None, Some(Value::Number(x))) => x.as_u64(),
            (None, Some(Value::String(s))) if !s.trim().is_empty() => Some(
                s.trim()
                    .parse()
                    .map_err(|_| at(format!("value {s:?}: not a sum, so its rule is not stated")))?,
            ),
            _ => None,
        };
        if o.contains_key("style") {
            return Err(at(format!("a cage drawn in style {}: its rule is not stated", o["style"])));
        }
        if unique != Some(true) && sum.is_none() {
            return Err(at("a cage without a sum or unique digits: its rule is not stated".into()));
        }
        let sum = sum.map(|s| u32::try_from(s).unwrap_or(u32::MAX));
        out.push(Killer::new(n, cs, sum).map_err(|e| at(e.reason))?.into());
    }
    Ok(())
}

/// The metadata object's flags.
fn meta(n: usize, v: &Value, out: &mut Vec<Constraint>) -> Result<(), String> {
    let o = v.as_object().ok_or("\"metadata\" is not an object")?;
    for (key, value) in o {
        let text = match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        meta_flag(n, key, &text, out)?;
    }
    Ok(())
}

/// One metadata entry: a global flag, text for people, or refused.
fn meta_flag(n: usize, key: &str, value: &str, out: &mut Vec<Constraint>) -> Result<(), String> {
    let key = key.to_ascii_lowercase();
    if TEXT_META.contains(&key.as_str()) {
        return Ok(());
    }
    let on = match value {
        "true" | "1" | "" => true,
        "false" | "0" => false,
        other => return Err(format!("metadata {key}: {other:?} is not read")),
    };
    let c: Constraint = match key.as_str() {
        "antiknight" => constraint::AntiKnight.into(),
        "antiking" => constraint::AntiKing.into(),
        "diagonal+" | "diagonal-" => Diagonal { positive: key == "diagonal+", n }.into(),
        "nonconsecutive" => Negative { kind: NegativeKind::Consecutive }.into(),
        other => {
            return Err(format!(
                "metadata {other:?} is not read (the record is refused rather than solved without it)"
            ))
        }
    };
    if on {
        out.push(c);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_regions_and_cages() {
        let v = crate::input::minified::parse(
            "{cells:[[{value:1},{},{},{}],[,,,],[,,,],[,,,]],regions:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],cages:[{cells:[[0,1],[0,2]],value:'7',unique:t},{value:'title: x'}],metadata:{antiknight:t}}",
        )
        .unwrap();
        let p = read(&v).unwrap();
        assert_eq!(p.givens()[0], Some(0));
        assert_eq!(p.rules().constraints.len(), 2);
        let drawn =
            crate::input::minified::parse("{cells:[[{}]],lines:[{wayPoints:[[0,0],[1,1]]}]}").unwrap();
        assert!(read(&drawn).unwrap_err().contains("draws 1 lines"));
    }
}
