//! Zero-suppressed decision diagrams (ZDDs) of solution families: what the
//! memo engine (Algorithm Z, `engine/memo.rs`) leaves behind when asked,
//! and what can be counted, listed and sampled again without searching.
//!
//! A node names an option and two children: `lo`, the solutions without
//! the option, and `hi`, the rest of the solutions with it. The two
//! terminals are [`BOTTOM`] (no solution) and [`TOP`] (the empty solution,
//! all primary items covered). Nodes are numbered from 2 in the order they
//! were made, children before parents, so every node's children have
//! smaller numbers (a diagram read from a file is checked for it: no
//! cycle can hide in one). As in DLX6, the diagram is not *ordered* (the
//! options on a path need not rise): each node stands for a state of the
//! search, its `lo` chain the options of the state's branching item.
//!
//! [`Builder`] keeps a unique table, so that no two nodes are equal (same
//! option and children) and no node has `hi` = [`BOTTOM`]: the diagram is
//! *reduced*, as small as a ZDD of the same shape can be.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::ControlFlow;

use crate::estimate::{below_u128, SplitMix64};
use crate::problem::Problem;

/// The terminal of no solution.
pub const BOTTOM: u32 = 0;
/// The terminal of the empty solution.
pub const TOP: u32 = 1;

/// One node: solutions without `option` (`lo`), and with it (`hi`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// The option's index in its problem (from 0).
    pub option: u32,
    /// The node of the solutions without the option.
    pub lo: u32,
    /// The node of the rest of the solutions with it.
    pub hi: u32,
}

/// Why a diagram read or made is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZddError {
    /// Node `id` (from 2) points at itself or a later node.
    Forward { id: u32 },
    /// Node `id` names option `option`, past the problem's `options`.
    Option { id: u32, option: u32, options: usize },
    /// Node `id`'s `hi` is [`BOTTOM`]: not zero-suppressed.
    Suppressed { id: u32 },
    /// The root is past the last node.
    Root { root: u32 },
    /// The count passes 2^128 - 1.
    Overflow,
    /// Below node `id` some solution covers a primary item twice or
    /// leaves one uncovered.
    Cover { id: u32 },
}

impl std::fmt::Display for ZddError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ZddError::Forward { id } => write!(f, "node {id} points at itself or at a later node"),
            ZddError::Option { id, option, options } => {
                write!(f, "node {id} names option {}, past the problem's {options}", *option as u64 + 1)
            }
            ZddError::Suppressed { id } => write!(f, "node {id} has no solution with its option (hi is 0)"),
            ZddError::Root { root } => write!(f, "the root {root} is past the last node"),
            ZddError::Overflow => f.write_str("the count passes 2^128 - 1"),
            ZddError::Cover { id } => {
                write!(f, "below node {id} a solution covers a primary item twice or leaves one uncovered")
            }
        }
    }
}

impl std::error::Error for ZddError {}

/// A diagram of a family of solutions (sets of options).
///
/// ```
/// use dlx::{Node, Zdd, TOP};
/// // {0, 2} and {1}: node 2 = (2 ? TOP), node 3 = option 0 then node 2,
/// // node 4 = option 1 alone, else node 3.
/// let nodes = vec![
///     Node { option: 2, lo: 0, hi: TOP },
///     Node { option: 0, lo: 0, hi: 2 },
///     Node { option: 1, lo: 3, hi: TOP },
/// ];
/// let z = Zdd::new(nodes, 4, 3).unwrap();
/// assert_eq!(z.count(), Ok(2));
/// let mut all = Vec::new();
/// z.for_each(|s| { all.push(s.to_vec()); std::ops::ControlFlow::Continue(()) });
/// assert_eq!(all, vec![vec![1], vec![0, 2]]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zdd {
    nodes: Vec<Node>,
    root: u32,
}

