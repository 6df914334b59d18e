//! Candidates and units: the pencil-mark state the techniques read.
//!
//! A [`Layout`] lists the units of one shape (rows, columns, then regions;
//! a list, so that later constraints can add their own) and, for each cell,
//! the units it lies in and its position in each. A [`CandidateBoard`]
//! holds the pencil marks: per cell a mask of the symbols still possible,
//! and per unit and symbol a mask of the positions (in the unit's own
//! order) where that symbol can still go. Both views are kept in step by
//! [`CandidateBoard::eliminate`] and [`CandidateBoard::place`], which also
//! queue the singles they uncover, so that finding the next single costs
//! nothing.
//!
//! Rows list their cells by column and columns by row, so the position
//! masks of a row for a symbol are the columns where it can go, and those
//! of a column the rows: basic fish read them directly.

use super::step::Unit;
use crate::grid::Shape;

/// A set of symbols, or of positions in a unit: bit `i` for member `i`.
pub(crate) type Mask = u64;

/// The value of a cell not yet filled.
pub(crate) const EMPTY: u8 = u8::MAX;

/// The bit of member `i`.
#[inline]
pub(crate) fn bit(i: usize) -> Mask {
    1 << i
}

/// Whether `m` has exactly one member.
#[inline]
pub(crate) fn single(m: Mask) -> bool {
    m != 0 && m & (m - 1) == 0
}

/// Whether `m` has exactly two members (without counting them all: a
/// population count is a long sequence on CPUs without the instruction).
#[inline]
pub(crate) fn pair(m: Mask) -> bool {
    single(m & m.wrapping_sub(1))
}

/// Whether `m` has exactly three members.
#[inline]
pub(crate) fn triple(m: Mask) -> bool {
    pair(m & m.wrapping_sub(1))
}

/// The members of a mask, lowest first.
#[inline]
pub(crate) fn members(mut m: Mask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// Two units that share two cells or more: a symbol of `a` confined to the
/// shared cells is removed from the rest of `b` (locked candidates).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Intersection {
    /// The unit where the symbol is confined.
    pub a: u16,
    /// The unit it is removed from.
    pub b: u16,
    /// The shared cells, as positions in `a`.
    pub in_a: Mask,
    /// The shared cells, as positions in `b`.
    pub in_b: Mask,
}

/// A variant unit: its name and its N cells.
pub(crate) type Group = (Unit, Vec<u16>);

/// The units of one shape and how cells sit in them.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// The order N.
    pub n: usize,
    /// N x N.
    pub cells: usize,
    /// Every symbol: the low N bits.
    pub full: Mask,
    /// What each unit is, for naming: rows `0..n`, columns `n..2n`, then
    /// regions.
    pub units: Vec<Unit>,
    /// The cells of unit `u` are `unit_cells[u * n..][..n]`.
    pub unit_cells: Vec<u16>,
    /// The units of cell `c` and its position in each are
    /// `cell_units[cell_start[c]..cell_start[c + 1]]`.
    pub cell_units: Vec<(u16, u8)>,
    pub cell_start: Vec<u32>,
    /// Per entry of `cell_units`: the positions in that unit of the cells
    /// (other than the cell itself) that also lie in one of the cell's
    /// earlier units, so that a walk over the cell's units meets each of
    /// its peers once.
    pub overlap: Vec<Mask>,
    /// Pairs of units to try locked candidates on: regions against lines
    /// (pointing) first, then lines against regions (claiming).
    pub pointing: Vec<Intersection>,
    pub claiming: Vec<Intersection>,
    /// Words in a set of cells: `cells / 64` rounded up.
    pub words: usize,
    /// The peers of cell `c` (the cells sharing a unit with it, or an
    /// all-different rule of a variant; not `c` itself) are the set
    /// `peers[c * words..][..words]`.
    pub peers: Vec<u64>,
    /// Variant peers outside the units (cages smaller than N, chess
    /// moves): the cells that must differ from cell `c` and share no unit
    /// with it are `extra[extra_start[c]..extra_start[c + 1]]`. Placing a
    /// symbol removes it from these as from the units.
    pub extra: Vec<u16>,
    pub extra_start: Vec<u32>,
}

