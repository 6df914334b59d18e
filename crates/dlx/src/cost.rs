//! The cheapest solutions of a problem whose options have costs (Knuth's
//! DLX5): [`Cheapest::best`] finds the `k` solutions of least cost, in
//! increasing order of cost, ties in the order they were found.
//!
//! How the search is cut, and why the answer is still exact: see
//! [`Cheapest`].

use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::arena::{fits, Arena, Index, Links};
use crate::best::{Best, CheapestSoFar};
use crate::budget::{Budget, End, Meter, Probe, Tally};
use crate::layout::{classes, lay_out_sorted, MAX_CLASSES, NO_CLASS};
use crate::multiplicity::Multiplicity;
use crate::problem::Problem;
use crate::split;
use crate::stats::Stats;

/// DLX5 counts at most this many options of an item when choosing.
const LENTHRESH: u32 = 10;

/// One level of the search.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The node chosen.
    choice: u32,
    /// The net cost of the choices above.
    partcost: u64,
    /// The threshold the level's item was covered below.
    thresh0: u64,
    /// The threshold the choice's other items were covered below.
    thresh: u64,
    /// A lower bound on the cost of the items left besides the choice's:
    /// the sum over the other items of the branching item's class.
    rest: u64,
}

/// The DLX5-like search over one arena, for problems without bounds.
#[derive(Clone, Debug)]
pub(crate) struct CostEngine<I: Index> {
    arena: Arena<I>,
    colors: bool,
    primary: u32,
    /// The original index of the option of each node (`u32::MAX` for
    /// headers and spacers); options are laid out sorted by net cost.
    option_of: Vec<u32>,
    /// The net cost of the option of each node, `u64::MAX` for headers
    /// and spacers.
    cost: Vec<u64>,
    /// The first node of each option, by original index.
    first: Vec<u32>,
    /// The sum of the taxes.
    tax: u64,
    /// The class of each primary item, by item number from 1.
    class: Vec<u8>,
    classes: usize,
    levels: Vec<Level>,
    /// The node of each forced option by which it was forced.
    forced: Vec<u32>,
    /// The net cost of the forced options.
    forced_cost: u64,
    stats: Stats,
    faithful: bool,
    /// The budget and probe of every search.
    meter: Meter,
    /// How the last search ended.
    end: End,
}

impl<I: Index> CostEngine<I> {
    /// Taxes, sorts and lays out `problem`.
    pub fn new(problem: &Problem) -> CostEngine<I> {
        debug_assert!(!problem.has_bounds());
        let n1 = problem.primary_count();
        let m = problem.option_count();
        // The taxes, item by item.
        let mut net: Vec<u64> = (0..m).map(|k| problem.cost(k)).collect();
        let mut holding: Vec<Vec<usize>> = vec![Vec::new(); n1];
        for (k, option) in problem.options().enumerate() {
            for e in option.iter().filter(|e| (e.item as usize) < n1) {
                holding[e.item as usize].push(k);
            }
        }
        let mut tax = 0;
        for options in &holding {
            let Some(least) = options.iter().map(|&k| net[k]).min() else { continue };
            tax += least;
            for &k in options {
                net[k] -= least;
            }
        }
        let (arena, first, option_of, cost) = lay_out_sorted(problem, &net);
        let (class, classes) = classes(problem);
        CostEngine {
            arena,
            colors: problem.has_colors(),
            primary: n1 as u32,
            option_of,
            cost,
            first,
            tax,
            class,
            classes,
            levels: vec![Level::default(); n1 + 1],
            forced: Vec::new(),
            forced_cost: 0,
            stats: Stats::default(),
            faithful: false,
            meter: Meter::new(),
            end: End::Complete,
        }
    }

    /// The sum of the taxes: add it to a net cost.
    pub fn tax(&self) -> u64 {
        self.tax
    }

    /// Whether to walk DLX5's tree and count its statistics.
    pub fn set_faithful(&mut self, faithful: bool) {
        self.faithful = faithful;
    }

