//! Forcing chains: assume a candidate, follow singles, see what follows.
//!
//! This is the last rung before trial and error, and close to it: the
//! solver places one candidate on a copy of the board and takes every
//! single that follows (full houses, naked and hidden singles), one level
//! deep, never assuming a second time.
//!
//! - **Forcing chain** (contradiction): if the singles after `r1c1 = 5`
//!   leave a cell without a candidate or a unit without a place for a
//!   symbol, `r1c1 <> 5`. The shortest such chain is reported.
//! - **Forcing chains** (verity): if every candidate of one cell, or every
//!   place of one symbol in one unit, leads by singles to the removal of
//!   the same candidate elsewhere (or to its cell holding another symbol),
//!   that candidate goes, since one of the branches is true.
//!
//! The branches are followed on a copy of the board, or on the small
//! scratch board of `scratch.rs` where the shape fits it.

mod scratch;

use super::board::{bit, members, CandidateBoard, Layout, Mask, Wall, EMPTY};
use super::step::{Contradiction, Step};
use super::technique::Technique;
use scratch::Scratch;

/// The largest board (candidates times cells) forcing chains are tried
/// on: each pass follows every candidate on a copy of the board. A 16x16
/// grid always passes; a 25x25 one once about a third of its candidates
/// are gone; a 36x36 one late.
pub const MAX_FORCING_WORK: usize = 4_000_000;

/// Work space: the board copy, the singles of a branch, and what every
/// branch of a cell or unit leaves possible.
#[derive(Clone, Debug, Default)]
pub(crate) struct Forcing {
    copy: CandidateBoard,
    /// The small scratch board, for shapes it fits (see
    /// [`Scratch::fits`]: asked once per layout, known by its cells and
    /// units). A `Forcing` serves one shape, that of its solver: two maps
    /// with as many cells and units would share its tables.
    scratch: Scratch,
    fits: Option<(usize, usize, bool)>,
    trail: Vec<(u16, u8)>,
    best: Vec<(u16, u8)>,
    /// Candidates the last full pass found false, shortest chain first,
    /// not used yet. Eliminations and placements only narrow the board,
    /// and singles on a narrower board reach every contradiction they
    /// reached before, so these stay false: the next call tries them
    /// before passing over every candidate again.
    pending: Vec<(usize, u16, u8)>,
    /// Per cell: the union over the branches so far of the candidates
    /// each leaves (a filled cell counts as its symbol).
    union: Vec<Mask>,
    /// Per cell, in a pass of [`Forcing::contradiction`]: the candidates
    /// some consistent branch placed by singles (see there).
    implied: Vec<Mask>,
    /// One solution of the puzzle (a symbol per cell), or empty when none
    /// is known: see [`Forcing::set_solution`].
    solution: Vec<u8>,
    /// Whether [`Forcing::set_solution`] was called for this puzzle.
    pub solution_known: bool,
}

impl Forcing {
    /// Follows `cell = v` on a copy of `board` for at most `limit` singles;
    /// returns whether the marks stay consistent. The singles are in
    /// `self.trail`.
    fn branch(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        cell: usize,
        v: usize,
        limit: usize,
    ) -> bool {
        self.copy.copy_marks_from(board);
        self.trail.clear();
        self.copy.assume(layout, cell, v);
        self.copy.propagate(layout, &mut self.trail, limit)
    }

    /// [`Forcing::branch`] from the marks last loaded into the small
    /// scratch board when `small`; the wall it met, if any, is then
    /// [`Forcing::wall`].
    fn branch_from(
        &mut self,
        layout: &Layout,
        board: &CandidateBoard,
        cell: usize,
        v: usize,
        limit: usize,
        small: bool,
    ) -> bool {
        if small {
            self.scratch.branch(cell, v, &mut self.trail, limit)
        } else {
            self.branch(layout, board, cell, v, limit)
        }
    }

    /// The wall the last broken branch of [`Forcing::branch_from`] met.
    fn wall(&self, small: bool) -> Wall {
        let wall = if small { self.scratch.wall } else { self.copy.wall };
        wall.expect("a broken board names its wall")
    }

    /// Forgets what the last pass found, and the solution (for a new
    /// puzzle).
    pub fn clear(&mut self) {
        self.pending.clear();
        self.solution.clear();
        self.solution_known = false;
    }

    /// Gives one solution of the puzzle (`None` if the search found none),
    /// which [`Forcing::contradiction`] uses to skip branches.
    ///
    /// A candidate of a solution never leads to a contradiction: every
    /// single after it holds in that solution (the steps so far, and
    /// singles, are sound). So its branch would only prove itself
    /// consistent, which changes nothing the pass reports (a consistent
    /// branch is never a chain, and only spares later consistent
    /// branches): it is not followed.
    pub fn set_solution(&mut self, solution: Option<&[u8]>) {
        self.solution.clear();
        if let Some(s) = solution {
            self.solution.extend_from_slice(s);
        }
        self.solution_known = true;
    }

    /// The solution given by [`Forcing::set_solution`] (empty if none).
    pub fn solution(&self) -> &[u8] {
        &self.solution
    }