impl Layout {
    /// Lays out the units of `shape`.
    pub fn new(shape: &Shape) -> Layout {
        Layout::with_groups(shape, &[], &[])
    }

    /// Lays out the units of `shape`, then `groups` (variant units: N
    /// cells each, holding every symbol once; each unlike every unit
    /// before it), and records `differ` (for each cell, cells that must
    /// hold another symbol) as peers.
    pub fn with_groups(shape: &Shape, groups: &[Group], differ: &[Vec<u16>]) -> Layout {
        let n = shape.n();
        let cells = n * n;
        let mut units: Vec<Unit> = (0..n).map(Unit::Row).chain((0..n).map(Unit::Column)).collect();
        if shape.has_regions() {
            units.extend((0..n).map(Unit::Region));
        }
        let first_group = units.len();
        units.extend(groups.iter().map(|g| g.0));
        let mut unit_cells = vec![0u16; units.len() * n];
        let mut filled = vec![0usize; units.len()];
        let mut per_cell: Vec<Vec<(u16, u8)>> = vec![Vec::new(); cells];
        for (cell, list) in per_cell.iter_mut().enumerate() {
            let (r, c) = (cell / n, cell % n);
            let mut us = vec![r, n + c];
            us.extend(shape.region(cell).map(|k| 2 * n + k));
            for u in us {
                let i = filled[u];
                unit_cells[u * n + i] = cell as u16;
                filled[u] += 1;
                list.push((u as u16, i as u8));
            }
        }
        for (g, (_, members)) in groups.iter().enumerate() {
            let u = first_group + g;
            debug_assert_eq!(members.len(), n);
            for (i, &cell) in members.iter().enumerate() {
                unit_cells[u * n + i] = cell;
                per_cell[cell as usize].push((u as u16, i as u8));
            }
        }
        let mut cell_units = Vec::new();
        let mut cell_start = vec![0u32];
        for list in per_cell {
            cell_units.extend(list);
            cell_start.push(cell_units.len() as u32);
        }
        let full = if n == 64 { Mask::MAX } else { bit(n) - 1 };
        let words = cells.div_ceil(64);
        let mut layout = Layout {
            words,
            peers: vec![0; cells * words],
            n,
            cells,
            full,
            units,
            unit_cells,
            overlap: vec![0; cell_units.len()],
            cell_units,
            cell_start,
            pointing: Vec::new(),
            claiming: Vec::new(),
            extra: Vec::new(),
            extra_start: vec![0; cells + 1],
        };
        layout.find_intersections(first_group);
        for cell in 0..cells {
            let (from, to) = (layout.cell_start[cell] as usize, layout.cell_start[cell + 1] as usize);
            for k in from..to {
                let u = layout.cell_units[k].0 as usize;
                for j in 0..n {
                    let other = layout.unit_cells[u * n + j] as usize;
                    let earlier = &layout.cell_units[from..k];
                    if other != cell
                        && layout.units_of(other).iter().any(|x| earlier.iter().any(|y| x.0 == y.0))
                    {
                        layout.overlap[k] |= bit(j);
                    }
                }
            }
        }
        for cell in 0..cells {
            for k in layout.cell_start[cell] as usize..layout.cell_start[cell + 1] as usize {
                let u = layout.cell_units[k].0 as usize;
                for i in 0..n {
                    let other = layout.unit_cells[u * n + i] as usize;
                    if other != cell {
                        layout.peers[cell * words + other / 64] |= 1 << (other % 64);
                    }
                }
            }
        }
        if !differ.is_empty() {
            for (cell, others) in differ.iter().enumerate().take(cells) {
                let start = layout.extra.len();
                for &other in others {
                    let o = other as usize;
                    if o != cell && !layout.sees(cell, o) && !layout.extra[start..].contains(&other) {
                        layout.extra.push(other);
                    }
                }
                layout.extra_start[cell + 1] = layout.extra.len() as u32;
            }
            for cell in 0..cells {
                for k in layout.extra_start[cell] as usize..layout.extra_start[cell + 1] as usize {
                    let other = layout.extra[k] as usize;
                    layout.peers[cell * words + other / 64] |= 1 << (other % 64);
                }
            }
        }
        layout
    }

