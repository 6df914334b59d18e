//! `dance export`: one record's exact-cover matrix, as the versioned JSON
//! document (docs/schema.json) or in Knuth's text format (DLX1 reads it):
//! a puzzle through Knuth's reduced encoding, a variant puzzle through its
//! XCC reduction (reduce's `cover/variant.rs`; a constraint that does not
//! reduce refuses the record by name), a problem as it is; or a puzzle as
//! f-puzzles' object, its link, or the plain-text form.

use std::io::{self, Write};

use clap::{Args, ValueEnum};

use crate::error::UsageError;
use crate::flags::InputArgs;
use crate::output::{export as doc, fpuzzles, NO_SOLUTION};
use crate::record::{Body, Record};
use crate::run::{notice_lines, refusal_line, InputSet};
use crate::status::{self, Status};

/// `dance export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// What to write.
    #[arg(long, value_enum, default_value_t = ExportFormat::Json)]
    pub to: ExportFormat,
    /// With --to fpuzzles: a link (f-puzzles' ?load= data, which SudokuPad
    /// opens too) instead of the JSON object.
    #[arg(long)]
    pub link: bool,
    /// Export record K (from 1) instead of the first. Without it, an input
    /// of several records exports the first and says so on stderr.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub index: Option<u64>,
    #[command(flatten)]
    pub input: InputArgs,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub quiet: bool,
}

/// What `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// The versioned JSON schema of docs/schema.json.
    Json,
    /// Knuth's text format (DLX1 reads it).
    Dlx,
    /// A puzzle as f-puzzles' JSON object (`--link`: its link), with every
    /// constraint (docs/formats.md).
    Fpuzzles,
    /// A puzzle in the plain-text form: a line record, then one
    /// constraint a line (docs/formats.md).
    Text,
}

/// What `dance export` does, checked.
#[derive(Clone, Debug)]
pub struct ExportPlan {
    /// JSON or Knuth's format.
    pub to: ExportFormat,
    /// `--link` (with `--to fpuzzles`).
    pub link: bool,
    /// Which record, from 1 (`None`: the first, with a note on stderr
    /// when there are more).
    pub index: Option<u64>,
    /// The input.
    pub inputs: InputSet,
    /// Say nothing on stderr but errors.
    pub quiet: bool,
}

/// The plan the arguments ask for, or a usage error.
pub fn plan(a: ExportArgs) -> Result<ExportPlan, UsageError> {
    let inputs = a.input.input_set()?;
    if inputs.paths.len() > 1 {
        return Err(UsageError("export reads one input".into()));
    }
    if a.link && a.to != ExportFormat::Fpuzzles {
        return Err(UsageError("--link goes with --to fpuzzles".into()));
    }
    Ok(ExportPlan { to: a.to, link: a.link, index: a.index, inputs, quiet: a.quiet })
}

/// `export`: the exact-cover matrix of record K.
pub fn run(plan: &ExportPlan) -> Status {
    let (to, chosen) = (plan.to, plan.index);
    let index = chosen.unwrap_or(1);
    let mut seen = 0;
    let mut record = None;
    let say = |r: &Record| {
        if !plan.quiet {
            notice_lines(r).for_each(|line| eprintln!("{line}"));
        }
    };
    let mut records = plan.inputs.records();
    for r in records.by_ref() {
        seen += 1;
        if seen == index {
            record = Some(r);
            break;
        }
        say(&r);
    }
    // An input of several records exports one: say which when the user did
    // not choose, so that the others are not lost unnoticed.
    if chosen.is_none() && record.is_some() && !plan.quiet && records.next().is_some() {
        let path = &record.as_ref().map_or_else(String::new, |r| r.source.path.to_string());
        eprintln!(
            "dance: note: {path} has more than one record; this is the first (--index K exports record K)"
        );
    }
    let Some(record) = record else {
        eprintln!(
            "dance: the input has {seen} record{}; there is no record {index}",
            if seen == 1 { "" } else { "s" }
        );
        return Status::Refused;
    };
    say(&record);
    let source = record.source.clone();
    let body = match record.body {
        Ok(b) => b,
        Err(r) => {
            eprintln!("{}", refusal_line(&source, &r));
            return Status::Refused;
        }
    };
    let text = match (&body, to) {
        (Body::Puzzle { puzzle, .. }, ExportFormat::Fpuzzles) if plan.link => {
            format!("{}\n", fpuzzles::link(puzzle, record.note.as_deref()))
        }
        (Body::Puzzle { puzzle, .. }, ExportFormat::Fpuzzles) => {
            format!("{}\n", fpuzzles::json_text(puzzle, record.note.as_deref()))
        }
        (Body::Puzzle { puzzle, .. }, ExportFormat::Text) => fpuzzles::text(puzzle),
        (Body::Problem { .. }, ExportFormat::Fpuzzles | ExportFormat::Text) => {
            eprintln!("{source}: an exact-cover problem: --to fpuzzles and --to text take puzzles");
            return Status::Refused;
        }
        (Body::Puzzle { puzzle, .. }, _) if !puzzle.is_classic() => match reduce::reduce_variant(puzzle) {
            Ok((r, legend)) => match to {
                ExportFormat::Json => doc::problem_json(&r.problem),
                _ => doc::variant_dlx(puzzle, &source.to_string(), &r, &legend),
            },
            Err(reduce::VariantError::Conflict(conflict)) => {
                eprintln!("{source}: {NO_SOLUTION}: {conflict}; nothing to export");
                return Status::None;
            }
            Err(reduce::VariantError::Unreduced(list)) => {
                for u in &list {
                    eprintln!("{source}: {u}; the exact-cover matrix leaves it out, so it is not exported");
                }
                eprintln!("{source}: --to fpuzzles and --to text export every constraint");
                return Status::Refused;
            }
        },
        (Body::Puzzle { puzzle, layout }, _) => match reduce::reduce(puzzle, reduce::Encoding::Reduced) {
            Ok(r) => match to {
                ExportFormat::Json => doc::puzzle_json(puzzle, *layout, &r),
                _ => doc::puzzle_dlx(puzzle, &source.to_string(), &r),
            },
            Err(conflict) => {
                eprintln!("{source}: {NO_SOLUTION}: {conflict}; nothing to export");
                return Status::None;
            }
        },
        (Body::Problem { problem, .. }, _) => match to {
            ExportFormat::Json => doc::problem_json(problem),
            _ => {
                if !dlx::text::fits_dlx1(problem) && !plan.quiet {
                    eprintln!("dance: note: some names are longer than DLX1's 8 characters");
                }
                doc::problem_dlx(problem)
            }
        },
    };
    let mut out = io::stdout().lock();
    status::after_writing(out.write_all(text.as_bytes()).and_then(|()| out.flush()), Status::Answered)
}
