//! Colours: the ink of each part of a picture and the shading of regions.
//!
//! The region palette is Paul Tol's "light" scheme (chosen to stay distinct
//! for colour-blind readers and to carry dark text), each colour mixed half
//! with white so that a printed page is not heavy with ink. Regions get one
//! colour each when there are few enough; otherwise the graph of regions
//! that share an edge is coloured greedily, most constrained region first
//! (DSatur), so that neighbours differ.

use reduce::Shape;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub(crate) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// The three components from 0 to 1.
    pub(crate) fn unit(self) -> [f32; 3] {
        [self.0 as f32 / 255.0, self.1 as f32 / 255.0, self.2 as f32 / 255.0]
    }
}

/// The page behind the grid.
pub(crate) const PAPER: Rgb = Rgb(255, 255, 255);
/// Region borders and the frame.
pub(crate) const BORDER: Rgb = Rgb(0, 0, 0);
/// Lines between cells of one region.
pub(crate) const CELL_LINE: Rgb = Rgb(0x8c, 0x8c, 0x8c);
/// Givens and captions.
pub(crate) const GIVEN: Rgb = Rgb(0x1a, 0x1a, 0x1a);
/// Symbols of a solution.
pub(crate) const FILLED: Rgb = Rgb(0x1f, 0x5f, 0xbf);
/// Candidates.
pub(crate) const CANDIDATE: Rgb = Rgb(0x55, 0x55, 0x55);

/// Killer cages' dashes and sums, dots' outlines, clues outside the grid.
pub(crate) const INK: Rgb = Rgb(0x1a, 0x1a, 0x1a);
/// Thermometers (bulb and tube).
pub(crate) const THERMO: Rgb = Rgb(0xbf, 0xbf, 0xbf);
/// Arrows: circles, pills and shafts; double arrows.
pub(crate) const ARROW: Rgb = Rgb(0x80, 0x80, 0x80);
/// German whispers (green, as setters draw them); other whispers orange.
pub(crate) const WHISPERS: Rgb = Rgb(0x5f, 0xd0, 0x5f);
/// Whispers with a least difference other than half the order.
pub(crate) const WHISPERS_OTHER: Rgb = Rgb(0xff, 0xa0, 0x40);
/// Renban lines (purple).
pub(crate) const RENBAN: Rgb = Rgb(0xd0, 0x80, 0xf0);
/// Palindromes (grey).
pub(crate) const PALINDROME: Rgb = Rgb(0xa8, 0xa8, 0xa8);
/// Between lines (light blue-grey, circles at the ends).
pub(crate) const BETWEEN: Rgb = Rgb(0x9d, 0xb4, 0xcc);
/// Lockout lines (blue, diamonds at the ends).
pub(crate) const LOCKOUT: Rgb = Rgb(0x60, 0x90, 0xe0);
/// Entropic lines (orange-brown).
pub(crate) const ENTROPIC: Rgb = Rgb(0xe0, 0x90, 0x40);
/// Modular lines (teal).
pub(crate) const MODULAR: Rgb = Rgb(0x40, 0xb8, 0xb0);
/// Zipper lines (lavender).
pub(crate) const ZIPPER: Rgb = Rgb(0xa8, 0x98, 0xf0);
/// Region-sum lines (sky blue).
pub(crate) const REGION_SUM: Rgb = Rgb(0x30, 0xb0, 0xf0);
/// Diagonals.
pub(crate) const DIAGONAL: Rgb = Rgb(0x50, 0x70, 0xa0);
/// Extra regions (windoku): grey cells.
pub(crate) const EXTRA_REGION: Rgb = Rgb(0xc4, 0xc4, 0xc4);
/// The outline inside each extra region.
pub(crate) const EXTRA_REGION_EDGE: Rgb = Rgb(0x70, 0x70, 0x70);
/// Odd circles and even squares.
pub(crate) const PARITY: Rgb = Rgb(0xb0, 0xb0, 0xb0);
/// Minimum and maximum cells, under their chevrons.
pub(crate) const EXTREMUM: Rgb = Rgb(0xe4, 0xe4, 0xe4);
/// Row indexing cells (light red).
pub(crate) const ROW_INDEXER: Rgb = Rgb(0xf4, 0xb4, 0xb4);
/// Column indexing cells (light green).
pub(crate) const COLUMN_INDEXER: Rgb = Rgb(0xb4, 0xe4, 0xb4);
/// Box indexing cells (light blue).
pub(crate) const BOX_INDEXER: Rgb = Rgb(0xb4, 0xcc, 0xf4);
/// Clones: one colour a clone, the same on both shapes.
pub(crate) const CLONES: [Rgb; 8] = [
    Rgb(0xff, 0xd0, 0x90),
    Rgb(0xc0, 0xb0, 0xff),
    Rgb(0xa0, 0xe0, 0xe8),
    Rgb(0xf0, 0xb0, 0xd8),
    Rgb(0xd8, 0xf0, 0x90),
    Rgb(0xff, 0xf0, 0xa0),
    Rgb(0xb8, 0xd0, 0xf0),
    Rgb(0xe0, 0xc0, 0xa0),
];

