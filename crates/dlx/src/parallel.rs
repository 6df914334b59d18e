//! Counting and listing on several threads, and counting one shard of many.
//!
//! The search tree below the forced options is split into subtrees by DLX1's
//! own choices ([`Solver::subtrees`]): deterministic, so that shard K of M on
//! one machine and shard J of M on another never overlap and together cover
//! every solution. Subtrees are very uneven, so threads take them one at a
//! time from a shared counter (each thread works on its own copy of the
//! solver); there are many more subtrees than threads.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::sync_channel;

use crate::Solver;

/// Which part of the tree to count: shard `index` (from 0) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 0.
    pub index: usize,
    /// How many shards the tree is cut into.
    pub count: usize,
}

/// How many subtrees to cut the tree into for `shards` shards on `jobs`
/// threads. Depends on the shard count only when sharding, so that every
/// machine cuts the same tree the same way, whatever its threads.
fn pieces(jobs: usize, shard: Option<Shard>) -> usize {
    match shard {
        Some(s) => 256.max(16 * s.count),
        None => 64 * jobs,
    }
}

/// Counts the solutions of `solver`'s problem (below its forced options) on
/// `jobs` threads, or only those of `shard`, stopping near `limit` if
/// given. Returns the count and whether a probe stopped it.
pub fn count(solver: &mut Solver, jobs: usize, shard: Option<Shard>, limit: Option<u64>) -> (u64, bool) {
    let jobs = jobs.max(1);
    let subtrees: Vec<Vec<usize>> = solver
        .subtrees(pieces(jobs, shard))
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| i % s.count == s.index))
        .map(|(_, p)| p)
        .collect();
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    let limit = limit.unwrap_or(u64::MAX);
    let interrupted = std::sync::atomic::AtomicBool::new(false);
    let work = |solver: &mut Solver| loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let done = total.load(Ordering::Relaxed);
        if i >= subtrees.len() || done >= limit {
            break;
        }
        let c = solver.count_subtree(&subtrees[i], Some(limit - done));
        total.fetch_add(c, Ordering::Relaxed);
        if solver.interrupted() {
            interrupted.store(true, Ordering::Relaxed);
            break;
        }
    };
    if jobs == 1 {
        work(solver);
    } else {
        std::thread::scope(|scope| {
            for _ in 0..jobs {
                let mut mine = solver.clone();
                scope.spawn(move || work(&mut mine));
            }
        });
    }
    (total.load(Ordering::Relaxed).min(limit), interrupted.load(Ordering::Relaxed))
}

/// How many solutions a listing thread hands over at a time.
const BATCH: usize = 256;

/// Visits every solution of `solver`'s problem (below its forced options,
/// which each solution lists first) while `jobs` threads search its
/// subtrees, in no set order. `visit` runs on the calling thread; the
/// threads hand it solutions in batches through a bounded channel, so
/// memory stays flat however many solutions there are. Once `visit`
/// breaks, the threads stop at their next solution. Returns whether a
/// probe stopped the search.
pub fn search<F>(solver: &mut Solver, jobs: usize, mut visit: F) -> bool
where
    F: FnMut(&[usize]) -> ControlFlow<()>,
{
    search_map(solver, jobs, |s| s.to_vec(), |s| visit(&s))
}

/// Lists as [`search`] does, but turns each solution into a `T` with `map`
/// on the thread that found it (formatting it, say), so that the calling
/// thread's `visit` has less to do.
pub fn search_map<T, M, F>(solver: &mut Solver, jobs: usize, map: M, mut visit: F) -> bool
where
    T: Send,
    M: Fn(&[usize]) -> T + Sync,
    F: FnMut(T) -> ControlFlow<()>,
{
    let jobs = jobs.max(1);
    let subtrees = solver.subtrees(pieces(jobs, None));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let interrupted = AtomicBool::new(false);
    let (tx, rx) = sync_channel::<Vec<T>>(4 * jobs);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let mut mine = solver.clone();
            let tx = tx.clone();
            let (next, stop, interrupted, subtrees, map) = (&next, &stop, &interrupted, &subtrees, &map);
            scope.spawn(move || {
                let mut batch = Vec::with_capacity(BATCH);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= subtrees.len() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    mine.search_subtree(&subtrees[i], |s| {
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
                    if mine.interrupted() {
                        interrupted.store(true, Ordering::Relaxed);
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
                if visit(s).is_break() {
                    stop.store(true, Ordering::Relaxed);
                    break 'all;
                }
            }
        }
        // Threads blocked on a full channel wake up to a closed one.
        drop(rx);
    });
    interrupted.load(Ordering::Relaxed)
}

/// The `k` cheapest solutions of `cheapest`'s problem, found by `jobs`
/// threads that share the `k`-th best cost so far as their cutoff (see
/// [`crate::Cheapest::best`] for one thread): the same costs as one thread, in
/// increasing order; among solutions of equal cost, which are listed may
/// differ. Returns them and whether a probe stopped the search (they are
/// then the best found so far).
pub fn best(cheapest: &mut crate::Cheapest, k: usize, jobs: usize) -> (Vec<crate::Costed>, bool) {
    crate::cost::parallel_best(cheapest, k, jobs)
}
