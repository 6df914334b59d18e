//! The memo engine (Algorithm Z): exact counts of problems whose
//! subproblems repeat (domino tilings, Latin squares, Sudoku grids), the
//! same counts as the plain engine on random small problems with colors,
//! under both branching rules and under memory caps too small to hold
//! anything or to hold every state (new states then take old ones' slots),
//! and exactly uniform samples (a chi-square test).

use std::collections::HashMap;

use dlx::{Branching, Budget, Entry, MemoCounter, MemoError, Problem, ProblemBuilder, Solver, SplitMix64};
use proptest::prelude::*;

mod common;
use common::{all_solutions, colored_problem as problem, dominoes};

const BOTH: [Branching; 2] = [Branching::First, Branching::Fewest];

/// Latin squares of order `n`, or Sudoku grids with `h` x `w` boxes: cells,
/// rows, columns (and boxes) each take every symbol once.
fn latin(n: usize, boxes: Option<(usize, usize)>) -> Problem {
    // Knuth's order: cells, then rows, columns, boxes (the first-item rule
    // then fills the grid cell by cell).
    let mut items = Vec::new();
    for kind in ["p", "r", "c", "b"].into_iter().take(if boxes.is_some() { 4 } else { 3 }) {
        for a in 0..n {
            for b in 0..n {
                items.push(format!("{kind}{a}_{b}"));
            }
        }
    }
    let mut p = ProblemBuilder::new(items, Vec::<String>::new()).unwrap();
    for r in 0..n {
        for c in 0..n {
            for v in 0..n {
                let mut o = vec![format!("p{r}_{c}"), format!("r{r}_{v}"), format!("c{c}_{v}")];
                if let Some((h, w)) = boxes {
                    o.push(format!("b{}_{v}", (r / h) * (n / w) + c / w));
                }
                p.add_option_names(o).unwrap();
            }
        }
    }
    p.build().unwrap()
}

fn memo_count(p: &Problem, branching: Branching) -> u128 {
    MemoCounter::new(p, branching, 1 << 28).unwrap().count(&[]).unwrap()
}

/// The count of `p` on `jobs` threads sharing one table of at most
/// `memory` bytes, and the table's figures.
fn count_on(
    p: &Problem,
    branching: Branching,
    memory: u64,
    jobs: usize,
) -> (Result<u128, MemoError>, dlx::MemoStats) {
    let mut m = MemoCounter::new(p, branching, memory).unwrap();
    m.set_jobs(jobs);
    (m.count(&[]), m.stats())
}

#[test]
fn domino_tilings() {
    for b in BOTH {
        assert_eq!(memo_count(&dominoes(2, 3), b), 3);
        assert_eq!(memo_count(&dominoes(6, 6), b), 6_728);
        assert_eq!(memo_count(&dominoes(8, 8), b), 12_988_816);
        assert_eq!(memo_count(&dominoes(5, 5), b), 0);
    }
    assert_eq!(memo_count(&dominoes(12, 12), Branching::First), 53_060_477_521_960_000);
}

#[test]
fn latin_squares_of_order_5() {
    for b in BOTH {
        assert_eq!(memo_count(&latin(4, None), b), 576);
        assert_eq!(memo_count(&latin(5, None), b), 161_280);
    }
}

#[test]
fn sudoku_grids_4x4() {
    for b in BOTH {
        assert_eq!(memo_count(&latin(4, Some((2, 2))), b), 288);
    }
}

#[test]
fn sudoku_grids_6x6() {
    assert_eq!(memo_count(&latin(6, Some((2, 3))), Branching::First), 28_200_960);
}

#[test]
#[ignore = "about 10 s of CPU in release mode (just test-slow)"]
fn latin_squares_of_order_6() {
    assert_eq!(memo_count(&latin(6, None), Branching::First), 812_851_200);
}

