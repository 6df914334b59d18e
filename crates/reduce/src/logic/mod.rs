//! # logic: solving as a person does, step by step, and rating by it
//!
//! [`Logic`] works on candidates (pencil marks) and knows only units: rows,
//! columns and regions, whatever the shape (any order from 1 to 64, boxes,
//! jigsaw and grouped maps, Latin squares without regions). It applies the
//! easiest technique that makes progress, one step at a time, until the
//! grid is full or nothing it knows applies. The techniques, easiest first
//! (see [`Technique`] and `docs/logic.md`):
//!
//! 1. full house, naked single, hidden single;
//! 2. for a puzzle with rules, the rules one at a time: pair rules, cage
//!    combinations, sum bounds, clue rules; locked candidates: pointing
//!    and claiming, over any two units that share two cells or more; then
//!    cage placements, innies and outies, and cage pairs;
//! 3. naked and hidden pairs, triples and quads;
//! 4. basic fish (X-wing, swordfish, jellyfish; rows against columns, no
//!    regions), then XY-wing, XYZ-wing and W-wing;
//! 5. chains: simple colouring, X-chains, XY-chains, AICs, and for a
//!    puzzle with rules, rule chains (AICs whose weak links include the
//!    rules);
//! 6. forcing chains, one level deep, following singles (for a puzzle
//!    with rules, then rule forcing chains, following the rules too, and
//!    last the rule forcing chains of several branches);
//!
//! and past those the puzzle needs trial and error. On big boards the
//! chains wait until at most [`MAX_CHAIN_CANDIDATES`] candidates are left,
//! and forcing chains until candidates times cells is at most
//! [`MAX_FORCING_WORK`] (memory and time): a 25x25 or larger puzzle that
//! needs them sooner is rated beyond. Each [`Step`] says what
//! it placed and eliminated and words itself in setters' notation
//! (`r3c5 = 7 (hidden single in row 3)`). The hardest technique a puzzle
//! needs sets its [`Level`]; a [`Rating`] adds a score that orders puzzles
//! within a level.
//!
//! A rating is given only to a puzzle with exactly one solution, and
//! [`Logic`] checks that itself: when its steps fill the grid, that grid is
//! the only solution (every step holds in every solution); when they stop
//! short, it counts solutions with the bit-parallel or dancing-links
//! search, within a node budget. Anything else is [`Unrated`], with the
//! reason.
//!
//! ```
//! use reduce::logic::{Level, Logic, Verdict};
//! use reduce::{Alphabet, Puzzle, Shape};
//! let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let alphabet = Alphabet::default_for(9).unwrap();
//! let givens = text.chars().map(|c| alphabet.index(c)).collect();
//! let puzzle = Puzzle::new(Shape::default_for(9).unwrap(), alphabet, givens).unwrap();
//! let mut logic = Logic::new(puzzle.shape());
//! let mut words = Vec::new();
//! let verdict = logic.explain(&puzzle, |step| words.push(step.display(&puzzle).to_string()));
//! assert_eq!(words[0], "r5c6 = 4 (naked single)");
//! let Verdict::Solved(rating) = verdict else { panic!("{verdict:?}") };
//! assert_eq!(rating.level(), Level::Easy);
//! ```
//!
//! ## The files
//!
//! Lowest first: the vocabulary of techniques and levels
//! (`technique.rs`); a step (`step.rs`); the candidates board and the
//! units it keeps them by (`board.rs`); the search for `k` sets with `k`
//! members between them that subsets and fish share (`combinations.rs`).
//! Above those, one file or folder per family of techniques, none of
//! which imports another: `singles.rs`, `intersections.rs`, `subsets.rs`,
//! `fish.rs`, `wings.rs`, `variant.rs` (a puzzle's rules, from the
//! variant search's compiled model: its groups join the units and peers,
//! its tables and propagators make the variant techniques),
//! `chains/` (with the graph of links it walks),
//! `forcing/` (with the scratch board it follows branches on). Then how a
//! step is worded (`wording.rs`) and how a run is rated (`rating.rs`), and
//! this file, which runs the families in order.

mod board;
mod chains;
mod combinations;
mod derived;
mod fish;
mod forcing;
mod intersections;
mod placements;
mod rating;
mod rule_chains;
mod rule_forcing;
mod singles;
mod step;
mod subsets;
mod technique;
mod variant;
mod wings;
mod wording;

use std::fmt;

pub use chains::MAX_CHAIN_CANDIDATES;
pub use forcing::MAX_FORCING_WORK;
pub use rating::Rating;
pub use step::{Candidate, Contradiction, Source, Step, Unit};
pub use technique::{Level, Technique};
pub use wording::StepDisplay;

