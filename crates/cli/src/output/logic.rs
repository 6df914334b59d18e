//! What `explain`, `hint` and `rate` print: steps in words (text) or as
//! JSON Lines objects, and the closing line of each puzzle (its rating, or
//! why it has none), in the forms `docs/logic.md` and `docs/output.md`
//! document. Rows and columns count from 1 in words and from 0 in JSON;
//! symbols are written as the puzzle's alphabet writes them.

use std::fmt::Write as _;

use reduce::logic::{Candidate, Rating, Step, Unrated};
use reduce::Puzzle;
use serde::Serialize;

/// A candidate in JSON: row and column from 0, the symbol as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CandidateJson {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
    /// The symbol, as the puzzle's alphabet writes it.
    pub symbol: String,
}

/// One step, as a line of JSON.
#[derive(Clone, Debug, Serialize)]
pub struct StepLine {
    /// The puzzle's number in the run, from 1.
    pub index: u64,
    /// The step's number in the puzzle's solution, from 1.
    pub step: usize,
    /// The technique's name.
    pub technique: &'static str,
    /// The step in words, as the text output says it.
    pub text: String,
    /// The symbols it places.
    pub placements: Vec<CandidateJson>,
    /// The candidates it removes.
    pub eliminations: Vec<CandidateJson>,
}

/// The closing object of a puzzle.
#[derive(Clone, Debug, Serialize)]
pub struct VerdictLine<'a> {
    /// The puzzle's number in the run, from 1.
    pub index: u64,
    /// Where it starts: `path:line`.
    pub source: String,
    /// A line record's note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'a str>,
    /// The verdict, tagged by `"status"`.
    #[serde(flatten)]
    pub verdict: VerdictJson,
}

/// A puzzle's verdict, tagged by `"status"`.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum VerdictJson {
    /// The steps filled the grid.
    Solved {
        /// The rating.
        rating: RatingJson,
    },
    /// The steps stopped short of a puzzle with one solution.
    Stuck {
        /// The rating (level `beyond`).
        rating: RatingJson,
        /// Where the steps stopped: N² characters, `.` for an empty cell.
        grid: String,
        /// The candidates left in each cell, row by row, as the symbols in
        /// the alphabet's order (empty for a filled cell).
        candidates: Vec<String>,
    },
    /// No solution: no rating.
    None {
        /// Why, in words.
        reason: String,
    },
    /// More than one solution: no rating.
    Multiple {
        /// Why, in words.
        reason: String,
    },
    /// Whether the solution is unique is not known within the search's
    /// node budget: no rating.
    Unknown {
        /// Why, in words.
        reason: String,
        /// The budget that ran out.
        max_nodes: u64,
    },
}

/// A rating in JSON.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RatingJson {
    /// The level's name.
    pub level: &'static str,
    /// The score.
    pub score: u32,
    /// The hardest technique used (`trial and error` beyond logic, `none`
    /// for a full grid).
    pub hardest: &'static str,
    /// How many steps the logical solver took.
    pub steps: usize,
}

impl From<Rating> for RatingJson {
    fn from(r: Rating) -> RatingJson {
        RatingJson { level: r.level().name(), score: r.score(), hardest: r.hardest_name(), steps: r.steps() }
    }
}

/// One value as a line of JSON (with its newline).
pub fn json_line<T: Serialize>(value: &T) -> String {
    let mut s = serde_json::to_string(value).expect("output objects serialize");
    s.push('\n');
    s
}

fn candidates(puzzle: &Puzzle, list: &[Candidate]) -> Vec<CandidateJson> {
    let a = puzzle.alphabet();
    list.iter()
        .map(|c| CandidateJson { row: c.row, column: c.column, symbol: a.char(c.symbol).to_string() })
        .collect()
}

/// A step as a line of JSON.
pub fn step_json(puzzle: &Puzzle, index: u64, number: usize, step: &Step) -> String {
    json_line(&StepLine {
        index,
        step: number,
        technique: step.technique().name(),
        text: step.display(puzzle).to_string(),
        placements: candidates(puzzle, step.placements()),
        eliminations: candidates(puzzle, step.eliminations()),
    })
}

/// A rating in words: `easy 1560 (hidden single)`, the line `rate`
/// prints.
pub fn rating(r: &Rating) -> String {
    format!("{} {} ({})", r.level(), r.score(), r.hardest_name())
}

