//! Format detection by parsing a window of the input. Each puzzle reading
//! (grouped, line, grid) parses the window record by record; Knuth's reading
//! parses it as one text. A reading is chosen only when the window parses
//! under it into complete records, in this order:
//!
//! 1. a first non-blank character `{` is JSON (nothing else starts so);
//! 2. the first of grouped, line, grid that parses every record of the
//!    window so far (a reading still waiting for the end of a record it
//!    has started is waited for; a reading with a refused record is out),
//!    except that
//!    the line reading waits for the grid reading while that one could
//!    still parse (lines of 16 to 64 characters are also rows of a 16x16 to
//!    64x64 grid): when both parse, the line reading wins (every line's
//!    symbols fit the small order); when only the grid parses but most
//!    lines read as line records, the two readings are ambiguous and the
//!    input is refused naming both;
//! 3. Knuth's format, when no puzzle reading parses and the window holds an
//!    item line and at least one option (a problem with no option line is
//!    never chosen);
//! 4. when every reading refuses a record, the whole window is read and a
//!    guess from the first lines picks the reading (a batch with a typo is
//!    still a batch); when the guessed reading reads no record but another
//!    refuses only the first record and lines the grid reading finds out
//!    of line with the whole puzzles around them (stray lines, a puzzle a
//!    row short), and reads the rest, that other reading is chosen and
//!    announced; otherwise the guess's refusals suggest `--format`.
//!
//! The window grows one needed line at a time, so the first record of a
//! slow stream is answered as soon as the decision is made; it stops at
//! the end of the input or at [`MAX_WINDOW`] lines.

use super::line_reader::{Line, LineReader};
use super::window::{is_blank, is_comment, is_title, Step, Window};
use super::{grid, is_variant_link, knuth_options_so_far, line, PuzzleReaders};
use crate::error::{InputError, Refusal, RowsError};
use crate::record::{Body, Format};

/// The most lines detection reads before it decides.
pub const MAX_WINDOW: usize = 4096;

/// What detection decided.
#[derive(Debug)]
pub(crate) enum Decision {
    /// A reading that parses; `announce` says it when it was not obvious.
    Chosen { format: Format, announce: Option<String> },
    /// No reading parses: a guess, whose refusals suggest `--format`.
    Guessed(Format),
    /// Two readings parse and the order does not settle it.
    Ambiguous(Refusal),
}

/// One puzzle reading tried on the window, and how far it got.
struct Trial {
    format: Format,
    /// Lines of the window consumed by complete records.
    pos: usize,
    good: usize,
    bad: usize,
    /// The line count the next record needs, when it is incomplete.
    need: Option<usize>,
    ended: bool,
    /// The first good record's order.
    order: Option<usize>,
    /// Where a record known to be refused, whose end is not known yet,
    /// starts (counted once).
    refusing: Option<usize>,
    /// A grouped reading's first record refused for its map, when the map
    /// has no more labels than N (a broken region map rather than the rows
    /// of a grid, whose digits and blank make more).
    broken_map: bool,
    /// The first record was refused (a junk first line, say).
    first_refused: bool,
    /// Refusals of lines the grid reading found out of line with the whole
    /// puzzles around them (stray lines, a puzzle a row short, rows where
    /// which is extra cannot be told).
    misaligned: usize,
    /// The grid reading: lines from `pos` up to here are blank, comments or
    /// art, skipped before any puzzle (looked at once, not again with each
    /// line a pipe adds).
    quiet_to: usize,
}

impl Trial {
    fn new(format: Format) -> Trial {
        Trial {
            format,
            pos: 0,
            good: 0,
            bad: 0,
            need: None,
            ended: false,
            order: None,
            refusing: None,
            broken_map: false,
            first_refused: false,
            misaligned: 0,
            quiet_to: 0,
        }
    }

    /// Whether the window holds the start of a record this reading has
    /// not finished: a reading is chosen only on complete records.
    fn partial(&self, lines: &[Line]) -> bool {
        self.need.is_some()
            && lines.get(self.pos..).is_some_and(|rest| {
                rest.iter().any(|(_, t)| !matches!(t, Ok(t) if is_blank(t) || is_comment(t)))
            })
    }

