//! What the engines' property tests share: every solution of a small
//! problem by brute force over all sets of options, and the builder that
//! turns proptest's raw draws into a problem (each test file keeps its own
//! strategy, so that its stored regressions still draw the same problems);
//! domino tilings, every solution by the plain engine, and the random
//! problems with colors the memo and diagram tests draw.

#![allow(dead_code)]

use std::collections::BTreeSet;

use dlx::{Entry, Problem, ProblemBuilder, Solver};
use proptest::prelude::*;

/// Every solution of `p`, as sorted option indices, by trying every set of
/// options (`p` must have fewer than 32 options).
pub fn brute_force(p: &Problem) -> BTreeSet<Vec<usize>> {
    let n = p.option_count();
    (0u32..1 << n)
        .map(|mask| (0..n).filter(|k| mask >> k & 1 == 1).collect::<Vec<_>>())
        .filter(|s| p.is_solution(s))
        .collect()
}

/// One drawn option: its `(item, color)` entries (repeated items are
/// dropped, primary items lose their color) and perhaps a cost.
pub type RawOption = (Vec<(u32, u32)>, Option<u64>);

/// The problem with `primary` items `p0...`, `secondary` items `s0...`,
/// `colors` colors `c0...`, primary item `i` bounded by `bounds[i]` (drawn
/// as `(x, y, plain)`: `1:1` when `plain` is 0, else `min(x, y):y`; no
/// bounds when `bounds` is empty), and `options`.
pub fn build(
    primary: usize,
    secondary: usize,
    colors: u32,
    bounds: &[(u32, u32, u32)],
    options: impl IntoIterator<Item = RawOption>,
) -> Problem {
    let mut b =
        ProblemBuilder::new((0..primary).map(|i| format!("p{i}")), (0..secondary).map(|i| format!("s{i}")))
            .unwrap();
    for (i, &(x, y, plain)) in bounds.iter().enumerate() {
        let (lower, upper) = if plain == 0 { (1, 1) } else { (x.min(y), y) };
        b.set_bounds(i as u32, lower, upper).unwrap();
    }
    for c in 0..colors {
        b.color(&format!("c{c}")).unwrap();
    }
    for (raw, cost) in options {
        let mut seen = BTreeSet::new();
        let entries: Vec<Entry> = raw
            .into_iter()
            .filter(|&(item, _)| seen.insert(item))
            .map(|(item, color)| Entry { item, color: if (item as usize) < primary { 0 } else { color } })
            .collect();
        let k = b.add_option(&entries).unwrap();
        if let (Some(k), Some(cost)) = (k, cost) {
            b.set_cost(k, cost).unwrap();
        }
    }
    b.build().unwrap()
}

/// Domino tilings of an `m` x `n` board: a cell an item, a domino an option.
pub fn dominoes(m: usize, n: usize) -> Problem {
    let cell = |r: usize, c: usize| format!("c{r}_{c}");
    let mut b = ProblemBuilder::new((0..m * n).map(|k| cell(k / n, k % n)), Vec::<String>::new()).unwrap();
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                b.add_option_names([cell(r, c), cell(r, c + 1)]).unwrap();
            }
            if r + 1 < m {
                b.add_option_names([cell(r, c), cell(r + 1, c)]).unwrap();
            }
        }
    }
    b.build().unwrap()
}

/// Every solution of `p`, sorted, by the plain engine.
pub fn all_solutions(p: &Problem) -> BTreeSet<Vec<usize>> {
    Solver::new(p)
        .solutions()
        .map(|mut s| {
            s.sort();
            s
        })
        .collect()
}

/// Random problems with primary, secondary and colored items.
pub fn colored_problem() -> impl Strategy<Value = Problem> {
    (1usize..7, 0usize..4, 0u32..3).prop_flat_map(|(primary, secondary, colors)| {
        let items = primary + secondary;
        let entry = (0..items as u32, 0..=colors);
        let option = proptest::collection::vec(entry, 1..=items.min(4));
        proptest::collection::vec(option, 0..18).prop_map(move |options| {
            build(primary, secondary, colors, &[], options.into_iter().map(|o| (o, None)))
        })
    })
}
