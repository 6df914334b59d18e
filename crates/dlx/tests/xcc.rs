//! Multiplicities and costs on the files of `fixtures/xcc`, whose answers
//! are in that folder's README, measured with Knuth's DLX3 and DLX5: the
//! counts and DLX3's statistics, the five cheapest costs and DLX5's
//! statistics, on one thread and on two; budgets, probes and estimates on
//! both searches.

use std::ops::ControlFlow;
use std::path::PathBuf;

use std::sync::Arc;

use dlx::{parallel, text, Budget, Cheapest, End, Estimate, EstimateOptions, Probe, Problem, Solver};

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
    let o = solver.search(|s| {
        assert!(p.is_solution(s), "{name}: not a solution: {s:?}");
        ControlFlow::Continue(())
    });
    let stats = solver.stats();
    assert_eq!((o.end(), o.solutions(), o.nodes()), (End::Complete, Some(solutions), nodes), "{name}");
    assert_eq!((stats.solutions, stats.nodes, stats.updates), (solutions, nodes, updates), "{name}");
    assert_eq!(solver.count(None).solutions(), Some(solutions));
    assert_eq!(solver.stats(), stats, "{name}: a faithful count walks the same tree");
    solver.set_faithful(false);
    assert_eq!(solver.count(None).solutions(), Some(solutions), "{name}: fast count");
    assert_eq!(solver.solutions().count() as u64, solutions, "{name}: fast listing");
    assert_eq!(
        parallel::count(&mut solver, 2, None, None).solutions(),
        Some(solutions),
        "{name}: two threads"
    );
    assert_eq!(
        parallel::count_adaptive(&mut solver, 2, None).solutions(),
        Some(solutions),
        "{name}: adaptive"
    );
    let o = parallel::search(&mut solver, 2, |s| {
        assert!(p.is_solution(s), "{name}: not a solution: {s:?}");
        ControlFlow::Continue(())
    });
    assert_eq!(o.solutions(), Some(solutions), "{name}: listing on two threads");
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
    check(c.best(5).cheapest().unwrap(), "faithful");
    assert_eq!((c.stats().nodes, c.stats().updates), (nodes, updates), "{name}: DLX5's statistics");
    c.set_faithful(false);
    check(c.best(5).cheapest().unwrap(), "fast");
    let two = parallel::best(&mut c, 5, 2);
    assert_eq!(two.end(), End::Complete);
    check(two.cheapest().unwrap(), "two threads");
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
    let all = Cheapest::new(&p).best(10).into_cheapest().unwrap();
    assert_eq!(all.iter().map(|s| s.cost).collect::<Vec<_>>(), [1, 3, 4, 4, 6, 8]);
    assert_eq!(Solver::new(&p).count(None).solutions(), Some(6), "a count ignores costs");
}

#[test]
fn budgets_and_probes_stop_both_searches() {
    let p = fixture("double-queens-7.dlx");
    let mut solver = Solver::new(&p);
    for faithful in [false, true] {
        solver.set_faithful(faithful);
        let all = solver.count(None);
        assert_eq!(all.solutions(), Some(19_448));
        // A node budget stops at the node beyond, and the count is unknown.
        for max in [0, 1, 5_000, all.nodes() - 1] {
            solver.set_budget(Budget::nodes(max));
            let cut = solver.count(None);
            assert_eq!((cut.end(), cut.solutions(), cut.nodes()), (End::OutOfNodes, None, max + 1));
            assert!(cut.so_far() <= 19_448);
            if max == all.nodes() - 1 {
                // The threads skip the levels above their subtrees.
                continue;
            }
            let cut = parallel::count(&mut solver, 2, None, None);
            assert_eq!((cut.end(), cut.solutions()), (End::OutOfNodes, None), "two threads, {max}");
            let cut = parallel::search(&mut solver, 2, |_| ControlFlow::Continue(()));
            assert_eq!((cut.end(), cut.solutions()), (End::OutOfNodes, None), "listing, {max}");
        }
        solver.set_budget(Budget::nodes(all.nodes()));
        assert_eq!(solver.count(None), all, "a budget of every node is enough");
        solver.set_budget(Budget::UNLIMITED.with_deadline(std::time::Instant::now()));
        assert_eq!(solver.count(None).end(), End::OutOfTime);
        solver.set_budget(Budget::UNLIMITED);
    }
    let probe = Arc::new(Probe::default());
    probe.stop();
    solver.set_probe(Some(probe.clone()));
    let cut = solver.count(None);
    assert!(cut.so_far() < 19_448 && solver.interrupted() && cut.solutions().is_none());
    assert_eq!(parallel::count(&mut solver, 2, None, None).end(), End::Interrupted);
    solver.set_probe(None);
    assert_eq!(solver.count(Some(100)).solutions(), Some(100));
    assert_eq!(solver.count(None).solutions(), Some(19_448));
    // The probe sees the search's progress.
    let watching = Arc::new(Probe::default());
    solver.set_probe(Some(watching.clone()));
    let o = solver.count(None);
    assert!(watching.nodes() > 0 && watching.nodes() <= o.nodes() && watching.solutions() <= 19_448);
    solver.set_probe(None);

    let q = fixture("cost-queens-14.dlx");
    let mut c = Cheapest::new(&q);
    c.set_probe(Some(probe));
    for jobs in [1, 2] {
        let partial = parallel::best(&mut c, 5, jobs);
        assert!(c.interrupted() && partial.cheapest().is_none() && partial.so_far().len() <= 5);
    }
    let partial = c.best(5);
    assert_eq!((partial.end(), partial.cheapest()), (End::Interrupted, None));
    c.set_probe(None);
    let whole = c.best(1);
    assert_eq!(whole.cheapest().unwrap()[0].cost, 41);
    assert!(!c.interrupted());
    // A budget leaves the list unknown, on one thread and on two, fast
    // and faithful, never a shorter or dearer list called the cheapest.
    for faithful in [false, true] {
        c.set_faithful(faithful);
        c.set_budget(Budget::UNLIMITED);
        let all = c.best(5);
        assert!(all.cheapest().is_some());
        for max in [0, 100, all.nodes() / 2, all.nodes() - 1] {
            c.set_budget(Budget::nodes(max));
            let cut = c.best(5);
            assert_eq!((cut.end(), cut.cheapest()), (End::OutOfNodes, None), "faithful {faithful}, {max}");
            if max < all.nodes() / 2 {
                let cut = parallel::best(&mut c, 5, 2);
                assert_eq!((cut.end(), cut.cheapest()), (End::OutOfNodes, None), "two threads, {max}");
            }
        }
        c.set_budget(Budget::nodes(all.nodes()));
        let enough = c.best(5);
        assert_eq!(enough.cheapest(), all.cheapest(), "a budget of every node is enough");
    }
}

