//! `analyze::variant_findings` on random 4x4 variant puzzles (every
//! constraint family, random givens), each answer checked by re-solving
//! with brute force over every grid of the shape (`Puzzle::verify`): a
//! given, constraint or cage sum is called redundant exactly when taking
//! it away alone leaves one solution; a suggested given or constraint is
//! kept by some solution and leaves the count it says.

mod common;
use common::*;

use dlx::Budget;
use reduce::analyze::{variant_findings, Count};
use reduce::constraint::{Constraint, Grid, Killer, Rules};
use reduce::{Alphabet, Puzzle, Regions, Shape};

/// The count up to 2 by brute force.
fn count(grids: &[Vec<u8>], p: &Puzzle) -> u64 {
    grids.iter().filter(|g| p.verify(g).is_ok()).take(2).count() as u64
}

fn with_constraints(p: &Puzzle, constraints: Vec<Constraint>) -> Puzzle {
    let candidates = p.rules().candidates.clone();
    p.classic().with_rules(Rules { constraints, candidates }).unwrap()
}

#[test]
fn redundancy_and_suggestions_agree_with_brute_force() {
    let mut rng = Rng(34);
    let shapes = [Shape::default_for(4).unwrap(), Shape::new(4, Regions::None).unwrap()];
    let (mut unique, mut several, mut redundant, mut made_unique) = (0, 0, 0, 0);
    for shape in &shapes {
        let grids = all_grids(shape);
        let alphabet = Alphabet::default_for(4).unwrap();
        for _ in 0..300 {
            let truth = &grids[rng.below(grids.len())];
            let mut rules = random_rules(&mut rng, shape, truth);
            rules.candidates = None;
            // Honest rules only: the puzzle has a solution.
            if rules.check(Grid { n: 4, cells: truth }).is_err() || rules.constraints.is_empty() {
                continue;
            }
            let givens: Vec<Option<u8>> = truth.iter().map(|&v| rng.chance(30).then_some(v)).collect();
            let p = Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap().with_rules(rules).unwrap();
            let k = count(&grids, &p);
            let count_now = if k == 1 { Count::Exactly(1) } else { Count::AtLeast(k) };
            let f = variant_findings(&p, count_now, Budget::UNLIMITED, None);
            assert!(f.undecided_givens.is_empty() && f.undecided_constraints.is_empty());
            if k == 1 {
                unique += 1;
                for cell in (0..16).filter(|&c| p.givens()[c].is_some()) {
                    let mut q = p.clone();
                    q.set_given(cell, None).unwrap();
                    assert_eq!(
                        count(&grids, &q) == 1,
                        f.redundant_givens.contains(&cell),
                        "{p:?} given {cell}"
                    );
                }
                let cs = &p.rules().constraints;
                for i in 0..cs.len() {
                    let mut fewer = cs.clone();
                    fewer.remove(i);
                    let alone = count(&grids, &with_constraints(&p, fewer)) == 1;
                    assert_eq!(alone, f.redundant_constraints.contains(&i), "{p:?} constraint {i}");
                    redundant += alone as usize;
                    if let (Constraint::Killer(c), false) = (&cs[i], alone) {
                        if c.sum.is_some() {
                            let mut sumless = cs.clone();
                            sumless[i] = Killer { cells: c.cells.clone(), sum: None }.into();
                            let ok = count(&grids, &with_constraints(&p, sumless)) == 1;
                            assert_eq!(ok, f.redundant_sums.contains(&i), "{p:?} sum {i}");
                        }
                    }
                }
            } else if k == 2 {
                several += 1;
                let (cell, v) = f.given.as_ref().expect("a given to add").what;
                let mut q = p.clone();
                q.set_given(cell, Some(v)).unwrap();
                let left = count(&grids, &q);
                assert!(left >= 1);
                let said = f.given.as_ref().unwrap().leaves;
                assert_eq!(said == Count::Exactly(1), left == 1, "{p:?}");
                if let Some(a) = &f.constraint {
                    let mut more = p.rules().constraints.clone();
                    more.push(a.what.clone());
                    let left = count(&grids, &with_constraints(&p, more));
                    assert!(left >= 1, "{p:?}: {:?} keeps no solution", a.what);
                    assert_eq!(a.leaves == Count::Exactly(1), left == 1, "{p:?}");
                    made_unique += (left == 1) as usize;
                }
            }
        }
    }
    assert!(
        unique > 20 && several > 50 && redundant > 5 && made_unique > 20,
        "{unique} {several} {redundant} {made_unique}"
    );
}