use crate::grid::Shape;
use crate::puzzle::{Conflict, Puzzle};
use crate::search::GridSolver;
use board::{CandidateBoard, Layout, EMPTY};
use chains::Chains;
use dlx::{Budget, Probe};
use fish::Fish;
use forcing::Forcing;
use intersections::Locked;
use rating::StepTally;
use rule_chains::RuleChains;
use rule_forcing::RuleForcing;
use std::sync::Arc;
use subsets::Subsets;
use variant::VariantRules;
use wings::Wings;

/// The node budget [`Logic`] gives the search that checks uniqueness when
/// its techniques get stuck, unless told otherwise.
pub const DEFAULT_MAX_NODES: u64 = 10_000_000;

/// The node budget of the search for one solution that spares forcing
/// chains work (past it, they do without).
const SOLUTION_NODES: u64 = 100_000;

/// What the logical solver concluded about a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The steps filled the grid: the puzzle has exactly this solution.
    Solved(Rating),
    /// The steps stopped short, and the search found exactly one
    /// solution: the puzzle needs trial and error ([`Level::Beyond`]).
    Stuck(Rating),
    /// No rating, and why.
    Unrated(Unrated),
}

impl Verdict {
    /// The rating, for a puzzle with exactly one solution.
    pub fn rating(&self) -> Option<Rating> {
        match self {
            Verdict::Solved(r) | Verdict::Stuck(r) => Some(*r),
            Verdict::Unrated(_) => None,
        }
    }

    /// Whether the steps filled the grid.
    pub fn is_solved(&self) -> bool {
        matches!(self, Verdict::Solved(_))
    }
}

/// Why a puzzle gets no rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// Two givens clash.
    Conflict(Conflict),
    /// The puzzle has no solution: the steps reached a cell with no
    /// candidate or a unit with no place for a symbol, or the search
    /// found none.
    NoSolution,
    /// The puzzle has more than one solution (the steps stopped short).
    MultipleSolutions,
    /// The steps stopped short and the search ran out of its node budget
    /// before it could tell whether a second solution exists.
    Unknown {
        /// The budget that ran out.
        nodes: u64,
    },
}

impl fmt::Display for Unrated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unrated::Conflict(c) => write!(f, "no solution: {c}"),
            Unrated::NoSolution => f.write_str("no solution"),
            Unrated::MultipleSolutions => f.write_str("more than one solution"),
            Unrated::Unknown { nodes } => {
                write!(f, "unknown whether the solution is unique (search budget of {nodes} nodes)")
            }
        }
    }
}

/// The logical solver for one shape. It keeps its tables and work space
/// between puzzles, so rating a batch allocates nothing per puzzle once it
/// has warmed up (save the uniqueness search for puzzles it cannot
/// finish).
#[derive(Clone, Debug)]
pub struct Logic {
    shape: Shape,
    layout: Layout,
    /// The shape's own layout, while `layout` is a variant's.
    base: Option<Layout>,
    variant: VariantRules,
    board: CandidateBoard,
    step: Step,
    tally: StepTally,
    locked: Locked,
    subsets: Subsets,
    fish: Fish,
    wings: Wings,
    chains: Chains,
    rule_chains: RuleChains,
    rule_forcing: RuleForcing,
    forcing: Forcing,
    top: Technique,
    max_nodes: u64,
    probe: Option<Arc<Probe>>,
    search: Option<GridSolver>,
}

impl Logic {
    /// A solver for puzzles of `shape`, with every technique.
    pub fn new(shape: &Shape) -> Logic {
        Logic {
            shape: shape.clone(),
            layout: Layout::new(shape),
            base: None,
            variant: VariantRules::default(),
            board: CandidateBoard::default(),
            step: Step::default(),
            tally: StepTally::default(),
            locked: Locked::default(),
            subsets: Subsets::default(),
            fish: Fish::default(),
            wings: Wings::default(),
            chains: Chains::default(),
            rule_chains: RuleChains::default(),
            rule_forcing: RuleForcing::default(),
            forcing: Forcing::default(),
            top: Technique::RuleForcingChains,
            max_nodes: DEFAULT_MAX_NODES,
            probe: None,
            search: None,
        }
    }

    /// The shape this solver serves.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Uses only the techniques up to `top` (in [`Technique::ALL`]'s
    /// order): a puzzle that needs more is stuck, and rated
    /// [`Level::Beyond`]. All of them by default.
    pub fn set_hardest(&mut self, top: Technique) {
        self.top = top;
    }