impl Zdd {
    /// The diagram of `nodes` (node `k + 2` is `nodes[k]`) from `root`,
    /// over a problem of `options` options; checked: children before
    /// parents, options in range, no `hi` = [`BOTTOM`], the root a node.
    pub fn new(nodes: Vec<Node>, root: u32, options: usize) -> Result<Zdd, ZddError> {
        for (k, n) in nodes.iter().enumerate() {
            let id = k as u32 + 2;
            if n.lo >= id || n.hi >= id {
                return Err(ZddError::Forward { id });
            }
            if n.option as usize >= options {
                return Err(ZddError::Option { id, option: n.option, options });
            }
            if n.hi == BOTTOM {
                return Err(ZddError::Suppressed { id });
            }
        }
        if root as usize >= nodes.len() + 2 {
            return Err(ZddError::Root { root });
        }
        Ok(Zdd { nodes, root })
    }

    /// The nodes, node `k + 2` at `k`.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The root (a terminal when the family is empty or holds only the
    /// empty solution).
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The node numbered `id` (from 2).
    pub fn node(&self, id: u32) -> Node {
        self.nodes[id as usize - 2]
    }

    /// The number of nodes, terminals left out.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether there are no nodes but the terminals.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The solutions below each node, terminals first (`[0, 1, ...]`).
    pub fn counts(&self) -> Result<Vec<u128>, ZddError> {
        let mut c = Vec::with_capacity(self.nodes.len() + 2);
        c.extend([0u128, 1]);
        for n in &self.nodes {
            let sum = c[n.lo as usize].checked_add(c[n.hi as usize]).ok_or(ZddError::Overflow)?;
            c.push(sum);
        }
        Ok(c)
    }

    /// The number of solutions.
    pub fn count(&self) -> Result<u128, ZddError> {
        Ok(self.counts()?[self.root as usize])
    }

    /// Calls `f` with every solution (options in the order met from the
    /// root), until it breaks; `Break` when it did.
    pub fn for_each(&self, mut f: impl FnMut(&[usize]) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut path = Vec::new();
        self.walk(self.root, &mut path, &mut f)
    }

    fn walk(
        &self,
        mut v: u32,
        path: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        loop {
            match v {
                BOTTOM => return ControlFlow::Continue(()),
                TOP => return f(path),
                _ => {
                    let n = self.node(v);
                    path.push(n.option as usize);
                    self.walk(n.hi, path, f)?;
                    path.pop();
                    v = n.lo;
                }
            }
        }
    }

    /// A solution drawn with probability exactly 1 / count, from the
    /// counts of [`Zdd::counts`]: at each node, `hi` with probability its
    /// count over the node's. `None` when there is no solution.
    pub fn sample(&self, counts: &[u128], rng: &mut SplitMix64) -> Option<Vec<usize>> {
        let mut v = self.root;
        if counts[v as usize] == 0 {
            return None;
        }
        let mut r = below_u128(rng, counts[v as usize]);
        let mut out = Vec::new();
        while v != TOP {
            let n = self.node(v);
            let hi = counts[n.hi as usize];
            if r < hi {
                out.push(n.option as usize);
                v = n.hi;
            } else {
                r -= hi;
                v = n.lo;
            }
        }
        Some(out)
    }

    /// Checks, without listing them, that every solution covers each
    /// primary item of `problem` exactly once (the options must be in
    /// range: [`Zdd::new`] checked them): each node's solutions must cover
    /// the same primary items, known by a sum of random 64-bit keys, one
    /// an item (a multiset differing in any item is missed with
    /// probability about 2^-64); the root's, all of them. Secondary items
    /// are left to whoever lists a solution ([`Problem::is_solution`]).
    pub fn check_covers(&self, problem: &Problem) -> Result<(), ZddError> {
        let mut rng = SplitMix64::new(0x005E_ED0F_C0FE);
        let keys: Vec<u64> = (0..problem.primary_count()).map(|_| rng.next_u64()).collect();
        let option_key = |o: usize| {
            problem
                .option(o)
                .iter()
                .filter(|e| (e.item as usize) < keys.len())
                .fold(0u64, |h, e| h.wrapping_add(keys[e.item as usize]))
        };
        let mut covered = vec![0u64; self.nodes.len() + 2];
        for (k, n) in self.nodes.iter().enumerate() {
            let id = k as u32 + 2;
            let mine = option_key(n.option as usize).wrapping_add(covered[n.hi as usize]);
            if n.lo != BOTTOM && covered[n.lo as usize] != mine {
                return Err(ZddError::Cover { id });
            }
            covered[id as usize] = mine;
        }
        let all = keys.iter().fold(0u64, |h, &k| h.wrapping_add(k));
        if self.root != BOTTOM && covered[self.root as usize] != all {
            return Err(ZddError::Cover { id: self.root });
        }
        Ok(())
    }

