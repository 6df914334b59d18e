//! The `dance` binary: all logic is in the library.

use std::process::ExitCode;

fn main() -> ExitCode {
    dance::main(std::env::args_os())
}