    /// The variant peers of `cell` outside its units.
    #[inline]
    pub fn extra_of(&self, cell: usize) -> &[u16] {
        &self.extra[self.extra_start[cell] as usize..self.extra_start[cell + 1] as usize]
    }

    /// Whether some cell has variant peers outside its units.
    #[inline]
    pub fn has_extra(&self) -> bool {
        !self.extra.is_empty()
    }

    /// The peers of `cell`, as a set of cells.
    #[inline]
    pub fn peers_of(&self, cell: usize) -> &[u64] {
        &self.peers[cell * self.words..][..self.words]
    }

    /// Pairs every region with every line it shares two cells or more
    /// with, then every variant group (from unit `first_group` on) with
    /// every unit before it.
    fn find_intersections(&mut self, first_group: usize) {
        let n = self.n;
        for region in 2 * n..self.units.len() {
            let lines = if region < first_group { 0..2 * n } else { 0..region };
            for line in lines {
                let (mut in_region, mut in_line) = (0, 0);
                for (i, &cell) in self.cells_of(region).iter().enumerate() {
                    if let Some(j) = self.position(cell as usize, line) {
                        in_region |= bit(i);
                        in_line |= bit(j);
                    }
                }
                if in_region.count_ones() < 2 || (in_region == self.full && in_line == self.full) {
                    continue;
                }
                let (r, l) = (region as u16, line as u16);
                self.pointing.push(Intersection { a: r, b: l, in_a: in_region, in_b: in_line });
                self.claiming.push(Intersection { a: l, b: r, in_a: in_line, in_b: in_region });
            }
        }
    }

    /// The cells of unit `u`, in its order.
    #[inline]
    pub fn cells_of(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..][..self.n]
    }

    /// The cell at position `i` of unit `u`.
    #[inline]
    pub fn cell(&self, u: usize, i: usize) -> usize {
        self.unit_cells[u * self.n + i] as usize
    }

    /// The units of `cell`, with its position in each.
    #[inline]
    pub fn units_of(&self, cell: usize) -> &[(u16, u8)] {
        &self.cell_units[self.cell_start[cell] as usize..self.cell_start[cell + 1] as usize]
    }

    /// The position of `cell` in unit `u`, if it lies there.
    #[inline]
    pub fn position(&self, cell: usize, u: usize) -> Option<usize> {
        self.units_of(cell).iter().find(|&&(w, _)| w as usize == u).map(|&(_, i)| i as usize)
    }

    /// Whether two distinct cells share a unit.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peers[a * self.words + b / 64] >> (b % 64) & 1 != 0
    }

    /// The positions in unit `u` of the cells in `cells`, or `None` unless
    /// every one of them lies in `u`.
    pub fn positions_in(&self, u: usize, cells: &[usize]) -> Option<Mask> {
        cells.iter().try_fold(0, |m, &c| self.position(c, u).map(|i| m | bit(i)))
    }
}

