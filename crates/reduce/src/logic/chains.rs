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
//! that has a strong link, so each step shows a shortest chain.

use super::board::{members, Board, Layout};
use super::links::{Kind, Links};
use super::step::{Step, Technique};

/// Work space for the chain searches, kept between steps.
#[derive(Clone, Debug, Default)]
pub(crate) struct Chains {
    /// The links of the current search.
    links: Links,
    /// The candidates the search may start from.
    starts: Vec<u32>,
    /// The AIC graph and its starts, kept while X- and XY-chains are
    /// searched.
    aic: Links,
    aic_starts: Vec<u32>,
    /// The reading of [`Board::strong_links`] when chains, and colouring,
    /// last found nothing (0: never). With no strong link new since, the
    /// graph of links has only lost nodes and edges, so every chain it
    /// holds was there before: they would find nothing again.
    idle_chains: (u64, Technique),
    idle_colouring: u64,
    /// Work space of `prepare`: R(x) as a list and a set, and the starts
    /// found as a set.
    ring: Vec<u32>,
    set: Vec<u64>,
    is_start: Vec<u64>,
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
    /// Sets of cells for colouring: the two colours and the cells that see
    /// each.
    sets: Vec<u64>,
    /// Per cell, for colouring: the cluster and colour (2k or 2k + 1) of
    /// the current pass, marked by `search`.
    colour: Vec<u32>,
    colour_seen: Vec<u32>,
    colour_mark: u32,
    cluster: Vec<usize>,
}

/// The most candidates a board may have for the chain searches (X, XY,
/// AIC) to run: what every candidate reaches then takes at most 16 MiB.
/// A 16x16 grid never has more; a 25x25 one early on does.
pub const MAX_CHAIN_CANDIDATES: usize = 8192;

/// The first cell in both sets.
fn first(a: &[u64], b: &[u64]) -> Option<usize> {
    a.iter().zip(b).enumerate().find_map(|(k, (x, y))| {
        let m = x & y;
        (m != 0).then(|| k * 64 + m.trailing_zeros() as usize)
    })
}