/// Why a puzzle has no rating, in words.
pub fn reason(why: &Unrated) -> String {
    match why {
        Unrated::Conflict(c) => format!("no solution: {c}"),
        Unrated::NoSolution => "no solution".into(),
        Unrated::MultipleSolutions => "more than one solution".into(),
        Unrated::Unknown { nodes } => {
            let s = if *nodes == 1 { "" } else { "s" };
            format!("unknown: the search for a second solution ran out of its budget of {nodes} node{s}")
        }
    }
}

/// The closing JSON of a puzzle without a rating.
pub fn unrated_json(why: &Unrated) -> VerdictJson {
    let reason = reason(why);
    match *why {
        Unrated::Conflict(_) | Unrated::NoSolution => VerdictJson::None { reason },
        Unrated::MultipleSolutions => VerdictJson::Multiple { reason },
        Unrated::Unknown { nodes } => VerdictJson::Unknown { reason, max_nodes: nodes },
    }
}

/// Where the steps stopped: the grid (`.` for an empty cell) and each
/// cell's candidates, as the JSON of a stuck puzzle gives them.
pub fn stuck_position(
    puzzle: &Puzzle,
    values: impl Iterator<Item = Option<u8>>,
    cands: &[u64],
) -> (String, Vec<String>) {
    let a = puzzle.alphabet();
    let grid = values.map(|v| v.map_or('.', |v| a.char(v))).collect();
    let cands = cands.iter().map(|&m| symbols(puzzle, m)).collect();
    (grid, cands)
}

/// The symbols of a mask, in the alphabet's order.
fn symbols(puzzle: &Puzzle, mut m: u64) -> String {
    let mut s = String::new();
    while m != 0 {
        s.push(puzzle.alphabet().char(m.trailing_zeros() as u8));
        m &= m - 1;
    }
    s
}

/// The pencil marks where the steps stopped, in text: one line per row, a
/// filled cell as its symbol, an empty one as its candidates, each column
/// padded to its widest cell. (A stuck board has no cell with one
/// candidate, so the two never look alike.)
pub fn pencil_marks(puzzle: &Puzzle, values: &[Option<u8>], cands: &[u64]) -> String {
    let n = puzzle.n();
    let a = puzzle.alphabet();
    let cells: Vec<String> = values
        .iter()
        .zip(cands)
        .map(|(v, &m)| match v {
            Some(v) => a.char(*v).to_string(),
            None => symbols(puzzle, m),
        })
        .collect();
    let width: Vec<usize> =
        (0..n).map(|c| (0..n).map(|r| cells[r * n + c].chars().count()).max().unwrap_or(1)).collect();
    let mut s = String::new();
    for r in 0..n {
        let mut line = String::new();
        for c in 0..n {
            if c > 0 {
                line.push_str("  ");
            }
            let _ = write!(line, "{:<w$}", cells[r * n + c], w = width[c]);
        }
        s.push_str("  ");
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use reduce::logic::{Logic, Verdict};
    use reduce::{Alphabet, Shape};

    fn puzzle(text: &str) -> Puzzle {
        let n = (text.len() as f64).sqrt() as usize;
        let a = Alphabet::default_for(n).unwrap();
        let givens = text.chars().map(|c| a.index(c)).collect();
        Puzzle::new(Shape::default_for(n).unwrap(), a, givens).unwrap()
    }

    #[test]
    fn a_step_reads_as_documented() {
        let p = puzzle("1.....2..3.....4");
        let mut logic = Logic::new(p.shape());
        let (step, verdict) = logic.hint(&p);
        assert!(matches!(verdict, Verdict::Solved(_)));
        let step = step.expect("a first step");
        let line = step_json(&p, 3, 1, &step);
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["index"], 3);
        assert_eq!(v["step"], 1);
        assert_eq!(v["technique"], step.technique().name());
        assert_eq!(v["text"], step.display(&p).to_string());
        let placed = &step.placements()[0];
        assert_eq!(v["placements"][0]["row"], placed.row);
        assert_eq!(v["placements"][0]["symbol"], p.alphabet().char(placed.symbol).to_string());
    }

    #[test]
    fn pencil_marks_pad_columns() {
        let p = Puzzle::new(
            Shape::new(2, reduce::Regions::None).unwrap(),
            Alphabet::default_for(2).unwrap(),
            vec![None; 4],
        )
        .unwrap();
        let values = [Some(0), None, Some(1), None];
        let cands = [0, 0b11, 0, 0b11];
        assert_eq!(pencil_marks(&p, &values, &cands), "  1  12\n  2  12\n");
        let (grid, list) = stuck_position(&p, values.into_iter(), &cands);
        assert_eq!(grid, "1.2.");
        assert_eq!(list, ["", "12", "", "12"]);
    }
}
