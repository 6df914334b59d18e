//! A small scratch board for forcing chains: the singles that follow one
//! assumption, on grids of order 16 or less whose every cell lies in three
//! units (boxes, jigsaw).
//!
//! Forcing chains follow every candidate on a copy of the board, and that
//! walk is most of their cost. [`Scratch`] does what
//! [`CandidateBoard::assume`] and [`CandidateBoard::propagate`] do on a
//! scratch copy, in the same order (the same queues, pushed and taken
//! alike, so the same singles, the same trail and the same first wall),
//! with marks of 16 bits in arrays whose indices are masked to their
//! length: a third of the bytes to copy per branch, and no bounds checks or
//! unit lists to look up on the way. Other shapes keep using
//! [`CandidateBoard`].

use crate::logic::board::{CandidateBoard, Layout, Wall, EMPTY};

/// The positions of a unit or the symbols of a cell.
type Small = u16;

/// Room for `u * 16 + i` (or `+ v`) over up to 64 units: the hidden
/// singles' queue.
const UNIT_ROOM: usize = 1024;

/// Room for the units' marks, indexed by a unit's number as a byte (there
/// are 64 units at most, see [`Scratch::fits`]; only those are copied).
/// The `% UNITS` left on some indices costs nothing on a byte and spares
/// the bounds check.
const UNITS: usize = 256;

/// A unit of a cell: the unit, and every position there but the cell's
/// (the mask that clears the cell's position: no shift to make).
#[derive(Clone, Copy, Debug, Default)]
struct Place {
    unit: u8,
    keep: Small,
}

/// Whether `m` has exactly one member.
#[inline]
fn single(m: Small) -> bool {
    m != 0 && m & (m - 1) == 0
}

/// A first-in first-out list in place, of at most `CAP` pushes per
/// branch (a power of two): a push is a store and an increment, with no
/// room to check and no memory to grow. The index is masked to `CAP`, so
/// that a push past the bound (which [`Scratch::assume`] rules out, see
/// there) could not panic; a debug build asserts it.
#[derive(Clone, Debug)]
struct BoundedQueue<const CAP: usize> {
    items: [u16; CAP],
    head: usize,
    tail: usize,
}

impl<const CAP: usize> Default for BoundedQueue<CAP> {
    fn default() -> Self {
        BoundedQueue { items: [0; CAP], head: 0, tail: 0 }
    }
}

impl<const CAP: usize> BoundedQueue<CAP> {
    #[inline]
    fn push(&mut self, x: usize) {
        debug_assert!(self.tail < CAP, "a queue of the scratch board outgrew its bound ({CAP})");
        self.items[self.tail % CAP] = x as u16;
        self.tail += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<usize> {
        if self.head == self.tail {
            return None;
        }
        let x = self.items[self.head % CAP];
        self.head += 1;
        Some(x as usize)
    }

    fn clear(&mut self) {
        self.head = 0;
        self.tail = 0;
    }
}

/// The symbols placed in a unit and its open positions.
#[derive(Clone, Copy, Debug, Default)]
struct UnitMarks {
    placed: Small,
    open: Small,
}

/// The marks of one board, small, in place (no pointer to follow). A
/// filled cell has no candidate, which is all the branches ask of it: its
/// symbol is not kept.
#[derive(Clone, Debug)]
struct Marks {
    cand: [Small; 256],
    /// `pos[u][v]`.
    pos: [[Small; 16]; UNITS],
    /// Per unit, the symbols placed there and its open positions, side
    /// by side (one copy per branch).
    units: [UnitMarks; UNITS],
}

impl Default for Marks {
    fn default() -> Marks {
        Marks { cand: [0; 256], pos: [[0; 16]; UNITS], units: [UnitMarks::default(); UNITS] }
    }
}

/// The scratch board: the marks the branches start from, and those of the
/// branch being followed.
#[derive(Clone, Debug)]
pub(crate) struct Scratch {
    cells: usize,
    units: usize,
    full: Small,
    /// The three units of each cell and its position in each (see
    /// [`Place`]).
    cell_units: [[Place; 3]; 256],
    /// Per cell and each of its three units, the positions there but
    /// those of the cell itself and of the cells that share an earlier
    /// unit of the three with it ([`Layout`]'s overlap): those
    /// [`Scratch::assume`] eliminates from (the mask to take, no
    /// complement to make).
    reach: [[Small; 3]; 256],
    /// `unit_cells[u][i]`: the cell at position `i` of unit `u`.
    unit_cells: [[u8; 16]; UNITS],
    start: Box<Marks>,
    work: Marks,
    /// The singles found and not taken yet, as [`CandidateBoard::propagate`]
    /// takes them: full houses (units), naked singles (cells), hidden
    /// singles (`u * 16 + v`). Their bounds: see [`Scratch::assume`].
    full_houses: BoundedQueue<64>,
    naked: BoundedQueue<256>,
    hidden: BoundedQueue<UNIT_ROOM>,
    /// Whether the marks broke, and where first.
    pub broken: bool,
    pub wall: Option<Wall>,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            cells: 0,
            units: 0,
            full: 0,
            cell_units: [[Place::default(); 3]; 256],
            reach: [[0; 3]; 256],
            unit_cells: [[0; 16]; UNITS],
            start: Box::default(),
            work: Marks::default(),
            full_houses: BoundedQueue::default(),
            naked: BoundedQueue::default(),
            hidden: BoundedQueue::default(),
            broken: false,
            wall: None,
        }
    }
}

