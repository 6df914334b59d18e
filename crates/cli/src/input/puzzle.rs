//! What the flags say about puzzles (`--box`, `--regions`, `--symbols`),
//! and the one place where cells as written become givens: a symbol of the
//! alphabet, a blank marker, or (with the default alphabet) an integer 1..N
//! with 0 blank. Every puzzle format builds its puzzle here.

use std::cell::RefCell;

use reduce::{Alphabet, Puzzle, Regions, Shape, BLANKS, MAX_ORDER};

use crate::error::{CellError, InputError, Refusal, SettingError};
use crate::record::{Body, Layout};

/// `--box` or `--regions`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionsSetting {
    /// `--box RxC`.
    Boxes {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        cols: usize,
        /// The flag's value as given.
        text: String,
    },
    /// `--box none`: Latin squares.
    None,
    /// `--regions FILE`: a map read row by row.
    Map(Vec<char>),
}

impl RegionsSetting {
    /// The flag as given, for messages.
    pub fn flag(&self) -> String {
        match self {
            RegionsSetting::Boxes { text, .. } => format!("--box {text}"),
            RegionsSetting::None => "--box none".into(),
            RegionsSetting::Map(_) => "--regions".into(),
        }
    }
}

/// What the flags say about puzzles.
#[derive(Clone, Debug, Default)]
pub struct PuzzleSettings {
    /// The regions, if a flag sets them.
    pub regions: Option<RegionsSetting>,
    /// The alphabet, if `--symbols` sets it.
    pub symbols: Option<Alphabet>,
}

impl PuzzleSettings {
    /// The puzzle-only flags given, by name (for refusing them on
    /// exact-cover inputs).
    pub fn flags(&self) -> Vec<&'static str> {
        let mut flags = Vec::new();
        match self.regions {
            Some(RegionsSetting::Map(_)) => flags.push("--regions"),
            Some(_) => flags.push("--box"),
            None => {}
        }
        if self.symbols.is_some() {
            flags.push("--symbols");
        }
        flags
    }
}

/// Parses `--box`: `RxC` or `none`.
pub fn parse_box(s: &str) -> Result<RegionsSetting, String> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(RegionsSetting::None);
    }
    let parse = |(r, c): (&str, &str)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?));
    match s.split_once(['x', 'X']).and_then(parse) {
        Some((rows, cols)) if rows > 0 && cols > 0 && rows * cols <= MAX_ORDER => {
            Ok(RegionsSetting::Boxes { rows, cols, text: s.to_owned() })
        }
        _ => Err(format!("--box {s:?}: expected RxC (R*C at most {MAX_ORDER}) or none")),
    }
}

/// Reads a `--regions` file: N lines of N labels (blanks between labels
/// ignored, `#` comment lines skipped), or all N*N labels on one line. A
/// ragged map is refused, naming the line.
pub fn parse_region_file(text: &str) -> Result<Vec<char>, (usize, String)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        rows.push((i + 1, t.chars().filter(|c| !c.is_whitespace()).collect()));
    }
    let Some((first_no, first)) = rows.first() else {
        return Err((1, "the region map is empty".into()));
    };
    let n = first.len();
    if rows.len() == 1 {
        if reduce::order_of(n).is_some() {
            return Ok(first.clone());
        }
        return Err((*first_no, format!("{n} labels on one line: a map needs N*N (N lines of N labels)")));
    }
    for (no, row) in &rows {
        if row.len() != n {
            return Err((
                *no,
                format!("row has {} labels; the first row (line {first_no}) has {n}", row.len()),
            ));
        }
    }
    if rows.len() != n {
        return Err((
            *first_no,
            format!("{} rows of {n} labels: a map needs N rows of N labels", rows.len()),
        ));
    }
    Ok(rows.into_iter().flat_map(|(_, r)| r).collect())
}

/// Builds puzzles for one input: resolves shapes and alphabets from the
/// flags (once per order), and reads cells.
pub struct Puzzles {
    settings: std::sync::Arc<PuzzleSettings>,
    /// The last shape and alphabet built. Behind a `RefCell` so that every
    /// reader can build through a shared `&Puzzles`: a cache of what the
    /// flags resolve to for an order, whose answer does not depend on who
    /// asks (the grid reader's memo, which does, is its own).
    cache: RefCell<Option<Resolved>>,
}