    /// Watches searches through `probe`.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.meter.set_probe(probe);
    }

    /// The probe, if any.
    pub fn probe(&self) -> Option<&Arc<Probe>> {
        self.meter.probe()
    }

    /// Bounds every search to come.
    pub fn set_budget(&mut self, budget: Budget) {
        self.meter.set_budget(budget);
    }

    /// The budget of the searches to come.
    pub fn budget(&self) -> Budget {
        self.meter.budget()
    }

    /// Makes the searches to come one thread's part of a search split over
    /// threads.
    pub(crate) fn set_tally(&mut self, tally: Option<Arc<Tally>>) {
        self.meter.set_tally(tally);
    }

    /// The statistics of the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Replaces the statistics (with the sum over subtrees).
    pub fn set_stats(&mut self, stats: Stats) {
        self.stats = stats;
    }

    /// Chooses `option` (an original index) before the search; `false`,
    /// changing nothing, if it clashes with the options forced so far.
    fn force(&mut self, option: usize) -> bool {
        let first = self.first[option];
        if !self.arena.is_available(first) {
            return false;
        }
        let mut x = first;
        while self.arena.top(x) > self.primary {
            x += 1;
        }
        let item = self.arena.top(x);
        let mut a = self.arena.links::<true>(0);
        if self.colors {
            a.cover::<true>(item);
            a.commit::<true>(x);
        } else {
            a.cover::<false>(item);
            a.commit::<false>(x);
        }
        self.forced.push(x);
        self.forced_cost += self.cost[x as usize];
        true
    }

    /// Undoes the forced options beyond the first `len`.
    fn unforce_to(&mut self, len: usize) {
        while self.forced.len() > len {
            let x = self.forced.pop().expect("longer than len");
            self.forced_cost -= self.cost[x as usize];
            let item = self.arena.top(x);
            let mut a = self.arena.links::<true>(0);
            if self.colors {
                a.uncommit::<true>(x);
                a.uncover::<true>(item);
            } else {
                a.uncommit::<false>(x);
                a.uncover::<false>(item);
            }
        }
    }

    /// The options (original indices) of DLX1's branching item below the
    /// forced options, or `None` when they cover every primary item.
    fn branch(&mut self) -> Option<Vec<usize>> {
        let a = self.arena.links::<true>(0);
        if a.first_primary() == 0 {
            return None;
        }
        let item = a.choose(false);
        let mut options = Vec::new();
        let mut x = self.arena.down(item);
        while x != item {
            options.push(self.option_of[x as usize] as usize);
            x = self.arena.down(x);
        }
        Some(options)
    }

    /// Splits the search into at least `at_least` subtrees when there are
    /// that many, each given by forced options chosen as DLX1 chooses (so
    /// that the split does not depend on costs), cheapest prefix first.
    pub fn subtrees(&mut self, at_least: usize) -> Vec<Vec<usize>> {
        let base = self.forced.len();
        let mut frontier = split::cut(at_least, |prefix| {
            let forced_all = prefix.iter().all(|&o| self.force(o));
            let kids = if forced_all { self.branch() } else { Some(Vec::new()) };
            self.unforce_to(base);
            kids
        });
        let prefix_cost = |p: &Vec<usize>| p.iter().map(|&o| self.cost[self.first[o] as usize]).sum::<u64>();
        frontier.sort_by_cached_key(prefix_cost);
        frontier
    }

    /// Searches below the forced options, offering every solution that
    /// fits under the cutoff to `board`, and says how it ended.
    pub fn search_best(&mut self, board: &CheapestSoFar) -> End {
        match (self.colors, self.faithful) {
            (true, true) => self.run::<true, false>(board),
            (true, false) => self.run::<true, true>(board),
            (false, true) => self.run::<false, false>(board),
            (false, false) => self.run::<false, true>(board),
        }
        self.end
    }

    /// Searches one subtree of [`CostEngine::subtrees`], and says how it
    /// ended.
    pub fn search_best_subtree(&mut self, prefix: &[usize], board: &CheapestSoFar) -> End {
        let base = self.forced.len();
        if prefix.iter().all(|&o| self.force(o)) && self.forced_cost < board.cutoff() {
            self.search_best(board);
        } else {
            self.stats = Stats::default();
            self.end = End::Complete;
        }
        self.unforce_to(base);
        self.end
    }

    /// The search loop (DLX5's steps, with an explicit stack).
    fn run<const COLORS: bool, const FAST: bool>(&mut self, board: &CheapestSoFar) {
        let mut tick = self.meter.start();
        let a = &mut self.arena.links::<FAST>(0);
        let cost = &self.cost[..];
        let below = a.cost_view(cost);
        let class = &self.class[..];
        let levels = &mut self.levels[..];
        let (option_of, forced) = (&self.option_of[..], &self.forced[..]);
        let classes = self.classes;
        let mut acc = [0u64; MAX_CLASSES];
        let mut nodes = 0u64;
        let mut solutions = 0u64;
        let mut curcost = self.forced_cost;
        let mut level = 0;
        let mut back = false;
        if a.first_primary() == 0 {
            // The forced options are a solution.
            board.offer(curcost, || forced.iter().map(|&x| option_of[x as usize] as usize).collect());
            self.stats = Stats { solutions: 1, nodes: 1, updates: 0 };
            self.end = self.meter.finish(1, 1, End::Complete).end();
            return;
        }
        'search: loop {
            if !back {
                // Enter a level: choose an item and cover it.
                nodes += 1;
                tick -= 1;
                if tick == 0 {
                    match self.meter.check(solutions, nodes) {
                        Some(next) => tick = next,
                        None => {
                            // Undo every level, then stop.
                            while level > 0 {
                                level -= 1;
                                let l = levels[level];
                                a.uncommit_below::<COLORS>(l.choice, l.thresh, below);
                                a.uncover_below::<COLORS>(a.top(l.choice), l.thresh0, below);
                            }
                            break 'search;
                        }
                    }
                }
                let cutoff = board.cutoff();
                let pick = if FAST {
                    choose_bounded(a, cost, class, &mut acc[..classes], curcost, cutoff)
                } else {
                    choose_dlx5(a, cost, curcost, cutoff).map(|item| (item, 0))
                };
                match pick {
                    None => back = true,
                    Some((item, rest)) => {
                        let x = a.down(item);
                        let next = curcost + cost[x as usize];
                        let thresh0 = cutoff - next;
                        a.cover_below::<COLORS>(item, thresh0, below);
                        levels[level] = Level { choice: x, partcost: curcost, thresh0, thresh: 0, rest };
                    }
                }
            }
            loop {
                if back {
                    // Back up: undo the level's choice and move to the next
                    // option, or uncover its item if none is left that fits.
                    if level == 0 {
                        break 'search;
                    }
                    level -= 1;
                    let l = levels[level];
                    a.uncommit_below::<COLORS>(l.choice, l.thresh, below);
                    let item = a.top(l.choice);
                    let x = a.down(l.choice);
                    let c = cost[x as usize];
                    if x == item || l.partcost + c + l.rest >= board.cutoff() {
                        a.uncover_below::<COLORS>(item, l.thresh0, below);
                        continue;
                    }
                    levels[level].choice = x;
                    back = false;
                }
                // Try the level's choice: cover the other items of its option.
                let l = &mut levels[level];
                let next = l.partcost + cost[l.choice as usize];
                l.thresh = board.cutoff().saturating_sub(next);
                a.commit_below::<COLORS>(l.choice, l.thresh, below);
                level += 1;
                if a.first_primary() == 0 {
                    nodes += 1;
                    solutions += 1;
                    board.offer(next, || {
                        let forced = forced.iter().map(|&x| option_of[x as usize] as usize);
                        let chosen = levels[..level].iter().map(|l| option_of[l.choice as usize] as usize);
                        forced.chain(chosen).collect()
                    });
                    back = true;
                    continue;
                }
                curcost = next;
                continue 'search;
            }
        }
        self.stats = Stats { solutions, nodes, updates: a.updates };
        self.end = self.meter.finish(solutions, nodes, End::Complete).end();
    }
}

