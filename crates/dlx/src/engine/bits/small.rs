//! The engine of small subproblems: at most 64 (or 128) options and as
//! many primary items, so that a set of options or of items is one word
//! (or two).
//!
//! The counts of the items' live options are **bit-sliced**: word `b` of a
//! level holds bit `b` of every item's count. Taking an option out
//! subtracts its set of items from all counts at once (a borrow rippling
//! through the words), and DLX1's choice, the leftmost uncovered item with
//! the fewest options, falls out of a few words: from the top bit down,
//! keep the items whose bit is 0 if there are any. A level is then eleven
//! words, copied to the next; nothing is undone.
//!
//! The big engine hands a subtree over once it is small (see
//! [`super::BitsSearch`]); items and options keep their order, so the tree is
//! still DLX1's, and its nodes are counted as DLX1 counts them.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

use super::{tick, BitsChild, WalkCounters, WalkStop};
use crate::budget::Meter;

/// Bits of a count: a count is at most 128.
const PLANES: usize = 8;

/// A set of at most [`WordSet::BITS`] options or items: `u64` or `u128`.
pub(super) trait WordSet:
    Copy
    + Default
    + Eq
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// How many elements a set can hold.
    const BITS: usize;
    const EMPTY: Self;
    /// The set `{i}`.
    fn one(i: usize) -> Self;
    /// The set of the first `n` elements.
    fn first(n: usize) -> Self;
    /// The set with every element one higher.
    fn up(self) -> Self;
    fn lowest(self) -> usize;
    /// The set without its lowest element.
    fn rest(self) -> Self;
    fn len(self) -> u32;
}

