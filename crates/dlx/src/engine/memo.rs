//! Algorithm Z (Knuth's DLX6, after Nishino, Yasuda, Minato and Nagata's
//! "Dancing with Decision Diagrams"): counting by memo.
//!
//! A subproblem below any choice of options is determined by its *state*:
//! which items (primary and secondary) the options chosen so far have
//! used, and the color each colored secondary item was given. Two paths
//! down the tree that reach the same state have the same solutions below
//! them, so the count of a state is computed once and remembered in a hash
//! table; the tree collapses into a graph of states (the ZDD of all
//! solutions, one node a state).
//!
//! The state is a bitset of `N` words: one bit an item (set when used),
//! then, for each secondary item some option colors, a small field with
//! the color it was given (0 while it has none). An option fits a state
//! when none of its primary or uncolored items is used, and each of its
//! colored items is unused or carries its color already.
//!
//! Branching depends on the state alone (never on the path), so that the
//! count of a state is well defined and the walk down for a uniform sample
//! meets the same children as the count did: either the first primary item
//! not yet covered ([`Branching::First`], Knuth's `dlx6-noMRV` change), or
//! the one with the fewest fitting options, ties to the first
//! ([`Branching::Fewest`], DLX6's own). A state with an uncovered item
//! that no option fits counts 0.
//!
//! Counts are `u128`; a sum past it stops the search with
//! [`MemoError::Overflow`] rather than wrapping. The table grows by
//! half while it stays under a memory cap; once the next growth would
//! pass the cap it stops growing and new states take the slots of old
//! ones (the counts stay exact: a state not remembered is computed again
//! when met again), so the search never fails for want of memory, it only
//! slows down.
//!
//! A node (for the [`Meter`]: budget, progress, Ctrl-C) is a state whose
//! count is computed, not found in the table.

use crate::budget::{End, Meter};
use crate::estimate::{below_u128, SplitMix64};
use crate::problem::Problem;
use crate::zdd::{Builder, WordMap, BOTTOM, TOP};

mod shared;

/// The most words a state may take: 1,024 bits of items and color fields.
pub(crate) const MAX_WORDS: usize = 16;

/// The default memory cap of a memo table, when none is given: 1 GiB.
pub const DEFAULT_MEMORY: u64 = 1 << 30;

/// Which item a state branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Branching {
    /// The first primary item not yet covered (Knuth's `dlx6-noMRV`).
    First,
    /// The uncovered primary item with the fewest options that fit, ties
    /// to the first (DLX6's, and DLX1's rule).
    Fewest,
}

/// Why a memo count has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoError {
    /// The budget or the probe stopped the search (see [`End`]).
    Stopped(End),
    /// The count passed 2^128 - 1.
    Overflow,
    /// A diagram being made passed the memory cap (a count alone never
    /// does: its table stops growing instead).
    Memory,
}

impl std::fmt::Display for MemoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MemoError::Stopped(end) => write!(f, "{end}"),
            MemoError::Overflow => f.write_str(
                "the count passes 2^128 - 1 (340,282,366,920,938,463,463,374,607,431,768,211,455)",
            ),
            MemoError::Memory => f.write_str("the decision diagram passes the memory cap (--memory)"),
        }
    }
}

impl std::error::Error for MemoError {}

/// What a memo table did: its lookups, how many found their state, and the
/// states it holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// States whose count was computed (the nodes).
    pub computed: u64,
    /// Lookups that found their state.
    pub hits: u64,
    /// States the table holds.
    pub stored: u64,
    /// The table's bytes.
    pub bytes: u64,
    /// Whether the table reached its memory cap and stopped growing (new
    /// states then take the slots of others).
    pub full: bool,
    /// States that took the slot of another at the cap.
    pub replaced: u64,
}

impl MemoStats {
    /// The share of lookups that found their state (0 when none).
    pub fn hit_rate(&self) -> f64 {
        let lookups = self.hits + self.computed;
        if lookups == 0 {
            0.0
        } else {
            self.hits as f64 / lookups as f64
        }
    }
}

/// The number of words a state of `problem` takes, or `None` past
/// [`MAX_WORDS`].
pub(crate) fn words(problem: &Problem) -> Option<usize> {
    let (_, bits) = color_fields(problem);
    let w = bits.div_ceil(64).max(1);
    (w <= MAX_WORDS).then_some(w)
}

/// Whether the memo engine takes `problem`: no bounds, and a state of at
/// most [`MAX_WORDS`] words.
pub(crate) fn fits(problem: &Problem) -> bool {
    !problem.has_bounds() && words(problem).is_some()
}

