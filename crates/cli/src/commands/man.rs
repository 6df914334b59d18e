//! `dance man`: the man pages (roff), generated from the same clap command
//! that parses the arguments: the top page `dance(1)`, whose SUBCOMMANDS
//! section names `dance-solve(1)` and the others, and each of those pages
//! (`dance man solve`).

use std::io::{self, Write};

use clap::Args;

use crate::error::UsageError;
use crate::status::{self, Status};

/// `dance man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to write (`solve` writes dance-solve(1));
    /// none: the top page, dance(1).
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Option<String>,
}

/// Writes the page asked for to standard output.
pub fn run(a: &ManArgs) -> Result<Status, UsageError> {
    let top = super::command();
    let page = match &a.subcommand {
        None => top,
        Some(name) => {
            let Some(sub) = top.find_subcommand(name).cloned() else {
                let names: Vec<String> = top.get_subcommands().map(|c| c.get_name().to_string()).collect();
                return Err(UsageError(format!(
                    "no subcommand {name:?} to write a page of (one of: {})",
                    names.join(", ")
                )));
            };
            // The page's name is dance-NAME, as the top page refers to it.
            let title: &'static str = Box::leak(format!("dance-{}", sub.get_name()).into_boxed_str());
            sub.name(title)
        }
    };
    let mut out = io::stdout().lock();
    let r = clap_mangen::Man::new(page).render(&mut out);
    Ok(status::after_writing(r.and_then(|()| out.flush()), Status::Answered))
}