    /// Out of the running: a refused record, or no record at all.
    fn out(&self) -> bool {
        self.bad > 0 || (self.ended && self.good == 0)
    }

    /// Parses what the window holds beyond the records already counted.
    fn advance(&mut self, lines: &[Line], eof: bool, settled: bool, readers: &mut PuzzleReaders) {
        self.need = None;
        while !self.ended && self.good + self.bad < 256 {
            let skip = if self.format == Format::Grid {
                self.quiet_to = self.quiet_to.max(self.pos);
                self.quiet_to += grid::leading_skipped(&lines[self.quiet_to..]);
                self.quiet_to - self.pos
            } else {
                0
            };
            let w = Window { lines: &lines[self.pos + skip..], eof, settled };
            match readers.next(self.format, &w, true) {
                Step::Record(used, parsed) => {
                    let body = parsed.body;
                    let counted = self.refusing.take() == Some(self.pos);
                    self.pos += skip + used;
                    if counted {
                        // Refused when it began; now it is known what.
                        self.misaligned += matches!(&body, Err(r) if misaligned(&r.error)) as usize;
                        continue;
                    }
                    match body {
                        Ok(Body::Puzzle { puzzle, .. }) => {
                            self.good += 1;
                            self.order.get_or_insert(puzzle.n());
                        }
                        Ok(Body::Problem { .. }) => self.good += 1,
                        // A flag that does not fit (`--box 3x3` on 4x4
                        // puzzles) says nothing of the reading.
                        Err(r) if r.error.is_setting() => self.good += 1,
                        Err(r) => {
                            self.note_refusal(&w);
                            self.misaligned += misaligned(&r.error) as usize;
                            self.bad += 1
                        }
                    }
                }
                Step::NeedMore(k) => {
                    self.need = Some(self.pos + skip + k);
                    break;
                }
                Step::Refusing(k) => {
                    if self.refusing != Some(self.pos) {
                        self.note_refusal(&w);
                        self.refusing = Some(self.pos);
                        self.bad += 1;
                    }
                    self.need = Some(self.pos + skip + k);
                    break;
                }
                Step::End(_) => self.ended = true,
            }
        }
    }

    /// Notes whether the refused record is the first, and whether a grouped
    /// reading's first refusal is a broken map.
    fn note_refusal(&mut self, w: &Window<'_>) {
        if self.good + self.bad > 0 {
            return;
        }
        self.first_refused = true;
        if self.format != Format::Grouped {
            return;
        }
        // The refusal of the record at `w`'s start, read again whole.
        let first =
            w.lines.iter().find_map(|(_, t)| t.as_ref().ok().filter(|t| !is_blank(t) && !is_comment(t)));
        let Some(first) = first else { return };
        let n = first.trim().chars().count();
        let map: Vec<char> = w
            .lines
            .iter()
            .filter_map(|(_, t)| t.as_ref().ok())
            .filter(|t| !is_blank(t) && !is_comment(t))
            .take(n)
            .flat_map(|t| t.trim().chars())
            .collect();
        let mut labels = map.clone();
        labels.sort_unstable();
        labels.dedup();
        self.broken_map = map.len() == n * n && labels.len() <= n;
    }

    fn describe(&self) -> String {
        let n = self.order.unwrap_or(0);
        match self.format {
            Format::Line => format!("line records of {n}x{n} puzzles"),
            Format::Grid => format!("grids of {n}x{n}"),
            Format::Grouped => format!("grouped puzzles of {n}x{n}"),
            Format::Dlx => "a problem in Knuth's format".into(),
            Format::Json => "a JSON exact-cover document".into(),
            Format::Fpuzzles => "f-puzzles puzzles".into(),
            Format::Table => "a table of puzzles".into(),
        }
    }
}

