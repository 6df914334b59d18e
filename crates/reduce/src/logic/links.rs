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

use super::board::{bit, members, pair, Board, Layout, Mask};

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
    /// The number of candidates, and of those with a strong link.
    m: usize,
    bits: usize,
    /// The candidates by id: cell and symbol (the first `m`; the tables
    /// of candidates only grow, and are written by index).
    cell_of: Vec<u16>,
    symbol_of: Vec<u8>,
    /// The id of each candidate that is a node (stale for the others).
    id_of: Vec<u32>,
    /// The edges out of state `s` (`2 * id + on`) are
    /// `edges[start[s]..start[s + 1]]`.
    start: Vec<u32>,
    edges: Vec<u32>,
    /// The nodes with a strong link (a weak link into one without leads
    /// nowhere, and is left out): per unit and symbol, their places
    /// (`strong_places[u * n + v]`); per cell, their symbols.
    strong_places: Vec<Mask>,
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
    /// The sets of candidates hold only those with a strong link (no
    /// chain proves another true): their bit in a set (`UNSET` for the
    /// others), and the candidate of each bit.
    bit_of: Vec<u32>,
    id_of_bit: Vec<u32>,
    /// The candidates without a strong link, in order (the first
    /// `m - bits`).
    plain: Vec<u32>,
    /// Words per set of candidates.
    pub words: usize,
    /// Per component: the on candidates it reaches by one edge or more.
    reach: Vec<u64>,
}

impl Links {
    /// The number of candidates.
    pub fn len(&self) -> usize {
        self.m
    }

    /// The cell and symbol of candidate `id`.
    #[inline]
    pub fn node(&self, id: usize) -> (usize, usize) {
        debug_assert!(id < self.m, "candidate {id} of {}", self.m);
        (self.cell_of[id] as usize, self.symbol_of[id] as usize)
    }

    /// The bit of candidate `id` in the sets of candidates, if it has a
    /// strong link (only those are in any set).
    #[inline]
    pub fn bit(&self, id: usize) -> Option<usize> {
        debug_assert!(id < self.m, "candidate {id} of {}", self.m);
        let b = self.bit_of[id];
        (b != UNSET).then_some(b as usize)
    }

    /// The candidate of bit `b` in the sets of candidates.
    #[inline]
    pub fn id_of_bit(&self, b: usize) -> usize {
        debug_assert!(b < self.bits, "bit {b} of {}", self.bits);
        self.id_of_bit[b] as usize
    }

