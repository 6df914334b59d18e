//! Unit tests of the techniques on hand-made positions: each finds its
//! pattern where it is, words it as setters do, and finds nothing where
//! nothing applies. Rows, columns and symbols here count from 1, as the
//! wording does.

use super::board::{CandidateBoard, Layout};
use super::chains::Chains;
use super::fish::Fish;
use super::forcing::Forcing;
use super::subsets::Subsets;
use super::wings::Wings;
use super::*;
use crate::grid::{Alphabet, Regions};

/// A position: a shape, its layout, and a board whose candidates the test
/// removes by hand.
struct Pos {
    puzzle: Puzzle,
    layout: Layout,
    board: CandidateBoard,
    step: Step,
}

type Cells = Vec<(usize, usize)>;

fn row(r: usize) -> Cells {
    (1..=9).map(|c| (r, c)).collect()
}

fn col(c: usize) -> Cells {
    (1..=9).map(|r| (r, c)).collect()
}

fn boxed(b: usize) -> Cells {
    let (r0, c0) = ((b - 1) / 3 * 3, (b - 1) % 3 * 3);
    (1..=3).flat_map(|r| (1..=3).map(move |c| (r0 + r, c0 + c))).collect()
}

impl Pos {
    /// A 9x9 grid, every candidate everywhere.
    fn blank() -> Pos {
        Pos::of(Shape::default_for(9).unwrap(), Alphabet::default_for(9).unwrap())
    }

    fn of(shape: Shape, alphabet: Alphabet) -> Pos {
        let n = shape.n();
        let puzzle = Puzzle::new(shape, alphabet, vec![None; n * n]).unwrap();
        let layout = Layout::new(puzzle.shape());
        let mut board = CandidateBoard::default();
        assert!(board.load(&layout, puzzle.givens()));
        Pos { puzzle, layout, board, step: Step::default() }
    }

    fn cell(&self, (r, c): (usize, usize)) -> usize {
        (r - 1) * self.layout.n + c - 1
    }

    /// Cell `at` keeps only `symbols`.
    fn only(&mut self, at: (usize, usize), symbols: &[usize]) {
        let cell = self.cell(at);
        for v in 0..self.layout.n {
            if !symbols.contains(&(v + 1)) {
                self.board.eliminate(&self.layout, cell, v);
            }
        }
    }

    /// Symbol `v` leaves `cells` but those in `keep`.
    fn except(&mut self, cells: Cells, v: usize, keep: &[(usize, usize)]) {
        for at in cells {
            if !keep.contains(&at) {
                let cell = self.cell(at);
                self.board.eliminate(&self.layout, cell, v - 1);
            }
        }
    }

    fn words(&self) -> String {
        self.step.display(&self.puzzle).to_string()
    }

    /// The eliminations, as `r1c2 4` strings (symbols from 1), sorted.
    fn removed(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .step
            .eliminations()
            .iter()
            .map(|e| format!("r{}c{} {}", e.row + 1, e.column + 1, e.symbol + 1))
            .collect();
        v.sort();
        v
    }
}

#[test]
fn full_house_and_naked_single() {
    let shape = Shape::default_for(4).unwrap();
    let alphabet = Alphabet::default_for(4).unwrap();
    let mut givens = vec![None; 16];
    givens[0] = Some(0);
    givens[1] = Some(1);
    givens[2] = Some(2);
    let puzzle = Puzzle::new(shape, alphabet, givens).unwrap();
    let layout = Layout::new(puzzle.shape());
    let mut board = CandidateBoard::default();
    board.load(&layout, puzzle.givens());
    let mut step = Step::default();
    assert!(singles::full_house(&layout, &mut board, &mut step));
    assert_eq!(step.display(&puzzle).to_string(), "r1c4 = 4 (full house in row 1)");

    let mut p = Pos::blank();
    assert!(!singles::full_house(&p.layout, &mut p.board, &mut p.step));
    assert!(!singles::naked_single(&p.layout, &mut p.board, &mut p.step));
    p.only((5, 5), &[7]);
    assert!(singles::naked_single(&p.layout, &mut p.board, &mut p.step));
    assert_eq!(p.words(), "r5c5 = 7 (naked single)");
}

#[test]
fn hidden_single() {
    let mut p = Pos::blank();
    assert!(!singles::hidden_single(&p.layout, &mut p.board, &mut p.step));
    p.except(row(3), 7, &[(3, 5)]);
    assert!(singles::hidden_single(&p.layout, &mut p.board, &mut p.step));
    assert_eq!(p.words(), "r3c5 = 7 (hidden single in row 3)");
    assert!(!singles::hidden_single(&p.layout, &mut p.board, &mut p.step), "one only");
}

#[test]
fn pointing_and_claiming() {
    let mut p = Pos::blank();
    assert!(!intersections::locked_candidates(&p.layout, &p.board, &mut p.step, &mut Default::default()));
    p.except(boxed(1), 4, &[(2, 1), (2, 3)]);
    assert!(intersections::locked_candidates(&p.layout, &p.board, &mut p.step, &mut Default::default()));
    assert_eq!(p.words(), "r2c4, r2c5, r2c6, r2c7, r2c8, r2c9 <> 4 (pointing: box 1 has 4 only in row 2)");

    let mut p = Pos::blank();
    p.except(row(2), 4, &[(2, 1), (2, 2), (2, 3)]);
    assert!(intersections::locked_candidates(&p.layout, &p.board, &mut p.step, &mut Default::default()));
    assert_eq!(p.words(), "r1c1, r1c2, r1c3, r3c1, r3c2, r3c3 <> 4 (claiming: row 2 has 4 only in box 1)");
}

#[test]
fn naked_subsets() {
    let mut cache = Subsets::default();
    let mut p = Pos::blank();
    for k in 2..=4 {
        assert!(!subsets::naked(&p.layout, &p.board, &mut p.step, k, &mut cache));
    }
    p.only((1, 1), &[2, 5]);
    p.only((1, 5), &[2, 5]);
    assert!(subsets::naked(&p.layout, &p.board, &mut p.step, 2, &mut cache));
    assert_eq!(
        p.words(),
        "r1c2, r1c3, r1c4, r1c6, r1c7, r1c8, r1c9 <> 2, 5 (naked pair 2, 5 in row 1: r1c1, r1c5)"
    );

    // A pair in one row and one box clears both.
    let mut p = Pos::blank();
    p.only((1, 1), &[2, 5]);
    p.only((1, 2), &[2, 5]);
    assert!(subsets::naked(&p.layout, &p.board, &mut p.step, 2, &mut cache));
    assert_eq!(p.step.units(), &[Unit::Row(0), Unit::Region(0)]);
    assert_eq!(p.removed().len(), 2 * (7 + 6));
    assert!(p.words().ends_with("(naked pair 2, 5 in row 1 and box 1: r1c1, r1c2)"), "{}", p.words());

    // A triple need not have all three symbols in each cell.
    let mut p = Pos::blank();
    p.only((4, 2), &[1, 2]);
    p.only((6, 2), &[2, 3]);
    p.only((9, 2), &[1, 3]);
    assert!(!subsets::naked(&p.layout, &p.board, &mut p.step, 2, &mut cache));
    assert!(subsets::naked(&p.layout, &p.board, &mut p.step, 3, &mut cache));
    assert!(p.words().ends_with("(naked triple 1, 2, 3 in column 2: r4c2, r6c2, r9c2)"), "{}", p.words());
    assert_eq!(p.removed().len(), 3 * 6);

    let mut p = Pos::blank();
    for (at, s) in [((5, 1), [1, 2]), ((5, 3), [3, 4]), ((5, 5), [1, 4]), ((5, 7), [2, 3])] {
        p.only(at, &s);
    }
    assert!(!subsets::naked(&p.layout, &p.board, &mut p.step, 3, &mut cache));
    assert!(subsets::naked(&p.layout, &p.board, &mut p.step, 4, &mut cache));
    assert!(p.words().ends_with("(naked quad 1, 2, 3, 4 in row 5: r5c1, r5c3, r5c5, r5c7)"), "{}", p.words());
}

