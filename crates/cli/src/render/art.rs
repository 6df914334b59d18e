//! Terminal art: the grid in Unicode box-drawing characters.
//!
//! Every line between two cells is light, except the lines on region
//! borders and around the grid, which are heavy; each crossing takes the
//! box-drawing character whose four arms match the lines that meet there
//! (Unicode has all 80 mixes of none, light and heavy). Every cell is the
//! width of the widest symbol plus a space on each side, so columns stay
//! aligned for any alphabet.
//!
//! Givens and filled cells: with colour on, givens are bold and filled
//! cells cyan (ANSI SGR 1 and 36); with colour off and a solution drawn,
//! givens are set in brackets (`[5]`) and filled cells plain. Empty cells
//! are blank; candidates are not drawn in art.
//!
//! Variant constraints have no box-drawing form. Art of a puzzle (no
//! solution drawn: `generate --layout art`) lists them after the grid, one
//! a line in the plain-text form `dance` reads (`killer 15 r1c1 r1c2`,
//! `candidates r2c3 129`), so the art never shows a variant as a plainer
//! puzzle than it is; `render` draws them. Art of an answer (a solution
//! drawn) shows the grid alone: the answer is complete without them.

use unicode_width::UnicodeWidthChar;

use super::{Mark, Options, Picture, RenderError};

/// The box-drawing character with arms up, right, down, left, each 0
/// (none), 1 (light) or 2 (heavy), at index `27 up + 9 right + 3 down + left`.
const CROSSINGS: [char; 81] = [
    ' ', '╴', '╸', '╷', '┐', '┑', '╻', '┒', '┓', '╶', '─', '╾', '┌', '┬', '┭', '┎', '┰', '┱', '╺', '╼', '━',
    '┍', '┮', '┯', '┏', '┲', '┳', '╵', '┘', '┙', '│', '┤', '┥', '╽', '┧', '┪', '└', '┴', '┵', '├', '┼', '┽',
    '┟', '╁', '╅', '┕', '┶', '┷', '┝', '┾', '┿', '┢', '╆', '╈', '╹', '┚', '┛', '╿', '┦', '┩', '┃', '┨', '┫',
    '┖', '┸', '┹', '┞', '╀', '╃', '┠', '╂', '╉', '┗', '┺', '┻', '┡', '╄', '╇', '┣', '╊', '╋',
];

const BOLD: &str = "\x1b[1m";
const CYAN: &str = "\x1b[36m";
const RESET: &str = "\x1b[0m";

/// The grid as terminal art, one line per text row, each ending in `\n`.
/// The label, if any, is not drawn (the caller prints its own headers).
pub fn art(picture: &Picture, options: &Options) -> Result<String, RenderError> {
    picture.check()?;
    let puzzle = picture.puzzle;
    let n = puzzle.n();
    let shape = puzzle.shape();
    let symbols = puzzle.alphabet().chars();
    let width = symbols.iter().map(|&c| c.width().unwrap_or(1)).max().unwrap_or(1).max(1);
    let same = |a: usize, b: usize| shape.region(a) == shape.region(b);
    // The weight of the vertical line left of column j in row r, and of
    // the horizontal line above row i in column c.
    let vertical = |r: usize, j: usize| -> usize {
        if j == 0 || j == n || !same(r * n + j - 1, r * n + j) {
            2
        } else {
            1
        }
    };
    let horizontal = |i: usize, c: usize| -> usize {
        if i == 0 || i == n || !same((i - 1) * n + c, i * n + c) {
            2
        } else {
            1
        }
    };
    let bracket = !options.color && picture.solution.is_some();
    let mut out = String::with_capacity((2 * n + 1) * (n * (width + 3) + 2) * 3);
    for i in 0..=n {
        // The line above row i.
        for j in 0..=n {
            let up = if i > 0 { vertical(i - 1, j) } else { 0 };
            let down = if i < n { vertical(i, j) } else { 0 };
            let left = if j > 0 { horizontal(i, j - 1) } else { 0 };
            let right = if j < n { horizontal(i, j) } else { 0 };
            out.push(CROSSINGS[27 * up + 9 * right + 3 * down + left]);
            if j < n {
                let bar = if right == 2 { '━' } else { '─' };
                out.extend(std::iter::repeat_n(bar, width + 2));
            }
        }
        out.push('\n');
        if i == n {
            break;
        }
        // Row i.
        for j in 0..=n {
            out.push(if vertical(i, j) == 2 { '┃' } else { '│' });
            if j == n {
                break;
            }
            let (symbol, given) = match picture.cell(i * n + j) {
                Mark::Given(v) => (Some(symbols[v as usize]), true),
                Mark::Filled(v) => (Some(symbols[v as usize]), false),
                Mark::Candidates(_) | Mark::Empty => (None, false),
            };
            let Some(c) = symbol else {
                out.extend(std::iter::repeat_n(' ', width + 2));
                continue;
            };
            let pad = width - c.width().unwrap_or(1).min(width);
            let (open, close) = if bracket && given { ('[', ']') } else { (' ', ' ') };
            out.push(open);
            match (options.color, given) {
                (true, true) => out.extend([BOLD, c.encode_utf8(&mut [0; 4]), RESET]),
                (true, false) => out.extend([CYAN, c.encode_utf8(&mut [0; 4]), RESET]),
                (false, _) => out.push(c),
            }
            out.extend(std::iter::repeat_n(' ', pad));
            out.push(close);
        }
        out.push('\n');
    }
    if picture.solution.is_none() {
        out.push_str(&rule_lines(puzzle));
    }
    Ok(out)
}

