//! Chains: simple colouring, X-chains, XY-chains, alternating inference
//! chains (AICs).
//!
//! A candidate is a node. Two candidates are *strongly* linked when at
//! least one of them is true: the only two candidates of a cell, or the
//! only two places of a symbol in a unit. They are *weakly* linked when at
//! most one is true: two candidates of one cell, or one symbol in two
//! cells that see each other. An AIC starts on a strong link and
//! alternates: if its first candidate is false the next is true, so the
//! one after is false, and so on, until the last, reached by a strong
//! link, is true. So the first or the last candidate is true, and what
//! contradicts both goes:
//!
//! - same symbol in two cells: it leaves every cell that sees both;
//! - two symbols of one cell: every other candidate of the cell goes;
//! - two symbols in two cells that see each other: each cell loses the
//!   other end's symbol.
//!
//! An X-chain is an AIC on one symbol; an XY-chain one whose strong links
//! are all inside cells with two candidates. Simple colouring follows only
//! strong links on one symbol: their cells fall into two colours, one of
//! which is all true. The search is breadth first from every candidate
//! that has a strong link, so each step shows a shortest chain. The graph
//! of links it walks, and what each candidate reaches in it, are laid out
//! in `graph.rs`.

mod graph;

use super::board::{members, pair, CandidateBoard, Layout, Mask};
use super::step::Step;
use super::technique::Technique;
use graph::{ChainGraph, ChainKind};

/// Work space for the chain searches, kept between steps.
#[derive(Clone, Debug, Default)]
pub(crate) struct Chains {
    /// Skip the one-test filter of starts in [`Chains::prepare`] (what
    /// `x` on reaches against R(x)): tests compare the two.
    pub exhaustive: bool,
    /// The links of the current search.
    links: ChainGraph,
    /// The candidates the search may start from.
    starts: Vec<u32>,
    /// The AIC graph and its starts, kept while X- and XY-chains are
    /// searched.
    aic: ChainGraph,
    aic_starts: Vec<u32>,
    /// The reading of [`CandidateBoard::strong_links`] when chains, and
    /// colouring, last found nothing (0: never). With no strong link new
    /// since, the graph of links has only lost nodes and edges, so every
    /// chain it holds was there before: they would find nothing again.
    idle_chains: (u64, Technique),
    /// The length of [`CandidateBoard::strong_log`] then.
    idle_log: usize,
    /// Work space of `nothing_new`: the new strong links (candidates as
    /// `cell * n + v`), the strong symbols of each cell, and the
    /// candidates with a weak link into each side, per symbol.
    pairs: Vec<(u32, u32)>,
    strong: Vec<u64>,
    weak: Vec<u64>,
    /// For colouring: the reading of [`CandidateBoard::strong_links`] and the
    /// length of [`CandidateBoard::strong_log`] when it last found nothing.
    idle_colouring: (u64, usize),
    /// Work space of `prepare`: the nodes of R(x) (candidates with a
    /// strong link, by id) as a set, and the starts found as a set.
    set: Vec<u64>,
    is_start: Vec<u64>,
    /// Per unit `u` and symbol `v`, the nodes there as a set, and the
    /// union of what they reach assumed false:
    /// `unit_nodes[(u * n + v) * words..][..words]`, `unit_reach` alike.
    unit_nodes: Vec<u64>,
    unit_reach: Vec<u64>,
    /// The candidates (cell, symbol) an AIC may remove, as the last AIC
    /// `prepare` found them (a few more than it can).
    useful: Vec<(u16, u8)>,
    /// Per search state (candidate * 2 + on): the search that reached it
    /// last, the state it came from, and its distance from the start.
    seen: Vec<u32>,
    from: Vec<u32>,
    dist: Vec<u32>,
    search: u32,
    queue: Vec<u32>,
    /// The best step found so far in one pass.
    best: Step,
    /// The cells holding each symbol: `holders[v * words..][..words]`.
    holders: Vec<u64>,
    /// The candidates of each cell `holders` was listed from: while they
    /// are the board's, it is current (colouring and the chain searches
    /// of one step list the same board).
    holders_of: Vec<Mask>,
    /// Sets of cells for colouring: the two colours and the cells that see
    /// each.
    sets: Vec<u64>,
    /// For `maybe_x` and `maybe_xy`: per symbol, the cells with a strong
    /// link on it, or with two candidates holding it.
    strong_cells: Vec<u64>,
    /// Per cell, for colouring: the cluster and colour (2k or 2k + 1) of
    /// the current pass, marked by `search`.
    colour: Vec<u32>,
    colour_seen: Vec<u32>,
    colour_mark: u32,
    cluster: Vec<usize>,
    /// For colouring: the cells with a strong link on the symbol at hand.
    linked: Vec<u64>,
}

/// The most candidates a board may have for the chain searches (X, XY,
/// AIC) to run: the sets of what every candidate reaches then take at most
/// 16 MiB (with the start filter's sets and the edges, about twice that).
/// A 16x16 grid never has more; a 25x25 one early on does.
pub const MAX_CHAIN_CANDIDATES: usize = 8192;