/// A shape and alphabet built for an order, and whether grouped, with
/// what each ASCII byte reads as under that alphabet ([`codes`]).
struct Resolved {
    n: usize,
    grouped: bool,
    shape: Shape,
    alphabet: Alphabet,
    codes: [u8; 128],
}

/// What an ASCII byte reads as in a cell of [`Puzzles::build_ascii`]: a
/// symbol's index, this for a blank marker, or [`BAD`].
const BLANK: u8 = 0xfe;

/// An ASCII byte that is neither a symbol nor a blank marker.
const BAD: u8 = 0xff;

/// What each ASCII byte reads as as a one-character cell under `alphabet`
/// (as [`Puzzles::given`] reads it): a symbol's index, [`BLANK`] or [`BAD`].
fn codes(alphabet: &Alphabet) -> [u8; 128] {
    let mut t = [BAD; 128];
    for (b, code) in (0u8..).zip(t.iter_mut()) {
        let c = b as char;
        *code = match alphabet.index(c) {
            Some(v) => v,
            None if BLANKS.contains(&c) => BLANK,
            None => BAD,
        };
    }
    t
}

/// The givens of ASCII cells by one table look-up a byte, and whether a
/// byte is [`BAD`] (or past ASCII).
fn ascii_givens(codes: &[u8; 128], cells: &[u8]) -> (Vec<Option<u8>>, bool) {
    let mut worst = 0u8;
    let givens = cells
        .iter()
        .map(|&b| {
            // A byte past ASCII reads as BAD.
            let code = codes[(b & 0x7f) as usize] | 0u8.wrapping_sub(b >> 7);
            worst = worst.max(code);
            (code < BLANK).then_some(code)
        })
        .collect();
    (givens, worst == BAD)
}

/// A cell as written: its line, column (from 1) and text.
#[derive(Clone, Copy, Debug)]
pub struct Cell<'a> {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// The text: one character, or an integer.
    pub text: &'a str,
}

impl Puzzles {
    /// Puzzles under these flags.
    pub fn new(settings: std::sync::Arc<PuzzleSettings>) -> Puzzles {
        Puzzles { settings, cache: RefCell::new(None) }
    }

    /// The flags the puzzles are read under.
    pub fn settings(&self) -> &PuzzleSettings {
        &self.settings
    }

    /// Whether `--symbols` set the alphabet.
    pub fn custom_symbols(&self) -> bool {
        self.settings.symbols.is_some()
    }

    /// Whether `--symbols` names `c` (then it is a cell, never a separator).
    pub fn custom_symbol(&self, c: char) -> bool {
        self.settings.symbols.as_ref().is_some_and(|a| a.chars().contains(&c))
    }

    /// The alphabet of an `n`x`n` puzzle.
    pub fn alphabet(&self, n: usize, grouped: bool) -> Result<Alphabet, InputError> {
        match &self.settings.symbols {
            Some(a) if a.len() == n => Ok(a.clone()),
            Some(a) => Err(SettingError::SymbolsSetting { symbols: a.len(), order: n }.into()),
            None if grouped => Alphabet::letters(n).map_err(InputError::Grid),
            None => Alphabet::default_for(n).map_err(InputError::Grid),
        }
    }

    /// The shape of an `n`x`n` puzzle, with its own map if it has one.
    pub fn shape(&self, n: usize, map: Option<Vec<char>>) -> Result<Shape, InputError> {
        if let Some(map) = map {
            // A flag that would give other regions is refused, never
            // dropped in favour of the record's own map.
            if let Some(flag) = self.settings.regions.as_ref().map(RegionsSetting::flag) {
                return Err(SettingError::OwnMap { flag }.into());
            }
            return Shape::new(n, Regions::Map(map)).map_err(InputError::Grid);
        }
        match &self.settings.regions {
            None => Shape::default_for(n).map_err(InputError::Grid),
            Some(RegionsSetting::None) => Shape::new(n, Regions::None).map_err(InputError::Grid),
            Some(RegionsSetting::Boxes { rows, cols, text }) => {
                Shape::new(n, Regions::Boxes { rows: *rows, cols: *cols })
                    .map_err(|error| SettingError::BoxSetting { value: text.clone(), error }.into())
            }
            Some(RegionsSetting::Map(map)) => {
                if map.len() != n * n {
                    return Err(SettingError::RegionsSetting { labels: map.len(), order: n }.into());
                }
                Shape::new(n, Regions::Map(map.clone())).map_err(InputError::Grid)
            }
        }
    }

