//! Algorithm X on bits, for grids of order up to 64.
//!
//! The matrix of a grid puzzle is so regular that its columns fit in machine
//! words: the options still open for item `p(cell)` are the bits of one
//! word (a bit per symbol: a `u32` up to order 32, a `u64` above), and the
//! options still open for `r(row, v)`, `c(col, v)` or `b(region, v)` are the
//! cells of that unit whose word has bit `v`. Covering an option is then a
//! handful of `and`s on the cell's peers, and undoing it is free: each level
//! of the search works on its own copy of the words (a few hundred bytes for
//! 9x9), so backtracking is dropping a copy.
//!
//! The search is still Algorithm X on the same exact cover as
//! [`crate::full_matrix`]: an item with no option left fails the branch, an
//! item with one option has it chosen at once, and otherwise the search
//! branches on a cell with the fewest symbols left. Items with one option
//! are found in two ways: a cell with one symbol left (its `p` item), and a
//! symbol with one cell left in a unit (its `r`, `c` or `b` item, found
//! for all symbols of a unit at once with two words, "seen once" and "seen
//! twice"). Every solution is found exactly once, so counts equal the
//! dancing-links search's; the order of solutions is this search's own.
//!
//! **Restarts.** On big grids with many solutions (blank, sparse, jigsaw),
//! a depth-first search is heavy-tailed: an unlucky choice near the root
//! can leave a subtree of millions of dead ends to exhaust before anything
//! else is tried, while a different early choice would have led straight
//! to a solution (Gomes, Selman and Kautz, "Boosting combinatorial search
//! through randomization", 1998, on this very problem). So a search that
//! has found nothing after [`FIRST_RUN`] x N² nodes starts again from the
//! root, breaking ties among the cells with the fewest symbols and
//! ordering the symbols at random (seeded: the same puzzle, the same
//! search), with a node limit that follows Luby's sequence (1, 1, 2, 1,
//! 1, 2, 4, ... times N² nodes), which wastes at most a logarithmic factor
//! on any distribution of run lengths. Once a run has found a solution it
//! goes on to the end of its tree, so counts stay exact: a run is a full
//! depth-first search, only in another order. Most puzzles end within the
//! first run and never see a restart.
//!
//! **Filtering.** A search that must prove there is no solution (a puzzle
//! maker's uniqueness test) gains from stronger deductions at every node,
//! even at a higher cost per node: [`Bits::set_filtering`] turns on
//! box-line interactions on boxes (the module `lines`) and locked
//! candidates on other regions, at any order, and from order
//! [`HALL_FILTERING_FROM`] the all-different filter of nearly full units
//! (below). Box grids of orders [`HALL_FILTERING_FROM`] to `HALL_FROM - 1`
//! filter so always: minimal puzzles of those orders (as `dance generate`
//! makes them, some 40% given) are such proofs from the root, and without
//! the filters `solve` and `count` thrashed on them (generated 30x30,
//! 32x32 and 36x36 puzzles: 2.6 s to over 30 s, against 0.01 to 0.13 s
//! with them). From [`HALL_FROM`] the search takes all-different on nearly
//! full units anyway, and the box lines did not pay there.
//!
//! **Big grids.** From order [`WEIGHTED_FROM`] up (jigsaws from
//! [`JIGSAW_FROM`]), two more rules keep a
//! first solution near: the cell branched on is the open cell with the
//! fewest symbols *per weight* of its units, where a unit's weight counts
//! the dead ends it took part in (Boussemart, Hemery, Lecoutre and Sais'
//! "dom/wdeg", 2004: the weights outlive the restarts, so each run steers
//! to the units that failed the runs before); and a cell's symbols are
//! tried least constraining first (those the fewest of its peers still
//! have; ties at random after a restart), except that a cell's *saved
//! phase*, the symbol it was last filled with (by a branch or a forced
//! option, in this run or one before), comes first where it is still open
//! (phase saving, as SAT solvers do since Pipatsrisawat and Darwiche's
//! RSat, 2007): after a dead end or a restart the search rebuilds the
//! nearly full grid it had, and only the cells that took part in dead ends
//! (by their weights) are tried another way. On jigsaws (regions of any
//! shape) the search also takes *locked candidates*: a symbol whose cells
//! in one unit all lie in one unit of another kind (a region's cells for
//! it all in one row, say) is taken from the rest of that other unit.
//! (From [`JIGSAW_FROM`] the symbols' view, below, takes them: they are
//! its matchings' Hall sets of one line or one region, so no pass of
//! their own runs there; see `locked`.)
//! Every solution is still found exactly once: these choose which item to
//! branch on and in which order, and take only options no solution uses.
//! Smaller grids keep the plain rule, whose nodes are cheaper.
//!
//! **Partial restarts.** On big grids a run that fails has mostly gone
//! deep (thousands of levels on 64x64) and then wandered among dead ends
//! near the bottom, where the trouble is rarely the last choices and a
//! depth-first search cannot reach the early ones. Starting again from the
//! root throws the good upper part away, and rebuilding it costs about N²
//! nodes a run. So from order [`HALL_FROM`] on boxes (and from
//! [`JIGSAW_FROM`] on jigsaws) the first run is N² nodes, and five
//! restarts in six go back only to *half the depth* the run had reached
//! (with half the node limit of a run from the root):
//! the branch points above are kept with the symbols they have not tried,
//! and the subtree below is searched again from its top in a new random
//! order (with the weights and saved phases the run left); every sixth
//! restart goes back to the root, every fourth on jigsaws
//! ([`JIGSAW_ROOT_EVERY`]) (on boxes, one in four went to the root before, but
//! roots more often threw away good upper parts: over the box sweep of
//! `benches/big.rs` on orders 40 to 64, seeds 1 to 5, 0, 2, 5 and 15%
//! given, 2,337,885 nodes and the worst grid 146,909, against 2,154,122
//! and 62,019). Runs from the root and partial runs each
//! follow their own Luby sequence (every fourth term of one sequence is
//! nearly always 1, which left the runs from the root too short to undo a
//! bad upper part: box 64 at 2% given, seed 1, ran out of 200,000 nodes).
//! Counts stay exact: a subtree is left only while nothing has been found, every
//! symbol taken from a kept branch point has had its whole subtree
//! searched, and the subtree given up is searched again from its top, so
//! a run that goes on to its end (as every run does once it has found a
//! solution) still visits every solution once.
//!
//! **Nearly full units.** From order [`HALL_FROM`] up (on jigsaws from
//! [`JIGSAW_FROM`]: their runs thrash near the bottom too), a unit with few
//! open cells left (3 to [`NEARLY_FULL`]) is filtered as one
//! all-different constraint (Régin, 1994): a symbol is taken from a cell
//! when no matching of the unit's open cells to its missing symbols gives
//! it to that cell, which is every naked and hidden subset of the unit at
//! once; and on box grids such a unit also takes locked candidates (as
//! jigsaws do for every unit, above). Runs on big sparse grids fail near
//! the end of a descent, with a hundred or two open cells and units of
//! two to five: there the filters find the dead end levels earlier and
//! cost little (on emptier units they would cost a pass per unit and node
//! and rarely take anything). They take only options no solution uses,
//! so counts stay exact.
//!
//! **The symbols' view** (jigsaws from [`JIGSAW_FROM`]). The places of
//! one symbol are one a row, one a column and one a region: the rows that
//! lack it must each take it in a different region of those that lack it,
//! and so must the columns. Each is an all-different constraint of its
//! own (rows to regions, columns to regions), and the same filter (Régin's
//! matching) takes the symbol from the cells of a row that lie in a region
//! no matching gives that row: every fish of rows and regions at once, and
//! the jigsaw's law of leftovers. Runs on big jigsaws did not thrash near
//! the bottom as box grids do, but a third of the way down (on the 35x35
//! blank jigsaw of seed 1, with 500 to 900 of 1,225 cells open): a region
//! whose symbols the rows and columns around it could no longer give was
//! found only hundreds of levels later. With this filter on every symbol
//! changed at a node, those grids take a few hundred to a few thousand
//! nodes, most of them without a dead end (each node costs about twice as
//! much). Box grids do not take it (not tried there: they all found a
//! first solution within the second without it). Counts stay exact: it
//! takes only options no solution uses.
//!
//! [`Bits`] lays out the units of one shape once and solves puzzle after
//! puzzle with it, allocating nothing per puzzle once it has warmed up.
//! Beside this file: the words and sets of units the search works on
//! (`word.rs`), box-line interactions (`lines.rs`), and the all-different
//! filters of nearly full units and of the symbols' view (`hall.rs`).

use std::ops::ControlFlow;
use std::sync::Arc;

use dlx::{Budget, End, Meter, Outcome, Probe, SplitMix64, Stats};

