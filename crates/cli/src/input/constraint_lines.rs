//! The plain-text way to give a puzzle its variant constraints: lines
//! after the puzzle (a grid's rows, a line record, a link), each starting
//! with a constraint word (`killer 15 r1c1 r1c2 r2c1`, `antiknight`,
//! `thermo r1c1 r1c2 r1c3`; `reduce::constraint::text` lists them), and
//! the `--constraint` flag, which gives every puzzle record the same ones.
//! `regions none` takes a grid's regions away (f-puzzles' cells in no
//! region, written back as text).
//!
//! What is a constraint line is decided by its words alone, so that every
//! reader (and detection) skips such lines as it skips comments: a word
//! that needs cells needs an `r1c1` cell on the line, a word without
//! parameters is the whole line. "Even harder" or "X marks" are not. A
//! line cut short (the word, lowercase, then only numbers: `killer 5`) is
//! one too, so that it is refused rather than skipped as a title.
//! Below the formats; [`apply`] gives a read puzzle its constraints.

use reduce::constraint::text::{self, Item};
use reduce::constraint::Rules;
use reduce::{Puzzle, Regions, Shape};

/// The words that take no parameters (the whole line is the word).
const FLAGS: [&str; 8] = [
    "antiknight",
    "antiking",
    "diagonal+",
    "diagonal-",
    "disjointgroups",
    "windoku",
    "nonconsecutive",
    "negative",
];

/// The words that take cells or a clue (the line holds an `rNcN`).
const WITH_CELLS: [&str; 48] = [
    "killer",
    "killercage",
    "cage",
    "arrow",
    "doublearrow",
    "regionsum",
    "regionsumline",
    "zipper",
    "zipperline",
    "littlekiller",
    "littlekillersum",
    "sandwich",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "thermo",
    "thermometer",
    "slowthermo",
    "slowthermometer",
    "palindrome",
    "renban",
    "between",
    "betweenline",
    "entropic",
    "entropicline",
    "modular",
    "modularline",
    "whispers",
    "whisper",
    "lockout",
    "white",
    "difference",
    "black",
    "ratio",
    "x",
    "v",
    "odd",
    "even",
    "minimum",
    "maximum",
    "quadruple",
    "quad",
    "clone",
    "extraregion",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "candidates",
];

/// Whether `w` is a cell or clue position (`r3c5`, `R0C1`).
fn is_position(w: &str) -> bool {
    let w = w.to_ascii_lowercase();
    w.strip_prefix('r').and_then(|rest| rest.split_once('c')).is_some_and(|(r, c)| {
        !r.is_empty() && !c.is_empty() && (r.to_owned() + c).bytes().all(|b| b.is_ascii_digit())
    })
}

/// A line without its `#` comment, if it has one (`arrow r1c1 r1c2 > r2c1
/// # a pill`): grid rows take one the same way.
fn body(s: &str) -> &str {
    s.split('#').next().unwrap_or_default()
}

/// Whether a line is a constraint line (or `regions none`).
pub(crate) fn is_constraint_line(s: &str) -> bool {
    // Most lines are rows or records: not a letter first (looked at
    // before the comment is cut, which reads the whole line).
    if !s.trim_start().as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let t = body(s).trim_start();
    let mut words = t.split_whitespace();
    let Some(first) = words.next() else { return false };
    if first.len() > 16 {
        return false;
    }
    let first = first.to_ascii_lowercase();
    let rest: Vec<&str> = words.collect();
    if first == "regions" {
        return rest.len() == 1 && rest[0].eq_ignore_ascii_case("none");
    }
    if first == "negative" {
        return rest.len() == 1 && ["ratio", "xv"].contains(&rest[0].to_ascii_lowercase().as_str());
    }
    if FLAGS.contains(&first.as_str()) {
        return rest.is_empty() || is_cut_short(t);
    }
    (WITH_CELLS.contains(&first.as_str()) && rest.iter().any(|w| is_position(w))) || is_cut_short(t)
}

/// A constraint line cut short: a constraint's word as constraint lines
/// write it (lowercase, three letters or more) and then only numbers, as
/// `killer 5` or `thermo 3 4`. Read as one, so that the record it follows
/// is refused with what the word needs (or, before any puzzle, the line
/// is), rather than skipped as a title and the constraint lost. `Killer 5`
/// stays a title, and `v 1 2 3` may be a row. A `#` comment after the
/// numbers does not make it a title (`killer 5  # the corner cage`).
pub(crate) fn is_cut_short(t: &str) -> bool {
    let t = body(t);
    let mut words = t.split_whitespace();
    let Some(first) = words.next() else { return false };
    let known = WITH_CELLS.contains(&first) || FLAGS.contains(&first);
    let mut numbers = words.peekable();
    known && first.len() >= 3 && numbers.peek().is_some() && numbers.all(|w| w.parse::<i64>().is_ok())
}