/// The most new strong links [`Chains::nothing_new`] checks one by one.
const MAX_NEW_LINKS: usize = 8;

/// The first cell in both sets.
fn first(a: &[u64], b: &[u64]) -> Option<usize> {
    a.iter().zip(b).enumerate().find_map(|(k, (x, y))| {
        let m = x & y;
        (m != 0).then(|| k * 64 + m.trailing_zeros() as usize)
    })
}

/// Adds to `set` (a set of cells) the cells with a strong link on `v`:
/// its two places in each unit where it has exactly two.
fn mark_linked(layout: &Layout, board: &CandidateBoard, v: usize, set: &mut [u64]) {
    for u in 0..layout.units.len() {
        let p = board.pos(u, v);
        if pair(p) {
            for i in members(p) {
                let c = layout.cell(u, i);
                set[c / 64] |= 1 << (c % 64);
            }
        }
    }
}

/// The other place of a symbol in a unit where it has exactly two.
#[inline]
fn partner(layout: &Layout, board: &CandidateBoard, u: usize, v: usize, cell: usize) -> Option<usize> {
    let p = board.pos(u, v);
    if !pair(p) {
        return None;
    }
    let (a, b) =
        (layout.cell(u, p.trailing_zeros() as usize), layout.cell(u, 63 - p.leading_zeros() as usize));
    Some(if a == cell { b } else { a })
}

