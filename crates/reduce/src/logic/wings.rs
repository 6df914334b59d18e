//! Wings: XY-wing, XYZ-wing, W-wing.
//!
//! Each pairs cells of two or three candidates so that, whichever way they
//! fall, one of two cells holds a symbol z: then z leaves every cell that
//! sees both (for the XYZ-wing, all three cells of the pattern).

use super::board::{bit, members, pair, single, triple, CandidateBoard, Layout, Mask};
use super::step::Step;
use super::technique::Technique;

/// Work space: the cells a pivot sees that may serve as pincers.
#[derive(Clone, Debug, Default)]
pub(crate) struct Wings {
    pincers: Vec<usize>,
    bivalue: Vec<usize>,
    /// For W-wings: per cell of `bivalue` (by index `j`), its two
    /// candidates and `j` as `lo << 18 | hi << 12 | j`, sorted, and where
    /// each `j` went.
    by_mask: Vec<u32>,
    rank: Vec<usize>,
    /// The reading of [`CandidateBoard::bivalue`] when XY-wings last found
    /// nothing, and of [`CandidateBoard::strong_links`] when W-wings did (0:
    /// never). Both are made of cells with two candidates (and W-wings of
    /// a strong link in a unit): with none new, they would find nothing
    /// again.
    idle_xy: u64,
    idle_w: u64,
    /// The length of [`CandidateBoard::strong_log`] when XY-wings last found
    /// nothing, and work space: the cells that may be the pivot of a new
    /// XY-wing.
    idle_xy_log: usize,
    near: Vec<u64>,
    /// The lengths of [`CandidateBoard::strong_log`] and
    /// [`CandidateBoard::trivalue_log`] when XYZ-wings last found nothing.
    idle_xyz_log: (usize, usize),
    /// The length of [`CandidateBoard::strong_log`] when W-wings last found
    /// nothing, and work space: the cells that see an end of a strong
    /// link in a unit new since.
    idle_w_log: usize,
    near_link: Vec<u64>,
    /// The readings of [`CandidateBoard::bivalue`] and
    /// [`CandidateBoard::trivalue`] when XYZ-wings last found nothing. An
    /// XYZ-wing is a cell of three candidates and two of two: with no cell
    /// newly down to three or two, each one now was there then, with more
    /// cells to clear, so none clears anything (0: never).
    idle_xyz: (u64, u64),
    /// For tests: look at every pivot and pair, as before the logs
    /// narrowed the search.
    #[cfg(test)]
    pub exhaustive: bool,
}

/// Records in `step` the eliminations of `z` from the cells (other than
/// `not`) that see every cell of `seen`; returns whether there are any.
fn eliminate_seen(
    layout: &Layout,
    board: &CandidateBoard,
    step: &mut Step,
    seen: &[usize],
    z: usize,
    not: &[usize],
) -> bool {
    let first = seen[0];
    let from = layout.cell_start[first] as usize;
    for (k, &(u, at)) in layout.units_of(first).iter().enumerate() {
        // The cells that see `first`, each once (see `Layout::overlap`);
        // one that sees the others is none of them.
        for i in members(board.pos(u as usize, z) & !layout.overlap[from + k] & !bit(at as usize)) {
            let c = layout.cell(u as usize, i);
            if !not.contains(&c) && seen[1..].iter().all(|&s| layout.sees(c, s)) {
                step.eliminate(layout.n, c, z);
            }
        }
    }
    !step.eliminations.is_empty()
}

impl Wings {
    /// The cells `pivot` sees whose candidates pass `keep`, each once.
    fn peers(&mut self, layout: &Layout, board: &CandidateBoard, pivot: usize, keep: impl Fn(Mask) -> bool) {
        self.pincers.clear();
        let from = layout.cell_start[pivot] as usize;
        for (k, &(u, at)) in layout.units_of(pivot).iter().enumerate() {
            let u = u as usize;
            // Each peer once: the cells of an earlier unit are left out.
            for i in members(board.open[u] & !layout.overlap[from + k] & !bit(at as usize)) {
                let c = layout.cell(u, i);
                if keep(board.cand[c]) {
                    self.pincers.push(c);
                }
            }
        }
    }

