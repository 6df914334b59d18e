//! How even the shards of `--shard K/M` are: for each exact-cover file and
//! each shard count M given, counts every shard on this thread and prints
//! the CPU time of each (the shard's own cut and its search, as a whole
//! process would spend them after reading the problem), the largest over
//! the mean, and whether the counts add up to the total. CPU time is the
//! thread's own (Linux's `/proc/thread-self/schedstat`), the smallest of
//! `DANCE_BENCH_RUNS` runs (1) of each shard.
//!
//! `cargo bench -p dance-dlx --bench shards -- FILE... [--m 8,16,64]`

use std::path::PathBuf;

use dlx::parallel::{self, Shard};

/// The CPU time of this thread so far, in seconds.
fn cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").expect("Linux schedstat");
    s.split_whitespace().next().and_then(|n| n.parse::<u64>().ok()).expect("a number") as f64 * 1e-9
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut ms = vec![8, 16, 64];
    let mut files = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--m" {
            ms = it.next().expect("--m LIST").split(',').map(|m| m.parse().expect("M")).collect();
        } else if !a.starts_with('-') {
            files.push(PathBuf::from(a));
        }
    }
    let runs: usize = std::env::var("DANCE_BENCH_RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    println!("| problem | M | sum | total | mean CPU (s) | min | max | max/mean | cut (s, mean) | nodes max/mean |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        let problem = dlx::text::parse(&src).unwrap().problem;
        let total = dlx::Solver::new(&problem).count(None).solutions().expect("no budget");
        for &m in &ms {
            let (mut sum, mut times, mut cuts, mut node_counts) = (0, Vec::new(), Vec::new(), Vec::new());
            for index in 0..m {
                let shard = Shard { index, count: m };
                let (mut best, mut cut_best, mut n, mut nodes) = (f64::INFINITY, f64::INFINITY, 0, 0);
                for _ in 0..runs {
                    let mut solver = dlx::Solver::new(&problem);
                    let t0 = cpu();
                    let pieces = parallel::shard_pieces(&mut solver, shard);
                    let t1 = cpu();
                    (n, nodes) = (0, 0);
                    for p in &pieces {
                        let o = solver.count_subtree(p, None);
                        n += o.solutions().expect("no budget");
                        nodes += o.nodes();
                    }
                    let t2 = cpu();
                    best = best.min(t2 - t0);
                    cut_best = cut_best.min(t1 - t0);
                }
                sum += n;
                node_counts.push(nodes as f64);
                times.push(best);
                cuts.push(cut_best);
            }
            let mean = times.iter().sum::<f64>() / m as f64;
            let max = times.iter().cloned().fold(0.0, f64::max);
            let min = times.iter().cloned().fold(f64::INFINITY, f64::min);
            let node_ratio =
                node_counts.iter().cloned().fold(0.0, f64::max) * m as f64 / node_counts.iter().sum::<f64>();
            let name = f.file_stem().unwrap().to_string_lossy();
            println!(
                "| {name} | {m} | {sum} | {total} | {mean:.4} | {min:.4} | {max:.4} | {:.3} | {:.4} | {node_ratio:.3} |",
                max / mean,
                cuts.iter().sum::<f64>() / m as f64
            );
        }
    }
}
