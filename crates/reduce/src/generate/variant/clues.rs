//! Constraints read off a full grid: for each [`Kind`] a setter can draw
//! from a solution (cages, lines, dots, outside clues, marked cells), one
//! random constraint of that kind which the grid keeps, placed at or
//! through a given cell (the anchor: a cell where a second solution
//! differs, so that the new constraint has a chance to rule it out).
//!
//! Every constraint made here is built through its own constructor and
//! checked against the grid with its own rule ([`Constraint::check`]), so
//! the grid always stays a solution; the caller checks it once more with
//! the whole puzzle's rules (a minimum cell depends on its neighbours).

use dlx::SplitMix64;

use crate::constraint::Difference;
use crate::constraint::{
    Arrow, Between, ClueDirection, Constraint, DoubleArrow, Entropic, Extremum, Grid, Killer, LittleKiller,
    Modular, OutsideClue, Palindrome, Parity, ParityCell, Quadruple, Ratio, RegionSumLine, Renban, Rules,
    Sandwich, Side, Skyscraper, Thermometer, Whispers, XSum, Xv, Zipper,
};
use crate::grid::Shape;

/// A kind of constraint the generator can read off a solution grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A killer cage with its sum (orthogonally connected, different digits).
    Killer,
    /// A thermometer (strictly increasing from the bulb).
    Thermo,
    /// A slow thermometer (never decreasing).
    SlowThermo,
    /// An arrow with a one-cell circle.
    Arrow,
    /// A white kropki dot (consecutive digits).
    White,
    /// A black kropki dot (one digit double the other).
    Black,
    /// An X (sum 10) or a V (sum 5).
    Xv,
    /// A little killer clue (a diagonal's sum).
    LittleKiller,
    /// A sandwich clue.
    Sandwich,
    /// An X-sum clue.
    XSum,
    /// A skyscraper clue.
    Skyscraper,
    /// A German whispers line (least difference half the order, rounded up).
    Whispers,
    /// A renban line.
    Renban,
    /// A palindrome line.
    Palindrome,
    /// A between line.
    Between,
    /// An entropic line.
    Entropic,
    /// A modular line.
    Modular,
    /// A zipper line.
    Zipper,
    /// A double arrow.
    DoubleArrow,
    /// A region-sum line.
    RegionSum,
    /// An odd cell.
    Odd,
    /// An even cell.
    Even,
    /// A minimum cell.
    Minimum,
    /// A maximum cell.
    Maximum,
    /// A quadruple (digits at a corner of four cells).
    Quadruple,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 25] = [
        Kind::Killer,
        Kind::Thermo,
        Kind::SlowThermo,
        Kind::Arrow,
        Kind::White,
        Kind::Black,
        Kind::Xv,
        Kind::LittleKiller,
        Kind::Sandwich,
        Kind::XSum,
        Kind::Skyscraper,
        Kind::Whispers,
        Kind::Renban,
        Kind::Palindrome,
        Kind::Between,
        Kind::Entropic,
        Kind::Modular,
        Kind::Zipper,
        Kind::DoubleArrow,
        Kind::RegionSum,
        Kind::Odd,
        Kind::Even,
        Kind::Minimum,
        Kind::Maximum,
        Kind::Quadruple,
    ];

    /// Whether singles alone (an easy puzzle: full house, naked and
    /// hidden singles) can need a constraint of this kind: its cells are a
    /// group whose digits differ (killer cages, renban lines) or it takes
    /// candidates away before the first step (parity, skyscrapers). Every
    /// other kind is reasoned with from medium up, so an easy puzzle never
    /// needs one (the minimizing pass takes them all away).
    pub fn reached_by_singles(self) -> bool {
        matches!(self, Kind::Killer | Kind::Renban | Kind::Skyscraper | Kind::Odd | Kind::Even)
    }

    /// Its name in `--constraints` (the plain-text form's word).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Killer => "killer",
            Kind::Thermo => "thermo",
            Kind::SlowThermo => "slowthermo",
            Kind::Arrow => "arrow",
            Kind::White => "white",
            Kind::Black => "black",
            Kind::Xv => "xv",
            Kind::LittleKiller => "littlekiller",
            Kind::Sandwich => "sandwich",
            Kind::XSum => "xsum",
            Kind::Skyscraper => "skyscraper",
            Kind::Whispers => "whispers",
            Kind::Renban => "renban",
            Kind::Palindrome => "palindrome",
            Kind::Between => "between",
            Kind::Entropic => "entropic",
            Kind::Modular => "modular",
            Kind::Zipper => "zipper",
            Kind::DoubleArrow => "doublearrow",
            Kind::RegionSum => "regionsum",
            Kind::Odd => "odd",
            Kind::Even => "even",
            Kind::Minimum => "minimum",
            Kind::Maximum => "maximum",
            Kind::Quadruple => "quadruple",
        }
    }

    /// The kinds a name stands for: a kind's own name, f-puzzles' key for
    /// it, or a group (`kropki`: white and black dots; `oddeven`: odd and
    /// even cells; `extremum`: minimum and maximum cells; `all`).
    pub fn parse(name: &str) -> Option<Vec<Kind>> {
        let name = name.trim().to_ascii_lowercase();
        let group = match name.as_str() {
            "kropki" | "dots" => vec![Kind::White, Kind::Black],
            "oddeven" | "parity" => vec![Kind::Odd, Kind::Even],
            "extremum" | "minmax" => vec![Kind::Minimum, Kind::Maximum],
            "all" => Kind::ALL.to_vec(),
            "killercage" | "cage" => vec![Kind::Killer],
            "thermometer" => vec![Kind::Thermo],
            "slowthermometer" => vec![Kind::SlowThermo],
            "difference" => vec![Kind::White],
            "ratio" => vec![Kind::Black],
            "x" | "v" => vec![Kind::Xv],
            "littlekillersum" => vec![Kind::LittleKiller],
            "sandwichsum" => vec![Kind::Sandwich],
            "betweenline" => vec![Kind::Between],
            "entropicline" => vec![Kind::Entropic],
            "modularline" => vec![Kind::Modular],
            "zipperline" => vec![Kind::Zipper],
            "regionsumline" => vec![Kind::RegionSum],
            _ => return Kind::ALL.iter().find(|k| k.name() == name).map(|&k| vec![k]),
        };
        Some(group)
    }

    /// The kind of a constraint, if it is one the generator reads off a
    /// grid (for `analyze`: the kinds of a puzzle it may suggest).
    pub fn of(c: &Constraint) -> Option<Kind> {
        Some(match c {
            Constraint::Killer(_) => Kind::Killer,
            Constraint::Thermometer(t) if t.slow => Kind::SlowThermo,
            Constraint::Thermometer(_) => Kind::Thermo,
            Constraint::Arrow(_) => Kind::Arrow,
            Constraint::Difference(_) => Kind::White,
            Constraint::Ratio(_) => Kind::Black,
            Constraint::Xv(_) => Kind::Xv,
            Constraint::LittleKiller(_) => Kind::LittleKiller,
            Constraint::Sandwich(_) => Kind::Sandwich,
            Constraint::XSum(_) => Kind::XSum,
            Constraint::Skyscraper(_) => Kind::Skyscraper,
            Constraint::Whispers(_) => Kind::Whispers,
            Constraint::Renban(_) => Kind::Renban,
            Constraint::Palindrome(_) => Kind::Palindrome,
            Constraint::Between(_) => Kind::Between,
            Constraint::Entropic(_) => Kind::Entropic,
            Constraint::Modular(_) => Kind::Modular,
            Constraint::Zipper(_) => Kind::Zipper,
            Constraint::DoubleArrow(_) => Kind::DoubleArrow,
            Constraint::RegionSumLine(_) => Kind::RegionSum,
            Constraint::Parity(p) if p.parity == Parity::Odd => Kind::Odd,
            Constraint::Parity(_) => Kind::Even,
            Constraint::Extremum(e) if e.maximum => Kind::Maximum,
            Constraint::Extremum(_) => Kind::Minimum,
            Constraint::Quadruple(_) => Kind::Quadruple,
            _ => return None,
        })
    }

    /// Whether its constraints are lines drawn through cells (kept apart
    /// from each other so that a picture reads).
    fn is_line(self) -> bool {
        matches!(
            self,
            Kind::Thermo
                | Kind::SlowThermo
                | Kind::Arrow
                | Kind::Whispers
                | Kind::Renban
                | Kind::Palindrome
                | Kind::Between
                | Kind::Entropic
                | Kind::Modular
                | Kind::Zipper
                | Kind::DoubleArrow
                | Kind::RegionSum
        )
    }
}

