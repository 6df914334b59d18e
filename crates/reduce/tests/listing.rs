//! The listing on arrays ([`reduce::search::Listing`], which
//! [`GridSolver::solve`] takes unless faithful) against the dancing links
//! on the full matrix: the same solutions in the same order, the same
//! nodes, the same ending under a node budget, on random puzzles of many
//! shapes (boxes, jigsaw maps, none), with and without clashing givens.

use std::ops::ControlFlow;

use dlx::{Budget, End, SplitMix64};
use reduce::search::{Links, Listing};
use reduce::{Alphabet, GridSolver, Puzzle, Regions, Shape};

fn puzzle(shape: &Shape, givens: Vec<Option<u8>>) -> Puzzle {
    Puzzle::new(shape.clone(), Alphabet::default_for(shape.n()).unwrap(), givens).expect("a puzzle")
}

type Run = (Vec<Vec<u8>>, Option<(End, u64, u64)>);

/// Collects solutions up to `stop_after`.
fn collect(out: &mut Vec<Vec<u8>>, g: &[u8], stop_after: usize) -> ControlFlow<()> {
    out.push(g.to_vec());
    if out.len() >= stop_after {
        ControlFlow::Break(())
    } else {
        ControlFlow::Continue(())
    }
}

/// The links' run and the listing's (through a grid solver, not faithful)
/// of `p`, each within `budget`: solutions in order, then how it ended,
/// solutions and nodes (`None`: the givens clash).
fn both(p: &Puzzle, budget: Budget, stop_after: usize) -> [Run; 2] {
    let mut links = Links::new(p.shape());
    links.set_budget(budget);
    let mut a = Vec::new();
    let ra = links.solve(p, |g| collect(&mut a, g, stop_after));
    let sa = links.stats();
    let mut solver = GridSolver::new(p.shape());
    solver.set_budget(budget);
    let mut b = Vec::new();
    let rb = solver.solve(p, |g| collect(&mut b, g, stop_after));
    let sb = solver.stats();
    assert_eq!(rb.as_ref().ok().map(|o| o.end()), rb.as_ref().ok().map(|_| solver.end()));
    [
        (a, ra.ok().map(|o| (o.end(), sa.solutions, sa.nodes))),
        (b, rb.ok().map(|o| (o.end(), sb.solutions, sb.nodes))),
    ]
}

/// Boxes, maps and Latin squares (no regions: prime orders) of orders 1
/// to 12.
fn shapes() -> Vec<Shape> {
    let map = |s: &str| Regions::Map(s.chars().collect());
    vec![
        Shape::default_for(4).unwrap(),
        Shape::default_for(5).unwrap(),
        Shape::default_for(6).unwrap(),
        Shape::new(6, Regions::Boxes { rows: 3, cols: 2 }).unwrap(),
        Shape::new(5, map("aaabbaabbbcccddccddedeeee")).unwrap(),
        Shape::new(6, map("aaabbbaaabbbcccdddcccdddeeefffeeefff")).unwrap(),
        Shape::new(6, map("aaabbbaacbbbaccdddeccddfeecdffeeefff")).unwrap(),
        Shape::default_for(8).unwrap(),
        Shape::default_for(9).unwrap(),
        Shape::default_for(12).unwrap(),
        Shape::default_for(1).unwrap(),
        Shape::default_for(2).unwrap(),
        Shape::default_for(3).unwrap(),
        Shape::default_for(7).unwrap(),
        Shape::default_for(11).unwrap(),
    ]
}

/// Givens drawn from a filled grid of `shape` (the listing's solution
/// number 1 to 50 of the blank), each kept with chance `keep` in 16, and
/// `noise` random ones (which may clash).
fn draw(shape: &Shape, rng: &mut SplitMix64, keep: u64, noise: u64) -> Puzzle {
    let n = shape.n();
    let blank = puzzle(shape, vec![None; n * n]);
    let mut listing = Listing::new(shape).unwrap();
    let mut grids = Vec::new();
    let stop = 1 + rng.below(50) as usize;
    let _ = listing.solve(&blank, |g| collect(&mut grids, g, stop));
    let full = grids.pop().expect("a filled grid");
    let mut givens: Vec<Option<u8>> = full.iter().map(|&v| (rng.below(16) < keep).then_some(v)).collect();
    for _ in 0..noise {
        let cell = rng.below((n * n) as u64) as usize;
        givens[cell] = Some(rng.below(n as u64) as u8);
    }
    puzzle(shape, givens)
}

