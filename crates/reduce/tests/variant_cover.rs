//! The XCC reduction of variant puzzles (`reduce_variant`): on small grids
//! with random mixes of every constraint family, the exact-cover count
//! through `dlx` equals the brute-force count (4x4: every grid, read
//! plainly by `Puzzle::verify`) or the grid searches' count (6x6, half the
//! cells given), and every cover decodes to a grid that keeps every rule.

mod common;
use common::*;

use std::ops::ControlFlow;

use reduce::constraint::*;
use reduce::{reduce_variant, Alphabet, GridSolver, Puzzle, Shape, VariantError};

#[test]
fn xcc_counts_what_brute_force_counts_on_4x4() {
    let mut rng = Rng(33);
    let shapes = four_by_four_shapes();
    let (mut cases, mut nonzero) = (0, 0);
    for shape in &shapes {
        let n = shape.n();
        let alphabet = Alphabet::default_for(n).unwrap();
        let grids = all_grids(shape);
        for _ in 0..1000 {
            let truth = &grids[rng.below(grids.len())];
            let rules = random_rules(&mut rng, shape, truth);
            let givens: Vec<Option<u8>> = truth.iter().map(|&v| rng.chance(10).then_some(v)).collect();
            let puzzle =
                Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap().with_rules(rules).unwrap();
            let brute = grids.iter().filter(|g| puzzle.verify(g).is_ok()).count() as u64;
            assert_eq!(xcc_count(&puzzle, None).expect("it reduces"), brute, "{puzzle:?}");
            cases += 1;
            nonzero += (brute > 0) as usize;
        }
    }
    assert!(nonzero > cases / 4, "{nonzero} of {cases} cases have solutions");
}

/// A random 6x6 grid: the first grid of the shape with its symbols, rows
/// within bands, bands, and columns within stacks shuffled.
fn random_grid(rng: &mut Rng, first: &[u8]) -> Vec<u8> {
    let n = 6;
    let mut symbols: Vec<u8> = (0..n as u8).collect();
    for i in (1..n).rev() {
        symbols.swap(i, rng.below(i + 1));
    }
    // Boxes of 2 rows x 3 columns: bands of 2 rows, stacks of 3 columns.
    let mut rows: Vec<usize> = Vec::new();
    let mut bands = [0, 1, 2];
    for i in (1..3).rev() {
        bands.swap(i, rng.below(i + 1));
    }
    for b in bands {
        let (a, c) = if rng.chance(50) { (0, 1) } else { (1, 0) };
        rows.extend([2 * b + a, 2 * b + c]);
    }
    let mut cols: Vec<usize> = Vec::new();
    for s in 0..2 {
        let mut within = [0, 1, 2];
        for i in (1..3).rev() {
            within.swap(i, rng.below(i + 1));
        }
        cols.extend(within.iter().map(|w| 3 * s + w));
    }
    (0..n * n).map(|cell| symbols[first[rows[cell / n] * n + cols[cell % n]] as usize]).collect()
}

#[test]
fn xcc_counts_what_the_searches_count_on_6x6() {
    let mut rng = Rng(66);
    let shape = Shape::default_for(6).unwrap();
    let alphabet = Alphabet::default_for(6).unwrap();
    let blank = Puzzle::new(shape.clone(), alphabet.clone(), vec![None; 36]).unwrap();
    let mut first = Vec::new();
    let mut solver = GridSolver::new(&shape);
    let _ = solver.solve_any(&blank, |g| {
        first = g.to_vec();
        ControlFlow::Break(())
    });
    let (mut cases, mut nonzero) = (0, 0);
    for _ in 0..600 {
        let truth = random_grid(&mut rng, &first);
        let rules = random_rules(&mut rng, &shape, &truth);
        let givens: Vec<Option<u8>> = truth.iter().map(|&v| rng.chance(50).then_some(v)).collect();
        let puzzle = Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap().with_rules(rules).unwrap();
        let searched = solver.count(&puzzle, None).map(|o| o.solutions()).unwrap_or(Some(0)).unwrap();
        assert_eq!(xcc_count(&puzzle, None).expect("it reduces"), searched, "{puzzle:?}");
        cases += 1;
        nonzero += (searched > 0) as usize;
    }
    assert!(nonzero > cases / 8, "{nonzero} of {cases} cases have solutions");
}

