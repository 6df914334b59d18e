//! Variant rules, one constraint at a time: pair rules, cage
//! combinations, sum bounds, clue rules, innies and outies.
//!
//! The rules are not compiled twice: the variant search's model
//! ([`crate::search::Model`]) already turns every pairwise rule into one
//! table per pair of cells and the rest into propagators (cage
//! combinations, sums with exact reachability or bounds, sandwiches,
//! X-sums, skyscrapers, between and lockout lines, quadruples, and the
//! sums the cages imply over houses and runs of rows and columns). Each
//! propagator is sound: it removes only candidates that no filling of its
//! rule keeps, whatever the rest of the grid, so each of its removals on
//! the board is a step a person can take by looking at that one rule. A
//! step names the rule (`killer 23 at r1c1-r1c3`) through the model's
//! record of where each table and propagator came from.
//!
//! The model's all-different groups are not reasoned about here: groups
//! of N cells join the board's units and smaller ones (cages, chess
//! moves) its peers ([`VariantRules::groups`]), so that singles, locked
//! candidates, subsets and chains see them.

use super::board::{bit, members, CandidateBoard, Group, Layout, Mask, EMPTY};
use super::placements::Placements;
use super::step::{Source, Step, Unit};
use super::technique::Technique;
use crate::constraint::Constraint;
use crate::puzzle::Puzzle;
use crate::search::{Changes, HouseName, Model, Origin, Prop, VariantMask, MAX_VARIANT_ORDER};

/// A puzzle's rules, compiled once per puzzle, and scratch space.
#[derive(Clone, Debug, Default)]
pub(crate) struct VariantRules {
    model: Option<Model>,
    /// The technique of each propagator.
    kinds: Vec<Technique>,
    /// The board's candidates as the model reads them (a filled cell: its
    /// symbol alone).
    cand: Vec<VariantMask>,
    changed: Vec<u16>,
    /// The pairs of cage propagators whose every two cells (one of each)
    /// must differ, found on first use per puzzle.
    cage_pairs: Option<Vec<(usize, usize)>>,
    fits: [Vec<VariantMask>; 2],
    /// The first of the sums set theory added to the model
    /// ([`super::derived`]), and the rules each took.
    first_derived: usize,
    derived_rules: Vec<Vec<usize>>,
    placements: Placements,
    support: Vec<VariantMask>,
    cage_cand: Vec<VariantMask>,
    /// For each propagator, its cage's candidates when cage placements
    /// last found nothing there.
    placed: Seen,
    /// For each propagator, the candidates of the cells it reads when it
    /// last found nothing as a step.
    quiet: Seen,
}

/// For each propagator, the candidates a technique last found nothing in.
/// What a technique finds with one propagator is a function of those
/// candidates, so the same again finds nothing again and is passed over.
#[derive(Clone, Debug, Default)]
struct Seen(Vec<Option<Vec<VariantMask>>>);

impl Seen {
    /// Forgets everything; room for `props` propagators.
    fn reset(&mut self, props: usize) {
        self.0.clear();
        self.0.resize(props, None);
    }

    /// Whether propagator `p` last found nothing in `now`.
    fn same(&self, p: usize, now: impl ExactSizeIterator<Item = VariantMask>) -> bool {
        self.0[p].as_ref().is_some_and(|s| s.len() == now.len() && s.iter().copied().eq(now))
    }

    /// Propagator `p` found nothing in `now`.
    fn remember(&mut self, p: usize, now: impl Iterator<Item = VariantMask>) {
        let s = self.0[p].get_or_insert_with(Vec::new);
        s.clear();
        s.extend(now);
    }
}

