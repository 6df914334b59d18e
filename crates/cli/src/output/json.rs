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
    /// With `--best`: the cost of each solution listed, increasing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub costs: Option<Vec<u64>>,
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
            answer: Answer::Unique(Found {
                count: 1,
                solutions: vec![Solution::Grid("12".into())],
                costs: None,
            }),
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