/// The mean of `runs` estimates (seeds 0..runs) and the standard error of
/// that mean, for the solutions and the nodes.
fn mean_over_seeds(solver: &mut Solver, probes: u64, runs: u64, stratify: bool) -> [(f64, f64); 2] {
    let es: Vec<Estimate> =
        (0..runs).map(|seed| solver.estimate(&EstimateOptions { probes, seed, stratify })).collect();
    let stats = |xs: Vec<f64>| {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
        (mean, (var / n).sqrt())
    };
    [stats(es.iter().map(|e| e.solutions.value).collect()), stats(es.iter().map(|e| e.nodes.value).collect())]
}

/// Knuth's estimate over Algorithm M's tree: a node is a level entered (a
/// solution and a dead end included), its degree the number of branches of
/// its item. Over many seeds, the mean is the exact count, fast and
/// faithful (whose trees differ: DLX3's has three times the nodes).
#[test]
fn estimates_over_algorithm_ms_tree_are_unbiased() {
    for name in ["double-queens-7.dlx", "knuth-dlx3-example.dlx"] {
        let p = fixture(name);
        let mut solver = Solver::new(&p);
        for faithful in [false, true] {
            solver.set_faithful(faithful);
            let o = solver.count(None);
            let (solutions, nodes) = (o.solutions().unwrap() as f64, o.nodes() as f64);
            for stratify in [false, true] {
                let [(ms, ss), (mn, sn)] = mean_over_seeds(&mut solver, 200, 300, stratify);
                let how = format!("{name}, faithful {faithful}, stratified {stratify}");
                assert!(
                    (ms - solutions).abs() <= 4.0 * ss + 1e-9,
                    "{how}: solutions {ms} ± {ss}, exact {solutions}"
                );
                assert!((mn - nodes).abs() <= 4.0 * sn + 1e-9, "{how}: nodes {mn} ± {sn}, exact {nodes}");
            }
            // A sample this rich puts the truth inside its interval.
            let e = solver.estimate(&EstimateOptions { probes: 20_000, seed: 7, stratify: true });
            assert!(e.solutions.contains(solutions) && e.nodes.contains(nodes), "{name}: {e:?}");
            // The solver is as it was.
            assert_eq!(solver.count(None), o);
        }
    }
    // A small tree is walked exactly.
    let p = fixture("knuth-dlx3-example.dlx");
    let e = Solver::new(&p).estimate(&EstimateOptions::default());
    assert!(e.exact);
    assert_eq!((e.solutions.value, e.nodes.value), (1.0, Solver::new(&p).count(None).nodes() as f64));
}

/// The big ones: run with `cargo test --release -- --ignored` (CI does).
#[test]
#[ignore = "slow: seconds in release builds"]
fn the_big_xcc_files() {
    multiplicities("double-queens-8.dlx", 477_136, 12_128_277, 101_798_656);
    cheapest("cost-queens-20.dlx", [38, 43, 43, 44, 44], 15_659_969, 368_422_208);
}