use crate::cpu::{self, Level};
use crate::grid::{Regions, Shape};
use crate::puzzle::Puzzle;

mod hall;
mod lines;
mod listing;
mod word;

pub use listing::{Listing, MAX_LISTING_ORDER};

use word::{Ones, UnitSet, Word};

/// The largest order the bit-parallel search takes (a cell's symbols fit
/// in a `u64`).
pub const MAX_BITS_ORDER: usize = 64;

/// The first run's node limit, in N² nodes, before the search restarts
/// (see the module documentation).
pub const FIRST_RUN: u64 = 16;

/// The first run's node limit on grids with partial restarts, in N²
/// nodes (see the module documentation).
pub const PARTIAL_FIRST_RUN: u64 = 1;

/// With partial restarts, one restart in this many goes back to the root
/// (see the module documentation).
const ROOT_EVERY: u64 = 6;

/// [`ROOT_EVERY`] on jigsaws: their runs need the root more often. Over
/// the jigsaws of the sweep of `benches/big.rs` (orders 25, 30, 33, 35,
/// 36, seeds 1 to 10, 0, 2, 5 and 15% given, 200 grids, 100,000 nodes
/// each), 6 left 13 unknown (2,878,416 nodes), 4 left 5 (2,202,630) and 3
/// left 7 (2,566,948).
const JIGSAW_ROOT_EVERY: u64 = 4;

/// The order from which the search weighs dead ends, orders symbols least
/// constraining first, and (on jigsaws) takes locked candidates (see the
/// module documentation).
pub const WEIGHTED_FROM: usize = 17;

/// The order from which the search filters nearly full units by
/// all-different, and on box grids by locked candidates (see the module
/// documentation).
pub const HALL_FROM: usize = 40;

/// The order from which jigsaws take everything [`WEIGHTED_FROM`] gives
/// and all-different on nearly full units (dom/wdeg, symbol order, locked candidates,
/// partial restarts, all-different on units and in the symbols' view, the
/// open-cell masks), one below box grids: 16x16 jigsaws on maps far from
/// boxes thrashed without them (seconds, some none within 20 s).
pub const JIGSAW_FROM: usize = 16;

/// The order from which [`Bits::set_filtering`] also turns on the
/// all-different filter on nearly full units (which the search takes
/// anyway from [`HALL_FROM`]): a puzzle maker's tests on sparse 24x24
/// boxes take far fewer nodes with it (24x24 seed 3: 21.7 s CPU without,
/// 4.2 s with), while on 20x20 its cost is not won back (seed 3: 2.0 s
/// without, 3.9 s with).
pub const HALL_FILTERING_FROM: usize = 24;

/// The order from which the search keeps a mask of each unit's open cells
/// per level, so that unit scans look only at those. Near the end of a
/// descent on big grids few cells are open; on small grids a walk over a
/// mask's set bits costs more than a counted loop over all N cells, even
/// with fewer instructions: 9x9 jigsaw generation (200 puzzles, one
/// thread, CPU medians of 8 interleaved runs) took 0.68 s with the masks,
/// 0.67 s walking a full mask, and 0.61 s with the counted loop.
const OPEN_MASKS_FROM: usize = 17;

/// The most open cells a unit may have to count as nearly full, for
/// all-different and (on box grids) locked candidates to look at it: near
/// the end of a descent, where big grids thrash, units are nearly full
/// and the filters are cheap; on emptier units they rarely take anything
/// and cost a pass per unit and node.
const NEARLY_FULL: usize = 16;

/// A grid cell's value before it is filled.
const EMPTY: u8 = u8::MAX;

/// The restarts' seed (any will do; fixed, so that searches repeat).
const SEED: u64 = 0x0dd5_eed5;

/// Luby's sequence, from `i` = 1: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2,
/// 4, 8, ...
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The k with 2^k - 1 >= i.
        let k = 64 - i.leading_zeros() as u64;
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Runs `$body` for the cells of unit `$u` that a scan at `$level` of
/// search `$s` looks at, `$j` each one's position in the unit: its open
/// cells from [`OPEN_MASKS_FROM`] on, else all of them (filled ones have
/// no symbol left). The choice is made once, outside the loop: a loop
/// over all N cells runs as fast as it did before the masks, and `$body`
/// may `break` or `return`.
macro_rules! for_open {
    ($s:ident, $level:expr, $u:expr, |$j:ident| $body:block) => {
        if $s.open_masks {
            for $j in Ones($s.open[$level * $s.units + $u]) $body
        } else {
            // Positions, as the walk over set bits gives: one body for both.
            #[allow(clippy::needless_range_loop)]
            for $j in 0..$s.n $body;
        }
    };
}

/// One branching point: the cell, and the symbols not tried yet.
#[derive(Clone, Copy, Debug)]
struct CellBranch<W> {
    cell: u32,
    rest: W,
}

/// The search on words of type `W`.
#[derive(Clone, Debug)]
struct Search<W: Word> {
    n: usize,
    cells: usize,
    /// The instructions the propagation runs with ([`crate::cpu`]).
    cpu: Level,
    /// Every symbol: the low `n` bits.
    full: W,
    /// The cells of unit `u` are `unit_cells[u * n..][..n]`: rows, then
    /// columns, then regions.
    unit_cells: Vec<u16>,
    units: usize,
    /// The units of each cell: row, column, and region (or the row again
    /// when the grid has no regions: marking a unit twice is harmless).
    cell_units: Vec<[u16; 3]>,
    /// The units of each cell as a unit set.
    cell_unit_bits: Vec<W::Units>,
    /// The position of each cell in each of its units (as in
    /// `cell_units`): its index among the unit's cells.
    cell_pos: Vec<[u8; 3]>,
    /// The peers of cell `c` (cells sharing a unit with it, itself not
    /// included) are `peers[peer_start[c]..peer_start[c + 1]]`.
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    /// The search state, one copy per level: open symbols per cell (0 once
    /// filled) and symbols placed per unit.
    cand: Vec<W>,
    placed: Vec<W>,
    /// The value of each cell, one copy for all levels: a cell is written
    /// when filled, and a filled cell is never filled again below, so at
    /// a solution every cell holds what the levels above it put there.
    value: Vec<u8>,
    /// The cells not filled yet, per level and unit, by position in the
    /// unit (bit `j`: the unit's `j`-th cell): the scans of a unit look
    /// only at these, which near the end of a descent, where big grids
    /// spend their nodes, are few. Kept from [`OPEN_MASKS_FROM`] on
    /// (`open_masks`); below, scans look at every cell (`all_cells`).
    open: Vec<u64>,
    open_masks: bool,
    all_cells: u64,
    /// Cells left with one symbol, waiting to be filled: `queue[..queued]`.
    /// A cell is queued once a level at most (when its last but one symbol
    /// goes), so `cells` slots are enough.
    queue: Vec<u16>,
    queued: usize,
    /// Units that lost a cell for some symbol since they were last looked
    /// at for symbols with one cell left.
    dirty: W::Units,
    frames: Vec<CellBranch<W>>,
    /// Ties and symbol orders are broken at random after a restart.
    rng: Option<SplitMix64>,
    /// A seed for a search in random order from the first run on (see
    /// [`Bits::solve_shuffled`]); `None`: the first run in order.
    seed: Option<u64>,
    /// Placements the search must avoid (cell, symbol): see
    /// [`Bits::solve_excluding`].
    excluded: Vec<(usize, u8)>,
    /// A grid whose symbol each branch tries first where it is open (see
    /// [`Bits::solve_near`]); empty: none.
    near: Vec<u8>,
    /// The symbol each cell was last filled with (phase saving), tried
    /// first at a branch where it is open; `EMPTY`: none yet.
    phase: Vec<u8>,
    /// Whether a search that has found nothing starts again (see
    /// [`Bits::set_restarts`]).
    restarts: bool,
    /// Orders from [`WEIGHTED_FROM`]: branch by dom/wdeg, symbols least
    /// constraining first.
    weighted: bool,
    /// Box grids from [`HALL_FROM`] (on nearly full units), and jigsaws
    /// below [`JIGSAW_FROM`] when filtering: take locked candidates. Not
    /// jigsaws from [`JIGSAW_FROM`]: the symbols' view (`fish`) finds
    /// every locked candidate there (a line whose cells for a symbol lie
    /// in one region, or a region's in one line, is a Hall set of one in
    /// its matching), and the pass of its own cost a quarter of a node
    /// (25x25 jigsaws made with seeds 1-5: 36 s of CPU without it, 50 s
    /// with it).
    locked: bool,
    /// Box grids from [`HALL_FROM`] and jigsaws from [`JIGSAW_FROM`]:
    /// restarts go back to half the depth, but one in `root_every` (see
    /// the module documentation).
    partial: bool,
    /// The unit of the runs' node limits: N² (smaller in tests, to
    /// restart often).
    run_unit: u64,
    /// What `locked` is when filtering is off, and whether the shape has
    /// regions (locked candidates need them): see [`Bits::set_filtering`].
    locked_default: bool,
    /// Whether the search filters even when filtering is off: box grids of
    /// orders [`HALL_FILTERING_FROM`] to `HALL_FROM - 1` (see the module
    /// documentation).
    filters_always: bool,
    has_regions: bool,
    /// The boxes, if the regions are boxes; the filtering on them
    /// (box-line interactions, see [`lines`]) when on, and its scratch.
    boxes: Option<lines::Boxes>,
    box_lines: bool,
    segments: lines::Segments<W>,
    /// How many dead ends each unit took part in (from 1), over every run
    /// of a search, and the sum of its units' weights for each cell.
    weight: Vec<u32>,
    cell_weight: Vec<u32>,
    /// Units whose cells changed since locked candidates last looked at
    /// them (at a fixpoint, nothing more follows from the others).
    lock_dirty: W::Units,
    /// Scratch for locked candidates: a union of symbols per unit (all
    /// empty between uses), and the units touched.
    union: Vec<W>,
    touched: Vec<u16>,
    /// With partial restarts, one restart in this many goes back to the
    /// root: [`ROOT_EVERY`], or [`JIGSAW_ROOT_EVERY`] on jigsaws.
    root_every: u64,
    /// Orders from [`HALL_FROM`]: all-different on nearly full units.
    hall: bool,
    /// Units whose cells changed since all-different last looked at them.
    hall_dirty: W::Units,
    /// The most open cells a unit may have for locked candidates to look
    /// at it: every unit on jigsaws, nearly full ones on box grids from
    /// [`HALL_FROM`].
    lock_open: usize,
    /// Jigsaws from [`JIGSAW_FROM`]: all-different in the symbols' view
    /// (see the module documentation).
    fish: bool,
    /// Symbols whose cells changed since the symbols' view last looked at
    /// them.
    fish_dirty: W,
    /// Scratch of the symbols' view: by symbol, the regions each row
    /// meets it in, and each column (see `hall.rs`).
    fish_scratch: [Vec<u64>; 2],
}

