//! # dance: the command line
//!
//! [`run()`] is the whole program. The command line is parsed by the
//! [`commands`] (one file per subcommand: its arguments, a plan checked
//! before any work, and its run), with the flags several share in
//! [`flags`]. Inputs become records ([`input`], in the vocabulary of
//! [`record`]); [`run`](mod@run) holds what every command shares: the record
//! loop on one thread or many, the in-order writer, notes, progress and
//! Ctrl-C. A record is answered by search ([`answer`]: what `solve` and
//! `count` share) or by the commands' own libraries, written by
//! [`output`] (text layouts, JSON Lines, the exact-cover document of
//! [`schema`]) or drawn by [`render`]; each comes out as a [`Status`],
//! and the run's status is the exit code. This crate parses and prints;
//! the searching is `dlx`'s and the puzzles are `reduce`'s.

pub mod answer;
pub mod commands;
pub mod error;
pub mod flags;
pub mod input;
pub mod output;
pub mod record;
pub mod render;
pub mod run;
pub mod schema;
pub mod status;
pub mod zdd_file;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

pub use status::Status;

/// Runs `dance` with these arguments (the program name first) and returns
/// the run's status.
pub fn run<I, T>(args: I) -> Status
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match commands::Cli::try_parse_from(args) {
        Ok(cli) => commands::run(cli),
        Err(e) => {
            let _ = e.print();
            if e.use_stderr() {
                Status::Refused
            } else {
                Status::Answered
            }
        }
    }
}

/// [`run()`] as a process's exit code.
pub fn main<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run(args).into()
}