impl VariantRules {
    /// Compiles the rules of `puzzle`; returns whether it has any the
    /// techniques here reason with (none for a classic puzzle, nor beyond
    /// the variant search's orders, where only the classic techniques
    /// apply and the verdict's search checks the rules).
    pub fn compile(&mut self, puzzle: &Puzzle) -> bool {
        self.model = None;
        self.kinds.clear();
        self.cage_pairs = None;
        self.derived_rules.clear();
        self.placed.reset(0);
        self.quiet.reset(0);
        if puzzle.is_classic() || puzzle.n() > MAX_VARIANT_ORDER {
            return false;
        }
        let mut model = Model::new(puzzle, &[]);
        // The search propagates the sums the cages imply by bounds only
        // (cheaper per node); a step can afford exact reachability.
        for (p, o) in model.props.iter_mut().zip(&model.origins) {
            if let (Prop::Linear(l), Origin::House(_) | Origin::Rows(..) | Origin::Columns(..)) = (p, o) {
                l.exact = true;
            }
        }
        self.derived_rules = super::derived::derive(&mut model);
        self.first_derived = model.props.len() - self.derived_rules.len();
        let rules = &puzzle.rules().constraints;
        self.kinds = model
            .props
            .iter()
            .zip(&model.origins)
            .map(|(p, o)| match (p, o) {
                (_, Origin::House(_) | Origin::Rows(..) | Origin::Columns(..)) => Technique::InniesOuties,
                (Prop::Cage { .. }, _) => Technique::CageCombinations,
                (Prop::Linear(_), Origin::Rule(i)) if !matches!(rules[*i], Constraint::Quadruple(_)) => {
                    Technique::SumBounds
                }
                _ => Technique::ClueRule,
            })
            .collect();
        self.placed.reset(model.props.len());
        self.quiet.reset(model.props.len());
        self.model = Some(model);
        true
    }

    /// The all-different groups beyond rows, columns and regions: those of
    /// N cells as units (each unlike every unit before it), and for each
    /// cell the cells it must differ from.
    pub fn groups(&self, layout: &Layout) -> (Vec<Group>, Vec<Vec<u16>>) {
        let Some(model) = &self.model else { return (Vec::new(), Vec::new()) };
        let mut groups: Vec<Group> = Vec::new();
        let mut seen: Vec<Vec<u16>> = (0..layout.units.len())
            .map(|u| {
                let mut c = layout.cells_of(u).to_vec();
                c.sort_unstable();
                c
            })
            .collect();
        let mut parts: Vec<(usize, usize)> = Vec::new();
        for (cells, name) in model.houses.iter().zip(&model.house_names) {
            let HouseName::Rule(rule) = *name else { continue };
            let part = match parts.iter_mut().find(|p| p.0 == rule) {
                Some(p) => {
                    p.1 += 1;
                    p.1
                }
                None => {
                    parts.push((rule, 0));
                    0
                }
            };
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            if seen.contains(&sorted) {
                continue;
            }
            seen.push(sorted);
            groups.push((Unit::Group { rule, part }, cells.clone()));
        }
        (groups, model.peers.clone())
    }

    /// The compiled model, for a puzzle with rules.
    pub fn model(&self) -> Option<&Model> {
        self.model.as_ref()
    }

    /// Each cell's first candidates under the rules (givens, candidate
    /// restrictions, parity, skyscraper bounds).
    pub fn init(&self) -> Option<&[VariantMask]> {
        self.model.as_ref().map(|m| &m.init[..])
    }

    /// Loads the board's candidates into `self.cand`.
    fn read(&mut self, board: &CandidateBoard) {
        self.cand.clear();
        self.cand.extend(board.cand.iter().zip(&board.value).map(|(&m, &v)| {
            if v == EMPTY {
                m as VariantMask
            } else {
                1 << v
            }
        }));
    }

