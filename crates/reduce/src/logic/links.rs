//! The graph of links between candidates, and what each candidate reaches.
//!
//! A chain search state is a candidate assumed false (*off*) or true
//! (*on*). From an off candidate, a strong link leads to an on one (if
//! this is false, that is true); from an on candidate, a weak link leads
//! to an off one (if this is true, that is false). [`Links::build`] lays
//! out these edges once per search, for one kind of chain, and
//! [`Links::close`] finds, for every candidate, the set of candidates its
//! being false makes true by some chain: strongly connected components
//! (Tarjan), then one union of bit sets per edge in reverse topological
//! order. A chain search then starts only from candidates that reach a
//! useful conclusion, and a search that finds nothing costs one pass over
//! the graph instead of one per candidate.

use super::board::{bit, members, Board, Layout};

/// Which links a chain may follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// One symbol at a time: strong links in units, weak links between
    /// cells (the graph falls apart into one part per symbol).
    X,
    /// Cells with two candidates: strong links inside them, weak links
    /// between them on one symbol.
    XY,
    /// Any candidates.
    Aic,
}

const UNSET: u32 = u32::MAX;

/// The graph of one kind of chain on one board.
#[derive(Clone, Debug, Default)]
pub(crate) struct Links {
    n: usize,
    kind: Option<Kind>,
    /// The candidates, as `cell * n + symbol`, by id.
    pub nodes: Vec<u32>,
    /// The id of each candidate that is a node (stale for the others).
    id_of: Vec<u32>,
    /// The edges out of state `s` (`2 * id + on`) are
    /// `edges[start[s]..start[s + 1]]`.
    start: Vec<u32>,
    edges: Vec<u32>,
    /// Strong partners per candidate, before the states are laid out.
    strong_start: Vec<u32>,
    strong: Vec<u32>,
    /// Tarjan's tables.
    index: Vec<u32>,
    low: Vec<u32>,
    comp: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    /// Words per set of candidates.
    pub words: usize,
    /// Per component: the on candidates it reaches by one edge or more.
    reach: Vec<u64>,
}

impl Links {
    /// Whether `(cell, v)` is a node of a chain of `kind`.
    #[inline]
    fn is_node(board: &Board, kind: Kind, cell: usize, v: usize) -> bool {
        board.has(cell, v)
            && match kind {
                Kind::XY => board.cand[cell].count_ones() == 2,
                Kind::X | Kind::Aic => true,
            }
    }

    /// The number of candidates.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The cell and symbol of candidate `id`.
    #[inline]
    pub fn node(&self, id: usize) -> (usize, usize) {
        let x = self.nodes[id] as usize;
        (x / self.n, x % self.n)
    }

    /// The id of candidate `(cell, v)`, which must be a node of this graph.
    #[inline]
    pub fn id_unchecked(&self, cell: usize, v: usize) -> usize {
        self.id_of[cell * self.n + v] as usize
    }

    /// The states one edge from state `s`.
    #[inline]
    pub fn out(&self, s: usize) -> &[u32] {
        &self.edges[self.start[s] as usize..self.start[s + 1] as usize]
    }

