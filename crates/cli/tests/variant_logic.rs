//! The logical solver on the variant corpus (`fixtures/variants/data/`,
//! 118 f-puzzles objects with checked answers): on every puzzle with one
//! solution, every step keeps the published answer (no placement differs,
//! no elimination removes its digit) and the verdict is a rating, with the
//! answer as the grid when the steps fill it; on every puzzle with several,
//! no rating. Prints the reach table (`--nocapture`): how many puzzles
//! logic alone solves per file, and for the others where it stopped.
//! Ignored in debug builds (the uniqueness searches of the hard killers
//! take a while there); CI runs it in release.

mod common;
use common::*;

use dance::input::{read_str, ReadSettings};
use dance::record::Body;
use reduce::logic::{Logic, Technique, Unrated, Verdict};
use serde_json::Value;

const FILES: [&str; 3] = ["iss_examples.jsonl", "iss_tarek_all.jsonl", "sudokupad.jsonl"];

#[test]
#[ignore]
fn logic_keeps_the_answer_of_every_corpus_puzzle() {
    let mut table = Vec::new();
    let mut used = [0usize; Technique::ALL.len()];
    for f in FILES {
        let (mut unique, mut solved, mut stuck) = (0, 0, Vec::new());
        for line in read(&format!("variants/data/{f}")).lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            let name = v["name"].as_str().unwrap().to_string();
            let answer: Vec<u8> = match &v["solution"] {
                Value::String(s) => s.bytes().map(|b| b - b'1').collect(),
                Value::Array(a) => a.iter().map(|x| x.as_u64().unwrap() as u8 - 1).collect(),
                other => panic!("{other}"),
            };
            let one = v["solutions"].as_u64() == Some(1);
            let json = serde_json::to_string(&v["fpuzzles"]).unwrap();
            let records = read_str(&json, "x.json", &ReadSettings::default());
            let Ok(Body::Puzzle { puzzle, .. }) = &records[0].body else { panic!("{name}: not a puzzle") };
            let n = puzzle.n();
            let mut logic = Logic::new(puzzle.shape());
            let verdict = logic.explain(puzzle, |step| {
                used[Technique::ALL.iter().position(|&t| t == step.technique()).unwrap()] += 1;
                if one {
                    let words = step.display(puzzle).to_string();
                    for c in step.placements() {
                        assert_eq!(answer[c.row * n + c.column], c.symbol, "{name}: {words}");
                    }
                    for e in step.eliminations() {
                        assert_ne!(answer[e.row * n + e.column], e.symbol, "{name}: {words}");
                    }
                }
            });
            if !one {
                assert!(
                    matches!(verdict, Verdict::Unrated(Unrated::MultipleSolutions | Unrated::Unknown { .. })),
                    "{name}: several solutions, {verdict:?}"
                );
                continue;
            }
            unique += 1;
            match verdict {
                Verdict::Solved(_) => {
                    let grid: Vec<u8> = logic.values().map(|v| v.unwrap()).collect();
                    assert_eq!(grid, answer, "{name}");
                    solved += 1;
                }
                Verdict::Stuck(r) => {
                    let empty = logic.values().filter(|v| v.is_none()).count();
                    let keys: Vec<&str> =
                        v["constraints"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
                    stuck.push(format!(
                        "{name} ({}; {empty} cells left after {} steps)",
                        keys.join(", "),
                        r.steps()
                    ));
                }
                // A search budget that runs out is no wrong answer.
                Verdict::Unrated(Unrated::Unknown { .. }) => {
                    stuck.push(format!("{name} (uniqueness unknown)"))
                }
                other => panic!("{name}: one solution, {other:?}"),
            }
        }
        table.push(format!("| `{f}` | {unique} | {solved} | {} |", unique - solved));
        for s in stuck {
            eprintln!("stuck: {f}: {s}");
        }
    }
    eprintln!("| file | puzzles with one solution | solved by logic | stuck |\n|---|---:|---:|---:|");
    for row in &table {
        eprintln!("{row}");
    }
    for (t, k) in Technique::ALL.iter().zip(used) {
        eprintln!("{t}: {k} steps");
    }
    // The reach this corpus had when cage pairs and rule forcing chains of
    // several branches came (56 of 109), and the techniques that reason
    // with several rules at once in use.
    let reached: usize =
        table.iter().map(|row| row.split('|').nth(3).unwrap().trim().parse::<usize>().unwrap()).sum();
    assert!(reached >= 56, "logic solves {reached} corpus puzzles");
    for t in [
        Technique::RuleChain,
        Technique::RuleForcingChain,
        Technique::CagePairs,
        Technique::CagePlacements,
        Technique::RuleForcingChains,
    ] {
        assert!(used[Technique::ALL.iter().position(|&x| x == t).unwrap()] > 0, "no {t} step");
    }
}