#[test]
fn threads_sharing_one_table_count_exactly() {
    for jobs in [2, 3] {
        for b in BOTH {
            assert_eq!(count_on(&dominoes(8, 8), b, 1 << 28, jobs).0, Ok(12_988_816));
            assert_eq!(count_on(&dominoes(5, 5), b, 1 << 28, jobs).0, Ok(0));
            assert_eq!(count_on(&latin(5, None), b, 1 << 28, jobs).0, Ok(161_280));
            assert_eq!(count_on(&latin(4, Some((2, 2))), b, 1 << 28, jobs).0, Ok(288));
        }
        let (c, stats) = count_on(&dominoes(12, 12), Branching::First, 1 << 28, jobs);
        assert_eq!(c, Ok(53_060_477_521_960_000));
        assert!(stats.computed > 0 && stats.stored > 0 && stats.hits > 0 && !stats.full);
    }
}

#[test]
fn two_threads_count_the_6x6_grids() {
    let (c, stats) = count_on(&latin(6, Some((2, 3))), Branching::First, 1 << 30, 2);
    assert_eq!(c, Ok(28_200_960));
    // The threads meet each other's states: few computed twice.
    let (_, one) = count_on(&latin(6, Some((2, 3))), Branching::First, 1 << 30, 1);
    assert!(stats.computed < one.computed * 3 / 2, "{} against {}", stats.computed, one.computed);
}

#[test]
#[ignore = "about 12 s of CPU on two threads in release mode (just test-slow)"]
fn two_threads_count_latin_squares_of_order_6() {
    assert_eq!(count_on(&latin(6, None), Branching::First, 1 << 30, 2).0, Ok(812_851_200));
}

#[test]
fn threads_at_the_memory_cap_replace_states_and_stay_exact() {
    for b in BOTH {
        assert_eq!(
            count_on(&dominoes(4, 6), b, 0, 2).0,
            Ok(Solver::new(&dominoes(4, 6)).count(None).solutions().unwrap() as u128)
        );
        let (c, stats) = count_on(&dominoes(8, 8), b, 20_000, 2);
        assert_eq!(c, Ok(12_988_816));
        assert!(stats.full && stats.replaced > 0 && stats.bytes <= 20_000, "{stats:?}");
        let (c, stats) = count_on(&latin(5, None), b, 100_000, 2);
        assert_eq!(c, Ok(161_280));
        assert!(stats.full && stats.replaced > 1_000 && stats.bytes <= 100_000, "{stats:?}");
    }
}

#[test]
fn threads_stop_together_on_a_budget_or_past_u128() {
    let mut m = MemoCounter::new(&dominoes(8, 8), Branching::First, 1 << 24).unwrap();
    m.set_jobs(2);
    m.set_budget(Budget::nodes(100));
    assert!(matches!(m.count(&[]), Err(MemoError::Stopped(e)) if e.is_out_of_budget()));
    m.set_budget(Budget::UNLIMITED);
    assert_eq!(m.count(&[]), Ok(12_988_816));
    let n = 130;
    let mut b = ProblemBuilder::new((0..n).map(|i| format!("i{i}")), Vec::<String>::new()).unwrap();
    for i in 0..n as u32 {
        b.add_option(&[Entry { item: i, color: 0 }]).unwrap();
        b.add_option(&[Entry { item: i, color: 0 }]).unwrap();
    }
    assert_eq!(count_on(&b.build().unwrap(), Branching::First, 1 << 20, 2).0, Err(MemoError::Overflow));
}

#[test]
fn counts_below_chosen_options_add_up() {
    let p = latin(4, Some((2, 2)));
    let mut m = MemoCounter::new(&p, Branching::Fewest, 1 << 24).unwrap();
    // The options of the first cell split the grids four ways.
    let parts: u128 = (0..4).map(|v| m.count(&[v]).unwrap()).sum();
    assert_eq!(parts, 288);
    assert_eq!(m.count(&[0, 1]), Ok(0), "two symbols in one cell clash");
    assert_eq!(m.count(&[10_000]), Ok(0), "no such option");
}