/// The bit offset of the color field of each item (`u32::MAX` for items
/// never colored) and the field width, and the total bits of a state.
fn color_fields(problem: &Problem) -> ((Vec<u32>, u32), usize) {
    let n = problem.item_count();
    let mut colored = vec![false; n];
    for o in problem.options() {
        for e in o.iter().filter(|e| e.color != 0) {
            colored[e.item as usize] = true;
        }
    }
    let width = 32 - (problem.colors.len() as u32).leading_zeros();
    let mut offset = vec![u32::MAX; n];
    let mut bit = n;
    for (i, _) in colored.iter().enumerate().filter(|(_, &c)| c) {
        if bit / 64 != (bit + width as usize - 1) / 64 {
            bit = bit.div_ceil(64) * 64;
        }
        offset[i] = bit as u32;
        bit += width as usize;
    }
    ((offset, width), bit)
}

/// One colored entry of an option: the item's bit, its field's bit offset
/// and the color.
#[derive(Clone, Copy, Debug)]
struct Colored {
    item: u32,
    field: u32,
    color: u32,
}

/// A state: a bit an item, then the color fields.
type State<const N: usize> = [u64; N];

#[inline(always)]
fn bit<const N: usize>(s: &State<N>, b: u32) -> bool {
    s[(b / 64) as usize] >> (b % 64) & 1 != 0
}

/// The memo engine for states of `N` words.
#[derive(Clone, Debug)]
pub(crate) struct Memo<const N: usize> {
    branching: Branching,
    /// The primary items' bits.
    primary_mask: State<N>,
    /// Per option: its primary and uncolored secondary items' bits.
    block: Vec<State<N>>,
    /// Option `o`'s colored entries are `colored[colored_start[o]..colored_start[o + 1]]`.
    colored_start: Vec<u32>,
    colored: Vec<Colored>,
    /// The field width of a color.
    width: u32,
    /// Item `i`'s options are `item_options[item_start[i]..item_start[i + 1]]`.
    item_start: Vec<u32>,
    item_options: Vec<u32>,
    table: Table<N>,
    /// The bits of a state in use (items, then color fields).
    key_bits: usize,
    computed: u64,
    /// The shared tables' figures of the counts on several threads since
    /// the last reset (each count's table is dropped after it).
    threaded: MemoStats,
}

impl<const N: usize> Memo<N> {
    /// Lays out `problem`, whose state must take at most `N` words.
    pub fn new(problem: &Problem, branching: Branching, memory: u64) -> Memo<N> {
        let ((offset, width), key_bits) = color_fields(problem);
        let primary = problem.primary_count();
        let mut primary_mask = [0u64; N];
        for i in 0..primary {
            primary_mask[i / 64] |= 1 << (i % 64);
        }
        let mut block = Vec::with_capacity(problem.option_count());
        let mut colored_start = vec![0u32];
        let mut colored = Vec::new();
        let mut by_item = vec![Vec::new(); primary];
        for (k, o) in problem.options().enumerate() {
            let mut b = [0u64; N];
            for e in o {
                let i = e.item as usize;
                if e.color == 0 {
                    b[i / 64] |= 1 << (i % 64);
                } else {
                    colored.push(Colored { item: e.item, field: offset[i], color: e.color });
                }
                if i < primary {
                    by_item[i].push(k as u32);
                }
            }
            block.push(b);
            colored_start.push(colored.len() as u32);
        }
        let mut item_start = vec![0u32];
        let mut item_options = Vec::new();
        for list in by_item {
            item_options.extend(list);
            item_start.push(item_options.len() as u32);
        }
        Memo {
            branching,
            primary_mask,
            block,
            colored_start,
            colored,
            width,
            item_start,
            item_options,
            table: Table::new(memory, key_bits),
            key_bits,
            computed: 0,
            threaded: MemoStats::default(),
        }
    }

    /// Forgets every remembered count, and sets the branching rule and the
    /// memory cap.
    pub fn reset(&mut self, branching: Branching, memory: u64) {
        self.branching = branching;
        self.table = Table::new(memory, self.key_bits);
        self.computed = 0;
        self.threaded = MemoStats::default();
    }

    pub fn branching(&self) -> Branching {
        self.branching
    }

    /// The own table's figures, with those of the counts on several
    /// threads added (their states and bytes: the larger of the two, as
    /// they are not held at once).
    pub fn stats(&self) -> MemoStats {
        let t = &self.threaded;
        MemoStats {
            computed: self.computed + t.computed,
            hits: self.table.hits + t.hits,
            stored: (self.table.len as u64).max(t.stored),
            bytes: self.table.bytes().max(t.bytes),
            full: self.table.full || t.full,
            replaced: self.table.replaced + t.replaced,
        }
    }