/// Whether a refusal is of lines the grid reading found out of line with
/// the whole puzzles around them.
fn misaligned(e: &InputError) -> bool {
    matches!(
        e,
        InputError::Rows(
            RowsError::StrayLines { .. }
                | RowsError::ShortPuzzle { .. }
                | RowsError::LongPuzzle { .. }
                | RowsError::ShiftedRun { .. }
                | RowsError::UnclearRows { .. }
        )
    )
}

/// Knuth's reading of the window.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Knuth {
    /// No item line yet, or no option: could still parse.
    Waiting,
    /// An item line and at least one option parse.
    Parses,
    /// An error.
    Out,
}

fn knuth(lines: &[Line]) -> Knuth {
    let mut text = String::new();
    for (_, t) in lines {
        match t {
            Ok(t) => text.push_str(t),
            Err(_) => return Knuth::Out,
        }
        text.push('\n');
    }
    match knuth_options_so_far(&text) {
        None | Some(Ok(0)) => Knuth::Waiting,
        Some(Ok(_)) => Knuth::Parses,
        Some(Err(_)) => Knuth::Out,
    }
}

/// Decides the format of the input `reader` holds, reading as few lines
/// as the decision needs.
pub(crate) fn detect(reader: &mut LineReader, readers: &mut PuzzleReaders) -> Decision {
    let mut readings = [Trial::new(Format::Grouped), Trial::new(Format::Line), Trial::new(Format::Grid)];
    let mut w = 1;
    let settled = reader.is_settled();
    // How many lines of the window are known blank, and known blank or
    // comments: a run of them is looked at once, not again a line later
    // (100,000 blank lines took 17 s).
    let (mut blank, mut quiet) = (0, 0);
    loop {
        reader.fill(w);
        let (lines, eof) = reader.window();
        // A clear first line: `{` is JSON.
        let first = lines[blank..].iter().find(|(_, t)| !matches!(t, Ok(t) if is_blank(t)));
        blank = lines.len()
            - lines[blank..].iter().skip_while(|(_, t)| matches!(t, Ok(t) if is_blank(t))).count();
        match first {
            Some((_, Ok(t))) if t.trim_start().starts_with('{') => {
                return Decision::Chosen { format: Format::Json, announce: None }
            }
            // A link to a variant puzzle (f-puzzles, SudokuPad) or its data.
            Some((_, Ok(t))) if is_variant_link(t) => {
                return Decision::Chosen { format: Format::Fpuzzles, announce: None }
            }
            None if !eof => {
                w += 1;
                continue;
            }
            _ => {}
        }
        // A table: its first content line (past comments) is a header
        // naming the puzzle column, or a row of delimited fields exactly
        // one of which is a whole puzzle.
        let quiet_line = |(_, t): &&Line| matches!(t, Ok(t) if is_blank(t) || is_comment(t));
        let content = lines[quiet..].iter().find(|l| !quiet_line(l));
        quiet = lines.len() - lines[quiet..].iter().skip_while(quiet_line).count();
        match content {
            Some((no, Ok(t))) if readers.begins_table(*no, t) => {
                return Decision::Chosen { format: Format::Table, announce: None }
            }
            None if !eof => {
                w = lines.len() + 1;
                continue;
            }
            _ => {}
        }
        for r in readings.iter_mut() {
            r.advance(lines, eof, settled, readers);
        }
        let last = eof || lines.len() >= MAX_WINDOW;
        if let Some(d) = decide(&readings, || knuth(lines), last, lines) {
            return d;
        }
        // Grow to the fewest lines a waiting reading needs.
        let need = readings.iter().filter_map(|r| r.need).filter(|&k| k > lines.len()).min();
        w = need.unwrap_or(lines.len() + 1).max(lines.len() + 1);
    }
}