/// The items say what they are: a killer cage is a primary item with one
/// option per filling, its cells colored secondary items; an anti-knight
/// pair of placements one shared secondary item; a windoku region's
/// digits primary items.
#[test]
fn the_items_are_knuths() {
    let shape = Shape::default_for(4).unwrap();
    let alphabet = Alphabet::default_for(4).unwrap();
    let rules = Rules {
        constraints: vec![
            Killer::new(4, vec![0, 1], Some(3)).unwrap().into(),
            AntiKnight.into(),
            Diagonal { positive: false, n: 4 }.into(),
        ],
        candidates: None,
    };
    let puzzle = Puzzle::new(shape, alphabet, vec![None; 16]).unwrap().with_rules(rules).unwrap();
    let (r, legend) = reduce_variant(&puzzle).unwrap();
    let p = &r.problem;
    assert!(p.primary_names().contains(&"t1".to_string()));
    assert_eq!(legend.tables, vec![("t1".to_string(), "killercage at r1c1-r1c2".to_string())]);
    // 1+2 or 2+1: two options for the cage.
    let cage_options = (0..p.option_count()).filter(|&k| p.display_option(k).to_string().starts_with("t1 "));
    let texts: Vec<String> = cage_options.map(|k| p.display_option(k).to_string()).collect();
    assert_eq!(texts, vec!["t1 x00:1 x01:2", "t1 x00:2 x01:1"]);
    // The negative diagonal is a full house: primary items g1.1..g1.4.
    assert!(p.primary_names().contains(&"g1.4".to_string()));
    // r1c1 = 1 and r2c3 = 1 are a knight's move apart.
    assert!(p.secondary_names().contains(&"e001121".to_string()));
    assert_eq!(xcc_count(&puzzle, None).expect("it reduces"), {
        let grids = all_grids(puzzle.shape());
        grids.iter().filter(|g| puzzle.verify(g).is_ok()).count() as u64
    });
}

/// A table with too many fillings does not reduce, and says which.
#[test]
fn too_big_a_table_is_named() {
    let shape = Shape::default_for(16).unwrap();
    let alphabet = Alphabet::default_for(16).unwrap();
    let rules = Rules {
        constraints: vec![Sandwich { side: Side::Left(0), sum: 40 }.into(), AntiKing.into()],
        candidates: None,
    };
    let puzzle = Puzzle::new(shape, alphabet, vec![None; 256]).unwrap().with_rules(rules).unwrap();
    match reduce_variant(&puzzle) {
        Err(VariantError::Unreduced(list)) => {
            assert_eq!(list.len(), 1);
            assert_eq!(list[0].key, "sandwichsum");
            assert!(list[0].to_string().starts_with("sandwichsum at r1c1-r1c16: more than"), "{}", list[0]);
        }
        other => panic!("{other:?}"),
    }
}

/// True candidates and their counts, through the XCC reduction, equal the
/// brute force's tallies over every 4x4 grid, capped; the count of
/// solutions too.
#[test]
fn true_candidates_are_brute_forces_tallies() {
    use reduce::analyze::{true_candidates_sampled, Count};
    let mut rng = Rng(7233);
    let shape = Shape::default_for(4).unwrap();
    let alphabet = Alphabet::default_for(4).unwrap();
    let grids = all_grids(&shape);
    for case in 0..400 {
        let truth = &grids[rng.below(grids.len())];
        let rules = random_rules(&mut rng, &shape, truth);
        let givens: Vec<Option<u8>> = truth.iter().map(|&v| rng.chance(8).then_some(v)).collect();
        let puzzle = Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap().with_rules(rules).unwrap();
        let cap = [1, 3, 1000][case % 3];
        let mut tally = vec![0u64; 64];
        let mut total = 0;
        for g in grids.iter().filter(|g| puzzle.verify(g).is_ok()) {
            total += 1;
            for (c, &v) in g.iter().enumerate() {
                tally[c * 4 + v as usize] += 1;
            }
        }
        let sample = [1, 5, 1000][case % 5 % 3];
        let t = match true_candidates_sampled(&puzzle, cap, sample, dlx::Budget::UNLIMITED, None) {
            Ok(t) => t,
            Err(VariantError::Conflict(_)) => {
                assert_eq!(total, 0);
                continue;
            }
            Err(e) => panic!("{e}"),
        };
        match t.count {
            Count::Exactly(k) => assert_eq!(k, total, "{puzzle:?}"),
            Count::AtLeast(k) => assert!(k == sample && total >= k, "{puzzle:?}"),
            Count::Unknown(_) => panic!("no budget to run out"),
        }
        let capped: Vec<u64> = tally.iter().map(|&k| k.min(cap)).collect();
        assert_eq!(t.counts, capped, "{puzzle:?}");
        assert!(t.unknown.iter().all(|&u| u == 0));
        for cell in 0..16 {
            let want: u64 = (0..4).filter(|&v| tally[cell * 4 + v] > 0).map(|v| 1u64 << v).sum();
            assert_eq!(t.symbols(cell), want);
        }
    }
}

