//! Every engine on one corpus: every puzzle and problem of `fixtures/`, read
//! as the command line reads it (`dance::input`, with the flags of each
//! manifest case that names it, and every other input file with none),
//! through every way of searching that takes it.
//!
//! - A puzzle goes through every [`reduce::Way`] that accepts its shape:
//!   the 9x9 search, the bit search, the links with the givens forced, the
//!   9x9 triad search, the links on Knuth's reduced matrix. Each lists its
//!   solutions up to [`LIMIT`]: the counts agree, every grid is a verified
//!   solution of the puzzle, and when there are fewer than [`LIMIT`] the
//!   very same set.
//! - An exact-cover problem goes through the faithful search (DLX1's very
//!   tree) and the fast one (DLX1's tree less its dead ends): the same
//!   first solutions in the same order, and the same count and nodes when
//!   the tree is small enough to count in a test ([`COUNT_BUDGET`]).

mod common;
use common::fixtures;
use common::manifest::{cases, manifest_dirs};

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use clap::Parser;
use dance::commands::Cli;
use dance::input::{InputPath, ReadSettings};
use dance::record::Body;
use dance::run::Inputs;
use dlx::{Budget, Problem, Solver};
use reduce::{Puzzle, Way};

/// How many solutions each way lists at most.
const LIMIT: u64 = 5;

/// The nodes of a faithful count in a test (debug builds are slow): above
/// this the counts are compared on the first solutions only.
const COUNT_BUDGET: u64 = 1_000_000;

/// The nodes each way may spend on a puzzle: the dancing links on Knuth's
/// matrices thrash on some sparse big grids (`grid/integers-25x25.txt`
/// takes them tens of millions of nodes), where the bit search needs a
/// few hundred. A way that runs out is left out of that puzzle's
/// comparison; the test asserts how many ways each way answered, and that
/// only a few puzzles are answered one way alone.
const WAY_BUDGET: u64 = 200_000;

/// How many first solutions of a problem are compared one by one.
const FIRST: usize = 50;

/// The inputs of the corpus and how each is read: the files of every
/// `solve` and `count` case of every manifest with the case's flags, then
/// every other input file with none. Keyed by a description (files and
/// flags), so that each way of reading is run once.
fn readings() -> BTreeMap<String, (Vec<InputPath>, ReadSettings)> {
    let mut out = BTreeMap::new();
    let mut named = BTreeSet::new();
    for dir in &manifest_dirs() {
        let manifest = std::fs::read_to_string(dir.join("manifest")).unwrap();
        for case in cases(&manifest) {
            // A file on standard input is read as an input like any other.
            let words: Vec<&String> = case.args.iter().chain(&case.stdin).collect();
            if !matches!(words.first().map(|w| w.as_str()), Some("solve") | Some("count")) {
                continue;
            }
            // File names become paths from here; flags stay.
            let args: Vec<String> = words
                .iter()
                .map(|w| {
                    let p = dir.join(w);
                    if p.is_file() {
                        named.insert(p.canonicalize().unwrap());
                        p.display().to_string()
                    } else {
                        w.to_string()
                    }
                })
                .collect();
            let Ok(cli) =
                Cli::try_parse_from(std::iter::once("dance".to_string()).chain(args.iter().cloned()))
            else {
                continue; // a usage error case
            };
            let Some(inputs) = cli.search_inputs() else { continue };
            if inputs.paths.contains(&InputPath::Stdin) {
                continue;
            }
            // What changes the reading: the files and the input flags.
            let key: Vec<&String> = args.iter().filter(|a| !is_run_flag(a)).collect();
            out.entry(format!("{key:?}")).or_insert((inputs.paths, inputs.read));
        }
    }
    // Every other input file, read with no flag.
    let mut files = Vec::new();
    walk(&fixtures(), &mut files);
    files.sort();
    for f in files {
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !["txt", "in", "sdm", "dlx", "json"].contains(&ext) || named.contains(&f.canonicalize().unwrap()) {
            continue;
        }
        out.insert(f.display().to_string(), (vec![InputPath::File(f)], ReadSettings::default()));
    }
    out
}

/// Flags of `solve` and `count` that change what is done, not what is read
/// (and their values).
fn is_run_flag(a: &str) -> bool {
    a.starts_with("--") && !["--box", "--regions", "--symbols", "--format"].iter().any(|f| a.starts_with(f))
        || a.chars().all(|c| c.is_ascii_digit() || c == '/')
        || ["solve", "count", "json", "text", "line", "compact", "spaced", "integers", "auto"].contains(&a)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            walk(&p, files);
        } else {
            files.push(p);
        }
    }
}

