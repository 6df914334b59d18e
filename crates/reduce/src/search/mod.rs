//! The grid searches, and the one place that picks among them.
//!
//! Three searches, among which [`Engine::for_shape`] picks, solve the
//! same exact cover (the one of [`crate::full_matrix`]), each on the
//! shapes it takes:
//!
//! - [`Nine`] (`nine.rs`): bit boards by symbol and band, for 9x9 grids with
//!   3x3 boxes, the common case by far;
//! - [`Bits`] (`bits/`): a word of open symbols per cell, for every other
//!   grid of order up to [`MAX_BITS_ORDER`], with its filters beside it:
//!   box-line interactions (`bits/lines.rs`) and the all-different filter
//!   of nearly full units (`bits/hall.rs`);
//! - [`Links`] (`links.rs`): dancing links on the full matrix with the
//!   givens forced, for every shape. It alone lists solutions in DLX1's
//!   order, counts DLX1's statistics, and splits a tree over threads;
//!   [`Listing`] (`bits/listing.rs`) walks its very tree on arrays, and
//!   lists in its place up to order [`MAX_LISTING_ORDER`] unless faithful.
//!   Above that order a listing that need not be faithful is the bit
//!   search's, in its own order ([`GridSolver::lists_on_bits`]): DLX1's
//!   tree there can take more than ten minutes to prove there is no second
//!   solution (a unique 25x25 the bit search settles in 0.3 s).
//!
//! [`Triad`] (`triad.rs`) searches 9x9 grids on band-wide triads (boxes as
//! 4x4 matrices, bands as mini-row permutations): an engine like the
//! others ([`Engine::Triad`], one of [`Way::ALL`], so the corpus and the
//! engines test run it), but never picked by [`Engine::for_shape`]: it is
//! slower than [`Nine`] on every set measured (bench/results.md).
//!
//! A puzzle with rules (a variant) is searched by [`Variant`]
//! (`variant/`): a propagating bitset search that compiles its rules to
//! candidate tables and propagators, for orders up to
//! [`MAX_VARIANT_ORDER`]; beyond, as its classic puzzle whose solutions are
//! kept when they keep the rules. [`VariantWay::for_puzzle`] is that one
//! choice.
//!
//! [`Engine::for_shape`] picks the fastest that takes a shape, once, when a
//! [`GridSolver`] is made for it; tests and corpus runs may force another
//! with [`GridSolver::with_engine`]. The picked engine finds a first
//! solution, checks uniqueness and counts; listing every solution in DLX1's
//! order, the faithful statistics and the split over threads are the
//! links' job whatever the pick (but for the bit search's listings of big
//! grids, above). Every search obeys one [`dlx::Budget`],
//! reports to one [`dlx::Probe`], and ends with a [`dlx::Outcome`].

mod bits;
mod links;
mod nine;
mod triad;
mod variant;

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::parallel::Shard;
use dlx::{Budget, End, Estimate, EstimateOptions, Outcome, Probe, Request, Stats, Want};

pub(crate) use bits::luby;
pub use bits::{Bits, Listing, MAX_BITS_ORDER, MAX_LISTING_ORDER};
pub use links::Links;
pub use nine::{Nine, Prepared};
pub use triad::Triad;
/// The variant search's compiled rules, which the logical solver reasons with.
pub(crate) use variant::{Changes, HouseName, Mask as VariantMask, Model, Origin, Prop};
pub use variant::{Variant, MAX_VARIANT_ORDER};

use crate::cover::variant::{reduce_variant, VariantError};
use crate::cover::{reduce, Encoding};
use crate::grid::Shape;
use crate::puzzle::{Conflict, Puzzle};

/// The grid searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Bit boards by symbol, for 9x9 grids with 3x3 boxes ([`Nine`]).
    Nine,
    /// A word of symbols per cell, for orders up to [`MAX_BITS_ORDER`]
    /// ([`Bits`]).
    Bits,
    /// Dancing links on the full matrix, for every shape ([`Links`]).
    Links,
    /// Band-wide triads, for 9x9 grids with 3x3 boxes ([`Triad`]): never
    /// picked (slower than [`Engine::Nine`]), for tests and benchmarks.
    Triad,
}

impl Engine {
    /// Every engine: the ones [`Engine::for_shape`] picks among, fastest
    /// first, then the one it never picks.
    pub const ALL: [Engine; 4] = [Engine::Nine, Engine::Bits, Engine::Links, Engine::Triad];

    /// The engines [`Engine::for_shape`] picks among, fastest first.
    const PICKED: [Engine; 3] = [Engine::Nine, Engine::Bits, Engine::Links];

    /// The fastest engine that takes `shape`: the one choice of search.
    pub fn for_shape(shape: &Shape) -> Engine {
        Engine::PICKED.into_iter().find(|e| e.accepts(shape)).unwrap_or(Engine::Links)
    }

    /// Whether this engine can search grids of `shape`.
    pub fn accepts(self, shape: &Shape) -> bool {
        match self {
            Engine::Nine | Engine::Triad => nine::is_nine_by_boxes(shape),
            Engine::Bits => shape.n() <= MAX_BITS_ORDER,
            Engine::Links => true,
        }
    }

    /// The engine's name, as in these docs: `nine`, `bits`, `links`,
    /// `triad`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Nine => "nine",
            Engine::Bits => "bits",
            Engine::Links => "links",
            Engine::Triad => "triad",
        }
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a puzzle with rules is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantWay {
    /// The propagating search ([`Variant`]).
    Propagate,
    /// The classic puzzle's solutions, kept when they keep the rules:
    /// exact, and as slow as the classic puzzle has solutions (the
    /// reference the propagating search is tested against).
    Filter,
}

impl VariantWay {
    /// The way a puzzle with rules is searched: the one choice.
    pub fn for_puzzle(puzzle: &Puzzle) -> VariantWay {
        if Variant::accepts(puzzle.shape()) {
            VariantWay::Propagate
        } else {
            VariantWay::Filter
        }
    }
}

/// The picked engine, when it is not the links.
#[derive(Clone, Debug)]
enum Fast {
    Nine(Box<Nine>),
    Bits(Box<Bits>),
    Triad(Box<Triad>),
    None,
}