impl<W: Word> Search<W> {
    fn new(shape: &Shape) -> Search<W> {
        let n = shape.n();
        let cells = n * n;
        let has_regions = shape.has_regions();
        let jigsaw = matches!(shape.regions(), crate::grid::Regions::Map(_));
        let big_jigsaw = jigsaw && n >= JIGSAW_FROM;
        let units = if has_regions { 3 * n } else { 2 * n };
        let mut unit_cells = vec![0u16; units * n];
        let mut filled = vec![0usize; units];
        let mut cell_units = Vec::with_capacity(cells);
        let mut cell_pos = Vec::with_capacity(cells);
        for cell in 0..cells {
            let (r, c) = (cell / n, cell % n);
            let region = shape.region(cell).map_or(r, |k| 2 * n + k);
            let us = [r, n + c, region];
            let mut pos = [0u8; 3];
            for (k, &u) in us[..if has_regions { 3 } else { 2 }].iter().enumerate() {
                pos[k] = filled[u] as u8;
                unit_cells[u * n + filled[u]] = cell as u16;
                filled[u] += 1;
            }
            if !has_regions {
                pos[2] = pos[0]; // the row again
            }
            cell_pos.push(pos);
            cell_units.push(us.map(|u| u as u16));
        }
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        let mut mark = vec![usize::MAX; cells];
        for (cell, us) in cell_units.iter().enumerate() {
            peer_start.push(peers.len() as u32);
            mark[cell] = cell;
            for &u in us {
                for &p in &unit_cells[u as usize * n..][..n] {
                    if mark[p as usize] != cell {
                        mark[p as usize] = cell;
                        peers.push(p);
                    }
                }
            }
        }
        peer_start.push(peers.len() as u32);
        let cell_unit_bits = cell_units
            .iter()
            .map(|us| us.iter().fold(W::Units::default(), |acc, &u| acc.or(W::Units::single(u as usize))))
            .collect();
        let mut search = Search {
            n,
            cells,
            cpu: Level::detected(),
            full: W::low(n),
            unit_cells,
            units,
            cell_units,
            cell_unit_bits,
            cell_pos,
            peer_start,
            peers,
            cand: Vec::new(),
            value: Vec::new(),
            placed: Vec::new(),
            open: Vec::new(),
            open_masks: n >= OPEN_MASKS_FROM || big_jigsaw,
            all_cells: if n == 64 { u64::MAX } else { (1 << n) - 1 },
            queue: vec![0; cells],
            queued: 0,
            dirty: W::Units::default(),
            frames: Vec::new(),
            // Set below, from `locked`.
            locked_default: false,
            filters_always: matches!(shape.regions(), Regions::Boxes { .. })
                && (HALL_FILTERING_FROM..HALL_FROM).contains(&n),
            has_regions,
            boxes: match *shape.regions() {
                Regions::Boxes { rows, cols } => Some(lines::Boxes { n, rows, cols }),
                _ => None,
            },
            box_lines: false,
            segments: lines::Segments::default(),
            rng: None,
            seed: None,
            excluded: Vec::new(),
            near: Vec::new(),
            phase: vec![EMPTY; cells],
            restarts: true,
            weighted: n >= WEIGHTED_FROM || big_jigsaw,
            locked: !big_jigsaw && n >= HALL_FROM && has_regions,
            partial: big_jigsaw || n >= HALL_FROM,
            run_unit: cells as u64,
            weight: vec![1; units],
            cell_weight: vec![3; cells],
            lock_dirty: W::Units::default(),
            union: vec![W::ZERO; units],
            touched: Vec::with_capacity(n),
            root_every: if jigsaw { JIGSAW_ROOT_EVERY } else { ROOT_EVERY },
            hall: n >= HALL_FROM || big_jigsaw,
            hall_dirty: W::Units::default(),
            lock_open: if jigsaw { n } else { NEARLY_FULL },
            fish: big_jigsaw,
            fish_dirty: W::ZERO,
            fish_scratch: [Vec::new(), Vec::new()],
        };
        search.locked_default = search.locked;
        search.set_filtering(false);
        search
    }

    /// Filtering on or off (see [`Bits::set_filtering`]): box-line
    /// interactions on boxes, locked candidates on other regions; always on
    /// where [`Search::filters_always`].
    fn set_filtering(&mut self, on: bool) {
        let on = on || self.filters_always;
        self.box_lines = on && self.boxes.is_some();
        let jigsaw = self.has_regions && self.boxes.is_none();
        self.hall =
            self.n >= HALL_FROM || (jigsaw && self.n >= JIGSAW_FROM) || (on && self.n >= HALL_FILTERING_FROM);
        self.locked = self.locked_default || (on && jigsaw && !self.fish);
    }

    /// Makes room for level `level` and copies level `level - 1` into it.
    fn push_level(&mut self, level: usize) {
        let (cells, units) = (self.cells, self.units);
        if level > 0 && self.cand.len() == level * cells {
            // One level deeper than ever: copy without clearing first.
            self.cand.extend_from_within((level - 1) * cells..);
            self.placed.extend_from_within((level - 1) * units..);
            if self.open_masks {
                self.open.extend_from_within((level - 1) * units..);
            }
            return;
        }
        if self.cand.len() < (level + 1) * cells {
            self.cand.resize((level + 1) * cells, W::ZERO);
            self.placed.resize((level + 1) * units, W::ZERO);
            if self.open_masks || level == 0 {
                self.open.resize((level + 1) * units, 0);
            }
        }
        if level > 0 {
            self.cand.copy_within((level - 1) * cells..level * cells, level * cells);
            self.placed.copy_within((level - 1) * units..level * units, level * units);
            if self.open_masks {
                self.open.copy_within((level - 1) * units..level * units, level * units);
            }
        }
    }