/// The other place of a symbol in a unit where it has exactly two.
#[inline]
fn partner(layout: &Layout, board: &Board, u: usize, v: usize, cell: usize) -> Option<usize> {
    let p = board.pos(u, v);
    if p.count_ones() != 2 {
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

    /// Lists the cells holding each symbol.
    fn index(&mut self, layout: &Layout, board: &Board) {
        let w = layout.words;
        self.holders.clear();
        self.holders.resize(layout.n * w, 0);
        for cell in 0..layout.cells {
            for v in members(board.cand[cell]) {
                self.holders[v * w + cell / 64] |= 1 << (cell % 64);
            }
        }
    }

    /// X-chains, then XY-chains, then AICs (those up to `top`): the
    /// shortest chain of the first kind that has one. Every X- or
    /// XY-chain is also an AIC, so when no AIC concludes anything, none of
    /// them is searched for.
    ///
    /// Not tried on a board of more than [`MAX_CHAIN_CANDIDATES`]
    /// candidates (what each candidate reaches takes a bit per candidate).
    pub fn chains(&mut self, layout: &Layout, board: &Board, step: &mut Step, top: Technique) -> bool {
        if top < Technique::XChain
            || self.idle_chains == (board.strong_links, top)
            || board.candidates > MAX_CHAIN_CANDIDATES
        {
            return false;
        }
        let found = self.any_chain(layout, board, step, top);
        if !found {
            self.idle_chains = (board.strong_links, top);
        }
        found
    }

    fn any_chain(&mut self, layout: &Layout, board: &Board, step: &mut Step, top: Technique) -> bool {
        self.index(layout, board);
        self.prepare(layout, board, Kind::Aic);
        if self.starts.is_empty() {
            return false;
        }
        std::mem::swap(&mut self.links, &mut self.aic);
        std::mem::swap(&mut self.starts, &mut self.aic_starts);
        self.best.clear(Technique::XChain);
        self.prepare(layout, board, Kind::X);
        self.shortest(layout, board, Kind::X);
        let mut found = self.take(step);
        if !found && top >= Technique::XYChain {
            self.best.clear(Technique::XYChain);
            self.prepare(layout, board, Kind::XY);
            self.shortest(layout, board, Kind::XY);
            found = self.take(step);
        }
        std::mem::swap(&mut self.links, &mut self.aic);
        std::mem::swap(&mut self.starts, &mut self.aic_starts);
        if found || top < Technique::Aic {
            return found;
        }
        self.best.clear(Technique::Aic);
        self.shortest(layout, board, Kind::Aic);
        self.take(step)
    }

    /// Moves the best chain found into `step`.
    fn take(&mut self, step: &mut Step) -> bool {
        if self.best.chain.is_empty() {
            return false;
        }
        std::mem::swap(step, &mut self.best);
        true
    }

    /// Lays out the links of `kind` and lists the candidates from which a
    /// chain reaches a useful conclusion.
    ///
    /// A candidate x goes if chains join two candidates of the set R(x):
    /// x's symbol in the cells x sees (two of them: both ends see x), and,
    /// for an AIC, x's cell's other symbols (two of them: x's cell holds
    /// one; one of them and one of the former: either way x goes). So for
    /// each x, each candidate of R(x) whose reach meets the rest of R(x)
    /// is a start.
    fn prepare(&mut self, layout: &Layout, board: &Board, kind: Kind) {
        self.links.build(layout, board, kind);
        self.links.close();
        self.starts.clear();
        let links = &self.links;
        let w = links.words;
        self.set.clear();
        self.set.resize(w, 0);
        self.is_start.clear();
        self.is_start.resize(w, 0);
        for cx in 0..layout.cells {
            for vx in members(board.cand[cx]) {
                // R(x), as a list of ids and a set.
                self.ring.clear();
                let h = &self.holders[vx * layout.words..][..layout.words];
                let peers = layout.peers_of(cx);
                for k in 0..layout.words {
                    for j in members(peers[k] & h[k]) {
                        let cell = k * 64 + j;
                        if kind != Kind::XY || board.cand[cell].count_ones() == 2 {
                            self.ring.push(links.id_unchecked(cell, vx) as u32);
                        }
                    }
                }
                if kind == Kind::Aic {
                    for v in members(board.cand[cx] & !(1 << vx)) {
                        self.ring.push(links.id_unchecked(cx, v) as u32);
                    }
                }
                if self.ring.len() < 2 {
                    continue;
                }
                for &id in &self.ring {
                    self.set[id as usize / 64] |= 1 << (id % 64);
                }
                for &id in &self.ring {
                    let id = id as usize;
                    let reach = links.reach(id);
                    let meets = (0..w).any(|k| {
                        let m = reach[k] & self.set[k];
                        m != 0 && (k != id / 64 || m != 1 << (id % 64))
                    });
                    if meets {
                        self.is_start[id / 64] |= 1 << (id % 64);
                    }
                }
                for &id in &self.ring {
                    self.set[id as usize / 64] = 0;
                }
            }
        }
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
    fn shortest(&mut self, layout: &Layout, board: &Board, kind: Kind) {
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
        board: &Board,
        kind: Kind,
        start: usize,
        limit: u32,
        step: &mut Step,
    ) -> Option<u32> {
        self.reset(2 * self.links.len());
        self.queue.clear();
        let s0 = 2 * start;
        self.seen[s0] = self.search;
        self.dist[s0] = 1;
        self.queue.push(s0 as u32);
        let a = self.links.node(start);
        let mut head = 0;
        while head < self.queue.len() {
            let state = self.queue[head] as usize;
            head += 1;
            let d = self.dist[state];
            if state % 2 == 1 && state / 2 != start {
                step.clear(step.technique);
                let b = self.links.node(state / 2);
                let n = layout.n;
                if self.conclude(layout, board, kind, a, b, &mut |c, v| {
                    step.eliminate(n, c, v);
                    false
                }) {
                    self.write_chain(n, state, step);
                    return Some(d);
                }
            }
            if d + 1 >= limit {
                continue;
            }
            for &t in self.links.out(state) {
                let t = t as usize;
                if self.seen[t] != self.search {
                    self.seen[t] = self.search;
                    self.from[t] = state as u32;
                    self.dist[t] = d + 1;
                    self.queue.push(t as u32);
                }
            }
        }
        None
    }

    /// Writes the chain ending in `state` into `step`, start first.
    fn write_chain(&self, n: usize, mut state: usize, step: &mut Step) {
        step.chain.clear();
        loop {
            let (cell, v) = self.links.node(state / 2);
            step.link(n, cell, v);
            if self.dist[state] == 1 {
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
        &self,
        layout: &Layout,
        board: &Board,
        kind: Kind,
        (ca, va): (usize, usize),
        (cb, vb): (usize, usize),
        found: &mut impl FnMut(usize, usize) -> bool,
    ) -> bool {
        let mut any = false;
        if va == vb && ca != cb {
            let w = layout.words;
            let (pa, pb, h) = (layout.peers_of(ca), layout.peers_of(cb), &self.holders[va * w..][..w]);
            for k in 0..w {
                for j in members(pa[k] & pb[k] & h[k]) {
                    any = true;
                    if found(k * 64 + j, va) {
                        return true;
                    }
                }
            }
        } else if kind == Kind::Aic && ca == cb && va != vb {
            for x in members(board.cand[ca] & !(1 << va) & !(1 << vb)) {
                any = true;
                if found(ca, x) {
                    return true;
                }
            }
        } else if kind == Kind::Aic && va != vb && layout.sees(ca, cb) {
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
    pub fn colouring(&mut self, layout: &Layout, board: &Board, step: &mut Step) -> bool {
        if self.idle_colouring == board.strong_links {
            return false;
        }
        let found = self.colour(layout, board, step);
        if !found {
            self.idle_colouring = board.strong_links;
        }
        found
    }

    fn colour(&mut self, layout: &Layout, board: &Board, step: &mut Step) -> bool {
        let (n, w) = (layout.n, layout.words);
        self.index(layout, board);
        if self.colour.len() < layout.cells {
            self.colour.resize(layout.cells, 0);
            self.colour_seen.resize(layout.cells, 0);
        }
        for v in 0..n {
            self.colour_mark = self.colour_mark.wrapping_add(1);
            if self.colour_mark == 0 {
                self.colour_seen.iter_mut().for_each(|s| *s = 0);
                self.colour_mark = 1;
            }
            let mark = self.colour_mark;
            for root in 0..layout.cells {
                if !board.has(root, v) || self.colour_seen[root] == mark {
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
                if self.cluster.len() >= 2
                    && (self.wrap(layout, board, v, step) || self.trap(layout, board, v, step))
                {
                    return true;
                }
            }
        }
        false
    }

    /// Two cells of one colour that see each other: that colour is false.
    fn wrap(&mut self, layout: &Layout, board: &Board, v: usize, step: &mut Step) -> bool {
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
            step.units.push(layout.units[u.expect("a and b share a unit")]);
            self.explain(layout, board, v, a, b, step);
            return true;
        }
        false
    }

    /// A cell outside the cluster that sees both colours: it is false, and
    /// so is every other cell that sees the same two.
    fn trap(&mut self, layout: &Layout, board: &Board, v: usize, step: &mut Step) -> bool {
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
    fn explain(&mut self, layout: &Layout, board: &Board, v: usize, a: usize, b: usize, step: &mut Step) {
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
