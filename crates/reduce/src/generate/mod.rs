//! # generate: making puzzles with one solution, minimal, at every shape
//!
//! A [`Generator`] makes puzzles of one [`Target`]: a shape (boxes, a
//! jigsaw or grouped map, a Latin square: every order up to
//! [`crate::MAX_ORDER`]) or random jigsaw maps of an order. Each puzzle
//! comes from a seed, and the same seed gives the same puzzle:
//!
//! 1. a random full grid ([`full`](self) draws it with the search layer's
//!    shuffled search, then moves it by a random transformation of the
//!    shape; `docs/generate.md` says how uniform that is);
//! 2. the givens are taken away orbit by orbit of the [`Symmetry`], in
//!    random order (from order 17, the orbit whose cells see the fewest
//!    givens first, ties in random order), while the puzzle keeps one
//!    solution (`remove.rs`): one
//!    pass leaves a minimal puzzle, where no orbit of givens can go (from
//!    order 24 a pass has bounds on its nodes, in all and on any `2n`
//!    tests in a row, growing by Luby's sequence and slowly; a pass past
//!    one is thrown away for a fresh grid, as the work a pass takes has a
//!    heavy tail);
//! 3. the puzzle is kept if it meets the [`Request`]: at most so many
//!    givens, a difficulty [`Level`] by the logical solver. Otherwise the
//!    generator tries again, from the same random stream, until it has one
//!    or its budget of attempts (or time) runs out: then the answer is
//!    unknown ([`GenerateError::OutOfBudget`]), never a puzzle that breaks
//!    the request.
//!
//! Every search obeys a [`Budget`]: the request's nodes per search, and
//! its time for the whole puzzle, so that a hard shape cannot hang the
//! maker.
//!
//! ```
//! use reduce::generate::{Generator, Request, Target};
//! use reduce::{Alphabet, GridSolver, Shape};
//! let shape = Shape::default_for(9).unwrap();
//! let mut maker = Generator::new(Target::Shape(shape.clone()), Alphabet::default_for(9).unwrap(), Request::default()).unwrap();
//! let made = maker.generate(2024).unwrap();
//! // One solution, the one it says.
//! let mut solver = GridSolver::new(&shape);
//! assert_eq!(solver.count(&made.puzzle, None).unwrap().solutions(), Some(1));
//! assert_eq!(made.puzzle.verify(&made.solution), Ok(()));
//! // The same seed, the same puzzle.
//! assert_eq!(maker.generate(2024).unwrap().puzzle, made.puzzle);
//! ```

mod full;
mod jigsaw;
mod remove;
mod variant;

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx::{Budget, End, Probe, SplitMix64};

pub use crate::symmetry::Symmetry;
pub use jigsaw::{can_draw, random_map, regions_connected, LABELS};
pub use variant::{
    at_most, read_off, Accept, Kind, Style, VariantGenerator, VariantRequest, Within, ADD_NODES,
};

use crate::grid::{Alphabet, GridError, Shape};
use crate::logic::{Level, Logic, Rating};
use crate::puzzle::Puzzle;
use crate::search::GridSolver;
use remove::UnitGivens;

/// The attempts a generator makes for one puzzle before it gives up,
/// unless told otherwise.
pub const DEFAULT_ATTEMPTS: u64 = 10_000;

/// The nodes each search may take unless told otherwise: far more than any
/// search of a puzzle up to 25x25 takes while making it, and a bound on
/// the rare one that would run away.
pub const DEFAULT_MAX_NODES: u64 = 50_000_000;

/// The nodes the search that fills a blank grid may take, per cell, before
/// it starts again from another random seed (or, for a random jigsaw map,
/// the map is given up for another): randomized searches have heavy
/// tails, and on big grids a fresh start is far cheaper than the tail.
const FILL_NODES: u64 = 2_000;