/// The searches for one shape, reused for every puzzle of that shape: the
/// engine picked for it (see [`Engine::for_shape`]) and, made when first
/// needed, the dancing links.
///
/// [`GridSolver::solve`] lists solutions in DLX1's order (on the links; on
/// the bit search above order [`MAX_LISTING_ORDER`]);
/// [`GridSolver::solve_any`] and [`GridSolver::count`] take the picked
/// engine, unless the solver is [faithful](GridSolver::set_faithful).
#[derive(Clone, Debug)]
pub struct GridSolver {
    shape: Shape,
    engine: Engine,
    fast: Fast,
    links: Option<Box<Links>>,
    /// DLX1's listing on arrays, made on first use: lists in the links'
    /// order, faster, for orders up to [`MAX_LISTING_ORDER`].
    listing: Option<Box<Listing>>,
    /// Whether the last search was the listing's.
    listed: bool,
    /// The bit search, made on first use when the picked engine is
    /// another and a search only it makes is asked for (shuffled, or
    /// excluding placements on the links).
    spare: Option<Box<Bits>>,
    faithful: bool,
    budget: Budget,
    probe: Option<Arc<Probe>>,
    /// Whether the bit search restarts.
    restarts: bool,
    /// Whether the bit search filters harder.
    filtering: bool,
    /// The engine of the last search.
    last: Engine,
    /// The variant search, made on first use.
    variant: Option<Box<Variant>>,
    /// The way puzzles with rules are searched, when forced.
    variant_way: Option<VariantWay>,
    /// Whether the last search was the variant search (its statistics).
    variant_ran: bool,
}

impl GridSolver {
    /// The searches for `shape`, with the fastest engine that takes it.
    pub fn new(shape: &Shape) -> GridSolver {
        GridSolver::with_engine(shape, Engine::for_shape(shape)).expect("the engine takes the shape")
    }

    /// The searches for `shape` with `engine` in place of the one
    /// [`Engine::for_shape`] picks, or `None` if it does not take the
    /// shape. For tests and corpus runs that check every engine.
    pub fn with_engine(shape: &Shape, engine: Engine) -> Option<GridSolver> {
        let fast = match engine {
            Engine::Nine => Fast::Nine(Box::new(Nine::new(shape)?)),
            Engine::Bits => Fast::Bits(Box::new(Bits::new(shape)?)),
            Engine::Links => Fast::None,
            Engine::Triad => Fast::Triad(Box::new(Triad::new(shape)?)),
        };
        Some(GridSolver {
            shape: shape.clone(),
            engine,
            fast,
            links: None,
            listing: None,
            listed: false,
            spare: None,
            faithful: false,
            budget: Budget::UNLIMITED,
            probe: None,
            restarts: true,
            filtering: false,
            last: engine,
            variant: None,
            variant_way: None,
            variant_ran: false,
        })
    }

    /// The shape this solver serves.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The engine that finds first solutions and counts (the links when
    /// the solver is [faithful](GridSolver::set_faithful)).
    pub fn engine(&self) -> Engine {
        if self.faithful {
            Engine::Links
        } else {
            self.engine
        }
    }

    /// The engine of the last search.
    pub fn last_engine(&self) -> Engine {
        self.last
    }

    /// Whether searches walk DLX1's tree and count its statistics (see
    /// [`dlx::Solver::set_faithful`]; off by default). A faithful solver
    /// searches on the links only.
    pub fn set_faithful(&mut self, faithful: bool) {
        self.faithful = faithful;
        if let Some(l) = &mut self.links {
            l.set_faithful(faithful);
        }
    }

