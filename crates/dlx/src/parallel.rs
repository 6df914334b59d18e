//! Counting and listing on several threads, and counting or listing one
//! shard of many.
//!
//! The search tree below the forced options is split into subtrees by DLX1's
//! own choices ([`Solver::subtrees`]). Subtrees are very uneven, so threads
//! take them one at a time from a shared counter (each thread works on its
//! own copy of the solver); there are many more subtrees than threads.
//!
//! Shards cannot share a counter: they run on other machines. Each shard
//! works out its own subtrees ([`shard_pieces`]) by a cut and a dealing that
//! depend only on the problem and the shard count, so that shard K of M on
//! one machine and shard J of M on another never overlap and together
//! cover every solution, and does about a shard's share of the work.
//!
//! The threads of one search share one tally of nodes and solutions: the
//! solver's [`Budget`] bounds their sum, its [`Probe`](crate::Probe) sees
//! their sum, and the first thread to run out (or to be interrupted) stops
//! the others. The outcome says how the whole search ended.
//!
//! Most trees are small, and splitting costs more than it saves on them:
//! [`first_then_split`] (and [`count_adaptive`] for a [`Solver`]) counts on
//! one thread first, for [`SPLIT_AFTER`] nodes, and splits the tree over
//! the threads only when that was not enough. Grid searches use it too,
//! with a search of their own for the first try.

#![warn(missing_docs)]

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::budget::{Budget, End, Outcome, SharedTally};
use crate::engine::EngineChoice;
use crate::request::{Request, Want};
use crate::split::{self, pieces_for};
use crate::{Best, Cheapest, EstimateOptions, Figure, Solver, Stats};

pub use crate::split::Shard;

/// The subtrees (paths of options below the forced ones, as
/// [`Solver::subtrees`] gives them) of shard `shard`: every solution lies
/// in the subtrees of exactly one shard, and the shards' work is even.
///
/// The shards are dealt the tree in steps. At each step the group of
/// shards this one belongs to (at first, all of them) splits into at most
/// 8 parts: its share of the tree is cut into at least 1,024 subtrees a
/// part, each subtree's size is estimated by one of Knuth's random probes
/// ([`Solver::piece_sizes`], from a fixed seed), subtrees estimated at
/// more than half a shard's share are cut further,
/// and the subtrees are dealt largest first, each to the part with the
/// least estimated work per shard. The shard then goes on with its own
/// part alone, until its part is itself. Cutting and estimating only its
/// own part keeps each shard's overhead a fraction of its search; the
/// cut, the estimates and the dealing depend only on the problem, its
/// forced options and the shard count, so that every machine deals alike
/// (docs/sharding.md has the measured balance).
pub fn shard_pieces(solver: &mut Solver, shard: Shard) -> Vec<Vec<usize>> {
    split::shard_pieces(solver, shard)
}

/// Nodes a count runs on one thread before [`first_then_split`] splits its
/// tree over the threads: from a few milliseconds (queens) to a tenth of a
/// second (pentominoes, whose nodes are heavy). The work done on one thread
/// is thrown away when the tree turns out bigger, so this stays small: at
/// 2^20 nodes, pentominoes lost a second of its 3.6 on two threads.
pub const SPLIT_AFTER: u64 = 1 << 16;

/// Counts on one thread first and, if the tree is bigger than
/// [`SPLIT_AFTER`] nodes, on `jobs` threads: the one adaptive count of the
/// workspace, for any search. `one` counts on one thread within the
/// budget it is given; `split` counts on every thread within the budget
/// it is given (the nodes the first try spent are taken from `budget`).
/// With one job, `one` alone counts, within `budget`. The outcome's nodes
/// are both tries' together.
///
/// ```
/// use dlx::{parallel, text, Budget, Solver};
/// let p = text::parse("a b\na\nb\na b\n").unwrap().problem;
/// let mut solver = Solver::new(&p);
/// let o = parallel::first_then_split(
///     &mut solver,
///     2,
///     Budget::UNLIMITED,
///     |s, b| { s.set_budget(b); s.count(None) },
///     |s, b| { s.set_budget(b); parallel::count(s, 2, None, None) },
/// );
/// assert_eq!(o.solutions(), Some(2));
/// ```
pub fn first_then_split<T, O, S>(target: &mut T, jobs: usize, budget: Budget, one: O, split: S) -> Outcome
where
    O: FnOnce(&mut T, Budget) -> Outcome,
    S: FnOnce(&mut T, Budget) -> Outcome,
{
    first_then_split_with(target, jobs, budget, one, None::<fn(&mut T)>, split)
}

