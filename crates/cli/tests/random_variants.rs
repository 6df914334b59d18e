//! `solve --random` on puzzles with variant constraints (docs/variants.md,
//! "Random solutions"): exactly uniform over a listed set or by memo,
//! every draw a solution, no solution and budgets answered as such.

mod common;

use common::{dance, fixture, numbered};
use std::collections::{HashMap, HashSet};

#[test]
fn a_few_solutions_are_drawn_uniformly() {
    let cages = fixture("variants/docs/cages4.txt");
    let all = dance(&["solve", "--all", &cages]).any_stdout().check();
    let listed: HashSet<String> = numbered(&all.stdout, 4).into_iter().map(|(_, g)| g).collect();
    assert_eq!(listed.len(), 24, "cages4 has 24 solutions");
    let draws = 2400;
    let r = dance(&["solve", "--random", &draws.to_string(), "--seed", "3", &cages]).any_stdout().check();
    let drawn = numbered(&r.stdout, 4);
    assert_eq!(drawn.len(), draws);
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (k, (number, grid)) in drawn.into_iter().enumerate() {
        assert_eq!(number, k + 1, "draws are numbered from 1");
        assert!(listed.contains(&grid), "draw {number} is no solution:\n{grid}");
        *seen.entry(grid).or_default() += 1;
    }
    assert_eq!(seen.len(), 24, "every solution is drawn");
    // Chi-square with 23 degrees of freedom: 41.6 at 1%. The seed is fixed,
    // so this is not flaky; a draw that favoured some solutions (the first
    // found, say) would fail it by far.
    let expected = draws as f64 / 24.0;
    let chi2: f64 = seen.values().map(|&o| (o as f64 - expected).powi(2) / expected).sum();
    assert!(chi2 < 41.6, "chi-square {chi2:.1} over 24 solutions: {seen:?}");
    let again = dance(&["solve", "--random", &draws.to_string(), "--seed", "3", &cages]).any_stdout().check();
    assert_eq!(again.stdout, r.stdout, "the same seed, the same draws");
    let other = dance(&["solve", "--random", &draws.to_string(), "--seed", "4", &cages]).any_stdout().check();
    assert_ne!(other.stdout, r.stdout, "another seed, other draws");
}

/// Whether `rows` is a 6x6 Sudoku grid (boxes of 2 rows by 3 columns).
fn is_six(rows: &[&str]) -> bool {
    let digits: Vec<Vec<u8>> = rows.iter().map(|r| r.bytes().map(|b| b - b'0').collect()).collect();
    let ok = |cells: Vec<u8>| {
        let mut s = cells.clone();
        s.sort_unstable();
        s == [1, 2, 3, 4, 5, 6]
    };
    digits.len() == 6
        && digits.iter().all(|r| r.len() == 6 && ok(r.clone()))
        && (0..6).all(|c| ok(digits.iter().map(|r| r[c]).collect()))
        && (0..6).all(|b| ok((0..6).map(|i| digits[b / 2 * 2 + i / 3][b % 2 * 3 + i % 3]).collect()))
}

#[test]
fn many_solutions_are_drawn_exactly_by_memo_when_it_fits() {
    // A blank 6x6 anti-knight: 11,520 solutions, beyond the listing; its
    // XCC reduction fits the memo engine, so the draws stay exact (no
    // "not uniform" note). Narrowing is tested in random_variant.rs.
    let blank = "......\n".repeat(6);
    let args = ["solve", "--random", "4", "--seed", "7", "--constraint", "antiknight"];
    let r = dance(&args).stdin(blank.clone()).any_stdout().check();
    let drawn = numbered(&r.stdout, 6);
    assert_eq!(drawn.len(), 4);
    let knight = |(r1, c1): (usize, usize), (r2, c2): (usize, usize)| {
        let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    };
    for (_, grid) in &drawn {
        let rows: Vec<&str> = grid.lines().collect();
        assert!(is_six(&rows), "not a 6x6 grid:\n{grid}");
        let at = |(r, c): (usize, usize)| rows[r].as_bytes()[c];
        for a in (0..36).map(|i| (i / 6, i % 6)) {
            for b in (0..36).map(|i| (i / 6, i % 6)).filter(|&b| knight(a, b)) {
                assert_ne!(at(a), at(b), "a knight's move apart: {a:?} {b:?}\n{grid}");
            }
        }
    }
    let distinct: HashSet<&String> = drawn.iter().map(|(_, g)| g).collect();
    assert!(distinct.len() >= 3, "four draws of 11,520 grids: {distinct:?}");
    let again = dance(&args).stdin(blank).any_stdout().check();
    assert_eq!(again.stdout, r.stdout, "the same seed, the same draws");
}