#[test]
fn lists_what_the_links_list_in_their_order_with_their_nodes() {
    let mut rng = SplitMix64::new(36);
    let (mut listed, mut clashes, mut capped) = (0, 0, 0);
    for shape in shapes() {
        let n = shape.n();
        for round in 0..12 {
            let keep = match n {
                0..=5 => rng.below(8),
                6 => 3 + rng.below(8),
                7..=9 => 7 + rng.below(6),
                _ => 10 + rng.below(4),
            };
            let p = draw(&shape, &mut rng, keep, (round % 3 == 2) as u64);
            let [a, b] = both(&p, Budget::UNLIMITED, 3000);
            assert_eq!(a, b, "order {n}, {:?}, givens {:?}", shape.regions(), p.givens());
            listed += a.0.len();
            clashes += a.1.is_none() as usize;
            capped += (a.0.len() == 3000) as usize;
        }
    }
    // The draw reaches every case: clashes, long listings cut short.
    assert!(listed > 10_000 && clashes > 0 && capped >= 2, "{listed} {clashes} {capped}");
}

#[test]
fn stops_where_the_links_stop() {
    let mut rng = SplitMix64::new(7);
    let mut out_of_nodes = 0;
    for shape in shapes().into_iter().take(7) {
        for _ in 0..6 {
            let keep = 2 + rng.below(4);
            let p = draw(&shape, &mut rng, keep, 0);
            let nodes = 1 + rng.below(3000);
            let [a, b] = both(&p, Budget::nodes(nodes), 200);
            assert_eq!(a, b, "{:?} within {nodes} nodes", shape.regions());
            out_of_nodes += a.1.is_some_and(|(end, _, _)| end == End::OutOfNodes) as usize;
        }
    }
    assert!(out_of_nodes > 5, "{out_of_nodes}");
}

#[test]
fn the_blank_4x4_lists_all_288_grids_once() {
    let shape = Shape::default_for(4).unwrap();
    let [a, b] = both(&puzzle(&shape, vec![None; 16]), Budget::UNLIMITED, usize::MAX);
    assert_eq!(a, b);
    let mut grids = b.0.clone();
    grids.sort();
    grids.dedup();
    assert_eq!(grids.len(), 288);
    assert_eq!(b.1.map(|(end, s, _)| (end, s)), Some((End::Complete, 288)));
}

#[test]
fn a_grid_with_every_cell_given_is_its_one_solution() {
    let shape = Shape::default_for(6).unwrap();
    let mut rng = SplitMix64::new(1);
    let full = draw(&shape, &mut rng, 16, 0);
    let [a, b] = both(&full, Budget::UNLIMITED, 10);
    assert_eq!(a, b);
    assert_eq!(b.1.map(|(_, s, nodes)| (s, nodes)), Some((1, 1)));
}

/// Every solution of `p` in the order `solver` lists them, within `budget`,
/// and how the listing ended (`None`: the givens clash).
fn listed(solver: &mut GridSolver, p: &Puzzle, budget: Budget) -> (Vec<Vec<u8>>, Option<(End, u64)>) {
    solver.set_budget(budget);
    let mut out = Vec::new();
    let r = solver.solve(p, |g| collect(&mut out, g, usize::MAX));
    (out, r.ok().map(|o| (o.end(), o.so_far())))
}

