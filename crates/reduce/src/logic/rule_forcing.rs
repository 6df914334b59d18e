//! Rule forcing chains: assume a candidate, follow singles and the
//! variant rules, see it break.
//!
//! The forcing chains of `forcing/` follow singles only. A variant's
//! setter expects more: "if r1c1 were 5, the thermometer would need 6 in
//! r1c2, the dot 3 in r2c2, and the cage 15 could not be made". A branch
//! here places the candidate on a copy of the board, then, until nothing
//! changes: takes every single, removes what each pairwise rule forbids
//! beside its partner's candidates, and runs every other rule's own filter
//! (cage combinations, sums, clues: the propagators of the variant model,
//! each sound on its own). If the copy breaks (a cell without a candidate,
//! a unit without a place for a symbol, two filled cells a rule forbids
//! together, a rule that cannot be kept), the candidate goes.
//!
//! For a puzzle with rules this replaces the forcing chain of singles: a
//! branch that broke with no rule's help is reported as one.
//!
//! One pass follows every candidate (but those of a known solution, and
//! those a consistent branch placed: see `forcing/`), keeps every
//! candidate that broke, and hands them out shortest chain first; the
//! marks only narrow, so each stays false. A pass costs a copy and a
//! fixed point per candidate: at most [`MAX_BRANCHES`] branches are
//! followed per puzzle, and past them only the forcing chains of singles
//! look for contradictions (a bound on work, not on time, so the rating
//! is reproducible).
//!
//! Rule forcing chains of several branches (the verity,
//! [`RuleForcing::verity`]) follow every candidate of one cell, or every
//! place of one symbol in one unit, the same way: a candidate that no
//! consistent branch leaves goes. They have a budget of their own,
//! [`MAX_VERITY_BRANCHES`].
//!
//! A branch is a function of the board and the candidate, so the
//! outcome of each branch followed on a board is kept until the board
//! changes: the verities, which run on the board the last pass found
//! nothing on, follow again only the candidates the pass did not (those
//! of the known solution and those a consistent branch placed), and each
//! candidate once however many cells and units name it. The budgets count
//! the branches followed. Measured on four TAREK_ALL killers (`rate`,
//! cachegrind): 3.34 G instructions before, 1.77 G after (verity branches
//! 2,320-3,435 a puzzle before, 141-190 after), the same steps.
//!
//! Once the board has changed, the pass follows a candidate whose branch
//! held on the board before from where that branch ended
//! ([`RuleForcing::branch_from`]): the rules and singles only remove
//! marks, so the new end lies within the old one, and only the rules that
//! read a cell the steps narrowed need run again. A branch that breaks so
//! is followed afresh (its chain is reported, and orders the pending
//! ones). The same four: 1.10 G instructions before, 0.88 G after, the
//! same steps.

use super::board::{bit, members, CandidateBoard, Layout, Mask, Wall, EMPTY};
use super::step::{Contradiction, Source, Step};
use super::technique::Technique;
use crate::search::{Changes, Model, Origin, VariantMask};

/// The most branches followed per puzzle by rule forcing chains.
pub const MAX_BRANCHES: usize = 20_000;

/// The most branches followed per puzzle by rule forcing chains of
/// several branches (a budget of their own: a pass over every cell and
/// every unit costs a few thousand on a 9x9).
pub const MAX_VERITY_BRANCHES: usize = 40_000;

/// What broke a branch.
#[derive(Clone, Copy, Debug)]
enum Break {
    Wall(Wall),
    /// The constraint with this index.
    Rule(usize),
}

