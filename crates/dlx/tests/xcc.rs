//! Multiplicities and costs on the files of `fixtures/xcc`, whose answers
//! (and DLX3's statistics) are in that folder's README, measured with
//! Knuth's DLX3 and DLX5.

use std::ops::ControlFlow;
use std::path::PathBuf;

use dlx::{text, Problem, Solver};

fn fixture(name: &str) -> Problem {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/xcc").join(name);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text::parse(&src).unwrap_or_else(|e| panic!("{name}:{}:{}: {e}", e.line, e.column)).problem
}

#[test]
fn multiplicity_statistics_equal_dlx3s() {
    for (name, solutions, nodes, updates) in
        [("knuth-dlx3-example.dlx", 1, 6, 14), ("double-queens-7.dlx", 19_448, 466_219, 3_728_466)]
    {
        let p = fixture(name);
        let mut solver = Solver::new(&p);
        solver.set_faithful(true);
        let stats = solver.search(|s| {
            assert!(p.is_solution(s), "{name}: not a solution: {s:?}");
            ControlFlow::Continue(())
        });
        assert_eq!((stats.solutions, stats.nodes, stats.updates), (solutions, nodes, updates), "{name}");
        solver.count(None);
        assert_eq!(solver.stats(), stats, "{name}: a faithful count walks the same tree");
        solver.set_faithful(false);
        assert_eq!(solver.count(None), solutions, "{name}: fast count");
        assert_eq!(solver.solutions().count() as u64, solutions, "{name}: fast listing");
    }
}
