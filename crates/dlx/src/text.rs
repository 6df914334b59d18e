//! Knuth's text format for exact-cover problems, as DLX1, DLX2, DLX3 and
//! DLX5 read it.
//!
//! ```text
//! | a comment: any line whose first non-blank character is '|'
//! A B C D E | F G      <- the primary items, then '|' and the secondary items
//! C E F                <- one option a line
//! A D G:red            <- a secondary item may carry a color (DLX2)
//! ```
//!
//! Two extensions, each as Knuth's program for it reads it:
//!
//! ```text
//! A 2|B 0:3|C | X      <- bounds (DLX3): B exactly twice, C from 0 to 3 times
//! A B |5               <- a cost (DLX5) at the end of an option;
//! C |2 |1                 several add up (this option costs 3)
//! ```
//!
//! `a:b|name` asks that primary item `name` be covered at least `a` and at
//! most `b` times, `b|name` exactly `b` times; a plain name, once. Bounds
//! are refused on secondary items, with `a > b`, and with `b = 0`. A cost
//! is `|` and a non-negative decimal integer, after the option's items.
//!
//! Names are any non-blank characters but `:` and `|`. DLX1 limits them to
//! eight characters; this reader takes longer ones too, and the writer
//! writes names as they are, so its output is Knuth's input whenever the
//! names fit ([`fits_dlx1`]). Errors give the line and column (from 1).

use std::fmt;

use crate::problem::{is_valid_name, BuildError, Problem, ProblemBuilder, Warning};

/// The longest line the reader accepts, in bytes.
pub const MAX_LINE: usize = 1 << 24;

/// A problem read from text, with where each option came from.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// The line (from 1) of each kept option.
    pub option_lines: Vec<usize>,
    /// Warnings, each with its line: options dropped for having no primary
    /// item.
    pub warnings: Vec<(usize, Warning)>,
}

/// Where the text is wrong, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: TextErrorKind,
}

/// What is wrong with a problem's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextErrorKind {
    /// There is no item line (the text is empty or all comments).
    NoItemLine,
    /// A line is longer than [`MAX_LINE`] bytes.
    LineTooLong,
    /// The item line has a second `|`.
    SecondBar,
    /// A bound on the item line (before its `|`) is not a non-negative
    /// decimal integer below 2^32.
    BadBound { text: String },
    /// An option's cost (after its `|`) is not a non-negative decimal
    /// integer.
    BadCost { text: String },
    /// An option's cost comes before one of its items: costs go at the end.
    CostBeforeItem,
    /// Building the problem failed.
    Build(BuildError),
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            TextErrorKind::NoItemLine => write!(f, "no item line (the input has no problem)"),
            TextErrorKind::LineTooLong => write!(f, "line longer than {MAX_LINE} bytes"),
            TextErrorKind::SecondBar => write!(f, "a second '|' in the item line"),
            TextErrorKind::BadBound { text } => {
                write!(f, "bound {text:?} is not a non-negative integer (write a:b|name or b|name)")
            }
            TextErrorKind::BadCost { text } if text.starts_with('-') => {
                write!(f, "cost {text:?} is negative (costs are non-negative integers)")
            }
            TextErrorKind::BadCost { text } => {
                write!(f, "cost {text:?} is not a non-negative integer")
            }
            TextErrorKind::CostBeforeItem => {
                write!(f, "a cost in the middle of an option (costs go after its items)")
            }
            TextErrorKind::Build(e) => match e {
                BuildError::UnknownItem { name, .. } => write!(f, "unknown item {name:?}"),
                BuildError::RepeatedItem { name, .. } => {
                    write!(f, "item {name:?} appears twice in this option")
                }
                BuildError::ColorOnPrimary { name, .. } => {
                    write!(f, "primary item {name:?} cannot have a color")
                }
                other => write!(f, "{other}"),
            },
        }
    }
}

impl std::error::Error for TextError {}

/// The blank-separated tokens of a line, each with its column (from 1).
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 1;
    let mut rest = line;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        column += rest[..start].chars().count();
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        let at = column;
        column += token.chars().count();
        rest = &rest[end..];
        Some((at, token))
    })
}

fn is_comment_or_blank(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('|')
}