/// A plainly impossible constraint says why, and is never wrong: on 4x4,
/// every random mix whose rules say they are impossible has no solution
/// by brute force; and the reasons read as a setter would write them.
#[test]
fn impossible_constraints_say_why_and_are_right() {
    let mut rng = Rng(404);
    let shape = Shape::default_for(4).unwrap();
    let alphabet = Alphabet::default_for(4).unwrap();
    let grids = all_grids(&shape);
    let mut said = 0;
    for _ in 0..3000 {
        let truth = &grids[rng.below(grids.len())];
        let rules = random_rules(&mut rng, &shape, truth);
        let Some(why) = rules.impossible(4) else { continue };
        let puzzle =
            Puzzle::new(shape.clone(), alphabet.clone(), vec![None; 16]).unwrap().with_rules(rules).unwrap();
        assert!(grids.iter().all(|g| puzzle.verify(g).is_err()), "{why}: {puzzle:?}");
        said += 1;
    }
    assert!(said > 20, "only {said} impossible mixes");
    let one = |c: Constraint, n: usize| Rules { constraints: vec![c], candidates: None }.impossible(n);
    let n = 9;
    assert_eq!(
        one(Arrow::new(n, vec![0], (1..9).chain([17, 16]).collect()).unwrap().into(), n).unwrap(),
        "arrow at r1c1: a shaft of 10 cells sums to at least 10; the circle holds at most 9"
    );
    assert_eq!(
        one(Arrow::new(n, vec![0, 1], vec![2]).unwrap().into(), n).unwrap(),
        "arrow at r1c1: a shaft of 1 cell(s) sums to at most 9; the circle holds at least 11"
    );
    let lk = LittleKiller::new(n, OutsideClue { row: 0, col: 7 }, ClueDirection::DownRight, 20).unwrap();
    assert_eq!(one(lk.into(), n).unwrap(), "little killer 20 at r1c8-r2c9: 2 cells sum to at most 18");
    assert_eq!(
        one(Sandwich { side: Side::Left(2), sum: 36 }.into(), n).unwrap(),
        "sandwich 36 (row 3 from the left): the digits between 1 and 9 sum to at most 35"
    );
    assert_eq!(one(Sandwich { side: Side::Left(2), sum: 35 }.into(), n), None);
    assert_eq!(
        one(XSum { side: Side::Top(0), sum: 46 }.into(), n).unwrap(),
        "X-sum 46 (column 1 from the top): the first X digits sum to at most 45"
    );
    assert_eq!(
        one(Skyscraper { side: Side::Top(0), count: 10 }.into(), n).unwrap(),
        "skyscraper 10 (column 1 from the top): 1 to 9 are seen"
    );
    let long: Vec<usize> = (0..9).chain([17]).collect();
    assert_eq!(
        one(Thermometer::new(n, long.clone(), false).unwrap().into(), n).unwrap(),
        "thermometer at r1c1-r2c9: 10 cells cannot strictly increase through 1-9"
    );
    assert_eq!(one(Thermometer::new(n, long.clone(), true).unwrap().into(), n), None);
    assert_eq!(
        one(Renban::new(n, long).unwrap().into(), n).unwrap(),
        "renban at r1c1-r2c9: 10 cells cannot hold different digits 1-9"
    );
    assert_eq!(
        one(Xv::new(4, 0, 1, 10).unwrap().into(), 4).unwrap(),
        "X at r1c1-r1c2: two different digits 1-4 sum to at most 7"
    );
    assert_eq!(
        one(Difference::new(4, 0, 1, 4).unwrap().into(), 4).unwrap(),
        "white dot 4 at r1c1-r1c2: digits 1-4 differ by at most 3"
    );
    assert_eq!(
        one(Ratio::new(4, 0, 1, 5).unwrap().into(), 4).unwrap(),
        "black dot 5 at r1c1-r1c2: no two digits 1-4 are in that ratio"
    );
}