/// Where constraints already sit: cells under a cage, cells on a line,
/// minimum and maximum cells (a new constraint keeps clear of them).
pub(super) struct Taken {
    cage: Vec<bool>,
    line: Vec<bool>,
    extremum: Vec<bool>,
}

impl Taken {
    /// The cells the constraints `existing` occupy in a grid of order `n`.
    pub(super) fn new(n: usize, existing: &[Constraint]) -> Taken {
        let mut t =
            Taken { cage: vec![false; n * n], line: vec![false; n * n], extremum: vec![false; n * n] };
        for c in existing {
            let Some(kind) = Kind::of(c) else { continue };
            let mark = match kind {
                Kind::Killer => &mut t.cage,
                Kind::Minimum | Kind::Maximum => &mut t.extremum,
                k if k.is_line() => &mut t.line,
                _ => continue,
            };
            for cell in c.cells() {
                mark[cell] = true;
            }
        }
        t
    }
}

/// What a constraint is read off: the shape and the full grid.
pub(super) struct Sheet<'a> {
    pub(super) shape: &'a Shape,
    pub(super) grid: &'a [u8],
}

impl Sheet<'_> {
    fn n(&self) -> usize {
        self.shape.n()
    }

    /// The number in `cell` (symbol + 1).
    fn digit(&self, cell: usize) -> u32 {
        self.grid[cell] as u32 + 1
    }

    /// Whether the grid keeps `c` (read alone).
    fn keeps(&self, c: &Constraint) -> bool {
        c.check(Grid { n: self.n(), cells: self.grid }, &Rules::default()).is_ok()
    }
}

