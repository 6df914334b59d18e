//! Algorithm X on bit boards by symbol, for 9x9 Sudoku with 3x3 boxes.
//!
//! The grid is cut into three bands of three rows: 27 cells, one bit each
//! in a `u32` (bit `9 * row + col` within the band, so cell `27 * band +
//! bit` of the grid). For each symbol and band, one word holds the cells
//! where the symbol may still go, or where it is placed: 27 words in all,
//! and a word per band of the cells still open. A level of the search is
//! these 30 words, so branching copies 120 bytes and backing up drops them.
//!
//! The exact cover is the one of [`crate::full_matrix`], and every forced
//! option is taken before the search branches:
//!
//! - A symbol's word in a band is cut to its *mini-rows* (a row's three
//!   cells in one box). The symbol goes once in each row of the band and
//!   once in each box, so the mini-rows it takes are a permutation: three
//!   mini-rows, no two in a row or a box. Mini-rows on no such permutation
//!   are dropped (tables indexed by the nine mini-rows do it in one step);
//!   no permutation at all is a dead end. A row left with one cell is a
//!   forced option, and so is a box: one cell in a box leaves its row one
//!   mini-row, hence one cell.
//! - A cell with one symbol left is forced, and a cell with none is a dead
//!   end.
//! - Columns the same way, across the bands, once the rest is settled: in a
//!   stack of three columns, the *mini-columns* (a column's three cells in
//!   one band) a symbol takes are a permutation too, so the same table drops
//!   those on none; a column where a symbol has one cell left is a forced
//!   option, and one with none is a dead end.
//! - Placing a symbol takes it from the cell's row, box and column (in the
//!   other bands too) and takes the cell from the other symbols. Only the
//!   words that lost a bit are looked at again.
//!
//! The search branches on a cell with the fewest symbols left, and of
//! those on the one that sees the most open cells (its choice then takes
//! the most options away: on forum_hardest_1905_11plus, 162 nodes a puzzle
//! to count to 2 instead of 282 for the first cell with two). Every
//! solution is found exactly once, so counts equal every other search's;
//! the order is this search's own.

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::{Budget, End, Meter, Outcome, Probe, Stats};

use crate::grid::{Puzzle, Regions, Shape};

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// The 27 words of a board, as a set of word indices.
const ALL_WORDS: u32 = (1 << 27) - 1;

/// The cells of a band in column 0 (shift by `c` for column `c`).
const FIRST_COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The boxes (bits 0..3) that the cells `seg` of one row (bits 0..9) meet.
/// A band's set of mini-rows has bit `3 * row + box` for the mini-row of
/// that row and box.
const fn minirows_of_row(seg: usize) -> u8 {
    let mut m = 0;
    let mut k = 0;
    while k < 3 {
        if seg & (7 << (3 * k)) != 0 {
            m |= 1 << k;
        }
        k += 1;
    }
    m
}

/// The boxes a row's nine cells (bits 0..9) meet.
static MINIROWS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = minirows_of_row(s);
        s += 1;
    }
    t
};

/// The six ways a symbol can take three mini-rows of a band, one per row
/// and box.
const PERMUTATIONS: [u16; 6] = {
    let mut t = [0u16; 6];
    let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut i = 0;
    while i < 6 {
        let mut r = 0;
        while r < 3 {
            t[i] |= 1 << (3 * r + perms[i][r]);
            r += 1;
        }
        i += 1;
    }
    t
};

/// For a set of mini-rows (or mini-columns), those on a permutation within
/// the set.
static ON_PERMUTATION: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 6 {
            if m as u16 & PERMUTATIONS[i] == PERMUTATIONS[i] {
                t[m] |= PERMUTATIONS[i];
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// For a set of mini-rows, the cells of those on a permutation within the
/// set (0: none is).
static KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let on = ON_PERMUTATION[m];
        let mut bit = 0;
        while bit < 9 {
            if on & (1 << bit) != 0 {
                let (row, b) = (bit / 3, bit % 3);
                t[m] |= 7 << (9 * row + 3 * b);
            }
            bit += 1;
        }
        m += 1;
    }
    t
};

