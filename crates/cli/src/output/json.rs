//! JSON Lines output: one object per record, in input order, as typed
//! structs serialized by serde (documented in `docs/output.md`). A refused
//! record is an object in its place with `"status": "error"`. Other
//! commands add their own statuses to [`Answer`].

use serde::Serialize;
use std::io::{self, Write};

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
    /// A budget (`--max-nodes`, `--timeout`) ran out: the answer is
    /// unknown.
    Unknown(Unknown),
    /// `count --estimate`: estimates from random probes.
    Estimate(EstimateLine),
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
    /// How many (up to the limit asked; the memo engine's counts may pass
    /// 2^64).
    pub count: u128,
    /// The solutions printed (none for `count` and `--unique` without one).
    pub solutions: Vec<Solution>,
    /// With `--best`: the cost of each solution listed, increasing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub costs: Option<Vec<u64>>,
}

/// A record whose budget ran out.
#[derive(Clone, Debug, Serialize)]
pub struct Unknown {
    /// Which budget ran out.
    pub budget: Spent,
    /// The nodes searched (the engine's own; DLX1's with `--stats`).
    pub nodes: u64,
    /// The solutions found before it ran out: a lower bound on the count.
    pub count_so_far: u128,
    /// The solutions listed before it ran out (`solve --all`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub solutions: Vec<Solution>,
}

/// Which budget ran out.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Spent {
    /// `--max-nodes`.
    Nodes,
    /// `--timeout`.
    Time,
}

/// A record's estimate (`count --estimate`).
#[derive(Clone, Debug, Serialize)]
pub struct EstimateLine {
    /// The figures.
    pub estimate: EstimateJson,
}

/// Knuth's random-probe estimate of one search tree.
#[derive(Clone, Debug, Serialize)]
pub struct EstimateJson {
    /// How many probes were run.
    pub probes: u64,
    /// Their seed.
    pub seed: u64,
    /// The estimated number of solutions.
    pub solutions: Approx,
    /// The estimated nodes of the full search (DLX1's).
    pub nodes: Approx,
    /// The 95% intervals; an end the sample cannot bound is `null`.
    pub interval: Intervals,
    /// How many probes ended at a solution (below 30, the solutions'
    /// interval is widened to what is certain).
    pub hits: u64,
    /// Whether the tree was small enough to be walked whole: the figures
    /// are then exact counts.
    pub exact: bool,
}

/// The 95% intervals of an estimate, `[low, high]`.
#[derive(Clone, Debug, Serialize)]
pub struct Intervals {
    /// Of the solutions.
    pub solutions: [Option<Approx>; 2],
    /// Of the nodes.
    pub nodes: [Option<Approx>; 2],
}

/// A figure of an estimate, written as a whole number (rounded) while it
/// fits one exactly (below 2^53), and as a float above.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Approx(pub f64);

impl Serialize for Approx {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let x = self.0.round();
        if x.is_finite() && x.abs() < 9_007_199_254_740_992.0 {
            s.serialize_i64(x as i64)
        } else {
            s.serialize_f64(self.0)
        }
    }
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

/// One solution of `solve --all --output json`, written the moment it is
/// found (so a listing streams: memory stays flat, and Ctrl-C leaves every
/// line written whole); the record's own line follows its solutions, with
/// the status and the count, and `"solutions": []`.
#[derive(Clone, Debug, Serialize)]
pub struct SolutionLine<'a> {
    /// The record's number in the run, from 1.
    pub index: u64,
    /// Where the record starts: `path:line`.
    pub source: &'a str,
    /// Always `"solution"` (a consumer that does not know it skips it).
    pub status: &'static str,
    /// The solution's number within its record, from 1.
    pub k: u64,
    /// The solution, as the record line's `solutions` would hold it.
    pub solution: Solution,
}

impl SolutionLine<'_> {
    /// The object as one line of JSON (with its newline).
    pub fn to_line(&self) -> String {
        let mut s = serde_json::to_string(self).expect("output objects serialize");
        s.push('\n');
        s
    }
}

