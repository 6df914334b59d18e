//! Multiplicities and costs on the files of `fixtures/xcc`, whose answers
//! are in that folder's README, measured with Knuth's DLX3 and DLX5: the
//! counts and DLX3's statistics, the five cheapest costs and DLX5's
//! statistics, on one thread and on two.

use std::ops::ControlFlow;
use std::path::PathBuf;

use dlx::{text, Cheapest, Problem, Solver};

fn fixture(name: &str) -> Problem {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/xcc").join(name);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text::parse(&src).unwrap_or_else(|e| panic!("{name}:{}:{}: {e}", e.line, e.column)).problem
}

/// Counts `name` every way: faithful (DLX3's statistics), fast, listing,
/// on two threads.
fn multiplicities(name: &str, solutions: u64, nodes: u64, updates: u64) {
    let p = fixture(name);
    let mut solver = Solver::new(&p);
    solver.set_faithful(true);
    let stats = solver.search(|s| {
        assert!(p.is_solution(s), "{name}: not a solution: {s:?}");
        ControlFlow::Continue(())
    });
    assert_eq!((stats.solutions, stats.nodes, stats.updates), (solutions, nodes, updates), "{name}");
    solver.count(None);
    assert_eq!(solver.stats(), stats, "{name}: a faithful count walks the same tree");
    solver.set_faithful(false);
    assert_eq!(solver.count(None), solutions, "{name}: fast count");
    assert_eq!(solver.solutions().count() as u64, solutions, "{name}: fast listing");
    assert_eq!(dlx::parallel::count(&mut solver, 2, None, None), (solutions, false), "{name}: two threads");
}

/// The five cheapest of `name`: their costs, DLX5's statistics when
/// faithful, and the same costs fast and on two threads.
fn cheapest(name: &str, costs: [u64; 5], nodes: u64, updates: u64) {
    let p = fixture(name);
    let mut c = Cheapest::new(&p);
    let check = |best: &[dlx::Costed], how: &str| {
        assert_eq!(best.iter().map(|s| s.cost).collect::<Vec<_>>(), costs, "{name}, {how}");
        for s in best {
            assert!(p.is_solution(&s.options), "{name}, {how}: not a solution");
            assert_eq!(p.solution_cost(&s.options), s.cost, "{name}, {how}");
        }
    };
    c.set_faithful(true);
    check(&c.best(5), "faithful");
    assert_eq!((c.stats().nodes, c.stats().updates), (nodes, updates), "{name}: DLX5's statistics");
    c.set_faithful(false);
    check(&c.best(5), "fast");
    let (two, stopped) = dlx::parallel::best(&mut c, 5, 2);
    assert!(!stopped);
    check(&two, "two threads");
}

#[test]
fn multiplicities_count_as_dlx3_does() {
    multiplicities("knuth-dlx3-example.dlx", 1, 6, 14);
    multiplicities("double-queens-7.dlx", 19_448, 466_219, 3_728_466);
}

#[test]
fn knuths_multiplicity_example_has_his_solution() {
    let p = fixture("knuth-dlx3-example.dlx");
    let found: Vec<Vec<usize>> = Solver::new(&p).solutions().collect();
    let mut names: Vec<String> = found[0].iter().map(|&k| p.display_option(k).to_string()).collect();
    names.sort();
    assert_eq!(found.len(), 1);
    assert_eq!(names, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
}

/// DLX5's statistics measured with `dlx5 k5` (Knuth's program, built from
/// his CWEB source).
#[test]
fn the_five_cheapest_cost_as_dlx5_finds() {
    cheapest("knuth-dlx5-example.dlx", [1, 3, 4, 4, 6], 11, 22);
    cheapest("cost-queens-10.dlx", [31, 46, 47, 48, 48], 1_630, 33_631);
    cheapest("cost-queens-14.dlx", [41, 42, 44, 44, 45], 62_694, 1_376_404);
    cheapest("cost-queens-16.dlx", [38, 41, 42, 44, 45], 299_151, 6_708_256);
    // All six solutions of Knuth's example, with their costs.
    let p = fixture("knuth-dlx5-example.dlx");
    let all = Cheapest::new(&p).best(10);
    assert_eq!(all.iter().map(|s| s.cost).collect::<Vec<_>>(), [1, 3, 4, 4, 6, 8]);
    assert_eq!(Solver::new(&p).count(None), 6, "a count ignores costs");
}

#[test]
fn budgets_and_probes_stop_both_searches() {
    let p = fixture("double-queens-7.dlx");
    let mut solver = Solver::new(&p);
    assert_eq!(solver.count_within(None, 10_000), None);
    assert_eq!(solver.count_within(None, u64::MAX), Some(19_448));
    let probe = std::sync::Arc::new(dlx::Probe::default());
    probe.stop();
    solver.set_probe(Some(probe.clone()));
    assert!(solver.count(None) < 19_448 && solver.interrupted());
    solver.set_probe(None);
    assert_eq!(solver.count(Some(100)), 100);
    assert_eq!(solver.count(None), 19_448);
    let q = fixture("cost-queens-14.dlx");
    let mut c = Cheapest::new(&q);
    c.set_probe(Some(probe));
    let partial = c.best(5);
    assert!(c.interrupted());
    assert!(partial.len() <= 5);
    c.set_probe(None);
    assert_eq!(c.best(1)[0].cost, 41);
    assert!(!c.interrupted());
}

/// The big ones: run with `cargo test --release -- --ignored` (CI does).
#[test]
#[ignore = "slow: seconds in release builds"]
fn the_big_xcc_files() {
    multiplicities("double-queens-8.dlx", 477_136, 12_128_277, 101_798_656);
    cheapest("cost-queens-20.dlx", [38, 43, 43, 44, 44], 15_659_969, 368_422_208);
}