/// A row's nine cells if exactly one is set, else 0.
static ALONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        if (s as u32).count_ones() == 1 {
            t[s] = s as u16;
        }
        s += 1;
    }
    t
};

/// The cells of a band sharing a row, box or column with cell `p`, and
/// `p` itself.
static BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (row, col) = (p / 9, p % 9);
        let b = col / 3;
        let mut m = 0x1ff << (9 * row);
        let mut r = 0;
        while r < 3 {
            m |= 7 << (9 * r + 3 * b);
            m |= 1 << (9 * r + col);
            r += 1;
        }
        t[p] = m;
        p += 1;
    }
    t
};

/// The cells of a band in cell `p`'s column.
static COLUMN: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = FIRST_COLUMN << (p % 9);
        p += 1;
    }
    t
};

/// Clears bit `p` in nine words; returns which of them had it (bit `e` for
/// word `e`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn take_cell(words: &mut [u32; 9], p: u32) -> u32 {
    use std::arch::x86_64::*;
    // Four words at a time: the bit shifted to each lane's sign, and the
    // signs gathered in one instruction. 5 to 9% off forum_hardest_1905_11plus
    // against the same loop in plain Rust (which the compiler leaves
    // scalar, five instructions a word).
    let ptr = words.as_mut_ptr() as *mut __m128i;
    // SAFETY: `words` holds nine u32, so the unaligned 16-byte loads and
    // stores of words 0..4 and 4..8 are in bounds; SSE and SSE2 are part of
    // every x86-64 processor (the target enables both).
    let had = unsafe {
        let bit = _mm_set1_epi32(1 << p);
        let shift = _mm_cvtsi32_si128(31 - p as i32);
        let low = _mm_loadu_si128(ptr);
        let high = _mm_loadu_si128(ptr.add(1));
        let had = _mm_movemask_ps(_mm_castsi128_ps(_mm_sll_epi32(low, shift))) as u32
            | (_mm_movemask_ps(_mm_castsi128_ps(_mm_sll_epi32(high, shift))) as u32) << 4;
        _mm_storeu_si128(ptr, _mm_andnot_si128(bit, low));
        _mm_storeu_si128(ptr.add(1), _mm_andnot_si128(bit, high));
        had
    };
    let last = words[8];
    words[8] = last & !(1 << p);
    had | (last >> p & 1) << 8
}

#[cfg(not(target_arch = "x86_64"))]
use take_cell_plain as take_cell;

/// [`take_cell`] in plain Rust.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
fn take_cell_plain(words: &mut [u32; 9], p: u32) -> u32 {
    let mut had = 0;
    for (e, w) in words.iter_mut().enumerate() {
        had |= (*w >> p & 1) << e;
        *w &= !(1 << p);
    }
    had
}

/// One level of the search: word `9 * band + symbol` holds the cells of
/// the band where the symbol may go or is placed; `open` holds each band's
/// cells not filled yet.
#[derive(Clone, Copy, Debug)]
struct Board {
    cand: [u32; 27],
    open: [u32; 3],
}

impl Board {
    const FRESH: Board = Board { cand: [BAND; 27], open: [BAND; 3] };

    /// Fills cell `p` of band `b` with symbol `v` (which must still be
    /// open there), noting in `dirty` the words that lose a bit.
    #[inline(always)]
    fn place(&mut self, dirty: &mut u32, b: usize, p: u32, v: usize) {
        let bit = 1u32 << p;
        let words: &mut [u32; 9] = (&mut self.cand[9 * b..9 * b + 9]).try_into().expect("nine words");
        *dirty |= take_cell(words, p) << (9 * b);
        let i = 9 * b + v;
        self.cand[i] = (self.cand[i] & !BAND_PEERS[p as usize]) | bit;
        let column = COLUMN[p as usize];
        for other in [(b + 1) % 3, (b + 2) % 3] {
            let j = 9 * other + v;
            let old = self.cand[j];
            self.cand[j] = old & !column;
            *dirty |= ((old & column != 0) as u32) << j;
        }
        self.open[b] &= !bit;
    }