macro_rules! set {
    ($t:ty) => {
        impl WordSet for $t {
            const BITS: usize = <$t>::BITS as usize;
            const EMPTY: $t = 0;
            #[inline(always)]
            fn one(i: usize) -> $t {
                1 << i
            }
            #[inline(always)]
            fn first(n: usize) -> $t {
                if n == <Self as WordSet>::BITS {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }
            #[inline(always)]
            fn up(self) -> $t {
                self << 1
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn rest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn len(self) -> u32 {
                self.count_ones()
            }
        }
    };
}

set!(u64);
set!(u128);

/// One level of the search.
#[derive(Clone, Copy, Debug, Default)]
struct SmallLevel<S: WordSet> {
    /// The live options.
    live: S,
    /// The uncovered primary items.
    uncovered: S,
    /// Bit `b` of each item's number of live options.
    planes: [S; PLANES],
    /// The options of the level's item not tried yet.
    cand: S,
    /// How many primary items are uncovered.
    left: u32,
    /// The level's item (DLX1's choice).
    best: u32,
}

/// A small subproblem and its search.
#[derive(Clone, Debug)]
pub(super) struct SmallBits<S: WordSet> {
    /// How many primary items and options.
    items: usize,
    options: usize,
    /// The primary items of each option.
    mask: Vec<S>,
    /// The options each option clashes with (shares an item with).
    clash: Vec<S>,
    /// How many primary items each option holds.
    prim: Vec<u32>,
    /// The options of each item: the primary ones, then the secondary ones
    /// that live options hold.
    rows: Vec<S>,
    /// The items of each option, renumbered: `entries[starts[k]..starts[k + 1]]`.
    entries: Vec<u16>,
    starts: Vec<u32>,
    /// The fewest primary items an option holds.
    min_prim: u32,
    /// How many bits the counts need (they only decrease).
    np: usize,
    levels: Vec<SmallLevel<S>>,
}

impl<S: WordSet> Default for SmallBits<S> {
    fn default() -> SmallBits<S> {
        SmallBits {
            items: 0,
            options: 0,
            mask: vec![S::EMPTY; S::BITS],
            clash: vec![S::EMPTY; S::BITS],
            prim: vec![0; S::BITS],
            rows: Vec::new(),
            entries: Vec::new(),
            starts: Vec::new(),
            min_prim: u32::MAX,
            np: PLANES,
            levels: vec![SmallLevel::default(); S::BITS + 1],
        }
    }
}

/// Subtracts 1 from the bit-sliced counts of the items in `m`.
#[inline(always)]
fn take<S: WordSet>(planes: &mut [S; PLANES], np: usize, m: S) {
    let mut borrow = m;
    for p in planes[..np].iter_mut() {
        let was = *p;
        *p = was ^ borrow;
        borrow &= !was;
        if borrow == S::EMPTY {
            break;
        }
    }
}

/// The leftmost item of `uncovered` with the smallest count, and that
/// count.
#[inline(always)]
fn choose<S: WordSet>(uncovered: S, planes: &[S; PLANES], np: usize) -> (u32, u32) {
    let mut keep = uncovered;
    let mut count = 0;
    for b in (0..np).rev() {
        let zero = keep & !planes[b];
        if zero != S::EMPTY {
            keep = zero;
        } else {
            count |= 1 << b;
        }
    }
    (keep.lowest() as u32, count)
}

impl<S: WordSet> SmallBits<S> {
    /// Starts loading a subproblem of `items` primary items and `options`
    /// options (at most [`WordSet::BITS`] each).
    pub fn start(&mut self, items: usize, options: usize) {
        debug_assert!(items <= S::BITS && options <= S::BITS);
        self.items = items;
        self.options = options;
        self.min_prim = u32::MAX;
        self.entries.clear();
        self.starts.clear();
        self.starts.push(0);
    }

    /// Adds the next option: its items, renumbered (primary ones below
    /// the number given to [`SmallBits::start`]).
    pub fn option(&mut self, items: impl Iterator<Item = u16>) {
        let k = self.starts.len() - 1;
        let mut mask = S::EMPTY;
        for i in items {
            if (i as usize) < self.items {
                mask |= S::one(i as usize);
            }
            self.entries.push(i);
        }
        self.starts.push(self.entries.len() as u32);
        self.mask[k] = mask;
        self.prim[k] = mask.len();
        self.min_prim = self.min_prim.min(self.prim[k]);
    }

    /// Ends loading, with `all` items in all: the options of each item,
    /// the clashes, and the root of the subproblem, every option live.
    pub fn finish(&mut self, all: usize) {
        self.rows.clear();
        self.rows.resize(all, S::EMPTY);
        let mut bit = S::one(0);
        for k in 0..self.options {
            for &i in &self.entries[self.starts[k] as usize..self.starts[k + 1] as usize] {
                self.rows[i as usize] |= bit;
            }
            bit = bit.up();
        }
        for k in 0..self.options {
            let mut clash = S::EMPTY;
            for &i in &self.entries[self.starts[k] as usize..self.starts[k + 1] as usize] {
                clash |= self.rows[i as usize];
            }
            self.clash[k] = clash;
        }
        let mut planes = [S::EMPTY; PLANES];
        let mut most = 0;
        for j in 0..self.items {
            let mut count = self.rows[j].len();
            most = most.max(count);
            while count != 0 {
                planes[count.trailing_zeros() as usize] |= S::one(j);
                count &= count - 1;
            }
        }
        self.np = (32 - most.leading_zeros()) as usize;
        let uncovered = S::first(self.items);
        let (best, _) = choose(uncovered, &planes, self.np);
        let live = S::first(self.options);
        self.levels[0] =
            SmallLevel { live, uncovered, planes, cand: S::EMPTY, left: self.items as u32, best };
    }

    /// Enters level `l`: its item's options become the candidates, and the
    /// item is covered.
    #[inline(always)]
    fn enter(&mut self, l: usize) {
        let level = &mut self.levels[l];
        let row = self.rows[level.best as usize];
        let mut cand = level.live & row;
        level.cand = cand;
        level.live &= !row;
        level.uncovered &= !S::one(level.best as usize);
        while cand != S::EMPTY {
            take(&mut level.planes, self.np, self.mask[cand.lowest()]);
            cand = cand.rest();
        }
    }

    /// Sets level `l + 1` to the child of option `o` at level `l`.
    #[inline(always)]
    fn child(&mut self, l: usize, o: usize) -> BitsChild {
        let parent = &self.levels[l];
        let left = parent.left - self.prim[o];
        if left == 0 {
            return BitsChild::Solution;
        }
        let mut removed = parent.live & self.clash[o];
        let live = parent.live & !removed;
        let uncovered = parent.uncovered & !self.mask[o];
        let mut planes = parent.planes;
        while removed != S::EMPTY {
            take(&mut planes, self.np, self.mask[removed.lowest()]);
            removed = removed.rest();
        }
        let (best, count) = choose(uncovered, &planes, self.np);
        if count == 0 {
            return BitsChild::Dead;
        }
        if left < 2 * self.min_prim {
            // Every completion is one option holding every item left (as
            // in the big engine).
            let mut options = live & self.rows[best as usize];
            let mut solutions = 0;
            while options != S::EMPTY {
                solutions += (self.mask[options.lowest()] == uncovered) as u64;
                options = options.rest();
            }
            return BitsChild::Last { solutions, nodes: 1 + count as u64 };
        }
        self.levels[l + 1] = SmallLevel { live, uncovered, planes, cand: S::EMPTY, left, best };
        BitsChild::Enter
    }

    /// Counts the solutions of the subproblem (its root counted as a node
    /// already) into `t`, up to `limit`.
    pub fn count(&mut self, t: &mut WalkCounters, limit: u64, meter: &mut Meter) -> WalkStop {
        self.enter(0);
        let mut l = 0;
        loop {
            let cand = self.levels[l].cand;
            if cand == S::EMPTY {
                if l == 0 {
                    return WalkStop::Done;
                }
                l -= 1;
                continue;
            }
            self.levels[l].cand = cand.rest();
            match self.child(l, cand.lowest()) {
                BitsChild::Solution => {
                    t.nodes += 1;
                    t.solutions += 1;
                    if t.solutions >= limit {
                        return WalkStop::Stopped;
                    }
                }
                BitsChild::Dead => t.nodes += 1,
                BitsChild::Last { solutions, nodes } => {
                    t.nodes += nodes;
                    t.solutions += solutions;
                    if t.solutions >= limit {
                        t.solutions = limit;
                        return WalkStop::Stopped;
                    }
                }
                BitsChild::Enter => {
                    if !tick(t, meter) {
                        return WalkStop::Stopped;
                    }
                    l += 1;
                    self.enter(l);
                }
            }
        }
    }
}