#[test]
fn hidden_subsets() {
    let mut cache = Subsets::default();
    let mut p = Pos::blank();
    for k in 2..=4 {
        assert!(!subsets::hidden(&p.layout, &p.board, &mut p.step, k, &mut cache));
    }
    p.except(row(1), 2, &[(1, 1), (1, 5)]);
    p.except(row(1), 5, &[(1, 1), (1, 5)]);
    assert!(subsets::hidden(&p.layout, &p.board, &mut p.step, 2, &mut cache));
    assert_eq!(p.words(), "r1c1, r1c5 <> 1, 3, 4, 6, 7, 8, 9 (hidden pair 2, 5 in row 1: r1c1, r1c5)");

    let mut p = Pos::blank();
    for v in [1, 2, 3] {
        p.except(col(9), v, &[(1, 9), (2, 9), (8, 9)]);
    }
    p.except(col(9), 3, &[(1, 9), (8, 9)]);
    assert!(!subsets::hidden(&p.layout, &p.board, &mut p.step, 2, &mut cache));
    assert!(subsets::hidden(&p.layout, &p.board, &mut p.step, 3, &mut cache));
    assert!(p.words().ends_with("(hidden triple 1, 2, 3 in column 9: r1c9, r2c9, r8c9)"), "{}", p.words());

    let mut p = Pos::blank();
    for v in [6, 7, 8, 9] {
        p.except(boxed(5), v, &[(4, 4), (4, 6), (5, 5), (6, 4)]);
    }
    assert!(!subsets::hidden(&p.layout, &p.board, &mut p.step, 3, &mut cache));
    assert!(subsets::hidden(&p.layout, &p.board, &mut p.step, 4, &mut cache));
    assert!(
        p.words().ends_with("(hidden quad 6, 7, 8, 9 in box 5: r4c4, r4c6, r5c5, r6c4)"),
        "{}",
        p.words()
    );
}

#[test]
fn basic_fish() {
    let mut cache = Fish::default();
    let mut p = Pos::blank();
    for k in 2..=4 {
        assert!(!fish::fish(&p.layout, &p.board, &mut p.step, k, &mut cache));
    }
    // The issue's own example: 4 in rows 2 and 6 only in columns 2 and 8.
    p.except(row(2), 4, &[(2, 2), (2, 8)]);
    p.except(row(6), 4, &[(6, 2), (6, 8)]);
    for r in [3, 4, 5, 7, 8, 9] {
        p.except(vec![(r, 2), (r, 8)], 4, &[]);
    }
    assert!(fish::fish(&p.layout, &p.board, &mut p.step, 2, &mut cache));
    assert_eq!(p.words(), "r1c2, r1c8 <> 4 (X-wing on 4 in rows 2 and 6)");

    let mut p = Pos::blank();
    p.except(col(1), 9, &[(1, 1), (5, 1)]);
    p.except(col(4), 9, &[(5, 4), (9, 4)]);
    p.except(col(7), 9, &[(1, 7), (9, 7)]);
    assert!(!fish::fish(&p.layout, &p.board, &mut p.step, 2, &mut cache));
    assert!(fish::fish(&p.layout, &p.board, &mut p.step, 3, &mut cache));
    assert!(p.words().ends_with("(swordfish on 9 in columns 1, 4 and 7)"), "{}", p.words());
    assert_eq!(p.removed().len(), 3 * 6);

    let mut p = Pos::blank();
    let base = [(1, [1, 2]), (3, [2, 3]), (5, [3, 4]), (7, [4, 1])];
    for (r, cs) in base {
        p.except(row(r), 5, &[(r, cs[0]), (r, cs[1])]);
    }
    assert!(!fish::fish(&p.layout, &p.board, &mut p.step, 3, &mut cache));
    assert!(fish::fish(&p.layout, &p.board, &mut p.step, 4, &mut cache));
    assert!(p.words().ends_with("(jellyfish on 5 in rows 1, 3, 5 and 7)"), "{}", p.words());
    assert_eq!(p.removed().len(), 4 * 5);
}

#[test]
fn wings() {
    let mut w = Wings::default();
    let mut p = Pos::blank();
    assert!(!w.xy_wing(&p.layout, &p.board, &mut p.step));
    assert!(!w.xyz_wing(&p.layout, &p.board, &mut p.step));
    assert!(!w.w_wing(&p.layout, &p.board, &mut p.step));

    p.only((5, 5), &[1, 2]);
    p.only((5, 1), &[1, 3]);
    p.only((1, 5), &[2, 3]);
    assert!(w.xy_wing(&p.layout, &p.board, &mut p.step));
    assert_eq!(p.words(), "r1c1 <> 3 (XY-wing: pivot r5c5{1,2}, pincers r5c1{1,3} and r1c5{2,3})");

    let mut p = Pos::blank();
    p.only((5, 5), &[1, 2, 3]);
    p.only((5, 4), &[1, 3]);
    p.only((2, 5), &[2, 3]);
    assert!(!w.xy_wing(&p.layout, &p.board, &mut p.step));
    assert!(w.xyz_wing(&p.layout, &p.board, &mut p.step));
    assert_eq!(p.words(), "r4c5, r6c5 <> 3 (XYZ-wing: pivot r5c5{1,2,3}, pincers r5c4{1,3} and r2c5{2,3})");

    let mut p = Pos::blank();
    p.only((1, 1), &[1, 2]);
    p.only((5, 9), &[1, 2]);
    assert!(!w.w_wing(&p.layout, &p.board, &mut p.step), "no strong link yet");
    p.except(row(9), 1, &[(9, 1), (9, 9)]);
    assert!(w.w_wing(&p.layout, &p.board, &mut p.step));
    assert_eq!(p.words(), "r1c9, r5c1 <> 2 (W-wing: r1c1 and r5c9{1,2} joined by 1 in row 9 (r9c1=r9c9))");
}

#[test]
fn simple_colouring() {
    let mut ch = Chains::default();
    let mut p = Pos::blank();
    assert!(!ch.colouring(&p.layout, &p.board, &mut p.step));
    // A trap: r1c1 = r3c3 = r3c7 = r1c9 alternate colours; the cells of
    // row 1 between see both ends.
    p.except(boxed(1), 1, &[(1, 1), (3, 3)]);
    p.except(row(3), 1, &[(3, 3), (3, 7)]);
    p.except(boxed(3), 1, &[(3, 7), (1, 9)]);
    assert!(ch.colouring(&p.layout, &p.board, &mut p.step));
    assert_eq!(
        p.words(),
        "r1c4, r1c5, r1c6 <> 1 (simple colouring on 1: r1c1 and r1c9 take opposite colours \
         (r1c1=r3c3=r3c7=r1c9))"
    );

    // A wrap: r1c1 = r1c2 = r2c2 puts r1c1 and r2c2 in one colour and one
    // box, so that colour is false.
    let mut p = Pos::blank();
    p.except(row(1), 1, &[(1, 1), (1, 2)]);
    p.except(col(2), 1, &[(1, 2), (2, 2)]);
    assert!(ch.colouring(&p.layout, &p.board, &mut p.step));
    assert_eq!(
        p.words(),
        "r1c1, r2c2 <> 1 (simple colouring on 1: r1c1 and r2c2 share a colour (r1c1=r1c2=r2c2) and box 1, \
         so that colour is false)"
    );
}

#[test]
fn chains() {
    let mut ch = Chains::default();
    let mut p = Pos::blank();
    assert!(!ch.chains(&p.layout, &p.board, &mut p.step, Technique::Aic));

    // A skyscraper: 1 in columns 1 and 5 only in two rows each, one shared.
    p.except(col(1), 1, &[(2, 1), (7, 1)]);
    p.except(col(5), 1, &[(3, 5), (7, 5)]);
    assert!(ch.chains(&p.layout, &p.board, &mut p.step, Technique::Aic));
    assert_eq!(p.step.technique(), Technique::XChain);
    assert_eq!(p.removed(), ["r2c4 1", "r2c6 1", "r3c2 1", "r3c3 1"]);
    assert_eq!(p.words(), "r2c4, r2c6, r3c2, r3c3 <> 1 (X-chain on 1: r2c1=r7c1-r7c5=r3c5)");

    // Four cells of two candidates, 1 at both ends.
    let mut p = Pos::blank();
    p.only((1, 1), &[1, 2]);
    p.only((1, 5), &[2, 3]);
    p.only((5, 5), &[3, 4]);
    p.only((5, 9), &[4, 1]);
    assert!(!ch.chains(&p.layout, &p.board, &mut p.step, Technique::XChain), "not an X-chain");
    assert!(ch.chains(&p.layout, &p.board, &mut p.step, Technique::Aic));
    assert_eq!(p.step.technique(), Technique::XYChain);
    assert_eq!(p.removed(), ["r1c9 1", "r5c1 1"]);
    assert_eq!(
        p.words(),
        "r1c9, r5c1 <> 1 (XY-chain: (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(4)r5c5-(4)r5c9=(1)r5c9)"
    );

    // Strong links in a row, a box and a row, on three symbols: the ends
    // (1)r1c1 and (3)r2c2 see each other, so each loses the other's symbol.
    let mut p = Pos::blank();
    p.except(row(1), 1, &[(1, 1), (1, 5)]);
    p.except(boxed(2), 2, &[(1, 5), (2, 6)]);
    p.except(row(2), 3, &[(2, 6), (2, 2)]);
    assert!(!ch.chains(&p.layout, &p.board, &mut p.step, Technique::XYChain), "no X- or XY-chain");
    assert!(ch.chains(&p.layout, &p.board, &mut p.step, Technique::Aic));
    assert_eq!(p.step.technique(), Technique::Aic);
    assert_eq!(p.removed(), ["r1c1 3", "r2c2 1"]);
    assert!(p.words().contains("(1)r1c1=(1)r1c5-(2)r1c5=(2)r2c6-(3)r2c6=(3)r2c2"), "{}", p.words());
}