    /// Takes every forced option, starting from the words in `dirty`.
    /// Returns false on a dead end.
    fn propagate(&mut self, mut dirty: u32) -> bool {
        // The words changed since the columns were last looked at.
        let mut touched = 0u32;
        loop {
            while dirty != 0 {
                let i = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                touched |= 1 << i;
                let w = self.cand[i];
                let minirows = MINIROWS[(w & 0x1ff) as usize] as usize
                    | (MINIROWS[(w >> 9 & 0x1ff) as usize] as usize) << 3
                    | (MINIROWS[(w >> 18) as usize] as usize) << 6;
                let keep = KEEP[minirows];
                if keep == 0 {
                    return false;
                }
                let w = w & keep;
                self.cand[i] = w;
                let (b, v) = (i / 9, i % 9);
                let mut forced = (ALONE[(w & 0x1ff) as usize] as u32
                    | (ALONE[(w >> 9 & 0x1ff) as usize] as u32) << 9
                    | (ALONE[(w >> 18) as usize] as u32) << 18)
                    & self.open[b];
                while forced != 0 {
                    let p = forced.trailing_zeros();
                    forced &= forced - 1;
                    self.place(&mut dirty, b, p, v);
                }
                // Placing takes nothing more from this word: a row with
                // one cell left has its mini-row on every permutation, so
                // the cell's row and box are already bare.
                dirty &= !(1 << i);
            }
            // Cells with one symbol left, or none.
            for b in 0..3 {
                let open = self.open[b];
                if open == 0 {
                    continue;
                }
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in &self.cand[9 * b..9 * b + 9] {
                    twice |= once & c;
                    once |= c;
                }
                if open & !once != 0 {
                    return false;
                }
                let mut forced = open & !twice;
                while forced != 0 {
                    let p = forced.trailing_zeros();
                    forced &= forced - 1;
                    let bit = 1 << p;
                    // None: an earlier cell of this loop took its symbol.
                    let Some(v) = (0..9).find(|&v| self.cand[9 * b + v] & bit != 0) else {
                        return false;
                    };
                    self.place(&mut dirty, b, p, v);
                }
            }
            if dirty == 0 {
                // Only symbols with a word changed since the last look.
                let symbols = (touched | touched >> 9 | touched >> 18) & 0x1ff;
                touched = 0;
                if !self.columns(&mut dirty, symbols) {
                    return false;
                }
                if dirty == 0 {
                    return true;
                }
            }
        }
    }