impl Scratch {
    /// Whether `layout` suits a scratch board: order 16 or less, every
    /// cell in exactly three units, its row, its column and its region in
    /// that order (as [`Layout::new`] lists them).
    pub fn fits(layout: &Layout) -> bool {
        let n = layout.n;
        n <= 16
            && layout.units.len() <= 64
            && (0..layout.cells).all(|c| {
                let u = layout.units_of(c);
                u.len() == 3 && u.iter().enumerate().all(|(k, &(w, _))| w as usize / n == k)
            })
    }

    /// Takes the marks of `board` (on a layout that [`Scratch::fits`]) as
    /// the start of the branches to come. The layout's tables are laid out
    /// on the first call and kept while the number of cells and units
    /// stays: a scratch board serves one shape (that of its solver).
    pub fn load(&mut self, layout: &Layout, board: &CandidateBoard) {
        let n = layout.n;
        if self.cells != layout.cells || self.units != layout.units.len() {
            self.cells = layout.cells;
            self.units = layout.units.len();
            self.full = layout.full as Small;
            for (c, slot) in self.cell_units.iter_mut().enumerate().take(layout.cells) {
                let u = layout.units_of(c);
                *slot = std::array::from_fn(|k| Place { unit: u[k].0 as u8, keep: !(1 << u[k].1) });
                let first = layout.cell_start[c] as usize;
                self.reach[c] = std::array::from_fn(|k| !(layout.overlap[first + k] | 1 << u[k].1) as Small);
            }
            for u in 0..self.units {
                for i in 0..n {
                    self.unit_cells[u][i] = layout.cell(u, i) as u8;
                }
            }
        }
        let s = &mut self.start;
        for ((x, &m), &value) in s.cand.iter_mut().zip(&board.cand).zip(&board.value) {
            *x = if value == EMPTY { m as Small } else { 0 };
        }
        for u in 0..self.units {
            for v in 0..n {
                s.pos[u][v] = board.pos(u, v) as Small;
            }
            s.units[u] = UnitMarks { placed: board.placed[u] as Small, open: board.open[u] as Small };
        }
    }

    /// Follows `cell = v` from the start marks for at most `limit` singles,
    /// as [`CandidateBoard::assume`] then [`CandidateBoard::propagate`] do
    /// on a copy; returns whether the marks stay consistent. The singles go
    /// to `trail`.
    pub fn branch(&mut self, cell: usize, v: usize, trail: &mut Vec<(u16, u8)>, limit: usize) -> bool {
        let (cells, units) = (self.cells, self.units);
        let (w, s) = (&mut self.work, &self.start);
        w.cand[..cells].copy_from_slice(&s.cand[..cells]);
        w.pos[..units].copy_from_slice(&s.pos[..units]);
        w.units[..units].copy_from_slice(&s.units[..units]);
        self.broken = false;
        self.wall = None;
        self.full_houses.clear();
        self.naked.clear();
        self.hidden.clear();
        trail.clear();
        self.propagate(cell, v, trail, limit)
    }

