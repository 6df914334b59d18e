//! Property test: on random small problems whose options have costs (with
//! colors, and with or without bounds on the primary items), the `k`
//! cheapest solutions have the costs a brute-force enumerator over every
//! subset of options gives, each listed one is a solution with the cost
//! reported, none twice, in increasing order; DLX5's faithful search and
//! the search on several threads agree.

use std::collections::BTreeSet;

use dlx::{Cheapest, Costed, Problem};
use proptest::prelude::*;

mod common;

/// Every solution's cost, cheapest first (at most 12 options).
fn brute_force(p: &Problem) -> Vec<(u64, Vec<usize>)> {
    let mut all: Vec<(u64, Vec<usize>)> =
        common::brute_force(p).into_iter().map(|s| (p.solution_cost(&s), s)).collect();
    all.sort();
    all
}

/// Random problems: 1 to 5 primary items (with bounds `a:b`, `a` possibly
/// 0, when `bounded`), 0 to 3 secondary items, up to 2 colors, up to 12
/// options of 1 to 4 items, each costing 0 to 9.
fn problem(bounded: bool) -> impl Strategy<Value = Problem> {
    (1usize..6, 0usize..4, 0u32..3).prop_flat_map(move |(primary, secondary, colors)| {
        let items = primary + secondary;
        let entry = (0..items as u32, 0..=colors);
        let option = (proptest::collection::vec(entry, 1..=items.min(4)), 0u64..10);
        let bounds = proptest::collection::vec((0u32..4, 1u32..4, 0u32..3), primary);
        (proptest::collection::vec(option, 0..13), bounds).prop_map(move |(options, bounds)| {
            common::build(
                primary,
                secondary,
                colors,
                if bounded { &bounds } else { &[] },
                options.into_iter().map(|(o, cost)| (o, Some(cost))),
            )
        })
    })
}

/// Checks a list of cheapest solutions against every solution's cost.
fn check(p: &Problem, got: &[Costed], all: &[(u64, Vec<usize>)], k: usize) -> Result<(), TestCaseError> {
    let want: Vec<u64> = all.iter().take(k).map(|s| s.0).collect();
    let costs: Vec<u64> = got.iter().map(|s| s.cost).collect();
    prop_assert_eq!(&costs, &want, "k = {}", k);
    let mut seen = BTreeSet::new();
    for s in got {
        prop_assert!(p.is_solution(&s.options), "not a solution: {:?}", s.options);
        prop_assert_eq!(p.solution_cost(&s.options), s.cost);
        let mut sorted = s.options.clone();
        sorted.sort_unstable();
        prop_assert!(seen.insert(sorted), "listed twice: {:?}", s.options);
    }
    Ok(())
}

fn cheapest_agree_with_brute_force(p: &Problem) -> Result<(), TestCaseError> {
    let all = brute_force(p);
    let mut cheapest = Cheapest::new(p);
    for k in [1, 2, 3, 5, 100] {
        check(p, cheapest.best(k).cheapest().unwrap(), &all, k)?;
        let two = dlx::parallel::best(&mut cheapest, k, 2);
        check(p, two.cheapest().unwrap(), &all, k)?;
    }
    cheapest.set_faithful(true);
    check(p, cheapest.best(3).cheapest().unwrap(), &all, 3)?;
    prop_assert!(cheapest.best(0).cheapest().unwrap().is_empty());
    // Asking for more than there are lists them all.
    let every: BTreeSet<Vec<usize>> = cheapest
        .best(usize::MAX)
        .into_cheapest()
        .unwrap()
        .into_iter()
        .map(|s| {
            let mut o = s.options;
            o.sort_unstable();
            o
        })
        .collect();
    prop_assert_eq!(every, all.iter().map(|s| s.1.clone()).collect::<BTreeSet<_>>());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

    #[test]
    fn cheapest_exact_covers_agree_with_brute_force(p in problem(false)) {
        cheapest_agree_with_brute_force(&p)?;
    }

    #[test]
    fn cheapest_with_bounds_agree_with_brute_force(p in problem(true)) {
        cheapest_agree_with_brute_force(&p)?;
    }

    /// Knuth's text, with bounds and costs, reads back as the same problem
    /// (the generator declares colors that no option may use; text only
    /// has those used) and writes again as the same text.
    #[test]
    fn bounds_and_costs_round_trip_through_text(p in problem(true)) {
        let text = dlx::text::to_string(&p);
        let q = dlx::text::parse(&text).unwrap().problem;
        prop_assert_eq!(dlx::text::to_string(&q), text);
        prop_assert_eq!(q.option_count(), p.option_count());
        for i in 0..p.item_count() {
            prop_assert_eq!(q.bounds(i), p.bounds(i));
        }
        for k in 0..p.option_count() {
            prop_assert_eq!(q.cost(k), p.cost(k));
            prop_assert_eq!(q.display_option(k).to_string(), p.display_option(k).to_string());
        }
    }
}