/// The neighbours of `cell`: orthogonal ones, and diagonal ones too when
/// `diagonal`.
pub(super) fn neighbours(n: usize, cell: usize, diagonal: bool) -> Vec<usize> {
    let (r, c) = ((cell / n) as isize, (cell % n) as isize);
    let mut out = Vec::with_capacity(8);
    for dr in -1isize..=1 {
        for dc in -1isize..=1 {
            if (dr, dc) == (0, 0) || (!diagonal && dr != 0 && dc != 0) {
                continue;
            }
            let (rr, cc) = (r + dr, c + dc);
            if (0..n as isize).contains(&rr) && (0..n as isize).contains(&cc) {
                out.push(rr as usize * n + cc as usize);
            }
        }
    }
    out
}

/// One pick among `items`, or `None` when there are none.
fn pick<T: Copy>(items: &[T], rng: &mut SplitMix64) -> Option<T> {
    (!items.is_empty()).then(|| items[rng.below(items.len() as u64) as usize])
}

/// A path from `start` of up to `len` cells, each step to a random
/// neighbour (diagonal ones too when `diagonal`) not yet on the path, not
/// `blocked`, and such that the path so far stays `fine`.
fn grow(
    n: usize,
    start: usize,
    len: usize,
    diagonal: bool,
    blocked: &[bool],
    rng: &mut SplitMix64,
    fine: impl Fn(&[usize]) -> bool,
) -> Vec<usize> {
    let mut path = vec![start];
    while path.len() < len {
        let last = *path.last().expect("a start");
        let open: Vec<usize> = neighbours(n, last, diagonal)
            .into_iter()
            .filter(|&b| !blocked[b] && !path.contains(&b))
            .collect();
        let mut next = Vec::with_capacity(open.len());
        for b in open {
            path.push(b);
            if fine(&path) {
                next.push(b);
            }
            path.pop();
        }
        match pick(&next, rng) {
            Some(b) => path.push(b),
            None => break,
        }
    }
    path
}

/// Tries at making a constraint whose shape is drawn at random.
const TRIES: usize = 12;

/// A random constraint of `kind` that the grid keeps, at or through
/// `anchor`, clear of what `taken` holds; `None` when none came in a few
/// tries (a kind the grid does not have there: an odd cell on an even
/// digit).
pub(super) fn derive(
    kind: Kind,
    sheet: &Sheet<'_>,
    anchor: usize,
    taken: &Taken,
    rng: &mut SplitMix64,
) -> Option<Constraint> {
    let n = sheet.n();
    if kind.is_line() && taken.line[anchor] {
        return None;
    }
    for _ in 0..TRIES {
        let made = match kind {
            Kind::Killer => cage(sheet, anchor, taken, rng),
            Kind::Arrow => arrow(sheet, anchor, taken, rng),
            Kind::White | Kind::Black | Kind::Xv => pair(kind, sheet, anchor, rng),
            Kind::LittleKiller | Kind::Sandwich | Kind::XSum | Kind::Skyscraper => {
                outside(kind, sheet, anchor, rng)
            }
            Kind::Odd | Kind::Even => {
                let parity = if sheet.digit(anchor) % 2 == 1 { Parity::Odd } else { Parity::Even };
                let wanted = if kind == Kind::Odd { Parity::Odd } else { Parity::Even };
                return (parity == wanted)
                    .then(|| ParityCell::new(n, anchor, parity).ok().map(Into::into))?;
            }
            Kind::Minimum | Kind::Maximum => {
                if neighbours(n, anchor, false).iter().chain([&anchor]).any(|&b| taken.extremum[b]) {
                    return None;
                }
                let e: Constraint = Extremum::new(n, anchor, kind == Kind::Maximum).ok()?.into();
                return sheet.keeps(&e).then_some(e);
            }
            Kind::Quadruple => quadruple(sheet, anchor, rng),
            _ => line(kind, sheet, anchor, taken, rng),
        };
        if let Some(c) = made.filter(|c| sheet.keeps(c)) {
            return Some(c);
        }
    }
    None
}

