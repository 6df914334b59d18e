//! The grouped format (seed 001): N lines of N region labels, a count n,
//! then n givens `rcL` (row and column from 0 as base-36 digits, then the
//! symbol) or `r c L`. Puzzles follow each other; `#` lines are comments. A
//! refused puzzle costs only itself: reading resumes at the next region map.

use reduce::{Puzzle, MAX_ORDER};

use super::puzzle::Puzzles;
use super::window::{is_blank, is_comment, Parsed, Step, Window};
use crate::error::{GroupedError, InputError, Refusal};
use crate::record::{Body, Layout};

/// A given: `rcL` (one base-36 digit each for row and column), or `r c L`.
fn parse_given(t: &str, n: usize) -> Option<(usize, usize, char)> {
    let fields: Vec<&str> = t.split_whitespace().collect();
    match fields.as_slice() {
        [one] => {
            let chars: Vec<char> = one.chars().collect();
            if chars.len() != 3 || n > 36 {
                return None;
            }
            let digit = |c: char| c.to_digit(36).map(|d| d as usize);
            Some((digit(chars[0])?, digit(chars[1])?, chars[2]))
        }
        [r, c, l] if l.chars().count() == 1 => Some((r.parse().ok()?, c.parse().ok()?, l.chars().next()?)),
        _ => None,
    }
}

/// A line's content with a trailing `# comment` dropped.
fn content(t: &str) -> &str {
    match t.find('#') {
        Some(i) => t[..i].trim(),
        None => t.trim(),
    }
}

/// Where reading is inside one grouped record.
struct Cursor<'w, 'a> {
    w: &'w Window<'a>,
    j: usize,
}

enum Got<'a> {
    Line(usize, &'a str),
    Bad(usize, InputError),
    End,
    NeedMore(usize),
}

impl<'a> Cursor<'_, 'a> {
    /// The next content line (comments skipped; blank lines too, unless
    /// `stop_at_blank`).
    fn next(&mut self, stop_at_blank: bool) -> Got<'a> {
        loop {
            let Some((no, text)) = self.w.lines.get(self.j) else {
                return if self.w.eof { Got::End } else { Got::NeedMore(self.j + 1) };
            };
            match text {
                Ok(t) if is_comment(t) => self.j += 1,
                Ok(t) if is_blank(t) => {
                    if stop_at_blank {
                        return Got::End;
                    }
                    self.j += 1;
                }
                Ok(t) => {
                    self.j += 1;
                    return Got::Line(*no, content(t));
                }
                Err(e) => {
                    self.j += 1;
                    return Got::Bad(*no, e.clone());
                }
            }
        }
    }

    /// The next content line without taking it.
    fn peek(&mut self) -> Got<'a> {
        let j = self.j;
        let g = self.next(true);
        self.j = j;
        g
    }
}

/// Reads the next grouped puzzle. `auto`: detection is trying this
/// reading, which then does not take orders 1 to 3 (their lines are too
/// easily something else).
pub(crate) fn next(w: &Window<'_>, puzzles: &Puzzles, auto: bool) -> Step {
    let mut c = Cursor { w, j: 0 };
    // Blank lines and comments before it.
    let (first_no, first) = match c.next(false) {
        Got::End => return Step::End(w.lines.len()),
        Got::NeedMore(k) => return Step::NeedMore(k),
        Got::Bad(no, e) => return Step::refused(c.j, no, Refusal::new(no, e)),
        Got::Line(no, t) => (no, t),
    };
    if auto && first.chars().count() < 4 {
        let e = GroupedError::GroupedStart { chars: first.chars().count() };
        return Step::refused(c.j, first_no, Refusal::new(first_no, e));
    }
    match body(&mut c, first_no, first, puzzles) {
        Ok(Some(body)) => Step::Record(c.j, Box::new(Parsed::new(first_no, Ok(body)))),
        Ok(None) => Step::NeedMore(c.j + 1),
        Err(failed) => match resync(&mut c, failed.1) {
            Some(k) => Step::Refusing(k),
            None => Step::refused(c.j, first_no, failed.0),
        },
    }
}

/// How far a refused record got, so that reading can skip the rest of it.
#[derive(Clone, Copy)]
enum Stage {
    /// In the region lines: this many of N read.
    Map { read: usize, n: usize },
    /// At the count line.
    Count { n: usize },
    /// In the givens (extra ones are skipped too).
    Givens { n: usize },
    /// Nothing to skip.
    Done,
}

type Failed = Box<(Refusal, Stage)>;

