//! Refused inputs too big to ship, and batches that go on after a refusal
//! (the files of `fixtures/bad` are corpus cases: `tests/corpus.rs`).

mod common;
use common::*;

#[test]
fn the_other_records_are_still_answered() {
    // A good puzzle, a bad one, a good one: two answers, in order, exit 2.
    let good = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let input = format!("{good}\n{}x\n{good}\n", &good[..80]);
    let solved = "812753649943682175675491283154237896369845721287169534521974368438526917796318452\n";
    dance(&["solve", "--format", "line"])
        .stdin(input)
        .status(2)
        .stdout(format!("{solved}{solved}"))
        .stderr("<stdin>:2:81: 'x' is not a symbol of this 9x9 puzzle (symbols 123456789, blanks ? 0 . _)\n")
        .check();
    // Several files: the unreadable one is named, the others answered.
    let r =
        dance(&["solve", &fixture("seeds/003-sample.in"), "/nonexistent", &fixture("seeds/003-sample.in")])
            .expect(2);
    assert_eq!(r.stdout.lines().count(), 18);
    assert!(r.stderr.contains("/nonexistent"));
}

#[test]
fn a_hundred_megabyte_line_is_refused_without_holding_it() {
    let mut big = vec![b'1'; 100 << 20];
    big.extend_from_slice(b"\n");
    for format in ["line", "grid", "dlx"] {
        let r = dance(&["solve", "--format", format]).stdin(big.clone()).expect(2);
        assert!(
            r.stderr.contains("<stdin>:1:") && r.stderr.contains("line longer than"),
            "{format}: {}",
            r.stderr
        );
        assert_eq!(r.stdout, "");
    }
}

#[test]
fn usage_errors_exit_two() {
    for args in [
        &["solve", "--box", "3y3"][..],
        &["solve", "--all", "--unique"],
        &["solve", "--limit", "2"],
        &["count", "--box", "2x2", "--regions", "x"],
        &["count", "--regions", "/nonexistent"],
        &["export", "--index", "0"],
        &["solve", "--jobs", "0"],
    ] {
        let r = dance(args).stdin("").run();
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(!r.stderr.is_empty());
    }
}

#[test]
fn a_million_options_load_and_solve() {
    // Items i0..i999999 in pairs: each pair (i2k, i2k+1) has one option
    // covering both and two covering one each: 2^500000 solutions would be
    // too many to count, so instead one option per item plus the pairs, and
    // count with a limit.
    let n = 500_000;
    let mut text = String::with_capacity(24 << 20);
    text.push_str("| a million options\n");
    for i in 0..2 * n {
        text.push_str(&format!("i{i} "));
    }
    text.push('\n');
    for k in 0..n {
        text.push_str(&format!("i{} i{}\ni{}\n", 2 * k, 2 * k + 1, 2 * k));
    }
    // Options so far: 1,000,000; item i(2k+1) only in its pair, so each
    // pair must take the pair option: exactly one solution.
    let r = dance(&["count", "--format", "dlx"]).stdin(text.clone()).expect(0);
    assert_eq!(r.stdout, "1\n");
    let r = dance(&["solve", "--format", "dlx"]).stdin(text).expect(0);
    assert_eq!(r.stdout.lines().count(), 1 + n);
}
