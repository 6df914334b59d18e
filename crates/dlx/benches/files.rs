//! Counts every solution of each exact-cover file given on the command line
//! (default: every `.dlx` in `fixtures/dlx`), and prints a Markdown table of
//! the count, DLX1's nodes and updates (a faithful search), and the CPU
//! seconds of the fast count: the median of `DANCE_BENCH_RUNS` runs (3).
//!
//! `cargo bench -p dance-dlx --bench files -- [FILE...]`

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let mut files: Vec<PathBuf> =
        std::env::args().skip(1).filter(|a| !a.starts_with('-')).map(PathBuf::from).collect();
    if files.is_empty() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dlx");
        files = std::fs::read_dir(&dir).expect("fixtures/dlx").map(|e| e.unwrap().path()).collect();
        files.sort();
    }
    let runs: usize = std::env::var("DANCE_BENCH_RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let faithful_limit: u64 = 50_000_000;
    println!("| problem | solutions | nodes | updates | count (s, median of {runs}) |");
    println!("|---|---:|---:|---:|---:|");
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        let problem = dlx::text::parse(&src).unwrap().problem;
        let mut solver = dlx::Solver::new(&problem);
        let mut times = Vec::new();
        let mut count = 0;
        for _ in 0..runs {
            let t = Instant::now();
            count = solver.count(None).solutions().expect("no budget");
            times.push(t.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        // The faithful statistics, unless the tree is too big to walk twice.
        let stats = if count <= faithful_limit / 10 {
            solver.set_faithful(true);
            let _ = solver.search(|_| ControlFlow::Continue(()));
            let s = solver.stats();
            solver.set_faithful(false);
            format!("{} | {}", s.nodes, s.updates)
        } else {
            "- | -".into()
        };
        let name = f.file_stem().unwrap().to_string_lossy();
        println!("| {name} | {count} | {stats} | {:.4} |", times[runs / 2]);
    }
}
