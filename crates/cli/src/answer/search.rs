//! One record answered by search: its solutions listed (the first, every
//! one numbered, the unique one) or counted, as its [`Plan`] asks, written
//! as text in the record's layout or as one JSON Lines object; what stderr
//! should know goes to the notes (why there is no solution, `--stats`, a
//! budget that ran out). A puzzle is searched by its grid solver, a problem
//! by the dancing links; both take the plan's [`dlx::Request`].

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use dlx::{End, EngineChoice, Outcome, Problem, Stats};
use reduce::verify::{self, Failure};
use reduce::Puzzle;

use super::engines::Engines;
use super::lister::{Listed, Lister};
use super::{Mode, Plan};
use crate::output::json::{
    Answer, Found as FoundJson, ListingLines, RecordLine, Solution, SolutionLine, Spent, StatsJson,
    Unknown as UnknownJson,
};
use crate::output::{text, OutputFormat, NO_SOLUTION};
use crate::record::{Body, Layout, PuzzleCover, Record};
use crate::run::{notices, refuse, Note};
use crate::status::Status;

/// Counts with a limit up to this go to the grid searches even where the
/// memo would take a count of the puzzle (few givens).
const SMALL_LIMIT: u64 = 10_000;

/// The nodes a count by the grid searches may take before a puzzle with
/// few givens is offered to the memo's trial.
const QUICK_NODES: u64 = 20_000;

/// Answers one record, writing to `out` and adding notes for stderr to
/// `notes` (the record's notices first). `index` numbers records from 1
/// for JSON.
pub fn search(
    record: &Record,
    index: u64,
    plan: &Plan,
    engines: &mut Engines,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
) -> io::Result<Status> {
    notices(record, plan.quiet, notes);
    let text = plan.output == OutputFormat::Text;
    let body = match &record.body {
        Ok(b) => b,
        Err(r) => return refuse(record, index, r, text, out, notes),
    };
    let mut answer = Answering::new(record, index, plan, body);
    let found = match body {
        Body::Puzzle { puzzle, layout } => {
            let layout = plan.layouts.layout_for(puzzle, *layout);
            answer.grid(puzzle, layout, engines, out, notes)?
        }
        Body::Problem { problem, cover } => answer.cover(problem, cover.as_ref(), engines, out, notes)?,
    };
    if let Some(failure) = answer.failure.take() {
        return answer.fail(failure, out, notes);
    }
    match found {
        Some(found) => answer.close(&found, out, notes),
        None => Ok(Status::Interrupted),
    }
}

/// What a search found, for the text and JSON writers.
struct Found {
    /// Wide: counts by memo may pass 2^64.
    count: u128,
    /// Whether the count is every solution (not cut by a limit).
    exhaustive: bool,
    /// How the search ended: out of nodes or time, the answer is unknown.
    end: End,
    /// The nodes of the search (the engine's own).
    nodes: u64,
    stats: Stats,
    seconds: f64,
}

/// A solution to write.
enum SolutionRef<'a> {
    /// A grid laid out by [`text::grid`] (or [`text::symbols`] for JSON).
    Grid(&'a str),
    /// A problem's options.
    Options(&'a Problem, &'a [usize]),
}

/// One record's answer under way: how solutions are written, and what is
/// held back until the search ends.
struct Answering<'a> {
    record: &'a Record,
    index: u64,
    plan: &'a Plan,
    text: bool,
    /// Whether solutions are numbered (`--all`, and a problem's solutions).
    numbered: bool,
    /// How a grid answer is laid out (none for a plain problem).
    grid_layout: Option<Layout>,
    /// The solutions to list in JSON.
    json_solutions: Vec<Solution>,
    /// `--unique` holds the first solution until it knows.
    pending: Option<Vec<u8>>,
    /// A grid listing's JSON lines, once the first is written.
    listing: Option<ListingLines>,
    /// Whether a note already says why there is no solution.
    explained: bool,
    /// Whether the puzzle is known to have no solution before any search
    /// (a rule no grid keeps, givens that break one or clash): every
    /// shard says 无解, not only its own part.
    known_none: bool,
    /// When the search started (only the statistics show the time).
    start: Option<Instant>,
    /// The first solution that failed verification: the search stopped
    /// there, and it is not printed.
    failure: Option<Failure>,
}