#[test]
fn forcing_chains() {
    let mut f = Forcing::default();
    let mut p = Pos::blank();
    assert!(!f.contradiction(&p.layout, &p.board, &mut p.step));
    assert!(!f.verity(&p.layout, &p.board, &mut p.step));
    // Row 2 has 1 only in box 1: 1 anywhere else in box 1 leaves row 2
    // without it, at once.
    p.except(row(2), 1, &[(2, 2), (2, 3)]);
    assert!(f.contradiction(&p.layout, &p.board, &mut p.step));
    assert_eq!(p.words(), "r1c1 <> 1 (forcing chain: r1c1 = 1 leaves row 2 without a place for 1)");
    // The other five are kept for the next calls.
    for at in ["r1c2", "r1c3", "r3c1", "r3c2", "r3c3", ""] {
        let e = p.step.eliminations()[0];
        p.board.eliminate(&p.layout, e.row * 9 + e.column, e.symbol as usize);
        if at.is_empty() {
            break;
        }
        assert!(f.contradiction(&p.layout, &p.board, &mut p.step));
        assert!(p.words().starts_with(&format!("{at} <> 1")), "{}", p.words());
    }
    assert!(!f.contradiction(&p.layout, &p.board, &mut p.step));
}

#[test]
fn regions_by_label_and_custom_symbols() {
    let map: Vec<char> = "AAABBBAACBBDACCCBDECCDDDEEEFDFEEFFFF".chars().collect();
    let shape = Shape::new(6, Regions::Map(map)).unwrap();
    let mut p = Pos::of(shape, Alphabet::custom("abcdef").unwrap());
    // Leave 'b' one place in region D.
    let cells: Cells =
        (0..36).filter(|&i| p.puzzle.shape().region(i) == Some(3)).map(|i| (i / 6 + 1, i % 6 + 1)).collect();
    p.except(cells, 2, &[(4, 4)]);
    assert!(singles::hidden_single(&p.layout, &mut p.board, &mut p.step));
    assert_eq!(p.words(), "r4c4 = b (hidden single in region D)");
}

fn sudoku(text: &str) -> Puzzle {
    let alphabet = Alphabet::default_for(9).unwrap();
    let givens = text.chars().map(|c| alphabet.index(c)).collect();
    Puzzle::new(Shape::default_for(9).unwrap(), alphabet, givens).unwrap()
}

/// A magictour puzzle: the ladder runs past chains to forcing chains.
const HARD: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn verdicts() {
    let mut logic = Logic::new(&Shape::default_for(9).unwrap());
    // Solved, with a rating.
    let v = logic.rate(&sudoku(HARD));
    let Verdict::Solved(r) = v else { panic!("{v:?}") };
    assert_eq!((r.level(), r.hardest()), (Level::Master, Some(Technique::ForcingChain)));
    // Only up to AICs: stuck, and the search says the solution is unique.
    logic.set_hardest(Technique::Aic);
    let v = logic.rate(&sudoku(HARD));
    let Verdict::Stuck(r) = v else { panic!("{v:?}") };
    assert_eq!((r.level(), r.hardest_name()), (Level::Beyond, "trial and error"));
    assert!(r.score() > 10_000);
    assert!(logic.values().any(|v| v.is_none()));
    assert!(logic.candidates().iter().any(|&m| m.count_ones() > 1));
    // Singles only on a puzzle that needs more: stuck, still unique.
    logic.set_hardest(Technique::HiddenSingle);
    let v = logic.rate(&sudoku(HARD));
    assert_eq!(v.rating().map(|r| r.level()), Some(Level::Beyond));
    // More than one solution.
    let mut blank: Vec<char> = HARD.chars().collect();
    blank[0] = '.';
    let v = logic.rate(&sudoku(&blank.iter().collect::<String>()));
    assert_eq!(v, Verdict::Unrated(Unrated::MultipleSolutions));
    assert_eq!(v.rating(), None);
    // Two givens clash.
    let v = logic.rate(&sudoku(&format!("44{}", &HARD[2..])));
    assert!(matches!(v, Verdict::Unrated(Unrated::Conflict(_))), "{v:?}");
    // No clash, yet no solution: 1 to 8 in row 1 leave 9 for r1c9, which
    // column 9 already has.
    let v = logic.rate(&sudoku(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))));
    assert_eq!(v, Verdict::Unrated(Unrated::NoSolution));
    // A full grid: easy, no steps.
    logic.set_hardest(Technique::ForcingChains);
    let full = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
    let v = logic.rate(&sudoku(full));
    let Verdict::Solved(r) = v else { panic!("{v:?}") };
    assert_eq!((r.level(), r.score(), r.hardest(), r.steps()), (Level::Easy, 0, None, 0));
}

#[test]
fn a_search_over_budget_gives_no_rating() {
    // A blank 64x64 grid (dancing links, past the bit search's orders):
    // the search for a second solution stops at its budget.
    let shape = Shape::default_for(64).unwrap();
    let blank = Puzzle::new(shape.clone(), Alphabet::default_for(64).unwrap(), vec![None; 64 * 64]).unwrap();
    let mut logic = Logic::new(&shape);
    logic.set_hardest(Technique::FullHouse);
    logic.set_max_nodes(1);
    let v = logic.rate(&blank);
    assert_eq!(v, Verdict::Unrated(Unrated::Unknown { nodes: 1 }));
    assert_eq!(
        v.rating(),
        None,
        "{}",
        match v {
            Verdict::Unrated(why) => why.to_string(),
            _ => String::new(),
        }
    );
}

#[test]
fn hint_is_the_first_step() {
    let mut logic = Logic::new(&Shape::default_for(9).unwrap());
    let p = sudoku(HARD);
    let mut first = None;
    logic.explain(&p, |s| {
        first.get_or_insert_with(|| s.clone());
    });
    let (hint, verdict) = logic.hint(&p);
    assert_eq!(hint, first);
    assert!(verdict.is_solved());
}

#[test]
fn big_grids_and_latin_squares() {
    // 64x64 with 8x8 boxes: a pattern grid with a fifth of its cells
    // blank, spread out, falls to singles.
    let n = 64;
    let shape = Shape::default_for(n).unwrap();
    let alphabet = Alphabet::default_for(n).unwrap();
    let grid: Vec<u8> = (0..n * n).map(|i| ((i / n * 8 + i / n / 8 + i % n) % n) as u8).collect();
    let givens =
        grid.iter().enumerate().map(|(i, &v)| ((i * 37 + i / n * 11) % 5 != 0).then_some(v)).collect();
    let puzzle = Puzzle::new(shape.clone(), alphabet, givens).unwrap();
    assert_eq!(puzzle.verify(&grid), Ok(()));
    let mut logic = Logic::new(&shape);
    let v = logic.rate(&puzzle);
    assert!(v.is_solved(), "{v:?}");
    assert_eq!(logic.values().map(|v| v.unwrap()).collect::<Vec<u8>>(), grid);

    // Order 1, and a Latin square with one blank.
    let one =
        Puzzle::new(Shape::default_for(1).unwrap(), Alphabet::default_for(1).unwrap(), vec![None]).unwrap();
    let v = Logic::new(one.shape()).rate(&one);
    assert_eq!(v.rating().map(|r| r.level()), Some(Level::Easy));
    let latin = Shape::new(3, Regions::None).unwrap();
    let givens = vec![Some(0), Some(1), None, Some(1), Some(2), Some(0), Some(2), Some(0), Some(1)];
    let p = Puzzle::new(latin.clone(), Alphabet::default_for(3).unwrap(), givens).unwrap();
    let mut words = Vec::new();
    Logic::new(&latin).explain(&p, |s| words.push(s.display(&p).to_string()));
    assert_eq!(words, ["r1c3 = 3 (full house in row 1)"]);
}

