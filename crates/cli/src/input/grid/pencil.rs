//! Pencil-mark grids: a 9x9 printed as the candidates of each cell (HoDoKu's
//! and Sudoku Explainer's print: nine groups of digits a row, `|` between
//! boxes, art lines of `. - : + '` or box-drawing between bands). Read as a
//! pencil-mark puzzle: each cell restricted to its marks, a cell with one
//! mark a given.

use reduce::constraint::Rules;

use crate::error::{InputError, Refusal, RowsError};
use crate::input::puzzle::Puzzles;
use crate::input::window::{is_blank, is_box_drawing, Parsed, Step, Window};
use crate::record::{Body, Layout};

/// An art line of a pencil-mark grid: `.---.`, `:---+---:`, `'---'`,
/// `*---*`, box-drawing rules.
fn art(t: &str) -> bool {
    !is_blank(t)
        && t.contains(|c: char| c == '-' || is_box_drawing(c))
        && t.chars().all(|c| ".-:+'|*=".contains(c) || is_box_drawing(c) || c.is_whitespace())
}

/// A row's candidate groups: nine tokens between blanks and bars, each
/// digits 1-9 in increasing order. `None` when the line is not such a row.
fn marks(t: &str) -> Option<Vec<u64>> {
    let tokens: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == '|' || is_box_drawing(c))
        .filter(|s| !s.is_empty())
        .collect();
    if tokens.len() != 9 {
        return None;
    }
    tokens
        .iter()
        .map(|tok| {
            let mut mask = 0u64;
            let mut last = 0;
            for b in tok.bytes() {
                if !(b'1'..=b'9').contains(&b) || b - b'0' <= last {
                    return None;
                }
                last = b - b'0';
                mask |= 1 << (b - b'1');
            }
            Some(mask)
        })
        .collect()
}

/// Reads a pencil-mark grid from line index `start`, when the lines there
/// are one (its first row has a group of two marks or more before any
/// other row ends the look); `None` otherwise, for the other readings.
pub(super) fn read(w: &Window<'_>, start: usize, puzzles: &Puzzles) -> Option<Step> {
    if puzzles.custom_symbols() {
        return None;
    }
    let first_no = w.lines[start].0;
    let mut rows: Vec<u64> = Vec::with_capacity(81);
    let mut j = start;
    loop {
        let Some((no, text)) = w.lines.get(j) else {
            if !w.eof {
                return Some(Step::NeedMore(j + 1));
            }
            break;
        };
        let Ok(t) = text else { break };
        if rows.len() == 81 {
            // The closing art line goes with the grid.
            if art(t) {
                j += 1;
            }
            break;
        }
        if art(t) {
            // Art before the first row: a line or two, not a run of rows
            // written with `-` and `.` blanks.
            if rows.is_empty() && j - start >= 3 {
                return None;
            }
            j += 1;
            continue;
        }
        match marks(t) {
            Some(m) => {
                // The first row decides: a pencil-mark grid has a group of
                // two marks or more in it.
                if rows.is_empty() && m.iter().all(|x| x.count_ones() == 1) {
                    return None;
                }
                rows.extend(m);
                j += 1;
            }
            None if rows.is_empty() => return None,
            None => {
                let e = RowsError::PencilRows { rows: rows.len() / 9 };
                return Some(Step::refused(j, first_no, Refusal::new(*no, e)));
            }
        }
    }
    if rows.len() < 81 {
        if rows.is_empty() {
            return None;
        }
        let e = RowsError::PencilRows { rows: rows.len() / 9 };
        return Some(Step::refused(j, first_no, Refusal::new(first_no, e)));
    }
    let givens: Vec<u8> = rows
        .iter()
        .map(|&m| if m.count_ones() == 1 { b'1' + m.trailing_zeros() as u8 } else { b'.' })
        .collect();
    let body =
        puzzles.build_ascii(9, &givens, None, Layout::Spaced, first_no, 1).and_then(|body| match body {
            Body::Puzzle { puzzle, layout } => puzzle
                .with_rules(Rules { constraints: Vec::new(), candidates: Some(rows) })
                .map(|puzzle| Body::Puzzle { puzzle, layout })
                .map_err(|e| Refusal::new(first_no, InputError::Grid(e))),
            other => Ok(other),
        });
    Some(Step::Record(j, Box::new(Parsed::new(first_no, body))))
}
