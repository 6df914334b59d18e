//! A generator of realistic files, as a property test: random puzzles
//! (orders 4, 9 and 16, from a solution with its symbols shuffled and
//! cells blanked at random) written in the layouts people download (line
//! records with notes, under headings, or in groups (`53..7.... 6..195...`), `puzzle solution` and
//! `solution puzzle` lines with any separator, CSV and
//! TSV tables with a header in any column order, rows of `id,cells,...`
//! without one, Markdown tables with a header of column labels, box-drawing
//! grids with empty or `.` blanks, grids of rows compact, spaced, tabbed
//! or comma-separated, with `.` or `0` blanks and titles), with comments, blank runs, a count line, a `0` end
//! marker, a BOM and CRLF or CR-only line ends. Read back, they give exactly the
//! puzzles, in order: never a different puzzle, never an extra record.
//!
//! `PROPTEST_CASES` sets the number of cases (`just realistic` runs many
//! more than the default).

use dance::input::{read_str, ReadSettings};
use dance::record::Body;
use proptest::prelude::*;

/// A solved grid of order `n` = k²: the pattern grid, its symbols shuffled.
fn solution(k: usize, perm: &[usize]) -> Vec<usize> {
    let n = k * k;
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            perm[(r * k + r / k + c) % n]
        })
        .collect()
}

const SYMBOLS: &str = "123456789ABCDEFG";

/// A puzzle and its solution as text, `.` blanks.
#[derive(Clone, Debug)]
struct Case {
    puzzle: String,
    solution: String,
}

fn case(k: usize) -> impl Strategy<Value = Case> {
    let n = k * k;
    (Just((0..n).collect::<Vec<usize>>()).prop_shuffle(), proptest::collection::vec(any::<bool>(), n * n))
        .prop_map(move |(perm, blanks)| {
            let sol = solution(k, &perm);
            let sym: Vec<char> = SYMBOLS.chars().collect();
            let solution: String = sol.iter().map(|&v| sym[v]).collect();
            // At least one blank and one given.
            let mut puzzle: Vec<char> =
                solution.chars().zip(&blanks).map(|(c, &b)| if b { '.' } else { c }).collect();
            puzzle[0] = '.';
            puzzle[1] = sym[sol[1]];
            Case { puzzle: puzzle.into_iter().collect(), solution }
        })
}

