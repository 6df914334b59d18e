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

mod common;
use common::*;

fn blank(shape: &Shape) -> Puzzle {
    let n = shape.n();
    Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap()
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

/// A long arrow (a line of 5 to 24 cells, a pill of 1 to 3 of them) that
/// `truth` keeps, found by drawing lines until one fits (or one drawn at
/// random after 300 tries, kept or not): on 6x6 a shaft of 15 cells or
/// more and a pill of two span more than 128 sums (several words), and
/// the cells fall in several houses.
fn long_arrow(rng: &mut Rng, n: usize, truth: &[u8]) -> Arrow {
    let reading = |cells: &[usize]| cells.iter().fold(0u64, |r, &c| r * 10 + truth[c] as u64 + 1);
    let mut last = None;
    for _ in 0..300 {
        let line = random_line(rng, n, 5, 20);
        let k = (1 + rng.below(3)).min(line.len() - 1);
        let (circle, shaft) = line.split_at(k);
        // A pill listed in reading order (backwards it is refused).
        let mut circle = circle.to_vec();
        circle.sort_unstable();
        let sum: u64 = shaft.iter().map(|&c| truth[c] as u64 + 1).sum();
        let Ok(arrow) = Arrow::new(n, circle.clone(), shaft.to_vec()) else { continue };
        if sum == reading(&circle) {
            return arrow;
        }
        last = Some(arrow);
    }
    last.expect("an arrow")
}

/// Puzzles with long arrows and long little killers (sums wider than a
/// word, groups of cells that must differ): on 4x4 every count and list
/// equals the brute force's over every grid, on 6x6 the filter's.
#[test]
fn long_sums_count_what_brute_force_counts() {
    let mut rng = Rng(0x1065a);
    let (mut cases, mut solved) = (0, 0);
    for shape in [Shape::default_for(4).unwrap(), Shape::default_for(6).unwrap()] {
        let n = shape.n();
        let grids = if n == 4 { all_grids(&shape) } else { Vec::new() };
        let mut solver = GridSolver::new(&shape);
        for round in 0..if n == 4 { 300 } else { 120 } {
            let mut truth = Vec::new();
            let _ = solver.solve_shuffled(&blank(&shape), 7 + round, |g| {
                truth = g.to_vec();
                ControlFlow::Break(())
            });
            let mut constraints: Vec<Constraint> =
                (0..1 + rng.below(3)).map(|_| long_arrow(&mut rng, n, &truth).into()).collect();
            if rng.chance(30) {
                constraints.extend(sum_rule(&mut rng, &shape, &truth, true));
            }
            let givens: Vec<Option<u8>> =
                truth.iter().map(|&v| rng.chance(if n == 4 { 5 } else { 40 }).then_some(v)).collect();
            let p = Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), givens)
                .unwrap()
                .with_rules(Rules { constraints, candidates: None })
                .unwrap();
            let (got, got_count) = listed(&mut solver, VariantWay::Propagate, &p);
            let want = if n == 4 {
                let mut brute: Vec<Vec<u8>> = grids.iter().filter(|g| p.verify(g).is_ok()).cloned().collect();
                brute.sort();
                brute
            } else {
                listed(&mut solver, VariantWay::Filter, &p).0
            };
            assert_eq!(got, want, "{p:?}");
            assert_eq!(got_count, Some(want.len() as u64), "{p:?}");
            cases += 1;
            solved += !want.is_empty() as usize;
        }
    }
    assert!(solved > cases / 3, "{solved} of {cases} cases have solutions");
}

/// Cages covering the whole grid, grown at random from cell to
/// neighbouring cell (1 to 5 cells each), with the sums of `truth`: now
/// and then one off by one (no solution, or others) or none.
fn random_cages(rng: &mut Rng, n: usize, truth: &[u8]) -> Vec<Constraint> {
    let mut taken = vec![false; n * n];
    let mut out = Vec::new();
    for start in 0..n * n {
        if taken[start] {
            continue;
        }
        let (want, mut cells) = (1 + rng.below(5), vec![start]);
        taken[start] = true;
        for _ in 0..20 {
            if cells.len() == want {
                break;
            }
            let c = cells[rng.below(cells.len())];
            let (r, col) = (c / n, c % n);
            let next = [(r + 1, col), (r, col + 1), (r.wrapping_sub(1), col), (r, col.wrapping_sub(1))];
            let (nr, nc) = next[rng.below(4)];
            if nr < n && nc < n && !taken[nr * n + nc] {
                taken[nr * n + nc] = true;
                cells.push(nr * n + nc);
            }
        }
        let sum: u32 = cells.iter().map(|&c| truth[c] as u32 + 1).sum::<u32>() + rng.chance(4) as u32;
        let sum = if rng.chance(5) { None } else { Some(sum) };
        out.push(Killer::new(n, cells, sum).unwrap().into());
    }
    out
}

