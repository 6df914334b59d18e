//! The reduction checked on grids with known answers, and against a plain
//! backtracking solver on random puzzles.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::PathBuf;

use proptest::prelude::*;
use reduce::{reduce, Alphabet, Encoding, GridSolver, Puzzle, Regions, Shape};

fn fixture(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures").join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn blank(shape: Shape, alphabet: Alphabet) -> Puzzle {
    let n = shape.n();
    Puzzle::new(shape, alphabet, vec![None; n * n]).unwrap()
}

/// Every solution, through both encodings; checks that they agree and that
/// each grid verifies. Returns the grids.
fn all_solutions(puzzle: &Puzzle) -> BTreeSet<Vec<u8>> {
    let mut forced = BTreeSet::new();
    let o = GridSolver::new(puzzle.shape())
        .solve(puzzle, |g| {
            assert_eq!(puzzle.verify(g), Ok(()));
            assert!(forced.insert(g.to_vec()), "a grid listed twice");
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(o.solutions(), Some(forced.len() as u64));
    let r = reduce(puzzle, Encoding::Reduced).unwrap();
    let mut reduced = BTreeSet::new();
    let o = dlx::Solver::new(&r.problem).search(|s| {
        reduced.insert(r.decode(puzzle, s));
        ControlFlow::Continue(())
    });
    assert_eq!(o.end(), dlx::End::Complete);
    assert_eq!(forced, reduced, "the two encodings disagree");
    let mut bits = BTreeSet::new();
    let _ = GridSolver::new(puzzle.shape())
        .solve_any(puzzle, |g| {
            assert!(bits.insert(g.to_vec()), "the bit-parallel search listed a grid twice");
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(forced, bits, "the bit-parallel search disagrees with dancing links");
    forced
}

#[test]
fn blank_grid_counts() {
    let count = |shape: Shape| {
        let n = shape.n();
        let p = blank(shape, Alphabet::default_for(n).unwrap());
        GridSolver::new(p.shape()).count(&p, None).unwrap().solutions().unwrap()
    };
    assert_eq!(count(Shape::default_for(4).unwrap()), 288);
    assert_eq!(count(Shape::new(4, Regions::None).unwrap()), 576);
    assert_eq!(count(Shape::new(5, Regions::None).unwrap()), 161_280);
    assert_eq!(
        all_solutions(&blank(Shape::default_for(4).unwrap(), Alphabet::default_for(4).unwrap())).len(),
        288
    );
}

#[test]
fn big_counts_split_over_threads_and_agree() {
    for (shape, want) in
        [(Shape::default_for(4).unwrap(), 288), (Shape::new(5, Regions::None).unwrap(), 161_280)]
    {
        let n = shape.n();
        let p = blank(shape, Alphabet::default_for(n).unwrap());
        let mut g = GridSolver::new(p.shape());
        // The 5x5 Latin squares go to the threads, the 4x4 grids not.
        let o = g.count_threads(&p, None, 2).unwrap();
        assert_eq!(o.solutions(), Some(want));
        assert_eq!(g.last_engine(), if want > 1000 { reduce::Engine::Links } else { reduce::Engine::Bits });
        assert_eq!(g.count(&p, None).unwrap().solutions(), Some(want));
        assert_eq!(g.count_split(&p, 2, None, None).unwrap().solutions(), Some(want));
    }
}

#[test]
#[ignore = "28 million grids: run in release mode (CI does)"]
fn blank_6x6_box_grids() {
    let p = blank(Shape::default_for(6).unwrap(), Alphabet::default_for(6).unwrap());
    assert_eq!(GridSolver::new(p.shape()).count(&p, None).unwrap().solutions(), Some(28_200_960));
}

fn line_puzzle(line: &str, shape: Shape) -> Puzzle {
    let alphabet = Alphabet::default_for(shape.n()).unwrap();
    let givens = line.chars().map(|c| alphabet.index(c)).collect();
    Puzzle::new(shape, alphabet, givens).unwrap()
}

#[test]
fn inkala_has_one_solution() {
    let inkala = "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
    let p = line_puzzle(inkala, Shape::default_for(9).unwrap());
    let all = all_solutions(&p);
    assert_eq!(all.len(), 1);
    let first: String = all.iter().next().unwrap()[..9].iter().map(|&v| p.alphabet().char(v)).collect();
    assert_eq!(first, "812753649");
}

#[test]
fn reduced_encoding_is_knuths() {
    // The shared file was made by Knuth's generator in "reduced" mode.
    let knuth = dlx::text::parse(&fixture("dlx/sudoku-9x9-inkala-reduced.dlx")).unwrap().problem;
    let inkala = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
    let ours = reduce(&line_puzzle(inkala, Shape::default_for(9).unwrap()), Encoding::Reduced).unwrap();
    assert_eq!(dlx::text::to_string(&ours.problem), dlx::text::to_string(&knuth));
    let blank4 = dlx::text::parse(&fixture("dlx/sudoku-4x4-blank.dlx")).unwrap().problem;
    assert_eq!(reduce::full_matrix(&Shape::default_for(4).unwrap()), blank4);
}

/// Reads the grouped format of seed 001 (the CLI has the real parser).
fn grouped(text: &str) -> Puzzle {
    let lines: Vec<&str> = text.lines().collect();
    let map: Vec<char> = lines[..6].concat().chars().collect();
    let shape = Shape::new(6, Regions::Map(map)).unwrap();
    let alphabet = Alphabet::letters(6).unwrap();
    let mut givens = vec![None; 36];
    let count: usize = lines[6].trim().parse().unwrap();
    for l in &lines[7..7 + count] {
        let b = l.as_bytes();
        givens[(b[0] - b'0') as usize * 6 + (b[1] - b'0') as usize] = alphabet.index(b[2] as char);
    }
    Puzzle::new(shape, alphabet, givens).unwrap()
}

/// The grids of a seed 001 output: a number line, then six rows.
fn listed_grids(text: &str, alphabet: &Alphabet) -> BTreeSet<Vec<u8>> {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .chunks(7)
        .map(|c| {
            c[1..]
                .iter()
                .flat_map(|l| l.split(' ').map(|s| alphabet.index(s.chars().next().unwrap()).unwrap()))
                .collect()
        })
        .collect()
}

#[test]
fn grouped_seed_examples_have_exactly_the_listed_solutions() {
    for (input, output, n) in [("001-example1", "001-example1", 1), ("001-example2", "001-example2", 9)] {
        let p = grouped(&fixture(&format!("seeds/{input}.in")));
        let found = all_solutions(&p);
        assert_eq!(found.len(), n);
        assert_eq!(found, listed_grids(&fixture(&format!("seeds/{output}.out")), p.alphabet()));
    }
}

/// A valid filled grid of order n = r * c with r x c boxes, by the classic
/// shifting pattern.
fn pattern(rows: usize, cols: usize) -> Vec<u8> {
    let n = rows * cols;
    (0..n * n).map(|i| ((i / n * cols + i / n / rows + i % n) % n) as u8).collect()
}

#[test]
fn large_grids_solve_and_verify() {
    for (rows, cols) in [(4, 4), (5, 5), (6, 6), (8, 8)] {
        let n = rows * cols;
        let full = pattern(rows, cols);
        // Blank cells along a diagonal band: a unique solution exists, and
        // the search is short.
        let givens = full.iter().enumerate().map(|(i, &v)| ((i / n + i % n) % 3 != 0).then_some(v)).collect();
        let shape = Shape::new(n, Regions::Boxes { rows, cols }).unwrap();
        let p = Puzzle::new(shape, Alphabet::default_for(n).unwrap(), givens).unwrap();
        assert_eq!(p.verify(&full), Ok(()), "the pattern grid is valid");
        let mut solver = GridSolver::new(p.shape());
        let mut seen = 0;
        let _ = solver
            .solve(&p, |g| {
                assert_eq!(p.verify(g), Ok(()));
                seen += 1;
                if seen == 2 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert!(seen >= 1, "order {n}");
    }
}

#[test]
fn clashing_givens_are_explained_not_refused() {
    let p = line_puzzle(&format!("11{}", ".".repeat(79)), Shape::default_for(9).unwrap());
    let e = GridSolver::new(p.shape()).count(&p, None).unwrap_err();
    assert_eq!(e.to_string(), "symbol 1 twice in row 1");
    assert_eq!(reduce(&p, Encoding::Reduced).unwrap_err(), e);
    let full = pattern(3, 3);
    let solved = Puzzle::new(
        Shape::default_for(9).unwrap(),
        Alphabet::default_for(9).unwrap(),
        full.iter().map(|&v| Some(v)).collect(),
    )
    .unwrap();
    assert_eq!(all_solutions(&solved).into_iter().collect::<Vec<_>>(), vec![full]);
}

/// A plain backtracking solver: fills the first blank cell with each symbol
/// that fits, in order.
fn backtrack_count(p: &Puzzle) -> u64 {
    fn go(p: &Puzzle, grid: &mut Vec<Option<u8>>) -> u64 {
        let n = p.n();
        let Some(cell) = grid.iter().position(Option::is_none) else { return 1 };
        let (r, c) = (cell / n, cell % n);
        let region = p.shape().region(cell);
        let mut total = 0;
        for v in 0..n as u8 {
            let clash = (0..n * n).any(|j| {
                grid[j] == Some(v)
                    && (j / n == r || j % n == c || (region.is_some() && p.shape().region(j) == region))
            });
            if !clash {
                grid[cell] = Some(v);
                total += go(p, grid);
                grid[cell] = None;
            }
        }
        total
    }
    if p.conflict().is_some() {
        return 0;
    }
    go(p, &mut p.givens().to_vec())
}

/// A random jigsaw map for which `full` stays a solution: start from the
/// shape's own regions (rows when it has none) and swap the regions of
/// random pairs of cells that hold the same symbol in `full`, so that every
/// region keeps N cells and one of each symbol.
fn jigsaw(shape: &Shape, full: &[u8], seed: u64) -> Vec<char> {
    let n = shape.n();
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % (n * n) as u64) as usize
    };
    let mut map: Vec<usize> = (0..n * n).map(|i| shape.region(i).unwrap_or(i / n)).collect();
    for _ in 0..4 * n * n {
        let (a, b) = (next(), next());
        if full[a] == full[b] {
            map.swap(a, b);
        }
    }
    map.iter().map(|&k| char::from_digit(k as u32, 36).unwrap()).collect()
}

fn random_puzzle() -> impl Strategy<Value = Puzzle> {
    (4usize..=9, any::<u64>(), any::<bool>(), proptest::collection::vec(0u8..10, 81)).prop_map(
        |(n, seed, jig, cells)| {
            let mut shape = Shape::default_for(n).unwrap();
            let full = match shape.regions() {
                &Regions::Boxes { rows, cols } => pattern(rows, cols),
                _ => (0..n * n).map(|i| ((i / n + i % n) % n) as u8).collect(),
            };
            if jig {
                shape = Shape::new(n, Regions::Map(jigsaw(&shape, &full, seed))).unwrap();
            }
            // Givens from the valid grid, denser for larger grids so that
            // the plain backtracker stays quick, and now and then a random
            // symbol (a clash, or no solution).
            let density = [0, 0, 0, 0, 3, 4, 5, 6, 6, 7][n];
            let givens = (0..n * n)
                .map(|i| match cells[i % 81] {
                    9 if seed % 5 == 0 => Some((seed as usize + i) as u8 % n as u8),
                    d if d < density => Some(full[i]),
                    _ => None,
                })
                .collect();
            let p = Puzzle::new(shape, Alphabet::default_for(n).unwrap(), givens).unwrap();
            assert_eq!(
                p.verify(&full).is_ok(),
                p.givens().iter().zip(&full).all(|(g, &f)| g.is_none_or(|g| g == f))
            );
            p
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn reduction_agrees_with_backtracking(p in random_puzzle()) {
        let expected = backtrack_count(&p);
        let mut solver = GridSolver::new(p.shape());
        let got = solver.count(&p, None).map_or(0, |o| o.solutions().unwrap());
        prop_assert_eq!(got, expected);
        solver.set_faithful(true);
        prop_assert_eq!(solver.count(&p, None).map_or(0, |o| o.solutions().unwrap()), expected, "dancing links");
        if expected <= 2000 {
            prop_assert_eq!(all_solutions_or_none(&p), expected);
        }
    }
}

fn all_solutions_or_none(p: &Puzzle) -> u64 {
    if p.conflict().is_some() {
        0
    } else {
        all_solutions(p).len() as u64
    }
}

#[test]
fn big_grids_count_on_their_bit_search() {
    // A count past its first try goes to the threads on the links only up
    // to 9x9; above, the bit search runs on (the links are far slower
    // there than two threads gain).
    let p = blank(Shape::default_for(12).unwrap(), Alphabet::default_for(12).unwrap());
    let mut g = GridSolver::new(p.shape());
    let o = g.count_threads(&p, Some(300_000), 2).unwrap();
    assert_eq!(o.solutions(), Some(300_000));
    assert!(o.nodes() > dlx::parallel::SPLIT_AFTER, "{} nodes", o.nodes());
    assert_eq!(g.last_engine(), reduce::Engine::Bits);
}
