//! Big grids find a first solution within a node budget (the bit search's
//! nodes: the root and every branch tried, over every restart), on the
//! same grids as `benches/big.rs`, which times them: box grids of every
//! order from 1 to 64 (Latin squares for prime orders) and jigsaws of
//! every order from 2 to 36, blank and sparse. Sparse: each cell of a
//! random filled grid (seeded) given with probability 2% or 15%. Jigsaw:
//! a random map of connected regions made from the boxes by N² swaps of
//! same-symbol cells (`tests/grids`). Release mode only (CI runs it): 64x64
//! nodes are heavy.
//!
//! The budget is generous (400,000 nodes, four times or more what the
//! search takes today on every grid): every grid must end with a solution
//! that checks. (The jigsaw 36x36 at 15% ran out of it until the search
//! took all-different in the symbols' view on jigsaws; it now takes 1,116
//! nodes.) The bench's table in docs/reductions.md gives the times.

use std::ops::ControlFlow;

use dlx::{Budget, End, SplitMix64};
use reduce::{Engine, GridSolver, Puzzle, Shape};

mod grids;

/// The node budget of every grid.
const BUDGET: u64 = 400_000;

/// Finds a first solution within [`BUDGET`] and checks it.
fn first_within(p: &Puzzle, kind: &str, n: usize, percent: u32) {
    let what = format!("{kind} {n}x{n}, {percent}% given");
    let mut s = GridSolver::new(p.shape());
    s.set_budget(Budget::nodes(BUDGET));
    let mut grid = None;
    let o = s
        .solve_any(p, |g| {
            grid = Some(g.to_vec());
            ControlFlow::Break(())
        })
        .unwrap_or_else(|c| panic!("{what}: {c}"));
    assert_eq!(o.end(), End::Limit, "{what}: no solution within {BUDGET} nodes ({} spent)", o.nodes());
    assert_eq!(p.verify(&grid.unwrap()), Ok(()), "{what}");
}

#[test]
#[ignore = "big grids: run in release mode (CI does)"]
fn box_grids_of_every_order_blank_and_sparse() {
    for n in 1..=64usize {
        let mut rng = SplitMix64::new(2024 + n as u64);
        let shape = Shape::default_for(n).unwrap();
        let full = grids::full_grid(&shape, &mut rng);
        first_within(&grids::blank(&shape), "box", n, 0);
        first_within(&grids::sparse(&shape, &full, 0.02, &mut rng), "box", n, 2);
        first_within(&grids::sparse(&shape, &full, 0.15, &mut rng), "box", n, 15);
    }
}

#[test]
#[ignore = "big grids: run in release mode (CI does)"]
fn jigsaw_grids_of_every_order_blank_and_sparse() {
    for n in 2..=36usize {
        let mut rng = SplitMix64::new(4048 + n as u64);
        let boxes = Shape::default_for(n).unwrap();
        let full = grids::full_grid(&boxes, &mut rng);
        let shape = grids::jigsaw(n, &full, n * n, &mut rng);
        assert_eq!(grids::blank(&shape).verify(&full), Ok(()), "the jigsaw keeps its grid");
        first_within(&grids::blank(&shape), "jigsaw", n, 0);
        first_within(&grids::sparse(&shape, &full, 0.15, &mut rng), "jigsaw", n, 15);
    }
}

#[test]
fn jigsaw_maps_keep_their_grid_and_their_regions_connected() {
    for n in [4, 6, 9, 12] {
        let mut rng = SplitMix64::new(n as u64);
        let boxes = Shape::default_for(n).unwrap();
        let full = grids::full_grid(&boxes, &mut rng);
        assert_eq!(grids::blank(&boxes).verify(&full), Ok(()));
        let shape = grids::jigsaw(n, &full, n * n, &mut rng);
        assert_eq!(grids::blank(&shape).verify(&full), Ok(()));
        assert_ne!(shape, boxes, "order {n}: nothing moved");
        assert!(grids::regions_connected(&shape), "order {n}");
    }
}

#[test]
fn jigsaw_filters_keep_counts_exact() {
    // Orders 16 and 20 (dom/wdeg, the symbols' view, which takes the
    // locked candidates, and, on nearly full units, all-different): a
    // jigsaw's full grid with its lowest symbols blank (two, or three or
    // four on 16x16) and about one other cell in four, counted on the bits
    // and on the links: the same count, every solution valid.
    for (n, seed, blank) in [(20, 31, 2), (16, 7, 3), (16, 8, 4)] {
        filters_keep_counts_exact(n, seed, blank);
    }
}

/// One case of [`jigsaw_filters_keep_counts_exact`].
fn filters_keep_counts_exact(n: usize, seed: u64, blank: u8) {
    let mut rng = SplitMix64::new(seed);
    let boxes = Shape::default_for(n).unwrap();
    let full = grids::full_grid(&boxes, &mut rng);
    let shape = grids::jigsaw(n, &full, n * n, &mut rng);
    let givens: Vec<Option<u8>> =
        full.iter().map(|&v| (v >= blank && rng.below(4) != 0).then_some(v)).collect();
    let p = Puzzle::new(shape.clone(), grids::blank(&shape).alphabet().clone(), givens).unwrap();
    let mut bits = GridSolver::with_engine(&shape, Engine::Bits).unwrap();
    let mut grids_found = 0u64;
    let o = bits
        .solve_any(&p, |g| {
            assert_eq!(p.verify(g), Ok(()));
            grids_found += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(o.end(), End::Complete);
    assert!(grids_found > 1, "order {n}: {grids_found} solutions");
    let mut links = GridSolver::with_engine(&shape, Engine::Links).unwrap();
    assert_eq!(links.count(&p, None).unwrap().solutions(), Some(grids_found));
}

/// The maps far from boxes of the bench's `--far` sweep: more cells moved
/// from their starting boxes than the swaps of one grid move, every
/// region connected, and the grid they come with a solution of the map.
#[test]
fn far_jigsaw_maps_move_most_cells_and_keep_their_grid() {
    for (n, seed) in [(9, 1), (12, 2), (16, 3), (17, 4), (25, 5)] {
        let mut rng = SplitMix64::new(seed);
        let (shape, full) = grids::far_jigsaw(n, 20, &mut rng).expect("a map with a grid");
        assert!(3 * grids::moved(&shape) > n * n, "order {n}: {} of {} moved", grids::moved(&shape), n * n);
        assert!(grids::regions_connected(&shape), "order {n}");
        assert_eq!(grids::blank(&shape).verify(&full), Ok(()), "order {n}");
        // The swaps of one fixed grid stay nearer the boxes.
        let boxes = Shape::default_for(n).unwrap();
        let near = grids::jigsaw(n, &grids::full_grid(&boxes, &mut rng), n * n, &mut rng);
        assert!(grids::moved(&near) < grids::moved(&shape), "order {n}");
    }
}
