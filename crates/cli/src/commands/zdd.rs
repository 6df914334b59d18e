//! `dance zdd count|list|sample FILE`: a decision diagram written by
//! `count --zdd` read back, without searching: its count, every solution
//! (as `solve --all` prints them: numbered from 1, grids for a puzzle,
//! option lines for a problem), or solutions drawn each with probability
//! exactly 1/count. The file is checked before anything is answered
//! (header, node order and ranges, the count, every solution covering
//! each primary item once) and refused with its line otherwise; each
//! solution listed or drawn is verified before it is printed.
//!
//! A subcommand of its own rather than an input format of `count` and
//! `solve`: a diagram is not a puzzle nor a problem to search, so no
//! detection can mistake one for the other, and its flags (no engine, no
//! budget) are its own.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use dlx::SplitMix64;

use crate::error::UsageError;
use crate::output::{text, NO_SOLUTION};
use crate::status::{self, Status};
use crate::zdd_file::{self, ZddFile};

/// `dance zdd`.
#[derive(Debug, Args)]
pub struct ZddArgs {
    /// What to do with the diagram.
    #[command(subcommand)]
    pub action: ZddAction,
}

/// `dance zdd`'s subcommands.
#[derive(Debug, Subcommand)]
pub enum ZddAction {
    /// Print the number of solutions the diagram holds.
    Count {
        /// A file `dance count --zdd` wrote.
        file: PathBuf,
    },
    /// Print every solution, numbered from 1, as `solve --all` does.
    List {
        /// A file `dance count --zdd` wrote.
        file: PathBuf,
        /// Stop after N solutions.
        #[arg(long, value_name = "N", value_parser = crate::flags::parse_limit)]
        limit: Option<u64>,
    },
    /// Print K solutions, each drawn with probability exactly 1/count
    /// (independently: one may come twice), numbered from 1.
    Sample {
        /// A file `dance count --zdd` wrote.
        file: PathBuf,
        /// How many solutions to draw.
        #[arg(long, short = 'n', value_name = "K", default_value_t = 1)]
        draws: u64,
        /// The seed (default 0); the same seed, the same draws.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
    },
}

/// Reads the diagram and answers; the status.
pub fn run(a: &ZddArgs) -> Result<Status, UsageError> {
    let file = match &a.action {
        ZddAction::Count { file } | ZddAction::List { file, .. } | ZddAction::Sample { file, .. } => file,
    };
    let name = file.display().to_string();
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("dance: {name}: {}", crate::input::io_message(&e));
            return Ok(Status::Refused);
        }
    };
    let z = match zdd_file::read(&bytes, &name) {
        Ok(z) => z,
        Err(e) => {
            match e.line {
                0 => eprintln!("dance: {name}: {}", e.message),
                line => eprintln!("dance: {name}:{line}: {}", e.message),
            }
            return Ok(Status::Refused);
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let r = match &a.action {
        ZddAction::Count { .. } => writeln!(out, "{}", z.count).map(|()| Status::Answered),
        ZddAction::List { limit, .. } => list(&z, limit.unwrap_or(u64::MAX), &name, &mut out),
        ZddAction::Sample { draws, seed, .. } => sample(&z, *draws, *seed, &name, &mut out),
    };
    let flushed = r.and_then(|s| out.flush().map(|()| s));
    Ok(match flushed {
        Ok(s) => s,
        Err(e) => status::after_writing(Err(e), Status::Answered),
    })
}

/// Writes one solution as `solve` would (a grid for a puzzle), verified
/// first; `Err` with why when it is not a solution.
fn write_solution(z: &ZddFile, opts: &[usize], out: &mut dyn Write) -> io::Result<Result<(), String>> {
    if !z.problem.is_solution(opts) {
        return Ok(Err("a solution in the diagram is not an exact cover".into()));
    }
    match &z.cover {
        Some(pc) => {
            let grid = pc.decode(opts);
            if let Err(why) = pc.puzzle.verify(&grid) {
                return Ok(Err(why));
            }
            out.write_all(text::grid(&pc.puzzle, &grid, pc.layout).as_bytes())?;
        }
        None => text::options(out, &z.problem, opts)?,
    }
    Ok(Ok(()))
}

fn none(z: &ZddFile, name: &str, out: &mut dyn Write) -> io::Result<Status> {
    out.write_all(text::no_solution(z.cover.as_ref().map(|pc| pc.layout)).as_bytes())?;
    eprintln!("{name}: {NO_SOLUTION}: no solution");
    Ok(Status::None)
}

fn refused(name: &str, why: String) -> Status {
    eprintln!("dance: {name}: {why}, not printed");
    Status::Refused
}

fn list(z: &ZddFile, limit: u64, name: &str, out: &mut dyn Write) -> io::Result<Status> {
    if z.count == 0 {
        return none(z, name, out);
    }
    let mut k = 0u64;
    let mut failed: io::Result<Option<String>> = Ok(None);
    let _ = z.zdd.for_each(|opts| {
        k += 1;
        let r = writeln!(out, "{k}").and_then(|()| write_solution(z, opts, out));
        match r {
            Ok(Ok(())) if k < limit => ControlFlow::Continue(()),
            Ok(Ok(())) => ControlFlow::Break(()),
            Ok(Err(why)) => {
                failed = Ok(Some(why));
                ControlFlow::Break(())
            }
            Err(e) => {
                failed = Err(e);
                ControlFlow::Break(())
            }
        }
    });
    Ok(match failed? {
        Some(why) => refused(name, why),
        None => Status::Answered,
    })
}

fn sample(z: &ZddFile, draws: u64, seed: u64, name: &str, out: &mut dyn Write) -> io::Result<Status> {
    let counts = match z.zdd.counts() {
        Ok(c) => c,
        Err(e) => return Ok(refused(name, e.to_string())),
    };
    let mut rng = SplitMix64::new(seed);
    for k in 1..=draws {
        let Some(opts) = z.zdd.sample(&counts, &mut rng) else {
            return none(z, name, out);
        };
        writeln!(out, "{k}")?;
        if let Err(why) = write_solution(z, &opts, out)? {
            return Ok(refused(name, why));
        }
    }
    Ok(Status::Answered)
}
