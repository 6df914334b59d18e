//! Properties of reading and answering:
//! - every grid the command line prints verifies against its puzzle,
//!   whatever the layout, the mode or the region map;
//! - any puzzle written in any supported layout (spaced, compact, integers
//!   in any whitespace, a line with a note, with comments, a BOM, CRLF)
//!   reads back as the same puzzle.

mod common;
use common::*;

use dance::answer::{search, Engines, Mode, Plan};
use dance::input::{read_str, ReadSettings};
use dance::output::OutputFormat;
use dance::record::Body;
use proptest::prelude::*;

/// The sample puzzles (line records of 81 cells) at these indices.
fn sample_puzzles<'a>(sample: &'a str, which: &[usize]) -> Vec<&'a str> {
    let lines: Vec<&str> = sample.lines().collect();
    which.iter().map(|&w| &lines[w][..81]).collect()
}

/// Each puzzle's givens, 0 for a blank.
fn givens_of(puzzles: &[&str]) -> Vec<Vec<u8>> {
    puzzles.iter().map(|p| p.bytes().map(|c| if c == b'.' { 0 } else { c - b'0' }).collect()).collect()
}

fn records(text: &str) -> Vec<dance::record::Record> {
    read_str(text, "prop", &ReadSettings::default())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn printed_solutions_verify(which in 0usize..1000, blanks in proptest::collection::vec(any::<bool>(), 81), jig in any::<bool>(), mode in 0usize..3) {
        // A shipped 17-clue puzzle's solution, blanked at random, as a line
        // record; sometimes with a jigsaw map made of its own rows (a valid
        // map: the rows are regions).
        let sample = read("sudoku/sample-1000.txt");
        let puzzle = sample.lines().nth(which).unwrap();
        let solved = dance(&["solve", "--format", "line"]).stdin(format!("{puzzle}\n")).expect(0).stdout;
        let cells: String = solved.trim().chars().zip(&blanks).map(|(c, &b)| if b { '.' } else { c }).collect();
        let map: String = (0..81).map(|i| char::from(b'0' + (i / 9) as u8)).collect();
        let line = if jig { format!("{cells} {map}\n") } else { format!("{cells}\n") };
        let recs = records(&line);
        let Ok(Body::Puzzle { puzzle, .. }) = &recs[0].body else { panic!("not a puzzle") };
        let mode = [Mode::First, Mode::Unique, Mode::All { limit: Some(20) }][mode];
        let plan = Plan { output: OutputFormat::Json, ..Plan::new(mode) };
        let mut out = Vec::new();
        search(&recs[0], 1, &plan, &mut Engines::default(), &mut out, &mut Vec::new()).unwrap();
        // Every solution printed: in the record's line, or on lines of its
        // own before it (a listing streams).
        let lines: Vec<serde_json::Value> =
            String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let mut solutions: Vec<serde_json::Value> = lines.last().unwrap()["solutions"].as_array().unwrap().clone();
        solutions.extend(lines[..lines.len() - 1].iter().map(|v| v["solution"].clone()));
        prop_assert!(mode == Mode::Unique || !solutions.is_empty(), "the blanked grid has at least its own solution");
        for s in &solutions {
            let grid: Vec<u8> = s.as_str().unwrap().chars().map(|c| puzzle.alphabet().index(c).unwrap()).collect();
            prop_assert_eq!(puzzle.verify(&grid), Ok(()));
        }
    }
}

/// How a puzzle is written in a test input.
#[derive(Clone, Copy, Debug)]
enum Written {
    Spaced,
    Compact,
    /// Integers 1..N with 0 blank, `per_line` to a line.
    Integers {
        per_line: usize,
    },
    Line {
        note: bool,
    },
}

/// Writes an `n`x`n` puzzle (cells: 0 blank, 1..=n symbols).
fn write(cells: &[u8], n: usize, how: Written, comments: bool, bom: bool, crlf: bool) -> String {
    let sym = |v: u8| -> String {
        match v {
            0 => ".".into(),
            v => reduce::Alphabet::default_for(n).unwrap().char(v - 1).to_string(),
        }
    };
    let mut lines: Vec<String> = Vec::new();
    if comments {
        lines.push("# a puzzle".into());
    }
    match how {
        Written::Spaced => {
            for (i, row) in cells.chunks(n).enumerate() {
                lines.push(row.iter().map(|&v| sym(v)).collect::<Vec<_>>().join(" "));
                if comments && i == 0 {
                    lines.push("  # after the first row".into());
                }
            }
        }
        Written::Compact => {
            for row in cells.chunks(n) {
                lines.push(row.iter().map(|&v| sym(v)).collect());
            }
        }
        Written::Integers { per_line } => {
            // 0: a row a line.
            let per_line = if per_line == 0 { n } else { per_line };
            for chunk in cells.chunks(per_line) {
                lines.push(chunk.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" "));
            }
        }
        Written::Line { note } => {
            let mut l: String = cells.iter().map(|&v| sym(v)).collect();
            if note {
                l += "\tSE 9.1 #12";
            }
            lines.push(l);
        }
    }
    let eol = if crlf { "\r\n" } else { "\n" };
    let mut s = if bom { "\u{feff}".to_string() } else { String::new() };
    for l in lines {
        s += &l;
        s += eol;
    }
    s
}

