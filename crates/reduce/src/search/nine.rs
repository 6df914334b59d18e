//! Algorithm X on bit boards by symbol, for 9x9 Sudoku with 3x3 boxes.
//!
//! The grid is cut into three bands of three rows: 27 cells, one bit each
//! in a `u32` (bit `9 * row + col` within the band, so cell `27 * band +
//! bit` of the grid). For each symbol and band, one word holds the cells
//! where the symbol may still go, or where it is placed: 27 words in all,
//! and a word per band of the cells still open. A level of the search is
//! these 30 words and what the propagation keeps beside them (about 400
//! bytes in all), copied when branching and dropped when backing up.
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
//! - Full mini-rows and mini-columns: when three symbols are forced into
//!   the same mini-row (every permutation left of theirs takes it), its
//!   three cells hold those three, and the other symbols lose them; four
//!   forced into one is a dead end. This one is looked for only once a
//!   search has met a few dead ends, and once per node
//!   (`DEAD_ENDS_BEFORE_FILL`).
//!
//! The search branches on what has the fewest ways left: of the bands and
//! stacks not settled, the one whose symbols have the fewest permutations
//! of their mini-rows (mini-columns) left in all, and in it the symbol with
//! the fewest (two, most often); a choice is one permutation. Only when
//! every band and stack is settled does it branch on a cell with the
//! fewest symbols. On the first 5,000 puzzles of forum_hardest_1905_11plus
//! the count to 2 took 2.13G instructions (whole process) when this order
//! was chosen; 5.75G with the same forcing but branching on cells, 2.85G
//! for the search before this one (cells, no full mini-rows). Later trims
//! of the propagation's cost, same nodes, brought it to 1.92G. Every solution is found exactly once (the
//! choices of a branch are disjoint and cover every way on), so counts
//! equal every other search's; the order is this search's own, and a
//! puzzle with several solutions may show a different first one than
//! before this order was chosen.

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::{Budget, End, Meter, Outcome, Probe, Stats};

use crate::cpu::{self, Level};
use crate::grid::{Regions, Shape};
use crate::puzzle::Puzzle;

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

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

/// For a set of mini-rows (or of mini-columns, bit `3 * band + column`
/// within a stack), as bits 0..27: the cells of those on a permutation
/// within the set (0: none is); then, from bit 32, the ones in every such
/// permutation (alone in their row: *forced*), from bit 41 how many
/// permutations there are, and from bit 44 which (bit `j` for
/// `PERMUTATIONS[j]`).
static KEEP_INFO: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut m = 0;
    while m < 512 {
        let on = ON_PERMUTATION[m];
        let mut cells = 0u64;
        let mut forced = 0u64;
        let mut r = 0;
        while r < 3 {
            let row = (on >> (3 * r)) & 7;
            let mut k = 0;
            while k < 3 {
                if row & (1 << k) != 0 {
                    cells |= 7 << (9 * r + 3 * k);
                }
                k += 1;
            }
            if row != 0 && row & (row - 1) == 0 {
                forced |= (row as u64) << (3 * r);
            }
            r += 1;
        }
        let (mut count, mut set) = (0u64, 0u64);
        let mut i = 0;
        while i < 6 {
            if m as u16 & PERMUTATIONS[i] == PERMUTATIONS[i] {
                count += 1;
                set |= 1 << i;
            }
            i += 1;
        }
        t[m] = cells | forced << 32 | count << 41 | set << 44;
        m += 1;
    }
    t
};

/// The permutations within a set of mini-rows or mini-columns (bit `j`
/// for `PERMUTATIONS[j]`).
fn permutations_in(m: usize) -> u32 {
    (KEEP_INFO[m & 0x1ff] >> 44) as u32
}