/// Work space, kept between steps; [`RuleForcing::clear`] per puzzle.
#[derive(Clone, Debug, Default)]
pub(crate) struct RuleForcing {
    copy: CandidateBoard,
    cand: Vec<VariantMask>,
    changed: Vec<u16>,
    trail: Vec<(u16, u8)>,
    /// Candidates found false by the last pass, longest chain first.
    pending: Vec<(usize, u16, u8)>,
    implied: Vec<Mask>,
    /// Branches followed on this puzzle, by contradictions and by
    /// verities.
    branches: usize,
    verity_branches: usize,
    /// Per cell: the union of the marks the consistent branches of one
    /// cell or unit leave.
    union: Vec<Mask>,
    broke: Option<Break>,
    /// Whether the last branch used a rule (removed a candidate by one,
    /// or broke one); if not, it was a forcing chain of singles alone.
    used_rules: bool,
    /// Whether the last branch was followed afresh (not from an earlier
    /// end): only then is `used_rules` its own.
    afresh: bool,
    /// Per cell, its marks as of the last round of a branch (a filled
    /// cell: its symbol), and the cells changed since.
    snap: Vec<Mask>,
    dirty: Vec<u16>,
    /// Per propagator, the round it last ran in; the ones to run.
    ran: Vec<u32>,
    stamp: u32,
    queue: Vec<u16>,
    /// The cells the rules narrowed this round.
    touched: Vec<u16>,
    memo: Memo,
    /// The marks a consistent branch left, per cell.
    left: Vec<Mask>,
    /// The marks of the board the branches start from, per cell (set by
    /// [`RuleForcing::contradiction`] and [`RuleForcing::verity`]).
    base: Vec<Mask>,
}

/// The branches followed on one board (a pass, then the verities on the
/// same board follow the same candidates): per candidate, whether its
/// branch held, whether it used the rules, and the marks it left where
/// they differ from the board's. A branch is a function of the board and
/// the candidate, so one followed again on the same board ends the same.
#[derive(Clone, Debug, Default)]
struct Memo {
    /// The board the entries are of.
    cand: Vec<Mask>,
    value: Vec<u8>,
    /// Per candidate (cell * n + symbol): its entry, or `u32::MAX`.
    index: Vec<u32>,
    entries: Vec<Entry>,
    diff: Vec<(u16, Mask)>,
    /// Keep nothing (for tests: every branch followed afresh).
    off: bool,
    /// The same of the board before (of the same puzzle, wider), whose
    /// consistent branches [`RuleForcing::branch_from`] starts from.
    stale: Box<Stale>,
}

/// A memo's board and branches, once the board has changed.
#[derive(Clone, Debug, Default)]
struct Stale {
    cand: Vec<Mask>,
    value: Vec<u8>,
    index: Vec<u32>,
    entries: Vec<Entry>,
    diff: Vec<(u16, Mask)>,
}

/// The outcome of one branch.
#[derive(Clone, Copy, Debug)]
struct Entry {
    consistent: bool,
    /// Whether it used the rules: known if it was followed afresh, not
    /// from an earlier end ([`RuleForcing::branch_from`]).
    used_rules: bool,
    afresh: bool,
    /// Its marks where they differ from the board's: `diff[from..to]`.
    from: u32,
    to: u32,
}

impl Memo {
    /// Forgets every entry.
    fn forget(&mut self) {
        self.index.clear();
        self.entries.clear();
        self.diff.clear();
        self.stale.index.clear();
    }

    /// The stale entry of a consistent branch of this candidate, if any.
    fn stale(&self, key: usize) -> Option<Entry> {
        let slot = *self.stale.index.get(key)?;
        (slot != u32::MAX).then(|| self.stale.entries[slot as usize]).filter(|e| e.consistent)
    }

    /// Forgets the entries unless `board` is the one they are of (of the
    /// puzzle the solver is on).
    fn track(&mut self, board: &CandidateBoard, slots: usize) {
        if self.index.len() == slots && self.cand == board.cand && self.value == board.value {
            return;
        }
        // The entries go stale (the board of a puzzle only narrows; a
        // new puzzle forgets them first).
        let stale = &mut *self.stale;
        std::mem::swap(&mut self.cand, &mut stale.cand);
        std::mem::swap(&mut self.value, &mut stale.value);
        std::mem::swap(&mut self.index, &mut stale.index);
        std::mem::swap(&mut self.entries, &mut stale.entries);
        std::mem::swap(&mut self.diff, &mut stale.diff);
        if stale.index.len() != slots {
            stale.index.clear();
        }
        self.cand.clone_from(&board.cand);
        self.value.clone_from(&board.value);
        self.index.clear();
        self.index.resize(slots, u32::MAX);
        self.entries.clear();
        self.diff.clear();
    }
}