    /// The shape and alphabet of a puzzle without its own map, built once
    /// per order.
    fn resolved(&self, n: usize, grouped: bool) -> Result<(Shape, Alphabet), InputError> {
        self.resolved_with_codes(n, grouped).map(|(s, a, _)| (s, a))
    }

    /// [`Puzzles::resolved`], and what each ASCII byte reads as.
    fn resolved_with_codes(
        &self,
        n: usize,
        grouped: bool,
    ) -> Result<(Shape, Alphabet, [u8; 128]), InputError> {
        if let Some(r) = &*self.cache.borrow() {
            if r.n == n && r.grouped == grouped {
                return Ok((r.shape.clone(), r.alphabet.clone(), r.codes));
            }
        }
        let shape = self.shape(n, None)?;
        let alphabet = self.alphabet(n, grouped)?;
        let t = codes(&alphabet);
        *self.cache.borrow_mut() =
            Some(Resolved { n, grouped, shape: shape.clone(), alphabet: alphabet.clone(), codes: t });
        Ok((shape, alphabet, t))
    }

    /// The blank markers of a puzzle: `? 0 . _`, less its symbols.
    pub fn blanks(alphabet: &Alphabet) -> String {
        let b: Vec<String> =
            BLANKS.iter().filter(|c| alphabet.index(**c).is_none()).map(|c| c.to_string()).collect();
        b.join(" ")
    }

    /// The given a cell holds in an `n`x`n` puzzle over `alphabet`.
    pub fn given(&self, text: &str, n: usize, alphabet: &Alphabet) -> Result<Option<u8>, InputError> {
        let mut chars = text.chars();
        let first = chars.next().unwrap_or('?');
        if chars.next().is_none() {
            if let Some(v) = alphabet.index(first) {
                return Ok(Some(v));
            }
            if BLANKS.contains(&first) {
                return Ok(None);
            }
        } else if !self.custom_symbols() && text.bytes().all(|b| b.is_ascii_digit()) {
            // An integer: 0 blank, 1..N the symbols in order.
            return match text.parse::<usize>() {
                Ok(0) => Ok(None),
                Ok(v) if v <= n => Ok(Some((v - 1) as u8)),
                _ => Err(CellError::IntegerOutOfRange { text: text.to_owned(), order: n }.into()),
            };
        }
        Err(CellError::NotASymbol {
            text: text.to_owned(),
            order: n,
            symbols: alphabet.chars().iter().collect(),
            blanks: Puzzles::blanks(alphabet),
        }
        .into())
    }

    /// Whether every cell reads in an `n`x`n` puzzle (detection's test of
    /// whether cells "fit" an order).
    pub fn fit(&self, cells: impl IntoIterator<Item = impl AsRef<str>>, n: usize) -> bool {
        let Ok(alphabet) = self.alphabet(n, false) else { return false };
        cells.into_iter().all(|c| self.given(c.as_ref(), n, &alphabet).is_ok())
    }

