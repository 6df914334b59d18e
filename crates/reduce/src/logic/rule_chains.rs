//! Rule chains: alternating inference chains whose weak links include the
//! variant rules.
//!
//! The classic chains (`chains/`) link two candidates weakly when they
//! share a cell, or a symbol in one unit. A variant adds weak links of its
//! own, and a rule chain follows them too:
//!
//! - every pairwise rule (dots, XV, thermometers, whispers, palindromes,
//!   clones, entropic, modular and zipper-like lines, the negative rules,
//!   indexers...): `a = x` and `b = y` cannot both hold when the rule's
//!   table for the pair of cells forbids `y` beside `x`;
//! - the cells that must differ outside any unit (a cage smaller than N, a
//!   chess move): the same symbol in two of them.
//!
//! The strong links are the classic ones: a cell's only two candidates,
//! a symbol's only two places in a unit (variant groups of N cells
//! included). A chain runs `a = ... = b` from a strong link, alternating,
//! to a strong link: if `a` is false, `b` is true, so one of them is; every
//! candidate weakly linked to both goes. (`a` may be `b`: then it is true,
//! and what it links to goes.)
//!
//! The search is breadth first, per candidate `z` that could go: from the
//! nodes `z` links to weakly, assumed false, to the first of them reached
//! true. The shortest chain over every `z` makes the step, and it removes
//! every candidate linked to both its ends. Every link holds whatever the
//! rest of the grid, so every step is sound.

use super::board::{bit, members, pair, CandidateBoard, Layout, Mask, EMPTY};
use super::step::Step;
use super::technique::Technique;
use crate::search::Model;

const NONE: u32 = u32::MAX;

/// Work space, kept between steps.
#[derive(Clone, Debug, Default)]
pub(crate) struct RuleChains {
    /// Per cell: the symbols whose candidate has a strong link (a node).
    strong: Vec<Mask>,
    /// The id of each node (`id_of[cell * n + v]`; stale for the others),
    /// and the node of each id.
    id_of: Vec<u32>,
    nodes: Vec<(u16, u8)>,
    /// The edges out of state `2 * id + on` (to nodes: from an off state,
    /// strong links to on states; from an on state, weak links to off
    /// states) are `edges[start[s]..start[s + 1]]`.
    start: Vec<u32>,
    edges: Vec<u32>,
    /// Per search: the stamp of the states reached, and of the nodes
    /// weakly linked to the candidate at hand; each state's predecessor
    /// and distance.
    seen: Vec<u32>,
    target: Vec<u32>,
    from: Vec<u32>,
    dist: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    /// The best chain so far, as node ids from the first end.
    best: Vec<u32>,
    scratch: Vec<u32>,
    /// The reading of [`CandidateBoard::strong_links`] when the search
    /// last found nothing: with no strong link new since, every chain
    /// now was there then (weak links never appear, candidates and strong
    /// links only go), so it would find nothing again.
    idle: u64,
}

/// Whether candidates `(a, x)` and `(b, y)` cannot both be true: one cell,
/// one symbol in two cells that must differ, or a pairwise rule.
pub(crate) fn weak(layout: &Layout, model: &Model, a: usize, x: usize, b: usize, y: usize) -> bool {
    if a == b {
        return x != y;
    }
    if x == y && layout.sees(a, b) {
        return true;
    }
    rule_forbids(model, a, x, b, y).is_some()
}

/// The table of the pairwise rules between cells `a` and `b` that forbids
/// `b = y` beside `a = x`, if one does (its offset in the model's tables).
pub(crate) fn rule_forbids(model: &Model, a: usize, x: usize, b: usize, y: usize) -> Option<usize> {
    model.pairs[a]
        .iter()
        .find(|&&(c, _)| c as usize == b)
        .map(|&(_, t)| t as usize)
        .filter(|&t| model.tables[t + x] as Mask & bit(y) == 0)
}