/// [`first_then_split`], with something to do when the first try was not
/// enough: `long`, if given, runs between the two tries (to estimate the
/// tree for a progress bar, see [`Probe::set_foresee`]). Given `long`, the
/// two tries happen even with one job; `split` must then count on one
/// thread.
///
/// [`Probe::set_foresee`]: crate::Probe::set_foresee
pub fn first_then_split_with<T, O, L, S>(
    target: &mut T,
    jobs: usize,
    budget: Budget,
    one: O,
    long: Option<L>,
    split: S,
) -> Outcome
where
    O: FnOnce(&mut T, Budget) -> Outcome,
    L: FnOnce(&mut T),
    S: FnOnce(&mut T, Budget) -> Outcome,
{
    if jobs <= 1 && long.is_none() {
        return one(target, budget);
    }
    let bounded_below_split = budget.max_nodes.is_some_and(|m| m <= SPLIT_AFTER);
    let trial = if bounded_below_split { budget } else { budget.with_nodes(SPLIT_AFTER) };
    let first = one(target, trial);
    if first.end() != End::OutOfNodes || bounded_below_split {
        return first;
    }
    if let Some(long) = long {
        long(target);
    }
    let rest = split(target, budget.less(first.nodes()));
    Outcome::wide(rest.end(), rest.so_far_wide(), first.nodes() + rest.nodes())
}

/// The probes of the estimate a long count makes when its probe asks for
/// one ([`Probe::set_foresee`](crate::Probe::set_foresee)): a few
/// thousand, enough for a fraction done to within some percent on most
/// trees.
pub const FORESIGHT_PROBES: u64 = 4_000;

/// The most time that estimate may take (it stops there and gives
/// nothing): deep trees (big grids) have long probes.
pub const FORESIGHT_TIME: Duration = Duration::from_millis(500);

/// Whether a figure is narrow enough to show a fraction done from: its
/// 95% interval within a factor 1.5 of the estimate either way.
pub fn is_steady(f: &Figure) -> bool {
    f.from_spread && f.value >= 1.0 && f.high <= 1.5 * f.value && f.low >= f.value / 1.5
}

/// Runs `estimate` with a budget that ends [`FORESIGHT_TIME`] from now at
/// the latest, on a target whose budget is `budget`.
pub fn foresight_budget(budget: Budget) -> Budget {
    let soon = Instant::now() + FORESIGHT_TIME;
    budget.with_deadline(budget.deadline.map_or(soon, |d| d.min(soon)))
}

/// The estimate a long count of `solver`'s problem makes for its probe
/// (see [`Probe::set_foresee`](crate::Probe::set_foresee)): the nodes,
/// if their interval is steady.
fn foresee(solver: &mut Solver) {
    let Some(probe) = solver.probe().cloned() else { return };
    probe.forget_expectations();
    let budget = solver.budget();
    solver.set_budget(foresight_budget(budget));
    let e = solver.estimate(&EstimateOptions { probes: FORESIGHT_PROBES, seed: 0, stratify: true });
    solver.set_budget(budget);
    if e.end == End::Complete && is_steady(&e.nodes) {
        probe.expect_nodes(Some(e.nodes.value.round() as u64));
    }
}

