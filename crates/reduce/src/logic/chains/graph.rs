//! The graph of links between candidates, and what each candidate reaches.
//!
//! A chain search state is a candidate assumed false (*off*) or true
//! (*on*). From an off candidate, a strong link leads to an on one (if this
//! is false, that is true); from an on candidate, a weak link leads to an
//! off one (if this is true, that is false). Only candidates with a strong
//! link are nodes: an edge into an on state comes through a strong link, an
//! edge into an off state is kept only where that state has a strong link
//! to go on by, and a search starts at the off state of a candidate with a
//! strong link, so no search reaches another candidate (what one assumed
//! true would reach is the union of what the nodes it has a weak link to
//! reach, see [`ChainGraph::reach`]). [`ChainGraph::build`] lays out these
//! edges once per search, for one kind of chain, and [`ChainGraph::close`]
//! finds, for every node, the set of nodes its being false makes true by
//! some chain: strongly connected components (Tarjan), then one union of
//! bit sets per edge in reverse topological order. A chain search then
//! starts only from candidates that reach a useful conclusion, and a search
//! that finds nothing costs one pass over the graph instead of one per
//! candidate.

use crate::logic::board::{bit, members, pair, CandidateBoard, Layout, Mask};

/// Which links a chain may follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ChainKind {
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
pub(crate) struct ChainGraph {
    n: usize,
    /// The number of nodes: candidates with a strong link.
    m: usize,
    /// The nodes by id (cell by cell, symbols in order): cell and symbol
    /// (the first `m`; the tables only grow, and are written by index).
    /// An id is also the node's bit in the sets of nodes.
    cell_of: Vec<u16>,
    symbol_of: Vec<u8>,
    /// The id of each candidate that is a node (stale for the others).
    id_of: Vec<u32>,
    /// The edges out of state `s` (`2 * id + on`) are
    /// `edges[start[s]..start[s + 1]]`.
    start: Vec<u32>,
    edges: Vec<u32>,
    /// The nodes: per unit and symbol, their places
    /// (`strong_places[u * n + v]`); per cell, their symbols.
    strong_places: Vec<Mask>,
    /// Per unit and symbol with exactly two places (X-chains and AICs),
    /// those two (`pairs[u * n + v]`; 0 for the others).
    pairs: Vec<Mask>,
    strong_symbols: Vec<Mask>,
    /// The off state of the node at each place of `strong_places`:
    /// `place_state[(u * n + v) * n + i]`.
    place_state: Vec<u32>,
    /// Tarjan's tables: the visit number and low link of each state, and
    /// its component (UNSET while on the stack or unvisited).
    index: Vec<u32>,
    low: Vec<u32>,
    comp: Vec<u32>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
    /// Words per set of nodes.
    pub words: usize,
    /// Per component: the on nodes it reaches by one edge or more.
    reach: Vec<u64>,
}

impl ChainGraph {
    /// The number of nodes (candidates with a strong link).
    pub fn len(&self) -> usize {
        self.m
    }

    /// The cell and symbol of node `id`.
    #[inline]
    pub fn node(&self, id: usize) -> (usize, usize) {
        debug_assert!(id < self.m, "node {id} of {}", self.m);
        (self.cell_of[id] as usize, self.symbol_of[id] as usize)
    }

    /// The symbols of `cell` that are nodes.
    #[inline]
    pub fn nodes_of(&self, cell: usize) -> Mask {
        self.strong_symbols[cell]
    }

    /// The id of candidate `(cell, v)`, which must be a node of this graph.
    #[inline]
    pub fn id_unchecked(&self, cell: usize, v: usize) -> usize {
        debug_assert!(self.strong_symbols[cell] & bit(v) != 0, "({cell}, {v}) is no node");
        self.id_of[cell * self.n + v] as usize
    }

    /// The states one edge from state `s`.
    #[inline]
    pub fn out(&self, s: usize) -> &[u32] {
        &self.edges[self.start[s] as usize..self.start[s + 1] as usize]
    }

