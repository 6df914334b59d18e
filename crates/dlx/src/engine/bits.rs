//! Algorithm X on bitsets: the second engine, for problems with few
//! primary items (at most 256) and not too many options, without colors.
//!
//! It walks DLX1's very tree (the leftmost active primary item with the
//! fewest options, its options in order), so that it finds the same
//! solutions in the same order and counts the same nodes as the dancing
//! links, but it represents a node of the tree differently:
//!
//! - the **live options** (those whose items are all still uncovered) are a
//!   bitset, one bit an option;
//! - each primary item has a **key**, its number of live options shifted
//!   left past its index (`count << shift | index`), or the largest key once
//!   covered, so that the smallest key is DLX1's choice, found by a minimum
//!   over a short array that the compiler vectorizes;
//! - each option has the bitset of the options it clashes with (shares an
//!   item with), so that the options a choice removes are
//!   `live & clash`, a few word operations.
//!
//! A level's state (live options and keys) is a copy of its parent's with
//! the removed options taken out: nothing is undone when the search backs
//! up. A child that would be a dead end (an uncovered item left with no
//! option) is noticed while its keys are being counted down and abandoned
//! at once, as the fast dancing-links search skips it; counting skips the
//! last level the same way (see [`crate::Solver::count`]). Nodes are
//! counted as DLX1 counts them; updates are not counted.
//!
//! **Small subtrees.** Once a count reaches a node with at most 64 live
//! options and 64 uncovered primary items, the rest of its subtree is a
//! small problem: it is renumbered into a second instance of this engine
//! whose sets of options are one word and whose keys are few, and counted
//! there (most of the nodes of a search lie in such subtrees).
//!
//! [`fits`] decides which problems this engine takes, and
//! [`pick`](super::pick) which searches it runs: counts that need not be
//! faithful, listings where it lists faster, and the dealing of shards; the
//! faithful search (DLX1's statistics) always dances.

use std::fmt::Debug;

use crate::budget::{End, Meter, Outcome};
use crate::estimate::SplitMix64;
use crate::problem::Problem;
use crate::split::piece_seed;

mod small;

use small::{SmallBits, WordSet};

/// The most primary items: an item's index is a byte.
pub(crate) const MAX_PRIMARY: usize = 256;
/// The most primary items an option may hold (byte 0 of a [`Prim`] says
/// how many).
const MAX_OPTION_PRIMARY: usize = 15;
/// The most options: a set of options is at most 64 words.
pub(crate) const MAX_OPTIONS: usize = 4096;
/// Renumbering a small subtree costs about as much as counting a few
/// dozen of its nodes, and some problems reach a small subproblem only
/// where little is left below (pentominoes: 16 nodes a subtree on
/// average). So an engine stops handing subtrees down once its first
/// [`HAND_DOWN_TRIAL`] subtrees (or any later multiple) averaged fewer
/// than this many nodes. The choice changes the speed only, never the tree.
const HAND_DOWN_NODES: u64 = 64;
/// See [`HAND_DOWN_NODES`].
const HAND_DOWN_TRIAL: u64 = 64;

/// The most words of clash sets kept (512 KiB); above, a choice's clashes
/// are the union of its items' options, computed when needed.
const CLASH_WORDS: usize = 1 << 17;

/// Whether the bitset engine takes `problem`: no colors, at most
/// [`MAX_PRIMARY`] primary items, at most [`MAX_OPTIONS`] options, and at
/// most 15 primary items in any option.
pub(crate) fn fits(problem: &Problem) -> bool {
    let primary = problem.primary_count();
    !problem.has_colors()
        && primary <= MAX_PRIMARY
        && problem.option_count() <= MAX_OPTIONS
        && problem
            .options()
            .all(|o| o.iter().filter(|e| (e.item as usize) < primary).count() <= MAX_OPTION_PRIMARY)
}

/// Whether the bitset engine lists `problem`'s solutions faster than the
/// dancing links (it counts faster on every problem it takes). A level of
/// the bitset engine costs a copy and a scan of a key per primary item,
/// whatever it removes, and counts down the keys of the primary items of
/// each option it removes; the links cost nothing per level but unlink
/// what they remove. So the bitsets list faster when an option clashes
/// with many others (the mean over options of their items' other options,
/// times their primary items, at least the primary items): pentominoes
/// (72 items against 7,600), queens and Langford pairs (a third) list on
/// them, Sudoku matrices (144 items against 80 at 6x6: 2.05G
/// instructions on the bitsets, 1.62G on the links for its first 300,000
/// solutions) list on the links. Counts end each subtree below a
/// threshold in one step and go to the bitsets everywhere.
pub(crate) fn lists_well(problem: &Problem) -> bool {
    let primary = problem.primary_count();
    let mut len = vec![0u64; problem.item_count()];
    problem.options().flatten().for_each(|e| len[e.item as usize] += 1);
    let (mut clashes, mut width) = (0u64, 0u64);
    for option in problem.options() {
        clashes += option.iter().map(|e| len[e.item as usize] - 1).sum::<u64>();
        width += option.iter().filter(|e| (e.item as usize) < primary).count() as u64;
    }
    // primary <= clashes / n * width / n, in integers.
    let n = problem.option_count().max(1) as u64;
    primary as u64 * n * n <= clashes * width
}

