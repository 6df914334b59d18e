//! The json input format: the exchange document of `docs/schema.json`
//! ([`crate::schema`]), versions 1 and 2, read whole. An option with no
//! primary item is dropped with a warning naming its line, as Knuth's
//! format does. Bounds and costs (version 2) that cannot be are refused
//! with the line and column of the value at fault.

use serde_json::value::RawValue;

use dlx::{Problem, ProblemBuilder};
use reduce::{Alphabet, Placement, Puzzle, Regions, Shape};

use super::window::Parsed;
use crate::error::{InputError, Refusal};
use crate::record::{Body, Layout, Notice, PuzzleCover};
use crate::schema::{
    CostedRaw, Document, Entries, PlacementDoc, PuzzleDoc, RegionsDoc, FORMAT, VERSION, VERSION_PLAIN,
};

/// The line (from 1) of byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    1 + text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count()
}

/// The line and column (from 1, in characters) where `raw`, a slice of
/// `text`, begins.
fn place_of(text: &str, raw: &RawValue) -> (usize, usize) {
    let offset = (raw.get().as_ptr() as usize - text.as_ptr() as usize).min(text.len());
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line_of(text, offset), before[line_start..].chars().count() + 1)
}

/// A refusal of the document at `raw`, by line and column.
fn refuse_at(text: &str, raw: &RawValue, message: String) -> Refusal {
    let (line, column) = place_of(text, raw);
    Refusal::at(line, column, InputError::JsonDocument { message })
}

/// Reads a cost as written: a non-negative integer.
fn cost_of(raw: &RawValue) -> Result<u64, String> {
    let written = raw.get();
    written.parse::<u64>().map_err(|_| match serde_json::from_str::<serde_json::Number>(written) {
        Ok(n) if n.as_i64().is_some_and(|v| v < 0) || written.starts_with('-') => {
            format!("cost {written} is negative (costs are non-negative integers)")
        }
        _ => format!("cost {written} is not a non-negative integer"),
    })
}

/// Reads a bound as written: `[lower, upper]`.
fn bound_of(raw: &RawValue) -> Option<(u32, u32)> {
    let [a, b]: [u32; 2] = serde_json::from_str(raw.get()).ok()?;
    Some((a, b))
}

/// Reads a document whose first line is `first` (earlier lines of `text`
/// are empty, so that line numbers hold).
pub(crate) fn read(text: &str, first: usize) -> Parsed {
    match document(text, first) {
        Ok((body, notices)) => Parsed { first_line: first, note: None, notices, body: Ok(body) },
        Err(r) => Parsed::new(first, Err(r)),
    }
}

fn document(text: &str, first: usize) -> Result<(Body, Vec<Notice>), Refusal> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        Refusal::at(e.line().max(1), e.column().max(1), InputError::Json { message: e.to_string() })
    })?;
    let err = |m: String| Refusal::new(first, InputError::JsonDocument { message: m });
    match value.get("format").and_then(|f| f.as_str()) {
        Some(FORMAT) => {}
        Some(other) => return Err(err(format!("\"format\" is {other:?}; expected {FORMAT:?}"))),
        None => return Err(err(format!("no \"format\" field; expected \"format\": {FORMAT:?}"))),
    }
    let version = match value.get("version").and_then(|v| v.as_u64()) {
        Some(v @ (VERSION_PLAIN | VERSION)) => v,
        _ => {
            return Err(err(format!(
                "unsupported schema version {}; this dance reads versions {VERSION_PLAIN} and {VERSION}",
                value.get("version").map_or("(none)".into(), |v| v.to_string())
            )))
        }
    };
    drop(value);
    let doc: Document<&RawValue, &RawValue> =
        serde_json::from_str(text).map_err(|e| err(format!("bad document: {e}")))?;
    let mut b = ProblemBuilder::new(doc.primary, doc.secondary).map_err(|e| err(e.to_string()))?;
    let v2 = |raw: &RawValue, what: &str| {
        refuse_at(text, raw, format!("{what} needs schema version {VERSION} (\"version\": {VERSION})"))
    };
    if let Some(raw) = doc.bounds {
        if version < VERSION {
            return Err(v2(raw, "\"bounds\""));
        }
        let Entries(entries) = serde_json::from_str(raw.get())
            .map_err(|_| refuse_at(text, raw, "\"bounds\" is not an object".into()))?;
        let mut seen = std::collections::HashSet::new();
        for (name, value) in entries {
            let at = |m: String| refuse_at(text, value, format!("bounds of {name:?}: {m}"));
            if !seen.insert(name.clone()) {
                return Err(at("given twice".into()));
            }
            let Some(item) = b.item(&name) else {
                return Err(at("there is no such item".into()));
            };
            let Some((lower, upper)) = bound_of(value) else {
                return Err(at(format!("{} is not [lower, upper], two non-negative integers", value.get())));
            };
            b.set_bounds(item, lower, upper).map_err(|e| refuse_at(text, value, e.to_string()))?;
        }
    }
    let mut notices = Vec::new();
    for (k, raw) in doc.options.iter().enumerate() {
        let (line, _) = place_of(text, raw);
        let bad = |m: String| refuse_at(text, raw, format!("options[{k}]: {m}"));
        let (names, cost) = if raw.get().starts_with('{') {
            if version < VERSION {
                return Err(v2(raw, &format!("options[{k}]: an option with a cost")));
            }
            let o: CostedRaw = serde_json::from_str(raw.get()).map_err(|e| bad(e.to_string()))?;
            let cost = cost_of(o.cost).map_err(|m| refuse_at(text, o.cost, format!("options[{k}]: {m}")))?;
            (o.items, cost)
        } else {
            let names: Vec<String> = serde_json::from_str(raw.get()).map_err(|e| bad(e.to_string()))?;
            (names, 0)
        };
        let before = b.warnings().len();
        let added = b.add_option_names(&names).map_err(|e| bad(e.to_string()))?;
        if let Some(option) = added {
            b.set_cost(option, cost).map_err(|e| bad(e.to_string()))?;
        }
        if b.warnings().len() > before {
            notices.push(Notice { line, text: format!("options[{k}] ignored (it has no primary item)") });
        }
    }
    let (problem, _) = b.build_with_warnings();
    let cover = match (doc.puzzle, doc.placements) {
        (None, None) => None,
        (Some(p), Some(placements)) => Some(read_puzzle(p, placements, &problem).map_err(err)?),
        _ => return Err(err("\"puzzle\" and \"placements\" come together".into())),
    };
    if cover.is_some() && !notices.is_empty() {
        return Err(err("an exported puzzle's options all have primary items".into()));
    }
    Ok((Body::Problem { problem, cover }, notices))
}

