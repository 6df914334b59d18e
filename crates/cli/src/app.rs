//! The program: the configuration, the record loop (one thread, or workers
//! that answer chunks of records while this thread writes them in input
//! order), export, completions, the man page, and exit codes. Output is
//! flushed before every read that may wait for input, so that answers come
//! as soon as they are ready, and only then: big batches keep their speed.

use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Parser;

use crate::answer::{answer, Engines, Note, Outcome};
use crate::args::{Cli, Config, ExportFormat, Mode, Plan, Task};
use crate::explain::Explainer;
use crate::input::{self, InputPath, ReadSettings, Records};
use crate::output::{export as doc, is_broken_pipe, NO_SOLUTION};
use crate::progress::{on_interrupt, Progress, Watch};
use crate::record::{Body, Record, Source};
use dlx::Probe;

/// Exit status: every record answered with a solution.
pub const EXIT_OK: i32 = 0;
/// Exit status: at least one 无解.
pub const EXIT_NO_SOLUTION: i32 = 1;
/// Exit status: a usage error or a refused record.
pub const EXIT_ERROR: i32 = 2;
/// Exit status: at least one record unknown (a budget ran out), none
/// refused.
pub const EXIT_UNKNOWN: i32 = 3;
/// Exit status: stopped by Ctrl-C (128 + SIGINT).
pub use crate::progress::EXIT_INTERRUPTED;

/// Runs `dance` with these arguments (the program name first) and returns
/// the exit status.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_ERROR } else { EXIT_OK };
        }
    };
    let config = match Config::from_cli(cli) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("dance: {e}");
            return EXIT_ERROR;
        }
    };
    match &config.task {
        Task::Answer(plan) => answer_all(&config, plan),
        Task::Logic(plan) => answer_records(&config, plan.jobs, true, |probe| Explainer::new(plan, probe)),
        Task::Export { to, index } => export(&config, *to, *index),
        Task::Generate(plan) => crate::generate::run(plan),
        Task::Render(plan) => crate::render_cmd::run(&config, plan),
        Task::Completions(shell) => {
            let mut out = io::stdout().lock();
            clap_complete::generate(*shell, &mut crate::args::command(), "dance", &mut out);
            finish_writing(out.flush())
        }
        Task::Man => {
            let mut out = io::stdout().lock();
            let r = clap_mangen::Man::new(crate::args::command()).render(&mut out);
            finish_writing(r.and_then(|()| out.flush()))
        }
    }
}

fn finish_writing(r: io::Result<()>) -> i32 {
    match r {
        Ok(()) => EXIT_OK,
        Err(e) if is_broken_pipe(&e) => EXIT_OK,
        Err(e) => {
            eprintln!("dance: writing the output: {e}");
            EXIT_ERROR
        }
    }
}

/// The records of every input in order; an input that cannot be opened is
/// one refused record.
pub struct Inputs {
    paths: std::collections::VecDeque<InputPath>,
    settings: ReadSettings,
    current: Option<Records>,
}

impl Inputs {
    /// The records of these inputs.
    pub fn new(paths: &[InputPath], settings: &ReadSettings) -> Inputs {
        Inputs { paths: paths.iter().cloned().collect(), settings: settings.clone(), current: None }
    }

    /// Whether the next record may wait for input.
    pub fn may_block(&self) -> bool {
        match &self.current {
            Some(r) => r.may_block(),
            None => self.paths.front().is_some_and(|p| *p == InputPath::Stdin),
        }
    }
}

impl Iterator for Inputs {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            if let Some(r) = self.current.as_mut().and_then(|c| c.next()) {
                return Some(r);
            }
            let path = self.paths.pop_front()?;
            match input::open(&path, &self.settings) {
                Ok(records) => self.current = Some(records),
                Err(refusal) => {
                    self.current = None;
                    return Some(Record {
                        source: Source { path: path.name().into(), line: 0 },
                        note: None,
                        notices: Vec::new(),
                        body: Err(refusal),
                    });
                }
            }
        }
    }
}

/// What the writer keeps track of across records.
struct Tally {
    refused: bool,
    unsolved: bool,
    unknown: bool,
    interrupted: bool,
    /// Errors said once, and how many more records they refused.
    once: HashMap<String, u64>,
}