    /// A candidate whose assumption breaks the marks, with a shortest
    /// chain (as of the last pass over every candidate).
    pub fn contradiction(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step) -> bool {
        if board.candidates * layout.cells > MAX_FORCING_WORK {
            return false;
        }
        let n = layout.n;
        let key = (layout.cells, layout.units.len());
        let small = match self.fits {
            Some((c, u, f)) if (c, u) == key => f,
            _ => {
                let f = Scratch::fits(layout);
                self.fits = Some((key.0, key.1, f));
                f
            }
        };
        if small {
            self.scratch.load(layout, board);
        }
        let mut best: Option<(usize, usize, Wall)> = None;
        while let Some((_, cell, v)) = self.pending.pop() {
            let (cell, v) = (cell as usize, v as usize);
            if board.has(cell, v) && !self.branch_from(layout, board, cell, v, usize::MAX, small) {
                std::mem::swap(&mut self.best, &mut self.trail);
                best = Some((cell, v, self.wall(small)));
                break;
            }
        }
        if best.is_none() {
            // When `x` leads by singles to a fixed point that holds `y`
            // and no contradiction, `y` leads to none either: the singles
            // after `y` are among those after `x` (singles only narrow the
            // marks, and a narrower board reaches whatever a wider one
            // does). So `y` need not be followed in this pass.
            self.implied.clear();
            self.implied.resize(layout.cells, 0);
            if self.solution.len() == layout.cells {
                for (m, &v) in self.implied.iter_mut().zip(&self.solution) {
                    *m = bit(v as usize);
                }
            }
            for cell in 0..layout.cells {
                for v in members(board.cand[cell] & !self.implied[cell]) {
                    // Past the shortest chain so far, a branch is of no use.
                    let limit = if best.is_some() { self.best.len() } else { usize::MAX };
                    if self.branch_from(layout, board, cell, v, limit, small) {
                        if self.trail.len() < limit {
                            for &(c, w) in &self.trail {
                                self.implied[c as usize] |= bit(w as usize);
                            }
                        }
                        continue;
                    }
                    self.pending.push((self.trail.len(), cell as u16, v as u8));
                    if best.is_none() || self.trail.len() < self.best.len() {
                        std::mem::swap(&mut self.best, &mut self.trail);
                        best = Some((cell, v, self.wall(small)));
                    }
                }
            }
            // Longest first, so that pop takes the shortest; the best is
            // used now.
            self.pending.sort_unstable_by(|a, b| b.cmp(a));
            if let Some((cell, v, _)) = best {
                self.pending.retain(|&(_, c, w)| (c as usize, w as usize) != (cell, v));
            }
        }
        let Some((cell, v, wall)) = best else { return false };
        step.clear(Technique::ForcingChain);
        step.eliminate(n, cell, v);
        step.cell(n, cell);
        step.symbols.push(v as u8);
        for &(c, w) in &self.best {
            step.link(n, c as usize, w as usize);
        }
        step.contradiction = Some(match wall {
            Wall::Cell(c) => Contradiction::Cell(c / n, c % n),
            Wall::Unit(u, w) => Contradiction::Unit(layout.units[u], w as u8),
        });
        true
    }

    /// Every branch of one cell, or of one symbol in one unit, removes the
    /// same candidates. (Meant for when [`Forcing::contradiction`] finds
    /// nothing; a branch that breaks the marks counts as removing all.)
    pub fn verity(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step) -> bool {
        if board.candidates * layout.cells > MAX_FORCING_WORK {
            return false;
        }
        let n = layout.n;
        for cell in 0..layout.cells {
            let cand = board.cand[cell];
            if cand.count_ones() < 2 {
                continue;
            }
            self.start();
            for v in members(cand) {
                self.add_branch(layout, board, cell, v);
            }
            if self.conclude(layout, board, step) {
                step.cell(n, cell);
                members(cand).for_each(|v| step.link(n, cell, v));
                return true;
            }
        }
        for u in 0..layout.units.len() {
            for v in members(layout.full & !board.placed[u]) {
                let p = board.pos(u, v);
                if p.count_ones() < 2 {
                    continue;
                }
                self.start();
                for i in members(p) {
                    self.add_branch(layout, board, layout.cell(u, i), v);
                }
                if self.conclude(layout, board, step) {
                    step.units.push(layout.units[u]);
                    step.symbols.push(v as u8);
                    members(p).for_each(|i| step.link(n, layout.cell(u, i), v));
                    return true;
                }
            }
        }
        false
    }

    fn start(&mut self) {
        self.union.clear();
    }

    /// Adds what the branch `cell = v` leaves possible to the union; a
    /// branch that breaks the marks is false and adds nothing.
    fn add_branch(&mut self, layout: &Layout, board: &CandidateBoard, cell: usize, v: usize) {
        if self.union.is_empty() {
            self.union.resize(layout.cells, 0);
        }
        if !self.branch(layout, board, cell, v, usize::MAX) {
            return;
        }
        let copy = &self.copy;
        let left = |c: usize| if copy.value[c] == EMPTY { copy.cand[c] } else { bit(copy.value[c] as usize) };
        self.union.iter_mut().enumerate().for_each(|(c, m)| *m |= left(c));
    }

    /// Records the candidates no branch leaves; returns whether any.
    fn conclude(&self, layout: &Layout, board: &CandidateBoard, step: &mut Step) -> bool {
        step.clear(Technique::ForcingChains);
        for cell in 0..layout.cells {
            for v in members(board.cand[cell] & !self.union[cell]) {
                step.eliminate(layout.n, cell, v);
            }
        }
        !step.eliminations.is_empty()
    }
}
