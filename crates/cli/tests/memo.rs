//! `count --engine memo|plain|auto`, `--memory`, and `solve --random`:
//! the same counts from every engine, through the command line; uniform
//! draws that are solutions, reproducible by seed; refusals that say why.

mod common;
use common::dance;

use std::collections::HashMap;

const BLANK_4: &str = "....\n....\n....\n....\n";

/// Domino tilings of an m x n board as Knuth's text format.
fn dominoes(m: usize, n: usize) -> String {
    let cell = |r: usize, c: usize| format!("c{r}x{c}");
    let mut s: String = (0..m * n).map(|k| cell(k / n, k % n) + " ").collect();
    s.push('\n');
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                s += &format!("{} {}\n", cell(r, c), cell(r, c + 1));
            }
            if r + 1 < m {
                s += &format!("{} {}\n", cell(r, c), cell(r + 1, c));
            }
        }
    }
    s
}

#[test]
fn every_engine_counts_alike() {
    for engine in ["auto", "memo", "plain"] {
        dance(&["count", "--engine", engine, "--format", "dlx"])
            .stdin(dominoes(6, 6))
            .stdout("6728\n")
            .check();
        dance(&["count", "--engine", engine]).stdin(BLANK_4).stdout("288\n").check();
        dance(&["count", "--engine", engine, "--memory", "1K"])
            .stdin("1...\n....\n....\n...2\n")
            .stdout("18\n")
            .check();
    }
}

#[test]
fn the_memo_counts_past_what_enumeration_reaches() {
    dance(&["count", "--format", "dlx"]).stdin(dominoes(12, 12)).stdout("53060477521960000\n").check();
    dance(&["count", "--engine", "memo", "--format", "dlx", "--output", "json"])
        .stdin(dominoes(10, 10))
        .stdout_has("\"count\":258584046368")
        .check();
}

#[test]
fn shards_of_a_memo_count_add_up() {
    let mut sum = 0u64;
    for k in 1..=3 {
        let r = dance(&["count", "--engine", "memo", "--format", "dlx", "--shard", &format!("{k}/3")])
            .stdin(dominoes(8, 8))
            .any_stdout()
            .run();
        assert_eq!(r.code, 0, "{}", r.stderr);
        sum += r.stdout.trim().parse::<u64>().unwrap();
    }
    assert_eq!(sum, 12_988_816);
}

#[test]
fn bad_memory_sizes_are_usage_errors() {
    for bad in ["12Q", "-1", "", "99999999999T"] {
        let r = dance(&["count", "--memory", bad]).stdin(BLANK_4).any_stdout().run();
        assert_eq!(r.code, 2, "{bad}: {}", r.stderr);
    }
}

#[test]
fn random_grids_are_solutions_and_cover_all_288() {
    let r = dance(&["solve", "--random", "3000", "--seed", "5"]).stdin(BLANK_4).any_stdout().run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut seen: HashMap<String, usize> = HashMap::new();
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3000 * 5);
    for chunk in lines.chunks(5) {
        let grid = chunk[1..].join("\n");
        // A Latin square with 2x2 boxes: rows, columns and boxes hold 1-4.
        let cells: Vec<u8> = grid.bytes().filter(|b| b.is_ascii_digit()).collect();
        assert_eq!(cells.len(), 16);
        for i in 0..4 {
            let mut row: Vec<u8> = (0..4).map(|j| cells[4 * i + j]).collect();
            let mut col: Vec<u8> = (0..4).map(|j| cells[4 * j + i]).collect();
            let mut bx: Vec<u8> =
                (0..4).map(|j| cells[(i / 2 * 2 + j / 2) * 4 + i % 2 * 2 + j % 2]).collect();
            for v in [&mut row, &mut col, &mut bx] {
                v.sort();
                assert_eq!(v, b"1234");
            }
        }
        *seen.entry(grid).or_default() += 1;
    }
    // 3,000 draws of 288 grids: every grid is seen (a grid is missed with
    // probability (287/288)^3000, about 3e-5).
    assert_eq!(seen.len(), 288);
    let again = dance(&["solve", "--random", "3000", "--seed", "5"]).stdin(BLANK_4).any_stdout().run();
    assert_eq!(again.stdout, r.stdout, "the same seed, the same draws");
}

#[test]
fn random_completions_keep_the_givens() {
    let r = dance(&["solve", "--random", "50"]).stdin("1...\n....\n....\n...2\n").any_stdout().run();
    assert_eq!(r.code, 0, "{}", r.stderr);
    for chunk in r.stdout.lines().collect::<Vec<_>>().chunks(5) {
        assert!(chunk[1].starts_with('1') && chunk[4].ends_with('2'), "{chunk:?}");
    }
    dance(&["solve", "--random", "2", "--format", "dlx"]).stdin("a b\na\nb\n").stdout_has("2\n").check();
}

#[test]
fn random_refuses_what_it_cannot_draw() {
    let r = dance(&["solve", "--random", "1", "--output", "json"]).stdin(BLANK_4).any_stdout().run();
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--random writes text only"), "{}", r.stderr);
}