#[test]
fn forcing_chains_on_a_real_puzzle() {
    // The one puzzle of the 2,000 in fixtures/logic (17clue, magictour)
    // that takes a forcing chains (verity) step, and the one that is
    // beyond them all.
    let p = sudoku("7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........");
    let mut logic = Logic::new(p.shape());
    let mut words = Vec::new();
    let v = logic.explain(&p, |s| {
        if s.technique() >= Technique::ForcingChain {
            words.push(s.display(&p).to_string());
        }
    });
    assert_eq!(
        v.rating().map(|r| (r.level(), r.hardest())),
        Some((Level::Beyond, Some(Technique::ForcingChains)))
    );
    assert_eq!(
        words[0],
        "r2c9 <> 9 (forcing chain: r2c9 = 9 and the 3 singles after it leave row 2 without a place for 5)"
    );
    let verity: Vec<&String> = words.iter().filter(|w| w.contains("forcing chains")).collect();
    assert_eq!(
        verity,
        ["r2c7 <> 9 (forcing chains: each place of 5 in row 2 (r2c5, r2c8, r2c9) removes it by singles)"]
    );
}

/// Wings look only at pivots and pairs that hold a cell (or see a strong
/// link) new since they last found nothing: on magictour puzzles that
/// take every kind of wing, one solver kept across the puzzles takes the
/// same steps as a fresh one that looks everywhere.
#[test]
fn wings_narrowed_by_the_logs_miss_nothing() {
    let puzzles = [
        "..96...2.1......3.4.3...6.9.8..1......2.5..91.....7....9....3.2....917....6....8.",
        "..6.5..9.1..6......5...1.8.2....31....5.....27.9.6....4..3....7...4...3...1..5...",
        ".673.4.....4..8..78..2....36.....9...5.8......7...9.4.....2..1..4.5....8..64...3.",
        ".2..316.......938.9.35....1......8...1.6...4.2.6.97....9....56..........5....2.38",
        "...46....568......3....1....3....96..956........7...4..8.94.3......7..2.1.....89.",
        "...........5.9.17..3...2..84..........94..3...7.86...4..7..8...2.......1..19...56",
    ];
    let shape = Shape::default_for(9).unwrap();
    let mut kept = Logic::new(&shape);
    let mut wings = [0; 3];
    for text in puzzles {
        let p = sudoku(text);
        let (mut narrowed, mut everywhere) = (Vec::new(), Vec::new());
        let a = kept.explain(&p, |s| narrowed.push(s.display(&p).to_string()));
        let mut fresh = Logic::new(&shape);
        fresh.wings.exhaustive = true;
        let b = fresh.explain(&p, |s| {
            let t = [Technique::XYWing, Technique::XYZWing, Technique::WWing];
            if let Some(k) = t.iter().position(|&t| t == s.technique()) {
                wings[k] += 1;
            }
            everywhere.push(s.display(&p).to_string());
        });
        assert_eq!((a, narrowed), (b, everywhere), "{text}");
    }
    assert!(wings.iter().all(|&k| k >= 3), "{wings:?}");
}

/// Locked candidates, subsets and fish skip the pairs of units, units and
/// symbols that have not changed since they last found nothing there (see
/// [`Locked`], [`Subsets`], [`Fish`]): one solver kept across many fixture
/// puzzles (17clue, magictour, forum hardest, taken in turn) takes the
/// same steps as a fresh one that looks everywhere every time.
#[test]
fn scans_narrowed_by_the_stamps_miss_nothing() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/logic");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let sets = [read("17clue.txt"), read("magictour_top1465.txt"), read("forum_hardest_1905_11plus.txt")];
    let lines: Vec<Vec<&str>> = sets.iter().map(|s| s.lines().step_by(3).take(300).collect()).collect();
    let shape = Shape::default_for(9).unwrap();
    let mut kept = Logic::new(&shape);
    let mut counts = [0usize; Technique::ALL.len()];
    for i in 0..300 {
        for set in &lines {
            let p = sudoku(&set[i][..81]);
            let (mut narrowed, mut everywhere) = (Vec::new(), Vec::new());
            let a = kept.explain(&p, |s| narrowed.push(s.display(&p).to_string()));
            let mut fresh = Logic::new(&shape);
            fresh.locked.exhaustive = true;
            fresh.subsets.exhaustive = true;
            fresh.fish.exhaustive = true;
            let b = fresh.explain(&p, |s| {
                counts[Technique::ALL.iter().position(|&t| t == s.technique()).unwrap()] += 1;
                everywhere.push(s.display(&p).to_string());
            });
            assert_eq!((a, narrowed), (b, everywhere), "{}", &set[i][..81]);
        }
    }
    // Every technique narrowed here but hidden quads and jellyfish (rare)
    // was taken, most of them often.
    let took = |t: Technique| counts[Technique::ALL.iter().position(|&x| x == t).unwrap()];
    for t in [
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::XWing,
        Technique::Swordfish,
    ] {
        assert!(took(t) >= 3, "{t:?}: {counts:?}");
    }
}

/// The one-test filter of chain starts (what a candidate's being true
/// reaches, against the set of candidates whose chain would remove it)
/// drops only starts that lead nowhere: with it and without it, a solver
/// takes the same steps, chains of every kind among them.
#[test]
fn chain_start_filter_drops_no_chain() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/logic");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let sets = [read("magictour_top1465.txt"), read("forum_hardest_1905_11plus.txt")];
    let shape = Shape::default_for(9).unwrap();
    let mut counts = [0usize; Technique::ALL.len()];
    for set in &sets {
        for line in set.lines().step_by(7).take(60) {
            let p = sudoku(&line[..81]);
            let (mut filtered, mut unfiltered) = (Vec::new(), Vec::new());
            let a = Logic::new(&shape).explain(&p, |s| {
                counts[Technique::ALL.iter().position(|&t| t == s.technique()).unwrap()] += 1;
                filtered.push(s.display(&p).to_string());
            });
            let mut all = Logic::new(&shape);
            all.chains.exhaustive = true;
            let b = all.explain(&p, |s| unfiltered.push(s.display(&p).to_string()));
            assert_eq!((a, filtered), (b, unfiltered), "{}", &line[..81]);
        }
    }
    let took = |t: Technique| counts[Technique::ALL.iter().position(|&x| x == t).unwrap()];
    for t in [Technique::XChain, Technique::XYChain, Technique::Aic] {
        assert!(took(t) >= 3, "{t:?}: {counts:?}");
    }
}

/// The narrowed scans (stamps on units and symbols, the chain start
/// filter) take the same steps as exhaustive ones on other shapes too:
/// generated puzzles on 6x6, 12x12 and 16x16 boxes, a Latin square and
/// 9x9 jigsaws (each on its own map), one solver kept per fixed shape.
#[test]
fn narrowed_scans_agree_on_every_shape_family() {
    use crate::generate::{Generator, Request, Target};
    let latin = Shape::new(7, Regions::None).unwrap();
    let targets = [
        (Target::Shape(Shape::default_for(6).unwrap()), 40),
        (Target::Shape(Shape::default_for(12).unwrap()), 10),
        (Target::Shape(Shape::default_for(16).unwrap()), 4),
        (Target::Shape(latin), 30),
        (Target::Jigsaw(9), 30),
    ];
    let (mut steps, mut hard) = (0, 0);
    for (target, count) in targets {
        let n = target.n();
        let mut maker =
            Generator::new(target, Alphabet::default_for(n).unwrap(), Request::default()).unwrap();
        let mut kept: Option<Logic> = None;
        for seed in 1..=count {
            let p = maker.generate(seed).unwrap().puzzle;
            let logic = match &mut kept {
                Some(l) if l.layout.n == n && matches!(maker.target(), Target::Shape(_)) => l,
                _ => kept.insert(Logic::new(p.shape())),
            };
            let (mut narrowed, mut everywhere) = (Vec::new(), Vec::new());
            let a = logic.explain(&p, |s| {
                hard += usize::from(s.technique() > Technique::HiddenSingle);
                narrowed.push(s.display(&p).to_string())
            });
            let mut fresh = Logic::new(p.shape());
            fresh.locked.exhaustive = true;
            fresh.subsets.exhaustive = true;
            fresh.fish.exhaustive = true;
            fresh.chains.exhaustive = true;
            let b = fresh.explain(&p, |s| everywhere.push(s.display(&p).to_string()));
            steps += narrowed.len();
            assert_eq!((a, narrowed), (b, everywhere), "{n}x{n} seed {seed}");
        }
    }
    // Many steps, and many past singles (7,813 and 2,648 when written).
    assert!(steps > 2000 && hard > 500, "{steps} {hard}");
}

