//! How a search tree is cut into independent subtrees, for threads and for
//! shards, written once for every engine.
//!
//! - **For threads**, [`cut`] takes the tree level by level from the top
//!   until it has enough subtrees ([`pieces_for`] a number of threads), at
//!   most [`MAX_SPLIT_DEPTH`] levels down; each engine says what the
//!   children of a node are (DLX1's options, or Algorithm M's branches).
//! - **For shards**, which run on other machines and cannot share a
//!   counter, [`shard_pieces`] deals each shard its own subtrees by a cut
//!   and Knuth's estimates that depend only on the problem and the shard
//!   count, through a [`Divisible`] tree (the [`Solver`](crate::Solver)).
//!   [`piece_seed`] seeds a piece's probes from its path alone, so that
//!   every machine estimates alike.
//!
//! A subtree is given by the steps taken on the way down to it from the
//! top (below the forced options): options for the dancing links and the
//! bitsets, branch numbers for Algorithm M. Every solution lies in exactly
//! one subtree; dead ends are dropped.

#![warn(missing_docs)]

use crate::estimate::SplitMix64;

/// Which part of the tree to count: shard `index` (from 0) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 0.
    pub index: usize,
    /// How many shards the tree is cut into.
    pub count: usize,
}

/// How deep a cut goes at most: each level of a cut replays every prefix
/// again, so a deep, narrow tree is not followed all the way down; past
/// this many levels the subtrees stay as they are, fewer than asked (and a
/// shard's cut deals such a tree as it is).
pub(crate) const MAX_SPLIT_DEPTH: usize = 24;

/// How many subtrees to cut a tree into for `jobs` threads, which take
/// them one at a time: subtrees are very uneven, so many more than threads.
pub(crate) fn pieces_for(jobs: usize) -> usize {
    64 * jobs
}

/// Cuts a tree into at least `at_least` subtrees when it has that many,
/// level by level from the top, at most [`MAX_SPLIT_DEPTH`] levels.
/// `children(path)` says what the node at the end of `path` leads to:
/// `None` at a solution (the subtree stays as it is), else the steps to
/// its children (none at a dead end, which is dropped).
pub(crate) fn cut(
    at_least: usize,
    mut children: impl FnMut(&[usize]) -> Option<Vec<usize>>,
) -> Vec<Vec<usize>> {
    let mut frontier: Vec<Vec<usize>> = vec![Vec::new()];
    for _depth in 0..MAX_SPLIT_DEPTH {
        if frontier.len() >= at_least {
            break;
        }
        let mut next = Vec::with_capacity(frontier.len() * 4);
        let mut grew = false;
        for prefix in frontier {
            match children(&prefix) {
                Some(kids) => {
                    grew = true;
                    next.extend(kids.into_iter().map(|o| {
                        let mut p = prefix.clone();
                        p.push(o);
                        p
                    }));
                }
                None => next.push(prefix),
            }
        }
        frontier = next;
        if !grew {
            break;
        }
    }
    frontier
}

/// The seed of a piece's probes: `seed` mixed with the piece's path, so
/// that a piece is estimated alike wherever it stands in a list.
pub(crate) fn piece_seed(seed: u64, piece: &[usize]) -> u64 {
    let mut rng = SplitMix64::new(seed);
    let mut h = rng.next_u64();
    for &o in piece {
        h = SplitMix64::new(h ^ o as u64).next_u64();
    }
    h
}

/// A tree that shards can be dealt from: its pieces can be cut one level
/// further, and their sizes estimated.
pub(crate) trait Divisible {
    /// The children of each of `pieces`, in order (a piece at a solution
    /// stays as it is, one at a dead end is dropped), and whether any
    /// piece had children.
    fn expand(&mut self, pieces: &[Vec<usize>]) -> (Vec<Vec<usize>>, bool);

    /// Knuth's estimate of the nodes in each of `pieces`: the mean of
    /// `probes` random probes, seeded by `seed` and the piece's path
    /// alone ([`piece_seed`]).
    fn piece_sizes(&mut self, pieces: &[Vec<usize>], probes: &[u64], seed: u64) -> Vec<f64>;
}

