//! Unit tests of the generator; the property tests over every shape family
//! are in `tests/generate.rs`.

use super::*;
use crate::grid::Regions;

fn maker(target: Target, request: Request) -> Result<Generator, GenerateError> {
    let n = target.n();
    Generator::new(target, Alphabet::default_for(n).unwrap(), request)
}

#[test]
fn symmetries_the_map_lacks_are_refused() {
    let six = Shape::default_for(6).unwrap();
    let rot90 = Request { symmetry: SymmetryChoice::Exactly(Symmetry::Rot90), ..Request::default() };
    assert_eq!(
        maker(Target::Shape(six.clone()), rot90).unwrap_err(),
        GenerateError::Symmetry { symmetry: Symmetry::Rot90 }
    );
    assert!(
        maker(Target::Shape(six), Request { symmetry: SymmetryChoice::Any, ..Request::default() }).is_ok()
    );
    let map = "000011022013221113243333244455445555".chars().collect();
    let jigsaw = Shape::new(6, Regions::Map(map)).unwrap();
    let any = Request { symmetry: SymmetryChoice::Any, ..Request::default() };
    assert_eq!(maker(Target::Shape(jigsaw), any).unwrap_err(), GenerateError::NoSymmetry);
    assert_eq!(
        maker(Target::Jigsaw(6), rot90).unwrap_err(),
        GenerateError::JigsawSymmetry { n: 6, symmetry: Symmetry::Rot90 }
    );
    assert!(maker(Target::Jigsaw(9), rot90).is_ok());
    let wrong = Generator::new(Target::Jigsaw(9), Alphabet::default_for(8).unwrap(), Request::default());
    assert!(matches!(wrong, Err(GenerateError::Grid(_))));
}