/// A blank 9x9 puzzle with `givens` (row, column, digit, from 1) and
/// `constraints`.
fn variant(givens: &[(usize, usize, u8)], constraints: Vec<crate::constraint::Constraint>) -> Puzzle {
    let mut g = vec![None; 81];
    for &(r, c, d) in givens {
        g[(r - 1) * 9 + c - 1] = Some(d - 1);
    }
    let p = Puzzle::new(Shape::default_for(9).unwrap(), Alphabet::default_for(9).unwrap(), g).unwrap();
    p.with_rules(crate::constraint::Rules { constraints, candidates: None }).unwrap()
}

/// The first `k` steps of `p`, in words, with their techniques.
fn first_steps(p: &Puzzle, k: usize) -> Vec<(Technique, String)> {
    let mut logic = Logic::new(p.shape());
    let mut out = Vec::new();
    logic.explain(p, |s| {
        if out.len() < k {
            out.push((s.technique(), s.display(p).to_string()));
        }
    });
    out
}

fn cells9(list: &[(usize, usize)]) -> Vec<usize> {
    list.iter().map(|&(r, c)| (r - 1) * 9 + c - 1).collect()
}

#[test]
fn cage_combinations_and_what_a_cage_must_hold() {
    use crate::constraint::Killer;
    let cage = Killer::new(9, cells9(&[(1, 1), (1, 2), (1, 3)]), Some(23)).unwrap();
    let p = variant(&[], vec![cage.into()]);
    let steps = first_steps(&p, 2);
    assert_eq!(steps[0].0, Technique::CageCombinations);
    assert_eq!(
        steps[0].1,
        "r1c1, r1c2, r1c3 <> 1, 2, 3, 4, 5, 7 (cage combinations: killer 23 at r1c1-r1c3 keeps {6,8,9})"
    );
    // 6 must be in the cage, in row 1 and box 1: the rest of both lose it.
    assert_eq!(steps[1].0, Technique::CageCombinations);
    assert!(
        steps[1]
            .1
            .starts_with("r1c4, r1c5, r1c6, r1c7, r1c8, r1c9, r2c1, r2c2, r2c3, r3c1, r3c2, r3c3 <> 6 "),
        "{}",
        steps[1].1
    );
    assert!(steps[1]
        .1
        .ends_with("(cage combinations: killer 23 at r1c1-r1c3 must hold 6 in r1c1, r1c2, r1c3)"));
}

#[test]
fn pair_rules_along_a_thermometer() {
    use crate::constraint::Thermometer;
    let thermo = Thermometer::new(9, cells9(&[(1, 1), (1, 2), (1, 3)]), false).unwrap();
    let p = variant(&[(1, 1, 7)], vec![thermo.into()]);
    let steps = first_steps(&p, 1);
    assert_eq!(steps[0].0, Technique::RulePair);
    assert_eq!(steps[0].1, "r1c2 <> 1, 2, 3, 4, 5, 6 (pair rule: thermometer at r1c1-r1c3 with r1c1 = 7)");
}

#[test]
fn innies_of_a_row() {
    use crate::constraint::Killer;
    let a = Killer::new(9, cells9(&[(1, 1), (1, 2), (1, 3), (1, 4)]), Some(20)).unwrap();
    let b = Killer::new(9, cells9(&[(1, 5), (1, 6), (1, 7), (1, 8)]), Some(16)).unwrap();
    let p = variant(&[], vec![a.into(), b.into()]);
    let mut logic = Logic::new(p.shape());
    let mut innies = Vec::new();
    logic.explain(&p, |s| {
        if s.technique() == Technique::InniesOuties {
            innies.push(s.display(&p).to_string());
        }
    });
    assert_eq!(innies[0], "r1c9 <> 1, 2, 3, 4, 5, 6, 7, 8 (innies and outies: row 1, r1c9 = 9)");
}

#[test]
fn cage_pairs_share_no_digit() {
    use crate::constraint::Killer;
    // In row 1: a 6 ({1,5} or {2,4}) and a 5 ({1,4} or {2,3}); {2,4}
    // leaves the 5 no set, so the 6 is {1,5}. (On a blank grid the
    // innies of row 1 come first; here only the cages' own combinations
    // are taken.)
    let a = Killer::new(9, cells9(&[(1, 1), (1, 2)]), Some(6)).unwrap();
    let b = Killer::new(9, cells9(&[(1, 4), (1, 5)]), Some(5)).unwrap();
    let p = variant(&[], vec![a.into(), b.into()]);
    let mut rules = variant::VariantRules::default();
    assert!(rules.compile(&p));
    let (groups, differ) = rules.groups(&Layout::new(p.shape()));
    let layout = Layout::with_groups(p.shape(), &groups, &differ);
    let mut board = CandidateBoard::default();
    assert!(board.load(&layout, p.givens()));
    for (cell, keep) in [(0, [0, 1, 3, 4]), (1, [0, 1, 3, 4]), (3, [0, 1, 2, 3]), (4, [0, 1, 2, 3])] {
        (0..9).filter(|v| !keep.contains(v)).for_each(|v| board.eliminate(&layout, cell, v));
    }
    let mut step = Step::default();
    assert!(rules.cage_pairs(&layout, &board, &mut step));
    assert_eq!(
        step.display(&p).to_string(),
        "r1c1, r1c2 <> 2, 4 (cage pair: killer 6 at r1c1-r1c2 keeps {1,5}, no digit shared with killer 5 at r1c4-r1c5)"
    );
    // And the 5 keeps {2,3} once the 6 is {1,5}.
    for e in step.eliminations.clone() {
        board.eliminate(&layout, e.row * 9 + e.column, e.symbol as usize);
    }
    assert!(rules.cage_pairs(&layout, &board, &mut step));
    assert!(step
        .display(&p)
        .to_string()
        .starts_with("r1c4, r1c5 <> 1, 4 (cage pair: killer 5 at r1c4-r1c5 keeps {2,3}"));
    // Apart (no cell of one sees every cell of the other), no such step.
    let a = Killer::new(9, cells9(&[(1, 1), (1, 2)]), Some(6)).unwrap();
    let b = Killer::new(9, cells9(&[(2, 4), (1, 5)]), Some(5)).unwrap();
    let p = variant(&[], vec![a.into(), b.into()]);
    let mut logic = Logic::new(p.shape());
    logic.set_hardest(Technique::CagePairs);
    let mut took = false;
    logic.explain(&p, |s| took |= s.technique() == Technique::CagePairs);
    assert!(!took);
}

