//! The JSON exchange document (`docs/schema.json`), version 1, as typed
//! serde structs: what `dance export` writes ([`crate::output::export`]) and
//! what the json input format reads ([`crate::input`]'s json reader).
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

/// The document's `format`.
pub const FORMAT: &str = "exact-cover";
/// The schema version this build writes and reads.
pub const VERSION: u64 = 1;

/// The whole document. Options are kept raw when reading, so that a
/// message can name the line an option is on.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document<O> {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u64,
    /// The primary items' names.
    pub primary: Vec<String>,
    /// The secondary items' names.
    #[serde(default)]
    pub secondary: Vec<String>,
    /// The options, each a list of `item` or `item:color`.
    pub options: Vec<O>,
    /// The puzzle an exported document came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<PuzzleDoc>,
    /// What each option places where (with `puzzle`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placements: Option<Vec<PlacementDoc>>,
}

/// An exported puzzle.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleDoc {
    /// N.
    pub order: usize,
    /// The N symbols, in order.
    pub symbols: String,
    /// The regions.
    pub regions: RegionsDoc,
    /// N² characters: a symbol, or `.` for a blank.
    pub givens: String,
    /// How the puzzle was laid out (a `--layout` name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<String>,
}

/// A puzzle's regions.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum RegionsDoc {
    /// Boxes of `rows` x `cols`.
    Boxes {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
    },
    /// A map: N² labels, row by row.
    Map {
        /// The labels.
        labels: String,
    },
    /// No regions (a Latin square).
    None,
}

/// What one option places where.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementDoc {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
    /// The symbol placed.
    pub symbol: String,
}