/// The pencil marks of one puzzle in progress.
#[derive(Clone, Debug, Default)]
pub(crate) struct CandidateBoard {
    n: usize,
    /// The symbols still possible in each cell; 0 once it is filled.
    pub cand: Vec<Mask>,
    /// The symbol of each filled cell, [`EMPTY`] for the others.
    pub value: Vec<u8>,
    /// `pos[u * n + v]`: the positions of unit `u` where `v` can still go
    /// (0 once `v` is placed there).
    pub pos: Vec<Mask>,
    /// The symbols placed in each unit.
    pub placed: Vec<Mask>,
    /// The positions of each unit still empty.
    pub open: Vec<Mask>,
    /// How many cells are still empty.
    pub empty: usize,
    /// How many candidates are left in the empty cells.
    pub candidates: usize,
    /// Whether the marks contradict themselves: a cell with no candidate,
    /// or a symbol with no place left in a unit (the puzzle has no
    /// solution).
    pub broken: bool,
    /// The first contradiction met, once broken.
    pub wall: Option<Wall>,
    /// Singles waiting: units with one empty cell, cells with one
    /// candidate, and (unit, symbol) pairs with one position, in the order
    /// they appeared; each is checked again when taken.
    pub full_houses: SinglesQueue,
    pub naked: SinglesQueue,
    pub hidden: SinglesQueue,
    /// When each unit's candidates, and each symbol's, last changed, on a
    /// clock that never goes back (not even between puzzles): a technique
    /// that found nothing in a unit need not look again until its stamp
    /// moves, since candidates only ever disappear.
    pub unit_stamp: Vec<u64>,
    pub symbol_stamp: Vec<u64>,
    clock: u64,
    /// How many strong links have appeared: a cell left with two
    /// candidates, or a symbol left with two places in a unit. Between two
    /// readings that agree, the links between candidates only lost members
    /// (see `chains`). Never goes back, not even between puzzles.
    pub strong_links: u64,
    /// The strong links that appeared since the givens were placed, in
    /// order, each as the cell left with two candidates (`cell`) or the
    /// unit and symbol left with two places (`cells + u * n + v`). Every
    /// count of [`CandidateBoard::strong_links`] but the one at load is here.
    pub strong_log: Vec<u32>,
    /// How many times a cell has been left with two candidates, plus one
    /// per puzzle loaded (never goes back): the strong links inside cells
    /// alone. XY- and XYZ-wings are made of such cells and no other
    /// strong link, so they need not look again while it stands still,
    /// even as links in units appear.
    pub bivalue: u64,
    /// How many times a cell has been left with three candidates (never
    /// goes back): with it and [`CandidateBoard::bivalue`] unchanged, no
    /// cell has newly come down to three or two candidates (XYZ-wings).
    pub trivalue: u64,
    /// The cells left with three candidates since the givens were
    /// placed, in order (each count of [`CandidateBoard::trivalue`] on this
    /// puzzle).
    pub trivalue_log: Vec<u32>,
}

/// Where the marks first contradicted themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wall {
    /// This cell has no candidate left.
    Cell(usize),
    /// This unit has no place left for this symbol.
    Unit(usize, usize),
}

/// A first-in first-out list of indices that keeps its memory.
#[derive(Clone, Debug, Default)]
pub(crate) struct SinglesQueue {
    items: Vec<u32>,
    head: usize,
}

impl SinglesQueue {
    #[inline]
    pub fn push(&mut self, x: usize) {
        self.items.push(x as u32);
    }

    #[inline]
    pub fn pop(&mut self) -> Option<usize> {
        let x = self.items.get(self.head).copied();
        match x {
            Some(_) => self.head += 1,
            None => self.clear(),
        }
        x.map(|x| x as usize)
    }

    pub fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }
}

impl CandidateBoard {
    /// Sets every cell of `layout` open with every symbol possible, then
    /// places the givens. Returns false if they contradict each other.
    pub fn load(&mut self, layout: &Layout, givens: &[Option<u8>]) -> bool {
        let (n, units) = (layout.n, layout.units.len());
        self.n = n;
        self.open_every_cell(layout);
        self.broken = false;
        self.wall = None;
        self.clock += 1;
        self.strong_links += 1;
        self.bivalue += 1;
        reset(&mut self.unit_stamp, units, self.clock);
        reset(&mut self.symbol_stamp, n, self.clock);
        // Variant peers outside the units: the givens one by one, so that
        // each leaves them too.
        if layout.has_extra() || !self.place_givens(layout, givens) {
            // Two givens clash: place them one by one, as the steps do,
            // to meet the clash where they do.
            self.load_one_by_one(layout, givens);
        }
        self.requeue(layout);
        self.strong_log.clear();
        self.trivalue_log.clear();
        !self.broken
    }

