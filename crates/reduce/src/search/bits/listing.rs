//! DLX1's listing of a grid puzzle, on arrays instead of links.
//!
//! [`Listing`] walks the very tree the dancing links walk on the full
//! matrix ([`crate::full_matrix`]) with the givens forced: at each level
//! the leftmost active item with the fewest options, its options in the
//! matrix's order (a cell's symbols upward, a unit's cells upward). So it
//! lists the same solutions in the same order, and counts the same nodes
//! (the root and every option tried, as DLX1 counts them). What differs is
//! the bookkeeping: the length of every item is a byte in one array, the
//! options still open are a word of symbols per cell, and each level works
//! on its own copy of both (240 bytes at 6x6, arrays of a size fixed at
//! compile time, so a copy is a few vector moves), so undoing a choice is
//! dropping a copy. The items with one option left are a set of bits kept
//! as lengths are counted down, so the choice at a forced level (most
//! levels of a listing) is the lowest bit; elsewhere it is one pass of
//! byte minima over the lengths, which the compiler vectorizes. A listing visits
//! millions of solutions a few nodes apart; there the links' unlinking and
//! relinking cost more than the copy (the blank grouped 6x6: see
//! `bench/results.md`).
//!
//! It takes orders up to [`MAX_LISTING_ORDER`] (lengths and words stay
//! small; above, a level's copy would outgrow the links' work).

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::{Budget, End, Meter, Outcome, Probe, Stats};

use crate::grid::Shape;
use crate::puzzle::{Conflict, Puzzle};

/// The largest order [`Listing`] takes.
pub const MAX_LISTING_ORDER: usize = 12;

/// The length of a covered item: above every real length.
const COVERED: u8 = u8::MAX;

/// The minimum of the lengths is taken this many bytes at a time.
const CHUNK: usize = 16;

/// The state of one level: the length of every item (`I` bytes, a
/// multiple of [`CHUNK`], padded with covered items), the open symbols of
/// every cell (none once filled; `C` cells), and the set of items with one
/// option left (`W` words).
#[derive(Clone, Copy, Debug)]
struct Level<const I: usize, const C: usize, const W: usize> {
    len: [u8; I],
    cand: [u16; C],
    low: [u64; W],
}

impl<const I: usize, const C: usize, const W: usize> Level<I, C, W> {
    const BLANK: Self = Level { len: [COVERED; I], cand: [0; C], low: [0; W] };
}

/// The levels of a search, sized for the order.
#[derive(Clone, Debug)]
enum Levels {
    /// Orders up to 6 (4 x 36 items).
    Small(Vec<Level<144, 36, 3>>),
    /// Orders up to 9 (4 x 81 items, padded).
    Middle(Vec<Level<336, 81, 6>>),
    /// Orders up to 12 (4 x 144 items).
    Large(Vec<Level<576, 144, 9>>),
}

/// One level of the search: the item chosen, the options of it still to
/// try (bits: a cell's symbols, or positions in a unit's cell list).
#[derive(Clone, Copy, Debug)]
struct Frame {
    item: u32,
    rest: u16,
}

/// The shape's tables, which no level changes.
#[derive(Clone, Debug)]
struct Tables {
    n: usize,
    /// The items that exist (cells, then rows, columns and regions by
    /// symbol).
    items: usize,
    /// The units: rows, columns, then regions (if any), each its cells in
    /// increasing order.
    unit_cells: Vec<Vec<u16>>,
    /// The units of each cell: row, column, region (`u32::MAX` for none).
    units_of: Vec<[u32; 3]>,
    /// The other cells of each cell's units, each once.
    peers: Vec<Vec<u16>>,
}

/// DLX1's listing on arrays for one shape (see the module documentation).
#[derive(Clone, Debug)]
pub struct Listing {
    shape: Shape,
    tables: Tables,
    levels: Levels,
    frames: Vec<Frame>,
    grid: Vec<u8>,
    meter: Meter,
    stats: Stats,
    end: End,
}