/// DLX5's choice at a node whose choices so far cost `curcost`: the item
/// with the fewest options that cost less than `cutoff - curcost`
/// (counting at most [`LENTHRESH`], then taking the list's length), ties
/// to the one whose cheapest option costs most, then the leftmost. `None`
/// when an item has no such option.
#[inline(always)]
fn choose_dlx5<I: Index, const F: bool>(
    a: &Links<'_, I, F>,
    cost: &[u64],
    curcost: u64,
    cutoff: u64,
) -> Option<u32> {
    let limit = cutoff.saturating_sub(curcost);
    let mut best = 0;
    let mut fewest = u32::MAX;
    let mut dearest = 0;
    let mut k = a.next(0);
    while k != 0 {
        let mut p = a.down(k);
        let least = cost[p as usize];
        if least >= limit {
            return None;
        }
        let mut s = 1;
        p = a.down(p);
        let more = loop {
            if cost[p as usize] >= limit {
                break false;
            }
            if s == fewest {
                break true;
            }
            if s >= LENTHRESH {
                s = a.len(k) as u32;
                break false;
            }
            p = a.down(p);
            s += 1;
        };
        if !more && (s < fewest || (s == fewest && least > dearest)) {
            best = k;
            fewest = s;
            dearest = least;
        }
        k = a.next(k);
    }
    Some(best)
}