    /// For each symbol, drops the mini-columns on no permutation of their
    /// stack and places the symbol where a column has one cell left for
    /// it, noting in `dirty` the words that change. Returns false on a dead
    /// end (a stack with no permutation left).
    fn columns(&mut self, dirty: &mut u32, mut symbols: u32) -> bool {
        while symbols != 0 {
            let v = symbols.trailing_zeros() as usize;
            symbols &= symbols - 1;
            // The columns of each band where v may go; in each stack, the
            // mini-columns v takes form a permutation (one per band, one per
            // column).
            let columns_of = |w: u32| (w | w >> 9 | w >> 18) & 0x1ff;
            let f = [columns_of(self.cand[v]), columns_of(self.cand[9 + v]), columns_of(self.cand[18 + v])];
            let mut keep = [0u32; 3];
            for s in 0..3 {
                let m = (f[0] >> (3 * s) & 7) | (f[1] >> (3 * s) & 7) << 3 | (f[2] >> (3 * s) & 7) << 6;
                let on = ON_PERMUTATION[m as usize] as u32;
                if on == 0 {
                    return false;
                }
                for (b, k) in keep.iter_mut().enumerate() {
                    *k |= (on >> (3 * b) & 7) << (3 * s);
                }
            }
            for b in 0..3 {
                if keep[b] != f[b] {
                    let i = 9 * b + v;
                    self.cand[i] &= keep[b] * FIRST_COLUMN;
                    *dirty |= 1 << i;
                }
            }
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for b in 0..3 {
                let w = self.cand[9 * b + v];
                for r in 0..3 {
                    let row = w >> (9 * r) & 0x1ff;
                    twice |= once & row;
                    once |= row;
                }
                placed |= columns_of(w & !self.open[b]);
            }
            // Every column still has a cell (the permutations saw to it).
            let mut single = once & !twice & !placed;
            while single != 0 {
                let c = single.trailing_zeros();
                single &= single - 1;
                // None: placing v in an earlier column took this one's cell.
                let column = FIRST_COLUMN << c;
                let Some(b) = (0..3).find(|&b| self.cand[9 * b + v] & column != 0) else {
                    return false;
                };
                let cell = (self.cand[9 * b + v] & column).trailing_zeros();
                debug_assert!(self.open[b] & 1 << cell != 0);
                self.place(dirty, b, cell, v);
            }
        }
        true
    }

    /// The open cell to branch on, as band and bit, with its symbols; or
    /// `None` when every cell is filled.
    fn choose(&self) -> Option<(usize, u32, u32)> {
        if self.open == [0; 3] {
            return None;
        }
        // Bit-sliced counting: `at_least[j]` holds the cells with more than
        // j symbols left, so the open cells with exactly 2, 3 or 4 come out
        // of a few masks per band.
        let mut exactly = [[0u32; 3]; 3];
        for b in 0..3 {
            let mut at_least = [0u32; 5];
            for &c in &self.cand[9 * b..9 * b + 9] {
                for j in (1..5).rev() {
                    at_least[j] |= at_least[j - 1] & c;
                }
                at_least[0] |= c;
            }
            for (k, cells) in exactly.iter_mut().enumerate() {
                cells[b] = self.open[b] & at_least[k + 1] & !at_least[k + 2];
            }
        }
        // Of the cells with the fewest symbols, the one that sees the most
        // open cells.
        for cells in exactly {
            let mut pick: Option<(usize, u32, u32)> = None;
            for (b, &set) in cells.iter().enumerate() {
                let mut set = set;
                while set != 0 {
                    let p = set.trailing_zeros();
                    set &= set - 1;
                    let score = (self.open[b] & BAND_PEERS[p as usize]).count_ones()
                        + (self.open[(b + 1) % 3] & COLUMN[p as usize]).count_ones()
                        + (self.open[(b + 2) % 3] & COLUMN[p as usize]).count_ones();
                    if pick.is_none_or(|(_, _, o)| score > o) {
                        pick = Some((b, p, score));
                    }
                }
            }
            if let Some((b, p, _)) = pick {
                return Some((b, p, self.symbols(b, p)));
            }
        }
        // Every open cell has five symbols or more: the fewest.
        let mut best: Option<(usize, u32, u32)> = None;
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let p = open.trailing_zeros();
                open &= open - 1;
                let symbols = self.symbols(b, p);
                if best.is_none_or(|(_, _, s)| symbols.count_ones() < s.count_ones()) {
                    best = Some((b, p, symbols));
                }
            }
        }
        best
    }

    /// The symbols open at cell `p` of band `b`, as bits.
    fn symbols(&self, b: usize, p: u32) -> u32 {
        (0..9).fold(0, |acc, v| acc | (self.cand[9 * b + v] >> p & 1) << v)
    }

    /// The filled grid, row by row.
    fn write(&self, grid: &mut [u8; 81]) {
        for (i, &w) in self.cand.iter().enumerate() {
            let (b, v) = (i / 9, i % 9);
            let mut w = w;
            while w != 0 {
                grid[27 * b + w.trailing_zeros() as usize] = v as u8;
                w &= w - 1;
            }
        }
    }
}

