//! The variant model: every constraint's plain-text form reads back to the
//! same constraint; every check accepts the grids that keep its rule and
//! rejects those that break it; and on small grids with random mixes of
//! every constraint, the grid searches count exactly what a brute-force
//! reference counts (the reference reads the rules plainly, through
//! [`reduce::constraint::Rules::check`], over every grid).

use std::ops::ControlFlow;

use reduce::constraint::text::{parse, write, Item};
use reduce::constraint::*;
use reduce::{Alphabet, GridSolver, Puzzle, Regions, Shape};

/// A small random number generator (SplitMix64), seeded.
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

/// Every full grid of a blank puzzle of `shape`.
fn all_grids(shape: &Shape) -> Vec<Vec<u8>> {
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

/// A random line of `least` to `least + spread - 1` cells (each touching
/// the last, none twice; shorter where it runs into itself).
fn random_line(rng: &mut Rng, n: usize, least: usize, spread: usize) -> Vec<usize> {
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
fn random_pair(rng: &mut Rng, n: usize) -> (usize, usize) {
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
/// the grid).
fn random_constraint(rng: &mut Rng, shape: &Shape, grid: &[u8], honest: bool) -> Option<Constraint> {
    let n = shape.n();
    let d = |c: usize| grid[c] as u32 + 1;
    let noise =
        |rng: &mut Rng, x: u32| if honest || rng.chance(60) { x } else { x + 1 + rng.below(3) as u32 };
    let kind = rng.below(26);
    let c: Constraint = match kind {
        0 => {
            let cells: Vec<usize> = random_line(rng, n, 1, 4);
            let sum = cells.iter().map(|&c| d(c)).sum();
            Killer::new(n, cells, Some(noise(rng, sum))).ok()?.into()
        }
        1 => {
            let line = random_line(rng, n, 2, 3);
            let (circle, shaft) = line.split_at(1);
            let _ = shaft.iter().map(|&c| d(c)).sum::<u32>();
            Arrow::new(n, circle.to_vec(), shaft.to_vec()).ok()?.into()
        }
        2 => DoubleArrow::new(n, random_line(rng, n, 3, 2)).ok()?.into(),
        3 => RegionSumLine::new(shape, random_line(rng, n, 2, 3)).ok()?.into(),
        4 => Zipper::new(n, random_line(rng, n, 2, 3)).ok()?.into(),
        5 => {
            let (row, col, dir) = match rng.below(4) {
                0 => (0, rng.below(n + 1), ClueDirection::DownRight),
                1 => (0, 1 + rng.below(n + 1), ClueDirection::DownLeft),
                2 => (n + 1, rng.below(n + 1), ClueDirection::UpRight),
                _ => (n + 1, 1 + rng.below(n + 1), ClueDirection::UpLeft),
            };
            let lk = LittleKiller::new(n, OutsideClue { row, col }, dir, 0).ok()?;
            let sum = lk.cells.iter().map(|&c| d(c)).sum();
            LittleKiller { sum: noise(rng, sum), ..lk }.into()
        }
        6..=8 => {
            let side = match rng.below(4) {
                0 => Side::Top(rng.below(n)),
                1 => Side::Bottom(rng.below(n)),
                2 => Side::Left(rng.below(n)),
                _ => Side::Right(rng.below(n)),
            };
            let line = side.line(n);
            let v: Vec<u32> = line.iter().map(|&c| d(c)).collect();
            match kind {
                6 => {
                    let i = v.iter().position(|&x| x == 1 || x == n as u32).unwrap();
                    let j = v.iter().rposition(|&x| x == 1 || x == n as u32).unwrap();
                    Sandwich { side, sum: noise(rng, v[i + 1..j].iter().sum()) }.into()
                }
                7 => XSum { side, sum: noise(rng, v[..v[0] as usize].iter().sum()) }.into(),
                _ => {
                    let mut high = 0;
                    let seen = v
                        .iter()
                        .filter(|&&x| {
                            x > high && {
                                high = x;
                                true
                            }
                        })
                        .count() as u32;
                    Skyscraper { side, count: noise(rng, seen) }.into()
                }
            }
        }
        9 => Thermometer::new(n, random_line(rng, n, 2, 3), rng.chance(30)).ok()?.into(),
        10 => Palindrome::new(n, random_line(rng, n, 2, 3)).ok()?.into(),
        11 => Renban::new(n, random_line(rng, n, 2, 3)).ok()?.into(),
        12 => Whispers::new(n, random_line(rng, n, 2, 3), 1 + rng.below(n / 2) as u32).ok()?.into(),
        13 => Between::new(n, random_line(rng, n, 3, 2)).ok()?.into(),
        14 => Lockout::new(n, random_line(rng, n, 3, 2), 1 + rng.below(n / 2) as u32).ok()?.into(),
        15 => Entropic::new(n, random_line(rng, n, 2, 3)).ok()?.into(),
        16 => Modular::new(n, random_line(rng, n, 2, 3)).ok()?.into(),
        17 => {
            let (a, b) = random_pair(rng, n);
            let diff = d(a).abs_diff(d(b));
            Difference::new(n, a, b, noise(rng, diff.max(1))).ok()?.into()
        }
        18 => {
            let (a, b) = random_pair(rng, n);
            Ratio::new(n, a, b, 2 + rng.below(2) as u32).ok()?.into()
        }
        19 => {
            let (a, b) = random_pair(rng, n);
            Xv::new(n, a, b, if rng.chance(50) { 5 } else { 10 }).ok()?.into()
        }
        20 => Negative {
            kind: [NegativeKind::Consecutive, NegativeKind::Ratio, NegativeKind::Xv][rng.below(3)],
        }
        .into(),
        21 => {
            let cell = rng.below(n * n);
            let parity = if d(cell) % 2 == 1 { Parity::Odd } else { Parity::Even };
            let parity = if honest || rng.chance(70) { parity } else { Parity::Odd };
            ParityCell::new(n, cell, parity).ok()?.into()
        }
        22 => Extremum::new(n, rng.below(n * n), rng.chance(50)).ok()?.into(),
        23 => {
            let (r, c) = (rng.below(n - 1), rng.below(n - 1));
            let cells = vec![r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1];
            let k = 1 + rng.below(3);
            let digits = cells.iter().take(k).map(|&c| d(c)).collect();
            Quadruple::new(n, cells, digits).ok()?.into()
        }
        24 => match rng.below(5) {
            0 => AntiKnight.into(),
            1 => AntiKing.into(),
            2 => Diagonal { positive: rng.chance(50), n }.into(),
            3 => ExtraRegion::new(n, random_line(rng, n, 2, n - 1)).ok()?.into(),
            _ => DisjointGroups::new(shape).ok()?.into(),
        },
        _ => {
            let a = random_line(rng, n, 2, 1);
            let b = random_line(rng, n, a.len(), 1);
            if a.len() != b.len() || a.iter().any(|c| b.contains(c)) {
                return None;
            }
            CloneRule::new(n, a, b).ok()?.into()
        }
    };
    Some(c)
}

/// Random rules on `shape`: constraints mostly read off `grid` (so that
/// some puzzles have solutions), a few candidate restrictions.
fn random_rules(rng: &mut Rng, shape: &Shape, grid: &[u8]) -> Rules {
    let n = shape.n();
    let honest = rng.chance(50);
    let mut constraints = Vec::new();
    for _ in 0..1 + rng.below(4) {
        if let Some(c) = random_constraint(rng, shape, grid, honest) {
            constraints.push(c);
        }
    }
    let candidates = rng.chance(15).then(|| {
        (0..n * n)
            .map(|c| if rng.chance(20) { (1u64 << grid[c]) | (1 << rng.below(n)) } else { (1u64 << n) - 1 })
            .collect()
    });
    Rules { constraints, candidates }
}

fn text_round_trip(shape: &Shape, alphabet: &Alphabet, c: &Constraint) {
    let n = shape.n();
    let line = write(n, c);
    match parse(shape, alphabet, &line) {
        Ok(Item::Constraints(back)) => assert_eq!(back, vec![c.clone()], "{line}"),
        other => panic!("{line}: read back as {other:?}"),
    }
}

#[test]
fn every_constraint_reads_back_from_its_text() {
    let mut rng = Rng(7);
    for n in [4, 6, 9] {
        let shape = Shape::default_for(n).unwrap();
        let alphabet = Alphabet::default_for(n).unwrap();
        let grid = all_grids_first(&shape);
        let mut kinds = std::collections::BTreeSet::new();
        for _ in 0..2000 {
            let honest = rng.chance(50);
            if let Some(c) = random_constraint(&mut rng, &shape, &grid, honest) {
                kinds.insert(c.key());
                text_round_trip(&shape, &alphabet, &c);
            }
        }
        assert!(kinds.len() >= 30, "order {n}: only {kinds:?}");
    }
}

/// The first solution of a blank grid of `shape`.
fn all_grids_first(shape: &Shape) -> Vec<u8> {
    let n = shape.n();
    let blank = Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap();
    let mut first = Vec::new();
    let _ = GridSolver::new(shape)
        .solve_any(&blank, |g| {
            first = g.to_vec();
            ControlFlow::Break(())
        })
        .unwrap();
    first
}

#[test]
fn the_text_form_refuses_what_is_wrong_by_name() {
    let shape = Shape::default_for(9).unwrap();
    let alphabet = Alphabet::default_for(9).unwrap();
    let err = |s: &str| parse(&shape, &alphabet, s).unwrap_err().to_string();
    assert!(err("thermo r1c1 r1c2 r1c1").contains("r1c1 appears twice"), "{}", err("thermo r1c1 r1c2 r1c1"));
    assert!(err("killer 10 r1c1 r10c1").contains("outside a 9x9 grid"));
    assert!(err("sandwich 8 r0c0").contains("not beside a row or column"));
    assert!(err("littlekiller 8 r0c1 UL").contains("out of the grid"));
    assert!(err("thermo r1c1 r3c3").contains("not neighbours"));
    assert!(err("white r1c1 r2c2").contains("do not share an edge"));
    assert!(err("frobnicate r1c1").contains("unknown constraint"));
    assert!(err("x r1c1").contains("missing"));
    assert!(err("windoku extra").contains("after the end"));
    let Ok(Item::Constraints(w)) = parse(&shape, &alphabet, "windoku") else { panic!() };
    assert_eq!(w.len(), 4);
    assert_eq!(
        parse(&shape, &alphabet, "candidates r2c3 137"),
        Ok(Item::Candidates { cell: 11, symbols: 0b1000101 })
    );
    let Ok(Item::Constraints(k)) = parse(&shape, &alphabet, "killercage r1c1 r1c2") else { panic!() };
    assert_eq!(k, vec![Killer::new(9, vec![0, 1], None).unwrap().into()]);
}

#[test]
fn plainly_impossible_cages_say_why() {
    let rules = |cells: Vec<usize>, sum| Rules {
        constraints: vec![Killer::new(9, cells, Some(sum)).unwrap().into()],
        candidates: None,
    };
    assert_eq!(
        rules(vec![0, 1, 2], 30).impossible(9).unwrap(),
        "killer 30 at r1c1-r1c3: 3 cells sum to at most 24"
    );
    assert_eq!(
        rules(vec![0, 1], 2).impossible(9).unwrap(),
        "killer 2 at r1c1-r1c2: 2 cells sum to at least 3"
    );
    assert_eq!(rules(vec![0, 1], 17).impossible(9), None);
}

/// On 4x4 (boxes, and a jigsaw) every random mix of constraints: the grid
/// searches count what the brute force counts over all the grids, and
/// every grid they find keeps every rule.
#[test]
fn searches_count_what_brute_force_counts() {
    let mut rng = Rng(2026);
    let shapes = [
        Shape::default_for(4).unwrap(),
        Shape::new(4, Regions::Map("0011001122332233".chars().collect())).unwrap(),
        Shape::new(4, Regions::None).unwrap(),
    ];
    let mut nonzero = 0;
    let mut cases = 0;
    for shape in &shapes {
        let n = shape.n();
        let alphabet = Alphabet::default_for(n).unwrap();
        let grids = all_grids(shape);
        let mut solver = GridSolver::new(shape);
        for _ in 0..700 {
            let truth = &grids[rng.below(grids.len())];
            let rules = random_rules(&mut rng, shape, truth);
            let givens: Vec<Option<u8>> = truth.iter().map(|&v| rng.chance(10).then_some(v)).collect();
            let puzzle =
                Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap().with_rules(rules).unwrap();
            let brute = grids.iter().filter(|g| puzzle.verify(g).is_ok()).count() as u64;
            let mut found = Vec::new();
            let counted = solver.count(&puzzle, None).map(|o| o.solutions()).unwrap_or(Some(0));
            let _ = solver.solve(&puzzle, |g| {
                found.push(g.to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!(counted, Some(brute), "{puzzle:?}");
            assert_eq!(found.len() as u64, brute, "{puzzle:?}");
            for g in &found {
                assert_eq!(puzzle.verify(g), Ok(()));
            }
            cases += 1;
            nonzero += (brute > 0) as usize;
        }
    }
    assert!(nonzero > cases / 4, "{nonzero} of {cases} cases have solutions");
}

/// Every check rejects the grids that break its rule: for each random
/// constraint kept by a grid, changing cells until the rule's plain
/// reading says otherwise is caught (the verifier agrees with a fresh
/// reading of the same rule by the same code, so this tests the checks
/// against hand-computed cases).
#[test]
fn checks_read_their_rules() {
    let n = 4;
    let g = |s: &str| s.bytes().map(|b| b - b'1').collect::<Vec<u8>>();
    // 1234 / 3412 / 2143 / 4321
    let grid = g("1234341221434321");
    let rules = Rules::default();
    fn at(cells: &[u8]) -> Grid<'_> {
        Grid { n: 4, cells }
    }
    let ok = |c: Constraint| c.check(at(&grid), &rules);
    assert_eq!(ok(Killer::new(n, vec![0, 1, 4], Some(6)).unwrap().into()), Ok(()));
    assert!(ok(Killer::new(n, vec![0, 1, 4], Some(7)).unwrap().into()).unwrap_err().contains("sums to 6"));
    assert_eq!(ok(Thermometer::new(n, vec![0, 1, 2, 3], false).unwrap().into()), Ok(()));
    assert!(ok(Thermometer::new(n, vec![3, 2], false).unwrap().into()).is_err());
    assert_eq!(ok(Arrow::new(n, vec![3], vec![0, 4]).unwrap().into()), Ok(()));
    assert_eq!(
        ok(Arrow::new(n, vec![0, 1], vec![5, 6, 2]).unwrap().into()).unwrap_err(),
        "arrow at r1c1: the circle holds 12, the shaft sums to 8"
    );
    assert_eq!(ok(Difference::new(n, 0, 1, 1).unwrap().into()), Ok(()));
    assert_eq!(ok(Ratio::new(n, 0, 1, 2).unwrap().into()), Ok(()));
    assert_eq!(ok(Xv::new(n, 1, 2, 5).unwrap().into()), Ok(()));
    assert_eq!(ok(Xv::new(n, 2, 3, 5).unwrap().into()).unwrap_err(), "V at r1c3-r1c4: 3 + 4");
    assert_eq!(ok(Renban::new(n, vec![0, 1, 2]).unwrap().into()), Ok(()));
    assert!(ok(Renban::new(n, vec![0, 5]).unwrap().into()).is_err());
    assert_eq!(
        ok(Palindrome::new(n, vec![0, 5, 10]).unwrap().into()).unwrap_err(),
        "palindrome at r1c1-r3c3: 1 and 4 differ"
    );
    assert_eq!(ok(Sandwich { side: Side::Left(0), sum: 5 }.into()), Ok(()));
    assert_eq!(ok(XSum { side: Side::Right(0), sum: 10 }.into()), Ok(()));
    assert_eq!(ok(Skyscraper { side: Side::Left(0), count: 4 }.into()), Ok(()));
    assert_eq!(ok(Skyscraper { side: Side::Right(0), count: 1 }.into()), Ok(()));
    let lk = LittleKiller::new(n, OutsideClue { row: 0, col: 0 }, ClueDirection::DownRight, 1 + 4 + 4 + 1)
        .unwrap();
    assert_eq!(lk.cells, vec![0, 5, 10, 15]);
    assert_eq!(ok(lk.into()), Ok(()));
    assert!(ok(AntiKing.into()).is_err());
    assert_eq!(
        ok(Diagonal { positive: false, n }.into()).unwrap_err(),
        "the negative diagonal: r3c3 repeats 4"
    );
    let nonconsecutive =
        Rules { constraints: vec![Negative { kind: NegativeKind::Consecutive }.into()], candidates: None };
    assert!(nonconsecutive.check(at(&grid)).unwrap_err().contains("consecutive without a marker"));
}