/// The rest of a grouped puzzle after its first line; `Ok(None)` when the
/// window ends inside it.
fn body(
    c: &mut Cursor<'_, '_>,
    first_no: usize,
    first: &str,
    puzzles: &Puzzles,
) -> Result<Option<Body>, Failed> {
    let n = first.chars().count();
    if !(1..=MAX_ORDER).contains(&n) || first.contains(char::is_whitespace) {
        let e = GroupedError::GroupedStart { chars: n };
        return Err(Box::new((Refusal::new(first_no, e), Stage::Done)));
    }
    let mut map: Vec<char> = first.chars().collect();
    for k in 1..n {
        match c.next(true) {
            Got::NeedMore(_) => return Ok(None),
            Got::End => {
                return Err(Box::new((
                    Refusal::new(first_no, GroupedError::RegionLinesEnd { got: k, order: n }),
                    Stage::Done,
                )))
            }
            Got::Bad(no, e) => return Err(Box::new((Refusal::new(no, e), Stage::Map { read: k + 1, n }))),
            Got::Line(no, t) => {
                let chars = t.chars().count();
                if chars != n || t.contains(char::is_whitespace) {
                    let e = GroupedError::RegionLine {
                        text: t.to_owned(),
                        chars,
                        order: n,
                        first_line: first_no,
                    };
                    return Err(Box::new((Refusal::new(no, e), Stage::Map { read: k + 1, n })));
                }
                map.extend(t.chars());
            }
        }
    }
    let (shape, alphabet) =
        puzzles.grouped(n, map).map_err(|e| (Refusal::new(first_no, e), Stage::Count { n }))?;
    let (count_no, count) = match c.next(true) {
        Got::NeedMore(_) => return Ok(None),
        Got::End => return Err(Box::new((Refusal::new(first_no, GroupedError::CountMissing), Stage::Done))),
        Got::Bad(no, e) => return Err(Box::new((Refusal::new(no, e), Stage::Givens { n }))),
        Got::Line(no, t) => (no, t),
    };
    let count: i64 = count.parse().map_err(|_| {
        (Refusal::new(count_no, GroupedError::CountNotNumber { text: count.to_owned() }), Stage::Givens { n })
    })?;
    if count < 0 || count as u64 > (n * n) as u64 {
        let e = GroupedError::CountRange { count, max: n * n };
        return Err(Box::new((Refusal::new(count_no, e), Stage::Givens { n })));
    }
    let count = count as usize;
    let mut givens = vec![None; n * n];
    let mut given_at = vec![0usize; n * n];
    for k in 0..count {
        let (no, t) = match c.next(true) {
            Got::NeedMore(_) => return Ok(None),
            Got::End => {
                return Err(Box::new((
                    Refusal::new(count_no, GroupedError::GivensEnd { count, got: k }),
                    Stage::Done,
                )))
            }
            Got::Bad(no, e) => return Err(Box::new((Refusal::new(no, e), Stage::Givens { n }))),
            Got::Line(no, t) => (no, t),
        };
        let fail = |e: GroupedError| Box::new((Refusal::new(no, e), Stage::Givens { n }));
        let (r, col, sym) =
            parse_given(t, n).ok_or_else(|| fail(GroupedError::NotAGiven { text: t.to_owned() }))?;
        if r >= n || col >= n {
            return Err(fail(GroupedError::CellOutside { row: r, column: col, order: n }));
        }
        let v = alphabet.index(sym).ok_or_else(|| {
            fail(GroupedError::GivenNotSymbol { symbol: sym, symbols: alphabet.chars().iter().collect() })
        })?;
        let cell = r * n + col;
        if givens[cell].is_some() {
            return Err(fail(GroupedError::GivenTwice { row: r, column: col, first_line: given_at[cell] }));
        }
        givens[cell] = Some(v);
        given_at[cell] = no;
    }
    // More givens than counted?
    match c.peek() {
        Got::NeedMore(_) => return Ok(None),
        Got::Line(no, t) if parse_given(t, n).is_some() && t.chars().count() != n => {
            return Err(Box::new((
                Refusal::new(no, GroupedError::MoreGivens { count }),
                Stage::Givens { n },
            )));
        }
        _ => {}
    }
    let puzzle = Puzzle::new(shape, alphabet, givens)
        .map_err(|e| (Refusal::new(first_no, InputError::Grid(e)), Stage::Done))?;
    Ok(Some(Body::Puzzle { puzzle, layout: Layout::Grouped }))
}

/// Skips the rest of a refused record, up to the next region map: the
/// region lines left, the count, and the lines that read as givens. `Some`
/// asks for more lines.
fn resync(c: &mut Cursor<'_, '_>, stage: Stage) -> Option<usize> {
    let mut stage = stage;
    loop {
        match stage {
            Stage::Done => return None,
            Stage::Map { read, n } => {
                if read >= n {
                    stage = Stage::Count { n };
                    continue;
                }
                match c.peek() {
                    Got::NeedMore(k) => return Some(k),
                    Got::Line(..) | Got::Bad(..) => {
                        c.next(true);
                        stage = Stage::Map { read: read + 1, n };
                    }
                    Got::End => return None,
                }
            }
            Stage::Count { n } => match c.peek() {
                Got::NeedMore(k) => return Some(k),
                Got::Line(_, t) if t.parse::<i64>().is_ok() => {
                    c.next(true);
                    stage = Stage::Givens { n };
                }
                _ => return None,
            },
            Stage::Givens { n } => match c.peek() {
                Got::NeedMore(k) => return Some(k),
                Got::Line(_, t) if parse_given(t, n).is_some() && t.chars().count() != n => {
                    c.next(true);
                }
                _ => return None,
            },
        }
    }
}
