//! Random jigsaw maps: N connected regions of N cells each.
//!
//! A map starts as the boxes of the order (or its rows, for a prime
//! order, where boxes do not exist) and is then stirred: two neighbouring
//! cells of different regions swap regions, and the swap stays only if
//! both regions are still connected (through cells that share a side).
//! Every swap keeps the sizes, so the map always has N regions of N cells;
//! after some 8 N² swaps that stay, the regions have wandered far from
//! where they began. Not every such map has a grid (a region can, for
//! example, meet a row in a way no arrangement of symbols allows): the
//! generator tries to fill each map and draws another when it cannot.
//!
//! Labels go to regions in the order they first appear, row by row, from
//! [`LABELS`], so a map is written the same way whatever drew it.

use dlx::SplitMix64;

use crate::grid::{GridError, Regions, Shape};
use crate::symmetry::Symmetry;

/// The labels of regions 0, 1, 2, ...: digits, then letters, then two
/// signs (64 in all, one per region up to the largest order).
pub const LABELS: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz*+";

/// Swaps that stay per cell of the grid.
const SWAPS_PER_CELL: usize = 8;

/// The map a random one starts from: the boxes of order `n`, or its rows
/// for a prime order (region of each cell).
fn start(n: usize) -> Result<Vec<usize>, GridError> {
    let boxes = Shape::default_for(n)?;
    Ok((0..n * n).map(|c| boxes.region(c).unwrap_or(c / n)).collect())
}

/// Whether random maps of order `n` with `symmetry` can be drawn: the map
/// they start from has it (boxes have the half turn and the mirror, and
/// square boxes all four; the rows of a prime order only the first two).
pub fn can_draw(n: usize, symmetry: Symmetry) -> bool {
    match (Shape::default_for(n), start(n)) {
        (Ok(shape), Ok(_)) if shape.has_regions() => symmetry.fits(&shape),
        (Ok(_), Ok(_)) => matches!(symmetry, Symmetry::None | Symmetry::Rot180 | Symmetry::Mirror),
        _ => false,
    }
}

/// A random jigsaw map of order `n` with `symmetry` (see the module
/// documentation), as a shape with an explicit map; the map starts from
/// the boxes, so a symmetry they lack cannot be had ([`can_draw`]).
pub fn random_map(n: usize, symmetry: Symmetry, rng: &mut SplitMix64) -> Result<Shape, GridError> {
    let mut region = start(n)?;
    let cells = n * n;
    if n >= 3 && can_draw(n, symmetry) {
        stir(n, &mut region, symmetry, rng);
    }
    // Labels in order of first appearance.
    let labels: Vec<char> = LABELS.chars().collect();
    let mut name = vec![usize::MAX; n];
    let mut next = 0;
    let mut map = Vec::with_capacity(cells);
    for &k in &region {
        if name[k] == usize::MAX {
            name[k] = next;
            next += 1;
        }
        map.push(labels[name[k]]);
    }
    Shape::new(n, Regions::Map(map))
}

/// Swaps neighbouring cells between regions while every region stays
/// connected; with a symmetry, each swap is made with all its images at
/// once, and stays only if the map keeps the symmetry.
fn stir(n: usize, region: &mut [usize], symmetry: Symmetry, rng: &mut SplitMix64) {
    let cells = n * n;
    let want = SWAPS_PER_CELL * cells;
    let mut done = 0;
    let mut work = Connected::new(cells);
    let mut sizes = vec![0usize; n];
    // The cells a move changes, with their regions before it.
    let mut changed: Vec<(usize, usize)> = Vec::with_capacity(8);
    let mut edge = Vec::with_capacity(n);
    // Enough tries for the swaps wanted: most are refused only on small
    // orders, where there are few ways to keep regions connected.
    for _ in 0..want * 50 {
        if done == want {
            break;
        }
        // A cell `a` on the edge of its region, next to a cell of another
        // region; and a cell `b` of that other region on the edge with
        // `a`'s. They swap regions.
        let a = rng.below(cells as u64) as usize;
        let (r, c) = (a / n, a % n);
        let next = match rng.below(4) {
            0 if r > 0 => a - n,
            1 if r + 1 < n => a + n,
            2 if c > 0 => a - 1,
            3 if c + 1 < n => a + 1,
            _ => continue,
        };
        let (ra, rb) = (region[a], region[next]);
        if ra == rb {
            continue;
        }
        edge.clear();
        edge.extend(
            (0..cells).filter(|&x| region[x] == rb && sides(n, x).any(|y| region[y] == ra && y != a)),
        );
        if edge.is_empty() {
            continue;
        }
        let b = edge[rng.below(edge.len() as u64) as usize];
        // The swap and its images, each from the regions before the move;
        // a cell asked to take two regions refuses the move.
        changed.clear();
        let (mut x, mut y) = (a, b);
        let mut clash = false;
        loop {
            for (cell, to) in [(x, region[y]), (y, region[x])] {
                match changed.iter().position(|&(c, _)| c == cell) {
                    Some(i) => clash |= changed[i].1 != to,
                    None => changed.push((cell, to)),
                }
            }
            (x, y) = (symmetry.image(n, x), symmetry.image(n, y));
            if x == a && y == b || changed.len() >= 8 {
                break;
            }
        }
        if clash {
            continue;
        }
        // Apply: `changed` then holds each cell with its old region.
        for (cell, to) in changed.iter_mut() {
            std::mem::swap(&mut region[*cell], to);
        }
        // Each region a move touches holds a changed cell now (a pair swaps
        // its two regions), so looking from the changed cells sees them all.
        let mut keep = changed.iter().all(|&(cell, _)| work.connected(n, region, region[cell], cell));
        if keep && symmetry != Symmetry::None {
            sizes.iter_mut().for_each(|s| *s = 0);
            region.iter().for_each(|&k| sizes[k] += 1);
            keep = sizes.iter().all(|&s| s == n) && fits(n, region, symmetry);
        }
        if keep {
            done += 1;
        } else {
            for &(cell, old) in changed.iter() {
                region[cell] = old;
            }
        }
    }
}