    /// Removes from each cell the candidates `keep` lacks (a variant's
    /// first restrictions: parity, candidate lists), right after
    /// [`CandidateBoard::load`], as part of loading.
    pub fn restrict(&mut self, layout: &Layout, keep: &[u32]) {
        for (cell, &k) in keep.iter().enumerate().take(layout.cells) {
            let k = k as Mask;
            if self.value[cell] != EMPTY {
                if k & bit(self.value[cell] as usize) == 0 {
                    self.hit(Wall::Cell(cell));
                }
                continue;
            }
            for v in members(self.cand[cell] & !k) {
                self.eliminate(layout, cell, v);
            }
        }
        self.requeue(layout);
        self.strong_log.clear();
        self.trivalue_log.clear();
        self.strong_links += 1;
        self.bivalue += 1;
        self.trivalue += 1;
    }

    /// Places the givens on a fresh board all at once: the marks are those
    /// [`CandidateBoard::place`] leaves, one given after another (a cell
    /// keeps the symbols no given among its peers holds; a unit's places
    /// for a symbol are its cells that keep it), without following each
    /// elimination. The singles queued on the way are listed afresh after
    /// loading anyway, and the strong links that appear while loading count
    /// as one (see [`CandidateBoard::strong_links`]). Returns false, having
    /// changed nothing but `value`, `placed` and `open`, if two givens
    /// clash.
    fn place_givens(&mut self, layout: &Layout, givens: &[Option<u8>]) -> bool {
        let n = self.n;
        for (cell, g) in givens.iter().enumerate() {
            let Some(v) = *g else { continue };
            let b = bit(v as usize);
            if self.value[cell] != EMPTY
                || layout.units_of(cell).iter().any(|&(u, _)| self.placed[u as usize] & b != 0)
            {
                return false;
            }
            self.value[cell] = v;
            self.empty -= 1;
            for &(u, i) in layout.units_of(cell) {
                self.placed[u as usize] |= b;
                self.open[u as usize] &= !bit(i as usize);
            }
        }
        self.pos.iter_mut().for_each(|p| *p = 0);
        let mut candidates = 0;
        for cell in 0..layout.cells {
            let units = layout.units_of(cell);
            let m = if self.value[cell] != EMPTY {
                0
            } else {
                units.iter().fold(layout.full, |m, &(u, _)| m & !self.placed[u as usize])
            };
            self.cand[cell] = m;
            candidates += m.count_ones() as usize;
            if m == 0 && self.value[cell] == EMPTY {
                self.hit(Wall::Cell(cell));
            }
            for &(u, i) in units {
                for v in members(m) {
                    self.pos[u as usize * n + v] |= bit(i as usize);
                }
            }
        }
        self.candidates = candidates;
        for u in 0..layout.units.len() {
            for v in members(layout.full & !self.placed[u]) {
                if self.pos[u * n + v] == 0 {
                    self.hit(Wall::Unit(u, v));
                }
            }
        }
        true
    }

    /// Every cell of `layout` open with every symbol possible, no symbol
    /// placed in any unit.
    fn open_every_cell(&mut self, layout: &Layout) {
        let (n, units) = (layout.n, layout.units.len());
        reset(&mut self.cand, layout.cells, layout.full);
        reset(&mut self.value, layout.cells, EMPTY);
        reset(&mut self.pos, units * n, layout.full);
        reset(&mut self.placed, units, 0);
        reset(&mut self.open, units, layout.full);
        self.empty = layout.cells;
        self.candidates = layout.cells * n;
    }

    /// Places the givens one by one (see [`CandidateBoard::place_givens`]).
    fn load_one_by_one(&mut self, layout: &Layout, givens: &[Option<u8>]) {
        self.open_every_cell(layout);
        for (cell, g) in givens.iter().enumerate() {
            if let Some(v) = *g {
                self.place(layout, cell, v as usize);
            }
        }
    }