impl RuleChains {
    /// Calls `f` with each node weakly linked to candidate `(cell, v)`
    /// (perhaps more than once).
    #[inline]
    fn weak_nodes(
        &self,
        layout: &Layout,
        board: &CandidateBoard,
        model: &Model,
        cell: usize,
        v: usize,
        mut f: impl FnMut(u32),
    ) {
        let n = layout.n;
        let strong = &self.strong;
        for w in members(strong[cell] & !bit(v)) {
            f(self.id_of[cell * n + w]);
        }
        let k = layout.cell_start[cell] as usize;
        for (&(u, i), &skip) in layout.units_of(cell).iter().zip(&layout.overlap[k..]) {
            for j in members(board.pos(u as usize, v) & !bit(i as usize) & !skip) {
                let d = layout.cell(u as usize, j);
                if strong[d] & bit(v) != 0 {
                    f(self.id_of[d * n + v]);
                }
            }
        }
        for &d in layout.extra_of(cell) {
            let d = d as usize;
            if strong[d] & bit(v) != 0 {
                f(self.id_of[d * n + v]);
            }
        }
        for &(b, t) in &model.pairs[cell] {
            let b = b as usize;
            if board.value[b] != EMPTY {
                continue;
            }
            for w in members(strong[b] & !(model.tables[t as usize + v] as Mask)) {
                f(self.id_of[b * n + w]);
            }
        }
    }

    /// Lays out the nodes (candidates with a strong link) and the edges
    /// between their states.
    fn build(&mut self, layout: &Layout, board: &CandidateBoard, model: &Model) {
        let n = layout.n;
        self.strong.clear();
        self.strong.extend(board.cand[..layout.cells].iter().map(|&m| if pair(m) { m } else { 0 }));
        for u in 0..layout.units.len() {
            for v in members(layout.full & !board.placed[u]) {
                let p = board.pos(u, v);
                if pair(p) {
                    for i in members(p) {
                        self.strong[layout.cell(u, i)] |= bit(v);
                    }
                }
            }
        }
        self.id_of.resize(layout.cells * n, NONE);
        self.nodes.clear();
        for cell in 0..layout.cells {
            for v in members(self.strong[cell]) {
                self.id_of[cell * n + v] = self.nodes.len() as u32;
                self.nodes.push((cell as u16, v as u8));
            }
        }
        let m = self.nodes.len();
        self.start.clear();
        self.edges.clear();
        let mut edges = std::mem::take(&mut self.edges);
        for id in 0..m {
            let (cell, v) = (self.nodes[id].0 as usize, self.nodes[id].1 as usize);
            // Off: the cell's other candidate, the symbol's other place.
            self.start.push(edges.len() as u32);
            let cand = board.cand[cell];
            if pair(cand) {
                edges.push(self.id_of[cell * n + (cand & !bit(v)).trailing_zeros() as usize]);
            }
            for &(u, i) in layout.units_of(cell) {
                let p = board.pos(u as usize, v);
                if pair(p) {
                    let j = (p & !bit(i as usize)).trailing_zeros() as usize;
                    edges.push(self.id_of[layout.cell(u as usize, j) * n + v]);
                }
            }
            // On: every node weakly linked.
            self.start.push(edges.len() as u32);
            self.weak_nodes(layout, board, model, cell, v, |t| edges.push(t));
        }
        self.start.push(edges.len() as u32);
        self.edges = edges;
        for v in [&mut self.seen, &mut self.from, &mut self.dist] {
            v.resize(2 * m, 0);
        }
        self.target.resize(m, 0);
    }

    /// A new stamp for `seen` and `target`.
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.target.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// Breadth first from the nodes weakly linked to `(cz, vz)`, assumed
    /// false, to the first of them reached true by a chain of fewer than
    /// `limit` candidates; the chain (node ids from the first end) into
    /// `self.scratch`.
    fn search(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        model: &Model,
        cz: usize,
        vz: usize,
        limit: usize,
    ) -> bool {
        let stamp = self.next_stamp();
        self.queue.clear();
        let mut queue = std::mem::take(&mut self.queue);
        self.weak_nodes(layout, board, model, cz, vz, |id| queue.push(id));
        let mut starts = 0;
        for k in 0..queue.len() {
            let id = queue[k] as usize;
            if self.target[id] == stamp {
                continue;
            }
            self.target[id] = stamp;
            let s = 2 * id;
            self.seen[s] = stamp;
            self.from[s] = NONE;
            self.dist[s] = 1;
            queue[starts] = s as u32;
            starts += 1;
        }
        queue.truncate(starts);
        let mut head = 0;
        let mut end = None;
        while head < queue.len() {
            let s = queue[head] as usize;
            head += 1;
            if s % 2 == 1 && self.target[s / 2] == stamp {
                end = Some(s);
                break;
            }
            if self.dist[s] as usize + 1 >= limit {
                continue;
            }
            let on = s % 2;
            for &t in &self.edges[self.start[s] as usize..self.start[s + 1] as usize] {
                let next = 2 * t as usize + 1 - on;
                if self.seen[next] != stamp {
                    self.seen[next] = stamp;
                    self.from[next] = s as u32;
                    self.dist[next] = self.dist[s] + 1;
                    queue.push(next as u32);
                }
            }
        }
        self.queue = queue;
        let Some(mut s) = end else { return false };
        self.scratch.clear();
        loop {
            self.scratch.push(s as u32 / 2);
            if self.from[s] == NONE {
                break;
            }
            s = self.from[s] as usize;
        }
        self.scratch.reverse();
        true
    }

