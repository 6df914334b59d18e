//! Algorithm M (TAOCP 7.2.2.1; Knuth's DLX3): exact cover with
//! multiplicities, where primary item `i` must be covered between `lower`
//! and `upper` times, colors as in Algorithm C.
//!
//! Each item keeps its residual upper bound `bound` (how many more options
//! may cover it) and its `slack`, `upper - lower`; it must still be covered
//! `need = bound - min(slack, bound)` more times. A level branches on the
//! active item with the smallest *branching degree* `len - need + 1` (its
//! list's length less what it still needs, plus one): ties go to the item
//! with less slack, then to the longer list, then to the leftmost, as in
//! DLX3. An item with bound 1 and no slack is branched on as in Algorithm
//! X: covered, then each option of its list tried in turn. Any other is
//! *tweaked*: its options are tried in list order, each taken out of the
//! list once tried, so that the level below can choose the same item again
//! but only among later options (each set of options is met once); the
//! last branch, when the lower bound is met already, is the *null* choice,
//! which leaves the item's remaining options unused. Once an item's bound
//! reaches 0 it is covered; an option chosen for another item uses one of
//! the bound of each of its items.
//!
//! The search is the same explicit-stack state machine as the dancing
//! links' ([`Solver`] and [`Cheapest`] hand a problem with bounds to it, as
//! [`pick`](super::pick) says): it stops at each solution and
//! resumes, counts, splits into subtrees for threads, and carries a
//! [`Meter`] for its budget and probe, ending each search with an
//! [`Outcome`]; [`MultiplicityEngine::estimate`] is Knuth's random-probe estimate
//! of its tree. Faithful, it walks DLX3's very tree and counts its
//! statistics: a node per level entered (a solution and a dead end
//! included), an update per removal from a list. Fast (the default), it
//! branches on an item whose lower bound is met only when no item still
//! needs covering (DLX3 takes the least degree wherever it is, and a
//! diagonal of double queens, `0:2`, with one option left has degree 2,
//! less than any row's), never on one whose list is empty as well (DLX3
//! gives it a level of its own, whose one branch is the null choice), and
//! stops its walk along the items at the first whose list cannot meet its
//! lower bound: the same solutions, in a third of the nodes on double
//! queens. Items with lower bound 0 sit on a ring of their own, so that
//! the fast choice does not even walk past them while others need
//! covering.
//!
//! With costs (`with_costs`, for [`Cheapest`]), the same loop offers each
//! solution to a [`CheapestSoFar`] and cuts, at each node, by a lower bound on the
//! cost of covering what is left, and at each branch, options whose cost
//! alone reaches the cutoff.
//!
//! [`Solver`]: crate::Solver
//! [`Cheapest`]: crate::Cheapest
//! [`Meter`]: crate::Meter
//! [`Outcome`]: crate::Outcome

use std::ops::ControlFlow;
use std::sync::Arc;

use super::ForceError;
use crate::arena::{Arena, Index, Links};
use crate::best::CheapestSoFar;
use crate::budget::{Budget, End, Meter, Outcome, Probe, SharedTally};
use crate::estimate::{Estimate, EstimateOptions, Gather, ProbePath, SplitMix64, PROBES_PER_STRATUM};
use crate::layout::{classes, lay_out_sorted, MAX_CLASSES, NO_CLASS};
use crate::problem::Problem;
use crate::split::{self, piece_seed};
use crate::stats::Stats;

/// One level of the search.
#[derive(Clone, Copy, Debug, Default)]
struct MultiplicityLevel {
    /// The item branched on.
    item: u32,
    /// The node chosen: a node of `item`'s list, or `item` itself for the
    /// null choice.
    choice: u32,
    /// 0 when `item` was covered as Algorithm X covers (bound 1, no slack);
    /// otherwise the top of its list when the level began (the first
    /// option tweaked).
    first: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MultiplicityState {
    /// No level below the floor is open: the next search starts afresh.
    Start,
    /// Stopped at a solution: levels `0..depth` are committed.
    Found { depth: usize },
    /// Stopped by the probe or the budget: levels `0..depth` are committed.
    Stopped { depth: usize },
    /// Every solution below the floor has been seen.
    Done,
}

/// The multiplicity search over one arena.
#[derive(Clone, Debug)]
pub(crate) struct MultiplicityEngine<I: Index> {
    arena: Arena<I>,
    colors: bool,
    primary: u32,
    /// The first node of each option.
    first: Vec<u32>,
    /// The option of each node (`u32::MAX` for headers and spacers).
    option_of: Vec<u32>,
    /// The residual upper bound of each primary item, by item number from
    /// 1 (slot 0 unused).
    bound: Vec<u32>,
    /// `upper - lower` of each primary item, numbered as `bound`.
    slack: Vec<u32>,
    /// The root of the ring that holds the items with lower bound 0 (in
    /// front of the secondary items; see [`choose`]).
    aside: u32,
    /// The levels of the search; deep enough for every option and a null
    /// choice for every item.
    levels: Vec<MultiplicityLevel>,
    /// Levels `0..floor` were chosen by a subtree's path.
    floor: usize,
    /// The first primary node of each forced option, in the order forced.
    forced: Vec<u32>,
    state: MultiplicityState,
    stats: Stats,
    faithful: bool,
    solution: Vec<usize>,
    /// The links and bounds as laid out (see `keep_pristine_copy`).
    pristine: Option<Box<(Arena<I>, Vec<u32>)>>,
    /// The budget and probe of every search.
    meter: Meter,
    /// How the last search ended.
    end: End,
    /// For the cheapest solutions (see `with_costs`): the cost of each
    /// node's option (`u64::MAX` for headers and spacers); empty otherwise.
    cost: Vec<u64>,
    /// The class of each primary item for the lower bound, by item number.
    class: Vec<u8>,
    classes: usize,
    /// The cost of the forced options.
    forced_cost: u64,
}

/// The degree DLX3 branches by, and its tie-breaks, for one item.
#[derive(Clone, Copy)]
struct Degree {
    /// `len - need + 1`: the number of branches.
    score: i64,
    /// `min(slack, bound)`.
    slack: u32,
    /// The length of the item's list.
    len: i32,
}

impl Degree {
    #[inline(always)]
    fn of<I: Index, const L: bool>(a: &Links<'_, I, L>, k: u32, bound: &[u32], slack: &[u32]) -> Degree {
        let len = a.len(k);
        let b = bound[k as usize];
        let s = slack[k as usize].min(b);
        Degree { score: len as i64 + s as i64 - b as i64 + 1, slack: s, len }
    }