    /// Lays out the links of `kind` on `board`, between the candidates
    /// of the symbols `only` (for X-chains, whose graph falls apart into
    /// one part per symbol, a few may do; every symbol for the others).
    ///
    /// Which candidates have a strong link is read off the board first
    /// (cells with two candidates, units with two places of a symbol);
    /// those are the nodes, and one pass over them lays out both states
    /// of each: off edges (strong links), then on edges (weak links to
    /// the off states of nodes).
    #[inline(never)]
    pub fn build(&mut self, layout: &Layout, board: &CandidateBoard, kind: ChainKind, only: Mask) {
        let n = layout.n;
        self.n = n;
        let (cells, units) = (layout.cells, layout.units.len());
        // A cell's two candidates are both nodes or neither.
        debug_assert!(kind == ChainKind::X || only == layout.full, "{kind:?} on every symbol");
        // The symbols of each cell with a strong link: the cell's two
        // candidates, and the two places of a symbol in a unit.
        self.strong_symbols.clear();
        self.strong_symbols.resize(cells, 0);
        let strong_symbols = &mut self.strong_symbols[..cells];
        if kind != ChainKind::X {
            for (s, &m) in strong_symbols.iter_mut().zip(&board.cand[..cells]) {
                if pair(m) {
                    *s = m;
                }
            }
        }
        self.pairs.clear();
        self.pairs.resize(units * n, 0);
        if kind != ChainKind::XY {
            let pairs = &mut self.pairs[..units * n];
            for u in 0..units {
                let cells_of = layout.cells_of(u);
                for v in members(only & layout.full & !board.placed[u]) {
                    let p = board.pos(u, v);
                    if pair(p) {
                        pairs[u * n + v] = p;
                        for i in members(p) {
                            strong_symbols[cells_of[i] as usize] |= bit(v);
                        }
                    }
                }
            }
        }
        // The nodes, by id (cell by cell, symbols in order); per unit and
        // symbol, their places, and the off state at each place.
        if self.id_of.len() < cells * n {
            self.id_of.resize(cells * n, UNSET);
            self.cell_of.resize(cells * n, 0);
            self.symbol_of.resize(cells * n, 0);
        }
        self.strong_places.clear();
        self.strong_places.resize(units * n, 0);
        // Read only at the places of `strong_places`, all written below.
        if self.place_state.len() < units * n * n {
            self.place_state.resize(units * n * n, 0);
        }
        let id_of = &mut self.id_of[..cells * n];
        let (cell_of, symbol_of) = (&mut self.cell_of[..cells * n], &mut self.symbol_of[..cells * n]);
        let strong_places = &mut self.strong_places[..units * n];
        let place_state = &mut self.place_state[..units * n * n];
        let mut m = 0;
        // At most one edge per state to each candidate of the cell and
        // each place of the cell's units.
        let mut most = 0;
        for cell in 0..cells {
            let strong = strong_symbols[cell] & only;
            strong_symbols[cell] = strong;
            if strong == 0 {
                continue;
            }
            let cell_units = layout.units_of(cell);
            for v in members(strong) {
                let id = m;
                m += 1;
                most += n * (1 + cell_units.len());
                id_of[cell * n + v] = id as u32;
                cell_of[id] = cell as u16;
                symbol_of[id] = v as u8;
                for &(u, i) in cell_units {
                    let x = u as usize * n + v;
                    strong_places[x] |= bit(i as usize);
                    place_state[x * n + i as usize] = 2 * id as u32;
                }
            }
        }
        self.m = m;
        self.start.clear();
        self.start.resize(2 * m + 1, 0);
        // Written by index up to `e`; the rest is stale.
        if self.edges.len() < most {
            self.edges.resize(most, 0);
        }
        let edges = &mut self.edges[..most];
        let mut e = 0;
        // Locals, so that pushing edges does not reload them.
        let (cell_of, symbol_of, start) =
            (&self.cell_of[..m], &self.symbol_of[..m], &mut self.start[..=2 * m]);
        let id_of = &self.id_of[..cells * n];
        let (strong_places, strong_symbols) =
            (&self.strong_places[..units * n], &self.strong_symbols[..cells]);
        let (place_state, pairs) = (&self.place_state[..units * n * n], &self.pairs[..units * n]);
        for id in 0..m {
            let (cell, v) = (cell_of[id] as usize, symbol_of[id] as usize);
            let k = layout.cell_start[cell] as usize;
            let cell_units = layout.units_of(cell);
            // Off: to the on state of each strong partner: the cell's
            // other candidate, then the symbol's other place in each unit
            // with two.
            start[2 * id] = e as u32;
            let cand = board.cand[cell];
            if kind != ChainKind::X && pair(cand) {
                let w = (cand & !bit(v)).trailing_zeros() as usize;
                edges[e] = 2 * id_of[cell * n + w] + 1;
                e += 1;
            }
            if kind != ChainKind::XY {
                for &(u, i) in cell_units {
                    let x = u as usize * n + v;
                    let p = pairs[x];
                    if p != 0 {
                        let j = (p & !bit(i as usize)).trailing_zeros() as usize;
                        edges[e] = place_state[x * n + j] + 1;
                        e += 1;
                    }
                }
            }
            // On: weak links to the off states of nodes.
            start[2 * id + 1] = e as u32;
            if kind == ChainKind::Aic {
                for w in members(strong_symbols[cell] & !bit(v)) {
                    edges[e] = 2 * id_of[cell * n + w];
                    e += 1;
                }
            }
            // A cell in two of this cell's units (a line and a region)
            // is listed once, in the first (see [`Layout::overlap`]): a
            // second edge to a state changes neither what is reached nor
            // the order a search first reaches it.
            for (&(u, i), &skip) in cell_units.iter().zip(&layout.overlap[k..]) {
                let x = u as usize * n + v;
                for j in members(strong_places[x] & !bit(i as usize) & !skip) {
                    edges[e] = place_state[x * n + j];
                    e += 1;
                }
            }
        }
        self.start[2 * m] = e as u32;
    }