/// [`FILL_NODES`] for a random jigsaw map of a small order, where another
/// map is cheap and a map whose grid is not found soon is common: of 2,025
/// 9x9 maps drawn (`generate --jigsaw -n 2000 --seed 2`), 2,000 had a grid,
/// found in 85 nodes at the median and at most 57,030 (one over 8,100),
/// while the 25 others took 3.6 million nodes to give up on at 2,000 a
/// cell: three quarters of the filling. Making 200 puzzles took 14 to 41%
/// less CPU at orders 8 and 9 with this bound, 8% less at 10; at 12 it
/// took 28 to 44% more (the maps given up on there were not the costly
/// ones), so it stops below 10 (`bench/results.md`).
const SMALL_JIGSAW_FILL_NODES: u64 = 100;

/// The order from which a jigsaw map's grid gets [`FILL_NODES`] a cell.
const SMALL_JIGSAW_BELOW: usize = 10;

/// Fresh starts of the search that fills a blank grid of a fixed shape
/// before the attempt counts as out of nodes.
const FILL_RESTARTS: usize = 64;

/// Maps a generator draws for one attempt at a jigsaw before it counts the
/// attempt failed.
const JIGSAW_MAPS: usize = 1_000;

/// What to make puzzles of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Puzzles of one shape.
    Shape(Shape),
    /// Puzzles on random jigsaw maps of this order, a new map for each.
    Jigsaw(usize),
}

impl Target {
    /// The order.
    pub fn n(&self) -> usize {
        match self {
            Target::Shape(s) => s.n(),
            Target::Jigsaw(n) => *n,
        }
    }
}

/// The symmetry asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetryChoice {
    /// This one.
    Exactly(Symmetry),
    /// One of the four symmetries the region map has, drawn for each
    /// puzzle.
    Any,
}

/// What each puzzle must be, and what the generator may spend on one.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// The symmetry of the pattern of givens.
    pub symmetry: SymmetryChoice,
    /// At most this many givens.
    pub max_clues: Option<usize>,
    /// Rated exactly this level by the logical solver.
    pub level: Option<Level>,
    /// Rate every puzzle (a [`Level`] asked for rates them anyway).
    pub rate: bool,
    /// Attempts (full grids) per puzzle before giving up.
    pub attempts: u64,
    /// The nodes each search may take.
    pub max_nodes: u64,
    /// The time one puzzle may take, all attempts together.
    pub time: Option<Duration>,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            symmetry: SymmetryChoice::Exactly(Symmetry::None),
            max_clues: None,
            level: None,
            rate: false,
            attempts: DEFAULT_ATTEMPTS,
            max_nodes: DEFAULT_MAX_NODES,
            time: None,
        }
    }
}

/// A puzzle made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle (its shape holds the map of a jigsaw).
    pub puzzle: Puzzle,
    /// Its one solution, symbol indices row by row.
    pub solution: Vec<u8>,
    /// The symmetry of its givens.
    pub symmetry: Symmetry,
    /// The seed it came from.
    pub seed: u64,
    /// Its rating, when asked for.
    pub rating: Option<Rating>,
    /// The attempts it took (1: the first full grid did).
    pub attempts: u64,
}

impl Generated {
    /// The number of givens.
    pub fn clues(&self) -> usize {
        self.puzzle.givens().iter().filter(|g| g.is_some()).count()
    }
}