/// One branching point: the cell and the symbols not tried yet.
#[derive(Clone, Copy, Debug)]
struct Frame {
    band: u8,
    bit: u8,
    rest: u16,
}

/// Whether `shape` is 9x9 with 3x3 boxes, as boxes or as a map of them.
pub(crate) fn is_nine_by_boxes(shape: &Shape) -> bool {
    match shape.regions() {
        Regions::Boxes { rows: 3, cols: 3 } => true,
        // Every cell in the region of its box's top left cell.
        Regions::Map(_) if shape.n() == 9 => {
            (0..81).all(|cell| shape.region(cell) == shape.region(cell / 27 * 27 + cell % 9 / 3 * 3))
        }
        _ => false,
    }
}

/// A 9x9 board made ready for searches: givens placed and every forced
/// option taken ([`Nine::prepare`]). Preparing a board again from it with
/// more givens costs only the propagation of what they change, which is
/// what a puzzle maker asks for over and over: the same givens, and a few
/// others, each time.
#[derive(Clone, Copy, Debug)]
pub struct Prepared(Board);

impl Prepared {
    /// Places `v` in `cell` (both in range). False if the board has
    /// another symbol there or no room for `v`.
    fn put(&mut self, dirty: &mut u32, cell: usize, v: u8) -> bool {
        let (b, p) = (cell / 27, (cell % 27) as u32);
        if self.0.cand[9 * b + v as usize] & 1 << p == 0 {
            return false;
        }
        // Already placed (by a given, or forced): its symbol is v.
        if self.0.open[b] & 1 << p != 0 {
            self.0.place(dirty, b, p, v as usize);
        }
        true
    }
}

/// The search for 9x9 grids with 3x3 boxes, reused from puzzle to puzzle.
#[derive(Clone, Debug)]
pub struct Nine {
    levels: Vec<Board>,
    frames: Vec<Frame>,
    grid: [u8; 81],
    /// Placements the search under way must avoid (cell, symbol): set by
    /// [`Nine::solve_excluding`] for one search.
    excluded: Vec<(usize, u8)>,
    meter: Meter,
    /// The solutions and nodes of the last search, and how it ended.
    stats: Stats,
    end: End,
}

impl Nine {
    /// The search for `shape`, or `None` unless it is 9x9 with 3x3 boxes
    /// (given as boxes, or as a map of the same regions).
    pub fn new(shape: &Shape) -> Option<Nine> {
        is_nine_by_boxes(shape).then(|| Nine {
            levels: vec![Board::FRESH],
            frames: Vec::new(),
            grid: [0; 81],
            excluded: Vec::new(),
            meter: Meter::new(),
            stats: Stats::default(),
            end: End::Complete,
        })
    }

    /// Bounds the searches to come (nodes: the root and every branch tried).
    pub fn set_budget(&mut self, budget: Budget) {
        self.meter.set_budget(budget);
    }