/// How the puzzles of one file are written.
#[derive(Clone, Copy, Debug)]
enum Layout {
    /// `cells note`.
    LineNote,
    /// `cells SEP solution`.
    PuzzleSolution(&'static str),
    /// `solution SEP cells`: the solution first.
    SolutionPuzzle(&'static str),
    /// A header (columns in this order), then rows.
    Table { delimiter: char, id_first: bool, solution: bool },
    /// `id,cells,rating` without a header.
    Headerless,
    /// A Markdown table a puzzle: a header of column labels (numbers or
    /// letters), the `|---|` row, rows of `| 5 |   |` (blank: empty).
    Markdown { letters: bool },
    /// Box-drawing art a puzzle, a bar between every two cells; a blank is
    /// an empty cell or `.`.
    BoxArt { dots: bool },
    /// A grid a puzzle: N rows of cells joined by `sep` (compact, spaced,
    /// comma-separated), blanks `.` or `0` (for orders under 10, where `0`
    /// is no symbol), a blank line after each, a heading of one or two
    /// title lines in one of several languages (`HEADINGS`) before each or not.
    Rows { sep: &'static str, zeros: bool, titles: Option<usize> },
    /// A line record a puzzle, under a heading (`HEADINGS`).
    HeadedLine { heading: usize },
    /// A puzzle on one line in groups: its rows or its boxes' rows,
    /// separated by a blank or `|`, then a note (orders 9 and up; a 4x4 is
    /// written whole, as no grouped line of 16 cells is read).
    GroupedLine { rows: bool, bar: bool },
}

/// Headings before a puzzle, `{}` its number: title lines the readers skip.
const HEADINGS: [&str; 5] = [
    "Puzzle {}",
    "Puzzle {}\nDifficulty: hard",
    "Rätsel {}\nSchwierigkeit: schwer",
    "Énigme {}\nDifficulté : difficile",
    "数独 {}",
];

/// The heading `k` of puzzle `i` (from 0).
fn heading(k: usize, i: usize) -> String {
    HEADINGS[k].replace("{}", &(i + 1).to_string()) + "\n"
}

fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![
        Just(Layout::LineNote),
        prop_oneof![Just(" "), Just("\t"), Just(";"), Just("")].prop_map(Layout::PuzzleSolution),
        prop_oneof![Just(" "), Just("\t"), Just(";"), Just(",")].prop_map(Layout::SolutionPuzzle),
        (prop_oneof![Just(','), Just('\t'), Just(';')], any::<bool>(), any::<bool>())
            .prop_map(|(delimiter, id_first, solution)| Layout::Table { delimiter, id_first, solution }),
        Just(Layout::Headerless),
        any::<bool>().prop_map(|letters| Layout::Markdown { letters }),
        any::<bool>().prop_map(|dots| Layout::BoxArt { dots }),
        (
            prop_oneof![Just(""), Just(" "), Just(","), Just("\t")],
            any::<bool>(),
            proptest::option::of(0..HEADINGS.len())
        )
            .prop_map(|(sep, zeros, titles)| Layout::Rows { sep, zeros, titles }),
        (0..HEADINGS.len()).prop_map(|heading| Layout::HeadedLine { heading }),
        (any::<bool>(), any::<bool>()).prop_map(|(rows, bar)| Layout::GroupedLine { rows, bar }),
    ]
}

/// The file's text.
fn write(cases: &[Case], layout: Layout, extras: &Extras) -> String {
    let mut lines: Vec<String> = Vec::new();
    let table = matches!(layout, Layout::Table { .. });
    if extras.comment && !table {
        lines.push("# a collection of puzzles".into());
    }
    if extras.count
        && matches!(
            layout,
            Layout::LineNote
                | Layout::PuzzleSolution(_)
                | Layout::SolutionPuzzle(_)
                | Layout::HeadedLine { .. }
        )
    {
        lines.push(cases.len().to_string());
    }
    if let Layout::Table { delimiter: d, id_first, solution } = layout {
        let mut cols = vec!["puzzle"];
        if solution {
            cols.push("solution");
        }
        if id_first {
            cols.insert(0, "id");
        } else {
            cols.push("difficulty");
        }
        lines.push(cols.join(&d.to_string()));
    }
    for (i, c) in cases.iter().enumerate() {
        let line = match layout {
            Layout::LineNote => format!("{} #{i} rated {}.{}", c.puzzle, i % 10, i % 7),
            Layout::PuzzleSolution(sep) => format!("{}{sep}{}", c.puzzle, c.solution),
            Layout::SolutionPuzzle(sep) => format!("{}{sep}{}", c.solution, c.puzzle),
            Layout::Table { delimiter: d, id_first, solution } => {
                let mut f = vec![c.puzzle.clone()];
                if solution {
                    f.push(c.solution.clone());
                }
                if id_first {
                    f.insert(0, i.to_string());
                } else {
                    f.push(format!("{}.5", i % 3));
                }
                f.join(&d.to_string())
            }
            Layout::Headerless => format!("{i},{},{}", c.puzzle, ["easy", "hard"][i % 2]),
            Layout::Markdown { letters } => markdown(&c.puzzle, letters),
            Layout::BoxArt { dots } => box_art(&c.puzzle, dots),
            Layout::Rows { sep, zeros, titles } => {
                let zeros = zeros && c.puzzle.len() < 100;
                let rows: Vec<String> = rows(&c.puzzle)
                    .iter()
                    .map(|r| {
                        let cells: Vec<String> = r
                            .iter()
                            .map(|&ch| if ch == '.' && zeros { '0' } else { ch }.to_string())
                            .collect();
                        cells.join(sep)
                    })
                    .collect();
                let title = titles.map(|k| heading(k, i)).unwrap_or_default();
                format!("{title}{}\n", rows.join("\n"))
            }
            Layout::HeadedLine { heading: k } => format!("{}{}", heading(k, i), c.puzzle),
            Layout::GroupedLine { rows, bar } => {
                let cells: Vec<char> = c.puzzle.chars().collect();
                let n = (1..).find(|n| n * n >= cells.len()).unwrap();
                let k = (1..).find(|k| k * k >= n).unwrap();
                let width = if rows { n } else { k };
                let groups: Vec<String> = cells.chunks(width).map(|g| g.iter().collect()).collect();
                let line = if n < 9 { c.puzzle.clone() } else { groups.join(if bar { "|" } else { " " }) };
                format!("{line} #{i}")
            }
        };
        lines.push(line);
        if extras.blank_runs && i % 2 == 0 {
            lines.push(String::new());
            lines.push(String::new());
        }
    }
    if extras.end_marker
        && matches!(
            layout,
            Layout::LineNote
                | Layout::PuzzleSolution(_)
                | Layout::SolutionPuzzle(_)
                | Layout::Rows { .. }
                | Layout::HeadedLine { .. }
                | Layout::GroupedLine { .. }
        )
    {
        lines.push("0".into());
    }
    let eol = ["\n", "\r\n", "\r"][extras.eol];
    let mut text = lines.join("\n").replace('\n', eol) + eol;
    if extras.bom {
        text.insert(0, '\u{feff}');
    }
    text
}

/// The rows of a puzzle given as N² cells, `.` blanks.
fn rows(puzzle: &str) -> Vec<Vec<char>> {
    let cells: Vec<char> = puzzle.chars().collect();
    let n = (1..=16).find(|n| n * n == cells.len()).expect("a square");
    cells.chunks(n).map(<[char]>::to_vec).collect()
}

/// A puzzle as a Markdown table, lines joined by `\n`.
fn markdown(puzzle: &str, letters: bool) -> String {
    let rows = rows(puzzle);
    let n = rows.len();
    let bar = |cells: Vec<String>| format!("| {} |", cells.join(" | "));
    let label = |j: usize| if letters { ((b'a' + j as u8) as char).to_string() } else { (j + 1).to_string() };
    let mut lines = vec![bar((0..n).map(label).collect()), format!("|{}|", vec!["---"; n].join("|"))];
    for r in rows {
        lines.push(bar(r.iter().map(|&c| if c == '.' { " ".into() } else { c.to_string() }).collect()));
    }
    lines.join("\n")
}

/// A puzzle as box-drawing art, lines joined by `\n`.
fn box_art(puzzle: &str, dots: bool) -> String {
    let rows = rows(puzzle);
    let n = rows.len();
    let rule = |l: &str, m: &str, r: &str| format!("{l}{}{r}", vec!["───"; n].join(m));
    let mut lines = vec![rule("┌", "┬", "┐")];
    for (i, r) in rows.iter().enumerate() {
        let cell = |&c: &char| format!(" {} ", if c == '.' && !dots { ' ' } else { c });
        lines.push(format!("│{}│", r.iter().map(cell).collect::<Vec<_>>().join("│")));
        lines.push(if i + 1 < n { rule("├", "┼", "┤") } else { rule("└", "┴", "┘") });
    }
    lines.join("\n")
}

#[derive(Clone, Debug)]
struct Extras {
    comment: bool,
    count: bool,
    end_marker: bool,
    blank_runs: bool,
    bom: bool,
    /// LF, CRLF or CR alone.
    eol: usize,
}

fn extras() -> impl Strategy<Value = Extras> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), 0usize..3).prop_map(
        |(comment, count, end_marker, blank_runs, bom, eol)| Extras {
            comment,
            count,
            end_marker,
            blank_runs,
            bom,
            eol,
        },
    )
}

