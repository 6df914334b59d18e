//! The subcommands, one file each: its clap arguments, a plan checked
//! before any work (`plan(args) -> Result<Plan, UsageError>`), and
//! `run(&plan) -> Status`. This file is the only one that names them all:
//! the [`Cli`] that parses the command line and [`run`], which hands each
//! subcommand its arguments. A new subcommand is a new file, a `mod` line,
//! a variant of [`CommandArgs`] and an arm of [`run`]; `dance X` lives in
//! `commands/X.rs`.

mod analyze;
mod completions;
mod count;
mod explain;
mod export;
mod generate;
mod man;
mod render;
mod solve;
mod zdd;

use clap::{CommandFactory, Parser, Subcommand};

use crate::error::UsageError;
use crate::status::Status;

pub use explain::LogicCommand;

/// The version `--version` prints: the package's, and the commit when built
/// from git.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), env!("DANCE_VERSION_SUFFIX"));

/// Exact cover by dancing links: Sudoku-family puzzles (box, jigsaw,
/// grouped, Latin; 1x1 to 64x64) and any exact-cover problem in Knuth's
/// format or JSON.
///
/// Exit status: 0 when every puzzle was answered with a solution (for count,
/// export, analyze and generate: no error, as their answers are counts and
/// reports: analyze's "no solution" is 0), 1 when at least one puzzle has
/// none (无解),
/// 2 on a usage error or a refused record (the others are still answered),
/// 3 when a budget (--max-nodes, --timeout) ran out on at least one record
/// and none was refused, 130 when interrupted by Ctrl-C (stderr says how
/// far it got). When several apply: 2, then 3, then 1. For explain, hint
/// and rate: 1 when a puzzle has no solution or several (it gets no
/// rating), 3 when the uniqueness search ran out of --max-nodes.
#[derive(Debug, Parser)]
#[command(name = "dance", version = VERSION, about, long_about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: CommandArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum CommandArgs {
    /// Solve each puzzle or problem and print its solution in the input's
    /// own layout (无解 when there is none).
    Solve(solve::SolveArgs),
    /// Print the number of solutions of each puzzle or problem, one line
    /// each.
    Count(count::CountArgs),
    /// Write the exact-cover matrix of one puzzle or problem, as JSON or in
    /// Knuth's text format.
    Export(export::ExportArgs),
    /// Make puzzles with exactly one solution, minimal (no given can go),
    /// of any shape: boxes, jigsaw maps, Latin squares; one line each.
    Generate(generate::GenerateArgs),
    /// Report on each puzzle: its solutions (none, one, two or more); with
    /// one, whether it is minimal and its redundant givens; with more, two
    /// solutions and where they differ, the true candidates, a given to add.
    Analyze(analyze::AnalyzeArgs),
    /// Solve each puzzle step by step as a person would: each step in
    /// words, one a line, then the rating (docs/logic.md).
    Explain(explain::LogicArgs),
    /// Print the next logical step of each puzzle.
    Hint(explain::LogicArgs),
    /// Rate each puzzle by the techniques its logical solution needs: one
    /// line each, the level, the score and the hardest technique.
    Rate(explain::LogicArgs),
    /// Draw puzzles as SVG or PDF: thick region borders, shaded regions,
    /// givens, and optionally the solution or the candidates
    /// (docs/pictures.md).
    Render(render::RenderArgs),
    /// Read back a decision diagram `count --zdd` wrote: its count, every
    /// solution, or uniformly random ones, without searching.
    Zdd(zdd::ZddArgs),
    /// Write a shell completion script to standard output (for example
    /// `dance completions bash > /etc/bash_completion.d/dance`).
    Completions(completions::CompletionsArgs),
    /// Write the man page (roff) to standard output (`dance man > dance.1`),
    /// or a subcommand's (`dance man solve > dance-solve.1`).
    Man(man::ManArgs),
}

/// Runs the subcommand the command line names; the run's status. A usage
/// error found before any work is said as `dance: MESSAGE` (exit 2).
pub fn run(cli: Cli) -> Status {
    let ran = match cli.command {
        CommandArgs::Solve(a) => solve::plan(a).map(|p| solve::run(&p)),
        CommandArgs::Count(a) => count::plan(a).map(|p| count::run(&p)),
        CommandArgs::Export(a) => export::plan(a).map(|p| export::run(&p)),
        CommandArgs::Generate(a) => generate::plan(a).map(|p| generate::run(&p)),
        CommandArgs::Analyze(a) => analyze::plan(a).map(|p| analyze::run(&p)),
        CommandArgs::Explain(a) => explain::plan(LogicCommand::Explain, a).map(|p| explain::run(&p)),
        CommandArgs::Hint(a) => explain::plan(LogicCommand::Hint, a).map(|p| explain::run(&p)),
        CommandArgs::Rate(a) => explain::plan(LogicCommand::Rate, a).map(|p| explain::run(&p)),
        CommandArgs::Render(a) => render::plan(a).map(|p| render::run(&p)),
        CommandArgs::Zdd(a) => zdd::run(&a),
        CommandArgs::Completions(a) => Ok(completions::run(&a)),
        CommandArgs::Man(a) => man::run(&a),
    };
    ran.unwrap_or_else(|e: UsageError| {
        eprintln!("dance: {e}");
        Status::Refused
    })
}

