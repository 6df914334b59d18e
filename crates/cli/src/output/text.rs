//! Text output: a filled grid in each [`Layout`] (the one place that writes
//! each layout; art is drawn by [`crate::render::art`]), a problem's
//! solution as its options, and DLX1's statistics line.

use std::io::{self, Write};

use dlx::Problem;
use reduce::Puzzle;

use crate::record::Layout;
use crate::render;

/// A filled grid (symbol indices, row by row) laid out in `layout`.
pub fn grid(puzzle: &Puzzle, grid: &[u8], layout: Layout) -> String {
    let n = puzzle.n();
    let a = puzzle.alphabet();
    if layout == Layout::Line {
        // An ASCII alphabet (the common case) byte by byte: a char at a
        // time costs a UTF-8 encoding each.
        if let Some(ascii) = ascii_table(puzzle).filter(|_| n <= reduce::MAX_ORDER) {
            let mut line = Vec::with_capacity(grid.len() + 1);
            line.extend(grid.iter().map(|&v| ascii[v as usize]));
            line.push(b'\n');
            if let Ok(line) = String::from_utf8(line) {
                return line;
            }
        }
    }
    if matches!(layout, Layout::Spaced | Layout::Grouped | Layout::Compact) {
        if let Some(s) = rows_ascii(puzzle, grid, layout) {
            return s;
        }
    }
    let mut s = String::with_capacity(2 * n * n + n + 1);
    match layout {
        Layout::Art { color } => {
            let picture = render::Picture::new(puzzle).with_solution(grid);
            match render::art(&picture, &render::Options { color, ..render::Options::default() }) {
                Ok(art) => {
                    s = art;
                    s.push('\n');
                }
                // A grid that does not fit the puzzle's givens (a
                // hand-written exact-cover document can decode to one)
                // cannot be drawn with its givens told apart: write it
                // spaced rather than not at all.
                Err(_) => return self::grid(puzzle, grid, Layout::Spaced),
            }
        }
        Layout::Line => {
            s.extend(grid.iter().map(|&v| a.char(v)));
            s.push('\n');
        }
        Layout::Compact => {
            for row in grid.chunks(n) {
                s.extend(row.iter().map(|&v| a.char(v)));
                s.push('\n');
            }
        }
        Layout::Spaced | Layout::Grouped | Layout::Integers => {
            for row in grid.chunks(n) {
                for (i, &v) in row.iter().enumerate() {
                    if i > 0 {
                        s.push(' ');
                    }
                    if layout == Layout::Integers {
                        s += &(v as usize + 1).to_string();
                    } else {
                        s.push(a.char(v));
                    }
                }
                s.push('\n');
            }
            if layout != Layout::Grouped {
                s.push('\n');
            }
        }
    }
    s
}

/// The byte of each symbol index when the alphabet is ASCII (a table of
/// every byte value: no bounds check in the loops); bytes past the
/// alphabet map to 0, which no alphabet holds.
fn ascii_table(puzzle: &Puzzle) -> Option<[u8; 256]> {
    let a = puzzle.alphabet();
    if !a.chars().iter().all(char::is_ascii) {
        return None;
    }
    let mut ascii = [0u8; 256];
    for (b, &c) in ascii.iter_mut().zip(a.chars()) {
        *b = c as u8;
    }
    Some(ascii)
}

/// [`grid`]'s rows (compact, spaced, grouped) byte by byte when the
/// alphabet is ASCII and every cell holds a symbol: `None` otherwise.
/// A listing writes millions of grids; a char at a time cost a UTF-8
/// encoding and a capacity check each.
fn rows_ascii(puzzle: &Puzzle, grid: &[u8], layout: Layout) -> Option<String> {
    let n = puzzle.n();
    if n == 0 || grid.len() != n * n {
        return None;
    }
    let ascii = ascii_table(puzzle)?;
    let spaced = layout != Layout::Compact;
    let mut out = Vec::with_capacity(if spaced { 2 * n * n + 1 } else { n * n + n });
    for row in grid.chunks_exact(n) {
        for (i, &v) in row.iter().enumerate() {
            if spaced && i > 0 {
                out.push(b' ');
            }
            out.push(ascii[v as usize]);
        }
        out.push(b'\n');
    }
    if layout == Layout::Spaced {
        out.push(b'\n');
    }
    if out.contains(&0) {
        return None;
    }
    String::from_utf8(out).ok()
}

