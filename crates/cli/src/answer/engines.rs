//! The searches of one thread, kept from record to record: a grid solver
//! per puzzle shape (made once, reused by every puzzle of that shape), and
//! the probe every search reports to and Ctrl-C stops.

use std::sync::Arc;

use dlx::{Probe, Problem, Solver};
use reduce::{GridSolver, Shape};

use crate::run::PerShape;

/// One thread's searches.
#[derive(Default)]
pub struct Engines {
    grids: PerShape<GridSolver>,
    probe: Option<Arc<Probe>>,
}

impl Engines {
    /// Engines whose searches report to, and can be stopped by, `probe`.
    pub fn with_probe(probe: Arc<Probe>) -> Engines {
        Engines { grids: PerShape::default(), probe: Some(probe) }
    }

    /// The probe the searches report to.
    pub fn probe(&self) -> Option<&Arc<Probe>> {
        self.probe.as_ref()
    }

    /// The grid solver for puzzles of `shape`.
    pub fn grid(&mut self, shape: &Shape) -> &mut GridSolver {
        let probe = &self.probe;
        self.grids.get(shape, |s| {
            let mut g = GridSolver::new(s);
            g.set_probe(probe.clone());
            g
        })
    }

    /// A solver for `problem`.
    pub fn solver(&self, problem: &Problem) -> Solver {
        let mut s = Solver::new(problem);
        s.set_probe(self.probe.clone());
        s
    }
}