    /// Notes a contradiction (the first is kept). Out of line: a branch
    /// meets one wall at most a few times, and the loops that might keep
    /// their registers.
    #[cold]
    #[inline(never)]
    fn hit(&mut self, wall: Wall) {
        if !self.broken {
            self.broken = true;
            self.wall = Some(wall);
        }
    }

    #[inline]
    fn cell(&self, u: usize, i: usize) -> usize {
        self.unit_cells[u % UNITS][i % 16] as usize
    }

    /// As [`CandidateBoard::assume`] of `cell = v`, then
    /// [`CandidateBoard::propagate`]: one loop, so that [`Scratch::assume`]
    /// has one call to be inlined in.
    fn propagate(&mut self, mut cell: usize, mut v: usize, trail: &mut Vec<(u16, u8)>, limit: usize) -> bool {
        loop {
            self.assume(cell, v);
            if self.broken || trail.len() >= limit {
                break;
            }
            let Some(next) = self.next_single() else { break };
            (cell, v) = next;
            trail.push((cell as u16, v as u8));
        }
        !self.broken
    }

    /// The next single as [`CandidateBoard::propagate`] takes it: full
    /// houses, then naked, then hidden singles, each in the order found,
    /// skipping those that are no longer singles.
    ///
    /// Marks only narrow, and one that narrows from a single to nothing
    /// breaks the marks (and no single is taken after that): so a queued
    /// unit, cell or (unit, symbol) that still has a member is still a
    /// single, and one that has none was filled (or its symbol placed,
    /// after which its positions are not kept: the placed test comes
    /// first).
    #[inline(always)]
    fn next_single(&mut self) -> Option<(usize, usize)> {
        loop {
            return Some(if let Some(u) = self.full_houses.pop() {
                let open = self.work.units[u % UNITS].open;
                if open == 0 {
                    continue;
                }
                debug_assert!(single(open));
                let cell = self.cell(u, open.trailing_zeros() as usize);
                (cell, (self.full & !self.work.units[u % UNITS].placed).trailing_zeros() as usize)
            } else if let Some(cell) = self.naked.pop() {
                let m = self.work.cand[cell % 256];
                if m == 0 {
                    continue;
                }
                debug_assert!(single(m));
                (cell, m.trailing_zeros() as usize)
            } else if let Some(x) = self.hidden.pop() {
                let (u, v) = (x / 16 % UNITS, x % 16);
                if self.work.units[u].placed & 1 << v != 0 {
                    continue;
                }
                let p = self.work.pos[u][v];
                debug_assert!(single(p));
                (self.cell(u, p.trailing_zeros() as usize), v)
            } else {
                return None;
            });
        }
    }

