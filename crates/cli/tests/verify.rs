//! Property: every grid the command line prints verifies against its puzzle,
//! whatever the layout, the mode or the region map.

mod common;
use common::*;

use std::sync::Arc;

use dance::answer::{answer, Engines, Plan};
use dance::args::{Mode, OutputFormat};
use dance::input::{Body, LineReader, Records, Settings};
use proptest::prelude::*;

fn records(text: &str) -> Vec<dance::input::Record> {
    let reader = LineReader::new(Box::new(std::io::Cursor::new(text.as_bytes().to_vec())));
    Records::new(reader, "prop", Arc::new(Settings::default())).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn printed_solutions_verify(which in 0usize..1000, blanks in proptest::collection::vec(any::<bool>(), 81), jig in any::<bool>(), mode in 0usize..3) {
        // A shipped 17-clue puzzle's solution, blanked at random, as a line
        // record; sometimes with a jigsaw map made of its own rows (a valid
        // map: the rows are regions).
        let sample = read("sudoku/sample-1000.txt");
        let puzzle = sample.lines().nth(which).unwrap();
        let solved = dance(&["solve", "--format", "line"]).stdin(format!("{puzzle}\n")).expect(0).stdout;
        let cells: String = solved.trim().chars().zip(&blanks).map(|(c, &b)| if b { '.' } else { c }).collect();
        let map: String = (0..81).map(|i| char::from(b'0' + (i / 9) as u8)).collect();
        let line = if jig { format!("{cells} {map}\n") } else { format!("{cells}\n") };
        let recs = records(&line);
        let Ok(Body::Puzzle { puzzle, .. }) = &recs[0].body else { panic!("not a puzzle") };
        let mode = [Mode::First, Mode::Unique, Mode::All { limit: Some(20) }][mode];
        let plan =
            Plan { mode, output: OutputFormat::Json, stats: false, quiet: true, jobs: 1, shard: None, list_jobs: 1 };
        let mut out = Vec::new();
        answer(&recs[0], 1, &plan, &mut Engines::default(), &mut out, &mut Vec::new()).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let solutions = v["solutions"].as_array().unwrap();
        prop_assert!(mode == Mode::Unique || !solutions.is_empty(), "the blanked grid has at least its own solution");
        for s in solutions {
            let grid: Vec<u8> = s.as_str().unwrap().chars().map(|c| puzzle.alphabet().index(c).unwrap()).collect();
            prop_assert_eq!(puzzle.verify(&grid), Ok(()));
        }
    }
}