    /// [`Memo::count`] on `jobs` threads sharing one table (made for this
    /// count and dropped after it); one thread counts on the own table.
    pub fn count_on(&mut self, s: &State<N>, meter: &mut Meter, jobs: usize) -> Result<u128, MemoError> {
        if jobs <= 1 {
            return self.count(s, meter);
        }
        let (r, stats) = self.count_threads(s, meter, jobs);
        let t = &mut self.threaded;
        t.computed += stats.computed;
        t.hits += stats.hits;
        t.stored = t.stored.max(stats.stored);
        t.bytes = t.bytes.max(stats.bytes);
        t.full |= stats.full;
        t.replaced += stats.replaced;
        r
    }

    /// The state after choosing `options` from the empty one, or `None`
    /// if they clash.
    pub fn state_of(&self, options: &[usize]) -> Option<State<N>> {
        let mut s = [0u64; N];
        for &o in options {
            if o >= self.block.len() || !self.fits(&s, o) {
                return None;
            }
            s = self.apply(&s, o);
        }
        Some(s)
    }

    #[inline(always)]
    fn options_of(&self, item: usize) -> &[u32] {
        &self.item_options[self.item_start[item] as usize..self.item_start[item + 1] as usize]
    }

    #[inline(always)]
    fn colored_of(&self, o: usize) -> &[Colored] {
        &self.colored[self.colored_start[o] as usize..self.colored_start[o + 1] as usize]
    }

    /// Whether option `o` may be chosen in state `s`.
    #[inline(always)]
    fn fits(&self, s: &State<N>, o: usize) -> bool {
        let b = &self.block[o];
        let mut clash = 0;
        for w in 0..N {
            clash |= s[w] & b[w];
        }
        clash == 0 && self.colored_of(o).iter().all(|c| !bit(s, c.item) || self.field(s, c.field) == c.color)
    }

    #[inline(always)]
    fn field(&self, s: &State<N>, at: u32) -> u32 {
        ((s[(at / 64) as usize] >> (at % 64)) & ((1u64 << self.width) - 1)) as u32
    }

    /// State `s` with option `o` chosen.
    #[inline(always)]
    fn apply(&self, s: &State<N>, o: usize) -> State<N> {
        let mut t = *s;
        let b = &self.block[o];
        for w in 0..N {
            t[w] |= b[w];
        }
        for c in self.colored_of(o) {
            t[(c.item / 64) as usize] |= 1 << (c.item % 64);
            t[(c.field / 64) as usize] |= (c.color as u64) << (c.field % 64);
        }
        t
    }

    /// Whether every primary item is covered in `s`.
    #[inline(always)]
    fn done(&self, s: &State<N>) -> bool {
        (0..N).all(|w| s[w] & self.primary_mask[w] == self.primary_mask[w])
    }

    /// The item state `s` (not done) branches on, or `None` when some
    /// uncovered item has no option that fits (the state counts 0).
    #[inline]
    fn branch(&self, s: &State<N>, rule: Branching) -> Option<usize> {
        match rule {
            Branching::First => {
                let w = (0..N).find(|&w| !s[w] & self.primary_mask[w] != 0)?;
                Some(w * 64 + (!s[w] & self.primary_mask[w]).trailing_zeros() as usize)
            }
            Branching::Fewest => {
                let mut best = (usize::MAX, 0);
                for w in 0..N {
                    let mut open = !s[w] & self.primary_mask[w];
                    while open != 0 {
                        let i = w * 64 + open.trailing_zeros() as usize;
                        open &= open - 1;
                        let mut n = 0;
                        for &o in self.options_of(i) {
                            n += self.fits(s, o as usize) as usize;
                            if n >= best.0 {
                                break;
                            }
                        }
                        if n < best.0 {
                            if n == 0 {
                                return None;
                            }
                            best = (n, i);
                        }
                    }
                }
                Some(best.1)
            }
        }
    }

    /// The number of solutions below state `s`.
    pub fn count(&mut self, s: &State<N>, meter: &mut Meter) -> Result<u128, MemoError> {
        if self.done(s) {
            return Ok(1);
        }
        if let Some(c) = self.table.get(s) {
            return Ok(c);
        }
        self.computed += 1;
        if meter.node(0) {
            return Err(MemoError::Stopped(meter.end()));
        }
        let Some(item) = self.branch(s, self.branching) else {
            self.table.insert(s, 0);
            return Ok(0);
        };
        let mut sum = 0u128;
        for k in self.item_start[item]..self.item_start[item + 1] {
            let o = self.item_options[k as usize] as usize;
            if self.fits(s, o) {
                let t = self.apply(s, o);
                sum = sum.checked_add(self.count(&t, meter)?).ok_or(MemoError::Overflow)?;
            }
        }
        self.table.insert(s, sum);
        Ok(sum)
    }