/// A key: `u16` when every count fits beside the index, else `u32`.
pub(crate) trait Key: Copy + Ord + Debug + Send + Sync + 'static {
    /// The key of a covered item, above every other.
    const COVERED: Self;
    fn from_u32(x: u32) -> Self;
    fn get(self) -> u32;
    /// The key with `one` less (wrapping; covered keys are never counted
    /// down far enough to wrap, see [`BitsSearch::child`]).
    fn less(self, one: Self) -> Self;
}

impl Key for u16 {
    const COVERED: u16 = u16::MAX;
    #[inline(always)]
    fn from_u32(x: u32) -> u16 {
        x as u16
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self as u32
    }
    #[inline(always)]
    fn less(self, one: u16) -> u16 {
        self.wrapping_sub(one)
    }
}

impl Key for u32 {
    const COVERED: u32 = u32::MAX;
    #[inline(always)]
    fn from_u32(x: u32) -> u32 {
        x
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
    #[inline(always)]
    fn less(self, one: u32) -> u32 {
        self.wrapping_sub(one)
    }
}

/// The primary items of an option: byte 0 is how many, bytes 1.. the items.
type Prim = [u8; 16];

/// Keys of one level: one per possible primary item.
type Keys<K> = [K; MAX_PRIMARY];

/// Where a search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BitsState {
    Start,
    /// Stopped at a solution found below level `level` (its chosen option
    /// is the last one taken there); `usize::MAX` when the forced options
    /// alone were the solution.
    Found {
        level: usize,
    },
    /// Stopped by a limit or the budget.
    Stopped,
    Done,
}

/// How a walk over the tree stopped.
pub(crate) enum WalkStop {
    /// At a solution below level `level` (or, counting, at the limit).
    Found(usize),
    /// At the limit (counting) or out of budget.
    Stopped,
    /// Every node seen.
    Done,
}

/// What a child of the current node is (in either engine of this file and
/// its `small`).
enum BitsChild {
    /// Every primary item is covered.
    Solution,
    /// An uncovered primary item has no option left.
    Dead,
    /// Counting, with every completion a single option: its solutions and
    /// DLX1's nodes below (the level itself included).
    Last { solutions: u64, nodes: u64 },
    /// A level to enter.
    Enter,
}

/// One level of the search.
#[derive(Clone, Copy, Debug, Default)]
struct BitsLevel {
    /// How many primary items are still uncovered.
    left: u32,
    /// How many options are live.
    live: u32,
    /// The item chosen (DLX1's choice).
    best: u32,
    /// The candidates are `cand[from..to]`; those before `at` have been
    /// tried.
    from: u32,
    at: u32,
    to: u32,
}

/// The counters of a search under way.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WalkCounters {
    nodes: u64,
    solutions: u64,
    /// Nodes left before the meter's next look.
    tick: u32,
}

/// Counts one node entered; false when the meter says stop.
#[inline(always)]
fn tick(t: &mut WalkCounters, meter: &mut Meter) -> bool {
    t.nodes += 1;
    t.tick -= 1;
    if t.tick == 0 {
        match meter.check(t.solutions, t.nodes) {
            Some(next) => t.tick = next,
            None => return false,
        }
    }
    true
}

