//! Names the commit in `dance --version` when built from git: the short
//! hash of HEAD (changes not yet committed are not marked: the script
//! reruns only when HEAD moves). Without git, or
//! outside a repository, the version is the package's alone.

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
            // Rebuild when HEAD moves.
            if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
                println!("cargo:rerun-if-changed={dir}/HEAD");
                if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"]) {
                    println!("cargo:rerun-if-changed={dir}/{r}");
                }
            }
            if let Some(common) = git(&["rev-parse", "--git-common-dir"]) {
                println!("cargo:rerun-if-changed={common}/packed-refs");
                if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"]) {
                    println!("cargo:rerun-if-changed={common}/{r}");
                }
            }
            format!(" (commit {hash})")
        }
        _ => String::new(),
    };
    println!("cargo:rustc-env=DANCE_VERSION_SUFFIX={suffix}");
}