    /// Finds what every state reaches (see the module's documentation).
    #[inline(never)]
    pub fn close(&mut self) {
        self.words = self.len().div_ceil(64);
        // Sets of a few words are unions of fixed arrays, kept in
        // registers; the same code for any size.
        match self.words {
            0 | 1 => self.close_words::<1>(),
            2 => self.close_words::<2>(),
            3 => self.close_words::<3>(),
            4 => self.close_words::<4>(),
            5 => self.close_words::<5>(),
            6 => self.close_words::<6>(),
            7 => self.close_words::<7>(),
            8 => self.close_words::<8>(),
            _ => self.close_words::<0>(),
        }
    }

    /// [`ChainGraph::close`] with sets of `W` words (0: `self.words`, any).
    fn close_words<const W: usize>(&mut self) {
        let states = 2 * self.len();
        let w = if W == 0 { self.words } else { W };
        if W != 0 {
            self.words = W;
        }
        for v in [&mut self.index, &mut self.comp] {
            v.clear();
            v.resize(states, UNSET);
        }
        // Set when a state is first visited, so left as it was.
        if self.low.len() < states {
            self.low.resize(states, UNSET);
        }
        // At most one component per state; each component's set is
        // written whole when the component is found, so left as it was.
        if self.reach.len() < states * w {
            self.reach.resize(states * w, 0);
        }
        // Each state goes on each stack once: tops kept in locals, not
        // in the vectors.
        if self.stack.len() < states {
            self.stack.resize(states, 0);
            self.calls.resize(states, (0, 0));
        }
        // Locals, so that the loop keeps them in registers.
        // Sliced to the same length, so that one check on a state covers
        // all three.
        let (start, edges) = (&self.start[..=states], &self.edges[..]);
        let (index, low, comp) =
            (&mut self.index[..states], &mut self.low[..states], &mut self.comp[..states]);
        let (stack, calls, reach) =
            (&mut self.stack[..states], &mut self.calls[..states], &mut self.reach[..]);
        let (mut sp, mut cp) = (0, 0);
        let mut counter = 0u32;
        let mut comps = 0u32;
        for root in 0..states {
            if index[root] != UNSET {
                continue;
            }
            index[root] = counter;
            low[root] = counter;
            counter += 1;
            stack[sp] = root as u32;
            sp += 1;
            calls[cp] = (root as u32, start[root]);
            cp += 1;
            while cp > 0 {
                let (top, from) = calls[cp - 1];
                let s = top as usize;
                // The edges of `s` from where it left off, up to the first
                // state not visited yet (then go down to it).
                let (mut pos, end) = (from as usize, start[s + 1] as usize);
                let mut down = None;
                while pos < end {
                    let t = edges[pos] as usize;
                    pos += 1;
                    if t >= states {
                        // Never: every edge leads to a state. The test
                        // spares the checks on the three tables below.
                        continue;
                    }
                    if index[t] == UNSET {
                        down = Some(t);
                        break;
                    }
                    if comp[t] == UNSET {
                        // On the stack.
                        low[s] = low[s].min(index[t]);
                    }
                }
                if let Some(t) = down {
                    calls[cp - 1].1 = pos as u32;
                    index[t] = counter;
                    low[t] = counter;
                    counter += 1;
                    // Unvisited: on neither stack yet, so room on both.
                    stack[sp] = t as u32;
                    sp += 1;
                    calls[cp] = (t as u32, start[t]);
                    cp += 1;
                    continue;
                }
                cp -= 1;
                if cp > 0 {
                    let p = calls[cp - 1].0 as usize;
                    low[p] = low[p].min(low[s]);
                }
                if low[s] != index[s] {
                    continue;
                }
                // `s` roots a component: the states above it on the stack.
                let k = comps;
                comps += 1;
                let mut from = sp;
                loop {
                    from -= 1;
                    let m = stack[from] as usize;
                    comp[m] = k;
                    if m == s {
                        break;
                    }
                }
                component_reach::<W>(k, w, &stack[from..sp], start, edges, comp, reach);
                sp = from;
            }
        }
    }