    /// Fills `cell` with symbol `v` at `level` (the symbol must be open
    /// there) and takes `v` from its peers. Returns false when a peer is
    /// left with no symbol.
    #[inline(always)]
    fn place(&mut self, level: usize, cell: usize, v: u32) -> bool {
        let bit = W::bit(v);
        let Search { cells, units, cand, value, placed, cell_units, cell_unit_bits, phase, .. } = self;
        let cand = &mut cand[level * *cells..][..*cells];
        if self.fish {
            // The symbols' view: the cell's symbols each lost a place, `v`
            // its peers too.
            self.fish_dirty |= cand[cell] | bit;
        }
        cand[cell] = W::ZERO;
        value[cell] = v as u8;
        phase[cell] = v as u8;
        let placed = &mut placed[level * *units..][..*units];
        for &u in &cell_units[cell] {
            placed[u as usize] |= bit;
        }
        if self.open_masks {
            let open = &mut self.open[level * *units..][..*units];
            for (&u, &j) in cell_units[cell].iter().zip(&self.cell_pos[cell]) {
                open[u as usize] &= !(1 << j);
            }
        }
        // The cell's other symbols each lost a cell in its units.
        let mut dirty = self.dirty.or(cell_unit_bits[cell]);
        let queue = &mut self.queue[..];
        let mut queued = self.queued;
        let (a, b) = (self.peer_start[cell] as usize, self.peer_start[cell + 1] as usize);
        // Whether a peer still had the symbol is a coin toss, so the symbol
        // is taken from every peer without a branch, noting which ones had
        // it; only those are then looked at.
        let mut wiped = None;
        'peers: for chunk in self.peers[a..b].chunks(64) {
            let mut had = 0u64;
            for (i, &p) in chunk.iter().enumerate() {
                let m = cand[p as usize];
                cand[p as usize] = m & !bit;
                had |= ((m & bit != W::ZERO) as u64) << i;
            }
            for i in Ones(had) {
                let p = chunk[i] as usize;
                let left = cand[p];
                dirty = dirty.or(cell_unit_bits[p]);
                if left.at_most_one() {
                    if left == W::ZERO {
                        wiped = Some(p);
                        break 'peers;
                    }
                    queue[queued] = p as u16;
                    queued += 1;
                }
            }
        }
        if let Some(p) = wiped {
            for u in self.cell_units[p] {
                self.weigh(u as usize);
            }
            return false;
        }
        self.queued = queued;
        self.dirty = dirty;
        true
    }

    /// [`Search::settle`], compiled for the baseline and for wider
    /// instructions and run as this CPU allows ([`crate::cpu`]): the
    /// propagation is most of a node's time, and counts symbols, takes
    /// lowest bits and shifts by variable amounts at every step.
    fn propagate(&mut self, level: usize) -> bool {
        cpu::run(
            self.cpu,
            #[inline(always)]
            |_| self.settle(level),
        )
    }

    /// Chooses every forced option at `level`: cells with one symbol, and
    /// symbols with one cell in a unit. Returns false on a dead end.
    #[inline(always)]
    fn settle(&mut self, level: usize) -> bool {
        let (n, cells) = (self.n, self.cells);
        loop {
            while self.queued > 0 {
                self.queued -= 1;
                let p = self.queue[self.queued];
                let m = self.cand[level * cells + p as usize];
                // Zero: filled since it was queued.
                if m != W::ZERO && !self.place(level, p as usize, m.trailing_zeros()) {
                    return false;
                }
            }
            if self.dirty.is_empty() {
                if self.box_lines {
                    match self.pass_box_lines(level) {
                        lines::Pass::DeadEnd => return false,
                        lines::Pass::Taken => continue,
                        lines::Pass::Nothing => {}
                    }
                }
                if self.locked {
                    match self.lock(level) {
                        None => return false,
                        Some(true) => continue,
                        Some(false) => {}
                    }
                }
                if self.hall {
                    match self.hall_sets(level) {
                        None => return false,
                        Some(true) => continue,
                        Some(false) => {}
                    }
                }
                if self.fish {
                    match self.fish(level) {
                        None => return false,
                        Some(true) => continue,
                        Some(false) => {}
                    }
                }
                return true;
            }
            let u = self.dirty.pop();
            if self.locked {
                self.lock_dirty = self.lock_dirty.or(W::Units::single(u));
            }
            if self.hall {
                self.hall_dirty = self.hall_dirty.or(W::Units::single(u));
            }
            let (mut once, mut twice) = (W::ZERO, W::ZERO);
            let unit = &self.unit_cells[u * n..][..n];
            let cand = &self.cand[level * cells..][..cells];
            for_open!(self, level, u, |j| {
                let m = cand[unit[j] as usize];
                twice |= once & m;
                once |= m;
            });
            if once | self.placed[level * self.units + u] != self.full {
                self.weigh(u);
                return false; // a symbol with no cell left in this unit
            }
            let mut single = once & !twice;
            while single != W::ZERO {
                let bit = single.lowest();
                single ^= bit;
                let unit = &self.unit_cells[u * n..][..n];
                let mut found = None;
                for_open!(self, level, u, |j| {
                    if self.cand[level * cells + unit[j] as usize] & bit != W::ZERO {
                        found = Some(unit[j]);
                        break;
                    }
                });
                // None: the one cell was filled with another symbol of this
                // unit's singles.
                let Some(c) = found else {
                    self.weigh(u);
                    return false;
                };
                if !self.place(level, c as usize, bit.trailing_zeros()) {
                    return false;
                }
            }
        }
    }

    /// Counts a dead end against unit `u` (see `weight`).
    fn weigh(&mut self, u: usize) {
        if self.weighted {
            self.weight[u] = self.weight[u].saturating_add(1);
            for &c in &self.unit_cells[u * self.n..][..self.n] {
                self.cell_weight[c as usize] = self.cell_weight[c as usize].saturating_add(1);
            }
        }
    }

    /// Takes `bit` from open cell `p` at `level` (for locked candidates);
    /// false if the cell is left with no symbol.
    #[inline(always)]
    fn remove(&mut self, level: usize, p: usize, bit: W) -> bool {
        let m = &mut self.cand[level * self.cells + p];
        *m &= !bit;
        let left = *m;
        self.fish_dirty |= bit;
        self.dirty = self.dirty.or(self.cell_unit_bits[p]);
        if left.at_most_one() {
            if left == W::ZERO {
                for u in self.cell_units[p] {
                    self.weigh(u as usize);
                }
                return false;
            }
            self.queue[self.queued] = p as u16;
            self.queued += 1;
        }
        true
    }

    /// Box-line interactions at `level` (see [`lines`]).
    #[inline(always)]
    fn pass_box_lines(&mut self, level: usize) -> lines::Pass {
        let Some(boxes) = self.boxes else { return lines::Pass::Nothing };
        let Search { cells, cand, segments, queue, queued, dirty, cell_unit_bits, .. } = self;
        let cand = &mut cand[level * *cells..][..*cells];
        let mut wiped = None;
        let pass = lines::pass(boxes, segments, cand, |p, left| {
            *dirty = dirty.or(cell_unit_bits[p]);
            if left.at_most_one() {
                if left == W::ZERO {
                    wiped = Some(p);
                } else {
                    queue[*queued] = p as u16;
                    *queued += 1;
                }
            }
        });
        if let Some(p) = wiped {
            for u in self.cell_units[p] {
                self.weigh(u as usize);
            }
        }
        pass
    }

    /// Locked candidates at `level`: for every unit `a` changed since the
    /// last call and each other kind of unit, a symbol whose open cells in `a` all lie in one unit
    /// `b` of that kind is taken from the cells of `b` outside `a`.
    /// Returns `None` on a dead end, else whether any symbol was taken.
    #[inline(always)]
    fn lock(&mut self, level: usize) -> Option<bool> {
        let (n, cells) = (self.n, self.cells);
        let mut taken = false;
        while !self.lock_dirty.is_empty() {
            let a = self.lock_dirty.pop();
            let kind = a / n;
            if n - (self.placed[level * self.units + a].count_ones() as usize) > self.lock_open {
                continue; // not nearly full (see `lock_open`)
            }
            for other in 0..3 {
                // A row and a column meet in one cell: a symbol whose cells
                // in one lie in one unit of the other is a hidden single,
                // which the singles take first. Only lines and regions.
                if other == kind || (kind != 2 && other != 2) {
                    continue;
                }
                // The symbols of `a`'s cells, by the unit of kind `other`
                // each lies in.
                self.touched.clear();
                for_open!(self, level, a, |j| {
                    let c = self.unit_cells[a * n + j];
                    let b = self.cell_units[c as usize][other] as usize;
                    let m = self.cand[level * cells + c as usize];
                    if m != W::ZERO {
                        if self.union[b] == W::ZERO {
                            self.touched.push(b as u16);
                        }
                        self.union[b] |= m;
                    }
                });
                let (mut once, mut twice) = (W::ZERO, W::ZERO);
                for &b in &self.touched {
                    let m = self.union[b as usize];
                    twice |= once & m;
                    once |= m;
                }
                let single = once & !twice;
                for i in 0..self.touched.len() {
                    let b = self.touched[i] as usize;
                    let mut here = self.union[b] & single;
                    self.union[b] = W::ZERO;
                    if here == W::ZERO {
                        continue;
                    }
                    // Only the symbols that some cell of `b` outside `a`
                    // still has: mostly none (taken at an earlier call).
                    let mut outside = W::ZERO;
                    for_open!(self, level, b, |j| {
                        let c = self.unit_cells[b * n + j] as usize;
                        if self.cell_units[c][kind] as usize != a {
                            outside |= self.cand[level * cells + c];
                        }
                    });
                    here &= outside;
                    while here != W::ZERO {
                        let bit = here.lowest();
                        here ^= bit;
                        for_open!(self, level, b, |j| {
                            let c = self.unit_cells[b * n + j] as usize;
                            if self.cell_units[c][kind] as usize != a
                                && self.cand[level * cells + c] & bit != W::ZERO
                            {
                                taken = true;
                                if !self.remove(level, c, bit) {
                                    // Leave the scratch empty.
                                    for k in i + 1..self.touched.len() {
                                        let b = self.touched[k] as usize;
                                        self.union[b] = W::ZERO;
                                    }
                                    self.weigh(a);
                                    self.lock_dirty = W::Units::default();
                                    return None;
                                }
                            }
                        });
                    }
                }
            }
        }
        Some(taken)
    }

    /// [`Search::choose_in`], compiled as [`Search::propagate`] is (it
    /// counts the symbols of every open cell).
    fn choose(&mut self, level: usize) -> Option<(usize, W)> {
        cpu::run(
            self.cpu,
            #[inline(always)]
            |_| self.choose_in(level),
        )
    }

    /// The open cell to branch on at `level`, with its symbols, or `None`
    /// when every cell is filled: by dom/wdeg from [`WEIGHTED_FROM`] up,
    /// else the open cell with the fewest symbols (the first on ties, or
    /// one at random after a restart).
    #[inline(always)]
    fn choose_in(&mut self, level: usize) -> Option<(usize, W)> {
        if self.weighted {
            return self.choose_weighted(level);
        }
        let cand = &self.cand[level * self.cells..][..self.cells];
        let mut best: Option<(usize, W)> = None;
        let mut fewest = u32::MAX;
        let Some(rng) = &mut self.rng else {
            for (cell, &m) in cand.iter().enumerate() {
                if m != W::ZERO {
                    let k = m.count_ones();
                    if k < fewest {
                        fewest = k;
                        best = Some((cell, m));
                        if k == 2 {
                            break;
                        }
                    }
                }
            }
            return best;
        };
        let mut ties = 0;
        for (cell, &m) in cand.iter().enumerate() {
            if m != W::ZERO {
                let k = m.count_ones();
                if k < fewest {
                    (fewest, best, ties) = (k, Some((cell, m)), 1);
                } else if k == fewest {
                    // Each of the ties so far is kept with equal odds.
                    ties += 1;
                    if rng.below(ties) == 0 {
                        best = Some((cell, m));
                    }
                }
            }
        }
        best
    }

    /// The open cell with the fewest symbols per weight of its units (the
    /// first on ties, or one at random after a restart).
    #[inline(always)]
    fn choose_weighted(&mut self, level: usize) -> Option<(usize, W)> {
        let Search { n, cells, units, cand, open, open_masks, cell_weight, rng, .. } = self;
        let cand = &cand[level * *cells..][..*cells];
        let mut best: Option<(usize, W)> = None;
        // The best ratio so far, symbols / weight (more symbols than any
        // cell has, to start; the products stay below 2^41).
        let (mut symbols, mut weight) = (65u64, 1u64);
        let mut ties = 0;
        let mut consider = |cell: usize, m: W| {
            let w = cell_weight[cell] as u64;
            // An open cell has two symbols or more (one is placed at once).
            if m != W::ZERO && 2 * weight <= symbols * w {
                let k = m.count_ones() as u64;
                let (this, that) = (k * weight, symbols * w);
                if this < that {
                    (symbols, weight, best, ties) = (k, w, Some((cell, m)), 1);
                } else if this == that {
                    if let Some(rng) = rng {
                        ties += 1;
                        if rng.below(ties) == 0 {
                            best = Some((cell, m));
                        }
                    }
                }
            }
        };
        if *open_masks {
            // The open cells only, in the same order (a row's positions
            // are its columns): most cells of a big grid's deep nodes are
            // filled.
            for (r, &row) in open[level * *units..][..*n].iter().enumerate() {
                for j in Ones(row) {
                    consider(r * *n + j, cand[r * *n + j]);
                }
            }
        } else {
            for (cell, &m) in cand.iter().enumerate() {
                consider(cell, m);
            }
        }
        best
    }

    /// The symbols of `rest` that the fewest peers of `cell` still have at
    /// `level` (least constraining: each takes the fewest options).
    fn least_constraining(&self, level: usize, cell: usize, rest: W) -> W {
        let cand = &self.cand[level * self.cells..][..self.cells];
        // A counter per symbol, bit-sliced: bit v of planes[k] is bit k
        // of symbol v's count (a cell has fewer than 3 x 64 peers).
        let mut planes = [W::ZERO; 8];
        for &p in &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize] {
            let mut carry = cand[p as usize] & rest;
            for plane in planes.iter_mut() {
                if carry == W::ZERO {
                    break;
                }
                let t = *plane & carry;
                *plane ^= carry;
                carry = t;
            }
        }
        // From the top bit down, keep the symbols whose count has a 0
        // there whenever some do.
        let mut fewest = rest;
        for plane in planes.iter().rev() {
            let zero = fewest & !*plane;
            if zero != W::ZERO {
                fewest = zero;
            }
        }
        fewest
    }

    /// Sets up level 0 from the givens of `puzzle` and propagates. Returns
    /// false if the puzzle has no solution that way.
    fn start(&mut self, puzzle: &Puzzle) -> bool {
        self.frames.clear();
        self.queued = 0;
        self.dirty = W::Units::default();
        self.lock_dirty = W::Units::default();
        self.hall_dirty = W::Units::default();
        self.fish_dirty = self.full;
        self.push_level(0);
        self.value.resize(self.cells, EMPTY);
        // The givens go in unit by unit; then each open cell gets the
        // symbols none of its units has (cheaper than taking each given
        // from its peers one by one).
        let (cells, units) = (self.cells, self.units);
        let (cand, value, placed) =
            (&mut self.cand[..cells], &mut self.value[..cells], &mut self.placed[..units]);
        placed.fill(W::ZERO);
        let open = &mut self.open[..units];
        open.fill(self.all_cells);
        for (cell, g) in puzzle.givens().iter().enumerate() {
            match *g {
                Some(v) => {
                    let bit = W::bit(v as u32);
                    let us = self.cell_units[cell];
                    if us.iter().any(|&u| placed[u as usize] & bit != W::ZERO) {
                        return false; // clashing givens
                    }
                    for (u, j) in us.into_iter().zip(self.cell_pos[cell]) {
                        placed[u as usize] |= bit;
                        open[u as usize] &= !(1 << j);
                    }
                    value[cell] = v;
                    cand[cell] = W::ZERO;
                }
                None => value[cell] = EMPTY,
            }
        }
        for cell in 0..cells {
            if value[cell] == EMPTY {
                let [a, b, c] = self.cell_units[cell].map(|u| placed[u as usize]);
                let m = self.full & !(a | b | c);
                cand[cell] = m;
                if m.at_most_one() {
                    if m == W::ZERO {
                        return false;
                    }
                    self.queue[self.queued] = cell as u16;
                    self.queued += 1;
                }
            }
        }
        // Excluded placements: a given one leaves no solution; an open one
        // is taken from its cell (queued if that leaves one symbol, and it
        // was not queued before: it had two).
        for &(cell, v) in &self.excluded {
            let bit = W::bit(v as u32);
            if value[cell] == v {
                return false;
            }
            if cand[cell] & bit != W::ZERO {
                let m = cand[cell] ^ bit;
                cand[cell] = m;
                if m.at_most_one() {
                    if m == W::ZERO {
                        return false;
                    }
                    self.queue[self.queued] = cell as u16;
                    self.queued += 1;
                }
            }
        }
        self.dirty = W::Units::first(self.units);
        self.propagate(0)
    }

    /// The search: counts nodes in `meter`, visits solutions, and returns
    /// how many it visited and how it ended unless the meter stopped it.
    fn search<F>(&mut self, puzzle: &Puzzle, meter: &mut Meter, mut visit: F) -> (u64, End)
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(puzzle.n(), self.n, "a puzzle of another order");
        let mut found = 0u64;
        self.rng = self.seed.map(SplitMix64::new);
        self.weight.fill(1);
        self.cell_weight.fill(3);
        self.phase.fill(EMPTY);
        // The root.
        if meter.node(0) {
            return (0, End::Complete);
        }
        if !self.start(puzzle) {
            return (0, End::Complete);
        }
        let unit = self.run_unit;
        // Nodes this run may take while it has found nothing.
        let first_run = if self.partial { PARTIAL_FIRST_RUN } else { FIRST_RUN };
        let (mut run, mut left) = (0, first_run * unit);
        let (mut roots, mut partials) = (0u64, 0u64);
        // The level a partial restart goes back to (see the module
        // documentation), if the next run is one.
        let mut back_to: Option<usize> = None;
        'runs: loop {
            let mut level = 0usize;
            match back_to.take() {
                Some(l) => {
                    // The state at level `l` is still there: the levels of
                    // the branch points kept are untouched.
                    self.frames.truncate(l);
                    level = l;
                }
                None => self.frames.clear(),
            }
            loop {
                // `level` holds a consistent state with every forced option
                // taken: a solution, or a branching point.
                match self.choose(level) {
                    None => {
                        found += 1;
                        if visit(&self.value).is_break() {
                            return (found, End::Limit);
                        }
                    }
                    Some((cell, rest)) => self.frames.push(CellBranch { cell: cell as u32, rest }),
                }
                // Take the next branch, backing up as far as needed.
                loop {
                    let Some(&CellBranch { cell, rest }) = self.frames.last() else {
                        return (found, End::Complete);
                    };
                    if rest == W::ZERO {
                        self.frames.pop();
                        continue;
                    }
                    // The parent's state is the level below the child's.
                    let near = self.near.get(cell as usize).map_or(W::ZERO, |&v| W::bit(v as u32) & rest);
                    let phase = match self.phase[cell as usize] {
                        v if self.weighted && v != EMPTY => W::bit(v as u32) & rest,
                        _ => W::ZERO,
                    };
                    let pick = if near != W::ZERO {
                        near
                    } else if phase != W::ZERO {
                        phase
                    } else if self.weighted && !rest.at_most_one() {
                        self.least_constraining(self.frames.len() - 1, cell as usize, rest)
                    } else {
                        rest
                    };
                    let bit = match &mut self.rng {
                        None => pick.lowest(),
                        Some(rng) => pick.nth(rng.below(pick.count_ones() as u64) as u32),
                    };
                    let frame = self.frames.last_mut().expect("a frame");
                    frame.rest ^= bit;
                    let (cell, v) = (frame.cell as usize, bit.trailing_zeros());
                    level = self.frames.len();
                    if meter.node(found) {
                        return (found, End::Complete);
                    }
                    if found == 0 && self.restarts {
                        if left == 0 {
                            // Nothing yet: start again, another way.
                            run += 1;
                            left = unit * luby(run);
                            self.rng = Some(SplitMix64::new(self.seed.unwrap_or(SEED) ^ run));
                            if self.partial {
                                // Roots and partial runs count their own
                                // Luby sequences: every fourth term of the
                                // common one is 1 in 16 of the first 30
                                // (every sixth, 1 in 18 of 30),
                                // so runs from the root hardly grew.
                                if run % self.root_every == 0 {
                                    roots += 1;
                                    left = unit * luby(roots);
                                } else {
                                    // Half the depth: below the branch
                                    // point of this node, so every branch
                                    // point kept has its untried symbols.
                                    partials += 1;
                                    back_to = Some(self.frames.len() / 2);
                                    left = unit / 2 * luby(partials);
                                }
                            }
                            continue 'runs;
                        }
                        left -= 1;
                    }
                    self.push_level(level);
                    self.queued = 0;
                    self.dirty = W::Units::default();
                    self.lock_dirty = W::Units::default();
                    self.hall_dirty = W::Units::default();
                    self.fish_dirty = W::ZERO;
                    if self.place(level, cell, v) && self.propagate(level) {
                        break;
                    }
                }
            }
        }
    }
}

