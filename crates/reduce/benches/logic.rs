//! The logical solver on Sudoku batches, one thread: each file of one
//! 81-character puzzle a line (`.` blank) given on the command line
//! (default: the three sets of `fixtures/logic`). Prints a Markdown table:
//! how many puzzles logic alone solves (its reach), how many fall on each
//! level of the ladder, and the microseconds per puzzle to rate them
//! (parsing included; median of `DANCE_BENCH_RUNS` runs, 3), in wall time
//! and in CPU time (user and system, from `/proc/self/stat`, where there
//! is one: on a busy machine it is the steadier of the two).
//!
//! With `DANCE_LOGIC_TOP` set to a technique's name (`hidden pair`), only
//! the techniques up to it are used. With `DANCE_LOGIC_OUT` set to a
//! folder, writes there one file per set, `NAME.levels`, with one line per
//! puzzle: level, score, hardest technique (to compare with other raters
//! puzzle by puzzle).
//!
//! `cargo bench -p dance-reduce --bench logic -- [FILE...]`

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use reduce::logic::{Level, Logic, Technique, Verdict};
use reduce::{Alphabet, Puzzle, Shape};

/// The CPU seconds this process has used, if Linux says.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's closing parenthesis; utime and stime
    // are the 14th and 15th of the line, in ticks of (nearly always) 1/100 s.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut files: Vec<PathBuf> =
        std::env::args().skip(1).filter(|a| !a.starts_with('-')).map(PathBuf::from).collect();
    if files.is_empty() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/logic");
        for name in ["17clue", "magictour_top1465", "forum_hardest_1905_11plus"] {
            files.push(dir.join(format!("{name}.txt")));
        }
    }
    let runs: usize = std::env::var("DANCE_BENCH_RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let top = std::env::var("DANCE_LOGIC_TOP").ok().map(|name| {
        *Technique::ALL.iter().find(|t| t.name().eq_ignore_ascii_case(&name)).expect("a technique's name")
    });
    let out = std::env::var_os("DANCE_LOGIC_OUT").map(PathBuf::from);
    let shape = Shape::default_for(9).unwrap();
    let alphabet = Alphabet::default_for(9).unwrap();
    let mut logic = Logic::new(&shape);
    if let Some(t) = top {
        logic.set_hardest(t);
    }
    print!("| set | puzzles | solved by logic |");
    for l in Level::ALL {
        print!(" {l} |");
    }
    println!(" unrated | rate, wall (µs per puzzle) | rate, CPU (µs per puzzle) |");
    println!("|---|---:|---:|{}---:|---:|---:|", "---:|".repeat(Level::ALL.len()));
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let lines: Vec<&str> = text.lines().filter(|l| l.len() >= 81).collect();
        let parse = |l: &str| {
            let givens = l.chars().take(81).map(|c| alphabet.index(c)).collect();
            Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap()
        };
        let mut per_level = [0usize; Level::ALL.len()];
        let (mut solved, mut unrated) = (0, 0);
        let mut levels = String::new();
        for l in &lines {
            let v = logic.rate(&parse(l));
            solved += v.is_solved() as usize;
            match v {
                Verdict::Solved(r) | Verdict::Stuck(r) => {
                    per_level[r.level() as usize] += 1;
                    levels += &format!("{} {} {}\n", r.level(), r.score(), r.hardest_name());
                }
                Verdict::Unrated(why) => {
                    unrated += 1;
                    levels += &format!("unrated - {why}\n");
                }
            }
        }
        if let Some(dir) = &out {
            let name = f.file_stem().unwrap().to_string_lossy();
            let mut w = std::fs::File::create(dir.join(format!("{name}.levels"))).unwrap();
            w.write_all(levels.as_bytes()).unwrap();
        }
        let (mut times, mut cpu) = (Vec::new(), Vec::new());
        for _ in 0..runs.max(1) {
            let (t, c) = (Instant::now(), cpu_seconds());
            for l in &lines {
                std::hint::black_box(logic.rate(&parse(l)));
            }
            times.push(t.elapsed().as_secs_f64() * 1e6 / lines.len() as f64);
            if let (Some(c0), Some(c1)) = (c, cpu_seconds()) {
                cpu.push((c1 - c0) * 1e6 / lines.len() as f64);
            }
        }
        let cpu = if cpu.is_empty() { "-".to_string() } else { format!("{:.1}", median(cpu)) };
        let name = f.file_stem().unwrap().to_string_lossy();
        let share = 100.0 * solved as f64 / lines.len() as f64;
        print!("| {name} | {} | {solved} ({share:.1}%) |", lines.len());
        for c in per_level {
            print!(" {c} |");
        }
        println!(" {unrated} | {:.1} | {cpu} |", median(times));
    }
}