/// The marks of `cell`: its candidates, or its symbol once filled.
#[inline]
fn marks(board: &CandidateBoard, cell: usize) -> Mask {
    if board.value[cell] == EMPTY {
        board.cand[cell]
    } else {
        bit(board.value[cell] as usize)
    }
}

impl RuleForcing {
    /// Forgets the last puzzle.
    pub fn clear(&mut self) {
        self.pending.clear();
        self.branches = 0;
        self.verity_branches = 0;
        // Another puzzle's branches may start from the same marks.
        self.memo.forget();
    }

    /// The branches of this call start from `board`: its marks into
    /// `self.base`.
    fn set_base(&mut self, layout: &Layout, board: &CandidateBoard) {
        self.base.clear();
        self.base.extend((0..layout.cells).map(|c| marks(board, c)));
    }

    /// Follows every branch afresh, remembering none (for tests: the
    /// memo must change no step).
    #[cfg(test)]
    pub fn forget_branches(&mut self) {
        self.memo.off = true;
    }

    /// Whether the contradictions' budget is spent (the forcing chains of
    /// singles alone may still run).
    pub fn exhausted(&self) -> bool {
        self.branches >= MAX_BRANCHES
    }

    /// A branch's start on `board`: the copy its marks, nothing followed
    /// yet; `afresh` when it starts from `board` itself.
    fn start(&mut self, board: &CandidateBoard, afresh: bool) {
        self.copy.copy_marks_from(board);
        self.trail.clear();
        self.broke = None;
        self.used_rules = false;
        self.afresh = afresh;
        self.snap.clear();
    }

    /// Follows `cell = v` on a copy of `board`, singles and rules, to a
    /// fixed point; false if it breaks (what broke: `self.broke`). The
    /// singles placed are in `self.trail`.
    ///
    /// The board itself is a fixed point of every rule taken alone (the
    /// rule techniques come first and found nothing), so a round runs
    /// only the rules that read a cell changed since the round before.
    fn branch(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        model: &Model,
        cell: usize,
        v: usize,
    ) -> bool {
        self.start(board, true);
        debug_assert!((0..layout.cells).all(|c| self.base[c] == marks(board, c)));
        self.snap.extend_from_slice(&self.base);
        self.copy.assume(layout, cell, v);
        self.rounds(layout, model)
    }

    /// Follows `cell = v` on `board` from where the same branch ended on
    /// an earlier board (the memo's stale entry `end`): each rule, and
    /// each single, only removes marks, and removes no fewer from fewer,
    /// so the branch on `board` ends within that end, at the widest
    /// marks below both it and `board` that none of them narrows; and
    /// since the end was such marks, a round need only run the rules
    /// that read a cell `board` narrowed it in. False if it breaks (then
    /// the caller follows it afresh, for the chain).
    fn branch_from(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        model: &Model,
        (cell, v): (usize, usize),
        end: Entry,
    ) -> bool {
        self.start(board, false);
        // The end's marks: the stale board's, but where the branch
        // narrowed them.
        let stale = &self.memo.stale;
        self.snap.clear();
        self.snap.extend((0..layout.cells).map(|c| match stale.value[c] {
            EMPTY => stale.cand[c],
            w => bit(w as usize),
        }));
        for &(c, m) in &stale.diff[end.from as usize..end.to as usize] {
            self.snap[c as usize] = m;
        }
        self.copy.assume(layout, cell, v);
        for c in 0..layout.cells {
            let m = self.snap[c];
            if self.copy.value[c] != EMPTY {
                if m & bit(self.copy.value[c] as usize) == 0 {
                    return false;
                }
                continue;
            }
            for x in members(self.copy.cand[c] & !m) {
                self.copy.strike(layout, c, x);
            }
            if self.copy.broken {
                return false;
            }
        }
        self.rounds(layout, model)
    }

