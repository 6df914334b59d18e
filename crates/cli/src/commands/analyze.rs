//! `dance analyze`: its arguments, and the answer to one record: what
//! `reduce::analyze` finds out about the puzzle, as a short text report or
//! one JSON object; with `--cap N`, and for a variant puzzle, the true
//! candidates as a pencil-mark grid with their counts up to N
//! (`output/candidates.rs`). Records come through the same reader and loop as
//! `solve`'s (threads, order, refusals, Ctrl-C).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use std::sync::Arc;

use clap::Args;
use dlx::{Budget, Probe};
use reduce::analyze::{Analysis, Analyzer, Count, TrueCandidates};
use reduce::{Puzzle, VariantError};

use crate::error::UsageError;
use crate::flags::{self, threads, InputArgs};
use crate::output::json::{AnalysisCandidates, AnalysisCell, AnalysisDiffer, AnalysisLine, AnalysisSuggest};
use crate::output::{candidates, findings, text, OutputFormat};
use crate::record::{Body, Record};
use crate::run::{answer_records, notices, refuse, refuse_with, Answerer, InputSet, Loop, Note, PerShape};
use crate::status::Status;

/// The nodes each search of an analysis may take unless told otherwise.
pub const DEFAULT_MAX_NODES: u64 = 10_000_000;

/// `dance analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Count solutions up to N (default 2: none, one, or two and more).
    #[arg(long, value_name = "N", value_parser = flags::parse_limit)]
    pub limit: Option<u64>,
    /// True candidates: every symbol each cell holds in some solution, as a
    /// pencil-mark grid, with how many solutions hold it counted up to N
    /// (1: only whether; the verdict none, one, two or more comes with
    /// them). For any puzzle, through its exact-cover reduction; a variant
    /// puzzle is analyzed this way (N = 1) even without the flag.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub cap: Option<u64>,
    /// Nodes each search may take (default 10,000,000); a part of the
    /// analysis whose search runs out is reported unknown (exit 3).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// How long one puzzle's analysis may take (500ms, 10s, 2m); what it has not settled by
    /// then is reported unknown (exit 3).
    #[arg(long, value_name = "DURATION", value_parser = flags::parse_duration)]
    pub timeout: Option<Duration>,
    #[command(flatten)]
    pub input: InputArgs,
    /// The output format: a short report per puzzle, or JSON Lines.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub output: OutputFormat,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub quiet: bool,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// Worker threads for batches (default: all cores). Output keeps the
    /// input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
}

/// What an analysis may spend, and how far it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalyzeOptions {
    /// Count solutions up to this (2 at least).
    pub limit: u64,
    /// Nodes per search.
    pub max_nodes: u64,
    /// Time per puzzle.
    pub timeout: Option<Duration>,
    /// `--cap`: true candidates counted up to this, instead of the
    /// classic analysis.
    pub cap: Option<u64>,
}

/// What `dance analyze` does, checked.
#[derive(Clone, Debug)]
pub struct AnalyzePlan {
    /// What each analysis may spend, and how far it counts.
    pub options: AnalyzeOptions,
    /// Text or JSON Lines.
    pub output: OutputFormat,
    /// Say nothing on stderr but errors.
    pub quiet: bool,
    /// Threads for records.
    pub jobs: usize,
    /// The inputs.
    pub inputs: InputSet,
    /// A progress bar may show.
    pub progress: bool,
}

/// The plan the arguments ask for, or a usage error.
pub fn plan(a: AnalyzeArgs) -> Result<AnalyzePlan, UsageError> {
    let options = AnalyzeOptions {
        limit: a.limit.unwrap_or(2).max(2),
        max_nodes: a.max_nodes.unwrap_or(DEFAULT_MAX_NODES),
        timeout: a.timeout,
        cap: a.cap,
    };
    Ok(AnalyzePlan {
        options,
        output: a.output,
        quiet: a.quiet,
        jobs: threads(a.jobs),
        inputs: a.input.input_set()?,
        progress: !a.quiet && !a.no_progress,
    })
}

