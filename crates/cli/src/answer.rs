//! Answering one record: search it in the mode asked, and write what the
//! user sees (stdout) and what they should know (stderr notes). The search
//! itself is the engine's; this module only drives it and lays out results.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use dlx::{End, Probe, Problem, Solver, Stats};
use reduce::analyze::Analyzer;
use reduce::{GridSolver, Puzzle, Shape};

use crate::args::{Mode, OutputFormat, Plan};
use crate::output::json::{
    Answer, Found as FoundJson, RecordLine, Solution, Spent, StatsJson, Unknown as UnknownJson,
};
use crate::output::{text, NO_SOLUTION};
use crate::record::{Body, Layout, PuzzleCover, Record, Refusal};

/// How a record came out. The run's exit status is the worst outcome's, in
/// the order refused (2) > unknown (3) > no solution (1) > solved (0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Answered with at least one solution (or counted).
    Solved,
    /// Answered with 无解.
    NoSolution,
    /// A search budget ran out before the answer was known (the search
    /// issue wires `--max-nodes` and `--timeout` to it).
    Unknown,
    /// Refused.
    Refused,
    /// Stopped by Ctrl-C before it was answered: nothing was written.
    Interrupted,
}

/// A line for stderr about a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The full line.
    pub text: String,
    /// For an error every record of an input would repeat (a flag that
    /// does not fit): what it says without its place, so that it is said
    /// once.
    pub once: Option<String>,
}

impl Note {
    /// A note said every time.
    pub fn plain(text: String) -> Note {
        Note { text, once: None }
    }
}

/// One engine per puzzle shape, reused from puzzle to puzzle (a few shapes
/// at a time, so that a stream of jigsaws does not grow without bound).
/// Shapes compare by pointer first, so a batch finds its engine at once.
#[derive(Default)]
pub struct Engines {
    grids: Vec<(Shape, GridSolver)>,
    analyzers: Vec<(Shape, Analyzer)>,
    probe: Option<Arc<Probe>>,
}

impl Engines {
    /// Engines whose searches report to, and can be stopped by, `probe`.
    pub fn with_probe(probe: Arc<Probe>) -> Engines {
        Engines { grids: Vec::new(), analyzers: Vec::new(), probe: Some(probe) }
    }

    /// The analyzer for puzzles of `shape` (`dance analyze`).
    pub(crate) fn analyzer(&mut self, shape: &Shape) -> &mut Analyzer {
        let k = match self.analyzers.iter().position(|(s, _)| s == shape) {
            Some(k) => k,
            None => {
                if self.analyzers.len() >= 16 {
                    self.analyzers.clear();
                }
                let mut a = Analyzer::new(shape);
                a.set_probe(self.probe.clone());
                self.analyzers.push((shape.clone(), a));
                self.analyzers.len() - 1
            }
        };
        &mut self.analyzers[k].1
    }

    /// Whether Ctrl-C stopped the searches.
    pub(crate) fn stopped(&self) -> bool {
        self.probe.as_ref().is_some_and(|p| p.stopped())
    }

    pub(crate) fn grid(&mut self, shape: &Shape) -> &mut GridSolver {
        let k = match self.grids.iter().position(|(s, _)| s == shape) {
            Some(k) => k,
            None => {
                if self.grids.len() >= 16 {
                    self.grids.clear();
                }
                let mut g = GridSolver::new(shape);
                g.set_probe(self.probe.clone());
                self.grids.push((shape.clone(), g));
                self.grids.len() - 1
            }
        };
        &mut self.grids[k].1
    }

    pub(crate) fn solver(&self, problem: &Problem) -> Solver {
        let mut s = Solver::new(problem);
        s.set_probe(self.probe.clone());
        s
    }
}

