//! DLX5: the cheapest solutions of a problem whose options have costs and
//! whose items have no bounds. The search offers each solution it finds to
//! a board of the `k` cheapest so far ([`CheapestSoFar`]) and cuts every
//! branch whose lower bound cannot beat the board's cutoff. Options are
//! laid out sorted by their net cost (after DLX5's taxes), so that covering
//! below a threshold hides a prefix of each list (`arena/cutoff.rs`).
//!
//! How the search is cut, and why the answer is still exact: see
//! [`Cheapest`](crate::Cheapest), the facade that runs it (and Algorithm M
//! with costs for a problem with bounds).

use std::sync::Arc;

use crate::arena::{Arena, Index, Links};
use crate::best::CheapestSoFar;
use crate::budget::{Budget, End, Meter, Probe, SharedTally};
use crate::layout::{classes, lay_out_sorted, MAX_CLASSES, NO_CLASS};
use crate::problem::Problem;
use crate::split;
use crate::stats::Stats;

/// DLX5 counts at most this many options of an item when choosing.
const LENTHRESH: u32 = 10;

/// One level of the search.
#[derive(Clone, Copy, Debug, Default)]
struct CostLevel {
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
    levels: Vec<CostLevel>,
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
            levels: vec![CostLevel::default(); n1 + 1],
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
    pub(crate) fn set_tally(&mut self, tally: Option<Arc<SharedTally>>) {
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
                if !self.meter.count_down(&mut tick, solutions, nodes) {
                    // Undo every level, then stop.
                    while level > 0 {
                        level -= 1;
                        let l = levels[level];
                        a.uncommit_below::<COLORS>(l.choice, l.thresh, below);
                        a.uncover_below::<COLORS>(a.top(l.choice), l.thresh0, below);
                    }
                    break 'search;
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
                        levels[level] = CostLevel { choice: x, partcost: curcost, thresh0, thresh: 0, rest };
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
