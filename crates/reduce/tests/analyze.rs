//! `reduce::analyze` against brute force on small puzzles (4x4 boxes, 4x4
//! and 5x5 Latin squares): every grid of the shape is listed once by a
//! plain backtracking fill that knows nothing of the engines, and each
//! random puzzle's solutions are the grids that keep its givens. Then the
//! count, the redundant givens, the true candidates, the two solutions and
//! the cells where they differ, and the suggested given must be exactly
//! what the list says.

use proptest::prelude::*;

use reduce::analyze::{Analyzer, Count, SAMPLE};
use reduce::{Alphabet, Puzzle, Regions, Shape};

/// Every grid of `shape`, by a plain fill, cell by cell.
fn all_grids(shape: &Shape) -> Vec<Vec<u8>> {
    let n = shape.n();
    let mut grids = Vec::new();
    let mut g = vec![0u8; n * n];
    fn fill(shape: &Shape, g: &mut Vec<u8>, cell: usize, out: &mut Vec<Vec<u8>>) {
        let n = shape.n();
        if cell == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (cell / n, cell % n);
        for v in 0..n as u8 {
            let clash = (0..cell).any(|x| {
                g[x] == v
                    && (x / n == r
                        || x % n == c
                        || shape.region(x).is_some_and(|k| shape.region(cell) == Some(k)))
            });
            if !clash {
                g[cell] = v;
                fill(shape, g, cell + 1, out);
            }
        }
    }
    fill(shape, &mut g, 0, &mut grids);
    grids
}

fn keeps(givens: &[Option<u8>], g: &[u8]) -> bool {
    givens.iter().zip(g).all(|(x, &v)| x.is_none_or(|x| x == v))
}

fn check(shape: &Shape, grids: &[Vec<u8>], seed: u64, blanks: usize) -> Result<(), TestCaseError> {
    let n = shape.n();
    let mut x = seed | 1;
    let mut next = |m: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % m as u64) as usize
    };
    // A random grid with random holes; now and then a clashing given.
    let grid = &grids[next(grids.len())];
    let mut givens: Vec<Option<u8>> = grid.iter().map(|&v| Some(v)).collect();
    for _ in 0..blanks {
        givens[next(n * n)] = None;
    }
    if next(8) == 0 {
        givens[next(n * n)] = Some(next(n) as u8);
    }
    let puzzle = Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), givens.clone()).unwrap();
    let solutions: Vec<&Vec<u8>> = grids.iter().filter(|g| keeps(&givens, g)).collect();
    let a = Analyzer::new(shape).analyze(&puzzle, 2);
    prop_assert_eq!(a.clues, givens.iter().filter(|g| g.is_some()).count());
    match solutions.len() {
        0 => {
            prop_assert_eq!(a.count, Count::Exactly(0));
            prop_assert_eq!(a.conflict.is_some(), puzzle.conflict().is_some());
        }
        1 => {
            prop_assert_eq!(a.count, Count::Exactly(1));
            prop_assert_eq!(&a.solutions, &vec![solutions[0].clone()]);
            // Redundant: the givens whose removal keeps one solution.
            let want: Vec<usize> = (0..n * n)
                .filter(|&c| givens[c].is_some())
                .filter(|&c| {
                    let mut less = givens.clone();
                    less[c] = None;
                    grids.iter().filter(|g| keeps(&less, g)).count() == 1
                })
                .collect();
            prop_assert_eq!(&a.redundant, &want);
            prop_assert_eq!(a.minimal, Some(want.is_empty()));
        }
        k => {
            prop_assert_eq!(a.count, Count::AtLeast(2));
            // Two different solutions, differing exactly where it says.
            prop_assert_eq!(a.solutions.len(), 2);
            prop_assert!(a.solutions[0] != a.solutions[1]);
            prop_assert!(a.solutions.iter().all(|s| solutions.contains(&s)));
            let d = a.differ.clone().unwrap();
            let diff: Vec<usize> = (0..n * n).filter(|&c| a.solutions[0][c] != a.solutions[1][c]).collect();
            prop_assert_eq!(&d.cells, &diff);
            // Minimal: no solution differs from the first on part of them.
            prop_assert!(d.minimal);
            for s in &solutions {
                let part: Vec<usize> = (0..n * n).filter(|&c| a.solutions[0][c] != s[c]).collect();
                let inside = part.iter().all(|c| diff.contains(c));
                prop_assert!(part.is_empty() || !inside || part.len() == diff.len());
            }
            // True candidates, exactly.
            let empty: Vec<usize> = (0..n * n).filter(|&c| givens[c].is_none()).collect();
            prop_assert_eq!(a.candidates.len(), empty.len());
            for c in &a.candidates {
                let want = solutions.iter().fold(0u64, |m, s| m | 1 << s[c.cell]);
                prop_assert_eq!((c.symbols, c.unknown), (want, 0), "cell {}", c.cell);
            }
            // The suggestion leaves the fewest solutions (at least one).
            let s = a.suggest.unwrap();
            let leaves = |cell: usize, v: u8| solutions.iter().filter(|g| g[cell] == v).count() as u64;
            let fewest = empty
                .iter()
                .flat_map(|&c| (0..n as u8).map(move |v| (c, v)))
                .map(|(c, v)| leaves(c, v))
                .filter(|&l| l > 0)
                .min()
                .unwrap();
            let left = leaves(s.cell, s.symbol);
            prop_assert!(left > 0);
            if k as u64 <= SAMPLE {
                prop_assert!(s.exact);
                prop_assert_eq!(s.leaves, Some(left));
                prop_assert_eq!(left, fewest, "{} solutions", k);
            } else {
                // Beyond the sample: a true candidate, and the count it
                // leaves when that is below the sample.
                prop_assert!(!s.exact);
                prop_assert_eq!(s.leaves, (left < SAMPLE).then_some(left));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn boxes_4x4(seed: u64, blanks in 0..24usize) {
        thread_local!(static GRIDS: (Shape, Vec<Vec<u8>>) = {
            let s = Shape::default_for(4).unwrap();
            let g = all_grids(&s);
            (s, g)
        });
        GRIDS.with(|(s, g)| {
            assert_eq!(g.len(), 288);
            check(s, g, seed, blanks)
        })?;
    }

    #[test]
    fn latin_4x4(seed: u64, blanks in 0..24usize) {
        thread_local!(static GRIDS: (Shape, Vec<Vec<u8>>) = {
            let s = Shape::new(4, Regions::None).unwrap();
            let g = all_grids(&s);
            (s, g)
        });
        GRIDS.with(|(s, g)| {
            assert_eq!(g.len(), 576);
            check(s, g, seed, blanks)
        })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn latin_5x5(seed: u64, blanks in 5..80usize) {
        thread_local!(static GRIDS: (Shape, Vec<Vec<u8>>) = {
            let s = Shape::new(5, Regions::None).unwrap();
            let g = all_grids(&s);
            (s, g)
        });
        GRIDS.with(|(s, g)| {
            assert_eq!(g.len(), 161_280);
            check(s, g, seed, blanks)
        })?;
    }
}