/// Counts the solutions of `solver`'s problem (below its forced options) as
/// `request` asks: its shard on `jobs` threads, or the whole tree the
/// adaptive way ([`count_adaptive`], on one thread when faithful), within
/// the request's budget, up to its limit. A request that is not a count
/// counts every solution.
pub fn count_for(solver: &mut Solver, request: &Request) -> Outcome {
    solver.set_faithful(request.faithful);
    solver.set_budget(request.budget);
    let limit = match request.want {
        Want::Count { limit } => limit,
        Want::Any | Want::All => None,
    };
    // A node budget is DLX1's nodes: left to choose, the count stays on
    // the plain engines (forced, the memo's nodes are its states).
    let engine = match request.engine {
        EngineChoice::Auto if request.budget.max_nodes.is_some() => EngineChoice::Plain,
        e => e,
    };
    solver.set_engine(engine);
    solver.set_memory(request.memory.unwrap_or(crate::DEFAULT_MEMORY));
    // The memo engine counts a shard on one thread, one table for every
    // subtree; the whole count on the request's threads, sharing one table
    // (docs/memo.md).
    let memo = solver.counts_by_memo(limit);
    match request.shard {
        Some(_) if memo => {
            solver.set_memo_jobs(1);
            count(solver, 1, request.shard, limit)
        }
        Some(_) => count(solver, request.jobs, request.shard, limit),
        None if memo => {
            solver.set_memo_jobs(request.count_jobs());
            solver.count(limit)
        }
        None => count_adaptive(solver, request.count_jobs(), limit),
    }
}

/// Visits the solutions of `solver`'s problem (below its forced options) as
/// `request` asks, until `visit` breaks or the request's budget runs out:
/// a shard's listing ([`search_shard`]), every solution on several threads
/// in no set order when the request allows it ([`search`]), or one thread
/// in DLX1's order.
pub fn list_for<F>(solver: &mut Solver, request: &Request, visit: F) -> Outcome
where
    F: FnMut(&[usize]) -> ControlFlow<()>,
{
    solver.set_faithful(request.faithful);
    solver.set_budget(request.budget);
    match (request.want, request.shard) {
        (Want::All, Some(shard)) => search_shard(solver, shard, visit),
        (Want::All, None) if request.list_jobs() > 1 => search(solver, request.list_jobs(), visit),
        _ => solver.search(visit),
    }
}

/// Counts the solutions of `solver`'s problem (below its forced options) as
/// [`first_then_split`] does: on one thread for [`SPLIT_AFTER`] nodes, then
/// on `jobs` threads ([`count`]), within the solver's budget. If the
/// solver's probe [foresees](crate::Probe::set_foresee), a count that
/// outgrows its first try estimates its tree first and gives the probe the
/// expected nodes (one job included).
pub fn count_adaptive(solver: &mut Solver, jobs: usize, limit: Option<u64>) -> Outcome {
    let budget = solver.budget();
    let foresees = solver.probe().is_some_and(|p| p.foresees());
    let outcome = first_then_split_with(
        solver,
        jobs,
        budget,
        |s, b| {
            s.set_budget(b);
            s.count(limit)
        },
        foresees.then_some(foresee),
        |s, b| {
            s.set_budget(b);
            if jobs > 1 {
                count(s, jobs, None, limit)
            } else {
                s.count(limit)
            }
        },
    );
    solver.set_budget(budget);
    outcome
}

