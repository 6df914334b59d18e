//! Decision diagrams from the memo engine: on random small problems with
//! colors, the diagram's count is the plain engine's, its solutions are
//! the plain engine's as a set (each an exact cover), it is reduced (no
//! two nodes equal, no `hi` of no solution), its samples are uniform (a
//! chi-square test), and a memory cap or a budget stops it, never a wrong
//! diagram.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::ControlFlow;

use dlx::{Branching, Budget, MemoCounter, MemoError, Problem, SplitMix64, Zdd};
use proptest::prelude::*;

mod common;
use common::{all_solutions, colored_problem as problem, dominoes};

fn diagram(p: &Problem, b: Branching) -> Zdd {
    MemoCounter::new(p, b, 1 << 26).unwrap().diagram().unwrap()
}

/// The diagram's solutions, each sorted; every one an exact cover, none twice.
fn listed(p: &Problem, z: &Zdd) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    let mut n = 0;
    let _ = z.for_each(|s| {
        assert!(p.is_solution(s), "{s:?} is not an exact cover");
        let mut s = s.to_vec();
        s.sort();
        out.insert(s);
        n += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(n, out.len(), "a solution listed twice");
    out
}

fn assert_reduced(z: &Zdd) {
    let mut seen = HashSet::new();
    for n in z.nodes() {
        assert_ne!(n.hi, dlx::BOTTOM);
        assert!(seen.insert(*n), "two equal nodes: {n:?}");
    }
}

#[test]
fn domino_tilings_round_the_counts() {
    for b in [Branching::First, Branching::Fewest] {
        let z = diagram(&dominoes(8, 8), b);
        assert_eq!(z.count(), Ok(12_988_816));
        assert_reduced(&z);
        let p = dominoes(3, 4);
        let z = diagram(&p, b);
        assert_eq!(listed(&p, &z), all_solutions(&p));
    }
    let z = diagram(&dominoes(12, 12), Branching::First);
    assert_eq!(z.count(), Ok(53_060_477_521_960_000));
    // An odd board: no tiling, the empty diagram.
    let z = diagram(&dominoes(3, 3), Branching::First);
    assert_eq!((z.count(), z.len(), z.root()), (Ok(0), 0, dlx::BOTTOM));
}

#[test]
fn the_diagram_is_written_in_knuths_form() {
    // DLX6 m1 on the 2x3 board prints (its nodes in another order):
    // 3 solutions from a root line "a: (~0?0:9)".
    let p = dominoes(2, 3);
    let z = diagram(&p, Branching::First);
    let mut out = Vec::new();
    z.write_knuth(&mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), z.len() + 1);
    assert_eq!(*lines.last().unwrap(), format!("{:x}: (~0?0:{:x})", z.len() + 2, z.root()));
    for (k, (line, n)) in lines.iter().zip(z.nodes()).enumerate() {
        assert_eq!(*line, format!("{:x}: (~{}?{:x}:{:x})", k + 2, n.option + 1, n.lo, n.hi));
    }
}

#[test]
fn a_memory_cap_stops_the_diagram() {
    let mut m = MemoCounter::new(&dominoes(8, 8), Branching::First, 1 << 12).unwrap();
    assert_eq!(m.diagram(), Err(MemoError::Memory));
    let mut m = MemoCounter::new(&dominoes(8, 8), Branching::First, 1 << 26).unwrap();
    m.set_budget(Budget::nodes(10));
    assert!(matches!(m.diagram(), Err(MemoError::Stopped(e)) if e.is_out_of_budget()));
}

