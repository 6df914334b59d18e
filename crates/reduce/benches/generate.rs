//! The generator, one thread: minimal puzzles with one solution, of each
//! shape named on the command line (default: `9 6 12 16 jigsaw9`), from
//! seeds 0, 1, 2, ... Prints a Markdown table: puzzles made, their mean
//! givens, and puzzles per second in wall time and CPU time (median of
//! `DANCE_BENCH_RUNS` runs, 3). A shape is an order (`9`: the default
//! boxes), `latinN` (no regions) or `jigsawN` (a random map per puzzle);
//! `--count K` sets the puzzles per run (default 2000 for orders up to 9,
//! 200 above 9, 20 above 16).
//!
//! `cargo bench -p dance-reduce --bench generate -- [--count K] [SHAPE...]`

use std::time::Instant;

use reduce::generate::{Generator, Request, Target};
use reduce::{Alphabet, Regions, Shape};

/// The CPU seconds this process has used, if Linux says.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn target(name: &str) -> Target {
    if let Some(n) = name.strip_prefix("jigsaw") {
        return Target::Jigsaw(n.parse().expect("jigsawN"));
    }
    if let Some(n) = name.strip_prefix("latin") {
        return Target::Shape(Shape::new(n.parse().expect("latinN"), Regions::None).unwrap());
    }
    Target::Shape(Shape::default_for(name.parse().expect("an order")).unwrap())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let mut count: Option<u64> = None;
    let mut names = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--count" {
            count = it.next().and_then(|k| k.parse().ok());
        } else {
            names.push(a.clone());
        }
    }
    if names.is_empty() {
        names = ["9", "6", "12", "16", "jigsaw9"].map(String::from).to_vec();
    }
    let runs: usize = std::env::var("DANCE_BENCH_RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    println!("| shape | puzzles | mean givens | puzzles per second, wall | puzzles per second, CPU |");
    println!("|---|---:|---:|---:|---:|");
    for name in names {
        let t = target(&name);
        let n = t.n();
        let k = count.unwrap_or(if n <= 9 {
            2000
        } else if n <= 16 {
            200
        } else {
            20
        });
        let mut g = Generator::new(t, Alphabet::default_for(n).unwrap(), Request::default()).unwrap();
        let (mut walls, mut cpus) = (Vec::new(), Vec::new());
        let mut givens = 0;
        for _ in 0..runs {
            givens = 0;
            let (w, c) = (Instant::now(), cpu_seconds());
            for seed in 0..k {
                givens += g.generate(seed).expect("a puzzle").clues();
            }
            walls.push(w.elapsed().as_secs_f64());
            if let (Some(a), Some(b)) = (c, cpu_seconds()) {
                cpus.push(b - a);
            }
        }
        let per = |s: f64| if s > 0.0 { format!("{:.0}", k as f64 / s) } else { "-".into() };
        let cpu = if cpus.is_empty() { "-".into() } else { per(median(cpus)) };
        println!("| {name} | {k} | {:.1} | {} | {cpu} |", givens as f64 / k as f64, per(median(walls)));
    }
}