/// Tol's light scheme, reordered so that the first colours differ most.
const TOL_LIGHT: [Rgb; 9] = [
    Rgb(0x77, 0xaa, 0xdd), // light blue
    Rgb(0xee, 0xdd, 0x88), // light yellow
    Rgb(0x44, 0xbb, 0x99), // mint
    Rgb(0xff, 0xaa, 0xbb), // pink
    Rgb(0xbb, 0xcc, 0x33), // pear
    Rgb(0x99, 0xdd, 0xff), // light cyan
    Rgb(0xee, 0x88, 0x66), // orange
    Rgb(0xaa, 0xaa, 0x00), // olive
    Rgb(0xdd, 0xdd, 0xdd), // pale grey
];

/// Colour `k` of the shading palette: Tol's colour halfway to white.
fn shade(k: usize) -> Rgb {
    let Rgb(r, g, b) = TOL_LIGHT[k % TOL_LIGHT.len()];
    let mix = |c: u8| ((c as u16 + 255).div_ceil(2)) as u8;
    Rgb(mix(r), mix(g), mix(b))
}

/// The shading of each region (indexed by region), or an empty list when
/// the shape has no regions. DSatur first (two colours for boxes); should
/// it need more than the palette's nine, smallest-last order, which needs
/// at most six for any map of connected regions (a planar graph). Only a
/// map whose regions lie in scattered pieces could need more than nine,
/// and then colours repeat.
pub(crate) fn region_shades(shape: &Shape) -> Vec<Rgb> {
    if !shape.has_regions() {
        return Vec::new();
    }
    let n = shape.n();
    if n <= TOL_LIGHT.len() {
        return (0..n).map(shade).collect();
    }
    // adjacent[a] has bit b when regions a and b share an edge.
    let mut adjacent = vec![0u64; n];
    let region = |cell: usize| shape.region(cell).expect("the shape has regions");
    for cell in 0..n * n {
        let a = region(cell);
        let right = (cell % n + 1 < n).then(|| region(cell + 1));
        let below = (cell + n < n * n).then(|| region(cell + n));
        for b in [right, below].into_iter().flatten() {
            if a != b {
                adjacent[a] |= 1 << b;
                adjacent[b] |= 1 << a;
            }
        }
    }
    let mut colors = color_graph(&adjacent);
    if colors.iter().any(|&c| c >= TOL_LIGHT.len()) {
        colors = color_smallest_last(&adjacent);
    }
    colors.into_iter().map(shade).collect()
}

/// Greedy colouring in smallest-last order: remove a vertex of fewest
/// remaining neighbours until none is left, then colour in the reverse
/// order. Each vertex then meets at most the graph's degeneracy in coloured
/// neighbours, so a planar graph (degeneracy at most 5) takes at most six
/// colours, a guarantee DSatur lacks.
fn color_smallest_last(adjacent: &[u64]) -> Vec<usize> {
    let n = adjacent.len();
    let mut left: u64 = if n == 64 { u64::MAX } else { (1 << n) - 1 };
    let mut order = Vec::with_capacity(n);
    while left != 0 {
        let v = (0..n)
            .filter(|&v| left >> v & 1 == 1)
            .min_by_key(|&v| (adjacent[v] & left).count_ones())
            .expect("a vertex is left");
        left &= !(1 << v);
        order.push(v);
    }
    let mut color = vec![usize::MAX; n];
    for &v in order.iter().rev() {
        let taken = (0..n).filter(|&w| adjacent[v] >> w & 1 == 1 && color[w] != usize::MAX);
        let used = taken.fold(0u128, |m, w| m | 1 << color[w]);
        color[v] = (!used).trailing_zeros() as usize;
    }
    color
}