/// A cage: orthogonally connected, different digits, 2 to 5 cells.
fn cage(sheet: &Sheet<'_>, anchor: usize, taken: &Taken, rng: &mut SplitMix64) -> Option<Constraint> {
    if taken.cage[anchor] {
        return None;
    }
    let n = sheet.n();
    let len = 2 + rng.below(4) as usize;
    let cells = grow(n, anchor, len, false, &taken.cage, rng, |p| {
        let last = sheet.grid[*p.last().expect("a cell")];
        p[..p.len() - 1].iter().all(|&c| sheet.grid[c] != last)
    });
    if cells.len() < 2 {
        return None;
    }
    let sum = cells.iter().map(|&c| sheet.digit(c)).sum();
    Killer::new(n, cells, Some(sum)).ok().map(Into::into)
}

/// An arrow: the anchor as its circle, a shaft summing to it.
fn arrow(sheet: &Sheet<'_>, anchor: usize, taken: &Taken, rng: &mut SplitMix64) -> Option<Constraint> {
    let n = sheet.n();
    let target = sheet.digit(anchor);
    let free: Vec<usize> = neighbours(n, anchor, true)
        .into_iter()
        .filter(|&b| !taken.line[b] && sheet.digit(b) < target)
        .collect();
    let first = pick(&free, rng)?;
    let mut blocked = taken.line.clone();
    blocked[anchor] = true;
    let shaft = grow(n, first, 1 + rng.below(4) as usize, true, &blocked, rng, |p| {
        p.iter().map(|&c| sheet.digit(c)).sum::<u32>() <= target
    });
    // The longest prefix summing to the circle.
    let k = (1..=shaft.len())
        .rev()
        .find(|&k| shaft[..k].iter().map(|&c| sheet.digit(c)).sum::<u32>() == target)?;
    Arrow::new(n, vec![anchor], shaft[..k].to_vec()).ok().map(Into::into)
}

/// A dot or an X or V between the anchor and an orthogonal neighbour.
fn pair(kind: Kind, sheet: &Sheet<'_>, anchor: usize, rng: &mut SplitMix64) -> Option<Constraint> {
    let n = sheet.n();
    let a = sheet.digit(anchor);
    let fits = |b: usize| {
        let d = sheet.digit(b);
        match kind {
            Kind::White => a.abs_diff(d) == 1,
            Kind::Black => a == 2 * d || d == 2 * a,
            _ => a + d == 5 || a + d == 10,
        }
    };
    let others: Vec<usize> = neighbours(n, anchor, false).into_iter().filter(|&b| fits(b)).collect();
    let b = pick(&others, rng)?;
    let (x, y) = (anchor.min(b), anchor.max(b));
    match kind {
        Kind::White => Difference::new(n, x, y, 1).ok().map(Into::into),
        Kind::Black => Ratio::new(n, x, y, 2).ok().map(Into::into),
        _ => Xv::new(n, x, y, a + sheet.digit(b)).ok().map(Into::into),
    }
}

