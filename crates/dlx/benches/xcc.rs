//! Multiplicities and costs: every file given on the command line (default:
//! the problems of the table in `fixtures/xcc/README.md`, the files named
//! `knuth-*`, `double-queens-*` and `cost-queens-*`; the others there are
//! corpus cases). A problem with bounds is counted, one
//! with costs gets its 5 cheapest solutions; each on one thread and on two
//! (wall seconds, medians of `DANCE_BENCH_RUNS` runs, default 3), with the
//! nodes of the fast search and Knuth's nodes and updates (the faithful
//! search: DLX3's, or DLX5's). With `DLX3=/path/to/dlx3` and
//! `DLX5=/path/to/dlx5` (Knuth's programs, which read the problem on
//! stdin), it also times them (`d0 v0`, DLX5 with `k5`), interleaved with
//! the one-thread runs, and gives the ratio.
//!
//! `cargo bench -p dance-dlx --bench xcc -- [FILE...]`

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use dlx::{Cheapest, Problem, Solver};

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Wall seconds of Knuth's `program` on `file`, or `None` without one.
fn knuth(program: Option<&str>, args: &[&str], file: &Path) -> Option<f64> {
    let program = program?;
    let input = std::fs::File::open(file).ok()?;
    let t = Instant::now();
    let status =
        Command::new(program).args(args).stdin(input).stdout(Stdio::null()).stderr(Stdio::null()).status();
    status.ok()?.success().then(|| t.elapsed().as_secs_f64())
}

fn main() {
    let mut files: Vec<PathBuf> =
        std::env::args().skip(1).filter(|a| !a.starts_with('-')).map(PathBuf::from).collect();
    if files.is_empty() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/xcc");
        files = std::fs::read_dir(&dir).expect("fixtures/xcc").map(|e| e.unwrap().path()).collect();
        files.retain(|f| {
            let name = f.file_name().unwrap_or_default().to_string_lossy();
            name.ends_with(".dlx")
                && ["knuth-", "double-queens-", "cost-queens-"].iter().any(|p| name.starts_with(p))
                && !name.contains(".exported")
        });
        files.sort();
    }
    let runs: usize = std::env::var("DANCE_BENCH_RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let (dlx3, dlx5) = (std::env::var("DLX3").ok(), std::env::var("DLX5").ok());
    println!(
        "| problem | answer | Knuth's nodes | Knuth's updates | fast nodes | 1 thread (s) | 2 threads (s) \
         | 2 / 1 | Knuth (s) | 1 thread / Knuth |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        let problem: Problem = dlx::text::parse(&src).unwrap().problem;
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        let (mut one, mut two, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
        let (answer, faithful, fast_nodes);
        if problem.has_costs() {
            let mut c = Cheapest::new(&problem);
            c.set_faithful(true);
            let _ = c.best(5);
            faithful = c.stats();
            c.set_faithful(false);
            let mut best = Vec::new();
            for _ in 0..runs {
                theirs.extend(knuth(dlx5.as_deref(), &["k5", "d0", "v0"], &f));
                let t = Instant::now();
                best = c.best(5).into_cheapest().expect("no budget");
                one.push(t.elapsed().as_secs_f64());
                let t = Instant::now();
                let _ = dlx::parallel::best(&mut c, 5, 2);
                two.push(t.elapsed().as_secs_f64());
            }
            let _ = c.best(5);
            fast_nodes = c.stats().nodes;
            answer = best.iter().map(|s| s.cost.to_string()).collect::<Vec<_>>().join(" ");
        } else {
            let mut solver = Solver::new(&problem);
            solver.set_faithful(true);
            let _ = solver.search(|_| ControlFlow::Continue(()));
            faithful = solver.stats();
            solver.set_faithful(false);
            let mut count = 0;
            for _ in 0..runs {
                theirs.extend(knuth(dlx3.as_deref(), &["d0", "v0"], &f));
                let t = Instant::now();
                count = solver.count(None).solutions().expect("no budget");
                one.push(t.elapsed().as_secs_f64());
                let t = Instant::now();
                let _ = dlx::parallel::count(&mut solver, 2, None, None);
                two.push(t.elapsed().as_secs_f64());
            }
            fast_nodes = solver.stats().nodes;
            answer = format!("{count} solution{}", if count == 1 { "" } else { "s" });
        }
        let (one, two) = (median(one), median(two));
        let (knuth_s, ratio) = match theirs.is_empty() {
            true => ("-".to_owned(), "-".to_owned()),
            false => {
                let k = median(theirs);
                (format!("{k:.4}"), format!("{:.2}", one / k))
            }
        };
        println!(
            "| {name} | {answer} | {} | {} | {fast_nodes} | {one:.4} | {two:.4} | {:.2} | {knuth_s} | {ratio} |",
            faithful.nodes,
            faithful.updates,
            two / one
        );
    }
}