    /// Forgets the queued singles and lists every single of the board, in
    /// order of units, cells, then units and symbols.
    pub fn requeue(&mut self, layout: &Layout) {
        self.full_houses.clear();
        self.naked.clear();
        self.hidden.clear();
        for u in 0..layout.units.len() {
            if single(self.open[u]) {
                self.full_houses.push(u);
            }
        }
        for cell in 0..layout.cells {
            if single(self.cand[cell]) {
                self.naked.push(cell);
            }
        }
        for u in 0..layout.units.len() {
            for v in members(layout.full & !self.placed[u]) {
                if single(self.pos[u * self.n + v]) {
                    self.hidden.push(u * self.n + v);
                }
            }
        }
    }

    /// Notes a contradiction.
    #[inline]
    fn hit(&mut self, wall: Wall) {
        if !self.broken {
            self.broken = true;
            self.wall = Some(wall);
        }
    }

    /// Makes this board a copy of `other`'s marks, keeping its memory: a
    /// scratch board for [`CandidateBoard::assume`] and
    /// [`CandidateBoard::propagate`], whose stamps, strong links and count
    /// of candidates mean nothing.
    pub fn copy_marks_from(&mut self, other: &CandidateBoard) {
        self.n = other.n;
        self.cand.clone_from(&other.cand);
        self.value.clone_from(&other.value);
        self.pos.clone_from(&other.pos);
        self.placed.clone_from(&other.placed);
        self.open.clone_from(&other.open);
        self.empty = other.empty;
        self.broken = other.broken;
        self.wall = other.wall;
        self.full_houses.clear();
        self.naked.clear();
        self.hidden.clear();
    }

    /// Places singles (full houses, naked, then hidden singles, as the
    /// solver takes them) until none is left, the marks break, or `limit`
    /// singles are placed; appends each placement to `trail`. Returns false
    /// if the marks broke. For a scratch board: places as
    /// [`CandidateBoard::assume`] does.
    pub fn propagate(&mut self, layout: &Layout, trail: &mut Vec<(u16, u8)>, limit: usize) -> bool {
        let n = self.n;
        while !self.broken && trail.len() < limit {
            let (cell, v) = if let Some(u) = self.full_houses.pop() {
                if !single(self.open[u]) {
                    continue;
                }
                let cell = layout.cell(u, self.open[u].trailing_zeros() as usize);
                (cell, (layout.full & !self.placed[u]).trailing_zeros() as usize)
            } else if let Some(cell) = self.naked.pop() {
                if !single(self.cand[cell]) {
                    continue;
                }
                (cell, self.cand[cell].trailing_zeros() as usize)
            } else if let Some(x) = self.hidden.pop() {
                let (u, v) = (x / n, x % n);
                let p = self.pos[x];
                if !single(p) || self.placed[u] & bit(v) != 0 {
                    continue;
                }
                (layout.cell(u, p.trailing_zeros() as usize), v)
            } else {
                break;
            };
            trail.push((cell as u16, v as u8));
            self.assume(layout, cell, v);
        }
        !self.broken
    }