    /// The hexadecimal alphabet `0`-`F` for a 16x16 puzzle whose cells say
    /// they are written in it: a `0` beside another blank marker (`.`, `?`,
    /// `_`), every other cell a hex digit, no `G` (the default alphabet's
    /// sixteenth symbol). Then `0` is a symbol, never a dropped blank.
    /// `None` under `--symbols`, or when the cells do not say so.
    fn hex_for<'c>(&self, n: usize, cells: impl Iterator<Item = &'c str> + Clone) -> Option<Alphabet> {
        if n != 16 || self.custom_symbols() {
            return None;
        }
        let one = |t: &str| {
            let mut c = t.chars();
            c.next().filter(|_| c.next().is_none())
        };
        let (mut zero, mut blank) = (false, false);
        for t in cells {
            match one(t)? {
                '0' => zero = true,
                '.' | '?' | '_' => blank = true,
                c if c.is_ascii_hexdigit() => {}
                _ => return None,
            }
        }
        (zero && blank).then(|| Alphabet::custom("0123456789ABCDEF").ok()).flatten()
    }

    /// The hex alphabet of [`Puzzles::hex_for`] for ASCII cells, with its
    /// byte table.
    fn hex_for_ascii(&self, n: usize, cells: &[u8]) -> Option<(Alphabet, [u8; 128])> {
        if n != 16 || !cells.contains(&b'0') {
            return None;
        }
        let texts = std::str::from_utf8(cells).ok()?;
        let each = texts.char_indices().map(|(i, c)| &texts[i..i + c.len_utf8()]);
        self.hex_for(n, each).map(|a| {
            let t = codes(&a);
            (a, t)
        })
    }

    /// Builds an `n`x`n` puzzle from its N² cells (row by row), with its
    /// own region map if it has one. `line` is where errors of the whole
    /// puzzle are reported.
    pub fn build(
        &self,
        n: usize,
        cells: &[Cell<'_>],
        map: Option<Vec<char>>,
        layout: Layout,
        line: usize,
    ) -> Result<Body, Refusal> {
        let (shape, alphabet) = match map {
            Some(map) => {
                let shape = self.shape(n, Some(map)).map_err(|e| Refusal::new(line, e))?;
                (shape, self.alphabet(n, false).map_err(|e| Refusal::new(line, e))?)
            }
            None => self.resolved(n, false).map_err(|e| Refusal::new(line, e))?,
        };
        let alphabet = self.hex_for(n, cells.iter().map(|c| c.text)).unwrap_or(alphabet);
        debug_assert_eq!(cells.len(), n * n);
        let mut givens = Vec::with_capacity(n * n);
        for c in cells {
            givens.push(self.given(c.text, n, &alphabet).map_err(|e| Refusal::at(c.line, c.column, e))?);
        }
        let puzzle =
            Puzzle::new(shape, alphabet, givens).map_err(|e| Refusal::new(line, InputError::Grid(e)))?;
        Ok(Body::Puzzle { puzzle, layout })
    }

    /// Builds an `n`x`n` puzzle from N² ASCII cells on one line (the line
    /// format's fast path: no cell list), the first at `column`.
    pub fn build_ascii(
        &self,
        n: usize,
        cells: &[u8],
        map: Option<Vec<char>>,
        layout: Layout,
        line: usize,
        column: usize,
    ) -> Result<Body, Refusal> {
        let (shape, alphabet, codes) = match map {
            Some(map) => {
                let shape = self.shape(n, Some(map)).map_err(|e| Refusal::new(line, e))?;
                let alphabet = self.alphabet(n, false).map_err(|e| Refusal::new(line, e))?;
                let t = codes(&alphabet);
                (shape, alphabet, t)
            }
            None => self.resolved_with_codes(n, false).map_err(|e| Refusal::new(line, e))?,
        };
        let (alphabet, codes) = self.hex_for_ascii(n, cells).unwrap_or((alphabet, codes));
        debug_assert_eq!(cells.len(), n * n);
        let (givens, bad) = ascii_givens(&codes, cells);
        if bad {
            // A bad byte (or one past ASCII) is looked for again only to be
            // refused.
            let k = cells.iter().position(|&b| b >= 0x80 || codes[b as usize] == BAD).unwrap_or(0);
            let text = std::str::from_utf8(&cells[k..k + 1]).unwrap_or("?");
            let e = self.given(text, n, &alphabet).expect_err("not a symbol");
            return Err(Refusal::at(line, column + k, e));
        }
        let puzzle =
            Puzzle::new(shape, alphabet, givens).map_err(|e| Refusal::new(line, InputError::Grid(e)))?;
        Ok(Body::Puzzle { puzzle, layout })
    }

    /// [`Puzzles::build_ascii`] for a line of exactly N² bytes and nothing
    /// else, on the plain shape (no map), when every byte is a symbol or a
    /// blank marker; `None` otherwise (a blank between fields, a comma, a
    /// byte past ASCII, a bad symbol, no alphabet of order N), for the
    /// caller to read the line the long way: N² bytes may hold cells of
    /// another order, a map and a note.
    pub fn build_plain_line(&self, n: usize, cells: &[u8], line: usize) -> Option<Result<Body, Refusal>> {
        if self.hex_for_ascii(n, cells).is_some() {
            return None;
        }
        let (shape, alphabet, codes) = self.resolved_with_codes(n, false).ok()?;
        let (givens, bad) = ascii_givens(&codes, cells);
        if bad {
            return None;
        }
        let puzzle =
            Puzzle::new(shape, alphabet, givens).map_err(|e| Refusal::new(line, InputError::Grid(e)));
        Some(puzzle.map(|puzzle| Body::Puzzle { puzzle, layout: Layout::Line }))
    }

    /// The shape and alphabet of a grouped puzzle with its map.
    pub fn grouped(&self, n: usize, map: Vec<char>) -> Result<(Shape, Alphabet), InputError> {
        Ok((self.shape(n, Some(map))?, self.alphabet(n, true)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn cells_read_as_symbols_blanks_or_integers() {
        let p = Puzzles::new(Arc::default());
        let a = p.alphabet(16, false).unwrap();
        assert_eq!(p.given("5", 16, &a), Ok(Some(4)));
        assert_eq!(p.given("G", 16, &a), Ok(Some(15)));
        assert_eq!(p.given("16", 16, &a), Ok(Some(15)));
        assert_eq!(p.given("0", 16, &a), Ok(None));
        assert_eq!(p.given("00", 16, &a), Ok(None));
        assert!(matches!(p.given("17", 16, &a), Err(InputError::Cell(CellError::IntegerOutOfRange { .. }))));
        assert!(matches!(
            p.given("x", 9, &p.alphabet(9, false).unwrap()),
            Err(InputError::Cell(CellError::NotASymbol { .. }))
        ));
    }

    #[test]
    fn zero_is_a_symbol_when_the_alphabet_has_it() {
        let hex = Alphabet::custom("0123456789ABCDEF").unwrap();
        let p = Puzzles::new(Arc::new(PuzzleSettings { regions: None, symbols: Some(hex.clone()) }));
        assert_eq!(p.given("0", 16, &hex), Ok(Some(0)));
        assert_eq!(p.given(".", 16, &hex), Ok(None));
        assert_eq!(Puzzles::blanks(&hex), "? . _");
        // Integers are for the default alphabet only.
        assert!(p.given("10", 16, &hex).is_err());
    }

    #[test]
    fn a_plain_line_is_read_fast_only_when_every_byte_is_a_cell() {
        let p = Puzzles::new(Arc::default());
        let line = |s: &str| p.build_plain_line(9, s.as_bytes(), 1);
        let good = format!("{}{}", "12345678.", "0".repeat(72));
        assert!(matches!(line(&good), Some(Ok(Body::Puzzle { .. }))));
        // A blank, a comma, a byte past ASCII or a bad symbol: the long way.
        for bad in [" ", ",", "\t", "x", "\u{7f}"] {
            let s = format!("{bad}{}", &good[1..]);
            assert!(line(&s).is_none(), "{s:?}");
        }
        let s = format!("é{}", &good[2..]);
        assert!(line(&s).is_none());
        // A clash is no fault of the bytes: read here, found later.
        let clash = format!("11{}", "0".repeat(79));
        assert!(matches!(line(&clash), Some(Ok(_))));
        // No alphabet of order 9 (six symbols given): the long way, which
        // may find a 6x6 puzzle, its map and a note in the 81 bytes.
        let six = Alphabet::custom("ABCDEF").unwrap();
        let p6 = Puzzles::new(Arc::new(PuzzleSettings { regions: None, symbols: Some(six) }));
        assert!(p6.build_plain_line(9, good.as_bytes(), 1).is_none());
    }

    #[test]
    fn region_files_are_square_and_not_ragged() {
        assert_eq!(parse_region_file("\u{feff}0011\n0011\n2233\n2233\n").unwrap().len(), 16);
        assert_eq!(parse_region_file("0 0 1 1\n# c\n0 0 1 1\n2 2 3 3\n2 2 3 3\n").unwrap().len(), 16);
        assert_eq!(parse_region_file("0011001122332233\n").unwrap().len(), 16);
        assert_eq!(parse_region_file("0011\n001\n2233\n2233\n").unwrap_err().0, 2);
        assert_eq!(parse_region_file("0011\n0011\n2233\n").unwrap_err().0, 1);
        assert!(parse_region_file("\n\n").is_err());
    }
}
