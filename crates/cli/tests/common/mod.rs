//! A small fluent builder that runs the real `dance` binary and states what
//! it must print: stdout, stderr (empty unless said otherwise) and the exit
//! status (0 unless said otherwise).
//!
//! ```ignore
//! dance(&["count"]).stdin("....\n".repeat(4)).stdout("288\n").check();
//! dance(&["solve", "x.txt"]).status(2).stderr("x.txt: No such file or directory\n").check();
//! ```

#![allow(dead_code)]

pub mod manifest;

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

/// What a stream must hold.
#[derive(Clone, Debug)]
pub enum Want {
    /// Exactly this.
    Exact(String),
    /// At least this, somewhere.
    Contains(String),
    /// Anything.
    Any,
}

impl Want {
    fn check(&self, what: &str, got: &str, context: &str) {
        match self {
            Want::Exact(s) => assert_eq!(got, s, "{what} of {context}"),
            Want::Contains(s) => {
                assert!(got.contains(s.as_str()), "{what} of {context}: {got:?} lacks {s:?}")
            }
            Want::Any => {}
        }
    }
}

pub struct Dance {
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
    stdout: Want,
    stderr: Want,
    status: i32,
}

pub fn dance(args: &[&str]) -> Dance {
    Dance {
        args: args.iter().map(|s| s.to_string()).collect(),
        stdin: None,
        stdout: Want::Exact(String::new()),
        stderr: Want::Exact(String::new()),
        status: 0,
    }
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

    /// Stdout must be exactly this.
    pub fn stdout(mut self, s: impl Into<String>) -> Self {
        self.stdout = Want::Exact(s.into());
        self
    }

    /// Stdout must contain this.
    pub fn stdout_has(mut self, s: impl Into<String>) -> Self {
        self.stdout = Want::Contains(s.into());
        self
    }

    /// Stdout is checked by the caller.
    pub fn any_stdout(mut self) -> Self {
        self.stdout = Want::Any;
        self
    }

    /// Stderr must be exactly this.
    pub fn stderr(mut self, s: impl Into<String>) -> Self {
        self.stderr = Want::Exact(s.into());
        self
    }

    /// Stderr must contain this.
    pub fn stderr_has(mut self, s: impl Into<String>) -> Self {
        self.stderr = Want::Contains(s.into());
        self
    }

    /// The exit status must be this.
    pub fn status(mut self, code: i32) -> Self {
        self.status = code;
        self
    }

    /// Runs without checking anything but the absence of a panic.
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

    /// Runs and checks stdout, stderr and the status.
    pub fn check(self) -> Run {
        let context = format!("dance {}", self.args.join(" "));
        let (stdout, stderr, status) = (self.stdout.clone(), self.stderr.clone(), self.status);
        let r = self.run();
        assert_eq!(r.code, status, "status of {context}\nstdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
        stdout.check("stdout", &r.stdout, &context);
        stderr.check("stderr", &r.stderr, &context);
        r
    }

    /// Runs and checks the exit status, and that stderr is empty on
    /// success (stdout, and stderr on failure, are the caller's to check).
    pub fn expect(self, code: i32) -> Run {
        let d = self.status(code).any_stdout();
        if code == 0 {
            d.check()
        } else {
            d.stderr_any().check()
        }
    }

    fn stderr_any(mut self) -> Self {
        self.stderr = Want::Any;
        self
    }
}

/// Splits `--all` output into (number, block) pairs.
pub fn numbered(out: &str, rows: usize) -> Vec<(usize, String)> {
    let lines: Vec<&str> = out.lines().collect();
    lines.chunks(rows + 1).map(|c| (c[0].parse().expect("a number line"), c[1..].join("\n"))).collect()
}