    /// As [`CandidateBoard::assume`]: fills `cell` with `v` and removes `v`
    /// from every cell that shares a unit with it.
    ///
    /// Two shortcuts keep the board's order of singles and walls: while
    /// `cell` holds `v` as a candidate, none of its candidates is placed in
    /// its units (a placement removes its symbol from every position left
    /// in the unit, and those are exact while the symbol is not placed),
    /// so the other candidates' positions are cleared without asking; and
    /// a cell met again in a later unit of `cell` (the overlap of a row
    /// and a box) already lost `v` in the earlier one, so it is skipped.
    ///
    /// Once `v` is placed in a unit, its positions there are not kept (the
    /// board's are all gone by then; here they are left as they are, the
    /// placed cell's too): nothing reads them but a hidden single taken
    /// from the queue, which is skipped as placed anyway.
    ///
    /// The queues' bounds: a branch pushes each unit, cell and (unit,
    /// symbol) at most once, so at most 64 full houses, 256 naked and
    /// 1024 hidden singles. The marks only narrow (a unit's open
    /// positions, a cell's candidates and a symbol's positions in a unit
    /// lose members, never gain one), and each clear here drops a member
    /// that is there: the marks are exact (the open positions of a unit
    /// are its empty cells, which on the unbroken board a branch starts
    /// from are the cells with candidates; one is filled only here, from
    /// a cell that has `v`; a cell's candidates are its positions in its
    /// units where they are not placed; a position is cleared only of a
    /// candidate that is not placed in that unit). So each set turns
    /// single, the moment it is pushed, once: it cannot turn single again
    /// without gaining a member.
    #[inline(always)]
    fn assume(&mut self, cell: usize, v: usize) {
        let cell = cell % 256;
        let b: Small = 1 << v;
        let cand = self.work.cand[cell];
        if cand & b == 0 {
            self.hit(Wall::Cell(cell));
            return;
        }
        let others = cand & !b;
        self.work.cand[cell] = 0;
        let units = self.cell_units[cell];
        for p in units {
            let u = p.unit as usize;
            let unit = &mut self.work.units[u];
            unit.placed |= b;
            unit.open &= p.keep;
            if single(unit.open) {
                self.full_houses.push(u);
            }
        }
        let mut rest = others;
        while rest != 0 {
            let w = rest.trailing_zeros() as usize % 16;
            rest &= rest - 1;
            for p in units {
                self.clear_position(p.unit as usize, w, p.keep);
            }
        }
        let reach = self.reach[cell];
        let (region, v) = (units[2].unit, v % 16);
        self.eliminate_in::<0>(units[0].unit as usize, v, reach[0], region);
        self.eliminate_in::<1>(units[1].unit as usize, v, reach[1], region);
        self.eliminate_in::<2>(units[2].unit as usize, v, reach[2], region);
    }

    /// Removes `v`, just placed in unit `u`, the `K`-th unit of the
    /// placed cell (see [`Scratch::fits`]: rows, columns, then regions),
    /// from the cells there that hold it at the positions `reach` (all
    /// but the placed cell and the cells met in its earlier units);
    /// `region` is the placed cell's region.
    #[inline(always)]
    fn eliminate_in<const K: usize>(&mut self, u: usize, v: usize, reach: Small, region: u8) {
        let u = u % UNITS;
        let mut p = self.work.pos[u][v % 16] & reach;
        while p != 0 {
            let i = p.trailing_zeros() as usize;
            p &= p - 1;
            let cell = self.unit_cells[u][i % 16] as usize;
            self.eliminate::<K>(cell, v, region);
        }
    }

    /// As the board's elimination on a scratch copy, of a symbol placed in
    /// the `K`-th unit of `cell` (rows, columns, then regions: see
    /// [`Scratch::fits`]), whose positions there are not kept, from a cell
    /// that holds it (the marks are exact: see [`Scratch::assume`]).
    ///
    /// The board asks, of each other unit of `cell`, whether `v` is placed
    /// there: only in the units of the placed cell (a unit where `v` was
    /// placed before has no cell left that holds it). A cell found in a
    /// row or a column shares no other line with the placed cell, and one
    /// found in its region shares no unit but that one (the cells of the
    /// region in its row or column are skipped, met before): so only the
    /// region of a cell found in a line is asked of, and it holds `v` just
    /// when it is `region`, the placed cell's.
    #[inline(always)]
    fn eliminate<const K: usize>(&mut self, cell: usize, v: usize, region: u8) {
        let cell = cell % 256;
        let b: Small = 1 << v;
        let m = self.work.cand[cell];
        debug_assert!(m & b != 0, "the positions of a symbol are its cells that hold it");
        let m = m & !b;
        self.work.cand[cell] = m;
        if m & m.wrapping_sub(1) == 0 {
            if m == 0 {
                self.hit(Wall::Cell(cell));
            } else {
                self.naked.push(cell);
            }
        }
        let [x, y, z] = self.cell_units[cell];
        match K {
            0 | 1 => {
                let line = if K == 0 { y } else { x };
                self.clear_position(line.unit as usize, v, line.keep);
                if z.unit != region {
                    self.clear_position(z.unit as usize, v, z.keep);
                }
            }
            _ => {
                self.clear_position(x.unit as usize, v, x.keep);
                self.clear_position(y.unit as usize, v, y.keep);
            }
        }
    }