impl Tally {
    fn new() -> Tally {
        Tally { refused: false, unsolved: false, unknown: false, interrupted: false, once: HashMap::new() }
    }

    fn add(&mut self, o: Outcome, watch: &Watch) {
        match o {
            Outcome::Refused => self.refused = true,
            Outcome::NoSolution => self.unsolved = true,
            Outcome::Unknown => self.unknown = true,
            Outcome::Solved => {}
            Outcome::Interrupted => {
                self.interrupted = true;
                return;
            }
        }
        watch.answered.fetch_add(1, Ordering::SeqCst);
    }

    /// Prints notes, an error every record would repeat only once.
    fn say(&mut self, notes: &[Note], progress: &Progress) {
        for n in notes {
            if let Some(key) = &n.once {
                if let Some(more) = self.once.get_mut(key) {
                    *more += 1;
                    continue;
                }
                self.once.insert(key.clone(), 0);
            }
            progress.note(&n.text);
        }
    }

    /// The exit status: refused (2) > unknown (3) > no solution (1, when
    /// `none_fails`) > 0.
    fn status(&self, none_fails: bool) -> i32 {
        if self.refused {
            EXIT_ERROR
        } else if self.unknown {
            EXIT_UNKNOWN
        } else if self.unsolved && none_fails {
            EXIT_NO_SOLUTION
        } else {
            EXIT_OK
        }
    }
}

/// How one thread answers records, one at a time: the record loop runs
/// one per thread (made by the loop's `make`, with the run's probe, which
/// Ctrl-C stops) and writes what each writes in input order.
pub trait Answerer {
    /// Answers `record` (number `index`, from 1), writing its answer to
    /// `out` and what stderr should say to `notes`.
    fn answer(
        &mut self,
        record: &Record,
        index: u64,
        out: &mut dyn Write,
        notes: &mut Vec<Note>,
    ) -> io::Result<Outcome>;
}

/// `solve` and `count`: a search per record.
struct Searcher<'a> {
    plan: &'a Plan,
    engines: Engines,
}

impl Answerer for Searcher<'_> {
    fn answer(
        &mut self,
        record: &Record,
        index: u64,
        out: &mut dyn Write,
        notes: &mut Vec<Note>,
    ) -> io::Result<Outcome> {
        answer(record, index, self.plan, &mut self.engines, out, notes)
    }
}

/// `solve` and `count`: answer every record of every input, in order.
fn answer_all(config: &Config, plan: &Plan) -> i32 {
    // Listing follows one thread's order.
    let jobs = if matches!(plan.mode, Mode::All { .. }) { 1 } else { plan.jobs };
    let none_fails = !matches!(plan.mode, Mode::Count { .. } | Mode::Analyze(_));
    answer_records(config, jobs, none_fails, |probe| Searcher { plan, engines: Engines::with_probe(probe) })
}

/// Answers every record of every input, in order, on `jobs` threads, each
/// with an answerer `make` makes. A record without a solution makes the
/// exit status 1 when `none_fails`.
pub(crate) fn answer_records<A, F>(config: &Config, jobs: usize, none_fails: bool, make: F) -> i32
where
    A: Answerer,
    F: Fn(Arc<Probe>) -> A + Sync,
{
    let watch = Watch::new();
    on_interrupt(watch.clone());
    let progress = Progress::new(config.progress);
    // Under a bar, long counts estimate their size for it.
    watch.probe.set_foresee(progress.active());
    let ticking = AtomicBool::new(true);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut tally = Tally::new();
    let result = std::thread::scope(|scope| {
        if progress.active() {
            let (progress, watch, ticking) = (&progress, &watch, &ticking);
            scope.spawn(move || {
                while ticking.load(Ordering::Relaxed) {
                    progress.tick(&watch.probe);
                    std::thread::sleep(Duration::from_millis(200));
                }
            });
        }
        let result = if jobs <= 1 {
            sequential(config, &mut make(watch.probe.clone()), &watch, &mut out, &mut tally, &progress)
        } else {
            parallel(config, jobs, &make, &watch, &mut out, &mut tally, &progress)
        };
        ticking.store(false, Ordering::Relaxed);
        result
    });
    let result = result.and_then(|()| out.flush());
    progress.finish();
    for (key, more) in &tally.once {
        if *more > 0 {
            eprintln!("dance: {more} more record{} refused: {key}", if *more == 1 { "" } else { "s" });
        }
    }
    if tally.interrupted || watch.stopped() {
        watch.say_interrupted();
        return EXIT_INTERRUPTED;
    }
    match result {
        Ok(()) => tally.status(none_fails),
        Err(e) if is_broken_pipe(&e) => EXIT_OK,
        Err(e) => {
            eprintln!("dance: writing the output: {e}");
            EXIT_ERROR
        }
    }
}

