//! Budgets through the real binary: on every path (grid puzzles on each
//! engine, faithful or fast, one thread or many; exact-cover problems;
//! first solution, `--unique`, `--all` listings, counts, shards), a problem
//! known to need more than N nodes is unknown at N (exit status 3, a note
//! on stderr, never 无解) and answered at 10N, exactly as without a
//! budget. A timeout in the middle of a batch leaves the other records
//! answered. Nothing here measures time: the one timeout case searches a
//! tree that would take years, and only its outcome is asserted.

mod common;
use common::*;

/// The hard one of `fixtures/budget/batch.txt`: on the 9x9 search, more
/// than 10 nodes to a first solution (fewer than 100) and more than 20 to
/// know it is the only one (fewer than 200); in DLX1's nodes, 1,210 and
/// 5,110.
const HARD: &str = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6\n";

fn blank(cells: usize) -> String {
    format!("{}\n", ".".repeat(cells))
}

/// Runs `args` on `input`: a fixture path, or stdin when it holds a
/// newline.
fn on(args: &[&str], input: &str) -> Run {
    if input.contains('\n') {
        dance(args).stdin(input).run()
    } else {
        dance(args).arg(fixture(input)).run()
    }
}

/// With `--max-nodes max`.
fn with_budget(args: &[&str], input: &str, max: u64) -> Run {
    let max = max.to_string();
    let mut all = args.to_vec();
    all.extend(["--max-nodes", &max]);
    on(&all, input)
}

/// Unknown at `n` nodes, and at `10 n` the same answer as without a
/// budget. Returns the unknown run.
fn unknown_then_answered(args: &[&str], input: &str, n: u64) -> Run {
    let what = format!("dance {} --max-nodes {n} on {}", args.join(" "), input.trim());
    let cut = with_budget(args, input, n);
    assert_eq!(cut.code, 3, "{what}: status\n{}", cut.stderr);
    assert!(!cut.stdout.contains("无解"), "{what}: 无解 for an unknown\n{}", cut.stdout);
    assert!(cut.stderr.contains("unknown after"), "{what}: no note\n{}", cut.stderr);
    let free = on(args, input);
    let ten = with_budget(args, input, 10 * n);
    assert_eq!(ten.code, free.code, "{what} x10: status\n{}", ten.stderr);
    assert!(!ten.stderr.contains("unknown"), "{what} x10:\n{}", ten.stderr);
    // Statistics show the time; a listing on two threads has no set order.
    let parallel_listing = args.contains(&"--all") && args.contains(&"2");
    if !args.contains(&"--stats") && !parallel_listing {
        assert_eq!(ten.stdout, free.stdout, "{what} x10");
    }
    cut
}

#[test]
fn grid_first_solutions_on_every_engine() {
    // The 9x9 search, on one thread and on record workers.
    let r = unknown_then_answered(&["solve", "-j", "1"], HARD, 10);
    assert_eq!(r.stdout, "");
    assert_eq!(r.stderr, "<stdin>:1: unknown after 11 nodes (budget)\n");
    unknown_then_answered(&["solve", "-j", "2"], HARD, 10);
    // The bit search (16x16) and the links (faithful).
    let r = unknown_then_answered(&["solve", "-j", "1"], &blank(256), 100);
    assert_eq!(r.stdout, "");
    unknown_then_answered(&["solve", "-j", "1", "--stats"], &blank(256), 200);
    // The links on the 9x9 (faithful).
    unknown_then_answered(&["solve", "-j", "1", "--stats"], HARD, 1000);
}

#[test]
fn grid_uniqueness_and_listings() {
    let r = unknown_then_answered(&["solve", "--unique", "-j", "1"], HARD, 20);
    assert_eq!(r.stdout, "");
    // A solution found, but not yet known to be the only one: held back.
    let r = unknown_then_answered(&["solve", "--unique", "-j", "1", "--stats"], HARD, 2000);
    assert_eq!(r.stdout, "");
    assert!(r.stderr.contains("one solution found, not yet known to be the only one"), "{}", r.stderr);
    // Listing every solution (DLX1's order), on one thread and on two;
    // what was listed before the budget ran out stays listed.
    let r = unknown_then_answered(&["solve", "--all", "-j", "1"], &blank(16), 300);
    let listed = numbered(&r.stdout, 4);
    assert!(!listed.is_empty() && listed.len() < 288, "{}", listed.len());
    assert!(r.stderr.contains("listed, maybe more"), "{}", r.stderr);
    unknown_then_answered(&["solve", "--all", "-j", "2"], &blank(16), 300);
}

#[test]
fn grid_counts_one_thread_many_and_shards() {
    // The 9x9 search, the bit search, and the links (faithful).
    let r = unknown_then_answered(&["count", "-j", "1", "--limit", "2"], HARD, 20);
    assert_eq!(r.stdout, "0+\n");
    let r = unknown_then_answered(&["count", "-j", "1", "--box", "none"], &blank(25), 100_000);
    assert_eq!(r.stdout, "50952+\n");
    unknown_then_answered(&["count", "-j", "1", "--stats", "--box", "none"], &blank(16), 500);
    // Two threads: past the first try (65,536 nodes on one thread) the
    // count is split over the threads on the links, under the same budget.
    let r = unknown_then_answered(&["count", "-j", "2", "--box", "none"], &blank(25), 300_000);
    assert!(r.stdout.ends_with("+\n"), "{}", r.stdout);
    // One shard of the tree (big enough that a shard has a search left
    // below its cut: the cut of a tiny tree goes down to its solutions).
    unknown_then_answered(&["count", "-j", "1", "--shard", "1/3", "--box", "none"], &blank(25), 100_000);
}