/// Counts the solutions of `solver`'s problem (below its forced options) on
/// `jobs` threads, or only those of `shard`, stopping near `limit` if
/// given, or when the solver's budget runs out (for every thread
/// together), and says how it ended.
pub fn count(solver: &mut Solver, jobs: usize, shard: Option<Shard>, limit: Option<u64>) -> Outcome {
    let jobs = jobs.max(1);
    let subtrees = match shard {
        Some(s) => shard_pieces(solver, s),
        None => solver.subtrees(pieces_for(jobs)),
    };
    let next = AtomicUsize::new(0);
    // Wide: the memo engine's counts may pass u64.
    let total = Mutex::new(0u128);
    let cap = limit.map_or(u128::MAX, u128::from);
    let limit = limit.unwrap_or(u64::MAX);
    let tally = Arc::new(SharedTally::new());
    // A count past u128 (one subtree's, or the sum's): said to the user.
    let overflowed = AtomicBool::new(false);
    // Each thread's statistics, summed over its subtrees.
    let work = |solver: &mut Solver| {
        let mut stats = Stats::default();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let done = u64::try_from(*total.lock().expect("a counting thread panicked")).unwrap_or(u64::MAX);
            if i >= subtrees.len() || done >= limit || tally.stopped().is_some() {
                break;
            }
            let o = solver.count_subtree(&subtrees[i], Some(limit - done));
            stats += solver.stats();
            if solver.memo_overflowed() {
                overflowed.store(true, Ordering::Relaxed);
            }
            let mut sum = total.lock().expect("a counting thread panicked");
            match sum.checked_add(o.so_far_wide()) {
                Some(t) => *sum = t,
                // Past u128: unknown, never a wrong sum.
                None => {
                    overflowed.store(true, Ordering::Relaxed);
                    tally.stop(End::OutOfNodes);
                }
            }
            drop(sum);
            if o.is_unknown() {
                // The other threads stop too, and the sum is unknown.
                tally.stop(o.end());
                break;
            }
        }
        stats
    };
    let stats = if jobs == 1 {
        solver.set_tally(Some(tally.clone()));
        let stats = work(solver);
        solver.set_tally(None);
        stats
    } else {
        std::thread::scope(|scope| {
            let threads: Vec<_> = (0..jobs)
                .map(|_| {
                    let mut mine = solver.clone();
                    mine.set_tally(Some(tally.clone()));
                    scope.spawn(move || work(&mut mine))
                })
                .collect();
            threads.into_iter().fold(Stats::default(), |mut sum, t| {
                sum += t.join().expect("a counting thread panicked");
                sum
            })
        })
    };
    // The statistics of every subtree counted, the nodes above them left
    // out (for a shard, those of its own subtrees).
    solver.set_stats(stats);
    solver.set_memo_overflowed(overflowed.into_inner());
    let total = total.into_inner().expect("a counting thread panicked").min(cap);
    let end = match tally.stopped() {
        Some(why) => why,
        None if total >= cap => End::Limit,
        None => End::Complete,
    };
    Outcome::wide(end, total, tally.nodes())
}

/// Visits the solutions of shard `shard` (see [`shard_pieces`]), one
/// subtree after another, each in DLX1's order, on this thread, until
/// `visit` breaks or the solver's budget (for the whole shard) runs out.
/// The shards' listings together are exactly the full listing.
pub fn search_shard<F>(solver: &mut Solver, shard: Shard, mut visit: F) -> Outcome
where
    F: FnMut(&[usize]) -> ControlFlow<()>,
{
    let subtrees = shard_pieces(solver, shard);
    let tally = Arc::new(SharedTally::new());
    solver.set_tally(Some(tally.clone()));
    let mut visited = 0u64;
    let mut broke = false;
    let mut stats = Stats::default();
    for prefix in &subtrees {
        let o = solver.search_subtree(prefix, |s| {
            visited += 1;
            let flow = visit(s);
            broke = flow.is_break();
            flow
        });
        stats += solver.stats();
        if broke || o.is_unknown() {
            break;
        }
    }
    solver.set_tally(None);
    solver.set_stats(stats);
    let end = match tally.stopped() {
        Some(why) => why,
        None if broke => End::Limit,
        None => End::Complete,
    };
    Outcome::new(end, visited, tally.nodes())
}

/// How many solutions a listing thread hands over at a time.
const BATCH: usize = 256;

/// Visits every solution of `solver`'s problem (below its forced options,
/// which each solution lists first) while `jobs` threads search its
/// subtrees, in no set order. `visit` runs on the calling thread; the
/// threads hand it solutions in batches through a bounded channel, so
/// memory stays flat however many solutions there are. Once `visit`
/// breaks, the threads stop at their next solution. Returns how the search
/// ended, with the solutions visited and the nodes of every thread.
pub fn search<F>(solver: &mut Solver, jobs: usize, mut visit: F) -> Outcome
where
    F: FnMut(&[usize]) -> ControlFlow<()>,
{
    search_map(solver, jobs, |s| s.to_vec(), |s| visit(&s))
}

