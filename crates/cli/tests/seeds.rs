//! The user's four seed documents, byte for byte.

mod common;
use common::*;

#[test]
fn seed_000_spaced_grids_with_question_marks() {
    let r = dance(&["solve", &fixture("seeds/000-sample.in")]).expect(0);
    assert_eq!(r.stdout, read("seeds/000-sample.out"));
    // The same from stdin.
    let r = dance(&["solve"]).stdin(read("seeds/000-sample.in")).expect(0);
    assert_eq!(r.stdout, read("seeds/000-sample.out"));
}

#[test]
fn seed_001_grouped_lists_every_solution() {
    let r = dance(&["solve", "--all", &fixture("seeds/001-example1.in")]).expect(0);
    assert_eq!(r.stdout, read("seeds/001-example1.out"));
    let r = dance(&["solve", "--all", &fixture("seeds/001-example2.in")]).expect(0);
    let mut got = numbered(&r.stdout, 6);
    let mut want = numbered(&read("seeds/001-example2.out"), 6);
    assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), (1..=9).collect::<Vec<_>>());
    got.iter_mut().chain(want.iter_mut()).for_each(|g| g.0 = 0);
    got.sort();
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn seed_001_without_a_solution_prints_wu_jie() {
    let mut text = read("seeds/001-example1.in");
    text = text.replace("6\n02C", "7\n00C\n02C");
    let r = dance(&["solve", "--all"]).stdin(text).expect(1);
    assert_eq!(r.stdout, "无解\n");
    assert!(r.stderr.contains("symbol C twice in row 1"), "{}", r.stderr);
}

#[test]
fn seed_002_integers_any_whitespace() {
    let r = dance(&["solve", "--all", &fixture("seeds/002-inkala.in")]).expect(0);
    let sol = numbered(&r.stdout.replace("\n\n", "\n"), 9);
    assert_eq!(sol.len(), 1);
    assert!(sol[0].1.starts_with("8 1 2 7 5 3 6 4 9\n"));
    // All 81 on one line, or ragged: the same answer.
    let flat = read("seeds/002-inkala.in").split_whitespace().collect::<Vec<_>>().join(" ") + "\n";
    let r2 = dance(&["solve", "--all"]).stdin(flat).expect(0);
    assert_eq!(r2.stdout, r.stdout);
}

#[test]
fn seed_003_unique_and_plain() {
    for mode in [&["solve", "--unique"][..], &["solve"]] {
        let r = dance(mode).arg(fixture("seeds/003-sample.in")).expect(0);
        assert_eq!(r.stdout, read("seeds/003-sample.out"));
    }
    // Several solutions count as none.
    let r = dance(&["solve", "--unique"]).stdin("000000000\n".repeat(9)).expect(1);
    assert_eq!(r.stdout, "无解\n");
    assert!(r.stderr.contains("more than one solution"), "{}", r.stderr);
}
