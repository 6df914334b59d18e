//! Big grids, one thread: the time to a first solution (the searches built
//! for the shape, then `solve_any`), for blank and sparse box grids of every
//! order from 1 to 64 (Latin squares for prime orders) and for blank and
//! sparse jigsaw grids of every order from 2 to 36 (random maps, N² cell
//! swaps from the boxes, see `tests/grids`). Sparse: each cell of a random
//! filled grid given with probability 2%, 5% or 15%. Prints Markdown tables:
//! the engine, its nodes, and the milliseconds (median of
//! `DANCE_BENCH_RUNS` runs, 3). Each search has a 5-second budget, so a
//! grid that thrashes shows as "unknown" (and the milliseconds it spent).
//!
//! `cargo bench -p dance-reduce --bench big [-- ORDER...]`
//!
//! With `--seeds K`, a sweep instead of the tables: for each order, box
//! grids (and jigsaws up to 36) drawn from seeds 1 to K at each density of
//! `--percents` (default `5,10,30,50`), one run each with a budget of
//! `--budget-ms` (default 2000); it prints the worst time per order and
//! kind, how many grids ran out and the nodes of all. Grids other than the tables', as the
//! reviewers draw theirs.
//!
//! With `--kind box` or `--kind jigsaw`, the sweep takes only that kind.
//!
//! With `--each`, the sweep also prints every grid's nodes on stderr.
//!
//! With `--max-nodes N`, every search has a budget of N nodes instead of
//! time (tables and sweep): node counts that do not depend on the load.
//!
//! With `--far`, the sweep's jigsaws are maps farther from the boxes
//! (drawn as the generator draws them, each with a grid found for it,
//! `grids::far_jigsaw`), that grid the solution the givens come from; the
//! grids over `--over-ms` (default 1000) are named on stderr and counted.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use dlx::{Budget, SplitMix64};
use reduce::{GridSolver, Puzzle};

#[path = "../tests/grids/mod.rs"]
mod grids;

/// The most maps drawn for a far jigsaw (see `grids::far_jigsaw`).
const FAR_TRIES: usize = 100;

/// Milliseconds to a first solution, the engine and its nodes, and the
/// milliseconds spent; `None` as the time when the budget ran out.
fn first_solution(p: &Puzzle, runs: usize) -> (Option<f64>, String, u64, f64) {
    first_within(p, runs, Duration::from_secs(5))
}

/// [`first_solution`] with another budget.
fn first_within(p: &Puzzle, runs: usize, budget: Duration) -> (Option<f64>, String, u64, f64) {
    let mut times = Vec::new();
    let (mut engine, mut nodes, mut known) = (String::new(), 0, true);
    for _ in 0..runs {
        let t = Instant::now();
        let mut s = GridSolver::new(p.shape());
        match option("--max-nodes").and_then(|n| n.parse().ok()) {
            Some(n) => s.set_budget(Budget::nodes(n)),
            None => s.set_budget(Budget::time(budget)),
        }
        let mut ok = false;
        let o = s.solve_any(p, |g| {
            ok = p.verify(g).is_ok();
            ControlFlow::Break(())
        });
        times.push(t.elapsed().as_secs_f64() * 1e3);
        let o = o.expect("no clash");
        known &= o.solutions() == Some(1);
        assert!(ok || !known, "a wrong grid");
        engine = s.last_engine().to_string();
        nodes = o.nodes();
    }
    times.sort_by(f64::total_cmp);
    (known.then(|| times[runs / 2]), engine, nodes, times[runs / 2])
}

