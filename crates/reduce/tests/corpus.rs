//! Every puzzle of today's `fixtures/` that reads simply (the 1,000 lines
//! of `sudoku/sample-1000.txt`, and the seed inputs), through every way of
//! searching that takes its shape (`reduce::Way`: nine, bits, the links
//! with the givens forced, triad, the links on the reduced matrix): the same
//! count to a limit, and every grid a verified solution; a puzzle with
//! fewer solutions than the limit has the very same set each way. The 9x9
//! puzzles go through once more as Latin squares (no boxes), so that the
//! bit search and both links see them as another shape; the grouped 6x6
//! ones are jigsaws.

use std::collections::BTreeSet;
use std::path::PathBuf;

use reduce::{Alphabet, Puzzle, Regions, Shape, Way};

/// How many solutions each way lists at most.
const LIMIT: u64 = 3;

fn fixture(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures").join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A 9x9 puzzle from 81 cells (digits 1-9; `.`, `0` or `?` blank).
fn nine(cells: &str, shape: &Shape) -> Puzzle {
    let alphabet = Alphabet::default_for(9).unwrap();
    let givens: Vec<Option<u8>> = cells.chars().map(|c| alphabet.index(c)).collect();
    assert_eq!(givens.len(), 81, "{cells}");
    Puzzle::new(shape.clone(), alphabet, givens).unwrap()
}

/// The 9x9 puzzles of a grid file: nine rows of nine cells each, spaced
/// or not, one puzzle after another (blank lines allowed between).
fn grids_of(text: &str) -> Vec<String> {
    let rows: Vec<String> =
        text.lines().map(|l| l.split_whitespace().collect::<String>()).filter(|r| !r.is_empty()).collect();
    assert_eq!(rows.len() % 9, 0);
    rows.chunks(9).map(|c| c.concat()).collect()
}

/// A grouped puzzle (seed 001): six lines of region labels, a count, then
/// `rcL` givens, letters A-F.
fn grouped(text: &str) -> Puzzle {
    let lines: Vec<&str> = text.lines().collect();
    let map: Vec<char> = lines[..6].concat().chars().collect();
    let shape = Shape::new(6, Regions::Map(map)).unwrap();
    let alphabet = Alphabet::letters(6).unwrap();
    let mut givens = vec![None; 36];
    let count: usize = lines[6].trim().parse().unwrap();
    for l in &lines[7..7 + count] {
        let b = l.as_bytes();
        givens[(b[0] - b'0') as usize * 6 + (b[1] - b'0') as usize] = alphabet.index(b[2] as char);
    }
    Puzzle::new(shape, alphabet, givens).unwrap()
}

/// Every way that takes the puzzle agrees with the others. Returns how
/// many ways searched it.
fn agree(p: &Puzzle, name: &str) -> usize {
    let mut seen: Option<(u64, BTreeSet<Vec<u8>>, String)> = None;
    let mut ways = 0;
    for way in Way::ALL {
        let Some(result) = way.solutions(p, LIMIT) else { continue };
        ways += 1;
        let (count, set) = match result {
            Ok(reduce::search::Listed { grids, outcome: o }) => {
                assert_eq!(o.solutions(), Some(grids.len() as u64), "{name}, {way}: {o:?}");
                for g in &grids {
                    assert_eq!(p.verify(g), Ok(()), "{name}, {way}");
                }
                let set: BTreeSet<Vec<u8>> = grids.iter().cloned().collect();
                assert_eq!(set.len(), grids.len(), "{name}, {way}: a grid twice");
                (grids.len() as u64, set)
            }
            Err(_) => (0, BTreeSet::new()),
        };
        match &seen {
            None => seen = Some((count, set, way.to_string())),
            Some((c, s, first)) => {
                assert_eq!(count, *c, "{name}: {way} and {first} count differently");
                if count < LIMIT {
                    assert_eq!(&set, s, "{name}: {way} and {first} find other grids");
                }
            }
        }
    }
    ways
}

#[test]
fn every_sample_puzzle_agrees_on_every_engine() {
    let boxes = Shape::default_for(9).unwrap();
    let latin = Shape::new(9, Regions::None).unwrap();
    let text = fixture("sudoku/sample-1000.txt");
    let mut searched = 0;
    for (i, line) in text.lines().enumerate() {
        let cells: String = line.chars().take(81).collect();
        let name = format!("sample-1000.txt:{}", i + 1);
        assert_eq!(agree(&nine(&cells, &boxes), &name), 5, "{name}: nine, bits, links, triad, reduced");
        // The same givens as a Latin square, with as many solutions or
        // more: the bit search and both links.
        if i % 10 == 0 {
            assert_eq!(agree(&nine(&cells, &latin), &format!("{name} (Latin)")), 3);
        }
        searched += 1;
    }
    assert_eq!(searched, 1000);
}

#[test]
fn every_seed_puzzle_agrees_on_every_engine() {
    let boxes = Shape::default_for(9).unwrap();
    for file in ["seeds/000-sample.in", "seeds/002-inkala.in", "seeds/003-sample.in"] {
        for (k, cells) in grids_of(&fixture(file)).iter().enumerate() {
            let name = format!("{file} #{}", k + 1);
            assert_eq!(agree(&nine(cells, &boxes), &name), 5, "{name}");
        }
    }
    for file in ["seeds/001-example1.in", "seeds/001-example2.in"] {
        // 6x6 with regions of their own: bits and both links.
        assert_eq!(agree(&grouped(&fixture(file)), file), 3, "{file}");
    }
}
