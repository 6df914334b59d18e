//! The `dance` binary: all logic is in the library.

fn main() {
    std::process::exit(dance::run(std::env::args_os()));
}