/// The lines of one record's listing in JSON Lines, written straight to
/// the output: byte for byte what [`SolutionLine`] serializes to, with the
/// record's part (`{"index":..,"source":..,"status":"solution","k":`) made
/// once and a grid's string copied as it is when it needs no escaping (a
/// listing of 28 million grids spent a third of its time building lines).
pub struct ListingLines {
    head: Vec<u8>,
}

impl ListingLines {
    /// The lines of record `index`, which starts at `source`.
    pub fn new(index: u64, source: &str) -> ListingLines {
        let mut head = format!("{{\"index\":{index},\"source\":").into_bytes();
        serde_json::to_writer(&mut head, source).expect("a string serializes");
        head.extend_from_slice(b",\"status\":\"solution\",\"k\":");
        ListingLines { head }
    }

    /// Writes solution `k`, a grid laid out as a string.
    pub fn grid(&self, out: &mut dyn Write, k: u64, grid: &str) -> io::Result<()> {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut v = k;
        loop {
            at -= 1;
            digits[at] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        out.write_all(&self.head)?;
        out.write_all(&digits[at..])?;
        out.write_all(b",\"solution\":")?;
        if grid.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
            out.write_all(b"\"")?;
            out.write_all(grid.as_bytes())?;
            out.write_all(b"\"")?;
        } else {
            serde_json::to_writer(&mut *out, grid)?;
        }
        out.write_all(b"}\n")
    }
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
        let unknown = RecordLine {
            index: 3,
            source: "a.txt:5".into(),
            note: None,
            answer: Answer::Unknown(Unknown {
                budget: Spent::Nodes,
                nodes: 10_001,
                count_so_far: 17,
                solutions: Vec::new(),
            }),
            stats: None,
        };
        assert_eq!(
            unknown.to_line(),
            "{\"index\":3,\"source\":\"a.txt:5\",\"status\":\"unknown\",\"budget\":\"nodes\",\"nodes\":10001,\"count_so_far\":17}\n"
        );
        let estimate = RecordLine {
            index: 1,
            source: "q.dlx:1".into(),
            note: None,
            answer: Answer::Estimate(EstimateLine {
                estimate: EstimateJson {
                    probes: 100,
                    seed: 0,
                    solutions: Approx(12.4),
                    nodes: Approx(3.5e20),
                    interval: Intervals {
                        solutions: [Some(Approx(0.0)), None],
                        nodes: [Some(Approx(2e20)), Some(Approx(4e20))],
                    },
                    hits: 3,
                    exact: false,
                },
            }),
            stats: None,
        };
        assert_eq!(
            estimate.to_line(),
            "{\"index\":1,\"source\":\"q.dlx:1\",\"status\":\"estimate\",\"estimate\":{\"probes\":100,\"seed\":0,\"solutions\":12,\"nodes\":3.5e+20,\"interval\":{\"solutions\":[0,null],\"nodes\":[2e+20,4e+20]},\"hits\":3,\"exact\":false}}\n"
        );
        // A listing's lines, written straight out, are what serde writes.
        for (source, grid, k) in [
            ("a.txt:3", "EFCBDAACED", 1u64),
            ("dir \"q\"\\x.txt:12", "1.2\\3\"4", 28_200_960),
            ("<stdin>:1", "é ü\t\u{1}", u64::MAX),
            ("b.txt:9", "", 10),
        ] {
            let serde = SolutionLine {
                index: 7,
                source,
                status: "solution",
                k,
                solution: Solution::Grid(grid.into()),
            };
            let mut fast = Vec::new();
            ListingLines::new(7, source).grid(&mut fast, k, grid).unwrap();
            assert_eq!(String::from_utf8(fast).unwrap(), serde.to_line());
        }
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
        /// A variant puzzle's constraints, one plain-text line each.
        #[serde(skip_serializing_if = "Option::is_none")]
        constraints: Option<Vec<String>>,
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
    /// The solutions counted (up to the limit; with `unknown`, those found
    /// before the budget ran out).
    pub solutions: u64,
    /// Whether there may be more: the count stopped at its limit, or the
    /// budget ran out (`unknown`).
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