/// How many parts a group of shards is dealt into at each step of
/// [`shard_pieces`].
const PARTS: usize = 8;
/// How many subtrees per part a group's share of the tree is cut into
/// before it is dealt. Deep cuts deal evenly: the levels above the cut are
/// counted, not estimated, and most of a probe's variance comes from the
/// first levels it guesses (pentominoes, M = 64, nodes: largest shard over
/// the mean 1.08 at 1,024 subtrees a part with one probe each, against
/// 1.16-1.20 at 256 with four; docs/sharding.md).
const PIECES_PER_PART: usize = 1024;
/// Random probes per subtree for its estimate.
const PROBES: u64 = 1;
/// A subtree estimated above a shard's share over this is cut further
/// before dealing.
const BIG: f64 = 2.0;
/// The most rounds of cutting big subtrees further, at one step.
const MAX_REFINE: usize = 8;
/// The fixed seed of the shards' estimates.
const SEED: u64 = 0x05ee_d0f5_ba2d;

/// Knuth's estimate of the nodes of each of `pieces`, [`PROBES`] random
/// probes each from a fixed seed.
fn estimate(tree: &mut impl Divisible, pieces: &[Vec<usize>]) -> Vec<f64> {
    tree.piece_sizes(pieces, &vec![PROBES; pieces.len()], SEED)
}

/// The subtrees of shard `shard`: every solution lies in the subtrees of
/// exactly one shard, and the shards' work is even (see
/// [`crate::parallel::shard_pieces`], which documents the dealing).
pub(crate) fn shard_pieces(tree: &mut impl Divisible, shard: Shard) -> Vec<Vec<usize>> {
    let mut pieces: Vec<Vec<usize>> = vec![Vec::new()];
    // This shard's group: shards lo..lo + n.
    let (mut lo, mut n) = (0, shard.count);
    while n > 1 {
        let parts = PARTS.min(n);
        for _ in 0..MAX_SPLIT_DEPTH {
            if pieces.len() >= PIECES_PER_PART * parts {
                break;
            }
            let (next, grew) = tree.expand(&pieces);
            pieces = next;
            if !grew {
                break;
            }
        }
        let mut sizes = estimate(tree, &pieces);
        for _ in 0..MAX_REFINE {
            let share = sizes.iter().sum::<f64>() / n as f64;
            let big_ones: Vec<usize> = (0..pieces.len()).filter(|&i| sizes[i] > share / BIG).collect();
            if big_ones.is_empty() {
                break;
            }
            let cut: Vec<Vec<usize>> = big_ones.iter().map(|&i| pieces[i].clone()).collect();
            let (kids, grew) = tree.expand(&cut);
            if !grew {
                break;
            }
            let kid_sizes = estimate(tree, &kids);
            let mut is_big = vec![false; pieces.len()];
            big_ones.iter().for_each(|&i| is_big[i] = true);
            let (mut p2, mut s2) = (Vec::new(), Vec::new());
            for (i, (p, sz)) in pieces.into_iter().zip(sizes).enumerate() {
                if !is_big[i] {
                    p2.push(p);
                    s2.push(sz);
                }
            }
            p2.extend(kids);
            s2.extend(kid_sizes);
            (pieces, sizes) = (p2, s2);
        }
        // Shard s of the group is in part s * parts / n.
        let part = |s: usize| s * parts / n;
        let mut room = vec![0usize; parts];
        (0..n).for_each(|s| room[part(s)] += 1);
        let mut order: Vec<usize> = (0..pieces.len()).collect();
        order.sort_by(|&a, &b| sizes[b].total_cmp(&sizes[a]).then(pieces[a].cmp(&pieces[b])));
        let mut load = vec![0.0f64; parts];
        let mut dealt = vec![0usize; pieces.len()];
        for &i in &order {
            let p = (0..parts)
                .min_by(|&a, &b| (load[a] / room[a] as f64).total_cmp(&(load[b] / room[b] as f64)))
                .expect("a part");
            load[p] += sizes[i];
            dealt[i] = p;
        }
        let mine = part(shard.index - lo);
        let mut kept: Vec<Vec<usize>> =
            pieces.into_iter().zip(dealt).filter(|&(_, p)| p == mine).map(|(piece, _)| piece).collect();
        // DLX1's order within a shard: neighbours share prefixes.
        kept.sort();
        pieces = kept;
        let first = (0..n).find(|&s| part(s) == mine).expect("a part has a shard");
        lo += first;
        n = room[mine];
    }
    pieces
}
