//! The json input format: the exchange document of `docs/schema.json`
//! ([`crate::schema`]), read whole. An option with no primary item is
//! dropped with a warning naming its line, as Knuth's format does.

use serde_json::value::RawValue;

use dlx::{Problem, ProblemBuilder};
use reduce::{Alphabet, Placement, Puzzle, Regions, Shape};

use super::Parsed;
use crate::record::{Body, InputError, Layout, Notice, PuzzleCover, Refusal};
use crate::schema::{Document, PlacementDoc, PuzzleDoc, RegionsDoc, FORMAT, VERSION};

/// The line (from 1) of byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    1 + text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count()
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
    match value.get("version").and_then(|v| v.as_u64()) {
        Some(VERSION) => {}
        _ => {
            return Err(err(format!(
                "unsupported schema version {}; this dance reads version {VERSION}",
                value.get("version").map_or("(none)".into(), |v| v.to_string())
            )))
        }
    }
    drop(value);
    let doc: Document<&RawValue> =
        serde_json::from_str(text).map_err(|e| err(format!("bad document: {e}")))?;
    let mut b = ProblemBuilder::new(doc.primary, doc.secondary).map_err(|e| err(e.to_string()))?;
    let base = text.as_ptr() as usize;
    let mut notices = Vec::new();
    for (k, raw) in doc.options.iter().enumerate() {
        let line = line_of(text, raw.get().as_ptr() as usize - base);
        let names: Vec<String> = serde_json::from_str(raw.get()).map_err(|e| {
            Refusal::new(line, InputError::JsonDocument { message: format!("options[{k}]: {e}") })
        })?;
        let before = b.warnings().len();
        b.add_option_names(&names).map_err(|e| {
            Refusal::new(line, InputError::JsonDocument { message: format!("options[{k}]: {e}") })
        })?;
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
    let placements = placements
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
    let layout = p.layout.as_deref().and_then(Layout::from_name).unwrap_or(Layout::Line);
    Ok(PuzzleCover { puzzle, placements, layout })
}