#[test]
fn cage_placements_keep_what_some_filling_places() {
    use crate::constraint::Killer;
    // A 3-cell 15 at r1c1, r2c2, r3c3 (a box's cells): with r1c1 and r2c2
    // left {1,2,9} and r3c3 {1,2,...,9}, the sets {1,5,9}, {2,4,9}... pass
    // cage combinations (each digit has a cell, each cell a digit), but
    // a filling puts 1 or 2 with 9 in the first two cells only when the
    // third takes the rest: {1,5,9} puts 5 in r3c3, {2,4,9} 4; r3c3 can
    // never take 1, 2 or 9 (two of them fill the first two cells, and
    // no set holds 1, 2 and a third 12) nor 3, 6, 7, 8.
    let cage = Killer::new(9, cells9(&[(1, 1), (2, 2), (3, 3)]), Some(15)).unwrap();
    let p = variant(&[], vec![cage.into()]);
    let mut rules = variant::VariantRules::default();
    assert!(rules.compile(&p));
    let (groups, differ) = rules.groups(&Layout::new(p.shape()));
    let layout = Layout::with_groups(p.shape(), &groups, &differ);
    let mut board = CandidateBoard::default();
    assert!(board.load(&layout, p.givens()));
    for cell in [0, 10] {
        (0..9).filter(|v| ![0, 1, 8].contains(v)).for_each(|v| board.eliminate(&layout, cell, v));
    }
    let mut step = Step::default();
    // Cage combinations alone leave r3c3 digits no filling places there.
    assert!(rules.props(&layout, &board, &mut step, Technique::CageCombinations));
    for e in step.eliminations.clone() {
        board.eliminate(&layout, e.row * 9 + e.column, e.symbol as usize);
    }
    while rules.props(&layout, &board, &mut step, Technique::CageCombinations) {
        for e in step.eliminations.clone() {
            board.eliminate(&layout, e.row * 9 + e.column, e.symbol as usize);
        }
    }
    assert!((0..9).filter(|&v| board.has(20, v)).count() > 2);
    assert!(rules.cage_placements(&layout, &board, &mut step));
    assert_eq!(step.technique(), Technique::CagePlacements);
    let text = step.display(&p).to_string();
    assert!(text.starts_with("r3c3 <> "), "{text}");
    assert!(
        text.ends_with(
            "(cage placements: killer 15 at r1c1-r3c3 has no filling (one of its sets, a different digit in each cell) that puts these there)"
        ),
        "{text}"
    );
    for e in step.eliminations.clone() {
        board.eliminate(&layout, e.row * 9 + e.column, e.symbol as usize);
    }
    let left: Vec<usize> = (0..9).filter(|&v| board.has(20, v)).collect();
    assert_eq!(left, vec![3, 4]);
    assert!(!rules.cage_placements(&layout, &board, &mut step));
}

#[test]
fn a_diagonal_is_a_unit_and_a_knight_a_peer() {
    use crate::constraint::{AntiKnight, Diagonal};
    let d = Diagonal { positive: false, n: 9 };
    let givens: Vec<(usize, usize, u8)> = (1..=8).map(|i| (i, i, i as u8)).collect();
    let p = variant(&givens, vec![d.into()]);
    let steps = first_steps(&p, 1);
    assert_eq!(steps[0].1, "r9c9 = 9 (full house in negative diagonal)");
    // A knight's move from a given: the candidate is gone before any step.
    let p = variant(&[(5, 5, 5)], vec![AntiKnight.into()]);
    let mut logic = Logic::new(p.shape());
    logic.set_hardest(Technique::FullHouse);
    let _ = logic.rate(&p);
    let has = |r: usize, c: usize| logic.candidates()[(r - 1) * 9 + c - 1] >> 4 & 1 == 1;
    assert!(!has(3, 4) && !has(7, 6) && !has(4, 7) && has(1, 9));
}

/// Every 4x4 Sudoku grid (288), by brute force.
fn every_4x4_grid() -> Vec<Vec<u8>> {
    fn fill(g: &mut Vec<u8>, cell: usize, out: &mut Vec<Vec<u8>>) {
        if cell == 16 {
            out.push(g.clone());
            return;
        }
        let (r, c) = (cell / 4, cell % 4);
        for v in 0..4u8 {
            let clash = (0..cell).any(|d| {
                let (s, t) = (d / 4, d % 4);
                g[d] == v && (s == r || t == c || (s / 2 == r / 2 && t / 2 == c / 2))
            });
            if !clash {
                g[cell] = v;
                fill(g, cell + 1, out);
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut vec![0; 16], 0, &mut out);
    out
}

/// Random 4x4 puzzles with thermometers and white dots drawn on a random
/// grid and a few givens: on each with one solution (counted over every
/// grid), every step of the full solver, rule chains and rule forcing
/// chains included, keeps that solution, and a full board is it.
#[test]
fn every_step_keeps_the_answer_on_random_small_variants() {
    use crate::constraint::{Constraint, Difference, Rules, Thermometer};
    let grids = every_4x4_grid();
    assert_eq!(grids.len(), 288);
    let (shape, alphabet) = (Shape::default_for(4).unwrap(), Alphabet::default_for(4).unwrap());
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |m: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m as u64) as usize
    };
    let mut used = [0usize; Technique::ALL.len()];
    let (mut unique, mut solved) = (0, 0);
    let mut logic = Logic::new(&shape);
    for _ in 0..4000 {
        let sol = grids[next(grids.len())].clone();
        let mut constraints: Vec<Constraint> = Vec::new();
        for _ in 0..1 + next(3) {
            let mut cells = vec![next(16)];
            while cells.len() < 4 {
                let c = *cells.last().unwrap();
                let up: Vec<usize> = (0..16)
                    .filter(|&d| {
                        !cells.contains(&d)
                            && (d / 4).abs_diff(c / 4) <= 1
                            && (d % 4).abs_diff(c % 4) <= 1
                            && sol[d] > sol[c]
                    })
                    .collect();
                if up.is_empty() {
                    break;
                }
                cells.push(up[next(up.len())]);
            }
            if cells.len() > 1 {
                constraints.push(Thermometer::new(4, cells, false).unwrap().into());
            }
        }
        for _ in 0..next(4) {
            let a = next(16);
            let b = if a % 4 < 3 && next(2) == 0 {
                a + 1
            } else if a < 12 {
                a + 4
            } else {
                continue;
            };
            let diff = (sol[a] as i64 - sol[b] as i64).unsigned_abs() as u32;
            constraints.push(Difference::new(4, a, b, diff).unwrap().into());
        }
        let givens: Vec<Option<u8>> = (0..16).map(|c| (next(12) == 0).then_some(sol[c])).collect();
        let p = Puzzle::new(shape.clone(), alphabet.clone(), givens)
            .unwrap()
            .with_rules(Rules { constraints, candidates: None })
            .unwrap();
        if grids.iter().filter(|g| p.verify(g).is_ok()).count() != 1 {
            continue;
        }
        unique += 1;
        let verdict = logic.explain(&p, |s| {
            used[Technique::ALL.iter().position(|&t| t == s.technique()).unwrap()] += 1;
            let words = s.display(&p).to_string();
            for c in s.placements() {
                assert_eq!(sol[c.row * 4 + c.column], c.symbol, "{words}");
            }
            for e in s.eliminations() {
                assert_ne!(sol[e.row * 4 + e.column], e.symbol, "{words}");
            }
        });
        assert!(matches!(verdict, Verdict::Solved(_) | Verdict::Stuck(_)), "{verdict:?}");
        if matches!(verdict, Verdict::Solved(_)) {
            assert_eq!(logic.values().map(|v| v.unwrap()).collect::<Vec<u8>>(), sol);
            solved += 1;
        }
    }
    let took = |t: Technique| used[Technique::ALL.iter().position(|&x| x == t).unwrap()];
    eprintln!(
        "{unique} unique, {solved} solved; rule chain {}, rule forcing chain {}, forcing chain {}",
        took(Technique::RuleChain),
        took(Technique::RuleForcingChain),
        took(Technique::ForcingChain)
    );
    assert!(unique > 500, "{unique} puzzles with one solution");
    // Both new techniques were exercised (29 and 3 steps when written).
    assert!(took(Technique::RuleChain) > 0 && took(Technique::RuleForcingChain) > 0);
}

/// A random grid of order `n` (boxes of `n / w` rows by `w` columns): the
/// pattern grid with its symbols, rows in a band, columns in a stack,
/// bands and stacks shuffled.
fn shuffled_grid(n: usize, w: usize, next: &mut impl FnMut(usize) -> usize) -> Vec<u8> {
    let h = n / w;
    let mut shuffle = |v: &mut Vec<usize>| {
        for i in (1..v.len()).rev() {
            v.swap(i, next(i + 1));
        }
    };
    let mut symbols: Vec<usize> = (0..n).collect();
    shuffle(&mut symbols);
    let (mut bands, mut stacks): (Vec<usize>, Vec<usize>) = ((0..w).collect(), (0..h).collect());
    shuffle(&mut bands);
    shuffle(&mut stacks);
    let mut rows = Vec::new();
    for &b in &bands {
        let mut inner: Vec<usize> = (0..h).collect();
        shuffle(&mut inner);
        rows.extend(inner.iter().map(|&i| b * h + i));
    }
    let mut cols = Vec::new();
    for &s in &stacks {
        let mut inner: Vec<usize> = (0..w).collect();
        shuffle(&mut inner);
        cols.extend(inner.iter().map(|&i| s * w + i));
    }
    let pattern = |r: usize, c: usize| (r % h * w + r / h + c) % n;
    (0..n * n).map(|cell| symbols[pattern(rows[cell / n], cols[cell % n])] as u8).collect()
}