    /// Word `k` of the cells that may be pivots: `self.near` if `near`,
    /// else every cell.
    fn pivots(&self, layout: &Layout, near: bool, k: usize) -> u64 {
        if near {
            self.near[k]
        } else if (k + 1) * 64 <= layout.cells {
            u64::MAX
        } else {
            (1 << (layout.cells - k * 64)) - 1
        }
    }

    /// Pivot `{x,y}`, pincers `{x,z}` and `{y,z}`: z leaves the cells that
    /// see both pincers.
    pub fn xy_wing(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step) -> bool {
        if self.idle_xy == board.bivalue {
            return false;
        }
        let near = self.near_new_cells(layout, board);
        for k in 0..layout.words {
            let word = self.pivots(layout, near, k);
            for pivot in members(word).map(|j| k * 64 + j) {
                let xy = board.cand[pivot];
                if !pair(xy) {
                    continue;
                }
                self.peers(layout, board, pivot, |m| pair(m) && m != xy && single(m & xy));
                for (j, &p) in self.pincers.iter().enumerate() {
                    for &q in &self.pincers[j + 1..] {
                        let (mp, mq) = (board.cand[p], board.cand[q]);
                        let z = mp & !xy;
                        if mq & !xy != z || mp & xy == mq & xy {
                            continue;
                        }
                        let z = z.trailing_zeros() as usize;
                        step.clear(Technique::XYWing);
                        if eliminate_seen(layout, board, step, &[p, q], z, &[pivot]) {
                            let (x, y) = ((mp & xy).trailing_zeros(), (mq & xy).trailing_zeros());
                            [pivot, p, q].iter().for_each(|&c| step.cell(layout.n, c));
                            step.symbols.extend([x as u8, y as u8, z as u8]);
                            return true;
                        }
                    }
                }
            }
        }
        step.clear(Technique::XYWing);
        self.idle_xy = board.bivalue;
        self.idle_xy_log = board.strong_log.len();
        false
    }

    /// Whether only the pivots in `self.near` need looking at, which it
    /// then holds: the cells with two candidates new since XY-wings last
    /// found nothing (on this puzzle), and the cells they see.
    ///
    /// Every XY-wing that clears something now has a new cell: one of
    /// three old cells (each with the same two candidates then, as a cell
    /// with two candidates only loses them all at once) was there then,
    /// with as many cells to clear or more, and cleared none. So its
    /// pivot is new or sees a new pincer.
    fn near_new_cells(&mut self, layout: &Layout, board: &CandidateBoard) -> bool {
        #[cfg(test)]
        if self.exhaustive {
            return false;
        }
        let log = &board.strong_log;
        if self.idle_xy == 0 || log.len() < self.idle_xy_log {
            return false;
        }
        let new = &log[self.idle_xy_log..];
        // The same puzzle: every cell counted since is in the log.
        if (board.bivalue - self.idle_xy) as usize != logged_cells(layout, new).count() {
            return false;
        }
        self.near_new_pairs(layout, board, new, true);
        true
    }

    /// Sets `self.near` to the cells that see a cell of the log entries
    /// `new` that has two candidates now, and with `and_them` those cells
    /// too.
    fn near_new_pairs(&mut self, layout: &Layout, board: &CandidateBoard, new: &[u32], and_them: bool) {
        self.near.clear();
        self.near.resize(layout.words, 0);
        for c in logged_cells(layout, new) {
            if pair(board.cand[c]) {
                if and_them {
                    self.near[c / 64] |= 1 << (c % 64);
                }
                for (x, p) in self.near.iter_mut().zip(layout.peers_of(c)) {
                    *x |= p;
                }
            }
        }
    }

