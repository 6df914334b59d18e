//! Knuth's random-probe estimates against exact counts: close with many
//! probes, unbiased over seeds, honest (wide) when the probes rarely reach
//! a solution, reproducible from a seed, and harmless to the solver.

use std::path::PathBuf;

use dlx::{text, Estimate, EstimateOptions, Problem, Solver};

fn fixture(name: &str) -> Problem {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dlx").join(name);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text::parse(&src).unwrap().problem
}

fn estimate(p: &Problem, probes: u64, seed: u64, stratify: bool) -> Estimate {
    Solver::new(p).estimate(&EstimateOptions { probes, seed, stratify })
}

fn within(x: f64, want: f64, fraction: f64) -> bool {
    (x - want).abs() <= fraction * want
}

#[test]
fn queens_12_solutions_within_five_percent() {
    let p = fixture("queens-12.dlx");
    for stratify in [false, true] {
        let e = estimate(&p, 100_000, 1, stratify);
        assert!(within(e.solutions.value, 14_200.0, 0.05), "{e:?}");
        // DLX1's nodes (the faithful search counts 332,940).
        assert!(within(e.nodes.value, 332_940.0, 0.05), "{e:?}");
        assert!(e.solutions.from_spread && e.hits > 10_000, "{e:?}");
        assert_eq!(e.probes, 100_000);
    }
}

#[test]
fn pentomino_nodes_within_a_quarter_of_dlx1s() {
    let p = fixture("pentominoes-6x10.dlx");
    for stratify in [false, true] {
        let e = estimate(&p, 100_000, 1, stratify);
        assert!(within(e.nodes.value, 3_637_261.0, 0.25), "{e:?}");
        assert!(e.nodes.contains(3_637_261.0), "{e:?}");
    }
}

#[test]
fn rare_solutions_get_a_wide_interval_not_a_confident_wrong_one() {
    // Few probes ever reach one of the 9,356 tilings.
    let p = fixture("pentominoes-6x10.dlx");
    for seed in 0..4 {
        let e = estimate(&p, 2_000, seed, false);
        assert!(e.hits < 30, "{e:?}");
        assert!(!e.solutions.from_spread, "{e:?}");
        assert!(e.solutions.contains(9_356.0), "seed {seed}: {e:?}");
        assert!(e.solutions.high > 50.0 * 9_356.0, "seed {seed}: not wide: {e:?}");
        assert!(e.solutions.low <= 1.0, "seed {seed}: {e:?}");
    }
}