    /// The diagram node of the solutions below state `s`, made in `b`
    /// (its children first): at a state, one node a fitting option of the
    /// branching item with solutions below it, chained by `lo` in the
    /// item's option order (the first at the bottom, as DLX6 makes them).
    /// `seen` remembers each state's node; its bytes and the builder's
    /// together stay under `memory`, or [`MemoError::Memory`].
    pub fn diagram(
        &mut self,
        s: &State<N>,
        meter: &mut Meter,
        b: &mut Builder,
        seen: &mut WordMap<State<N>, u32>,
        memory: u64,
    ) -> Result<u32, MemoError> {
        if self.done(s) {
            return Ok(TOP);
        }
        if let Some(&z) = seen.get(s) {
            self.table.hits += 1;
            return Ok(z);
        }
        self.computed += 1;
        if meter.node(0) {
            return Err(MemoError::Stopped(meter.end()));
        }
        let entry = std::mem::size_of::<(State<N>, u32)>() as u64 + 1;
        if b.bytes() + seen.capacity() as u64 * entry > memory {
            return Err(MemoError::Memory);
        }
        let mut z = BOTTOM;
        if let Some(item) = self.branch(s, self.branching) {
            for k in self.item_start[item]..self.item_start[item + 1] {
                let o = self.item_options[k as usize] as usize;
                if self.fits(s, o) {
                    let t = self.apply(s, o);
                    let hi = self.diagram(&t, meter, b, seen, memory)?;
                    z = b.node(o as u32, z, hi);
                }
            }
        }
        seen.insert(*s, z);
        Ok(z)
    }

    /// A trial of at most `budget` states below `s`, for the choice of an
    /// engine: walks the states as [`Memo::count`] does, but remembers for
    /// each the nodes of the plain tree below it (the same branching, no
    /// memo). Returns, for the largest subproblem it finished (the most
    /// states computed), its plain nodes per state computed: how many
    /// nodes of a plain search each state of the memo stands for. Whether
    /// the whole count finished comes second.
    pub fn trial(&self, s: &State<N>, rule: Branching, budget: u64) -> (f64, bool) {
        let mut seen = std::collections::HashMap::new();
        let mut best = (0u64, 0.0);
        let mut computed = 0u64;
        let done = self.trial_below(s, rule, budget, &mut seen, &mut computed, &mut best).is_some();
        (best.1, done)
    }

    /// The plain nodes below `s`, or `None` past the budget; `best`: the
    /// largest subproblem finished (states computed, plain nodes per state).
    fn trial_below(
        &self,
        s: &State<N>,
        rule: Branching,
        budget: u64,
        seen: &mut std::collections::HashMap<State<N>, u64>,
        computed: &mut u64,
        best: &mut (u64, f64),
    ) -> Option<u64> {
        if self.done(s) {
            return Some(1);
        }
        if let Some(&n) = seen.get(s) {
            return Some(n);
        }
        if *computed >= budget {
            return None;
        }
        *computed += 1;
        let start = *computed;
        let mut nodes = 1u64;
        if let Some(item) = self.branch(s, rule) {
            for k in self.item_start[item]..self.item_start[item + 1] {
                let o = self.item_options[k as usize] as usize;
                if self.fits(s, o) {
                    let t = self.apply(s, o);
                    nodes = nodes.saturating_add(self.trial_below(&t, rule, budget, seen, computed, best)?);
                }
            }
        }
        let mine = *computed - start + 1;
        if mine > best.0 {
            *best = (mine, nodes as f64 / mine as f64);
        }
        seen.insert(*s, nodes);
        Some(nodes)
    }

    /// A solution below `s` drawn with probability exactly 1 / its count
    /// (`None` when there is none): at each state, the child taken with
    /// probability its count over the state's. The options chosen, in
    /// order, are appended to `out`.
    pub fn sample(
        &mut self,
        s: &State<N>,
        rng: &mut SplitMix64,
        meter: &mut Meter,
        out: &mut Vec<usize>,
    ) -> Result<bool, MemoError> {
        let mut s = *s;
        let mut total = self.count(&s, meter)?;
        if total == 0 {
            return Ok(false);
        }
        while !self.done(&s) {
            let item = self.branch(&s, self.branching).expect("a state that counts more than 0 has a branch");
            let mut r = below_u128(rng, total);
            let mut next = None;
            for k in self.item_start[item]..self.item_start[item + 1] {
                let o = self.item_options[k as usize] as usize;
                if self.fits(&s, o) {
                    let t = self.apply(&s, o);
                    let c = self.count(&t, meter)?;
                    if r < c {
                        next = Some((o, t, c));
                        break;
                    }
                    r -= c;
                }
            }
            let (o, t, c) = next.expect("the children's counts add up to their parent's");
            out.push(o);
            (s, total) = (t, c);
        }
        Ok(true)
    }
}

