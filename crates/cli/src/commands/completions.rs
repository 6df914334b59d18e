//! `dance completions SHELL`: the shell's completion script, generated
//! from the same clap command that parses the arguments (as ripgrep and fd
//! ship theirs).

use std::io::{self, Write};

use clap::Args;

use crate::status::{self, Status};

/// `dance completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Writes the completion script to standard output.
pub fn run(a: &CompletionsArgs) -> Status {
    let mut out = io::stdout().lock();
    clap_complete::generate(a.shell, &mut super::command(), "dance", &mut out);
    status::after_writing(out.flush(), Status::Answered)
}
