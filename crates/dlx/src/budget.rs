//! How much a search may do, how far it got, and how it ended: the one
//! budget and progress mechanism every search of the workspace uses (this
//! crate's [`Solver`](crate::Solver) and the grid searches of `reduce`).
//!
//! - A [`Budget`] bounds a search: at most so many nodes, and no later than
//!   a deadline. Either may be absent.
//! - A [`Probe`] is a window on a search under way, shared with other
//!   threads: the solutions and nodes so far, an estimate of the total
//!   nodes (for a fraction done), and a stop button (Ctrl-C).
//! - A [`Meter`] is what a search carries to obey both: it counts nodes
//!   and, every [`CHECK_EVERY`] nodes (never at every node), reports to the
//!   probe and looks at the stop button, the node budget and the clock.
//! - Every search ends with an [`Outcome`]: its [`End`] (complete, stopped
//!   at the solution limit, out of nodes, out of time, interrupted), the
//!   solutions found and the nodes visited. A count cut short is
//!   *unknown*: [`Outcome::solutions`] is then `None`, so that no caller can
//!   take the solutions found so far for a total.
//!
//! A search that splits over threads shares one tally among its threads'
//! meters, so that the node budget, the probe and the outcome cover every
//! thread (see [`crate::parallel`]).

#![warn(missing_docs)]

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many nodes a search visits between two looks at its budget and
/// probe. Reading the clock and a shared flag costs tens of nanoseconds;
/// 4,096 nodes take tens of microseconds or more, so the look is free and
/// a stop or a deadline is noticed within a millisecond or so.
pub const CHECK_EVERY: u32 = 4096;

/// What a search may spend: nodes, and time until a deadline. The default
/// is unlimited.
///
/// ```
/// use std::time::Duration;
/// use dlx::Budget;
/// let b = Budget::nodes(1_000_000).with_time(Duration::from_secs(10));
/// assert_eq!(b.max_nodes, Some(1_000_000));
/// assert!(b.deadline.is_some());
/// assert!(Budget::default().is_unlimited());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// The most nodes the search may visit: it stops at the first node
    /// beyond. (A search that counts a solution as a node, as DLX1 does,
    /// looks at its budget when it enters a level, so it may overrun by the
    /// solutions found since it last entered one.)
    pub max_nodes: Option<u64>,
    /// The moment the search must stop by. It is looked at every
    /// [`CHECK_EVERY`] nodes, so the search stops soon after it.
    pub deadline: Option<Instant>,
}

impl Budget {
    /// No limit at all.
    pub const UNLIMITED: Budget = Budget { max_nodes: None, deadline: None };

    /// At most `max` nodes.
    pub fn nodes(max: u64) -> Budget {
        Budget { max_nodes: Some(max), deadline: None }
    }

    /// Until `time` from now.
    pub fn time(time: Duration) -> Budget {
        Budget::UNLIMITED.with_time(time)
    }

    /// This budget, with at most `max` nodes.
    pub fn with_nodes(self, max: u64) -> Budget {
        Budget { max_nodes: Some(max), ..self }
    }

    /// This budget, with the deadline `deadline`.
    pub fn with_deadline(self, deadline: Instant) -> Budget {
        Budget { deadline: Some(deadline), ..self }
    }

    /// This budget, with a deadline `time` from now (no deadline if that
    /// is too far to represent).
    pub fn with_time(self, time: Duration) -> Budget {
        Budget { deadline: Instant::now().checked_add(time), ..self }
    }

    /// Whether neither nodes nor time are bounded.
    pub fn is_unlimited(&self) -> bool {
        self.max_nodes.is_none() && self.deadline.is_none()
    }

    /// The nodes left after `spent` of them (none past the limit); the
    /// deadline stays.
    pub fn less(self, spent: u64) -> Budget {
        Budget { max_nodes: self.max_nodes.map(|m| m.saturating_sub(spent)), ..self }
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The whole tree was searched: the solutions found are all of them.
    Complete,
    /// The search stopped because it had what it was asked for: the
    /// solution limit of a count, or a visitor that said stop. The
    /// solutions found are an answer to the question asked ("at least
    /// `limit`").
    Limit,
    /// The node budget ran out: the answer is unknown.
    OutOfNodes,
    /// The deadline passed: the answer is unknown.
    OutOfTime,
    /// The probe was told to stop (Ctrl-C): the answer is unknown.
    Interrupted,
}

impl End {
    /// Whether the search answered what it was asked ([`End::Complete`] or
    /// [`End::Limit`]).
    pub fn is_known(self) -> bool {
        matches!(self, End::Complete | End::Limit)
    }

