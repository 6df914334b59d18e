//! What the variant tests share: a seeded random number generator, every
//! grid of a small shape, and random constraints and rules read off a
//! grid (kept by it, mostly) over every constraint family.

#![allow(dead_code)]

use std::ops::ControlFlow;

use dlx::Solver;
use reduce::constraint::*;
use reduce::{reduce_variant, Alphabet, GridSolver, Puzzle, Regions, Shape, VariantError};

/// A small random number generator (SplitMix64), seeded.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Every full grid of a blank puzzle of `shape`.
pub fn all_grids(shape: &Shape) -> Vec<Vec<u8>> {
    let n = shape.n();
    let blank = Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap();
    let mut grids = Vec::new();
    let _ = GridSolver::new(shape)
        .solve(&blank, |g| {
            grids.push(g.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
    grids
}

/// The cells a king's move from `cell`.
pub fn neighbours(n: usize, cell: usize) -> Vec<usize> {
    let (r, c) = ((cell / n) as isize, (cell % n) as isize);
    let mut out = Vec::new();
    for dr in -1..=1 {
        for dc in -1..=1 {
            let (rr, cc) = (r + dr, c + dc);
            if (dr, dc) != (0, 0) && rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < n {
                out.push(rr as usize * n + cc as usize);
            }
        }
    }
    out
}

/// A random line of `least` to `least + spread - 1` cells (each touching
/// the last, none twice; shorter where it runs into itself).
pub fn random_line(rng: &mut Rng, n: usize, least: usize, spread: usize) -> Vec<usize> {
    let len = least + rng.below(spread);
    let mut line = vec![rng.below(n * n)];
    while line.len() < len {
        let last = *line.last().unwrap();
        let next: Vec<usize> = neighbours(n, last).into_iter().filter(|c| !line.contains(c)).collect();
        if next.is_empty() {
            break;
        }
        line.push(next[rng.below(next.len())]);
    }
    line
}

/// A random pair of cells sharing an edge.
pub fn random_pair(rng: &mut Rng, n: usize) -> (usize, usize) {
    loop {
        let a = rng.below(n * n);
        let b = if rng.chance(50) { a + 1 } else { a + n };
        if b < n * n && (b == a + n || a % n + 1 < n) {
            return (a, b);
        }
    }
}

/// A random constraint that `grid` keeps (often), or perhaps breaks (when
/// `honest` is false, a parameter is drawn at random instead of read off
/// the grid): a sum or outside clue 45% of the time, a line, pair, cell or
/// set otherwise.
pub fn random_constraint(rng: &mut Rng, shape: &Shape, grid: &[u8], honest: bool) -> Option<Constraint> {
    if rng.chance(45) {
        sum_rule(rng, shape, grid, honest)
    } else {
        other_rule(rng, shape, grid, honest)
    }
}

/// A random side of the grid (for an outside clue).
pub fn random_side(rng: &mut Rng, n: usize) -> Side {
    match rng.below(4) {
        0 => Side::Top(rng.below(n)),
        1 => Side::Bottom(rng.below(n)),
        2 => Side::Left(rng.below(n)),
        _ => Side::Right(rng.below(n)),
    }
}

/// Sums and outside clues, read off `grid` (then perhaps nudged).
pub fn sum_rule(rng: &mut Rng, shape: &Shape, grid: &[u8], honest: bool) -> Option<Constraint> {
    let n = shape.n();
    let d = |c: usize| grid[c] as u32 + 1;
    let nudge =
        |rng: &mut Rng, x: u32| if honest || rng.chance(60) { x } else { x + 1 + rng.below(3) as u32 };
    Some(match rng.below(9) {
        0 => {
            let cells = random_line(rng, n, 1, 4);
            let sum = cells.iter().map(|&c| d(c)).sum();
            let sum = if rng.chance(15) { None } else { Some(nudge(rng, sum)) };
            Killer::new(n, cells, sum).ok()?.into()
        }
        1 => {
            let cells = random_line(rng, n, 2, 4);
            let k = if cells.len() > 2 && rng.chance(30) { 2 } else { 1 };
            let (circle, shaft) = cells.split_at(k);
            // A pill listed in reading order (backwards it is refused).
            let mut circle = circle.to_vec();
            circle.sort_unstable();
            Arrow::new(n, circle, shaft.to_vec()).ok()?.into()
        }
        2 => DoubleArrow::new(n, random_line(rng, n, 3, 2)).ok()?.into(),
        3 => RegionSumLine::new(shape, random_line(rng, n, 2, 4)).ok()?.into(),
        4 => Zipper::new(n, random_line(rng, n, 2, 4)).ok()?.into(),
        5 => {
            let (row, col, dir) = match rng.below(4) {
                0 => (0, rng.below(n + 1), ClueDirection::DownRight),
                1 => (0, 1 + rng.below(n + 1), ClueDirection::DownLeft),
                2 => (n + 1, rng.below(n + 1), ClueDirection::UpRight),
                _ => (n + 1, 1 + rng.below(n + 1), ClueDirection::UpLeft),
            };
            let lk = LittleKiller::new(n, OutsideClue { row, col }, dir, 0).ok()?;
            let sum = lk.cells.iter().map(|&c| d(c)).sum();
            LittleKiller { sum: nudge(rng, sum), ..lk }.into()
        }
        kind => {
            let side = random_side(rng, n);
            let v: Vec<u32> = side.line(n).iter().map(|&c| d(c)).collect();
            match kind {
                6 => {
                    let i = v.iter().position(|&x| x == 1 || x == n as u32).unwrap();
                    let j = v.iter().rposition(|&x| x == 1 || x == n as u32).unwrap();
                    Sandwich { side, sum: nudge(rng, v[i + 1..j].iter().sum()) }.into()
                }
                7 => XSum { side, sum: nudge(rng, v[..v[0] as usize].iter().sum()) }.into(),
                _ => {
                    let mut high = 0;
                    let mut seen = 0;
                    for &x in &v {
                        if x > high {
                            high = x;
                            seen += 1;
                        }
                    }
                    Skyscraper { side, count: nudge(rng, seen) }.into()
                }
            }
        }
    })
}

/// Lines, pairs, cells and sets.
pub fn other_rule(rng: &mut Rng, shape: &Shape, grid: &[u8], honest: bool) -> Option<Constraint> {
    let n = shape.n();
    let d = |c: usize| grid[c] as u32 + 1;
    Some(match rng.below(19) {
        0 => Thermometer::new(n, random_line(rng, n, 2, 3), rng.chance(30)).ok()?.into(),
        1 => Palindrome::new(n, random_line(rng, n, 2, 3)).ok()?.into(),
        2 => Renban::new(n, random_line(rng, n, 2, 3)).ok()?.into(),
        3 => Whispers::new(n, random_line(rng, n, 2, 3), 1 + rng.below(n / 2) as u32).ok()?.into(),
        4 => Between::new(n, random_line(rng, n, 3, 2)).ok()?.into(),
        5 => Lockout::new(n, random_line(rng, n, 3, 2), 1 + rng.below(n / 2) as u32).ok()?.into(),
        6 => Entropic::new(n, random_line(rng, n, 2, 3)).ok()?.into(),
        7 => Modular::new(n, random_line(rng, n, 2, 3)).ok()?.into(),
        8 => {
            let (a, b) = random_pair(rng, n);
            let diff = if honest { d(a).abs_diff(d(b)).max(1) } else { 1 + rng.below(2) as u32 };
            Difference::new(n, a, b, diff).ok()?.into()
        }
        9 => {
            let (a, b) = random_pair(rng, n);
            Ratio::new(n, a, b, 2 + rng.below(2) as u32).ok()?.into()
        }
        10 => {
            let (a, b) = random_pair(rng, n);
            Xv::new(n, a, b, if rng.chance(50) { 5 } else { 10 }).ok()?.into()
        }
        11 => Negative {
            kind: [NegativeKind::Consecutive, NegativeKind::Ratio, NegativeKind::Xv][rng.below(3)],
        }
        .into(),
        12 => {
            let cell = rng.below(n * n);
            let odd = if honest { d(cell) % 2 == 1 } else { rng.chance(50) };
            ParityCell::new(n, cell, if odd { Parity::Odd } else { Parity::Even }).ok()?.into()
        }
        13 => Extremum::new(n, rng.below(n * n), rng.chance(50)).ok()?.into(),
        14 => {
            let (r, c) = (rng.below(n - 1), rng.below(n - 1));
            let cells = vec![r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1];
            let digits = cells.iter().take(1 + rng.below(4)).map(|&c| d(c)).collect();
            Quadruple::new(n, cells, digits).ok()?.into()
        }
        15 => match rng.below(5) {
            0 => AntiKnight.into(),
            1 => AntiKing.into(),
            2 => Diagonal { positive: rng.chance(50), n }.into(),
            3 => ExtraRegion::new(n, random_line(rng, n, 2, n - 1)).ok()?.into(),
            _ => DisjointGroups::new(shape).ok()?.into(),
        },
        16 => {
            let a = random_line(rng, n, 1, 3);
            let b = random_line(rng, n, a.len(), 1);
            if a.len() != b.len() || a.iter().any(|c| b.contains(c)) {
                return None;
            }
            CloneRule::new(n, a, b).ok()?.into()
        }
        _ => {
            let cells = (0..1 + rng.below(3)).map(|_| rng.below(n * n)).collect::<Vec<_>>();
            let mut cells = cells;
            cells.sort_unstable();
            cells.dedup();
            match rng.below(3) {
                0 => Indexer::new(n, cells, IndexerKind::Row).ok()?.into(),
                1 => Indexer::new(n, cells, IndexerKind::Column).ok()?.into(),
                _ => Indexer::boxes(shape, cells).ok()?.into(),
            }
        }
    })
}

/// Random rules on `shape`: one to five constraints, mostly read off
/// `grid` (so that many puzzles have solutions), sometimes candidate
/// restrictions.
pub fn random_rules(rng: &mut Rng, shape: &Shape, grid: &[u8]) -> Rules {
    let n = shape.n();
    let honest = rng.chance(60);
    let mut constraints = Vec::new();
    for _ in 0..1 + rng.below(5) {
        constraints.extend(random_constraint(rng, shape, grid, honest));
    }
    let candidates = rng.chance(15).then(|| {
        (0..n * n)
            .map(|c| if rng.chance(20) { (1u64 << grid[c]) | (1 << rng.below(n)) } else { (1u64 << n) - 1 })
            .collect()
    });
    Rules { constraints, candidates }
}

/// The three 4x4 shapes the brute-force tests run on: boxes, a jigsaw, no
/// regions.
pub fn four_by_four_shapes() -> [Shape; 3] {
    [
        Shape::default_for(4).unwrap(),
        Shape::new(4, Regions::Map("0011001122332233".chars().collect())).unwrap(),
        Shape::new(4, Regions::None).unwrap(),
    ]
}

/// The dlx count of a puzzle's XCC reduction up to `limit`, every cover
/// decoded and checked against the puzzle; `None` when a constraint does
/// not reduce (clashing givens count 0).
pub fn xcc_count(puzzle: &Puzzle, limit: Option<u64>) -> Option<u64> {
    let (r, _) = match reduce_variant(puzzle) {
        Ok(r) => r,
        Err(VariantError::Conflict(_)) => return Some(0),
        Err(VariantError::Unreduced(_)) => return None,
    };
    let mut count = 0;
    let _ = Solver::new(&r.problem).search(|options| {
        let grid = r.decode(puzzle, options);
        assert_eq!(puzzle.verify(&grid), Ok(()), "{puzzle:?}");
        count += 1;
        if limit.is_some_and(|l| count >= l) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    Some(count)
}
