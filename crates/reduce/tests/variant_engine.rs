//! The variant search against references that read the rules plainly: on
//! 4x4 grids (boxes, a jigsaw, none) every random mix of constraints counts
//! and lists what a brute force over every grid keeps; on 6x6 grids (boxes,
//! a jigsaw) it lists the same solutions as the filter (the classic
//! puzzle's solutions kept when they keep the rules, through
//! [`reduce::Puzzle::verify`]); exclusions, limits and budgets answer as
//! they should. Every constraint family appears, with parameters read off a
//! grid (so that many puzzles have solutions) or drawn at random.

use std::ops::ControlFlow;

use dlx::{Budget, End};
use reduce::constraint::*;
use reduce::search::VariantWay;
use reduce::{Alphabet, GridSolver, Puzzle, Regions, Shape};

/// SplitMix64, seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn blank(shape: &Shape) -> Puzzle {
    let n = shape.n();
    Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap()
}

/// Every full grid of `shape`.
fn all_grids(shape: &Shape) -> Vec<Vec<u8>> {
    let mut grids = Vec::new();
    let _ = GridSolver::new(shape).solve(&blank(shape), |g| {
        grids.push(g.to_vec());
        ControlFlow::Continue(())
    });
    grids
}

/// The cells a king's move from `cell`.
fn neighbours(n: usize, cell: usize) -> Vec<usize> {
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

/// A random line of `least` to `least + spread - 1` cells.
fn line(rng: &mut Rng, n: usize, least: usize, spread: usize) -> Vec<usize> {
    let len = least + rng.below(spread);
    let mut line = vec![rng.below(n * n)];
    while line.len() < len {
        let next: Vec<usize> =
            neighbours(n, *line.last().unwrap()).into_iter().filter(|c| !line.contains(c)).collect();
        if next.is_empty() {
            break;
        }
        line.push(next[rng.below(next.len())]);
    }
    line
}

fn pair(rng: &mut Rng, n: usize) -> (usize, usize) {
    loop {
        let a = rng.below(n * n);
        let b = if rng.chance(50) { a + 1 } else { a + n };
        if b < n * n && (b == a + n || a % n + 1 < n) {
            return (a, b);
        }
    }
}

fn side(rng: &mut Rng, n: usize) -> Side {
    match rng.below(4) {
        0 => Side::Top(rng.below(n)),
        1 => Side::Bottom(rng.below(n)),
        2 => Side::Left(rng.below(n)),
        _ => Side::Right(rng.below(n)),
    }
}

/// Sums and outside clues, read off `grid` (then perhaps nudged).
fn sum_rule(rng: &mut Rng, shape: &Shape, grid: &[u8], honest: bool) -> Option<Constraint> {
    let n = shape.n();
    let d = |c: usize| grid[c] as u32 + 1;
    let nudge =
        |rng: &mut Rng, x: u32| if honest || rng.chance(60) { x } else { x + 1 + rng.below(3) as u32 };
    Some(match rng.below(9) {
        0 => {
            let cells = line(rng, n, 1, 4);
            let sum = cells.iter().map(|&c| d(c)).sum();
            let sum = if rng.chance(15) { None } else { Some(nudge(rng, sum)) };
            Killer::new(n, cells, sum).ok()?.into()
        }
        1 => {
            let cells = line(rng, n, 2, 4);
            let k = if cells.len() > 2 && rng.chance(30) { 2 } else { 1 };
            let (circle, shaft) = cells.split_at(k);
            Arrow::new(n, circle.to_vec(), shaft.to_vec()).ok()?.into()
        }
        2 => DoubleArrow::new(n, line(rng, n, 3, 2)).ok()?.into(),
        3 => RegionSumLine::new(shape, line(rng, n, 2, 4)).ok()?.into(),
        4 => Zipper::new(n, line(rng, n, 2, 4)).ok()?.into(),
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
            let side = side(rng, n);
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
fn other_rule(rng: &mut Rng, shape: &Shape, grid: &[u8], honest: bool) -> Option<Constraint> {
    let n = shape.n();
    let d = |c: usize| grid[c] as u32 + 1;
    Some(match rng.below(19) {
        0 => Thermometer::new(n, line(rng, n, 2, 3), rng.chance(30)).ok()?.into(),
        1 => Palindrome::new(n, line(rng, n, 2, 3)).ok()?.into(),
        2 => Renban::new(n, line(rng, n, 2, 3)).ok()?.into(),
        3 => Whispers::new(n, line(rng, n, 2, 3), 1 + rng.below(n / 2) as u32).ok()?.into(),
        4 => Between::new(n, line(rng, n, 3, 2)).ok()?.into(),
        5 => Lockout::new(n, line(rng, n, 3, 2), 1 + rng.below(n / 2) as u32).ok()?.into(),
        6 => Entropic::new(n, line(rng, n, 2, 3)).ok()?.into(),
        7 => Modular::new(n, line(rng, n, 2, 3)).ok()?.into(),
        8 => {
            let (a, b) = pair(rng, n);
            let diff = if honest { d(a).abs_diff(d(b)).max(1) } else { 1 + rng.below(2) as u32 };
            Difference::new(n, a, b, diff).ok()?.into()
        }
        9 => {
            let (a, b) = pair(rng, n);
            Ratio::new(n, a, b, 2 + rng.below(2) as u32).ok()?.into()
        }
        10 => {
            let (a, b) = pair(rng, n);
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
            3 => ExtraRegion::new(n, line(rng, n, 2, n - 1)).ok()?.into(),
            _ => DisjointGroups::new(shape).ok()?.into(),
        },
        16 => {
            let a = line(rng, n, 1, 3);
            let b = line(rng, n, a.len(), 1);
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
            let kind = if rng.chance(50) { IndexerKind::Row } else { IndexerKind::Column };
            Indexer::new(n, cells, kind).ok()?.into()
        }
    })
}

fn random_rules(rng: &mut Rng, shape: &Shape, grid: &[u8]) -> Rules {
    let n = shape.n();
    let honest = rng.chance(60);
    let mut constraints = Vec::new();
    for _ in 0..1 + rng.below(5) {
        let c = if rng.chance(45) {
            sum_rule(rng, shape, grid, honest)
        } else {
            other_rule(rng, shape, grid, honest)
        };
        constraints.extend(c);
    }
    let candidates = rng.chance(15).then(|| {
        (0..n * n)
            .map(|c| if rng.chance(20) { (1u64 << grid[c]) | (1 << rng.below(n)) } else { (1u64 << n) - 1 })
            .collect()
    });
    Rules { constraints, candidates }
}

fn random_puzzle(rng: &mut Rng, shape: &Shape, truth: &[u8], given: u64) -> Puzzle {
    let rules = random_rules(rng, shape, truth);
    let givens: Vec<Option<u8>> = truth.iter().map(|&v| rng.chance(given).then_some(v)).collect();
    let n = shape.n();
    Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), givens).unwrap().with_rules(rules).unwrap()
}

/// Every solution `way` lists, sorted, checked against the puzzle; and
/// what it counts.
fn listed(solver: &mut GridSolver, way: VariantWay, p: &Puzzle) -> (Vec<Vec<u8>>, Option<u64>) {
    solver.set_variant_way(Some(way));
    let mut found = Vec::new();
    let _ = solver.solve(p, |g| {
        found.push(g.to_vec());
        ControlFlow::Continue(())
    });
    for g in &found {
        assert_eq!(p.verify(g), Ok(()), "{p:?}");
    }
    found.sort();
    let counted = solver.count(p, None).map(|o| o.solutions()).unwrap_or(Some(0));
    (found, counted)
}

fn jigsaw(n: usize, map: &str) -> Shape {
    assert_eq!(map.len(), n * n);
    Shape::new(n, Regions::Map(map.chars().collect())).unwrap()
}

#[test]
fn the_variant_search_counts_what_brute_force_counts_on_4x4() {
    let mut rng = Rng(0x7a2_1a27);
    let shapes = [
        Shape::default_for(4).unwrap(),
        jigsaw(4, "0011001122332233"),
        Shape::new(4, Regions::None).unwrap(),
    ];
    let (mut cases, mut solved) = (0, 0);
    for shape in &shapes {
        let grids = all_grids(shape);
        let mut solver = GridSolver::new(shape);
        for _ in 0..1000 {
            let truth = grids[rng.below(grids.len())].clone();
            let p = random_puzzle(&mut rng, shape, &truth, 10);
            let mut brute: Vec<Vec<u8>> = grids.iter().filter(|g| p.verify(g).is_ok()).cloned().collect();
            brute.sort();
            let (found, counted) = listed(&mut solver, VariantWay::Propagate, &p);
            assert_eq!(found, brute, "{p:?}");
            assert_eq!(counted, Some(brute.len() as u64), "{p:?}");
            cases += 1;
            solved += !brute.is_empty() as usize;
        }
    }
    assert!(solved > cases / 4, "{solved} of {cases} cases have solutions");
}

#[test]
fn the_variant_search_lists_what_the_filter_lists_on_6x6() {
    let mut rng = Rng(0x6_6666);
    let shapes = [Shape::default_for(6).unwrap(), jigsaw(6, "000011022013221113243333244455445555")];
    let (mut cases, mut solved) = (0, 0);
    for shape in &shapes {
        let mut solver = GridSolver::new(shape);
        for round in 0..800 {
            let mut truth = Vec::new();
            let _ = solver.solve_shuffled(&blank(shape), round, |g| {
                truth = g.to_vec();
                ControlFlow::Break(())
            });
            let p = random_puzzle(&mut rng, shape, &truth, 45);
            let (want, want_count) = listed(&mut solver, VariantWay::Filter, &p);
            let (got, got_count) = listed(&mut solver, VariantWay::Propagate, &p);
            assert_eq!(got, want, "{p:?}");
            assert_eq!((got_count, want_count), (Some(got.len() as u64), Some(want.len() as u64)), "{p:?}");
            cases += 1;
            solved += !got.is_empty() as usize;
        }
    }
    assert!(solved > cases / 10, "{solved} of {cases} cases have solutions");
}

#[test]
fn exclusions_limits_and_budgets_on_variants() {
    let mut rng = Rng(0xe8c1);
    let shape = Shape::default_for(6).unwrap();
    let mut solver = GridSolver::new(&shape);
    let mut checked = 0;
    for round in 0..300 {
        let mut truth = Vec::new();
        let _ = solver.solve_shuffled(&blank(&shape), 1000 + round, |g| {
            truth = g.to_vec();
            ControlFlow::Break(())
        });
        let p = random_puzzle(&mut rng, &shape, &truth, 30);
        let (all, _) = listed(&mut solver, VariantWay::Filter, &p);
        solver.set_variant_way(None);
        let excluded: Vec<(usize, u8)> =
            (0..1 + rng.below(3)).map(|_| (rng.below(36), rng.below(6) as u8)).collect();
        let mut got = Vec::new();
        let o = solver.solve_excluding(&p, &excluded, |g| {
            got.push(g.to_vec());
            ControlFlow::Continue(())
        });
        got.sort();
        let want: Vec<Vec<u8>> =
            all.iter().filter(|g| excluded.iter().all(|&(c, v)| g[c] != v)).cloned().collect();
        assert_eq!(got, want, "{p:?} excluding {excluded:?}");
        assert_eq!(o.solutions(), Some(want.len() as u64));
        // A limit stops at it; a count to 2 tells one from several.
        let two = solver.count(&p, Some(2)).unwrap_or(dlx::Outcome::new(End::Complete, 0, 0));
        assert_eq!(two.so_far(), all.len().min(2) as u64, "{p:?}");
        checked += (all.len() > 2) as usize;
    }
    assert!(checked > 10, "only {checked} puzzles with several solutions");
    // A budget of one node on a blank 6x6 with a rule: unknown, not none.
    let p = blank(&shape).with_rules(Rules { constraints: vec![AntiKing.into()], candidates: None }).unwrap();
    solver.set_budget(Budget::nodes(1));
    let o = solver.count(&p, None).unwrap();
    assert!(o.end().is_unknown(), "{:?}", o.end());
    assert_eq!(o.solutions(), None);
}