    /// Whether DLX3 prefers this item to one of degree `other` met before.
    #[inline(always)]
    fn beats(self, other: Degree) -> bool {
        self.score < other.score
            || (self.score == other.score
                && (self.slack < other.slack || (self.slack == other.slack && self.len > other.len)))
    }
}

/// DLX3's choice: the active item of least degree (see [`Degree::beats`]),
/// or 0 when no item is active. The items with lower bound 0 are kept on a
/// ring of their own (at the front of the secondary items' ring, whose
/// root is `aside`); both rings run in declaration order, so that ties go
/// to the leftmost item as in DLX3. With `FAST`, items whose lower bound is
/// met are taken only when no other is active, those whose lists are empty
/// as well are passed over, and the walk stops at an item with degree 0 or
/// less (a dead end): the items set aside are then looked at only when no
/// item still needs covering.
#[inline(always)]
fn choose<I: Index, const L: bool, const FAST: bool>(
    a: &Links<'_, I, L>,
    bound: &[u32],
    slack: &[u32],
    aside: u32,
) -> (u32, i64) {
    let n1 = bound.len() as u32 - 1;
    let mut best = 0;
    let mut best_degree = Degree { score: i64::MAX, slack: 0, len: 0 };
    // With `FAST`, the best item whose lower bound is met.
    let mut optional = 0;
    let mut optional_degree = best_degree;
    let mut k = a.next(0);
    while k != 0 {
        let d = Degree::of(a, k, bound, slack);
        if FAST {
            if d.score <= 0 {
                return (k, d.score);
            }
            if d.score == d.len as i64 + 1 {
                // Lower bound met.
                if d.len > 0 && d.beats(optional_degree) {
                    optional = k;
                    optional_degree = d;
                }
                k = a.next(k);
                continue;
            }
        }
        if d.beats(best_degree) {
            best = k;
            best_degree = d;
        }
        k = a.next(k);
    }
    if FAST && best != 0 {
        return (best, best_degree.score);
    }
    let mut k = a.next(aside);
    while k <= n1 {
        let d = Degree::of(a, k, bound, slack);
        if FAST {
            if d.len > 0 && d.beats(optional_degree) {
                optional = k;
                optional_degree = d;
            }
        } else if d.beats(best_degree) || (!best_degree.beats(d) && k < best) {
            best = k;
            best_degree = d;
        }
        k = a.next(k);
    }
    if FAST {
        return (optional, optional_degree.score);
    }
    (best, best_degree.score)
}

/// Begins a level on `item`: uses one of its bound, and covers it at once
/// if that was the last, or if it is Algorithm X's kind of item.
#[inline(always)]
fn begin<I: Index, const FAST: bool, const COLORS: bool>(
    a: &mut Links<'_, I, FAST>,
    item: u32,
    bound: &mut [u32],
    slack: &[u32],
) -> MultiplicityLevel {
    let b = &mut bound[item as usize];
    *b -= 1;
    let top = a.down(item);
    let first = if *b == 0 && slack[item as usize] == 0 { 0 } else { top };
    if *b == 0 {
        a.cover::<COLORS>(item);
    }
    MultiplicityLevel { item, choice: top, first }
}

/// Tries the level's current choice: `false` if it is off limits (every
/// branch of the level has been tried), else makes it and returns `true`.
#[inline(always)]
fn try_choice<I: Index, const FAST: bool, const COLORS: bool>(
    a: &mut Links<'_, I, FAST>,
    level: MultiplicityLevel,
    bound: &mut [u32],
    slack: &[u32],
    n1: u32,
) -> bool {
    let MultiplicityLevel { item, choice: x, first } = level;
    let b = bound[item as usize];
    let open =
        if first == 0 { x != item } else { a.len(item) as i64 > b as i64 - slack[item as usize] as i64 };
    if !open {
        return false;
    }
    if x != item {
        if first != 0 {
            a.tweak::<COLORS>(x, item, b != 0);
        }
        a.commit_bounded::<COLORS>(x, bound, n1);
    } else if b != 0 {
        a.deactivate(item);
    }
    true
}

/// Undoes the level's current choice, made by [`try_choice`] (a tweak
/// stays until [`end`]).
#[inline(always)]
fn untry<I: Index, const FAST: bool, const COLORS: bool>(
    a: &mut Links<'_, I, FAST>,
    level: MultiplicityLevel,
    bound: &mut [u32],
    n1: u32,
) {
    let MultiplicityLevel { item, choice: x, .. } = level;
    if x != item {
        a.uncommit_bounded::<COLORS>(x, bound, n1);
    } else if bound[item as usize] != 0 {
        a.reactivate(item);
    }
}

/// Skips the level's current choice without trying it (for replaying a
/// path): the node below it becomes the choice.
#[inline(always)]
fn skip<I: Index, const FAST: bool, const COLORS: bool>(
    a: &mut Links<'_, I, FAST>,
    level: &mut MultiplicityLevel,
    bound: &[u32],
) {
    let MultiplicityLevel { item, choice: x, first } = *level;
    if first != 0 {
        a.tweak::<COLORS>(x, item, bound[item as usize] != 0);
    }
    level.choice = a.down(x);
}

/// Ends a level whose choices are all undone: untweaks or uncovers its
/// item and gives back the bound [`begin`] used.
#[inline(always)]
fn end<I: Index, const FAST: bool, const COLORS: bool>(
    a: &mut Links<'_, I, FAST>,
    level: MultiplicityLevel,
    bound: &mut [u32],
) {
    let MultiplicityLevel { item, first, .. } = level;
    let b = bound[item as usize];
    if first == 0 {
        a.uncover::<COLORS>(item);
    } else {
        a.untweak::<COLORS>(item, first, b != 0);
        if b == 0 {
            // `begin` covered it.
            a.reactivate(item);
        }
    }
    bound[item as usize] = b + 1;
}

/// Whether a node whose choices cost `curcost` may still lead to a
/// solution under `cutoff`: each active item that must still be covered
/// `need` more times costs at least its `need` cheapest options (the top of
/// its sorted list), and the items of a class share no option, so a
/// completion costs at least the largest sum of these over a class (and
/// over each item alone). `acc` holds a sum per class.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn cost_bound<I: Index, const L: bool>(
    a: &Links<'_, I, L>,
    bound: &[u32],
    slack: &[u32],
    cost: &[u64],
    class: &[u8],
    acc: &mut [u64],
    curcost: u64,
    cutoff: u64,
) -> bool {
    let limit = cutoff.saturating_sub(curcost);
    acc.fill(0);
    let mut k = a.next(0);
    while k != 0 {
        let b = bound[k as usize];
        let need = b - slack[k as usize].min(b);
        let mut least = 0;
        let mut p = a.down(k);
        for _ in 0..need {
            if p == k {
                return false;
            }
            least += cost[p as usize];
            p = a.down(p);
        }
        if least >= limit {
            return false;
        }
        let c = class[k as usize];
        if c != NO_CLASS {
            acc[c as usize] += least;
        }
        k = a.next(k);
    }
    acc.iter().all(|&s| s < limit)
}