    /// The nodes (by id) that node `id`, assumed true, proves true by
    /// one edge or more (through a weak link first). A candidate that is
    /// no node, assumed true, proves true what the nodes it has a weak
    /// link to, assumed false, do (see [`ChainGraph::reach`]).
    pub fn reach_on(&self, id: usize) -> &[u64] {
        let c = self.comp[2 * id + 1] as usize;
        &self.reach[c * self.words..][..self.words]
    }

    /// The nodes (by id) that a chain from node `id`, assumed false,
    /// proves true.
    pub fn reach(&self, id: usize) -> &[u64] {
        let c = self.comp[2 * id] as usize;
        &self.reach[c * self.words..][..self.words]
    }
}

/// The on nodes component `k` of a graph reaches by one edge or more,
/// written whole into its set (`w` words) in `reach`, for
/// [`ChainGraph::close_words`]: the on states its `members` have an edge to,
/// and the sets of the earlier components those edges lead to (Tarjan's
/// order finds components in reverse topological order, so theirs are
/// done). Inlined: the loop of `close_words` compiles as it did before
/// this part was cut out of it.
#[inline(always)]
fn component_reach<const W: usize>(
    k: u32,
    w: usize,
    members: &[u32],
    start: &[u32],
    edges: &[u32],
    comp: &[u32],
    reach: &mut [u64],
) {
    let states = comp.len();
    let base = k as usize * w;
    let (done, here) = reach.split_at_mut(base);
    let here = &mut here[..w];
    if W == 0 {
        here.fill(0);
        for &m in members {
            let m = m as usize;
            for &t in &edges[start[m] as usize..start[m + 1] as usize] {
                let t = t as usize;
                if t % 2 == 1 {
                    let b = t / 2;
                    here[b / 64] |= 1 << (b % 64);
                }
                let c = comp[t];
                if c != k {
                    // An earlier component: its set is done.
                    let c = c as usize * w;
                    for (x, y) in here.iter_mut().zip(&done[c..c + w]) {
                        *x |= y;
                    }
                }
            }
        }
    } else {
        let mut acc = [0u64; W];
        for &m in members {
            let m = m as usize;
            for &t in &edges[start[m] as usize..start[m + 1] as usize] {
                let t = t as usize;
                if t >= states {
                    continue;
                }
                if t % 2 == 1 {
                    let b = t / 2;
                    acc[b / 64 % W] |= 1 << (b % 64);
                }
                let c = comp[t];
                if c != k {
                    // An earlier component: its set is done.
                    let y: &[u64; W] = done[c as usize * W..][..W].try_into().expect("W words");
                    for (a, b) in acc.iter_mut().zip(y) {
                        *a |= b;
                    }
                }
            }
        }
        here.copy_from_slice(&acc);
    }
}

