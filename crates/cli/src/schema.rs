//! The JSON exchange document (`docs/schema.json`), versions 1 and 2, as
//! typed serde structs: what `dance export` writes ([`crate::output::export`])
//! and what the json input format reads ([`crate::input`]'s json reader).
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
//!
//! Version 2 adds Knuth's multiplicities and costs (DLX3, DLX5): `"bounds"`
//! maps a primary item to `[lower, upper]` (items not named are covered
//! exactly once), and an option may be an object `{"items": [...], "cost":
//! n}` instead of a list of items (cost 0):
//!
//! ```json
//! {"format": "exact-cover", "version": 2,
//!  "primary": ["r0", "r1", "c0", "c1"], "secondary": [], "bounds": {"r0": [0, 1]},
//!  "options": [{"items": ["r0", "c0"], "cost": 3}, ["r1", "c1"]]}
//! ```
//!
//! A problem without bounds or costs is written as version 1, which every
//! reader of version 1 reads; both versions are read.

use serde::{Deserialize, Serialize};

/// The document's `format`.
pub const FORMAT: &str = "exact-cover";
/// The newest schema version, which this build reads, and writes for a
/// problem with bounds or costs.
pub const VERSION: u64 = 2;
/// The version of a problem without bounds or costs (every reader of
/// version 1 reads it).
pub const VERSION_PLAIN: u64 = 1;

/// The whole document. Options and bounds are kept raw when reading, so
/// that a message can name the line and column they are at.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document<O, B> {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u64,
    /// The primary items' names.
    pub primary: Vec<String>,
    /// The secondary items' names.
    #[serde(default)]
    pub secondary: Vec<String>,
    /// Version 2: the bounds of primary items, `{"name": [lower, upper]}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounds: Option<B>,
    /// The options, each a list of `item` or `item:color` (version 2: or
    /// an [`OptionDoc::Costed`] object).
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

/// An option: its items, or (version 2) its items and its cost.
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionDoc {
    /// `["a", "x:red"]`: the items, cost 0.
    Items(Vec<String>),
    /// `{"items": ["a", "x:red"], "cost": 3}`.
    Costed {
        /// The items.
        items: Vec<String>,
        /// The cost, a non-negative integer.
        cost: u64,
    },
}

/// A version 2 option object as read: the cost kept raw, so that a cost
/// that is not a non-negative integer is named as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostedRaw<'a> {
    /// The items.
    pub items: Vec<String>,
    /// The cost as written.
    #[serde(borrow)]
    pub cost: &'a serde_json::value::RawValue,
}

/// The entries of a JSON object in the order written, values raw, keys
/// repeated as often as they are: so that a bound can be named by its line
/// and a repeated item is not silently read as its last mention.
#[derive(Debug, Default)]
pub struct Entries<'a>(pub Vec<(String, &'a serde_json::value::RawValue)>);

impl<'de: 'a, 'a> Deserialize<'de> for Entries<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> serde::de::Visitor<'de> for Visit<'a> {
            type Value = Entries<'a>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Entries<'a>, M::Error> {
                let mut entries = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, &'de serde_json::value::RawValue>()? {
                    entries.push((k, v));
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}