    /// The rounds of a branch from `self.copy`, its marks at the start of
    /// the rounds in `self.snap` (marks every rule keeps).
    ///
    /// `self.cand` follows the copy's marks: built here, then kept by
    /// each round (the cells that changed, those the pairs narrowed) and
    /// by the rules (the copy takes what they narrowed).
    fn rounds(&mut self, layout: &Layout, model: &Model) -> bool {
        self.cand.clear();
        self.cand.extend((0..layout.cells).map(|c| marks(&self.copy, c) as VariantMask));
        loop {
            if !self.copy.propagate(layout, &mut self.trail, usize::MAX) {
                self.broke = self.copy.wall.map(Break::Wall);
                return false;
            }
            self.dirty.clear();
            for c in 0..layout.cells {
                let m = marks(&self.copy, c);
                if m != self.snap[c] {
                    self.snap[c] = m;
                    self.cand[c] = m as VariantMask;
                    self.dirty.push(c as u16);
                }
            }
            if self.dirty.is_empty() {
                return true;
            }
            if !self.pairs(layout, model) || !self.props(layout, model) {
                return false;
            }
            if self.copy.broken {
                self.broke = self.copy.wall.map(Break::Wall);
                return false;
            }
        }
    }

    /// [`RuleForcing::branch`], counted against [`MAX_BRANCHES`].
    fn follow(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        model: &Model,
        cell: usize,
        v: usize,
    ) -> bool {
        self.branches += 1;
        self.branch(layout, board, model, cell, v)
    }

    /// The pairwise rules of the cells changed last round; false if one
    /// broke.
    fn pairs(&mut self, layout: &Layout, model: &Model) -> bool {
        let copy = &mut self.copy;
        for &a in &self.dirty {
            let a = a as usize;
            let ma = marks(copy, a);
            for &(b, t) in &model.pairs[a] {
                let (b, t) = (b as usize, t as usize);
                let allowed = model.allowed(t, ma as VariantMask) as Mask;
                if copy.value[b] != EMPTY {
                    if bit(copy.value[b] as usize) & allowed == 0 {
                        let rule = model.table_rules[t / layout.n].first().copied().unwrap_or(u16::MAX);
                        self.broke = Some(Break::Rule(rule as usize));
                        self.used_rules = true;
                        return false;
                    }
                    continue;
                }
                for x in members(copy.cand[b] & !allowed) {
                    copy.strike(layout, b, x);
                    self.used_rules = true;
                }
                self.cand[b] = copy.cand[b] as VariantMask;
                if copy.broken {
                    self.broke = copy.wall.map(Break::Wall);
                    return false;
                }
            }
        }
        true
    }