    /// Whether the search was cut short: a budget ran out or it was
    /// interrupted.
    pub fn is_unknown(self) -> bool {
        !self.is_known()
    }

    /// Whether a budget ran out (nodes or time).
    pub fn is_out_of_budget(self) -> bool {
        matches!(self, End::OutOfNodes | End::OutOfTime)
    }

    fn code(self) -> u8 {
        self as u8
    }

    fn from_code(code: u8) -> End {
        match code {
            0 => End::Complete,
            1 => End::Limit,
            2 => End::OutOfNodes,
            3 => End::OutOfTime,
            _ => End::Interrupted,
        }
    }
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            End::Complete => "complete",
            End::Limit => "stopped at the limit",
            End::OutOfNodes => "out of nodes",
            End::OutOfTime => "out of time",
            End::Interrupted => "interrupted",
        })
    }
}

/// What a search found and how it ended.
///
/// The solutions found are an answer only when the search was not cut
/// short: [`Outcome::solutions`] gives them then, and `None` otherwise;
/// [`Outcome::so_far`] gives them always, as a lower bound.
///
/// ```
/// use dlx::{text, Budget, End, Solver};
/// let p = text::parse("a b c\na\nb\nc\na b\nb c\n").unwrap().problem;
/// let mut solver = Solver::new(&p);
/// let all = solver.count(None);
/// assert_eq!((all.end(), all.solutions()), (End::Complete, Some(3)));
/// solver.set_budget(Budget::nodes(1));
/// let cut = solver.count(None);
/// assert_eq!((cut.end(), cut.solutions()), (End::OutOfNodes, None));
/// assert!(cut.so_far() < 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub struct Outcome {
    end: End,
    /// Wide for the memo engine's counts (see [`Outcome::wide`]).
    solutions: u128,
    nodes: u64,
}

impl Outcome {
    /// An outcome: how the search ended, the solutions it found and the
    /// nodes it visited.
    pub fn new(end: End, solutions: u64, nodes: u64) -> Outcome {
        Outcome { end, solutions: solutions as u128, nodes }
    }

    /// An outcome whose count may pass `u64` (the memo engine's).
    pub fn wide(end: End, solutions: u128, nodes: u64) -> Outcome {
        Outcome { end, solutions, nodes }
    }

    /// How the search ended.
    pub fn end(&self) -> End {
        self.end
    }

    /// The solutions found, when they answer what was asked: every
    /// solution ([`End::Complete`]) or the limit asked for ([`End::Limit`]);
    /// `None` when the search was cut short, or when the count does not
    /// fit a `u64` (then see [`Outcome::solutions_wide`]).
    pub fn solutions(&self) -> Option<u64> {
        self.solutions_wide().and_then(|s| u64::try_from(s).ok())
    }

    /// The solutions found, as [`Outcome::solutions`], in `u128`: counts by
    /// memo may pass `u64`.
    pub fn solutions_wide(&self) -> Option<u128> {
        self.end.is_known().then_some(self.solutions)
    }

    /// The solutions found before the search ended, whatever the end: a
    /// lower bound on the count when the search was cut short (shown as
    /// "1523+", never as a total). Held at `u64::MAX` past it (still a
    /// lower bound; see [`Outcome::so_far_wide`]).
    pub fn so_far(&self) -> u64 {
        u64::try_from(self.solutions).unwrap_or(u64::MAX)
    }

    /// The solutions found before the search ended, in `u128`.
    pub fn so_far_wide(&self) -> u128 {
        self.solutions
    }

    /// The nodes the search visited (in the search's own notion of a node:
    /// DLX1's for [`crate::Solver`]).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the search was cut short (see [`End::is_unknown`]).
    pub fn is_unknown(&self) -> bool {
        self.end.is_unknown()
    }
}