    /// The node budget of the search that checks uniqueness when the
    /// techniques get stuck ([`DEFAULT_MAX_NODES`] by default).
    pub fn set_max_nodes(&mut self, nodes: u64) {
        self.max_nodes = nodes;
    }

    /// Reports the uniqueness search to `probe`, which can also stop it
    /// (Ctrl-C): a search stopped so gives [`Unrated::Unknown`].
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        if let Some(s) = &mut self.search {
            s.set_probe(probe.clone());
        }
        self.probe = probe;
    }

    /// Solves `puzzle` step by step, calling `visit` after each step, and
    /// returns the verdict. The puzzle's shape must be this solver's.
    /// Afterwards [`Logic::values`] and [`Logic::candidates`] show where
    /// the steps stopped.
    pub fn explain<F: FnMut(&Step)>(&mut self, puzzle: &Puzzle, visit: F) -> Verdict {
        match self.steps(puzzle, visit) {
            Err(c) => Verdict::Unrated(Unrated::Conflict(c)),
            Ok(()) => self.verdict(puzzle),
        }
    }

    /// Whether the steps alone (with the techniques up to
    /// [`Logic::set_hardest`]'s) fill the grid with a solution of
    /// `puzzle`: a rating of at most that technique's level, for a puzzle
    /// known to be unique. Unlike [`Logic::rate`], a run that gets stuck
    /// ends there, without the search for a second solution.
    pub fn fills(&mut self, puzzle: &Puzzle) -> bool {
        self.steps(puzzle, |_| {}).is_ok()
            && !self.board.broken
            && self.board.empty == 0
            && puzzle.verify(&self.board.value).is_ok()
    }

    /// Runs the steps on `puzzle` until none applies, calling `visit`
    /// after each; or the clash of two givens.
    fn steps<F: FnMut(&Step)>(&mut self, puzzle: &Puzzle, mut visit: F) -> Result<(), Conflict> {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        self.tally.clear();
        self.forcing.clear();
        self.rule_forcing.clear();
        self.lay_out(puzzle);
        if let Some(c) = puzzle.conflict() {
            self.board.load(&self.layout, &vec![None; self.layout.cells]);
            return Err(c);
        }
        self.board.load(&self.layout, puzzle.givens());
        if let Some(init) = self.variant.init() {
            self.board.restrict(&self.layout, init);
        }
        while !self.board.broken && self.board.empty > 0 && self.next(puzzle) {
            if !self.apply() {
                // Every technique reports only candidates still there, so
                // this cannot happen; if it did, stopping beats looping.
                debug_assert!(false, "a step that changes nothing: {:?}", self.step);
                break;
            }
            debug_assert_eq!(
                self.board.candidates,
                self.board.cand.iter().map(|m| m.count_ones() as usize).sum::<usize>()
            );
            visit(&self.step);
        }
        Ok(())
    }

    /// Compiles the rules of `puzzle` and lays out its units: the shape's
    /// own, or with a variant's all-different groups (see
    /// `variant.rs`).
    fn lay_out(&mut self, puzzle: &Puzzle) {
        if self.variant.compile(puzzle) {
            let base = self.base.get_or_insert_with(|| self.layout.clone());
            let (groups, differ) = self.variant.groups(base);
            self.layout = Layout::with_groups(&self.shape, &groups, &differ);
        } else if let Some(base) = self.base.take() {
            self.layout = base;
        }
    }

    /// Solves `puzzle` as [`Logic::explain`] does, without looking at the
    /// steps.
    pub fn rate(&mut self, puzzle: &Puzzle) -> Verdict {
        self.explain(puzzle, |_| {})
    }

    /// The first step of `puzzle`'s solution (`None` if no technique
    /// applies, or the grid is full), and the verdict on the whole
    /// puzzle, so that a caller can tell a hint for a puzzle with one
    /// solution from one for a puzzle without.
    pub fn hint(&mut self, puzzle: &Puzzle) -> (Option<Step>, Verdict) {
        let mut first = None;
        let verdict = self.explain(puzzle, |s| {
            if first.is_none() {
                first = Some(s.clone());
            }
        });
        (first, verdict)
    }

    /// After a run: the symbol of each cell (row by row), `None` where the
    /// steps left it empty.
    pub fn values(&self) -> impl ExactSizeIterator<Item = Option<u8>> + '_ {
        self.board.value.iter().map(|&v| (v != EMPTY).then_some(v))
    }

    /// After a run: the candidates left in each cell (row by row), bit `v`
    /// for symbol `v`; 0 for a filled cell.
    pub fn candidates(&self) -> &[u64] {
        &self.board.cand
    }

    /// Finds the easiest step that makes progress, into `self.step`.
    fn next(&mut self, puzzle: &Puzzle) -> bool {
        if self.next_below_forcing() {
            return true;
        }
        if self.top < Technique::ForcingChain {
            return false;
        }
        if !self.forcing.solution_known && self.board.candidates * self.layout.cells <= MAX_FORCING_WORK {
            // Look for a solution once per puzzle (see
            // `Forcing::set_solution`): cheaper than the branches it spares.
            self.find_solution(puzzle);
        }
        let (l, b, s) = (&self.layout, &mut self.board, &mut self.step);
        // With rules, the rule forcing chains find every forcing chain of
        // singles too (and report those as such).
        let model = self.variant.model().filter(|_| self.top >= Technique::RuleForcingChain);
        let contradiction = match model {
            Some(m) => {
                self.rule_forcing.contradiction(l, b, m, self.forcing.solution(), s)
                    // Past the rule forcing chains' budget, those of
                    // singles alone still run.
                    || self.rule_forcing.exhausted() && self.forcing.contradiction(l, b, s)
            }
            None => self.forcing.contradiction(l, b, s),
        };
        contradiction
            || self.top >= Technique::ForcingChains && self.forcing.verity(l, b, s)
            || self.top >= Technique::RuleForcingChains
                && b.candidates * l.cells <= MAX_FORCING_WORK
                && model.is_some_and(|m| self.rule_forcing.verity(l, b, m, s))
    }

    /// Finds the easiest step below forcing chains that makes progress,
    /// into `self.step`.
    fn next_below_forcing(&mut self) -> bool {
        let (l, b, s) = (&self.layout, &mut self.board, &mut self.step);
        let top = self.top;
        let allowed = |t: Technique| t <= top;
        singles::full_house(l, b, s)
            || allowed(Technique::NakedSingle) && singles::naked_single(l, b, s)
            || allowed(Technique::HiddenSingle) && singles::hidden_single(l, b, s)
            || allowed(Technique::RulePair) && self.variant.pairs(l, b, s)
            || allowed(Technique::CageCombinations)
                && self.variant.props(l, b, s, Technique::CageCombinations)
            || allowed(Technique::SumBounds) && self.variant.props(l, b, s, Technique::SumBounds)
            || allowed(Technique::ClueRule) && self.variant.props(l, b, s, Technique::ClueRule)
            || allowed(Technique::Pointing)
                && intersections::locked_candidates(l, b, s, &mut self.locked)
                && s.technique <= top
            || allowed(Technique::CagePlacements) && self.variant.cage_placements(l, b, s)
            || allowed(Technique::InniesOuties) && self.variant.props(l, b, s, Technique::InniesOuties)
            || allowed(Technique::CagePairs) && self.variant.cage_pairs(l, b, s)
            || allowed(Technique::NakedPair) && subsets::naked(l, b, s, 2, &mut self.subsets)
            || allowed(Technique::HiddenPair) && subsets::hidden(l, b, s, 2, &mut self.subsets)
            || allowed(Technique::NakedTriple) && subsets::naked(l, b, s, 3, &mut self.subsets)
            || allowed(Technique::HiddenTriple) && subsets::hidden(l, b, s, 3, &mut self.subsets)
            || allowed(Technique::NakedQuad) && subsets::naked(l, b, s, 4, &mut self.subsets)
            || allowed(Technique::HiddenQuad) && subsets::hidden(l, b, s, 4, &mut self.subsets)
            || allowed(Technique::XWing) && fish::fish(l, b, s, 2, &mut self.fish)
            || allowed(Technique::Swordfish) && fish::fish(l, b, s, 3, &mut self.fish)
            || allowed(Technique::Jellyfish) && fish::fish(l, b, s, 4, &mut self.fish)
            || allowed(Technique::XYWing) && self.wings.xy_wing(l, b, s)
            || allowed(Technique::XYZWing) && self.wings.xyz_wing(l, b, s)
            || allowed(Technique::WWing) && self.wings.w_wing(l, b, s)
            || allowed(Technique::SimpleColouring) && self.chains.colouring(l, b, s)
            || self.chains.chains(l, b, s, top)
            || allowed(Technique::RuleChain)
                && self.variant.model().is_some_and(|m| self.rule_chains.find(l, b, m, s))
    }

    /// Applies `self.step` to the board; returns whether it changed
    /// anything.
    fn apply(&mut self) -> bool {
        let n = self.layout.n;
        let mut changed = false;
        for p in &self.step.placements {
            let cell = p.row * n + p.column;
            changed |= self.board.value[cell] == EMPTY;
            self.board.place(&self.layout, cell, p.symbol as usize);
        }
        for e in &self.step.eliminations {
            let cell = e.row * n + e.column;
            changed |= self.board.has(cell, e.symbol as usize);
            self.board.eliminate(&self.layout, cell, e.symbol as usize);
        }
        self.tally.add(self.step.technique);
        changed
    }

    /// The verdict once no step applies.
    fn verdict(&mut self, puzzle: &Puzzle) -> Verdict {
        if self.board.broken {
            return Verdict::Unrated(Unrated::NoSolution);
        }
        if self.board.empty == 0 {
            let grid: Vec<u8> = self.board.value.clone();
            // A full board of sound steps is the only grid that can be a
            // solution; check it all the same. Of a classic puzzle it is
            // one; a variant's rules not all reasoned with may break it,
            // and then there is none.
            debug_assert!(!puzzle.is_classic() || puzzle.verify(&grid).is_ok());
            return match puzzle.verify(&grid) {
                Ok(()) => Verdict::Solved(self.tally.solved()),
                Err(_) => Verdict::Unrated(Unrated::NoSolution),
            };
        }
        // Stuck: count the solutions of the puzzle with the steps'
        // placements as givens (the same solutions, a smaller search).
        let reduced = self.narrowed(puzzle);
        match self.count_to_two(&reduced) {
            Some(0) => Verdict::Unrated(Unrated::NoSolution),
            Some(1) => Verdict::Stuck(self.tally.stuck(self.board.empty)),
            Some(_) => Verdict::Unrated(Unrated::MultipleSolutions),
            None => Verdict::Unrated(Unrated::Unknown { nodes: self.max_nodes }),
        }
    }

    /// `puzzle` with the board's placements as givens and, for a
    /// variant, its candidates as restrictions: every step is sound (it
    /// keeps every solution), so the same solutions, a smaller search.
    /// (A classic puzzle keeps no restriction: it would leave the classic
    /// searches for the variant one.) Measured on TAREK_ALL#37 (`rate`,
    /// cachegrind, where the searches cost most): 1.46 G instructions
    /// before, 0.94 G after.
    fn narrowed(&self, puzzle: &Puzzle) -> Puzzle {
        let givens: Vec<Option<u8>> = self.values().collect();
        // The rules too: without them, a variant would count as the
        // classic puzzle's many solutions.
        let mut rules = puzzle.rules().clone();
        if !puzzle.is_classic() {
            let marks = (0..self.layout.cells).map(|c| match self.board.value[c] {
                EMPTY => self.board.cand[c],
                v => 1 << v,
            });
            rules.candidates = Some(match &rules.candidates {
                Some(given) => given.iter().zip(marks).map(|(&g, m)| g & m).collect(),
                None => marks.collect(),
            });
        }
        Puzzle::new(self.shape.clone(), puzzle.alphabet().clone(), givens)
            .and_then(|p| p.with_rules(rules))
            .expect("the same shape, alphabet and rules")
    }

    /// Hands the forcing chains one solution of `puzzle` (narrowed to the
    /// board: its solutions are the puzzle's), if the search finds one
    /// within a small budget.
    fn find_solution(&mut self, puzzle: &Puzzle) {
        let puzzle = &self.narrowed(puzzle);
        let search = self.search.get_or_insert_with(|| {
            let mut s = GridSolver::new(&self.shape);
            s.set_probe(self.probe.clone());
            s
        });
        search.set_budget(Budget::nodes(SOLUTION_NODES));
        let mut found = false;
        let forcing = &mut self.forcing;
        let _ = search.solve_any(puzzle, |grid| {
            forcing.set_solution(Some(grid));
            found = true;
            std::ops::ControlFlow::Break(())
        });
        if !found {
            forcing.set_solution(None);
        }
    }

    /// Counts the solutions of `puzzle` up to two within the node budget,
    /// with the search layer's engine for the shape; `None` when the
    /// budget runs out.
    fn count_to_two(&mut self, puzzle: &Puzzle) -> Option<u64> {
        let search = self.search.get_or_insert_with(|| {
            let mut s = GridSolver::new(&self.shape);
            s.set_probe(self.probe.clone());
            s
        });
        search.set_budget(Budget::nodes(self.max_nodes));
        match search.count(puzzle, Some(2)) {
            Ok(outcome) => outcome.solutions(),
            Err(_) => Some(0),
        }
    }
}

#[cfg(test)]
mod tests;
