//! The JSON exchange format (`docs/schema.json`), version 1:
//!
//! ```json
//! {"format": "exact-cover", "version": 1,
//!  "primary": ["p00", ...], "secondary": [], "options": [["p00", "r01", "c01", "b01"], ...],
//!  "puzzle": {"order": 9, "symbols": "123456789", "regions": {"kind": "boxes", "rows": 3, "cols": 3},
//!             "givens": "..53.....", "layout": "line"},
//!  "placements": [{"row": 0, "column": 0, "symbol": "1"}, ...]}
//! ```
//!
//! `puzzle` and `placements` are there only for an exported puzzle: what it
//! was, and what each option places where, so that a solution read back
//! prints as a grid again.

use serde::{Deserialize, Serialize};

use dlx::{Problem, ProblemBuilder};
use reduce::{Alphabet, Placement, Puzzle, Reduction, Regions, Shape};

use crate::input::{Body, InputError, Layout};

pub const FORMAT: &str = "exact-cover";
pub const VERSION: u64 = 1;

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    format: String,
    version: u64,
    primary: Vec<String>,
    #[serde(default)]
    secondary: Vec<String>,
    options: Vec<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    puzzle: Option<PuzzleDoc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    placements: Option<Vec<PlacementDoc>>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleDoc {
    order: usize,
    symbols: String,
    regions: RegionsDoc,
    givens: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    layout: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
enum RegionsDoc {
    Boxes { rows: usize, cols: usize },
    Map { labels: String },
    None,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlacementDoc {
    row: usize,
    column: usize,
    symbol: String,
}

/// A problem that came from a puzzle: enough to print its solutions as
/// grids.
#[derive(Clone, Debug)]
pub struct PuzzleCover {
    pub puzzle: Puzzle,
    pub placements: Vec<Placement>,
    pub layout: Layout,
}

impl PuzzleCover {
    /// The grid a solution fills in. A hand-written document whose options
    /// leave a cell empty gets the first symbol there rather than a panic.
    pub fn decode(&self, options: &[usize]) -> Vec<u8> {
        reduce::decode(&self.puzzle, &self.placements, options, 0)
    }
}

fn options_of(problem: &Problem) -> Vec<Vec<String>> {
    (0..problem.option_count())
        .map(|k| problem.display_option(k).to_string().split(' ').map(String::from).collect())
        .collect()
}

/// The JSON of a plain problem.
pub fn write_problem(problem: &Problem) -> String {
    let doc = Document {
        format: FORMAT.into(),
        version: VERSION,
        primary: problem.primary_names().to_vec(),
        secondary: problem.secondary_names().to_vec(),
        options: options_of(problem),
        puzzle: None,
        placements: None,
    };
    readable(&doc)
}

/// Writes a document readably: one field a line, one option (and one
/// placement) a line.
fn readable(doc: &Document) -> String {
    let j = |v: &dyn erased::Json| v.json();
    let mut s = String::from("{\n");
    s += &format!("  \"format\": {},\n  \"version\": {},\n", j(&doc.format), doc.version);
    s += &format!("  \"primary\": {},\n  \"secondary\": {},\n", j(&doc.primary), j(&doc.secondary));
    let lines = |items: Vec<String>| items.iter().map(|l| format!("    {l}")).collect::<Vec<_>>().join(",\n");
    s += &format!("  \"options\": [\n{}\n  ]", lines(doc.options.iter().map(|o| j(o)).collect()));
    if let Some(p) = &doc.puzzle {
        s += &format!(",\n  \"puzzle\": {}", j(p));
    }
    if let Some(pl) = &doc.placements {
        s += &format!(",\n  \"placements\": [\n{}\n  ]", lines(pl.iter().map(|p| j(p)).collect()));
    }
    s += "\n}";
    s
}

/// Serializing any of the document's parts on one line.
mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }

    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).expect("serializes")
        }
    }
}

/// The JSON of a puzzle's reduction.
pub fn write_puzzle(puzzle: &Puzzle, layout: Layout, r: &Reduction) -> String {
    let n = puzzle.n();
    let a = puzzle.alphabet();
    let regions = match puzzle.shape().regions() {
        &Regions::Boxes { rows, cols } => RegionsDoc::Boxes { rows, cols },
        Regions::Map(map) => RegionsDoc::Map { labels: map.iter().collect() },
        Regions::None => RegionsDoc::None,
    };
    let doc = Document {
        format: FORMAT.into(),
        version: VERSION,
        primary: r.problem.primary_names().to_vec(),
        secondary: r.problem.secondary_names().to_vec(),
        options: options_of(&r.problem),
        puzzle: Some(PuzzleDoc {
            order: n,
            symbols: a.chars().iter().collect(),
            regions,
            givens: puzzle.givens().iter().map(|g| g.map_or('.', |v| a.char(v))).collect(),
            layout: Some(layout.name().into()),
        }),
        placements: Some(
            r.placements
                .iter()
                .map(|p| PlacementDoc {
                    row: p.cell / n,
                    column: p.cell % n,
                    symbol: a.char(p.symbol).to_string(),
                })
                .collect(),
        ),
    };
    readable(&doc)
}

/// Reads a document.
pub fn read(text: &str) -> Result<Body, InputError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| InputError {
        line: e.line().max(1),
        column: Some(e.column().max(1)),
        message: format!("invalid JSON: {e}"),
    })?;
    let err = |m: String| InputError { line: 1, column: None, message: m };
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
    let doc: Document = serde_json::from_value(value).map_err(|e| err(format!("bad document: {e}")))?;
    let mut b = ProblemBuilder::new(doc.primary, doc.secondary).map_err(|e| err(e.to_string()))?;
    for (k, option) in doc.options.iter().enumerate() {
        b.add_option_names(option).map_err(|e| err(format!("options[{k}]: {e}")))?;
    }
    let (problem, warnings) = b.build_with_warnings();
    if !warnings.is_empty() {
        return Err(err("every option needs a primary item".into()));
    }
    let puzzle = match (doc.puzzle, doc.placements) {
        (None, None) => None,
        (Some(p), Some(placements)) => Some(read_puzzle(p, placements, &problem).map_err(err)?),
        _ => return Err(err("\"puzzle\" and \"placements\" come together".into())),
    };
    Ok(Body::Problem { problem, puzzle })
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