/// The memo engine of a problem, its states as wide as they need.
#[derive(Clone, Debug)]
pub(crate) enum MemoEngine {
    W1(Memo<1>),
    W2(Memo<2>),
    W3(Memo<3>),
    W4(Memo<4>),
    W6(Memo<6>),
    W8(Memo<8>),
    W12(Memo<12>),
    W16(Memo<16>),
}

macro_rules! each_width {
    ($engine:expr, $m:ident => $body:expr) => {
        match $engine {
            MemoEngine::W1($m) => $body,
            MemoEngine::W2($m) => $body,
            MemoEngine::W3($m) => $body,
            MemoEngine::W4($m) => $body,
            MemoEngine::W6($m) => $body,
            MemoEngine::W8($m) => $body,
            MemoEngine::W12($m) => $body,
            MemoEngine::W16($m) => $body,
        }
    };
}

impl MemoEngine {
    /// Lays out `problem`, which must [fit](fits).
    pub fn new(problem: &Problem, branching: Branching, memory: u64) -> MemoEngine {
        match words(problem).expect("pick gives the memo engine only problems it takes") {
            1 => MemoEngine::W1(Memo::new(problem, branching, memory)),
            2 => MemoEngine::W2(Memo::new(problem, branching, memory)),
            3 => MemoEngine::W3(Memo::new(problem, branching, memory)),
            4 => MemoEngine::W4(Memo::new(problem, branching, memory)),
            5 | 6 => MemoEngine::W6(Memo::new(problem, branching, memory)),
            7 | 8 => MemoEngine::W8(Memo::new(problem, branching, memory)),
            9..=12 => MemoEngine::W12(Memo::new(problem, branching, memory)),
            _ => MemoEngine::W16(Memo::new(problem, branching, memory)),
        }
    }

    /// Forgets every count remembered, and sets the branching rule and the
    /// memory cap.
    pub fn reset(&mut self, branching: Branching, memory: u64) {
        each_width!(self, m => m.reset(branching, memory))
    }

    /// The branching rule.
    pub fn branching(&self) -> Branching {
        each_width!(self, m => m.branching())
    }

    /// What the table did since the last reset.
    pub fn stats(&self) -> MemoStats {
        each_width!(self, m => m.stats())
    }

    /// The solutions that contain `chosen` (0 when those clash), within
    /// `meter`'s budget, on `jobs` threads (one shared table made for the
    /// count when more than one; on one, the own table, kept for the next
    /// count).
    pub fn count(&mut self, chosen: &[usize], meter: &mut Meter, jobs: usize) -> Result<u128, MemoError> {
        each_width!(self, m => match m.state_of(chosen) {
            Some(s) => m.count_on(&s, meter, jobs),
            None => Ok(0),
        })
    }

    /// The reduced diagram of every solution, its states' nodes kept with
    /// the builder's under `memory` bytes.
    pub fn diagram(&mut self, meter: &mut Meter, memory: u64) -> Result<crate::zdd::Zdd, MemoError> {
        each_width!(self, m => {
            let mut b = Builder::new();
            let mut seen = WordMap::default();
            let root = m.diagram(&[0; _], meter, &mut b, &mut seen, memory)?;
            Ok(b.finish(root))
        })
    }

    /// See [`Memo::trial`]: below `chosen` (clashing: finished, 1 node).
    pub fn trial(&self, chosen: &[usize], rule: Branching, budget: u64) -> (f64, bool) {
        each_width!(self, m => match m.state_of(chosen) {
            Some(s) => m.trial(&s, rule, budget),
            None => (1.0, true),
        })
    }

    /// A uniformly random solution that contains `chosen` (`chosen` first,
    /// then the options drawn), or `None` when there is none.
    pub fn sample(
        &mut self,
        chosen: &[usize],
        rng: &mut SplitMix64,
        meter: &mut Meter,
    ) -> Result<Option<Vec<usize>>, MemoError> {
        each_width!(self, m => match m.state_of(chosen) {
            Some(s) => {
                let mut out = chosen.to_vec();
                Ok(m.sample(&s, rng, meter, &mut out)?.then_some(out))
            }
            None => Ok(None),
        })
    }
}

/// The fewest bits the spare top of a state's last word must have for a
/// slot to keep its count there (a slot of `N` words, not `N + 1`).
const PACKED_BITS: u32 = 16;

/// The fewest slots a table starts with.
const FIRST_SLOTS: usize = 1 << 12;

/// Slots of the old table moved to the new at a time in a growth, its
/// memory given back after each step.
const MOVE_STEP: usize = 1 << 16;

/// At its cap, the slots looked at from a state's first for one to give
/// up to it.
const EVICT_WINDOW: usize = 4;