    /// Reports the searches to come to `probe`, which can also stop them.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.meter.set_probe(probe);
    }

    /// The solutions and nodes of the last search (the root and every
    /// branch tried; it makes no list updates to count).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// How the last search ended.
    pub fn end(&self) -> End {
        self.end
    }

    /// Sets up level 0 from the givens (symbol indices of the 81 cells,
    /// row by row) and propagates. Returns false if that finds no solution.
    fn start(&mut self, givens: &[Option<u8>]) -> bool {
        let board = &mut self.levels[0];
        *board = Board::FRESH;
        let mut dirty = 0;
        for (cell, g) in givens.iter().enumerate() {
            if let &Some(v) = g {
                let (b, p) = (cell / 27, (cell % 27) as u32);
                if board.cand[9 * b + v as usize] & 1 << p == 0 {
                    return false; // a given clashes with an earlier one
                }
                board.place(&mut dirty, b, p, v as usize);
            }
        }
        // Excluded placements: a given one leaves no solution; an open one
        // is taken from its symbol's word (propagation looks at every word).
        for &(cell, v) in &self.excluded {
            if givens[cell] == Some(v) {
                return false;
            }
            board.cand[9 * (cell / 27) + v as usize] &= !(1 << (cell % 27));
        }
        board.propagate(ALL_WORDS)
    }

    /// Visits every solution of `puzzle` (9x9; its regions are taken to be
    /// the boxes) as a filled grid of symbol indices, row by row, until the
    /// visitor breaks or the budget runs out, and says how it ended.
    pub fn solve<F>(&mut self, puzzle: &Puzzle, visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(puzzle.n(), 9, "a puzzle of another order");
        self.meter.start();
        let (found, otherwise) = self.search(puzzle.givens(), visit);
        let outcome = self.meter.finish(found, self.meter.nodes(), otherwise);
        self.stats = Stats { solutions: found, nodes: outcome.nodes(), updates: 0 };
        self.end = outcome.end();
        outcome
    }

    /// Visits the solutions of `puzzle` (as [`Nine::solve`] does) that
    /// place none of `excluded`: pairs (cell, symbol), cells row by row
    /// from 0, symbols from 0. Excluding a given's own symbol leaves no
    /// solution; pairs outside the grid exclude nothing.
    pub fn solve_excluding<F>(&mut self, puzzle: &Puzzle, excluded: &[(usize, u8)], visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.excluded.clear();
        self.excluded.extend(excluded.iter().filter(|&&(c, v)| c < 81 && v < 9));
        let outcome = self.solve(puzzle, visit);
        self.excluded.clear();
        outcome
    }

    /// A board with the placements of `places` (cell, symbol; cells row
    /// by row from 0) added to `base` (or to the blank board), none of
    /// `excluded` left open, and every forced option taken; `None` if that
    /// leaves no solution. Pairs outside the grid are ignored.
    pub fn prepare(
        base: Option<&Prepared>,
        places: &[(usize, u8)],
        excluded: &[(usize, u8)],
    ) -> Option<Prepared> {
        let mut board = base.copied().unwrap_or(Prepared(Board::FRESH));
        let mut dirty = if base.is_none() { ALL_WORDS } else { 0 };
        for &(cell, v) in places {
            if cell < 81 && v < 9 && !board.put(&mut dirty, cell, v) {
                return None;
            }
        }
        for &(cell, v) in excluded {
            if cell >= 81 || v >= 9 {
                continue;
            }
            let (b, p) = (cell / 27, (cell % 27) as u32);
            let i = 9 * b + v as usize;
            if board.0.cand[i] & 1 << p != 0 {
                if board.0.open[b] & 1 << p == 0 {
                    return None; // v is placed there
                }
                board.0.cand[i] &= !(1 << p);
                dirty |= 1 << i;
            }
        }
        // Words untouched keep the base's fixpoint; a cell left with one
        // candidate, or none, is seen by the scan of cells.
        board.0.propagate(dirty).then_some(board)
    }

    /// Visits the solutions of a prepared board (as [`Nine::solve`]
    /// visits a puzzle's) until the visitor breaks or the budget runs out.
    pub fn solve_prepared<F>(&mut self, board: &Prepared, mut visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.meter.start();
        let (found, otherwise) = if self.meter.node(0) {
            (0, End::Complete)
        } else {
            self.levels[0] = board.0;
            self.descend(&mut visit)
        };
        let outcome = self.meter.finish(found, self.meter.nodes(), otherwise);
        self.stats = Stats { solutions: found, nodes: outcome.nodes(), updates: 0 };
        self.end = outcome.end();
        outcome
    }

    /// The search: the solutions visited, and how it ended unless the
    /// meter stopped it.
    fn search<F>(&mut self, givens: &[Option<u8>], mut visit: F) -> (u64, End)
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        debug_assert_eq!(givens.len(), 81);
        // The root.
        if self.meter.node(0) {
            return (0, End::Complete);
        }
        if !self.start(givens) {
            return (0, End::Complete);
        }
        self.descend(&mut visit)
    }

    /// The search below level 0, which holds a consistent board with every
    /// forced option taken.
    fn descend<F>(&mut self, visit: &mut F) -> (u64, End)
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        let mut found = 0u64;
        self.frames.clear();
        let mut level = 0usize;
        loop {
            // `level` holds a consistent board with every forced option
            // taken: a solution, or a branching point.
            match self.levels[level].choose() {
                None => {
                    found += 1;
                    self.levels[level].write(&mut self.grid);
                    if visit(&self.grid).is_break() {
                        return (found, End::Limit);
                    }
                }
                Some((band, bit, rest)) => {
                    self.frames.push(Frame { band: band as u8, bit: bit as u8, rest: rest as u16 })
                }
            }
            // Take the next branch, backing up as far as needed.
            loop {
                let Some(frame) = self.frames.last_mut() else { return (found, End::Complete) };
                if frame.rest == 0 {
                    self.frames.pop();
                    continue;
                }
                let v = frame.rest.trailing_zeros() as usize;
                frame.rest &= frame.rest - 1;
                let (b, p) = (frame.band as usize, frame.bit as u32);
                level = self.frames.len();
                if self.levels.len() <= level {
                    self.levels.push(Board::FRESH);
                }
                self.levels[level] = self.levels[level - 1];
                if self.meter.node(found) {
                    return (found, End::Complete);
                }
                let board = &mut self.levels[level];
                let mut dirty = 0;
                board.place(&mut dirty, b, p, v);
                if board.propagate(dirty) {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_cell_agrees_with_plain_rust() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..10_000 {
            let mut words = [0u32; 9];
            for w in &mut words {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *w = x as u32 & BAND;
            }
            let p = (x >> 40) as u32 % 27;
            let mut plain = words;
            assert_eq!(take_cell(&mut words, p), take_cell_plain(&mut plain, p));
            assert_eq!(words, plain);
            assert!(words.iter().all(|w| w & 1 << p == 0));
        }
    }

    #[test]
    fn prepared_boards_find_what_the_plain_search_finds() {
        // Puzzles with a few givens of a grid, split in two parts placed
        // one after the other, some cells excluded: the prepared search
        // lists the same solutions (the first 50) as the plain search with
        // exclusions.
        use crate::grid::{Alphabet, Puzzle};
        let shape = Shape::default_for(9).unwrap();
        let grid: Vec<u8> =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .bytes()
                .map(|b| b - b'1')
                .collect();
        let mut nine = Nine::new(&shape).unwrap();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..200 {
            let keep = 22 + round % 20;
            let cells: Vec<usize> = (0..81).filter(|_| next() % 81 < keep).collect();
            let places: Vec<(usize, u8)> = cells.iter().map(|&c| (c, grid[c])).collect();
            let excluded: Vec<(usize, u8)> =
                (0..2).map(|_| ((next() % 81) as usize, (next() % 9) as u8)).collect();
            let mut givens = vec![None; 81];
            for &(c, v) in &places {
                givens[c] = Some(v);
            }
            let puzzle = Puzzle::new(shape.clone(), Alphabet::default_for(9).unwrap(), givens).unwrap();
            let mut plain = Vec::new();
            let _ = nine.solve_excluding(&puzzle, &excluded, |g| {
                plain.push(g.to_vec());
                if plain.len() < 50 {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            });
            let half = places.len() / 2;
            let first = Nine::prepare(None, &places[..half], &[]).unwrap();
            let mut prepared = Vec::new();
            if let Some(board) = Nine::prepare(Some(&first), &places[half..], &excluded) {
                let _ = nine.solve_prepared(&board, |g| {
                    prepared.push(g.to_vec());
                    if prepared.len() < 50 {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                });
            }
            assert_eq!(prepared, plain, "round {round}");
        }
    }
}