/// The choice with the class bound (see the module documentation): `None`
/// when the node cannot lead under the cutoff, else the item and the bound
/// on the rest of its class. `acc` holds a sum per class.
#[inline(always)]
fn choose_bounded<I: Index, const F: bool>(
    a: &Links<'_, I, F>,
    cost: &[u64],
    class: &[u8],
    acc: &mut [u64],
    curcost: u64,
    cutoff: u64,
) -> Option<(u32, u64)> {
    let limit = cutoff.saturating_sub(curcost);
    acc.fill(0);
    let mut k = a.next(0);
    while k != 0 {
        let least = cost[a.down(k) as usize];
        if least >= limit {
            return None;
        }
        let c = class[k as usize];
        if c != NO_CLASS {
            acc[c as usize] += least;
        }
        k = a.next(k);
    }
    if acc.iter().any(|&s| s >= limit) {
        return None;
    }
    let mut best = 0;
    let mut best_rest = 0;
    let mut fewest = u32::MAX;
    let mut dearest = 0;
    let mut k = a.next(0);
    while k != 0 {
        let mut p = a.down(k);
        let least = cost[p as usize];
        let c = class[k as usize];
        let rest = if c == NO_CLASS { 0 } else { acc[c as usize] - least };
        let fits = limit - rest;
        let mut s = 1;
        p = a.down(p);
        let more = loop {
            if cost[p as usize] >= fits {
                break false;
            }
            if s == fewest {
                break true;
            }
            p = a.down(p);
            s += 1;
        };
        if !more && (s < fewest || (s == fewest && least > dearest)) {
            best = k;
            best_rest = rest;
            fewest = s;
            dearest = least;
        }
        k = a.next(k);
    }
    Some((best, best_rest))
}

/// The search for the cheapest solutions, picked by what the problem has.
#[derive(Clone, Debug)]
enum Inner {
    Small(CostEngine<u16>),
    Large(CostEngine<u32>),
    /// A problem with bounds: Algorithm M with the cutoff.
    SmallM(Box<Multiplicity<u16>>),
    LargeM(Box<Multiplicity<u32>>),
}

macro_rules! each {
    ($self:expr, $e:ident => $body:expr) => {
        match $self {
            Inner::Small($e) => $body,
            Inner::Large($e) => $body,
            Inner::SmallM($e) => $body,
            Inner::LargeM($e) => $body,
        }
    };
}