fn read_puzzle(
    p: PuzzleDoc,
    placements: Vec<PlacementDoc>,
    problem: &Problem,
) -> Result<PuzzleCover, String> {
    let n = p.order;
    let regions = match p.regions {
        RegionsDoc::Boxes { rows, cols } => Regions::Boxes { rows, cols },
        RegionsDoc::Map { labels } => Regions::Map(labels.chars().collect()),
        RegionsDoc::None => Regions::None,
    };
    let shape = Shape::new(n, regions).map_err(|e| format!("puzzle: {e}"))?;
    let alphabet = Alphabet::custom(&p.symbols).map_err(|e| format!("puzzle: {e}"))?;
    let givens: Vec<Option<u8>> = p
        .givens
        .chars()
        .map(|c| match alphabet.index(c) {
            Some(v) => Ok(Some(v)),
            None if c == '.' => Ok(None),
            None => Err(format!("puzzle: given {c:?} is not a symbol")),
        })
        .collect::<Result<_, _>>()?;
    let puzzle = Puzzle::new(shape, alphabet, givens).map_err(|e| format!("puzzle: {e}"))?;
    if placements.len() != problem.option_count() {
        return Err(format!("{} placements for {} options", placements.len(), problem.option_count()));
    }
    let placements: Vec<Placement> = placements
        .iter()
        .enumerate()
        .map(|(k, pl)| {
            let mut chars = pl.symbol.chars();
            let symbol = match (chars.next().and_then(|c| puzzle.alphabet().index(c)), chars.next()) {
                (Some(v), None) => v,
                _ => return Err(format!("placements[{k}]: {:?} is not a symbol", pl.symbol)),
            };
            if pl.row >= n || pl.column >= n {
                return Err(format!("placements[{k}]: row or column out of range"));
            }
            Ok(Placement { cell: pl.row * n + pl.column, symbol })
        })
        .collect::<Result<_, _>>()?;
    agree(&puzzle, &placements)?;
    let layout = p.layout.as_deref().and_then(Layout::from_name).unwrap_or(Layout::Line);
    Ok(PuzzleCover { puzzle, placements, layout })
}

/// Whether the givens and the options of an exported puzzle agree (a
/// document edited by hand may change one and not the other): no option
/// places a symbol in a given's cell other than the given, or beside a
/// given of the same symbol in its row, column or region; every blank
/// cell has an option. The first disagreement, named.
fn agree(puzzle: &Puzzle, placements: &[Placement]) -> Result<(), String> {
    let n = puzzle.n();
    let givens = puzzle.givens();
    let shape = puzzle.shape();
    let at = |cell: usize| format!("row {}, column {}", cell / n + 1, cell % n + 1);
    let sym = |v: u8| puzzle.alphabet().char(v);
    // Bit v of seen[unit]: a given v in that unit (rows, columns, regions).
    let mut seen = vec![0u64; 3 * n];
    let units = |cell: usize| [Some(cell / n), Some(n + cell % n), shape.region(cell).map(|k| 2 * n + k)];
    for (cell, g) in givens.iter().enumerate() {
        if let Some(v) = *g {
            units(cell).into_iter().flatten().for_each(|u| seen[u] |= 1 << v);
        }
    }
    let mut placed = vec![false; n * n];
    for (k, pl) in placements.iter().enumerate() {
        let (cell, v) = (pl.cell, pl.symbol);
        placed[cell] = true;
        let disagree = |why: String| {
            Err(format!(
                "the givens and the options disagree: placements[{k}] puts {} in {}, {why}",
                sym(v),
                at(cell)
            ))
        };
        match givens[cell] {
            Some(g) if g != v => return disagree(format!("where the given is {}", sym(g))),
            Some(_) => continue,
            None => {}
        }
        if let Some(u) = units(cell).into_iter().flatten().find(|&u| seen[u] & 1 << v != 0) {
            let unit = match u / n {
                0 => format!("row {}", u + 1),
                1 => format!("column {}", u - n + 1),
                _ => format!("region {}", u - 2 * n + 1),
            };
            return disagree(format!("but {unit} has that symbol as a given"));
        }
    }
    if let Some(cell) = (0..n * n).find(|&c| givens[c].is_none() && !placed[c]) {
        return Err(format!(
            "the givens and the options disagree: {} is blank and no option fills it",
            at(cell)
        ));
    }
    Ok(())
}
