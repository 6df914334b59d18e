//! What the engines that search for the cheapest solutions lay out beside
//! the arena: the options sorted by cost, so that every item's list is
//! (what the steps below a threshold of `arena/cutoff.rs` walk), and the
//! classes of primary items that their lower bounds on cost sum over. DLX5's
//! engine (`engine/cost.rs`) and Algorithm M with costs
//! (`engine/multiplicity.rs`) both use them.

use crate::arena::{Arena, Index};
use crate::problem::Problem;

/// At most this many classes of items feed the lower bound.
pub(crate) const MAX_CLASSES: usize = 8;

/// No class.
pub(crate) const NO_CLASS: u8 = u8::MAX;

/// Splits the primary items into classes of items no option holds two of,
/// first fit in declaration order, at most [`MAX_CLASSES`] (items that fit
/// none get [`NO_CLASS`]). Indexed by item number from 1.
pub(crate) fn classes(problem: &Problem) -> (Vec<u8>, usize) {
    let n1 = problem.primary_count();
    let mut class = vec![NO_CLASS; n1 + 1];
    // The options of each primary item.
    let mut holding: Vec<Vec<u32>> = vec![Vec::new(); n1];
    let mut work = 0usize;
    for (k, option) in problem.options().enumerate() {
        let p = option.iter().filter(|e| (e.item as usize) < n1).count();
        work += p * p;
        for e in option.iter().filter(|e| (e.item as usize) < n1) {
            holding[e.item as usize].push(k as u32);
        }
    }
    // Too many pairs to look at: no classes (each item is then its own
    // bound, as in DLX5).
    if work > 50_000_000 {
        return (class, 0);
    }
    let mut used = 0;
    for i in 0..n1 {
        let mut taken = 0u32;
        for &k in &holding[i] {
            for e in problem.option(k as usize) {
                let j = e.item as usize;
                if j < n1 && j != i && class[j + 1] != NO_CLASS {
                    taken |= 1 << class[j + 1];
                }
            }
        }
        let free = (!taken).trailing_zeros() as usize;
        if free < MAX_CLASSES {
            class[i + 1] = free as u8;
            used = used.max(free + 1);
        }
    }
    (class, used)
}

/// Lays out `problem` with its options in increasing order of `net`
/// (stably), so that every item's list is sorted by it. Returns the arena,
/// the first node of each option (by its index in `problem`), the option
/// of each node (`u32::MAX` for headers and spacers) and the `net` cost of
/// each node's option (`u64::MAX` for headers and spacers).
pub(crate) fn lay_out_sorted<I: Index>(
    problem: &Problem,
    net: &[u64],
) -> (Arena<I>, Vec<u32>, Vec<u32>, Vec<u64>) {
    let m = problem.option_count();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by_key(|&k| net[k]);
    let mut sorted = Problem {
        names: problem.names.clone(),
        primary: problem.primary,
        colors: problem.colors.clone(),
        entries: Vec::with_capacity(problem.entries.len()),
        starts: vec![0],
        bounds: problem.bounds.clone(),
        costs: Vec::new(),
    };
    for &k in &order {
        sorted.entries.extend_from_slice(problem.option(k));
        sorted.starts.push(sorted.entries.len() as u32);
    }
    let (arena, firsts) = Arena::new(&sorted);
    let total = problem.item_count() + 2 + problem.entry_count() + m;
    let mut option_of = vec![u32::MAX; total];
    let mut cost = vec![u64::MAX; total];
    let mut first = vec![0; m];
    for (pos, &k) in order.iter().enumerate() {
        let f = firsts[pos];
        first[k] = f;
        for j in 0..problem.option(k).len() {
            option_of[f as usize + j] = k as u32;
            cost[f as usize + j] = net[k];
        }
    }
    (arena, first, option_of, cost)
}