/// Analyzes every record; the run's status.
pub fn run(plan: &AnalyzePlan) -> Status {
    answer_records(&plan.inputs, Loop { jobs: plan.jobs, progress: plan.progress }, |probe: Arc<Probe>| {
        Analyzing { plan, probe, analyzers: PerShape::default() }
    })
}

/// One thread's answerer: an analyzer per shape.
struct Analyzing<'a> {
    plan: &'a AnalyzePlan,
    probe: Arc<Probe>,
    analyzers: PerShape<Analyzer>,
}

impl Answerer for Analyzing<'_> {
    /// The report, or the JSON object, of one record.
    fn answer(
        &mut self,
        record: &Record,
        index: u64,
        out: &mut dyn Write,
        notes: &mut Vec<Note>,
    ) -> io::Result<Status> {
        let (plan, options) = (self.plan, self.plan.options);
        let json = plan.output == OutputFormat::Json;
        notices(record, plan.quiet, notes);
        let source = record.source.to_string();
        let puzzle = match &record.body {
            Err(r) => return refuse(record, index, r, !json, out, notes),
            Ok(Body::Puzzle { puzzle, .. }) => puzzle,
            Ok(Body::Problem { cover: Some(pc), .. }) => &pc.puzzle,
            Ok(Body::Problem { cover: None, .. }) => {
                let message = "analyze takes puzzles; this record is an exact-cover problem".to_owned();
                return refuse_with(record, index, message, !json, out, notes);
            }
        };
        let probe = &self.probe;
        if options.cap.is_some() || !puzzle.is_classic() {
            return true_candidates(record, puzzle, options, probe, index, json, out, notes);
        }
        let analyzer = self.analyzers.get(puzzle.shape(), |shape| {
            let mut a = Analyzer::new(shape);
            a.set_probe(Some(probe.clone()));
            a
        });
        let deadline = options.timeout.and_then(|t| Instant::now().checked_add(t));
        analyzer.set_budget(Budget { max_nodes: Some(options.max_nodes), deadline });
        let a = analyzer.analyze(puzzle, options.limit);
        if self.probe.stopped() {
            return Ok(Status::Interrupted);
        }
        let unknown = matches!(a.count, Count::Unknown(_))
            || !a.undecided.is_empty()
            || a.candidates.iter().any(|c| c.unknown != 0)
            || a.differ.as_ref().is_some_and(|d| !d.minimal);
        if json {
            out.write_all(json_line(puzzle, &a, index, source, record.note.as_deref()).as_bytes())?;
        } else {
            out.write_all(report(puzzle, &a, &source).as_bytes())?;
        }
        Ok(if unknown { Status::Unknown } else { Status::Answered })
    }
}

