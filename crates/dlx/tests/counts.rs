//! Solution counts and DLX1's statistics on problems whose answers are known:
//! generated families (queens, Langford pairs, Sudoku) and the shared files
//! in `fixtures/dlx` (figures from `../shared/anchors.md`, measured with
//! Knuth's DLX1).

use std::ops::ControlFlow;
use std::path::PathBuf;

use dlx::{text, Problem, Solver};

fn fixture(name: &str) -> Problem {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dlx").join(name);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text::parse(&src).unwrap_or_else(|e| panic!("{name}:{}:{}: {e}", e.line, e.column)).problem
}

fn queens(n: usize) -> Problem {
    let mut src = String::new();
    for i in 0..n {
        src += &format!("r{i} c{i} ");
    }
    src += "|";
    for d in 0..2 * n - 1 {
        src += &format!(" a{d} b{d}");
    }
    src += "\n";
    for r in 0..n {
        for c in 0..n {
            src += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    text::parse(&src).unwrap().problem
}

fn langford(n: usize) -> Problem {
    let mut src: String = (1..=n).map(|i| format!("d{i} ")).collect();
    src += &(1..=2 * n).map(|s| format!("s{s}")).collect::<Vec<_>>().join(" ");
    src += "\n";
    for i in 1..=n {
        for j in 1..=2 * n {
            let k = j + i + 1;
            if k <= 2 * n {
                src += &format!("d{i} s{j} s{k}\n");
            }
        }
    }
    text::parse(&src).unwrap().problem
}

/// Every solution visited, checked, and counted; the shortcut count too.
fn count_both_ways(p: &Problem) -> u64 {
    let mut solver = Solver::new(p);
    let mut n = 0u64;
    solver.set_faithful(true);
    let _ = solver.search(|s| {
        assert!(p.is_solution(s), "not an exact cover: {s:?}");
        n += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(solver.stats().solutions, n);
    assert_eq!(solver.count(None).solutions().unwrap(), n, "the faithful count disagrees");
    solver.set_faithful(false);
    assert_eq!(solver.count(None).solutions().unwrap(), n, "the fast count disagrees");
    assert_eq!(solver.solutions().count() as u64, n, "the fast search disagrees");
    n
}

#[test]
fn queens_match_oeis_a000170() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &want) in (1..).zip(&expected) {
        let p = queens(n);
        let mut solver = Solver::new(&p);
        assert_eq!(solver.count(None).solutions().unwrap(), want, "{n} queens");
        if n <= 9 {
            assert_eq!(count_both_ways(&p), want, "{n} queens");
        }
    }
}

#[test]
fn langford_pairs_match_twice_oeis_a014552() {
    // A014552: 0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17792 for n = 1..11.
    let expected = [0, 0, 2, 2, 0, 0, 52, 300, 0, 0, 35584];
    for (n, &want) in (1..).zip(&expected) {
        let got = if n <= 8 {
            count_both_ways(&langford(n))
        } else {
            Solver::new(&langford(n)).count(None).solutions().unwrap()
        };
        assert_eq!(got, want, "Langford n = {n}");
    }
}

#[test]
fn shared_files_have_their_known_counts() {
    let cases: &[(&str, u64)] = &[
        ("knuth-dlx1-example.dlx", 1),
        ("knuth-dlx2-color-example.dlx", 1),
        ("queens-8.dlx", 92),
        ("queens-8-organ.dlx", 92),
        ("queens-9.dlx", 352),
        ("queens-10.dlx", 724),
        ("queens-10-organ.dlx", 724),
        ("queens-11.dlx", 2680),
        ("queens-12.dlx", 14200),
        ("queens-12-organ.dlx", 14200),
        ("langford-11.dlx", 35584),
        ("sudoku-4x4-blank.dlx", 288),
        ("sudoku-9x9-inkala-full.dlx", 1),
        ("sudoku-9x9-inkala-reduced.dlx", 1),
    ];
    for &(name, want) in cases {
        let p = fixture(name);
        assert_eq!(Solver::new(&p).count(None).solutions().unwrap(), want, "{name}");
        assert_eq!(count_both_ways(&p), want, "{name}");
    }
}

/// The slow files: run with `cargo test --release -- --ignored` (CI does).
#[test]
#[ignore = "slow in debug builds; CI runs it in release mode"]
fn shared_slow_files_have_their_known_counts() {
    let cases: &[(&str, u64)] = &[
        ("queens-13.dlx", 73712),
        ("queens-14.dlx", 365596),
        ("langford-12.dlx", 216288),
        ("pentominoes-6x10.dlx", 9356),
        ("pentominoes-6x10-knuthgen.dlx", 9356),
        ("sudoku-6x6-blank.dlx", 28200960),
    ];
    for &(name, want) in cases {
        assert_eq!(Solver::new(&fixture(name)).count(None).solutions().unwrap(), want, "{name}");
    }
}

#[test]
#[ignore = "slow in debug builds; CI runs it in release mode"]
fn the_fast_count_counts_dlx1s_nodes_on_pentominoes() {
    // DLX1's nodes, as the faithful search counts them (and Knuth's DLX1).
    for (name, nodes) in [("pentominoes-6x10.dlx", 3_637_261), ("pentominoes-6x10-knuthgen.dlx", 3_620_988)] {
        let o = Solver::new(&fixture(name)).count(None);
        assert_eq!((o.solutions(), o.nodes()), (Some(9356), nodes), "{name}");
    }
}

#[test]
fn statistics_equal_dlx1s() {
    for (name, nodes, updates) in [
        ("knuth-dlx1-example.dlx", 6, 30),
        ("queens-8.dlx", 1223, 21191),
        ("sudoku-4x4-blank.dlx", 2157, 22545),
    ] {
        let p = fixture(name);
        let mut solver = Solver::new(&p);
        solver.set_faithful(true);
        let _ = solver.search(|_| ControlFlow::Continue(()));
        let stats = solver.stats();
        assert_eq!((stats.nodes, stats.updates), (nodes, updates), "{name}");
        // A faithful count walks the very same tree.
        solver.count(None).solutions().unwrap();
        assert_eq!(solver.stats(), stats, "{name}, count without shortcut");
        // The fast search and count skip dead ends and last levels, but
        // count DLX1's nodes.
        solver.set_faithful(false);
        assert_eq!(solver.count(None).nodes(), nodes, "{name}, fast count");
        assert_eq!(solver.search(|_| ControlFlow::Continue(())).nodes(), nodes, "{name}, fast search");
    }
}

#[test]
fn knuths_colored_example_has_its_one_solution() {
    let p = fixture("knuth-dlx2-color-example.dlx");
    let found: Vec<Vec<usize>> = Solver::new(&p).solutions().collect();
    assert_eq!(found.len(), 1);
    let mut names: Vec<String> = found[0].iter().map(|&k| p.display_option(k).to_string()).collect();
    names.sort();
    assert_eq!(names, ["A C X:1 Y:1", "B X:1"]);
}

#[test]
fn limits_stop_the_count_and_the_solver_stays_usable() {
    let p = fixture("queens-8.dlx");
    let mut solver = Solver::new(&p);
    solver.set_faithful(true);
    for limit in [1, 2, 5, 91, 92, 93, 1000] {
        assert_eq!(solver.count(Some(limit)).solutions().unwrap(), limit.min(92), "limit {limit}");
    }
    assert_eq!(solver.count(Some(0)).solutions().unwrap(), 0);
    // Stopping a search and an iterator part way leaves nothing behind.
    let mut seen = 0;
    let _ = solver.search(|_| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(seen, 3);
    assert_eq!(solver.solutions().take(10).count(), 10);
    assert_eq!(solver.count(None).solutions().unwrap(), 92);
    let _ = solver.search(|_| ControlFlow::Continue(()));
    let stats = solver.stats();
    assert_eq!((stats.nodes, stats.updates), (1223, 21191));
}

#[test]
fn forcing_options_restricts_and_resets() {
    let p = fixture("queens-8.dlx");
    let mut solver = Solver::new(&p);
    solver.set_faithful(true);
    // A queen at r0 c0 (option 0): 4 of the 92 solutions.
    solver.force(0).unwrap();
    assert_eq!(solver.count(None).solutions().unwrap(), 4);
    for s in solver.solutions() {
        assert_eq!(s[0], 0);
        assert!(p.is_solution(&s));
    }
    // r1 c1 attacks r0 c0 on a diagonal; r0 c1 shares row 0.
    assert_eq!(solver.force(9), Err(dlx::ForceError::Conflict { option: 9 }));
    assert_eq!(solver.force(1), Err(dlx::ForceError::Conflict { option: 1 }));
    assert_eq!(solver.force(0), Err(dlx::ForceError::Conflict { option: 0 }));
    assert_eq!(solver.force(64), Err(dlx::ForceError::NoSuchOption { option: 64 }));
    assert_eq!(solver.count(None).solutions().unwrap(), 4, "a refused force changes nothing");
    solver.unforce_all();
    assert_eq!(solver.count(None).solutions().unwrap(), 92);
    // Forcing a whole solution leaves exactly that solution.
    let first = solver.solutions().next().unwrap();
    for &k in &first {
        solver.force(k).unwrap();
    }
    assert_eq!(solver.count(None).solutions().unwrap(), 1);
    let all: Vec<_> = solver.solutions().collect();
    assert_eq!(all.len(), 1);
    let (mut a, mut b) = (all[0].clone(), first.clone());
    a.sort();
    b.sort();
    assert_eq!(a, b);
    solver.unforce_all();
    let _ = solver.search(|_| ControlFlow::Continue(()));
    let stats = solver.stats();
    assert_eq!((stats.solutions, stats.nodes, stats.updates), (92, 1223, 21191));
}

#[test]
fn a_hundred_thousand_primary_items_do_not_touch_the_call_stack() {
    // A chain: option i covers items i and i + 1 (for odd i), so the only
    // solution pairs them up, 50,000 levels deep.
    let n = 100_000;
    let names: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    let mut b = dlx::ProblemBuilder::new(names, Vec::<String>::new()).unwrap();
    for i in (0..n).step_by(2) {
        b.add_option(&[dlx::Entry { item: i, color: 0 }, dlx::Entry { item: i + 1, color: 0 }]).unwrap();
    }
    let p = b.build().unwrap();
    let mut solver = Solver::new(&p);
    assert_eq!(solver.count(None).solutions().unwrap(), 1);
    let s = solver.solutions().next().unwrap();
    assert_eq!(s.len(), 50_000);
    // Splitting a deep, narrow tree stops early instead of forcing every
    // prefix again at each of 50,000 levels.
    assert_eq!(dlx::parallel::count(&mut solver, 2, None, None).solutions(), Some(1));
}

#[test]
fn shards_sum_to_the_total_and_threads_agree() {
    use dlx::parallel::{count, Shard};
    for name in [
        "queens-10.dlx",
        "langford-11.dlx",
        "sudoku-4x4-blank.dlx",
        "knuth-dlx2-color-example.dlx",
        "queens-8-organ.dlx",
        "../xcc/knuth-dlx3-example.dlx",
    ] {
        let p = fixture(name);
        let mut solver = Solver::new(&p);
        let total = solver.count(None).solutions().unwrap();
        for m in [1, 2, 3, 7] {
            let sum: u64 = (0..m)
                .map(|k| count(&mut solver, 1, Some(Shard { index: k, count: m }), None).so_far())
                .sum();
            assert_eq!(sum, total, "{name}, {m} shards");
        }
        assert_eq!(count(&mut solver, 2, None, None).solutions(), Some(total), "{name}, 2 threads");
        assert_eq!(count(&mut solver, 2, None, Some(5)).solutions(), Some(total.min(5)), "{name}, limit 5");
        let adaptive = dlx::parallel::count_adaptive(&mut solver, 2, None);
        assert_eq!(adaptive.solutions(), Some(total), "{name}, adaptive");
        // The solver is as it was.
        assert_eq!(solver.count(None).solutions().unwrap(), total);
    }
    // Below forced options too.
    let p = fixture("queens-8.dlx");
    let mut solver = Solver::new(&p);
    solver.force(0).unwrap();
    let sum: u64 = (0..4)
        .map(|k| count(&mut solver, 1, Some(Shard { index: k, count: 4 }), None).solutions().unwrap())
        .sum();
    assert_eq!(sum, 4);
}

#[test]
fn shard_listings_are_together_the_full_listing() {
    use std::collections::BTreeSet;
    use std::ops::ControlFlow;

    use dlx::parallel::{search_shard, Shard};
    let sorted = |s: &[usize]| {
        let mut s = s.to_vec();
        s.sort_unstable();
        s
    };
    for name in [
        "queens-8.dlx",
        "langford-11.dlx",
        "knuth-dlx2-color-example.dlx",
        "sudoku-4x4-blank.dlx",
        "../xcc/knuth-dlx3-example.dlx",
    ] {
        let p = fixture(name);
        for bitset in [true, false] {
            let mut solver = Solver::new(&p);
            solver.set_bitset(bitset);
            solver.set_bitset_lists(bitset);
            let mut full = BTreeSet::new();
            let _ = solver.search(|s| {
                full.insert(sorted(s));
                ControlFlow::Continue(())
            });
            for m in [2, 8, 16] {
                let mut union = BTreeSet::new();
                let mut listed = 0;
                for k in 0..m {
                    let o = search_shard(&mut solver, Shard { index: k, count: m }, |s| {
                        union.insert(sorted(s));
                        listed += 1;
                        ControlFlow::Continue(())
                    });
                    assert_eq!(o.end(), dlx::End::Complete);
                }
                assert_eq!(listed, full.len(), "{name}, {m} shards: a solution listed twice");
                assert_eq!(union, full, "{name}, {m} shards, bitset {bitset}");
            }
        }
    }
}

#[test]
fn parallel_listing_finds_each_solution_once() {
    use std::collections::BTreeSet;
    for name in ["queens-8.dlx", "langford-11.dlx", "knuth-dlx2-color-example.dlx", "sudoku-4x4-blank.dlx"] {
        let p = fixture(name);
        let mut solver = Solver::new(&p);
        let sorted = |s: &[usize]| {
            let mut s = s.to_vec();
            s.sort_unstable();
            s
        };
        let one: BTreeSet<Vec<usize>> = solver.solutions().map(|s| sorted(&s)).collect();
        for jobs in [1, 2, 3] {
            let mut seen = Vec::new();
            let o = dlx::parallel::search(&mut solver, jobs, |s| {
                seen.push(sorted(s));
                ControlFlow::Continue(())
            });
            assert_eq!(o.solutions(), Some(seen.len() as u64));
            let set: BTreeSet<Vec<usize>> = seen.iter().cloned().collect();
            assert_eq!(set.len(), seen.len(), "{name}: a solution listed twice on {jobs} threads");
            assert_eq!(set, one, "{name}, {jobs} threads");
        }
        // A visit that breaks ends the listing.
        let mut visits = 0;
        let o = dlx::parallel::search(&mut solver, 2, |_| {
            visits += 1;
            ControlFlow::Break(())
        });
        assert_eq!(visits, 1, "{name}");
        assert_eq!((o.end(), o.solutions()), (dlx::End::Limit, Some(1)), "{name}");
        assert_eq!(
            solver.count(None).solutions().unwrap(),
            one.len() as u64,
            "{name}: the solver is as it was"
        );
    }
    // Below forced options, which every solution lists first.
    let p = fixture("queens-8.dlx");
    let mut solver = Solver::new(&p);
    solver.force(0).unwrap();
    let mut seen = 0;
    let _ = dlx::parallel::search(&mut solver, 2, |s| {
        assert_eq!(s[0], 0);
        seen += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(seen, 4);
}

#[test]
fn a_probe_stops_a_search() {
    let p = fixture("langford-11.dlx");
    let mut solver = Solver::new(&p);
    let probe = std::sync::Arc::new(dlx::Probe::default());
    solver.set_probe(Some(probe.clone()));
    probe.stop();
    let partial = solver.count(None);
    assert!(solver.interrupted());
    assert_eq!((partial.end(), partial.solutions()), (dlx::End::Interrupted, None));
    assert!(partial.so_far() < 35584);
    solver.set_probe(None);
    assert_eq!(solver.count(None).solutions().unwrap(), 35584);
    assert!(!solver.interrupted());
}

/// Inputs the fuzzers found crashes with (valid inputs; the refused ones are
/// in `fixtures/bad`): each parses, writes back the same, and solves.
#[test]
fn fuzz_regressions() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/fuzz");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "dlx") {
            let p = text::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().problem;
            assert_eq!(text::parse(&text::to_string(&p)).unwrap().problem, p, "{}", path.display());
            let mut s = Solver::new(&p);
            assert_eq!(s.solutions().count() as u64, s.count(None).solutions().unwrap());
        }
    }
}

#[test]
fn a_budget_makes_a_count_unknown_never_short() {
    let p = fixture("queens-12.dlx");
    let mut solver = Solver::new(&p);
    solver.set_faithful(true);
    let full = solver.count(None);
    let nodes = full.nodes();
    assert!(nodes > 10_000);
    for (budget, known) in [(10_000, false), (nodes / 2, false), (nodes, true), (10 * nodes, true)] {
        solver.set_budget(dlx::Budget::nodes(budget));
        let o = solver.count(None);
        assert_eq!(o.solutions().is_some(), known, "budget {budget}");
        if known {
            assert_eq!((o.end(), o.solutions(), o.nodes()), (dlx::End::Complete, Some(14200), nodes));
        } else {
            // It stops at the first level entered beyond the budget; nodes
            // count solutions too, which come between two levels.
            assert_eq!(o.end(), dlx::End::OutOfNodes);
            assert!(o.nodes() > budget && o.nodes() <= budget + 1 + o.so_far(), "budget {budget}");
            assert!(o.so_far() < 14200);
        }
    }
    // A limit reached within the budget is an answer.
    solver.set_budget(dlx::Budget::nodes(10_000));
    let o = solver.count(Some(3));
    assert_eq!((o.end(), o.solutions()), (dlx::End::Limit, Some(3)));
    // Listing too: the visitor sees some solutions, and the end says the
    // list is not all of them.
    let mut seen = 0;
    let o = solver.search(|_| {
        seen += 1;
        ControlFlow::Continue(())
    });
    assert_eq!((o.end(), o.so_far()), (dlx::End::OutOfNodes, seen));
    assert!(solver.solutions().count() < 14200);
    assert_eq!(solver.end(), dlx::End::OutOfNodes);
    // A deadline already passed.
    solver.set_budget(dlx::Budget::time(std::time::Duration::ZERO));
    assert_eq!(solver.count(None).end(), dlx::End::OutOfTime);
    // Threads share the budget, and the fast count too.
    solver.set_faithful(false);
    solver.set_budget(dlx::Budget::nodes(10_000));
    for jobs in [1, 2] {
        let o = dlx::parallel::count(&mut solver, jobs, None, None);
        assert_eq!(o.end(), dlx::End::OutOfNodes, "{jobs} threads");
        assert!(o.nodes() > 10_000 && o.nodes() < 10_000 + jobs as u64 * dlx::CHECK_EVERY as u64);
        let o = dlx::parallel::count_adaptive(&mut solver, jobs, None);
        assert_eq!(o.end(), dlx::End::OutOfNodes, "{jobs} threads, adaptive");
    }
    solver.set_budget(dlx::Budget::UNLIMITED);
    assert_eq!(solver.count(None).solutions(), Some(14200), "no budget left behind");
    assert_eq!(dlx::parallel::count_adaptive(&mut solver, 2, None).solutions(), Some(14200));
}

#[test]
fn a_shards_statistics_are_those_of_its_subtrees() {
    use dlx::parallel::{count, search_shard, Shard};
    for name in ["queens-10.dlx", "langford-11.dlx", "knuth-dlx2-color-example.dlx"] {
        let p = fixture(name);
        let mut solver = Solver::new(&p);
        solver.set_faithful(true);
        let _ = solver.count(None);
        let whole = solver.stats();
        // One shard is the whole tree: DLX1's own figures.
        let _ = count(&mut solver, 1, Some(Shard { index: 0, count: 1 }), None);
        assert_eq!(solver.stats(), whole, "{name}, one shard");
        for m in [3, 7] {
            let (mut solutions, mut nodes) = (0, 0);
            for k in 0..m {
                let shard = Shard { index: k, count: m };
                let o = count(&mut solver, 1, Some(shard), None);
                let one = solver.stats();
                assert_eq!(one.solutions, o.so_far(), "{name}, shard {k}/{m}");
                let _ = count(&mut solver, 2, Some(shard), None);
                assert_eq!(solver.stats(), one, "{name}, shard {k}/{m} on 2 threads");
                let _ = search_shard(&mut solver, shard, |_| std::ops::ControlFlow::Continue(()));
                assert_eq!(solver.stats(), one, "{name}, shard {k}/{m} listed");
                solutions += one.solutions;
                nodes += one.nodes;
            }
            assert_eq!(solutions, whole.solutions, "{name}, {m} shards");
            // The nodes above the cut are no shard's.
            assert!(nodes > 0 && nodes < whole.nodes, "{name}, {m} shards: {nodes} nodes");
        }
    }
}

/// A listing whose solutions come closer together than the meter's look
/// interval still looks at the clock: the countdown carries over from one
/// solution to the next instead of starting afresh (before, `solve --all
/// --timeout` on queens-14 listed all 365,596 solutions, and on a blank
/// 9x9 ran until killed).
#[test]
fn deadlines_stop_listings_whose_solutions_come_fast() {
    // Sixteen items, each with two one-item options: 65,536 solutions,
    // one a node or two apart; and queens-12, about 60 nodes apart.
    let mut twins = String::new();
    for i in 0..16 {
        twins += &format!("i{i} ");
    }
    twins += "\n";
    for i in 0..16 {
        twins += &format!("i{i}\ni{i}\n");
    }
    let twins = text::parse(&twins).unwrap().problem;
    for (name, problem, all) in [("twins", &twins, 65_536), ("queens-12", &queens(12), 14_200)] {
        for faithful in [true, false] {
            let mut solver = Solver::new(problem);
            solver.set_faithful(faithful);
            solver.set_budget(dlx::Budget::time(std::time::Duration::ZERO));
            let listed = solver.solutions().count();
            assert_eq!(solver.end(), dlx::End::OutOfTime, "{name}, faithful {faithful}");
            assert!(listed < all, "{name}, faithful {faithful}: {listed} listed");
            // Without the deadline, the listing is whole.
            solver.set_budget(dlx::Budget::UNLIMITED);
            assert_eq!(solver.solutions().count(), all, "{name}, faithful {faithful}");
        }
    }
}
