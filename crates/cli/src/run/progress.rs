//! What the user sees while a run goes on: a progress bar on stderr, and
//! Ctrl-C.
//!
//! The bar never mixes with answers: it shows only when stderr is a
//! terminal that stdout is not (answers go to a file or a pipe), and only
//! after a second of work; notes for stderr are printed through it.
//!
//! Ctrl-C asks the searches to stop; the run then writes what it answered,
//! says how far it got and exits 130. When the run cannot stop by itself
//! (it is waiting for input), the handler says so and exits 130 after a
//! short grace; what was answered has already been flushed, since output
//! is flushed before every read that may wait. A second Ctrl-C exits at
//! once.

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dlx::Probe;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::status::Status;

/// How long the handler waits for the run to stop by itself.
const GRACE: Duration = Duration::from_millis(300);

/// State shared by the run and the Ctrl-C handler.
pub struct Watch {
    /// The searches' probe: stop flag, solutions and nodes so far.
    pub probe: Arc<Probe>,
    /// Records answered and written.
    pub answered: AtomicU64,
    /// Whether the run is waiting for input.
    pub waiting: AtomicBool,
    /// Held by whoever says the last word (the run or the handler).
    last_word: Mutex<()>,
}

impl Watch {
    pub fn new() -> Arc<Watch> {
        Arc::new(Watch {
            probe: Arc::new(Probe::default()),
            answered: AtomicU64::new(0),
            waiting: AtomicBool::new(false),
            last_word: Mutex::new(()),
        })
    }

    /// Whether Ctrl-C was pressed.
    pub fn stopped(&self) -> bool {
        self.probe.stopped()
    }

    /// How far the run got, for the message after Ctrl-C.
    fn how_far(&self) -> String {
        let n = self.answered.load(Ordering::SeqCst);
        let records = format!("{n} record{}", if n == 1 { "" } else { "s" });
        if self.waiting.load(Ordering::SeqCst) {
            format!("dance: interrupted after {records}, while waiting for input")
        } else {
            let nodes = match self.probe.nodes() {
                0 => String::new(),
                n => format!(" in {n} nodes"),
            };
            format!(
                "dance: interrupted after {records}; the search under way had found {} solutions{nodes}",
                self.probe.solutions()
            )
        }
    }

    /// Says how far the run got; the caller then exits 130. Holding the
    /// last word keeps the handler from saying it too.
    pub fn say_interrupted(&self) {
        let guard = self.last_word.lock().unwrap_or_else(|e| e.into_inner());
        eprintln!("{}", self.how_far());
        std::mem::forget(guard);
    }
}

/// Clears the terminal line the progress bar may be drawn on (the run did
/// not get to clear it: the handler exits while it waits or writes), so
/// that the message after Ctrl-C starts a clean line.
fn clear_bar_line() {
    let mut err = io::stderr();
    if err.is_terminal() {
        let _ = err.write_all(b"\r\x1b[2K");
    }
}

/// A duration for people: `45s`, `12m 5s`, `3h 20m`, `2d 4h`.
fn human(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {}s", s / 60, s % 60),
        3600..86400 => format!("{}h {}m", s / 3600, s % 3600 / 60),
        _ => format!("{}d {}h", s / 86400, s % 86400 / 3600),
    }
}

/// Installs the Ctrl-C handler.
pub fn on_interrupt(watch: Arc<Watch>) {
    let _ = ctrlc::set_handler(move || {
        if watch.probe.stopped() {
            std::process::exit(Status::Interrupted.code().into());
        }
        watch.probe.stop();
        std::thread::sleep(GRACE);
        // Still running: waiting for input, or a write that blocks.
        let guard = watch.last_word.lock().unwrap_or_else(|e| e.into_inner());
        clear_bar_line();
        eprintln!("{}", watch.how_far());
        drop(guard);
        std::process::exit(Status::Interrupted.code().into());
    });
}

/// Whether stdout and stderr are the same terminal.
#[cfg(unix)]
fn same_terminal() -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let meta = |fd: std::os::fd::BorrowedFd<'_>| {
        let f = std::fs::File::from(fd.try_clone_to_owned().ok()?);
        let m = f.metadata().ok()?;
        Some((m.dev(), m.ino(), m.rdev()))
    };
    let (out, err) = (io::stdout(), io::stderr());
    match (meta(out.as_fd()), meta(err.as_fd())) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    }
}

#[cfg(not(unix))]
fn same_terminal() -> bool {
    true
}

/// The progress bar, hidden until a second of work has passed.
pub struct Progress {
    bar: Option<ProgressBar>,
    start: Instant,
    shown: AtomicBool,
    /// Since when the search under way has had an estimate of its size.
    foreseen_since: Mutex<Option<Instant>>,
}

impl Progress {
    /// A bar when `enabled` and stderr is a terminal that stdout is not.
    pub fn new(enabled: bool) -> Progress {
        let possible =
            enabled && io::stderr().is_terminal() && !(io::stdout().is_terminal() && same_terminal());
        let bar = possible.then(|| {
            // `wide_msg` takes what is left of the terminal's width and cuts
            // the message there: the bar never wraps (80 columns included).
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            bar.set_style(
                ProgressStyle::with_template(
                    "{spinner} {elapsed_precise} {human_pos} records ({per_sec}) {wide_msg}",
                )
                .expect("a valid template"),
            );
            bar
        });
        Progress {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(false),
            foreseen_since: Mutex::new(None),
        }
    }

    /// Whether there is a bar to tick.
    pub fn active(&self) -> bool {
        self.bar.is_some()
    }

    /// Called every fraction of a second: shows the bar after a second,
    /// with the searches' solutions so far.
    pub fn tick(&self, probe: &Probe) {
        let Some(bar) = &self.bar else { return };
        if !self.shown.load(Ordering::Relaxed) && self.start.elapsed() >= Duration::from_secs(1) {
            self.shown.store(true, Ordering::Relaxed);
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        let mut message = format!("{} solutions in the search under way", probe.solutions());
        // A long count that estimated its size (see `Probe::set_foresee`):
        // the fraction done, and the time left at the pace so far.
        let mut since = self.foreseen_since.lock().unwrap_or_else(|e| e.into_inner());
        match probe.fraction_done() {
            Some(f) => {
                let t = since.get_or_insert_with(Instant::now).elapsed().as_secs_f64();
                message += &format!(", ~{:.0}% done", 100.0 * f);
                if (0.01..1.0).contains(&f) && t >= 1.0 {
                    message += &format!(", ~{} left", human(t * (1.0 - f) / f));
                }
            }
            None => *since = None,
        }
        bar.set_message(message);
        bar.tick();
    }

    /// Records answered so far.
    pub fn set_position(&self, n: u64) {
        if let Some(b) = &self.bar {
            b.set_position(n);
        }
    }

    /// Prints a line on stderr without tearing the bar.
    pub fn note(&self, line: &str) {
        match &self.bar {
            Some(b) => b.suspend(|| eprintln!("{line}")),
            None => {
                let _ = writeln!(io::stderr().lock(), "{line}");
            }
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn durations_read_as_people_say_them() {
        let cases =
            [(0.4, "0s"), (45.0, "45s"), (725.0, "12m 5s"), (12_000.0, "3h 20m"), (187_200.0, "2d 4h")];
        for (t, s) in cases {
            assert_eq!(super::human(t), s);
        }
    }
}
