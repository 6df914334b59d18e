//! The grid model: an order N, an alphabet of N symbols, a region map, and
//! givens. Validation happens here, once, and returns typed errors; a
//! [`Puzzle`] that exists is well formed (though its givens may clash: see
//! [`Puzzle::conflict`]).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The largest order supported.
pub const MAX_ORDER: usize = 64;

/// The order N of a grid of `cells` cells: N² = `cells`, N from 1 to
/// [`MAX_ORDER`].
pub fn order_of(cells: usize) -> Option<usize> {
    (1..=MAX_ORDER).find(|k| k * k == cells)
}

/// The characters that mean "blank" in every grid format.
pub const BLANKS: [char; 4] = ['?', '0', '.', '_'];

/// The default alphabet: digits 1-9, then A-Z, then a-z, then `*+@`.
const DEFAULT_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz*+@";

/// What went wrong when describing a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// The order is 0 or above [`MAX_ORDER`].
    Order {
        /// The order N.
        n: usize,
    },
    /// Boxes of `rows` x `cols` do not tile an N x N grid.
    BoxShape {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
        /// The order N.
        n: usize,
    },
    /// The alphabet does not have N distinct symbols, none a blank.
    Alphabet {
        /// What is wrong with it.
        reason: String,
    },
    /// The region map has the wrong number of cells.
    MapSize {
        /// How many cells there are.
        cells: usize,
        /// The order N.
        n: usize,
    },
    /// The region map does not have N distinct labels.
    LabelCount {
        /// How many distinct labels there are.
        labels: usize,
        /// The order N.
        n: usize,
    },
    /// A region does not have N cells.
    RegionSize {
        /// The region's label.
        label: char,
        /// How many cells the region has.
        size: usize,
        /// The order N.
        n: usize,
    },
    /// The givens do not have N x N cells.
    GivenCount {
        /// How many cells there are.
        cells: usize,
        /// The order N.
        n: usize,
    },
    /// A given is not a symbol of the alphabet (its index is out of range).
    Symbol {
        /// The cell, row by row from 0.
        cell: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Order { n } => write!(f, "order {n} is not supported (1 to {MAX_ORDER})"),
            GridError::BoxShape { rows, cols, n } => {
                write!(f, "boxes of {rows}x{cols} do not tile a {n}x{n} grid ({rows}x{cols} must be {n})")
            }
            GridError::Alphabet { reason } => write!(f, "bad alphabet: {reason}"),
            GridError::MapSize { cells, n } => {
                write!(f, "the region map has {cells} cells; a {n}x{n} grid needs {}", n * n)
            }
            GridError::LabelCount { labels, n } => {
                write!(f, "the region map has {labels} distinct labels; a {n}x{n} grid needs {n}")
            }
            GridError::RegionSize { label, size, n } => {
                write!(f, "region '{label}' has {size} cells; every region needs {n}")
            }
            GridError::GivenCount { cells, n } => {
                write!(f, "the puzzle has {cells} cells; a {n}x{n} grid needs {}", n * n)
            }
            GridError::Symbol { cell } => write!(f, "the given in cell {cell} is not a symbol"),
        }
    }
}

impl std::error::Error for GridError {}

/// N symbols, in order: symbol `v` (from 0) is written `chars()[v]`.
/// Cloning shares it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Alphabet {
    inner: Arc<Symbols>,
}

#[derive(Debug, PartialEq, Eq, Hash)]
struct Symbols {
    symbols: Vec<char>,
    /// The index of each ASCII character (either case for letters when
    /// the alphabet has no lower-case letter), `NONE` if it is no symbol.
    ascii: [u8; 128],
}

const NONE: u8 = u8::MAX;

impl Alphabet {
    /// The default alphabet for order `n`: digits 1-9, then A-Z (enough up
    /// to 35), then a-z and `*+@` (up to 64).
    pub fn default_for(n: usize) -> Result<Alphabet, GridError> {
        if n == 0 || n > MAX_ORDER {
            return Err(GridError::Order { n });
        }
        Ok(Alphabet::from_chars(DEFAULT_SYMBOLS.chars().take(n).collect()))
    }

    /// The letters A, B, C, ... (the grouped format), for `n` up to 26.
    pub fn letters(n: usize) -> Result<Alphabet, GridError> {
        if n == 0 || n > 26 {
            return Err(GridError::Alphabet { reason: format!("letters A-Z cannot name {n} symbols") });
        }
        Ok(Alphabet::from_chars(('A'..='Z').take(n).collect()))
    }