    /// Knuth's text form, as DLX6 prints it (`m1`): one line a node,
    /// `id: (~option?lo:hi)` with ids in hexadecimal and options numbered
    /// from 1 in the order of the problem's options, then a dummy root
    /// `id: (~0?0:root)`.
    pub fn write_knuth(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        for (k, n) in self.nodes.iter().enumerate() {
            writeln!(out, "{:x}: (~{}?{:x}:{:x})", k + 2, n.option as u64 + 1, n.lo, n.hi)?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.nodes.len() + 2, self.root)
    }
}

/// A 64-bit multiplicative hasher for the build's tables (states and
/// nodes: uniform words, no adversary).
#[derive(Default)]
pub(crate) struct WordHasher(u64);

impl Hasher for WordHasher {
    #[inline]
    fn finish(&self) -> u64 {
        let h = self.0;
        (h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (h >> 32)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 ^= self.0 >> 31;
    }

    #[inline]
    fn write_u32(&mut self, w: u32) {
        self.write_u64(w as u64);
    }

    #[inline]
    fn write_usize(&mut self, w: usize) {
        self.write_u64(w as u64);
    }
}

/// A hash map keyed by words, hashed by [`WordHasher`].
pub(crate) type WordMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// Makes a reduced diagram node by node, children first: a unique table
/// merges equal nodes, and a node whose `hi` is [`BOTTOM`] is its `lo`.
#[derive(Debug, Default)]
pub struct Builder {
    nodes: Vec<Node>,
    unique: WordMap<Node, u32>,
}

impl Builder {
    /// An empty builder.
    pub fn new() -> Builder {
        Builder::default()
    }

    /// The node of `option` with children `lo` and `hi` (made before).
    pub fn node(&mut self, option: u32, lo: u32, hi: u32) -> u32 {
        if hi == BOTTOM {
            return lo;
        }
        let n = Node { option, lo, hi };
        let next = self.nodes.len() as u32 + 2;
        let id = *self.unique.entry(n).or_insert(next);
        if id == next {
            self.nodes.push(n);
        }
        id
    }

    /// The nodes made so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no node was made.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// About the bytes the builder holds (nodes and unique table).
    pub fn bytes(&self) -> u64 {
        let node = std::mem::size_of::<Node>() as u64;
        self.nodes.capacity() as u64 * node + self.unique.capacity() as u64 * (node + 5)
    }

    /// The diagram from `root`.
    pub fn finish(self, root: u32) -> Zdd {
        Zdd { nodes: self.nodes, root }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_nodes_are_merged_and_empty_hi_dropped() {
        let mut b = Builder::new();
        let x = b.node(3, BOTTOM, TOP);
        assert_eq!(b.node(3, BOTTOM, TOP), x);
        assert_eq!(b.node(5, x, BOTTOM), x);
        let y = b.node(4, x, TOP);
        assert_eq!(b.len(), 2);
        let z = b.finish(y);
        assert_eq!(z.count(), Ok(2));
        assert!(Zdd::new(z.nodes().to_vec(), y, 5).is_ok());
        assert_eq!(
            Zdd::new(z.nodes().to_vec(), y, 4),
            Err(ZddError::Option { id: 3, option: 4, options: 4 })
        );
    }

    #[test]
    fn forward_pointers_are_refused() {
        let nodes = vec![Node { option: 0, lo: 0, hi: 2 }];
        assert_eq!(Zdd::new(nodes, 2, 1), Err(ZddError::Forward { id: 2 }));
    }

    #[test]
    fn counts_past_u128_are_an_error() {
        // 128 nodes each doubling: 2^128 solutions.
        let mut nodes = vec![Node { option: 0, lo: TOP, hi: TOP }];
        for k in 1..128u32 {
            nodes.push(Node { option: k, lo: k + 1, hi: k + 1 });
        }
        let z = Zdd::new(nodes, 129, 128).unwrap();
        assert_eq!(z.count(), Err(ZddError::Overflow));
    }
}