fn decide(
    readings: &[Trial; 3],
    knuth: impl FnOnce() -> Knuth,
    last: bool,
    lines: &[Line],
) -> Option<Decision> {
    let [grouped, line, grid] = readings;
    let mut knuth = Some(knuth);
    let mut knuth_state = None;
    let mut knuth_now = || *knuth_state.get_or_insert_with(|| (knuth.take().expect("once"))());
    for r in readings {
        if r.out() {
            continue;
        }
        if r.good == 0 {
            if last {
                continue;
            }
            return None;
        }
        if r.partial(lines) && !last {
            return None;
        }
        // A grid whose rows form a map of at most N labels, refused by the
        // grouped reading as a broken map: the line after it (a count, or
        // not) tells a broken grouped puzzle from a grid.
        if r.format == Format::Grid && grouped.broken_map && r.pos >= lines.len() && !last {
            return None;
        }
        // Lines of N² characters are also rows of an N²xN² grid: wait for
        // the grid reading; when both parse, the line reading wins.
        if r.format == Format::Line && !grid.out() && grid.good == 0 && !last {
            return None;
        }
        if r.format == Format::Grid && line.bad > 0 && line.good > line.bad {
            return Some(ambiguous(line, grid));
        }
        let others = readings.iter().any(|o| o.format != r.format && !o.out());
        let announce = (others || knuth_now() == Knuth::Parses)
            .then(|| format!("read as {} (--format {})", r.describe(), r.format.name()));
        return Some(Decision::Chosen { format: r.format, announce });
    }
    // No puzzle reading parses.
    match knuth_now() {
        Knuth::Parses => {
            let others = readings.iter().any(|o| o.good > 0);
            let announce = others.then(|| "read as a problem in Knuth's format (--format dlx)".to_string());
            return Some(Decision::Chosen { format: Format::Dlx, announce });
        }
        Knuth::Waiting if !last => return None,
        _ => {}
    }
    // Every reading refuses something: read the whole window, then guess
    // from the first lines which reading was meant (a batch with a typo is
    // still a batch). Its refusals suggest `--format` when it read nothing.
    if !last {
        return None;
    }
    // Knuth's reading is guessed only when it refuses: a lone line of
    // words with no option line (`Puzzle 1`) would read as a problem with
    // no solution, a silent wrong answer; the grid reading refuses it.
    let format = match guess(lines) {
        Format::Dlx if knuth_now() != Knuth::Out => Format::Grid,
        format => format,
    };
    // The guess reads nothing, but a reading refuses only the first record
    // (a stray first line before a batch) and lines it found out of line
    // with the whole puzzles around them (which only rows of whole puzzles
    // can be), and reads every other: that one.
    let one_stray = || {
        readings
            .iter()
            .filter(|r| {
                (r.good > 0 || r.misaligned > 0) && r.bad - r.misaligned <= usize::from(r.first_refused)
            })
            .max_by_key(|r| r.good)
    };
    let Some(r) = readings.iter().find(|r| r.format == format).filter(|r| r.good > 0).or_else(one_stray)
    else {
        return Some(Decision::Guessed(format));
    };
    if r.format == Format::Grid && line.good > line.bad && line.bad > 0 {
        return Some(ambiguous(line, grid));
    }
    let others = readings.iter().any(|o| o.format != r.format && o.good > 0);
    let announce = others.then(|| format!("read as {} (--format {})", r.describe(), r.format.name()));
    Some(Decision::Chosen { format: r.format, announce })
}

fn ambiguous(line: &Trial, grid: &Trial) -> Decision {
    let n = line.order.unwrap_or(0);
    let first =
        format!("line records of {n}x{n} puzzles ({} of {} lines read so)", line.good, line.good + line.bad);
    let error = InputError::Ambiguous {
        first,
        first_format: Format::Line,
        second: grid.describe(),
        second_format: Format::Grid,
    };
    Decision::Ambiguous(Refusal::new(1, error))
}

/// The order whose square is `len`, from 2.
fn root(len: usize) -> Option<usize> {
    reduce::order_of(len).filter(|&k| k >= 2)
}

