//! The corpus's manifests, read once for every test that walks them (the
//! corpus run of the binary, the engines' cross-check). A manifest line is
//!
//! ```text
//! NAME  STATUS  ARGS...          # ARGS may end with `< FILE` (stdin)
//! ```
//!
//! run in the manifest's folder; `#` starts a comment line.

use std::path::PathBuf;

use super::fixtures;

/// One case of a manifest.
pub struct Case {
    /// The case's name: its expected files are `NAME.out` and `NAME.err`.
    pub name: String,
    /// The expected exit status.
    pub status: i32,
    /// The arguments.
    pub args: Vec<String>,
    /// The file on standard input.
    pub stdin: Option<String>,
    /// The manifest line, from 0.
    pub line: usize,
}

/// The cases of a manifest's text.
pub fn cases(manifest: &str) -> Vec<Case> {
    let mut out = Vec::new();
    for (i, line) in manifest.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words: Vec<String> = line.split_whitespace().map(String::from).collect();
        assert!(words.len() >= 3, "manifest line {}: NAME STATUS ARGS...", i + 1);
        let name = words.remove(0);
        let status = words.remove(0).parse().unwrap_or_else(|_| panic!("manifest line {}: a status", i + 1));
        let stdin = match words.iter().position(|w| w == "<") {
            Some(k) => {
                assert_eq!(k + 2, words.len(), "manifest line {}: `< FILE` comes last", i + 1);
                let f = words.pop();
                words.pop();
                f
            }
            None => None,
        };
        out.push(Case { name, status, args: words, stdin, line: i });
    }
    out
}

/// The folders of `fixtures/` that hold a manifest, in order.
pub fn manifest_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("manifest").is_file())
        .collect();
    dirs.sort();
    dirs
}