/// A problem laid out to find its cheapest solutions.
///
/// How the search is cut. The `k` best costs found so far are kept;
/// once there are `k` of them, the largest is the *cutoff*, and
/// a partial solution whose cost plus a lower bound on the cost of
/// completing it reaches the cutoff is abandoned (a solution costing as
/// much as the `k`-th best could not improve the list).
///
/// - *Taxes.* As DLX5 does, each primary item is taxed the least cost of
///   its options, which is taken off each of them (item by item, so that
///   no cost goes below 0). Every solution covers each primary item once,
///   so it pays every tax once: the search works on these *net* costs and
///   adds the taxes back at the end. An item's cheapest option then costs
///   0 net, and an expensive option shows what it costs beyond the least
///   its items must pay anyway.
/// - *Sorted lists.* Each item's list is sorted by net cost (the options
///   are laid out in that order), so the options worth trying at a level
///   are a prefix of its list, and covering an item hides only the options
///   below a threshold: those above can never fit under the cutoff deeper
///   down.
/// - *The lower bound.* The primary items are split, once, into a few
///   *classes* of items no option holds two of (greedily, in the order
///   they are declared: for N queens, the rows and the columns). A
///   completion covers each active item of a class with a different
///   option, so it costs at least the sum, over the class, of the cheapest
///   option left in each item's list (the top of the sorted list). The
///   bound at a node is the largest of these sums. Choosing option `x` for
///   item `i` of class `c` leaves at least `cost(x)` plus the sum over
///   `c`'s other items, so the options of `i`'s list are tried only while
///   that stays under the cutoff. DLX5 itself only checks each item's
///   cheapest option alone (a class of one).
/// - *The choice.* The item with the fewest options that fit under the
///   cutoff, ties to the one whose cheapest option costs most (DLX5's rule,
///   with the bound above deciding what fits).
///
/// [`Cheapest::set_faithful`] walks DLX5's own tree instead (its choice,
/// counting at most ten options an item, and its cutoffs alone), with its
/// statistics.
///
/// A problem with bounds as well as costs (which no program of Knuth's
/// takes) is searched by Algorithm M (see [`crate::Solver`]) with the same
/// cutoff and a bound of the same kind: an item that must still be covered
/// `r` more times costs at least its `r` cheapest options, summed over a
/// class; and each option whose cost alone reaches the cutoff is passed
/// over. No taxes there: an item may be covered more than once, so a tax
/// would not shift every solution's cost alike.
///
/// ```
/// use dlx::{text, Budget, Cheapest, End};
/// // Knuth's DLX5 example: the exact covers of A B C, by cost.
/// let src = "A B C | X\nA B |3\nC |1\nA |2\nB C X:1 |2\nB |5\nA C |1\nB X |0\n";
/// let problem = text::parse(src).unwrap().problem;
/// let mut cheapest = Cheapest::new(&problem);
/// let best = cheapest.best(5);
/// let list = best.cheapest().expect("the search was not cut short");
/// let costs: Vec<u64> = list.iter().map(|s| s.cost).collect();
/// assert_eq!(costs, [1, 3, 4, 4, 6]);
/// assert_eq!(problem.solution_cost(&list[0].options), 1);
/// // A budget too small leaves the list unknown: no k cheapest to show.
/// // (DLX5's own search here: the fast one splits this small tree into
/// // pieces of a node or two, and a piece runs before a look at the budget.)
/// cheapest.set_faithful(true);
/// cheapest.set_budget(Budget::nodes(1));
/// let cut = cheapest.best(5);
/// assert_eq!((cut.end(), cut.cheapest()), (End::OutOfNodes, None));
/// ```
#[derive(Clone, Debug)]
pub struct Cheapest {
    inner: Inner,
    faithful: bool,
    /// How the last search ended.
    end: End,
}

impl Cheapest {
    /// Lays out `problem`: with 16-bit links when it is small enough, and
    /// with Algorithm M when it has bounds.
    pub fn new(problem: &Problem) -> Cheapest {
        let inner = match (problem.has_bounds(), fits::<u16>(problem)) {
            (false, true) => Inner::Small(CostEngine::new(problem)),
            (false, false) => Inner::Large(CostEngine::new(problem)),
            (true, true) => Inner::SmallM(Box::new(Multiplicity::with_costs(problem))),
            (true, false) => Inner::LargeM(Box::new(Multiplicity::with_costs(problem))),
        };
        Cheapest { inner, faithful: false, end: End::Complete }
    }

    /// The `k` cheapest solutions, in increasing order of cost, ties in the
    /// order the search found them (fewer when the problem has fewer
    /// solutions), within the budget. When the budget runs out or the probe
    /// stops the search, the list is unknown: [`Best::cheapest`] is then
    /// `None`, and [`Best::so_far`] the cheapest found before it stopped.
    ///
    /// Unless [faithful](Cheapest::set_faithful), the search splits the
    /// tree into subtrees at its top levels, as [`crate::parallel::best`]
    /// does for its threads, and searches them cheapest first (by what the
    /// options chosen to reach them cost): cheap solutions come sooner, and
    /// the cutoff with them (cost-queens-20, 5 cheapest: 18% fewer
    /// instructions than one search from the top).
    pub fn best(&mut self, k: usize) -> Best {
        if k == 0 {
            self.set_stats(Stats::default());
            self.end = End::Complete;
            return Best::new(End::Complete, Vec::new(), 0);
        }
        if !self.faithful {
            return parallel_best(self, k, 1);
        }
        let board = CheapestSoFar::new(k);
        self.end = each!(&mut self.inner, e => e.search_best(&board));
        Best::new(self.end, board.into_sorted(self.tax()), self.stats().nodes)
    }

    /// Whether to walk DLX5's very search tree and count its statistics
    /// (off by default; no effect on a problem with bounds).
    pub fn set_faithful(&mut self, faithful: bool) {
        self.faithful = faithful;
        each!(&mut self.inner, e => e.set_faithful(faithful))
    }

