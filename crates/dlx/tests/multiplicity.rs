//! Property test: on random small problems with bounds on their primary
//! items (lower bounds of 0 included), secondary and colored items,
//! Algorithm M finds exactly the solutions a plain brute-force enumerator
//! over every subset of options finds, each listed once; fast and faithful
//! counts, forced options, subtrees, threads (counting and listing) and
//! small estimates (exact on a tree this small) all agree with it.

use std::collections::BTreeSet;

use dlx::{parallel, EstimateOptions, Problem, Solver};
use proptest::prelude::*;

mod common;
use common::brute_force;

/// Random problems: 1 to 5 primary items, each with bounds `a:b` where
/// `0 <= a <= b <= 3` (a third of them exactly once), 0 to 3 secondary
/// items, up to 2 colors, and up to 12 options of 1 to 4 items.
pub fn problem() -> impl Strategy<Value = Problem> {
    (1usize..6, 0usize..4, 0u32..3).prop_flat_map(|(primary, secondary, colors)| {
        let items = primary + secondary;
        let entry = (0..items as u32, 0..=colors);
        let option = proptest::collection::vec(entry, 1..=items.min(4));
        let bounds = proptest::collection::vec((0u32..4, 1u32..4, 0u32..3), primary);
        (proptest::collection::vec(option, 0..13), bounds).prop_map(move |(options, bounds)| {
            common::build(primary, secondary, colors, &bounds, options.into_iter().map(|o| (o, None)))
        })
    })
}

fn sorted(s: &[usize]) -> Vec<usize> {
    let mut s = s.to_vec();
    s.sort_unstable();
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6_000, ..ProptestConfig::default() })]

    #[test]
    fn algorithm_m_agrees_with_brute_force(p in problem()) {
        let expected = brute_force(&p);
        let want = expected.len() as u64;
        let mut solver = Solver::new(&p);
        for faithful in [false, true] {
            solver.set_faithful(faithful);
            let found: Vec<Vec<usize>> = solver.solutions().collect();
            for s in &found {
                prop_assert!(p.is_solution(s), "not a solution: {:?}", s);
            }
            let set: BTreeSet<Vec<usize>> = found.iter().map(|s| sorted(s)).collect();
            prop_assert_eq!(set.len(), found.len(), "a solution was listed twice");
            prop_assert_eq!(&set, &expected);
            let all = solver.count(None);
            prop_assert_eq!(all.solutions(), Some(want));
            prop_assert_eq!(solver.count(Some(1)).solutions(), Some(want.min(1)));
            // With more probes than the tree has nodes, the estimate walks
            // it all, exactly: every node and branch as the search sees them.
            let e = solver.estimate(&EstimateOptions { probes: 1 << 40, seed: 0, stratify: true });
            prop_assert!(e.exact);
            prop_assert_eq!((e.solutions.value, e.nodes.value), (want as f64, all.nodes() as f64));
        }
        solver.set_faithful(false);
        // Subtrees split the solutions, on one thread and on two.
        let paths = solver.subtrees(7);
        let by_parts: u64 = paths.iter().map(|path| solver.count_subtree(path, None).solutions().unwrap()).sum();
        prop_assert_eq!(by_parts, want);
        let mut listed = BTreeSet::new();
        for path in &paths {
            let o = solver.search_subtree(path, |s| {
                listed.insert(sorted(s));
                std::ops::ControlFlow::Continue(())
            });
            prop_assert!(!o.is_unknown());
        }
        prop_assert_eq!(&listed, &expected);
        prop_assert_eq!(parallel::count(&mut solver, 2, None, None).solutions(), Some(want));
        prop_assert_eq!(parallel::count_adaptive(&mut solver, 2, None).solutions(), Some(want));
        let mut listed = Vec::new();
        let o = parallel::search(&mut solver, 2, |s| {
            listed.push(sorted(s));
            std::ops::ControlFlow::Continue(())
        });
        prop_assert_eq!(o.solutions(), Some(want));
        let set: BTreeSet<Vec<usize>> = listed.iter().cloned().collect();
        prop_assert_eq!(set.len(), listed.len(), "listed twice on two threads");
        prop_assert_eq!(&set, &expected);
        // Forcing an option keeps exactly the solutions that contain it.
        if let Some(s) = expected.iter().find(|s| !s.is_empty()) {
            let k = s[s.len() / 2];
            solver.force(k).unwrap();
            let with_k: BTreeSet<Vec<usize>> = expected.iter().filter(|s| s.contains(&k)).cloned().collect();
            prop_assert_eq!(solver.count(None).solutions(), Some(with_k.len() as u64));
            let listed: BTreeSet<Vec<usize>> = solver.solutions().map(|s| sorted(&s)).collect();
            prop_assert_eq!(&listed, &with_k);
            prop_assert_eq!(solver.force(k), Err(dlx::ForceError::Conflict { option: k }));
            solver.unforce_all();
        }
        prop_assert_eq!(solver.count(None).solutions(), Some(want), "the solver is as it was");
    }
}