/// Whether the map `region` has `symmetry`: each region's image is one
/// region.
fn fits(n: usize, region: &[usize], symmetry: Symmetry) -> bool {
    let mut onto = vec![usize::MAX; n];
    (0..n * n).all(|cell| {
        let (from, to) = (region[cell], region[symmetry.image(n, cell)]);
        if onto[from] == usize::MAX {
            onto[from] = to;
        }
        onto[from] == to
    })
}

/// The cells that share a side with cell `x` of an `n` x `n` grid.
fn sides(n: usize, x: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (x / n, x % n);
    [(r > 0).then(|| x - n), (r + 1 < n).then(|| x + n), (c > 0).then(|| x - 1), (c + 1 < n).then(|| x + 1)]
        .into_iter()
        .flatten()
}

/// Work space for the connectivity test.
struct Connected {
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<usize>,
}

impl Connected {
    fn new(cells: usize) -> Connected {
        Connected { seen: vec![0; cells], stamp: 0, stack: Vec::new() }
    }

    /// Whether region `k`, which holds cell `from`, is connected: all its
    /// `n` cells reached from `from` through sides.
    fn connected(&mut self, n: usize, region: &[usize], k: usize, from: usize) -> bool {
        self.stamp += 1;
        let stamp = self.stamp;
        self.stack.clear();
        self.stack.push(from);
        self.seen[from] = stamp;
        let mut reached = 1;
        while let Some(x) = self.stack.pop() {
            for y in sides(n, x) {
                if region[y] == k && self.seen[y] != stamp {
                    self.seen[y] = stamp;
                    reached += 1;
                    self.stack.push(y);
                }
            }
        }
        reached == n
    }
}

/// Whether every region of `shape` is connected through sides.
pub fn regions_connected(shape: &Shape) -> bool {
    let n = shape.n();
    if !shape.has_regions() {
        return true;
    }
    let region: Vec<usize> = (0..n * n).map(|c| shape.region(c).expect("regions")).collect();
    let mut work = Connected::new(n * n);
    (0..n).all(|k| {
        let from = region.iter().position(|&r| r == k).expect("every region has cells");
        work.connected(n, &region, k, from)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_have_n_connected_regions_of_n_cells() {
        let mut rng = SplitMix64::new(5);
        for n in [1, 2, 3, 4, 5, 6, 7, 9, 12, 16] {
            for _ in 0..5 {
                let shape = random_map(n, Symmetry::None, &mut rng).unwrap();
                assert!(regions_connected(&shape), "order {n}");
                // Shape::new checked the sizes; labels in order of appearance.
                let Regions::Map(map) = shape.regions() else { panic!() };
                assert_eq!(map[0], '0');
            }
        }
    }

    #[test]
    fn maps_wander_from_the_boxes() {
        let mut rng = SplitMix64::new(8);
        let boxes = Shape::default_for(9).unwrap();
        let shape = random_map(9, Symmetry::None, &mut rng).unwrap();
        // Regions that are still a whole box.
        let boxes_left = (0..9)
            .filter(|&k| {
                let cells: Vec<usize> = (0..81).filter(|&c| shape.region(c) == Some(k)).collect();
                cells.iter().all(|&c| boxes.region(c) == boxes.region(cells[0]))
            })
            .count();
        assert!(boxes_left <= 1, "{boxes_left} regions are still boxes");
        let a = random_map(9, Symmetry::None, &mut SplitMix64::new(1)).unwrap();
        let b = random_map(9, Symmetry::None, &mut SplitMix64::new(1)).unwrap();
        assert_eq!(a, b, "the same seed, the same map");
    }
}
