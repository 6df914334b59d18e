//! The check a search makes as it enters each node: at the first node and
//! then every [`PROBE_EVERY`] nodes it reports its progress to its
//! [`Probe`], and stops if the probe asks it to or if it has gone past its
//! node budget. One call a node,
//! [`Watch::node`], so that a search loop has one place where it can be
//! stopped.

use crate::solver::Probe;

/// How often, in nodes, a search looks at its probe and budget.
pub(crate) const PROBE_EVERY: u32 = 4096;

/// Why a search stopped before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    /// The probe asked it to stop.
    Stopped,
    /// It visited more nodes than its budget allowed.
    OverBudget,
}

/// The per-node check of one search.
#[derive(Debug)]
pub(crate) struct Watch<'a> {
    probe: Option<&'a Probe>,
    budget: u64,
    tick: u32,
}

impl<'a> Watch<'a> {
    /// A check that reports to `probe` (if any) and allows `budget` nodes.
    /// The first look is at the first node, so that a search split into
    /// many small ones (subtrees) still sees a stop between them.
    pub fn new(probe: Option<&'a Probe>, budget: u64) -> Watch<'a> {
        Watch { probe, budget, tick: 1 }
    }

    /// Called as the search enters its `nodes`-th node, with `solutions`
    /// found so far: `Some` when it must stop there.
    #[inline(always)]
    pub fn node(&mut self, nodes: u64, solutions: u64) -> Option<Halt> {
        self.tick -= 1;
        if self.tick != 0 {
            return None;
        }
        self.look(nodes, solutions)
    }

    #[cold]
    #[inline(never)]
    fn look(&mut self, nodes: u64, solutions: u64) -> Option<Halt> {
        self.tick = PROBE_EVERY;
        if let Some(p) = self.probe {
            p.report(solutions, nodes);
            if p.stopped() {
                return Some(Halt::Stopped);
            }
        }
        (nodes > self.budget).then_some(Halt::OverBudget)
    }
}
