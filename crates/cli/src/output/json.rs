//! JSON Lines output: one object per record, in input order, as typed
//! structs serialized by serde (documented in `docs/output.md`). A refused
//! record is an object in its place with `"status": "error"`. Other
//! commands add their own statuses to [`Answer`].

use serde::Serialize;

/// One line of output: a record's answer.
#[derive(Clone, Debug, Serialize)]
pub struct RecordLine<'a> {
    /// The record's number in the run, from 1.
    pub index: u64,
    /// Where it starts: `path:line`.
    pub source: String,
    /// A line record's note (the text after its cells).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'a str>,
    /// What came of it.
    #[serde(flatten)]
    pub answer: Answer,
    /// DLX1's statistics (with `--stats`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsJson>,
}

/// What came of a record, tagged by `"status"`.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum Answer {
    /// A first solution (uniqueness not asked).
    Solved(Found),
    /// Exactly one solution.
    Unique(Found),
    /// Two or more (or the limit reached).
    Multiple(Found),
    /// No solution.
    None(Found),
    /// The record was refused.
    Error {
        /// The line of the error (0: the input as a whole).
        line: usize,
        /// The column, where it helps.
        #[serde(skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
        /// What is wrong.
        message: String,
    },
}

/// Solutions found.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Found {
    /// How many (up to the limit asked).
    pub count: u64,
    /// The solutions printed (none for `count` and `--unique` without one).
    pub solutions: Vec<Solution>,
}

/// A solution: a grid as N² symbols, or a problem's options as item names.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Solution {
    /// A filled grid, row by row.
    Grid(String),
    /// The options chosen, each as its item names.
    Options(Vec<String>),
}

/// DLX1's statistics of a record.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct StatsJson {
    /// Nodes of the search tree.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// Seconds spent.
    pub seconds: f64,
}

impl RecordLine<'_> {
    /// The object as one line of JSON (with its newline).
    pub fn to_line(&self) -> String {
        let mut s = serde_json::to_string(self).expect("output objects serialize");
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_read_as_documented() {
        let line = RecordLine {
            index: 2,
            source: "a.txt:3".into(),
            note: Some("Inkala 2012"),
            answer: Answer::Unique(Found { count: 1, solutions: vec![Solution::Grid("12".into())] }),
            stats: None,
        };
        assert_eq!(
            line.to_line(),
            "{\"index\":2,\"source\":\"a.txt:3\",\"note\":\"Inkala 2012\",\"status\":\"unique\",\"count\":1,\"solutions\":[\"12\"]}\n"
        );
        let err = RecordLine {
            index: 1,
            source: "a.txt:1".into(),
            note: None,
            answer: Answer::Error { line: 1, column: None, message: "80 cells".into() },
            stats: None,
        };
        assert_eq!(
            err.to_line(),
            "{\"index\":1,\"source\":\"a.txt:1\",\"status\":\"error\",\"line\":1,\"message\":\"80 cells\"}\n"
        );
    }
}

/// One line of `dance generate --output json`: a puzzle made, or why
/// none came.
#[derive(Clone, Debug, Serialize)]
pub struct GeneratedLine {
    /// The puzzle's number in the run, from 1.
    pub index: u64,
    /// What came of it.
    #[serde(flatten)]
    pub made: Made,
}

/// What came of one puzzle of `dance generate`, tagged by `"status"`.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum Made {
    /// A puzzle with one solution, minimal.
    Generated {
        /// The givens: N² symbols row by row, `.` blank.
        puzzle: String,
        /// The region map (jigsaw and other maps): N² labels row by row.
        #[serde(skip_serializing_if = "Option::is_none")]
        regions: Option<String>,
        /// The one solution.
        solution: String,
        /// The number of givens.
        clues: usize,
        /// The symmetry of the givens' pattern.
        symmetry: &'static str,
        /// The seed that makes this puzzle alone (`--seed` with it).
        seed: u64,
        /// The logical solver's rating.
        #[serde(skip_serializing_if = "Option::is_none")]
        rating: Option<GeneratedRating>,
    },
    /// The budget ran out first: whether a puzzle would have come is
    /// unknown.
    Unknown {
        /// The seed tried.
        seed: u64,
        /// What ran out.
        message: String,
    },
    /// No puzzle can be made (a region map with no full grid).
    None {
        /// The seed tried.
        seed: u64,
        /// Why.
        message: String,
    },
}

/// A rating, as `dance rate` gives it.
#[derive(Clone, Debug, Serialize)]
pub struct GeneratedRating {
    /// The level's name.
    pub level: &'static str,
    /// The score.
    pub score: u32,
    /// The hardest technique used.
    pub hardest: &'static str,
}

impl GeneratedLine {
    /// The object as one line of JSON (with its newline).
    pub fn to_line(&self) -> String {
        let mut s = serde_json::to_string(self).expect("output objects serialize");
        s.push('\n');
        s
    }
}

/// One line of `dance analyze --output json`.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisLine<'a> {
    /// The record's number in the run, from 1.
    pub index: u64,
    /// Where it starts: `path:line`.
    pub source: String,
    /// A line record's note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'a str>,
    /// `unique`, `multiple`, `none` or `unknown` (the count).
    pub status: &'static str,
    /// The solutions counted (up to the limit).
    pub solutions: u64,
    /// Whether the count stopped at its limit (there may be more).
    pub more: bool,
    /// The first two solutions found.
    pub grids: Vec<String>,
    /// The number of givens.
    pub clues: usize,
    /// The symmetries of the pattern of givens.
    pub symmetry: Vec<&'static str>,
    /// The clash between givens that leaves no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<String>,
    /// One solution: whether minimal (null when a test ran out of budget).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal: Option<Option<bool>>,
    /// One solution: the redundant givens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redundant: Option<Vec<AnalysisCell>>,
    /// One solution: givens whose test ran out of budget.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub undecided: Vec<AnalysisCell>,
    /// Two or more: the cells where the two solutions differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differ: Option<AnalysisDiffer>,
    /// Two or more: the true candidates of each empty cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<AnalysisCandidates>>,
    /// Two or more: a given to add.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggest: Option<AnalysisSuggest>,
}

/// A cell (rows and columns from 0) and, for a given, its symbol.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisCell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
    /// The symbol, for a given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symbol: Option<char>,
}

/// Where two solutions differ.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisDiffer {
    /// The cells.
    pub cells: Vec<AnalysisCell>,
    /// Whether no solution differs from the first on part of them only.
    pub minimal: bool,
}

/// The true candidates of an empty cell.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisCandidates {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
    /// The symbols it has in some solution.
    pub symbols: String,
    /// Symbols a search ran out of budget on.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub unknown: String,
}

/// A given to add.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisSuggest {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
    /// The symbol.
    pub symbol: char,
    /// The solutions left with it, when counted to the end.
    pub leaves: Option<u64>,
    /// Whether every solution was seen, so that no given leaves fewer.
    pub exact: bool,
}

impl AnalysisLine<'_> {
    /// The object as one line of JSON (with its newline).
    pub fn to_line(&self) -> String {
        let mut s = serde_json::to_string(self).expect("output objects serialize");
        s.push('\n');
        s
    }
}
