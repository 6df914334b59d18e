//! Symmetries of a pattern of givens: the four a setter asks for (half
//! turn, quarter turn, mirror, diagonal), the orbits of cells they group,
//! whether a region map has them, and which ones a pattern has.
//!
//! A symmetry here is a map of cells onto cells (row `r`, column `c`, from
//! 0, in an N x N grid). A pattern has it when every cell's image is a
//! given exactly when the cell is. A region map has it when each region's
//! image is a region, so that a symmetric pattern on it is not lopsided
//! with respect to the regions; rows and columns go onto rows or columns
//! under all four, so they always fit.
//!
//! The generator takes givens away orbit by orbit of a symmetry, and the
//! analyzer reports the symmetries of a puzzle's givens: both reach them
//! here, below either (as [`crate::Symmetry`], and as
//! [`crate::generate::Symmetry`] where a generator's request names one).

use std::fmt;

use crate::grid::Shape;

/// A symmetry of the pattern of givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// No symmetry asked for: every cell is its own orbit.
    None,
    /// The half turn: (r, c) and (N-1-r, N-1-c).
    Rot180,
    /// The quarter turn: (r, c), (c, N-1-r), (N-1-r, N-1-c), (N-1-c, r).
    Rot90,
    /// The mirror about the middle column: (r, c) and (r, N-1-c).
    Mirror,
    /// The mirror about the main diagonal: (r, c) and (c, r).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, `None` first.
    pub const ALL: [Symmetry; 5] =
        [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Diagonal];

    /// The name, as `--symmetry` takes it: `none`, `rot180`, `rot90`,
    /// `mirror`, `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The symmetry named `name` (as [`Symmetry::name`] writes it).
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The image of `cell` (row by row from 0) in an `n` x `n` grid.
    pub fn image(self, n: usize, cell: usize) -> usize {
        let (r, c) = (cell / n, cell % n);
        let (r2, c2) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (n - 1 - r, n - 1 - c),
            Symmetry::Rot90 => (c, n - 1 - r),
            Symmetry::Mirror => (r, n - 1 - c),
            Symmetry::Diagonal => (c, r),
        };
        r2 * n + c2
    }

    /// The orbits of the cells of an `n` x `n` grid: each cell once, in
    /// the orbit of its images (the quarter turn's orbits have up to four
    /// cells, the others' up to two). Orbits come in the order of their
    /// first cell, and each lists its first cell first.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for cell in 0..n * n {
            if seen[cell] {
                continue;
            }
            let mut orbit = Vec::with_capacity(4);
            let mut x = cell;
            while !seen[x] {
                seen[x] = true;
                orbit.push(x);
                x = self.image(n, x);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the region map of `shape` has this symmetry: the image of
    /// every region is a region (always so without regions).
    pub fn fits(self, shape: &Shape) -> bool {
        let n = shape.n();
        if !shape.has_regions() {
            return true;
        }
        // Region k goes onto region onto[k]; a second, different image
        // for the same region means the map lacks the symmetry. (Regions
        // have N cells each, so a consistent map of regions is one to one.)
        let mut onto = vec![usize::MAX; n];
        for cell in 0..n * n {
            let (from, to) =
                (shape.region(cell).expect("regions"), shape.region(self.image(n, cell)).expect("regions"));
            if onto[from] == usize::MAX {
                onto[from] = to;
            } else if onto[from] != to {
                return false;
            }
        }
        true
    }

    /// Whether the cells where `is_given` holds form a pattern with this
    /// symmetry.
    pub fn holds(self, n: usize, is_given: impl Fn(usize) -> bool) -> bool {
        (0..n * n).all(|cell| is_given(cell) == is_given(self.image(n, cell)))
    }

    /// The symmetries (other than [`Symmetry::None`]) of the pattern of
    /// givens of an `n` x `n` grid, in [`Symmetry::ALL`]'s order.
    pub fn of_pattern(n: usize, is_given: impl Fn(usize) -> bool) -> Vec<Symmetry> {
        Symmetry::ALL[1..].iter().copied().filter(|s| s.holds(n, &is_given)).collect()
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Regions;

    #[test]
    fn orbits_partition_the_grid() {
        for n in 1..=10 {
            for s in Symmetry::ALL {
                let orbits = s.orbits(n);
                let mut cells: Vec<usize> = orbits.iter().flatten().copied().collect();
                cells.sort_unstable();
                assert_eq!(cells, (0..n * n).collect::<Vec<_>>(), "{s} on {n}x{n}");
                for o in &orbits {
                    // An orbit is closed under the symmetry.
                    assert!(o.iter().all(|&c| o.contains(&s.image(n, c))), "{s} on {n}x{n}: {o:?}");
                    let most = if s == Symmetry::Rot90 {
                        4
                    } else if s == Symmetry::None {
                        1
                    } else {
                        2
                    };
                    assert!(o.len() <= most);
                }
            }
        }
        assert_eq!(Symmetry::Rot90.orbits(9)[0], vec![0, 8, 80, 72]);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Mirror.orbits(9).len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(9).len(), 45);
        assert_eq!(Symmetry::Rot90.orbits(9).len(), 21);
    }

    #[test]
    fn region_maps_have_the_symmetries_of_their_boxes() {
        let box3 = Shape::default_for(9).unwrap();
        let box23 = Shape::default_for(6).unwrap();
        let latin = Shape::new(5, Regions::None).unwrap();
        for s in Symmetry::ALL {
            assert!(s.fits(&box3), "{s}");
            assert!(s.fits(&latin), "{s}");
        }
        // 2x3 boxes turn into 3x2 ones under a quarter turn or the diagonal.
        let fits: Vec<bool> = Symmetry::ALL.iter().map(|s| s.fits(&box23)).collect();
        assert_eq!(fits, [true, true, false, true, false]);
        // A jigsaw map with no symmetry.
        let map = "000011022013221113243333244455445555".chars().collect();
        let jigsaw = Shape::new(6, Regions::Map(map)).unwrap();
        let fits: Vec<bool> = Symmetry::ALL.iter().map(|s| s.fits(&jigsaw)).collect();
        assert_eq!(fits, [true, false, false, false, false]);
    }

    #[test]
    fn patterns_name_their_symmetries() {
        let pattern = |s: &str| s.chars().map(|c| c != '.').collect::<Vec<bool>>();
        let p = pattern("x..x........x..x");
        assert_eq!(
            Symmetry::of_pattern(4, |c| p[c]),
            vec![Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Diagonal]
        );
        let p = pattern("xx..............");
        assert_eq!(Symmetry::of_pattern(4, |c| p[c]), vec![]);
        let p = pattern("x..............x");
        assert_eq!(Symmetry::of_pattern(4, |c| p[c]), vec![Symmetry::Rot180, Symmetry::Diagonal]);
        assert!(Symmetry::None.holds(4, |c| p[c]));
    }
}
