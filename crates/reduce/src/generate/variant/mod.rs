//! # Variant puzzles with one solution: killers, and constraints added until unique
//!
//! A [`VariantGenerator`] makes puzzles whose rules carry the solution,
//! each from a seed (the same seed, shape and request give the same
//! puzzle), in one of two [`Style`]s:
//!
//! - **killer**: a random full grid, a random partition of its cells into
//!   cages (orthogonally connected, different digits, sizes asked for),
//!   every sum given and no givens (or a few, `givens`). While the variant
//!   search finds a second solution, a cage where the two differ is merged
//!   with a neighbour (when the second solution repeats a digit across the
//!   two: the merged cage rules it out) or split in two;
//! - **constraints**: a random full grid and nothing else (or a few
//!   givens); while there is a second solution, a constraint of one of the
//!   kinds asked for is read off the grid at a cell where the second
//!   solution differs ([`Kind`], `clues.rs`) and added if the second
//!   solution breaks it (a given there when no such constraint comes).
//!
//! Then every cage sum (the cage stays), constraint and given is taken
//! away in random order while the puzzle keeps one solution (and passes
//! [`VariantRequest::within`], a ceiling on its rating, when there is
//! one): one pass leaves nothing that can go, as taking more away only
//! lets in more solutions. A search that runs out of budget keeps what it
//! tested (the puzzle stays unique, maybe not minimal), and one that
//! cannot tell whether the puzzle is unique gives the attempt up for a
//! fresh grid.
//!
//! An acceptance predicate ([`VariantRequest::accept`]) can turn a
//! finished puzzle down (a rating, say); the generator then starts again
//! with a fresh grid from the same random stream.
//!
//! Every search is the variant search ([`GridSolver`] picks it for a
//! puzzle with rules).

mod cages;
mod clues;

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx::{Budget, End, Probe, SplitMix64};

pub use clues::Kind;

use super::{full, GenerateError, Generated, DEFAULT_ATTEMPTS, DEFAULT_MAX_NODES, FILL_NODES, FILL_RESTARTS};
use crate::constraint::{Constraint, Grid, Killer, Rules};
use crate::grid::{Alphabet, GridError, Shape};
use crate::logic::{Level, Logic};
use crate::puzzle::Puzzle;
use crate::search::{GridSolver, MAX_VARIANT_ORDER};
use crate::symmetry::Symmetry;
use clues::{derive, Sheet, Taken};

/// The nodes a search of the constraints style's adding loop may take
/// before a given is added instead, by default ([`VariantRequest::add_nodes`]).
pub const ADD_NODES: u64 = 50_000;

/// A test a finished puzzle must pass (its puzzle and solution), or the
/// generator tries again: the hook for a rating of variant puzzles.
pub type Accept = Arc<dyn Fn(&Puzzle, &[u8]) -> bool + Send + Sync>;

/// A ceiling on how hard a puzzle may be, as the cells its reasoning
/// leaves open: none when the puzzle is within it. Clues are added while
/// a puzzle is past it, and a clue whose going would put it past it stays
/// ([`at_most`]: a rating).
pub type Within = Arc<dyn Fn(&Puzzle) -> Vec<usize> + Send + Sync>;

/// The ceiling of puzzles rated `level` or easier: the logical solver,
/// with the techniques up to `level`'s ([`Level::top`]), fills the grid;
/// otherwise the cells it leaves open (every cell if it finds the puzzle
/// broken, which a puzzle with a solution never is).
pub fn at_most(level: Level) -> Within {
    Arc::new(move |puzzle: &Puzzle| {
        let mut logic = Logic::new(puzzle.shape());
        logic.set_hardest(level.top());
        if logic.fills(puzzle) {
            return Vec::new();
        }
        let open: Vec<usize> =
            logic.values().enumerate().filter(|(_, v)| v.is_none()).map(|(c, _)| c).collect();
        if open.is_empty() {
            (0..puzzle.n() * puzzle.n()).collect()
        } else {
            open
        }
    })
}

/// How the rules of a puzzle are made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// A killer sudoku: cages of `min` to `max` cells over the whole grid.
    Killer {
        /// The fewest cells of a cage (as far as the grid allows).
        min: usize,
        /// The most cells of a cage.
        max: usize,
    },
    /// Constraints of these kinds, added until the puzzle is unique.
    Constraints(Vec<Kind>),
}