/// A filled grid as one string of N² symbols (JSON output).
pub fn symbols(puzzle: &Puzzle, grid: &[u8]) -> String {
    let a = puzzle.alphabet();
    let chars = a.chars();
    // An ASCII alphabet byte by byte (a listing writes millions).
    if chars.iter().all(char::is_ascii) && grid.iter().all(|&v| (v as usize) < chars.len()) {
        if let Ok(s) = String::from_utf8(grid.iter().map(|&v| chars[v as usize] as u8).collect()) {
            return s;
        }
    }
    grid.iter().map(|&v| a.char(v)).collect()
}

/// The line that stands for "no solution" in a layout: `无解`, followed by
/// a blank line where grids are followed by one, so that blocks split on
/// blank lines.
pub fn no_solution(layout: Option<Layout>) -> &'static str {
    match layout {
        Some(Layout::Spaced | Layout::Integers | Layout::Art { .. }) => "无解\n\n",
        _ => "无解\n",
    }
}

/// Writes a solution of a problem: one option a line, as its item names.
pub fn options(out: &mut dyn Write, problem: &Problem, options: &[usize]) -> io::Result<()> {
    for &k in options {
        writeln!(out, "{}", problem.display_option(k))?;
    }
    Ok(())
}

/// DLX1's closing line, with the elapsed time.
pub fn stats_line(stats: &dlx::Stats, seconds: f64) -> String {
    format!(
        "Altogether {} solution{}, {} updates, {} nodes, {seconds:.4} s",
        stats.solutions,
        if stats.solutions == 1 { "" } else { "s" },
        stats.updates,
        stats.nodes
    )
}

/// A puzzle's givens laid out in `layout`, blanks as `.` (as `0` in the
/// integer layout): what `dance generate` writes, and what every puzzle
/// format reads back.
pub fn givens(puzzle: &Puzzle, layout: Layout) -> String {
    let n = puzzle.n();
    let a = puzzle.alphabet();
    let blank = if layout == Layout::Integers { '0' } else { '.' };
    let cell = |g: &Option<u8>| g.map_or(blank, |v| a.char(v));
    let mut s = String::with_capacity(2 * n * n + n + 1);
    match layout {
        Layout::Art { color } => {
            let picture = render::Picture::new(puzzle);
            match render::art(&picture, &render::Options { color, ..render::Options::default() }) {
                Ok(art) => {
                    s = art;
                    s.push('\n');
                }
                Err(_) => return givens(puzzle, Layout::Spaced),
            }
        }
        Layout::Line => {
            s.extend(puzzle.givens().iter().map(cell));
            s.push('\n');
        }
        Layout::Compact => {
            for row in puzzle.givens().chunks(n) {
                s.extend(row.iter().map(cell));
                s.push('\n');
            }
        }
        Layout::Spaced | Layout::Grouped | Layout::Integers => {
            for row in puzzle.givens().chunks(n) {
                for (i, g) in row.iter().enumerate() {
                    if i > 0 {
                        s.push(' ');
                    }
                    match (layout, g) {
                        (Layout::Integers, Some(v)) => s += &(*v as usize + 1).to_string(),
                        _ => s.push(cell(g)),
                    }
                }
                s.push('\n');
            }
            if layout != Layout::Grouped {
                s.push('\n');
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use reduce::{Alphabet, Shape};

    /// The byte path and the char path write the same rows.
    #[test]
    fn ascii_rows_are_the_char_rows() {
        let shape = Shape::default_for(4).unwrap();
        let sol: Vec<u8> = vec![0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0];
        for alphabet in [Alphabet::default_for(4).unwrap(), Alphabet::custom("wxyz").unwrap()] {
            let p = Puzzle::new(shape.clone(), alphabet.clone(), vec![None; 16]).unwrap();
            for layout in [Layout::Compact, Layout::Spaced, Layout::Grouped] {
                let mut want = String::new();
                for row in sol.chunks(4) {
                    let cells: Vec<String> = row.iter().map(|&v| alphabet.char(v).to_string()).collect();
                    want += &cells.join(if layout == Layout::Compact { "" } else { " " });
                    want.push('\n');
                }
                if layout == Layout::Spaced {
                    want.push('\n');
                }
                assert_eq!(rows_ascii(&p, &sol, layout).as_deref(), Some(want.as_str()));
                assert_eq!(grid(&p, &sol, layout), want);
            }
            let line: String = sol.iter().map(|&v| alphabet.char(v)).collect();
            assert_eq!(symbols(&p, &sol), line);
            // A cell past the alphabet is left to the char path.
            let mut bad = sol.clone();
            bad[5] = 9;
            assert_eq!(rows_ascii(&p, &bad, Layout::Spaced), None);
        }
    }
}