/// Random killers drawn on random 6x6 and 9x9 grids (every cell in a cage
/// of two to six cells with different digits, a few givens): every step
/// of the full solver keeps the grid they were drawn on (a sound step
/// keeps every solution, so uniqueness is not needed), rule forcing chains
/// of several branches included, which some take.
#[test]
fn every_step_keeps_the_grid_of_random_killers() {
    use crate::constraint::{Constraint, Killer, Rules};
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |m: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m as u64) as usize
    };
    let mut used = [0usize; Technique::ALL.len()];
    let rounds = 200;
    for round in 0..rounds {
        let (n, w) = if round % 2 == 0 { (9, 3) } else { (6, 3) };
        let sol = shuffled_grid(n, w, &mut next);
        let (shape, alphabet) = (Shape::default_for(n).unwrap(), Alphabet::default_for(n).unwrap());
        let mut free: Vec<bool> = vec![true; n * n];
        let mut constraints: Vec<Constraint> = Vec::new();
        for start in 0..n * n {
            if !free[start] {
                continue;
            }
            free[start] = false;
            let mut cells = vec![start];
            let size = 2 + next(5);
            while cells.len() < size {
                let near: Vec<usize> = cells
                    .iter()
                    .flat_map(|&c| [c + 1, c + n, c.wrapping_sub(1), c.wrapping_sub(n)].map(move |d| (c, d)))
                    .filter(|&(c, d)| d < n * n && (d / n == c / n || d % n == c % n))
                    .map(|(_, d)| d)
                    .filter(|&d| free[d] && cells.iter().all(|&c| sol[c] != sol[d]))
                    .collect();
                if near.is_empty() {
                    break;
                }
                let d = near[next(near.len())];
                free[d] = false;
                cells.push(d);
            }
            let sum = cells.iter().map(|&c| sol[c] as u32 + 1).sum();
            constraints.push(Killer::new(n, cells, Some(sum)).unwrap().into());
        }
        let givens: Vec<Option<u8>> = (0..n * n).map(|c| (next(12) == 0).then_some(sol[c])).collect();
        let p = Puzzle::new(shape.clone(), alphabet, givens)
            .unwrap()
            .with_rules(Rules { constraints, candidates: None })
            .unwrap();
        assert!(p.verify(&sol).is_ok());
        let mut logic = Logic::new(&shape);
        logic.set_max_nodes(1000);
        let verdict = logic.explain(&p, |s| {
            used[Technique::ALL.iter().position(|&t| t == s.technique()).unwrap()] += 1;
            let words = s.display(&p).to_string();
            for c in s.placements() {
                assert_eq!(sol[c.row * n + c.column], c.symbol, "{words}");
            }
            for e in s.eliminations() {
                assert_ne!(sol[e.row * n + e.column], e.symbol, "{words}");
            }
        });
        if matches!(verdict, Verdict::Solved(_)) {
            assert_eq!(logic.values().map(|v| v.unwrap()).collect::<Vec<u8>>(), sol);
        }
    }
    let took = |t: Technique| used[Technique::ALL.iter().position(|&x| x == t).unwrap()];
    eprintln!(
        "rule chain {}, rule forcing chain {}",
        took(Technique::RuleChain),
        took(Technique::RuleForcingChain)
    );
    assert!(took(Technique::RuleForcingChain) > 0);
}

/// TAREK_ALL#0 (sigh/Interactive-Sudoku-Solver's collection, MIT): a
/// killer of 24 cages, no givens, one solution. Where the rules one at a
/// time and the rule forcing chains stop, every candidate of one cell
/// followed with the rules removes the same candidates: a step of rule
/// forcing chains, which keeps the answer.
#[test]
fn rule_forcing_chains_on_a_hard_killer() {
    let (p, answer) = hard_killer();
    let mut logic = Logic::new(p.shape());
    let mut verities = Vec::new();
    logic.explain(&p, |s| {
        for e in s.eliminations() {
            assert_ne!(answer[e.row * 9 + e.column], e.symbol, "{}", s.display(&p));
        }
        assert!(s.placements().iter().all(|c| answer[c.row * 9 + c.column] == c.symbol));
        if s.technique() == Technique::RuleForcingChains {
            verities.push(s.display(&p).to_string());
        }
    });
    // Which verity comes first depends on every technique before it (it
    // was "r2c3, r9c3 <> 1 (... each candidate of r6c3 ...)" before set
    // theory); its wording is checked, its soundness above.
    let first = verities.first().expect("a step of rule forcing chains");
    assert!(first.contains(" <> ") && first.contains(" (rule forcing chains: each "), "{first}");
    assert!(first.ends_with(") removes it by singles and the rules)"), "{first}");
}

/// The rule forcing chains remember the branches followed on a board (the
/// verities reuse the pass's, the next pass starts from their ends): on
/// the hard killer, which takes rule
/// forcing chains of one and of several branches, the same steps in the
/// same words, and the same verdict, as following every branch afresh.
#[test]
fn remembered_branches_change_no_step() {
    let (p, _) = hard_killer();
    let run = |forget: bool| {
        let mut logic = Logic::new(p.shape());
        if forget {
            logic.rule_forcing.forget_branches();
        }
        let mut steps = Vec::new();
        let verdict = logic.explain(&p, |s| steps.push(s.display(&p).to_string()));
        (steps, format!("{verdict:?}"))
    };
    let (fresh, remembered) = (run(true), run(false));
    assert!(fresh.0.iter().any(|s| s.contains("(rule forcing chains: each ")), "{:?}", fresh.0);
    assert!(fresh.0.iter().any(|s| s.contains("(rule forcing chain: ")), "{:?}", fresh.0);
    assert_eq!(fresh, remembered);
}

/// TAREK_ALL#0 (see [`rule_forcing_chains_on_a_hard_killer`]) and its
/// answer (digits from 0).
fn hard_killer() -> (Puzzle, Vec<u8>) {
    use crate::constraint::Killer;
    let cages: [(u32, &[(usize, usize)]); 24] = [
        (16, &[(1, 1), (1, 2), (1, 3), (2, 1)]),
        (21, &[(1, 4), (1, 5), (2, 3), (2, 4)]),
        (20, &[(1, 6), (1, 7), (2, 5), (2, 6)]),
        (21, &[(1, 8), (1, 9), (2, 8), (2, 9)]),
        (16, &[(2, 2), (3, 1), (3, 2), (4, 1)]),
        (14, &[(2, 7), (3, 7), (3, 8)]),
        (18, &[(3, 3), (4, 2), (4, 3)]),
        (19, &[(3, 4), (3, 5), (4, 4)]),
        (16, &[(3, 6), (4, 6), (4, 7)]),
        (16, &[(3, 9), (4, 8), (4, 9), (5, 8)]),
        (18, &[(4, 5), (5, 5), (5, 6)]),
        (17, &[(5, 1), (6, 1), (7, 1)]),
        (12, &[(5, 2), (5, 3), (6, 2)]),
        (12, &[(5, 4), (6, 4), (6, 5)]),
        (11, &[(5, 7), (6, 6), (6, 7)]),
        (23, &[(5, 9), (6, 8), (6, 9), (7, 8)]),
        (16, &[(6, 3), (7, 3), (7, 4)]),
        (14, &[(7, 2), (8, 2), (8, 3)]),
        (13, &[(7, 5), (8, 4), (8, 5)]),
        (15, &[(7, 6), (7, 7), (8, 6)]),
        (25, &[(7, 9), (8, 9), (9, 8), (9, 9)]),
        (16, &[(8, 1), (9, 1), (9, 2)]),
        (19, &[(8, 7), (8, 8), (9, 6), (9, 7)]),
        (17, &[(9, 3), (9, 4), (9, 5)]),
    ];
    let answer: Vec<u8> = "432851769786239415159467823263974581971583642548612397397148256614725938825396174"
        .bytes()
        .map(|b| b - b'1')
        .collect();
    let rules = cages.iter().map(|&(sum, cells)| Killer::new(9, cells9(cells), Some(sum)).unwrap().into());
    let p = variant(&[], rules.collect());
    assert!(p.verify(&answer).is_ok());
    (p, answer)
}