/// The next record, flushing `out` first when reading may wait.
fn next_record(inputs: &mut Inputs, out: &mut dyn Write, watch: &Watch) -> io::Result<Option<Record>> {
    if inputs.may_block() {
        out.flush()?;
        watch.waiting.store(true, Ordering::SeqCst);
    }
    let r = inputs.next();
    watch.waiting.store(false, Ordering::SeqCst);
    Ok(r)
}

fn sequential(
    config: &Config,
    answerer: &mut impl Answerer,
    watch: &Watch,
    out: &mut dyn Write,
    tally: &mut Tally,
    progress: &Progress,
) -> io::Result<()> {
    let mut notes = Vec::new();
    let mut inputs = Inputs::new(&config.inputs, &config.read);
    let mut index = 0;
    while let Some(record) = next_record(&mut inputs, out, watch)? {
        if watch.stopped() {
            break;
        }
        index += 1;
        notes.clear();
        let outcome = answerer.answer(&record, index, out, &mut notes)?;
        tally.say(&notes, progress);
        tally.add(outcome, watch);
        progress.set_position(index);
    }
    Ok(())
}

/// A chunk's output, and each record's notes and outcome.
type Chunk = (Vec<u8>, Vec<(Vec<Note>, Outcome)>);

/// Records a worker takes at a time (fewer when input is slow).
const CHUNK: usize = 256;

/// The inputs, read by whichever worker is free, and the number of the
/// next chunk and of its first record.
struct Reading {
    inputs: Inputs,
    seq: u64,
    index: u64,
    done: bool,
}

/// The next chunk of records for a worker, read under the lock (so that
/// chunks are numbered in input order): its number, the number of its
/// first record, and the records; smaller than [`CHUNK`] when the next
/// read may wait. `None` at the end of the input or once stopped.
fn next_chunk(reading: &Mutex<Reading>, watch: &Watch) -> Option<(u64, u64, Vec<Record>)> {
    let mut r = reading.lock().ok()?;
    if r.done {
        return None;
    }
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        if !chunk.is_empty() && (chunk.len() == CHUNK || r.inputs.may_block()) {
            break;
        }
        if r.inputs.may_block() {
            watch.waiting.store(true, Ordering::SeqCst);
        }
        let next = r.inputs.next();
        watch.waiting.store(false, Ordering::SeqCst);
        let Some(record) = next else {
            r.done = true;
            break;
        };
        if watch.stopped() {
            r.done = true;
            return None;
        }
        chunk.push(record);
    }
    if chunk.is_empty() {
        return None;
    }
    let (seq, index) = (r.seq, r.index);
    r.seq += 1;
    r.index += chunk.len() as u64;
    Some((seq, index, chunk))
}