/// What a search found, for the text and JSON writers.
struct Found {
    count: u64,
    /// Whether the count is every solution (not cut by a limit).
    exhaustive: bool,
    /// How the search ended: out of nodes or time, the answer is unknown.
    end: End,
    /// The nodes of the search (the engine's own).
    nodes: u64,
    stats: Stats,
    seconds: f64,
}

/// A puzzle, or a problem with how to show its solutions.
enum Target<'a> {
    Grid { puzzle: &'a Puzzle, layout: Layout },
    Cover { problem: &'a Problem, puzzle: Option<&'a PuzzleCover> },
}

/// Answers one record, writing to `out` and adding notes for stderr to
/// `notes` (the record's notices first). `index` numbers records from 1
/// for JSON.
pub fn answer(
    record: &Record,
    index: u64,
    plan: &Plan,
    engines: &mut Engines,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
) -> io::Result<Outcome> {
    let source = &record.source;
    notices(record, plan.quiet, notes);
    let text = plan.output == OutputFormat::Text;
    let json_line = |answer: Answer, stats: Option<StatsJson>| {
        RecordLine { index, source: source.to_string(), note: record.note.as_deref(), answer, stats }
            .to_line()
    };
    let body = match &record.body {
        Ok(b) => b,
        Err(r) => return refuse(record, index, r, text, out, notes),
    };
    if let Mode::Analyze(options) = plan.mode {
        return crate::analyze::answer(record, body, index, plan, options, engines, out, notes);
    }
    if let Mode::Estimate(options) = plan.mode {
        let line = |answer| json_line(answer, None);
        return crate::estimate::answer(body, source, &options, plan, engines, out, &line, notes);
    }
    let target = match body {
        Body::Puzzle { puzzle, layout } => Target::Grid { puzzle, layout: plan.layout_for(puzzle, *layout) },
        Body::Problem { problem, cover } => Target::Cover { problem, puzzle: cover.as_ref() },
    };
    if let Mode::Best { k } = plan.mode {
        let (problem, cover) = match &target {
            Target::Cover { problem, puzzle } => (Some(*problem), *puzzle),
            Target::Grid { .. } => (None, None),
        };
        let probe = engines.probe.clone();
        return crate::best::answer(problem, cover, k, record, index, plan, probe, out, notes);
    }
    // How a grid answer is laid out (none for a plain problem).
    let grid_layout = match &target {
        Target::Grid { layout, .. } => Some(*layout),
        Target::Cover { puzzle: Some(pc), .. } => Some(plan.layout_for(&pc.puzzle, pc.layout)),
        Target::Cover { puzzle: None, .. } => None,
    };
    // The solutions to print (text) or list (JSON), up to how many.
    let keep = match plan.mode {
        Mode::First => 1,
        Mode::Unique => 1,
        Mode::All { limit } => limit.unwrap_or(u64::MAX),
        Mode::Count { .. } | Mode::Best { .. } | Mode::Estimate(_) | Mode::Analyze(_) => 0,
    };
    let mut json_solutions: Vec<Solution> = Vec::new();
    let numbered =
        matches!(plan.mode, Mode::All { .. }) || matches!(target, Target::Cover { puzzle: None, .. });
    // --unique holds the first solution until it knows.
    let mut pending: Option<Vec<u8>> = None;
    // Only the statistics show the time.
    let start = plan.stats.then(Instant::now);

    // Emits solution number `k` (from 1).
    let mut emit = |k: u64, sol: SolutionRef<'_>, out: &mut dyn Write| -> io::Result<()> {
        // --unique holds the solution back; otherwise it goes straight out.
        let mut held = Vec::new();
        let mut buf: &mut dyn Write = if plan.mode == Mode::Unique { &mut held } else { out };
        if text && numbered {
            writeln!(buf, "{k}")?;
        }
        match sol {
            SolutionRef::Grid(laid) => {
                if text {
                    buf.write_all(laid.as_bytes())?;
                } else {
                    json_solutions.push(Solution::Grid(laid.to_owned()));
                }
            }
            SolutionRef::Options(problem, opts) => {
                if text {
                    text::options(&mut buf, problem, opts)?;
                } else {
                    let names: Vec<String> =
                        opts.iter().map(|&o| problem.display_option(o).to_string()).collect();
                    json_solutions.push(Solution::Options(names));
                }
            }
        }
        if plan.mode == Mode::Unique {
            pending = Some(held);
        }
        Ok(())
    };

    // Ctrl-C's probe, for listings to stop between two solutions.
    let probe = engines.probe.clone();
    if let Some(p) = &probe {
        p.forget_expectations();
    }
    // Whether a note already says why there is no solution.
    let mut explained = false;
    // Whether a parallel listing was stopped by Ctrl-C.
    let mut interrupted = false;
    let found = match target {
        Target::Grid { puzzle, layout } => {
            let engine = engines.grid(puzzle.shape());
            engine.set_faithful(plan.stats);
            let budget = plan.budget.start();
            engine.set_budget(budget);
            let result = match plan.mode {
                Mode::Count { limit } if plan.shard.is_some() => {
                    engine.count_split(puzzle, 1, plan.shard, limit).map(|o| (o, limit))
                }
                // A big count goes to every thread: try one thread first
                // (and, under a progress bar, estimate a long one). DLX1's
                // statistics come from one thread.
                Mode::Count { limit } => {
                    let jobs = if plan.stats { 1 } else { plan.jobs };
                    engine.count_threads(puzzle, limit, jobs).map(|o| (o, limit))
                }
                _ => {
                    let mut list = Lister::new(keep, search_cap(plan.mode), probe.clone(), budget.deadline);
                    let lay_out = |grid: &[u8]| {
                        if text {
                            text::grid(puzzle, grid, layout)
                        } else {
                            text::symbols(puzzle, grid)
                        }
                    };
                    let visit = |grid: &[u8]| list.visit(|k| emit(k, SolutionRef::Grid(&lay_out(grid)), out));
                    // Listing follows DLX1's order, so that it is the same
                    // from run to run and engine to engine; the first
                    // solution, or whether there is a second, takes the
                    // fastest search.
                    let r = match plan.mode {
                        Mode::All { .. } if plan.shard.is_some() => {
                            engine.solve_shard(puzzle, plan.shard.expect("a shard"), visit)
                        }
                        Mode::All { .. } if plan.list_jobs > 1 => {
                            // The threads that find the grids also lay
                            // them out; this one numbers and writes them.
                            let write = |laid: String| list.visit(|k| emit(k, SolutionRef::Grid(&laid), out));
                            engine.solve_parallel(puzzle, plan.list_jobs, lay_out, write).inspect(|o| {
                                interrupted = o.end() == End::Interrupted;
                            })
                        }
                        Mode::All { .. } => engine.solve(puzzle, visit),
                        _ => engine.solve_any(puzzle, visit),
                    };
                    let (n, cap, stopped, out_of_time) = list.finish()?;
                    interrupted |= stopped;
                    let end = |o: End| if out_of_time { End::OutOfTime } else { o };
                    r.map(|o| (dlx::Outcome::new(end(o.end()), n, o.nodes()), Some(cap)))
                }
            };
            interrupted |= result.as_ref().is_ok_and(|(o, _)| o.end() == End::Interrupted);
            if engine.interrupted() || interrupted {
                return Ok(Outcome::Interrupted);
            }
            match result {
                Ok((o, cap)) => Found {
                    count: o.so_far(),
                    exhaustive: cap.is_none_or(|c| o.so_far() < c),
                    end: o.end(),
                    nodes: o.nodes(),
                    stats: engine.stats(),
                    seconds: start.map_or(0.0, |t| t.elapsed().as_secs_f64()),
                },
                Err(conflict) => {
                    if !plan.quiet {
                        let what =
                            if matches!(plan.mode, Mode::Count { .. }) { "0 solutions" } else { NO_SOLUTION };
                        notes.push(Note::plain(format!("{source}: {what}: {conflict}")));
                        explained = true;
                    }
                    Found {
                        count: 0,
                        exhaustive: true,
                        end: End::Complete,
                        nodes: 0,
                        stats: Stats::default(),
                        seconds: start.map_or(0.0, |t| t.elapsed().as_secs_f64()),
                    }
                }
            }
        }
        Target::Cover { problem, puzzle } => {
            let mut solver = engines.solver(problem);
            solver.set_faithful(plan.stats);
            let budget = plan.budget.start();
            solver.set_budget(budget);
            let (o, cap) = match plan.mode {
                Mode::Count { limit } if plan.shard.is_some() => {
                    (dlx::parallel::count(&mut solver, plan.jobs, plan.shard, limit), limit)
                }
                // Split a big tree (one thread first, and under a progress
                // bar an estimate of a long one), unless DLX1's statistics
                // are asked for.
                Mode::Count { limit } => {
                    let jobs = if plan.stats { 1 } else { plan.jobs };
                    (dlx::parallel::count_adaptive(&mut solver, jobs, limit), limit)
                }
                _ => {
                    let mut list = Lister::new(keep, search_cap(plan.mode), probe.clone(), budget.deadline);
                    let visit = |opts: &[usize]| {
                        list.visit(|k| match puzzle {
                            Some(pc) => {
                                let grid = pc.decode(opts);
                                let laid = if text {
                                    text::grid(&pc.puzzle, &grid, plan.layout_for(&pc.puzzle, pc.layout))
                                } else {
                                    text::symbols(&pc.puzzle, &grid)
                                };
                                emit(k, SolutionRef::Grid(&laid), out)
                            }
                            None => emit(k, SolutionRef::Options(problem, opts), out),
                        })
                    };
                    let o = if let (Mode::All { .. }, Some(shard)) = (plan.mode, plan.shard) {
                        dlx::parallel::search_shard(&mut solver, shard, visit)
                    } else if matches!(plan.mode, Mode::All { .. }) && plan.list_jobs > 1 {
                        dlx::parallel::search(&mut solver, plan.list_jobs, visit)
                    } else {
                        solver.search(visit)
                    };
                    let (n, cap, stopped, out_of_time) = list.finish()?;
                    interrupted |= stopped;
                    let end = if out_of_time { End::OutOfTime } else { o.end() };
                    (dlx::Outcome::new(end, n, o.nodes()), Some(cap))
                }
            };
            if solver.interrupted() || interrupted || o.end() == End::Interrupted {
                return Ok(Outcome::Interrupted);
            }
            Found {
                count: o.so_far(),
                exhaustive: cap.is_none_or(|c| o.so_far() < c),
                end: o.end(),
                nodes: o.nodes(),
                stats: solver.stats(),
                seconds: start.map_or(0.0, |t| t.elapsed().as_secs_f64()),
            }
        }
    };

    if found.end.is_out_of_budget() {
        return unknown(&found, plan, source, json_solutions, out, notes, &json_line);
    }
    // Close the record: 无解, the held unique solution, the count.
    let wu_jie = text::no_solution(grid_layout);
    let mut outcome = Outcome::Solved;
    match plan.mode {
        Mode::Count { .. } | Mode::Estimate(_) => {
            if text {
                writeln!(out, "{}", found.count)?;
            }
        }
        Mode::Unique => {
            if found.count == 1 {
                if let Some(buf) = pending.take() {
                    out.write_all(&buf)?;
                }
            } else {
                json_solutions.clear();
                outcome = Outcome::NoSolution;
                if text {
                    out.write_all(wu_jie.as_bytes())?;
                }
                if !plan.quiet && found.count > 1 {
                    notes.push(Note::plain(format!("{source}: {NO_SOLUTION}: more than one solution")));
                } else if !plan.quiet && !explained {
                    notes.push(Note::plain(format!("{source}: {NO_SOLUTION}: no solution")));
                }
            }
        }
        Mode::Analyze(_) => {}
        Mode::First | Mode::All { .. } | Mode::Best { .. } => {
            if found.count == 0 {
                outcome = Outcome::NoSolution;
                if text {
                    out.write_all(wu_jie.as_bytes())?;
                }
            }
        }
    }
    if plan.stats && !plan.quiet {
        notes.push(Note::plain(format!("{source}: {}", stats_note(plan, &found.stats, found.seconds))));
    }
    if !text {
        let f = FoundJson { count: found.count, solutions: json_solutions, costs: None };
        let answer = match (found.count, found.exhaustive) {
            (0, _) => Answer::None(f),
            (1, true) => Answer::Unique(f),
            (1, false) => Answer::Solved(f),
            _ => Answer::Multiple(f),
        };
        let stats = plan.stats.then_some(StatsJson {
            nodes: found.stats.nodes,
            updates: found.stats.updates,
            seconds: found.seconds,
        });
        out.write_all(json_line(answer, stats).as_bytes())?;
    }
    Ok(outcome)
}

