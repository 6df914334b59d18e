//! Parse then solve small inputs: every answer is written without a panic,
//! every grid printed verifies against its puzzle, and the bit-parallel
//! search counts what dancing links count.
#![no_main]
use std::ops::ControlFlow;

use dance::answer::{search, Engines, Mode, Plan};
use dance::output::OutputFormat;
use dance::input::{LineReader, ReadSettings, Records};
use dance::record::Body;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let settings = ReadSettings::default();
    let reader = LineReader::from_bytes(data.to_vec());
    let mut engines = Engines::default();
    for (i, record) in Records::new(reader, "fuzz", &settings).take(20).enumerate() {
        // Keep searches small: grids up to 9x9, problems up to 60 options.
        match &record.body {
            Ok(Body::Puzzle { puzzle, .. }) if puzzle.n() <= 9 => {
                let mut g = reduce::GridSolver::new(puzzle.shape());
                let _ = g.solve(puzzle, |grid| {
                    assert_eq!(puzzle.verify(grid), Ok(()));
                    ControlFlow::Break(())
                });
                let _ = g.solve_any(puzzle, |grid| {
                    assert_eq!(puzzle.verify(grid), Ok(()));
                    ControlFlow::Break(())
                });
                let bits = g.count(puzzle, Some(100)).map(|o| o.solutions());
                g.set_faithful(true);
                assert_eq!(bits, g.count(puzzle, Some(100)).map(|o| o.solutions()), "bits and links disagree");
            }
            Ok(Body::Problem { problem, .. }) if problem.option_count() <= 60 => {}
            Ok(_) => continue,
            Err(_) => {}
        }
        for mode in [Mode::First, Mode::Unique, Mode::Count { limit: Some(100) }, Mode::All { limit: Some(3) }] {
            for output in [OutputFormat::Text, OutputFormat::Json] {
                // Every other record lists on two threads, in no set order.
                let order = if i % 2 == 0 { dlx::Order::Dlx1 } else { dlx::Order::Any };
                let plan = Plan { output, stats: i % 2 == 0, quiet: false, jobs: 1 + i % 2, order, ..Plan::new(mode) };
                let mut out = Vec::new();
                let mut notes = Vec::new();
                search(&record, i as u64 + 1, &plan, &mut engines, &mut out, &mut notes).unwrap();
            }
        }
    }
});
