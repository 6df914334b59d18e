//! The visitor of a listing: it numbers the solutions a search visits,
//! writes the first few, and stops the search at its cap, at the first
//! write error, when Ctrl-C stops the probe, or when the record's deadline
//! (`--timeout`) has passed.
//!
//! A listing stops between two solutions, so that what was written ends
//! with a whole one. The deadline is looked at here too, after each
//! solution, because a search looks at the clock only every few thousand
//! nodes: a listing then stops at the solution after the deadline, not
//! thousands of nodes later.

use std::io;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use dlx::Probe;

/// Numbers, writes and caps the solutions of one search.
pub struct Lister {
    seen: u64,
    keep: u64,
    cap: u64,
    error: Option<io::Error>,
    probe: Option<Arc<Probe>>,
    interrupted: bool,
    deadline: Option<Instant>,
    out_of_time: bool,
}

/// How a listing ended.
pub struct Listed {
    /// The solutions seen.
    pub seen: u64,
    /// Where the listing was to stop.
    pub cap: u64,
    /// Whether Ctrl-C stopped it.
    pub interrupted: bool,
    /// Whether the deadline did.
    pub out_of_time: bool,
}

impl Lister {
    /// A listing that writes the first `keep` solutions and stops at `cap`.
    pub fn new(keep: u64, cap: u64, probe: Option<Arc<Probe>>, deadline: Option<Instant>) -> Lister {
        Lister { seen: 0, keep, cap, error: None, probe, interrupted: false, deadline, out_of_time: false }
    }

    /// Counts one more solution and writes it (number `k`) with `write`.
    pub fn visit(&mut self, write: impl FnOnce(u64) -> io::Result<()>) -> ControlFlow<()> {
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

    /// How the listing ended, or the write error that ended it.
    pub fn finish(self) -> io::Result<Listed> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(Listed {
                seen: self.seen,
                cap: self.cap,
                interrupted: self.interrupted,
                out_of_time: self.out_of_time,
            }),
        }
    }
}
