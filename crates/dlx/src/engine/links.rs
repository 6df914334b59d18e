//! The dancing links: Algorithm X (DLX1) and, when the problem has colors,
//! Algorithm C (DLX2), over one [`Arena`], driven by an explicit stack of
//! choices so that the depth of the search never touches the call stack.
//!
//! The search is a small state machine ([`LinksEngine::next_solution`]) that
//! stops at each solution and resumes where it left off; listing and
//! counting are built on it. Counting has a fast path that skips DLX1's last
//! level (see [`LinksEngine::count`]). Besides searching, this engine holds
//! what a [`Solver`](crate::Solver) of a problem without bounds keeps
//! between searches: the forced options, the budget and probe, the
//! statistics of the last search, whichever engine ran it (the bitsets run
//! the searches [`pick`](super::pick) gives them, with this engine's forced
//! options and meter). It cuts the tree for threads, walks DLX1's tree for
//! the faithful statistics, and makes Knuth's estimates.

use std::sync::Arc;
use std::time::Instant;

use super::ForceError;
use crate::arena::{Arena, Index, Links};
use crate::budget::{Budget, End, Meter, Outcome, Probe, SharedTally};
use crate::estimate::{Estimate, EstimateOptions, Gather, ProbePath, SplitMix64, PROBES_PER_STRATUM};
use crate::problem::Problem;
use crate::split::{self, piece_seed};
use crate::stats::Stats;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LinksState {
    /// No level is open: the next search starts from the forced options.
    Start,
    /// Stopped at a solution: levels `0..depth` are committed (`depth` is 0
    /// only when the forced options alone are the solution).
    Found { depth: usize },
    /// Stopped by a limit or the budget: levels `0..depth` are committed.
    Stopped { depth: usize },
    /// Every solution has been seen; nothing is committed.
    Done,
}

/// The dancing-links search over one arena (the [`Solver`](crate::Solver)
/// picks its index type).
#[derive(Clone, Debug)]
pub(crate) struct LinksEngine<I: Index> {
    arena: Arena<I>,
    colors: bool,
    primary: u32,
    /// The first node of each option.
    first: Vec<u32>,
    /// The option of each node (`u32::MAX` for headers and spacers).
    option_of: Vec<u32>,
    /// The number of primary items in the option of each node (0 for
    /// headers and spacers).
    primaries: Vec<u32>,
    /// The fewest primary items any option has.
    min_primaries: u32,
    /// The first nodes of the forced options, in the order forced.
    forced: Vec<u32>,
    /// `choice[l]` is the node chosen at level `l`.
    choice: Vec<u32>,
    /// `empty[l]`: with `FAST`, how many primary items' lists covering
    /// level `l`'s item emptied (see [`Links::empty`]).
    empty: Vec<i32>,
    state: LinksState,
    stats: Stats,
    /// Walk DLX1's very tree and count its statistics (see
    /// [`crate::Solver::set_faithful`]).
    faithful: bool,
    solution: Vec<usize>,
    /// The links as laid out (see [`crate::Solver::keep_pristine_copy`]).
    pristine: Option<Box<Arena<I>>>,
    /// The budget and probe of every search.
    meter: Meter,
    /// How the last search ended.
    end: End,
    /// The forced options, by index, for the bitset engine.
    forced_options: Vec<usize>,
    /// How many times [`LinksEngine::reset`] was called (wrapping).
    resets: u64,
}

impl<I: Index> LinksEngine<I> {
    /// Lays out `problem` for searching.
    pub fn new(problem: &Problem) -> LinksEngine<I> {
        let (arena, first) = Arena::new(problem);
        let total = problem.item_count() + 2 + problem.entry_count() + problem.option_count();
        let mut option_of = vec![u32::MAX; total];
        let mut primaries = vec![0; total];
        let mut min_primaries = u32::MAX;
        for (k, &f) in first.iter().enumerate() {
            let option = problem.option(k);
            let count = option.iter().filter(|e| (e.item as usize) < problem.primary_count()).count();
            min_primaries = min_primaries.min(count as u32);
            for j in 0..option.len() {
                option_of[f as usize + j] = k as u32;
                primaries[f as usize + j] = count as u32;
            }
        }
        LinksEngine {
            arena,
            colors: problem.has_colors(),
            primary: problem.primary_count() as u32,
            first,
            option_of,
            primaries,
            min_primaries,
            forced: Vec::new(),
            choice: vec![0; problem.primary_count() + 1],
            empty: vec![0; problem.primary_count() + 1],
            state: LinksState::Start,
            stats: Stats::default(),
            faithful: false,
            solution: Vec::new(),
            pristine: None,
            meter: Meter::new(),
            end: End::Complete,
            forced_options: Vec::new(),
            resets: 0,
        }
    }

