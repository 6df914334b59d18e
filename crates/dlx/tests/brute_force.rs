//! Property test: on random small problems with primary, secondary and
//! colored items, the engine finds exactly the solutions a plain
//! brute-force enumerator finds, and each is an exact cover; and its search
//! trees are DLX1's, walked again here on plain sets.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx::{Problem, Solver};
use proptest::prelude::*;

mod common;
use common::brute_force;

/// DLX1's search tree (DLX2's with colors), walked on plain sets: the
/// nodes as DLX1 counts them (each entry into a level, plus one per
/// solution). `state[i]`: `None` while item `i` is free, `Some(0)` once
/// covered, `Some(c)` once a chosen option gave it color c.
fn dlx1_tree(p: &Problem) -> u64 {
    fn available(p: &Problem, state: &[Option<u32>], x: usize) -> bool {
        p.option(x).iter().all(|e| match state[e.item as usize] {
            None => true,
            Some(c) => e.color != 0 && e.color == c,
        })
    }
    fn level(p: &Problem, state: &mut Vec<Option<u32>>) -> u64 {
        let n1 = p.primary_count();
        let holds = |x: usize, i: usize| p.option(x).iter().any(|e| e.item as usize == i);
        // The leftmost active primary item with the fewest options left.
        let mut best: Option<(usize, usize)> = None;
        for i in (0..n1).filter(|&i| state[i].is_none()) {
            let k = (0..p.option_count()).filter(|&x| holds(x, i) && available(p, state, x)).count();
            if best.is_none_or(|(_, b)| k < b) {
                best = Some((i, k));
            }
        }
        let (item, k) = best.expect("an active primary item");
        if k == 0 {
            return 1;
        }
        let mut nodes = 1;
        for x in 0..p.option_count() {
            if !holds(x, item) || !available(p, state, x) {
                continue;
            }
            let saved = state.clone();
            for e in p.option(x) {
                let primary = (e.item as usize) < n1;
                state[e.item as usize] = Some(if primary { 0 } else { e.color });
            }
            if state[..n1].iter().all(Option::is_some) {
                nodes += 1;
            } else {
                nodes += level(p, state);
            }
            *state = saved;
        }
        nodes
    }
    level(p, &mut vec![None; p.item_count()])
}

fn problem() -> impl Strategy<Value = Problem> {
    problem_with(3)
}

/// Random problems whose options use at most `colors - 1` colors.
fn problem_with(colors: u32) -> impl Strategy<Value = Problem> {
    (1usize..6, 0usize..4, 0u32..colors).prop_flat_map(|(primary, secondary, colors)| {
        let items = primary + secondary;
        let entry = (0..items as u32, 0..=colors);
        let option = proptest::collection::vec(entry, 1..=items.min(4));
        proptest::collection::vec(option, 0..14).prop_map(move |options| {
            common::build(primary, secondary, colors, &[], options.into_iter().map(|o| (o, None)))
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
        prop_assert_eq!(solver.count(None).solutions().unwrap(), expected.len() as u64);
        solver.set_faithful(true);
        prop_assert_eq!(solver.count(None).solutions().unwrap(), expected.len() as u64);
        // The faithful search walks DLX1's tree; the fast one skips its
        // dead ends and, counting, its last levels, but counts their nodes
        // as DLX1 does.
        let nodes = dlx1_tree(&p);
        let faithful = solver.search(|_| ControlFlow::Continue(()));
        prop_assert_eq!(faithful.nodes(), nodes);
        solver.set_faithful(false);
        let fast = solver.search(|_| ControlFlow::Continue(()));
        prop_assert_eq!(fast.nodes(), nodes, "the fast search");
        prop_assert_eq!(solver.count(None).nodes(), nodes, "the fast count");
        solver.set_faithful(true);
        // Forcing the first option of some solution keeps exactly the
        // solutions that contain it.
        if let Some(s) = expected.iter().next() {
            let k = s[0];
            solver.force(k).unwrap();
            let with_k = expected.iter().filter(|s| s.contains(&k)).count() as u64;
            prop_assert_eq!(solver.count(None).solutions().unwrap(), with_k);
            solver.set_faithful(false);
            prop_assert_eq!(solver.count(None).solutions().unwrap(), with_k);
            prop_assert_eq!(solver.count(Some(1)).solutions().unwrap(), with_k.min(1));
            solver.unforce_all();
        }
    }
}

/// Every listing of `solver`, in order.
fn listing(solver: &mut Solver) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let _ = solver.search(|s| {
        all.push(s.to_vec());
        ControlFlow::Continue(())
    });
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4_000, ..ProptestConfig::default() })]

    /// The bitset engine (problems without colors) and the dancing links
    /// agree with each other and with brute force: the same solutions in
    /// the same order, the same counts and nodes, the same cut of the tree
    /// into pieces and the same estimates of them; and the listings of the
    /// shards of a tree, dealt by those estimates, are together the full
    /// listing.
    #[test]
    fn bitset_and_links_agree(p in problem_with(1), m in 1usize..6) {
        use dlx::parallel::{count, search_shard, shard_pieces, Shard};
        let expected = brute_force(&p);
        let mut bits = Solver::new(&p);
        let mut links = Solver::new(&p);
        links.set_bitset(false);
        bits.set_bitset_lists(true);
        prop_assert!(bits.uses_bitset() && bits.lists_on_bitset());
        prop_assert!(!links.uses_bitset());
        let listed = listing(&mut bits);
        prop_assert_eq!(&listed, &listing(&mut links));
        let set: BTreeSet<Vec<usize>> = listed.iter().map(|s| { let mut s = s.clone(); s.sort(); s }).collect();
        prop_assert_eq!(&set, &expected);
        let (a, b) = (bits.count(None), links.count(None));
        prop_assert_eq!(a.solutions(), b.solutions());
        prop_assert_eq!(a.nodes(), b.nodes());
        prop_assert_eq!(bits.count(Some(1)).solutions(), links.count(Some(1)).solutions());
        let mut pieces = vec![Vec::new()];
        for _ in 0..3 {
            let (x, grew) = bits.expand(&pieces);
            prop_assert_eq!(&(x.clone(), grew), &links.expand(&pieces));
            let probes: Vec<u64> = (0..x.len() as u64).map(|i| i % 4).collect();
            prop_assert_eq!(bits.piece_sizes(&x, &probes, 7), links.piece_sizes(&x, &probes, 7));
            pieces = x;
        }
        for solver in [&mut bits, &mut links] {
            let mut union = Vec::new();
            let mut sum = 0;
            for k in 0..m {
                let shard = Shard { index: k, count: m };
                prop_assert_eq!(&shard_pieces(solver, shard), &shard_pieces(solver, shard));
                let _ = search_shard(solver, shard, |s| {
                    union.push(s.to_vec());
                    ControlFlow::Continue(())
                });
                sum += count(solver, 1, Some(shard), None).solutions().unwrap();
            }
            prop_assert_eq!(sum, expected.len() as u64);
            union.sort();
            let mut all = listed.clone();
            all.sort();
            prop_assert_eq!(&union, &all);
        }
    }
}