/// The puzzle's pencil marks and constraints, one a line, as `dance`
/// reads them.
fn rule_lines(puzzle: &reduce::Puzzle) -> String {
    let n = puzzle.n();
    let rules = puzzle.rules();
    let mut s = String::new();
    if let Some(marks) = &rules.candidates {
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for (cell, &m) in marks.iter().enumerate().filter(|(_, &m)| m & all != all) {
            let symbols: String =
                (0..n as u8).filter(|v| m & 1 << v != 0).map(|v| puzzle.alphabet().char(v)).collect();
            s.push_str(&format!("candidates {} {symbols}\n", reduce::constraint::rc(n, cell)));
        }
    }
    for c in &rules.constraints {
        s.push_str(&reduce::constraint::text::write(n, c));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use reduce::{Alphabet, Puzzle, Regions, Shape};

    #[test]
    fn crossings_have_the_arms_they_claim() {
        assert_eq!(CROSSINGS[9 + 3], '┌');
        assert_eq!(CROSSINGS[27 * 2 + 9 * 2 + 3 * 2 + 2], '╋');
        assert_eq!(CROSSINGS[27 + 9 * 2 + 3 + 2], '┿');
        assert_eq!(CROSSINGS[27 * 2 + 2], '┛');
        assert_eq!(CROSSINGS[27 + 3 * 2], '╽');
    }

    #[test]
    fn givens_are_bold_and_filled_cells_cyan_with_colour() {
        let shape = Shape::new(2, Regions::None).unwrap();
        let p =
            Puzzle::new(shape, Alphabet::default_for(2).unwrap(), vec![Some(0), None, None, None]).unwrap();
        let grid = [0, 1, 1, 0];
        let pic = Picture::new(&p).with_solution(&grid);
        let colour = art(&pic, &Options { color: true, ..Options::default() }).unwrap();
        assert!(colour.contains("┃ \x1b[1m1\x1b[0m │ \x1b[36m2\x1b[0m ┃"), "{colour}");
        let plain = art(&pic, &Options::default()).unwrap();
        assert_eq!(plain, "┏━━━┯━━━┓\n┃[1]│ 2 ┃\n┠───┼───┨\n┃ 2 │ 1 ┃\n┗━━━┷━━━┛\n");
    }

    #[test]
    fn a_variant_puzzles_constraints_follow_its_art() {
        let shape = Shape::default_for(4).unwrap();
        let p = Puzzle::new(shape, Alphabet::default_for(4).unwrap(), vec![None; 16]).unwrap();
        let line = "killer 3 r1c1 r1c2";
        let c = match reduce::constraint::text::parse(p.shape(), p.alphabet(), line).unwrap() {
            reduce::constraint::text::Item::Constraints(c) => c,
            other => panic!("{other:?}"),
        };
        let rules = reduce::constraint::Rules { constraints: c, candidates: None };
        let p = p.with_rules(rules).unwrap();
        let givens = art(&Picture::new(&p), &Options::default()).unwrap();
        assert!(givens.ends_with("┛\nkiller 3 r1c1 r1c2\n"), "{givens}");
        let grid = [0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0];
        let answer = art(&Picture::new(&p).with_solution(&grid), &Options::default()).unwrap();
        assert!(answer.ends_with("┛\n"), "{answer}");
    }

    #[test]
    fn wide_symbols_keep_columns_aligned() {
        let shape = Shape::new(2, Regions::None).unwrap();
        let p =
            Puzzle::new(shape, Alphabet::custom("甲b").unwrap(), vec![Some(0), Some(1), None, None]).unwrap();
        let text = art(&Picture::new(&p), &Options::default()).unwrap();
        assert_eq!(text, "┏━━━━┯━━━━┓\n┃ 甲 │ b  ┃\n┠────┼────┨\n┃    │    ┃\n┗━━━━┷━━━━┛\n");
    }
}