/// The searches for the two word widths.
#[derive(Clone, Debug)]
enum Inner {
    Narrow(Box<Search<u32>>),
    Wide(Box<Search<u64>>),
}

/// The bit-parallel search for one shape.
#[derive(Clone, Debug)]
pub struct Bits {
    inner: Inner,
    meter: Meter,
    /// The solutions and nodes of the last search, and how it ended.
    stats: Stats,
    end: End,
}

impl Bits {
    /// Lays out the units of `shape`, or `None` if its order is above
    /// [`MAX_BITS_ORDER`].
    pub fn new(shape: &Shape) -> Option<Bits> {
        let inner = match shape.n() {
            0..=32 => Inner::Narrow(Box::new(Search::new(shape))),
            33..=MAX_BITS_ORDER => Inner::Wide(Box::new(Search::new(shape))),
            _ => return None,
        };
        Some(Bits { inner, meter: Meter::new(), stats: Stats::default(), end: End::Complete })
    }

    /// Bounds the searches to come (nodes: the root and every branch tried).
    pub fn set_budget(&mut self, budget: Budget) {
        self.meter.set_budget(budget);
    }

    /// Reports the searches to come to `probe`, which can also stop them.
    pub fn set_probe(&mut self, probe: Option<Arc<Probe>>) {
        self.meter.set_probe(probe);
    }