    /// A pair rule: a candidate of a cell that no candidate of a partner
    /// allows goes.
    pub fn pairs(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step) -> bool {
        let Some(model) = &self.model else { return false };
        let n = layout.n;
        for a in 0..layout.cells {
            let ma: Mask = if board.value[a] == EMPTY { board.cand[a] } else { bit(board.value[a] as usize) };
            for &(b, t) in &model.pairs[a] {
                let b = b as usize;
                if board.value[b] != EMPTY {
                    continue;
                }
                let t = t as usize;
                let allowed = model.allowed(t, ma as VariantMask) as Mask;
                let gone = board.cand[b] & !allowed;
                if gone == 0 {
                    continue;
                }
                step.clear(Technique::RulePair);
                step.cell(n, a);
                step.cell(n, b);
                step.symbols.extend(members(ma).map(|v| v as u8));
                for v in members(gone) {
                    step.eliminate(n, b, v);
                }
                let rule = model.table_rules[t / n].first().copied().unwrap_or(0);
                step.source = Some(Source::Rule(rule as usize));
                return true;
            }
        }
        false
    }

    /// The propagators of technique `t`: the first that removes a
    /// candidate makes the step. For cage combinations, also a digit every
    /// combination of a cage holds leaves the cells outside that see all of
    /// the cage's places for it.
    pub fn props(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step, t: Technique) -> bool {
        if !self.kinds.contains(&t) {
            return false;
        }
        self.read(board);
        let Some(model) = &self.model else { return false };
        let n = layout.n;
        for (p, prop) in model.props.iter().enumerate() {
            if self.kinds[p] != t {
                continue;
            }
            let cells = &model.reads[p];
            if self.quiet.same(p, cells.iter().map(|&c| self.cand[c as usize])) {
                if t == Technique::CageCombinations && must_hold(layout, board, step, model, p, &self.cand) {
                    return true;
                }
                continue;
            }
            self.changed.clear();
            let ok = prop.run(n, &mut Changes { cand: &mut self.cand, changed: &mut self.changed });
            let mut found = false;
            if ok {
                for &c in cells {
                    let c = c as usize;
                    if board.value[c] == EMPTY && board.cand[c] & !(self.cand[c] as Mask) != 0 {
                        if !found {
                            step.clear(t);
                            found = true;
                        }
                        for v in members(board.cand[c] & !(self.cand[c] as Mask)) {
                            step.eliminate(n, c, v);
                        }
                    }
                }
            }
            if found {
                describe(model, p, step, n, &self.cand);
                if let Some(rules) = p.checked_sub(self.first_derived).and_then(|d| self.derived_rules.get(d))
                {
                    step.rules.extend(rules);
                }
                return true;
            }
            // Put back what a propagator that found nothing (or a
            // contradiction, left to the verdict's search) narrowed.
            for &c in self.changed.iter() {
                let c = c as usize;
                self.cand[c] =
                    if board.value[c] == EMPTY { board.cand[c] as VariantMask } else { 1 << board.value[c] };
            }
            self.quiet.remember(p, cells.iter().map(|&c| self.cand[c as usize]));
            if t == Technique::CageCombinations && must_hold(layout, board, step, model, p, &self.cand) {
                return true;
            }
        }
        false
    }
    /// Cage pairs: two cages (killers, renbans) whose every two cells, one
    /// of each, must differ hold no digit in common, so a set of digits of
    /// one that leaves the other no set of its own goes; a digit in no set
    /// left leaves the first cage's cells.
    pub fn cage_pairs(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step) -> bool {
        if self.model.is_none() {
            return false;
        }
        self.read(board);
        let Some(model) = &self.model else { return false };
        let pairs = self.cage_pairs.get_or_insert_with(|| pairs_of_cages(layout, model));
        let n = layout.n;
        for &(a, b) in pairs.iter() {
            let (Prop::Cage { cells: ca, combos: ka }, Prop::Cage { cells: cb, combos: kb }) =
                (&model.props[a], &model.props[b])
            else {
                continue;
            };
            let [fa, fb] = &mut self.fits;
            fitting(ca, ka, &self.cand, fa);
            fitting(cb, kb, &self.cand, fb);
            let keep = fa.iter().filter(|&&x| fb.iter().any(|&y| x & y == 0)).fold(0, |u, &x| u | x) as Mask;
            if keep == 0 {
                // No pair of sets at all: left to the verdict's search.
                continue;
            }
            let mut found = false;
            for &c in ca {
                let c = c as usize;
                if board.value[c] == EMPTY && board.cand[c] & !keep != 0 {
                    if !found {
                        step.clear(Technique::CagePairs);
                        found = true;
                    }
                    for v in members(board.cand[c] & !keep) {
                        step.eliminate(n, c, v);
                    }
                }
            }
            if found {
                ca.iter().for_each(|&c| step.cell(n, c as usize));
                step.symbols.extend(members(keep).map(|v| v as u8));
                if let (Origin::Rule(i), Origin::Rule(j)) = (model.origins[a], model.origins[b]) {
                    step.source = Some(Source::Rule(i));
                    step.rules.push(j);
                }
                return true;
            }
        }
        false
    }