fn cases() -> impl Strategy<Value = Vec<Case>> {
    prop_oneof![2 => Just(3usize), 1 => Just(2usize), 1 => Just(4usize)]
        .prop_flat_map(|k| proptest::collection::vec(case(k), 1..6))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn realistic_files_read_back_as_their_puzzles(cases in cases(), layout in layout(), extras in extras()) {
        let text = write(&cases, layout, &extras);
        let records = read_str(&text, "gen.txt", &ReadSettings::default());
        let read: Vec<Result<String, String>> = records
            .iter()
            .map(|r| match &r.body {
                Ok(Body::Puzzle { puzzle, .. }) => Ok(puzzle.render(puzzle.givens()).replace('\n', "")),
                Ok(Body::Problem { .. }) => Err(format!("{}: a problem", r.source)),
                Err(e) => Err(format!("{}: {}", r.source, e.message())),
            })
            .collect();
        let want: Vec<Result<String, String>> = cases.iter().map(|c| Ok(c.puzzle.clone())).collect();
        prop_assert_eq!(read, want, "{:?}\n{}", layout, text);
        // A solution kept as the note is the puzzle's own.
        for (r, c) in records.iter().zip(&cases) {
            if let Some(note) = &r.note {
                if note.len() == c.solution.len() && !note.contains(' ') {
                    prop_assert_eq!(note, &c.solution);
                }
            }
            prop_assert!(r.notices.iter().all(|n| !n.text.contains("does not solve")), "{:?}", r.notices);
        }
    }
}
