//! The corpus: every folder of `fixtures/` with a `manifest` holds cases
//! that run the real binary and compare its stdout, stderr and exit status
//! with the expected ones. A manifest line is
//!
//! ```text
//! NAME  STATUS  ARGS...          # ARGS may end with `< FILE` (stdin)
//! ```
//!
//! run in the folder, so messages name files as the manifest does. The
//! expected stdout is `NAME.out`, the expected stderr `NAME.err` (no file:
//! empty; a successful run says nothing on stderr unless the case's
//! `.err` says what). Adding a case is one manifest line and its files; with
//! `DANCE_BLESS=1` the test writes the `.out` and `.err` files (and each
//! line's status) from what the binary does instead of comparing: review
//! the diff before committing.

mod common;
use common::manifest::{cases, manifest_dirs, Case};

use std::path::Path;
use std::process::{Command, Stdio};

/// What the binary did.
struct Ran {
    status: i32,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn run(dir: &Path, case: &Case) -> Ran {
    let stdin = match &case.stdin {
        Some(f) => Stdio::from(
            std::fs::File::open(dir.join(f)).unwrap_or_else(|e| panic!("{}: {f}: {e}", case.name)),
        ),
        None => Stdio::null(),
    };
    let out = Command::new(env!("CARGO_BIN_EXE_dance"))
        .args(&case.args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(stdin)
        .output()
        .expect("dance runs");
    Ran { status: out.status.code().unwrap_or(-1), stdout: out.stdout, stderr: out.stderr }
}

fn read_or_empty(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_default()
}

#[test]
fn every_case_of_the_corpus() {
    let bless = std::env::var_os("DANCE_BLESS").is_some();
    let dirs = manifest_dirs();
    let mut total = 0;
    let mut failures = Vec::new();
    for dir in &dirs {
        let manifest_path = dir.join("manifest");
        let manifest = std::fs::read_to_string(&manifest_path).unwrap();
        let mut lines: Vec<String> = manifest.lines().map(String::from).collect();
        for case in cases(&manifest) {
            total += 1;
            let ran = run(dir, &case);
            let stderr = String::from_utf8_lossy(&ran.stderr);
            assert!(
                !stderr.contains("panicked"),
                "{}/{}: dance panicked: {stderr}",
                dir.display(),
                case.name
            );
            let (out_path, err_path) =
                (dir.join(format!("{}.out", case.name)), dir.join(format!("{}.err", case.name)));
            if bless {
                for (path, bytes) in [(&out_path, &ran.stdout), (&err_path, &ran.stderr)] {
                    if bytes.is_empty() {
                        let _ = std::fs::remove_file(path);
                    } else {
                        std::fs::write(path, bytes).unwrap();
                    }
                }
                if ran.status != case.status {
                    let l = &lines[case.line];
                    let rest = l.split_once(char::is_whitespace).map(|x| x.1.trim_start()).unwrap_or("");
                    let rest = rest.split_once(char::is_whitespace).map(|x| x.1).unwrap_or("");
                    lines[case.line] = format!("{} {} {}", case.name, ran.status, rest.trim_start());
                }
                continue;
            }
            let want_out = read_or_empty(&out_path);
            let want_err = read_or_empty(&err_path);
            let mut why = Vec::new();
            if ran.status != case.status {
                why.push(format!("status {} (expected {})", ran.status, case.status));
            }
            if ran.stdout != want_out {
                why.push(format!(
                    "stdout differs:\n--- got\n{}--- expected\n{}",
                    String::from_utf8_lossy(&ran.stdout),
                    String::from_utf8_lossy(&want_out)
                ));
            }
            if ran.stderr != want_err {
                why.push(format!(
                    "stderr differs:\n--- got\n{stderr}--- expected\n{}",
                    String::from_utf8_lossy(&want_err)
                ));
            }
            if !why.is_empty() {
                failures.push(format!(
                    "{}/{} (dance {}):\n{}",
                    dir.display(),
                    case.name,
                    case.args.join(" "),
                    why.join("\n")
                ));
            }
        }
        if bless {
            let mut text = lines.join("\n");
            text.push('\n');
            if text != manifest {
                std::fs::write(&manifest_path, text).unwrap();
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} corpus cases failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    eprintln!("corpus: {total} cases in {} folders", dirs.len());
    assert!(total >= 100, "the corpus has {total} cases");
}

#[test]
fn every_expected_file_has_its_case() {
    // An expected file nobody runs is a case someone forgot to list, or
    // renamed.
    for dir in manifest_dirs() {
        let manifest = std::fs::read_to_string(dir.join("manifest")).unwrap();
        let names: Vec<String> = cases(&manifest).into_iter().map(|c| c.name).collect();
        for f in std::fs::read_dir(&dir).unwrap() {
            let name = f.unwrap().file_name().to_string_lossy().into_owned();
            let Some(stem) = name.strip_suffix(".out").or_else(|| name.strip_suffix(".err")) else {
                continue;
            };
            // The seeds' own answers are the user's documents.
            let seed = dir.ends_with("seeds") && name.ends_with(".out");
            assert!(
                seed || names.iter().any(|n| n == stem),
                "{}/{name}: no case of that name",
                dir.display()
            );
        }
    }
}