    /// Cage placements: a cell of a cage (a killer, a renban) keeps only
    /// the digits it takes in some filling of the cage by one of its sets,
    /// each cell a different digit of the set from its candidates.
    pub fn cage_placements(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step) -> bool {
        if self.model.is_none() {
            return false;
        }
        self.read(board);
        let Some(model) = &self.model else { return false };
        let n = layout.n;
        for (p, prop) in model.props.iter().enumerate() {
            let (Prop::Cage { cells, combos }, Origin::Rule(rule)) = (prop, model.origins[p]) else {
                continue;
            };
            if cells.len() < 2 || combos.len() > MAX_PAIRED_COMBOS {
                continue;
            }
            self.cage_cand.clear();
            self.cage_cand.extend(cells.iter().map(|&c| self.cand[c as usize]));
            if self.placed.same(p, self.cage_cand.iter().copied()) {
                continue;
            }
            if !self.placements.supports(&self.cage_cand, combos, &mut self.support) {
                // No filling at all: left to the verdict's search.
                continue;
            }
            let mut found = false;
            for (&c, &keep) in cells.iter().zip(&self.support) {
                let c = c as usize;
                let gone = board.cand[c] & !(keep as Mask);
                if board.value[c] == EMPTY && gone != 0 {
                    if !found {
                        step.clear(Technique::CagePlacements);
                        found = true;
                    }
                    for v in members(gone) {
                        step.eliminate(n, c, v);
                    }
                }
            }
            if found {
                cells.iter().for_each(|&c| step.cell(n, c as usize));
                let kept = self.support.iter().fold(0, |u, &m| u | m);
                step.symbols.extend(members(kept as Mask).map(|v| v as u8));
                step.source = Some(Source::Rule(rule));
                return true;
            }
            self.placed.remember(p, self.cage_cand.iter().copied());
        }
        false
    }
}

/// The most sets of digits a cage may have for [`VariantRules::cage_pairs`]
/// (each set of one cage meets each of the other's).
const MAX_PAIRED_COMBOS: usize = 512;

