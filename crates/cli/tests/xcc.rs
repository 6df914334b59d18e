//! Multiplicities and costs through the real binary, where the corpus
//! (`fixtures/xcc/manifest`) cannot look: Knuth's statistics with
//! `--stats` (DLX3's for a count, DLX5's for `--best`), `--best` on two
//! threads (the same costs; ties may be other solutions, so each listed one
//! is checked to be a solution with the cost printed), and round trips of
//! bounds and costs through `export`. The two big files of the README's
//! table are `--ignored` (`just test-slow`).

mod common;
use common::*;

use serde_json::Value;

/// The one JSON line of a run.
fn json(out: &str) -> Value {
    let mut lines = out.lines();
    let v = serde_json::from_str(lines.next().expect("a line")).expect("JSON");
    assert!(lines.next().is_none(), "one line: {out}");
    v
}

fn problem(name: &str) -> dlx::Problem {
    dlx::text::parse(&read(&format!("xcc/{name}"))).unwrap().problem
}

/// The costs of a `--best --output json` run, each checked against the
/// problem: its options form a solution that costs what is printed.
fn checked_costs(name: &str, v: &Value) -> Vec<u64> {
    let p = problem(name);
    let by_name: std::collections::HashMap<String, usize> =
        (0..p.option_count()).map(|k| (p.display_option(k).to_string(), k)).collect();
    let costs: Vec<u64> = v["costs"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
    let solutions = v["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), costs.len(), "{name}");
    for (s, &cost) in solutions.iter().zip(&costs) {
        let options: Vec<usize> =
            s.as_array().unwrap().iter().map(|o| by_name[o.as_str().unwrap()]).collect();
        assert!(p.is_solution(&options), "{name}: not a solution: {s}");
        assert_eq!(p.solution_cost(&options), cost, "{name}: {s}");
    }
    assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{name}: increasing: {costs:?}");
    costs
}

fn best(name: &str, k: u64, jobs: u32) -> Vec<u64> {
    let path = fixture(&format!("xcc/{name}"));
    let (k, jobs) = (k.to_string(), jobs.to_string());
    let run =
        dance(&["solve", "--best", &k, "--jobs", &jobs, "--output", "json", &path]).any_stdout().check();
    checked_costs(name, &json(&run.stdout))
}

#[test]
fn stats_are_knuths() {
    // DLX3's nodes and updates for a count with bounds.
    for (name, nodes, updates) in
        [("knuth-dlx3-example.dlx", 6, 14), ("double-queens-7.dlx", 466_219, 3_728_466)]
    {
        let run = dance(&["count", "--stats", "--output", "json", &fixture(&format!("xcc/{name}"))])
            .any_stdout()
            .stderr_has(format!("{updates} updates, {nodes} nodes"))
            .check();
        let v = json(&run.stdout);
        assert_eq!(
            (v["stats"]["nodes"].as_u64(), v["stats"]["updates"].as_u64()),
            (Some(nodes), Some(updates))
        );
    }
    // DLX5's for the five cheapest (measured with `dlx5 k5`).
    for (name, nodes, updates) in [("knuth-dlx5-example.dlx", 11, 22), ("cost-queens-10.dlx", 1_630, 33_631)]
    {
        let run =
            dance(&["solve", "--best", "5", "--stats", "--output", "json", &fixture(&format!("xcc/{name}"))])
                .any_stdout()
                .stderr_has(format!("{updates} updates, {nodes} nodes"))
                .check();
        let v = json(&run.stdout);
        assert_eq!(
            (v["stats"]["nodes"].as_u64(), v["stats"]["updates"].as_u64()),
            (Some(nodes), Some(updates))
        );
        checked_costs(name, &v);
    }
    // In text, the statistics go to stderr.
    dance(&["solve", "--min-cost", "--stats", &fixture("xcc/knuth-dlx5-example.dlx")])
        .stdout("1\ncost 1\nA C\nB X\n")
        .stderr_has("Altogether 1 solution, 9 updates, 3 nodes") // dlx5 k1
        .check();
}

#[test]
fn two_threads_find_the_same_costs() {
    for (name, want) in [
        ("knuth-dlx5-example.dlx", &[1, 3, 4, 4, 6][..]),
        ("cost-queens-14.dlx", &[41, 42, 44, 44, 45]),
        ("cost-queens-16.dlx", &[38, 41, 42, 44, 45]),
        ("bounds-and-costs.dlx", &[1, 2, 2, 3, 3]),
    ] {
        assert_eq!(best(name, 5, 1), want, "{name}, one thread");
        assert_eq!(best(name, 5, 2), want, "{name}, two threads");
    }
    // Asking for more than there are lists every solution, on two threads too.
    assert_eq!(best("knuth-dlx5-example.dlx", 100, 2), [1, 3, 4, 4, 6, 8]);
}

#[test]
fn bounds_and_costs_round_trip_through_export() {
    for name in
        ["knuth-dlx3-example.dlx", "knuth-dlx5-example.dlx", "bounds-and-costs.dlx", "cost-queens-10.dlx"]
    {
        let path = fixture(&format!("xcc/{name}"));
        let json = dance(&["export", &path]).any_stdout().check().stdout;
        assert!(json.contains("\"version\": 2"), "{name}: {json}");
        let knuth = dance(&["export", "--to", "dlx", &path]).any_stdout().check().stdout;
        // Each reads back (from stdin, with no extension to help) as the
        // same problem: the same export, the same answers.
        for text in [&json, &knuth] {
            dance(&["export", "-"]).stdin(text.as_str()).stdout(json.as_str()).check();
            dance(&["export", "--to", "dlx", "-"]).stdin(text.as_str()).stdout(knuth.as_str()).check();
            let count = dance(&["count", &path]).any_stdout().check().stdout;
            dance(&["count", "-"]).stdin(text.as_str()).stdout(count).check();
        }
        let p = problem(name);
        let q = dlx::text::parse(&knuth).unwrap().problem;
        for i in 0..p.item_count() {
            assert_eq!(p.bounds(i), q.bounds(i), "{name}");
        }
        for k in 0..p.option_count() {
            assert_eq!(p.cost(k), q.cost(k), "{name}");
        }
    }
}

/// The big ones of the README's table, on one thread and on two.
#[test]
#[ignore = "slow: seconds in release builds (just test-slow)"]
fn the_big_xcc_files() {
    let path = fixture("xcc/double-queens-8.dlx");
    for jobs in ["1", "2"] {
        dance(&["count", "--jobs", jobs, &path]).stdout("477136\n").check();
    }
    for jobs in [1, 2] {
        assert_eq!(best("cost-queens-20.dlx", 5, jobs), [38, 43, 43, 44, 44], "{jobs} threads");
    }
}
