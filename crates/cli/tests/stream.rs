//! A million puzzles stream through in flat memory.

mod common;
use common::*;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// The peak resident memory of a process so far, in KiB (Linux).
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_million_puzzles_in_flat_memory() {
    // Seed 000's easy puzzle as a line, with a 17-clue puzzle from the
    // shipped sample every thousandth line.
    let easy: String = read("seeds/000-sample.in")
        .lines()
        .take(9)
        .flat_map(|l| l.split(' ').map(|c| if c == "?" { '.' } else { c.chars().next().unwrap() }))
        .collect();
    assert_eq!(easy.len(), 81);
    let hard: Vec<String> = read("sudoku/sample-1000.txt").lines().map(String::from).collect();
    let total = 1_000_000usize;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dance"))
        .args(["solve", "--format", "line"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut buf = Vec::with_capacity(1 << 20);
        for i in 0..total {
            let line = if i % 1000 == 999 { &hard[i / 1000] } else { &easy };
            buf.extend_from_slice(line.as_bytes());
            buf.push(b'\n');
            if buf.len() > 1 << 20 {
                stdin.write_all(&buf).unwrap();
                buf.clear();
            }
        }
        stdin.write_all(&buf).unwrap();
    });
    let mut lines = 0usize;
    let mut peak = 0;
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        assert_eq!(line.len(), 81);
        lines += 1;
        if lines % 50_000 == 0 {
            peak = peak.max(peak_kib(pid).unwrap_or(0));
        }
    }
    writer.join().unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
    assert_eq!(lines, total);
    eprintln!("a million puzzles: peak RSS {peak} KiB (sampled while running)");
    // The input alone is 82 MB: holding it would show here.
    assert!(peak < 64 * 1024, "peak RSS {peak} KiB");
}

/// Long runs of grid art, blank lines and comments from a pipe (where the
/// window grows a line at a time) are read once, not again with each line:
/// 50,000 art lines took 88 s in release when the grid reading looked at the
/// whole run again for every line added (a regression shows as a test that
/// takes minutes; the answers are asserted here).
#[test]
fn long_runs_of_art_blank_and_comment_lines_from_a_pipe() {
    let puzzle = read("seeds/003-sample.in");
    let mut input = String::new();
    for k in 0..3 {
        for _ in 0..20_000 {
            input.push_str(["+-------+-------+-------+\n", "\n", "# a comment\n"][k]);
        }
        input.push_str(&puzzle);
    }
    let alone = dance(&["solve"]).stdin(puzzle.repeat(3)).expect(0);
    assert_eq!(alone.stdout.lines().count(), 3 * 9, "three answers");
    let run = dance(&["solve"]).stdin(input).expect(0);
    assert_eq!(run.stdout, alone.stdout, "the same three answers, in order");
}
