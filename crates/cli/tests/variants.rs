//! The variant corpus (`fixtures/variants/data/*.jsonl`: 118 f-puzzles
//! objects with checked answers, from ISS's collections and SudokuPad's
//! test list; their README and licences beside them), read in every form
//! dance reads: the JSON object, its f-puzzles link, its SudokuPad link,
//! and the plain-text form `export --to text` writes. Each reading must be
//! the same puzzle, keep the published answer (every constraint checked by
//! `Puzzle::verify`, independent of every search) and reject the answer
//! with any one cell changed; `export --to fpuzzles` must read back to the
//! same puzzle. The searches (solved to the answer, counted) are in the
//! `solve_*` tests, which need the variant engine's speed.

mod common;
use common::*;

use dance::input::{read_str, ReadSettings};
use dance::record::{Body, Record};
use reduce::Puzzle;
use serde_json::Value;

const FILES: [&str; 3] = ["iss_examples.jsonl", "iss_tarek_all.jsonl", "sudokupad.jsonl"];

/// Every corpus entry: its name, the f-puzzles object, the answer (symbol
/// indices), the number of solutions and whether that is a lower bound.
pub struct Entry {
    pub name: String,
    pub object: Value,
    pub answer: Vec<u8>,
    pub solutions: u64,
    pub at_least: bool,
}

pub fn entries() -> Vec<Entry> {
    let mut out = Vec::new();
    for f in FILES {
        for line in read(&format!("variants/data/{f}")).lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            let answer: Vec<u8> = match &v["solution"] {
                Value::String(s) => s.bytes().map(|b| b - b'1').collect(),
                Value::Array(a) => a.iter().map(|x| x.as_u64().unwrap() as u8 - 1).collect(),
                other => panic!("{other}"),
            };
            out.push(Entry {
                name: v["name"].as_str().unwrap().to_string(),
                object: v["fpuzzles"].clone(),
                answer,
                solutions: v["solutions"].as_u64().unwrap(),
                at_least: v["solutions_by"].as_str().unwrap().ends_with(":at-least"),
            });
        }
    }
    out
}

fn one_puzzle(records: Vec<Record>, what: &str) -> Puzzle {
    assert_eq!(records.len(), 1, "{what}");
    match records.into_iter().next().unwrap().body {
        Ok(Body::Puzzle { puzzle, .. }) => puzzle,
        Ok(_) => panic!("{what}: not a puzzle"),
        Err(r) => panic!("{what}: refused: {}", r.message()),
    }
}

/// What [`canonical`] compares: the order, each cell's region, the givens,
/// the candidates and the constraints' sorted text lines.
type Canonical = (usize, Vec<Option<usize>>, Vec<Option<u8>>, Option<Vec<u64>>, Vec<String>);

/// A puzzle as a comparable value that does not depend on the order its
/// constraints were read in, nor on its region labels: the order, each
/// cell's region, the givens, the candidates, and the constraints' text
/// lines sorted.
pub fn canonical(p: &Puzzle) -> Canonical {
    let n = p.n();
    let mut lines: Vec<String> =
        p.rules().constraints.iter().map(|c| reduce::constraint::text::write(n, c)).collect();
    lines.sort();
    let regions = (0..n * n).map(|c| p.shape().region(c)).collect();
    (n, regions, p.givens().to_vec(), p.rules().candidates.clone(), lines)
}

fn settings() -> ReadSettings {
    ReadSettings::default()
}

#[test]
fn every_corpus_puzzle_reads_and_keeps_its_answer() {
    let entries = entries();
    assert_eq!(entries.len(), 118);
    for e in &entries {
        let json = serde_json::to_string(&e.object).unwrap();
        let puzzle = one_puzzle(read_str(&json, "x.json", &settings()), &e.name);
        if let Err(why) = puzzle.verify(&e.answer) {
            panic!("{}: the answer breaks {why}", e.name);
        }
        // Any one cell changed breaks a rule (the bench data's own check).
        let n = puzzle.n();
        for cell in 0..n * n {
            let mut g = e.answer.clone();
            g[cell] = (g[cell] + 1) % n as u8;
            assert!(puzzle.verify(&g).is_err(), "{}: cell {cell} changed still verifies", e.name);
        }
        // The same puzzle from a link, with the link's data as a line.
        let data = lz_str::compress_to_base64(&json);
        for link in [
            format!("https://f-puzzles.com/?load={data}\n"),
            format!("https://sudokupad.app/fpuzzles{data}\n"),
            format!("{data}\n"),
        ] {
            let p = one_puzzle(read_str(&link, "links.txt", &settings()), &e.name);
            assert_eq!(p, puzzle, "{}: {link}", e.name);
        }
    }
}

