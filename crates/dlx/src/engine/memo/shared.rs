//! One memo table shared by several threads counting the same problem.
//!
//! The table is cut into up to [`SHARDS`] tables of the single-thread kind
//! (`Table`: packed slots, growth by half, replacement at the cap), each
//! behind its own lock; a state goes to the shard its hash's low bits name
//! (its slot in the shard comes from the hash's high bits; a small cap
//! is cut into fewer shards, [`SHARD_BYTES`] at least each). A lock is held
//! only for one lookup or one insertion, so with two threads and 64 shards
//! they seldom wait for each other, and each shard grows on its own (a
//! growth holds one shard's lock, and its peak is one shard's, not the
//! whole table's). The memory cap is split evenly among the shards.
//!
//! Every thread walks the whole memo tree from the root, each taking the
//! children of a state in its own order: forward for even threads,
//! backward for odd ones, starting a part of the way along for threads
//! beyond the second pair. Two threads thus start at opposite ends of the
//! tree and of every subproblem, and a subproblem one finishes is a hit
//! for the other when it gets there. A state's count goes into the table
//! only once the count is complete, so whatever the interleaving every
//! count found in the table is exact; two threads that compute the same
//! state at once compute the same count, and the second insertion finds
//! the state there already. The first thread to finish the root has the
//! answer, and the others stop.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::{Memo, MemoError, MemoStats, State, Table, FIRST_SLOTS};
use crate::budget::{End, Meter, SharedTally};

/// The most tables a shared table is cut into (a power of two).
const SHARDS: usize = 64;

/// The fewest bytes of the cap a shard takes: a small cap is cut into
/// fewer shards (down to one), or each would hold too few states to be of
/// use (a 1 KB cap cut in 64 would leave no slot at all).
const SHARD_BYTES: u64 = 1 << 20;

/// A shard on cache lines of its own (its lock and figures are written at
/// every lookup: shards sharing a line would slow each other).
#[repr(align(128))]
struct Padded<T>(T);

/// A memo table several threads read and insert into at once.
pub(super) struct Shared<const N: usize> {
    shards: Vec<Padded<Mutex<Table<N>>>>,
    /// The shards less one (their number is a power of two).
    mask: usize,
}

impl<const N: usize> Shared<N> {
    /// A table of states whose first `key_bits` bits are used, under
    /// `memory` bytes in all.
    pub(super) fn new(memory: u64, key_bits: usize) -> Shared<N> {
        let n = (memory / SHARD_BYTES).clamp(1, SHARDS as u64) as usize;
        let n = 1 << n.ilog2();
        let shards = (0..n)
            .map(|_| {
                let mut t = Table::new(memory / n as u64, key_bits);
                t.first = FIRST_SLOTS / n;
                Padded(Mutex::new(t))
            })
            .collect();
        Shared { shards, mask: n - 1 }
    }

    #[inline(always)]
    fn shard(&self, key: &State<N>) -> std::sync::MutexGuard<'_, Table<N>> {
        let i = Table::<N>::hash(key) as usize & self.mask;
        self.shards[i].0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    #[inline]
    pub(super) fn get(&self, key: &State<N>) -> Option<u128> {
        self.shard(key).get(key)
    }

    #[inline]
    pub(super) fn insert(&self, key: &State<N>, count: u128) {
        self.shard(key).insert(key, count)
    }

    /// The shards' figures together (`computed` left 0).
    pub(super) fn stats(&self) -> MemoStats {
        let mut s = MemoStats::default();
        for shard in &self.shards {
            let t = shard.0.lock().unwrap_or_else(PoisonError::into_inner);
            s.hits += t.hits;
            s.stored += t.len as u64;
            s.bytes += t.bytes();
            s.full |= t.full;
            s.replaced += t.replaced;
        }
        s
    }
}

/// The order in which a thread takes the children of a state: from
/// `part / parts` of the way along its options, forward or backward.
#[derive(Clone, Copy, Debug)]
struct Order {
    backward: bool,
    part: usize,
    parts: usize,
}

impl Order {
    /// The order of thread `t` of `jobs`.
    fn of(t: usize, jobs: usize) -> Order {
        Order { backward: t % 2 == 1, part: t / 2, parts: jobs.div_ceil(2) }
    }
}

/// What one thread carries down its walk.
struct Walk<'a, const N: usize> {
    table: &'a Shared<N>,
    meter: Meter,
    /// Set when some thread has finished (or failed): the others stop.
    finished: &'a AtomicBool,
    order: Order,
    /// States this thread computed.
    computed: u64,
}

