//! The record loop every answering command shares (solve, count, analyze,
//! explain, hint, rate): every record of every input, in order, answered
//! on one thread or by workers that answer chunks of records while this
//! thread writes them in input order; notes on stderr through the progress
//! bar, an error every record would repeat said once, Ctrl-C, and the
//! run's [`Status`]. Output is flushed before every read that may wait for
//! input, so that answers come as soon as they are ready, and only then:
//! big batches keep their speed.

use std::collections::HashMap;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dlx::Probe;

use super::inputs::{InputSet, Inputs};
use super::notes::Note;
use super::order::write_in_order;
use super::progress::{on_interrupt, Progress, Watch};
use crate::record::Record;
use crate::status::{self, Status};

/// How one thread answers records, one at a time: the record loop makes
/// one per thread (with the run's probe, which Ctrl-C stops) and writes
/// what each writes in input order.
pub trait Answerer {
    /// Answers `record` (number `index`, from 1), writing its answer to
    /// `out` and what stderr should say to `notes`.
    fn answer(
        &mut self,
        record: &Record,
        index: u64,
        out: &mut dyn Write,
        notes: &mut Vec<Note>,
    ) -> io::Result<Status>;
}

/// How a record loop runs.
#[derive(Clone, Copy, Debug)]
pub struct Loop {
    /// Worker threads (1: this thread answers).
    pub jobs: usize,
    /// Whether a progress bar may show (on a terminal, after a second).
    pub progress: bool,
}

/// What the writer keeps across records: the run's status so far, and the
/// errors said once with how many more records they refused.
struct Ledger {
    status: Status,
    once: HashMap<String, u64>,
}

impl Ledger {
    fn new() -> Ledger {
        Ledger { status: Status::Answered, once: HashMap::new() }
    }

    /// Counts a record's status; an interrupted record was not answered.
    fn add(&mut self, s: Status, watch: &Watch) {
        self.status = self.status.and(s);
        if s != Status::Interrupted {
            watch.answered.fetch_add(1, Ordering::SeqCst);
        }
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

    /// Says how many more records each error said once refused.
    fn say_repeats(&self) {
        for (key, more) in &self.once {
            if *more > 0 {
                eprintln!("dance: {more} more record{} refused: {key}", if *more == 1 { "" } else { "s" });
            }
        }
    }
}

/// Answers every record of `inputs`, in order, on `how.jobs` threads, each
/// with an answerer `make` makes, and returns the run's status.
pub fn answer_records<A, F>(inputs: &InputSet, how: Loop, make: F) -> Status
where
    A: Answerer,
    F: Fn(Arc<Probe>) -> A + Sync,
{
    let watch = Watch::new();
    on_interrupt(watch.clone());
    let progress = Progress::new(how.progress);
    // Under a bar, long counts estimate their size for it.
    watch.probe.set_foresee(progress.active());
    let ticking = AtomicBool::new(true);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut ledger = Ledger::new();
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
        let result = if how.jobs <= 1 {
            sequential(inputs, &mut make(watch.probe.clone()), &watch, &mut out, &mut ledger, &progress)
        } else {
            parallel(inputs, how.jobs, &make, &watch, &mut out, &mut ledger, &progress)
        };
        ticking.store(false, Ordering::Relaxed);
        result
    });
    let result = result.and_then(|()| out.flush());
    progress.finish();
    ledger.say_repeats();
    if ledger.status == Status::Interrupted || watch.stopped() {
        watch.say_interrupted();
        return Status::Interrupted;
    }
    status::after_writing(result, ledger.status)
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
    inputs: &InputSet,
    answerer: &mut impl Answerer,
    watch: &Watch,
    out: &mut dyn Write,
    ledger: &mut Ledger,
    progress: &Progress,
) -> io::Result<()> {
    let mut notes = Vec::new();
    let mut records = inputs.records();
    let mut index = 0;
    while let Some(record) = next_record(&mut records, out, watch)? {
        if watch.stopped() {
            break;
        }
        index += 1;
        notes.clear();
        let status = answerer.answer(&record, index, out, &mut notes)?;
        ledger.say(&notes, progress);
        ledger.add(status, watch);
        progress.set_position(index);
    }
    Ok(())
}

/// A chunk's output, and each record's notes and status.
type Chunk = (Vec<u8>, Vec<(Vec<Note>, Status)>);

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
    inputs: &InputSet,
    jobs: usize,
    make: &(impl Fn(Arc<Probe>) -> A + Sync),
    watch: &Arc<Watch>,
    out: &mut dyn Write,
    ledger: &mut Ledger,
    progress: &Progress,
) -> io::Result<()> {
    let (done_tx, done_rx) = sync_channel::<(u64, Chunk)>(jobs * 4);
    let reading = Mutex::new(Reading { inputs: inputs.records(), seq: 0, index: 1, done: false });
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
                        let s = answerer
                            .answer(r, first_index + i as u64, &mut buf, &mut notes)
                            .expect("writing to memory cannot fail");
                        results.push((notes, s));
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
            for (notes, s) in results {
                ledger.say(&notes, progress);
                ledger.add(s, watch);
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