    /// Pivot `{x,y,z}`, pincers `{x,z}` and `{y,z}`: z leaves the cells that
    /// see all three.
    pub fn xyz_wing(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step) -> bool {
        if self.idle_xyz == (board.bivalue, board.trivalue) {
            return false;
        }
        let near = self.near_new_triples(layout, board);
        for k in 0..layout.words {
            let word = self.pivots(layout, near, k);
            for pivot in members(word).map(|j| k * 64 + j) {
                let xyz = board.cand[pivot];
                if !triple(xyz) {
                    continue;
                }
                self.peers(layout, board, pivot, |m| pair(m) && m & !xyz == 0);
                for (j, &p) in self.pincers.iter().enumerate() {
                    for &q in &self.pincers[j + 1..] {
                        let (mp, mq) = (board.cand[p], board.cand[q]);
                        if mp == mq {
                            continue;
                        }
                        let z = (mp & mq).trailing_zeros() as usize;
                        step.clear(Technique::XYZWing);
                        if eliminate_seen(layout, board, step, &[pivot, p, q], z, &[]) {
                            let (x, y) = ((mp & !bit(z)).trailing_zeros(), (mq & !bit(z)).trailing_zeros());
                            [pivot, p, q].iter().for_each(|&c| step.cell(layout.n, c));
                            step.symbols.extend([x as u8, y as u8, z as u8]);
                            return true;
                        }
                    }
                }
            }
        }
        self.idle_xyz = (board.bivalue, board.trivalue);
        self.idle_xyz_log = (board.strong_log.len(), board.trivalue_log.len());
        false
    }

    /// Whether only the pivots in `self.near` need looking at for an
    /// XYZ-wing, which it then holds: the cells with three candidates new
    /// since XYZ-wings last found nothing (on this puzzle), and the cells
    /// that see a cell with two candidates new since. As for XY-wings
    /// (see [`Wings::near_new_cells`]), a wing of old cells cleared
    /// nothing then and clears nothing now.
    fn near_new_triples(&mut self, layout: &Layout, board: &CandidateBoard) -> bool {
        #[cfg(test)]
        if self.exhaustive {
            return false;
        }
        let (log, tlog) = (&board.strong_log, &board.trivalue_log);
        let (at, tat) = self.idle_xyz_log;
        if self.idle_xyz.0 == 0 || log.len() < at || tlog.len() < tat {
            return false;
        }
        // The same puzzle (the count of cells with two candidates moves
        // on loading, without a line in the log): every cell counted
        // since is in the logs.
        let new = &log[at..];
        if (board.bivalue - self.idle_xyz.0) as usize != logged_cells(layout, new).count()
            || (board.trivalue - self.idle_xyz.1) as usize != tlog.len() - tat
        {
            return false;
        }
        self.near_new_pairs(layout, board, new, false);
        for &c in &tlog[tat..] {
            let c = c as usize;
            if triple(board.cand[c]) {
                self.near[c / 64] |= 1 << (c % 64);
            }
        }
        true
    }

