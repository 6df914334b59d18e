//! True candidates as `dance analyze --cap N` (and `analyze` of a variant
//! puzzle) writes them: a verdict line, a pencil-mark grid (each cell's
//! true candidates, boxes drawn where the grid has them), and with a cap
//! above 1 each open cell's counts; or one JSON object.

use std::fmt::Write as _;

use reduce::analyze::{Count, TrueCandidates};
use reduce::{Puzzle, Regions};
use serde::Serialize;

/// `r3c5` (rows and columns from 1).
fn rc(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// The symbols of a set, as characters of the puzzle's alphabet.
fn symbols(puzzle: &Puzzle, set: u64) -> String {
    (0..puzzle.n() as u8).filter(|&v| set & 1 << v != 0).map(|v| puzzle.alphabet().char(v)).collect()
}

/// The verdict: none, one, k, k or more, unknown.
fn verdict(count: Count) -> String {
    match count {
        Count::Exactly(0) => "no solution".into(),
        Count::Exactly(1) => "one solution".into(),
        Count::Exactly(k) => format!("{k} solutions"),
        Count::AtLeast(k) => format!("{k} or more solutions"),
        Count::Unknown(k) => format!("unknown: the search ran out of budget after {k} solution(s)"),
    }
}

/// The pencil-mark grid: each cell's true candidates (`.` for none),
/// padded to the widest; `|` and a rule between boxes.
pub fn pencil_marks(puzzle: &Puzzle, t: &TrueCandidates) -> String {
    let n = puzzle.n();
    let cells: Vec<String> = (0..n * n)
        .map(|c| {
            let s = symbols(puzzle, t.symbols(c) | t.unknown[c]);
            if s.is_empty() {
                ".".into()
            } else {
                s
            }
        })
        .collect();
    let width = cells.iter().map(|s| s.chars().count()).max().unwrap_or(1);
    let (band, stack) = match puzzle.shape().regions() {
        &Regions::Boxes { rows, cols } => (rows, cols),
        _ => (n, n),
    };
    let mut out = String::new();
    let mut rule = String::new();
    for r in 0..n {
        if r > 0 && r % band == 0 {
            if rule.is_empty() {
                let stacks: Vec<String> = (0..n / stack).map(|_| "-".repeat(stack * (width + 1))).collect();
                rule = stacks.join("+-");
                rule.pop();
            }
            let _ = writeln!(out, "  {rule}");
        }
        let mut line = String::from("  ");
        for c in 0..n {
            if c > 0 && c % stack == 0 {
                line += "| ";
            }
            let _ = write!(line, "{:<width$} ", cells[r * n + c]);
        }
        out += line.trim_end();
        out.push('\n');
    }
    out
}

/// The text report.
pub fn report(puzzle: &Puzzle, t: &TrueCandidates, source: &str) -> String {
    let n = puzzle.n();
    let mut s = format!("{source}: {}; true candidates", verdict(t.count));
    if t.cap > 1 {
        let _ = write!(s, ", each counted up to {}", t.cap);
    }
    s.push('\n');
    if t.count == Count::Exactly(0) {
        return s;
    }
    s += &pencil_marks(puzzle, t);
    for cell in 0..n * n {
        let (set, unknown) = (t.symbols(cell), t.unknown[cell]);
        if unknown != 0 {
            let _ = writeln!(s, "  {}: unknown (out of budget): {}", rc(n, cell), symbols(puzzle, unknown));
        }
        if t.cap > 1 && set.count_ones() > 1 {
            let counts: Vec<String> = (0..n)
                .filter(|&v| set & 1 << v != 0)
                .map(|v| {
                    let k = t.counts[cell * n + v];
                    let plus = if k == t.cap { "+" } else { "" };
                    format!("{}:{k}{plus}", puzzle.alphabet().char(v as u8))
                })
                .collect();
            let _ = writeln!(s, "  {} {}", rc(n, cell), counts.join(" "));
        }
    }
    s
}

/// One line of `dance analyze --cap N --output json`.
#[derive(Clone, Debug, Serialize)]
pub struct CandidatesLine<'a> {
    /// The record's number in the run, from 1.
    pub index: u64,
    /// Where it starts: `path:line`.
    pub source: String,
    /// A line record's note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'a str>,
    /// `unique`, `multiple`, `none` or `unknown` (the count).
    pub status: &'static str,
    /// The solutions counted (up to 1000).
    pub solutions: u64,
    /// Whether there may be more.
    pub more: bool,
    /// The cap of the counts: a count equal to it means "at least".
    pub cap: u64,
    /// Row by row, each cell's true candidates (`.` for none).
    pub grid: Vec<String>,
    /// Each cell with a candidate: its counts by symbol.
    pub cells: Vec<CandidateCell>,
}

/// One cell's true candidates and their counts.
#[derive(Clone, Debug, Serialize)]
pub struct CandidateCell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
    /// The symbols it holds in some solution.
    pub symbols: String,
    /// For each of them, in order, the solutions holding it (up to the cap).
    pub counts: Vec<u64>,
    /// Symbols whose search ran out of budget.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub unknown: String,
}

/// The JSON object (one line, with its newline).
pub fn json_line(
    puzzle: &Puzzle,
    t: &TrueCandidates,
    index: u64,
    source: String,
    note: Option<&str>,
) -> String {
    let n = puzzle.n();
    let line = CandidatesLine {
        index,
        source,
        note,
        status: match t.count {
            Count::Exactly(0) => "none",
            Count::Exactly(1) => "unique",
            Count::Unknown(_) => "unknown",
            _ => "multiple",
        },
        solutions: t.count.found(),
        more: !matches!(t.count, Count::Exactly(_)),
        cap: t.cap,
        grid: (0..n)
            .map(|r| {
                let cells: Vec<String> = (r * n..(r + 1) * n)
                    .map(|c| match symbols(puzzle, t.symbols(c)) {
                        s if s.is_empty() => ".".into(),
                        s => s,
                    })
                    .collect();
                cells.join(" ")
            })
            .collect(),
        cells: (0..n * n)
            .filter(|&c| t.symbols(c) | t.unknown[c] != 0)
            .map(|c| CandidateCell {
                row: c / n,
                column: c % n,
                symbols: symbols(puzzle, t.symbols(c)),
                counts: (0..n).filter(|&v| t.symbols(c) & 1 << v != 0).map(|v| t.counts[c * n + v]).collect(),
                unknown: symbols(puzzle, t.unknown[c]),
            })
            .collect(),
    };
    let mut s = serde_json::to_string(&line).expect("output objects serialize");
    s.push('\n');
    s
}