/// Every ordered pair of cage propagators of constraints, with few enough
/// sets of digits, whose cells all see each other.
fn pairs_of_cages(layout: &Layout, model: &Model) -> Vec<(usize, usize)> {
    let cages: Vec<usize> = (0..model.props.len())
        .filter(|&p| matches!(model.origins[p], Origin::Rule(_)))
        .filter(
            |&p| matches!(&model.props[p], Prop::Cage { combos, .. } if combos.len() <= MAX_PAIRED_COMBOS),
        )
        .collect();
    let mut pairs = Vec::new();
    for &a in &cages {
        for &b in &cages {
            let (Prop::Cage { cells: ca, .. }, Prop::Cage { cells: cb, .. }) =
                (&model.props[a], &model.props[b])
            else {
                continue;
            };
            if a != b && ca.iter().all(|&x| cb.iter().all(|&y| layout.sees(x as usize, y as usize))) {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// The sets of digits of a cage that its cells' candidates can still
/// hold (each cell has a candidate in the set, and every digit of the set
/// a cell for it), into `out`.
fn fitting(cells: &[u16], combos: &[VariantMask], cand: &[VariantMask], out: &mut Vec<VariantMask>) {
    let union = cells.iter().fold(0, |u, &c| u | cand[c as usize]);
    out.clear();
    out.extend(
        combos
            .iter()
            .copied()
            .filter(|&k| k & !union == 0 && cells.iter().all(|&c| cand[c as usize] & k != 0)),
    );
}

/// Fills the pattern of a step of propagator `p`: its cells, its source,
/// the digits a cage keeps, a sum's terms.
fn describe(model: &Model, p: usize, step: &mut Step, n: usize, cand: &[VariantMask]) {
    let cells = &model.reads[p];
    for &c in cells {
        step.cell(n, c as usize);
    }
    step.source = Some(match model.origins[p] {
        Origin::Rule(i) => Source::Rule(i),
        Origin::House(h) => Source::Unit(match model.house_names[h] {
            HouseName::Row(r) => Unit::Row(r),
            HouseName::Column(c) => Unit::Column(c),
            HouseName::Region(k) => Unit::Region(k),
            HouseName::Rule(rule) => Unit::Group { rule, part: 0 },
        }),
        Origin::Rows(first, count) => Source::Rows(first, count),
        Origin::Columns(first, count) => Source::Columns(first, count),
    });
    match &model.props[p] {
        Prop::Cage { cells, combos } => {
            let union = cells.iter().fold(0, |u, &c| u | cand[c as usize]);
            step.symbols.extend(members(union as Mask).map(|v| v as u8));
            // A cage with a sum (not a renban's runs): its cells sum to
            // the one total its combinations share.
            let total = |m: VariantMask| members(m as Mask).map(|v| v as i64 + 1).sum::<i64>();
            if let Some(&first) = combos.first() {
                if combos.iter().all(|&c| total(c) == total(first)) {
                    step.terms.extend(cells.iter().map(|&c| (1, c as usize)));
                    step.total = total(first);
                }
            }
        }
        Prop::Linear(l) => {
            // Written with more plus signs than minus signs.
            let flip = if l.coefs.iter().filter(|&&k| k < 0).count() * 2 > l.coefs.len() { -1 } else { 1 };
            step.terms.extend(l.coefs.iter().zip(&l.cells).map(|(&k, &c)| (flip * k, c as usize)));
            step.terms.sort_by_key(|&(k, _)| k < 0);
            step.total = flip * l.target;
        }
        _ => {}
    }
}

/// A killer cage (with a sum) whose every combination left holds digit
/// `d`: `d` leaves the cells outside it that see every cell of the cage
/// that can still hold it.
fn must_hold(
    layout: &Layout,
    board: &CandidateBoard,
    step: &mut Step,
    model: &Model,
    p: usize,
    cand: &[VariantMask],
) -> bool {
    let Prop::Cage { cells, combos } = &model.props[p] else { return false };
    let n = layout.n;
    let union = cells.iter().fold(0, |u, &c| u | cand[c as usize]);
    let mut required = VariantMask::MAX;
    for &combo in combos {
        if combo & !union == 0 && cells.iter().all(|&c| cand[c as usize] & combo != 0) {
            required &= combo;
        }
    }
    if required == VariantMask::MAX {
        return false;
    }
    for d in members(required as Mask) {
        if cells.iter().any(|&c| board.value[c as usize] as usize == d) {
            continue;
        }
        let holders: Vec<usize> = cells.iter().map(|&c| c as usize).filter(|&c| board.has(c, d)).collect();
        if holders.is_empty() {
            continue;
        }
        let mut found = false;
        for other in 0..layout.cells {
            if board.has(other, d)
                && !holders.contains(&other)
                && holders.iter().all(|&h| layout.sees(h, other))
            {
                if !found {
                    step.clear(Technique::CageCombinations);
                    found = true;
                }
                step.eliminate(n, other, d);
            }
        }
        if found {
            for &h in &holders {
                step.cell(n, h);
            }
            step.symbols.push(d as u8);
            step.source = Some(match model.origins[p] {
                Origin::Rule(i) => Source::Rule(i),
                _ => return false,
            });
            return true;
        }
    }
    false
}
