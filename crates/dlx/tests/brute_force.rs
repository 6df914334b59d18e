//! Property test: on random small problems with primary, secondary and
//! colored items, the engine finds exactly the solutions a plain
//! brute-force enumerator finds, and each is an exact cover.

use std::collections::BTreeSet;

use dlx::{Entry, Problem, ProblemBuilder, Solver};
use proptest::prelude::*;

/// Every subset of options, checked one by one (problems have at most 14
/// options, so at most 16,384 subsets).
fn brute_force(p: &Problem) -> BTreeSet<Vec<usize>> {
    let n = p.option_count();
    (0u32..1 << n)
        .map(|mask| (0..n).filter(|k| mask >> k & 1 == 1).collect::<Vec<_>>())
        .filter(|s| p.is_solution(s))
        .collect()
}

fn problem() -> impl Strategy<Value = Problem> {
    (1usize..6, 0usize..4, 0u32..3).prop_flat_map(|(primary, secondary, colors)| {
        let items = primary + secondary;
        let entry = (0..items as u32, 0..=colors);
        let option = proptest::collection::vec(entry, 1..=items.min(4));
        proptest::collection::vec(option, 0..14).prop_map(move |options| {
            let mut b = ProblemBuilder::new(
                (0..primary).map(|i| format!("p{i}")),
                (0..secondary).map(|i| format!("s{i}")),
            )
            .unwrap();
            for c in 0..colors {
                b.color(&format!("c{c}")).unwrap();
            }
            for raw in options {
                let mut seen = BTreeSet::new();
                let entries: Vec<Entry> = raw
                    .into_iter()
                    .filter(|&(item, _)| seen.insert(item))
                    .map(|(item, color)| Entry {
                        item,
                        color: if (item as usize) < primary { 0 } else { color },
                    })
                    .collect();
                b.add_option(&entries).unwrap();
            }
            b.build().unwrap()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    #[test]
    fn engine_agrees_with_brute_force(p in problem()) {
        let expected = brute_force(&p);
        let mut solver = Solver::new(&p);
        let found: Vec<Vec<usize>> = solver.solutions().collect();
        solver.set_faithful(true);
        prop_assert_eq!(solver.solutions().count(), found.len());
        solver.set_faithful(false);
        for s in &found {
            prop_assert!(p.is_solution(s), "not an exact cover: {:?}", s);
        }
        let found_set: BTreeSet<Vec<usize>> = found.iter().map(|s| { let mut s = s.clone(); s.sort(); s }).collect();
        prop_assert_eq!(found_set.len(), found.len(), "a solution was listed twice");
        prop_assert_eq!(&found_set, &expected);
        prop_assert_eq!(solver.count(None), expected.len() as u64);
        solver.set_faithful(true);
        prop_assert_eq!(solver.count(None), expected.len() as u64);
        // Forcing the first option of some solution keeps exactly the
        // solutions that contain it.
        if let Some(s) = expected.iter().next() {
            let k = s[0];
            solver.force(k).unwrap();
            let with_k = expected.iter().filter(|s| s.contains(&k)).count() as u64;
            prop_assert_eq!(solver.count(None), with_k);
            solver.set_faithful(false);
            prop_assert_eq!(solver.count(None), with_k);
            prop_assert_eq!(solver.count(Some(1)), with_k.min(1));
            solver.unforce_all();
        }
    }
}
