//! One step of logic: which technique, what it placed and eliminated, and
//! the pattern it saw.
//!
//! A [`Step`] is plain data (rows, columns and symbols from 0) so that a
//! caller can map it to any format; `wording.rs` says it in words
//! ([`Step::display`]).

use super::technique::Technique;

/// A unit: a row, a column or a region, numbered from 0 (regions in the
/// order of [`crate::Shape::region`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// Row `i`.
    Row(usize),
    /// Column `i`.
    Column(usize),
    /// Region `i`: a box, or a region of an explicit map.
    Region(usize),
    /// A group of N cells a variant constraint makes hold every symbol
    /// once: part `part` (from 0) of the constraint with index `rule` in
    /// the puzzle's rules (a diagonal, an extra region, a disjoint group, a
    /// cage or renban of N cells).
    Group {
        /// The constraint's index in [`crate::constraint::Rules::constraints`].
        rule: usize,
        /// Which of its groups (disjoint groups have N).
        part: usize,
    },
}

/// What a variant step reasons from: a constraint, or a sum the cages
/// imply over a house or over consecutive rows or columns (innies and
/// outies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The constraint with this index in [`crate::constraint::Rules::constraints`].
    Rule(usize),
    /// A unit.
    Unit(Unit),
    /// Rows `first..first + count`, from 0.
    Rows(usize, usize),
    /// Columns `first..first + count`, from 0.
    Columns(usize, usize),
    /// The variant rules that make two cells outside a common unit differ
    /// (a cage, a chess move): for simple colouring, two cells of one
    /// colour that see each other so.
    Peers,
}

/// A symbol in a cell: row, column and symbol index, all from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
    /// The symbol's index in the puzzle's alphabet.
    pub symbol: u8,
}

/// One step of the logical solver.
///
/// Besides what it placed and eliminated, a step keeps the pattern it saw,
/// in fields whose meaning depends on the technique:
///
/// | technique | units | cells | symbols | chain |
/// |---|---|---|---|---|
/// | singles | the unit (none for a naked single) | the cell | the symbol | |
/// | pointing, claiming | the unit confining, the unit cleared | the cells of the symbol in the first | the symbol | |
/// | subsets | the units holding all the cells | the subset's cells | its symbols | |
/// | fish | base lines, then cover lines | the fish's cells | the symbol | |
/// | XY-wing, XYZ-wing | | pivot, pincer, pincer | x, y, z (z removed) | |
/// | W-wing | the unit of the strong link | the two wing cells, then the link's two cells | the symbol removed, then the link's | |
/// | simple colouring | the unit two same-coloured cells share (a wrap) | the two cells compared | the symbol | the path of strong links between them |
/// | X-chain, XY-chain, AIC | | | | the chain's candidates: strong link first, then weak and strong in turn |
/// | rule chain | | | | as an AIC; its weak links may be rules' (see [`Step::rules`]) |
/// | forcing chain | | the cell assumed | its symbol | the singles that follow, in order |
/// | forcing chains | the unit (for a unit's places) | the cell (for a cell's candidates) | the symbol (for a unit) | the conclusion's premises: one candidate per branch |
/// | pair rule | | the cell reasoned from, then the cell cleared | the first cell's candidates | |
/// | cage combinations, sum bounds, clue rule, innies and outies | | the constraint's cells | the digits the cells keep between them (cages) | |
/// | cage pair | | the first cage's cells | the digits it keeps | |
///
/// A variant step (the last three rows) also names its [`Source`] (a
/// cage pair: the first cage, and the second in [`Step::rules`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub(crate) technique: Technique,
    pub(crate) placements: Vec<Candidate>,
    pub(crate) eliminations: Vec<Candidate>,
    pub(crate) units: Vec<Unit>,
    pub(crate) cells: Vec<(usize, usize)>,
    pub(crate) symbols: Vec<u8>,
    pub(crate) chain: Vec<Candidate>,
    /// For a forcing chain: what went wrong (a unit with no place for a
    /// symbol, or a cell with no candidate).
    pub(crate) contradiction: Option<Contradiction>,
    /// For a variant step: what it reasons from.
    pub(crate) source: Option<Source>,
    /// For a variant sum (innies and outies, sum bounds): the sum's terms
    /// as (coefficient, cell) and its total.
    pub(crate) terms: Vec<(i64, usize)>,
    pub(crate) total: i64,
    /// For a rule chain: the constraints behind its rule links (indices in
    /// [`crate::constraint::Rules::constraints`]; for a cage pair, the
    /// second cage), and whether some link
    /// joins cells that must differ outside a unit (a cage, a chess move).
    pub(crate) rules: Vec<usize>,
    pub(crate) peers: bool,
}

/// Where an assumption ran into a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contradiction {
    /// The cell (row, column) has no candidate left.
    Cell(usize, usize),
    /// The unit has no place left for the symbol.
    Unit(Unit, u8),
}

impl Step {
    /// The technique used.
    pub fn technique(&self) -> Technique {
        self.technique
    }

    /// The symbols placed (singles place one; forcing chains may place
    /// one; other techniques none).
    pub fn placements(&self) -> &[Candidate] {
        &self.placements
    }

    /// The candidates removed.
    pub fn eliminations(&self) -> &[Candidate] {
        &self.eliminations
    }

    /// The units of the pattern (see the table above).
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The cells of the pattern, as (row, column).
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// The symbols of the pattern.
    pub fn symbols(&self) -> &[u8] {
        &self.symbols
    }

    /// The chain, for chains and forcing chains.
    pub fn chain(&self) -> &[Candidate] {
        &self.chain
    }

    /// For a forcing chain, the contradiction its assumption leads to.
    pub fn contradiction(&self) -> Option<Contradiction> {
        self.contradiction
    }

    /// For a variant step, the constraint (or the area of an implied sum)
    /// it reasons from.
    pub fn source(&self) -> Option<Source> {
        self.source
    }

    /// For a rule chain, the constraints behind its weak links (indices in
    /// [`crate::constraint::Rules::constraints`]); for a cage pair, the
    /// second cage.
    pub fn rules(&self) -> &[usize] {
        &self.rules
    }

    /// Empties the step, keeping its memory.
    pub(crate) fn clear(&mut self, technique: Technique) {
        self.technique = technique;
        self.placements.clear();
        self.eliminations.clear();
        self.units.clear();
        self.cells.clear();
        self.symbols.clear();
        self.chain.clear();
        self.contradiction = None;
        self.source = None;
        self.terms.clear();
        self.total = 0;
        self.rules.clear();
        self.peers = false;
    }
}

impl Step {
    /// Records the placement of `v` in `cell` (a grid of order `n`).
    pub(crate) fn place(&mut self, n: usize, cell: usize, v: usize) {
        self.placements.push(Candidate { row: cell / n, column: cell % n, symbol: v as u8 });
    }

    /// Records the elimination of `v` from `cell`, once.
    pub(crate) fn eliminate(&mut self, n: usize, cell: usize, v: usize) {
        let c = Candidate { row: cell / n, column: cell % n, symbol: v as u8 };
        if !self.eliminations.contains(&c) {
            self.eliminations.push(c);
        }
    }

    /// Adds `cell` to the pattern's cells.
    pub(crate) fn cell(&mut self, n: usize, cell: usize) {
        self.cells.push((cell / n, cell % n));
    }

    /// Adds a candidate to the chain.
    pub(crate) fn link(&mut self, n: usize, cell: usize, v: usize) {
        self.chain.push(Candidate { row: cell / n, column: cell % n, symbol: v as u8 });
    }
}