/// The bitset search over one problem.
#[derive(Clone, Debug)]
pub(crate) struct BitsSearch<K: Key> {
    /// Words in a set of options.
    words: usize,
    /// Keys looked at: the primary items rounded up to 16.
    span: usize,
    primary: usize,
    shift: u32,
    one: K,
    /// The set of options of each item, `words` words each.
    rows: Vec<u64>,
    /// For each option, the options that share an item with it, itself
    /// included, `words` words each; empty when too big (see
    /// [`CLASH_WORDS`]).
    clash: Vec<u64>,
    /// All items of option `o`: `items[starts[o]..starts[o + 1]]`.
    items: Vec<u32>,
    starts: Vec<u32>,
    /// The primary items of each option.
    prims: Vec<Prim>,
    /// The fewest primary items any option has.
    min_prim: u32,
    /// The number of primary items of every option, if they all have the
    /// same (0 if not): the loop over an option's items is then unrolled.
    width: usize,
    /// Level `l` has its live options at `live[l * words..]` and its keys
    /// at `keys[l]`.
    live: Vec<u64>,
    keys: Vec<Keys<K>>,
    levels: Vec<BitsLevel>,
    /// The candidates of the levels entered, a stack: no option is a
    /// candidate at two levels at once (the lower level's item is covered),
    /// so it never holds more than every option.
    cand: Vec<u16>,
    top: usize,
    /// Scratch: the options that clash with a candidate, when `clash` is
    /// empty.
    conf: Vec<u64>,
    /// The engines small subtrees are counted with, once needed: one word
    /// a set when the problem has at most 64 primary items, else two.
    small: Option<Box<SmallBits<u64>>>,
    wide_small: Option<Box<SmallBits<u128>>>,
    /// Scratch for renumbering the secondary items of a small subproblem:
    /// an item's number is `place[i]` if `seen[i]` is `era`.
    place: Vec<u16>,
    seen: Vec<u32>,
    era: u32,
    /// Whether counts hand small subtrees down, and how many they did with
    /// how many nodes (see [`HAND_DOWN_NODES`]).
    handing_down: bool,
    handed: u64,
    handed_nodes: u64,
    state: BitsState,
    /// The forced options, which every solution lists first.
    forced: Vec<usize>,
    solution: Vec<usize>,
    solutions: u64,
    nodes: u64,
}

/// Calls `$body` with `$b` the search whatever its keys.
macro_rules! with_keys {
    ($bits:expr, $b:ident => $body:expr) => {
        match $bits {
            BitsEngine::Narrow($b) => $body,
            BitsEngine::Wide($b) => $body,
        }
    };
}

/// The bitset engine with the narrower key that fits the problem.
#[derive(Clone, Debug)]
pub(crate) enum BitsEngine {
    Narrow(BitsSearch<u16>),
    Wide(BitsSearch<u32>),
}

impl BitsEngine {
    /// Lays out `problem`, which must [fit](fits).
    pub fn new(problem: &Problem) -> BitsEngine {
        let primary = problem.primary_count();
        let shift = 32 - (primary.max(1) as u32 - 1).leading_zeros();
        let mut counts = vec![0u32; primary];
        for o in problem.options() {
            for e in o.iter().filter(|e| (e.item as usize) < primary) {
                counts[e.item as usize] += 1;
            }
        }
        let most = counts.iter().copied().max().unwrap_or(0) as u64;
        if (most + 1) << shift <= u16::MAX as u64 {
            BitsEngine::Narrow(BitsSearch::new(problem, shift))
        } else {
            BitsEngine::Wide(BitsSearch::new(problem, shift))
        }
    }

    /// Counts the solutions below `forced`, up to `limit`.
    pub fn count(&mut self, forced: &[usize], limit: u64, meter: &mut Meter) -> Outcome {
        with_keys!(self, b => b.count(forced, limit, meter))
    }

    /// Advances to the next solution below `forced` (which must not change
    /// during a search), returning false when there is none left, and how
    /// the search ended so far.
    pub fn next_solution(&mut self, forced: &[usize], meter: &mut Meter) -> (bool, End) {
        with_keys!(self, b => b.next_solution(forced, meter))
    }

    /// The children of each of `pieces` below `forced`, as
    /// [`crate::Solver::expand`] gives them.
    pub fn expand(&mut self, forced: &[usize], pieces: &[Vec<usize>]) -> (Vec<Vec<usize>>, bool) {
        with_keys!(self, b => b.expand(forced, pieces))
    }

    /// Knuth's estimate of the nodes in each of `pieces` below `forced`,
    /// as [`crate::Solver::piece_sizes`] gives it.
    pub fn piece_sizes(
        &mut self,
        forced: &[usize],
        pieces: &[Vec<usize>],
        probes: &[u64],
        seed: u64,
    ) -> Vec<f64> {
        with_keys!(self, b => b.piece_sizes(forced, pieces, probes, seed))
    }

    /// Abandons a search under way.
    pub fn reset(&mut self) {
        with_keys!(self, b => b.reset())
    }

    /// The solutions and nodes of the last search.
    pub fn tally(&self) -> (u64, u64) {
        with_keys!(self, b => b.tally())
    }

    /// The options of the solution the search stopped at: forced ones
    /// first, then one a level.
    pub fn solution(&self) -> &[usize] {
        with_keys!(self, b => b.solution())
    }
}