/// Where a slot keeps its state and its count.
#[derive(Clone, Copy, Debug)]
struct Layout {
    /// Words a slot: `N` (the count packed above the state's bits in its
    /// last word) or `N + 1` (a word of its own).
    slot: usize,
    /// The state's bits of the slot's word `N - 1`.
    last_mask: u64,
    /// The word of the count, and its shift in it.
    count_at: usize,
    shift: u32,
    /// The largest count a slot holds, all ones: it stands for a count of
    /// that or more, whose value is in the side map.
    wide: u64,
}

impl Layout {
    /// The layout of states of `N` words of which the first `key_bits`
    /// bits are used.
    fn new<const N: usize>(key_bits: usize) -> Layout {
        let top = key_bits.saturating_sub(64 * (N - 1)).min(64) as u32;
        if 64 - top >= PACKED_BITS {
            Layout {
                slot: N,
                last_mask: (1u64 << top) - 1,
                count_at: N - 1,
                shift: top,
                wide: u64::MAX >> top,
            }
        } else {
            Layout { slot: N + 1, last_mask: u64::MAX, count_at: N, shift: 0, wide: u64::MAX }
        }
    }

    #[inline(always)]
    fn matches<const N: usize>(&self, slot: &[u64], key: &State<N>) -> bool {
        slot[..N - 1] == key[..N - 1] && slot[N - 1] & self.last_mask == key[N - 1]
    }

    /// An empty slot is all zero (the empty state is never stored).
    #[inline(always)]
    fn empty<const N: usize>(slot: &[u64]) -> bool {
        slot[..N].iter().all(|&w| w == 0)
    }

    #[inline(always)]
    fn count(&self, slot: &[u64]) -> u64 {
        slot[self.count_at] >> self.shift
    }

    #[inline(always)]
    fn key<const N: usize>(&self, slot: &[u64]) -> State<N> {
        let mut k = [0u64; N];
        k.copy_from_slice(&slot[..N]);
        k[N - 1] &= self.last_mask;
        k
    }

    #[inline(always)]
    fn write<const N: usize>(&self, slot: &mut [u64], key: &State<N>, count: u64) {
        slot[..N].copy_from_slice(key);
        if self.slot > N {
            slot[N] = 0;
        }
        slot[self.count_at] |= count << self.shift;
    }
}

/// An open-addressing hash table of states and counts, linear probing.
///
/// A slot is `N` or `N + 1` words in one flat vector: the state, then its
/// count, packed above the state's bits in its last word when at least
/// [`PACKED_BITS`] bits are spare there (Latin squares of order 6: 108
/// bits of state and 20 of count, 16 bytes a slot rather than 24), in a
/// word of its own otherwise. The empty state (no item used) is never
/// stored, since only the root has it, so an all-zero slot is empty. A
/// count too large for its slot is all ones there, its value in a side map
/// (such counts belong to the few states near the root).
///
/// A state's first slot is its hash scaled to the table's size (the high
/// bits of hash x size), so the size need not be a power of two: the table
/// grows by half (not doubling) at three quarters full while it stays
/// under its memory cap, and a growth moves the old slots from the end
/// backwards, giving the old memory back as it goes. The new table's
/// zeroed pages are only made resident as they are written, and since the
/// scaled hash keeps the slots' order, they are written from the end
/// backwards too: the peak of a growth is about the new table alone, not
/// old plus new.
///
/// At the cap the table stops growing but goes on taking states: a new
/// state takes the slot, among the first [`EVICT_WINDOW`] from its own
/// first one, of the smallest count (most often the deepest state, the
/// cheapest to count again), or an empty one while the table is under
/// seven eighths full. No slot is ever emptied, so every state still
/// stored is still found; a state given up is counted again when met.
#[derive(Clone, Debug)]
struct Table<const N: usize> {
    words: Vec<u64>,
    layout: Layout,
    /// Slots (`words.len() / layout.slot`).
    size: usize,
    len: usize,
    /// The most slots the cap allows.
    max_slots: usize,
    /// The cap in bytes, slots and side map together.
    memory: u64,
    /// The cap is reached: the table no longer grows.
    full: bool,
    hits: u64,
    /// States that took the slot of another at the cap.
    replaced: u64,
    /// The counts too large for their slots.
    wide: std::collections::HashMap<State<N>, u128>,
    /// The slots of the first growth.
    first: usize,
}

impl<const N: usize> Table<N> {
    /// A table of states whose first `key_bits` bits are used, under
    /// `memory` bytes.
    fn new(memory: u64, key_bits: usize) -> Table<N> {
        let layout = Layout::new::<N>(key_bits);
        let size = (layout.slot * 8) as u64;
        Table {
            words: Vec::new(),
            layout,
            size: 0,
            len: 0,
            max_slots: (memory / size).min(usize::MAX as u64 / 2) as usize,
            memory,
            full: false,
            hits: 0,
            replaced: 0,
            wide: std::collections::HashMap::new(),
            first: FIRST_SLOTS,
        }
    }