/// Every way that takes `p` agrees with the others (those that answer
/// within [`WAY_BUDGET`]); returns the ways that answered.
fn puzzle_agrees(p: &Puzzle, name: &str) -> Vec<Way> {
    let mut first: Option<(Way, u64, BTreeSet<Vec<u8>>)> = None;
    let mut ran = Vec::new();
    for way in Way::ALL {
        let Some(result) = way.solutions_within(p, LIMIT, Budget::nodes(WAY_BUDGET)) else { continue };
        if result.as_ref().is_ok_and(|l| l.outcome.is_unknown()) {
            continue;
        }
        ran.push(way);
        let (count, set) = match result {
            Ok(listed) => {
                assert_eq!(listed.outcome.solutions(), Some(listed.grids.len() as u64), "{name}, {way}");
                for g in &listed.grids {
                    assert_eq!(p.verify(g), Ok(()), "{name}, {way}: not a solution");
                }
                let set: BTreeSet<Vec<u8>> = listed.grids.iter().cloned().collect();
                assert_eq!(set.len(), listed.grids.len(), "{name}, {way}: a grid twice");
                (set.len() as u64, set)
            }
            Err(_) => (0, BTreeSet::new()),
        };
        match &first {
            None => first = Some((way, count, set)),
            Some((w, c, s)) => {
                assert_eq!(count, *c, "{name}: {way} and {w} count differently");
                if count < LIMIT {
                    assert_eq!(&set, s, "{name}: {way} and {w} find other grids");
                }
            }
        }
    }
    assert!(!ran.is_empty(), "{name}: no way answered");
    ran
}

/// The faithful and the fast search agree on `problem`. Returns whether
/// the whole tree was counted.
fn problem_agrees(problem: &Problem, name: &str) -> bool {
    let mut faithful = Solver::new(problem);
    faithful.set_faithful(true);
    let mut fast = Solver::new(problem);
    let first = |s: &mut Solver| {
        let mut seen = Vec::new();
        let _ = s.search(|o| {
            seen.push(o.to_vec());
            if seen.len() == FIRST {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        });
        seen
    };
    // With bounds (Algorithm M), the fast search branches on other items
    // than DLX3 does: the same solutions, in another order, on another tree.
    let same_tree = !problem.has_bounds();
    if same_tree {
        assert_eq!(first(&mut faithful), first(&mut fast), "{name}: first solutions");
    }
    faithful.set_budget(Budget::nodes(COUNT_BUDGET));
    let all = faithful.count(None);
    let Some(count) = all.solutions() else { return false };
    let quick = fast.count(None);
    assert_eq!(quick.solutions(), Some(count), "{name}: counts");
    if same_tree {
        assert_eq!(quick.nodes(), all.nodes(), "{name}: DLX1's nodes");
    }
    true
}

#[test]
fn every_puzzle_and_problem_of_the_corpus_on_every_engine() {
    let mut puzzles = 0;
    // Puzzles that only one way answered within the budget.
    let mut alone = Vec::new();
    let mut by_way: BTreeMap<String, usize> = BTreeMap::new();
    let (mut problems, mut counted) = (0, 0);
    for (key, (inputs, read)) in readings() {
        for record in Inputs::new(&inputs, &read) {
            let name = format!("{} ({key})", record.source);
            match record.body {
                Ok(Body::Puzzle { puzzle, .. }) => {
                    puzzles += 1;
                    let ways = puzzle_agrees(&puzzle, &name);
                    if ways.len() < 2 {
                        alone.push(name.clone());
                    }
                    for way in ways {
                        *by_way.entry(way.to_string()).or_default() += 1;
                    }
                }
                Ok(Body::Problem { problem, .. }) => {
                    problems += 1;
                    counted += problem_agrees(&problem, &name) as usize;
                }
                Err(_) => {}
            }
        }
    }
    eprintln!("{puzzles} puzzles ({by_way:?}), {problems} problems ({counted} counted whole)");
    eprintln!("answered by one way only: {alone:?}");
    assert!(alone.len() <= 3, "{alone:?}");
    // Today's corpus: the thousand 9x9 of sudoku/, the seeds, every format.
    assert!(puzzles > 1_100, "{puzzles}");
    for way in Way::ALL {
        assert!(by_way.get(&way.to_string()).copied().unwrap_or(0) > 20, "{way}: {by_way:?}");
    }
    assert!(problems >= 30 && counted >= 20, "{problems} problems, {counted} counted");
}