impl<K: Key> BitsSearch<K> {
    /// Room for a problem of `primary` primary items and `options`
    /// options, `words` words a set of options.
    fn with_room(words: usize, primary: usize, options: usize, shift: u32) -> BitsSearch<K> {
        let levels = primary + 2;
        BitsSearch {
            words,
            span: primary.div_ceil(16) * 16,
            primary,
            shift,
            one: K::from_u32(1 << shift),
            rows: Vec::new(),
            clash: Vec::new(),
            items: Vec::new(),
            starts: Vec::new(),
            prims: Vec::with_capacity(options),
            min_prim: u32::MAX,
            width: 0,
            live: vec![0; levels * words],
            keys: vec![[K::COVERED; MAX_PRIMARY]; levels],
            levels: vec![BitsLevel::default(); levels],
            cand: vec![0; options],
            top: 0,
            conf: vec![0; words],
            small: None,
            wide_small: None,
            place: Vec::new(),
            seen: Vec::new(),
            era: 0,
            handing_down: true,
            handed: 0,
            handed_nodes: 0,
            state: BitsState::Start,
            forced: Vec::new(),
            solution: Vec::new(),
            solutions: 0,
            nodes: 0,
        }
    }

    /// The smallest key of a level.
    #[inline(always)]
    fn smallest(keys: &Keys<K>, span: usize) -> K {
        let mut m = [K::COVERED; 16];
        for c in keys[..span].chunks_exact(16) {
            for j in 0..16 {
                m[j] = m[j].min(c[j]);
            }
        }
        let mut x = K::COVERED;
        for v in m {
            x = x.min(v);
        }
        x
    }

    /// Puts the options that clash with option `o` in `conf` (when
    /// `clash` is empty).
    #[inline(always)]
    fn fill_conf(&mut self, o: usize) {
        let words = self.words;
        let its = &self.items[self.starts[o] as usize..self.starts[o + 1] as usize];
        let row = |i: u32| &self.rows[i as usize * words..(i as usize + 1) * words];
        self.conf.copy_from_slice(row(its[0]));
        for &i in &its[1..] {
            for (c, &r) in self.conf.iter_mut().zip(row(i)) {
                *c |= r;
            }
        }
    }

    /// Enters level `l`, whose keys and item are set: lists the item's
    /// options as candidates and covers the item.
    #[inline(always)]
    fn enter(&mut self, l: usize) {
        let words = self.words;
        let best = self.levels[l].best as usize;
        let from = self.top;
        let row = &self.rows[best * words..(best + 1) * words];
        let live = &mut self.live[l * words..(l + 1) * words];
        let keys = &mut self.keys[l];
        let one = self.one;
        let mut top = from;
        for (w, (lw, &r)) in live.iter_mut().zip(row).enumerate() {
            let mut bits = *lw & r;
            *lw &= !r;
            while bits != 0 {
                let o = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.cand[top] = o as u16;
                top += 1;
                let p = &self.prims[o];
                for &j in &p[1..=p[0] as usize] {
                    keys[j as usize] = keys[j as usize].less(one);
                }
            }
        }
        keys[best] = K::COVERED;
        self.top = top;
        let level = &mut self.levels[l];
        level.live -= (top - from) as u32;
        level.from = from as u32;
        level.at = from as u32;
        level.to = top as u32;
    }

    /// Sets level `l + 1` to the child of option `o` at level `l`.
    ///
    /// The keys of `o`'s items are set to the covered key before the keys
    /// of the removed options' items are counted down, so that a key that
    /// reaches a count of 0 says that the child is a dead end; those keys
    /// are counted down at most once per option of their item, so they
    /// stay above every count of 0 (the key type is chosen so), and they
    /// are set back to the covered key afterwards.
    #[inline(always)]
    fn child<const COUNT: bool>(&mut self, l: usize, o: usize) -> BitsChild {
        match self.width {
            2 => self.child_of::<COUNT, 2>(l, o),
            3 => self.child_of::<COUNT, 3>(l, o),
            4 => self.child_of::<COUNT, 4>(l, o),
            5 => self.child_of::<COUNT, 5>(l, o),
            6 => self.child_of::<COUNT, 6>(l, o),
            _ => self.child_of::<COUNT, 0>(l, o),
        }
    }