#[test]
fn samples_from_the_diagram_are_uniform() {
    // Domino tilings of 3x4: 11, uneven below the first cell; 11,000
    // draws, chi-square with 10 degrees of freedom below 23.21 at 1%.
    let p = dominoes(3, 4);
    let z = diagram(&p, Branching::First);
    let counts = z.counts().unwrap();
    let all = all_solutions(&p);
    let mut rng = SplitMix64::new(35);
    let mut seen: HashMap<Vec<usize>, usize> = HashMap::new();
    let draws = 11_000;
    for _ in 0..draws {
        let mut s = z.sample(&counts, &mut rng).unwrap();
        assert!(p.is_solution(&s));
        s.sort();
        *seen.entry(s).or_default() += 1;
    }
    assert!(seen.keys().all(|s| all.contains(s)));
    let e = draws as f64 / all.len() as f64;
    let chi: f64 = all.iter().map(|s| (seen.get(s).copied().unwrap_or(0) as f64 - e).powi(2) / e).sum();
    assert!(chi < 23.21, "chi-square {chi} with 10 degrees of freedom");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    #[test]
    fn diagrams_hold_the_plain_engines_solutions(p in problem(), seed in 0u64..1000) {
        let all = all_solutions(&p);
        for b in [Branching::First, Branching::Fewest] {
            let z = diagram(&p, b);
            prop_assert_eq!(z.count(), Ok(all.len() as u128));
            prop_assert_eq!(&listed(&p, &z), &all);
            assert_reduced(&z);
            prop_assert_eq!(z.check_covers(&p), Ok(()));
            // The nodes read back as they were.
            let again = Zdd::new(z.nodes().to_vec(), z.root(), p.option_count());
            prop_assert_eq!(again.as_ref(), Ok(&z));
            let counts = z.counts().unwrap();
            match z.sample(&counts, &mut SplitMix64::new(seed)) {
                Some(mut s) => {
                    prop_assert!(p.is_solution(&s));
                    s.sort();
                    prop_assert!(all.contains(&s));
                }
                None => prop_assert!(all.is_empty()),
            }
        }
    }
}

#[test]
fn dlx6s_diagram_of_the_2x3_board_holds_the_same_solutions() {
    // `dlx6 m1` on "a b c d e f / a b / b c / d e / e f / a d / b e / c f"
    // prints these nodes (options from 1); ours must hold the same three
    // tilings.
    let knuth = "2: (~3?0:1)\n3: (~7?0:2)\n4: (~1?0:3)\n5: (~4?0:1)\n6: (~2?0:5)\n7: (~7?0:1)\n\
                 8: (~6?6:7)\n9: (~5?4:8)\na: (~0?0:9)\n";
    let mut nodes = Vec::new();
    let mut root = 0;
    for line in knuth.lines() {
        let (id, rest) = line.split_once(": (~").unwrap();
        let (opt, rest) = rest.split_once('?').unwrap();
        let (lo, hi) = rest.trim_end_matches(')').split_once(':').unwrap();
        let (opt, lo, hi) = (
            opt.parse::<u32>().unwrap(),
            u32::from_str_radix(lo, 16).unwrap(),
            u32::from_str_radix(hi, 16).unwrap(),
        );
        if opt == 0 {
            root = hi;
            break;
        }
        assert_eq!(u32::from_str_radix(id, 16).unwrap(), nodes.len() as u32 + 2);
        nodes.push(dlx::Node { option: opt - 1, lo, hi });
    }
    let p = dlx::text::parse("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n").unwrap().problem;
    let theirs = Zdd::new(nodes, root, p.option_count()).unwrap();
    let ours = diagram(&p, Branching::Fewest);
    assert_eq!(listed(&p, &theirs), listed(&p, &ours));
    assert_eq!(listed(&p, &ours).len(), 3);
}

#[test]
fn a_diagram_of_other_options_fails_the_cover_check() {
    let p = dominoes(3, 4);
    let z = diagram(&p, Branching::First);
    assert_eq!(z.check_covers(&p), Ok(()));
    // Every node given each other option in turn: a diagram whose
    // solutions are not all exact covers is caught.
    for k in 0..z.len() {
        for o in 0..p.option_count() as u32 {
            let mut nodes = z.nodes().to_vec();
            if nodes[k].option == o {
                continue;
            }
            nodes[k].option = o;
            let bad = Zdd::new(nodes, z.root(), p.option_count()).unwrap();
            let mut all_covers = true;
            let _ = bad.for_each(|s| {
                all_covers &= p.is_solution(s);
                ControlFlow::Continue(())
            });
            assert_eq!(bad.check_covers(&p).is_ok(), all_covers, "node {} as option {o}", k + 2);
        }
    }
}
