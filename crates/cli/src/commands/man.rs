//! `dance man`: the man page (roff), generated from the same clap command
//! that parses the arguments.

use std::io::{self, Write};

use crate::status::{self, Status};

/// Writes the man page to standard output.
pub fn run() -> Status {
    let mut out = io::stdout().lock();
    let r = clap_mangen::Man::new(super::command()).render(&mut out);
    status::after_writing(r.and_then(|()| out.flush()), Status::Answered)
}