/// The value after `--name` on the command line, if any.
fn option(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

/// The sweep over seeds and densities (see the module documentation).
fn sweep(orders: &[usize], seeds: u64) {
    let percents: Vec<u32> = option("--percents")
        .unwrap_or_else(|| "5,10,30,50".into())
        .split(',')
        .filter_map(|p| p.parse().ok())
        .collect();
    let budget = Duration::from_millis(option("--budget-ms").and_then(|b| b.parse().ok()).unwrap_or(2000));
    let far = std::env::args().any(|a| a == "--far");
    let over = Duration::from_millis(option("--over-ms").and_then(|b| b.parse().ok()).unwrap_or(1000));
    let mut slow = 0;
    println!(
        "| order | kind | grids | unknown | worst ms | worst grid (seed, % given) | its nodes | all nodes |"
    );
    println!("|---:|---|---:|---:|---:|---|---:|---:|");
    let mut total = (0u64, 0u64);
    for n in 1..=64usize {
        if !orders.is_empty() && !orders.contains(&n) {
            continue;
        }
        for kind in ["box", "jigsaw"] {
            if kind == "jigsaw" && !(2..=36).contains(&n) {
                continue;
            }
            if option("--kind").is_some_and(|k| k != kind) {
                continue;
            }
            let (mut grids, mut unknown, mut worst, mut all) = (0, 0, (0.0f64, 0u64, 0u32, 0u64), 0u64);
            for seed in 1..=seeds {
                for &percent in &percents {
                    let mut rng = SplitMix64::new(seed.wrapping_mul(1_000_003) ^ n as u64);
                    let boxes = reduce::Shape::default_for(n).unwrap();
                    let mut full = grids::full_grid(&boxes, &mut rng);
                    let shape = match kind {
                        "jigsaw" if far => {
                            let (shape, grid) = grids::far_jigsaw(n, FAR_TRIES, &mut rng).expect("a far map");
                            full = grid;
                            shape
                        }
                        "jigsaw" => grids::jigsaw(n, &full, n * n, &mut rng),
                        _ => boxes,
                    };
                    let p = grids::sparse(&shape, &full, percent as f64 / 100.0, &mut rng);
                    let (t, _, nodes, _) = first_within(&p, 1, budget);
                    if std::env::args().any(|a| a == "--each") {
                        eprintln!(
                            "{n} {kind} seed {seed} {percent}%: {nodes} nodes{}",
                            if t.is_none() { " unknown" } else { "" }
                        );
                    }
                    grids += 1;
                    all += nodes;
                    if t.is_none_or(|t| t > over.as_secs_f64() * 1e3) {
                        slow += 1;
                        if far {
                            eprintln!("over: {n} {kind} seed {seed} {percent}%: {nodes} nodes, {t:?} ms");
                        }
                    }
                    let t = t.unwrap_or_else(|| {
                        unknown += 1;
                        f64::INFINITY
                    });
                    if t > worst.0 {
                        worst = (t, seed, percent, nodes);
                    }
                }
            }
            let ms = if worst.0.is_finite() { format!("{:.1}", worst.0) } else { "unknown".into() };
            println!(
                "| {n} | {kind} | {grids} | {unknown} | {ms} | {}, {}% | {} | {all} |",
                worst.1, worst.2, worst.3
            );
            total = (total.0 + unknown, total.1 + all);
        }
    }
    println!(
        "\nAltogether {} unknown, {} nodes; {slow} over {} ms or unknown.",
        total.0,
        total.1,
        over.as_millis()
    );
}

fn main() {
    // Numbers but the values of options.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let orders: Vec<usize> = (0..args.len())
        .filter(|&i| {
            i == 0
                || !matches!(
                    args[i - 1].as_str(),
                    "--seeds" | "--percents" | "--budget-ms" | "--max-nodes" | "--kind" | "--over-ms"
                )
        })
        .filter_map(|i| args[i].parse().ok())
        .collect();
    if let Some(seeds) = option("--seeds").and_then(|k| k.parse().ok()) {
        sweep(&orders, seeds);
        return;
    }
    let runs: usize = std::env::var("DANCE_BENCH_RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let show = |(t, _, nodes, spent): (Option<f64>, String, u64, f64)| match t {
        Some(t) => format!("{nodes} | {t:.1}"),
        None => format!("{nodes} | unknown ({spent:.0})"),
    };
    println!(
        "| order | shape | engine | blank: nodes | ms | 2% given: nodes | ms | 5% given: nodes | ms | 15% given: nodes | ms |"
    );
    println!("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for n in 1..=64usize {
        if !orders.is_empty() && !orders.contains(&n) {
            continue;
        }
        let mut rng = SplitMix64::new(2024 + n as u64);
        let shape = reduce::Shape::default_for(n).unwrap();
        let full = grids::full_grid(&shape, &mut rng);
        let blank = first_solution(&grids::blank(&shape), runs);
        let few = first_solution(&grids::sparse(&shape, &full, 0.02, &mut rng), runs);
        let some = first_solution(&grids::sparse(&shape, &full, 0.15, &mut rng), runs);
        // Drawn after the others, which keep their grids of earlier runs.
        let five = first_solution(&grids::sparse(&shape, &full, 0.05, &mut rng), runs);
        let kind = match shape.regions() {
            reduce::Regions::Boxes { rows, cols } => format!("{rows}x{cols} boxes"),
            _ => "Latin".into(),
        };
        println!(
            "| {n} | {kind} | {} | {} | {} | {} | {} |",
            blank.1,
            show(blank.clone()),
            show(few),
            show(five),
            show(some)
        );
    }
    println!();
    println!("| order | engine | jigsaw, blank: nodes | ms | 15% given: nodes | ms |");
    println!("|---:|---|---:|---:|---:|---:|");
    for n in 2..=36usize {
        if !orders.is_empty() && !orders.contains(&n) {
            continue;
        }
        let mut rng = SplitMix64::new(4048 + n as u64);
        let boxes = reduce::Shape::default_for(n).unwrap();
        let full = grids::full_grid(&boxes, &mut rng);
        let shape = grids::jigsaw(n, &full, n * n, &mut rng);
        assert_eq!(grids::blank(&shape).verify(&full), Ok(()), "the jigsaw keeps its grid");
        let blank = first_solution(&grids::blank(&shape), runs);
        let some = first_solution(&grids::sparse(&shape, &full, 0.15, &mut rng), runs);
        println!("| {n} | {} | {} | {} |", blank.1, show(blank.clone()), show(some));
    }
}