/// A window on a search under way, shared with other threads: the
/// solutions and nodes so far (refreshed every [`CHECK_EVERY`] nodes), an
/// estimate of the total nodes if someone gave one, and a stop button
/// (for Ctrl-C).
///
/// A search split over threads reports the sum over its threads. Searches
/// that run one after another (a batch of puzzles) each report their own
/// figures, from 0.
#[derive(Debug, Default)]
pub struct Probe {
    solutions: AtomicU64,
    nodes: AtomicU64,
    /// An estimate of the search's total nodes, 0 for none.
    expected: AtomicU64,
    /// An estimate of the search's total solutions, 0 for none.
    expected_solutions: AtomicU64,
    /// Whether long counts should estimate their size for the watcher.
    foresee: AtomicBool,
    stop: AtomicBool,
}

impl Probe {
    /// The solutions found so far by the search it watches.
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    /// The nodes so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Records the progress of a search: its solutions and nodes so far.
    /// [`Meter`] calls it; a search with a loop of its own may too.
    pub fn report(&self, solutions: u64, nodes: u64) {
        self.solutions.store(solutions, Ordering::Relaxed);
        self.nodes.store(nodes, Ordering::Relaxed);
    }

    /// Gives the probe an estimate of the total nodes of the search it
    /// watches (for instance [`crate::Estimate::nodes`] from a random-probe
    /// estimate, in the same notion of a node as the search), so that
    /// [`Probe::fraction_done`] can say how far the search is; `None`
    /// forgets it.
    pub fn expect_nodes(&self, total: Option<u64>) {
        self.expected.store(total.map_or(0, |n| n.max(1)), Ordering::Relaxed);
    }

    /// The estimate given to [`Probe::expect_nodes`], if any.
    pub fn expected_nodes(&self) -> Option<u64> {
        match self.expected.load(Ordering::Relaxed) {
            0 => None,
            n => Some(n),
        }
    }

    /// Gives the probe an estimate of the total solutions of the search it
    /// watches, for a search whose nodes are not those an estimate counts
    /// (the bit searches of `reduce`): [`Probe::fraction_done`] then goes
    /// by solutions when no node estimate is given. `None` forgets it.
    pub fn expect_solutions(&self, total: Option<u64>) {
        self.expected_solutions.store(total.map_or(0, |n| n.max(1)), Ordering::Relaxed);
    }

    /// The estimate given to [`Probe::expect_solutions`], if any.
    pub fn expected_solutions(&self) -> Option<u64> {
        match self.expected_solutions.load(Ordering::Relaxed) {
            0 => None,
            n => Some(n),
        }
    }

    /// The estimated fraction of the search done, from 0 to 1: the nodes
    /// so far over the expected total (or, given only an estimate of the
    /// solutions, the solutions so far over theirs), capped at 1 for an
    /// estimate too low. `None` without an estimate. With the time elapsed
    /// `t`, the time left is about `t * (1 - f) / f`.
    pub fn fraction_done(&self) -> Option<f64> {
        let f = match (self.expected_nodes(), self.expected_solutions()) {
            (Some(total), _) => self.nodes() as f64 / total as f64,
            (None, Some(total)) => self.solutions() as f64 / total as f64,
            (None, None) => return None,
        };
        Some(f.min(1.0))
    }

    /// Forgets both estimates.
    pub fn forget_expectations(&self) {
        self.expect_nodes(None);
        self.expect_solutions(None);
    }

    /// Asks the counts this probe watches to foresee their size when they
    /// turn out long: once a count's first try on one thread
    /// ([`crate::parallel::SPLIT_AFTER`] nodes) is not enough, it runs a
    /// quick random-probe estimate ([`crate::parallel::FORESIGHT_PROBES`]
    /// probes, at most [`crate::parallel::FORESIGHT_TIME`]) and, if its
    /// interval is narrow, gives it to [`Probe::expect_nodes`] (or
    /// [`Probe::expect_solutions`]) before counting on. A progress bar asks
    /// this; short counts pay nothing.
    pub fn set_foresee(&self, foresee: bool) {
        self.foresee.store(foresee, Ordering::Relaxed);
    }

    /// Whether [`Probe::set_foresee`] asked for estimates.
    pub fn foresees(&self) -> bool {
        self.foresee.load(Ordering::Relaxed)
    }