    /// Lays out the links of `kind` on `board`.
    #[inline(never)]
    pub fn build(&mut self, layout: &Layout, board: &Board, kind: Kind) {
        let n = layout.n;
        self.n = n;
        self.kind = Some(kind);
        self.nodes.clear();
        if self.id_of.len() < layout.cells * n {
            self.id_of.resize(layout.cells * n, UNSET);
        }
        for cell in 0..layout.cells {
            let cand = board.cand[cell];
            let symbols = match kind {
                Kind::XY if cand.count_ones() != 2 => 0,
                _ => cand,
            };
            for v in members(symbols) {
                {
                    self.id_of[cell * n + v] = self.nodes.len() as u32;
                    self.nodes.push((cell * n + v) as u32);
                }
            }
        }
        // Strong links first: a weak link into a candidate without one
        // leads nowhere, and is left out.
        self.strong_start.clear();
        self.strong.clear();
        for id in 0..self.nodes.len() {
            self.strong_start.push(self.strong.len() as u32);
            let (cell, v) = self.node(id);
            let cand = board.cand[cell];
            if matches!(kind, Kind::XY | Kind::Aic) && cand.count_ones() == 2 {
                let w = (cand & !bit(v)).trailing_zeros() as usize;
                self.strong.push(self.id_of[cell * n + w]);
            }
            if kind != Kind::XY {
                for &(u, _) in layout.units_of(cell) {
                    let p = board.pos(u as usize, v);
                    if p.count_ones() == 2 {
                        let a = layout.cell(u as usize, p.trailing_zeros() as usize);
                        let b = layout.cell(u as usize, 63 - p.leading_zeros() as usize);
                        let other = if a == cell { b } else { a };
                        self.strong.push(self.id_of[other * n + v]);
                    }
                }
            }
        }
        self.strong_start.push(self.strong.len() as u32);
        let has_strong = |this: &Links, id: usize| this.strong_start[id] < this.strong_start[id + 1];
        self.start.clear();
        self.edges.clear();
        for id in 0..self.nodes.len() {
            // Off: strong links to on states.
            self.start.push(self.edges.len() as u32);
            for k in self.strong_start[id]..self.strong_start[id + 1] {
                let j = self.strong[k as usize];
                self.edges.push(2 * j + 1);
            }
            // On: weak links to off states that go on.
            self.start.push(self.edges.len() as u32);
            let (cell, v) = self.node(id);
            if kind == Kind::Aic {
                for w in members(board.cand[cell] & !bit(v)) {
                    let k = self.id_of[cell * n + w] as usize;
                    if has_strong(self, k) {
                        self.edges.push(2 * k as u32);
                    }
                }
            }
            for &(u, i) in layout.units_of(cell) {
                for j in members(board.pos(u as usize, v) & !bit(i as usize)) {
                    let other = layout.cell(u as usize, j);
                    if Links::is_node(board, kind, other, v) {
                        let k = self.id_of[other * n + v] as usize;
                        if has_strong(self, k) {
                            self.edges.push(2 * k as u32);
                        }
                    }
                }
            }
        }
        self.start.push(self.edges.len() as u32);
    }

    /// Finds what every state reaches (see the module's documentation).
    #[inline(never)]
    pub fn close(&mut self) {
        let states = 2 * self.nodes.len();
        self.words = self.nodes.len().div_ceil(64);
        let w = self.words;
        for v in [&mut self.index, &mut self.low, &mut self.comp] {
            v.clear();
            v.resize(states, UNSET);
        }
        self.on_stack.clear();
        self.on_stack.resize(states, false);
        self.reach.clear();
        let mut counter = 0u32;
        let mut comps = 0u32;
        for root in 0..states {
            if self.index[root] != UNSET {
                continue;
            }
            self.open(root, &mut counter);
            while let Some(&(s, pos)) = self.calls.last() {
                let s = s as usize;
                if pos < self.start[s + 1] {
                    self.calls.last_mut().expect("a call").1 += 1;
                    let t = self.edges[pos as usize] as usize;
                    if self.index[t] == UNSET {
                        self.open(t, &mut counter);
                    } else if self.on_stack[t] {
                        self.low[s] = self.low[s].min(self.index[t]);
                    }
                    continue;
                }
                self.calls.pop();
                if let Some(&(parent, _)) = self.calls.last() {
                    let p = parent as usize;
                    self.low[p] = self.low[p].min(self.low[s]);
                }
                if self.low[s] != self.index[s] {
                    continue;
                }
                // `s` roots a component: the states above it on the stack.
                let k = comps;
                comps += 1;
                let from = self.stack.iter().rposition(|&x| x as usize == s).expect("s is on the stack");
                for &m in &self.stack[from..] {
                    self.comp[m as usize] = k;
                    self.on_stack[m as usize] = false;
                }
                self.reach.resize(self.reach.len() + w, 0);
                let base = k as usize * w;
                for j in from..self.stack.len() {
                    let m = self.stack[j] as usize;
                    for e in self.start[m]..self.start[m + 1] {
                        let t = self.edges[e as usize] as usize;
                        if t % 2 == 1 {
                            self.reach[base + t / 128] |= 1 << (t / 2 % 64);
                        }
                        let c = self.comp[t] as usize;
                        if c != k as usize {
                            // An earlier component: copy its set in.
                            let (done, here) = self.reach.split_at_mut(base);
                            for (x, y) in here[..w].iter_mut().zip(&done[c * w..][..w]) {
                                *x |= y;
                            }
                        }
                    }
                }
                self.stack.truncate(from);
            }
        }
    }

    fn open(&mut self, s: usize, counter: &mut u32) {
        self.index[s] = *counter;
        self.low[s] = *counter;
        *counter += 1;
        self.stack.push(s as u32);
        self.on_stack[s] = true;
        self.calls.push((s as u32, self.start[s]));
    }

    /// The candidates (ids) that a chain from candidate `id`, assumed
    /// false, proves true.
    pub fn reach(&self, id: usize) -> &[u64] {
        let c = self.comp[2 * id] as usize;
        &self.reach[c * self.words..][..self.words]
    }
}
