//! A small fluent builder that runs the real `dance` binary.

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

pub fn fixture(path: &str) -> String {
    fixtures().join(path).display().to_string()
}

pub fn read(path: &str) -> String {
    std::fs::read_to_string(fixtures().join(path)).unwrap()
}

pub struct Dance {
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
}

pub fn dance(args: &[&str]) -> Dance {
    Dance { args: args.iter().map(|s| s.to_string()).collect(), stdin: None }
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Dance {
    pub fn arg(mut self, a: impl Into<String>) -> Self {
        self.args.push(a.into());
        self
    }

    pub fn stdin(mut self, s: impl Into<Vec<u8>>) -> Self {
        self.stdin = Some(s.into());
        self
    }

    pub fn run(self) -> Run {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dance"))
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("dance runs");
        let input = self.stdin.unwrap_or_default();
        let mut pipe = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        let run = Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        assert!(!run.stderr.contains("panicked"), "dance panicked: {}", run.stderr);
        run
    }

    /// Runs and checks the exit status.
    pub fn expect(self, code: i32) -> Run {
        let args = self.args.join(" ");
        let r = self.run();
        assert_eq!(r.code, code, "dance {args}\nstdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
        r
    }
}

/// Splits `--all` output into (number, block) pairs.
pub fn numbered(out: &str, rows: usize) -> Vec<(usize, String)> {
    let lines: Vec<&str> = out.lines().collect();
    lines.chunks(rows + 1).map(|c| (c[0].parse().expect("a number line"), c[1..].join("\n"))).collect()
}
