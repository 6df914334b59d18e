//! `dance generate` and `dance analyze` through the real binary: what one
//! makes, the other (and `count`, `solve`) checks. For several shapes and
//! seeds: every puzzle written has one solution (counted by `dance count`
//! on the puzzle as written, jigsaw map and all), the JSON solution is
//! that solution, `analyze` finds it minimal (without symmetry), the pattern has the
//! symmetry said, and the output is the same with any `--jobs`.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

/// Runs `dance args` with `stdin`; the exit status, stdout and stderr.
fn dance(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dance"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dance runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

/// The JSON objects of `dance generate args --output json`.
fn generated(args: &[&str]) -> Vec<Value> {
    let mut all = args.to_vec();
    all.extend(["--output", "json"]);
    let (status, out, err) = dance(&all, "");
    assert_eq!(status, 0, "{args:?}: {err}");
    out.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// Whether the givens `cells` (N² characters) show `symmetry`.
fn symmetric(cells: &[u8], symmetry: &str) -> bool {
    let n = (1..=64).find(|k| k * k == cells.len()).unwrap();
    let given = |r: usize, c: usize| cells[r * n + c] != b'.';
    (0..n).all(|r| {
        (0..n).all(|c| {
            let (r2, c2) = match symmetry {
                "none" => return true,
                "rot180" => (n - 1 - r, n - 1 - c),
                "rot90" => (c, n - 1 - r),
                "mirror" => (r, n - 1 - c),
                "diagonal" => (c, r),
                s => panic!("symmetry {s}"),
            };
            given(r, c) == given(r2, c2)
        })
    })
}

/// The checks of one run of `dance generate args`.
fn check(args: &[&str]) {
    let made = generated(args);
    assert!(!made.is_empty(), "{args:?}: nothing made");
    // The text lines, as `solve` and `count` read them back.
    let (status, lines, err) = dance(args, "");
    assert_eq!(status, 0, "{args:?}: {err}");
    assert_eq!(lines.lines().count(), made.len());
    let (status, counts, err) = dance(&["count", "-j", "1"], &lines);
    assert_eq!(status, 0, "{args:?}: count: {err}");
    assert!(counts.lines().all(|c| c == "1"), "{args:?}: counts {counts}");
    let (status, solved, err) = dance(&["solve", "-j", "1"], &lines);
    assert_eq!(status, 0, "{args:?}: solve: {err}");
    let (status, analysis, err) = dance(&["analyze", "-j", "1", "--output", "json"], &lines);
    assert_eq!(status, 0, "{args:?}: analyze: {err}");
    let analysis: Vec<Value> = analysis.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for ((m, solution), a) in made.iter().zip(solved.lines()).zip(&analysis) {
        assert_eq!(m["status"], "generated");
        let puzzle = m["puzzle"].as_str().unwrap();
        assert_eq!(m["solution"].as_str().unwrap(), solution, "{args:?}: {puzzle}");
        assert_eq!(m["clues"].as_u64().unwrap() as usize, puzzle.bytes().filter(|&b| b != b'.').count());
        assert!(symmetric(puzzle.as_bytes(), m["symmetry"].as_str().unwrap()), "{args:?}: {puzzle}");
        assert_eq!(a["status"], "unique", "{args:?}: {puzzle}");
        // Without symmetry, no given can go; with one, no orbit can (the
        // library's tests check orbits).
        if m["symmetry"] == "none" {
            assert_eq!(a["minimal"], true, "{args:?}: {puzzle}");
        }
    }
    // The same seed, the same output, with any number of threads.
    let mut one = args.to_vec();
    one.extend(["-j", "1"]);
    let mut two = args.to_vec();
    two.extend(["-j", "2"]);
    assert_eq!(dance(&one, "").1, lines, "{args:?} -j 1");
    assert_eq!(dance(&two, "").1, lines, "{args:?} -j 2");
}

#[test]
fn boxes() {
    check(&["generate", "--seed", "11", "-n", "6", "--order", "4"]);
    check(&["generate", "--seed", "12", "-n", "6", "--order", "6"]);
    check(&["generate", "--seed", "13", "-n", "6"]);
    check(&["generate", "--seed", "14", "-n", "2", "--order", "12"]);
}

#[test]
fn latin_squares() {
    check(&["generate", "--seed", "21", "-n", "6", "--order", "5", "--box", "none"]);
    check(&["generate", "--seed", "22", "-n", "4", "--order", "7", "--box", "none"]);
}

#[test]
fn jigsaws() {
    check(&["generate", "--seed", "31", "-n", "6", "--order", "6", "--jigsaw"]);
    check(&["generate", "--seed", "32", "-n", "6", "--jigsaw"]);
    check(&["generate", "--seed", "33", "-n", "3", "--jigsaw", "--symmetry", "rot180"]);
}

#[test]
fn symmetries() {
    for s in ["rot180", "rot90", "mirror", "diagonal", "any"] {
        check(&["generate", "--seed", "41", "-n", "3", "--symmetry", s]);
    }
}

#[test]
fn a_random_seed_is_told_and_makes_the_puzzle_again() {
    let made = generated(&["generate", "-n", "2"]);
    for m in &made {
        let seed = m["seed"].as_u64().unwrap().to_string();
        let again = generated(&["generate", "--seed", &seed]);
        assert_eq!(again[0]["puzzle"], m["puzzle"]);
    }
    let (status, _, err) = dance(&["generate"], "");
    assert_eq!(status, 0);
    assert!(err.starts_with("dance: seed "), "{err}");
}

#[test]
fn at_most_max_givens_or_unknown() {
    for m in generated(&["generate", "--seed", "51", "-n", "3", "--clues", "23"]) {
        assert!(m["clues"].as_u64().unwrap() <= 23);
    }
    // No 9x9 puzzle has 16 givens: the budget runs out, exit 3, no puzzle.
    let (status, out, err) = dance(&["generate", "--seed", "1", "--clues", "16", "--attempts", "20"], "");
    assert_eq!((status, out.as_str()), (3, ""));
    assert!(err.contains("no puzzle met the request in 20 attempts"), "{err}");
}

#[test]
fn a_difficulty_is_the_rating_of_the_puzzle() {
    for level in ["easy", "medium", "hard"] {
        for m in generated(&["generate", "--seed", "61", "-n", "2", "--difficulty", level]) {
            assert_eq!(m["rating"]["level"], level);
        }
    }
}

#[test]
fn analyze_reports_redundant_givens_and_ambiguity() {
    // A full 4x4 grid: every given is redundant alone.
    let (status, out, _) = dance(&["analyze", "--output", "json"], "1234341221434321\n");
    assert_eq!(status, 0);
    let a: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(a["minimal"], false);
    assert_eq!(a["redundant"].as_array().unwrap().len(), 16);
    // Two solutions: they differ exactly where said, and adding the
    // suggested given leaves fewer.
    let puzzle = "12.......3......";
    let (status, out, err) = dance(&["analyze", "--output", "json"], &format!("{puzzle}\n"));
    assert_eq!(status, 0, "{err}");
    let a: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(a["status"], "multiple");
    let grids: Vec<&str> = a["grids"].as_array().unwrap().iter().map(|g| g.as_str().unwrap()).collect();
    let differ: Vec<usize> = a["differ"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["row"].as_u64().unwrap() as usize * 4 + c["column"].as_u64().unwrap() as usize)
        .collect();
    let actual: Vec<usize> = (0..16).filter(|&i| grids[0].as_bytes()[i] != grids[1].as_bytes()[i]).collect();
    assert_eq!(differ, actual);
    let (_, all, _) = dance(&["count"], &format!("{puzzle}\n"));
    let s = &a["suggest"];
    let mut with: Vec<u8> = puzzle.bytes().collect();
    with[s["row"].as_u64().unwrap() as usize * 4 + s["column"].as_u64().unwrap() as usize] =
        s["symbol"].as_str().unwrap().as_bytes()[0];
    let (_, fewer, _) = dance(&["count"], &format!("{}\n", String::from_utf8(with).unwrap()));
    assert!(fewer.trim().parse::<u64>().unwrap() < all.trim().parse::<u64>().unwrap());
    assert_eq!(fewer.trim(), s["leaves"].to_string());
}

/// A reader that stops early (`generate | head`) ends the run quietly,
/// with any number of jobs: exit 0, nothing on stderr, no hang.
#[test]
fn a_closed_pipe_ends_generation_quietly() {
    use std::io::{BufRead, BufReader};
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dance"))
            .args(["generate", "--box", "2x2", "--count", "1000000", "--seed", "9", "--jobs", jobs])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        for _ in 0..20_000 {
            lines.next().unwrap().unwrap();
        }
        drop(lines);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "--jobs {jobs}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "--jobs {jobs}");
    }
}