    /// Asks every search watched by this probe to stop soon.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The tally of one search split over threads: every thread's meter adds
/// its nodes and solutions here, and the first to stop the search (out of
/// budget, interrupted) says why, so that the others stop too.
#[derive(Debug)]
pub(crate) struct SharedTally {
    solutions: AtomicU64,
    nodes: AtomicU64,
    stop: AtomicBool,
    end: AtomicU8,
}

impl SharedTally {
    pub(crate) fn new() -> SharedTally {
        SharedTally {
            solutions: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            end: AtomicU8::new(End::Complete.code()),
        }
    }

    /// The nodes every thread has reported so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Why the search stopped, if a thread stopped it.
    pub(crate) fn stopped(&self) -> Option<End> {
        self.stop.load(Ordering::Relaxed).then(|| End::from_code(self.end.load(Ordering::Relaxed)))
    }

    /// Stops every thread, for `why` (the first reason given stays).
    pub(crate) fn stop(&self, why: End) {
        if !self.stop.swap(true, Ordering::Relaxed) {
            self.end.store(why.code(), Ordering::Relaxed);
        }
    }

    fn add(&self, solutions: u64, nodes: u64) -> (u64, u64) {
        (
            self.solutions.fetch_add(solutions, Ordering::Relaxed) + solutions,
            self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes,
        )
    }
}

/// What a search carries to obey its [`Budget`] and report to its
/// [`Probe`]: it counts nodes and, every [`CHECK_EVERY`] of them (or
/// sooner, to stop exactly at a node budget), looks at both. The same
/// meter serves search after search; each starts with [`Meter::start`].
///
/// Two ways to drive it, for two kinds of loop:
///
/// - [`Meter::node`] at every node: the meter keeps the count (the grid
///   searches of `reduce` do this);
/// - a loop that keeps its own node count in a register (the dancing-links
///   loop) counts down the interval [`Meter::start`] returns and calls
///   [`Meter::check`] when it reaches 0.
///
/// ```
/// use dlx::{Budget, End, Meter};
/// let mut meter = Meter::new();
/// meter.set_budget(Budget::nodes(10_000));
/// meter.start();
/// let mut nodes = 0;
/// while !meter.node(0) {
///     nodes += 1;
/// }
/// assert_eq!((nodes, meter.end()), (10_000, End::OutOfNodes));
/// ```
#[derive(Clone, Debug)]
pub struct Meter {
    budget: Budget,
    probe: Option<Arc<Probe>>,
    tally: Option<Arc<SharedTally>>,
    /// Nodes of the search under way, for [`Meter::node`].
    nodes: u64,
    /// Nodes left until the next look, for [`Meter::node`].
    tick: u32,
    /// The solutions and nodes already added to the tally.
    tallied: (u64, u64),
    /// Why the meter stopped the search (`Complete` while it has not).
    end: End,
}

impl Default for Meter {
    fn default() -> Meter {
        Meter::new()
    }
}

impl Meter {
    /// A meter with no budget and no probe.
    pub fn new() -> Meter {
        Meter {
            budget: Budget::UNLIMITED,
            probe: None,
            tally: None,
            nodes: 0,
            tick: CHECK_EVERY,
            tallied: (0, 0),
            end: End::Complete,
        }
    }

    /// Bounds the searches to come.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The budget of the searches to come.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Reports the searches to come to `probe`, which can also stop them.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.probe = probe;
    }

    /// The probe, if any.
    pub fn probe(&self) -> Option<&Arc<Probe>> {
        self.probe.as_ref()
    }

    /// Makes this meter one of several threads' of one search.
    pub(crate) fn set_tally(&mut self, tally: Option<Arc<SharedTally>>) {
        self.tally = tally;
    }

    /// Starts a search from no nodes. Returns the nodes to visit before the
    /// first call of [`Meter::check`].
    pub fn start(&mut self) -> u32 {
        self.nodes = 0;
        self.tallied = (0, 0);
        self.end = End::Complete;
        self.tick = self.interval(0);
        self.tick
    }

    /// Keeps the countdown of a search that returns at a solution: the
    /// nodes it had left before its next [`Meter::check`], for
    /// [`Meter::resume`].
    pub fn pause(&mut self, tick: u32) {
        self.tick = tick;
    }