/// What each variant puzzle must be, and what the generator may spend.
#[derive(Clone)]
pub struct VariantRequest {
    /// How the rules are made.
    pub style: Style,
    /// Givens drawn at random before the rules (those not needed go).
    pub givens: usize,
    /// Attempts (full grids) per puzzle before giving up.
    pub attempts: u64,
    /// The nodes each search may take.
    pub max_nodes: u64,
    /// The nodes a search may take while constraints are added (the
    /// constraints style): past them a given goes in instead.
    pub add_nodes: u64,
    /// The time one puzzle may take, all attempts together.
    pub time: Option<Duration>,
    /// A test each finished puzzle must pass.
    pub accept: Option<Accept>,
    /// A ceiling on the puzzle's rating. The constraints style adds
    /// constraints (or givens) at the cells it leaves open until the
    /// puzzle is within it; a killer is left as it is when its full sums
    /// are past it (for `accept` to turn down). While clues are taken
    /// away, a clue whose going would put the puzzle past it stays: the
    /// puzzle is minimal within the ceiling.
    pub within: Option<Within>,
}

impl fmt::Debug for VariantRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VariantRequest")
            .field("style", &self.style)
            .field("givens", &self.givens)
            .field("attempts", &self.attempts)
            .field("max_nodes", &self.max_nodes)
            .field("add_nodes", &self.add_nodes)
            .field("time", &self.time)
            .field("accept", &self.accept.is_some())
            .field("within", &self.within.is_some())
            .finish()
    }
}

impl VariantRequest {
    /// A request of this style with the default budgets and no givens.
    pub fn new(style: Style) -> VariantRequest {
        VariantRequest {
            style,
            givens: 0,
            attempts: DEFAULT_ATTEMPTS,
            max_nodes: DEFAULT_MAX_NODES,
            add_nodes: ADD_NODES,
            time: None,
            accept: None,
            within: None,
        }
    }
}

/// Makes variant puzzles of one shape to one request.
#[derive(Clone, Debug)]
pub struct VariantGenerator {
    request: VariantRequest,
    blank: Puzzle,
    solver: GridSolver,
    probe: Option<Arc<Probe>>,
    /// Givens the adding loop put in because a search was cut short (for
    /// tests: that the cap is used).
    #[cfg(test)]
    cut_givens: usize,
}

/// A rule of the puzzle being made, as the minimizing pass sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item {
    /// The constraint at this index (for a killer: its sum only).
    Rule(usize),
    /// The given of this cell.
    Given(usize),
}

/// The answer to "is there a second solution?".
enum Second {
    /// None: the puzzle is unique.
    Unique,
    /// This one.
    Found(Vec<u8>),
    /// The search ran out of budget (or was stopped) first.
    Unknown(End),
}

impl VariantGenerator {
    /// A generator of variant puzzles of `shape` in `alphabet`, or why it
    /// cannot make any (an order beyond the variant search, no kinds, cage
    /// sizes that do not fit).
    pub fn new(
        shape: Shape,
        alphabet: Alphabet,
        request: VariantRequest,
    ) -> Result<VariantGenerator, GenerateError> {
        let n = shape.n();
        let bad = |reason: String| Err(GenerateError::Grid(GridError::Alphabet { reason }));
        if !(2..=MAX_VARIANT_ORDER).contains(&n) {
            return bad(format!("variant puzzles are made on orders 2 to {MAX_VARIANT_ORDER}, not {n}"));
        }
        match &request.style {
            Style::Killer { min, max } if *min < 1 || min > max || *max > n => {
                return bad(format!(
                    "cages of {min} to {max} cells on a {n}x{n} grid (1 <= min <= max <= {n})"
                ))
            }
            Style::Constraints(kinds) if kinds.is_empty() => {
                return bad("no kinds of constraint asked for".into())
            }
            _ => {}
        }
        let blank = Puzzle::new(shape.clone(), alphabet, vec![None; n * n]).map_err(GenerateError::Grid)?;
        let mut solver = GridSolver::new(&shape);
        solver.set_budget(Budget::nodes(request.max_nodes));
        Ok(VariantGenerator {
            request,
            blank,
            solver,
            probe: None,
            #[cfg(test)]
            cut_givens: 0,
        })
    }

