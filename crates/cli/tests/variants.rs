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