    /// [`BitsSearch::child`] for options of `WIDTH` primary items each (0: any).
    #[inline(always)]
    fn child_of<const COUNT: bool, const WIDTH: usize>(&mut self, l: usize, o: usize) -> BitsChild {
        let p = self.prims[o];
        let left = self.levels[l].left - p[0] as u32;
        if left == 0 {
            return BitsChild::Solution;
        }
        let words = self.words;
        let span = self.span;
        let one = self.one;
        // The clash set, borrowed apart from the levels.
        let computed = self.clash.is_empty().then(|| {
            self.fill_conf(o);
            std::mem::take(&mut self.conf)
        });
        let own = &p[1..=p[0] as usize];
        let (removed, dead) = {
            let clash: &[u64] = match &computed {
                Some(conf) => conf,
                None => &self.clash[o * words..(o + 1) * words],
            };
            let (above, below) = self.keys.split_at_mut(l + 1);
            let keys = &mut below[0];
            keys[..span].copy_from_slice(&above[l][..span]);
            for &j in own {
                keys[j as usize] = K::COVERED;
            }
            let (above, below) = self.live.split_at_mut((l + 1) * words);
            let live = &above[l * words..];
            let next = &mut below[..words];
            let mut removed = 0;
            let mut dead = false;
            'words: for (w, ((n, &lw), &c)) in next.iter_mut().zip(live).zip(clash).enumerate() {
                *n = lw & !c;
                let mut bits = lw & c;
                while bits != 0 {
                    let x = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    removed += 1;
                    let q = &self.prims[x];
                    let width = if WIDTH == 0 { q[0] as usize } else { WIDTH };
                    for &j in &q[1..=width] {
                        let k = keys[j as usize].less(one);
                        keys[j as usize] = k;
                        dead |= k < one;
                    }
                    if dead {
                        break 'words;
                    }
                }
            }
            (removed, dead)
        };
        if let Some(conf) = computed {
            self.conf = conf;
        }
        if dead {
            return BitsChild::Dead;
        }
        let keys = &mut self.keys[l + 1];
        for &j in own {
            keys[j as usize] = K::COVERED;
        }
        let key = Self::smallest(keys, span).get();
        let count = key >> self.shift;
        if count == 0 {
            return BitsChild::Dead;
        }
        let best = key & ((1 << self.shift) - 1);
        if COUNT && left < 2 * self.min_prim {
            // Every completion is a single option that holds every item
            // left: DLX1 enters the level (a node) and tries each option
            // of its item (a solution or a dead end, a node each).
            let row = &self.rows[best as usize * words..(best as usize + 1) * words];
            let next = &self.live[(l + 1) * words..(l + 2) * words];
            let mut solutions = 0;
            for (w, (&n, &r)) in next.iter().zip(row).enumerate() {
                let mut bits = n & r;
                while bits != 0 {
                    let x = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    solutions += (self.prims[x][0] as u32 == left) as u64;
                }
            }
            return BitsChild::Last { solutions, nodes: 1 + count as u64 };
        }
        let live = self.levels[l].live - removed;
        self.levels[l + 1] = BitsLevel { left, live, best, ..BitsLevel::default() };
        BitsChild::Enter
    }

    /// Walks the tree from the candidates of level `l` (entered) until a
    /// solution (listing), the limit (counting), the budget, or the end.
    fn walk<const COUNT: bool>(
        &mut self,
        mut l: usize,
        t: &mut WalkCounters,
        limit: u64,
        meter: &mut Meter,
    ) -> WalkStop {
        loop {
            let BitsLevel { from, at, to, .. } = self.levels[l];
            if at == to {
                // Every candidate of level l has been tried.
                self.top = from as usize;
                if l == 0 {
                    return WalkStop::Done;
                }
                l -= 1;
                continue;
            }
            self.levels[l].at = at + 1;
            let o = self.cand[at as usize] as usize;
            match self.child::<COUNT>(l, o) {
                BitsChild::Solution => {
                    t.nodes += 1;
                    t.solutions += 1;
                    if !COUNT || t.solutions >= limit {
                        return WalkStop::Found(l);
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
                    if COUNT && self.handing_down {
                        let next = &self.levels[l + 1];
                        let fits = |bits: usize| next.live as usize <= bits && next.left as usize <= bits;
                        let before = t.nodes;
                        let stop = if self.primary <= 64 && fits(64) {
                            let mut small = self.small.take().unwrap_or_default();
                            let stop = self.count_small(&mut small, l + 1, t, limit, meter);
                            self.small = Some(small);
                            Some(stop)
                        } else if self.primary > 64 && fits(128) {
                            let mut small = self.wide_small.take().unwrap_or_default();
                            let stop = self.count_small(&mut small, l + 1, t, limit, meter);
                            self.wide_small = Some(small);
                            Some(stop)
                        } else {
                            None
                        };
                        if let Some(stop) = stop {
                            self.handed += 1;
                            self.handed_nodes += t.nodes - before;
                            if self.handed % HAND_DOWN_TRIAL == 0
                                && self.handed_nodes < HAND_DOWN_NODES * self.handed
                            {
                                self.handing_down = false;
                            }
                            match stop {
                                WalkStop::Done => continue,
                                _ => return WalkStop::Stopped,
                            }
                        }
                    }
                    l += 1;
                    self.enter(l);
                }
            }
        }
    }

    /// Counts the subtree of level `m` (set, its node counted) in the
    /// engine of small subproblems.
    fn count_small<S: WordSet>(
        &mut self,
        small: &mut SmallBits<S>,
        m: usize,
        t: &mut WalkCounters,
        limit: u64,
        meter: &mut Meter,
    ) -> WalkStop {
        self.load(small, m);
        small.count(t, limit, meter)
    }

    /// Makes `small` the subproblem below level `m`: its live options (at
    /// most 64 or 128) renumbered in order, and its uncovered primary items
    /// (at most 64 or 128) too, so that DLX1's choices stay the same.
    fn load<S: WordSet>(&mut self, small: &mut SmallBits<S>, m: usize) {
        let words = self.words;
        // The primary items.
        let mut item = [0u8; MAX_PRIMARY];
        let mut n = 0;
        for (j, &k) in self.keys[m][..self.span].iter().enumerate() {
            if k != K::COVERED {
                item[j] = n as u8;
                n += 1;
            }
        }
        // The options.
        let mut origin = [0u16; 128];
        let mut c = 0;
        for (w, &lw) in self.live[m * words..(m + 1) * words].iter().enumerate() {
            let mut bits = lw;
            while bits != 0 {
                let x = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                origin[c] = x as u16;
                c += 1;
            }
        }
        small.start(n, c);
        // The secondary items, numbered as met.
        self.era = self.era.wrapping_add(1);
        if self.era == 0 {
            self.seen.fill(0);
            self.era = 1;
        }
        let mut all = n;
        for &x in &origin[..c] {
            let x = x as usize;
            let its = &self.items[self.starts[x] as usize..self.starts[x + 1] as usize];
            for &i in its.iter().filter(|&&i| i as usize >= self.primary) {
                let i = i as usize;
                if self.seen[i] != self.era {
                    self.seen[i] = self.era;
                    self.place[i] = all as u16;
                    all += 1;
                }
            }
            let (primary, place) = (self.primary, &self.place);
            small.option(its.iter().map(|&i| match (i as usize) < primary {
                true => item[i as usize] as u16,
                false => place[i as usize],
            }));
        }
        small.finish(all);
    }

    /// Walks `pieces` (paths of DLX1's choices below `forced`, none a
    /// prefix of another) as a trie, calling `at` with each piece's index
    /// and, unless the piece is a solution or leads to a dead end on the
    /// way, the level of its node, entered. `at` may use the levels above
    /// it and the candidates from its level's end on, and must leave its
    /// level as it found it.
    fn walk_pieces(
        &mut self,
        forced: &[usize],
        pieces: &[Vec<usize>],
        mut at: impl FnMut(&mut Self, usize, Option<usize>),
    ) {
        self.state = BitsState::Start;
        if !self.root(forced) {
            (0..pieces.len()).for_each(|i| at(self, i, None));
            return;
        }
        // Level l is set by path[..l]; levels 0..entered are entered too.
        let mut path: Vec<usize> = Vec::new();
        let mut entered = 0;
        for (i, piece) in pieces.iter().enumerate() {
            let common = path.iter().zip(piece).take_while(|(a, b)| a == b).count();
            path.truncate(common);
            entered = entered.min(common + 1);
            let mut node = true;
            for &o in &piece[common..] {
                let l = path.len();
                if entered <= l {
                    self.top = if l == 0 { 0 } else { self.levels[l - 1].to as usize };
                    self.enter(l);
                    entered = l + 1;
                }
                self.top = self.levels[l].to as usize;
                if let BitsChild::Enter = self.child::<false>(l, o) {
                    path.push(o);
                } else {
                    node = false;
                    break;
                }
            }
            if !node {
                at(self, i, None);
                continue;
            }
            let l = path.len();
            if entered <= l {
                self.top = if l == 0 { 0 } else { self.levels[l - 1].to as usize };
                self.enter(l);
                entered = l + 1;
            }
            at(self, i, Some(l));
        }
    }

    /// Whether the child of option `o` at level `l` (entered) is a
    /// solution (`Some(true)`), a dead end (`Some(false)`) or a node to
    /// enter (`None`, level `l + 1` set).
    fn leaf(&mut self, l: usize, o: usize) -> Option<bool> {
        match self.child::<false>(l, o) {
            BitsChild::Solution => Some(true),
            BitsChild::Dead => Some(false),
            _ => None,
        }
    }

    /// The children of each of `pieces` below `forced`, as
    /// [`crate::Solver::expand`] gives them.
    pub fn expand(&mut self, forced: &[usize], pieces: &[Vec<usize>]) -> (Vec<Vec<usize>>, bool) {
        let mut out = Vec::with_capacity(pieces.len() * 4);
        let mut grew = false;
        self.walk_pieces(forced, pieces, |b, i, node| {
            let piece = &pieces[i];
            let Some(l) = node else {
                // A solution stays; a dead end (not from expand) goes.
                if b.is_solution(forced, piece) {
                    out.push(piece.clone());
                }
                return;
            };
            let BitsLevel { from, to, .. } = b.levels[l];
            for c in from..to {
                let o = b.cand[c as usize] as usize;
                b.top = to as usize;
                if b.leaf(l, o) != Some(false) {
                    let mut child = piece.clone();
                    child.push(o);
                    out.push(child);
                    grew = true;
                }
            }
        });
        (out, grew)
    }

    /// Whether `forced` and `piece` together cover every primary item once.
    fn is_solution(&self, forced: &[usize], piece: &[usize]) -> bool {
        let mut seen = vec![false; self.primary];
        for &o in forced.iter().chain(piece) {
            for &j in &self.prims[o][1..=self.prims[o][0] as usize] {
                if std::mem::replace(&mut seen[j as usize], true) {
                    return false;
                }
            }
        }
        seen.iter().all(|&s| s)
    }

    /// Knuth's estimate of the nodes in each of `pieces` below `forced`,
    /// as [`crate::Solver::piece_sizes`] gives it.
    pub fn piece_sizes(
        &mut self,
        forced: &[usize],
        pieces: &[Vec<usize>],
        probes: &[u64],
        seed: u64,
    ) -> Vec<f64> {
        let mut sizes = vec![0.0; pieces.len()];
        self.walk_pieces(forced, pieces, |b, i, node| {
            let Some(l) = node else {
                // A solution or a dead end: the node alone.
                sizes[i] = if probes[i] > 0 { 1.0 } else { 0.0 };
                return;
            };
            let mut rng = SplitMix64::new(piece_seed(seed, &pieces[i]));
            let base = b.levels[l];
            let mut sum = 0.0;
            for _ in 0..probes[i] {
                b.levels[l] = base;
                let (mut nodes, mut weight, mut m) = (1.0, 1.0, l);
                loop {
                    let BitsLevel { from, to, .. } = b.levels[m];
                    let d = (to - from) as u64;
                    if d == 0 {
                        break;
                    }
                    let o = b.cand[(from as u64 + rng.below(d)) as usize] as usize;
                    weight *= d as f64;
                    nodes += weight;
                    b.top = to as usize;
                    if b.leaf(m, o).is_some() {
                        break;
                    }
                    m += 1;
                    b.enter(m);
                }
                sum += nodes;
            }
            b.levels[l] = base;
            sizes[i] = sum / probes[i].max(1) as f64;
        });
        sizes
    }

    /// Abandons a search under way.
    pub fn reset(&mut self) {
        self.state = BitsState::Start;
    }

    /// The solutions and nodes of the last search.
    pub fn tally(&self) -> (u64, u64) {
        (self.solutions, self.nodes)
    }

    /// The options of the solution the search stopped at: forced ones
    /// first, then one a level.
    pub fn solution(&self) -> &[usize] {
        &self.solution
    }
}

