//! Names the commit in `dance --version` when built from git: the short
//! hash of HEAD (changes not yet committed are not marked: the script
//! reruns only when HEAD moves). Without git, or
//! outside a repository, the version is the package's alone.
//!
//! When the sources sit in a git checkout but git fails (not installed,
//! a lock, a moved worktree), the script asks to run again at the next
//! build, so that the suffix comes back once git answers; outside a
//! checkout it runs once.

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8(out.stdout).ok()?.trim().to_owned())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let suffix = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(hash) if !hash.is_empty() => {
            // Rebuild when HEAD moves: watch HEAD, the branch it names and
            // the packed refs, in the worktree's git directory and the
            // common one. Only files that exist: cargo reruns the script
            // at every build for a path that does not.
            let head_ref = git(&["symbolic-ref", "-q", "HEAD"]);
            for dir in [git(&["rev-parse", "--git-dir"]), git(&["rev-parse", "--git-common-dir"])]
                .into_iter()
                .flatten()
            {
                let dir = Path::new(&dir);
                for name in ["HEAD", "packed-refs"] {
                    let path = dir.join(name);
                    if path.is_file() {
                        println!("cargo:rerun-if-changed={}", path.display());
                    }
                }
                // The branch's loose ref, or the nearest folder above it
                // that exists (a commit on a packed branch writes it there).
                if let Some(r) = &head_ref {
                    if let Some(path) = dir.join(r).ancestors().find(|p| p.exists() && p.starts_with(dir)) {
                        println!("cargo:rerun-if-changed={}", path.display());
                    }
                }
            }
            format!(" (commit {hash})")
        }
        _ => {
            let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
            let in_checkout = Path::new(&manifest).ancestors().any(|d| d.join(".git").exists());
            if in_checkout {
                // A path that never exists: cargo reruns the script at
                // every build until git answers.
                let out = std::env::var("OUT_DIR").unwrap_or_default();
                println!("cargo:rerun-if-changed={out}/git-did-not-answer");
            }
            String::new()
        }
    };
    println!("cargo:rustc-env=DANCE_VERSION_SUFFIX={suffix}");
}