    /// A custom alphabet: distinct, non-blank characters, none of them a
    /// blank marker (`? . _`) or a grid-art separator (`| + - #`). `0` may
    /// be a symbol (hexadecimal grids): it is a blank only in alphabets
    /// without it.
    pub fn custom(symbols: &str) -> Result<Alphabet, GridError> {
        let symbols: Vec<char> = symbols.chars().collect();
        let bad = |reason: String| Err(GridError::Alphabet { reason });
        if symbols.is_empty() || symbols.len() > MAX_ORDER {
            return bad(format!("it has {} symbols (1 to {MAX_ORDER})", symbols.len()));
        }
        for (i, &c) in symbols.iter().enumerate() {
            if c.is_whitespace() || c.is_control() || (BLANKS.contains(&c) && c != '0') || "|+-#".contains(c)
            {
                return bad(format!("{c:?} cannot be a symbol"));
            }
            if symbols[..i].contains(&c) {
                return bad(format!("{c:?} appears twice"));
            }
        }
        Ok(Alphabet::from_chars(symbols))
    }

    /// An alphabet of distinct symbols, with its ASCII lookup table.
    fn from_chars(symbols: Vec<char>) -> Alphabet {
        let mut ascii = [NONE; 128];
        let fold = !symbols.iter().any(char::is_ascii_lowercase);
        for (i, &c) in symbols.iter().enumerate() {
            if c.is_ascii() {
                ascii[c as usize] = i as u8;
                if fold && c.is_ascii_uppercase() {
                    ascii[c.to_ascii_lowercase() as usize] = i as u8;
                }
            }
        }
        Alphabet { inner: Arc::new(Symbols { symbols, ascii }) }
    }

    /// The number of symbols.
    pub fn len(&self) -> usize {
        self.inner.symbols.len()
    }

    /// Whether the alphabet is empty (never, once built).
    pub fn is_empty(&self) -> bool {
        self.inner.symbols.is_empty()
    }

    /// The symbols, in order.
    pub fn chars(&self) -> &[char] {
        &self.inner.symbols
    }

    /// The character of symbol `v`.
    pub fn char(&self, v: u8) -> char {
        self.inner.symbols[v as usize]
    }

    /// The index of symbol `c`, if it is one. ASCII letters match either
    /// case when the alphabet has no lower-case letters.
    #[inline]
    pub fn index(&self, c: char) -> Option<u8> {
        if c.is_ascii() {
            let i = self.inner.ascii[c as usize];
            return (i != NONE).then_some(i);
        }
        self.inner.symbols.iter().position(|&s| s == c).map(|i| i as u8)
    }
}

/// How the grid is divided into regions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Regions {
    /// Boxes of `rows` x `cols` cells.
    Boxes {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
    },
    /// An explicit map: one label per cell, row by row (jigsaw, grouped).
    Map(Vec<char>),
    /// No regions: Latin square completion.
    None,
}

/// An order and a region map: what one exact-cover matrix serves.
/// Cloning shares it; comparing and hashing are quick.
#[derive(Clone, Debug)]
pub struct Shape {
    inner: Arc<ShapeData>,
}

#[derive(Debug, PartialEq, Eq, Hash)]
struct ShapeData {
    n: usize,
    regions: Regions,
    /// The region (0..n) of each cell, or empty for [`Regions::None`].
    region_of: Vec<u8>,
    /// The labels of the regions, in region order (sorted).
    labels: Vec<char>,
}

impl PartialEq for Shape {
    fn eq(&self, other: &Shape) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner) || self.inner == other.inner
    }
}

impl Eq for Shape {}

impl Hash for Shape {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The order and a few cells of the map tell shapes apart well
        // enough, and cost the same for every size.
        self.inner.n.hash(state);
        let map = &self.inner.region_of;
        for i in [1, map.len() / 3, map.len() / 2, map.len().saturating_sub(2)] {
            map.get(i).hash(state);
        }
    }
}

impl Shape {
    /// The default shape for order `n`: boxes R x C with R <= C, R the
    /// largest divisor of `n` not above its square root; when that is 1 (a
    /// prime order), no regions, since 1 x N boxes would only repeat rows.
    pub fn default_for(n: usize) -> Result<Shape, GridError> {
        if n == 0 || n > MAX_ORDER {
            return Err(GridError::Order { n });
        }
        let rows = (1..=n).take_while(|r| r * r <= n).filter(|r| n % r == 0).last().unwrap_or(1);
        if rows == 1 {
            Shape::new(n, Regions::None)
        } else {
            Shape::new(n, Regions::Boxes { rows, cols: n / rows })
        }
    }