/// Random arrows (and a few killer cages, overlapping them or not) drawn
/// on random 6x6 and 9x9 grids: every sum set theory derives holds on the
/// grid, some name arrows, and every step of the full solver keeps the
/// grid (a sound step keeps every solution).
#[test]
fn set_theory_sums_hold_on_random_arrows() {
    use crate::constraint::{Arrow, Constraint, Killer, Rules};
    use crate::search::{Model, Origin, Prop};
    let mut seed = 0x51_7cc1_b727_220au64;
    let mut next = |m: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m as u64) as usize
    };
    let (mut derived, mut with_arrows, mut steps) = (0, 0, 0);
    for round in 0..120 {
        let (n, w) = if round % 3 == 0 { (6, 3) } else { (9, 3) };
        let sol = shuffled_grid(n, w, &mut next);
        let mut constraints: Vec<Constraint> = Vec::new();
        let mut used = vec![false; n * n];
        for _ in 0..n * 3 {
            let circle = next(n * n);
            if used[circle] || sol[circle] == 0 {
                continue;
            }
            let (mut shaft, mut sum) = (Vec::new(), 0);
            let mut at = circle;
            while sum < sol[circle] as usize + 1 {
                let near: Vec<usize> = (0..n * n)
                    .filter(|&d| {
                        d != circle
                            && !shaft.contains(&d)
                            && !used[d]
                            && (d / n).abs_diff(at / n) <= 1
                            && (d % n).abs_diff(at % n) <= 1
                    })
                    .collect();
                if near.is_empty() {
                    break;
                }
                at = near[next(near.len())];
                shaft.push(at);
                sum += sol[at] as usize + 1;
            }
            if sum != sol[circle] as usize + 1 {
                continue;
            }
            used[circle] = true;
            shaft.iter().for_each(|&c| used[c] = true);
            constraints.push(Arrow::new(n, vec![circle], shaft).unwrap().into());
        }
        for _ in 0..next(4) {
            let start = next(n * n);
            let mut cells = vec![start];
            for d in [start + 1, start + n] {
                if d < n * n && (d % n != 0 || d == start + n) && cells.iter().all(|&c| sol[c] != sol[d]) {
                    cells.push(d);
                }
            }
            let sum = cells.iter().map(|&c| sol[c] as u32 + 1).sum();
            constraints.push(Killer::new(n, cells, Some(sum)).unwrap().into());
        }
        let givens: Vec<Option<u8>> = (0..n * n).map(|c| (next(8) == 0).then_some(sol[c])).collect();
        let (shape, alphabet) = (Shape::default_for(n).unwrap(), Alphabet::default_for(n).unwrap());
        let p = Puzzle::new(shape.clone(), alphabet, givens)
            .unwrap()
            .with_rules(Rules { constraints, candidates: None })
            .unwrap();
        assert!(p.verify(&sol).is_ok());
        let mut model = Model::new(&p, &[]);
        let first = model.props.len();
        let rules = super::derived::derive(&mut model);
        assert_eq!(model.props.len(), first + rules.len());
        for (prop, origin) in model.props[first..].iter().zip(&model.origins[first..]) {
            let Prop::Linear(l) = prop else { panic!("{prop:?}") };
            assert!(!matches!(origin, Origin::Rule(_)));
            let value: i64 =
                l.cells.iter().zip(&l.coefs).map(|(&c, &k)| k * (sol[c as usize] as i64 + 1)).sum();
            assert_eq!(value, l.target, "{l:?}");
            assert!(l.cells.len() <= 12 && l.coefs.iter().all(|&k| k != 0));
        }
        derived += rules.len();
        with_arrows += rules
            .iter()
            .filter(|r| r.iter().any(|&i| matches!(p.rules().constraints[i], Constraint::Arrow(_))))
            .count();
        let mut logic = Logic::new(&shape);
        logic.set_max_nodes(1000);
        logic.explain(&p, |s| {
            let words = s.display(&p).to_string();
            if s.technique() == Technique::InniesOuties && !s.rules().is_empty() {
                steps += 1;
                assert!(words.contains(" with arrow at ") || words.contains(" with killer "), "{words}");
            }
            for c in s.placements() {
                assert_eq!(sol[c.row * n + c.column], c.symbol, "{words}");
            }
            for e in s.eliminations() {
                assert_ne!(sol[e.row * n + e.column], e.symbol, "{words}");
            }
        });
    }
    eprintln!("{derived} sums derived, {with_arrows} with arrows, {steps} steps");
    assert!(with_arrows > 100 && steps > 20, "{derived} {with_arrows} {steps}");
}

/// A 25x25 killer of cages of two and three cells over the whole grid:
/// deriving stops within its budget, and every sum it derived holds on
/// the grid.
#[test]
fn set_theory_on_a_big_killer_keeps_to_its_budget() {
    use crate::constraint::{Constraint, Killer, Rules};
    use crate::search::{Model, Prop};
    let n = 25;
    let mut next = {
        let mut seed = 0x0dd_ba11_cafe_f00du64;
        move |m: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % m as u64) as usize
        }
    };
    let sol = shuffled_grid(n, 5, &mut next);
    let mut constraints: Vec<Constraint> = Vec::new();
    let mut free = vec![true; n * n];
    for start in 0..n * n {
        if !free[start] {
            continue;
        }
        let mut cells = vec![start];
        free[start] = false;
        for d in [start + 1, start + n] {
            if cells.len() < 2 + next(2) && d < n * n && (d % n != 0 || d == start + n) && free[d] {
                free[d] = false;
                cells.push(d);
            }
        }
        if cells.iter().all(|&a| cells.iter().filter(|&&b| sol[a] == sol[b]).count() == 1) {
            let sum = cells.iter().map(|&c| sol[c] as u32 + 1).sum();
            constraints.push(Killer::new(n, cells, Some(sum)).unwrap().into());
        }
    }
    let (shape, alphabet) = (Shape::default_for(n).unwrap(), Alphabet::default_for(n).unwrap());
    let p = Puzzle::new(shape, alphabet, vec![None; n * n])
        .unwrap()
        .with_rules(Rules { constraints, candidates: None })
        .unwrap();
    let mut model = Model::new(&p, &[]);
    let first = model.props.len();
    let rules = super::derived::derive(&mut model);
    assert!(!rules.is_empty());
    for prop in &model.props[first..] {
        let Prop::Linear(l) = prop else { panic!("{prop:?}") };
        let value: i64 = l.cells.iter().zip(&l.coefs).map(|(&c, &k)| k * (sol[c as usize] as i64 + 1)).sum();
        assert_eq!(value, l.target, "{l:?}");
    }
}

#[test]
fn a_levels_top_is_its_hardest_technique() {
    // Every technique up to a level's top (in `Technique::ALL`'s order) is
    // of that level or easier, and the next one is harder.
    for level in Level::ALL {
        let top = level.top();
        let at = Technique::ALL.iter().position(|&t| t == top).unwrap();
        assert!(Technique::ALL[..=at].iter().all(|t| t.level() <= level), "{level:?}");
        assert!(Technique::ALL[at + 1..].iter().all(|t| t.level() > level), "{level:?}");
    }
    assert_eq!(Level::Beyond.top(), Technique::RuleForcingChains);
    assert_eq!(Level::Easy.top(), Technique::HiddenSingle);
}

#[test]
fn fills_says_whether_the_techniques_up_to_the_top_solve_it() {
    // A puzzle of singles only is filled with the easy techniques; a
    // puzzle that needs more than hard ones (Inkala's) is not
    // filled with the techniques up to hard, and the cells left are open.
    let shape = Shape::default_for(9).unwrap();
    let easy = sudoku("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    let mut logic = Logic::new(&shape);
    assert_eq!(logic.rate(&easy).rating().map(|r| r.level()), Some(Level::Easy));
    logic.set_hardest(Level::Easy.top());
    assert!(logic.fills(&easy));
    let hard = sudoku("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
    logic.set_hardest(Level::Hard.top());
    assert!(!logic.fills(&hard));
    assert!(logic.values().any(|v| v.is_none()));
    logic.set_hardest(Level::Beyond.top());
    assert!(logic.rate(&hard).rating().is_some_and(|r| r.level() > Level::Hard));
}