impl<I: Index> MultiplicityEngine<I> {
    /// Lays out `problem` for searching.
    pub fn new(problem: &Problem) -> MultiplicityEngine<I> {
        let (arena, first) = Arena::new(problem);
        let total = problem.item_count() + 2 + problem.entry_count() + problem.option_count();
        let mut option_of = vec![u32::MAX; total];
        for (k, &f) in first.iter().enumerate() {
            for j in 0..problem.option(k).len() {
                option_of[f as usize + j] = k as u32;
            }
        }
        Self::with_layout(problem, arena, first, option_of)
    }

    /// Lays out `problem` for [`MultiplicityEngine::search_best`]: options sorted
    /// by cost, so that every list is, and the items split into classes
    /// for the lower bound (see [`crate::layout`] and [`crate::Cheapest`]).
    pub fn with_costs(problem: &Problem) -> MultiplicityEngine<I> {
        let costs: Vec<u64> = (0..problem.option_count()).map(|k| problem.cost(k)).collect();
        let (arena, first, option_of, cost) = lay_out_sorted(problem, &costs);
        let mut m = Self::with_layout(problem, arena, first, option_of);
        m.cost = cost;
        (m.class, m.classes) = classes(problem);
        m
    }

    fn with_layout(
        problem: &Problem,
        mut arena: Arena<I>,
        first: Vec<u32>,
        option_of: Vec<u32>,
    ) -> MultiplicityEngine<I> {
        let n1 = problem.primary_count();
        let aside = problem.item_count() as u32 + 1;
        {
            let mut a = arena.links::<true>(0);
            for i in (0..n1).rev().filter(|&i| problem.bounds(i).0 == 0) {
                a.set_aside(i as u32 + 1, aside);
            }
        }
        let mut bound = vec![0; n1 + 1];
        let mut slack = vec![0; n1 + 1];
        for i in 0..n1 {
            let (lower, upper) = problem.bounds(i);
            bound[i + 1] = upper;
            slack[i + 1] = upper - lower;
        }
        MultiplicityEngine {
            arena,
            colors: problem.has_colors(),
            primary: n1 as u32,
            first,
            option_of,
            bound,
            slack,
            aside,
            levels: vec![MultiplicityLevel::default(); problem.option_count() + n1 + 1],
            floor: 0,
            forced: Vec::new(),
            state: MultiplicityState::Start,
            stats: Stats::default(),
            faithful: false,
            solution: Vec::new(),
            pristine: None,
            meter: Meter::new(),
            end: End::Complete,
            cost: Vec::new(),
            class: Vec::new(),
            classes: 0,
            forced_cost: 0,
        }
    }