#[test]
fn a_memory_cap_too_small_to_hold_a_state_still_counts() {
    let p = dominoes(4, 6);
    let expected = Solver::new(&p).count(None).solutions().unwrap() as u128;
    for b in BOTH {
        let mut m = MemoCounter::new(&p, b, 0).unwrap();
        assert_eq!(m.count(&[]), Ok(expected));
        assert_eq!(m.stats().stored, 0);
        assert!(m.stats().full);
        let mut small = MemoCounter::new(&dominoes(8, 8), b, 20_000).unwrap();
        assert_eq!(small.count(&[]), Ok(12_988_816));
        assert!(small.stats().full && small.stats().bytes <= 20_000);
        // At the cap new states take old ones' slots: still exact.
        assert!(small.stats().replaced > 0);
        let mut latin = MemoCounter::new(&latin(5, None), b, 100_000).unwrap();
        assert_eq!(latin.count(&[]), Ok(161_280));
        assert!(latin.stats().full && latin.stats().replaced > 1_000 && latin.stats().bytes <= 100_000);
    }
}

#[test]
fn a_budget_leaves_the_count_unknown() {
    let mut m = MemoCounter::new(&dominoes(8, 8), Branching::First, 1 << 24).unwrap();
    m.set_budget(Budget::nodes(100));
    assert!(matches!(m.count(&[]), Err(MemoError::Stopped(e)) if e.is_out_of_budget()));
    m.set_budget(Budget::UNLIMITED);
    assert_eq!(m.count(&[]), Ok(12_988_816), "the table kept from the cut count stays exact");
}

#[test]
fn a_count_past_u128_is_an_error() {
    // 2^130 solutions: 130 items of two like options each.
    let n = 130;
    let mut b = ProblemBuilder::new((0..n).map(|i| format!("i{i}")), Vec::<String>::new()).unwrap();
    for i in 0..n as u32 {
        b.add_option(&[Entry { item: i, color: 0 }]).unwrap();
        b.add_option(&[Entry { item: i, color: 0 }]).unwrap();
    }
    let p = b.build().unwrap();
    let mut m = MemoCounter::new(&p, Branching::First, 1 << 20).unwrap();
    assert_eq!(m.count(&[]), Err(MemoError::Overflow));
    // 2^127 fits.
    let chosen: Vec<usize> = (0..3).map(|i| 2 * i).collect();
    assert_eq!(m.count(&chosen), Ok(1 << 127));
    // A shard's subtrees each fit, their sum does not: unknown, never a
    // wrapped sum.
    use dlx::parallel::{count_for, Shard};
    use dlx::{EngineChoice, Request, Want};
    let request =
        Request::new(Want::Count { limit: None }).with_engine(EngineChoice::Memo).with_memory(Some(1 << 20));
    let mut solver = Solver::new(&p);
    let whole = count_for(&mut solver, &request.with_shard(Some(Shard { index: 0, count: 1 })));
    assert!(whole.is_unknown() && whole.solutions_wide().is_none());
    assert!(solver.memo_overflowed(), "the user is told why the count is unknown");
}

/// The chi-square statistic of `draws` samples of `p` (whose solutions
/// must be few), each checked to be a solution; and the degrees of freedom.
fn chi_square(p: &Problem, draws: usize, seed: u64) -> (f64, usize) {
    let all = all_solutions(p);
    let mut m = MemoCounter::new(p, Branching::Fewest, 1 << 24).unwrap();
    assert_eq!(m.count(&[]), Ok(all.len() as u128));
    let mut rng = SplitMix64::new(seed);
    let mut seen: HashMap<Vec<usize>, usize> = HashMap::new();
    for _ in 0..draws {
        let mut s = m.sample(&[], &mut rng).unwrap().unwrap();
        assert!(p.is_solution(&s));
        s.sort();
        *seen.entry(s).or_default() += 1;
    }
    assert!(seen.keys().all(|s| all.contains(s)));
    let expected = draws as f64 / all.len() as f64;
    let chi =
        all.iter().map(|s| (seen.get(s).copied().unwrap_or(0) as f64 - expected).powi(2) / expected).sum();
    (chi, all.len() - 1)
}

#[test]
fn samples_of_the_288_sudoku_grids_are_uniform() {
    // 57,600 draws, 200 a grid expected; chi-square with 287 degrees of
    // freedom stays below 346.0 with probability 99%.
    let (chi, df) = chi_square(&latin(4, Some((2, 2))), 57_600, 2026);
    assert_eq!(df, 287);
    assert!(chi < 346.0, "chi-square {chi} with 287 degrees of freedom");
}