    /// The request.
    pub fn request(&self) -> &VariantRequest {
        &self.request
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        self.blank.shape()
    }

    /// Reports the searches to `probe`, which can also stop them (Ctrl-C).
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.solver.set_probe(probe.clone());
        self.probe = probe;
    }

    /// The puzzle of `seed`: the same seed, shape and request give the
    /// same puzzle. Tries fresh grids until one gives a puzzle the request
    /// accepts, or the budget runs out.
    pub fn generate(&mut self, seed: u64) -> Result<Generated, GenerateError> {
        let mut rng = SplitMix64::new(seed);
        let deadline = self.request.time.and_then(|t| Instant::now().checked_add(t));
        let budget = Budget { max_nodes: Some(self.request.max_nodes), deadline };
        let n = self.blank.n();
        let mut ran_out = false;
        for attempt in 1..=self.request.attempts {
            if self.probe.as_ref().is_some_and(|p| p.stopped()) {
                return Err(GenerateError::Interrupted);
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(GenerateError::OutOfBudget {
                    attempts: attempt - 1,
                    end: End::OutOfTime,
                    fewest: None,
                });
            }
            let fill =
                Budget { max_nodes: Some(self.request.max_nodes.min(FILL_NODES * (n * n) as u64)), deadline };
            self.solver.set_budget(fill);
            let mut drawn = Err(End::OutOfNodes);
            for _ in 0..FILL_RESTARTS {
                drawn = full::draw(&mut self.solver, &self.blank, &mut rng);
                if drawn != Err(End::OutOfNodes) {
                    break;
                }
            }
            self.solver.set_budget(budget);
            let grid = match drawn {
                Ok(Some(g)) => g,
                Ok(None) => return Err(GenerateError::NoGrid),
                Err(end) => {
                    self.cut_short(end, attempt)?;
                    ran_out = true;
                    continue;
                }
            };
            let made = match self.request.style.clone() {
                Style::Killer { min, max } => self.killer(&grid, min, max, &mut rng),
                Style::Constraints(kinds) => self.constraints(&grid, &kinds, &mut rng),
            };
            let puzzle = match made {
                Ok(p) => p,
                Err(end) => {
                    self.cut_short(end, attempt)?;
                    ran_out = true;
                    continue;
                }
            };
            // Never a puzzle its own solution breaks.
            if puzzle.verify(&grid).is_err() {
                continue;
            }
            // Under a ceiling, a puzzle of the kinds asked keeps one of
            // them at least (givens added to meet it can make every
            // constraint redundant). Without one, the adding loop adds
            // constraints first; only searches cut short put givens in.
            let bare = self.request.within.is_some()
                && matches!(self.request.style, Style::Constraints(_))
                && puzzle.rules().constraints.is_empty();
            if bare || self.request.accept.as_ref().is_some_and(|accept| !accept(&puzzle, &grid)) {
                continue;
            }
            return Ok(Generated {
                puzzle,
                solution: grid,
                symmetry: Symmetry::None,
                seed,
                rating: None,
                attempts: attempt,
            });
        }
        let end = if ran_out { End::OutOfNodes } else { End::Complete };
        Err(GenerateError::OutOfBudget { attempts: self.request.attempts, end, fewest: None })
    }

    /// After a search was cut short: Ctrl-C and the deadline end the
    /// generation; a search out of nodes only this attempt.
    fn cut_short(&self, end: End, attempt: u64) -> Result<(), GenerateError> {
        match end {
            End::Interrupted => Err(GenerateError::Interrupted),
            End::OutOfTime => Err(GenerateError::OutOfBudget { attempts: attempt, end, fewest: None }),
            _ => Ok(()),
        }
    }

    /// A solution of `puzzle` other than `grid`, if there is one.
    fn second(&mut self, puzzle: &Puzzle, grid: &[u8]) -> Second {
        let mut other = None;
        let o = self.solver.solve_any(puzzle, |g| {
            if g != grid {
                other = Some(g.to_vec());
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match (other, o) {
            (Some(g), _) => Second::Found(g),
            (None, Ok(o)) if o.end().is_unknown() => Second::Unknown(o.end()),
            (None, Ok(_)) => Second::Unique,
            // The givens come from the grid: they cannot clash.
            (None, Err(_)) => Second::Unknown(End::OutOfNodes),
        }
    }

    /// A solution of `puzzle` that differs from `grid` on one of `cells`,
    /// if there is one: a search for each cell with the grid's symbol
    /// there excluded.
    fn second_at(&mut self, puzzle: &Puzzle, grid: &[u8], cells: &[usize]) -> Second {
        for &c in cells {
            let mut other = None;
            let o = self.solver.solve_excluding(puzzle, &[(c, grid[c])], |g| {
                other = Some(g.to_vec());
                ControlFlow::Break(())
            });
            if let Some(g) = other {
                return Second::Found(g);
            }
            if o.end().is_unknown() {
                return Second::Unknown(o.end());
            }
        }
        Second::Unique
    }

    /// The puzzle of these givens and constraints.
    fn puzzle(&self, givens: &[Option<u8>], constraints: &[Constraint]) -> Puzzle {
        let mut p = self.blank.clone();
        p.givens_mut().copy_from_slice(givens);
        p.with_rules(Rules { constraints: constraints.to_vec(), candidates: None })
            .expect("constraints fit the grid they were read off")
    }

    /// `k` givens of `grid` at random cells.
    fn givens(&self, grid: &[u8], rng: &mut SplitMix64) -> Vec<Option<u8>> {
        let mut cells: Vec<usize> = (0..grid.len()).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut givens = vec![None; grid.len()];
        for &c in cells.iter().take(self.request.givens) {
            givens[c] = Some(grid[c]);
        }
        givens
    }

    /// A killer over `grid`: cages merged and split until unique, then
    /// minimized.
    fn killer(&mut self, grid: &[u8], min: usize, max: usize, rng: &mut SplitMix64) -> Result<Puzzle, End> {
        let n = self.blank.n();
        let mut givens = self.givens(grid, rng);
        let mut cages = cages::partition(n, grid, min, max, rng);
        let sum = |cage: &[usize]| cage.iter().map(|&c| grid[c] as u32 + 1).sum::<u32>();
        let rules = |cages: &[Vec<usize>]| -> Vec<Constraint> {
            cages.iter().map(|c| Killer { cells: c.clone(), sum: Some(sum(c)) }.into()).collect()
        };
        // Merges can let in solutions, so they are bounded; splits and
        // givens make the puzzle converge.
        let mut merges = cages.len();
        let mut steps = 4 * n * n;
        loop {
            let p = self.puzzle(&givens, &rules(&cages));
            let other = match self.second(&p, grid) {
                Second::Unique => break,
                Second::Unknown(end) => return Err(end),
                Second::Found(g) => g,
            };
            let differ: Vec<usize> = (0..n * n).filter(|&c| other[c] != grid[c]).collect();
            let at = differ[rng.below(differ.len() as u64) as usize];
            if steps == 0 {
                givens[at] = Some(grid[at]);
                continue;
            }
            steps -= 1;
            let k = cages.iter().position(|c| c.contains(&at)).expect("every cell in a cage");
            // A neighbour whose union with this cage the second solution
            // breaks (it repeats a digit across them) and the grid keeps.
            let fits = |j: usize| {
                let union: Vec<usize> = cages[k].iter().chain(&cages[j]).copied().collect();
                let distinct = |g: &[u8]| {
                    union.iter().enumerate().all(|(i, &a)| union[..i].iter().all(|&b| g[a] != g[b]))
                };
                j != k
                    && union.len() <= max
                    && cages::adjacent(n, &cages[k], &cages[j])
                    && distinct(grid)
                    && !distinct(&other)
            };
            let merge: Vec<usize> = (0..cages.len()).filter(|&j| fits(j)).collect();
            if merges > 0 && !merge.is_empty() {
                merges -= 1;
                let j = merge[rng.below(merge.len() as u64) as usize];
                let moved = std::mem::take(&mut cages[j]);
                cages[k].extend(moved);
                cages.remove(j);
            } else if cages[k].len() >= 2 {
                let cage = cages.remove(k);
                cages.extend(cages::split(n, &cage, at));
            } else {
                givens[at] = Some(grid[at]);
            }
        }
        // Cells in reading order, cages by their first cell.
        for cage in &mut cages {
            cage.sort_unstable();
        }
        cages.sort_unstable();
        let mut constraints = rules(&cages);
        let mut items: Vec<Item> = (0..constraints.len()).map(Item::Rule).collect();
        items.extend((0..n * n).filter(|&c| givens[c].is_some()).map(Item::Given));
        self.minimize(grid, &mut givens, &mut constraints, items, rng);
        // A cage of one cell without its sum says nothing.
        constraints.retain(|c| !matches!(c, Constraint::Killer(k) if k.cells.len() == 1 && k.sum.is_none()));
        Ok(self.puzzle(&givens, &constraints))
    }

    /// Constraints of `kinds` read off `grid` until unique, then minimized.
    fn constraints(&mut self, grid: &[u8], kinds: &[Kind], rng: &mut SplitMix64) -> Result<Puzzle, End> {
        let n = self.blank.n();
        let shape = self.blank.shape().clone();
        let sheet = Sheet { shape: &shape, grid };
        let mut givens = self.givens(grid, rng);
        let mut constraints: Vec<Constraint> = Vec::new();
        let mut steps = 4 * n * n;
        // A search of this loop that takes long is a puzzle still far from
        // unique that the search finds hard (outside clues, lines of sums
        // with no givens): a given at a random open cell, rather than
        // waiting, keeps the loop's time bounded.
        let budget = self.solver.budget();
        let limit = budget.max_nodes.unwrap_or(u64::MAX);
        let cut = self.request.add_nodes < limit;
        let capped = Budget { max_nodes: Some(limit.min(self.request.add_nodes)), ..budget };
        loop {
            let p = self.puzzle(&givens, &constraints);
            self.solver.set_budget(capped);
            let second = self.second(&p, grid);
            self.solver.set_budget(budget);
            let other = match second {
                Second::Unique => {
                    if self.ease(&p, &sheet, kinds, &mut givens, &mut constraints, &mut steps, rng) {
                        continue;
                    }
                    break;
                }
                Second::Unknown(End::OutOfNodes) if cut => {
                    let open: Vec<usize> = (0..n * n).filter(|&c| givens[c].is_none()).collect();
                    if open.is_empty() {
                        return Err(End::OutOfNodes);
                    }
                    let at = open[rng.below(open.len() as u64) as usize];
                    givens[at] = Some(grid[at]);
                    #[cfg(test)]
                    {
                        self.cut_givens += 1;
                    }
                    continue;
                }
                Second::Unknown(end) => return Err(end),
                Second::Found(g) => g,
            };
            let differ: Vec<usize> = (0..n * n).filter(|&c| other[c] != grid[c]).collect();
            let taken = Taken::new(n, &constraints);
            let mut added = false;
            for _ in 0..if steps > 0 { 24 } else { 0 } {
                let at = differ[rng.below(differ.len() as u64) as usize];
                let kind = kinds[rng.below(kinds.len() as u64) as usize];
                let Some(c) = derive(kind, &sheet, at, &taken, rng) else { continue };
                constraints.push(c);
                let rules = Rules { constraints: constraints.clone(), candidates: None };
                let keeps = |g: &[u8]| rules.check(Grid { n, cells: g }).is_ok();
                if keeps(grid) && !keeps(&other) {
                    added = true;
                    break;
                }
                constraints.pop();
            }
            steps = steps.saturating_sub(1);
            if !added {
                let at = differ[rng.below(differ.len() as u64) as usize];
                givens[at] = Some(grid[at]);
            }
        }
        let mut items: Vec<Item> = (0..constraints.len()).map(Item::Rule).collect();
        items.extend((0..n * n).filter(|&c| givens[c].is_some()).map(Item::Given));
        self.minimize(grid, &mut givens, &mut constraints, items, rng);
        constraints.retain(|c| !matches!(c, Constraint::Killer(k) if k.cells.is_empty()));
        Ok(self.puzzle(&givens, &constraints))
    }

    /// For a unique `p` past the request's ceiling: adds a constraint of
    /// one of `kinds` through a cell its reasoning leaves open (a given
    /// there when none comes, or once `steps` ran out), and says so. The
    /// grid keeps what is added, so the puzzle stays unique.
    #[allow(clippy::too_many_arguments)]
    fn ease(
        &self,
        p: &Puzzle,
        sheet: &Sheet,
        kinds: &[Kind],
        givens: &mut [Option<u8>],
        constraints: &mut Vec<Constraint>,
        steps: &mut usize,
        rng: &mut SplitMix64,
    ) -> bool {
        let Some(within) = &self.request.within else { return false };
        let open: Vec<usize> = within(p).into_iter().filter(|&c| givens[c].is_none()).collect();
        if open.is_empty() {
            return false;
        }
        let pick = |rng: &mut SplitMix64| open[rng.below(open.len() as u64) as usize];
        let n = self.blank.n();
        let taken = Taken::new(n, constraints);
        for _ in 0..if *steps > 0 { 24 } else { 0 } {
            let kind = kinds[rng.below(kinds.len() as u64) as usize];
            let Some(c) = derive(kind, sheet, pick(rng), &taken, rng) else { continue };
            let rules = Rules { constraints: vec![c.clone()], candidates: None };
            if rules.check(Grid { n, cells: sheet.grid }).is_ok() {
                constraints.push(c);
                *steps -= 1;
                return true;
            }
        }
        *steps = steps.saturating_sub(1);
        let at = pick(rng);
        givens[at] = Some(sheet.grid[at]);
        true
    }

    /// Takes away, in random order, each of `items` the puzzle does not
    /// need to stay unique (and within the request's ceiling): a killer
    /// cage loses its sum (and stays), any other constraint goes (left as
    /// an empty cage to keep the indices, swept by the caller), a given
    /// goes. A test that runs out of budget keeps its item. A puzzle
    /// already past the ceiling is left whole.
    fn minimize(
        &mut self,
        grid: &[u8],
        givens: &mut [Option<u8>],
        constraints: &mut [Constraint],
        mut items: Vec<Item>,
        rng: &mut SplitMix64,
    ) {
        for i in (1..items.len()).rev() {
            items.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let gone: Constraint = Killer { cells: Vec::new(), sum: None }.into();
        let live = |constraints: &[Constraint]| -> Vec<Constraint> {
            let empty = |c: &&Constraint| matches!(c, Constraint::Killer(k) if k.cells.is_empty());
            constraints.iter().filter(|c| !empty(c)).cloned().collect()
        };
        let within = self.request.within.clone();
        let past = |p: &Puzzle| within.as_ref().is_some_and(|w| !w(p).is_empty());
        if past(&self.puzzle(givens, &live(constraints))) {
            return;
        }
        for item in items {
            let kept = match item {
                Item::Given(c) => givens[c].take().map(|v| (None, Some(v))),
                Item::Rule(i) => {
                    let old = constraints[i].clone();
                    constraints[i] = match &old {
                        Constraint::Killer(k) if k.sum.is_some() => {
                            Killer { cells: k.cells.clone(), sum: None }.into()
                        }
                        Constraint::Killer(_) => continue,
                        _ => gone.clone(),
                    };
                    Some((Some(old), None))
                }
            };
            let Some((rule, given)) = kept else { continue };
            let p = self.puzzle(givens, &live(constraints));
            // A second solution without a given has another symbol there
            // (searching cell by cell for a rule that went was measured
            // slower than one search).
            let second = match item {
                Item::Given(c) => self.second_at(&p, grid, &[c]),
                Item::Rule(_) => self.second(&p, grid),
            };
            let keep = !matches!(second, Second::Unique) || past(&p);
            if keep {
                match (item, rule, given) {
                    (Item::Rule(i), Some(old), _) => constraints[i] = old,
                    (Item::Given(c), _, Some(v)) => givens[c] = Some(v),
                    _ => {}
                }
            }
        }
    }
}

/// A random constraint of `kind` that the full `grid` (of `shape`) keeps,
/// at or through `anchor`, clear of the cells `existing` constraints hold
/// with cages and lines; `None` when none came in a few tries. What the
/// generator adds, for others that read constraints off a solution
/// (`analyze` suggesting one that makes a puzzle unique).
pub fn read_off(
    kind: Kind,
    shape: &Shape,
    grid: &[u8],
    anchor: usize,
    existing: &[Constraint],
    rng: &mut SplitMix64,
) -> Option<Constraint> {
    let taken = Taken::new(shape.n(), existing);
    derive(kind, &Sheet { shape, grid }, anchor, &taken, rng)
}

#[cfg(test)]
mod tests;