/// Adds a record's notices to `notes` (unless `quiet`).
pub(crate) fn notices(record: &Record, quiet: bool, notes: &mut Vec<Note>) {
    if quiet {
        return;
    }
    let source = &record.source;
    for n in &record.notices {
        let at = if n.line == 0 { source.path.to_string() } else { format!("{}:{}", source.path, n.line) };
        notes.push(Note::plain(format!("{at}: {}", n.text)));
    }
}

/// Answers a refused record: the message for stderr, and (unless `text`)
/// its JSON object with `"status": "error"`.
pub(crate) fn refuse(
    record: &Record,
    index: u64,
    r: &Refusal,
    text: bool,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
) -> io::Result<Outcome> {
    let source = &record.source;
    let once = r.error.is_setting().then(|| r.message());
    // An input that cannot be read as a whole has no line: `dance:
    // x.txt: No such file or directory`.
    let line = if r.line == 0 {
        format!("dance: {}: {}", source.path, r.message())
    } else {
        format!("{}:{}", source.path, r.located())
    };
    notes.push(Note { text: line, once });
    if !text {
        let error = Answer::Error { line: r.line, column: r.column, message: r.message() };
        let line = RecordLine {
            index,
            source: source.to_string(),
            note: record.note.as_deref(),
            answer: error,
            stats: None,
        };
        out.write_all(line.to_line().as_bytes())?;
    }
    Ok(Outcome::Refused)
}