/// The mean of `runs` estimates (seeds 0..runs) and the standard error of
/// that mean, for the solutions and the nodes.
fn mean_over_seeds(p: &Problem, probes: u64, runs: u64, stratify: bool) -> [(f64, f64); 2] {
    let mut solver = Solver::new(p);
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

#[test]
fn estimates_are_unbiased_on_small_problems() {
    for (name, stratify) in [
        ("queens-8.dlx", false),
        ("queens-10.dlx", true),
        ("langford-11.dlx", false),
        ("knuth-dlx2-color-example.dlx", false),
        ("sudoku-4x4-blank.dlx", true),
    ] {
        let p = fixture(name);
        let o = Solver::new(&p).count(None);
        let (solutions, nodes) = (o.solutions().unwrap() as f64, o.nodes() as f64);
        let [(ms, ss), (mn, sn)] = mean_over_seeds(&p, 200, 400, stratify);
        // Within four standard errors of the exact figures (and a hair of
        // rounding when every estimate is exact).
        assert!(
            (ms - solutions).abs() <= 4.0 * ss + 1e-9,
            "{name}: solutions {ms} ± {ss}, exact {solutions}"
        );
        assert!((mn - nodes).abs() <= 4.0 * sn + 1e-9, "{name}: nodes {mn} ± {sn}, exact {nodes}");
        assert!(ss > 0.0 && sn > 0.0 || name.starts_with("knuth"), "{name}: no spread at all");
    }
}

#[test]
fn intervals_cover_the_truth_about_as_often_as_they_say() {
    let p = fixture("queens-10.dlx");
    let (mut solutions, mut nodes) = (0, 0);
    let mut solver = Solver::new(&p);
    for seed in 0..200 {
        let e = solver.estimate(&EstimateOptions { probes: 2_000, seed, stratify: true });
        solutions += e.solutions.contains(724.0) as u32;
        nodes += e.nodes.contains(16_536.0) as u32;
    }
    assert!(solutions >= 176 && nodes >= 176, "covered {solutions} and {nodes} times of 200");
}

#[test]
fn small_trees_are_walked_exactly_and_estimates_repeat() {
    let p = fixture("knuth-dlx1-example.dlx");
    let e = estimate(&p, 1_000, 3, true);
    assert!(e.exact, "{e:?}");
    assert_eq!((e.solutions.value, e.nodes.value, e.solutions.low, e.nodes.high), (1.0, 6.0, 1.0, 6.0));
    let p = fixture("queens-12.dlx");
    assert_eq!(estimate(&p, 3_000, 9, true), estimate(&p, 3_000, 9, true));
    assert_ne!(estimate(&p, 3_000, 9, true), estimate(&p, 3_000, 10, true));
}

#[test]
fn an_estimate_leaves_the_solver_as_it_was_and_sees_forced_options() {
    let p = fixture("queens-8.dlx");
    let mut solver = Solver::new(&p);
    solver.force(0).unwrap();
    let below = solver.count(None);
    let e = solver.estimate(&EstimateOptions { probes: 5_000, seed: 2, stratify: false });
    assert_eq!(solver.count(None), below);
    assert_eq!(solver.forced(), [0]);
    // Four solutions hold option 0; the estimate is of those.
    assert!(e.solutions.contains(4.0) && e.solutions.value < 10.0, "{e:?}");
    assert!(e.nodes.contains(below.nodes() as f64), "{e:?} vs {below:?}");
}

#[test]
fn ctrl_c_and_deadlines_end_an_estimate() {
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use dlx::{Budget, End, Probe};
    // A trillion probes: only a stop ends it.
    let p = fixture("queens-12.dlx");
    let options = EstimateOptions { probes: 1_000_000_000_000, seed: 0, stratify: true };
    let probe = Arc::new(Probe::default());
    let mut solver = Solver::new(&p);
    solver.set_probe(Some(probe.clone()));
    let stopper = {
        let probe = probe.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            probe.stop();
        })
    };
    assert_eq!(solver.estimate(&options).end, End::Interrupted);
    stopper.join().unwrap();
    // A deadline already passed.
    let mut solver = Solver::new(&p);
    solver.set_budget(Budget::UNLIMITED.with_deadline(Instant::now()));
    assert_eq!(solver.estimate(&options).end, End::OutOfTime);
    // The solver is as it was: it counts all.
    solver.set_budget(Budget::UNLIMITED);
    assert_eq!(solver.count(None).solutions(), Some(14_200));
    assert_eq!(estimate(&p, 1_000, 0, true).end, End::Complete);
}

#[test]
fn a_long_count_foresees_its_size_for_a_probe_that_asks() {
    use std::sync::Arc;

    use dlx::Probe;
    let p = fixture("queens-12.dlx");
    for jobs in [1, 2] {
        let probe = Arc::new(Probe::default());
        let mut solver = Solver::new(&p);
        solver.set_probe(Some(probe.clone()));
        // Not asked: no estimate.
        assert_eq!(dlx::parallel::count_adaptive(&mut solver, jobs, None).solutions(), Some(14_200));
        assert_eq!(probe.expected_nodes(), None);
        probe.set_foresee(true);
        assert_eq!(dlx::parallel::count_adaptive(&mut solver, jobs, None).solutions(), Some(14_200));
        // DLX1's 332,940 nodes, within a quarter; the count's own nodes
        // (after its first try) are its fraction done.
        let expected = probe.expected_nodes().expect("an estimate") as f64;
        assert!(within(expected, 332_940.0, 0.25), "{expected}");
        assert!(probe.fraction_done().unwrap() > 0.75, "{:?}", probe.fraction_done());
        // A short count pays nothing: no estimate.
        probe.forget_expectations();
        let q8 = fixture("queens-8.dlx");
        let mut small = Solver::new(&q8);
        small.set_probe(Some(probe.clone()));
        assert_eq!(dlx::parallel::count_adaptive(&mut small, jobs, None).solutions(), Some(92));
        assert_eq!(probe.expected_nodes(), None);
    }
}