impl Listing {
    /// The listing for `shape`, or `None` above [`MAX_LISTING_ORDER`].
    pub fn new(shape: &Shape) -> Option<Listing> {
        let n = shape.n();
        let depth = n * n + 1;
        let levels = match n {
            0..=6 => Levels::Small(vec![Level::BLANK; depth]),
            7..=9 => Levels::Middle(vec![Level::BLANK; depth]),
            10..=MAX_LISTING_ORDER => Levels::Large(vec![Level::BLANK; depth]),
            _ => return None,
        };
        let kinds = if shape.has_regions() { 3 } else { 2 };
        let mut unit_cells = vec![Vec::new(); kinds * n];
        let mut units_of = vec![[u32::MAX; 3]; n * n];
        for (cell, slots) in units_of.iter_mut().enumerate() {
            let (r, c) = (cell / n, cell % n);
            let mut units = [r, n + c, usize::MAX];
            if let Some(k) = shape.region(cell) {
                units[2] = 2 * n + k;
            }
            for (slot, &u) in units.iter().enumerate() {
                if u != usize::MAX {
                    unit_cells[u].push(cell as u16);
                    slots[slot] = u as u32;
                }
            }
        }
        let peers = (0..n * n)
            .map(|cell| {
                let mut p: Vec<u16> = units_of[cell]
                    .iter()
                    .filter(|&&u| u != u32::MAX)
                    .flat_map(|&u| unit_cells[u as usize].iter().copied())
                    .filter(|&q| q as usize != cell)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        let tables = Tables { n, items: (1 + kinds) * n * n, unit_cells, units_of, peers };
        Some(Listing {
            shape: shape.clone(),
            tables,
            levels,
            frames: Vec::with_capacity(depth),
            grid: vec![0; n * n],
            meter: Meter::new(),
            stats: Stats::default(),
            end: End::Complete,
        })
    }

    /// Bounds the searches to come (DLX1's nodes, and a deadline).
    pub fn set_budget(&mut self, budget: Budget) {
        self.meter.set_budget(budget);
    }

    /// Reports the searches to come to `probe`, which can also stop them.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.meter.set_probe(probe);
    }

    /// The solutions and DLX1's nodes of the last search (no updates).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// How the last search ended.
    pub fn end(&self) -> End {
        self.end
    }

    /// Visits each solution of `puzzle` (of this listing's shape) as a
    /// filled grid (symbol indices, row by row), in DLX1's order, until
    /// the visitor breaks or the budget runs out; or the clash that leaves
    /// the puzzle without a solution.
    pub fn solve<F>(&mut self, puzzle: &Puzzle, visit: F) -> Result<Outcome, Conflict>
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(puzzle.shape(), &self.shape, "a puzzle of another shape");
        if let Some(conflict) = puzzle.conflict() {
            return Err(conflict);
        }
        self.meter.start();
        let mut run = Run { tables: &self.tables, frames: &mut self.frames, grid: &mut self.grid };
        let (found, otherwise) = match &mut self.levels {
            Levels::Small(l) => run.search(l, puzzle, &mut self.meter, visit),
            Levels::Middle(l) => run.search(l, puzzle, &mut self.meter, visit),
            Levels::Large(l) => run.search(l, puzzle, &mut self.meter, visit),
        };
        let outcome = self.meter.finish(found, self.meter.nodes(), otherwise);
        self.stats = Stats { solutions: found, nodes: outcome.nodes(), updates: 0 };
        self.end = outcome.end();
        Ok(outcome)
    }
}

/// A search under way: the tables, and the parts of the listing it
/// changes besides the levels.
struct Run<'a> {
    tables: &'a Tables,
    frames: &'a mut Vec<Frame>,
    grid: &'a mut [u8],
}

impl Tables {
    /// Level 0 from the givens of `puzzle`; false when it has an item with
    /// no option (DLX1's root then has nothing to try).
    fn start<const I: usize, const C: usize, const W: usize>(
        &self,
        level: &mut Level<I, C, W>,
        grid: &mut [u8],
        puzzle: &Puzzle,
    ) -> bool {
        let n = self.n;
        let all = (1u16 << n) - 1;
        *level = Level::BLANK;
        level.len[..self.items].fill(n as u8);
        level.cand[..n * n].fill(all);
        for (cell, g) in puzzle.givens().iter().enumerate() {
            if let Some(v) = *g {
                if level.cand[cell] & (1 << v) == 0 || !self.place(level, cell, v as usize) {
                    return false;
                }
                grid[cell] = v;
            }
        }
        // The items with one option, afresh (givens may leave an item with
        // one option before any count reaches it).
        level.low = [0; W];
        for (i, &l) in level.len.iter().enumerate() {
            if l == 0 {
                return false;
            }
            level.low[i / 64] |= ((l == 1) as u64) << (i % 64);
        }
        true
    }

    /// Takes option (cell, v) at `level`: removes the options that clash
    /// with it, counting down their items, and covers its own. False as
    /// soon as an item has no option left (DLX1's dead end: the level is
    /// dropped, and its state is left half made).
    #[inline(always)]
    fn place<const I: usize, const C: usize, const W: usize>(
        &self,
        level: &mut Level<I, C, W>,
        cell: usize,
        v: usize,
    ) -> bool {
        let n = self.n;
        let nn = n * n;
        let units = self.units_of[cell];
        let Level { len, cand, low } = level;
        // The cell's other symbols.
        let mut others = cand[cell] & !(1 << v);
        while others != 0 {
            let w = others.trailing_zeros() as usize;
            others &= others - 1;
            for &u in &units {
                if u != u32::MAX && !count_down(len, low, nn + u as usize * n + w) {
                    return false;
                }
            }
        }
        // The symbol in the other cells of the cell's units.
        let bit = 1u16 << v;
        for &p in &self.peers[cell] {
            let p = p as usize;
            if cand[p] & bit != 0 {
                cand[p] &= !bit;
                if !count_down(len, low, p) {
                    return false;
                }
                for &u in &self.units_of[p] {
                    if u != u32::MAX && !count_down(len, low, nn + u as usize * n + v) {
                        return false;
                    }
                }
            }
        }
        cand[cell] = 0;
        cover(len, low, cell);
        for &u in &units {
            if u != u32::MAX {
                cover(len, low, nn + u as usize * n + v);
            }
        }
        true
    }

