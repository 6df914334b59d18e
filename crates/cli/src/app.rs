//! The program: configuration, the record loop (one thread, or workers that
//! answer batches while the main thread writes in input order), progress,
//! and exit codes.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dlx::parallel::Shard;
use dlx::Probe;

use clap::Parser;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::answer::{answer, Engines, Outcome, Plan};
use crate::args::{Cli, Command, Common, ExportFormat, Mode};
use crate::input::{self, Body, LineReader, Record, Records, RegionsSetting, Settings};
use crate::output::is_broken_pipe;
use crate::schema;

/// Exit status: every record answered with a solution.
pub const EXIT_OK: i32 = 0;
/// Exit status: at least one 无解.
pub const EXIT_NO_SOLUTION: i32 = 1;
/// Exit status: a usage error or a refused record.
pub const EXIT_ERROR: i32 = 2;
/// Exit status: stopped by Ctrl-C (128 + SIGINT).
pub const EXIT_INTERRUPTED: i32 = 130;

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
    match cli.command {
        Command::Solve(a) => {
            let mode = if a.all {
                Mode::All { limit: a.limit }
            } else if a.unique {
                Mode::Unique
            } else {
                Mode::First
            };
            if a.limit.is_some() && !a.all {
                eprintln!("dance: --limit goes with --all (or with count)");
                return EXIT_ERROR;
            }
            batch(&a.common, mode, None)
        }
        Command::Count(a) => batch(&a.common, Mode::Count { limit: a.limit }, a.shard),
        Command::Export(a) => export(&a.common, a.to, a.index),
    }
}

fn settings(common: &Common) -> Result<Settings, String> {
    let regions = match (&common.boxes, &common.regions) {
        (Some(_), Some(_)) => return Err("--box and --regions cannot be used together".into()),
        (Some(b), None) => Some(input::parse_box(b)?),
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(RegionsSetting::Map(
                input::parse_region_file(&text).map_err(|e| format!("{}:1: {e}", path.display()))?,
            ))
        }
        (None, None) => None,
    };
    Ok(Settings { format: Some(common.format), regions, symbols: common.symbols.clone() })
}

/// The inputs in order: `-` (or none at all) is standard input.
fn inputs(common: &Common) -> Vec<PathBuf> {
    if common.inputs.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        common.inputs.clone()
    }
}

/// Opens one input as records, or says why it cannot be read.
fn open(path: &Path, settings: &Arc<Settings>) -> Result<Records, String> {
    let (reader, name): (Box<dyn io::BufRead>, String) = if path == Path::new("-") {
        (Box::new(BufReader::with_capacity(1 << 16, io::stdin())), "<stdin>".into())
    } else {
        let f = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        if f.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(format!("{}: is a directory", path.display()));
        }
        (Box::new(BufReader::with_capacity(1 << 16, f)), path.display().to_string())
    };
    Ok(Records::new(LineReader::new(reader), &name, settings.clone()))
}