/// Reads a problem in Knuth's format.
pub fn parse(text: &str) -> Result<Parsed, TextError> {
    let mut lines = text.split('\n').enumerate().map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)));
    let err = |line, column, kind| TextError { line, column, kind };
    let too_long = |line: usize, l: &str| {
        if l.len() > MAX_LINE {
            Err(err(line, 1, TextErrorKind::LineTooLong))
        } else {
            Ok(())
        }
    };

    // The item line.
    let (item_line, items) = loop {
        let Some((n, l)) = lines.next() else {
            return Err(err(1, 1, TextErrorKind::NoItemLine));
        };
        too_long(n, l)?;
        if !is_comment_or_blank(l) {
            break (n, l);
        }
    };
    let mut primary = Vec::new();
    let mut secondary = Vec::new();
    let mut columns = Vec::new();
    // (index among the primary items, lower, upper, column) of each bound.
    let mut bounds = Vec::new();
    let mut bar = false;
    for (col, tok) in tokens(items) {
        if tok == "|" {
            if bar {
                return Err(err(item_line, col, TextErrorKind::SecondBar));
            }
            bar = true;
            continue;
        }
        // `a:b|name` or `b|name`; a token that starts with `|` is no bound
        // but a bad name, as it always was.
        let (spec, name, name_col) = match tok.split_once('|') {
            Some((spec, name)) if !spec.is_empty() => (Some(spec), name, col + spec.chars().count() + 1),
            _ => (None, tok, col),
        };
        if !is_valid_name(name) {
            let kind = TextErrorKind::Build(BuildError::InvalidName { name: name.to_owned() });
            return Err(err(item_line, name_col, kind));
        }
        if let Some(spec) = spec {
            if bar {
                let kind = TextErrorKind::Build(BuildError::BoundOnSecondary { name: name.to_owned() });
                return Err(err(item_line, col, kind));
            }
            let number = |text: &str, at: usize| {
                let ok = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
                let n = if ok { text.parse::<u32>().ok() } else { None };
                n.ok_or_else(|| err(item_line, at, TextErrorKind::BadBound { text: text.to_owned() }))
            };
            let (lower, upper) = match spec.split_once(':') {
                Some((a, b)) => (number(a, col)?, number(b, col + a.chars().count() + 1)?),
                None => {
                    let b = number(spec, col)?;
                    (b, b)
                }
            };
            bounds.push((primary.len(), lower, upper, col));
        }
        columns.push(col);
        if bar { &mut secondary } else { &mut primary }.push(name);
    }
    let mut builder =
        ProblemBuilder::new(primary.iter().copied(), secondary.iter().copied()).map_err(|e| {
            let column = match &e {
                BuildError::DuplicateItem { name } => {
                    let all = primary.iter().chain(&secondary);
                    let second = all.enumerate().filter(|(_, t)| **t == name.as_str()).nth(1);
                    second.map_or(1, |(i, _)| columns[i])
                }
                _ => 1,
            };
            err(item_line, column, TextErrorKind::Build(e))
        })?;
    for (item, lower, upper, col) in bounds {
        builder
            .set_bounds(item as u32, lower, upper)
            .map_err(|e| err(item_line, col, TextErrorKind::Build(e)))?;
    }

    // The options.
    let mut option_lines = Vec::new();
    let mut warnings = Vec::new();
    let mut toks: Vec<(usize, &str)> = Vec::new();
    for (n, l) in lines {
        too_long(n, l)?;
        if is_comment_or_blank(l) {
            continue;
        }
        toks.clear();
        toks.extend(tokens(l));
        // The costs: every token from the first that starts with `|`.
        let items_end = toks.iter().position(|t| t.1.starts_with('|')).unwrap_or(toks.len());
        let mut cost = 0u64;
        for &(col, tok) in &toks[items_end..] {
            let Some(digits) = tok.strip_prefix('|') else {
                return Err(err(n, toks[items_end].0, TextErrorKind::CostBeforeItem));
            };
            let ok = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            let bad = || err(n, col, TextErrorKind::BadCost { text: digits.to_owned() });
            let d = if ok { digits.parse::<u64>().ok() } else { None }.ok_or_else(bad)?;
            let overflow = || err(n, col, TextErrorKind::Build(BuildError::CostOverflow));
            cost = cost.checked_add(d).ok_or_else(overflow)?;
        }
        let cost_col = toks.get(items_end).map_or(1, |t| t.0);
        let before = builder.warnings().len();
        match builder.add_option_names(toks[..items_end].iter().map(|t| t.1)) {
            Ok(Some(k)) => {
                builder.set_cost(k, cost).map_err(|e| err(n, cost_col, TextErrorKind::Build(e)))?;
                option_lines.push(n);
            }
            Ok(None) => {
                let w = builder.warnings()[before..].iter().cloned();
                warnings.extend(w.map(|w| (n, w)));
            }
            Err(e) => {
                let name_of = |t: &str| t.split_once(':').map_or(t, |(a, _)| a).to_owned();
                let column = match &e {
                    BuildError::UnknownItem { name, .. } | BuildError::ColorOnPrimary { name, .. } => {
                        toks.iter().find(|t| name_of(t.1) == *name).map(|t| t.0)
                    }
                    BuildError::RepeatedItem { name, .. } => {
                        toks.iter().filter(|t| name_of(t.1) == *name).nth(1).map(|t| t.0)
                    }
                    BuildError::InvalidColor { .. } => toks.iter().find(|t| t.1.contains(':')).map(|t| t.0),
                    _ => None,
                };
                return Err(err(n, column.unwrap_or(1), TextErrorKind::Build(e)));
            }
        }
    }
    let problem = builder.build().map_err(|e| err(item_line, 1, TextErrorKind::Build(e)))?;
    Ok(Parsed { problem, option_lines, warnings })
}