    /// The nodes a search resumed after a solution (having visited
    /// `nodes`) may visit before its next [`Meter::check`]: what it had
    /// left at [`Meter::pause`], so that a listing whose solutions come
    /// closer together than [`CHECK_EVERY`] nodes still looks at the clock
    /// and the probe. Always at least 1.
    pub fn resume(&self, nodes: u64) -> u32 {
        self.tick.clamp(1, self.interval(nodes))
    }

    /// The nodes a search that has visited `nodes` may visit before its
    /// next [`Meter::check`]: [`CHECK_EVERY`], or fewer to stop at the
    /// node budget exactly. Always at least 1.
    pub fn interval(&self, nodes: u64) -> u32 {
        let spent = match &self.tally {
            Some(t) => t.nodes() + (nodes - self.tallied.1),
            None => nodes,
        };
        match self.budget.max_nodes {
            Some(max) if max.saturating_sub(spent) < CHECK_EVERY as u64 => {
                (max.saturating_sub(spent) + 1).min(CHECK_EVERY as u64) as u32
            }
            _ => CHECK_EVERY,
        }
    }

    /// Counts one node of a search that has found `solutions` so far.
    /// Returns true when the search must stop; [`Meter::end`] says why.
    #[inline(always)]
    pub fn node(&mut self, solutions: u64) -> bool {
        self.nodes += 1;
        self.tick -= 1;
        if self.tick != 0 {
            return false;
        }
        match self.check(solutions, self.nodes) {
            Some(next) => {
                self.tick = next;
                false
            }
            None => {
                // Any later node looks again, and stops again.
                self.tick = 1;
                true
            }
        }
    }

    /// Counts one node down `tick`, the countdown a loop that keeps its
    /// own node count keeps in a register (see [`Meter::start`]), and looks
    /// at the budget and probe when it reaches 0 ([`Meter::check`], with
    /// the loop's `solutions` and `nodes`): false when the search must
    /// stop.
    #[inline(always)]
    pub(crate) fn count_down(&mut self, tick: &mut u32, solutions: u64, nodes: u64) -> bool {
        *tick -= 1;
        if *tick == 0 {
            match self.check(solutions, nodes) {
                Some(next) => *tick = next,
                None => return false,
            }
        }
        true
    }

    /// The nodes counted by [`Meter::node`] since [`Meter::start`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Looks at the probe, the budget and the clock for a search that has
    /// found `solutions` and visited `nodes`. Returns the nodes to visit
    /// before the next look, or `None` when the search must stop
    /// ([`Meter::end`] then says why).
    #[cold]
    #[inline(never)]
    pub fn check(&mut self, solutions: u64, nodes: u64) -> Option<u32> {
        let (solutions, spent) = match &self.tally {
            Some(t) => {
                let (s, n) = (solutions - self.tallied.0, nodes - self.tallied.1);
                self.tallied = (solutions, nodes);
                t.add(s, n)
            }
            None => (solutions, nodes),
        };
        if let Some(p) = &self.probe {
            p.report(solutions, spent);
            if p.stopped() {
                return self.stop(End::Interrupted);
            }
        }
        if let Some(why) = self.tally.as_ref().and_then(|t| t.stopped()) {
            return self.stop(why);
        }
        if self.budget.max_nodes.is_some_and(|max| spent > max) {
            return self.stop(End::OutOfNodes);
        }
        if self.budget.deadline.is_some_and(|d| Instant::now() >= d) {
            return self.stop(End::OutOfTime);
        }
        Some(self.interval(nodes))
    }

    fn stop(&mut self, why: End) -> Option<u32> {
        self.end = why;
        if let Some(t) = &self.tally {
            t.stop(why);
        }
        None
    }

    /// Why the meter stopped the last search ([`End::Complete`] if it did
    /// not).
    pub fn end(&self) -> End {
        self.end
    }