/// DSatur: repeatedly colour the uncoloured vertex whose neighbours show
/// the most distinct colours (ties: most neighbours, then lowest index)
/// with the lowest colour none of them has. Vertices are bits of `u64`.
fn color_graph(adjacent: &[u64]) -> Vec<usize> {
    let n = adjacent.len();
    let mut color: Vec<Option<usize>> = vec![None; n];
    // seen[v]: bit c set when a neighbour of v has colour c.
    let mut seen = vec![0u128; n];
    for _ in 0..n {
        let v = (0..n)
            .filter(|&v| color[v].is_none())
            .max_by_key(|&v| (seen[v].count_ones(), adjacent[v].count_ones(), std::cmp::Reverse(v)))
            .expect("an uncoloured vertex is left");
        let c = (!seen[v]).trailing_zeros() as usize;
        color[v] = Some(c);
        for w in (0..n).filter(|&w| adjacent[v] >> w & 1 == 1) {
            seen[w] |= 1 << c;
        }
    }
    color.into_iter().map(|c| c.expect("every vertex coloured")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use reduce::Regions;

    #[test]
    fn neighbours_never_share_a_shade() {
        for shape in [
            Shape::default_for(16).unwrap(),
            Shape::default_for(64).unwrap(),
            Shape::new(12, Regions::Boxes { rows: 2, cols: 6 }).unwrap(),
        ] {
            let n = shape.n();
            let shades = region_shades(&shape);
            for cell in 0..n * n {
                let here = shape.region(cell).unwrap();
                if cell % n + 1 < n {
                    let there = shape.region(cell + 1).unwrap();
                    assert!(here == there || shades[here] != shades[there], "order {n} cell {cell}");
                }
                if cell + n < n * n {
                    let there = shape.region(cell + n).unwrap();
                    assert!(here == there || shades[here] != shades[there], "order {n} cell {cell}");
                }
            }
        }
        assert!(region_shades(&Shape::new(5, Regions::None).unwrap()).is_empty());
    }

    #[test]
    fn boxes_take_two_colours_and_small_maps_one_each() {
        let shades = region_shades(&Shape::default_for(16).unwrap());
        let mut distinct = shades.clone();
        distinct.sort_by_key(|c| c.hex());
        distinct.dedup();
        assert_eq!(distinct.len(), 2);
        let six = region_shades(&Shape::default_for(6).unwrap());
        assert_eq!(six.len(), 6);
        assert!((1..6).all(|k| !six[..k].contains(&six[k])));
        assert_eq!(shade(0), Rgb(0xbb, 0xd5, 0xee));
    }

    #[test]
    fn smallest_last_colours_planar_graphs_with_six() {
        // The icosahedron: planar, every vertex of degree 5.
        let edges = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (0, 5),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 5),
            (5, 1),
            (1, 6),
            (2, 6),
            (2, 7),
            (3, 7),
            (3, 8),
            (4, 8),
            (4, 9),
            (5, 9),
            (5, 10),
            (1, 10),
            (6, 7),
            (7, 8),
            (8, 9),
            (9, 10),
            (10, 6),
            (6, 11),
            (7, 11),
            (8, 11),
            (9, 11),
            (10, 11),
        ];
        let mut adjacent = vec![0u64; 12];
        for (a, b) in edges {
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        for colors in [color_smallest_last(&adjacent), color_graph(&adjacent)] {
            assert!(colors.iter().all(|&c| c < 6), "{colors:?}");
            for (a, b) in edges {
                assert_ne!(colors[a], colors[b]);
            }
        }
    }

    #[test]
    fn dsatur_colours_an_odd_cycle_with_three() {
        // A 5-cycle with a chord-free rim needs three colours.
        let adjacent: Vec<u64> = (0..5).map(|v| 1 << ((v + 1) % 5) | 1 << ((v + 4) % 5)).collect();
        let colors = color_graph(&adjacent);
        assert_eq!(colors.iter().max(), Some(&2));
        for v in 0..5 {
            assert_ne!(colors[v], colors[(v + 1) % 5]);
        }
    }
}