/// Writes `problem` in Knuth's format: the item line (with bounds as DLX3
/// writes them), then one option a line (with its cost, if not 0, as DLX5
/// reads it).
pub fn write(problem: &Problem, out: &mut impl fmt::Write) -> fmt::Result {
    for (i, name) in problem.primary_names().iter().enumerate() {
        if i > 0 {
            out.write_char(' ')?;
        }
        match problem.bounds(i) {
            (1, 1) => {}
            (a, b) if a == b => write!(out, "{b}|")?,
            (a, b) => write!(out, "{a}:{b}|")?,
        }
        out.write_str(name)?;
    }
    if problem.secondary_count() > 0 {
        out.write_str(" | ")?;
        out.write_str(&problem.secondary_names().join(" "))?;
    }
    out.write_char('\n')?;
    for k in 0..problem.option_count() {
        match problem.cost(k) {
            0 => writeln!(out, "{}", problem.display_option(k))?,
            c => writeln!(out, "{} |{c}", problem.display_option(k))?,
        }
    }
    Ok(())
}

/// The problem in Knuth's format, as a string.
pub fn to_string(problem: &Problem) -> String {
    let mut s = String::new();
    write(problem, &mut s).expect("writing to a String cannot fail");
    s
}

/// Whether Knuth's programs can read what [`write()`] writes: every item and
/// color name at most eight characters. DLX1 reads a problem without colors,
/// bounds or costs; DLX2 one with colors; DLX3 one with bounds (and
/// colors); DLX5 one with costs (and colors). None reads both bounds and
/// costs.
pub fn fits_dlx1(problem: &Problem) -> bool {
    let short = |s: &String| s.chars().count() <= 8;
    problem.names.iter().all(short) && problem.colors.iter().all(short)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, usize, String) {
        let e = parse(text).unwrap_err();
        (e.line, e.column, e.to_string())
    }

    #[test]
    fn reads_knuths_colored_example() {
        let p = parse("| comment\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n").unwrap();
        assert_eq!(p.problem.primary_count(), 3);
        assert_eq!(p.problem.secondary_count(), 2);
        assert_eq!(p.problem.option_count(), 4);
        assert_eq!(p.option_lines, [3, 4, 6, 7]);
        assert_eq!(p.warnings.len(), 1);
        assert_eq!(p.warnings[0].0, 5);
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(error("").0, 1);
        assert_eq!(error("| only a comment\n").2, "no item line (the input has no problem)");
        assert_eq!(error("a b | c | d\n"), (1, 9, "a second '|' in the item line".into()));
        assert_eq!(error("a b a\n").1, 5);
        assert_eq!(error("a b\na  z\n"), (2, 4, "unknown item \"z\"".into()));
        assert_eq!(error("a b\n\n  a b a\n"), (3, 7, "item \"a\" appears twice in this option".into()));
        assert_eq!(error("a b\nb a:red\n"), (2, 3, "primary item \"a\" cannot have a color".into()));
        assert_eq!(error("| x\n| y\n| a b\n").0, 1);
        assert!(matches!(parse("| a\n").unwrap_err().kind, TextErrorKind::NoItemLine));
    }

    #[test]
    fn dropped_options_leave_no_colors_behind() {
        // Found by fuzzing: a dropped option's new color stayed declared, so
        // writing and reading back gave a different problem.
        let p = parse("A | X\nX:lost\nA X:kept\n").unwrap().problem;
        assert_eq!(p.colors, ["kept"]);
        assert_eq!(parse(&to_string(&p)).unwrap().problem, p);
        let mut b = ProblemBuilder::new(["A"], ["X"]).unwrap();
        assert!(b.add_option_names(["A", "X:c", "A"]).is_err());
        b.add_option_names(["A", "X:d"]).unwrap();
        assert_eq!(b.build().unwrap().colors, ["d"]);
    }

    #[test]
    fn writes_what_it_reads() {
        let text = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
        let p = parse(text).unwrap();
        assert_eq!(to_string(&p.problem), text);
        assert!(fits_dlx1(&p.problem));
        let colored = "A B C | X Y\nA B X:0 Y:0\nB X:1\n";
        assert_eq!(to_string(&parse(colored).unwrap().problem), colored);
    }

    #[test]
    fn reads_and_writes_bounds_and_costs() {
        let text = "A 2|B 0:3|C | X\nA B |5\nB C X |3\nC\nB\n";
        let p = parse(text).unwrap().problem;
        assert_eq!((p.bounds(0), p.bounds(1), p.bounds(2), p.bounds(3)), ((1, 1), (2, 2), (0, 3), (0, 1)));
        assert_eq!((0..4).map(|k| p.cost(k)).collect::<Vec<_>>(), [5, 3, 0, 0]);
        assert_eq!(to_string(&p), text);
        // Several costs add up; `1|A` and `1:1|A` are plain A; costs of 0
        // and bounds of exactly once store nothing.
        let q = parse("1:1|A 1|B\nA |2 |0 |3\nB |0\n").unwrap().problem;
        assert_eq!(q.cost(0), 5);
        assert!(!q.has_bounds());
        assert_eq!(to_string(&q), "A B\nA |5\nB\n");
        let plain = parse("A B\nA\nB |0\n").unwrap().problem;
        assert!(!plain.has_costs() && !plain.has_bounds());
        assert_eq!(plain, parse("A B\nA\nB\n").unwrap().problem);
        // A dropped option drops its cost.
        let d = parse("A | X\nX |4\nA |1\n").unwrap();
        assert_eq!((d.problem.option_count(), d.problem.cost(0), d.warnings.len()), (1, 1, 1));
    }

    #[test]
    fn refuses_bad_bounds_and_costs_with_line_and_column() {
        let at = |text: &str| {
            let e = parse(text).unwrap_err();
            (e.line, e.column, e.kind)
        };
        let build = TextErrorKind::Build;
        let name = |s: &str| s.to_owned();
        assert_eq!(
            at("A 3:2|B\n"),
            (1, 3, build(BuildError::BoundsInverted { name: name("B"), lower: 3, upper: 2 }))
        );
        assert_eq!(at("A 0|B\n"), (1, 3, build(BuildError::ZeroUpperBound { name: name("B") })));
        assert_eq!(at("A 0:0|B\n").2, build(BuildError::ZeroUpperBound { name: name("B") }));
        assert_eq!(at("A | 2|X\n"), (1, 5, build(BuildError::BoundOnSecondary { name: name("X") })));
        assert_eq!(at("A x|B\n"), (1, 3, TextErrorKind::BadBound { text: name("x") }));
        assert_eq!(at("A 1:y|B\n"), (1, 5, TextErrorKind::BadBound { text: name("y") }));
        assert_eq!(at("A -1:2|B\n"), (1, 3, TextErrorKind::BadBound { text: name("-1") }));
        assert_eq!(at("A 99999999999|B\n").2, TextErrorKind::BadBound { text: name("99999999999") });
        assert_eq!(at("A 2|\n").2, build(BuildError::InvalidName { name: name("") }));
        assert_eq!(at("A\nA |-3\n"), (2, 3, TextErrorKind::BadCost { text: name("-3") }));
        assert_eq!(at("A\nA |x\n"), (2, 3, TextErrorKind::BadCost { text: name("x") }));
        assert_eq!(at("A\nA |\n"), (2, 3, TextErrorKind::BadCost { text: name("") }));
        assert_eq!(at("A\nA |1 |2x\n"), (2, 6, TextErrorKind::BadCost { text: name("2x") }));
        assert_eq!(at("A B\nA |3 B\n"), (2, 3, TextErrorKind::CostBeforeItem));
        let huge = format!("A\nA |{} |{}\n", u64::MAX / 2, u64::MAX / 2);
        assert_eq!(at(&huge).2, build(BuildError::CostOverflow));
        assert_eq!(
            parse("A\nA |-3\n").unwrap_err().to_string(),
            "cost \"-3\" is negative (costs are non-negative integers)"
        );
        assert_eq!(
            parse("A 3:2|B\n").unwrap_err().to_string(),
            "item \"B\": lower bound 3 exceeds upper bound 2"
        );
    }
}