    /// The side map's bytes, as its capacity goes.
    fn wide_bytes(&self) -> u64 {
        (self.wide.capacity() * (std::mem::size_of::<(State<N>, u128)>() + 1)) as u64
    }

    fn bytes(&self) -> u64 {
        (self.words.len() * 8) as u64 + self.wide_bytes()
    }

    #[inline(always)]
    fn hash(key: &State<N>) -> u64 {
        let mut h = 0u64;
        for &w in key {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
        h.wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (h >> 32)
    }

    /// The first slot of `key` in a table of `size` slots.
    #[inline(always)]
    fn home(key: &State<N>, size: usize) -> usize {
        ((Self::hash(key) as u128 * size as u128) >> 64) as usize
    }

    #[inline]
    fn get(&mut self, key: &State<N>) -> Option<u128> {
        if self.size == 0 || *key == [0; N] {
            return None;
        }
        let l = self.layout;
        let mut i = Self::home(key, self.size);
        loop {
            let slot = &self.words[i * l.slot..(i + 1) * l.slot];
            if l.matches(slot, key) {
                self.hits += 1;
                return match l.count(slot) {
                    c if c == l.wide => self.wide.get(key).copied(),
                    c => Some(c as u128),
                };
            }
            if Layout::empty::<N>(slot) {
                return None;
            }
            i += 1;
            if i == self.size {
                i = 0;
            }
        }
    }

    fn insert(&mut self, key: &State<N>, count: u128) {
        if *key == [0; N] {
            return;
        }
        let narrow = if count < self.layout.wide as u128 { count as u64 } else { self.layout.wide };
        if narrow == self.layout.wide && !self.keep_wide(key, count) {
            return;
        }
        if !self.full && (self.len + 1) * 4 > self.size * 3 && !self.grow() {
            self.full = true;
        }
        if !self.full {
            if Self::place(&mut self.words, self.layout, self.size, key, narrow) {
                self.len += 1;
            }
            return;
        }
        self.replace(key, narrow);
    }

    /// Puts `count`, too large for a slot, in the side map; false when
    /// the map would pass the cap.
    fn keep_wide(&mut self, key: &State<N>, count: u128) -> bool {
        let more = if self.wide.len() < self.wide.capacity() {
            0
        } else {
            (self.wide.capacity().max(4) * (std::mem::size_of::<(State<N>, u128)>() + 1)) as u64
        };
        if self.bytes() + more > self.memory {
            return false;
        }
        self.wide.insert(*key, count);
        true
    }

    /// Puts `key` and its count in the first free slot from its home;
    /// false when it is there already.
    #[inline]
    fn place(words: &mut [u64], l: Layout, size: usize, key: &State<N>, count: u64) -> bool {
        let mut i = Self::home(key, size);
        loop {
            let slot = &mut words[i * l.slot..(i + 1) * l.slot];
            if l.matches(slot, key) {
                return false;
            }
            if Layout::empty::<N>(slot) {
                l.write(slot, key, count);
                return true;
            }
            i += 1;
            if i == size {
                i = 0;
            }
        }
    }

    /// At the cap: `key` takes an empty slot of its run while the table is
    /// under seven eighths full, or else the slot of the smallest count
    /// among the first [`EVICT_WINDOW`] of its run.
    fn replace(&mut self, key: &State<N>, count: u64) {
        if self.size == 0 {
            return;
        }
        let l = self.layout;
        let mut i = Self::home(key, self.size);
        let mut victim: Option<(usize, u64)> = None;
        for _ in 0..EVICT_WINDOW {
            let slot = &mut self.words[i * l.slot..(i + 1) * l.slot];
            if l.matches(slot, key) {
                return;
            }
            if Layout::empty::<N>(slot) {
                if (self.len + 1) * 8 <= self.size * 7 {
                    l.write(slot, key, count);
                    self.len += 1;
                    return;
                }
                break;
            }
            let c = l.count(slot);
            if victim.is_none_or(|(_, v)| c < v) {
                victim = Some((i, c));
            }
            i += 1;
            if i == self.size {
                i = 0;
            }
        }
        if let Some((j, c)) = victim {
            let slot = &mut self.words[j * l.slot..(j + 1) * l.slot];
            if c == l.wide {
                self.wide.remove(&l.key::<N>(slot));
            }
            l.write(slot, key, count);
            self.replaced += 1;
        }
    }

    /// Grows the table by half (or makes its first slots); false when the
    /// cap does not allow it or the memory cannot be had.
    fn grow(&mut self) -> bool {
        let l = self.layout;
        let size = if self.size == 0 { self.max_slots.min(self.first) } else { self.size + self.size / 2 };
        if size < 2
            || size <= self.size
            || size > self.max_slots
            || (size * l.slot * 8) as u64 + self.wide_bytes() > self.memory
        {
            return false;
        }
        let mut words: Vec<u64> = Vec::new();
        if words.try_reserve_exact(size * l.slot).is_err() {
            return false;
        }
        // Zeroed by the allocator: pages become resident when written.
        drop(words);
        let mut words = vec![0u64; size * l.slot];
        let mut old = std::mem::take(&mut self.words);
        let mut end = self.size;
        while end > 0 {
            let start = end.saturating_sub(MOVE_STEP);
            for i in (start..end).rev() {
                let slot = &old[i * l.slot..(i + 1) * l.slot];
                if !Layout::empty::<N>(slot) {
                    Self::place(&mut words, l, size, &l.key::<N>(slot), l.count(slot));
                }
            }
            old.truncate(start * l.slot);
            old.shrink_to_fit();
            end = start;
        }
        self.words = words;
        self.size = size;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` random keys of `bits` bits (never all zero), and a count for
    /// each that spans small, slot-sized and wide values.
    fn keys_and_counts(n: usize, bits: usize, seed: u64) -> Vec<([u64; 2], u128)> {
        let mut rng = SplitMix64::new(seed);
        (0..n)
            .map(|k| {
                let mut key = [rng.next_u64() | 1, rng.next_u64()];
                key[1] &= u64::MAX >> (128 - bits);
                let count = match k % 5 {
                    0 => k as u128,
                    1 => (1u128 << (k % 70)) - 1,
                    2 => (1u128 << (k % 70)) + k as u128,
                    3 => u128::MAX - k as u128,
                    _ => rng.next_u64() as u128 >> (k % 64),
                };
                (key, count)
            })
            .collect()
    }

    #[test]
    fn the_table_keeps_every_state_and_count_through_its_growths() {
        for bits in [128, 100, 112, 113, 70] {
            let entries = keys_and_counts(100_000, bits, 35 + bits as u64);
            let mut t = Table::<2>::new(1 << 30, bits);
            assert_eq!(t.layout.slot, if bits <= 112 { 2 } else { 3 }, "{bits} bits");
            for (key, count) in &entries {
                t.insert(key, *count);
            }
            assert_eq!(t.len, entries.len());
            assert!(t.len * 4 <= t.size * 3 && !t.full);
            for (key, count) in &entries {
                assert_eq!(t.get(key), Some(*count), "{bits} bits");
            }
            assert_eq!(t.get(&[2, 0]), None);
            t.insert(&[2, 0], u128::MAX);
            assert_eq!(t.get(&[2, 0]), Some(u128::MAX));
        }
    }

    #[test]
    fn a_cap_of_one_or_two_slots_never_fills_the_table() {
        // 16-byte slots, a cap of 20 to 47 bytes: one or two slots. A
        // table of one slot would be full, and a lookup of another state
        // would look for an empty slot for ever (it once did): no table
        // then, and a table of two keeps one of them empty.
        for memory in [20, 31, 32, 47] {
            let mut t = Table::<1>::new(memory, 64);
            for k in 1..50u64 {
                t.insert(&[k], k as u128);
                assert!(t.full || k == 1, "{memory} bytes");
            }
            assert!(t.len <= 2 && t.bytes() <= memory);
            for k in 1..50u64 {
                assert!(t.get(&[k]).is_none_or(|c| c == k as u128));
            }
        }
    }

    #[test]
    fn a_table_at_its_cap_replaces_states_and_never_gives_a_wrong_count() {
        for bits in [128, 100] {
            let entries = keys_and_counts(100_000, bits, 7 + bits as u64);
            let slot = if bits == 128 { 24 } else { 16 };
            // 5,000 slots and room for the side map.
            let mut t = Table::<2>::new(slot * 5_000 + 100_000, bits);
            for (key, count) in &entries {
                t.insert(key, *count);
            }
            assert!(t.full && t.size <= 5_000 + 100_000 / slot as usize);
            assert!(t.len * 8 <= t.size * 7 && t.replaced > 25_000, "{} {} {}", t.len, t.size, t.replaced);
            assert!(t.bytes() <= slot * 5_000 + 100_000);
            let found = entries.iter().filter(|(key, count)| match t.get(key) {
                Some(c) => {
                    assert_eq!(c, *count, "{bits} bits");
                    true
                }
                None => false,
            });
            let found = found.count();
            assert!(found >= t.len / 2 && found <= t.len, "{found} of {}", t.len);
            // The last states taken with counts that fit a slot are still
            // there, most of them.
            let small: Vec<_> = entries.iter().rev().filter(|(_, c)| *c < 1 << 20).take(100).collect();
            let recent = small.iter().filter(|(key, _)| t.get(key).is_some()).count();
            assert!(recent > 70, "{recent}");
        }
    }
}