impl Cli {
    /// The inputs of a `solve` or `count` command line and how they are
    /// read (`None` for another subcommand, or flags that cannot work): for
    /// tests that read every input as the command line reads it.
    pub fn search_inputs(&self) -> Option<crate::run::InputSet> {
        match &self.command {
            CommandArgs::Solve(a) => a.input.input_set().ok(),
            CommandArgs::Count(a) => a.input.input_set().ok(),
            _ => None,
        }
    }
}

/// The clap command (for completions and the man page).
pub fn command() -> clap::Command {
    Cli::command()
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::answer::{Mode, RecordBudget};
    use crate::flags::ColorArg;
    use crate::input::InputPath;
    use crate::output::OutputFormat;
    use crate::record::Layout;
    use reduce::Alphabet;

    fn cli(args: &[&str]) -> Result<Cli, String> {
        Cli::try_parse_from(std::iter::once("dance").chain(args.iter().copied())).map_err(|e| e.to_string())
    }

    /// Whether the command line parses and plans (no work is done).
    fn check(args: &[&str]) -> Result<(), String> {
        let planned = match cli(args)?.command {
            CommandArgs::Solve(a) => solve::plan(a).map(drop),
            CommandArgs::Count(a) => count::plan(a).map(drop),
            CommandArgs::Export(a) => export::plan(a).map(drop),
            CommandArgs::Generate(a) => generate::plan(a).map(drop),
            CommandArgs::Analyze(a) => analyze::plan(a).map(drop),
            CommandArgs::Explain(a) | CommandArgs::Hint(a) | CommandArgs::Rate(a) => {
                explain::plan(LogicCommand::Explain, a).map(drop)
            }
            CommandArgs::Render(a) => render::plan(a).map(drop),
            CommandArgs::Zdd(_) | CommandArgs::Completions(_) | CommandArgs::Man(_) => Ok(()),
        };
        planned.map_err(|e| e.0)
    }

    fn solve(args: &[&str]) -> solve::SolvePlan {
        match cli(&[&["solve"], args].concat()).unwrap().command {
            CommandArgs::Solve(a) => solve::plan(a).unwrap(),
            _ => unreachable!(),
        }
    }

    fn count(args: &[&str]) -> count::CountPlan {
        match cli(&[&["count"], args].concat()).unwrap().command {
            CommandArgs::Count(a) => count::plan(a).unwrap(),
            _ => unreachable!(),
        }
    }

    #[test]
    fn usage_errors_are_caught_before_work() {
        assert!(check(&["solve", "--all", "--limit", "0"]).is_err());
        assert!(check(&["count", "--limit", "0"]).is_err());
        assert!(check(&["solve", "--limit", "2"]).is_err());
        assert!(check(&["count", "-", "-"]).unwrap_err().contains("more than once"));
        assert!(check(&["export", "a", "b"]).unwrap_err().contains("one input"));
        assert!(check(&["export", "--jobs", "2"]).is_err());
        assert!(check(&["export", "--stats"]).is_err());
        assert!(check(&["solve", "--regions", "/nonexistent"])
            .unwrap_err()
            .starts_with("--regions /nonexistent: No such file"));
        assert!(check(&["solve", "--symbols", "AAB"]).unwrap_err().starts_with("--symbols"));
        assert!(check(&["solve", "--best", "0"]).is_err());
        assert!(check(&["solve", "--best", "2", "--all"]).is_err());
        assert!(check(&["solve", "--best", "2", "--unique"]).is_err());
        assert!(check(&["solve", "--best", "2", "--min-cost"]).is_err());
        assert!(check(&["count", "--best", "2"]).is_err());
    }

    #[test]
    fn min_cost_is_best_1_and_threads_are_asked_for() {
        assert_eq!(solve(&["--min-cost"]).best, Some(1));
        assert_eq!(solve(&["--best", "5"]).best, Some(5));
        // The cheapest search takes threads only when --jobs asks, and not
        // with DLX1's (here DLX5's) statistics.
        assert_eq!(solve(&["--best", "5"]).answer.request().list_jobs(), 1);
        assert_eq!(solve(&["--best", "5", "-j", "2"]).answer.request().list_jobs(), 2);
        assert_eq!(solve(&["--best", "5", "-j", "2", "--stats"]).answer.request().list_jobs(), 1);
    }

    #[test]
    fn budgets_and_estimates() {
        let plan = count(&["--max-nodes", "1000", "--timeout", "2s"]);
        assert_eq!(
            plan.answer.budget,
            RecordBudget { max_nodes: Some(1000), timeout: Some(Duration::from_secs(2)) }
        );
        let b = plan.answer.budget.start();
        assert_eq!(b.max_nodes, Some(1000));
        assert!(b.deadline.is_some());
        assert!(solve(&[]).answer.budget.is_unlimited());
        let plan = count(&["--estimate", "--probes", "500", "--seed", "9"]);
        assert_eq!(plan.estimate, Some(dlx::EstimateOptions { probes: 500, seed: 9, stratify: true }));
        for bad in [
            &["count", "--max-nodes", "0"][..],
            &["count", "--probes", "5"],
            &["count", "--seed", "5"],
            &["count", "--estimate", "--limit", "2"],
            &["count", "--estimate", "--shard", "1/2"],
            &["count", "--estimate", "--timeout", "1s"],
            &["count", "--estimate", "--stats"],
            &["solve", "--estimate"],
        ] {
            assert!(check(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn logic_commands_take_their_own_flags() {
        assert!(check(&["rate", "--max-nodes", "0"]).is_err());
        assert!(check(&["explain", "--stats"]).is_err());
        assert!(check(&["hint", "--all"]).is_err());
        let CommandArgs::Hint(a) =
            cli(&["hint", "--output", "json", "--max-nodes", "5", "-j", "1", "x.txt"]).unwrap().command
        else {
            panic!()
        };
        let plan = explain::plan(LogicCommand::Hint, a).unwrap();
        assert_eq!(plan.command, LogicCommand::Hint);
        assert_eq!((plan.output, plan.max_nodes, plan.jobs), (OutputFormat::Json, 5, 1));
        let CommandArgs::Rate(a) = cli(&["rate"]).unwrap().command else { panic!() };
        let plan = explain::plan(LogicCommand::Rate, a).unwrap();
        assert_eq!(plan.max_nodes, reduce::logic::DEFAULT_MAX_NODES);
    }

    #[test]
    fn a_plan_says_what_to_do() {
        let plan = solve(&["--all", "--limit", "3", "--layout", "line", "-j", "2"]);
        assert_eq!(plan.answer.mode, Mode::All { limit: Some(3) });
        assert_eq!(plan.answer.layouts.layout, Some(Layout::Line));
        assert_eq!(plan.answer.request().list_jobs(), 2);
        assert_eq!(plan.inputs.paths, vec![InputPath::Stdin]);
    }

    #[test]
    fn colour_follows_the_terminal_and_no_color() {
        let empty = std::ffi::OsStr::new("");
        let set = std::ffi::OsStr::new("1");
        assert!(ColorArg::Auto.resolve(true, None));
        assert!(ColorArg::Auto.resolve(true, Some(empty)), "an empty NO_COLOR is not set");
        assert!(!ColorArg::Auto.resolve(true, Some(set)));
        assert!(!ColorArg::Auto.resolve(false, None));
        assert!(ColorArg::Always.resolve(false, Some(set)));
        assert!(!ColorArg::Never.resolve(true, None));
    }

    #[test]
    fn art_is_the_terminal_default_for_puzzles_written_as_rows() {
        let mut layouts = solve(&["--layout", "art", "--color", "always"]).answer.layouts;
        assert_eq!(layouts.layout, Some(Layout::Art { color: true }));
        // The tests' standard output is not a terminal.
        assert_eq!(layouts.terminal_art, None);
        let puzzle = |n| {
            let shape = reduce::Shape::default_for(n).unwrap();
            reduce::Puzzle::new(shape, Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap()
        };
        let (p9, p25) = (puzzle(9), puzzle(25));
        assert_eq!(layouts.layout_for(&p9, Layout::Line), Layout::Art { color: true });
        layouts.layout = None;
        assert_eq!(layouts.layout_for(&p9, Layout::Spaced), Layout::Spaced);
        // As on a terminal without --layout.
        layouts.terminal_art = Some(false);
        for rows in [Layout::Compact, Layout::Spaced, Layout::Grouped] {
            assert_eq!(layouts.layout_for(&p9, rows), Layout::Art { color: false });
            assert_eq!(layouts.layout_for(&p25, rows), rows, "too wide for 80 columns");
        }
        assert_eq!(layouts.layout_for(&p9, Layout::Line), Layout::Line);
        assert_eq!(layouts.layout_for(&p9, Layout::Integers), Layout::Integers);
    }
}