    /// The other rules that read a cell changed last round, each once;
    /// false if one cannot be kept.
    fn props(&mut self, layout: &Layout, model: &Model) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.ran.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.ran.resize(model.props.len(), 0);
        self.queue.clear();
        for &c in &self.dirty {
            for &p in &model.watch[c as usize] {
                if self.ran[p as usize] != self.stamp {
                    self.ran[p as usize] = self.stamp;
                    self.queue.push(p);
                }
            }
        }
        if self.queue.is_empty() {
            return true;
        }
        self.queue.sort_unstable();
        let copy = &mut self.copy;
        self.touched.clear();
        for &p in &self.queue {
            let p = p as usize;
            self.changed.clear();
            let ok = model.props[p]
                .run(layout.n, &mut Changes { cand: &mut self.cand, changed: &mut self.changed });
            self.touched.extend_from_slice(&self.changed);
            let filled_lost = self.changed.iter().any(|&c| {
                let c = c as usize;
                copy.value[c] != EMPTY && self.cand[c] & 1 << copy.value[c] == 0
            });
            if !ok || filled_lost {
                self.broke = Some(match model.origins[p] {
                    Origin::Rule(i) => Break::Rule(i),
                    // A sum the cages imply: the cages broke.
                    _ => Break::Rule(usize::MAX),
                });
                self.used_rules = true;
                return false;
            }
        }
        // In the order of cells, as the singles they leave are queued.
        self.touched.sort_unstable();
        self.touched.dedup();
        for &c in &self.touched {
            let c = c as usize;
            if copy.value[c] == EMPTY {
                for x in members(copy.cand[c] & !(self.cand[c] as Mask)) {
                    copy.strike(layout, c, x);
                    self.used_rules = true;
                }
            }
        }
        true
    }

    /// A candidate whose branch breaks, shortest chain first (as of the
    /// last pass), into `step`. `solution`: one solution of the puzzle, or
    /// empty.
    pub fn contradiction(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        model: &Model,
        solution: &[u8],
        step: &mut Step,
    ) -> bool {
        self.set_base(layout, board);
        let mut found = None;
        while let Some((_, cell, v)) = self.pending.pop() {
            let (cell, v) = (cell as usize, v as usize);
            if board.has(cell, v) && !self.follow(layout, board, model, cell, v) {
                found = Some((cell, v));
                break;
            }
        }
        if found.is_none() {
            found = self.pass(layout, board, model, solution);
            if let Some((cell, v)) = found {
                // The chain of the one reported, followed again.
                let broke = !self.follow(layout, board, model, cell, v);
                debug_assert!(broke);
            }
        }
        let Some((cell, v)) = found else { return false };
        let n = layout.n;
        // Singles alone broke it: a plain forcing chain.
        step.clear(if self.used_rules { Technique::RuleForcingChain } else { Technique::ForcingChain });
        step.eliminate(n, cell, v);
        step.cell(n, cell);
        step.symbols.push(v as u8);
        for &(c, w) in &self.trail {
            step.link(n, c as usize, w as usize);
        }
        match self.broke {
            Some(Break::Wall(Wall::Cell(c))) => step.contradiction = Some(Contradiction::Cell(c / n, c % n)),
            Some(Break::Wall(Wall::Unit(u, w))) => {
                step.contradiction = Some(Contradiction::Unit(layout.units[u], w as u8))
            }
            Some(Break::Rule(i)) if i != usize::MAX => step.source = Some(Source::Rule(i)),
            _ => {}
        }
        true
    }

    /// Follows every candidate (within the budget); returns the first
    /// with the shortest chain that broke, and keeps the others pending.
    fn pass(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        model: &Model,
        solution: &[u8],
    ) -> Option<(usize, usize)> {
        self.memo.track(board, layout.cells * layout.n);
        self.implied.clear();
        self.implied.resize(layout.cells, 0);
        if solution.len() == layout.cells {
            for (m, &v) in self.implied.iter_mut().zip(solution) {
                *m = bit(v as usize);
            }
        }
        for cell in 0..layout.cells {
            for v in members(board.cand[cell] & !self.implied[cell]) {
                if self.branches >= MAX_BRANCHES {
                    break;
                }
                let consistent = match self.memo.stale(cell * layout.n + v) {
                    // Consistent on the board before: from its end, and
                    // afresh if it breaks (the chain's length orders
                    // them).
                    Some(end) => {
                        self.branches += 1;
                        self.branch_from(layout, board, model, (cell, v), end)
                            || self.branch(layout, board, model, cell, v)
                    }
                    None => self.follow(layout, board, model, cell, v),
                };
                self.remember(layout, cell, v, consistent);
                if consistent {
                    for &(c, w) in &self.trail {
                        self.implied[c as usize] |= bit(w as usize);
                    }
                } else {
                    self.pending.push((self.trail.len(), cell as u16, v as u8));
                }
            }
        }
        // Longest first, so that pop takes the shortest (the first of
        // equals: cells in order).
        self.pending.sort_by(|a, b| b.0.cmp(&a.0).then((b.1, b.2).cmp(&(a.1, a.2))));
        self.pending.pop().map(|(_, c, v)| (c as usize, v as usize))
    }

    /// Keeps the outcome of the branch of `cell = v` just followed from
    /// the marks of `self.base` (the memo's board).
    fn remember(&mut self, layout: &Layout, cell: usize, v: usize, consistent: bool) {
        if self.memo.off {
            return;
        }
        let from = self.memo.diff.len() as u32;
        if consistent {
            for c in 0..layout.cells {
                let m = marks(&self.copy, c);
                if m != self.base[c] {
                    self.memo.diff.push((c as u16, m));
                }
            }
        }
        self.memo.index[cell * layout.n + v] = self.memo.entries.len() as u32;
        let to = self.memo.diff.len() as u32;
        self.memo.entries.push(Entry {
            consistent,
            used_rules: self.used_rules,
            afresh: self.afresh,
            from,
            to,
        });
    }

    /// Rule forcing chains of several branches: every candidate of one
    /// cell, or every place of one symbol in one unit, followed by singles
    /// and the rules; a candidate that no consistent branch leaves goes,
    /// since one of the branches is true. Cells and units with the fewest
    /// branches first; at most [`MAX_VERITY_BRANCHES`] branches per
    /// puzzle, past them none.
    pub fn verity(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        model: &Model,
        step: &mut Step,
    ) -> bool {
        let n = layout.n;
        self.memo.track(board, layout.cells * n);
        self.set_base(layout, board);
        let mut options: Vec<(usize, usize)> = Vec::with_capacity(n);
        for k in 2..=n {
            for cell in 0..layout.cells {
                let cand = board.cand[cell];
                if board.value[cell] != EMPTY || cand.count_ones() as usize != k {
                    continue;
                }
                options.clear();
                options.extend(members(cand).map(|v| (cell, v)));
                match self.several(layout, board, model, &options, step) {
                    None => return false,
                    Some(false) => continue,
                    Some(true) => {}
                }
                step.cell(n, cell);
                options.iter().for_each(|&(c, v)| step.link(n, c, v));
                return true;
            }
            for u in 0..layout.units.len() {
                for v in members(layout.full & !board.placed[u]) {
                    let p = board.pos(u, v);
                    if p.count_ones() as usize != k {
                        continue;
                    }
                    options.clear();
                    options.extend(members(p).map(|i| (layout.cell(u, i), v)));
                    match self.several(layout, board, model, &options, step) {
                        None => return false,
                        Some(false) => continue,
                        Some(true) => {}
                    }
                    step.units.push(layout.units[u]);
                    step.symbols.push(v as u8);
                    options.iter().for_each(|&(c, w)| step.link(n, c, w));
                    return true;
                }
            }
        }
        false
    }

    /// Follows each of `options` (one of which holds); into `step`, the
    /// candidates no consistent branch leaves. `None` once the budget is
    /// spent; otherwise whether any candidate goes.
    fn several(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        model: &Model,
        options: &[(usize, usize)],
        step: &mut Step,
    ) -> Option<bool> {
        self.union.clear();
        self.union.resize(layout.cells, 0);
        let mut rules = false;
        for &(cell, v) in options {
            // The marks the branch left into `self.left`: followed now,
            // or as the memo has them (the board's, but where it narrowed
            // them).
            self.left.clear();
            let slot = self.memo.index[cell * layout.n + v];
            // A branch followed from an earlier end does not know whether
            // it used the rules: it serves once another one did.
            let known = slot != u32::MAX && (rules || self.memo.entries[slot as usize].afresh);
            let consistent = if !known {
                if self.verity_branches >= MAX_VERITY_BRANCHES {
                    return None;
                }
                self.verity_branches += 1;
                let consistent = self.branch(layout, board, model, cell, v);
                self.remember(layout, cell, v, consistent);
                self.left.extend((0..layout.cells).map(|c| marks(&self.copy, c)));
                consistent
            } else {
                let e = self.memo.entries[slot as usize];
                self.used_rules = e.used_rules;
                self.left.extend_from_slice(&self.base);
                for &(c, m) in &self.memo.diff[e.from as usize..e.to as usize] {
                    self.left[c as usize] = m;
                }
                e.consistent
            };
            rules |= self.used_rules;
            if !consistent {
                continue;
            }
            // Once every mark of the board is back in the union, the
            // remaining branches cannot remove anything.
            let mut narrower = false;
            for ((m, &l), &b) in self.union.iter_mut().zip(&self.left).zip(&self.base) {
                *m |= l;
                narrower |= *m != b;
            }
            if !narrower {
                return Some(false);
            }
        }
        // Singles alone: a forcing chains step of singles.
        step.clear(if rules { Technique::RuleForcingChains } else { Technique::ForcingChains });
        for c in 0..layout.cells {
            if board.value[c] == EMPTY {
                for v in members(board.cand[c] & !self.union[c]) {
                    step.eliminate(layout.n, c, v);
                }
            }
        }
        Some(!step.eliminations.is_empty())
    }
}