impl Chains {
    fn reset(&mut self, states: usize) {
        if self.seen.len() < states {
            self.seen.resize(states, 0);
            self.from.resize(states, 0);
            self.dist.resize(states, 0);
        }
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.search = 1;
        }
    }

    /// Lists the cells holding each symbol: row `r` (unit `r`) lists its
    /// cells `r * n + c` by column `c`, so its places of a symbol,
    /// shifted, are the symbol's cells in the row (one word or two per
    /// row and symbol, not one step per candidate).
    fn index(&mut self, layout: &Layout, board: &CandidateBoard) {
        let (n, w) = (layout.n, layout.words);
        let cand = &board.cand[..layout.cells];
        if self.holders.len() == n * w && self.holders_of[..] == *cand {
            return;
        }
        self.holders_of.clear();
        self.holders_of.extend_from_slice(cand);
        self.holders.clear();
        self.holders.resize(n * w, 0);
        for v in 0..n {
            let h = &mut self.holders[v * w..][..w];
            for r in 0..n {
                let (p, at) = (board.pos(r, v), r * n);
                h[at / 64] |= p << (at % 64);
                if at % 64 + n > 64 {
                    h[at / 64 + 1] |= p >> (64 - at % 64);
                }
            }
        }
        debug_assert!((0..layout.cells).all(|cell| (0..n).all(|v| (self.holders[v * w + cell / 64]
            >> (cell % 64)
            & 1
            != 0)
            == board.has(cell, v))));
    }

    /// X-chains, then XY-chains, then AICs (those up to `top`): the
    /// shortest chain of the first kind that has one. Every X- or
    /// XY-chain is also an AIC, so when no AIC concludes anything, none of
    /// them is searched for.
    ///
    /// Not tried on a board of more than [`MAX_CHAIN_CANDIDATES`]
    /// candidates (what each candidate reaches takes a bit per candidate).
    pub fn chains(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        step: &mut Step,
        top: Technique,
    ) -> bool {
        if top < Technique::XChain
            || self.idle_chains == (board.strong_links, top)
            || board.candidates > MAX_CHAIN_CANDIDATES
        {
            return false;
        }
        if self.idle_chains.1 == top && self.nothing_new(layout, board) {
            self.idle_chains = (board.strong_links, top);
            self.idle_log = board.strong_log.len();
            return false;
        }
        let found = self.any_chain(layout, board, step, top);
        if !found {
            self.idle_chains = (board.strong_links, top);
            self.idle_log = board.strong_log.len();
        }
        found
    }

    /// Whether no AIC can remove anything, known from the strong links
    /// new since chains last found nothing (on this puzzle).
    ///
    /// The board has only narrowed since, so a chain that concludes
    /// anything now uses a strong link that is new: a chain of old links
    /// was there then, and what it removes now it removed then. Such a
    /// chain runs x on, y off, ..., a off = b on, ..., z on, x off, for a
    /// new strong link a = b (either way round) and y, z in R(x). So y is
    /// a, or a candidate a on proves true (the chain from y to a turned
    /// round), and z is b, or one b on proves true. Two breadth-first
    /// searches per new link give those two sets, A and B; if no
    /// candidate has a weak link into both, nothing is new. A few new
    /// links are cheaper to check this way than laying out every link;
    /// past [`MAX_NEW_LINKS`], or when a check fails, the full search runs.
    fn nothing_new(&mut self, layout: &Layout, board: &CandidateBoard) -> bool {
        let log = &board.strong_log;
        // The same puzzle: every count since is in the log.
        if log.len() < self.idle_log
            || (board.strong_links - self.idle_chains.0) as usize != log.len() - self.idle_log
        {
            return false;
        }
        let (n, cells) = (layout.n, layout.cells);
        self.pairs.clear();
        for &e in &log[self.idle_log..] {
            let e = e as usize;
            if e < cells {
                let m = board.cand[e];
                if pair(m) {
                    let (v, w) = (m.trailing_zeros() as usize, 63 - m.leading_zeros() as usize);
                    self.pairs.push(((e * n + v) as u32, (e * n + w) as u32));
                }
            } else {
                let (u, v) = ((e - cells) / n, (e - cells) % n);
                let p = board.pos(u, v);
                if pair(p) {
                    let a = layout.cell(u, p.trailing_zeros() as usize);
                    let b = layout.cell(u, 63 - p.leading_zeros() as usize);
                    self.pairs.push(((a * n + v) as u32, (b * n + v) as u32));
                }
            }
            if self.pairs.len() > MAX_NEW_LINKS {
                return false;
            }
        }
        if self.pairs.is_empty() {
            return true;
        }
        self.index(layout, board);
        self.mark_strong(layout, board);
        let w = layout.words;
        for k in 0..self.pairs.len() {
            let (a, b) = self.pairs[k];
            // weak[0]: the candidates with a weak link into A; weak[1]: B.
            self.weak.clear();
            self.weak.resize(2 * n * w, 0);
            for (side, from) in [(0, a), (1, b)] {
                self.reach_from(layout, board, from as usize);
                for &x in &self.queue {
                    let x = x as usize;
                    if x % 2 == 0 {
                        continue;
                    }
                    let (c, v) = (x / 2 / n, x / 2 % n);
                    let set = &mut self.weak[(side * n + v) * w..][..w];
                    for (s, p) in set.iter_mut().zip(layout.peers_of(c)) {
                        *s |= p;
                    }
                    // The other candidates of c: marked in c itself, for
                    // each of its other symbols.
                    for u in members(board.cand[c] & !(1 << v)) {
                        self.weak[(side * n + u) * w + c / 64] |= 1 << (c % 64);
                    }
                }
            }
            for v in 0..n {
                let h = &self.holders[v * w..][..w];
                let (x, y) = (&self.weak[v * w..][..w], &self.weak[(n + v) * w..][..w]);
                if (0..w).any(|i| h[i] & x[i] & y[i] != 0) {
                    return false;
                }
            }
        }
        true
    }

    /// Marks, per cell, the symbols whose candidate has a strong link.
    fn mark_strong(&mut self, layout: &Layout, board: &CandidateBoard) {
        let n = layout.n;
        self.strong.clear();
        self.strong.resize(layout.cells, 0);
        for cell in 0..layout.cells {
            let m = board.cand[cell];
            if pair(m) {
                self.strong[cell] = m;
            }
        }
        for u in 0..layout.units.len() {
            for v in members(layout.full & !board.placed[u]) {
                let p = board.pos(u, v);
                if pair(p) {
                    for i in members(p) {
                        self.strong[layout.cell(u, i)] |= 1 << v;
                    }
                }
            }
        }
        let _ = n;
    }

    /// Breadth first through the links of every candidate from candidate
    /// `x` (`cell * n + v`) assumed true, with the states reached (x on
    /// first, as `(cell * n + v) * 2 + on`) in `self.queue`.
    fn reach_from(&mut self, layout: &Layout, board: &CandidateBoard, x: usize) {
        let n = layout.n;
        self.reset(layout.cells * n * 2);
        self.queue.clear();
        self.queue.push((x * 2 + 1) as u32);
        self.seen[x * 2 + 1] = self.search;
        let mut head = 0;
        while head < self.queue.len() {
            let s = self.queue[head] as usize;
            head += 1;
            let (c, v) = (s / 2 / n, s / 2 % n);
            let visit = |t: usize, this: &mut Chains| {
                if this.seen[t] != this.search {
                    this.seen[t] = this.search;
                    this.queue.push(t as u32);
                }
            };
            if s % 2 == 1 {
                // On: weak links to off candidates with a strong link.
                for u in members(self.strong[c] & board.cand[c] & !(1 << v)) {
                    visit((c * n + u) * 2, self);
                }
                for &(u, i) in layout.units_of(c) {
                    for j in members(board.pos(u as usize, v) & !(1 << i)) {
                        let d = layout.cell(u as usize, j);
                        if self.strong[d] >> v & 1 != 0 {
                            visit((d * n + v) * 2, self);
                        }
                    }
                }
            } else {
                // Off: strong links to on candidates.
                let m = board.cand[c];
                if pair(m) {
                    visit((c * n + (m & !(1 << v)).trailing_zeros() as usize) * 2 + 1, self);
                }
                for &(u, _) in layout.units_of(c) {
                    if let Some(d) = partner(layout, board, u as usize, v, c) {
                        visit((d * n + v) * 2 + 1, self);
                    }
                }
            }
        }
    }

    fn any_chain(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        step: &mut Step,
        top: Technique,
    ) -> bool {
        self.index(layout, board);
        self.prepare(layout, board, ChainKind::Aic, layout.full);
        if self.starts.is_empty() {
            return false;
        }
        std::mem::swap(&mut self.links, &mut self.aic);
        std::mem::swap(&mut self.starts, &mut self.aic_starts);
        self.best.clear(Technique::XChain);
        let mut found = false;
        if self.maybe_x(layout, board) {
            // An X-chain is an AIC, so it removes only candidates an AIC
            // may remove, of their symbols; its graph falls apart into one
            // part per symbol, and the others hold no start.
            let only = self.useful.iter().fold(0, |m, &(_, v)| m | 1 << v);
            self.prepare(layout, board, ChainKind::X, only);
            self.shortest(layout, board, ChainKind::X);
            found = self.take(step);
        }
        if !found && top >= Technique::XYChain && self.maybe_xy(layout, board) {
            self.best.clear(Technique::XYChain);
            self.prepare(layout, board, ChainKind::XY, layout.full);
            self.shortest(layout, board, ChainKind::XY);
            found = self.take(step);
        }
        std::mem::swap(&mut self.links, &mut self.aic);
        std::mem::swap(&mut self.starts, &mut self.aic_starts);
        if found || top < Technique::Aic {
            return found;
        }
        self.best.clear(Technique::Aic);
        self.shortest(layout, board, ChainKind::Aic);
        self.take(step)
    }

    /// Whether an X-chain may remove one of the candidates an AIC may
    /// remove (`self.useful`): every X-chain is an AIC, so these are all
    /// it could remove. For each, a breadth-first search on its symbol
    /// from the candidate assumed true, for a chain back to a candidate it
    /// sees (then that chain shows it false). A cheap test that, when it
    /// fails, saves laying out the X graph.
    ///
    /// The searches walk sets of cells (`self.holders` must be current):
    /// from a cell assumed true, every cell it sees that has a strong link
    /// on the symbol is false, in one step; from a false cell, the other
    /// place of each of its strong links is true. Only whether a chain
    /// exists matters, not the order the cells are reached in.
    #[inline(never)]
    fn maybe_x(&mut self, layout: &Layout, board: &CandidateBoard) -> bool {
        let (n, w) = (layout.n, layout.words);
        // Per symbol (once asked): the cells with a strong link on it.
        let mut known: Mask = 0;
        self.strong_cells.clear();
        self.strong_cells.resize(n * w, 0);
        // The cells reached true, reached false, and the true ones to
        // follow.
        self.sets.clear();
        self.sets.resize(2 * w, 0);
        for k in 0..self.useful.len() {
            let (cx, v) = (self.useful[k].0 as usize, self.useful[k].1 as usize);
            if known & 1 << v == 0 {
                known |= 1 << v;
                mark_linked(layout, board, v, &mut self.strong_cells[v * w..][..w]);
            }
            let strong = &self.strong_cells[v * w..][..w];
            let (on, off) = self.sets.split_at_mut(w);
            on.fill(0);
            off.fill(0);
            on[cx / 64] |= 1 << (cx % 64);
            let sees_x = layout.peers_of(cx);
            self.queue.clear();
            self.queue.push(cx as u32);
            let mut head = 0;
            while head < self.queue.len() {
                let c = self.queue[head] as usize;
                head += 1;
                let peers = layout.peers_of(c);
                for j in 0..w {
                    let new = peers[j] & strong[j] & !off[j];
                    off[j] |= new;
                    for b in members(new) {
                        let d = j * 64 + b;
                        for &(u, _) in layout.units_of(d) {
                            if let Some(e) = partner(layout, board, u as usize, v, d) {
                                if on[e / 64] >> (e % 64) & 1 == 0 {
                                    if sees_x[e / 64] >> (e % 64) & 1 != 0 {
                                        return true;
                                    }
                                    on[e / 64] |= 1 << (e % 64);
                                    self.queue.push(e as u32);
                                }
                            }
                        }
                    }
                }
            }
        }
        false
    }

    /// Whether an XY-chain may remove one of the candidates an AIC may
    /// remove (`self.useful`): for each, a breadth-first search through
    /// cells with two candidates from its symbol in the cells it sees,
    /// assumed false, for a chain to the same symbol in another such
    /// cell, true.
    ///
    /// As [`Chains::maybe_x`], on sets of cells: per symbol, the cells
    /// with two candidates that hold it, and those reached false and true.
    #[inline(never)]
    fn maybe_xy(&mut self, layout: &Layout, board: &CandidateBoard) -> bool {
        let (n, w) = (layout.n, layout.words);
        // Per symbol, the cells with two candidates holding it.
        self.strong_cells.clear();
        self.strong_cells.resize(n * w, 0);
        for c in 0..layout.cells {
            let m = board.cand[c];
            if pair(m) {
                for v in members(m) {
                    self.strong_cells[v * w + c / 64] |= 1 << (c % 64);
                }
            }
        }
        let two = &self.strong_cells;
        for k in 0..self.useful.len() {
            let (cx, vx) = (self.useful[k].0 as usize, self.useful[k].1 as usize);
            // Per symbol: the cells reached false, then those reached true.
            self.sets.clear();
            self.sets.resize(2 * n * w, 0);
            let (off, on) = self.sets.split_at_mut(n * w);
            // States: (cell * n + symbol) * 2 + on.
            self.queue.clear();
            let sees_x = layout.peers_of(cx);
            for j in 0..w {
                let start = sees_x[j] & two[vx * w + j];
                off[vx * w + j] = start;
                for b in members(start) {
                    self.queue.push((((j * 64 + b) * n + vx) * 2) as u32);
                }
            }
            let mut head = 0;
            while head < self.queue.len() {
                let s = self.queue[head] as usize;
                head += 1;
                let (c, v) = (s / 2 / n, s / 2 % n);
                if s % 2 == 1 {
                    let peers = layout.peers_of(c);
                    let (off, two) = (&mut off[v * w..][..w], &two[v * w..][..w]);
                    for j in 0..w {
                        let new = peers[j] & two[j] & !off[j];
                        off[j] |= new;
                        for b in members(new) {
                            self.queue.push((((j * 64 + b) * n + v) * 2) as u32);
                        }
                    }
                } else {
                    let u = (board.cand[c] & !(1 << v)).trailing_zeros() as usize;
                    let (x, bit) = (u * w + c / 64, 1 << (c % 64));
                    if on[x] & bit == 0 {
                        if u == vx && sees_x[c / 64] & bit != 0 {
                            return true;
                        }
                        on[x] |= bit;
                        self.queue.push(((c * n + u) * 2 + 1) as u32);
                    }
                }
            }
        }
        false
    }

    /// Moves the best chain found into `step`.
    fn take(&mut self, step: &mut Step) -> bool {
        if self.best.chain.is_empty() {
            return false;
        }
        std::mem::swap(step, &mut self.best);
        true
    }

    /// Lays out the links of `kind` between the candidates of the symbols
    /// `only` and lists the candidates from which a chain reaches a useful
    /// conclusion.
    ///
    /// A candidate x goes if chains join two candidates of the set R(x):
    /// x's symbol in the cells x sees (two of them: both ends see x), and,
    /// for an AIC, x's cell's other symbols (two of them: x's cell holds
    /// one; one of them and one of the former: either way x goes). So for
    /// each x, each candidate of R(x) whose reach meets the rest of R(x)
    /// is a start.
    fn prepare(&mut self, layout: &Layout, board: &CandidateBoard, kind: ChainKind, only: Mask) {
        self.links.build(layout, board, kind, only);
        self.links.close();
        // Sets of a few words: the same code, on slices of a fixed length.
        match self.links.words {
            1 => self.find_starts::<1>(layout, board, kind, only),
            2 => self.find_starts::<2>(layout, board, kind, only),
            3 => self.find_starts::<3>(layout, board, kind, only),
            4 => self.find_starts::<4>(layout, board, kind, only),
            _ => self.find_starts::<0>(layout, board, kind, only),
        }
    }

    /// The starts of [`Chains::prepare`], on sets of nodes of `W` words
    /// (0: any).
    fn find_starts<const W: usize>(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        kind: ChainKind,
        only: Mask,
    ) {
        let links = &self.links;
        // Sets of nodes (candidates with a strong link), by id.
        let w = if W == 0 { links.words } else { W };
        debug_assert_eq!(w, links.words);
        let (n, cells) = (layout.n, layout.cells);
        let units = layout.units.len();
        // Per unit and symbol, the nodes there as a set, and (but for
        // XY-chains, whose candidates are all nodes) the union of what
        // they reach assumed false.
        let plain = kind != ChainKind::XY;
        self.unit_nodes.clear();
        self.unit_nodes.resize(units * n * w, 0);
        self.unit_reach.clear();
        self.unit_reach.resize(if plain { units * n * w } else { 0 }, 0);
        let (unit_nodes, unit_reach) = (&mut self.unit_nodes[..], &mut self.unit_reach[..]);
        for id in 0..links.len() {
            let (c, v) = links.node(id);
            let reach = &links.reach(id)[..w];
            for &(u, _) in layout.units_of(c) {
                let x = (u as usize * n + v) * w;
                unit_nodes[x..][..w][id / 64] |= 1 << (id % 64);
                if plain {
                    for (a, b) in unit_reach[x..][..w].iter_mut().zip(reach) {
                        *a |= b;
                    }
                }
            }
        }
        let (unit_nodes, unit_reach) = (&*unit_nodes, &*unit_reach);
        // R(x) of the current x: in registers for a few words.
        let mut few = [0u64; 4];
        self.set.clear();
        self.set.resize(w, 0);
        let set = if W == 0 { &mut self.set[..w] } else { &mut few[..w] };
        self.is_start.clear();
        self.is_start.resize(w, 0);
        let is_start = &mut self.is_start[..w];
        let useful = &mut self.useful;
        if kind == ChainKind::Aic {
            useful.clear();
        }
        let (holders, exhaustive) = (&self.holders[..], self.exhaustive);
        let lw = layout.words;
        let meets = |a: &[u64], b: &[u64]| a[..w].iter().zip(&b[..w]).any(|(a, b)| a & b != 0);
        for cx in 0..cells {
            let nodes = links.nodes_of(cx);
            let cand = board.cand[cx];
            let cell_units = layout.units_of(cx);
            for vx in members(cand & only) {
                // The nodes of R(x): x's symbol in the cells x sees (in
                // x's units, but x), and (AIC) x's cell's other symbols.
                set.fill(0);
                for &(u, _) in cell_units {
                    let x = (u as usize * n + vx) * w;
                    for (a, b) in set.iter_mut().zip(&unit_nodes[x..][..w]) {
                        *a |= b;
                    }
                }
                let others = if kind == ChainKind::Aic { nodes & !(1 << vx) } else { 0 };
                for v in members(others) {
                    let y = links.id_unchecked(cx, v);
                    set[y / 64] |= 1 << (y % 64);
                }
                let node = nodes & 1 << vx != 0;
                let id = if node { links.id_unchecked(cx, vx) } else { 0 };
                if node {
                    set[id / 64] &= !(1 << (id % 64));
                }
                // A chain that removes x runs x on, y off (y in R(x)),
                // ..., z on (z in R(x)): what x on reaches meets R(x).
                // Most candidates fail this one test. A node's on state
                // reaches what `close` found; a candidate of the graph
                // that is no node (X-chains and AICs), what the nodes of
                // R(x), its weak links, reach off. Where x is no
                // candidate of the graph (XY-chains: a cell with more
                // than two), it is not made.
                if !exhaustive {
                    let pass = if node {
                        meets(links.reach_on(id), set)
                    } else if plain {
                        cell_units.iter().any(|&(u, _)| meets(&unit_reach[(u as usize * n + vx) * w..], set))
                            || members(others).any(|v| meets(links.reach(links.id_unchecked(cx, v)), set))
                    } else {
                        true
                    };
                    if !pass {
                        continue;
                    }
                }
                // Whether R(x) holds two candidates or more (for
                // XY-chains, its nodes): each word counts 1 for one bit, 2
                // for more.
                let count = |m: u64| (m != 0) as u32 + (m & m.wrapping_sub(1) != 0) as u32;
                let size = if kind == ChainKind::XY {
                    set.iter().map(|&m| count(m)).sum::<u32>()
                } else {
                    let h = &holders[vx * lw..][..lw];
                    let same: u32 = h.iter().zip(layout.peers_of(cx)).map(|(a, b)| count(a & b)).sum();
                    same + if kind == ChainKind::Aic { count(cand & !(1 << vx)) } else { 0 }
                };
                if size < 2 {
                    continue;
                }
                if kind == ChainKind::Aic {
                    useful.push((cx as u16, vx as u8));
                }
                // Each node of R(x) whose reach meets the rest of R(x) is
                // a start.
                for k in 0..w {
                    for j in members(set[k] & !is_start[k]) {
                        let y = k * 64 + j;
                        let reach = &links.reach(y)[..w];
                        let meets = (0..w).any(|i| {
                            let m = reach[i] & set[i];
                            m != 0 && (i != k || m != 1 << j)
                        });
                        if meets {
                            is_start[k] |= 1 << j;
                        }
                    }
                }
            }
        }
        self.starts.clear();
        for k in 0..w {
            for j in members(self.is_start[k]) {
                self.starts.push((k * 64 + j) as u32);
            }
        }
    }

    /// Searches for the shortest chain of `kind` that eliminates
    /// something, keeping it in `self.best` if it is shorter than the one
    /// there: breadth first from each candidate that reaches a useful
    /// conclusion at all.
    fn shortest(&mut self, layout: &Layout, board: &CandidateBoard, kind: ChainKind) {
        let technique = self.best.technique;
        let mut step = std::mem::take(&mut self.best);
        let mut limit = if step.chain.is_empty() { u32::MAX } else { step.chain.len() as u32 };
        let mut scratch = Step::default();
        for j in 0..self.starts.len() {
            let start = self.starts[j] as usize;
            if let Some(len) = self.search_from(layout, board, kind, start, limit, &mut scratch) {
                limit = len;
                scratch.technique = technique;
                std::mem::swap(&mut step, &mut scratch);
                // Nothing is shorter than one strong, one weak and one
                // strong link.
                if len <= 4 {
                    break;
                }
            }
        }
        self.best = step;
    }

    /// Breadth-first search from candidate `start` (assumed false) for a
    /// chain of fewer than `limit` candidates that eliminates something.
    /// Writes it into `step` and returns its length.
    #[inline(never)]
    fn search_from(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        kind: ChainKind,
        start: usize,
        limit: u32,
        step: &mut Step,
    ) -> Option<u32> {
        self.reset(2 * self.links.len());
        // Locals, so that the loop keeps them in registers.
        let (links, search, holders) = (&self.links, self.search, &self.holders[..]);
        let states = 2 * links.len();
        let (seen, from) = (&mut self.seen[..states], &mut self.from[..states]);
        let queue = &mut self.queue;
        queue.clear();
        let s0 = 2 * start;
        seen[s0] = search;
        queue.push(s0 as u32);
        let a = links.node(start);
        let mut head = 0;
        let mut end = None;
        // The distance of the states from `head` up to `level` (the
        // start's is 1): breadth first, the queue holds one level after
        // the other.
        let (mut d, mut level) = (0, 0);
        while head < queue.len() {
            if head == level {
                d += 1;
                level = queue.len();
            }
            let state = queue[head] as usize;
            head += 1;
            if state % 2 == 1 && state / 2 != start {
                let b = links.node(state / 2);
                // Whether it concludes anything first (most ends do not).
                if Chains::conclude(holders, layout, board, kind, a, b, &mut |_, _| true) {
                    end = Some((state, d, b));
                    break;
                }
            }
            if d + 1 >= limit {
                continue;
            }
            for &t in links.out(state) {
                let t = t as usize;
                if t < states && seen[t] != search {
                    seen[t] = search;
                    from[t] = state as u32;
                    queue.push(t as u32);
                }
            }
        }
        let (state, d, b) = end?;
        // What it concludes.
        let n = layout.n;
        step.clear(step.technique);
        Chains::conclude(holders, layout, board, kind, a, b, &mut |c, v| {
            step.eliminate(n, c, v);
            false
        });
        self.write_chain(n, s0, state, step);
        Some(d)
    }

    /// Writes the chain from state `s0` to `state` into `step`, start
    /// first.
    fn write_chain(&self, n: usize, s0: usize, mut state: usize, step: &mut Step) {
        step.chain.clear();
        loop {
            let (cell, v) = self.links.node(state / 2);
            step.link(n, cell, v);
            if state == s0 {
                break;
            }
            state = self.from[state] as usize;
        }
        step.chain.reverse();
    }

    /// Calls `found` with each candidate that "`a` or `b` is true"
    /// eliminates (cell, symbol) until it returns true; returns whether
    /// there was any.
    fn conclude(
        holders: &[u64],
        layout: &Layout,
        board: &CandidateBoard,
        kind: ChainKind,
        (ca, va): (usize, usize),
        (cb, vb): (usize, usize),
        found: &mut impl FnMut(usize, usize) -> bool,
    ) -> bool {
        let mut any = false;
        if va == vb && ca != cb {
            let w = layout.words;
            let (pa, pb, h) = (layout.peers_of(ca), layout.peers_of(cb), &holders[va * w..][..w]);
            for k in 0..w {
                for j in members(pa[k] & pb[k] & h[k]) {
                    any = true;
                    if found(k * 64 + j, va) {
                        return true;
                    }
                }
            }
        } else if kind == ChainKind::Aic && ca == cb && va != vb {
            for x in members(board.cand[ca] & !(1 << va) & !(1 << vb)) {
                any = true;
                if found(ca, x) {
                    return true;
                }
            }
        } else if kind == ChainKind::Aic && va != vb && layout.sees(ca, cb) {
            for (c, x) in [(ca, vb), (cb, va)] {
                if board.has(c, x) {
                    any = true;
                    if found(c, x) {
                        return true;
                    }
                }
            }
        }
        any
    }

    /// Simple colouring on any symbol: a colour wrap (two cells of one
    /// colour see each other, so that colour is false) or a colour trap (a
    /// cell sees both colours, so it is false).
    ///
    /// Colouring on a symbol follows only its strong links in units: with
    /// none new since it last found nothing (on this puzzle), its clusters
    /// have only lost cells and links, and it finds nothing again. So only
    /// the symbols with a new one are coloured.
    pub fn colouring(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step) -> bool {
        let (count, logged) = self.idle_colouring;
        if count == board.strong_links {
            return false;
        }
        let log = &board.strong_log;
        let symbols = if logged <= log.len() && (board.strong_links - count) as usize == log.len() - logged {
            let (n, cells) = (layout.n, layout.cells);
            log[logged..]
                .iter()
                .filter(|&&e| e as usize >= cells)
                .fold(0, |m, &e| m | 1 << ((e as usize - cells) % n))
        } else {
            layout.full
        };
        let found = self.colour(layout, board, step, symbols);
        if !found {
            self.idle_colouring = (board.strong_links, board.strong_log.len());
        }
        found
    }

    fn colour(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step, symbols: Mask) -> bool {
        if symbols == 0 {
            return false;
        }
        let w = layout.words;
        let mut indexed = false;
        if self.colour.len() < layout.cells {
            self.colour.resize(layout.cells, 0);
            self.colour_seen.resize(layout.cells, 0);
        }
        for v in members(symbols) {
            self.colour_mark = self.colour_mark.wrapping_add(1);
            if self.colour_mark == 0 {
                self.colour_seen.iter_mut().for_each(|s| *s = 0);
                self.colour_mark = 1;
            }
            let mark = self.colour_mark;
            // The roots, in order of cells: those with a strong link on v
            // (a cell without one is a cluster of one, which shows
            // nothing).
            self.linked.clear();
            self.linked.resize(w, 0);
            mark_linked(layout, board, v, &mut self.linked);
            for k in 0..w {
                for j in members(self.linked[k]) {
                    let root = k * 64 + j;
                    if self.colour_seen[root] == mark {
                        continue;
                    }
                    // Colour the cluster of `root`: sets 0 and 1 are the two
                    // colours, 2 and 3 the cells that see each.
                    self.sets.clear();
                    self.sets.resize(4 * w, 0);
                    self.cluster.clear();
                    self.cluster.push(root);
                    self.colour_seen[root] = mark;
                    self.colour[root] = 0;
                    let mut head = 0;
                    while head < self.cluster.len() {
                        let c = self.cluster[head];
                        head += 1;
                        let k = self.colour[c] as usize;
                        self.sets[k * w + c / 64] |= 1 << (c % 64);
                        for (x, &p) in self.sets[(2 + k) * w..][..w].iter_mut().zip(layout.peers_of(c)) {
                            *x |= p;
                        }
                        for &(u, _) in layout.units_of(c) {
                            if let Some(d) = partner(layout, board, u as usize, v, c) {
                                if self.colour_seen[d] != mark {
                                    self.colour_seen[d] = mark;
                                    self.colour[d] = self.colour[c] ^ 1;
                                    self.cluster.push(d);
                                }
                            }
                        }
                    }
                    if self.cluster.len() < 2 {
                        continue;
                    }
                    if self.wrap(layout, board, v, step) {
                        return true;
                    }
                    // What holds v (shared with the chain searches, which
                    // list the same board), listed once per pass.
                    if !indexed {
                        self.index(layout, board);
                        indexed = true;
                    }
                    if self.trap(layout, board, v, step) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Two cells of one colour that see each other: that colour is false.
    fn wrap(&mut self, layout: &Layout, board: &CandidateBoard, v: usize, step: &mut Step) -> bool {
        let w = layout.words;
        for k in 0..2 {
            let (colour, sees) = (&self.sets[k * w..][..w], &self.sets[(2 + k) * w..][..w]);
            let Some(a) = first(colour, sees) else { continue };
            let b = first(colour, layout.peers_of(a)).expect("a sees a cell of its colour");
            step.clear(Technique::SimpleColouring);
            for (x, &word) in colour.iter().enumerate() {
                for j in members(word) {
                    step.eliminate(layout.n, x * 64 + j, v);
                }
            }
            let u = layout
                .units_of(a)
                .iter()
                .map(|&(u, _)| u as usize)
                .find(|&u| layout.position(b, u).is_some());
            // Two cells of a cage or a chess move apart see each other
            // through a variant rule, not a unit.
            match u {
                Some(u) => step.units.push(layout.units[u]),
                None => step.source = Some(crate::logic::Source::Peers),
            }
            self.explain(layout, board, v, a, b, step);
            return true;
        }
        false
    }

    /// A cell outside the cluster that sees both colours: it is false, and
    /// so is every other cell that sees the same two.
    fn trap(&mut self, layout: &Layout, board: &CandidateBoard, v: usize, step: &mut Step) -> bool {
        let w = layout.words;
        let h = &self.holders[v * w..][..w];
        let s = &self.sets;
        let x = (0..w).find_map(|k| {
            let m = h[k] & s[2 * w + k] & s[3 * w + k] & !(s[k] | s[w + k]);
            (m != 0).then(|| k * 64 + m.trailing_zeros() as usize)
        });
        let Some(x) = x else { return false };
        let a = first(&s[..w], layout.peers_of(x)).expect("x sees colour 0");
        let b = first(&s[w..2 * w], layout.peers_of(x)).expect("x sees colour 1");
        step.clear(Technique::SimpleColouring);
        let (pa, pb) = (layout.peers_of(a), layout.peers_of(b));
        for k in 0..w {
            for j in members(h[k] & pa[k] & pb[k] & !(s[k] | s[w + k])) {
                step.eliminate(layout.n, k * 64 + j, v);
            }
        }
        self.explain(layout, board, v, a, b, step);
        true
    }

    /// Records the two key cells and the path of strong links from `a` to
    /// `b` (breadth first, so a shortest one).
    fn explain(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        v: usize,
        a: usize,
        b: usize,
        step: &mut Step,
    ) {
        let n = layout.n;
        step.cell(n, a);
        step.cell(n, b);
        step.symbols.push(v as u8);
        // Reuse the chain search's tables, states `cell * 2`.
        self.reset(layout.cells * 2);
        self.queue.clear();
        self.queue.push((a * 2) as u32);
        self.seen[a * 2] = self.search;
        self.dist[a * 2] = 1;
        let mut head = 0;
        while head < self.queue.len() {
            let s = self.queue[head] as usize;
            head += 1;
            if s == b * 2 {
                break;
            }
            let c = s / 2;
            for &(u, _) in layout.units_of(c) {
                if let Some(d) = partner(layout, board, u as usize, v, c) {
                    if self.seen[d * 2] != self.search {
                        self.seen[d * 2] = self.search;
                        self.from[d * 2] = s as u32;
                        self.dist[d * 2] = self.dist[s] + 1;
                        self.queue.push((d * 2) as u32);
                    }
                }
            }
        }
        step.chain.clear();
        let mut s = b * 2;
        loop {
            step.link(n, s / 2, v);
            if self.dist[s] == 1 {
                break;
            }
            s = self.from[s] as usize;
        }
        step.chain.reverse();
    }
}
