//! Output: solutions laid out like their input, counts, JSON Lines, and the
//! statistics line. Everything goes through one buffered writer; a closed
//! pipe ends the run quietly.

use std::io::{self, Write};

use dlx::Problem;
use reduce::Puzzle;

use crate::input::Layout;

/// The line printed for a puzzle without a solution.
pub const NO_SOLUTION: &str = "无解";

/// A filled grid (symbol indices, row by row) as the answer shows it: in
/// `layout` for text, or, with `None`, as one string of N*N symbols (JSON).
pub fn grid(puzzle: &Puzzle, grid: &[u8], layout: Option<Layout>) -> String {
    let n = puzzle.n();
    let a = puzzle.alphabet();
    let mut line = String::with_capacity(2 * n * n + n);
    match layout {
        None => line.extend(grid.iter().map(|&v| a.char(v))),
        Some(Layout::Line) => {
            line.extend(grid.iter().map(|&v| a.char(v)));
            line.push('\n');
        }
        Some(Layout::Compact) => {
            for row in grid.chunks(n) {
                line.extend(row.iter().map(|&v| a.char(v)));
                line.push('\n');
            }
        }
        Some(layout @ (Layout::Spaced | Layout::Grouped)) => {
            for row in grid.chunks(n) {
                for (i, &v) in row.iter().enumerate() {
                    if i > 0 {
                        line.push(' ');
                    }
                    line.push(a.char(v));
                }
                line.push('\n');
            }
            if layout == Layout::Spaced {
                line.push('\n');
            }
        }
    }
    line
}

/// Writes a solution of a problem: one option a line, as its item names.
pub fn options(out: &mut impl Write, problem: &Problem, options: &[usize]) -> io::Result<()> {
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

/// Whether an I/O error means the reader went away (a closed pipe).
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}