/// Lists as [`search`] does, but turns each solution into a `T` with `map`
/// on the thread that found it (formatting it, say), so that the calling
/// thread's `visit` has less to do.
pub fn search_map<T, M, F>(solver: &mut Solver, jobs: usize, map: M, mut visit: F) -> Outcome
where
    T: Send,
    M: Fn(&[usize]) -> T + Sync,
    F: FnMut(T) -> ControlFlow<()>,
{
    let jobs = jobs.max(1);
    let subtrees = solver.subtrees(pieces_for(jobs));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let tally = Arc::new(SharedTally::new());
    let mut visited = 0u64;
    let mut broke = false;
    let (tx, rx) = sync_channel::<Vec<T>>(4 * jobs);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let mut mine = solver.clone();
            mine.set_tally(Some(tally.clone()));
            let tx = tx.clone();
            let (next, stop, subtrees, map) = (&next, &stop, &subtrees, &map);
            scope.spawn(move || {
                let mut batch = Vec::with_capacity(BATCH);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= subtrees.len() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let o = mine.search_subtree(&subtrees[i], |s| {
                        batch.push(map(s));
                        if batch.len() == BATCH {
                            let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                            if tx.send(full).is_err() {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                        match stop.load(Ordering::Relaxed) {
                            true => ControlFlow::Break(()),
                            false => ControlFlow::Continue(()),
                        }
                    });
                    if o.is_unknown() {
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
                if !batch.is_empty() {
                    let _ = tx.send(batch);
                }
            });
        }
        drop(tx);
        'all: for batch in rx.iter() {
            for s in batch {
                visited += 1;
                if visit(s).is_break() {
                    broke = true;
                    stop.store(true, Ordering::Relaxed);
                    break 'all;
                }
            }
        }
        // Threads blocked on a full channel wake up to a closed one.
        drop(rx);
    });
    let end = match tally.stopped() {
        Some(why) => why,
        None if broke => End::Limit,
        None => End::Complete,
    };
    Outcome::new(end, visited, tally.nodes())
}

/// The `k` cheapest solutions of `cheapest`'s problem as `request` asks:
/// within its budget, DLX5's own tree and statistics when faithful, and on
/// several threads ([`best`]) when any order of equal costs will do.
pub fn best_for(cheapest: &mut crate::Cheapest, k: usize, request: &Request) -> crate::Best {
    cheapest.set_budget(request.budget);
    cheapest.set_faithful(request.faithful);
    match request.list_jobs() {
        jobs if jobs > 1 => best(cheapest, k, jobs),
        _ => cheapest.best(k),
    }
}

/// The `k` cheapest solutions of `cheapest`'s problem, found by `jobs`
/// threads that share the `k`-th best cost so far as their cutoff (see
/// [`Cheapest::best`] for one thread): the same costs as one
/// thread, in increasing order; among solutions of equal cost, which are
/// listed may differ. The threads share `cheapest`'s budget and probe as
/// [`count`]'s do; when the budget runs out or the probe stops them, the
/// list is unknown ([`Best::cheapest`] is `None`).
pub fn best(cheapest: &mut Cheapest, k: usize, jobs: usize) -> Best {
    if k == 0 {
        return cheapest.best(0);
    }
    let jobs = jobs.max(1);
    let cut = cheapest.cut_for_best(k, jobs);
    let total = if jobs == 1 {
        cheapest.search_cut(&cut)
    } else {
        std::thread::scope(|scope| {
            let threads: Vec<_> = (0..jobs)
                .map(|_| {
                    let mut mine = cheapest.clone();
                    let cut = &cut;
                    scope.spawn(move || mine.search_cut(cut))
                })
                .collect();
            threads.into_iter().fold(Stats::default(), |mut sum, t| {
                sum += t.join().expect("a search thread panicked");
                sum
            })
        })
    };
    cheapest.finish_cut(cut, total)
}