fn progress(common: &Common) -> Option<ProgressBar> {
    if common.quiet || common.no_progress || !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed_precise} {human_pos} records ({per_sec}) {msg}")
            .expect("a valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}

/// What the writer keeps track of across records.
struct Tally {
    refused: bool,
    unsolved: bool,
    interrupted: bool,
    records: u64,
}

impl Tally {
    fn add(&mut self, o: Outcome) {
        match o {
            Outcome::Refused => self.refused = true,
            Outcome::NoSolution => self.unsolved = true,
            Outcome::Solved => {}
            Outcome::Interrupted => {
                self.interrupted = true;
                return;
            }
        }
        self.records += 1;
    }

    fn status(&self, mode: Mode) -> i32 {
        if self.refused {
            EXIT_ERROR
        } else if self.unsolved && !matches!(mode, Mode::Count { .. }) {
            EXIT_NO_SOLUTION
        } else {
            EXIT_OK
        }
    }
}

fn print_notes(notes: &[String], bar: &Option<ProgressBar>) {
    let mut err = io::stderr().lock();
    for n in notes {
        match bar {
            Some(b) => b.suspend(|| eprintln!("{n}")),
            None => {
                let _ = writeln!(err, "{n}");
            }
        }
    }
}

/// Ctrl-C asks the searches to stop (the run then says how far it got and
/// exits 130); a second Ctrl-C exits at once.
fn on_interrupt(probe: Arc<Probe>) {
    let _ = ctrlc::set_handler(move || {
        if probe.stopped() {
            std::process::exit(EXIT_INTERRUPTED);
        }
        probe.stop();
    });
}

/// `solve` and `count`: answer every record of every input, in order.
fn batch(common: &Common, mode: Mode, shard: Option<Shard>) -> i32 {
    let settings = match settings(common) {
        Ok(s) => Arc::new(s),
        Err(e) => {
            eprintln!("dance: {e}");
            return EXIT_ERROR;
        }
    };
    let jobs = match common.jobs {
        Some(j) => j as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    // Listing in parallel gives up DLX1's order, so it is asked for, not
    // the default.
    let list_jobs = match (mode, common.jobs) {
        (Mode::All { .. }, Some(j)) if j > 1 && !common.stats => j as usize,
        _ => 1,
    };
    let plan = Plan {
        mode,
        output: common.output,
        stats: common.stats,
        quiet: common.quiet,
        jobs,
        shard,
        list_jobs,
    };
    let probe = Arc::new(Probe::default());
    on_interrupt(probe.clone());
    let bar = progress(common);
    let ticking = AtomicBool::new(true);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut tally = Tally { refused: false, unsolved: false, interrupted: false, records: 0 };
    let result = std::thread::scope(|scope| {
        if let Some(bar) = &bar {
            // Long searches show their solutions so far.
            let (bar, probe, ticking) = (bar.clone(), probe.clone(), &ticking);
            scope.spawn(move || {
                while ticking.load(Ordering::Relaxed) {
                    bar.set_message(format!("{} solutions in the search under way", probe.solutions()));
                    std::thread::sleep(Duration::from_millis(200));
                }
            });
        }
        let result = if jobs <= 1 || matches!(mode, Mode::All { .. }) {
            sequential(common, &settings, &plan, &probe, &mut out, &mut tally, &bar)
        } else {
            parallel(common, &settings, &plan, &probe, &mut out, &mut tally, &bar)
        };
        ticking.store(false, Ordering::Relaxed);
        result
    });
    let result = result.and_then(|()| out.flush());
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if tally.interrupted || probe.stopped() {
        eprintln!(
            "dance: interrupted after {} record{}; the search under way had found {} solutions in {} nodes",
            tally.records,
            if tally.records == 1 { "" } else { "s" },
            probe.solutions(),
            probe.nodes()
        );
        return EXIT_INTERRUPTED;
    }
    match result {
        Ok(()) => tally.status(mode),
        Err(e) if is_broken_pipe(&e) => EXIT_OK,
        Err(e) => {
            eprintln!("dance: writing the output: {e}");
            EXIT_ERROR
        }
    }
}

/// Every input's records, in order, with unreadable inputs as refusals.
fn all_records<'a>(common: &'a Common, settings: &'a Arc<Settings>) -> impl Iterator<Item = Record> + 'a {
    inputs(common).into_iter().flat_map(move |path| -> Box<dyn Iterator<Item = Record>> {
        match open(&path, settings) {
            Ok(records) => Box::new(WithIoError { records, reported: false }),
            Err(e) => Box::new(std::iter::once(Record {
                source: input::Source { path: path.display().to_string().into(), line: 0 },
                body: Err(input::InputError { line: 0, column: None, message: e }),
            })),
        }
    })
}

/// Records, then an I/O error that cut the input short, if any.
struct WithIoError {
    records: Records,
    reported: bool,
}

impl Iterator for WithIoError {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        if let Some(r) = self.records.next() {
            return Some(r);
        }
        if self.reported {
            return None;
        }
        self.reported = true;
        let e = self.records.io_error()?;
        Some(Record {
            source: input::Source { path: self.records.path().into(), line: 0 },
            body: Err(input::InputError { line: 0, column: None, message: format!("reading stopped: {e}") }),
        })
    }
}

fn sequential(
    common: &Common,
    settings: &Arc<Settings>,
    plan: &Plan,
    probe: &Arc<Probe>,
    out: &mut dyn Write,
    tally: &mut Tally,
    bar: &Option<ProgressBar>,
) -> io::Result<()> {
    let mut engines = Engines::with_probe(probe.clone());
    let mut notes = Vec::new();
    for record in all_records(common, settings) {
        if probe.stopped() {
            break;
        }
        notes.clear();
        let outcome = answer(&record, tally.records + 1, plan, &mut engines, out, &mut notes)?;
        print_notes(&notes, bar);
        tally.add(outcome);
        if let Some(b) = bar {
            b.inc(1);
        }
    }
    Ok(())
}

/// Records go to workers in chunks; answers come back with their chunk's
/// number and are written in order. Channels are bounded, so memory stays
/// flat however long the input.
fn parallel(
    common: &Common,
    settings: &Arc<Settings>,
    plan: &Plan,
    probe: &Arc<Probe>,
    out: &mut dyn Write,
    tally: &mut Tally,
    bar: &Option<ProgressBar>,
) -> io::Result<()> {
    // Records are answered on `jobs` threads; a problem's count also splits
    // its own tree over `jobs` threads (problems come one to a file).
    let jobs = plan.jobs;
    const CHUNK: usize = 256;
    /// A chunk's output, and each record's notes and outcome.
    type Chunk = (Vec<u8>, Vec<(Vec<String>, Outcome)>);
    type Answered = (u64, Vec<u8>, Vec<(Vec<String>, Outcome)>);
    let (work_tx, work_rx) = sync_channel::<(u64, u64, Vec<Record>)>(jobs * 2);
    let (done_tx, done_rx) = sync_channel::<Answered>(jobs * 4);
    let work_rx = Arc::new(Mutex::new(work_rx));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let work_rx: Arc<Mutex<Receiver<_>>> = work_rx.clone();
            let done_tx = done_tx.clone();
            let probe = probe.clone();
            scope.spawn(move || {
                let mut engines = Engines::with_probe(probe);
                loop {
                    let job = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, first_index, records))) = job else { break };
                    let mut buf = Vec::new();
                    let mut results = Vec::with_capacity(records.len());
                    for (i, r) in records.iter().enumerate() {
                        let mut notes = Vec::new();
                        let o = answer(r, first_index + i as u64, plan, &mut engines, &mut buf, &mut notes)
                            .expect("writing to memory cannot fail");
                        results.push((notes, o));
                    }
                    if done_tx.send((seq, buf, results)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        // The reader: chunks of records to the workers.
        let reader = scope.spawn(move || {
            let mut seq = 0;
            let mut index = 1;
            let mut chunk = Vec::with_capacity(CHUNK);
            for r in all_records(common, settings) {
                if probe.stopped() {
                    return;
                }
                chunk.push(r);
                if chunk.len() == CHUNK {
                    let n = chunk.len() as u64;
                    if work_tx
                        .send((seq, index, std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK))))
                        .is_err()
                    {
                        return;
                    }
                    seq += 1;
                    index += n;
                }
            }
            if !chunk.is_empty() {
                let _ = work_tx.send((seq, index, chunk));
            }
        });
        // The writer (this thread): in order.
        let mut next = 0u64;
        let mut waiting: BTreeMap<u64, Chunk> = BTreeMap::new();
        let mut result = Ok(());
        for (seq, buf, results) in done_rx.iter() {
            waiting.insert(seq, (buf, results));
            while let Some((buf, results)) = waiting.remove(&next) {
                next += 1;
                if result.is_ok() {
                    result = out.write_all(&buf);
                    for (notes, o) in results {
                        print_notes(&notes, bar);
                        tally.add(o);
                    }
                    if let Some(b) = bar {
                        b.set_position(tally.records);
                    }
                }
            }
            if result.is_err() {
                // Stop the reader and the workers: dropping the receiver
                // makes their sends fail.
                break;
            }
        }
        drop(done_rx);
        let _ = reader.join();
        result
    })
}