    /// The number of candidates with a strong link (the bits of a set).
    pub fn strong(&self) -> usize {
        self.bits
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

    /// The symbols of `cell` that are nodes for `kind`, among `only`.
    #[inline]
    fn symbols(board: &Board, kind: Kind, cell: usize, only: Mask) -> Mask {
        let cand = board.cand[cell] & only;
        match kind {
            Kind::XY if !pair(cand) => 0,
            _ => cand,
        }
    }

    /// Lays out the links of `kind` on `board`, between the candidates
    /// of the symbols `only` (for X-chains, whose graph falls apart into
    /// one part per symbol, a few may do; every symbol for the others).
    ///
    /// Which candidates have a strong link is read off the board first
    /// (cells with two candidates, units with two places of a symbol), so
    /// that one pass over the candidates lays out both states of each:
    /// off edges (strong links), then on edges (weak links to off states
    /// that have a strong link).
    #[inline(never)]
    pub fn build(&mut self, layout: &Layout, board: &Board, kind: Kind, only: Mask) {
        let n = layout.n;
        self.n = n;
        let (cells, units) = (layout.cells, layout.units.len());
        // The symbols of each cell with a strong link: the cell's two
        // candidates, and the two places of a symbol in a unit.
        self.strong_symbols.clear();
        self.strong_symbols.resize(cells, 0);
        let strong_symbols = &mut self.strong_symbols[..cells];
        if kind != Kind::X {
            for (s, &m) in strong_symbols.iter_mut().zip(&board.cand[..cells]) {
                if pair(m) {
                    *s = m;
                }
            }
        }
        if kind != Kind::XY {
            for u in 0..units {
                let cells_of = layout.cells_of(u);
                for v in members(only & layout.full & !board.placed[u]) {
                    let p = board.pos(u, v);
                    if pair(p) {
                        for i in members(p) {
                            strong_symbols[cells_of[i] as usize] |= bit(v);
                        }
                    }
                }
            }
        }
        // The nodes, by id (cell by cell, symbols in order), and the bits
        // of those with a strong link, in the same order; per unit and
        // symbol, the places of those, and the off state at each place.
        if self.id_of.len() < cells * n {
            for v in [&mut self.id_of, &mut self.bit_of, &mut self.id_of_bit, &mut self.plain] {
                v.resize(cells * n, UNSET);
            }
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
        let (bit_of, id_of_bit) = (&mut self.bit_of[..cells * n], &mut self.id_of_bit[..cells * n]);
        let plain = &mut self.plain[..cells * n];
        let strong_places = &mut self.strong_places[..units * n];
        let place_state = &mut self.place_state[..units * n * n];
        let (mut m, mut bits) = (0, 0);
        // At most one edge per state to each candidate of the cell and
        // each place of the cell's units.
        let mut most = 0;
        for cell in 0..cells {
            let nodes = Links::symbols(board, kind, cell, only);
            // Only nodes count (a pair cell's symbol outside `only`).
            let strong = strong_symbols[cell] & nodes;
            strong_symbols[cell] = strong;
            let cell_units = layout.units_of(cell);
            for v in members(nodes) {
                let id = m;
                m += 1;
                most += n * (1 + cell_units.len());
                id_of[cell * n + v] = id as u32;
                cell_of[id] = cell as u16;
                symbol_of[id] = v as u8;
                if strong & bit(v) != 0 {
                    bit_of[id] = bits as u32;
                    id_of_bit[bits] = id as u32;
                    bits += 1;
                    for &(u, i) in cell_units {
                        let x = u as usize * n + v;
                        strong_places[x] |= bit(i as usize);
                        place_state[x * n + i as usize] = 2 * id as u32;
                    }
                } else {
                    bit_of[id] = UNSET;
                    plain[id - bits] = id as u32;
                }
            }
        }
        (self.m, self.bits) = (m, bits);
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
        let place_state = &self.place_state[..units * n * n];
        for id in 0..m {
            let (cell, v) = (cell_of[id] as usize, symbol_of[id] as usize);
            let k = layout.cell_start[cell] as usize;
            let cell_units = layout.units_of(cell);
            // Off: to the on state of each strong partner: the cell's
            // other candidate, then the symbol's other place in each unit
            // with two.
            start[2 * id] = e as u32;
            if strong_symbols[cell] & bit(v) != 0 {
                let cand = board.cand[cell];
                if kind != Kind::X && pair(cand) {
                    let w = (cand & !bit(v)).trailing_zeros() as usize;
                    edges[e] = 2 * id_of[cell * n + w] + 1;
                    e += 1;
                }
                if kind != Kind::XY {
                    for &(u, i) in cell_units {
                        let x = u as usize * n + v;
                        let p = board.pos(u as usize, v);
                        if pair(p) {
                            let j = (p & !bit(i as usize)).trailing_zeros() as usize;
                            edges[e] = place_state[x * n + j] + 1;
                            e += 1;
                        }
                    }
                }
            }
            // On: weak links to off states that have a strong link.
            start[2 * id + 1] = e as u32;
            if kind == Kind::Aic {
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
        self.words = self.strong().div_ceil(64);
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

    /// [`Links::close`] with sets of `W` words (0: `self.words`, any).
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
        // At most one component per state, and the empty one; each
        // component's set is written whole when the component is found,
        // so left as it was.
        if self.reach.len() < (states + 1) * w {
            self.reach.resize((states + 1) * w, 0);
        }
        self.stack.clear();
        self.calls.clear();
        // Locals, so that the loop keeps them in registers.
        // Sliced to the same length, so that one check on a state covers
        // all three.
        let (start, edges) = (&self.start[..=states], &self.edges[..]);
        let (index, low, comp) =
            (&mut self.index[..states], &mut self.low[..states], &mut self.comp[..states]);
        let (stack, calls, reach) = (&mut self.stack, &mut self.calls, &mut self.reach[..]);
        let bit_of = &self.bit_of[..states / 2];
        let plain = &self.plain[..states / 2 - self.bits];
        let mut counter = 0u32;
        let mut comps = 0u32;
        // The states of the candidates with a strong link, in order. A
        // candidate without one: its off state has no edge out, and no
        // edge leads into either of its states (see below).
        let roots = self.id_of_bit[..self.bits].iter().flat_map(|&id| [2 * id as usize, 2 * id as usize + 1]);
        for root in roots {
            if root >= states || index[root] != UNSET {
                continue;
            }
            index[root] = counter;
            low[root] = counter;
            counter += 1;
            stack.push(root as u32);
            calls.push((root as u32, start[root]));
            while let Some(&(top, from)) = calls.last() {
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
                    if let Some(top) = calls.last_mut() {
                        top.1 = pos as u32;
                    }
                    index[t] = counter;
                    low[t] = counter;
                    counter += 1;
                    stack.push(t as u32);
                    calls.push((t as u32, start[t]));
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    let p = parent as usize;
                    low[p] = low[p].min(low[s]);
                }
                if low[s] != index[s] {
                    continue;
                }
                // `s` roots a component: the states above it on the stack.
                let k = comps;
                comps += 1;
                let mut from = stack.len();
                loop {
                    from -= 1;
                    let m = stack[from] as usize;
                    comp[m] = k;
                    if m == s {
                        break;
                    }
                }
                let base = k as usize * w;
                let (done, here) = reach.split_at_mut(base);
                let here = &mut here[..w];
                if W == 0 {
                    here.fill(0);
                    for &m in &stack[from..] {
                        let m = m as usize;
                        for &t in &edges[start[m] as usize..start[m + 1] as usize] {
                            let t = t as usize;
                            if t % 2 == 1 {
                                // On: reached by a strong link, so it has one.
                                let b = bit_of[t / 2] as usize;
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
                    for &m in &stack[from..] {
                        let m = m as usize;
                        for &t in &edges[start[m] as usize..start[m + 1] as usize] {
                            let t = t as usize;
                            if t >= states {
                                continue;
                            }
                            if t % 2 == 1 {
                                // On: reached by a strong link, so it has one.
                                let b = bit_of[t / 2] as usize;
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
                stack.truncate(from);
            }
        }
        // The candidates without a strong link: their off states reach
        // nothing (one empty component for all), and their on states
        // what their weak links lead to, each its own component.
        let empty = comps as usize;
        reach[empty * w..][..w].fill(0);
        comps += 1;
        for &id in plain {
            let id = id as usize;
            comp[2 * id] = empty as u32;
            let k = comps as usize;
            comps += 1;
            comp[2 * id + 1] = k as u32;
            let (done, here) = reach.split_at_mut(k * w);
            let here = &mut here[..w];
            here.fill(0);
            for &t in &edges[start[2 * id + 1] as usize..start[2 * id + 2] as usize] {
                let t = t as usize;
                if t >= states {
                    continue;
                }
                if t % 2 == 1 {
                    let b = bit_of[t / 2] as usize;
                    here[b / 64] |= 1 << (b % 64);
                }
                let c = comp[t] as usize * w;
                for (x, y) in here.iter_mut().zip(&done[c..c + w]) {
                    *x |= y;
                }
            }
        }
    }

    /// The candidates (bits, see [`Links::bit`]) that candidate `id`,
    /// assumed true, proves true by one edge or more (through a weak link
    /// first).
    pub fn reach_on(&self, id: usize) -> &[u64] {
        let c = self.comp[2 * id + 1] as usize;
        &self.reach[c * self.words..][..self.words]
    }

    /// The candidates (bits, see [`Links::bit`]) that a chain from
    /// candidate `id`, assumed false, proves true.
    pub fn reach(&self, id: usize) -> &[u64] {
        let c = self.comp[2 * id] as usize;
        &self.reach[c * self.words..][..self.words]
    }
}

#[cfg(test)]
mod tests {
    //! The graph laid out by [`Links::build`], checked against one laid
    //! out straight from the definitions (every node, every link, in the
    //! order the searches rely on), and what [`Links::close`] finds
    //! against a breadth-first search from every state, on the boards a
    //! real solve passes through: every step of a sample of the puzzles
    //! of fixtures/logic, for each kind of chain.

    use super::super::board::{bit, members, pair, Board, Layout, Mask};
    use super::super::Logic;
    use super::{Kind, Links};
    use crate::grid::{Alphabet, Puzzle, Shape};

    /// The graph as (cell, symbol) of each node, then per state its edges
    /// as (cell, symbol, on), and the nodes with a strong link.
    type Graph = (Vec<(usize, usize)>, Vec<Vec<(usize, usize, bool)>>, Vec<(usize, usize)>);

    fn reference(layout: &Layout, board: &Board, kind: Kind, only: Mask) -> Graph {
        let n = layout.n;
        let node = |cell: usize, v: usize| {
            let cand = board.cand[cell];
            cand & only & bit(v) != 0 && (kind != Kind::XY || pair(cand))
        };
        let nodes: Vec<(usize, usize)> = (0..layout.cells)
            .flat_map(|c| (0..n).map(move |v| (c, v)))
            .filter(|&(c, v)| node(c, v))
            .collect();
        // Off: the on state of each strong partner, the cell's first.
        let strong_of = |(cell, v): (usize, usize)| {
            let mut out = Vec::new();
            let cand = board.cand[cell];
            if kind != Kind::X && pair(cand) {
                out.push((cell, (cand & !bit(v)).trailing_zeros() as usize, true));
            }
            if kind != Kind::XY {
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
        let strong: Vec<(usize, usize)> =
            nodes.iter().copied().filter(|&x| !strong_of(x).is_empty()).collect();
        let mut is_strong = vec![false; layout.cells * n];
        for &(c, v) in &strong {
            is_strong[c * n + v] = true;
        }
        let mut edges = Vec::new();
        for &(cell, v) in &nodes {
            edges.push(strong_of((cell, v)));
            // On: weak links to off states with a strong link: the cell's
            // other symbols (AIC), then the symbol in the cell's units, in
            // unit order, each peer once (in its first unit).
            let mut on = Vec::new();
            if kind == Kind::Aic {
                for w in members(board.cand[cell] & !bit(v)) {
                    if is_strong[cell * n + w] {
                        on.push((cell, w, false));
                    }
                }
            }
            for &(u, _) in layout.units_of(cell) {
                for &d in layout.cells_of(u as usize) {
                    let d = d as usize;
                    if d != cell && is_strong[d * n + v] && !on.contains(&(d, v, false)) {
                        on.push((d, v, false));
                    }
                }
            }
            edges.push(on);
        }
        (nodes, edges, strong)
    }

    /// Checks `links`, built for `kind` and `only` on `board`, against the
    /// reference, and what it reaches against a search from each state.
    fn check(links: &mut Links, layout: &Layout, board: &Board, kind: Kind, only: Mask, reach: bool) {
        links.build(layout, board, kind, only);
        links.close();
        let (nodes, edges, strong) = reference(layout, board, kind, only);
        assert_eq!(links.len(), nodes.len());
        assert_eq!(links.strong(), strong.len());
        for (id, &x) in nodes.iter().enumerate() {
            assert_eq!(links.node(id), x);
            assert_eq!(links.id_unchecked(x.0, x.1), id);
        }
        for (b, &x) in strong.iter().enumerate() {
            assert_eq!(links.node(links.id_of_bit(b)), x);
            assert_eq!(links.bit(links.id_of_bit(b)), Some(b));
        }
        let state = |&(c, v, on): &(usize, usize, bool)| (2 * links.id_unchecked(c, v) + on as usize) as u32;
        for (s, out) in edges.iter().enumerate() {
            let want: Vec<u32> = out.iter().map(state).collect();
            assert_eq!(links.out(s), &want[..], "state {s} of {kind:?}");
        }
        if !reach {
            return;
        }
        // What each state reaches: the on states one edge or more away.
        let states = 2 * nodes.len();
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
                for &t in links.out(x) {
                    let t = t as usize;
                    if !seen[t] {
                        seen[t] = true;
                        queue.push(t);
                        if t % 2 == 1 {
                            let b = links.bit(t / 2).expect("reached by a strong link");
                            want[b / 64] |= 1 << (b % 64);
                        }
                    }
                }
            }
            let got = if s % 2 == 1 { links.reach_on(s / 2) } else { links.reach(s / 2) };
            assert_eq!(got, &want[..], "state {s} of {kind:?}");
        }
    }

    #[test]
    fn graphs_match_the_definitions_on_every_step_of_real_solves() {
        let shape = Shape::default_for(9).expect("9x9");
        let alphabet = Alphabet::default_for(9).expect("9 symbols");
        let mut links = Links::default();
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
                    check(&mut links, layout, board, Kind::Aic, full, reach);
                    check(&mut links, layout, board, Kind::XY, full, reach);
                    check(&mut links, layout, board, Kind::X, full, reach);
                    let one = boards % 9;
                    check(&mut links, layout, board, Kind::X, bit(one) | bit((one + 4) % 9), reach);
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
