//! The two 9x9 searches side by side, for timing: `nine_engines ENGINE
//! MODE FILE` with ENGINE `nine` or `triad`, MODE `solve` (prints each first
//! solution, or a line of dots) or `count` (counts to 2, prints the count).
//! One puzzle a line, its first 81 characters (digits, anything else blank).

use std::io::{BufWriter, Write};
use std::ops::ControlFlow;

use reduce::search::{Nine, Triad};
use reduce::{Alphabet, Puzzle, Shape};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, engine, mode, file] = &args[..] else {
        eprintln!("usage: nine_engines nine|triad solve|count FILE");
        std::process::exit(2);
    };
    let shape = Shape::default_for(9).unwrap();
    let alphabet = Alphabet::default_for(9).unwrap();
    let mut nine = Nine::new(&shape).unwrap();
    let mut triad = Triad::new(&shape).unwrap();
    let text = std::fs::read_to_string(file).expect("a readable file");
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut nodes = 0u64;
    for line in text.lines().filter(|l| l.len() >= 81) {
        let givens = line
            .bytes()
            .take(81)
            .map(|b| b.is_ascii_digit().then(|| b.wrapping_sub(b'1')).filter(|&v| v < 9));
        let puzzle = Puzzle::new(shape.clone(), alphabet.clone(), givens.collect()).unwrap();
        if mode == "count" {
            let n = match engine.as_str() {
                "triad" => triad.count(&puzzle, 2),
                _ => nine.count(&puzzle, 2),
            };
            writeln!(out, "{}", n.solutions().unwrap_or(0)).unwrap();
        } else {
            let mut first = None;
            let visit = |g: &[u8]| {
                first = Some(g.iter().map(|&v| (b'1' + v) as char).collect::<String>());
                ControlFlow::Break(())
            };
            let _ = match engine.as_str() {
                "triad" => triad.solve(&puzzle, visit),
                _ => nine.solve(&puzzle, visit),
            };
            writeln!(out, "{}", first.unwrap_or_else(|| ".".repeat(81))).unwrap();
        }
        nodes += if engine == "triad" { triad.stats().nodes } else { nine.stats().nodes };
    }
    if std::env::var_os("NODES").is_some() {
        eprintln!("nodes {nodes}");
    }
}
