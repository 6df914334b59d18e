//! Wings: XY-wing, XYZ-wing, W-wing.
//!
//! Each pairs cells of two or three candidates so that, whichever way they
//! fall, one of two cells holds a symbol z: then z leaves every cell that
//! sees both (for the XYZ-wing, all three cells of the pattern).

use super::board::{bit, members, pair, single, triple, Board, Layout, Mask};
use super::step::{Step, Technique};

/// Work space: the cells a pivot sees that may serve as pincers.
#[derive(Clone, Debug, Default)]
pub(crate) struct Wings {
    pincers: Vec<usize>,
    bivalue: Vec<usize>,
    /// The reading of [`Board::bivalue`] when XY-wings last found
    /// nothing, and of [`Board::strong_links`] when W-wings did (0:
    /// never). Both are made of cells with two candidates (and W-wings of
    /// a strong link in a unit): with none new, they would find nothing
    /// again.
    idle_xy: u64,
    idle_w: u64,
    /// The readings of [`Board::bivalue`] and [`Board::trivalue`]
    /// when XYZ-wings last found nothing. An XYZ-wing is a cell of three
    /// candidates and two of two: with no cell newly down to three or two,
    /// each one now was there then, with more cells to clear, so none
    /// clears anything (0: never).
    idle_xyz: (u64, u64),
}

/// Records in `step` the eliminations of `z` from the cells (other than
/// `not`) that see every cell of `seen`; returns whether there are any.
fn eliminate_seen(
    layout: &Layout,
    board: &Board,
    step: &mut Step,
    seen: &[usize],
    z: usize,
    not: &[usize],
) -> bool {
    let first = seen[0];
    for &(u, _) in layout.units_of(first) {
        let u = u as usize;
        for i in members(board.pos(u, z)) {
            let c = layout.cell(u, i);
            if !not.contains(&c) && !seen.contains(&c) && seen[1..].iter().all(|&s| layout.sees(c, s)) {
                step.eliminate(layout.n, c, z);
            }
        }
    }
    !step.eliminations.is_empty()
}

impl Wings {
    /// The cells `pivot` sees whose candidates pass `keep`, each once.
    fn peers(&mut self, layout: &Layout, board: &Board, pivot: usize, keep: impl Fn(Mask) -> bool) {
        self.pincers.clear();
        for &(u, _) in layout.units_of(pivot) {
            let u = u as usize;
            for i in members(board.open[u]) {
                let c = layout.cell(u, i);
                if c != pivot && keep(board.cand[c]) && !self.pincers.contains(&c) {
                    self.pincers.push(c);
                }
            }
        }
    }

    /// Pivot `{x,y}`, pincers `{x,z}` and `{y,z}`: z leaves the cells that
    /// see both pincers.
    pub fn xy_wing(&mut self, layout: &Layout, board: &Board, step: &mut Step) -> bool {
        if self.idle_xy == board.bivalue {
            return false;
        }
        for pivot in 0..layout.cells {
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
        step.clear(Technique::XYWing);
        self.idle_xy = board.bivalue;
        false
    }

    /// Pivot `{x,y,z}`, pincers `{x,z}` and `{y,z}`: z leaves the cells that
    /// see all three.
    pub fn xyz_wing(&mut self, layout: &Layout, board: &Board, step: &mut Step) -> bool {
        if self.idle_xyz == (board.bivalue, board.trivalue) {
            return false;
        }
        for pivot in 0..layout.cells {
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
        self.idle_xyz = (board.bivalue, board.trivalue);
        false
    }

    /// Two cells `{x,y}` that do not see each other, and a unit where x has
    /// two places, one seen by each: one of the two cells is y, so y leaves
    /// the cells that see both.
    pub fn w_wing(&mut self, layout: &Layout, board: &Board, step: &mut Step) -> bool {
        if self.idle_w == board.strong_links {
            return false;
        }
        self.bivalue.clear();
        self.bivalue.extend((0..layout.cells).filter(|&c| pair(board.cand[c])));
        let n = layout.n;
        for (j, &a) in self.bivalue.iter().enumerate() {
            let m = board.cand[a];
            for &b in &self.bivalue[j + 1..] {
                if board.cand[b] != m || layout.sees(a, b) {
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
        false
    }
}