/// The true candidates of one record (`--cap`, or a variant puzzle).
#[allow(clippy::too_many_arguments)]
fn true_candidates(
    record: &Record,
    puzzle: &Puzzle,
    options: AnalyzeOptions,
    probe: &Arc<Probe>,
    index: u64,
    json: bool,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
) -> io::Result<Status> {
    let deadline = options.timeout.and_then(|t| Instant::now().checked_add(t));
    let budget = Budget { max_nodes: Some(options.max_nodes), deadline };
    let cap = options.cap.unwrap_or(1);
    let source = record.source.to_string();
    let t = match reduce::analyze::true_candidates(puzzle, cap, budget, Some(probe.clone())) {
        Ok(t) => t,
        Err(VariantError::Conflict(c)) => {
            let line = if json {
                candidates::json_line(
                    puzzle,
                    &no_solution(puzzle, cap),
                    index,
                    source,
                    record.note.as_deref(),
                )
            } else {
                format!("{source}: no solution: {c}\n")
            };
            out.write_all(line.as_bytes())?;
            return Ok(Status::Answered);
        }
        Err(VariantError::Unreduced(list)) => {
            let names: Vec<String> = list.iter().map(|u| u.to_string()).collect();
            let message = format!("true candidates need the exact-cover reduction; {}", names.join("; "));
            return refuse_with(record, index, message, !json, out, notes);
        }
    };
    if probe.stopped() {
        return Ok(Status::Interrupted);
    }
    let mut text = match json {
        true => candidates::json_line(puzzle, &t, index, source, record.note.as_deref()),
        false => candidates::report(puzzle, &t, &source),
    };
    // A variant: its redundant givens and constraints, or what to add.
    let mut unsettled = false;
    if !puzzle.is_classic() {
        let f = reduce::analyze::variant_findings(puzzle, t.count, budget, Some(probe.clone()));
        if probe.stopped() {
            return Ok(Status::Interrupted);
        }
        unsettled = findings::unknown(&f);
        text = match json {
            true => findings::json_line(&text, puzzle, t.count, &f),
            false => text + &findings::report(puzzle, t.count, &f),
        };
    }
    out.write_all(text.as_bytes())?;
    let unknown = unsettled || matches!(t.count, Count::Unknown(_)) || t.unknown.iter().any(|&u| u != 0);
    Ok(if unknown { Status::Unknown } else { Status::Answered })
}

/// The true candidates of a puzzle without a solution.
fn no_solution(puzzle: &Puzzle, cap: u64) -> TrueCandidates {
    let n = puzzle.n();
    TrueCandidates { count: Count::Exactly(0), cap, counts: vec![0; n * n * n], unknown: vec![0; n * n] }
}