#[test]
fn a_request_no_puzzle_meets_runs_out_of_attempts() {
    // No minimal 9x9 puzzle has 16 givens or fewer.
    let request = Request { max_clues: Some(16), attempts: 20, ..Request::default() };
    let mut g = maker(Target::Shape(Shape::default_for(9).unwrap()), request).unwrap();
    match g.generate(1) {
        Err(GenerateError::OutOfBudget { attempts: 20, end: End::Complete, fewest: Some(k) }) => {
            assert!(k >= 17)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_tiny_node_budget_is_unknown_never_a_puzzle() {
    let request = Request { max_nodes: 1, attempts: 3, ..Request::default() };
    let mut g = maker(Target::Shape(Shape::default_for(9).unwrap()), request).unwrap();
    assert!(matches!(g.generate(1), Err(GenerateError::OutOfBudget { end: End::OutOfNodes, .. })));
}

#[test]
fn a_map_without_grids_says_so() {
    // Some random 4x4 jigsaw maps have no grid at all.
    let mut rng = SplitMix64::new(9);
    let (mut with, mut without) = (0, 0);
    for _ in 0..100 {
        let shape = random_map(4, Symmetry::None, &mut rng).unwrap();
        let blank = Puzzle::new(shape.clone(), Alphabet::default_for(4).unwrap(), vec![None; 16]).unwrap();
        let grids = GridSolver::new(&shape).count(&blank, None).unwrap().solutions().unwrap();
        let made = maker(Target::Shape(shape), Request::default()).unwrap().generate(3);
        if grids == 0 {
            without += 1;
            assert_eq!(made.unwrap_err(), GenerateError::NoGrid);
        } else {
            with += 1;
            assert!(made.is_ok());
        }
    }
    assert!(with > 0 && without > 0, "{with} maps with grids, {without} without");
}

#[test]
fn levels_are_met_exactly() {
    for level in [Level::Easy, Level::Medium] {
        let request = Request { level: Some(level), ..Request::default() };
        let mut g = maker(Target::Shape(Shape::default_for(9).unwrap()), request).unwrap();
        for seed in 0..3 {
            let made = g.generate(seed).unwrap();
            assert_eq!(made.rating.map(|r| r.level()), Some(level));
            let mut logic = Logic::new(made.puzzle.shape());
            assert_eq!(logic.rate(&made.puzzle).rating().map(|r| r.level()), Some(level));
        }
    }
}

#[test]
fn the_work_of_a_pass_is_bounded_from_order_24_or_16_on_jigsaws_by_luby() {
    assert_eq!(remove::work(20, 0, false), None);
    let first = remove::work(24, 0, false).unwrap();
    assert!(first.total > first.window && first.window > 0);
    let bounds: Vec<(u64, u64)> = (0..7)
        .map(|cut| remove::work(24, cut, false).unwrap())
        .map(|w| (w.total / first.total, w.window / first.window))
        .collect();
    assert_eq!(bounds, [(1, 1), (1, 1), (2, 1), (1, 1), (1, 1), (2, 1), (4, 1)]);
    let window = |cut| remove::work(25, cut, false).unwrap().window;
    assert_eq!(
        (window(15), window(16), window(47), window(48)),
        (window(0), 2 * window(0), 3 * window(0), 4 * window(0))
    );
    assert!(remove::work(64, 1000, false).is_some());
    // Jigsaws: three times the total, the same window.
    let jigsaw = remove::work(25, 0, true).unwrap();
    let boxes = remove::work(25, 0, false).unwrap();
    assert_eq!((jigsaw.total, jigsaw.window), (3 * boxes.total, boxes.window));
    // Jigsaws from order 16, boxes from 24.
    assert_eq!(remove::work(15, 0, true), None);
    assert_eq!(remove::work(16, 0, false), None);
    assert_eq!(remove::work(16, 0, true).unwrap().total, 3 * 768 * 256);
    assert_eq!(remove::work(23, 0, true).unwrap().total, 3 * 768 * 23 * 23);
}

/// Every grid of 4x4 boxes with the index of its orbit under the shape's
/// transformations (symbols relabelled, rows within a band and the bands,
/// columns within a stack and the stacks swapped, the grid transposed),
/// found by a search over the moves: two orbits, of 96 and 192 grids.
fn orbits_of_four() -> std::collections::HashMap<Vec<u8>, usize> {
    let shape = Shape::default_for(4).unwrap();
    let blank = Puzzle::new(shape.clone(), Alphabet::default_for(4).unwrap(), vec![None; 16]).unwrap();
    let mut grids = Vec::new();
    let _ = GridSolver::new(&shape).solve(&blank, |g| {
        grids.push(g.to_vec());
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(grids.len(), 288);
    let at = |g: &[u8], f: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<u8> {
        (0..16)
            .map(|i| {
                let (r, c) = f(i / 4, i % 4);
                g[r * 4 + c]
            })
            .collect()
    };
    let swap = |a: usize, b: usize| {
        move |x: usize| {
            if x == a {
                b
            } else if x == b {
                a
            } else {
                x
            }
        }
    };
    let moves = |g: &[u8]| -> Vec<Vec<u8>> {
        let (r01, r23, bands) = (swap(0, 1), swap(2, 3), |x: usize| (x + 2) % 4);
        vec![
            at(g, &|r, c| (r01(r), c)),
            at(g, &|r, c| (r23(r), c)),
            at(g, &|r, c| (bands(r), c)),
            at(g, &|r, c| (r, r01(c))),
            at(g, &|r, c| (r, r23(c))),
            at(g, &|r, c| (r, bands(c))),
            at(g, &|r, c| (c, r)),
            g.iter().map(|&v| (v + 1) % 4).collect(),
            g.iter().map(|&v| [1, 0, 2, 3][v as usize]).collect(),
        ]
    };
    let mut orbit = std::collections::HashMap::new();
    for start in &grids {
        if orbit.contains_key(start) {
            continue;
        }
        let id = orbit.values().copied().max().map_or(0, |m: usize| m + 1);
        let mut stack = vec![start.clone()];
        orbit.insert(start.clone(), id);
        while let Some(g) = stack.pop() {
            for m in moves(&g) {
                if !orbit.contains_key(&m) {
                    orbit.insert(m.clone(), id);
                    stack.push(m);
                }
            }
        }
    }
    let sizes: Vec<usize> = (0..2).map(|k| orbit.values().filter(|&&v| v == k).count()).collect();
    assert_eq!(orbit.len(), 288);
    assert!(sizes == [96, 192] || sizes == [192, 96], "{sizes:?}");
    orbit
}

/// The memo sampler draws every 4x4 grid with probability 1/288: 57,600
/// draws pass a chi-square test at 1% (287 degrees of freedom: 345.7).
#[test]
fn uniform_full_grids_of_four_pass_a_chi_square() {
    let shape = Shape::default_for(4).unwrap();
    let blank = Puzzle::new(shape, Alphabet::default_for(4).unwrap(), vec![None; 16]).unwrap();
    let mut uniform = full::Uniform::new(&blank).expect("4x4 grids are counted");
    let mut rng = SplitMix64::new(17);
    let mut tally = std::collections::HashMap::new();
    for _ in 0..57_600 {
        let g = uniform.draw(&blank, &mut rng).expect("a grid");
        assert_eq!(blank.verify(&g), Ok(()));
        *tally.entry(g).or_insert(0u32) += 1;
    }
    assert_eq!(tally.len(), 288);
    let chi: f64 = tally.values().map(|&k| (k as f64 - 200.0).powi(2) / 200.0).sum();
    assert!(chi < 345.7, "chi-square {chi}");
}

/// Generated 4x4 puzzles come from uniform full grids: their solutions
/// fall in the orbit of 96 grids a third of the time (the randomized
/// search's draw gave 29.2%; 3,000 puzzles put uniform within 3 points
/// at 3.5 standard deviations).
#[test]
fn generated_four_by_four_solutions_fall_in_the_orbits_uniformly() {
    let orbit = orbits_of_four();
    let small = if orbit.values().filter(|&&v| v == 0).count() == 96 { 0 } else { 1 };
    let mut g = maker(Target::Shape(Shape::default_for(4).unwrap()), Request::default()).unwrap();
    let draws = 3_000;
    let hits = (0..draws).filter(|&seed| orbit[&g.generate(seed).unwrap().solution] == small).count();
    let share = hits as f64 / draws as f64;
    assert!((share - 1.0 / 3.0).abs() < 0.03, "{share}");
}