impl<K: Key> BitsSearch<K> {
    fn new(problem: &Problem, shift: u32) -> BitsSearch<K> {
        debug_assert!(fits(problem));
        let n = problem.item_count();
        let primary = problem.primary_count();
        let options = problem.option_count();
        let words = options.div_ceil(64).max(1);
        let mut bits = BitsSearch::with_room(words, primary, options, shift);
        let mut rows = vec![0u64; n * words];
        let mut items = Vec::with_capacity(problem.entry_count());
        let mut starts = Vec::with_capacity(options + 1);
        starts.push(0);
        for (o, option) in problem.options().enumerate() {
            let mut prim = [0u8; 16];
            for e in option {
                let i = e.item as usize;
                rows[i * words + o / 64] |= 1 << (o % 64);
                items.push(e.item);
                if i < primary {
                    prim[0] += 1;
                    prim[prim[0] as usize] = i as u8;
                }
            }
            bits.min_prim = bits.min_prim.min(prim[0] as u32);
            bits.width = match o {
                0 => prim[0] as usize,
                _ if bits.width == prim[0] as usize => bits.width,
                _ => 0,
            };
            bits.prims.push(prim);
            starts.push(items.len() as u32);
        }
        if options * words <= CLASH_WORDS {
            let mut clash = vec![0u64; options * words];
            for o in 0..options {
                for &i in &items[starts[o] as usize..starts[o + 1] as usize] {
                    let row = &rows[i as usize * words..(i as usize + 1) * words];
                    for (c, &r) in clash[o * words..(o + 1) * words].iter_mut().zip(row) {
                        *c |= r;
                    }
                }
            }
            bits.clash = clash;
        }
        bits.rows = rows;
        bits.place = vec![0; n];
        bits.seen = vec![0; n];
        bits.items = items;
        bits.starts = starts;
        bits
    }