    /// Whether the searches to come start again from the root when they
    /// have found nothing for a while (on by default; see the module
    /// documentation). Restarts shorten the hunt for a first solution,
    /// but a search that must prove there is none (a puzzle maker's
    /// uniqueness test) walks its whole tree once per run: on 20x20
    /// minimal puzzles such proofs took 13 times the nodes with restarts.
    pub fn set_restarts(&mut self, restarts: bool) {
        match &mut self.inner {
            Inner::Narrow(s) => s.restarts = restarts,
            Inner::Wide(s) => s.restarts = restarts,
        }
    }

    /// Whether the searches to come filter harder at every node (off by
    /// default, but always on for box grids of orders 24 to 39: see the
    /// module documentation): locked candidates on every shape with
    /// regions, whatever its order (box-line interactions on boxes), and
    /// from order 24 all-different on nearly full units. Each node costs
    /// more, but a search that must prove there is no solution (a puzzle
    /// maker's uniqueness test on a big sparse grid) takes far fewer
    /// nodes.
    pub fn set_filtering(&mut self, on: bool) {
        match &mut self.inner {
            Inner::Narrow(s) => s.set_filtering(on),
            Inner::Wide(s) => s.set_filtering(on),
        }
    }

    /// The solutions and nodes of the last search (the root and every
    /// branch tried, over every run; it makes no list updates to count).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// How the last search ended.
    pub fn end(&self) -> End {
        self.end
    }

    /// Runs the propagation with `level`'s instructions (for tests: the
    /// baseline against the detected ones).
    #[cfg(test)]
    fn set_cpu(&mut self, level: Level) {
        match &mut self.inner {
            Inner::Narrow(s) => s.cpu = level,
            Inner::Wide(s) => s.cpu = level,
        }
    }

    /// Visits every solution of `puzzle` (the shape must be this solver's,
    /// up to its regions: the solver's own are used) as a filled grid of
    /// symbol indices, row by row, until the visitor breaks or the budget
    /// runs out, and says how it ended.
    pub fn solve<F>(&mut self, puzzle: &Puzzle, visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.meter.start();
        let (found, otherwise) = match &mut self.inner {
            Inner::Narrow(s) => s.search(puzzle, &mut self.meter, visit),
            Inner::Wide(s) => s.search(puzzle, &mut self.meter, visit),
        };
        let outcome = self.meter.finish(found, self.meter.nodes(), otherwise);
        self.stats = Stats { solutions: found, nodes: outcome.nodes(), updates: 0 };
        self.end = outcome.end();
        outcome
    }

    /// Visits the solutions of `puzzle` (as [`Bits::solve`] does) that
    /// place none of `excluded`: pairs (cell, symbol), cells row by row
    /// from 0, symbols from 0. Excluding a given's own symbol leaves no
    /// solution; pairs outside the grid exclude nothing.
    pub fn solve_excluding<F>(&mut self, puzzle: &Puzzle, excluded: &[(usize, u8)], visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.solve_near(puzzle, excluded, &[], visit)
    }

    /// Visits the solutions of `puzzle` that place none of `excluded`, as
    /// [`Bits::solve_excluding`] does, trying at each branch first the
    /// symbol `near` has in the cell (a full grid, symbol indices row by
    /// row), so that solutions that differ from `near` in few cells come
    /// first. A puzzle maker's question: is there a solution other than
    /// the grid `near` once a given is taken away? The other solutions
    /// that exist mostly differ from it in a few cells only (an
    /// unavoidable set), and this order finds one of those long before a
    /// search in the usual order would.
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

