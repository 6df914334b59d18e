//! Sudoku batches, one thread: each file of one 81-character puzzle a line
//! (`.` blank) given on the command line (default: `fixtures/sudoku`), in
//! solve mode (first solution) and count-to-2 mode (uniqueness), on the
//! engine the search layer picks (`nine`: what `dance solve` and `dance
//! count` use), on
//! dancing links with the givens forced on one reused matrix, and, for
//! comparison, with a reduced matrix built per puzzle. Prints a Markdown
//! table of microseconds per puzzle (median of `DANCE_BENCH_RUNS` runs, 3),
//! parsing included, output excluded. Both searches must agree on how many
//! puzzles are unique. With `DANCE_BENCH_PARSE` set, also prints the cost
//! of parsing alone and the bit search's nodes per puzzle on stderr.
//!
//! `cargo bench -p dance-reduce --bench sudoku -- [FILE...]`

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use reduce::{reduce, Alphabet, Encoding, GridSolver, Puzzle, Shape};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut files: Vec<PathBuf> =
        std::env::args().skip(1).filter(|a| !a.starts_with('-')).map(PathBuf::from).collect();
    if files.is_empty() {
        files.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/sudoku/sample-1000.txt"));
    }
    let runs: usize = std::env::var("DANCE_BENCH_RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let shape = Shape::default_for(9).unwrap();
    let alphabet = Alphabet::default_for(9).unwrap();
    println!(
        "| set | puzzles | solve, picked engine (µs) | count to 2, picked engine (µs) | solve, links (µs) \
         | count to 2, links (µs) | solve, reduced matrix (µs) | unique |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| l.len() >= 81).collect();
        let parse = |l: &str| {
            let givens = l.chars().take(81).map(|c| alphabet.index(c)).collect();
            Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap()
        };
        let mut solver = GridSolver::new(&shape);
        let mut bits = GridSolver::new(&shape);
        let per = |t: Instant| t.elapsed().as_secs_f64() * 1e6 / lines.len() as f64;
        let (mut solve, mut count, mut reduced) = (vec![], vec![], vec![]);
        let (mut bits_solve, mut bits_count) = (vec![], vec![]);
        let mut unique = 0;
        if std::env::var_os("DANCE_BENCH_PARSE").is_some() {
            let t = Instant::now();
            for l in &lines {
                std::hint::black_box(parse(l));
            }
            eprintln!("parse: {:.2} µs", per(t));
            let mut nodes = 0;
            for l in &lines {
                let _ = bits.count(&parse(l), Some(2));
                nodes += bits.stats().nodes;
            }
            eprintln!("picked engine nodes per puzzle, count to 2: {:.1}", nodes as f64 / lines.len() as f64);
        }
        for _ in 0..runs {
            let t = Instant::now();
            for l in &lines {
                let p = parse(l);
                let _ = bits.solve_any(&p, |_| ControlFlow::Break(()));
            }
            bits_solve.push(per(t));
            let t = Instant::now();
            let mut bits_unique = 0;
            for l in &lines {
                let p = parse(l);
                bits_unique += (bits.count(&p, Some(2)).ok().and_then(|o| o.solutions()) == Some(1)) as usize;
            }
            bits_count.push(per(t));
            let t = Instant::now();
            for l in &lines {
                let p = parse(l);
                let _ = solver.solve(&p, |_| ControlFlow::Break(()));
            }
            solve.push(per(t));
            let t = Instant::now();
            unique = 0;
            for l in &lines {
                let p = parse(l);
                // `GridSolver::count` takes the bits; `solve` stays on links.
                let mut found = 0;
                let _ = solver.solve(&p, |_| {
                    found += 1;
                    if found == 2 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                unique += (found == 1) as usize;
            }
            count.push(per(t));
            assert_eq!(bits_unique, unique, "both searches agree on uniqueness");
            // The reduced matrix: one build per puzzle, on a tenth of the set.
            let t = Instant::now();
            let step = 10;
            for l in lines.iter().step_by(step) {
                let p = parse(l);
                if let Ok(r) = reduce(&p, Encoding::Reduced) {
                    let mut s = dlx::Solver::new(&r.problem);
                    s.solutions().next();
                }
            }
            reduced.push(per(t) * step as f64);
        }
        let name = f.file_stem().unwrap().to_string_lossy();
        println!(
            "| {name} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {unique} |",
            lines.len(),
            median(bits_solve),
            median(bits_count),
            median(solve),
            median(count),
            median(reduced)
        );
    }
}