    /// Bounds every search to come: nodes (in the notion of the engine
    /// that searches) and a deadline. A search that runs out ends
    /// [`End::OutOfNodes`] or [`End::OutOfTime`]: its answer is unknown.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
        match &mut self.fast {
            Fast::Nine(s) => s.set_budget(budget),
            Fast::Bits(s) => s.set_budget(budget),
            Fast::Triad(s) => s.set_budget(budget),
            Fast::None => {}
        }
        if let Some(l) = &mut self.links {
            l.set_budget(budget);
        }
        if let Some(l) = &mut self.listing {
            l.set_budget(budget);
        }
        if let Some(s) = &mut self.spare {
            s.set_budget(budget);
        }
        if let Some(v) = &mut self.variant {
            v.set_budget(budget);
        }
    }

    /// The budget of the searches to come.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Whether the bit search's searches to come restart when they have
    /// found nothing for a while (see [`Bits::set_restarts`]; on by
    /// default). The other engines never restart.
    pub fn set_restarts(&mut self, restarts: bool) {
        self.restarts = restarts;
        if let Fast::Bits(s) = &mut self.fast {
            s.set_restarts(restarts);
        }
        if let Some(s) = &mut self.spare {
            s.set_restarts(restarts);
        }
    }

    /// Whether the bit search's searches to come filter harder at every
    /// node (see [`Bits::set_filtering`]; off by default; always on for box
    /// grids of orders 24 to 39). The other
    /// engines keep their own propagation.
    pub fn set_filtering(&mut self, on: bool) {
        self.filtering = on;
        if let Fast::Bits(s) = &mut self.fast {
            s.set_filtering(on);
        }
        if let Some(s) = &mut self.spare {
            s.set_filtering(on);
        }
    }

    /// Reports every search to come to `probe`, which can also stop them.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        match &mut self.fast {
            Fast::Nine(s) => s.set_probe(probe.clone()),
            Fast::Bits(s) => s.set_probe(probe.clone()),
            Fast::Triad(s) => s.set_probe(probe.clone()),
            Fast::None => {}
        }
        if let Some(l) = &mut self.links {
            l.set_probe(probe.clone());
        }
        if let Some(l) = &mut self.listing {
            l.set_probe(probe.clone());
        }
        if let Some(s) = &mut self.spare {
            s.set_probe(probe.clone());
        }
        if let Some(v) = &mut self.variant {
            v.set_probe(probe.clone());
        }
        self.probe = probe;
    }

    /// The dancing links, made on first use.
    pub fn links(&mut self) -> &mut Links {
        let (shape, faithful, budget, probe) = (&self.shape, self.faithful, self.budget, &self.probe);
        self.links.get_or_insert_with(|| {
            let mut l = Links::new(shape);
            l.set_faithful(faithful);
            l.set_budget(budget);
            l.set_probe(probe.clone());
            Box::new(l)
        })
    }

    /// Visits each solution of `puzzle` as a filled grid (symbol indices,
    /// row by row), in DLX1's order (above order [`MAX_LISTING_ORDER`], in
    /// the bit search's: see [`GridSolver::lists_on_bits`]), until the
    /// visitor breaks or the budget runs out. Returns how the search ended, or the clash that leaves
    /// the puzzle without a solution.
    pub fn solve<F>(&mut self, puzzle: &Puzzle, mut visit: F) -> Result<Outcome, Conflict>
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        if !puzzle.is_classic() {
            return self.filtered(puzzle, &mut visit);
        }
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        self.variant_ran = false;
        if self.lists_on_bits() {
            self.last = Engine::Bits;
            self.listed = false;
            let Fast::Bits(s) = &mut self.fast else { unreachable!("the bit search is picked") };
            let outcome = s.solve(puzzle, visit);
            return clash_if_none(puzzle, outcome);
        }
        self.last = Engine::Links;
        self.listed = !self.faithful && self.shape.n() <= MAX_LISTING_ORDER;
        if self.listed {
            let (shape, budget, probe) = (&self.shape, self.budget, &self.probe);
            let listing = self.listing.get_or_insert_with(|| {
                let mut l = Box::new(Listing::new(shape).expect("a small order"));
                l.set_budget(budget);
                l.set_probe(probe.clone());
                l
            });
            return listing.solve(puzzle, visit);
        }
        self.links().solve(puzzle, visit)
    }

    /// Whether [`GridSolver::solve`] lists on the bit search, in its own
    /// order, rather than in DLX1's: above [`MAX_LISTING_ORDER`] when the
    /// bit search is picked and the solver is not faithful. There DLX1's
    /// tree, which never looks past the item it branches on, can take
    /// hours to prove that a puzzle the bit search answers in a second has
    /// no second solution (a unique 25x25 of `dance generate`: not within
    /// 10 minutes on the links, 0.3 s on the bit search); the bit search
    /// visits every solution once, in an order of its own that is the same
    /// from run to run.
    pub fn lists_on_bits(&self) -> bool {
        !self.faithful && self.shape.n() > MAX_LISTING_ORDER && matches!(self.fast, Fast::Bits(_))
    }

    /// Visits the solutions of `puzzle` in one shard of its tree, as
    /// [`GridSolver::solve`] does (see [`dlx::parallel::search_shard`]):
    /// the shards' listings together are the full listing.
    pub fn solve_shard<F>(&mut self, puzzle: &Puzzle, shard: Shard, visit: F) -> Result<Outcome, Conflict>
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.last = Engine::Links;
        self.variant_ran = false;
        self.listed = false;
        self.links().solve_shard(puzzle, shard, visit)
    }

    /// Visits every solution of `puzzle` as [`GridSolver::solve`] does,
    /// while `jobs` threads search parts of DLX1's tree: in no set order
    /// (see [`dlx::parallel::search_map`]). Each grid is first turned into
    /// a `T` by `map` on the thread that found it; `visit` runs on the
    /// calling thread.
    pub fn solve_parallel<T, M, F>(
        &mut self,
        puzzle: &Puzzle,
        jobs: usize,
        map: M,
        visit: F,
    ) -> Result<Outcome, Conflict>
    where
        T: Send,
        M: Fn(&[u8]) -> T + Sync,
        F: FnMut(T) -> ControlFlow<()>,
    {
        self.last = Engine::Links;
        self.variant_ran = false;
        self.listed = false;
        self.links().solve_parallel(puzzle, jobs, map, visit)
    }

    /// Visits solutions of `puzzle` as [`GridSolver::solve`] does, in the
    /// picked engine's order. For the first solution, or to learn whether
    /// there is a second one.
    pub fn solve_any<F>(&mut self, puzzle: &Puzzle, mut visit: F) -> Result<Outcome, Conflict>
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        if !puzzle.is_classic() {
            return self.filtered(puzzle, &mut visit);
        }
        self.last = self.engine();
        self.variant_ran = false;
        self.listed = false;
        let outcome = match (&mut self.fast, self.faithful) {
            (Fast::Nine(s), false) => s.solve(puzzle, visit),
            (Fast::Bits(s), false) => s.solve(puzzle, visit),
            (Fast::Triad(s), false) => s.solve(puzzle, visit),
            _ => return self.solve(puzzle, visit),
        };
        clash_if_none(puzzle, outcome)
    }

    /// Forces the way puzzles with rules are searched (`None`: the one
    /// [`VariantWay::for_puzzle`] picks). For tests that check one way
    /// against the other.
    pub fn set_variant_way(&mut self, way: Option<VariantWay>) {
        self.variant_way = way;
    }

    /// A puzzle with rules, searched the way [`VariantWay::for_puzzle`]
    /// picks (or the forced one), without the placements `excluded`.
    fn filtered(
        &mut self,
        puzzle: &Puzzle,
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Result<Outcome, Conflict> {
        self.variant_search(puzzle, &[], visit)
    }

    fn variant_search(
        &mut self,
        puzzle: &Puzzle,
        excluded: &[(usize, u8)],
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Result<Outcome, Conflict> {
        let way = self.variant_way.unwrap_or_else(|| VariantWay::for_puzzle(puzzle));
        if way == VariantWay::Filter || !Variant::accepts(puzzle.shape()) {
            return self.kept(puzzle, excluded, visit);
        }
        let outcome = self.variant_engine().solve(puzzle, excluded, visit);
        self.variant_ran = true;
        clash_if_none(puzzle, outcome)
    }

    /// The variant search, made on first use with the solver's budget and
    /// probe.
    fn variant_engine(&mut self) -> &mut Variant {
        let (budget, probe) = (self.budget, self.probe.clone());
        self.variant.get_or_insert_with(|| {
            let mut v = Variant::new();
            v.set_budget(budget);
            v.set_probe(probe);
            Box::new(v)
        })
    }

    /// The solutions of the classic puzzle that keep the rules and place
    /// none of `excluded`.
    fn kept(
        &mut self,
        puzzle: &Puzzle,
        excluded: &[(usize, u8)],
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Result<Outcome, Conflict> {
        let classic = puzzle.classic();
        let mut kept = 0;
        let outcome = self.solve_any(&classic, |grid| {
            let placed = excluded.iter().any(|&(c, v)| grid.get(c) == Some(&v));
            if !placed && puzzle.verify(grid).is_ok() {
                kept += 1;
                visit(grid)
            } else {
                ControlFlow::Continue(())
            }
        })?;
        Ok(Outcome::new(outcome.end(), kept, outcome.nodes()))
    }

    /// Visits the solutions of `puzzle` that place none of `excluded`, as
    /// [`GridSolver::solve_any`] visits all of them: pairs (cell, symbol),
    /// cells row by row from 0 and symbols from 0. Excluding a given's own
    /// symbol leaves no solution; pairs outside the grid exclude nothing.
    /// Clashing givens leave no solution too, unexplained (this is a
    /// question asked many times of puzzles known to be sound: ask
    /// [`Puzzle::conflict`] for the clash).
    ///
    /// This is the question a puzzle maker asks ("is there a solution
    /// other than this grid with this given removed?": the puzzle without
    /// the given, its symbol excluded there) and the one behind true
    /// candidates (a solution with none of a cell's known symbols). The
    /// bit searches take the exclusions out of their first level, so that
    /// a puzzle left with no choice dies in propagation; on the links (a
    /// [faithful](GridSolver::set_faithful) solver, or one made with
    /// [`Engine::Links`]) the bit search answers instead.
    pub fn solve_excluding<F>(&mut self, puzzle: &Puzzle, excluded: &[(usize, u8)], visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.solve_near(puzzle, excluded, &[], visit)
    }

    /// Visits the solutions of `puzzle` that place none of `excluded`, as
    /// [`GridSolver::solve_excluding`] does, those that differ from the
    /// full grid `near` in few cells first (see [`Bits::solve_near`]; the
    /// 9x9 search takes no order and answers as `solve_excluding`). The
    /// maker's question when `near` is the puzzle's known solution.
    pub fn solve_near<F>(
        &mut self,
        puzzle: &Puzzle,
        excluded: &[(usize, u8)],
        near: &[u8],
        visit: F,
    ) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.solve_near_seeded(puzzle, excluded, near, None, visit)
    }

    /// [`GridSolver::solve_near`] in an order drawn from `seed` when given
    /// (see [`Bits::solve_near_seeded`]; the other engines take no order).
    pub fn solve_near_seeded<F>(
        &mut self,
        puzzle: &Puzzle,
        excluded: &[(usize, u8)],
        near: &[u8],
        seed: Option<u64>,
        visit: F,
    ) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        if !puzzle.is_classic() {
            let mut visit = visit;
            return self.variant_search(puzzle, excluded, &mut visit).unwrap_or(Outcome::new(
                End::Complete,
                0,
                0,
            ));
        }
        self.variant_ran = false;
        // The 9x9 engines take the exclusions themselves; every other
        // search is the bit search's (the picked one, or the spare).
        match (&mut self.fast, self.faithful) {
            (Fast::Nine(s), false) => {
                self.last = Engine::Nine;
                s.solve_excluding(puzzle, excluded, visit)
            }
            (Fast::Triad(s), false) => {
                self.last = Engine::Triad;
                s.solve_excluding(puzzle, excluded, visit)
            }
            _ => {
                self.last = Engine::Bits;
                self.bits().solve_near_seeded(puzzle, excluded, near, seed, visit)
            }
        }
    }

    /// Visits the solutions of `puzzle` in an order drawn from `seed` (on
    /// the bit search, whatever the pick: see [`Bits::solve_shuffled`]).
    /// The first solution of a blank puzzle is a random grid; the same
    /// seed gives the same grid.
    pub fn solve_shuffled<F>(&mut self, puzzle: &Puzzle, seed: u64, visit: F) -> Result<Outcome, Conflict>
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        self.last = Engine::Bits;
        self.variant_ran = false;
        let outcome = self.bits().solve_shuffled(puzzle, seed, visit);
        clash_if_none(puzzle, outcome)
    }

    /// The 9x9 search, when it is the picked engine (and the solver is
    /// not faithful): for callers that search from [`Prepared`] boards.
    pub fn nine(&mut self) -> Option<&mut Nine> {
        match (&mut self.fast, self.faithful) {
            (Fast::Nine(s), false) => {
                self.last = Engine::Nine;
                self.variant_ran = false;
                Some(s)
            }
            _ => None,
        }
    }

    /// The bit search: the picked engine if it is, else the spare, made
    /// on first use with this solver's budget and probe.
    fn bits(&mut self) -> &mut Bits {
        if let Fast::Bits(s) = &mut self.fast {
            return s;
        }
        let (shape, budget, probe, restarts) = (&self.shape, self.budget, &self.probe, self.restarts);
        let filtering = self.filtering;
        self.spare.get_or_insert_with(|| {
            let mut s = Bits::new(shape).expect("the bit search takes every order up to MAX_ORDER");
            s.set_budget(budget);
            s.set_probe(probe.clone());
            s.set_restarts(restarts);
            s.set_filtering(filtering);
            Box::new(s)
        })
    }

    /// Counts the solutions of `puzzle` on the picked engine, up to `limit`
    /// if given, or until the budget runs out.
    pub fn count(&mut self, puzzle: &Puzzle, limit: Option<u64>) -> Result<Outcome, Conflict> {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        self.last = self.engine();
        self.variant_ran = false;
        self.listed = false;
        let limit = limit.unwrap_or(u64::MAX);
        if limit == 0 {
            return Ok(Outcome::new(End::Limit, 0, 0));
        }
        if !puzzle.is_classic() {
            let mut left = limit;
            return self.filtered(puzzle, &mut |_| {
                left -= 1;
                if left == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        }
        let mut left = limit;
        let visit = |_: &[u8]| {
            left -= 1;
            if left == 0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let outcome = match (&mut self.fast, self.faithful) {
            (Fast::Nine(s), false) => s.count(puzzle, limit),
            (Fast::Bits(s), false) => s.solve(puzzle, visit),
            (Fast::Triad(s), false) => s.count(puzzle, limit),
            _ => return self.links().count(puzzle, Some(limit)),
        };
        clash_if_none(puzzle, outcome)
    }

    /// Counts the solutions of `puzzle` on `jobs` threads the adaptive way
    /// ([`dlx::parallel::first_then_split`]): on the picked engine for a
    /// few thousand nodes, then, if the tree is bigger, split over the
    /// threads on the links. Grids above 9x9 whose picked engine is a bit
    /// search stay on it, on one thread: there the links are slower than
    /// that search by far more than the threads gain (a minimal 20x20
    /// jigsaw: 4.6 s on the bit search, not within 40 s of CPU on the
    /// links over two threads). With one job, as [`GridSolver::count`]; but
    /// if the probe [foresees](Probe::set_foresee), a count that outgrows
    /// its first try estimates its tree first (see
    /// [`GridSolver::foresee`]), one job included.
    pub fn count_threads(
        &mut self,
        puzzle: &Puzzle,
        limit: Option<u64>,
        jobs: usize,
    ) -> Result<Outcome, Conflict> {
        let budget = self.budget;
        let mut result = Ok(());
        let foresees = self.probe.as_ref().is_some_and(|p| p.foresees());
        let jobs = if self.splits_on_links(puzzle) { jobs } else { 1 };
        let outcome = dlx::parallel::first_then_split_with(
            self,
            jobs,
            budget,
            |s, b| {
                s.set_budget(b);
                s.count(puzzle, limit).unwrap_or_else(|c| {
                    result = Err(c);
                    Outcome::new(End::Complete, 0, 0)
                })
            },
            foresees.then_some(|s: &mut GridSolver| s.foresee(puzzle, jobs)),
            |s, b| {
                s.set_budget(b);
                if jobs <= 1 {
                    return s.count(puzzle, limit).expect("no clash: the first try found none");
                }
                s.last = Engine::Links;
                s.variant_ran = false;
                let links = s.links();
                let solver = links.prepare(puzzle).expect("no clash: the first try found none");
                dlx::parallel::count(solver, jobs, None, limit)
            },
        );
        self.set_budget(budget);
        result.map(|()| outcome)
    }

    /// Whether a count of `puzzle` that outgrows its first try may split
    /// over threads on the links (see [`GridSolver::count_threads`]).
    fn splits_on_links(&self, puzzle: &Puzzle) -> bool {
        puzzle.shape().n() <= 9 || self.engine() == Engine::Links
    }

    /// Estimates the count of `puzzle` that [`GridSolver::count_threads`]
    /// is about to run on `jobs` threads, and gives the probe what it can
    /// follow: the nodes (DLX1's) when the count runs on the links (over
    /// threads, faithful, or the links picked), the solutions otherwise
    /// (the bit searches' nodes are their own), each only when its
    /// interval is narrow ([`dlx::parallel::is_steady`]). The estimate
    /// stops after [`dlx::parallel::FORESIGHT_TIME`].
    pub fn foresee(&mut self, puzzle: &Puzzle, jobs: usize) {
        let Some(probe) = self.probe.clone() else { return };
        probe.forget_expectations();
        let on_links = (jobs > 1 && self.splits_on_links(puzzle)) || self.engine() == Engine::Links;
        let budget = self.budget;
        self.links().set_budget(dlx::parallel::foresight_budget(budget));
        let options = EstimateOptions { probes: dlx::parallel::FORESIGHT_PROBES, seed: 0, stratify: true };
        let e = self.estimate(puzzle, &options);
        self.links().set_budget(budget);
        let Ok(e) = e else { return };
        if e.end != End::Complete {
            return;
        }
        if on_links && dlx::parallel::is_steady(&e.nodes) {
            probe.expect_nodes(Some(e.nodes.value.round() as u64));
        } else if !on_links && dlx::parallel::is_steady(&e.solutions) {
            probe.expect_solutions(Some(e.solutions.value.round() as u64));
        }
    }

    /// Counts the solutions of `puzzle` on `jobs` threads, or only those
    /// of `shard` (see [`dlx::parallel::count`]), on the links.
    pub fn count_split(
        &mut self,
        puzzle: &Puzzle,
        jobs: usize,
        shard: Option<Shard>,
        limit: Option<u64>,
    ) -> Result<Outcome, Conflict> {
        self.last = Engine::Links;
        self.variant_ran = false;
        self.listed = false;
        self.links().count_split(puzzle, jobs, shard, limit)
    }

    /// Counts the solutions of `puzzle` as `request` asks (see
    /// [`dlx::Request`]): its shard on the links (a puzzle with rules: its
    /// shard's parts on the variant search), or the whole tree on the
    /// picked engine first and split over the request's threads when it
    /// outgrows one ([`GridSolver::count_threads`]), faithful or not, within
    /// its budget, up to its limit.
    pub fn count_for(&mut self, puzzle: &Puzzle, request: &Request) -> Result<Outcome, Conflict> {
        self.set_faithful(request.faithful);
        self.set_budget(request.budget);
        let limit = match request.want {
            Want::Count { limit } => limit,
            Want::Any | Want::All => None,
        };
        if !puzzle.is_classic() {
            return match request.shard {
                Some(_) if limit == Some(0) => Ok(Outcome::new(End::Limit, 0, 0)),
                Some(shard) => {
                    let mut left = limit.unwrap_or(u64::MAX);
                    self.variant_shard(puzzle, shard, &mut |_| {
                        left -= 1;
                        if left == 0 {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    })
                }
                None => self.count(puzzle, limit),
            };
        }
        match request.shard {
            Some(_) => self.count_split(puzzle, 1, request.shard, limit),
            None => self.count_threads(puzzle, limit, request.count_jobs()),
        }
    }

    /// Visits solutions of `puzzle` as `request` asks, each first turned
    /// into a `T` by `map` (on the thread that found it, when several
    /// list), until `visit` breaks or the request's budget runs out: any
    /// solutions on the picked engine ([`Want::Any`]); every solution in
    /// DLX1's order, or a shard's, or on several threads in no set order
    /// when the request allows it ([`Want::All`]; but a listing on the bit
    /// search, [`GridSolver::lists_on_bits`], stays on one thread). A puzzle with rules is
    /// listed by the variant search, one thread, a shard by its parts
    /// ([`variant_shard_parts`]).
    pub fn list_for<T, M, F>(
        &mut self,
        puzzle: &Puzzle,
        request: &Request,
        map: M,
        mut visit: F,
    ) -> Result<Outcome, Conflict>
    where
        T: Send,
        M: Fn(&[u8]) -> T + Sync,
        F: FnMut(T) -> ControlFlow<()>,
    {
        self.set_faithful(request.faithful);
        self.set_budget(request.budget);
        if !puzzle.is_classic() {
            return match (request.want, request.shard) {
                (Want::All, Some(shard)) => self.variant_shard(puzzle, shard, &mut |g| visit(map(g))),
                _ => self.solve(puzzle, |g| visit(map(g))),
            };
        }
        match (request.want, request.shard) {
            (Want::All, Some(shard)) => self.solve_shard(puzzle, shard, |g| visit(map(g))),
            (Want::All, None) if request.list_jobs() > 1 && !self.lists_on_bits() => {
                self.solve_parallel(puzzle, request.list_jobs(), map, visit)
            }
            (Want::All, None) => self.solve(puzzle, |g| visit(map(g))),
            _ => self.solve_any(puzzle, |g| visit(map(g))),
        }
    }

    /// Visits the solutions of a puzzle with rules in one shard: the
    /// puzzle with its first open cells (row by row) given each way the
    /// shard is dealt ([`variant_shard_parts`]), each part searched as
    /// [`GridSolver::solve`] searches it. Every solution fixes those cells
    /// one way, so the shards together visit each solution once. The node
    /// budget is the shard's, not each part's.
    fn variant_shard(
        &mut self,
        puzzle: &Puzzle,
        shard: Shard,
        visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Result<Outcome, Conflict> {
        if let Some(conflict) = puzzle.conflict() {
            return Err(conflict);
        }
        let budget = self.budget;
        let (mut found, mut nodes) = (0u64, 0u64);
        let mut end = End::Complete;
        for part in variant_shard_parts(puzzle, shard) {
            let left = budget.max_nodes.map(|m| m.saturating_sub(nodes));
            if left == Some(0) {
                end = End::OutOfNodes;
                break;
            }
            self.set_budget(Budget { max_nodes: left, ..budget });
            let mut stop = false;
            let o = self.variant_search(&part, &[], &mut |g| {
                let flow = visit(g);
                stop = flow.is_break();
                flow
            });
            let Ok(o) = o else { continue };
            found += o.so_far();
            nodes += o.nodes();
            if o.end() != End::Complete || stop {
                end = if stop { End::Limit } else { o.end() };
                break;
            }
        }
        self.set_budget(budget);
        // `--stats` reports the shard, not its last part.
        self.variant_engine().set_stats(Stats { solutions: found, nodes, updates: 0 });
        self.variant_ran = true;
        Ok(Outcome::new(end, found, nodes))
    }

    /// How the last search ended.
    pub fn end(&self) -> End {
        if let (Engine::Links, true, Some(l)) = (self.last, self.listed, &self.listing) {
            return l.end();
        }
        match (self.last, &self.fast, &self.links) {
            (Engine::Nine, Fast::Nine(s), _) => s.end(),
            (Engine::Bits, Fast::Bits(s), _) => s.end(),
            (Engine::Triad, Fast::Triad(s), _) => s.end(),
            (Engine::Links, _, Some(l)) => l.end(),
            (Engine::Bits, _, _) => self.spare.as_ref().map_or(End::Complete, |s| s.end()),
            _ => End::Complete,
        }
    }

    /// Whether the last search was stopped by its probe.
    pub fn interrupted(&self) -> bool {
        self.end() == End::Interrupted
    }

    /// Knuth's random-probe estimate of the search below the givens of
    /// `puzzle`, on the links (see [`dlx::Solver::estimate`]): its
    /// solutions, and its nodes in DLX1's notion, which is the links'
    /// (a faithful search, or a count split over threads, counts them so);
    /// the bit searches' nodes are their own and fewer.
    pub fn estimate(&mut self, puzzle: &Puzzle, options: &EstimateOptions) -> Result<Estimate, Conflict> {
        self.links().estimate(puzzle, options)
    }

    /// The statistics of the last search (the bit searches count nodes
    /// only: the root and every branch tried).
    pub fn stats(&self) -> Stats {
        if let (true, Some(v)) = (self.variant_ran, &self.variant) {
            return v.stats();
        }
        if let (Engine::Links, true, Some(l)) = (self.last, self.listed, &self.listing) {
            return l.stats();
        }
        match (self.last, &self.fast, &self.links) {
            (Engine::Nine, Fast::Nine(s), _) => s.stats(),
            (Engine::Bits, Fast::Bits(s), _) => s.stats(),
            (Engine::Triad, Fast::Triad(s), _) => s.stats(),
            (Engine::Links, _, Some(l)) => l.stats(),
            (Engine::Bits, _, _) => self.spare.as_ref().map_or(Stats::default(), |s| s.stats()),
            _ => Stats::default(),
        }
    }
}

/// Every way to search one puzzle, for tests and corpus runs that check
/// that they all agree: each engine on the shape's full matrix with the
/// givens forced, and the links on Knuth's reduced matrix, built for the
/// puzzle alone ([`crate::Encoding::Reduced`]; for a puzzle with rules, its
/// XCC reduction, [`crate::cover::variant::reduce_variant`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Way {
    /// An engine, through [`GridSolver::with_engine`] (the links list in
    /// DLX1's order, the others in their own).
    Engine(Engine),
    /// The links on the reduced matrix.
    Reduced,
}

impl Way {
    /// Every way: the four engines, then the reduced matrix.
    pub const ALL: [Way; 5] = [
        Way::Engine(Engine::Nine),
        Way::Engine(Engine::Bits),
        Way::Engine(Engine::Links),
        Way::Engine(Engine::Triad),
        Way::Reduced,
    ];

    /// Whether this way can search grids of `shape`.
    pub fn accepts(self, shape: &Shape) -> bool {
        match self {
            Way::Engine(e) => e.accepts(shape),
            Way::Reduced => true,
        }
    }

    /// The solutions of `puzzle` this way, up to `limit` of them, and how
    /// the search ended; or the clash that leaves the puzzle without a
    /// solution. `None` if this way does not take the puzzle's shape.
    pub fn solutions(self, puzzle: &Puzzle, limit: u64) -> Option<Result<Listed, Conflict>> {
        self.solutions_within(puzzle, limit, Budget::UNLIMITED)
    }

    /// [`Way::solutions`] within `budget` (in this way's nodes): a search
    /// that runs out says so in [`Listed::outcome`], with the grids found
    /// so far.
    pub fn solutions_within(
        self,
        puzzle: &Puzzle,
        limit: u64,
        budget: Budget,
    ) -> Option<Result<Listed, Conflict>> {
        if !self.accepts(puzzle.shape()) {
            return None;
        }
        let mut grids = Vec::new();
        let mut keep = |g: Vec<u8>| {
            grids.push(g);
            if grids.len() as u64 >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let outcome = match self {
            Way::Engine(e) => {
                let mut s = GridSolver::with_engine(puzzle.shape(), e)?;
                s.set_budget(budget);
                match e {
                    Engine::Links => s.solve(puzzle, |g| keep(g.to_vec())),
                    _ => s.solve_any(puzzle, |g| keep(g.to_vec())),
                }
            }
            // A puzzle with rules: its XCC reduction (every rule in the
            // matrix), or not this way when a rule does not reduce.
            Way::Reduced if !puzzle.is_classic() => match reduce_variant(puzzle) {
                Ok((r, _)) => {
                    let mut s = dlx::Solver::new(&r.problem);
                    s.set_budget(budget);
                    Ok(s.search(|options| keep(r.decode(puzzle, options))))
                }
                Err(VariantError::Conflict(c)) => Err(c),
                Err(VariantError::Unreduced(_)) => return None,
            },
            Way::Reduced => reduce(puzzle, Encoding::Reduced).map(|r| {
                let mut s = dlx::Solver::new(&r.problem);
                s.set_budget(budget);
                s.search(|options| keep(r.decode(puzzle, options)))
            }),
        };
        Some(outcome.map(|outcome| Listed { grids, outcome }))
    }
}

/// The solutions [`Way::solutions`] listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// Each a filled grid: symbol indices, row by row.
    pub grids: Vec<Vec<u8>>,
    /// How the search ended.
    pub outcome: Outcome,
}

impl std::fmt::Display for Way {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Way::Engine(e) => e.fmt(f),
            Way::Reduced => f.write_str("reduced"),
        }
    }
}

/// The parts of a puzzle with rules that shard `shard` searches: the
/// puzzle's first `d` open cells (row by row) take each of the `N^d` ways
/// in turn, with `d` the fewest cells that make 16 ways a shard or more
/// (at most 4), and each way goes to the shard a fixed hash of its number
/// picks (dealing way `i` to shard `i mod count` would give every way of
/// one first digit to one shard when the count divides N). Ways whose
/// givens clash are left out (they hold no solution). Every solution of
/// the puzzle is in exactly one part of exactly one shard.
pub fn variant_shard_parts(puzzle: &Puzzle, shard: Shard) -> Vec<Puzzle> {
    let n = puzzle.n();
    let count = shard.count.max(1);
    let open: Vec<usize> = (0..n * n).filter(|&c| puzzle.givens()[c].is_none()).collect();
    let (mut depth, mut ways) = (0, 1usize);
    while depth < open.len().min(4) && ways < 16 * count {
        ways *= n;
        depth += 1;
    }
    let mut parts = Vec::new();
    let dealt = |way: usize| dlx::SplitMix64::new(way as u64).next_u64() % count as u64 == shard.index as u64;
    for way in (0..ways).filter(|&w| dealt(w)) {
        let mut part = puzzle.clone();
        let mut rest = way;
        let mut placed = true;
        for &cell in &open[..depth] {
            placed &= part.set_given(cell, Some((rest % n) as u8)).is_ok();
            rest /= n;
        }
        if placed && part.conflict().is_none() {
            parts.push(part);
        }
    }
    parts
}

/// The outcome of a bit search: clashing givens leave no solution, and
/// only then is it worth looking for the clash, to explain it.
fn clash_if_none(puzzle: &Puzzle, outcome: Outcome) -> Result<Outcome, Conflict> {
    match (outcome.end(), outcome.so_far()) {
        (End::Complete, 0) => puzzle.conflict().map_or(Ok(outcome), Err),
        _ => Ok(outcome),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Alphabet, Regions};

    fn puzzle(shape: Shape, text: &str) -> Puzzle {
        let alphabet = Alphabet::default_for(shape.n()).unwrap();
        let givens = text.chars().map(|c| alphabet.index(c)).collect();
        Puzzle::new(shape, alphabet, givens).unwrap()
    }

    #[test]
    fn each_shape_gets_the_fastest_engine_that_takes_it() {
        let labels = "QWERTYUIO".chars().collect::<Vec<_>>();
        let boxes_as_map: Vec<char> = (0..81).map(|c| labels[(c / 27) * 3 + (c % 9) / 3]).collect();
        let mut jigsaw = boxes_as_map.clone();
        jigsaw.swap(2, 3);
        for (shape, engine) in [
            (Shape::default_for(9).unwrap(), Engine::Nine),
            (Shape::new(9, Regions::Map(boxes_as_map)).unwrap(), Engine::Nine),
            (Shape::new(9, Regions::Map(jigsaw)).unwrap(), Engine::Bits),
            (Shape::new(9, Regions::None).unwrap(), Engine::Bits),
            (Shape::default_for(16).unwrap(), Engine::Bits),
            (Shape::default_for(MAX_BITS_ORDER).unwrap(), Engine::Bits),
        ] {
            assert_eq!(Engine::for_shape(&shape), engine, "{shape:?}");
            assert_eq!(GridSolver::new(&shape).engine(), engine);
        }
        let nine = Shape::default_for(9).unwrap();
        for e in Engine::ALL {
            let mut s = GridSolver::with_engine(&nine, e).unwrap();
            assert_eq!(s.engine(), e);
            s.set_faithful(true);
            assert_eq!(s.engine(), Engine::Links);
        }
        assert!(GridSolver::with_engine(&Shape::default_for(16).unwrap(), Engine::Nine).is_none());
        // The triad search takes the classic grid alone, and is never picked.
        assert!(Engine::Triad.accepts(&nine));
        assert!(GridSolver::with_engine(&Shape::default_for(16).unwrap(), Engine::Triad).is_none());
        assert!(GridSolver::with_engine(&Shape::new(9, Regions::None).unwrap(), Engine::Triad).is_none());
    }

    /// Through the solver, the triad search answers as the one it stands
    /// beside: a first solution, a count, an exclusion, a budget that runs
    /// out (unknown), and its own name as the last engine.
    #[test]
    fn the_triad_engine_answers_through_the_solver() {
        let shape = Shape::default_for(9).unwrap();
        let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let p = puzzle(shape.clone(), hard);
        let mut nine = GridSolver::with_engine(&shape, Engine::Nine).unwrap();
        let mut triad = GridSolver::with_engine(&shape, Engine::Triad).unwrap();
        let first = |s: &mut GridSolver| {
            let mut g = Vec::new();
            let o = s.solve_any(&p, |x| {
                g = x.to_vec();
                ControlFlow::Break(())
            });
            assert_eq!(o.unwrap().end(), End::Limit);
            g
        };
        let (a, b) = (first(&mut nine), first(&mut triad));
        assert_eq!(p.verify(&b), Ok(()));
        assert_eq!(a, b, "a unique puzzle");
        assert_eq!(triad.last_engine(), Engine::Triad);
        assert_eq!(triad.count(&p, Some(2)).unwrap().solutions(), Some(1));
        assert!(triad.stats().nodes > 0);
        // Excluding the solution's symbol in one open cell leaves none.
        let cell = hard.find('.').unwrap();
        let o = triad.solve_excluding(&p, &[(cell, b[cell])], |_| ControlFlow::Continue(()));
        assert_eq!(o.solutions(), Some(0));
        assert_eq!(triad.last_engine(), Engine::Triad);
        // Two nodes are not enough for this one: unknown, never none.
        triad.set_budget(Budget::nodes(2));
        let o = triad.count(&p, Some(2)).unwrap();
        assert!(o.is_unknown(), "{o:?}");
        assert_eq!(triad.end(), End::OutOfNodes);
    }

    #[test]
    fn budgets_make_counts_unknown_on_every_engine() {
        for n in [6, 9] {
            let shape = Shape::default_for(n).unwrap();
            let p = puzzle(shape.clone(), &".".repeat(n * n));
            for e in Engine::ALL.into_iter().filter(|e| e.accepts(&shape)) {
                let mut s = GridSolver::with_engine(&shape, e).unwrap();
                s.set_budget(Budget::nodes(10_000));
                let o = s.count(&p, None).unwrap();
                assert_eq!((o.end(), o.solutions()), (End::OutOfNodes, None), "order {n}, {e}");
                assert!(o.nodes() > 10_000 && o.so_far() > 0, "order {n}, {e}");
                let o = s.count(&p, Some(5)).unwrap();
                assert_eq!((o.end(), o.solutions()), (End::Limit, Some(5)), "order {n}, {e}");
                assert!(o.nodes() <= 200, "order {n}, {e}: {} nodes for five solutions", o.nodes());
                let o = s.count_threads(&p, None, 2).unwrap();
                assert_eq!(o.end(), End::OutOfNodes, "order {n}, {e}, two threads");
                s.set_budget(Budget::UNLIMITED);
                assert_eq!(s.count(&p, Some(1000)).unwrap().solutions(), Some(1000), "order {n}, {e}");
            }
        }
        let shape = Shape::default_for(4).unwrap();
        let p = puzzle(shape.clone(), &".".repeat(16));
        let mut s = GridSolver::new(&shape);
        s.set_budget(Budget::nodes(10_000));
        assert_eq!(s.count(&p, None).unwrap().solutions(), Some(288));
    }

    /// A small generator for the differential tests (xorshift64*).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
        }
    }

    /// Every solution (up to `limit`) on `engine`.
    fn solutions(p: &Puzzle, engine: Engine, limit: usize) -> Vec<Vec<u8>> {
        let mut s = GridSolver::with_engine(p.shape(), engine).unwrap();
        let mut grids = Vec::new();
        let o = s.solve_any(p, |g| {
            grids.push(g.to_vec());
            if grids.len() == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match o {
            Ok(o) => assert_eq!(o.solutions(), Some(grids.len() as u64)),
            Err(_) => assert!(grids.is_empty()),
        }
        grids
    }

    #[test]
    fn boards_by_symbol_agree_with_the_generic_search() {
        let shape = Shape::default_for(9).unwrap();
        let alphabet = Alphabet::default_for(9).unwrap();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut filled = 0;
        for round in 0..400 {
            // Sparse givens, clashes allowed: many solutions, or none.
            let mut givens = vec![None; 81];
            let count = if round % 2 == 1 { rng.below(12) } else { rng.below(30) };
            for _ in 0..count {
                givens[rng.below(81)] = Some(rng.below(9) as u8);
            }
            if round % 2 == 1 {
                // Holes in a solution of those givens (if any): few
                // solutions, and the hard cases in between.
                let p = Puzzle::new(shape.clone(), alphabet.clone(), givens.clone()).unwrap();
                let grids = solutions(&p, Engine::Nine, 1);
                let Some(grid) = grids.first() else { continue };
                filled += 1;
                let holes = 40 + rng.below(30);
                givens = grid.iter().map(|&v| Some(v)).collect();
                for _ in 0..holes {
                    givens[rng.below(81)] = None;
                }
            }
            let p = Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap();
            let (mut fast, mut slow) = (solutions(&p, Engine::Nine, 30), solutions(&p, Engine::Bits, 30));
            assert_eq!(fast.len(), slow.len(), "round {round}");
            for g in &fast {
                assert_eq!(p.verify(g), Ok(()), "round {round}");
            }
            if fast.len() < 30 {
                // Every solution each way: the same set.
                fast.sort();
                slow.sort();
                assert_eq!(fast, slow, "round {round}");
            } else {
                fast.sort();
                fast.dedup();
                assert_eq!(fast.len(), 30, "round {round}: a solution twice");
            }
        }
        assert!(filled > 100, "too few filled grids: {filled}");
    }

    #[test]
    fn exclusions_keep_exactly_the_solutions_without_them() {
        // On every engine and several shapes: the solutions found with
        // exclusions are those of the plain listing that place none of
        // them.
        let mut rng = Rng(0x005e_ed0f_e8c1);
        let shapes = [
            Shape::default_for(4).unwrap(),
            Shape::new(5, Regions::None).unwrap(),
            Shape::default_for(6).unwrap(),
            Shape::default_for(9).unwrap(),
        ];
        for shape in shapes {
            let n = shape.n();
            let alphabet = Alphabet::default_for(n).unwrap();
            let mut checked = 0;
            for round in 0..60 {
                // Holes in a random grid: a few solutions or many.
                let grid = &solutions(
                    &Puzzle::new(shape.clone(), alphabet.clone(), vec![None; n * n]).unwrap(),
                    Engine::Links,
                    1 + rng.below(50),
                )
                .pop()
                .unwrap();
                let holes = n * n / 2 + rng.below(n * n / 2);
                let mut givens: Vec<Option<u8>> = grid.iter().map(|&v| Some(v)).collect();
                for _ in 0..holes {
                    givens[rng.below(n * n)] = None;
                }
                let p = Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap();
                let excluded: Vec<(usize, u8)> =
                    (0..1 + rng.below(4)).map(|_| (rng.below(n * n), rng.below(n) as u8)).collect();
                let mut want: Vec<Vec<u8>> = solutions(&p, Engine::Links, 5000)
                    .into_iter()
                    .filter(|g| excluded.iter().all(|&(c, v)| g[c] != v))
                    .collect();
                if want.len() >= 1000 {
                    continue;
                }
                want.sort();
                checked += 1;
                for e in Engine::ALL.into_iter().filter(|e| e.accepts(&shape)) {
                    let mut s = GridSolver::with_engine(&shape, e).unwrap();
                    let mut got = Vec::new();
                    let o = s.solve_excluding(&p, &excluded, |g| {
                        got.push(g.to_vec());
                        ControlFlow::Continue(())
                    });
                    assert_eq!(o.solutions(), Some(got.len() as u64));
                    got.sort();
                    assert_eq!(got, want, "order {n}, round {round}, {e}, excluding {excluded:?}");
                }
            }
            assert!(checked >= 30, "order {n}: only {checked} rounds with few enough solutions");
        }
    }

    #[test]
    fn shuffled_searches_draw_valid_grids_that_repeat_by_seed() {
        for shape in [
            Shape::default_for(9).unwrap(),
            Shape::default_for(12).unwrap(),
            Shape::new(7, Regions::None).unwrap(),
            Shape::default_for(25).unwrap(),
        ] {
            let n = shape.n();
            let blank =
                Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap();
            let mut s = GridSolver::new(&shape);
            let mut draw = |seed| {
                let mut grid = Vec::new();
                let o = s
                    .solve_shuffled(&blank, seed, |g| {
                        grid = g.to_vec();
                        ControlFlow::Break(())
                    })
                    .unwrap();
                assert_eq!(o.end(), End::Limit);
                assert_eq!(blank.verify(&grid), Ok(()));
                grid
            };
            let (a, b, c) = (draw(1), draw(2), draw(1));
            assert_eq!(a, c, "order {n}: the same seed, the same grid");
            assert_ne!(a, b, "order {n}: another seed, another grid");
        }
    }
}