/// A clue outside the grid whose row, column or diagonal holds the anchor.
fn outside(kind: Kind, sheet: &Sheet<'_>, anchor: usize, rng: &mut SplitMix64) -> Option<Constraint> {
    let n = sheet.n();
    let (r, c) = (anchor / n, anchor % n);
    if kind == Kind::LittleKiller {
        let direction = [
            ClueDirection::UpLeft,
            ClueDirection::UpRight,
            ClueDirection::DownLeft,
            ClueDirection::DownRight,
        ][rng.below(4) as usize];
        // Walk back from the anchor (rows and columns from 1) to outside.
        let (dr, dc): (isize, isize) = match direction {
            ClueDirection::UpLeft => (-1, -1),
            ClueDirection::UpRight => (-1, 1),
            ClueDirection::DownLeft => (1, -1),
            ClueDirection::DownRight => (1, 1),
        };
        let (mut rr, mut cc) = (r as isize + 1, c as isize + 1);
        while (1..=n as isize).contains(&rr) && (1..=n as isize).contains(&cc) {
            rr -= dr;
            cc -= dc;
        }
        let clue = OutsideClue { row: rr as usize, col: cc as usize };
        let mut l = LittleKiller::new(n, clue, direction, 0).ok()?;
        if l.cells.len() < 2 {
            return None;
        }
        l.sum = l.cells.iter().map(|&x| sheet.digit(x)).sum();
        return Some(l.into());
    }
    let side = [Side::Top(c), Side::Bottom(c), Side::Left(r), Side::Right(r)][rng.below(4) as usize];
    let most = (n * (n + 1) / 2) as u32;
    (0..=most)
        .map(|v| -> Constraint {
            match kind {
                Kind::Sandwich => Sandwich { side, sum: v }.into(),
                Kind::XSum => XSum { side, sum: v }.into(),
                _ => Skyscraper { side, count: v }.into(),
            }
        })
        .find(|c| sheet.keeps(c))
}

/// A quadruple at a corner of the anchor: two to four of its four digits,
/// the anchor's among them.
fn quadruple(sheet: &Sheet<'_>, anchor: usize, rng: &mut SplitMix64) -> Option<Constraint> {
    let n = sheet.n();
    let (r, c) = (anchor / n, anchor % n);
    let corners: Vec<(usize, usize)> = [(0, 0), (0, 1), (1, 0), (1, 1)]
        .iter()
        .filter(|&&(a, b)| r >= a && c >= b && r - a + 1 < n && c - b + 1 < n)
        .map(|&(a, b)| (r - a, c - b))
        .collect();
    let (top, left) = pick(&corners, rng)?;
    let cells = vec![top * n + left, top * n + left + 1, (top + 1) * n + left, (top + 1) * n + left + 1];
    let mut others: Vec<usize> = cells.iter().copied().filter(|&x| x != anchor).collect();
    for i in (1..others.len()).rev() {
        others.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let k = 1 + rng.below(3) as usize;
    let digits = std::iter::once(anchor).chain(others.into_iter().take(k)).map(|x| sheet.digit(x)).collect();
    Quadruple::new(n, cells, digits).ok().map(Into::into)
}

/// A line through the anchor: grown while the rule holds for the kinds
/// whose every part keeps it (thermometers, whispers, renban, entropic
/// and modular lines), drawn at random and kept if it holds otherwise.
fn line(
    kind: Kind,
    sheet: &Sheet<'_>,
    anchor: usize,
    taken: &Taken,
    rng: &mut SplitMix64,
) -> Option<Constraint> {
    let n = sheet.n();
    let make = |cells: Vec<usize>| -> Option<Constraint> {
        Some(match kind {
            Kind::Thermo => Thermometer::new(n, cells, false).ok()?.into(),
            Kind::SlowThermo => Thermometer::new(n, cells, true).ok()?.into(),
            Kind::Whispers => Whispers::new(n, cells, n.div_ceil(2) as u32).ok()?.into(),
            Kind::Renban => Renban::new(n, cells).ok()?.into(),
            Kind::Entropic => Entropic::new(n, cells).ok()?.into(),
            Kind::Modular => Modular::new(n, cells).ok()?.into(),
            Kind::Palindrome => Palindrome::new(n, cells).ok()?.into(),
            Kind::Between => Between::new(n, cells).ok()?.into(),
            Kind::Zipper => Zipper::new(n, cells).ok()?.into(),
            Kind::DoubleArrow => DoubleArrow::new(n, cells).ok()?.into(),
            _ => RegionSumLine::new(sheet.shape, cells).ok()?.into(),
        })
    };
    let closed = matches!(
        kind,
        Kind::Thermo | Kind::SlowThermo | Kind::Whispers | Kind::Renban | Kind::Entropic | Kind::Modular
    );
    let least = match kind {
        Kind::Between | Kind::Zipper | Kind::DoubleArrow => 3,
        _ => 2,
    };
    let len = least + rng.below((n.min(7) + 1).saturating_sub(least) as u64) as usize;
    let fine = |p: &[usize]| !closed || p.len() < 2 || make(p.to_vec()).is_some_and(|c| sheet.keeps(&c));
    let cells = grow(n, anchor, len, true, &taken.line, rng, fine);
    if cells.len() < least {
        return None;
    }
    make(cells)
}