/// `r3c5` (rows and columns from 1).
fn rc(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// The symbols of a set, as characters of the puzzle's alphabet.
fn symbols(puzzle: &Puzzle, set: u64) -> String {
    (0..puzzle.n() as u8).filter(|&v| set & 1 << v != 0).map(|v| puzzle.alphabet().char(v)).collect()
}

fn plural(k: usize, word: &str) -> String {
    format!("{k} {word}{}", if k == 1 { "" } else { "s" })
}

/// The text report: a first line with the verdict, the givens and their
/// symmetry; then, for two solutions or more, one line per fact.
pub fn report(puzzle: &Puzzle, a: &Analysis, source: &str) -> String {
    let n = puzzle.n();
    let mut s = format!("{source}: ");
    let verdict = match (a.conflict, a.count) {
        (Some(c), _) => format!("no solution: {c}"),
        (None, Count::Exactly(0)) => "no solution".to_owned(),
        (None, Count::Exactly(1)) => "one solution".to_owned(),
        (None, Count::Exactly(k)) => format!("{k} solutions"),
        (None, Count::AtLeast(k)) => format!("{k} or more solutions"),
        (None, Count::Unknown(k)) => {
            format!("unknown: the search ran out of budget after {}", plural(k as usize, "solution"))
        }
    };
    s += &verdict;
    let sym: Vec<&str> = a.symmetry.iter().map(|s| s.name()).collect();
    let _ = write!(
        s,
        "; {}; symmetry: {}",
        plural(a.clues, "given"),
        if sym.is_empty() { "none".to_owned() } else { sym.join(", ") }
    );
    let given = |cell: usize| {
        let v = puzzle.givens()[cell].expect("a given");
        format!("{}={}", rc(n, cell), puzzle.alphabet().char(v))
    };
    if a.count == Count::Exactly(1) {
        match a.minimal {
            Some(true) => s += "; minimal",
            _ if !a.redundant.is_empty() => {
                let list: Vec<String> = a.redundant.iter().map(|&c| given(c)).collect();
                let _ =
                    write!(s, "; not minimal: {}: {}", plural(list.len(), "redundant given"), list.join(" "));
            }
            _ => s += "; minimal unknown",
        }
        if !a.undecided.is_empty() {
            let list: Vec<String> = a.undecided.iter().map(|&c| given(c)).collect();
            let _ = write!(s, "; unknown (out of budget): {}", list.join(" "));
        }
    }
    s.push('\n');
    if a.solutions.len() == 2 {
        for (k, g) in a.solutions.iter().enumerate() {
            let _ = writeln!(s, "  solution {}: {}", k + 1, text::symbols(puzzle, g));
        }
    }
    if let Some(d) = &a.differ {
        let cells: Vec<String> = d.cells.iter().map(|&c| rc(n, c)).collect();
        let _ = writeln!(
            s,
            "  they differ in {} ({}): {}",
            plural(cells.len(), "cell"),
            if d.minimal { "minimal" } else { "maybe not minimal: out of budget" },
            cells.join(" ")
        );
    }
    if !a.candidates.is_empty() {
        let list: Vec<String> = a
            .candidates
            .iter()
            .map(|c| {
                let mut t = format!("{} {}", rc(n, c.cell), symbols(puzzle, c.symbols));
                if c.unknown != 0 {
                    let _ = write!(t, " (? {})", symbols(puzzle, c.unknown));
                }
                t
            })
            .collect();
        let _ = writeln!(s, "  true candidates: {}", list.join(", "));
    }
    if let Some(g) = &a.suggest {
        let leaves = match g.leaves {
            Some(k) => format!("leaves {}", plural(k as usize, "solution")),
            None => format!("leaves more than {}", reduce::analyze::SAMPLE - 1),
        };
        let _ = writeln!(
            s,
            "  add {}={}: {leaves}{}",
            rc(n, g.cell),
            puzzle.alphabet().char(g.symbol),
            if g.exact { "" } else { " (the rarest among the first solutions)" }
        );
    }
    s
}

/// The JSON object of one analysis.
fn json_line(puzzle: &Puzzle, a: &Analysis, index: u64, source: String, note: Option<&str>) -> String {
    let n = puzzle.n();
    let cell = |c: usize, symbol: Option<char>| AnalysisCell { row: c / n, column: c % n, symbol };
    let given = |c: usize| cell(c, puzzle.givens()[c].map(|v| puzzle.alphabet().char(v)));
    let unique = a.count == Count::Exactly(1);
    let line = AnalysisLine {
        index,
        source,
        note,
        status: match a.count {
            Count::Exactly(0) => "none",
            Count::Exactly(1) => "unique",
            Count::Unknown(_) => "unknown",
            _ => "multiple",
        },
        solutions: a.count.found(),
        more: matches!(a.count, Count::AtLeast(_) | Count::Unknown(_)),
        grids: a.solutions.iter().map(|g| text::symbols(puzzle, g)).collect(),
        clues: a.clues,
        symmetry: a.symmetry.iter().map(|s| s.name()).collect(),
        conflict: a.conflict.map(|c| c.to_string()),
        minimal: unique.then_some(a.minimal),
        redundant: unique.then(|| a.redundant.iter().map(|&c| given(c)).collect()),
        undecided: a.undecided.iter().map(|&c| given(c)).collect(),
        differ: a.differ.as_ref().map(|d| AnalysisDiffer {
            cells: d.cells.iter().map(|&c| cell(c, None)).collect(),
            minimal: d.minimal,
        }),
        candidates: (!a.candidates.is_empty()).then(|| {
            a.candidates
                .iter()
                .map(|c| AnalysisCandidates {
                    row: c.cell / n,
                    column: c.cell % n,
                    symbols: symbols(puzzle, c.symbols),
                    unknown: symbols(puzzle, c.unknown),
                })
                .collect()
        }),
        suggest: a.suggest.map(|g| AnalysisSuggest {
            row: g.cell / n,
            column: g.cell % n,
            symbol: puzzle.alphabet().char(g.symbol),
            leaves: g.leaves,
            exact: g.exact,
        }),
    };
    line.to_line()
}