fn layouts() -> impl Strategy<Value = Written> {
    prop_oneof![
        Just(Written::Spaced),
        Just(Written::Compact),
        // Any count to a line but those of a smaller grid's rows (4 to a
        // line for a 16x16 reads as 4x4 rows when the cells fit 4x4).
        // (and 16, 25, ... 64: a line of N² cells whose cells fit NxN is a
        // whole puzzle).
        prop_oneof![1usize..=3, Just(0), 65usize..300].prop_map(|per_line| Written::Integers { per_line }),
        any::<bool>().prop_map(|note| Written::Line { note }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn any_layout_reads_back_as_the_same_puzzle(
        n in prop_oneof![Just(4usize), Just(6), Just(9), Just(12), Just(16)],
        seed in proptest::collection::vec(0u8..=64, 256),
        how in layouts(),
        comments in any::<bool>(),
        bom in any::<bool>(),
        crlf in any::<bool>(),
    ) {
        // About a third of the cells given, any symbols (clashes are fine:
        // reading does not solve).
        let cells: Vec<u8> = seed[..n * n].iter().map(|&s| if s % 3 == 0 { 1 + s % n as u8 } else { 0 }).collect();
        let text = write(&cells, n, how, comments, bom, crlf);
        let recs = records(&text);
        // Rows of a 16x16 that mostly fit 4x4 are also 4x4 line records:
        // refused as ambiguous, by design (docs/formats.md).
        let small_rows = cells.chunks(n).filter(|r| r.iter().all(|&v| v <= 4)).count();
        let rows_of_16 = matches!(how, Written::Compact | Written::Spaced | Written::Integers { per_line: 0 });
        if n == 16 && rows_of_16 && 2 * small_rows > n {
            let ambiguous = recs.len() == 1 && matches!(&recs[0].body, Err(e) if e.message().contains("reads two ways"));
            prop_assert!(ambiguous || recs.len() == 1);
            return Ok(());
        }
        prop_assert_eq!(recs.len(), 1, "{:?} read as {} records: {:?}", how, recs.len(), recs.iter().map(|r| r.body.as_ref().err().map(|e| e.located())).collect::<Vec<_>>());
        let body = recs[0].body.as_ref().map_err(|e| e.located());
        let Ok(Body::Puzzle { puzzle, .. }) = body else { return Err(TestCaseError::fail(format!("{how:?}: {body:?}\n{text}"))) };
        prop_assert_eq!(puzzle.n(), n);
        let got: Vec<u8> = puzzle.givens().iter().map(|g| g.map_or(0, |v| v + 1)).collect();
        prop_assert_eq!(got, cells);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// A stray line before, between or after 9x9 grids written with no
    /// blank lines between them (seed 000's layout) is refused alone:
    /// every puzzle read is one of those written, never one spliced from
    /// two, and every puzzle written is read.
    #[test]
    fn a_stray_line_never_splices_grids(
        which in proptest::collection::vec(0usize..1000, 2..6),
        at in 0usize..6,
        tokens in proptest::collection::vec(0usize..40, 1..13),
        compact in any::<bool>(),
        second in any::<bool>(),
    ) {
        let sample = read("sudoku/sample-1000.txt");
        let puzzles = sample_puzzles(&sample, &which);
        // A line that is no row: not nine cells, or nine words of letters.
        let alphabet: Vec<char> = "abcxyz0123456789?.-".chars().collect();
        let letters = tokens.len() == 9;
        let junk: Vec<String> = tokens
            .iter()
            .map(|&t| match t {
                // Nine cells, some of them symbols (`w3 1 w5 ...`).
                _ if letters && t % 3 == 0 => format!("{}", 1 + t % 9),
                _ if letters => format!("w{}", t % 7),
                _ => alphabet[t % alphabet.len()].to_string(),
            })
            .collect();
        let junk = if compact && !letters { junk.concat() } else { junk.join(" ") };
        // Sometimes a second stray line after it, of words.
        let junk = if second && !letters { format!("{junk}\nmore junk") } else { junk };
        let at = at.min(puzzles.len());
        let mut text = String::new();
        for (k, p) in puzzles.iter().enumerate() {
            if k == at {
                text.push_str(&junk);
                text.push('\n');
            }
            for row in p.as_bytes().chunks(9) {
                let cells: Vec<String> = row.iter().map(|&c| if c == b'.' { "?".into() } else { (c as char).to_string() }).collect();
                text.push_str(&if compact { cells.concat() } else { cells.join(" ") });
                text.push('\n');
            }
        }
        if at == puzzles.len() {
            text.push_str(&junk);
            text.push('\n');
        }
        let written = givens_of(&puzzles);
        let recs = records(&text);
        let mut read = Vec::new();
        for r in &recs {
            if let Ok(Body::Puzzle { puzzle, .. }) = &r.body {
                // The junk line may itself be a small puzzle (`?` is a
                // 1x1, `1 ? . 2` a 2x2): read as what it is.
                if puzzle.n() < 9 {
                    let first = junk.lines().next().unwrap();
                    prop_assert_eq!(r.source.line, text.lines().position(|l| l == first).unwrap() + 1);
                    continue;
                }
                let got: Vec<u8> = puzzle.givens().iter().map(|g| g.map_or(0, |v| v + 1)).collect();
                prop_assert!(written.contains(&got), "a puzzle not written was read from:\n{text}");
                read.push(got);
            }
        }
        // A junk line that is a title, a comment or grid art is skipped;
        // otherwise it is refused once (or read as the small puzzle it is).
        prop_assert_eq!(read, written, "{}", text);
        prop_assert!(recs.len() <= puzzles.len() + 1);
    }

    /// A line of nine symbols too many (`000000000`, a row of another
    /// puzzle) or a row missing, in 9x9 grids written with no blank lines
    /// between them, read from a file: every puzzle read is one of those
    /// written, in order, never one spliced from two; and when no lines are
    /// refused as unclear, every puzzle is read but the one a row short or
    /// with a row too many inside it.
    #[test]
    fn a_row_too_many_or_missing_never_splices_grids(
        which in proptest::collection::vec(0usize..1000, 2..6),
        at in 0usize..54,
        extra in proptest::collection::vec(0u8..10, 9),
        sparse in any::<bool>(),
        missing in any::<bool>(),
        compact in any::<bool>(),
    ) {
        let sample = read("sudoku/sample-1000.txt");
        let puzzles = sample_puzzles(&sample, &which);
        let cell = |c: u8| if c == 0 { '0' } else { (b'0' + c) as char };
        let row_text = |cells: &[u8]| -> String {
            let cells: Vec<String> = cells.iter().map(|&c| cell(c).to_string()).collect();
            if compact { cells.concat() } else { cells.join(" ") }
        };
        let mut rows: Vec<String> = Vec::new();
        for p in &puzzles {
            for r in p.as_bytes().chunks(9) {
                let r: Vec<u8> = r.iter().map(|&c| if c == b'.' { 0 } else { c - b'0' }).collect();
                rows.push(row_text(&r));
            }
        }
        let at = at % (rows.len() + usize::from(!missing));
        // Which puzzle the change touches: one row short of it, or a row
        // more inside it (or between two).
        if missing {
            rows.remove(at);
        } else {
            // Mostly blanks (a stray `000000000`), or any nine symbols.
            let extra: Vec<u8> = extra.iter().map(|&c| if sparse && c < 8 { 0 } else { c }).collect();
            rows.insert(at, row_text(&extra));
        }
        let text = rows.join("\n") + "\n";
        let written = givens_of(&puzzles);
        let recs = records(&text);
        let mut read = Vec::new();
        let mut unclear = false;
        let mut long = 0;
        for r in &recs {
            match &r.body {
                Ok(Body::Puzzle { puzzle, .. }) => {
                    prop_assert_eq!(puzzle.n(), 9, "{}", text);
                    read.push(puzzle.givens().iter().map(|g| g.map_or(0, |v| v + 1)).collect::<Vec<u8>>());
                }
                Err(e) => {
                    let e = e.error.to_string();
                    unclear |= e.contains("cannot be told");
                    long += usize::from(e.contains("one too many inside it"));
                }
                Ok(_) => prop_assert!(false, "not a puzzle:\n{}", text),
            }
        }
        // In order, each one written.
        let mut next = 0;
        for got in &read {
            let k = written[next..].iter().position(|w| w == got);
            prop_assert!(k.is_some(), "a puzzle not written (or out of order) was read from:\n{}", text);
            next += k.unwrap_or(0) + 1;
        }
        if !unclear {
            prop_assert!(long <= 1 && read.len() + usize::from(missing) + long >= written.len(), "{} of {} read from:\n{}", read.len(), written.len(), text);
        }
    }
}

/// Past the count's cap (4,096 rows in one run), rows are read as they
/// come: a stray `000000000` early in a long run shifts the puzzles after
/// it, and the plan of the next stretch, which finds the run no whole
/// number of puzzles, says that the fault may lie before it rather than
/// blaming its first line alone.
#[test]
fn a_fault_before_the_cap_is_not_blamed_on_the_line_after_it() {
    let sample = read("sudoku/sample-1000.txt");
    let which: Vec<usize> = (0..500).collect();
    let mut rows: Vec<String> = Vec::new();
    for p in sample_puzzles(&sample, &which) {
        rows.extend(p.as_bytes().chunks(9).map(|r| String::from_utf8_lossy(r).replace('.', "0")));
    }
    rows.insert(99, "000000000".into());
    let recs = records(&(rows.join("\n") + "\n"));
    let messages: Vec<String> =
        recs.iter().filter_map(|r| r.body.as_ref().err().map(|e| e.error.to_string())).collect();
    assert!(
        messages.iter().any(|m| m.contains("were read as they came (past the first 4,096 of the run)")),
        "{messages:?}"
    );
    assert!(!messages.iter().any(|m| m.starts_with("not a row")), "{messages:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn verification_rejects_any_one_cell_change(which in 0usize..1000, blanks in proptest::collection::vec(any::<bool>(), 81), jig in any::<bool>(), cell in 0usize..81, shift in 1u8..9) {
        // A shipped puzzle's solution, blanked at random (sometimes with a
        // jigsaw map of its rows): the solution verifies; the same grid
        // with any one cell changed to any other symbol does not.
        let sample = read("sudoku/sample-1000.txt");
        let puzzle = sample.lines().nth(which).unwrap();
        let solved = dance(&["solve", "--format", "line"]).stdin(format!("{puzzle}\n")).expect(0).stdout;
        let solved = solved.trim();
        let cells: String = solved.chars().zip(&blanks).map(|(c, &b)| if b { '.' } else { c }).collect();
        let map: String = (0..81).map(|i| char::from(b'0' + (i / 9) as u8)).collect();
        let line = if jig { format!("{cells} {map}\n") } else { format!("{cells}\n") };
        let recs = records(&line);
        let Ok(Body::Puzzle { puzzle, .. }) = &recs[0].body else { panic!("not a puzzle") };
        let grid: Vec<u8> = solved.chars().map(|c| puzzle.alphabet().index(c).unwrap()).collect();
        prop_assert_eq!(reduce::verify::grid(puzzle, &grid), Ok(()));
        let mut changed = grid.clone();
        changed[cell] = (grid[cell] + shift) % 9;
        prop_assert!(reduce::verify::grid(puzzle, &changed).is_err());
    }
}

/// An exported 4x4 puzzle whose placements are made to lie after reading
/// (the reader refuses a document whose givens and options disagree, so
/// the lie is planted in the record itself): the options the engine finds
/// decode into a grid that breaks the puzzle. That is how an engine bug
/// would look to the print path, and no grid of it may be printed.
fn lying_record() -> dance::record::Record {
    let text = read("trust/export-4x4.json");
    let mut recs = read_str(&text, "lie.json", &ReadSettings::default());
    let mut rec = recs.remove(0);
    let Ok(Body::Problem { cover: Some(pc), .. }) = &mut rec.body else { panic!("an exported puzzle") };
    // Every option that places a 3 places a 4 instead, and a 4 a 3: the
    // decoded grid is still full and still a Latin square, but the givens
    // 3 and 4 now sit beside filled cells of their own symbol.
    for pl in pc.placements.iter_mut() {
        pl.symbol = match pl.symbol {
            2 => 3,
            3 => 2,
            s => s,
        };
    }
    rec
}

#[test]
fn an_answer_that_fails_verification_is_never_printed() {
    for (mode, output) in [
        (Mode::First, OutputFormat::Text),
        (Mode::Unique, OutputFormat::Text),
        (Mode::All { limit: None }, OutputFormat::Text),
        (Mode::First, OutputFormat::Json),
        (Mode::All { limit: None }, OutputFormat::Json),
    ] {
        let rec = lying_record();
        let plan = Plan { output, ..Plan::new(mode) };
        let (mut out, mut notes) = (Vec::new(), Vec::new());
        let status = search(&rec, 1, &plan, &mut Engines::default(), &mut out, &mut notes).unwrap();
        assert_eq!(status, dance::Status::Refused, "{mode:?} {output:?}");
        assert_eq!(status.code(), 2);
        let out = String::from_utf8(out).unwrap();
        match output {
            OutputFormat::Text => assert_eq!(out, "", "{mode:?}: nothing printed"),
            _ => {
                let v: serde_json::Value = serde_json::from_str(&out).unwrap();
                assert_eq!(v["status"], "error");
                assert!(v["message"].as_str().unwrap().contains("failed verification"));
                assert!(v.get("solutions").is_none());
            }
        }
        let said: Vec<&str> = notes.iter().map(|n| n.text.as_str()).collect();
        assert!(
            said.iter().any(|t| t.starts_with("lie.json:1: internal error") && t.contains("bug")),
            "{said:?}"
        );
    }
}