#[test]
fn export_to_fpuzzles_reads_back_to_the_same_puzzle() {
    for e in entries() {
        let json = serde_json::to_string(&e.object).unwrap();
        let dir = std::env::temp_dir().join(format!("dance-variants-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.json");
        std::fs::write(&path, &json).unwrap();
        let puzzle = one_puzzle(read_str(&json, "x.json", &settings()), &e.name);
        for args in [vec!["--to", "fpuzzles"], vec!["--to", "fpuzzles", "--link"], vec!["--to", "text"]] {
            let mut cmd = vec!["export"];
            cmd.extend(args.iter().copied());
            cmd.push(path.to_str().unwrap());
            let out = dance(&cmd).run();
            assert_eq!(out.code, 0, "{}: {cmd:?}: {}", e.name, out.stderr);
            let name = if args.contains(&"text") { "x.txt" } else { "x" };
            let back = one_puzzle(read_str(&out.stdout, name, &settings()), &format!("{} {args:?}", e.name));
            assert_eq!(canonical(&back), canonical(&puzzle), "{}: {args:?} gave\n{}", e.name, out.stdout);
        }
    }
}

/// Every corpus puzzle counted to 2 by the variant search, within a node
/// budget (deterministic, unlike a clock): the count is the corpus's (1 for
/// the unique ones, 2 for "two or more"), and the first solution of a
/// unique puzzle is its answer. A puzzle that runs out of budget answers
/// unknown, never a count; none does today (the slowest, "Wecoc #1 [mod
/// B]", takes 177 k nodes; bench/results.md times it).
#[test]
fn the_variant_search_counts_every_corpus_puzzle() {
    use std::ops::ControlFlow;
    let mut unknown = Vec::new();
    for e in entries() {
        let json = serde_json::to_string(&e.object).unwrap();
        let puzzle = one_puzzle(read_str(&json, "x.json", &settings()), &e.name);
        let mut solver = reduce::GridSolver::new(puzzle.shape());
        solver.set_budget(dlx::Budget::nodes(200_000));
        let mut first = None;
        let o = solver
            .solve_any(&puzzle, |g| {
                first.get_or_insert_with(|| g.to_vec());
                ControlFlow::Break(())
            })
            .unwrap();
        if o.end().is_unknown() {
            unknown.push(e.name.clone());
            continue;
        }
        let first = first.unwrap_or_else(|| panic!("{}: no solution", e.name));
        assert_eq!(puzzle.verify(&first), Ok(()), "{}", e.name);
        let o = solver.count(&puzzle, Some(2)).unwrap();
        if o.end().is_unknown() {
            unknown.push(e.name.clone());
            continue;
        }
        let want = if e.at_least { 2 } else { e.solutions.min(2) };
        assert_eq!(o.solutions(), Some(want), "{}", e.name);
        if want == 1 {
            assert_eq!(first, e.answer, "{}", e.name);
        }
    }
    assert!(unknown.is_empty(), "out of budget: {unknown:?}");
}

/// One line of every constraint kind the plain text knows, with their
/// parameters (Dutch whispers, a lockout's difference, dots of any value, a
/// cage without a sum, circles of two cells, clues on every side), on 9x9
/// boxes and on a 6x6: each reads, and its f-puzzles object, its link and
/// its text read back to the same puzzle; many of them are not in the corpus.
#[test]
fn every_constraint_kind_round_trips_through_fpuzzles_and_text() {
    let nine = [
        "killer 15 r1c1 r1c2 r2c1",
        "killer - r5c5 r5c6",
        "arrow r1c1 > r2c2 r3c3",
        "arrow r1c1 r1c2 > r2c3 r3c3 r4c3",
        "littlekiller 22 r0c0 DR",
        "littlekiller 9 r10c3 UR",
        "sandwich 8 r0c1",
        "sandwich 0 r4c10",
        "xsum 25 r10c3",
        "skyscraper 3 r5c0",
        "thermo r1c1 r1c2 r1c3",
        "slowthermo r2c1 r2c2 r3c2",
        "palindrome r1c1 r2c2 r3c3",
        "renban r4c4 r4c5 r4c6",
        "whispers r1c1 r1c2 r1c3",
        "whispers 4 r1c1 r1c2 r1c3",
        "between r1c5 r2c5 r3c5",
        "lockout r8c1 r8c2 r8c3 r8c4",
        "lockout 5 r8c1 r8c2 r8c3",
        "entropic r4c1 r4c2 r4c3",
        "modular r5c1 r5c2 r5c3",
        "regionsum r7c1 r7c2 r7c3 r7c4",
        "zipper r6c1 r6c2 r6c3",
        "doublearrow r9c5 r9c6 r9c7",
        "white r1c1 r1c2",
        "white 2 r1c1 r1c2",
        "black r1c1 r2c1",
        "black 3 r1c1 r2c1",
        "x r1c1 r1c2",
        "v r2c2 r3c2",
        "nonconsecutive",
        "negative ratio",
        "negative xv",
        "odd r1c1",
        "even r9c9",
        "minimum r5c5",
        "maximum r6c8",
        "quadruple r1c1 r1c2 r2c1 r2c2 : 1 2 9",
        "clone r1c7 r1c8 = r3c7 r3c8",
        "extraregion r5c5 r5c6 r6c5 r6c6",
        "windoku",
        "diagonal+",
        "diagonal-",
        "antiknight",
        "antiking",
        "disjointgroups",
        "rowindexer r2c9",
        "columnindexer r3c9 r4c9",
        "boxindexer r1c1 r5c5",
        "candidates r4c5 139",
    ];
    let six = ["killer 10 r1c1 r1c2", "whispers r1c1 r2c2", "boxindexer r2c3 r4c4", "littlekiller 7 r0c6 DL"];
    let mut read_back = 0;
    for (n, lines) in [(9, &nine[..]), (6, &six[..])] {
        for line in lines {
            let text = format!("{}{line}\n", format!("{}\n", ".".repeat(n)).repeat(n));
            let puzzle = one_puzzle(read_str(&text, "x.txt", &settings()), line);
            assert!(!puzzle.rules().is_empty(), "{line}: read without its constraint");
            for (out, name) in [
                (dance::output::fpuzzles::json_text(&puzzle, None), "x.json"),
                (dance::output::fpuzzles::link(&puzzle, None) + "\n", "links.txt"),
                (dance::output::fpuzzles::text(&puzzle), "x.txt"),
            ] {
                let back = one_puzzle(read_str(&out, name, &settings()), &format!("{line} as {name}"));
                assert_eq!(canonical(&back), canonical(&puzzle), "{line} as {name}:\n{out}");
                read_back += 1;
            }
        }
    }
    assert_eq!(read_back, 3 * (nine.len() + six.len()));
}