/// Puzzles above order 12 with a handful of solutions each: a filled grid
/// (the bit search's first of the blank) with most cells given.
fn big_draws(rng: &mut SplitMix64) -> Vec<Puzzle> {
    let map = |n: usize, rows: usize| -> Regions {
        // Boxes of `rows` rows, each row's cells shifted one box along
        // every `rows` rows: a map that is not boxes.
        let cols = n / rows;
        Regions::Map(
            (0..n * n)
                .map(|i| {
                    let (r, c) = (i / n, i % n);
                    let b = (r / rows) * rows + (c / cols + r % 2) % rows;
                    char::from_u32('a' as u32 + b as u32).unwrap()
                })
                .collect(),
        )
    };
    let shapes = [
        Shape::default_for(13).unwrap(),
        Shape::default_for(15).unwrap(),
        Shape::default_for(16).unwrap(),
        Shape::new(16, map(16, 4)).unwrap(),
        Shape::default_for(20).unwrap(),
    ];
    let mut out = Vec::new();
    for shape in shapes {
        let n = shape.n();
        let mut solver = GridSolver::new(&shape);
        let mut full = Vec::new();
        let _ = solver.solve_any(&puzzle(&shape, vec![None; n * n]), |g| collect(&mut full, g, 1));
        let full = full.pop().expect("a filled grid");
        for keep in [50, 60, 70] {
            let givens = full.iter().map(|&v| (rng.below(100) < keep).then_some(v)).collect();
            out.push(puzzle(&shape, givens));
        }
    }
    out
}

#[test]
fn above_order_12_the_bit_search_lists_the_links_solutions_once_each() {
    let mut rng = SplitMix64::new(12);
    let mut several = 0;
    for p in big_draws(&mut rng) {
        let shape = p.shape();
        let mut solver = GridSolver::new(shape);
        assert!(solver.lists_on_bits(), "order {}", shape.n());
        let (mine, end) = listed(&mut solver, &p, Budget::UNLIMITED);
        assert_eq!(solver.last_engine(), reduce::search::Engine::Bits);
        let mut links = Links::new(shape);
        let mut theirs = Vec::new();
        let r = links.solve(&p, |g| collect(&mut theirs, g, usize::MAX));
        assert_eq!(end, r.ok().map(|o| (o.end(), o.so_far())), "order {}", shape.n());
        let mut sorted = mine.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), mine.len(), "a solution listed twice");
        theirs.sort();
        assert_eq!(sorted, theirs, "order {}, {:?}", shape.n(), shape.regions());
        // The same order from run to run.
        assert_eq!(listed(&mut solver, &p, Budget::UNLIMITED).0, mine);
        several += (mine.len() > 1) as usize;
        // Faithful, the listing is DLX1's again.
        solver.set_faithful(true);
        assert!(!solver.lists_on_bits());
        let mut dlx1 = Vec::new();
        let _ = solver.solve(&p, |g| collect(&mut dlx1, g, 3));
        assert_eq!(solver.last_engine(), reduce::search::Engine::Links);
        let mut first = Vec::new();
        let _ = links.solve(&p, |g| collect(&mut first, g, 3));
        assert_eq!(dlx1, first);
    }
    assert!(several >= 5, "{several}");
}

#[test]
fn above_order_12_a_listing_cut_short_says_so() {
    let mut rng = SplitMix64::new(5);
    let mut cut = 0;
    for p in big_draws(&mut rng) {
        let mut solver = GridSolver::new(p.shape());
        let (all, _) = listed(&mut solver, &p, Budget::UNLIMITED);
        let (some, end) = listed(&mut solver, &p, Budget::nodes(3));
        let (end, found) = end.expect("no clash");
        if end == End::OutOfNodes {
            cut += 1;
            // What was listed is the start of the full listing.
            assert_eq!(found as usize, some.len());
            assert_eq!(&all[..some.len()], &some[..]);
        } else {
            assert_eq!(some, all);
        }
    }
    assert!(cut > 0);
}

#[test]
fn above_order_12_clashing_givens_are_the_links_clash() {
    // A 16x16 and a 20x20 blank but for two equal givens in one row, and
    // a 16x16 with a given clashing with the rest of its grid.
    for n in [16, 20] {
        let shape = Shape::default_for(n).unwrap();
        let mut givens = vec![None; n * n];
        givens[0] = Some(3);
        givens[n - 1] = Some(3);
        let p = puzzle(&shape, givens);
        let mut solver = GridSolver::new(&shape);
        assert!(solver.lists_on_bits());
        let mut out = Vec::new();
        let mine = solver.solve(&p, |g| collect(&mut out, g, usize::MAX));
        let theirs = Links::new(&shape).solve(&p, |_| ControlFlow::Continue(()));
        assert!(out.is_empty());
        assert_eq!(mine.unwrap_err(), theirs.unwrap_err(), "order {n}");
    }
}