    /// The number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primary as usize
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.first.len()
    }

    /// Whether to walk DLX3's very tree and count its statistics.
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

    /// Bounds every search to come (nodes in this search's own notion:
    /// DLX3's when faithful).
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

    /// How the last search ended.
    pub fn end(&self) -> End {
        self.end
    }

    /// Whether the last search was stopped by its probe.
    pub fn interrupted(&self) -> bool {
        self.end == End::Interrupted
    }

    /// The outcome of the last search, from its statistics.
    fn outcome(&self) -> Outcome {
        Outcome::new(self.end, self.stats.solutions, self.stats.nodes)
    }

    /// The statistics of the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Replaces the statistics (with the sum over subtrees).
    pub fn set_stats(&mut self, stats: Stats) {
        self.stats = stats;
    }

    /// The first primary node of the option starting at `first`.
    fn primary_node(&self, first: u32) -> u32 {
        let mut x = first;
        while self.arena.top(x) > self.primary {
            x += 1;
        }
        x
    }

    /// Chooses `option` before the search: every later search only looks
    /// for solutions that contain it, each of its items having one less of
    /// its bound to give.
    pub fn force(&mut self, option: usize) -> Result<(), ForceError> {
        self.reset();
        let Some(&first) = self.first.get(option) else {
            return Err(ForceError::NoSuchOption { option });
        };
        if !self.arena.is_available(first) {
            return Err(ForceError::Conflict { option });
        }
        let x = self.primary_node(first);
        let n1 = self.primary;
        let mut a = self.arena.links::<true>(0);
        if self.colors {
            a.choose_bounded::<true>(x, &mut self.bound, n1);
        } else {
            a.choose_bounded::<false>(x, &mut self.bound, n1);
        }
        self.forced.push(x);
        self.forced_cost += self.cost.get(x as usize).copied().unwrap_or(0);
        Ok(())
    }

    /// Undoes every `force`, newest first.
    pub fn unforce_all(&mut self) {
        let levels = self.forced.len() + self.depth();
        if levels > 8 && self.pristine.is_some() {
            let pristine = self.pristine.take().expect("checked");
            self.arena.copy_from(&pristine.0);
            self.bound.copy_from_slice(&pristine.1);
            self.pristine = Some(pristine);
            self.forced.clear();
            self.forced_cost = 0;
            self.state = MultiplicityState::Start;
            self.floor = 0;
            return;
        }
        self.reset();
        self.unforce_to(0);
    }

    /// Undoes the forced options beyond the first `len`, newest first.
    fn unforce_to(&mut self, len: usize) {
        self.reset();
        let n1 = self.primary;
        while self.forced.len() > len {
            let x = self.forced.pop().expect("longer than len");
            self.forced_cost -= self.cost.get(x as usize).copied().unwrap_or(0);
            let mut a = self.arena.links::<true>(0);
            if self.colors {
                a.unchoose_bounded::<true>(x, &mut self.bound, n1);
            } else {
                a.unchoose_bounded::<false>(x, &mut self.bound, n1);
            }
        }
    }

    /// The options forced so far, in order.
    pub fn forced(&self) -> Vec<usize> {
        self.forced.iter().map(|&f| self.option_of[f as usize] as usize).collect()
    }

    /// Keeps a copy of the links and bounds as laid out, for `unforce_all`.
    pub fn keep_pristine_copy(&mut self) {
        self.unforce_all();
        self.pristine = Some(Box::new((self.arena.clone(), self.bound.clone())));
    }

    /// The number of levels committed.
    fn depth(&self) -> usize {
        match self.state {
            MultiplicityState::Found { depth } | MultiplicityState::Stopped { depth } => depth,
            MultiplicityState::Done => self.floor,
            MultiplicityState::Start => self.floor,
        }
    }

    /// Abandons a search under way, and the path of a subtree, undoing
    /// their choices; forced options stay.
    pub fn reset(&mut self) {
        let depth = self.depth();
        self.unwind(depth, 0);
        self.floor = 0;
        self.state = MultiplicityState::Start;
    }

    /// Undoes levels `to..from`, newest first.
    fn unwind(&mut self, from: usize, to: usize) {
        let n1 = self.primary;
        let mut a = self.arena.links::<true>(0);
        for l in (to..from).rev() {
            let level = self.levels[l];
            if self.colors {
                untry::<I, true, true>(&mut a, level, &mut self.bound, n1);
                end::<I, true, true>(&mut a, level, &mut self.bound);
            } else {
                untry::<I, true, false>(&mut a, level, &mut self.bound, n1);
                end::<I, true, false>(&mut a, level, &mut self.bound);
            }
        }
    }

    /// Replays `path` (branch numbers from the top, as `subtrees` gives
    /// them) from the forced options, leaving its levels committed below
    /// a floor. The levels choose as the fast search does, or with `FAST`
    /// off as DLX3 does. Returns `false`, changing nothing, if the path
    /// leaves the tree (it was made for another state).
    fn replay<const FAST: bool>(&mut self, path: &[usize]) -> bool {
        self.reset();
        let ok = if self.colors {
            self.replay_with::<true, FAST>(path)
        } else {
            self.replay_with::<false, FAST>(path)
        };
        if !ok {
            self.reset();
        }
        ok
    }

    fn replay_with<const COLORS: bool, const FAST: bool>(&mut self, path: &[usize]) -> bool {
        let n1 = self.primary;
        let mut a = self.arena.links::<true>(0);
        for (l, &branch) in path.iter().enumerate() {
            let (item, score) = choose::<I, true, FAST>(&a, &self.bound, &self.slack, self.aside);
            if item == 0 || score <= branch as i64 {
                return false;
            }
            let mut level = begin::<I, true, COLORS>(&mut a, item, &mut self.bound, &self.slack);
            for _ in 0..branch {
                skip::<I, true, COLORS>(&mut a, &mut level, &self.bound);
            }
            if !try_choice::<I, true, COLORS>(&mut a, level, &mut self.bound, &self.slack, n1) {
                end::<I, true, COLORS>(&mut a, level, &mut self.bound);
                return false;
            }
            self.levels[l] = level;
            self.floor = l + 1;
        }
        true
    }

    /// The number of branches of the node a path has led to (choosing as
    /// the fast search does, or with `FAST` off as DLX3 does): `None` at a
    /// solution, 0 at a dead end. A level on an item of degree `d` has
    /// exactly `d` branches: `len - need` options whose trial leaves enough
    /// options for what the item still needs, and the null choice when its
    /// lower bound is met (`need` < 0 after the level's own use).
    fn branches<const FAST: bool>(&mut self) -> Option<usize> {
        let a = self.arena.links::<true>(0);
        let (item, score) = choose::<I, true, FAST>(&a, &self.bound, &self.slack, self.aside);
        (item != 0).then_some(score.max(0) as usize)
    }

    /// Splits the search below the forced options into at least `at_least`
    /// subtrees when the tree has that many. Each is a path of branch
    /// numbers from the top (the fast search's choices, whatever the
    /// faithful setting, so that the split depends only on the problem and
    /// `at_least`): at each level, the `j`-th branch tries the `j`-th
    /// option of the item's list, or is the null choice. Every solution
    /// lies in exactly one subtree; dead ends are dropped.
    pub fn subtrees(&mut self, at_least: usize) -> Vec<Vec<usize>> {
        split::cut(at_least, |path| {
            let kids = if self.replay::<true>(path) { self.branches::<true>() } else { Some(0) };
            self.reset();
            kids.map(|d| (0..d).collect())
        })
    }

    /// The children of each of `pieces` (paths of branch numbers as
    /// [`MultiplicityEngine::subtrees`] gives them), in order: one path a branch
    /// of the piece's node; a piece at a solution stays as it is, one at a
    /// dead end is dropped. Also says whether any piece had children.
    pub fn expand(&mut self, pieces: &[Vec<usize>]) -> (Vec<Vec<usize>>, bool) {
        let mut out = Vec::with_capacity(pieces.len() * 4);
        let mut grew = false;
        for path in pieces {
            let kids = if self.replay::<true>(path) { self.branches::<true>() } else { Some(0) };
            self.reset();
            match kids {
                Some(d) => {
                    grew |= d > 0;
                    out.extend((0..d).map(|j| {
                        let mut p = path.clone();
                        p.push(j);
                        p
                    }));
                }
                None => out.push(path.clone()),
            }
        }
        (out, grew)
    }

    /// Knuth's estimate of the nodes in each of `pieces` (paths as for
    /// [`MultiplicityEngine::expand`]), over the fast search's tree: the mean of
    /// `probes` random probes from the piece's node, drawn from a generator
    /// seeded by `seed` and the piece's path alone.
    pub fn piece_sizes(&mut self, pieces: &[Vec<usize>], probes: &[u64], seed: u64) -> Vec<f64> {
        let mut sizes = Vec::with_capacity(pieces.len());
        for (path, &probes) in pieces.iter().zip(probes) {
            let mut rng = SplitMix64::new(piece_seed(seed, path));
            let size = if self.replay::<true>(path) {
                let sum: f64 = (0..probes)
                    .map(|_| {
                        if self.colors {
                            self.random_path::<true, true>(&mut rng).nodes
                        } else {
                            self.random_path::<false, true>(&mut rng).nodes
                        }
                    })
                    .sum();
                sum / probes.max(1) as f64
            } else {
                0.0
            };
            self.reset();
            sizes.push(size);
        }
        sizes
    }

    /// One of Knuth's random probes from the node the levels below the
    /// floor lead to, down to a leaf of the tree the search walks (the
    /// fast one, or with `FAST` off DLX3's); the links and bounds are as
    /// they were afterwards. A node's children are its branches (see
    /// [`MultiplicityEngine::branches`]); a solution and a dead end are leaves,
    /// and nodes, as the search counts them.
    fn random_path<const COLORS: bool, const FAST: bool>(&mut self, rng: &mut SplitMix64) -> ProbePath {
        let n1 = self.primary;
        let floor = self.floor;
        let mut a = self.arena.links::<true>(0);
        let (mut nodes, mut weight, mut depth) = (1.0, 1.0, 0);
        let solution = loop {
            let (item, score) = choose::<I, true, FAST>(&a, &self.bound, &self.slack, self.aside);
            if item == 0 {
                break true;
            }
            if score <= 0 {
                break false;
            }
            let mut level = begin::<I, true, COLORS>(&mut a, item, &mut self.bound, &self.slack);
            for _ in 0..rng.below(score as u64) {
                skip::<I, true, COLORS>(&mut a, &mut level, &self.bound);
            }
            let tried = try_choice::<I, true, COLORS>(&mut a, level, &mut self.bound, &self.slack, n1);
            debug_assert!(tried, "a level of degree d has d branches");
            self.levels[floor + depth] = level;
            depth += 1;
            weight *= score as f64;
            nodes += weight;
        };
        for l in (floor..floor + depth).rev() {
            let level = self.levels[l];
            untry::<I, true, COLORS>(&mut a, level, &mut self.bound, n1);
            end::<I, true, COLORS>(&mut a, level, &mut self.bound);
        }
        ProbePath { nodes, leaf: weight, solution, depth: depth as u64 + 1 }
    }

    /// Knuth's random-probe estimate of the tree below the forced options,
    /// as [`crate::Solver::estimate`] gives it for a problem without
    /// bounds (see [`crate::estimate`]), over the tree this search walks:
    /// the fast one, or DLX3's when faithful. A node is a level entered, a
    /// solution or a dead end included (the nodes of [`Stats`]); its
    /// branching degree is the number of branches of its item (the options
    /// it may try, and the null choice). The solver is left as it was.
    pub fn estimate(&mut self, options: &EstimateOptions) -> Estimate {
        match (self.colors, self.faithful) {
            (true, true) => self.estimate_with::<true, false>(options),
            (true, false) => self.estimate_with::<true, true>(options),
            (false, true) => self.estimate_with::<false, false>(options),
            (false, false) => self.estimate_with::<false, true>(options),
        }
    }

    fn estimate_with<const COLORS: bool, const FAST: bool>(&mut self, options: &EstimateOptions) -> Estimate {
        self.reset();
        let mut rng = SplitMix64::new(options.seed);
        let mut gather = Gather::default();
        // The frontier, each node given by its branch numbers from the top.
        let mut frontier: Vec<Vec<usize>> = vec![Vec::new()];
        let most = if options.stratify { options.probes / PROBES_PER_STRATUM } else { 0 };
        while !frontier.is_empty() {
            let mut next = Vec::new();
            let (mut leaves, mut solutions) = (0, 0);
            for path in &frontier {
                let kids = if self.replay::<FAST>(path) { self.branches::<FAST>() } else { Some(0) };
                self.reset();
                match kids {
                    None => (leaves, solutions) = (leaves + 1, solutions + 1),
                    Some(0) => leaves += 1,
                    Some(d) => next.extend((0..d).map(|j| {
                        let mut p = path.clone();
                        p.push(j);
                        p
                    })),
                }
                if next.len() as u64 > most {
                    break;
                }
            }
            if next.len() as u64 > most {
                break;
            }
            gather.counted(frontier.len() as u64, leaves, solutions);
            frontier = next;
        }
        let strata = frontier.len() as u64;
        for (v, path) in frontier.iter().enumerate() {
            let k = options.probes / strata + ((v as u64) < options.probes % strata) as u64;
            let replayed = self.replay::<FAST>(path);
            debug_assert!(replayed, "a frontier path stays in the tree");
            let paths: Vec<ProbePath> = (0..k).map(|_| self.random_path::<COLORS, FAST>(&mut rng)).collect();
            self.reset();
            gather.stratum(paths.into_iter());
        }
        gather.finish(options.seed)
    }

    /// Counts the solutions, stopping at `limit` if given, or when the
    /// budget runs out (the count is then unknown).
    // Kept out of `Solver`'s callers, whose code for problems without
    // bounds then stays as it was.
    #[inline(never)]
    pub fn count(&mut self, limit: Option<u64>) -> Outcome {
        self.reset();
        self.count_here(limit)
    }

    /// Counts below the floor, without a reset first.
    fn count_here(&mut self, limit: Option<u64>) -> Outcome {
        let limit = limit.unwrap_or(u64::MAX);
        if limit == 0 {
            self.stats = Stats::default();
            self.end = End::Limit;
            return self.outcome();
        }
        match (self.colors, self.faithful) {
            (true, true) => self.run::<true, true, false, false>(limit, None),
            (true, false) => self.run::<true, true, true, false>(limit, None),
            (false, true) => self.run::<false, true, false, false>(limit, None),
            (false, false) => self.run::<false, true, true, false>(limit, None),
        };
        self.outcome()
    }

    /// Counts the solutions in one subtree of `subtrees`, up to `limit`.
    // Kept out of `Solver`'s callers, whose code for problems without
    // bounds then stays as it was.
    #[inline(never)]
    pub fn count_subtree(&mut self, path: &[usize], limit: Option<u64>) -> Outcome {
        let outcome = if self.replay::<true>(path) { self.count_here(limit) } else { self.nothing() };
        self.reset();
        outcome
    }

    /// The outcome of a search of a subtree that is not there.
    fn nothing(&mut self) -> Outcome {
        self.stats = Stats::default();
        self.end = End::Complete;
        self.outcome()
    }

    /// Visits the solutions in one subtree of `subtrees`.
    #[inline(never)]
    pub fn search_subtree<F>(&mut self, path: &[usize], visit: F) -> Outcome
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let outcome = if self.replay::<true>(path) { self.search_here(visit) } else { self.nothing() };
        self.reset();
        outcome
    }

    /// Advances to the next solution; `false` when there is none left.
    // Kept out of `Solver`'s callers, whose code for problems without
    // bounds then stays as it was.
    #[inline(never)]
    pub fn next_solution(&mut self) -> bool {
        let found = match (self.colors, self.faithful) {
            (true, true) => self.run::<true, false, false, false>(u64::MAX, None),
            (true, false) => self.run::<true, false, true, false>(u64::MAX, None),
            (false, true) => self.run::<false, false, false, false>(u64::MAX, None),
            (false, false) => self.run::<false, false, true, false>(u64::MAX, None),
        };
        if found {
            self.fill_solution();
        }
        found
    }

    /// The options of the solution `next_solution` stopped at: the forced
    /// ones first, then the chosen ones, level by level.
    pub fn solution(&self) -> &[usize] {
        &self.solution
    }

    fn fill_solution(&mut self) {
        self.solution.clear();
        let depth = self.depth();
        let forced = self.forced.iter().map(|&f| self.option_of[f as usize] as usize);
        let chosen = self.levels[..depth]
            .iter()
            .filter(|l| l.choice != l.item)
            .map(|l| self.option_of[l.choice as usize] as usize);
        self.solution.extend(forced.chain(chosen));
    }

    /// Visits every solution in DLX3's order, until the visitor breaks or
    /// the budget runs out, and says how it ended.
    #[inline(never)]
    pub fn search<F>(&mut self, visit: F) -> Outcome
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.reset();
        self.search_here(visit)
    }

    /// Visits the solutions below the floor, without a reset first.
    fn search_here<F>(&mut self, mut visit: F) -> Outcome
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        while self.next_solution() {
            if visit(&self.solution).is_break() {
                self.end = End::Limit;
                break;
            }
        }
        self.outcome()
    }

    /// The sum of the taxes (none here: an item may be covered several
    /// times, so that taxing it would not shift every solution alike).
    pub fn tax(&self) -> u64 {
        0
    }

    /// Searches for the cheapest solutions (a layout `with_costs`), below
    /// the forced options, offering each solution that fits under the
    /// cutoff to `board`, and says how it ended.
    pub fn search_best(&mut self, board: &CheapestSoFar) -> End {
        self.reset();
        self.best_here(board);
        self.end
    }

    /// Searches one subtree of `subtrees` for the cheapest solutions, and
    /// says how it ended.
    pub fn search_best_subtree(&mut self, path: &[usize], board: &CheapestSoFar) -> End {
        if self.replay::<true>(path) {
            self.best_here(board);
        } else {
            let _ = self.nothing();
        }
        self.reset();
        self.end
    }

    fn best_here(&mut self, board: &CheapestSoFar) {
        debug_assert!(!self.cost.is_empty(), "laid out with_costs");
        if self.colors {
            self.run::<true, true, true, true>(u64::MAX, Some(board));
        } else {
            self.run::<false, true, true, true>(u64::MAX, Some(board));
        }
    }

    /// The search loop, below the floor. With `COUNT` it runs until the
    /// count reaches `limit` or the tree is exhausted; without, it returns
    /// `true` at each solution or `false` when done. `FAST` leaves DLX3's
    /// tree (see the module documentation). With `COST` (and `COUNT`), it
    /// offers each solution to `board` and cuts what cannot beat its
    /// cutoff: at each node by the class bound of [`cost_bound`], and at
    /// each choice when the option's cost alone reaches the cutoff (the
    /// lists being sorted, so do the later ones: a tweaked item then jumps
    /// to its null choice).
    fn run<const COLORS: bool, const COUNT: bool, const FAST: bool, const COST: bool>(
        &mut self,
        limit: u64,
        board: Option<&CheapestSoFar>,
    ) -> bool {
        let resume_updates = if self.state == MultiplicityState::Start { 0 } else { self.stats.updates };
        let mut tick;
        let n1 = self.primary;
        let floor = self.floor;
        let a = &mut self.arena.links::<FAST>(resume_updates);
        let bound = &mut self.bound[..];
        let slack = &self.slack[..];
        let levels = &mut self.levels[..];
        let aside = self.aside;
        let (cost, class) = (&self.cost[..], &self.class[..]);
        let mut acc = [0u64; MAX_CLASSES];
        let acc = &mut acc[..self.classes];
        let (option_of, forced) = (&self.option_of[..], &self.forced[..]);
        // With `COST`, the cost of the options chosen so far.
        let mut curcost = 0;
        if COST {
            curcost = self.forced_cost;
            for l in &levels[..floor] {
                if l.choice != l.item {
                    curcost += cost[l.choice as usize];
                }
            }
        }
        let mut nodes;
        let mut solutions;
        let mut level;
        // Whether the loop starts by backing up from `level` rather than
        // entering it.
        let mut back;
        match self.state {
            MultiplicityState::Start => {
                tick = self.meter.start();
                nodes = 0;
                solutions = 0;
                level = floor;
                back = false;
            }
            MultiplicityState::Found { depth } => {
                nodes = self.stats.nodes;
                solutions = self.stats.solutions;
                tick = self.meter.resume(nodes);
                level = depth;
                back = true;
            }
            MultiplicityState::Stopped { .. } | MultiplicityState::Done => return false,
        }
        'search: loop {
            if !back {
                // Enter the level: choose an item and begin branching on it.
                nodes += 1;
                if !self.meter.count_down(&mut tick, solutions, nodes) {
                    self.state = MultiplicityState::Stopped { depth: level };
                    break;
                }
                let (item, score) = choose::<I, FAST, FAST>(a, bound, slack, aside);
                if item == 0 {
                    solutions += 1;
                    if let (true, Some(board)) = (COST, board) {
                        board.offer(curcost, || {
                            let forced = forced.iter().map(|&x| option_of[x as usize] as usize);
                            let chosen = levels[..level]
                                .iter()
                                .filter(|l| l.choice != l.item)
                                .map(|l| option_of[l.choice as usize] as usize);
                            forced.chain(chosen).collect()
                        });
                    }
                    if !COUNT || solutions >= limit {
                        self.state = MultiplicityState::Found { depth: level };
                        self.meter.pause(tick);
                        break 'search;
                    }
                    back = true;
                } else if score <= 0
                    || (COST
                        && !cost_bound(
                            a,
                            bound,
                            slack,
                            cost,
                            class,
                            acc,
                            curcost,
                            board.map_or(0, CheapestSoFar::cutoff),
                        ))
                {
                    back = true;
                } else {
                    levels[level] = begin::<I, FAST, COLORS>(a, item, bound, slack);
                }
            }
            loop {
                if back {
                    // Back up to the level above and undo its choice.
                    if level == floor {
                        self.state = MultiplicityState::Done;
                        break 'search;
                    }
                    level -= 1;
                    let l = levels[level];
                    untry::<I, FAST, COLORS>(a, l, bound, n1);
                    if COST && l.choice != l.item {
                        curcost -= cost[l.choice as usize];
                    }
                    if l.choice == l.item {
                        // The null choice was the last.
                        end::<I, FAST, COLORS>(a, l, bound);
                        continue;
                    }
                    levels[level].choice = a.down(l.choice);
                    back = false;
                }
                if let (true, Some(board)) = (COST, board) {
                    let l = &mut levels[level];
                    if l.choice != l.item && curcost + cost[l.choice as usize] >= board.cutoff() {
                        if l.first == 0 {
                            // Neither this option nor any later one fits.
                            end::<I, FAST, COLORS>(a, *l, bound);
                            back = true;
                            continue;
                        }
                        while l.choice != l.item {
                            skip::<I, FAST, COLORS>(a, l, bound);
                        }
                    }
                }
                if try_choice::<I, FAST, COLORS>(a, levels[level], bound, slack, n1) {
                    if COST && levels[level].choice != levels[level].item {
                        curcost += cost[levels[level].choice as usize];
                    }
                    level += 1;
                    continue 'search;
                }
                end::<I, FAST, COLORS>(a, levels[level], bound);
                back = true;
            }
        }
        self.stats = Stats { solutions, nodes, updates: a.updates };
        let otherwise = if self.state == MultiplicityState::Done { End::Complete } else { End::Limit };
        self.end = self.meter.finish(solutions, nodes, otherwise).end();
        matches!(self.state, MultiplicityState::Found { .. })
    }
}
