//! The logical solver on variant puzzles: random small puzzles with random
//! rules of every family (4x4 with boxes, a jigsaw and none; 6x6 with
//! boxes), checked against every solution. Every step keeps every
//! solution (no placement differs from one, no elimination removes a
//! symbol one holds), and the verdict agrees with the count: a rating
//! exactly when there is one solution, and then the grid the steps fill is
//! that solution; "no solution" and "more than one" otherwise.

mod common;
use common::*;

use std::ops::ControlFlow;

use reduce::logic::{Logic, Step, Technique, Unrated, Verdict};
use reduce::{Alphabet, GridSolver, Puzzle, Regions, Shape};

/// Adds rules `truth` keeps to `p` until `count` says it has at most one
/// solution (or 20 rules are added).
fn narrowed(rng: &mut Rng, p: Puzzle, truth: &[u8], mut count: impl FnMut(&Puzzle) -> usize) -> Puzzle {
    let mut p = p;
    for _ in 0..20 {
        if count(&p) <= 1 {
            break;
        }
        let mut rules = p.rules().clone();
        rules.constraints.extend(random_constraint(rng, p.shape(), truth, true));
        p = p.with_rules(rules).unwrap();
    }
    p
}

fn random_puzzle(rng: &mut Rng, shape: &Shape, truth: &[u8], given: u64) -> Puzzle {
    let n = shape.n();
    // Half the time the search tests' rules (a few, often not kept by
    // any grid); otherwise more rules, all kept by `truth`, for more
    // puzzles with one solution and more variant steps.
    let mut rules = if rng.chance(50) { random_rules(rng, shape, truth) } else { Default::default() };
    for _ in 0..rng.below(8) {
        rules.constraints.extend(random_constraint(rng, shape, truth, true));
    }
    let givens: Vec<Option<u8>> = truth.iter().map(|&v| rng.chance(given).then_some(v)).collect();
    Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), givens).unwrap().with_rules(rules).unwrap()
}

/// Every solution of `p` up to `limit`, by the search; `None` past it.
fn solutions(solver: &mut GridSolver, p: &Puzzle, limit: usize) -> Option<Vec<Vec<u8>>> {
    let mut found = Vec::new();
    let outcome = solver.solve(p, |g| {
        found.push(g.to_vec());
        if found.len() > limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match outcome {
        Err(_) => Some(Vec::new()),
        Ok(_) if found.len() > limit => None,
        Ok(o) if o.solutions().is_none() => None,
        Ok(_) => Some(found),
    }
}

/// Runs the logical solver on `p`, checking each step against every one of
/// `all` and the verdict against their number; counts each technique.
fn check(logic: &mut Logic, p: &Puzzle, all: &[Vec<u8>], seen: &mut [usize]) {
    let n = p.n();
    let verdict = logic.explain(p, |step: &Step| {
        seen[Technique::ALL.iter().position(|&t| t == step.technique()).unwrap()] += 1;
        let words = step.display(p).to_string();
        for s in all {
            for c in step.placements() {
                assert_eq!(s[c.row * n + c.column], c.symbol, "{words}\n{p:?}");
            }
            for e in step.eliminations() {
                assert_ne!(s[e.row * n + e.column], e.symbol, "{words}\n{p:?}");
            }
        }
        assert!(!step.eliminations().is_empty() || !step.placements().is_empty(), "{words}");
    });
    match (all.len(), &verdict) {
        (1, Verdict::Solved(_)) => {
            let grid: Vec<u8> = logic.values().map(|v| v.unwrap()).collect();
            assert_eq!(grid, all[0], "{p:?}");
        }
        (1, Verdict::Stuck(_)) => {}
        (0, Verdict::Unrated(Unrated::NoSolution | Unrated::Conflict(_))) => {}
        (k, Verdict::Unrated(Unrated::MultipleSolutions)) if k > 1 => {}
        (k, v) => panic!("{k} solutions, verdict {v:?}\n{p:?}"),
    }
}

#[test]
fn variant_steps_keep_every_solution_on_4x4() {
    let mut rng = Rng(0x10_91c5);
    let shapes = [
        Shape::default_for(4).unwrap(),
        Shape::new(4, Regions::Map("0011001122332233".chars().collect())).unwrap(),
        Shape::new(4, Regions::None).unwrap(),
    ];
    let mut seen = [0usize; Technique::ALL.len()];
    let mut unique = 0;
    for shape in &shapes {
        let grids = all_grids(shape);
        let mut logic = Logic::new(shape);
        for _ in 0..700 {
            let truth = grids[rng.below(grids.len())].clone();
            let mut p = random_puzzle(&mut rng, shape, &truth, 15);
            if rng.chance(50) {
                p = p.classic();
                p = narrowed(&mut rng, p, &truth, |p| grids.iter().filter(|g| p.verify(g).is_ok()).count());
            }
            let all: Vec<Vec<u8>> = grids.iter().filter(|g| p.verify(g).is_ok()).cloned().collect();
            unique += (all.len() == 1) as usize;
            check(&mut logic, &p, &all, &mut seen);
        }
    }
    let took = |t: Technique| seen[Technique::ALL.iter().position(|&x| x == t).unwrap()];
    eprintln!("{unique} unique; {seen:?}");
    assert!(unique > 200, "{unique}");
    for t in [Technique::RulePair, Technique::CageCombinations, Technique::SumBounds, Technique::ClueRule] {
        assert!(took(t) > 20, "{t}: {seen:?}");
    }
}

#[test]
fn variant_steps_keep_every_solution_on_6x6() {
    let mut rng = Rng(0x6_6091c);
    let shape = Shape::default_for(6).unwrap();
    let n = 6;
    let mut solver = GridSolver::new(&shape);
    let mut logic = Logic::new(&shape);
    let blank = Puzzle::new(shape.clone(), Alphabet::default_for(n).unwrap(), vec![None; n * n]).unwrap();
    let mut seen = [0usize; Technique::ALL.len()];
    let (mut checked, mut unique) = (0, 0);
    for round in 0..300u64 {
        let mut truth = Vec::new();
        let _ = solver.solve_shuffled(&blank, round, |g| {
            truth = g.to_vec();
            ControlFlow::Break(())
        });
        let mut p = random_puzzle(&mut rng, &shape, &truth, 30);
        if rng.chance(50) {
            p = p.classic();
            p = narrowed(&mut rng, p, &truth, |p| solutions(&mut solver, p, 1).map_or(2, |s| s.len()));
        }
        let Some(all) = solutions(&mut solver, &p, 20) else { continue };
        checked += 1;
        unique += (all.len() == 1) as usize;
        check(&mut logic, &p, &all, &mut seen);
    }
    eprintln!("{checked} checked, {unique} unique; {seen:?}");
    assert!(checked > 100 && unique > 25, "{checked} {unique}");
}