impl<'a> Answering<'a> {
    fn new(record: &'a Record, index: u64, plan: &'a Plan, body: &Body) -> Answering<'a> {
        let grid_layout = match body {
            Body::Puzzle { puzzle, layout } => Some(plan.layouts.layout_for(puzzle, *layout)),
            Body::Problem { cover: Some(pc), .. } => Some(plan.layouts.layout_for(&pc.puzzle, pc.layout)),
            Body::Problem { cover: None, .. } => None,
        };
        let numbered = matches!(plan.mode, Mode::All { .. }) || grid_layout.is_none();
        Answering {
            record,
            index,
            plan,
            text: plan.output == OutputFormat::Text,
            numbered,
            grid_layout,
            json_solutions: Vec::new(),
            pending: None,
            listing: None,
            explained: false,
            known_none: false,
            start: plan.stats.then(Instant::now),
            failure: None,
        }
    }

    /// The solutions to print (text) or list (JSON), up to how many.
    fn keep(&self) -> u64 {
        match self.plan.mode {
            Mode::First | Mode::Unique => 1,
            Mode::All { limit } => limit.unwrap_or(u64::MAX),
            Mode::Count { .. } => 0,
        }
    }

    fn seconds(&self) -> f64 {
        self.start.map_or(0.0, |t| t.elapsed().as_secs_f64())
    }

    /// Writes solution number `k` (from 1): straight out, or held back by
    /// `--unique`.
    fn emit(&mut self, k: u64, sol: SolutionRef<'_>, out: &mut dyn Write) -> io::Result<()> {
        if !self.text {
            if let (SolutionRef::Grid(laid), Mode::All { .. }) = (&sol, self.plan.mode) {
                // A listing streams: each solution its own line, as found.
                let lines = self
                    .listing
                    .get_or_insert_with(|| ListingLines::new(self.index, &self.record.source.to_string()));
                return lines.grid(out, k, laid);
            }
            let json = match sol {
                SolutionRef::Grid(laid) => Solution::Grid(laid.to_owned()),
                SolutionRef::Options(problem, opts) => {
                    Solution::Options(opts.iter().map(|&o| problem.display_option(o).to_string()).collect())
                }
            };
            if matches!(self.plan.mode, Mode::All { .. }) {
                // A listing streams: each solution its own line, as found.
                let source = self.record.source.to_string();
                let line = SolutionLine {
                    index: self.index,
                    source: &source,
                    status: "solution",
                    k,
                    solution: json,
                };
                return out.write_all(line.to_line().as_bytes());
            }
            self.json_solutions.push(json);
            return Ok(());
        }
        let unique = self.plan.mode == Mode::Unique;
        let mut held = Vec::new();
        let buf: &mut dyn Write = if unique { &mut held } else { out };
        if self.numbered {
            writeln!(buf, "{k}")?;
        }
        match sol {
            SolutionRef::Grid(laid) => buf.write_all(laid.as_bytes())?,
            SolutionRef::Options(problem, opts) => text::options(buf, problem, opts)?,
        }
        if unique {
            self.pending = Some(held);
        }
        Ok(())
    }

    /// Searches a puzzle on its grid solver. `None`: interrupted.
    fn grid(
        &mut self,
        puzzle: &Puzzle,
        layout: Layout,
        engines: &mut Engines,
        out: &mut dyn Write,
        notes: &mut Vec<Note>,
    ) -> io::Result<Option<Found>> {
        let plan = self.plan;
        // A constraint no grid can keep (a cage of three cells summing to
        // 30) says why, without a search.
        let impossible = puzzle.rules().impossible(puzzle.n());
        if let Some(why) = impossible.or_else(|| puzzle.rules().broken_by_givens(puzzle.n(), puzzle.givens()))
        {
            self.known_none = true;
            if !plan.quiet {
                let what = if matches!(plan.mode, Mode::Count { .. }) { "0 solutions" } else { NO_SOLUTION };
                notes.push(Note::plain(format!("{}: {what}: {why}", self.record.source)));
                self.explained = true;
            }
            let none = Found {
                count: 0,
                exhaustive: true,
                end: End::Complete,
                nodes: 0,
                stats: Stats::default(),
                seconds: 0.0,
            };
            return Ok(Some(none));
        }
        if let Mode::Count { limit } = plan.mode {
            if let Some(found) = self.grid_by_memo(puzzle, limit, engines, notes) {
                return Ok(found);
            }
        }
        let request = plan.request();
        let probe = engines.probe().cloned();
        if let Some(p) = &probe {
            p.forget_expectations();
        }
        let engine = engines.grid(puzzle.shape());
        let mut interrupted = false;
        let result = match plan.mode {
            Mode::Count { limit } => engine.count_for(puzzle, &request).map(|o| (o, limit)),
            _ => {
                let mut list = Lister::new(self.keep(), plan.mode.cap(), probe, request.budget.deadline);
                let text = self.text;
                // Each solution is verified where it is laid out (on the
                // thread that found it), before anything is written.
                let checker = verify::Checker::new(puzzle);
                let lay_out = |grid: &[u8]| {
                    checker.grid(grid)?;
                    Ok(if text { text::grid(puzzle, grid, layout) } else { text::symbols(puzzle, grid) })
                };
                // Listing follows DLX1's order up to order 12 (the bit
                // search's above), so that it is the same from run to
                // run; the first solution, or whether there is a second,
                // takes the fastest search.
                let r =
                    engine.list_for(puzzle, &request, lay_out, |laid: Result<String, Failure>| match laid {
                        Ok(laid) => list.visit(|k| self.emit(k, SolutionRef::Grid(&laid), out)),
                        Err(f) => {
                            self.failure = Some(f);
                            ControlFlow::Break(())
                        }
                    });
                let listed = list.finish()?;
                interrupted = listed.interrupted;
                r.map(|o| (listed.outcome(o), Some(listed.cap)))
            }
        };
        interrupted |= result.as_ref().is_ok_and(|(o, _)| o.end() == End::Interrupted);
        if engine.interrupted() || interrupted {
            return Ok(None);
        }
        let seconds = self.seconds();
        Ok(Some(match result {
            Ok((o, cap)) => Found::of(o, cap, engine.stats(), seconds),
            Err(conflict) => {
                self.known_none = true;
                if !plan.quiet {
                    let what =
                        if matches!(plan.mode, Mode::Count { .. }) { "0 solutions" } else { NO_SOLUTION };
                    notes.push(Note::plain(format!("{}: {what}: {conflict}", self.record.source)));
                    self.explained = true;
                }
                Found {
                    count: 0,
                    exhaustive: true,
                    end: End::Complete,
                    nodes: 0,
                    stats: Stats::default(),
                    seconds,
                }
            }
        }))
    }

    /// Counts a classic puzzle through its exact-cover reduction (the full
    /// matrix, givens forced) when the memo engine counts it: forced by
    /// `--engine memo`, or chosen by its trial for a puzzle with fewer
    /// givens than a quarter of its cells (a puzzle with more is counted
    /// by the grid searches at once, faster than any trial). `None`: the
    /// grid searches count it (a variant, clashing givens, a shard or a
    /// node budget without `--engine memo`, or the trial chose them);
    /// `Some(None)`: interrupted.
    fn grid_by_memo(
        &mut self,
        puzzle: &Puzzle,
        limit: Option<u64>,
        engines: &mut Engines,
        notes: &mut Vec<Note>,
    ) -> Option<Option<Found>> {
        let plan = self.plan;
        let cells = puzzle.givens().len();
        let givens = puzzle.givens().iter().filter(|g| g.is_some()).count();
        let wanted = match plan.engine {
            EngineChoice::Memo => true,
            // A node budget counts the grid searches' nodes.
            // A small limit (count --limit 2: is there a second?) leaves it
            // to the grid searches, which stop there: 17clue counted to 2
            // took 13.6 s by memo (a trial per puzzle), 0.3 s by them.
            EngineChoice::Auto => {
                givens * 4 < cells
                    && plan.shard.is_none()
                    && plan.budget.max_nodes.is_none()
                    && limit.is_none_or(|l| l > SMALL_LIMIT)
            }
            EngineChoice::Plain => false,
        };
        if !wanted || !puzzle.is_classic() || plan.stats {
            return None;
        }
        if plan.engine == EngineChoice::Auto {
            if let Some(found) = self.quick_grid_count(puzzle, limit, engines) {
                return Some(Some(found));
            }
        }
        let r = reduce::reduce(puzzle, reduce::Encoding::Forced).ok()?;
        let mut solver = engines.solver(&r.problem);
        if r.forced.iter().any(|&o| solver.force(o).is_err()) {
            return None;
        }
        let request = plan.request();
        solver.set_engine(request.engine);
        solver.set_memory(request.memory.unwrap_or(dlx::DEFAULT_MEMORY));
        if !solver.counts_by_memo(limit) {
            return None;
        }
        let o = dlx::parallel::count_for(&mut solver, &request);
        if solver.interrupted() || o.end() == End::Interrupted {
            return Some(None);
        }
        self.note_overflow(&solver, notes);
        Some(Some(Found::of(o, limit, solver.stats(), self.seconds())))
    }

    /// The grid searches' count of `puzzle` when it takes at most
    /// [`QUICK_NODES`] nodes, before the memo's trial is paid for: a
    /// 17-clue puzzle has few givens but one solution, counted in a few
    /// hundred nodes, where the trial takes thousands of states (a batch of
    /// 2,000 counted in 11.7 s of CPU by trials, 0.01 s without). `None`
    /// when the budget runs out (the memo's trial decides then).
    fn quick_grid_count(
        &mut self,
        puzzle: &Puzzle,
        limit: Option<u64>,
        engines: &mut Engines,
    ) -> Option<Found> {
        let mut request = self.plan.request();
        request.budget.max_nodes = Some(QUICK_NODES);
        let engine = engines.grid(puzzle.shape());
        let o = engine.count_for(puzzle, &request).ok()?;
        (o.end() == End::Complete).then(|| Found::of(o, limit, engine.stats(), self.seconds()))
    }

    /// Says so when a count by memo passed 2^128 - 1 (its answer is then
    /// unknown).
    fn note_overflow(&self, solver: &dlx::Solver, notes: &mut Vec<Note>) {
        if solver.memo_overflowed() && !self.plan.quiet {
            notes.push(Note::plain(format!(
                "{}: the count passes 2^128 - 1, the most the memo engine counts",
                self.record.source
            )));
        }
    }

    /// Searches an exact-cover problem on the dancing links (an exported
    /// puzzle's solutions are written as grids). `None`: interrupted.
    fn cover(
        &mut self,
        problem: &Problem,
        puzzle: Option<&PuzzleCover>,
        engines: &mut Engines,
        out: &mut dyn Write,
        notes: &mut Vec<Note>,
    ) -> io::Result<Option<Found>> {
        let plan = self.plan;
        let request = plan.request();
        let probe = engines.probe().cloned();
        if let Some(p) = &probe {
            p.forget_expectations();
        }
        let mut solver = engines.solver(problem);
        let mut interrupted = false;
        let (o, cap) = match plan.mode {
            Mode::Count { limit } => (dlx::parallel::count_for(&mut solver, &request), limit),
            _ => {
                let mut list = Lister::new(self.keep(), plan.mode.cap(), probe, request.budget.deadline);
                let o = dlx::parallel::list_for(&mut solver, &request, |opts| {
                    if let Err(f) = verify::cover(problem, opts) {
                        self.failure = Some(f);
                        return ControlFlow::Break(());
                    }
                    if let Some(pc) = puzzle {
                        if let Err(f) = verify::grid(&pc.puzzle, &pc.decode(opts)) {
                            self.failure = Some(f);
                            return ControlFlow::Break(());
                        }
                    }
                    list.visit(|k| match puzzle {
                        Some(pc) => {
                            let grid = pc.decode(opts);
                            let laid = if self.text {
                                text::grid(&pc.puzzle, &grid, plan.layouts.layout_for(&pc.puzzle, pc.layout))
                            } else {
                                text::symbols(&pc.puzzle, &grid)
                            };
                            self.emit(k, SolutionRef::Grid(&laid), out)
                        }
                        None => self.emit(k, SolutionRef::Options(problem, opts), out),
                    })
                });
                let listed = list.finish()?;
                interrupted = listed.interrupted;
                (listed.outcome(o), Some(listed.cap))
            }
        };
        if solver.interrupted() || interrupted || o.end() == End::Interrupted {
            return Ok(None);
        }
        self.note_overflow(&solver, notes);
        Ok(Some(Found::of(o, cap, solver.stats(), self.seconds())))
    }

    /// Closes the record: 无解, the held unique solution, the count, the
    /// JSON object; or, when a budget ran out, unknown.
    fn close(mut self, found: &Found, out: &mut dyn Write, notes: &mut Vec<Note>) -> io::Result<Status> {
        if found.end.is_out_of_budget() {
            return self.unknown(found, out, notes);
        }
        let (plan, source) = (self.plan, &self.record.source);
        let wu_jie = text::no_solution(self.grid_layout);
        let mut status = Status::Answered;
        match plan.mode {
            Mode::Count { .. } => {
                if self.text {
                    writeln!(out, "{}", found.count)?;
                }
            }
            Mode::Unique if found.count == 1 => {
                if let Some(buf) = self.pending.take() {
                    out.write_all(&buf)?;
                }
            }
            Mode::Unique => {
                self.json_solutions.clear();
                status = Status::None;
                if self.text {
                    out.write_all(wu_jie.as_bytes())?;
                }
                if !plan.quiet && found.count > 1 {
                    notes.push(Note::plain(format!("{source}: {NO_SOLUTION}: more than one solution")));
                } else if !plan.quiet && !self.explained {
                    notes.push(Note::plain(format!("{source}: {NO_SOLUTION}: no solution")));
                }
            }
            // One shard of several without a solution says so on standard
            // error: the puzzle's solutions, if any, are in the others
            // (无解 would say there are none).
            Mode::All { .. }
                if found.count == 0 && !self.known_none && plan.shard.is_some_and(|s| s.count > 1) =>
            {
                if !plan.quiet {
                    let s = plan.shard.expect("a shard");
                    notes.push(Note::plain(format!(
                        "{source}: shard {}/{} holds none of the puzzle's solutions (the other shards may)",
                        s.index + 1,
                        s.count
                    )));
                }
            }
            Mode::First | Mode::All { .. } => {
                if found.count == 0 {
                    status = Status::None;
                    if self.text {
                        out.write_all(wu_jie.as_bytes())?;
                    }
                }
            }
        }
        if plan.stats && !plan.quiet {
            notes.push(Note::plain(format!("{source}: {}", self.stats_note(found))));
        }
        if !self.text {
            let solutions = std::mem::take(&mut self.json_solutions);
            let f = FoundJson { count: found.count, solutions, costs: None };
            let answer = match (found.count, found.exhaustive) {
                (0, _) => Answer::None(f),
                (1, true) => Answer::Unique(f),
                (1, false) => Answer::Solved(f),
                _ => Answer::Multiple(f),
            };
            out.write_all(self.json_line(answer, found).as_bytes())?;
        }
        Ok(status)
    }

    /// Closes a record whose budget ran out: its answer is unknown. Text
    /// prints nothing for it but a count so far marked `+` (`1523+`, which
    /// no script takes for a total); stderr says how far the search got;
    /// JSON says `"status": "unknown"`. Never 无解.
    fn unknown(mut self, found: &Found, out: &mut dyn Write, notes: &mut Vec<Note>) -> io::Result<Status> {
        let (plan, source) = (self.plan, &self.record.source);
        let count = matches!(plan.mode, Mode::Count { .. });
        if self.text && count {
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
                notes.push(Note::plain(format!("{source}: {}", self.stats_note(found))));
            }
        }
        if !self.text {
            let solutions = match plan.mode {
                Mode::All { .. } => std::mem::take(&mut self.json_solutions),
                _ => Vec::new(),
            };
            let answer = Answer::Unknown(UnknownJson {
                budget: if found.end == End::OutOfTime { Spent::Time } else { Spent::Nodes },
                nodes: found.nodes,
                count_so_far: found.count,
                solutions,
            });
            out.write_all(self.json_line(answer, found).as_bytes())?;
        }
        Ok(Status::Unknown)
    }

    /// Closes a record one of whose answers failed verification: nothing
    /// more of it is printed (a held `--unique` solution is dropped), stderr
    /// asks for a bug report, and JSON says the same as an error object.
    fn fail(self, failure: Failure, out: &mut dyn Write, notes: &mut Vec<Note>) -> io::Result<Status> {
        let message = failure.to_string();
        notes.push(Note::plain(format!("{}: {message}", self.record.source)));
        if !self.text {
            let error = Answer::Error { line: self.record.source.line, column: None, message };
            let found = Found {
                count: 0,
                exhaustive: false,
                end: End::Complete,
                nodes: 0,
                stats: Stats::default(),
                seconds: 0.0,
            };
            out.write_all(self.json_line(error, &found).as_bytes())?;
        }
        Ok(Status::Refused)
    }

    /// The record's JSON Lines object.
    fn json_line(&self, answer: Answer, found: &Found) -> String {
        let stats = self.plan.stats.then_some(StatsJson {
            nodes: found.stats.nodes,
            updates: found.stats.updates,
            seconds: found.seconds,
        });
        let record = self.record;
        RecordLine {
            index: self.index,
            source: record.source.to_string(),
            note: record.note.as_deref(),
            answer,
            stats,
        }
        .to_line()
    }

    /// `--stats`' closing line; a shard's figures are those of its
    /// subtrees, below the cut (the cut's own nodes, which every shard
    /// makes alike, are not counted), and the line says so.
    fn stats_note(&self, found: &Found) -> String {
        let line = text::stats_line(&found.stats, found.seconds);
        match self.plan.shard {
            Some(s) => format!("shard {}/{}, below the cut: {line}", s.index + 1, s.count),
            None => line,
        }
    }
}

impl Found {
    /// What a search that ended with `o` found; `cap` is where a listing
    /// or count was to stop.
    fn of(o: Outcome, cap: Option<u64>, stats: Stats, seconds: f64) -> Found {
        Found {
            count: o.so_far_wide(),
            exhaustive: cap.is_none_or(|c| o.so_far_wide() < c as u128),
            end: o.end(),
            nodes: o.nodes(),
            stats,
            seconds,
        }
    }
}

impl Listed {
    /// The outcome of a listing whose search ended with `o`: the solutions
    /// this listing saw, and out of time when its deadline stopped it.
    fn outcome(&self, o: Outcome) -> Outcome {
        let end = if self.out_of_time { End::OutOfTime } else { o.end() };
        Outcome::new(end, self.seen, o.nodes())
    }
}

fn plural(n: u128) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