/// Closes a record whose budget ran out: its answer is unknown. Text
/// prints nothing for it but a count so far marked `+` (`1523+`, which no
/// script takes for a total); stderr says how far the search got; JSON
/// says `"status": "unknown"`. Never 无解.
fn unknown(
    found: &Found,
    plan: &Plan,
    source: &crate::record::Source,
    solutions: Vec<Solution>,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
    json_line: &dyn Fn(Answer, Option<StatsJson>) -> String,
) -> io::Result<Outcome> {
    let text = plan.output == OutputFormat::Text;
    let count = matches!(plan.mode, Mode::Count { .. });
    if text && count {
        writeln!(out, "{}+", found.count)?;
    }
    if !plan.quiet {
        let why = if found.end == End::OutOfTime { "timeout" } else { "budget" };
        let so_far = match (plan.mode, found.count) {
            (Mode::Count { .. }, n) => format!(": {n} solution{} so far", plural(n)),
            (Mode::All { .. }, n) => format!(": {n} solution{} listed, maybe more", plural(n)),
            (Mode::Unique, 1) => ": one solution found, not yet known to be the only one".into(),
            _ => String::new(),
        };
        notes.push(Note::plain(format!("{source}: unknown after {} nodes ({why}){so_far}", found.nodes)));
        if plan.stats {
            notes.push(Note::plain(format!("{source}: {}", stats_note(plan, &found.stats, found.seconds))));
        }
    }
    if !text {
        let answer = Answer::Unknown(UnknownJson {
            budget: if found.end == End::OutOfTime { Spent::Time } else { Spent::Nodes },
            nodes: found.nodes,
            count_so_far: found.count,
            solutions: if matches!(plan.mode, Mode::All { .. }) { solutions } else { Vec::new() },
        });
        let stats = plan.stats.then_some(StatsJson {
            nodes: found.stats.nodes,
            updates: found.stats.updates,
            seconds: found.seconds,
        });
        out.write_all(json_line(answer, stats).as_bytes())?;
    }
    Ok(Outcome::Unknown)
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Numbers the solutions a search visits, writes the first `keep`, and
/// stops the search at `cap`, at the first write error, when Ctrl-C
/// stops the probe, or when the record's deadline (`--timeout`) has passed
/// (a listing stops between two solutions, so that what was written ends
/// with a whole one). The deadline is looked at here too, after each
/// solution, because a search looks at the clock only every few thousand
/// nodes: a listing then stops at the solution after the deadline, not
/// thousands of nodes later.
struct Lister {
    seen: u64,
    keep: u64,
    cap: u64,
    error: Option<io::Error>,
    probe: Option<Arc<Probe>>,
    interrupted: bool,
    deadline: Option<Instant>,
    out_of_time: bool,
}

impl Lister {
    fn new(keep: u64, cap: u64, probe: Option<Arc<Probe>>, deadline: Option<Instant>) -> Lister {
        Lister { seen: 0, keep, cap, error: None, probe, interrupted: false, deadline, out_of_time: false }
    }

    /// Counts one more solution and writes it (number `k`) with `write`.
    fn visit(&mut self, write: impl FnOnce(u64) -> io::Result<()>) -> ControlFlow<()> {
        if let Some(p) = &self.probe {
            if p.stopped() {
                self.interrupted = true;
                p.report(self.seen, p.nodes());
                return ControlFlow::Break(());
            }
        }
        self.seen += 1;
        if self.seen <= self.keep {
            if let Err(e) = write(self.seen) {
                self.error = Some(e);
                return ControlFlow::Break(());
            }
        }
        if self.seen >= self.cap {
            ControlFlow::Break(())
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            // The solutions seen so far stay counted (and written): what
            // is unknown is whether there are more.
            self.out_of_time = true;
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The solutions seen, the cap, whether Ctrl-C stopped the listing and
    /// whether the deadline did, or the write error.
    fn finish(self) -> io::Result<(u64, u64, bool, bool)> {
        match self.error {
            Some(e) => Err(e),
            None => Ok((self.seen, self.cap, self.interrupted, self.out_of_time)),
        }
    }
}

/// How many solutions a search needs to see before it can stop.
fn search_cap(mode: Mode) -> u64 {
    match mode {
        Mode::First => 1,
        Mode::Unique => 2,
        Mode::All { limit } | Mode::Count { limit } => limit.unwrap_or(u64::MAX),
        Mode::Analyze(o) => o.limit,
        Mode::Best { k } => k,
        Mode::Estimate(_) => 0,
    }
}

enum SolutionRef<'a> {
    /// A grid laid out by [`text::grid`].
    Grid(&'a str),
    Options(&'a Problem, &'a [usize]),
}

/// `--stats`' closing line; a shard's figures are those of its subtrees,
/// below the cut (the cut's own nodes, which every shard makes alike, are
/// not counted), and the line says so.
fn stats_note(plan: &Plan, stats: &dlx::Stats, seconds: f64) -> String {
    let line = text::stats_line(stats, seconds);
    match plan.shard {
        Some(s) => format!("shard {}/{}, below the cut: {line}", s.index + 1, s.count),
        None => line,
    }
}