/// `export`: the exact-cover matrix of record K.
fn export(common: &Common, to: ExportFormat, index: u64) -> i32 {
    let settings = match settings(common) {
        Ok(s) => Arc::new(s),
        Err(e) => {
            eprintln!("dance: {e}");
            return EXIT_ERROR;
        }
    };
    if common.inputs.len() > 1 {
        eprintln!("dance: export reads one input");
        return EXIT_ERROR;
    }
    let mut seen = 0;
    let mut record = None;
    for r in all_records(common, &settings) {
        seen += 1;
        if seen == index {
            record = Some(r);
            break;
        }
    }
    let Some(record) = record else {
        eprintln!(
            "dance: the input has {seen} record{}; there is no record {index}",
            if seen == 1 { "" } else { "s" }
        );
        return EXIT_ERROR;
    };
    let source = record.source.clone();
    let body = match record.body {
        Ok(b) => b,
        Err(e) => {
            let col = e.column.map_or(String::new(), |c| format!("{c}:"));
            eprintln!("{}:{}:{col} {}", source.path, e.line, e.message);
            return EXIT_ERROR;
        }
    };
    let text = match &body {
        Body::Puzzle { puzzle, layout } => match reduce::reduce(puzzle, reduce::Encoding::Reduced) {
            Ok(r) => match to {
                ExportFormat::Json => schema::write_puzzle(puzzle, *layout, &r) + "\n",
                ExportFormat::Dlx => {
                    let n = puzzle.n();
                    let mut s = format!(
                        "| dance export: the {n}x{n} puzzle at {source}, Knuth's reduced encoding\n| givens: {}\n",
                        puzzle.render(puzzle.givens()).trim_end().replace('\n', "/")
                    );
                    s += &dlx::text::to_string(&r.problem);
                    s
                }
            },
            Err(conflict) => {
                eprintln!("{source}: {}: {conflict}; nothing to export", crate::output::NO_SOLUTION);
                return EXIT_NO_SOLUTION;
            }
        },
        Body::Problem { problem, .. } => match to {
            ExportFormat::Json => schema::write_problem(problem) + "\n",
            ExportFormat::Dlx => {
                if !dlx::text::fits_dlx1(problem) && !common.quiet {
                    eprintln!("dance: note: some names are longer than DLX1's 8 characters");
                }
                dlx::text::to_string(problem)
            }
        },
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => EXIT_OK,
        Err(e) if is_broken_pipe(&e) => EXIT_OK,
        Err(e) => {
            eprintln!("dance: writing the output: {e}");
            EXIT_ERROR
        }
    }
}