#[cfg(test)]
mod tests {
    //! The graph laid out by [`ChainGraph::build`], checked against one laid
    //! out straight from the definitions (every candidate, every link, in
    //! the order the searches rely on): its nodes are the candidates with
    //! a strong link, its edges those between them; and what
    //! [`ChainGraph::close`] finds against a breadth-first search from every
    //! state of the whole graph (candidates without a strong link too: one
    //! of those assumed true reaches what the nodes it has a weak link to
    //! reach assumed false), on the boards a real solve passes through:
    //! every step of a sample of the puzzles of fixtures/logic, for each
    //! kind of chain.

    use super::{ChainGraph, ChainKind};
    use crate::grid::{Alphabet, Shape};
    use crate::logic::board::{bit, members, pair, CandidateBoard, Layout, Mask};
    use crate::logic::Logic;
    use crate::puzzle::Puzzle;

    /// The whole graph: (cell, symbol) of each candidate, then per state
    /// (`2 * k + on`, `k` its place in the list) its edges as (cell,
    /// symbol, on), and whether each candidate has a strong link.
    type Graph = (Vec<(usize, usize)>, Vec<Vec<(usize, usize, bool)>>, Vec<bool>);

    fn reference(layout: &Layout, board: &CandidateBoard, kind: ChainKind, only: Mask) -> Graph {
        let n = layout.n;
        let node = |cell: usize, v: usize| {
            let cand = board.cand[cell];
            cand & only & bit(v) != 0 && (kind != ChainKind::XY || pair(cand))
        };
        let cands: Vec<(usize, usize)> = (0..layout.cells)
            .flat_map(|c| (0..n).map(move |v| (c, v)))
            .filter(|&(c, v)| node(c, v))
            .collect();
        // Off: the on state of each strong partner, the cell's first.
        let strong_of = |(cell, v): (usize, usize)| {
            let mut out = Vec::new();
            let cand = board.cand[cell];
            if kind != ChainKind::X && pair(cand) {
                out.push((cell, (cand & !bit(v)).trailing_zeros() as usize, true));
            }
            if kind != ChainKind::XY {
                for &(u, _) in layout.units_of(cell) {
                    let places: Vec<usize> = layout
                        .cells_of(u as usize)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| node(c, v))
                        .collect();
                    if places.len() == 2 {
                        let other = if places[0] == cell { places[1] } else { places[0] };
                        out.push((other, v, true));
                    }
                }
            }
            out
        };
        let strong: Vec<bool> = cands.iter().map(|&x| !strong_of(x).is_empty()).collect();
        let mut edges = Vec::new();
        for &(cell, v) in &cands {
            edges.push(strong_of((cell, v)));
            // On: weak links to off states: the cell's other symbols
            // (AIC), then the symbol in the cell's units, in unit order,
            // each peer once (in its first unit).
            let mut on = Vec::new();
            if kind == ChainKind::Aic {
                for w in members(board.cand[cell] & !bit(v)) {
                    on.push((cell, w, false));
                }
            }
            for &(u, _) in layout.units_of(cell) {
                for &d in layout.cells_of(u as usize) {
                    let d = d as usize;
                    if d != cell && node(d, v) && !on.contains(&(d, v, false)) {
                        on.push((d, v, false));
                    }
                }
            }
            edges.push(on);
        }
        (cands, edges, strong)
    }

    /// Checks `links`, built for `kind` and `only` on `board`, against the
    /// reference, and what it reaches against a search from each state.
    fn check(
        links: &mut ChainGraph,
        layout: &Layout,
        board: &CandidateBoard,
        kind: ChainKind,
        only: Mask,
        reach: bool,
    ) {
        links.build(layout, board, kind, only);
        links.close();
        let (cands, edges, strong) = reference(layout, board, kind, only);
        let n = layout.n;
        // The nodes: the candidates with a strong link, in order.
        let mut place = vec![usize::MAX; layout.cells * n];
        for (k, &(c, v)) in cands.iter().enumerate() {
            place[c * n + v] = k;
        }
        let nodes: Vec<usize> = (0..cands.len()).filter(|&k| strong[k]).collect();
        assert_eq!(links.len(), nodes.len(), "{kind:?}");
        let mut id_of = vec![usize::MAX; cands.len()];
        let mut nodes_of = vec![0; layout.cells];
        for (id, &k) in nodes.iter().enumerate() {
            let (c, v) = cands[k];
            assert_eq!(links.node(id), (c, v));
            assert_eq!(links.id_unchecked(c, v), id);
            id_of[k] = id;
            nodes_of[c] |= bit(v);
        }
        for (c, &m) in nodes_of.iter().enumerate() {
            assert_eq!(links.nodes_of(c), m, "cell {c} of {kind:?}");
        }
        // The edges between nodes, in the reference's order. Every edge
        // out of an off state leads to a node (its strong partner has a
        // strong link), so no search leaves the nodes.
        let node_state = |&(c, v, on): &(usize, usize, bool)| {
            let id = id_of[place[c * n + v]];
            (id != usize::MAX).then(|| (2 * id + on as usize) as u32)
        };
        for (id, &k) in nodes.iter().enumerate() {
            for on in [0, 1] {
                let out = &edges[2 * k + on];
                let want: Vec<u32> = out.iter().filter_map(node_state).collect();
                if on == 0 {
                    assert_eq!(want.len(), out.len(), "a strong link to a node");
                }
                assert_eq!(links.out(2 * id + on), &want[..], "state {} of {kind:?}", 2 * id + on);
            }
        }
        if !reach {
            return;
        }
        // What each state of the whole graph reaches: the on states one
        // edge or more away, all nodes.
        let states = 2 * cands.len();
        let mut seen = vec![false; states];
        let mut queue = Vec::new();
        for s in 0..states {
            seen.iter_mut().for_each(|x| *x = false);
            queue.clear();
            queue.push(s);
            let mut head = 0;
            let mut want = vec![0u64; links.words];
            while head < queue.len() {
                let x = queue[head];
                head += 1;
                for &(c, v, on) in &edges[x] {
                    let t = 2 * place[c * n + v] + on as usize;
                    if !seen[t] {
                        seen[t] = true;
                        queue.push(t);
                        if on {
                            let b = id_of[t / 2];
                            assert_ne!(b, usize::MAX, "reached true by a strong link, so a node");
                            want[b / 64] |= 1 << (b % 64);
                        }
                    }
                }
            }
            let k = s / 2;
            let got = if id_of[k] != usize::MAX {
                let id = id_of[k];
                (if s % 2 == 1 { links.reach_on(id) } else { links.reach(id) }).to_vec()
            } else if s % 2 == 1 {
                // No node, assumed true: what the nodes it has a weak link
                // to reach, assumed false.
                let mut union = vec![0u64; links.words];
                for t in edges[s].iter().filter_map(node_state) {
                    assert_eq!(t % 2, 0, "a weak link to an off state");
                    for (a, b) in union.iter_mut().zip(links.reach(t as usize / 2)) {
                        *a |= b;
                    }
                }
                union
            } else {
                // No node, assumed false: no strong link to go on by.
                assert!(edges[s].is_empty());
                vec![0u64; links.words]
            };
            assert_eq!(got, want, "state {s} of {kind:?}");
        }
    }

    #[test]
    fn graphs_match_the_definitions_on_every_step_of_real_solves() {
        let shape = Shape::default_for(9).expect("9x9");
        let alphabet = Alphabet::default_for(9).expect("9 symbols");
        let mut links = ChainGraph::default();
        let mut boards = 0;
        for name in ["magictour_top1465.txt", "17clue.txt"] {
            let path =
                std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/logic").join(name);
            let text = std::fs::read_to_string(path).expect("fixture");
            for line in text.lines().step_by(50) {
                let givens = line.trim().chars().map(|c| alphabet.index(c)).collect();
                let p = Puzzle::new(shape.clone(), alphabet.clone(), givens).expect("a puzzle");
                let mut logic = Logic::new(&shape);
                logic.board.load(&logic.layout, p.givens());
                while !logic.board.broken && logic.board.empty > 0 && logic.next(&p) {
                    let (layout, board) = (&logic.layout, &logic.board);
                    // What every state reaches, on one board in four.
                    let (full, reach) = (layout.full, boards % 4 == 0);
                    check(&mut links, layout, board, ChainKind::Aic, full, reach);
                    check(&mut links, layout, board, ChainKind::XY, full, reach);
                    check(&mut links, layout, board, ChainKind::X, full, reach);
                    let one = boards % 9;
                    check(&mut links, layout, board, ChainKind::X, bit(one) | bit((one + 4) % 9), reach);
                    boards += 1;
                    if !logic.apply() {
                        break;
                    }
                }
            }
        }
        assert!(boards > 1000, "{boards} boards");
    }
}