/// Why no puzzle came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The alphabet or the order does not fit.
    Grid(GridError),
    /// The region map lacks the symmetry asked for.
    Symmetry {
        /// The symmetry.
        symmetry: Symmetry,
    },
    /// `any` symmetry, and the region map has none of the four.
    NoSymmetry,
    /// Random jigsaw maps of this order are not drawn with this symmetry
    /// (see [`can_draw`]).
    JigsawSymmetry {
        /// The order.
        n: usize,
        /// The symmetry.
        symmetry: Symmetry,
    },
    /// The region map has no full grid at all: no puzzle has one solution
    /// on it.
    NoGrid,
    /// The budget ran out before a puzzle met the request: whether one
    /// would have come is unknown.
    OutOfBudget {
        /// The attempts made.
        attempts: u64,
        /// What ran out.
        end: End,
        /// The closest miss: the fewest givens of a minimal puzzle made
        /// (when givens were asked for), and the levels rated.
        fewest: Option<usize>,
    },
    /// Stopped by the probe (Ctrl-C).
    Interrupted,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Grid(e) => write!(f, "{e}"),
            GenerateError::Symmetry { symmetry } => {
                write!(f, "the region map does not have the {symmetry} symmetry")
            }
            GenerateError::NoSymmetry => f.write_str("the region map has none of the symmetries rot180, rot90, mirror, diagonal"),
            GenerateError::JigsawSymmetry { n, symmetry } => write!(
                f,
                "random jigsaw maps of order {n} are not drawn with the {symmetry} symmetry (their start, the {}, lacks it)",
                if Shape::default_for(*n).is_ok_and(|s| s.has_regions()) { "boxes" } else { "rows" }
            ),
            GenerateError::NoGrid => f.write_str("the region map has no full grid, so no puzzle on it has a solution"),
            GenerateError::OutOfBudget { attempts, end, fewest } => {
                let what = match end {
                    End::OutOfTime => "out of time",
                    End::OutOfNodes => "a search ran out of nodes",
                    _ => "out of attempts",
                };
                write!(f, "no puzzle met the request in {attempts} attempt{} ({what})", if *attempts == 1 { "" } else { "s" })?;
                if let Some(k) = fewest {
                    write!(f, "; the fewest givens made were {k}")?;
                }
                Ok(())
            }
            GenerateError::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for GenerateError {}

/// What serves one shape: its searches, peers, and logical solver.
#[derive(Clone, Debug)]
struct Tools {
    blank: Puzzle,
    solver: GridSolver,
    units: UnitGivens,
    logic: Option<Logic>,
    /// Exactly uniform full grids, where the shape's grids are few enough
    /// to count ([`full::Uniform`]).
    uniform: Option<full::Uniform>,
}

impl Tools {
    fn new(
        shape: &Shape,
        alphabet: &Alphabet,
        budget: Budget,
        probe: &Option<Arc<Probe>>,
    ) -> Result<Tools, GridError> {
        let n = shape.n();
        let blank = Puzzle::new(shape.clone(), alphabet.clone(), vec![None; n * n])?;
        let mut solver = GridSolver::new(shape);
        solver.set_budget(budget);
        solver.set_probe(probe.clone());
        Ok(Tools { blank, solver, units: UnitGivens::new(shape), logic: None, uniform: None })
    }

    /// These tools with the uniform sampler of full grids, when the shape
    /// is small enough for its grids to be counted (orders up to 5).
    fn with_uniform(mut self) -> Tools {
        if self.blank.n() <= 5 {
            self.uniform = full::Uniform::new(&self.blank);
        }
        self
    }
}

/// The orbits of a symmetry on one order, shared.
type Orbits = Arc<Vec<Vec<usize>>>;

/// Makes puzzles of one target to one request.
#[derive(Clone, Debug)]
pub struct Generator {
    target: Target,
    alphabet: Alphabet,
    request: Request,
    /// The tools of a fixed shape, made once.
    tools: Option<Tools>,
    probe: Option<Arc<Probe>>,
    /// The orbits of each symmetry used so far, by order.
    orbits: Vec<(Symmetry, usize, Orbits)>,
}

impl Generator {
    /// A generator of puzzles of `target` written in `alphabet`, to
    /// `request`; or why it cannot make any (a symmetry the map lacks,
    /// an alphabet of the wrong size).
    pub fn new(target: Target, alphabet: Alphabet, request: Request) -> Result<Generator, GenerateError> {
        let n = target.n();
        if alphabet.len() != n {
            return Err(GenerateError::Grid(GridError::Alphabet {
                reason: format!("it has {} symbols; a {n}x{n} grid needs {n}", alphabet.len()),
            }));
        }
        let tools = match &target {
            Target::Shape(shape) => {
                match request.symmetry {
                    SymmetryChoice::Exactly(s) if !s.fits(shape) => {
                        return Err(GenerateError::Symmetry { symmetry: s })
                    }
                    SymmetryChoice::Any if !Symmetry::ALL[1..].iter().any(|s| s.fits(shape)) => {
                        return Err(GenerateError::NoSymmetry)
                    }
                    _ => {}
                }
                Some(
                    Tools::new(shape, &alphabet, Budget::nodes(request.max_nodes), &None)
                        .map_err(GenerateError::Grid)?
                        .with_uniform(),
                )
            }
            &Target::Jigsaw(n) => {
                Shape::default_for(n).map_err(GenerateError::Grid)?;
                match request.symmetry {
                    SymmetryChoice::Exactly(symmetry) if !can_draw(n, symmetry) => {
                        return Err(GenerateError::JigsawSymmetry { n, symmetry })
                    }
                    SymmetryChoice::Any if !Symmetry::ALL[1..].iter().any(|&s| can_draw(n, s)) => {
                        return Err(GenerateError::JigsawSymmetry { n, symmetry: Symmetry::Rot180 })
                    }
                    _ => {}
                }
                None
            }
        };
        Ok(Generator { target, alphabet, request, tools, probe: None, orbits: Vec::new() })
    }