impl<const N: usize> Memo<N> {
    /// The number of solutions below state `s`, on `jobs` threads sharing
    /// one table (this memo's own table is neither read nor written);
    /// `meter`'s budget and probe hold for all the threads together.
    /// Returns the count and the shared table's figures.
    pub(super) fn count_threads(
        &self,
        s: &State<N>,
        meter: &Meter,
        jobs: usize,
    ) -> (Result<u128, MemoError>, MemoStats) {
        let table = Shared::<N>::new(self.table.memory, self.key_bits);
        let tally = Arc::new(SharedTally::new());
        let finished = AtomicBool::new(false);
        let results: Vec<(Result<u128, MemoError>, u64)> = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..jobs)
                .map(|t| {
                    let mut m = meter.clone();
                    m.set_tally(Some(tally.clone()));
                    let mut walk = Walk {
                        table: &table,
                        meter: m,
                        finished: &finished,
                        order: Order::of(t, jobs),
                        computed: 0,
                    };
                    scope.spawn(move || {
                        walk.meter.start();
                        let r = self.count_shared(s, &mut walk);
                        // Done or failed: either way the others stop.
                        walk.finished.store(true, Ordering::Relaxed);
                        let _ = walk.meter.finish(0, walk.meter.nodes(), End::Complete);
                        (r, walk.computed)
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().expect("a memo counting thread panicked")).collect()
        });
        let mut stats = table.stats();
        stats.computed = results.iter().map(|r| r.1).sum();
        (combine(results.into_iter().map(|r| r.0)), stats)
    }

    /// [`Memo::count`] on a table shared with other threads, the children
    /// of each state taken in `walk`'s order.
    fn count_shared(&self, s: &State<N>, walk: &mut Walk<'_, N>) -> Result<u128, MemoError> {
        if self.done(s) {
            return Ok(1);
        }
        if let Some(c) = walk.table.get(s) {
            return Ok(c);
        }
        walk.computed += 1;
        if walk.finished.load(Ordering::Relaxed) {
            return Err(MemoError::Stopped(End::Complete));
        }
        if walk.meter.node(0) {
            return Err(MemoError::Stopped(walk.meter.end()));
        }
        let Some(item) = self.branch(s, self.branching) else {
            walk.table.insert(s, 0);
            return Ok(0);
        };
        let (lo, n) =
            (self.item_start[item] as usize, (self.item_start[item + 1] - self.item_start[item]) as usize);
        let start = walk.order.part * n / walk.order.parts;
        let mut sum = 0u128;
        for j in 0..n {
            let mut k = start + j;
            if k >= n {
                k -= n;
            }
            if walk.order.backward {
                k = n - 1 - k;
            }
            let o = self.item_options[lo + k] as usize;
            if self.fits(s, o) {
                let t = self.apply(s, o);
                sum = sum.checked_add(self.count_shared(&t, walk)?).ok_or(MemoError::Overflow)?;
            }
        }
        walk.table.insert(s, sum);
        Ok(sum)
    }
}

/// The answer of several threads' walks: a count if any finished (all
/// that finished have the same), else a count past `u128`, else why the
/// budget or the probe stopped them (a thread that stopped only because
/// another was done or failed says nothing).
fn combine(results: impl Iterator<Item = Result<u128, MemoError>>) -> Result<u128, MemoError> {
    let mut answer = Err(MemoError::Stopped(End::Complete));
    for r in results {
        answer = match (answer, r) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "two threads counted the same state differently");
                Ok(a)
            }
            (Ok(a), _) | (_, Ok(a)) => Ok(a),
            (Err(MemoError::Overflow), _) | (_, Err(MemoError::Overflow)) => Err(MemoError::Overflow),
            (Err(MemoError::Stopped(End::Complete)), e) => e,
            (e, _) => e,
        };
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_that_stopped_because_another_finished_say_nothing() {
        let done = Err(MemoError::Stopped(End::Complete));
        let budget = Err(MemoError::Stopped(End::OutOfNodes));
        assert_eq!(combine([done, Ok(7)].into_iter()), Ok(7));
        assert_eq!(combine([budget, done].into_iter()), budget);
        assert_eq!(combine([done, budget].into_iter()), budget);
        assert_eq!(combine([budget, Ok(3)].into_iter()), Ok(3));
        assert_eq!(combine([budget, Err(MemoError::Overflow)].into_iter()), Err(MemoError::Overflow));
    }
}