#[test]
fn exact_cover_on_every_path() {
    let q8 = "dlx/queens-8.dlx";
    let r = unknown_then_answered(&["count", "-j", "1"], q8, 100);
    assert_eq!(r.stdout, "4+\n");
    unknown_then_answered(&["count", "-j", "1", "--stats"], q8, 200);
    // A shard of queens-8 is cut down to its solutions: queens-10's has a
    // search left below its cut.
    unknown_then_answered(&["count", "-j", "1", "--shard", "1/2"], "dlx/queens-10.dlx", 1000);
    unknown_then_answered(&["count", "-j", "2", "--shard", "1/2"], "dlx/queens-10.dlx", 1000);
    // Split over two threads past the first try.
    let r = unknown_then_answered(&["count", "-j", "2"], "dlx/queens-12.dlx", 100_000);
    assert!(r.stdout.ends_with("+\n"), "{}", r.stdout);
    // First solution, uniqueness, listings on one thread and two.
    unknown_then_answered(&["solve", "-j", "1"], q8, 5);
    unknown_then_answered(&["solve", "-j", "1", "--unique"], "dlx/knuth-dlx1-example.dlx", 2);
    unknown_then_answered(&["solve", "-j", "1", "--all"], q8, 200);
    unknown_then_answered(&["solve", "-j", "2", "--all"], q8, 200);
    unknown_then_answered(&["solve", "-j", "1", "--all", "--stats"], q8, 200);
}

#[test]
fn unknown_records_in_json() {
    let r = with_budget(&["count", "-j", "1", "--output", "json"], "dlx/queens-8.dlx", 100);
    assert_eq!(r.code, 3);
    assert!(
        r.stdout.contains(r#""status":"unknown","budget":"nodes","nodes":148,"count_so_far":4}"#),
        "{}",
        r.stdout
    );
    // A listing streams: the solution found has its own line, before the
    // record's, which says unknown.
    let r = with_budget(&["solve", "-j", "1", "--all", "--output", "json"], "dlx/queens-8.dlx", 60);
    let lines: Vec<serde_json::Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2, "{}", r.stdout);
    assert_eq!((&lines[0]["status"], &lines[0]["k"]), (&"solution".into(), &1.into()));
    assert_eq!(lines[0]["solution"].as_array().unwrap().len(), 8);
    assert_eq!(lines[1]["status"], "unknown");
    assert_eq!(lines[1]["count_so_far"], 1);
    // `analyze`: an unknown count never reads as "none": there may be more.
    let r = with_budget(&["analyze", "--output", "json"], &blank(81), 5);
    assert_eq!(r.code, 3, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!((&v["status"], &v["more"]), (&"unknown".into(), &true.into()), "{}", r.stdout);
}

#[test]
fn a_timeout_in_a_batch_leaves_the_other_records_answered() {
    // An easy puzzle, a blank 9x9 grid (6.67e21 solutions: years to count),
    // another easy one.
    let batch = format!(
        "{}{}{}",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n",
        blank(81),
        HARD
    );
    for jobs in ["1", "2"] {
        let r = dance(&["count", "--timeout", "200ms", "-j", jobs])
            .stdin(batch.clone())
            .status(3)
            .any_stdout()
            .stderr_has("<stdin>:2: unknown after ")
            .check();
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{}", r.stdout);
        assert_eq!((lines[0], lines[2]), ("1", "1"));
        assert!(lines[1].ends_with('+'), "{}", lines[1]);
        assert!(r.stderr.contains("(timeout)"), "{}", r.stderr);
        let r = dance(&["solve", "--timeout", "200ms", "--output", "json", "-j", jobs])
            .stdin(format!("{}{}", blank(81), HARD))
            .any_stdout()
            .check();
        // A blank grid has a first solution at once: the budget is per
        // record and for its search only.
        assert_eq!(r.stdout.matches(r#""status":"solved""#).count(), 2, "{}", r.stdout);
    }
}

#[test]
fn a_timeout_stops_a_listing_whose_solutions_come_fast() {
    // A listing finds a solution every few nodes, and the search looks at
    // the clock only every few thousand nodes: it must look between
    // solutions too, or these two would list for years (a blank 9x9 grid)
    // and for minutes (the 28,200,960 solutions of a blank 6x6 grid as
    // exact cover).
    let cover = std::fs::read_to_string(fixture("dlx/sudoku-6x6-blank.dlx")).expect("fixture");
    for jobs in ["1", "2"] {
        for (format, input) in [("auto", blank(81)), ("dlx", cover.clone())] {
            let r = dance(&["solve", "--all", "--format", format, "--timeout", "200ms", "-j", jobs])
                .stdin(input)
                .status(3)
                .any_stdout()
                .stderr_has("<stdin>:1: unknown after ")
                .check();
            assert!(r.stderr.contains("(timeout)"), "{}", r.stderr);
            assert!(r.stderr.contains("listed, maybe more"), "{}", r.stderr);
            assert!(!r.stdout.contains("无解"), "{format} -j {jobs}");
        }
    }
}
