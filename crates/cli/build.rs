//! Names the commit in `dance --version` when built from git: the short
//! hash of HEAD (changes not yet committed are not marked: the script
//! reruns only when HEAD moves). Without git, or
//! outside a repository, the version is the package's alone.
//!
//! When the sources sit in a git checkout but git fails (not installed,
//! refusing the folder's owner), the script warns and runs again when
//! HEAD or a branch moves; outside a checkout it runs once.

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
            // Rebuild when HEAD moves: watch HEAD in this worktree's git
            // directory, and the packed refs and the branch HEAD names in
            // the common one (where branches live). Only paths that exist:
            // cargo reruns the script at every build for one that does not.
            let watch = |path: &Path| {
                if path.exists() {
                    println!("cargo:rerun-if-changed={}", path.display());
                }
            };
            if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
                watch(&Path::new(&dir).join("HEAD"));
            }
            if let Some(common) = git(&["rev-parse", "--git-common-dir"]) {
                let common = Path::new(&common);
                watch(&common.join("packed-refs"));
                // The branch's loose ref, or the nearest folder above it
                // that exists (a commit on a packed branch writes it there).
                if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"]) {
                    if let Some(path) =
                        common.join(r).ancestors().find(|p| p.exists() && p.starts_with(common))
                    {
                        watch(path);
                    }
                }
            }
            format!(" (commit {hash})")
        }
        _ => {
            // In a checkout where git did not answer (not installed, or
            // refusing the folder's owner), run again when HEAD or a branch
            // moves (in a linked worktree, when its `.git` file changes),
            // and say why the version names no commit.
            let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
            if let Some(dot_git) =
                Path::new(&manifest).ancestors().map(|d| d.join(".git")).find(|g| g.exists())
            {
                let watched = if dot_git.is_dir() {
                    vec![dot_git.join("HEAD"), dot_git.join("refs")]
                } else {
                    vec![dot_git]
                };
                for path in watched.iter().filter(|p| p.exists()) {
                    println!("cargo:rerun-if-changed={}", path.display());
                }
                println!("cargo:warning=git did not answer: `dance --version` names no commit");
            }
            String::new()
        }
    };
    println!("cargo:rustc-env=DANCE_VERSION_SUFFIX={suffix}");
}
