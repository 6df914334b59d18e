//! Behaviour over time, through the real binary: answers come as soon as
//! they are ready (before the next puzzle of a slow stream arrives, on one
//! thread or many), and Ctrl-C stops every mode (waiting on stdin, listing
//! with `--all`) with status 130 and a word on how far it got. Nothing here
//! measures speed: the waits only bound a hang.

mod common;
use common::*;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const INKALA_SOLVED: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// Starts `dance` with piped stdin, stdout and stderr.
fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_dance"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dance runs")
}

/// Lines of stdout as they come, on a channel.
fn lines_of(child: &mut Child) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let out = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits (a long while: only a hang fails) for the next line.
fn next(rx: &mpsc::Receiver<String>, what: &str) -> String {
    rx.recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("no {what} while the input stays open"))
}

fn interrupt(child: &Child) {
    let ok = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(ok.success());
}

fn finish(mut child: Child) -> (i32, String) {
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    (status.code().unwrap_or(-1), err)
}

#[test]
fn the_first_answer_comes_before_the_second_puzzle() {
    for jobs in ["1", "2"] {
        for (first, answer) in [
            (format!("{INKALA}\n"), format!("{INKALA_SOLVED}\n")),
            (read("seeds/003-sample.in"), read("seeds/003-sample.out")),
        ] {
            let mut child = spawn(&["solve", "--jobs", jobs]);
            let rx = lines_of(&mut child);
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(first.as_bytes()).unwrap();
            stdin.flush().unwrap();
            // The second puzzle is not written until the first answer is read.
            for want in answer.lines() {
                assert_eq!(next(&rx, "first answer"), want, "--jobs {jobs}");
            }
            stdin.write_all(first.as_bytes()).unwrap();
            drop(stdin);
            for want in answer.lines() {
                assert_eq!(next(&rx, "second answer"), want, "--jobs {jobs}");
            }
            let (code, err) = finish(child);
            assert_eq!((code, err.as_str()), (0, ""), "--jobs {jobs}");
        }
    }
}

#[test]
fn ctrl_c_while_waiting_on_stdin() {
    let mut child = spawn(&["solve"]);
    let rx = lines_of(&mut child);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(format!("{INKALA}\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    assert_eq!(next(&rx, "answer"), INKALA_SOLVED);
    // Now it waits for the next puzzle; stdin stays open.
    std::thread::sleep(Duration::from_millis(200));
    interrupt(&child);
    let (code, err) = finish(child);
    drop(stdin);
    assert_eq!(code, 130, "{err}");
    assert_eq!(err, "dance: interrupted after 1 record, while waiting for input\n");
}

#[test]
fn ctrl_c_stops_a_listing() {
    // 28 million solutions: far more than the time this test waits.
    let mut child = spawn(&["solve", "--all", &fixture("dlx/sudoku-6x6-blank.dlx")]);
    let rx = lines_of(&mut child);
    next(&rx, "first solution");
    interrupt(&child);
    // Drain what was written before it stopped.
    let drain = std::thread::spawn(move || rx.iter().count());
    let (code, err) = finish(child);
    drain.join().unwrap();
    assert_eq!(code, 130, "{err}");
    assert!(err.starts_with("dance: interrupted after 0 records; the search under way had found "), "{err}");
}

#[test]
fn ctrl_c_stops_a_grid_listing_between_two_solutions() {
    // All 28 million 6x6 grids of a grouped map with no givens.
    let mut child = spawn(&["solve", "--all", "--format", "grouped"]);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"000111\n000111\n222333\n222333\n444555\n444555\n0\n").unwrap();
    drop(stdin);
    let out = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut lines = BufReader::new(out).lines();
        let first = lines.next();
        tx.send(()).unwrap();
        let mut last = String::new();
        for l in lines.map_while(Result::ok) {
            last = l;
        }
        (first, last)
    });
    rx.recv_timeout(Duration::from_secs(60)).expect("a first solution");
    interrupt(&child);
    let (code, err) = finish(child);
    let (_, last) = reader.join().unwrap();
    assert_eq!(code, 130, "{err}");
    assert!(err.starts_with("dance: interrupted after 0 records; the search under way had found "), "{err}");
    // The last line written is a whole row of a solution.
    assert_eq!(last.split(' ').count(), 6, "{last:?}");
}

#[test]
fn stdin_is_read_once() {
    dance(&["count", "-", "-"])
        .stdin(format!("{INKALA}\n"))
        .status(2)
        .stderr("dance: standard input (-) is named more than once\n")
        .check();
}

#[test]
fn a_pipe_is_read_as_it_comes_and_says_so_when_a_run_ends_short() {
    // A stray `000000000` between grids with no blank lines: from a file
    // the count of the run settles it; on a pipe the rows are read as they
    // come, and the run's short end says what that may have cost.
    let text = read("grid/row-too-many-zeros.txt");
    dance(&["solve"])
        .stdin(text)
        .any_stdout()
        .stderr_has("<stdin>:37: the input ends after 1 of the puzzle's 9 rows; the 37 rows from line 1 were read as they came")
        .expect(2);
    dance(&["solve", &fixture("grid/row-too-many-zeros.txt")])
        .any_stdout()
        .stderr_has(":19: not a row of the 9x9 puzzles that follow it")
        .expect(2);
}