    /// The number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primary as usize
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.first.len()
    }

    /// Whether to walk DLX1's very search tree and count its nodes and
    /// updates (off by default). Off, the search walks DLX1's tree less its
    /// dead ends: hides count the primary items whose lists they empty, and
    /// a choice that empties one is undone at once instead of entering a
    /// level that has nothing to try. Every level entered then has no empty
    /// list, so the first item with one option left is DLX1's choice and
    /// the walk along the items stops there. Counting also skips the last
    /// level (see [`crate::Solver::count`]). The nodes skipped are still counted
    /// as DLX1 counts them, but no updates are: the same solutions and
    /// nodes, sooner, but [`crate::Solver::stats`] then reports no updates.
    pub fn set_faithful(&mut self, faithful: bool) {
        self.reset();
        self.faithful = faithful;
    }

    /// Watches searches through `probe` (see [`Probe`]).
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.meter.set_probe(probe);
    }

    /// Bounds every search to come (see [`Budget`]).
    pub fn set_budget(&mut self, budget: Budget) {
        self.meter.set_budget(budget);
    }

    /// The budget of the searches to come.
    pub fn budget(&self) -> Budget {
        self.meter.budget()
    }

    /// Makes the searches to come one thread's part of a search split over
    /// threads (see [`Meter`]).
    pub(crate) fn set_tally(&mut self, tally: Option<Arc<SharedTally>>) {
        self.meter.set_tally(tally);
    }

    /// How the last search ended.
    pub fn end(&self) -> End {
        self.end
    }

    /// Whether the last search was stopped by its probe.
    pub fn interrupted(&self) -> bool {
        self.end == End::Interrupted
    }

    /// The outcome of the last search, from its statistics.
    pub fn outcome(&self) -> Outcome {
        Outcome::new(self.end, self.stats.solutions, self.stats.nodes)
    }

    /// The statistics of the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Replaces the statistics (with the sum over subtrees).
    pub(crate) fn set_stats(&mut self, stats: Stats) {
        self.stats = stats;
    }

    /// Whether searches walk DLX1's very tree (see
    /// [`LinksEngine::set_faithful`]).
    pub fn faithful(&self) -> bool {
        self.faithful
    }

    /// The probe that watches searches, if any.
    pub fn probe(&self) -> Option<&Arc<Probe>> {
        self.meter.probe()
    }

    /// What another engine needs to search below the forced options in
    /// this one's stead: the forced options, by index, and the meter of
    /// every search.
    pub fn forced_and_meter(&mut self) -> (&[usize], &mut Meter) {
        (&self.forced_options, &mut self.meter)
    }

    /// Records how a search another engine ran in this one's stead ended:
    /// its statistics, its end and, if it stopped at one, its solution.
    pub fn record(&mut self, stats: Stats, end: End, solution: Option<&[usize]>) {
        self.stats = stats;
        self.end = end;
        if let Some(s) = solution {
            self.solution.clear();
            self.solution.extend_from_slice(s);
        }
    }

    /// Says how the last search ended (a visitor that stopped it, say).
    pub fn set_end(&mut self, end: End) {
        self.end = end;
    }

    /// How many times [`LinksEngine::reset`] has been called: another
    /// engine that searches in this one's stead abandons its search under
    /// way whenever this number moves, as this engine abandons its own
    /// (every search that starts afresh, every force, resets).
    pub fn resets(&self) -> u64 {
        self.resets
    }

    /// How many options are forced.
    pub fn forced_len(&self) -> usize {
        self.forced.len()
    }

    /// Chooses `option` before the search, as a given of a puzzle is chosen:
    /// every later search only looks for solutions that contain it. Costs
    /// only the covering of its items; undo with [`crate::Solver::unforce_all`].
    ///
    /// Fails, changing nothing, if the option clashes with one forced before.
    pub fn force(&mut self, option: usize) -> Result<(), ForceError> {
        self.reset();
        let Some(&first) = self.first.get(option) else {
            return Err(ForceError::NoSuchOption { option });
        };
        if !self.arena.is_available(first) {
            return Err(ForceError::Conflict { option });
        }
        // Commit the whole option from its first primary node: cover that
        // item, then cover or purify the others.
        let x = self.primary_node(first);
        let item = self.arena.top(x);
        let mut links = self.arena.links::<true>(0);
        if self.colors {
            links.cover::<true>(item);
            links.commit::<true>(x);
        } else {
            links.cover::<false>(item);
            links.commit::<false>(x);
        }
        self.forced.push(first);
        self.forced_options.push(option);
        Ok(())
    }

    /// Undoes every [`crate::Solver::force`], newest first.
    pub fn unforce_all(&mut self) {
        // Many forced options and a search under way cost more to undo link
        // by link than to copy back the links as they were laid out.
        let levels = self.forced.len() + self.depth();
        if levels > 8 && self.pristine.is_some() {
            let pristine = self.pristine.take().expect("checked");
            self.arena.copy_from(&pristine);
            self.pristine = Some(pristine);
            self.forced.clear();
            self.forced_options.clear();
            self.state = LinksState::Start;
            return;
        }
        self.reset();
        while let Some(first) = self.forced.pop() {
            let x = self.primary_node(first);
            self.undo_choice(x);
        }
        self.forced_options.clear();
    }

    /// Undoes the forced options beyond the first `len`, newest first.
    pub fn unforce_to(&mut self, len: usize) {
        self.reset();
        while self.forced.len() > len {
            let first = self.forced.pop().expect("longer than len");
            let x = self.primary_node(first);
            self.undo_choice(x);
        }
        self.forced_options.truncate(len);
    }

    /// The options DLX1 would try at the top of the search from here (the
    /// forced options), or `None` when the forced options already cover
    /// every primary item.
    fn branch(&mut self) -> Option<Vec<usize>> {
        self.reset();
        let links = self.arena.links::<true>(0);
        if links.first_primary() == 0 {
            return None;
        }
        let item = links.choose(false);
        let mut options = Vec::new();
        let mut x = self.arena.down(item);
        while x != item {
            options.push(self.option_of[x as usize] as usize);
            x = self.arena.down(x);
        }
        Some(options)
    }

    /// Splits the search below the forced options into independent
    /// subtrees, at least `at_least` of them when the tree has that many,
    /// each given by the options chosen on the way down to it (DLX1's
    /// choices, so the split depends only on the problem and `at_least`).
    /// Every solution lies in exactly one subtree; dead ends are dropped.
    pub fn subtrees(&mut self, at_least: usize) -> Vec<Vec<usize>> {
        let base = self.forced.len();
        split::cut(at_least, |prefix| {
            let forced_all = prefix.iter().all(|&o| self.force(o).is_ok());
            let kids = if forced_all { self.branch() } else { Some(Vec::new()) };
            self.unforce_to(base);
            kids
        })
    }

    /// Walks `pieces` (subtrees given by the options chosen on the way
    /// down from the forced options) as a trie, in the order given, so
    /// that a prefix they share is chosen once, calling `at` with each
    /// piece's index and path while its options are committed. The links
    /// are as they were afterwards.
    fn walk_pieces(&mut self, pieces: &[Vec<usize>], mut at: impl FnMut(&mut Self, usize, &[usize])) {
        self.reset();
        let mut path: Vec<(usize, u32)> = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            let common = path.iter().zip(piece).take_while(|(a, b)| a.0 == **b).count();
            while path.len() > common {
                let (_, x) = path.pop().expect("longer than common");
                self.undo_choice(x);
            }
            for &o in &piece[common..] {
                let x = self.primary_node(self.first[o]);
                self.take(x);
                path.push((o, x));
            }
            at(self, i, piece);
        }
        while let Some((_, x)) = path.pop() {
            self.undo_choice(x);
        }
    }

    /// The children of each of `pieces` (subtrees given by the options
    /// chosen on the way down from the forced options), in order: DLX1's
    /// options at the piece's node, less those that lead to a dead end; a
    /// piece that is a solution stays as it is. Returns them and whether
    /// any piece had children.
    pub fn expand(&mut self, pieces: &[Vec<usize>]) -> (Vec<Vec<usize>>, bool) {
        let mut out = Vec::with_capacity(pieces.len() * 4);
        let mut grew = false;
        self.walk_pieces(pieces, |e, _, piece| {
            let links = e.arena.links::<true>(0);
            if links.first_primary() == 0 {
                out.push(piece.to_vec());
                return;
            }
            let item = links.choose(false);
            let mut x = e.arena.down(item);
            while x != item {
                e.take(x);
                let links = e.arena.links::<true>(0);
                let dead = links.first_primary() != 0 && links.spare(links.choose(false)) < 0;
                e.undo_choice(x);
                if !dead {
                    let mut child = piece.to_vec();
                    child.push(e.option_of[x as usize] as usize);
                    out.push(child);
                    grew = true;
                }
                x = e.arena.down(x);
            }
        });
        (out, grew)
    }

    /// Knuth's estimate of the nodes in each of `pieces` (as for
    /// [`LinksEngine::expand`]): the mean of `probes` random probes from the
    /// piece's node, drawn from a generator seeded by `seed` and the
    /// piece's path alone.
    pub fn piece_sizes(&mut self, pieces: &[Vec<usize>], probes: &[u64], seed: u64) -> Vec<f64> {
        let mut sizes = Vec::with_capacity(pieces.len());
        self.walk_pieces(pieces, |e, i, piece| {
            let mut rng = SplitMix64::new(piece_seed(seed, piece));
            let sum: f64 = (0..probes[i]).map(|_| e.random_path(&mut rng).nodes).sum();
            sizes.push(sum / probes[i].max(1) as f64);
        });
        sizes
    }

    /// Chooses the option of node `x` at a level whose item is `x`'s own:
    /// covers the item, then commits the option.
    fn take(&mut self, x: u32) {
        let item = self.arena.top(x);
        let mut links = self.arena.links::<true>(0);
        if self.colors {
            links.cover::<true>(item);
            links.commit::<true>(x);
        } else {
            links.cover::<false>(item);
            links.commit::<false>(x);
        }
    }

    /// The children of the node the committed choices lead to, as the
    /// nodes of DLX1's item (empty for a dead end), or `None` at a
    /// solution.
    fn children(&mut self) -> Option<Vec<u32>> {
        let links = self.arena.links::<true>(0);
        if links.first_primary() == 0 {
            return None;
        }
        let item = links.choose(false);
        let mut kids = Vec::with_capacity((links.spare(item) + 1).max(0) as usize);
        let mut x = links.down(item);
        while x != item {
            kids.push(x);
            x = links.down(x);
        }
        Some(kids)
    }

    /// One of Knuth's random probes from the node the committed choices
    /// lead to, down to a leaf of DLX1's tree; the links are as they were
    /// afterwards.
    fn random_path(&mut self, rng: &mut SplitMix64) -> ProbePath {
        let colors = self.colors;
        let mut links = self.arena.links::<true>(0);
        let choice = &mut self.choice[..];
        let (mut nodes, mut weight, mut depth) = (1.0, 1.0, 0);
        let solution = loop {
            if links.first_primary() == 0 {
                break true;
            }
            let item = links.choose(false);
            let d = links.spare(item) + 1;
            if d <= 0 {
                break false;
            }
            let mut x = links.down(item);
            for _ in 0..rng.below(d as u64) {
                x = links.down(x);
            }
            if colors {
                links.cover::<true>(item);
                links.commit::<true>(x);
            } else {
                links.cover::<false>(item);
                links.commit::<false>(x);
            }
            choice[depth] = x;
            depth += 1;
            weight *= d as f64;
            nodes += weight;
        };
        for &x in choice[..depth].iter().rev() {
            let item = links.top(x);
            if colors {
                links.uncommit::<true>(x);
                links.uncover::<true>(item);
            } else {
                links.uncommit::<false>(x);
                links.uncover::<false>(item);
            }
        }
        ProbePath { nodes, leaf: weight, solution, depth: depth as u64 + 1 }
    }

    /// Knuth's random-probe estimate of the tree below the forced options
    /// (see [`crate::estimate`]).
    pub fn estimate(&mut self, options: &EstimateOptions) -> Estimate {
        self.reset();
        let mut rng = SplitMix64::new(options.seed);
        let mut gather = Gather::default();
        // Ctrl-C (the probe's stop) and the deadline end an estimate too,
        // looked at between two probes.
        let (probe, deadline) = (self.meter.probe().cloned(), self.meter.budget().deadline);
        let mut looks = 0u32;
        let mut halted = || {
            looks = looks.wrapping_add(1);
            if probe.as_ref().is_some_and(|p| p.stopped()) {
                Some(End::Interrupted)
            } else if looks % 16 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                Some(End::OutOfTime)
            } else {
                None
            }
        };
        let mut end = End::Complete;
        // The frontier, each node given by its choices from the root.
        let mut frontier: Vec<Vec<u32>> = vec![Vec::new()];
        let most = if options.stratify { options.probes / PROBES_PER_STRATUM } else { 0 };
        'walk: while !frontier.is_empty() {
            let mut next = Vec::new();
            let (mut leaves, mut solutions) = (0, 0);
            for path in &frontier {
                if let Some(why) = halted() {
                    end = why;
                    break 'walk;
                }
                path.iter().for_each(|&x| self.take(x));
                match self.children() {
                    None => (leaves, solutions) = (leaves + 1, solutions + 1),
                    Some(kids) if kids.is_empty() => leaves += 1,
                    Some(kids) => next.extend(kids.into_iter().map(|x| {
                        let mut p = path.clone();
                        p.push(x);
                        p
                    })),
                }
                path.iter().rev().for_each(|&x| self.undo_choice(x));
                if next.len() as u64 > most {
                    break;
                }
            }
            if next.len() as u64 > most {
                break;
            }
            gather.counted(frontier.len() as u64, leaves, solutions);
            frontier = next;
        }
        if end != End::Complete {
            frontier.clear();
        }
        let strata = frontier.len() as u64;
        for (v, path) in frontier.iter().enumerate() {
            let k = options.probes / strata + ((v as u64) < options.probes % strata) as u64;
            path.iter().for_each(|&x| self.take(x));
            let mut paths: Vec<ProbePath> = Vec::with_capacity(k as usize);
            for _ in 0..k {
                if let Some(why) = halted() {
                    end = why;
                    break;
                }
                paths.push(self.random_path(&mut rng));
            }
            path.iter().rev().for_each(|&x| self.undo_choice(x));
            if end != End::Complete {
                break;
            }
            gather.stratum(paths.into_iter());
        }
        let mut estimate = gather.finish(options.seed);
        estimate.end = end;
        estimate
    }

    /// Keeps a copy of the links as laid out, so that
    /// [`crate::Solver::unforce_all`] can restore them in one copy instead of
    /// undoing each choice. Worth it when each search forces many options
    /// (puzzle givens); costs one more copy of the arena's memory.
    pub fn keep_pristine_copy(&mut self) {
        self.reset();
        self.unforce_all();
        self.pristine = Some(Box::new(self.arena.clone()));
    }

    /// The number of levels a search under way has committed.
    fn depth(&self) -> usize {
        match self.state {
            LinksState::Found { depth } | LinksState::Stopped { depth } => depth,
            LinksState::Start | LinksState::Done => 0,
        }
    }

    /// The options forced so far, in order.
    pub fn forced(&self) -> Vec<usize> {
        self.forced.iter().map(|&f| self.option_of[f as usize] as usize).collect()
    }

    /// The first node of the option starting at `first` whose item is
    /// primary (every option has one).
    fn primary_node(&self, first: u32) -> u32 {
        let mut x = first;
        while self.arena.top(x) > self.primary {
            x += 1;
        }
        x
    }

    /// Abandons a search under way, undoing its choices; forced options
    /// stay. Searches call it themselves: a user needs it only after
    /// stopping [`crate::Solver::next_solution`] early. Counted in
    /// [`LinksEngine::resets`].
    pub fn reset(&mut self) {
        self.resets = self.resets.wrapping_add(1);
        let depth = match self.state {
            LinksState::Start => return,
            LinksState::Done => 0,
            LinksState::Found { depth } | LinksState::Stopped { depth } => depth,
        };
        for l in (0..depth).rev() {
            self.undo_choice(self.choice[l]);
        }
        self.state = LinksState::Start;
    }

    /// Undoes the choice of the option holding node `x`: uncommits it, then
    /// uncovers `x`'s own item.
    fn undo_choice(&mut self, x: u32) {
        let item = self.arena.top(x);
        let mut links = self.arena.links::<true>(0);
        if self.colors {
            links.uncommit::<true>(x);
            links.uncover::<true>(item);
        } else {
            links.uncommit::<false>(x);
            links.uncover::<false>(item);
        }
    }

    /// Advances to the next solution, returning `false` when there is none
    /// left. The solution is then in [`crate::Solver::solution`]. After `false`,
    /// [`crate::Solver::reset`] makes the next call start a new search.
    pub fn next_solution(&mut self) -> bool {
        let found = match (self.colors, self.faithful) {
            (true, true) => self.run::<true, false, false>(u64::MAX),
            (true, false) => self.run::<true, false, true>(u64::MAX),
            (false, true) => self.run::<false, false, false>(u64::MAX),
            (false, false) => self.run::<false, false, true>(u64::MAX),
        };
        if found {
            self.fill_solution();
        }
        found
    }

    /// The options of the solution [`crate::Solver::next_solution`] stopped at:
    /// the forced ones first, then the chosen ones, level by level.
    pub fn solution(&self) -> &[usize] {
        &self.solution
    }

    fn fill_solution(&mut self) {
        self.solution.clear();
        let depth = match self.state {
            LinksState::Found { depth } => depth,
            _ => 0,
        };
        let forced = self.forced.iter().map(|&f| self.option_of[f as usize] as usize);
        let chosen = self.choice[..depth].iter().map(|&x| self.option_of[x as usize] as usize);
        self.solution.extend(forced.chain(chosen));
    }

    /// Counts the solutions, stopping at `limit` if given.
    ///
    /// Unless the solver is [faithful](crate::Solver::set_faithful), the last
    /// level is not searched: once fewer primary items are left than twice
    /// the fewest an option holds, only a single option can complete the
    /// choices, so the options of the shortest list that hold every item
    /// left are counted at once instead of being tried.
    pub fn count(&mut self, limit: Option<u64>) -> Outcome {
        self.reset();
        let limit = limit.unwrap_or(u64::MAX);
        if limit == 0 {
            self.stats = Stats::default();
            self.end = End::Limit;
            return self.outcome();
        }
        match (self.colors, self.faithful) {
            (true, true) => self.run::<true, true, false>(limit),
            (true, false) => self.run::<true, true, true>(limit),
            (false, true) => self.run::<false, true, false>(limit),
            (false, false) => self.run::<false, true, true>(limit),
        };
        self.outcome()
    }

    /// The search loop. With `COUNT` it runs until the count reaches
    /// `limit` or the tree is exhausted; without, it returns `true` at each
    /// solution (so a limit is enforced by the caller) or `false` when done.
    /// `FAST` leaves DLX1's tree (see [`crate::Solver::set_faithful`]).
    fn run<const COLORS: bool, const COUNT: bool, const FAST: bool>(&mut self, limit: u64) -> bool {
        let resume_updates = if self.state == LinksState::Start { 0 } else { self.stats.updates };
        let a = &mut self.arena.links::<FAST>(resume_updates);
        let choice = &mut self.choice[..];
        let empty = &mut self.empty[..];
        // Whether a level may be entered with an active primary item whose
        // list is empty: only the first. With `FAST` the search enters no
        // other such level, so the first item with one option is DLX1's
        // choice.
        let mut first_level = self.state == LinksState::Start;
        // Debug builds check `empty` by walking the items after each
        // commit, where that walk is short enough.
        let check_empty = FAST && cfg!(debug_assertions) && self.primary < 1000;
        // With `COUNT && FAST`, the number of active primary items. Below
        // twice the fewest primary items of an option, any completion of
        // the current choices is a single option holding them all.
        let mut left = 0;
        let last_level_below = self.min_primaries.saturating_mul(2);
        let primaries = &self.primaries[..];
        // The countdown to the meter's next look, the nodes and solutions so
        // far, the level, its item, and whether the loop starts at the
        // level's next option rather than entering a new level.
        let (mut tick, mut nodes, mut solutions, mut level, mut best, mut resume) = match self.state {
            LinksState::Start => {
                let tick = self.meter.start();
                if COUNT && FAST {
                    left = active_primaries(a);
                }
                if a.first_primary() == 0 {
                    // The forced options cover every primary item: they are
                    // the one solution.
                    self.stats = Stats { solutions: 1, nodes: 1, updates: 0 };
                    self.state = if COUNT { LinksState::Done } else { LinksState::Found { depth: 0 } };
                    self.end = if COUNT { End::Complete } else { End::Limit };
                    return !COUNT;
                }
                (tick, 0, 0, 0, 0, false)
            }
            LinksState::Found { depth: 0 } => {
                self.state = LinksState::Done;
                self.end = End::Complete;
                return false;
            }
            // Nothing more to give until a reset.
            LinksState::Stopped { .. } | LinksState::Done => return false,
            LinksState::Found { depth } => {
                let nodes = self.stats.nodes;
                let tick = self.meter.resume(nodes);
                // Counting always starts afresh, so `left` is not needed.
                let x = choice[depth - 1];
                a.uncommit::<COLORS>(x);
                choice[depth - 1] = a.down(x);
                (tick, nodes, self.stats.solutions, depth - 1, a.top(x), true)
            }
        };
        // Knuth's steps as nested loops, so that each goes straight to the
        // next: the outer loop enters a level, the inner one tries its
        // options and backs up.
        'search: loop {
            if !resume {
                // Enter the level: choose an item and cover it.
                nodes += 1;
                if !self.meter.count_down(&mut tick, solutions, nodes) {
                    self.state = LinksState::Stopped { depth: level };
                    break;
                }
                best = a.choose(FAST && !first_level);
                first_level = false;
                if FAST {
                    a.empty = 0;
                }
                a.cover::<COLORS>(best);
                if FAST {
                    empty[level] = a.empty;
                }
                choice[level] = a.down(best);
            }
            resume = false;
            loop {
                let x = choice[level];
                if x != best {
                    // Try the option of node x.
                    if FAST {
                        a.empty = empty[level];
                    }
                    a.commit::<COLORS>(x);
                    if COUNT && FAST {
                        left -= primaries[x as usize];
                    }
                    debug_assert!(!check_empty || a.empty == a.empty_lists());
                    if a.first_primary() == 0 {
                        nodes += 1;
                        solutions += 1;
                        if !COUNT || solutions >= limit {
                            self.state = LinksState::Found { depth: level + 1 };
                            self.meter.pause(tick);
                            break 'search;
                        }
                    } else if FAST && a.empty > 0 {
                        // An active primary item has no option left: the
                        // level below would be a dead end. DLX1 enters it,
                        // so it counts as a node.
                        nodes += 1;
                    } else if COUNT && FAST && left < last_level_below {
                        // No completion but a single option: counted at
                        // once instead of entering the level.
                        let (more_nodes, more_solutions) = last_level(a, primaries, left);
                        nodes += more_nodes;
                        solutions += more_solutions;
                        if solutions >= limit {
                            solutions = limit;
                            self.state = LinksState::Stopped { depth: level + 1 };
                            break 'search;
                        }
                    } else {
                        level += 1;
                        continue 'search;
                    }
                } else {
                    // Every option of the level's item has been tried.
                    a.uncover::<COLORS>(best);
                    if level == 0 {
                        self.state = LinksState::Done;
                        break 'search;
                    }
                    level -= 1;
                    best = a.top(choice[level]);
                }
                // Undo the level's option; its next one is tried next.
                let x = choice[level];
                a.uncommit::<COLORS>(x);
                if COUNT && FAST {
                    left += primaries[x as usize];
                }
                choice[level] = a.down(x);
            }
        }
        self.stats = Stats { solutions, nodes, updates: a.updates };
        let otherwise = if self.state == LinksState::Done { End::Complete } else { End::Limit };
        self.end = self.meter.finish(solutions, nodes, otherwise).end();
        matches!(self.state, LinksState::Found { .. })
    }
}

/// The number of active primary items.
#[inline(always)]
fn active_primaries<I: Index, const FAST: bool>(a: &Links<'_, I, FAST>) -> u32 {
    let mut left = 0;
    let mut k = a.first_primary();
    while k != 0 {
        left += 1;
        k = a.next(k);
    }
    left
}

/// The nodes and solutions DLX1 would find below a node where `left`
/// primary items are active, fewer than twice the fewest an option holds
/// (`primaries` has the number of each node's option): each option of an
/// active item that holds every item left completes a solution, and no
/// other completion exists, since two options would hold at least twice
/// the fewest. So the options of the shortest list are counted instead of
/// tried. DLX1 would enter the level (a node) and each option's level below
/// (a solution, or a dead end since no option fits in the items left): as
/// many nodes.
#[inline(always)]
fn last_level<I: Index, const FAST: bool>(
    a: &Links<'_, I, FAST>,
    primaries: &[u32],
    left: u32,
) -> (u64, u64) {
    let item = a.choose(true);
    let nodes = 2 + a.spare(item) as u64;
    let mut solutions = 0;
    let mut y = a.down(item);
    while y != item {
        solutions += (primaries[y as usize] == left) as u64;
        y = a.down(y);
    }
    (nodes, solutions)
}