    /// Two cells `{x,y}` that do not see each other, and a unit where x has
    /// two places, one seen by each: one of the two cells is y, so y leaves
    /// the cells that see both.
    pub fn w_wing(&mut self, layout: &Layout, board: &CandidateBoard, step: &mut Step) -> bool {
        if self.idle_w == board.strong_links {
            return false;
        }
        self.bivalue.clear();
        self.bivalue.extend((0..layout.cells).filter(|&c| pair(board.cand[c])));
        let n = layout.n;
        let restrict = self.near_new_links(layout, board);
        // The cells with two candidates sorted by their candidates, then
        // by cell: the cells with the candidates of `a` that follow it
        // come next to it, in order.
        // 12 bits for `j`: at most 4,096 cells (64x64).
        debug_assert!(self.bivalue.len() <= 1 << 12);
        self.by_mask.clear();
        self.by_mask.extend(self.bivalue.iter().enumerate().map(|(j, &c)| {
            let m = board.cand[c];
            m.trailing_zeros() << 18 | (63 - m.leading_zeros()) << 12 | j as u32
        }));
        self.by_mask.sort_unstable();
        self.rank.resize(self.bivalue.len(), 0);
        for (r, &key) in self.by_mask.iter().enumerate() {
            self.rank[(key & 0xfff) as usize] = r;
        }
        let is = |set: &[u64], c: usize| set[c / 64] >> (c % 64) & 1 != 0;
        for (j, &a) in self.bivalue.iter().enumerate() {
            let m = board.cand[a];
            let r = self.rank[j];
            let same = self.by_mask[r] >> 12;
            for &key in &self.by_mask[r + 1..] {
                if key >> 12 != same {
                    break;
                }
                let b = self.bivalue[(key & 0xfff) as usize];
                if layout.sees(a, b) {
                    continue;
                }
                if restrict
                    && !(is(&self.near, a)
                        || is(&self.near, b)
                        || is(&self.near_link, a) && is(&self.near_link, b))
                {
                    continue;
                }
                for x in members(m) {
                    let y = (m & !bit(x)).trailing_zeros() as usize;
                    step.clear(Technique::WWing);
                    if !eliminate_seen(layout, board, step, &[a, b], y, &[]) {
                        continue;
                    }
                    for u in 0..layout.units.len() {
                        let p = board.pos(u, x);
                        if !pair(p) {
                            continue;
                        }
                        let c = layout.cell(u, p.trailing_zeros() as usize);
                        let d = layout.cell(u, 63 - p.leading_zeros() as usize);
                        if [a, b].contains(&c) || [a, b].contains(&d) {
                            continue;
                        }
                        let link = if layout.sees(c, a) && layout.sees(d, b) {
                            [c, d]
                        } else if layout.sees(d, a) && layout.sees(c, b) {
                            [d, c]
                        } else {
                            continue;
                        };
                        step.units.push(layout.units[u]);
                        [a, b, link[0], link[1]].iter().for_each(|&c| step.cell(n, c));
                        step.symbols.extend([y as u8, x as u8]);
                        return true;
                    }
                }
            }
        }
        step.clear(Technique::WWing);
        self.idle_w = board.strong_links;
        self.idle_w_log = board.strong_log.len();
        false
    }

    /// Whether only some pairs of cells need looking at for a W-wing:
    /// then `self.near` holds the cells with two candidates new since
    /// W-wings last found nothing (on this puzzle), and `self.near_link`
    /// the cells that see an end of a strong link in a unit new since.
    ///
    /// Two old cells (with the same two candidates then) had as many
    /// cells to clear or more then, and no strong link to join them, or
    /// they would have been found: if they clear something now, a new
    /// link joins them, and each sees one of its ends.
    fn near_new_links(&mut self, layout: &Layout, board: &CandidateBoard) -> bool {
        #[cfg(test)]
        if self.exhaustive {
            return false;
        }
        let log = &board.strong_log;
        let at = self.idle_w_log;
        if self.idle_w == 0 || log.len() < at || (board.strong_links - self.idle_w) as usize != log.len() - at
        {
            return false;
        }
        let (n, w, cells) = (layout.n, layout.words, layout.cells);
        self.near.clear();
        self.near.resize(w, 0);
        self.near_link.clear();
        self.near_link.resize(w, 0);
        for &e in &log[at..] {
            let e = e as usize;
            if e < cells {
                if pair(board.cand[e]) {
                    self.near[e / 64] |= 1 << (e % 64);
                }
                continue;
            }
            let (u, v) = ((e - cells) / n, (e - cells) % n);
            let p = board.pos(u, v);
            if pair(p) {
                for i in members(p) {
                    let c = layout.cell(u, i);
                    for (x, q) in self.near_link.iter_mut().zip(layout.peers_of(c)) {
                        *x |= q;
                    }
                }
            }
        }
        true
    }
}

/// The cells among the entries `new` of [`CandidateBoard::strong_log`],
/// which also holds strong links (numbered past the cells).
fn logged_cells<'a>(layout: &Layout, new: &'a [u32]) -> impl Iterator<Item = usize> + 'a {
    let cells = layout.cells;
    new.iter().map(|&e| e as usize).filter(move |&c| c < cells)
}