/// Why `s` is not a constraint line ([`is_constraint_line`] says it is
/// not): what the word it starts with needs, or that it is no
/// constraint's word.
pub(crate) fn why_not(s: &str) -> String {
    let first = s.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
    if first == "regions" {
        "`regions` takes one word, `none` (a Latin square)".into()
    } else if first == "negative" {
        "`negative` takes one word, `ratio` or `xv`".into()
    } else if FLAGS.contains(&first.as_str()) {
        format!("`{first}` is a rule of the whole grid: it takes no cells or numbers")
    } else if first == "littlekiller" {
        "`littlekiller` needs its clue's place outside the grid and a direction, as `littlekiller 10 r0c0 DR` \
         (docs/variants.md)"
            .into()
    } else if ["sandwich", "xsum", "skyscraper"].contains(&first.as_str()) {
        format!("`{first}` needs its clue's place outside the grid, as `{first} 5 r0c1` (docs/variants.md)")
    } else if WITH_CELLS.contains(&first.as_str()) {
        format!("`{first}` needs its cells, as r1c1 r1c2 (docs/variants.md)")
    } else {
        "not a constraint (a word such as killer, thermo, antiknight, then its cells: docs/variants.md)"
            .into()
    }
}

/// [`why_not`] for a line whose first word is a constraint's and whose
/// others are numbers (`killer 5`), `None` for any other line (a title,
/// say, as `Thermo sudoku`).
pub(crate) fn why_not_word(s: &str) -> Option<String> {
    let mut words = s.split_whitespace();
    let first = words.next()?.to_ascii_lowercase();
    let known = ["regions", "negative"].contains(&first.as_str())
        || FLAGS.contains(&first.as_str())
        || WITH_CELLS.contains(&first.as_str());
    // `killer 5` or `thermo` alone, not a title such as `Thermo sudoku`.
    let numbers = words.all(|w| w.parse::<i64>().is_ok());
    (known && numbers).then(|| why_not(s))
}

/// Gives `puzzle` the constraints of `lines` (each with where it came
/// from, for messages), or says which line cannot be read and why.
pub(crate) fn apply(puzzle: Puzzle, lines: &[(String, String)]) -> Result<Puzzle, (usize, String)> {
    let mut puzzle = puzzle;
    let n = puzzle.n();
    // `regions none` first: the other lines read the grid's regions.
    for (k, (_, line)) in lines.iter().enumerate() {
        if line.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case("regions")) {
            let shape = Shape::new(n, Regions::None).map_err(|e| (k, e.to_string()))?;
            let rules = puzzle.rules().clone();
            puzzle = Puzzle::new(shape, puzzle.alphabet().clone(), puzzle.givens().to_vec())
                .and_then(|p| p.with_rules(rules))
                .map_err(|e| (k, e.to_string()))?;
        }
    }
    let mut rules: Rules = puzzle.rules().clone();
    for (k, (_, line)) in lines.iter().enumerate() {
        if line.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case("regions")) {
            continue;
        }
        if is_cut_short(line) {
            return Err((k, why_not(line)));
        }
        match text::parse(puzzle.shape(), puzzle.alphabet(), body(line)).map_err(|e| (k, e.to_string()))? {
            Item::Constraints(cs) => rules.constraints.extend(cs),
            Item::Candidates { cell, symbols } => {
                let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
                let c = rules.candidates.get_or_insert_with(|| vec![all; n * n]);
                c[cell] &= symbols;
            }
        }
    }
    puzzle.with_rules(rules).map_err(|e| (0, e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constraint_lines_are_told_by_their_words() {
        for yes in [
            "killer 15 r1c1 r1c2",
            "antiknight",
            "x r1c1 r1c2",
            "littlekiller 22 r0c0 DR",
            "regions none",
            "negative xv",
            "Thermo R1C1 R1C2",
            "killer 5",
            "thermo 3 4",
            "antiknight 2",
            "killer 5  # the corner cage",
            "arrow r2c1 r2c2 > r3c1  # a pill",
            "antiknight # and nothing else",
        ] {
            assert!(is_constraint_line(yes), "{yes}");
        }
        for no in [
            "Even harder puzzle",
            "x . . .",
            "antiknight puzzle",
            "123456789",
            "# killer 5 r1c1",
            "killer # 5",
            "v 1 2 3",
            "Puzzle 3: hard",
            "Killer 5",
            "killer sudoku 5",
            "killer",
            "odd 1 x",
        ] {
            assert!(!is_constraint_line(no), "{no}");
        }
    }
}