/// Each worker reads a chunk of records (smaller when input is slow: a
/// chunk ends before any read that may wait), under a lock that numbers
/// the chunks in input order, then answers it; answers come back with
/// their chunk's number and are written in order. Reading in the workers
/// rather than in a thread of its own keeps the parsing off the critical
/// path and saves a hand-over per chunk. The channel is bounded, so memory
/// stays flat however long the input.
fn parallel<A: Answerer>(
    config: &Config,
    jobs: usize,
    make: &(impl Fn(Arc<Probe>) -> A + Sync),
    watch: &Arc<Watch>,
    out: &mut dyn Write,
    tally: &mut Tally,
    progress: &Progress,
) -> io::Result<()> {
    let (done_tx, done_rx) = sync_channel::<(u64, Chunk)>(jobs * 4);
    let reading = Mutex::new(Reading {
        inputs: Inputs::new(&config.inputs, &config.read),
        seq: 0,
        index: 1,
        done: false,
    });
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let probe = watch.probe.clone();
            let reading = &reading;
            scope.spawn(move || {
                let mut answerer = make(probe);
                while let Some((seq, first_index, records)) = next_chunk(reading, watch) {
                    let mut buf = Vec::new();
                    let mut results = Vec::with_capacity(records.len());
                    for (i, r) in records.iter().enumerate() {
                        let mut notes = Vec::new();
                        let o = answerer
                            .answer(r, first_index + i as u64, &mut buf, &mut notes)
                            .expect("writing to memory cannot fail");
                        results.push((notes, o));
                    }
                    if done_tx.send((seq, (buf, results))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        // The writer (this thread).
        let result = write_in_order(&done_rx, out, |_, (buf, results), out| {
            let written = out.write_all(&buf);
            for (notes, o) in results {
                tally.say(&notes, progress);
                tally.add(o, watch);
            }
            progress.set_position(watch.answered.load(Ordering::Relaxed));
            // On an error the caller's scope ends: dropping the receiver
            // makes the workers' sends fail.
            written.map(|()| ControlFlow::Continue(()))
        });
        drop(done_rx);
        result
    })
}

/// The in-order writer of the parallel loops (records here, generated
/// puzzles in `generate`): workers send `(i, item)` in any order; each item
/// goes to `write_one` in the order 0, 1, 2, ..., and `out` is flushed
/// whenever nothing more is ready, so that answers stream. Ends when every
/// sender is gone, at the first error, or when `write_one` breaks.
pub(crate) fn write_in_order<T>(
    rx: &Receiver<(u64, T)>,
    out: &mut dyn Write,
    mut write_one: impl FnMut(u64, T, &mut dyn Write) -> io::Result<ControlFlow<()>>,
) -> io::Result<()> {
    let mut waiting = BTreeMap::new();
    let mut next = 0u64;
    loop {
        let (i, item) = match rx.try_recv() {
            Ok(x) => x,
            Err(TryRecvError::Disconnected) => return Ok(()),
            Err(TryRecvError::Empty) => {
                out.flush()?;
                match rx.recv() {
                    Ok(x) => x,
                    Err(_) => return Ok(()),
                }
            }
        };
        waiting.insert(i, item);
        while let Some(item) = waiting.remove(&next) {
            next += 1;
            if write_one(next - 1, item, out)?.is_break() {
                return Ok(());
            }
        }
    }
}

/// `export`: the exact-cover matrix of record K.
fn export(config: &Config, to: ExportFormat, chosen: Option<u64>) -> i32 {
    let index = chosen.unwrap_or(1);
    let mut seen = 0;
    let mut record = None;
    let say = |r: &Record| {
        if !config.quiet {
            for n in &r.notices {
                let at = if n.line == 0 {
                    r.source.path.to_string()
                } else {
                    format!("{}:{}", r.source.path, n.line)
                };
                eprintln!("{at}: {}", n.text);
            }
        }
    };
    let mut records = Inputs::new(&config.inputs, &config.read);
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
    if chosen.is_none() && record.is_some() && !config.quiet && records.next().is_some() {
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
        return EXIT_ERROR;
    };
    say(&record);
    let source = record.source.clone();
    let body = match record.body {
        Ok(b) => b,
        Err(r) if r.line == 0 => {
            eprintln!("dance: {}: {}", source.path, r.message());
            return EXIT_ERROR;
        }
        Err(r) => {
            eprintln!("{}:{}", source.path, r.located());
            return EXIT_ERROR;
        }
    };
    let text = match &body {
        Body::Puzzle { puzzle, layout } => match reduce::reduce(puzzle, reduce::Encoding::Reduced) {
            Ok(r) => match to {
                ExportFormat::Json => doc::puzzle_json(puzzle, *layout, &r),
                ExportFormat::Dlx => doc::puzzle_dlx(puzzle, &source.to_string(), &r),
            },
            Err(conflict) => {
                eprintln!("{source}: {NO_SOLUTION}: {conflict}; nothing to export");
                return EXIT_NO_SOLUTION;
            }
        },
        Body::Problem { problem, .. } => match to {
            ExportFormat::Json => doc::problem_json(problem),
            ExportFormat::Dlx => {
                if !dlx::text::fits_dlx1(problem) && !config.quiet {
                    eprintln!("dance: note: some names are longer than DLX1's 8 characters");
                }
                doc::problem_dlx(problem)
            }
        },
    };
    let mut out = io::stdout().lock();
    finish_writing(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
}
