//! The table format: CSV or TSV, one puzzle a row, as the public
//! collections ship them (Kaggle's `quizzes,solutions`, `puzzle,solution`
//! and `id,puzzle,solution,clues,difficulty`). Fields are split by the
//! `csv` crate (quoting, empty fields, a delimiter inside quotes), never
//! by hand.
//!
//! A table is read by column: a header names the puzzle column (`puzzle`,
//! `quizzes`, `grid`, `question`, or `--column NAME`) and, if there is
//! one, the solution column (`solution`, `solutions`), kept as the note and
//! checked against the puzzle. Without a header, the first row decides:
//! the one field that is a whole puzzle (N² cells, N from 4) is the puzzle
//! column; when a second such field follows, full, it is the solution. A
//! row where the column does not hold a puzzle is refused naming its line
//! and the column: an id is never read as a 1x1 puzzle.

use reduce::verify;
use reduce::MAX_ORDER;

use super::puzzle::Puzzles;
use super::window::{is_blank, is_comment, is_marker, Parsed, Step, Window};
use crate::error::{InputError, Refusal};
use crate::record::{Body, Layout, Notice};

/// The header names of a puzzle column (compared without case).
const PUZZLE_NAMES: [&str; 7] = ["puzzle", "puzzles", "quizzes", "quiz", "grid", "question", "sudoku"];

/// The header names of a solution column.
const SOLUTION_NAMES: [&str; 4] = ["solution", "solutions", "answer", "answers"];

/// The delimiters a table may use, in the order they are tried.
const DELIMITERS: [u8; 3] = [b'\t', b',', b';'];

/// How a table's rows are read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Columns {
    delimiter: u8,
    /// The puzzle column, from 0.
    puzzle: usize,
    /// The solution column, if any.
    solution: Option<usize>,
    /// The header's line, when the table has one (skipped as a row).
    header: Option<usize>,
    /// How messages name the puzzle column.
    name: String,
}

/// The fields of one row, or why they do not split.
fn fields(line: &str, delimiter: u8) -> Result<Vec<String>, String> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(line.as_bytes());
    match r.records().next() {
        Some(Ok(rec)) => Ok(rec.iter().map(|f| f.trim().to_owned()).collect()),
        Some(Err(e)) => Err(e.to_string()),
        None => Ok(Vec::new()),
    }
}

/// The order of a field that is a whole puzzle: N² cells (N from 4), no
/// blank inside, not a word.
fn whole_puzzle(field: &str) -> Option<usize> {
    let len = field.chars().count();
    let n = reduce::order_of(len).filter(|&k| k >= 4)?;
    let wordy = field.chars().all(|c| c.is_ascii_lowercase());
    (!wordy && !field.contains(char::is_whitespace)).then_some(n)
}

/// Whether a field is a full grid: no blank cell.
fn full(field: &str) -> bool {
    !field.chars().any(|c| reduce::BLANKS.contains(&c) || "xX*-".contains(c))
}

/// The table that line `no` (the input's first content line) begins, if
/// it is one: a header naming the puzzle column (`column`, or one of the
/// usual names), or a row of which exactly one field is a whole puzzle
/// (two when the second is a full grid: the solution).
pub(crate) fn sniff(no: usize, line: &str, column: Option<&str>) -> Option<Columns> {
    for d in DELIMITERS {
        if !line.as_bytes().contains(&d) {
            continue;
        }
        let Ok(f) = fields(line, d) else { continue };
        if f.len() < 2 {
            continue;
        }
        let named = |names: &[&str]| f.iter().position(|x| names.iter().any(|n| x.eq_ignore_ascii_case(n)));
        let puzzle = match column {
            Some(c) => named(&[c]),
            None => named(&PUZZLE_NAMES),
        };
        if let Some(p) = puzzle {
            let solution = named(&SOLUTION_NAMES).filter(|&s| s != p);
            return Some(Columns { delimiter: d, puzzle: p, solution, header: Some(no), name: f[p].clone() });
        }
        let whole: Vec<usize> = (0..f.len()).filter(|&k| whole_puzzle(&f[k]).is_some()).collect();
        let columns = |puzzle: usize, solution: Option<usize>| Columns {
            delimiter: d,
            puzzle,
            solution,
            header: None,
            name: format!("field {}", puzzle + 1),
        };
        match whole[..] {
            [p] => return Some(columns(p, None)),
            [p, s] if f[p].len() == f[s].len() && full(&f[s]) && !full(&f[p]) => {
                return Some(columns(p, Some(s)))
            }
            _ => {}
        }
    }
    None
}

/// The table reader of one input: its columns once known.
#[derive(Default)]
pub(crate) struct TableReader {
    columns: Option<Columns>,
    /// The input is not a table (`--format table` on something else): its
    /// first line was refused, the rest is passed over.
    rejected: bool,
    /// `--column`.
    column: Option<String>,
}

impl TableReader {
    /// A table reader taking the puzzles from `column` when a header names
    /// it.
    pub(crate) fn new(column: Option<String>) -> TableReader {
        TableReader { columns: None, rejected: false, column }
    }

    /// Whether line `no`, an input's first content line, begins a table.
    pub(crate) fn begins(&self, no: usize, line: &str) -> bool {
        sniff(no, line, self.column.as_deref()).is_some()
    }

