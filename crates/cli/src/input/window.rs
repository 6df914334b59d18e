//! What every reader of a line-based format shares: the [`Window`] of
//! lines it is given, what it makes of them ([`Step`], a [`Parsed`]
//! record or a call for more lines), and the tests of a line that every
//! format skips or treats alike (blank, comment, title, grid-art
//! separator). Below the formats and detection; names none of them.

use super::line_reader::Line;
use crate::error::Refusal;
use crate::record::{Body, Notice};

/// Lines a reader looks at, and whether the input ends after them.
#[derive(Clone, Copy)]
pub(crate) struct Window<'a> {
    /// The lines held, numbered.
    pub lines: &'a [Line],
    /// Whether the input ends after them.
    pub eof: bool,
    /// Whether the whole input is there to read (a file): a reader may then
    /// look past a record without making a slow stream's answer wait.
    pub settled: bool,
}

/// A record as a reader returns it, before it has a path.
pub(crate) struct Parsed {
    /// The line it starts on.
    pub first_line: usize,
    /// The text after a line record's cells.
    pub note: Option<String>,
    /// What to tell of it before its answer.
    pub notices: Vec<Notice>,
    /// The record, or why it was refused.
    pub body: Result<Body, Refusal>,
}

impl Parsed {
    pub(crate) fn new(first_line: usize, body: Result<Body, Refusal>) -> Parsed {
        Parsed { first_line, note: None, notices: Vec::new(), body }
    }
}

/// What a reader makes of a window.
pub(crate) enum Step {
    /// A record that used this many lines of the window.
    Record(usize, Box<Parsed>),
    /// The window ends before the record does: look at this many lines.
    NeedMore(usize),
    /// The record is refused, but where it ends needs this many lines
    /// (detection counts it refused at once).
    Refusing(usize),
    /// Only blank lines and comments are left; they used this many lines.
    End(usize),
}

impl Step {
    pub(crate) fn refused(used: usize, first_line: usize, refusal: Refusal) -> Step {
        Step::Record(used, Box::new(Parsed::new(first_line, Err(refusal))))
    }
}

pub(crate) fn is_blank(s: &str) -> bool {
    s.trim().is_empty()
}

/// A comment line: its first non-blank character is `#`. A constraint
/// line (`killer 15 r1c1 r1c2`) is skipped as one too: the record before
/// it takes it (see `constraint_lines.rs`).
pub(crate) fn is_comment(s: &str) -> bool {
    s.trim_start().starts_with('#') || super::constraint_lines::is_constraint_line(s)
}

/// Whether a line may be a title before a puzzle (`Grid 01` in Project
/// Euler's file, `Puzzle 3: hard`, `Difficulty: hard`, `Rätsel 1`,
/// `[Puzzle]` in SudoCue's .sdk files, a CSV header `quizzes,solutions`):
/// two words or more (split at blanks and commas), or one in brackets, the
/// first a word of two or more letters (in any script; a `:` or `.` may end
/// it), one of them lowercase or of a script without case. The readers
/// skip such a line only where it does not read as what they expect (see
/// grid.rs, line.rs).
pub(crate) fn is_title(s: &str) -> bool {
    let s = s.trim();
    let bracketed = s.len() > 2 && s.starts_with('[') && s.ends_with(']');
    let inner = if bracketed { &s[1..s.len() - 1] } else { s };
    let mut words = inner.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty());
    let Some(first) = words.next() else { return false };
    let first = first.strip_suffix([':', '.']).unwrap_or(first);
    // A word like a puzzle's cells (16 characters or more with a digit or
    // a blank) makes the line no title: `Puzzle: 4.....8.5.3...` is a
    // puzzle with a label, refused rather than skipped.
    let cells_like =
        |w: &str| w.chars().count() >= 16 && w.contains(|c: char| c.is_ascii_digit() || ".?_*".contains(c));
    (bracketed || words.next().is_some())
        && (2..=24).contains(&first.chars().count())
        && first.chars().all(char::is_alphabetic)
        && first.chars().any(|c| c.is_lowercase() || (!c.is_ascii() && !c.is_uppercase()))
        && !inner.split(|c: char| c.is_whitespace() || c == ',').any(cells_like)
}

/// A grid-art separator line: only `- + | =`, box-drawing characters and
/// blanks (and `:` beside a `|`, as a Markdown delimiter row has).
pub(crate) fn is_separator(s: &str) -> bool {
    // A Markdown table's delimiter row may mark alignment with `:`.
    let colon = s.contains('|');
    !is_blank(s)
        && !is_blank_bar_row(s)
        && s.chars()
            .all(|c| "-+|=".contains(c) || is_box_drawing(c) || (colon && c == ':') || c.is_whitespace())
}

/// A row of empty cells between bars: `|   |   |   |   |` in a Markdown
/// table, `│   │   │   │   │` in box art: only vertical bars and blanks, at
/// least four parts, none wider than three characters (an art spacer line
/// `|       |       |` has wider parts and stays art).
pub(crate) fn is_blank_bar_row(s: &str) -> bool {
    let bar = |c: char| "|│┃║╎╏┆┇┊┋".contains(c);
    let t = s.trim();
    if !(t.starts_with(bar) && t.ends_with(bar) && t.chars().all(|c| bar(c) || c.is_whitespace())) {
        return false;
    }
    let parts: Vec<&str> = t.split(bar).collect();
    let inner = &parts[1..parts.len().saturating_sub(1).max(1)];
    inner.len() >= 4 && inner.iter().all(|p| p.chars().count() <= 3)
}

/// A box-drawing character (the U+2500 block: `┌ ─ ┬ │ ├ ┼ ║ ═ ┃ ━` ...),
/// grid art like `|`, `+` and `-`.
pub(crate) fn is_box_drawing(c: char) -> bool {
    ('\u{2500}'..='\u{257f}').contains(&c)
}

/// A count of the puzzles that follow (a number of up to six digits, no
/// leading zero), or the `0` that ends a batch: never read as a puzzle of
/// order 1 to 3 unless `--format line` asks. A longer line of digits (a
/// puzzle cut short) is refused as a record.
pub(crate) fn is_marker(t: &str) -> bool {
    let t = t.trim();
    (1..=6).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()) && (t == "0" || !t.starts_with('0'))
}

#[cfg(test)]
mod tests {
    use super::is_title;

    #[test]
    fn titles_in_any_language_and_script() {
        for t in [
            "Puzzle 1",
            "Difficulty: hard",
            "Grid 01",
            "[Puzzle]",
            "quizzes,solutions",
            "Rätsel 1",
            "Schwierigkeit: schwer",
            "Difficulté : difficile",
            "Сложность: трудно",
            "数独 4",
            "Übung. 3",
        ] {
            assert!(is_title(t), "{t:?} is a title");
        }
    }

    #[test]
    fn rows_and_single_words_are_no_titles() {
        for t in [
            "Puzzle",
            "1 2 3 4",
            "A B C D",
            "AB CD",
            "a. b. c. d.",
            "x. . 3 .",
            ". . . .",
            "é 1",
            "9: 12",
            "Puzzle: 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "Puzzle 1 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "Grid 0000000000000000",
            "αβγδεζηθικλμνξοπρστυφχψωαβγ 12",
            "Σ 1",
            "",
            "[]",
        ] {
            assert!(!is_title(t), "{t:?} is no title");
        }
    }
}