    /// Whether `v` is still a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, v: usize) -> bool {
        self.cand[cell] & bit(v) != 0
    }

    /// The positions of symbol `v` in unit `u`.
    #[inline]
    pub fn pos(&self, u: usize, v: usize) -> Mask {
        self.pos[u * self.n + v]
    }

    /// Removes candidate `v` from `cell` (nothing if it is not there).
    pub fn eliminate(&mut self, layout: &Layout, cell: usize, v: usize) {
        self.eliminate_as::<true>(layout, cell, v);
    }

    /// Removes candidate `v` from `cell` on a scratch board (see
    /// [`CandidateBoard::copy_marks_from`]): as [`CandidateBoard::eliminate`],
    /// without stamps, strong links or the count of candidates.
    pub fn strike(&mut self, layout: &Layout, cell: usize, v: usize) {
        self.eliminate_as::<false>(layout, cell, v);
    }

    /// [`CandidateBoard::eliminate`], keeping the stamps, the strong links
    /// and the count of candidates (`TRACK`) or not (a scratch board that
    /// only follows singles: the forcing chains' copy).
    #[inline]
    fn eliminate_as<const TRACK: bool>(&mut self, layout: &Layout, cell: usize, v: usize) {
        let b = bit(v);
        if self.cand[cell] & b == 0 {
            return;
        }
        self.cand[cell] &= !b;
        if TRACK {
            self.candidates -= 1;
            self.clock += 1;
            self.symbol_stamp[v] = self.clock;
        }
        match self.cand[cell] {
            0 => self.hit(Wall::Cell(cell)),
            m if single(m) => self.naked.push(cell),
            m if TRACK && pair(m) => {
                self.strong_links += 1;
                self.bivalue += 1;
                self.strong_log.push(cell as u32);
            }
            m if TRACK && triple(m) => {
                self.trivalue += 1;
                self.trivalue_log.push(cell as u32);
            }
            _ => {}
        }
        for &(u, i) in layout.units_of(cell) {
            self.lose_position::<TRACK>(u as usize, v, i as usize);
        }
    }

    /// Clears position `i` of symbol `v` in unit `u`, noting a hidden
    /// single or a contradiction.
    #[inline]
    fn lose_position<const TRACK: bool>(&mut self, u: usize, v: usize, i: usize) {
        if TRACK {
            self.unit_stamp[u] = self.clock;
        }
        let p = &mut self.pos[u * self.n + v];
        *p &= !bit(i);
        let p = *p;
        if p & p.wrapping_sub(1) == 0 && self.placed[u] & bit(v) == 0 {
            if p == 0 {
                self.hit(Wall::Unit(u, v));
            } else {
                self.hidden.push(u * self.n + v);
            }
        } else if TRACK && pair(p) {
            self.strong_links += 1;
            self.strong_log.push((self.n * self.n + u * self.n + v) as u32);
        }
    }

    /// Fills `cell` with `v` and removes `v` from every cell that shares a
    /// unit with it.
    pub fn place(&mut self, layout: &Layout, cell: usize, v: usize) {
        self.place_as::<true>(layout, cell, v);
    }

    /// [`CandidateBoard::place`] on a scratch board that only follows
    /// singles (see [`CandidateBoard::copy_marks_from`]): no stamps, no
    /// strong links, no count of candidates.
    pub fn assume(&mut self, layout: &Layout, cell: usize, v: usize) {
        self.place_as::<false>(layout, cell, v);
    }

    fn place_as<const TRACK: bool>(&mut self, layout: &Layout, cell: usize, v: usize) {
        let b = bit(v);
        let others = self.cand[cell] & !b;
        if self.cand[cell] & b == 0 || self.value[cell] != EMPTY {
            self.hit(Wall::Cell(cell));
            return;
        }
        if TRACK {
            self.candidates -= self.cand[cell].count_ones() as usize;
        }
        self.cand[cell] = 0;
        self.value[cell] = v as u8;
        self.empty -= 1;
        if TRACK {
            self.clock += 1;
            for w in members(others | b) {
                self.symbol_stamp[w] = self.clock;
            }
        }
        let units = layout.units_of(cell);
        for &(u, i) in units {
            let u = u as usize;
            self.placed[u] |= b;
            if TRACK {
                self.unit_stamp[u] = self.clock;
            }
            self.open[u] &= !bit(i as usize);
            if single(self.open[u]) {
                self.full_houses.push(u);
            }
            self.pos[u * self.n + v] &= !bit(i as usize);
        }
        for w in members(others) {
            for &(u, i) in units {
                self.lose_position::<TRACK>(u as usize, w, i as usize);
            }
        }
        for &(u, _) in units {
            let u = u as usize;
            for i in members(self.pos[u * self.n + v]) {
                self.eliminate_as::<TRACK>(layout, layout.cell(u, i), v);
            }
        }
        for &p in layout.extra_of(cell) {
            self.eliminate_as::<TRACK>(layout, p as usize, v);
        }
    }
}