    /// Sets level 0 from the forced options: returns false when they cover
    /// every primary item.
    fn root(&mut self, forced: &[usize]) -> bool {
        self.forced.clear();
        self.forced.extend_from_slice(forced);
        let words = self.words;
        let n = self.rows.len() / words;
        let mut covered = vec![false; n];
        for &f in forced {
            for &i in &self.items[self.starts[f] as usize..self.starts[f + 1] as usize] {
                covered[i as usize] = true;
            }
        }
        let mut counts = [0u32; MAX_PRIMARY];
        let live = &mut self.live[..words];
        live.fill(0);
        let mut alive = 0;
        for o in 0..self.prims.len() {
            let its = &self.items[self.starts[o] as usize..self.starts[o + 1] as usize];
            if its.iter().all(|&i| !covered[i as usize]) {
                live[o / 64] |= 1 << (o % 64);
                alive += 1;
                for &j in &self.prims[o][1..=self.prims[o][0] as usize] {
                    counts[j as usize] += 1;
                }
            }
        }
        let mut left = 0;
        let keys = &mut self.keys[0];
        keys.fill(K::COVERED);
        for i in 0..self.primary {
            if !covered[i] {
                left += 1;
                keys[i] = K::from_u32(counts[i] << self.shift | i as u32);
            }
        }
        let key = Self::smallest(keys, self.span).get();
        self.levels[0] =
            BitsLevel { left, live: alive, best: key & ((1 << self.shift) - 1), ..BitsLevel::default() };
        self.top = 0;
        left > 0
    }