    /// DLX1's choice at `level`: the leftmost item with the fewest options
    /// (`None` when every item is covered: a solution). No item has none
    /// ([`Tables::place`] said so).
    #[inline(always)]
    fn choose<const I: usize, const C: usize, const W: usize>(
        &self,
        level: &Level<I, C, W>,
    ) -> Option<usize> {
        if let Some(k) = level.low.iter().position(|&w| w != 0) {
            return Some(k * 64 + level.low[k].trailing_zeros() as usize);
        }
        let least = level.len.chunks_exact(CHUNK).fold([COVERED; CHUNK], |mut m, c| {
            for (a, &b) in m.iter_mut().zip(c) {
                *a = (*a).min(b);
            }
            m
        });
        let least = least.iter().copied().min().unwrap_or(COVERED);
        if least == COVERED {
            return None;
        }
        level.len.iter().position(|&l| l == least)
    }

    /// The options of `item` at `level`, as the bits [`Frame::rest`] holds.
    fn options<const I: usize, const C: usize, const W: usize>(
        &self,
        level: &Level<I, C, W>,
        item: usize,
    ) -> u16 {
        let nn = self.n * self.n;
        if item < nn {
            return level.cand[item];
        }
        let (u, v) = ((item - nn) / self.n, (item - nn) % self.n);
        let mut rest = 0u16;
        for (j, &c) in self.unit_cells[u].iter().enumerate() {
            rest |= ((level.cand[c as usize] >> v) & 1) << j;
        }
        rest
    }

    /// The option (cell, symbol) of `item` at bit `j` of its rest.
    #[inline(always)]
    fn option(&self, item: usize, j: usize) -> (usize, usize) {
        let nn = self.n * self.n;
        if item < nn {
            (item, j)
        } else {
            let (u, v) = ((item - nn) / self.n, (item - nn) % self.n);
            (self.unit_cells[u][j] as usize, v)
        }
    }
}

impl Run<'_> {
    /// The search: the solutions visited, and how it ended unless the
    /// meter stopped it.
    fn search<F, const I: usize, const C: usize, const W: usize>(
        &mut self,
        levels: &mut [Level<I, C, W>],
        puzzle: &Puzzle,
        meter: &mut Meter,
        mut visit: F,
    ) -> (u64, End)
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        let t = self.tables;
        let mut found = 0u64;
        self.frames.clear();
        // The root.
        if meter.node(0) {
            return (0, End::Complete);
        }
        if !t.start(&mut levels[0], self.grid, puzzle) {
            return (0, End::Complete);
        }
        // `level` holds the state below the frames' choices.
        let mut level = 0;
        loop {
            match t.choose(&levels[level]) {
                None => {
                    found += 1;
                    if visit(self.grid).is_break() {
                        return (found, End::Limit);
                    }
                }
                Some(item) => {
                    let rest = t.options(&levels[level], item);
                    self.frames.push(Frame { item: item as u32, rest });
                }
            }
            // The next option, backing up as far as needed.
            loop {
                let Some(frame) = self.frames.last_mut() else {
                    return (found, End::Complete);
                };
                if frame.rest == 0 {
                    self.frames.pop();
                    continue;
                }
                let j = frame.rest.trailing_zeros() as usize;
                frame.rest &= frame.rest - 1;
                let item = frame.item as usize;
                let parent = self.frames.len() - 1;
                if meter.node(found) {
                    return (found, End::Complete);
                }
                let (cell, v) = t.option(item, j);
                level = parent + 1;
                levels[level] = levels[parent];
                self.grid[cell] = v as u8;
                if t.place(&mut levels[level], cell, v) {
                    break;
                }
                // An item with no option: DLX1 enters the level (counted
                // as the option's node) and backs up.
            }
        }
    }
}

/// Counts down the length of item `i`, noting it in `low` when one option
/// is left; false when none is.
#[inline(always)]
fn count_down(len: &mut [u8], low: &mut [u64], i: usize) -> bool {
    let l = len[i].wrapping_sub(1);
    len[i] = l;
    low[i / 64] |= ((l == 1) as u64) << (i % 64);
    l != 0
}

/// Covers item `i`.
#[inline(always)]
fn cover(len: &mut [u8], low: &mut [u64], i: usize) {
    len[i] = COVERED;
    low[i / 64] &= !(1 << (i % 64));
}
