//! The `k` cheapest solutions of a problem whose options have costs: the
//! board on which the searches for them keep the best found so far (shared
//! by the threads of one search, its cutoff read at every node without a
//! lock), and the answer they give ([`Best`], a list of [`Costed`]
//! solutions). Both engines that search for the cheapest (DLX5's, and
//! Algorithm M with costs) offer their solutions here; the facade
//! [`Cheapest`](crate::Cheapest) and [`crate::parallel::best`] report it.

use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use crate::budget::{End, Outcome};

/// One of the cheapest solutions: its options and what they cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Costed {
    /// The sum of the costs of its options.
    pub cost: u64,
    /// The options, forced ones first, then level by level.
    pub options: Vec<usize>,
}

/// A solution kept: ordered by cost, then by when it was
/// found, so that the heap's top is the one to drop first.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Kept {
    cost: u64,
    seq: u64,
    options: Vec<usize>,
}

/// The `k` cheapest solutions found so far, shared by the threads of a
/// search: the cutoff can be read at every node without a lock.
#[derive(Debug)]
pub(crate) struct CheapestSoFar {
    k: usize,
    /// The cost to beat: the largest kept, once `k` are kept; else
    /// `u64::MAX`.
    cutoff: AtomicU64,
    kept: Mutex<(BinaryHeap<Kept>, u64)>,
}

impl CheapestSoFar {
    /// A board for the `k` cheapest (`k >= 1`).
    pub fn new(k: usize) -> CheapestSoFar {
        CheapestSoFar { k, cutoff: AtomicU64::new(u64::MAX), kept: Mutex::new((BinaryHeap::new(), 0)) }
    }

    /// The cost a solution must stay under to be kept.
    #[inline(always)]
    pub fn cutoff(&self) -> u64 {
        self.cutoff.load(Ordering::Relaxed)
    }

    /// Offers a solution of cost `cost`; `options` makes it if it is kept.
    pub fn offer(&self, cost: u64, options: impl FnOnce() -> Vec<usize>) {
        if cost >= self.cutoff() {
            return;
        }
        let mut guard = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let (heap, seq) = &mut *guard;
        if heap.len() == self.k && heap.peek().is_some_and(|top| cost >= top.cost) {
            return;
        }
        *seq += 1;
        heap.push(Kept { cost, seq: *seq, options: options() });
        if heap.len() > self.k {
            heap.pop();
        }
        if heap.len() == self.k {
            let top = heap.peek().expect("k >= 1 kept").cost;
            self.cutoff.store(top, Ordering::Relaxed);
        }
    }

    /// The kept solutions, cheapest first (ties in the order found), with
    /// `tax` added to each cost.
    pub fn into_sorted(self, tax: u64) -> Vec<Costed> {
        let (heap, _) = self.kept.into_inner().unwrap_or_else(|e| e.into_inner());
        heap.into_sorted_vec()
            .into_iter()
            .map(|s| Costed { cost: s.cost + tax, options: s.options })
            .collect()
    }
}

/// The cheapest solutions a search found, and how it ended: the answer of
/// [`Cheapest::best`](crate::Cheapest::best) and [`crate::parallel::best`].
///
/// The list is the `k` cheapest only when the search was not cut short:
/// [`Best::cheapest`] gives it then, and `None` otherwise, so that no
/// caller can take the best found before a budget ran out for the `k`
/// cheapest; [`Best::so_far`] gives those always.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct Best {
    end: End,
    found: Vec<Costed>,
    nodes: u64,
}

impl Best {
    /// The answer of a search that ended `end`, having found `found` (in
    /// increasing order of cost) and visited `nodes` nodes.
    pub(crate) fn new(end: End, found: Vec<Costed>, nodes: u64) -> Best {
        Best { end, found, nodes }
    }

    /// How the search ended: [`End::Complete`], or cut short (a budget ran
    /// out, or it was interrupted).
    pub fn end(&self) -> End {
        self.end
    }

    /// The `k` cheapest solutions (all of them, if there are fewer), in
    /// increasing order of cost, ties in the order found; `None` when the
    /// search was cut short.
    pub fn cheapest(&self) -> Option<&[Costed]> {
        self.end.is_known().then_some(&self.found[..])
    }

    /// As [`Best::cheapest`], by value.
    pub fn into_cheapest(self) -> Option<Vec<Costed>> {
        self.end.is_known().then_some(self.found)
    }

    /// The cheapest solutions found before the search ended, whatever the
    /// end: when it was cut short, the cheapest of those it met, which
    /// need not be the cheapest there are.
    pub fn so_far(&self) -> &[Costed] {
        &self.found
    }

    /// The nodes the search visited (every thread's).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the search was cut short (see [`End::is_unknown`]).
    pub fn is_unknown(&self) -> bool {
        self.end.is_unknown()
    }

    /// The outcome: how the search ended, the solutions listed and the
    /// nodes visited.
    pub fn outcome(&self) -> Outcome {
        Outcome::new(self.end, self.found.len() as u64, self.nodes)
    }
}