    /// Validates a shape.
    pub fn new(n: usize, regions: Regions) -> Result<Shape, GridError> {
        if n == 0 || n > MAX_ORDER {
            return Err(GridError::Order { n });
        }
        let (region_of, labels) = match &regions {
            Regions::None => (Vec::new(), Vec::new()),
            &Regions::Boxes { rows, cols } => {
                if rows == 0 || cols == 0 || rows * cols != n {
                    return Err(GridError::BoxShape { rows, cols, n });
                }
                let per_band = n / cols;
                let region_of =
                    (0..n * n).map(|i| ((i / n / rows) * per_band + (i % n) / cols) as u8).collect();
                (region_of, Vec::new())
            }
            Regions::Map(map) => {
                if map.len() != n * n {
                    return Err(GridError::MapSize { cells: map.len(), n });
                }
                let mut labels: Vec<char> = map.clone();
                labels.sort_unstable();
                labels.dedup();
                if labels.len() != n {
                    return Err(GridError::LabelCount { labels: labels.len(), n });
                }
                let region_of: Vec<u8> =
                    map.iter().map(|c| labels.binary_search(c).expect("label listed") as u8).collect();
                let mut sizes = vec![0usize; n];
                for &r in &region_of {
                    sizes[r as usize] += 1;
                }
                if let Some(k) = (0..n).find(|&k| sizes[k] != n) {
                    return Err(GridError::RegionSize { label: labels[k], size: sizes[k], n });
                }
                (region_of, labels)
            }
        };
        Ok(Shape { inner: Arc::new(ShapeData { n, regions, region_of, labels }) })
    }

    /// The order N.
    pub fn n(&self) -> usize {
        self.inner.n
    }

    /// The region map as given.
    pub fn regions(&self) -> &Regions {
        &self.inner.regions
    }

    /// Whether the grid has regions at all.
    pub fn has_regions(&self) -> bool {
        !self.inner.region_of.is_empty()
    }

    /// The region (0..N) of cell `cell`, if the grid has regions.
    pub fn region(&self, cell: usize) -> Option<usize> {
        self.inner.region_of.get(cell).map(|&r| r as usize)
    }

    /// The label of region `k` in an explicit map, if it has one.
    pub fn label(&self, k: usize) -> Option<char> {
        self.inner.labels.get(k).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_boxes_are_wider_than_tall() {
        let boxes = |n| match Shape::default_for(n).unwrap().regions().clone() {
            Regions::Boxes { rows, cols } => (rows, cols),
            Regions::None => (1, n),
            Regions::Map(_) => unreachable!(),
        };
        let want = [
            (4, (2, 2)),
            (6, (2, 3)),
            (8, (2, 4)),
            (9, (3, 3)),
            (10, (2, 5)),
            (12, (3, 4)),
            (15, (3, 5)),
            (16, (4, 4)),
            (20, (4, 5)),
            (25, (5, 5)),
            (36, (6, 6)),
            (64, (8, 8)),
        ];
        for (n, rc) in want {
            assert_eq!(boxes(n), rc, "order {n}");
        }
        assert_eq!(Shape::default_for(7).unwrap().regions(), &Regions::None);
        assert_eq!(Shape::default_for(0), Err(GridError::Order { n: 0 }));
        assert_eq!(Shape::default_for(65), Err(GridError::Order { n: 65 }));
    }

    #[test]
    fn boxes_number_regions_row_by_row() {
        let s = Shape::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let regions: Vec<usize> = (0..36).map(|i| s.region(i).unwrap()).collect();
        assert_eq!(&regions[..12], &[0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]);
        assert_eq!(&regions[12..18], &[2, 2, 2, 3, 3, 3]);
        assert_eq!(regions[35], 5);
        assert_eq!(
            Shape::new(6, Regions::Boxes { rows: 2, cols: 2 }),
            Err(GridError::BoxShape { rows: 2, cols: 2, n: 6 })
        );
    }

    #[test]
    fn region_maps_are_checked() {
        let map = |s: &str| Regions::Map(s.chars().collect());
        let ok = "000011022013221113243333244455445555";
        assert!(Shape::new(6, map(ok)).is_ok());
        assert_eq!(Shape::new(6, map(&ok.replace('5', "4"))), Err(GridError::LabelCount { labels: 5, n: 6 }));
        let bad = "000011022013221113243333244455445554";
        assert_eq!(Shape::new(6, map(bad)), Err(GridError::RegionSize { label: '4', size: 7, n: 6 }));
        assert_eq!(Shape::new(6, map("0011")), Err(GridError::MapSize { cells: 4, n: 6 }));
    }

    #[test]
    fn alphabets() {
        assert_eq!(Alphabet::default_for(9).unwrap().chars().iter().collect::<String>(), "123456789");
        assert_eq!(Alphabet::default_for(16).unwrap().char(15), 'G');
        assert_eq!(Alphabet::letters(6).unwrap().index('f'), Some(5));
        assert!(Alphabet::custom("AB?").is_err());
        assert_eq!(Alphabet::custom("0123").unwrap().index('0'), Some(0));
        assert!(Alphabet::custom("ABA").is_err());
        assert_eq!(Alphabet::custom("xyz").unwrap().index('y'), Some(1));
    }
}