#[test]
fn samples_of_uneven_subtrees_are_uniform() {
    // Domino tilings of a 3x4 board: 11, split unevenly by the domino on
    // the first cell (across or down).
    let p = dominoes(3, 4);
    assert_eq!(all_solutions(&p).len(), 11);
    let mut m = MemoCounter::new(&p, Branching::First, 1 << 20).unwrap();
    let (across, down) = (m.count(&[0]).unwrap(), m.count(&[1]).unwrap());
    assert_eq!(across + down, 11);
    assert_ne!(across, down);
    // 10 degrees of freedom: 23.21 at 1%.
    let (chi, df) = chi_square(&p, 11_000, 7);
    assert_eq!(df, 10);
    assert!(chi < 23.21, "chi-square {chi} with 10 degrees of freedom");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn memo_counts_agree_with_the_plain_engine(p in problem(), memory in prop_oneof![Just(0u64), Just(2_000u64), Just(1u64 << 20)]) {
        let all = all_solutions(&p);
        for b in BOTH {
            let mut m = MemoCounter::new(&p, b, memory).unwrap();
            prop_assert_eq!(m.count(&[]), Ok(all.len() as u128));
            for jobs in [2, 3] {
                prop_assert_eq!(count_on(&p, b, memory, jobs).0, Ok(all.len() as u128), "{} threads", jobs);
            }
            // Below each option alone: the solutions that hold it.
            for k in 0..p.option_count() {
                let holding = all.iter().filter(|s| s.contains(&k)).count() as u128;
                prop_assert_eq!(m.count(&[k]), Ok(holding));
            }
            let mut rng = SplitMix64::new(p.option_count() as u64);
            match m.sample(&[], &mut rng).unwrap() {
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Through the solver and a request: every engine choice, whole or in
    /// shards (each shard its own part of the tree, one table), gives the
    /// plain count.
    #[test]
    fn requests_count_alike_on_every_engine(p in problem(), m in 1usize..4) {
        use dlx::parallel::{count_for, Shard};
        use dlx::{EngineChoice, Request, Want};
        let expected = all_solutions(&p).len() as u128;
        for engine in [EngineChoice::Auto, EngineChoice::Memo, EngineChoice::Plain] {
            let request = Request::new(Want::Count { limit: None }).with_engine(engine).with_memory(Some(1 << 20));
            let mut solver = Solver::new(&p);
            prop_assert_eq!(count_for(&mut solver, &request).solutions_wide(), Some(expected));
            prop_assert_eq!(count_for(&mut solver, &request.with_jobs(2)).solutions_wide(), Some(expected), "2 threads");
            let mut sum = 0;
            for k in 0..m {
                let shard = Shard { index: k, count: m };
                sum += count_for(&mut solver, &request.with_shard(Some(shard))).solutions_wide().unwrap();
            }
            prop_assert_eq!(sum, expected, "shards of {}", m);
            let limited = Request::new(Want::Count { limit: Some(2) }).with_engine(engine);
            prop_assert_eq!(count_for(&mut solver, &limited).solutions_wide(), Some(expected.min(2)));
        }
    }
}

#[test]
fn the_trial_takes_the_memo_for_tilings_and_the_plain_engines_for_queens() {
    let mut tilings = Solver::new(&dominoes(10, 10));
    tilings.set_engine(dlx::EngineChoice::Auto);
    assert!(tilings.counts_by_memo(None));
    assert_eq!(tilings.count(None).solutions(), Some(258_584_046_368));
    let mut queens =
        String::from("r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11 |");
    for d in 0..23 {
        queens += &format!(" a{d} b{d}");
    }
    queens += "\n";
    for r in 0..12 {
        for c in 0..12 {
            queens += &format!("r{r} c{c} a{} b{}\n", r + c, r + 11 - c);
        }
    }
    let mut queens = Solver::new(&dlx::text::parse(&queens).unwrap().problem);
    queens.set_engine(dlx::EngineChoice::Auto);
    assert!(!queens.counts_by_memo(None));
    assert_eq!(queens.count(None).solutions(), Some(14_200));
}