/// Killer puzzles whose cages cover the grid (the derived sums, the
/// cages' combinations and the branching on a digit's two places in a
/// house all at work), few givens, on 6x6 with boxes and a jigsaw: the
/// variant search lists what the filter lists, and reports its nodes.
#[test]
#[ignore = "a minute: CI runs it in release"]
fn killer_grids_list_what_the_filter_lists_on_6x6() {
    let mut rng = Rng(0x6_c4e5);
    let shapes = [Shape::default_for(6).unwrap(), jigsaw(6, "000011022013221113243333244455445555")];
    let (mut cases, mut several, mut none) = (0, 0, 0);
    for shape in &shapes {
        let mut solver = GridSolver::new(shape);
        for round in 0..60 {
            let mut truth = Vec::new();
            let _ = solver.solve_shuffled(&blank(shape), 7000 + round, |g| {
                truth = g.to_vec();
                ControlFlow::Break(())
            });
            let rules = Rules { constraints: random_cages(&mut rng, 6, &truth), candidates: None };
            let givens: Vec<Option<u8>> = truth.iter().map(|&v| rng.chance(12).then_some(v)).collect();
            let p = Puzzle::new(shape.clone(), Alphabet::default_for(6).unwrap(), givens)
                .unwrap()
                .with_rules(rules)
                .unwrap();
            let (want, want_count) = listed(&mut solver, VariantWay::Filter, &p);
            let (got, got_count) = listed(&mut solver, VariantWay::Propagate, &p);
            assert_eq!(got, want, "{p:?}");
            assert_eq!((got_count, want_count), (Some(got.len() as u64), Some(want.len() as u64)), "{p:?}");
            // The statistics are the variant search's: its nodes.
            let o = solver.count(&p, None).unwrap_or(dlx::Outcome::new(End::Complete, 0, 0));
            if o.nodes() > 0 {
                assert_eq!(solver.stats().nodes, o.nodes(), "{p:?}");
                assert_eq!(solver.stats().solutions, want.len() as u64, "{p:?}");
            }
            cases += 1;
            several += (want.len() > 1) as usize;
            none += want.is_empty() as usize;
        }
    }
    // Most have no solution (a cage off by one), some one or more.
    assert!(cases - none >= 5 && none > cases / 2, "{cases} cases: {several} with several, {none} with none");
}

/// Killer puzzles whose cages cover the grid, no givens, on 4x4 with
/// boxes and a jigsaw: the search, with the sums it derives over
/// houses, runs of rows and columns and every two touching regions (cages
/// in or out of each by how much of them lies inside), counts and lists
/// what a brute force over every grid keeps.
#[test]
fn killer_grids_count_what_brute_force_counts_on_4x4() {
    let mut rng = Rng(0x4_c4e5);
    let shapes = [Shape::default_for(4).unwrap(), jigsaw(4, "0011022102312333")];
    let (mut cases, mut solved) = (0, 0);
    for shape in &shapes {
        let grids = all_grids(shape);
        let mut solver = GridSolver::new(shape);
        for _ in 0..1000 {
            let truth = grids[rng.below(grids.len())].clone();
            let rules = Rules { constraints: random_cages(&mut rng, 4, &truth), candidates: None };
            let p = blank(shape).with_rules(rules).unwrap();
            let mut brute: Vec<Vec<u8>> = grids.iter().filter(|g| p.verify(g).is_ok()).cloned().collect();
            brute.sort();
            let (found, counted) = listed(&mut solver, VariantWay::Propagate, &p);
            assert_eq!(found, brute, "{p:?}");
            assert_eq!(counted, Some(brute.len() as u64), "{p:?}");
            cases += 1;
            solved += !brute.is_empty() as usize;
        }
    }
    // Most have none (a cage off by one among many), a tenth or so some.
    assert!(solved > cases / 20, "{solved} of {cases} cases have solutions");
}

/// `Rules::broken_by_givens` answers "no solution" without a search, so it
/// must never say so of a puzzle that has one: givens drawn from another
/// grid than the one the constraints were read off, checked against every
/// grid by brute force.
#[test]
fn givens_said_to_break_a_constraint_leave_no_solution() {
    let mut rng = Rng(0xb20_4e11);
    let (mut said, mut cases) = (0, 0);
    for shape in [Shape::default_for(4).unwrap(), jigsaw(4, "0011001122332233")] {
        let grids = all_grids(&shape);
        for _ in 0..1500 {
            let truth = grids[rng.below(grids.len())].clone();
            let other = grids[rng.below(grids.len())].clone();
            let rules = random_rules(&mut rng, &shape, &truth);
            let givens: Vec<Option<u8>> = other.iter().map(|&v| rng.chance(70).then_some(v)).collect();
            let Ok(p) = Puzzle::new(shape.clone(), Alphabet::default_for(4).unwrap(), givens)
                .unwrap()
                .with_rules(rules)
            else {
                continue;
            };
            cases += 1;
            if let Some(why) = p.rules().broken_by_givens(4, p.givens()) {
                said += 1;
                assert!(grids.iter().all(|g| p.verify(g).is_err()), "{why}: {p:?}");
            }
        }
    }
    assert!(said > cases / 10, "said of {said} of {cases} cases");
}