    /// Clears a position of symbol `v` in unit `u`, where `v` is not
    /// placed (keeps those of `keep`), noting a hidden single or a
    /// contradiction.
    #[inline]
    fn clear_position(&mut self, u: usize, v: usize, keep: Small) {
        let x = &mut self.work.pos[u % UNITS][v % 16];
        let p = *x & keep;
        *x = p;
        if p & p.wrapping_sub(1) == 0 {
            if p == 0 {
                self.hit(Wall::Unit(u, v));
            } else {
                self.hidden.push(u * 16 + v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Regions, Shape};

    /// Compares every branch of every candidate, with and without a
    /// limit, on the scratch board and on a copy of `board`; returns the
    /// first branch that breaks, if any.
    fn compare(layout: &Layout, board: &CandidateBoard, label: &str) -> Option<(usize, usize)> {
        let (mut trail_a, mut trail_b) = (Vec::new(), Vec::new());
        let (mut copy, mut scratch) = (CandidateBoard::default(), Scratch::default());
        scratch.load(layout, board);
        let mut broken = None;
        for cell in 0..layout.cells {
            for v in crate::logic::board::members(board.cand[cell]) {
                for limit in [usize::MAX, 2, 5] {
                    copy.copy_marks_from(board);
                    trail_a.clear();
                    copy.assume(layout, cell, v);
                    let a = copy.propagate(layout, &mut trail_a, limit);
                    let b = scratch.branch(cell, v, &mut trail_b, limit);
                    assert_eq!(
                        (a, &trail_a, copy.wall),
                        (b, &trail_b, scratch.wall),
                        "{label}: r{cell} = {v}"
                    );
                    if !a && broken.is_none() {
                        broken = Some((cell, v));
                    }
                }
            }
        }
        broken
    }

    /// Every branch of every candidate, with and without a limit, takes
    /// the same singles to the same end on the scratch board as on a copy
    /// of the board: on hard 9x9 puzzles (many contradictions), also with
    /// irregular regions (a jigsaw), and again after some of the false
    /// candidates found are removed (as forcing chains narrow the board);
    /// on a sparse 16x16 grid, a 6x6 one and a 4x4 one. A Latin square
    /// does not fit.
    #[test]
    fn branches_match_the_board() {
        let grid = |n: usize, text: &str| -> Vec<Option<u8>> {
            let mut g: Vec<Option<u8>> =
                text.chars().map(|c| c.to_digit(17).filter(|&d| d > 0).map(|d| d as u8 - 1)).collect();
            g.resize(n * n, None);
            g
        };
        let labels: Vec<char> = "QWERTYUIO".chars().collect();
        let mut jigsaw: Vec<char> = (0..81).map(|c| labels[(c / 27) * 3 + (c % 9) / 3]).collect();
        for (a, b) in [(2, 3), (31, 40), (58, 66), (26, 35)] {
            jigsaw.swap(a, b);
        }
        let jigsaw = Shape::new(9, Regions::Map(jigsaw)).unwrap();
        let nine = Shape::default_for(9).unwrap();
        let cases = [
            (&nine, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"),
            (&nine, "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."),
            (&nine, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."),
            (&jigsaw, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"),
            (&jigsaw, "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."),
        ];
        let sixteen = Shape::default_for(16).unwrap();
        let six = Shape::default_for(6).unwrap();
        let four = Shape::default_for(4).unwrap();
        let others =
            [(&sixteen, "1234.....5678...9abc....d.......efg"), (&six, "1.....2....3"), (&four, "1...2...")];
        let mut walls = 0;
        for (shape, text) in cases.into_iter().chain(others) {
            let n = shape.n();
            let layout = Layout::new(shape);
            assert!(Scratch::fits(&layout));
            let mut board = CandidateBoard::default();
            assert!(board.load(&layout, &grid(n, text)), "{n}: {text}");
            for round in 0..4 {
                let Some((cell, v)) = compare(&layout, &board, &format!("{n} {text} round {round}")) else {
                    break;
                };
                walls += 1;
                board.eliminate(&layout, cell, v);
                let mut trail = Vec::new();
                if !board.propagate(&layout, &mut trail, usize::MAX) {
                    break;
                }
            }
        }
        assert!(walls >= 10, "the hard puzzles meet walls ({walls})");
        assert!(!Scratch::fits(&Layout::new(&Shape::new(5, Regions::None).unwrap())));
    }
}