    /// The shortest rule chain that removes a candidate, into `step`: a
    /// [`Technique::RuleChain`], or an [`Technique::Aic`] if none of its
    /// weak links is a rule's. Not tried past [`super::MAX_CHAIN_CANDIDATES`]
    /// candidates.
    pub fn find(&mut self, layout: &Layout, board: &CandidateBoard, model: &Model, step: &mut Step) -> bool {
        if board.candidates > super::MAX_CHAIN_CANDIDATES || self.idle == board.strong_links {
            return false;
        }
        let found = self.find_any(layout, board, model, step);
        if !found {
            self.idle = board.strong_links;
        }
        found
    }

    fn find_any(&mut self, layout: &Layout, board: &CandidateBoard, model: &Model, step: &mut Step) -> bool {
        self.build(layout, board, model);
        if self.nodes.is_empty() {
            return false;
        }
        self.best.clear();
        for cz in 0..layout.cells {
            for vz in members(board.cand[cz]) {
                let limit = if self.best.is_empty() { usize::MAX } else { self.best.len() };
                if self.search(layout, board, model, cz, vz, limit) {
                    std::mem::swap(&mut self.best, &mut self.scratch);
                    if self.best.len() <= 2 {
                        return self.take(layout, board, model, step);
                    }
                }
            }
        }
        !self.best.is_empty() && self.take(layout, board, model, step)
    }

    /// Writes the best chain into `step`: every candidate weakly linked to
    /// both ends goes.
    fn take(&self, layout: &Layout, board: &CandidateBoard, model: &Model, step: &mut Step) -> bool {
        let n = layout.n;
        let node = |id: u32| (self.nodes[id as usize].0 as usize, self.nodes[id as usize].1 as usize);
        let (a, x) = node(self.best[0]);
        let (b, y) = node(self.best[self.best.len() - 1]);
        step.clear(Technique::Aic);
        for cell in 0..layout.cells {
            for v in members(board.cand[cell]) {
                if (cell, v) != (a, x)
                    && (cell, v) != (b, y)
                    && weak(layout, model, cell, v, a, x)
                    && weak(layout, model, cell, v, b, y)
                {
                    step.eliminate(n, cell, v);
                }
            }
        }
        if step.eliminations.is_empty() {
            return false;
        }
        for &id in &self.best {
            let (c, v) = node(id);
            step.link(n, c, v);
        }
        // The rules behind the weak links (chain positions 1-2, 3-4, ...).
        let mut rules = Vec::new();
        let mut peers = false;
        for k in (1..self.best.len().saturating_sub(1)).step_by(2) {
            let ((c, v), (d, w)) = (node(self.best[k]), node(self.best[k + 1]));
            rules_of_link(layout, model, (c, v), (d, w), &mut rules, &mut peers);
        }
        // The eliminations' links to the ends.
        for e in step.eliminations.clone() {
            let cell = e.row * n + e.column;
            for end in [(a, x), (b, y)] {
                rules_of_link(layout, model, (cell, e.symbol as usize), end, &mut rules, &mut peers);
            }
        }
        if !rules.is_empty() || peers {
            step.technique = Technique::RuleChain;
            step.rules = rules;
            step.peers = peers;
        }
        true
    }
}

/// Adds the rules behind the weak link between two candidates: none for
/// one cell or one unit; `peers` for cells that must differ outside a
/// unit; else the pairwise rules whose table forbids the pair.
fn rules_of_link(
    layout: &Layout,
    model: &Model,
    (c, v): (usize, usize),
    (d, w): (usize, usize),
    rules: &mut Vec<usize>,
    peers: &mut bool,
) {
    if c == d || (v == w && layout.units_of(c).iter().any(|&(u, _)| layout.position(d, u as usize).is_some()))
    {
        return;
    }
    if v == w && layout.sees(c, d) {
        *peers = true;
        return;
    }
    if let Some(t) = rule_forbids(model, c, v, d, w) {
        for &r in &model.table_rules[t / model.n] {
            if r != u16::MAX && !rules.contains(&(r as usize)) {
                rules.push(r as usize);
            }
        }
    }
}