/// The nine bits of a set, one per nibble: adding these counts, per
/// mini-row (or mini-column), the symbols forced into it.
static SPREAD: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut m = 0;
    while m < 512 {
        let mut j = 0;
        while j < 9 {
            if m & (1 << j) != 0 {
                t[m] |= 1 << (4 * j);
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// Bit 3 of each of nine nibbles.
const NIBBLE_HIGH: u64 = 0x8_8888_8888;

/// The cells of each permutation's mini-rows.
static PERMUTATION_CELLS: [u32; 6] = {
    let mut t = [0u32; 6];
    let mut i = 0;
    while i < 6 {
        t[i] = (KEEP_INFO[PERMUTATIONS[i] as usize] & BAND as u64) as u32;
        i += 1;
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

/// The cells of a band in stack `s` (its box of that stack).
const fn stack_cells(s: usize) -> u32 {
    (FIRST_COLUMN * 7) << (3 * s)
}

/// For each word, its band, and the words of its symbol in the two other
/// bands (the five spare words: band 3, which has no cells open, and
/// themselves).
static WORD: [(u8, [u8; 2]); 32] = {
    let mut t = [(3u8, [0u8; 2]); 32];
    let mut i = 0;
    while i < 32 {
        if i < 27 {
            let (b, v) = (i / 9, i % 9);
            let [x, y] = OTHERS[b];
            t[i] = (b as u8, [(9 * x + v) as u8, (9 * y + v) as u8]);
        } else {
            t[i] = (3, [i as u8, i as u8]);
        }
        i += 1;
    }
    t
};

/// Lanes of the steps that work on every symbol at once: the nine
/// symbols, padded to a multiple of four (three vectors of four words; a
/// band's nine words and three past them are in the 32 words of a board).
const LANES: usize = 12;

/// The two other bands.
const OTHERS: [[usize; 2]; 3] = [[1, 2], [2, 0], [0, 1]];

/// The columns of a band where a word has cells (bit `c` for column `c`).
#[inline(always)]
fn columns_of(w: u32) -> u32 {
    (w | w >> 9 | w >> 18) & 0x1ff
}

/// Within each stack of three columns (bits `3 * s..3 * s + 3`), the bit
/// of the next column, cyclically.
#[inline(always)]
fn next_column(x: u32) -> u32 {
    ((x >> 1) & 0o333) | ((x << 2) & 0o444)
}

/// Within each stack, the bit of the column after next.
#[inline(always)]
fn after_next_column(x: u32) -> u32 {
    ((x << 1) & 0o666) | ((x >> 2) & 0o111)
}

/// Of the columns of each band where a symbol may go (9 bits per band),
/// those where it may go in one band only: it is forced into that
/// mini-column.
#[inline(always)]
fn forced_columns(all: u32) -> u32 {
    let (f0, f1, f2) = (all & 0x1ff, all >> 9 & 0x1ff, all >> 18 & 0x1ff);
    (f0 & !(f1 | f2)) | (f1 & !(f0 | f2)) << 9 | (f2 & !(f0 | f1)) << 18
}

/// The stacks where a set of columns has one (bit `3 * s`).
#[inline(always)]
fn columns_of_stacks(x: u32) -> u32 {
    (x | x >> 1 | x >> 2) & 0o111
}

/// The mini-rows of a word where it has cells (bit `3 * row + box`).
#[inline(always)]
fn minirows_of(w: u32) -> usize {
    MINIROWS[(w & 0x1ff) as usize] as usize
        | (MINIROWS[(w >> 9 & 0x1ff) as usize] as usize) << 3
        | (MINIROWS[(w >> 18 & 0x1ff) as usize] as usize) << 6
}

/// How the propagation finds a word's mini-rows: by table, or with one
/// BMI2 instruction where the CPU has it.
trait Minirows: Copy {
    /// The mini-rows of a word where it has cells, as [`minirows_of`].
    fn of(self, w: u32) -> usize;
}

/// Mini-rows by [`minirows_of`]'s tables.
#[derive(Clone, Copy)]
struct ByTable;

impl Minirows for ByTable {
    #[inline(always)]
    fn of(self, w: u32) -> usize {
        minirows_of(w)
    }
}

/// Mini-rows with `pext`: a mini-row's three cells folded onto its first
/// (bit `3 * (3 * row + box)` of the word), those nine bits packed.
#[derive(Clone, Copy)]
struct ByPext(cpu::Bmi2);

impl Minirows for ByPext {
    #[inline(always)]
    fn of(self, w: u32) -> usize {
        self.0.pext(w | w >> 1 | w >> 2, 0o111_111_111) as usize
    }
}

/// For the columns of a band where a symbol may go (bit `c` for column
/// `c`), the cells of another band it keeps: a stack where the symbol has
/// one column left in this band takes that column from the other bands.
static POINTING: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut keep = BAND;
        let mut s = 0;
        while s < 3 {
            let g = (m as u32 >> (3 * s)) & 7;
            if g != 0 && g & (g - 1) == 0 {
                keep &= !(FIRST_COLUMN << (3 * s + g.trailing_zeros() as usize));
            }
            s += 1;
        }
        t[m] = keep;
        m += 1;
    }
    t
};

/// The cells of a word alone in their row.
#[inline(always)]
fn row_singles(w: u32) -> u32 {
    ALONE[(w & 0x1ff) as usize] as u32
        | (ALONE[(w >> 9 & 0x1ff) as usize] as u32) << 9
        | (ALONE[(w >> 18 & 0x1ff) as usize] as u32) << 18
}

/// The cells of a band sharing a row or box with cell `p` (not `p`).
#[inline(always)]
fn peers(p: u32) -> u32 {
    BAND_PEERS[p as usize] & !(1 << p)
}

/// Up to this many symbols to look at, the column step goes symbol by
/// symbol rather than over every lane at once: about half of its calls
/// on serg_benchmark and forum_hardest have one to three.
const FEW_SYMBOLS: u32 = 3;

/// What the column step makes of one symbol's words in the three bands.
struct StackStep {
    /// The words without the mini-columns on no permutation.
    words: [u32; 3],
    /// Nonzero if a stack has no permutation left.
    dead: u32,
    /// Nonzero if a mini-column was dropped.
    changed: u32,
    /// The permutations left in each stack (8 bits each).
    counts: u32,
    /// The columns of each band kept (9 bits per band).
    cols: u32,
    /// Per band, the columns with one cell left for the symbol, in no
    /// other band, not filled yet.
    single: [u32; 3],
}

/// The column step for one symbol's words `w` in the three bands, whose
/// open cells are `open`: in each stack, the mini-columns the symbol takes
/// form a permutation (one per band, one per column), so a mini-column on
/// none is dropped; and the columns left with one cell.
#[inline(always)]
fn stack_step(w: [u32; 3], open: &[u32; 4]) -> StackStep {
    const FIRST_OF_STACKS: u32 = 0o111;
    // The columns of each band where the symbol may go.
    let f = [columns_of(w[0]), columns_of(w[1]), columns_of(w[2])];
    // A mini-column is on a permutation when the two other bands take the
    // two other columns, one way or the other. (Columns left on
    // permutations at the last look are all kept again.)
    let next = [next_column(f[0]), next_column(f[1]), next_column(f[2])];
    let after = [after_next_column(f[0]), after_next_column(f[1]), after_next_column(f[2])];
    // Band 0's column of each permutation, by how the others follow.
    let one_way = f[0] & next[1] & after[2];
    let other_way = f[0] & after[1] & next[2];
    let keep = [
        one_way | other_way,
        f[1] & (next[0] & after[2] | after[0] & next[2]),
        f[2] & (next[0] & after[1] | after[0] & next[1]),
    ];
    // A stack without a permutation keeps nothing.
    let dead = columns_of_stacks(keep[0]) ^ FIRST_OF_STACKS;
    let changed = (keep[0] ^ f[0]) | (keep[1] ^ f[1]) | (keep[2] ^ f[2]);
    let words: [u32; 3] = std::array::from_fn(|b| w[b] & (keep[b] | keep[b] << 9 | keep[b] << 18));
    // Permutations per stack: the bits of each stack's three columns,
    // both ways, added in 3-bit fields.
    let sum = |x: u32| (x & 0o111) + (x >> 1 & 0o111) + (x >> 2 & 0o111);
    let n = sum(one_way) + sum(other_way);
    let counts = (n & 7) | (n >> 3 & 7) << 8 | (n >> 6 & 7) << 16;
    let cols = keep[0] | keep[1] << 9 | keep[2] << 18;
    // A column with one cell left, not yet filled.
    let single = std::array::from_fn(|b| {
        let [x, y] = OTHERS[b];
        let w = words[b];
        let alone = keep[b] & !(keep[x] | keep[y]) & !columns_of(w & !open[b]);
        let (r0, r1, r2) = (w & 0x1ff, w >> 9 & 0x1ff, w >> 18 & 0x1ff);
        let twice = (r0 & r1) | (r2 & (r0 | r1));
        alone & !twice
    });
    StackStep { words, dead, changed, counts, cols, single }
}

/// One level of the search. Word `9 * band + symbol` holds the cells of
/// the band where the symbol may go or is placed, `open` each band's cells
/// not filled yet. The rest is what the propagation keeps to find what
/// changed, full mini-rows and mini-columns, and where to branch.
#[derive(Clone, Copy, Debug)]
struct NineBoard {
    /// 27 words, and five zeros (indices from bit positions need no bounds
    /// checks, and words compare four at a time).
    cand: [u32; 32],
    /// The words changed since they were last looked at (bit `i` for word
    /// `i`): every write that takes a cell from a word sets its bit.
    dirty: u32,
    /// Each band's cells not filled yet, and a fourth band, always empty
    /// (band indices masked to 0..4 need no bounds checks).
    open: [u32; 4],
    /// Per word, the mini-rows its symbol is forced into (bits 0..9), the
    /// number of permutations of its mini-rows left (bits 9..12) and which
    /// (from bit 12).
    rows: [u32; 32],
    /// Per symbol, the columns of each band where it may go (9 bits per
    /// band) at the last look, all on permutations of their stacks.
    cols: [u32; LANES],
    /// Per symbol, the number of permutations of its mini-columns left in
    /// each stack (8 bits each); 0 past the ninth.
    stack_counts: [u32; LANES],
    /// Per band, the mini-rows (nibble bit 3) and mini-columns (nibble
    /// bit 2) found full: three symbols forced in, the others taken out.
    full: [u64; 3],
}

/// What a level branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// The symbols of the cell at bit `p` of band `b`.
    Cell { b: u8, p: u8 },
    /// The permutations of word `i`'s mini-rows.
    Rows { i: u8 },
    /// The permutations of symbol `v`'s mini-columns in stack `s`.
    Stack { s: u8, v: u8 },
}

/// A dead end.
struct Dead;

impl NineBoard {
    const FRESH: NineBoard = {
        let mut cand = [0; 32];
        let mut i = 0;
        while i < 27 {
            cand[i] = BAND;
            i += 1;
        }
        let mut stack_counts = [0; LANES];
        let mut v = 0;
        while v < 9 {
            stack_counts[v] = 6 | 6 << 8 | 6 << 16;
            v += 1;
        }
        NineBoard {
            cand,
            // The first look takes every word.
            dirty: (1 << 27) - 1,
            open: [BAND, BAND, BAND, 0],
            rows: [6 << 9; 32],
            cols: [BAND; LANES],
            stack_counts,
            full: [0; 3],
        }
    };

    /// Makes this board a copy of `other`, field by field: each field is
    /// copied inline, where one copy of the whole board calls `memcpy`,
    /// whose branches on the size and alignment were mispredicted often.
    #[inline(always)]
    fn copy_from(&mut self, other: &NineBoard) {
        let NineBoard { cand, dirty, open, rows, cols, stack_counts, full } = other;
        self.cand = *cand;
        self.dirty = *dirty;
        self.open = *open;
        self.rows = *rows;
        self.cols = *cols;
        self.stack_counts = *stack_counts;
        self.full = *full;
    }

    /// Leaves symbol `v` only cell `p` in its row and box of band `b`:
    /// the next look at the word places it.
    #[inline(always)]
    fn fix(&mut self, b: usize, p: u32, v: usize) {
        self.cut(9 * b + v, !peers(p));
    }

    /// Keeps of word `i` (below 27) the cells of `keep`, marking it
    /// changed if it lost one. Without a branch: whether a cut takes
    /// anything is hard to predict (it was a seventh of the mispredicted
    /// branches of a serg_benchmark run, simulated by cachegrind).
    #[inline(always)]
    fn cut(&mut self, i: usize, keep: u32) {
        let i = i & 31;
        let lost = self.cand[i] & !keep;
        self.cand[i] ^= lost;
        self.dirty |= ((lost != 0) as u32) << i;
    }

    /// Looks at word `i`: drops its mini-rows on no permutation, takes the
    /// columns it alone holds in a stack from the other bands, and fills
    /// the cells alone in their row (the other symbols lose them).
    #[inline(always)]
    fn look(&mut self, i: usize, by: impl Minirows) -> Result<(), Dead> {
        // Indices masked to the 32 words (and tables of 32 entries) need
        // no bounds checks.
        let i = i & 31;
        let (b, [x, y]) = WORD[i];
        let b = b as usize & 3;
        let w = self.cand[i];
        let info = KEEP_INFO[by.of(w) & 0x1ff];
        let keep = info as u32;
        if keep == 0 {
            return Err(Dead);
        }
        let w = w & keep;
        let pointing = POINTING[columns_of(w) as usize];
        self.cut(x as usize, pointing);
        self.cut(y as usize, pointing);
        // A row with one cell left: the row and box are bare already (the
        // mini-row is on every permutation) and so is the column (the box
        // has one column left), so only the other symbols are left to take
        // out.
        let filled = row_singles(w) & self.open[b];
        if filled != 0 {
            self.open[b] &= !filled;
            let mut hit = 0u32;
            for (v, c) in self.cand[9 * b..9 * b + 9].iter_mut().enumerate() {
                hit |= ((*c & filled != 0) as u32) << v;
                *c &= !filled;
            }
            self.dirty |= hit << (9 * b);
        }
        self.cand[i] = w;
        self.dirty &= !(1 << i);
        self.rows[i] = (info >> 32) as u32;
        Ok(())
    }

    /// Takes every forced option (full mini-rows and mini-columns only if
    /// `fill`, and once). Returns false on a dead end.
    ///
    /// The propagation is most of a search's time: it is compiled for the
    /// baseline and for wider instructions, and runs as `level` says
    /// ([`crate::cpu`]).
    fn propagate(&mut self, fill: bool, level: Level) -> bool {
        cpu::run(
            level,
            #[inline(always)]
            |bmi2| match bmi2 {
                Some(bmi2) => self.settle(fill, ByPext(bmi2)).is_ok(),
                None => self.settle(fill, ByTable).is_ok(),
            },
        )
    }

    /// [`NineBoard::propagate`], stopping at the first dead end.
    #[inline(always)]
    fn settle(&mut self, mut fill: bool, by: impl Minirows) -> Result<(), Dead> {
        // The words looked at since each later step last ran.
        let (mut for_cells, mut for_columns, mut for_fill) = (0u32, 0u32, 0u32);
        loop {
            loop {
                // The words changed now; those the looks change go to the
                // next round, unless looked at later in this one.
                let mut dirty = self.dirty;
                if dirty == 0 {
                    break;
                }
                for_cells |= dirty;
                while dirty != 0 {
                    let i = dirty.trailing_zeros() as usize;
                    dirty &= dirty - 1;
                    self.look(i, by)?;
                }
            }
            for_columns |= for_cells;
            for_fill |= for_cells;
            if for_cells != 0 {
                for_cells = 0;
                if self.cells()? {
                    continue;
                }
            }
            if for_columns != 0 {
                let symbols = (for_columns | for_columns >> 9 | for_columns >> 18) & 0x1ff;
                for_columns = 0;
                if self.columns(symbols)? {
                    continue;
                }
            }
            if for_fill != 0 && fill {
                fill = false;
                for_fill = 0;
                if self.fill()? {
                    continue;
                }
            }
            return Ok(());
        }
    }

    /// Cells with one symbol left (fixed for it), or none (a dead end).
    /// Every band is looked at, without a branch on whether its words
    /// changed (hard to predict): the bands whose words did not change
    /// have none since the last look. Returns whether a word changed.
    #[inline(always)]
    fn cells(&mut self) -> Result<bool, Dead> {
        let mut any = false;
        let (mut once, mut twice) = ([0u32; 4], [0u32; 4]);
        for v in 0..9 {
            for b in 0..3 {
                let c = self.cand[9 * b + v];
                twice[b] |= once[b] & c;
                once[b] |= c;
            }
        }
        // Filled cells are in their symbol's word.
        if (once[0] & once[1] & once[2]) != BAND {
            return Err(Dead);
        }
        for (b, twice) in twice.into_iter().enumerate().take(3) {
            let mut single = self.open[b] & !twice;
            while single != 0 {
                let p = single.trailing_zeros();
                single &= single - 1;
                // None: fixing an earlier cell of this loop took its
                // symbol. (Gathered without a branch per symbol.)
                let symbols = self.symbols(b, p);
                if symbols == 0 {
                    return Err(Dead);
                }
                self.fix(b, p, symbols.trailing_zeros() as usize);
                any = true;
            }
        }
        Ok(any)
    }

    /// For each symbol of `symbols`, drops the mini-columns on no
    /// permutation of their stack and fixes the symbol where a column has
    /// one cell left for it. Returns whether a word changed.
    ///
    /// The symbols are independent here (a symbol's step reads and writes
    /// only its own three words), so all of them are worked out at once,
    /// lane by lane without branches (the compiler turns the lanes into
    /// vectors), symbols not in `symbols` masked out; only the fixes, which
    /// are rare, go one by one. When `symbols` has only a few, they go one
    /// by one too, which costs less than every lane ([`FEW_SYMBOLS`]).
    #[inline(always)]
    fn columns(&mut self, symbols: u32) -> Result<bool, Dead> {
        let mut single = [[0u32; LANES]; 3];
        let (mut dead, mut any, mut any_single) = (0u32, 0u32, 0u32);
        if symbols.count_ones() <= FEW_SYMBOLS {
            // A few symbols: one at a time.
            let mut rest = symbols & 0x1ff;
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let s = stack_step([self.cand[v], self.cand[9 + v], self.cand[18 + v]], &self.open);
                dead |= s.dead;
                any |= s.changed;
                for (b, single) in single.iter_mut().enumerate() {
                    self.cut(9 * b + v, s.words[b]);
                    single[v] = s.single[b];
                    any_single |= s.single[b];
                }
                self.stack_counts[v] = s.counts;
                self.cols[v] = s.cols;
            }
            if dead != 0 {
                return Err(Dead);
            }
        } else {
            let active: [u32; LANES] = std::array::from_fn(|v| 0u32.wrapping_sub(symbols >> v & 1));
            let mut words: [[u32; LANES]; 3] =
                std::array::from_fn(|b| std::array::from_fn(|v| self.cand[9 * b + v]));
            for v in 0..LANES {
                let on = active[v];
                let s = stack_step([words[0][v], words[1][v], words[2][v]], &self.open);
                dead |= on & s.dead;
                any |= on & s.changed;
                for b in 0..3 {
                    words[b][v] = (s.words[b] & on) | (words[b][v] & !on);
                    single[b][v] = on & s.single[b];
                    any_single |= single[b][v];
                }
                self.stack_counts[v] = (s.counts & on) | (self.stack_counts[v] & !on);
                self.cols[v] = (s.cols & on) | (self.cols[v] & !on);
            }
            if dead != 0 {
                return Err(Dead);
            }
            for (b, w) in words.iter().enumerate() {
                let mut lost = 0u32;
                for (v, (c, &w)) in self.cand[9 * b..9 * b + 9].iter_mut().zip(w).enumerate() {
                    lost |= ((*c != w) as u32) << v;
                    *c = w;
                }
                self.dirty |= lost << (9 * b);
            }
        }
        if any_single != 0 {
            // The (symbol, band) pairs with columns to fix, bit `3 * v +
            // b`, in that order, found without a branch on each.
            let mut pairs = 0u32;
            for v in 0..9 {
                for (b, single) in single.iter().enumerate() {
                    pairs |= ((single[v] != 0) as u32) << (3 * v + b);
                }
            }
            while pairs != 0 {
                let k = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let (v, b) = (k / 3, k % 3);
                let mut single = single[b][v];
                while single != 0 {
                    let c = single.trailing_zeros();
                    single &= single - 1;
                    // None: fixing v in an earlier column took this one's cell.
                    let cell = self.cand[9 * b + v] & FIRST_COLUMN << c;
                    if cell == 0 {
                        return Err(Dead);
                    }
                    self.fix(b, cell.trailing_zeros(), v);
                    any = 1;
                }
            }
        }
        Ok(any != 0)
    }

    /// Full mini-rows and mini-columns: three symbols are forced into a
    /// mini-row (or mini-column) of three cells, so no other symbol goes
    /// there; four are a dead end. Returns whether a word changed.
    #[inline(always)]
    fn fill(&mut self) -> Result<bool, Dead> {
        let mut any = false;
        let forced_cols: [u32; 9] = std::array::from_fn(|v| forced_columns(self.cols[v]));
        for b in 0..3 {
            let (mut rows, mut cols) = (0u64, 0u64);
            for v in 0..9 {
                rows += SPREAD[(self.rows[9 * b + v] & 0x1ff) as usize];
                cols += SPREAD[(forced_cols[v] >> (9 * b) & 0x1ff) as usize];
            }
            if ((rows + 0x4_4444_4444) | (cols + 0x4_4444_4444)) & NIBBLE_HIGH != 0 {
                return Err(Dead);
            }
            let full = (rows + 0x5_5555_5555) & NIBBLE_HIGH | ((cols + 0x5_5555_5555) & NIBBLE_HIGH) >> 1;
            let new = full & !self.full[b];
            if new == 0 {
                continue;
            }
            self.full[b] |= new;
            // Mini-rows and mini-columns with their three cells filled have
            // nothing to take.
            let open = self.open[b];
            let filled =
                SPREAD[!minirows_of(open) & 0x1ff] << 3 | SPREAD[(!columns_of(open) & 0x1ff) as usize] << 2;
            let mut new = new & !filled;
            while new != 0 {
                let k = new.trailing_zeros();
                new &= new - 1;
                let j = k / 4;
                let mut out = 0u32;
                let cells = if k % 4 == 3 {
                    for v in 0..9 {
                        out |= ((self.rows[9 * b + v] & (1 << j) == 0) as u32) << v;
                    }
                    7 << (9 * (j / 3) + 3 * (j % 3))
                } else {
                    for (v, f) in forced_cols.iter().enumerate() {
                        out |= ((f & (1 << (9 * b as u32 + j)) == 0) as u32) << v;
                    }
                    FIRST_COLUMN << j
                };
                // The symbols not forced in lose the cells.
                while out != 0 {
                    let v = out.trailing_zeros() as usize;
                    out &= out - 1;
                    let i = 9 * b + v;
                    if self.cand[i] & cells != 0 {
                        self.cut(i, !cells);
                        any = true;
                    }
                }
            }
        }
        Ok(any)
    }

    /// What to branch on, with the choices as bits (symbols of a cell,
    /// permutations of mini-rows or mini-columns); `None` when every cell
    /// is filled.
    fn choose(&self) -> Option<(Branch, u32)> {
        if self.open == [0; 4] {
            return None;
        }
        // The band or stack with the fewest permutations left in all, of
        // those not settled (9: one for each symbol), and in it the symbol
        // with the fewest.
        let mut totals = [0u32; 6];
        for (t, words) in totals.iter_mut().zip(self.rows.chunks_exact(9)) {
            *t = words.iter().map(|&r| r >> 9 & 7).sum();
        }
        let stacks: u32 = self.stack_counts.iter().sum();
        for s in 0..3 {
            totals[3 + s] = stacks >> (8 * s) & 0xff;
        }
        // The fewest, the first of those on a tie: the least of the keys
        // (count, index), without branches.
        let best =
            totals.iter().enumerate().map(|(k, &t)| if t > 9 { t << 3 | k as u32 } else { u32::MAX }).min();
        let k = match best {
            Some(key) if key != u32::MAX => (key & 7) as usize,
            _ => return self.choose_cell(),
        };
        let counts: [u32; 9] = if k < 3 {
            std::array::from_fn(|v| self.rows[9 * k + v] >> 9 & 7)
        } else {
            std::array::from_fn(|v| self.stack_counts[v] >> (8 * (k - 3)) & 0xff)
        };
        let pick =
            counts.iter().enumerate().map(|(v, &n)| if n > 1 { n << 4 | v as u32 } else { u32::MAX }).min();
        let v = match pick {
            Some(key) if key != u32::MAX => (key & 15) as usize,
            // Never: an unsettled band or stack has an unsettled symbol.
            _ => return self.choose_cell(),
        };
        if k < 3 {
            let i = 9 * k + v;
            Some((Branch::Rows { i: i as u8 }, self.rows[i] >> 12))
        } else {
            let s = k - 3;
            let f = [columns_of(self.cand[v]), columns_of(self.cand[9 + v]), columns_of(self.cand[18 + v])];
            let m = (f[0] >> (3 * s) & 7) | (f[1] >> (3 * s) & 7) << 3 | (f[2] >> (3 * s) & 7) << 6;
            Some((Branch::Stack { s: s as u8, v: v as u8 }, permutations_in(m as usize)))
        }
    }

    /// An open cell with the fewest symbols.
    fn choose_cell(&self) -> Option<(Branch, u32)> {
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
        best.map(|(b, p, symbols)| (Branch::Cell { b: b as u8, p: p as u8 }, symbols))
    }

    /// Takes choice `c` of `branch`.
    fn take(&mut self, branch: Branch, c: usize) {
        match branch {
            Branch::Cell { b, p } => self.fix(b as usize, p as u32, c),
            Branch::Rows { i } => self.cut(i as usize, PERMUTATION_CELLS[c]),
            Branch::Stack { s, v } => {
                let (s, v) = (s as usize, v as usize);
                for b in 0..3 {
                    let column = (PERMUTATIONS[c] >> (3 * b) & 7).trailing_zeros() as usize;
                    self.cut(9 * b + v, !(stack_cells(s) & !(FIRST_COLUMN << (3 * s + column))));
                }
            }
        }
    }

    /// The symbols open at cell `p` of band `b`, as bits.
    #[inline(always)]
    fn symbols(&self, b: usize, p: u32) -> u32 {
        (0..9).fold(0, |acc, v| acc | (self.cand[9 * b + v] >> p & 1) << v)
    }

    /// The filled grid, row by row.
    fn write(&self, grid: &mut [u8; 81]) {
        for (band, words) in grid.chunks_exact_mut(27).zip(self.cand.chunks_exact(9)) {
            // Cells at bit positions, masked to 32 (no bounds checks): a
            // symbol has one cell in each row of a filled band.
            let mut cells = [0u8; 32];
            for (v, &w) in words.iter().enumerate() {
                for row in 0..3 {
                    let p = (w >> (9 * row) & 0x1ff).trailing_zeros() + 9 * row;
                    cells[(p & 31) as usize] = v as u8;
                }
            }
            band.copy_from_slice(&cells[..27]);
        }
    }
}

/// Full mini-rows and mini-columns are looked for only once a search has
/// met more dead ends than this, and once per node: on puzzles solved
/// with few dead ends (serg_benchmark) the look costs more than it saves.
const DEAD_ENDS_BEFORE_FILL: u32 = 3;

/// One branching point: what it branches on and the choices not tried yet.
#[derive(Clone, Copy, Debug)]
struct BranchPoint {
    branch: Branch,
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
pub struct Prepared(NineBoard);

impl Prepared {
    /// Places `v` in `cell` (both in range). False if the board has
    /// another symbol there or no room for `v`.
    fn put(&mut self, cell: usize, v: u8) -> bool {
        let (b, p) = (cell / 27, (cell % 27) as u32);
        if self.0.cand[9 * b + v as usize] & 1 << p == 0 {
            return false;
        }
        // Already placed (by a given, or forced): its symbol is v.
        if self.0.open[b] & 1 << p != 0 {
            self.0.fix(b, p, v as usize);
        }
        true
    }
}

/// The search for 9x9 grids with 3x3 boxes, reused from puzzle to puzzle.
#[derive(Clone, Debug)]
pub struct Nine {
    levels: Vec<NineBoard>,
    frames: Vec<BranchPoint>,
    grid: [u8; 81],
    /// Placements the search under way must avoid (cell, symbol): set by
    /// [`Nine::solve_excluding`] for one search.
    excluded: Vec<(usize, u8)>,
    meter: Meter,
    /// The solutions and nodes of the last search, and how it ended.
    stats: Stats,
    end: End,
    /// The instructions the search is compiled for ([`crate::cpu`]).
    level: Level,
}

impl Nine {
    /// The search for `shape`, or `None` unless it is 9x9 with 3x3 boxes
    /// (given as boxes, or as a map of the same regions).
    pub fn new(shape: &Shape) -> Option<Nine> {
        is_nine_by_boxes(shape).then(|| Nine {
            levels: vec![NineBoard::FRESH],
            frames: Vec::new(),
            grid: [0; 81],
            excluded: Vec::new(),
            meter: Meter::new(),
            stats: Stats::default(),
            end: End::Complete,
            level: Level::detected(),
        })
    }

    /// Runs the searches to come compiled for `level` (tests compare the
    /// baseline with the detected level).
    #[cfg(test)]
    pub(crate) fn set_level(&mut self, level: Level) {
        self.level = level;
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
        *board = NineBoard::FRESH;
        // The given cells of each word (blanks in a spare one), gathered
        // without a branch per cell; then each word keeps its givens and
        // loses their rows and boxes.
        let mut given = [0u32; 28];
        for (band, cells) in givens.chunks_exact(27).enumerate() {
            for (p, g) in cells.iter().enumerate() {
                given[g.map_or(27, |v| 9 * band + v as usize)] |= 1 << p;
            }
        }
        // All at once, without a loop over the givens (its exit is hard to
        // predict): the rows, boxes and columns (in the band) they meet.
        let mut clash = 0u32;
        for (w, &cells) in board.cand[..27].iter_mut().zip(&given) {
            let (r0, r1, r2) = (cells & 0x1ff, cells >> 9 & 0x1ff, cells >> 18 & 0x1ff);
            let rows = ((r0 != 0) as u32 * 0x1ff)
                | ((r1 != 0) as u32 * (0x1ff << 9))
                | ((r2 != 0) as u32 * (0x1ff << 18));
            let cols = r0 | r1 | r2;
            let stacks = columns_of_stacks(cols) * 7;
            *w &= !(rows | ((stacks | cols) * FIRST_COLUMN)) | cells;
            // Two givens of a symbol in a row, a column or a box (two
            // columns of a stack).
            clash |= (r0 & r0.wrapping_sub(1)) | (r1 & r1.wrapping_sub(1)) | (r2 & r2.wrapping_sub(1));
            clash |= (r0 & r1) | (r2 & (r0 | r1));
            clash |= cols & cols >> 1 & 0o333 | cols & cols >> 2 & 0o111;
        }
        if clash != 0 {
            return false;
        }
        // The givens' cells are filled: the other symbols lose them, and
        // each symbol loses its givens' columns in the other bands (what
        // the propagation would find, one look at a time, found at once).
        let mut filled = [0u32; 3];
        for (i, &cells) in given[..27].iter().enumerate() {
            filled[i / 9] |= cells;
        }
        for v in 0..9 {
            let columns: [u32; 3] = std::array::from_fn(|b| {
                let c = columns_of(given[9 * b + v]);
                c | c << 9 | c << 18
            });
            for b in 0..3 {
                let [x, y] = OTHERS[b];
                board.cand[9 * b + v] &= (!filled[b] | given[9 * b + v]) & !(columns[x] | columns[y]);
            }
        }
        for (open, filled) in board.open.iter_mut().zip(filled) {
            *open &= !filled;
        }
        // Excluded placements: a given one leaves no solution; an open one
        // is taken from its symbol's word (propagation finds the changed words itself).
        for &(cell, v) in &self.excluded {
            if givens[cell] == Some(v) {
                return false;
            }
            board.cand[9 * (cell / 27) + v as usize] &= !(1 << (cell % 27));
        }
        board.propagate(false, self.level)
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

    /// Counts the solutions of `puzzle` (9x9; its regions are taken to be
    /// the boxes) up to `limit` (at least 1), or until the budget runs
    /// out, and says how it ended: [`Nine::solve`] without writing out the
    /// solutions it finds (on serg_benchmark's puzzles, each counted to 2,
    /// writing both grids was a fortieth of the whole process).
    pub fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Outcome {
        assert_eq!(puzzle.n(), 9, "a puzzle of another order");
        assert!(limit > 0, "a count to 0");
        let mut left = limit;
        let mut visit = |_: &[u8]| {
            left -= 1;
            if left == 0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        self.meter.start();
        let (found, otherwise) = if self.meter.node(0) || !self.start(puzzle.givens()) {
            (0, End::Complete)
        } else {
            self.descend(&mut visit, false)
        };
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
        let mut board = base.copied().unwrap_or(Prepared(NineBoard::FRESH));
        for &(cell, v) in places {
            if cell < 81 && v < 9 && !board.put(cell, v) {
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
                board.0.cut(i, !(1 << p));
            }
        }
        // Words untouched keep the base's fixpoint: propagation looks only
        // at the words that changed since it last ran.
        board.0.propagate(false, Level::detected()).then_some(board)
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
            self.descend(&mut visit, true)
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
        self.descend(&mut visit, true)
    }

    /// The search below level 0, which holds a consistent board with every
    /// forced option taken. Each solution is written to the grid the
    /// visitor is shown only if `write` (a count shows it a stale grid).
    fn descend<F>(&mut self, visit: &mut F, write: bool) -> (u64, End)
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        let mut found = 0u64;
        self.frames.clear();
        let mut level = 0usize;
        let mut dead_ends = 0u32;
        loop {
            // `level` holds a consistent board with every forced option
            // taken: a solution, or a branching point.
            match self.levels[level].choose() {
                None => {
                    found += 1;
                    if write {
                        self.levels[level].write(&mut self.grid);
                    }
                    if visit(&self.grid).is_break() {
                        return (found, End::Limit);
                    }
                }
                Some((branch, rest)) => self.frames.push(BranchPoint { branch, rest: rest as u16 }),
            }
            // Take the next branch, backing up as far as needed.
            loop {
                let Some(frame) = self.frames.last_mut() else { return (found, End::Complete) };
                if frame.rest == 0 {
                    self.frames.pop();
                    continue;
                }
                let c = frame.rest.trailing_zeros() as usize;
                frame.rest &= frame.rest - 1;
                let (branch, last) = (frame.branch, frame.rest == 0);
                level = self.frames.len();
                if last {
                    // The last choice: nothing comes back to the board it
                    // branches from, so the choice is taken there, uncopied.
                    self.frames.pop();
                    level -= 1;
                } else {
                    if self.levels.len() <= level {
                        self.levels.push(NineBoard::FRESH);
                    }
                    let (below, above) = self.levels.split_at_mut(level);
                    above[0].copy_from(&below[level - 1]);
                }
                if self.meter.node(found) {
                    return (found, End::Complete);
                }
                let board = &mut self.levels[level];
                board.take(branch, c);
                if board.propagate(dead_ends > DEAD_ENDS_BEFORE_FILL, self.level) {
                    break;
                }
                dead_ends += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mini_rows_by_pext_are_those_by_table() {
        // Every row's 512 cell sets in each row of a band, then random
        // words: both ways give the same mini-rows (where this CPU has
        // BMI2; else only the table is used).
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let words = (0..3)
            .flat_map(|row| (0..512u32).map(move |s| s << (9 * row)))
            .chain(std::iter::repeat_with(move || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u32 & BAND
            }))
            .take(3 * 512 + 100_000);
        let words: Vec<u32> = words.collect();
        let checked = cpu::run(Level::detected(), |bmi2| {
            bmi2.map(|bmi2| {
                for &w in &words {
                    assert_eq!(ByPext(bmi2).of(w), ByTable.of(w), "word {w:#x}");
                }
            })
        });
        assert_eq!(checked.is_some(), Level::detected() != Level::BASELINE);
    }

    #[test]
    fn two_givens_of_a_symbol_that_meet_leave_no_solution() {
        // Within a band: a row, a column (two rows apart), a box (another
        // row and column); across bands, a column. Pairs that do not meet
        // leave solutions.
        use crate::grid::Alphabet;
        use crate::puzzle::Puzzle;
        let shape = Shape::default_for(9).unwrap();
        let mut nine = Nine::new(&shape).unwrap();
        let cases = [
            ((0, 0), (0, 8), 0),
            ((3, 4), (5, 4), 0),
            ((6, 0), (7, 2), 0),
            ((1, 7), (7, 7), 0),
            ((0, 0), (1, 3), 1),
        ];
        for ((r1, c1), (r2, c2), some) in cases {
            let mut givens = vec![None; 81];
            givens[9 * r1 + c1] = Some(4);
            givens[9 * r2 + c2] = Some(4);
            let puzzle = Puzzle::new(shape.clone(), Alphabet::default_for(9).unwrap(), givens).unwrap();
            let mut found = 0;
            let _ = nine.solve(&puzzle, |_| {
                found += 1;
                ControlFlow::Break(())
            });
            assert_eq!(found, some, "givens at {r1},{c1} and {r2},{c2}");
        }
    }

    /// A random 9x9 grid: a fixed one with its symbols relabelled, rows
    /// moved within bands, bands moved, columns and stacks likewise, and
    /// maybe transposed.
    fn random_grid(next: &mut impl FnMut() -> u64) -> Vec<u8> {
        let base: Vec<u8> =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .bytes()
                .map(|b| b - b'1')
                .collect();
        let mut shuffle = |k: usize| {
            let mut p: Vec<usize> = (0..k).collect();
            for i in (1..k).rev() {
                p.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            p
        };
        let (symbols, bands, stacks) = (shuffle(9), shuffle(3), shuffle(3));
        let (within_bands, within_stacks): (Vec<_>, Vec<_>) =
            (0..3).map(|_| (shuffle(3), shuffle(3))).unzip();
        let rows: Vec<usize> = (0..9).map(|r| 3 * bands[r / 3] + within_bands[r / 3][r % 3]).collect();
        let cols: Vec<usize> = (0..9).map(|c| 3 * stacks[c / 3] + within_stacks[c / 3][c % 3]).collect();
        let flip = shuffle(2)[0] == 1;
        (0..81)
            .map(|cell| {
                let (r, c) = if flip { (cell % 9, cell / 9) } else { (cell / 9, cell % 9) };
                symbols[base[9 * rows[r] + cols[c]] as usize] as u8
            })
            .collect()
    }

    #[test]
    fn the_baseline_and_the_detected_instructions_find_the_same() {
        // Thousands of puzzles: a random grid's cells kept at random (from
        // none to 45: unique, many solutions, blank), one in four with a
        // random given added (often no solution), and a few hard ones. The
        // search compiled for this CPU's widest instructions and the
        // baseline one list the same solutions (up to 30) in the same
        // order, with the same nodes, and count as many (each count with
        // the nodes of the listing); every solution keeps the puzzle, and
        // one puzzle in eight is counted to 30 by the bits engine too.
        use crate::grid::Alphabet;
        use crate::search::{Engine, GridSolver};
        let shape = Shape::default_for(9).unwrap();
        let alphabet = Alphabet::default_for(9).unwrap();
        let hard = [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        ];
        // This CPU's widest instructions, then the baseline.
        let mut nines = [Nine::new(&shape).unwrap(), Nine::new(&shape).unwrap()];
        nines[1].set_level(Level::BASELINE);
        let mut bits = GridSolver::with_engine(&shape, Engine::Bits).unwrap();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut unsolvable, mut several) = (0, 0);
        for round in 0..4000 {
            let givens: Vec<Option<u8>> = if round < hard.len() {
                hard[round].bytes().map(|b| (b != b'.').then(|| b - b'1')).collect()
            } else {
                let grid = random_grid(&mut next);
                let keep = next() % 46;
                let mut givens: Vec<Option<u8>> =
                    grid.iter().map(|&v| (next() % 81 < keep).then_some(v)).collect();
                if round % 4 == 0 {
                    givens[(next() % 81) as usize] = Some((next() % 9) as u8);
                }
                givens
            };
            let puzzle = Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap();
            let mut lists = [Vec::new(), Vec::new()];
            for (nine, list) in nines.iter_mut().zip(&mut lists) {
                let _ = nine.solve(&puzzle, |g| {
                    list.push(g.to_vec());
                    if list.len() < 30 {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                });
            }
            let listed = nines[0].stats();
            for (nine, list) in nines.iter().zip(&lists) {
                assert_eq!(list, &lists[0], "round {round}");
                assert_eq!(nine.stats(), listed, "round {round}");
            }
            for g in &lists[0] {
                assert_eq!(puzzle.verify(g), Ok(()), "round {round}");
            }
            // A count to 30 (which writes no grid) finds as many, with the
            // same nodes, on both paths.
            for nine in &mut nines {
                let counted = nine.count(&puzzle, 30);
                assert_eq!(counted.solutions(), Some(lists[0].len() as u64), "round {round}");
                assert_eq!(nine.stats(), listed, "round {round}");
            }
            if round % 8 == 0 {
                let counted = bits.count(&puzzle, Some(30)).map_or(Some(0), |o| o.solutions());
                assert_eq!(counted, Some(lists[0].len() as u64), "round {round}");
            }
            unsolvable += lists[0].is_empty() as u32;
            several += (lists[0].len() > 1) as u32;
        }
        // The mix has puzzles of every kind.
        assert!(unsolvable > 300 && several > 1000, "{unsolvable} {several}");
    }

    #[test]
    fn prepared_boards_find_what_the_plain_search_finds() {
        // Puzzles with a few givens of a grid, split in two parts placed
        // one after the other, some cells excluded: the prepared search
        // lists the same solutions (the first 50) as the plain search with
        // exclusions.
        use crate::grid::Alphabet;
        use crate::puzzle::Puzzle;
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