#[test]
fn no_solution_and_budgets_are_said() {
    let killer = fixture("variants/docs/killer4.txt");
    // r1c1 + r1c2 = 3 (a cage of killer4) and 10 (an X): no solution.
    let r = dance(&["solve", "--random", "2", "--constraint", "x r1c1 r1c2", &killer]).any_stdout();
    let r = r.stderr_has("无解").status(1).check();
    assert_eq!(r.stdout, "无解\n");
    let blank = "......\n".repeat(6);
    let r = dance(&["solve", "--random", "2", "--max-nodes", "5", "--constraint", "odd r1c1"]).stdin(blank);
    let r = r.any_stdout().stderr_has("unknown").status(3).check();
    assert!(!r.stdout.contains("无解"), "{}", r.stdout);
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// The grids of a listing, as a sorted list.
fn grids(out: &str, rows: usize) -> Vec<String> {
    let mut g: Vec<String> = numbered(out, rows).into_iter().map(|(_, g)| g).collect();
    g.sort();
    g
}

#[test]
fn shards_of_a_variant_puzzle_split_its_solutions() {
    let blank = fixture("variants/docs/blank4.txt");
    let cases: [&[&str]; 4] = [
        &["--constraint", "killer 4 r1c1 r2c1", "--constraint", "killer 6 r1c2 r1c3"],
        &["--constraint", "antiknight"],
        &["--constraint", "thermo r1c1 r2c2 r3c3", "--constraint", "white r4c1 r4c2"],
        &["--constraint", "diagonal+", "--constraint", "v r2c1 r2c2"],
    ];
    for rules in cases {
        let args = |extra: &[&str]| -> Vec<String> {
            [&["solve", "--all"][..], extra, rules, &[&blank]]
                .concat()
                .into_iter()
                .map(String::from)
                .collect()
        };
        let whole = grids(&dance(&strs(&args(&[]))).any_stdout().check().stdout, 4);
        for m in 1..=5 {
            let mut parts = Vec::new();
            for k in 1..=m {
                let shard = format!("{k}/{m}");
                let r = dance(&strs(&args(&["--shard", &shard]))).run();
                assert_eq!(r.code, 0, "{rules:?} shard {shard}: {}", r.stderr);
                let listed = r.stdout;
                let r = dance(&[&["count", "--shard", &shard][..], rules, &[&blank]].concat()).run();
                assert_eq!(r.code, 0, "{rules:?} shard {shard}: {}", r.stderr);
                let counted: usize = r.stdout.trim().parse().unwrap();
                // An empty shard lists nothing (no 无解: the others hold
                // the puzzle's solutions).
                assert!(!listed.contains("无解"), "{rules:?} shard {shard}: {listed}");
                let listed = grids(&listed, 4);
                assert_eq!(counted, listed.len(), "{rules:?} shard {shard}");
                parts.extend(listed);
            }
            parts.sort();
            assert_eq!(parts, whole, "{rules:?}: the {m} shards' listings together are the listing");
        }
    }
}

#[test]
fn a_variant_puzzle_is_estimated_with_its_constraints() {
    // Small trees are walked whole: the estimate is the count.
    let cages = fixture("variants/docs/cages4.txt");
    dance(&["count", "--estimate", &cages]).stdout("24 solutions, 203 nodes (exact)\n").check();
    let blank = fixture("variants/docs/blank4.txt");
    let r = dance(&["count", "--estimate", "--constraint", "antiknight", &blank]).any_stdout().check();
    let count = dance(&["count", "--constraint", "antiknight", &blank]).any_stdout().check();
    assert!(r.stdout.starts_with(&format!("{} solutions", count.stdout.trim())), "{}", r.stdout);
}

#[test]
fn a_constraint_flag_that_cannot_be_read_says_what_it_needs() {
    let puzzle = fixture("seeds/000-sample.in");
    for (flag, says) in [
        ("killer 5", "`killer` needs its cells"),
        ("rowindexer", "`rowindexer` needs its cells"),
        ("thermo", "`thermo` needs its cells"),
        ("sandwich 5", "`sandwich` needs its clue's place outside the grid, as `sandwich 5 r0c1`"),
        ("littlekiller 10", "`littlekiller` needs its clue's place outside the grid and a direction"),
        ("antiknight r1c1", "`antiknight` is a rule of the whole grid"),
        ("regions boxes", "`regions` takes one word, `none`"),
        ("negative kropki", "`negative` takes one word"),
        ("frobnicate r1c1", "not a constraint"),
    ] {
        let r = dance(&["solve", "--constraint", flag, &puzzle]).stderr_has(says).status(2).check();
        assert!(r.stdout.is_empty(), "{flag}: {}", r.stdout);
        // Once, as a usage error: not once a record, with its file and line.
        let usage = format!("dance: --constraint {flag:?}");
        assert!(r.stderr.starts_with(&usage) && r.stderr.lines().count() == 1, "{flag}: {}", r.stderr);
    }
    // In a file, after a puzzle's constraint lines: a constraint line cut
    // short, so the puzzle it belongs to is refused (answered without it,
    // it would be another puzzle), named by the line and what it lacks;
    // the next puzzle is still answered.
    let killer4 = std::fs::read_to_string(fixture("variants/docs/killer4.txt")).unwrap();
    let lines = killer4.lines().count() + 1;
    for (cut, says) in [
        ("killer 5", "`killer` needs its cells"),
        ("thermo 3 4", "`thermo` needs its cells"),
        ("antiknight 2", "`antiknight` is a rule of the whole grid"),
    ] {
        for next in ["", "\n....\n....\n....\n....\n"] {
            let file = format!("{killer4}{cut}\n{next}");
            let r = dance(&["solve"])
                .stdin(file)
                .any_stdout()
                .stderr_has(format!("<stdin>:{lines}: \"{cut}\": {says}"));
            let r = r.status(2).check();
            // The blank 4x4 after it is answered (some grid), the killer
            // puzzle not.
            assert_eq!(r.stdout.lines().count(), if next.is_empty() { 0 } else { 4 }, "{cut}: {}", r.stdout);
            assert!(!r.stdout.contains("1243\n3412\n2134\n4321"), "{cut}");
        }
        // Before any puzzle: the line is refused, the puzzle after it
        // answered (the line is no title of it).
        let file = format!("{cut}\n{killer4}");
        let r = dance(&["solve"]).stdin(file).stdout("1243\n3412\n2134\n4321\n");
        r.stderr_has("<stdin>:1: a constraint line with no puzzle before it").status(2).check();
    }
    // Capitalised, or with a word that is no number, it is a title.
    for title in ["Killer 5", "killer sudoku 5"] {
        dance(&["solve"]).stdin(format!("{title}\n{killer4}")).stdout("1243\n3412\n2134\n4321\n").check();
    }
    // A `#` comment after a whole constraint line is a comment, as after a
    // row: the same puzzle, the same answer (without its last cage the
    // puzzle has two solutions, and a refused line would exit 2).
    let commented: String = killer4
        .lines()
        .map(|l| if l.starts_with("killer") { format!("{l}   # a cage\n") } else { format!("{l}\n") })
        .collect();
    assert_eq!(commented.matches("# a cage").count(), 4, "{commented}");
    dance(&["count", "--limit", "2"]).stdin(commented).stdout("1\n").check();
    dance(&["count", "--limit", "2"])
        .stdin(format!("{killer4}antiknight   # and a knight\n"))
        .stdout("0\n")
        .check();
    // A title that is no constraint's word, or one whose other words are
    // no numbers, says nothing more.
    for title in ["Grid 2", "Thermo sudoku"] {
        let r = dance(&["solve"]).stdin(format!("....\n....\n....\n....\n{title}\n")).any_stdout();
        r.stderr("<stdin>:5: a title line with no puzzle after it\n").status(2).check();
    }
}