/// A guess from the first lines, for inputs no reading parses: it only
/// chooses whose error messages the user sees.
fn guess(lines: &[Line]) -> Format {
    let content: Vec<&str> = lines
        .iter()
        .filter_map(|(_, t)| t.as_ref().ok())
        .map(|t| t.trim())
        .filter(|t| !t.is_empty() && !is_comment(t))
        .collect();
    // Title lines before the first record (`Grid 01`) say nothing of the
    // format, as the readers skip them.
    let titles = content.iter().take_while(|t| is_title(t)).count();
    let content = if titles < content.len() { &content[titles..] } else { &content[..] };
    let Some(first) = content.first() else { return Format::Grid };
    let tokens: Vec<&str> = first.split_whitespace().collect();
    let len = |t: &str| t.chars().count();
    if tokens.len() == 1 {
        let n = len(first);
        // Grouped: N region lines of N labels, then a count line (of
        // another length, or a number where the count belongs).
        let region_lines = (1..n).all(|k| content.get(k).is_some_and(|t| len(t) == n && !t.contains(' ')));
        // A count is at most N², fewer digits than N: a line of N digits
        // (`000000000`) is a grid's row, not a count.
        let count = |t: &str| t.parse::<i64>().is_ok() && len(t) < n;
        let count_line = content.get(n).is_some_and(|t| len(t) != n && !is_title(t));
        if (4..=reduce::MAX_ORDER).contains(&n)
            && count_line
            && (region_lines || content.get(n).is_some_and(|t| count(t)))
        {
            return Format::Grouped;
        }
        if n > reduce::MAX_ORDER {
            return Format::Line;
        }
        let squareish = root(n).is_some() || (n % 2 == 0 && root(n / 2).is_some());
        if n >= 16 && squareish && (n > reduce::MAX_ORDER || content.get(1).is_none_or(|t| len(t) != n)) {
            return Format::Line;
        }
        return Format::Grid;
    }
    if len(tokens[0]) >= 16 && root(len(tokens[0])).is_some() {
        return Format::Line;
    }
    // A label before a line record (`Puzzle: 4.....8.5.3...`): the line
    // format, which refuses that line alone and reads the others.
    if tokens[1..]
        .iter()
        .any(|t| len(t) >= 16 && root(len(t)).is_some() && t.contains(|c: char| c.is_ascii_digit()))
    {
        return Format::Line;
    }
    // A puzzle in groups on one line (`53..7.... 6..195...`).
    let run = tokens.iter().take_while(|t| len(t) == len(tokens[0])).count();
    if line::grouped(len(tokens[0]), run).is_some() {
        return Format::Line;
    }
    // Grid rows: cells of one character or integers, with grid art.
    let cells = tokens.iter().filter(|t| !t.chars().all(|c| c == '|' || c == '+'));
    if cells.into_iter().all(|t| len(t) == 1 || grid::integer(t)) {
        return Format::Grid;
    }
    Format::Dlx
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn lines(text: &str) -> Vec<Line> {
        text.lines().enumerate().map(|(i, t)| (i + 1, Ok(t.to_owned()))).collect()
    }

    fn detect_text(text: &str) -> Decision {
        let mut r = LineReader::from_bytes(text.as_bytes().to_vec());
        let mut p = PuzzleReaders::new(Arc::default(), None);
        detect(&mut r, &mut p)
    }

    fn chosen(text: &str) -> Format {
        match detect_text(text) {
            Decision::Chosen { format, .. } => format,
            d => panic!("{d:?}"),
        }
    }

    const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn each_format_is_found_by_parsing() {
        assert_eq!(chosen("? 2 3 4\n. . . .\n. . . .\n. . . .\n"), Format::Grid);
        // A grid of order 1 to 3 is no automatic reading (`--format grid`).
        assert!(matches!(detect_text("? 2 3\n. . .\n. . .\n"), Decision::Guessed(Format::Grid)));
        assert!(matches!(detect_text("1\n"), Decision::Guessed(Format::Grid)));
        assert_eq!(chosen(&format!("{INKALA}\n")), Format::Line);
        assert_eq!(chosen(&format!("{INKALA} Inkala 2012\n")), Format::Line);
        assert_eq!(chosen("# c\n005300000\n800000020\n070010500\n400005300\n010070006\n003200080\n060500009\n004000030\n000009700\n"), Format::Grid);
        assert_eq!(
            chosen("000011\n022013\n221113\n243333\n244455\n445555\n6\n02C\n03B\n05A\n20D\n35E\n53F\n"),
            Format::Grouped
        );
        assert_eq!(chosen("A B C D E | F G\nC E F\nA D G\n"), Format::Dlx);
        assert_eq!(chosen("{\"format\": 1}"), Format::Json);
    }

    #[test]
    fn a_knuth_problem_without_options_is_never_chosen() {
        assert!(matches!(detect_text("A B C\n"), Decision::Guessed(_)));
        // Words with no option line are not guessed to be Knuth's either:
        // that reading would answer "no solution".
        assert!(matches!(detect_text("Puzzle 1\n"), Decision::Guessed(Format::Grid)));
        assert!(matches!(detect_text("my items A B C\n"), Decision::Guessed(Format::Grid)));
        // Knuth's reading that refuses is still guessed: its message is best.
        assert!(matches!(detect_text("items: A B C\n"), Decision::Guessed(Format::Dlx)));
    }

    #[test]
    fn small_line_records_are_not_a_grid() {
        let lines = "1...2...3...4...\n".repeat(16);
        match detect_text(&lines) {
            Decision::Chosen { format: Format::Line, announce } => {
                assert_eq!(announce.as_deref(), Some("read as line records of 4x4 puzzles (--format line)"))
            }
            d => panic!("{d:?}"),
        }
        // A symbol beyond 4 on most lines: a 16x16 grid.
        let grid = "1...2...3...9...\n".repeat(16);
        assert_eq!(chosen(&grid), Format::Grid);
        // Most lines fit 4x4, one does not, and a 16x16 grid parses: refused.
        let mixed = "1...2...3...4...\n".repeat(15) + "1...2...3...9...\n";
        assert!(matches!(detect_text(&mixed), Decision::Ambiguous(_)));
    }

    #[test]
    fn a_stray_first_line_before_line_records_is_one_refusal() {
        // The guess (grid) reads nothing; the line reading refuses only
        // the first line and reads the rest.
        assert_eq!(chosen(&format!("puzzles of 2012\n{INKALA}\n{INKALA}\n")), Format::Line);
        // Nothing read after the stray line: still a guess.
        assert!(matches!(detect_text("puzzles of 2012\n"), Decision::Guessed(_)));
        // A stray line between grids: the grid reading refuses only it, even
        // where the guess (one line of 9, then a count-like line) is grouped.
        let grid = "?????????\n???????12\n??3?45???\n??????4??\n?56??????\n71?8?????\n???1????7\n??4???5??\n?3???6???\n";
        assert_eq!(chosen(&format!("{grid}a\n{grid}")), Format::Grid);
        // Two refused records: a guess, not a choice.
        assert!(matches!(detect_text(&format!("stray\n{INKALA}\nstray\n")), Decision::Guessed(_))); // Stray lines before and between grids, each refused alone: the
                                                                                                    // grid reading, whatever the guess.
        assert_eq!(chosen(&format!("junk\n{grid}more\n{grid}")), Format::Grid);
        // A row of zeros between grids with no blank line: the grid reading
        // refuses it alone (a file: the run is counted).
        let zero = grid.replace('?', "0");
        assert_eq!(chosen(&format!("{zero}000000000\n{zero}")), Format::Grid);
    }

    #[test]
    fn a_row_of_n_digits_is_no_count_of_givens() {
        // Nine lines of nine digits, then a tenth: grid rows, not a region
        // map and its count (a count has fewer digits than N).
        let rows = "000000000\n".repeat(10);
        assert_eq!(guess(&lines(&rows)), Format::Grid);
        let grouped = "AABBCC\n".repeat(6) + "3\n";
        assert_eq!(guess(&lines(&grouped)), Format::Grouped);
    }
}