    /// The next row's record.
    pub(crate) fn next(&mut self, w: &Window<'_>, puzzles: &Puzzles, auto: bool) -> Step {
        if self.rejected {
            return if w.eof { Step::End(w.lines.len()) } else { Step::NeedMore(w.lines.len() + 1) };
        }
        let header = self.columns.as_ref().and_then(|c| c.header);
        // Blank lines, comments and, in a table without a header read as
        // detection chose, a count line or `0` end marker are passed over
        // (under a header, a row of one number is a broken row).
        let content = |(no, t): &(usize, Result<String, InputError>)| {
            Some(*no) != header
                && !matches!(t, Ok(t) if is_blank(t) || is_comment(t) || (auto && header.is_none() && is_marker(t)))
        };
        let Some(i) = w.lines.iter().position(content) else {
            return if w.eof { Step::End(w.lines.len()) } else { Step::NeedMore(w.lines.len() + 1) };
        };
        let (no, text) = &w.lines[i];
        let no = *no;
        let refuse =
            |message: String| Step::refused(i + 1, no, Refusal::new(no, InputError::Table { message }));
        let text = match text {
            Ok(t) => t,
            Err(e) => return Step::refused(i + 1, no, Refusal::new(no, e.clone())),
        };
        if self.columns.is_none() {
            match sniff(no, text, self.column.as_deref()) {
                Some(c) if c.header == Some(no) => {
                    self.columns = Some(c);
                    return self.next(w, puzzles, auto);
                }
                Some(c) => self.columns = Some(c),
                None => {
                    self.rejected = true;
                    let which = self.column.as_deref().map_or_else(
                        || "puzzle, quizzes, grid or question".to_string(),
                        |c| format!("{c:?} (--column)"),
                    );
                    return refuse(format!(
                        "not a table: no header names a puzzle column ({which}) and no field is a whole puzzle; the rest of the input is not read"
                    ));
                }
            }
        }
        let c = self.columns.as_ref().expect("known");
        Step::Record(i + 1, Box::new(row(no, text, c, puzzles, auto)))
    }
}

/// One row's record.
fn row(no: usize, text: &str, c: &Columns, puzzles: &Puzzles, auto: bool) -> Parsed {
    let refuse = |message: String| Parsed::new(no, Err(Refusal::new(no, InputError::Table { message })));
    let f = match fields(text, c.delimiter) {
        Ok(f) => f,
        Err(e) => return refuse(format!("the row does not split into fields: {e}")),
    };
    let Some(cells) = f.get(c.puzzle) else {
        let k = f.len();
        let fields = if k == 1 { "1 field".to_string() } else { format!("{k} fields") };
        return refuse(format!("{fields}: the puzzle column ({}) is missing", c.name));
    };
    let len = cells.chars().count();
    let least = if auto { 4 } else { 1 };
    let Some(n) = reduce::order_of(len).filter(|&k| k >= least) else {
        return refuse(format!(
            "{cells:?} in the puzzle column ({}) is not a puzzle: {len} cells, not N*N with N from {least} to {MAX_ORDER}",
            c.name
        ));
    };
    if !cells.is_ascii() {
        return refuse(format!("the puzzle column ({}) holds characters that are not symbols", c.name));
    }
    let column = text.find(cells.as_str()).map_or(1, |k| text[..k].chars().count() + 1);
    let body = puzzles.build_ascii(n, cells.as_bytes(), None, Layout::Line, no, column);
    let solution = c.solution.and_then(|s| f.get(s)).filter(|s| !s.is_empty());
    let note = match solution {
        Some(s) => Some(s.clone()),
        None => {
            let rest: Vec<&str> = f
                .iter()
                .enumerate()
                .filter(|&(k, x)| k != c.puzzle && !x.is_empty())
                .map(|(_, x)| x.as_str())
                .collect();
            (!rest.is_empty()).then(|| rest.join(&char::from(c.delimiter).to_string()))
        }
    };
    let mut notices = Vec::new();
    if let (Some(s), Ok(Body::Puzzle { puzzle, .. })) = (solution, &body) {
        let grid: Option<Vec<u8>> = s.chars().map(|ch| puzzle.alphabet().index(ch)).collect();
        let why = match grid {
            None => Some("it holds a character that is not a symbol".to_string()),
            Some(g) => verify::grid(puzzle, &g).err().map(|f| f.reason),
        };
        if let Some(why) = why {
            notices.push(Notice {
                line: no,
                text: format!("the solution column does not solve the puzzle: {why}"),
            });
        }
    }
    Parsed { first_line: no, note, notices, body }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_name_the_columns() {
        let c = sniff(1, "id,puzzle,solution,clues,difficulty", None).unwrap();
        assert_eq!((c.delimiter, c.puzzle, c.solution, c.header), (b',', 1, Some(2), Some(1)));
        let c = sniff(3, "quizzes\tsolutions", None).unwrap();
        assert_eq!((c.delimiter, c.puzzle, c.solution, c.header), (b'\t', 0, Some(1), Some(3)));
        let c = sniff(1, "a;Grid;b", None).unwrap();
        assert_eq!((c.delimiter, c.puzzle), (b';', 1));
        let c = sniff(1, "id,board,answer", Some("board")).unwrap();
        assert_eq!((c.puzzle, c.solution), (1, Some(2)));
        assert_eq!(sniff(1, "id,board,answer", None), None);
    }

    #[test]
    fn a_row_without_header_is_read_by_its_one_whole_puzzle() {
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let c = sniff(1, &format!("17,{p},hard"), None).unwrap();
        assert_eq!((c.puzzle, c.solution, c.header), (1, None, None));
        let s = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let c = sniff(1, &format!("{p};{s}"), None).unwrap();
        assert_eq!((c.puzzle, c.solution), (0, Some(1)));
        // Two puzzles with blanks: neither reading is clear.
        assert_eq!(sniff(1, &format!("{p},{p}"), None), None);
        // Comma-separated cells of a grid's row: no field is a puzzle.
        assert_eq!(sniff(1, "1,2,0,0,3,0,0,0,0", None), None);
        assert_eq!(sniff(1, "0", None), None);
    }
}
