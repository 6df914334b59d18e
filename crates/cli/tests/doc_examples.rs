//! The examples of docs/variants.md, and of the README and docs/formats.md
//! between their
//! `<!-- tested examples -->` and `<!-- end of tested examples -->` marks,
//! run as written: each `$ command` line of a `console` block runs under
//! `sh` with the real `dance` first on the PATH, in a scratch directory
//! where `fixtures/` is the repository's; what it prints must be the lines
//! after it, up to the next command or the end of the block.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `console` blocks of a text: each a list of (command, expected).
fn examples(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("```") {
            inside = line == "```console";
            continue;
        }
        if !inside {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(cmd) => out.push((cmd.to_string(), String::new())),
            None => {
                let last = out.last_mut().expect("a console block starts with a command");
                last.1 += line;
                last.1.push('\n');
            }
        }
    }
    out
}

fn run_all(what: &str, text: &str) {
    let dir = std::env::temp_dir().join(format!("dance-doc-{}-{what}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(root().join("fixtures"), dir.join("fixtures")).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_dance")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let all = examples(text);
    assert!(!all.is_empty(), "{what}: no examples");
    for (cmd, expected) in all {
        let out =
            Command::new("sh").arg("-c").arg(&cmd).current_dir(&dir).env("PATH", &path).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{what}: $ {cmd}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_variants_page_examples_print_what_they_say() {
    let text = std::fs::read_to_string(root().join("docs/variants.md")).unwrap();
    run_all("variants", &text);
}

/// The examples between a page's marks.
fn marked(page: &str) -> String {
    let text = std::fs::read_to_string(root().join(page)).unwrap();
    let start = text.find("<!-- tested examples -->").expect("the page marks its tested examples");
    let end = text.find("<!-- end of tested examples -->").expect("and their end");
    text[start..end].to_string()
}

#[test]
fn the_readme_variant_examples_print_what_they_say() {
    run_all("readme", &marked("README.md"));
}

#[test]
fn the_constraint_syntax_examples_print_what_they_say() {
    run_all("formats", &marked("docs/formats.md"));
}