    /// What it makes puzzles of.
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// The request.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// Reports the searches to `probe`, which can also stop them (Ctrl-C).
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        if let Some(t) = &mut self.tools {
            t.solver.set_probe(probe.clone());
        }
        self.probe = probe;
    }

    /// The puzzle of `seed`: the same seed, target and request give the
    /// same puzzle. Tries until one meets the request or the budget runs
    /// out.
    pub fn generate(&mut self, seed: u64) -> Result<Generated, GenerateError> {
        let mut rng = SplitMix64::new(seed);
        let request = self.request;
        let deadline = request.time.and_then(|t| Instant::now().checked_add(t));
        let budget = Budget { max_nodes: Some(request.max_nodes), deadline };
        if let Some(t) = &mut self.tools {
            t.solver.set_budget(budget);
        }
        let mut fewest: Option<usize> = None;
        // Whether an attempt was given up because a search ran out of nodes.
        let mut ran_out = false;
        // Attempts whose removal pass ran out of nodes (see `remove::work`).
        let mut overworked = 0;
        let mut made_jigsaw: Option<Tools> = None;
        for attempt in 1..=request.attempts {
            if self.probe.as_ref().is_some_and(|p| p.stopped()) {
                return Err(GenerateError::Interrupted);
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(GenerateError::OutOfBudget {
                    attempts: attempt - 1,
                    end: End::OutOfTime,
                    fewest,
                });
            }
            let symmetry = self.symmetry(&mut rng);
            // The tools and a full grid.
            let (tools, grid) = match &self.target {
                Target::Shape(_) => {
                    let tools = self.tools.as_mut().expect("a fixed shape's tools");
                    let cells = (tools.blank.n() * tools.blank.n()) as u64;
                    let fill =
                        Budget { max_nodes: Some(request.max_nodes.min(FILL_NODES * cells)), deadline };
                    tools.solver.set_budget(fill);
                    let mut drawn = Err(End::OutOfNodes);
                    if let Some(uniform) = tools.uniform.as_mut() {
                        if let Some(g) = uniform.draw(&tools.blank, &mut rng) {
                            drawn = Ok(Some(g));
                        }
                    }
                    for _ in 0..FILL_RESTARTS {
                        if drawn.is_ok() {
                            break;
                        }
                        drawn = full::draw(&mut tools.solver, &tools.blank, &mut rng);
                        if drawn != Err(End::OutOfNodes) {
                            break;
                        }
                    }
                    tools.solver.set_budget(budget);
                    match drawn {
                        Ok(Some(g)) => (tools, g),
                        Ok(None) => return Err(GenerateError::NoGrid),
                        Err(end) => {
                            self.cut_short(end, attempt, fewest)?;
                            ran_out = true;
                            continue;
                        }
                    }
                }
                &Target::Jigsaw(n) => match self.jigsaw(n, symmetry, budget, &mut rng)? {
                    Some((tools, grid)) => (made_jigsaw.insert(tools), grid),
                    None => continue,
                },
            };
            // Away with the givens.
            let n = tools.blank.n();
            let mut puzzle = tools.blank.clone();
            for (cell, &v) in grid.iter().enumerate() {
                puzzle.givens_mut()[cell] = Some(v);
            }
            let orbits = match self.orbits.iter().find(|(s, m, _)| *s == symmetry && *m == n) {
                Some((_, _, o)) => Arc::clone(o),
                None => {
                    let o = Arc::new(symmetry.orbits(n));
                    self.orbits.push((symmetry, n, Arc::clone(&o)));
                    o
                }
            };
            let order = full::permutation(orbits.len(), &mut rng);
            let work = remove::work(n, overworked, tools.units.jigsaw());
            if let Err(end) = remove::minimize(
                &mut tools.solver,
                &mut tools.units,
                &mut puzzle,
                &grid,
                &orbits,
                &order,
                work,
            ) {
                self.cut_short(end, attempt, fewest)?;
                ran_out = true;
                overworked += 1;
                continue;
            }
            let clues = puzzle.givens().iter().filter(|g| g.is_some()).count();
            if request.max_clues.is_some_and(|m| clues > m) {
                fewest = Some(fewest.map_or(clues, |f| f.min(clues)));
                continue;
            }
            let rating = if request.rate || request.level.is_some() {
                let logic = tools.logic.get_or_insert_with(|| Logic::new(puzzle.shape()));
                logic.rate(&puzzle).rating()
            } else {
                None
            };
            if let Some(level) = request.level {
                if rating.is_none_or(|r| r.level() != level) {
                    continue;
                }
            }
            return Ok(Generated { puzzle, solution: grid, symmetry, seed, rating, attempts: attempt });
        }
        let end = if ran_out { End::OutOfNodes } else { End::Complete };
        Err(GenerateError::OutOfBudget { attempts: request.attempts, end, fewest })
    }

    /// The symmetry of the next attempt.
    fn symmetry(&self, rng: &mut SplitMix64) -> Symmetry {
        match self.request.symmetry {
            SymmetryChoice::Exactly(s) => s,
            SymmetryChoice::Any => {
                let fits: Vec<Symmetry> = Symmetry::ALL[1..]
                    .iter()
                    .copied()
                    .filter(|&s| match &self.target {
                        Target::Shape(shape) => s.fits(shape),
                        &Target::Jigsaw(n) => can_draw(n, s),
                    })
                    .collect();
                fits[rng.below(fits.len() as u64) as usize]
            }
        }
    }

    /// After a search was cut short: Ctrl-C and the deadline end the
    /// generation; a search out of nodes only this attempt.
    fn cut_short(&self, end: End, attempt: u64, fewest: Option<usize>) -> Result<(), GenerateError> {
        match end {
            End::Interrupted => Err(GenerateError::Interrupted),
            End::OutOfTime => Err(GenerateError::OutOfBudget { attempts: attempt, end, fewest }),
            _ => Ok(()),
        }
    }

    /// A random jigsaw map of order `n` with `symmetry` that has a full
    /// grid, its tools and the grid; `None` if no map drawn had one within
    /// its budget.
    fn jigsaw(
        &self,
        n: usize,
        symmetry: Symmetry,
        budget: Budget,
        rng: &mut SplitMix64,
    ) -> Result<Option<(Tools, Vec<u8>)>, GenerateError> {
        let per_cell = if n < SMALL_JIGSAW_BELOW { SMALL_JIGSAW_FILL_NODES } else { FILL_NODES };
        let fill = Budget { max_nodes: Some(per_cell * (n * n) as u64), ..budget };
        for _ in 0..JIGSAW_MAPS {
            let shape = random_map(n, symmetry, rng).map_err(GenerateError::Grid)?;
            let mut tools =
                Tools::new(&shape, &self.alphabet, fill, &self.probe).map_err(GenerateError::Grid)?;
            match full::draw(&mut tools.solver, &tools.blank, rng) {
                Ok(Some(grid)) => {
                    tools.solver.set_budget(budget);
                    return Ok(Some((tools, grid)));
                }
                Ok(None) | Err(End::OutOfNodes) => continue,
                Err(end) => {
                    self.cut_short(end, 0, None)?;
                    continue;
                }
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests;