/// Sets `v` to `len` copies of `x`, keeping its memory.
fn reset<T: Copy>(v: &mut Vec<T>, len: usize, x: T) {
    v.clear();
    v.resize(len, x);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Regions;

    #[test]
    fn units_and_positions() {
        let layout = Layout::new(&Shape::default_for(9).unwrap());
        assert_eq!(layout.units.len(), 27);
        // r2c5 (cell 13): row 1 at column 4, column 4 at row 1, box 1 at 4.
        assert_eq!(layout.units_of(13), &[(1, 4), (13, 1), (19, 4)]);
        assert!(layout.sees(0, 20) && layout.sees(0, 72) && !layout.sees(0, 13) && !layout.sees(0, 0));
        // Each box meets three rows and three columns: 54 pairs each way.
        assert_eq!(layout.pointing.len(), 54);
        assert_eq!(layout.claiming.len(), 54);
        let latin = Layout::new(&Shape::new(5, Regions::None).unwrap());
        assert_eq!((latin.units.len(), latin.pointing.len()), (10, 0));
    }

    /// Loading all givens at once leaves the marks, counts and singles that
    /// placing them one by one does.
    #[test]
    fn loading_at_once_is_placing_one_by_one() {
        let nine = Shape::default_for(9).unwrap();
        let latin = Shape::new(5, Regions::None).unwrap();
        let grid = |text: &str| -> Vec<Option<u8>> {
            text.chars().map(|c| c.to_digit(10).filter(|&d| d > 0).map(|d| d as u8 - 1)).collect()
        };
        let cases = [
            (&nine, grid(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...")),
            (&nine, grid("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")),
            // r1c9 has no candidate left: broken.
            (&nine, grid("12345678.........9......................................................................")),
            (&latin, grid("12...3....4....5.........")),
        ];
        for (shape, givens) in cases {
            let givens = &givens[..shape.n() * shape.n()];
            let layout = Layout::new(shape);
            let (mut a, mut b) = (CandidateBoard::default(), CandidateBoard::default());
            let ok = a.load(&layout, givens);
            b.load(&layout, &vec![None; layout.cells]);
            b.load_one_by_one(&layout, givens);
            b.requeue(&layout);
            assert_eq!(ok, !b.broken);
            assert_eq!(
                (&a.cand, &a.value, &a.pos, &a.placed, &a.open),
                (&b.cand, &b.value, &b.pos, &b.placed, &b.open)
            );
            assert_eq!((a.empty, a.candidates, a.broken), (b.empty, b.candidates, b.broken));
            assert_eq!(
                (&a.full_houses.items, &a.naked.items, &a.hidden.items),
                (&b.full_houses.items, &b.naked.items, &b.hidden.items)
            );
        }
    }

    #[test]
    fn placing_keeps_both_views_and_queues_singles() {
        let layout = Layout::new(&Shape::default_for(4).unwrap());
        let mut board = CandidateBoard::default();
        let mut givens = vec![None; 16];
        givens[0] = Some(0);
        givens[1] = Some(1);
        givens[4] = Some(2);
        assert!(board.load(&layout, &givens));
        assert_eq!(board.empty, 13);
        // Box 0 has one empty cell left (r2c2, cell 5), which must hold 3.
        assert_eq!(board.cand[5], bit(3));
        assert_eq!(board.full_houses.pop(), Some(2 * 4));
        assert_eq!(board.pos(0, 0), 0);
        assert_eq!(board.pos(0, 2), 0b1100);
        board.eliminate(&layout, 2, 2);
        assert_eq!(board.pos(0, 2), 0b1000);
        assert!(!board.broken);
        board.eliminate(&layout, 3, 2);
        assert!(board.broken, "row 1 has no place left for 3");
    }
}