    /// Watches searches through `probe`, which sees their progress (the
    /// solutions are those offered under the cutoff) and can stop them
    /// (see [`Probe`]).
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        each!(&mut self.inner, e => e.set_probe(probe))
    }

    fn probe(&self) -> Option<Arc<Probe>> {
        each!(&self.inner, e => e.probe().cloned())
    }

    /// Bounds every search to come: nodes (DLX5's when faithful, DLX3's
    /// for a problem with bounds) and a deadline, for every thread
    /// together. A search that runs out ends [`End::OutOfNodes`] or
    /// [`End::OutOfTime`], its list unknown.
    pub fn set_budget(&mut self, budget: Budget) {
        each!(&mut self.inner, e => e.set_budget(budget))
    }

    /// The budget of the searches to come.
    pub fn budget(&self) -> Budget {
        each!(&self.inner, e => e.budget())
    }

    fn set_tally(&mut self, tally: Option<Arc<Tally>>) {
        each!(&mut self.inner, e => e.set_tally(tally))
    }

    /// How the last search ended (see [`End`]).
    pub fn end(&self) -> End {
        self.end
    }

    /// Whether the last search was stopped by its probe before the end.
    pub fn interrupted(&self) -> bool {
        self.end == End::Interrupted
    }

    /// The statistics of the last search (summed over its subtrees and
    /// threads).
    pub fn stats(&self) -> Stats {
        each!(&self.inner, e => e.stats())
    }

    fn set_stats(&mut self, stats: Stats) {
        each!(&mut self.inner, e => e.set_stats(stats))
    }

    /// The sum of the taxes the search takes off the costs.
    fn tax(&self) -> u64 {
        each!(&self.inner, e => e.tax())
    }

    fn subtrees(&mut self, at_least: usize) -> Vec<Vec<usize>> {
        each!(&mut self.inner, e => e.subtrees(at_least))
    }

    fn search_subtree(&mut self, prefix: &[usize], board: &CheapestSoFar) -> End {
        each!(&mut self.inner, e => e.search_best_subtree(prefix, board))
    }
}

/// The `k` cheapest solutions found by `jobs` threads, each taking
/// subtrees in turn and all sharing one board, so that a solution any of
/// them finds cuts the search of all, and one tally, so that the budget
/// bounds them together and the first to stop stops the others. The costs
/// are those one thread finds; solutions of equal cost may differ.
pub(crate) fn parallel_best(cheapest: &mut Cheapest, k: usize, jobs: usize) -> Best {
    use std::sync::atomic::AtomicUsize;
    if k == 0 {
        return cheapest.best(0);
    }
    let jobs = jobs.max(1);
    let board = CheapestSoFar::new(k);
    let subtrees = cheapest.subtrees(split::pieces_for(jobs));
    let next = AtomicUsize::new(0);
    let tally = Arc::new(Tally::new());
    let probe = cheapest.probe();
    let work = |mine: &mut Cheapest| {
        let mut total = Stats::default();
        loop {
            // A stop is looked at between subtrees too: small ones end
            // before their meter's first look.
            if probe.as_ref().is_some_and(|p| p.stopped()) {
                tally.stop(End::Interrupted);
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= subtrees.len() || tally.stopped().is_some() {
                break;
            }
            let end = mine.search_subtree(&subtrees[i], &board);
            let s = mine.stats();
            total.solutions += s.solutions;
            total.nodes += s.nodes;
            total.updates += s.updates;
            if end.is_unknown() {
                break;
            }
        }
        total
    };
    let totals: Vec<Stats> = if jobs == 1 {
        cheapest.set_tally(Some(tally.clone()));
        let total = work(cheapest);
        cheapest.set_tally(None);
        vec![total]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..jobs)
                .map(|_| {
                    let mut mine = cheapest.clone();
                    mine.set_tally(Some(tally.clone()));
                    scope.spawn(move || work(&mut mine))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a search thread panicked")).collect()
        })
    };
    let total = totals.iter().fold(Stats::default(), |t, s| Stats {
        solutions: t.solutions + s.solutions,
        nodes: t.nodes + s.nodes,
        updates: t.updates + s.updates,
    });
    cheapest.set_stats(total);
    cheapest.end = tally.stopped().unwrap_or(End::Complete);
    Best::new(cheapest.end, board.into_sorted(cheapest.tax()), total.nodes)
}