    /// Closes a search that found `solutions` in `nodes` nodes and ended
    /// `otherwise` unless the meter stopped it: adds what is left to the
    /// threads' tally, reports the final figures to the probe, and returns
    /// the outcome.
    pub fn finish(&mut self, solutions: u64, nodes: u64, otherwise: End) -> Outcome {
        let (all_solutions, all_nodes) = match &self.tally {
            Some(t) => {
                let sums = t.add(solutions - self.tallied.0, nodes - self.tallied.1);
                self.tallied = (solutions, nodes);
                sums
            }
            None => (solutions, nodes),
        };
        if let Some(p) = &self.probe {
            p.report(all_solutions, all_nodes);
        }
        let end = if self.end == End::Complete { otherwise } else { self.end };
        Outcome::new(end, solutions, nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_budget_stops_at_the_node_beyond() {
        for max in [0, 1, 5, 4095, 4096, 4097, 10_000, 100_000] {
            let mut m = Meter::new();
            m.set_budget(Budget::nodes(max));
            m.start();
            let mut visited = 0u64;
            while !m.node(0) {
                visited += 1;
            }
            assert_eq!(visited, max, "budget {max}");
            assert_eq!(m.end(), End::OutOfNodes);
            assert_eq!(m.finish(0, m.nodes(), End::Complete).end(), End::OutOfNodes);
        }
    }

    #[test]
    fn a_deadline_in_the_past_stops_at_the_first_look() {
        let mut m = Meter::new();
        m.set_budget(Budget::UNLIMITED.with_deadline(Instant::now()));
        m.start();
        let mut visited = 0;
        while !m.node(0) {
            visited += 1;
        }
        assert_eq!(visited, CHECK_EVERY - 1);
        assert_eq!(m.end(), End::OutOfTime);
    }

    #[test]
    fn a_probe_sees_progress_and_stops_the_search() {
        let probe = Arc::new(Probe::default());
        let mut m = Meter::new();
        m.set_probe(Some(probe.clone()));
        m.start();
        for _ in 0..3 * CHECK_EVERY {
            assert!(!m.node(7));
        }
        assert_eq!((probe.solutions(), probe.nodes()), (7, 3 * CHECK_EVERY as u64));
        assert_eq!(probe.fraction_done(), None);
        probe.expect_nodes(Some(6 * CHECK_EVERY as u64));
        assert_eq!(probe.fraction_done(), Some(0.5));
        probe.stop();
        let mut more = 0;
        while !m.node(7) {
            more += 1;
        }
        assert_eq!(more, CHECK_EVERY - 1);
        let o = m.finish(7, m.nodes(), End::Complete);
        assert_eq!((o.end(), o.solutions(), o.so_far()), (End::Interrupted, None, 7));
        // A new search starts afresh, but the stop button stays pressed.
        m.set_probe(None);
        m.start();
        assert_eq!(m.finish(1, 1, End::Limit).solutions(), Some(1));
    }

    #[test]
    fn threads_share_one_budget() {
        let tally = Arc::new(SharedTally::new());
        let mut a = Meter::new();
        a.set_budget(Budget::nodes(10_000));
        a.set_tally(Some(tally.clone()));
        let mut b = a.clone();
        a.start();
        b.start();
        let mut visited = 0;
        // Taking turns, a look at a time: together they stop at the budget.
        'turns: loop {
            for m in [&mut a, &mut b] {
                let next = m.interval(m.nodes());
                for _ in 0..next {
                    if m.node(0) {
                        break 'turns;
                    }
                    visited += 1;
                }
            }
        }
        assert!((10_000..10_000 + CHECK_EVERY as u64).contains(&visited), "{visited}");
        assert_eq!(tally.stopped(), Some(End::OutOfNodes));
        // The other meter stops at its next look.
        for m in [&mut a, &mut b] {
            while !m.node(0) {}
            assert_eq!(m.end(), End::OutOfNodes);
        }
    }

    #[test]
    fn outcomes_hide_cut_counts() {
        assert_eq!(Outcome::new(End::Complete, 5, 9).solutions(), Some(5));
        assert_eq!(Outcome::new(End::Limit, 2, 9).solutions(), Some(2));
        for end in [End::OutOfNodes, End::OutOfTime, End::Interrupted] {
            let o = Outcome::new(end, 5, 9);
            assert_eq!((o.solutions(), o.so_far(), o.is_unknown()), (None, 5, true));
        }
        for code in 0..5 {
            assert_eq!(End::from_code(code).code(), code);
        }
    }
}