    fn fill_solution(&mut self, level: usize) {
        self.solution.clear();
        self.solution.extend_from_slice(&self.forced);
        for l in &self.levels[..=level] {
            self.solution.push(self.cand[l.at as usize - 1] as usize);
        }
    }

    /// Counts the solutions below `forced`, up to `limit`.
    pub fn count(&mut self, forced: &[usize], limit: u64, meter: &mut Meter) -> Outcome {
        self.state = BitsState::Start;
        self.run::<true>(forced, limit, meter);
        let otherwise = if self.state == BitsState::Done { End::Complete } else { End::Limit };
        meter.finish(self.solutions, self.nodes, otherwise)
    }

    /// Advances to the next solution below `forced` (which must not change
    /// during a search), returning false when there is none left, and how
    /// the search ended so far.
    pub fn next_solution(&mut self, forced: &[usize], meter: &mut Meter) -> (bool, End) {
        let found = self.run::<false>(forced, u64::MAX, meter);
        let otherwise = if self.state == BitsState::Done { End::Complete } else { End::Limit };
        (found, meter.finish(self.solutions, self.nodes, otherwise).end())
    }

    /// The search: with `COUNT`, until the count reaches `limit` or the
    /// tree is done; without, until the next solution (returning true) or
    /// the end.
    fn run<const COUNT: bool>(&mut self, forced: &[usize], limit: u64, meter: &mut Meter) -> bool {
        let mut t;
        let l;
        match self.state {
            BitsState::Start => {
                let interval = meter.start();
                if !self.root(forced) {
                    // The forced options are the one solution.
                    self.solutions = 1;
                    self.nodes = 1;
                    self.solution.clear();
                    self.solution.extend_from_slice(forced);
                    self.state = if COUNT { BitsState::Done } else { BitsState::Found { level: usize::MAX } };
                    return !COUNT;
                }
                t = WalkCounters { nodes: 0, solutions: 0, tick: interval };
                if !tick(&mut t, meter) {
                    (self.nodes, self.solutions) = (t.nodes, t.solutions);
                    self.state = BitsState::Stopped;
                    return false;
                }
                l = 0;
                self.enter(0);
            }
            BitsState::Found { level: usize::MAX } | BitsState::Stopped | BitsState::Done => {
                self.state = BitsState::Done;
                return false;
            }
            BitsState::Found { level } => {
                t = WalkCounters {
                    nodes: self.nodes,
                    solutions: self.solutions,
                    tick: meter.resume(self.nodes),
                };
                l = level;
            }
        }
        let stop = self.walk::<COUNT>(l, &mut t, limit, meter);
        (self.nodes, self.solutions) = (t.nodes, t.solutions);
        match stop {
            WalkStop::Found(level) => {
                self.state = BitsState::Found { level };
                meter.pause(t.tick);
                if !COUNT {
                    self.fill_solution(level);
                }
                true
            }
            WalkStop::Stopped => {
                self.state = BitsState::Stopped;
                false
            }
            WalkStop::Done => {
                self.state = BitsState::Done;
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text;

    fn count(src: &str) -> (u64, u64) {
        let p = text::parse(src).unwrap().problem;
        let mut b = match BitsEngine::new(&p) {
            BitsEngine::Narrow(b) => b,
            BitsEngine::Wide(_) => panic!("narrow keys expected"),
        };
        let o = b.count(&[], u64::MAX, &mut Meter::new());
        (o.solutions().unwrap(), o.nodes())
    }

    #[test]
    fn knuths_example() {
        assert_eq!(count("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"), (1, 6));
    }
}