    /// [`Bits::solve_near`], in an order drawn from `seed` when given (as
    /// [`Bits::solve_shuffled`] does, from the first run on: ties among
    /// the cells to branch on, and the symbols tried after `near`'s): the
    /// same seed, the same order. Each seed walks its own tree, so a
    /// search cut short can be tried again another way.
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
        self.set_search(seed, excluded);
        self.set_near(near);
        let outcome = self.solve(puzzle, visit);
        self.set_search(None, &[]);
        self.set_near(&[]);
        outcome
    }

    /// Sets the grid whose symbols the searches to come try first.
    fn set_near(&mut self, near: &[u8]) {
        macro_rules! set {
            ($s:expr) => {{
                $s.near.clear();
                if near.len() == $s.cells && near.iter().all(|&v| (v as usize) < $s.n) {
                    $s.near.extend_from_slice(near);
                }
            }};
        }
        match &mut self.inner {
            Inner::Narrow(s) => set!(s),
            Inner::Wide(s) => set!(s),
        }
    }

    /// Visits the solutions of `puzzle` (as [`Bits::solve`] does) in an
    /// order drawn from `seed`: from the first run on, ties among the
    /// cells with the fewest symbols and the order of each cell's symbols
    /// are broken at random (restarts as in the module documentation).
    /// The same seed gives the same order. For drawing a random grid: the
    /// first solution of a blank puzzle.
    pub fn solve_shuffled<F>(&mut self, puzzle: &Puzzle, seed: u64, visit: F) -> Outcome
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        self.set_search(Some(seed), &[]);
        let outcome = self.solve(puzzle, visit);
        self.set_search(None, &[]);
        outcome
    }

    /// Sets the seed and the exclusions of the searches to come.
    fn set_search(&mut self, seed: Option<u64>, excluded: &[(usize, u8)]) {
        macro_rules! set {
            ($s:expr) => {{
                let (n, cells) = ($s.n, $s.cells);
                $s.seed = seed;
                $s.excluded.clear();
                $s.excluded.extend(excluded.iter().filter(|&&(c, v)| c < cells && (v as usize) < n));
            }};
        }
        match &mut self.inner {
            Inner::Narrow(s) => set!(s),
            Inner::Wide(s) => set!(s),
        }
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

    /// Every solution, as grids.
    fn all(s: &mut Bits, p: &Puzzle) -> Vec<Vec<u8>> {
        let mut grids = Vec::new();
        let o = s.solve(p, |g| {
            grids.push(g.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!((o.end(), o.so_far()), (End::Complete, grids.len() as u64));
        grids
    }

    #[test]
    fn blank_grids_count_as_known() {
        for (shape, count) in [
            (Shape::default_for(1).unwrap(), 1),
            (Shape::default_for(4).unwrap(), 288),
            (Shape::new(4, Regions::None).unwrap(), 576),
            (Shape::new(5, Regions::None).unwrap(), 161_280),
        ] {
            let n = shape.n();
            let p = puzzle(shape.clone(), &".".repeat(n * n));
            let mut s = Bits::new(&shape).unwrap();
            assert_eq!(all(&mut s, &p).len(), count, "order {n}");
        }
    }

    #[test]
    fn partial_restarts_keep_counts_exact() {
        // Restarts every few nodes, five in six to half the depth, on
        // hard 9x9 puzzles (hundreds of nodes): one with a single
        // solution, the same with givens taken out (many), and one with a
        // given made wrong (none): the counts of the plain search.
        let shape = Shape::default_for(9).unwrap();
        let hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let fewer: String =
            hard.chars().enumerate().map(|(i, c)| if i % 13 == 3 { '.' } else { c }).collect();
        let wrong = format!("1{}", &hard[1..]);
        let mut restarted = 0;
        for text in [hard, &fewer, &wrong] {
            let p = puzzle(shape.clone(), text);
            let mut plain = Bits::new(&shape).unwrap();
            plain.set_restarts(false);
            let expected = all(&mut plain, &p);
            for unit in [2, 3, 5] {
                let mut s = Bits::new(&shape).unwrap();
                if let Inner::Narrow(search) = &mut s.inner {
                    (search.partial, search.run_unit) = (true, unit);
                }
                let mut grids = all(&mut s, &p);
                grids.sort();
                let mut want = expected.clone();
                want.sort();
                assert_eq!(grids, want, "{text}, restarts every {unit} nodes");
                restarted += (s.stats().nodes > plain.stats().nodes) as usize;
            }
        }
        // Nearly half took more nodes than the plain search: they
        // restarted (a search that went back only partway can also end
        // in fewer nodes, so not every one that restarted shows here).
        assert!(restarted >= 4, "{restarted} of 9 searches restarted");
    }

    #[test]
    fn big_grids_list_each_solution_once_through_restarts() {
        // Above order 12 a listing runs here (`GridSolver::lists_on_bits`).
        // Restarting every few nodes before the first solution (five in six
        // to half the depth, or always to the root), a 16x16 and a 25x25
        // with several solutions (about 45% of a solved grid's cells open)
        // list the plain search's set, each grid once (as many as the
        // dancing links count), in the same order when the same search
        // runs again.
        for (n, open) in [(16, 45), (25, 45)] {
            let shape = Shape::default_for(n).unwrap();
            let blank = puzzle(shape.clone(), &".".repeat(n * n));
            let mut first = None;
            let _ = Bits::new(&shape).unwrap().solve(&blank, |g| {
                first = Some(g.to_vec());
                ControlFlow::Break(())
            });
            let grid = first.expect("a blank grid has a solution");
            let alphabet = Alphabet::default_for(n).unwrap();
            let text: String = (0..n * n)
                .map(|i| if (i * 7919 + 13) % 101 < open { '.' } else { alphabet.char(grid[i]) })
                .collect();
            let p = puzzle(shape.clone(), &text);
            let mut plain = Bits::new(&shape).unwrap();
            plain.set_restarts(false);
            let mut want = all(&mut plain, &p);
            // The count, by the dancing links.
            let count =
                crate::search::links::Links::new(&shape).count(&p, None).unwrap().solutions().unwrap();
            assert!(count >= 4, "order {n}: {count} solutions");
            assert_eq!(want.len() as u64, count, "order {n}");
            want.sort();
            want.dedup();
            assert_eq!(want.len() as u64, count, "order {n}: the plain search lists each grid once");
            assert!(want.iter().all(|g| p.verify(g).is_ok()));
            let mut restarted = 0;
            for (partial, unit) in [(true, 2), (true, 3), (false, 2)] {
                let mut s = Bits::new(&shape).unwrap();
                let Inner::Narrow(search) = &mut s.inner else { panic!("order {n} on 32-bit words") };
                (search.partial, search.run_unit) = (partial, unit);
                let grids = all(&mut s, &p);
                let nodes = s.stats().nodes;
                // The same search again (as a grid solver keeps its own).
                assert_eq!(all(&mut s, &p), grids, "order {n}: the same order every run");
                let mut sorted = grids.clone();
                sorted.sort();
                assert_eq!(sorted, want, "order {n}, partial {partial}, every {unit} nodes");
                restarted += (nodes > plain.stats().nodes) as usize;
            }
            // Some took more nodes than the plain search: they restarted.
            assert!(restarted >= 1, "order {n}: none of 3 listings restarted");
        }
    }

    #[test]
    fn inkala_solves_uniquely() {
        let shape = Shape::default_for(9).unwrap();
        let p = puzzle(
            shape.clone(),
            "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
        );
        let grids = all(&mut Bits::new(&shape).unwrap(), &p);
        assert_eq!(grids.len(), 1);
        assert_eq!(p.verify(&grids[0]), Ok(()));
        assert_eq!(grids[0][..9], [7, 0, 1, 6, 4, 2, 5, 3, 8]);
    }

    #[test]
    fn near_finds_the_same_solutions_the_nearest_first() {
        // Latin 4x4, two givens: many solutions. Taking a grid as `near`,
        // the search lists the same set as without it, the grid first;
        // excluding one of its cells' symbols, the same set as
        // `solve_excluding`.
        let shape = Shape::new(4, Regions::None).unwrap();
        let p = puzzle(shape.clone(), "1......2........");
        let mut s = Bits::new(&shape).unwrap();
        let mut plain = all(&mut s, &p);
        let grid = plain[plain.len() / 2].clone();
        let mut near = Vec::new();
        let o = s.solve_near(&p, &[], &grid, |g| {
            near.push(g.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(o.end(), End::Complete);
        assert_eq!(near[0], grid);
        for exclusions in [vec![], vec![(5, grid[5])]] {
            let mut want = Vec::new();
            let o = s.solve_excluding(&p, &exclusions, |g| {
                want.push(g.to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!(o.end(), End::Complete);
            let mut got = Vec::new();
            let o = s.solve_near(&p, &exclusions, &grid, |g| {
                got.push(g.to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!(o.end(), End::Complete);
            want.sort();
            got.sort();
            assert_eq!(got, want);
        }
        plain.sort();
        near.sort();
        assert_eq!(near, plain);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let shape = Shape::default_for(4).unwrap();
        let p = puzzle(shape.clone(), "11..............");
        assert!(all(&mut Bits::new(&shape).unwrap(), &p).is_empty());
    }

    #[test]
    fn every_order_is_taken() {
        assert_eq!(MAX_BITS_ORDER, crate::MAX_ORDER);
        for n in [1, 32, 33, 64] {
            assert!(Bits::new(&Shape::default_for(n).unwrap()).is_some());
        }
    }

    #[test]
    fn phase_saving_keeps_counts_exact() {
        // Order 25 (phase saving on): a full grid with symbols 0 and 1
        // and about one other cell in eight blank (so at least two
        // solutions: 0 and 1 swapped), counted on the bits and on the
        // links: the same count, every solution valid; and again with a
        // given made wrong.
        let shape = Shape::default_for(25).unwrap();
        let full: Vec<u8> = (0..625).map(|i| ((i / 25 * 5 + i / 125 + i % 25) % 25) as u8).collect();
        let mut rng = SplitMix64::new(7);
        let mut givens: Vec<Option<u8>> =
            full.iter().map(|&v| (v > 1 && rng.below(8) != 0).then_some(v)).collect();
        let alphabet = Alphabet::default_for(25).unwrap();
        let p = Puzzle::new(shape.clone(), alphabet.clone(), givens.clone()).unwrap();
        let mut bits = Bits::new(&shape).unwrap();
        let grids = all(&mut bits, &p);
        assert!(grids.len() > 1, "{} solutions", grids.len());
        assert!(grids.iter().all(|g| p.verify(g).is_ok()));
        let mut links = crate::GridSolver::with_engine(&shape, crate::Engine::Links).unwrap();
        assert_eq!(links.count(&p, None).unwrap().solutions(), Some(grids.len() as u64));
        // A blank cell of row 0 takes the symbol of another: the counts
        // still agree (none, mostly).
        let blanks: Vec<usize> = (0..25).filter(|&c| givens[c].is_none()).collect();
        if let [a, b, ..] = blanks[..] {
            givens[a] = Some(full[b]);
            let q = Puzzle::new(shape.clone(), alphabet, givens).unwrap();
            let got = all(&mut bits, &q).len() as u64;
            match links.count(&q, None) {
                Ok(o) => assert_eq!(o.solutions(), Some(got)),
                Err(_) => assert_eq!(got, 0, "clashing givens"),
            }
        }
    }

    /// A search of order 40 at level 0 whose row 0 has cells 0..36 filled
    /// with symbols 0..36 and cells 36..40 open with the given symbols.
    fn row_zero(open: [&[u32]; 4]) -> Search<u64> {
        let shape = Shape::default_for(40).unwrap();
        let mut s = Search::<u64>::new(&shape);
        assert!(s.hall);
        s.push_level(0);
        s.placed[0] = (1 << 36) - 1;
        for (i, symbols) in open.iter().enumerate() {
            s.cand[36 + i] = symbols.iter().fold(0, |m, &v| m | 1 << v);
        }
        // Cells 0..36 filled, 36..40 open (the masks of row 0).
        s.open[0] = 0xf << 36;
        s
    }

    #[test]
    fn all_different_takes_what_no_matching_gives() {
        // Symbols 36 and 37 fill cells 36 and 37 (a naked pair): cells 38
        // and 39 lose them.
        let mut s = row_zero([&[36, 37], &[36, 37], &[36, 37, 38, 39], &[36, 38, 39]]);
        assert_eq!(s.all_different(0, 0), Some(true));
        let want: Vec<u64> = vec![3 << 36, 3 << 36, 3 << 38, 3 << 38];
        assert_eq!(s.cand[36..40], want[..]);
        // Symbol 39 has only cell 39 and symbol 38 only cells 38 and 39:
        // a hidden pair, with cell 39 forced (and queued).
        let mut s = row_zero([&[36, 37, 38], &[36, 37], &[36, 37, 38], &[36, 37, 38, 39]]);
        assert_eq!(s.all_different(0, 0), Some(true));
        assert_eq!(s.cand[39], 1 << 39);
        assert_eq!(s.queue[..s.queued], [39]);
        // Nothing to take: every symbol on some matching.
        let mut s = row_zero([&[36, 37], &[37, 38], &[38, 39], &[39, 36]]);
        assert_eq!(s.all_different(0, 0), Some(false));
        // Three cells share two symbols: no matching, a dead end.
        let mut s = row_zero([&[36, 37], &[36, 37], &[36, 37], &[36, 37, 38, 39]]);
        assert_eq!(s.all_different(0, 0), None);
    }

    #[test]
    fn all_different_keeps_counts_exact() {
        // Order 40 (all-different on): a full grid with symbols 0 and 1
        // blank and about one other cell in three: units with a few open
        // cells that singles do not fill, 448 solutions. Counted on the
        // bits and on the links: the same count, every solution valid.
        let shape = Shape::default_for(40).unwrap();
        let (rows, cols) = (5, 8);
        let full: Vec<u8> =
            (0..1600).map(|i| ((i / 40 * cols + i / 40 / rows + i % 40) % 40) as u8).collect();
        let alphabet = Alphabet::default_for(40).unwrap();
        let blank = Puzzle::new(shape.clone(), alphabet.clone(), vec![None; 1600]).unwrap();
        assert_eq!(blank.verify(&full), Ok(()));
        let mut rng = SplitMix64::new(11);
        let givens: Vec<Option<u8>> =
            full.iter().map(|&v| (v > 1 && rng.below(3) != 0).then_some(v)).collect();
        let p = Puzzle::new(shape.clone(), alphabet, givens).unwrap();
        let mut bits = Bits::new(&shape).unwrap();
        let grids = all(&mut bits, &p);
        assert!(grids.len() > 1, "{} solutions", grids.len());
        assert!(grids.iter().all(|g| p.verify(g).is_ok()));
        let mut links = crate::GridSolver::with_engine(&shape, crate::Engine::Links).unwrap();
        assert_eq!(links.count(&p, None).unwrap().solutions(), Some(grids.len() as u64));
    }

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn the_baseline_and_the_detected_instructions_search_alike() {
        // Box grids of both word widths and jigsaws past the orders where
        // weights, the symbols' view and the all-different filter start,
        // with few givens and many, filtering on and off, and seeded
        // orders: the propagation compiled for this CPU's widest
        // instructions and the baseline one list the same solutions (up to
        // 20) in the same order with the same nodes, and end alike under a
        // node budget.
        use crate::generate::random_map;
        use crate::Symmetry;
        if Level::detected() == Level::BASELINE {
            eprintln!("this CPU (or DANCE_CPU) has the baseline only: the baseline is compared with itself");
        }
        let mut rng = SplitMix64::new(64);
        let mut shapes: Vec<Shape> = [(12, 3), (16, 4), (25, 5), (36, 6), (40, 5)]
            .into_iter()
            .map(|(n, rows)| Shape::new(n, Regions::Boxes { rows, cols: n / rows }).unwrap())
            .collect();
        for n in [9, 17, 20] {
            shapes.push(random_map(n, Symmetry::None, &mut rng).unwrap());
        }
        let mut compared = 0;
        for shape in &shapes {
            let n = shape.n();
            let alphabet = Alphabet::default_for(n).unwrap();
            let blank = Puzzle::new(shape.clone(), alphabet.clone(), vec![None; n * n]).unwrap();
            let mut solvers = [Bits::new(shape).unwrap(), Bits::new(shape).unwrap()];
            solvers[1].set_cpu(Level::BASELINE);
            let mut full = None;
            let _ = solvers[0].solve_shuffled(&blank, rng.next_u64(), |g| {
                full = Some(g.to_vec());
                ControlFlow::Break(())
            });
            let full = full.expect("a full grid");
            for (round, keep) in [95, 80, 60, 40, 10].into_iter().enumerate() {
                let givens: Vec<Option<u8>> =
                    full.iter().map(|&v| (rng.below(100) < keep).then_some(v)).collect();
                let p = Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap();
                let seed = (round % 2 == 1).then(|| rng.next_u64());
                let filtering = round % 3 != 2;
                let mut runs = Vec::new();
                for s in &mut solvers {
                    s.set_filtering(filtering);
                    s.set_budget(Budget { max_nodes: Some(20_000), ..Budget::default() });
                    let mut grids = Vec::new();
                    let visit = |g: &[u8]| {
                        grids.push(g.to_vec());
                        if grids.len() < 20 {
                            ControlFlow::Continue(())
                        } else {
                            ControlFlow::Break(())
                        }
                    };
                    let o = match seed {
                        Some(seed) => s.solve_shuffled(&p, seed, visit),
                        None => s.solve(&p, visit),
                    };
                    assert!(grids.iter().all(|g| p.verify(g).is_ok()));
                    runs.push((grids, o.nodes(), o.end()));
                }
                assert_eq!(
                    runs[0], runs[1],
                    "order {n}, {keep}% given, seed {seed:?}, filtering {filtering}"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, 40);
    }
}
