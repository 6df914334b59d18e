//! Every step of the logical solver is sound: on thousands of puzzles with
//! one solution, of many shapes, no placement differs from the solution
//! and no elimination removes a symbol of the solution. The solutions come
//! from the search (the public `GridSolver`).
//!
//! The 9x9 sets are 1,000 lines each, taken evenly from three bench sets
//! (`fixtures/logic/`); the other shapes are made here: a random full grid
//! from the search, then givens removed at random while the solution stays
//! unique, with fixed seeds.

use std::ops::ControlFlow;
use std::path::PathBuf;

use dlx::Budget;
use reduce::logic::{Level, Logic, Step, Technique, Verdict};
use reduce::{Alphabet, GridSolver, Puzzle, Regions, Shape};

fn fixture(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/logic").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn sudoku(line: &str) -> Puzzle {
    let alphabet = Alphabet::default_for(9).unwrap();
    let givens = line.chars().take(81).map(|c| alphabet.index(c)).collect();
    Puzzle::new(Shape::default_for(9).unwrap(), alphabet, givens).unwrap()
}

/// The one solution of `puzzle`, by search.
fn solution(bits: &mut GridSolver, puzzle: &Puzzle) -> Vec<u8> {
    let mut grid = Vec::new();
    let count = bits.solve_any(puzzle, |g| {
        if grid.is_empty() {
            grid = g.to_vec();
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    let count = count.ok().and_then(|o| o.solutions());
    assert_eq!(count, Some(1), "not a unique puzzle:\n{}", puzzle.render(puzzle.givens()));
    grid
}

/// What one run of the checks saw.
#[derive(Default, Debug)]
struct Seen {
    puzzles: usize,
    solved: usize,
    steps: usize,
    per_level: [usize; 7],
    /// Steps per technique, by its place in [`Technique::ALL`] (a vector:
    /// arrays derive `Default` up to 32 members only).
    techniques: Vec<usize>,
}

/// Runs the solver on `puzzle`, checking every step against `solution`.
fn check(logic: &mut Logic, puzzle: &Puzzle, solution: &[u8], seen: &mut Seen) {
    let n = puzzle.n();
    let mut index = 0;
    let verdict = logic.explain(puzzle, |step: &Step| {
        index += 1;
        let words = step.display(puzzle).to_string();
        for p in step.placements() {
            assert_eq!(
                solution[p.row * n + p.column],
                p.symbol,
                "step {index} places a wrong symbol: {words}\n{}",
                puzzle.render(puzzle.givens())
            );
        }
        for e in step.eliminations() {
            assert_ne!(
                solution[e.row * n + e.column],
                e.symbol,
                "step {index} removes the solution's symbol at r{}c{}: {words}\n{}",
                e.row + 1,
                e.column + 1,
                puzzle.render(puzzle.givens())
            );
        }
        assert!(
            !step.placements().is_empty() || !step.eliminations().is_empty(),
            "step {index} does nothing: {words}"
        );
        seen.techniques.resize(Technique::ALL.len(), 0);
        seen.techniques[step.technique() as usize] += 1;
    });
    seen.puzzles += 1;
    seen.steps += index;
    // Whatever was left stays consistent with the solution.
    for (cell, v) in logic.values().enumerate() {
        if let Some(v) = v {
            assert_eq!(v, solution[cell]);
        } else {
            assert_ne!(logic.candidates()[cell] & 1 << solution[cell], 0);
        }
    }
    match verdict {
        Verdict::Solved(r) => {
            seen.solved += 1;
            seen.per_level[r.level() as usize] += 1;
        }
        Verdict::Stuck(r) => {
            assert_eq!(r.level(), Level::Beyond);
            seen.per_level[r.level() as usize] += 1;
        }
        Verdict::Unrated(why) => {
            panic!("a unique puzzle left unrated ({why}):\n{}", puzzle.render(puzzle.givens()))
        }
    }
}

fn check_set(name: &str) -> Seen {
    let text = fixture(name);
    let shape = Shape::default_for(9).unwrap();
    let mut logic = Logic::new(&shape);
    let mut bits = GridSolver::new(&shape);
    let mut seen = Seen::default();
    for line in text.lines().filter(|l| l.len() >= 81) {
        let p = sudoku(line);
        let s = solution(&mut bits, &p);
        check(&mut logic, &p, &s, &mut seen);
    }
    eprintln!("{name}: {seen:?}");
    seen
}

#[test]
fn sound_on_17_clue_puzzles() {
    let seen = check_set("17clue.txt");
    assert_eq!(seen.puzzles, 1000);
}

#[test]
fn sound_on_magictour_top1465() {
    let seen = check_set("magictour_top1465.txt");
    assert_eq!(seen.puzzles, 1000);
}

#[test]
fn sound_on_forum_hardest() {
    let seen = check_set("forum_hardest_1905_11plus.txt");
    assert_eq!(seen.puzzles, 1000);
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A random full grid of `shape`: a few random givens that do not clash,
/// then the search's first solution (trying other givens if the search
/// takes long), then symbols relabelled at random.
fn full_grid(shape: &Shape, bits: &mut GridSolver, rng: &mut Rng) -> Vec<u8> {
    let n = shape.n();
    let alphabet = Alphabet::default_for(n).unwrap();
    loop {
        let mut givens = vec![None; n * n];
        for _ in 0..n {
            let cell = rng.below(n * n);
            givens[cell] = Some(rng.below(n) as u8);
            let p = Puzzle::new(shape.clone(), alphabet.clone(), givens.clone()).unwrap();
            if p.conflict().is_some() {
                givens[cell] = None;
            }
        }
        let p = Puzzle::new(shape.clone(), alphabet.clone(), givens).unwrap();
        bits.set_budget(Budget::nodes(10_000));
        let found = bits.count(&p, Some(1)).ok().and_then(|o| o.solutions());
        bits.set_budget(Budget::UNLIMITED);
        if found != Some(1) {
            continue;
        }
        let mut grid = None;
        let _ = bits.solve_any(&p, |g| {
            grid = Some(g.to_vec());
            ControlFlow::Break(())
        });
        if let Some(mut g) = grid {
            let mut relabel: Vec<u8> = (0..n as u8).collect();
            rng.shuffle(&mut relabel);
            g.iter_mut().for_each(|v| *v = relabel[*v as usize]);
            return g;
        }
    }
}

/// A puzzle with one solution, `grid`: givens removed in random order
/// while the solution stays unique.
fn make_puzzle(shape: &Shape, bits: &mut GridSolver, rng: &mut Rng, grid: &[u8]) -> Puzzle {
    let n = shape.n();
    let alphabet = Alphabet::default_for(n).unwrap();
    let mut givens: Vec<Option<u8>> = grid.iter().map(|&v| Some(v)).collect();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    for cell in order {
        let keep = givens[cell].take();
        let p = Puzzle::new(shape.clone(), alphabet.clone(), givens.clone()).unwrap();
        if bits.count(&p, Some(2)).ok().and_then(|o| o.solutions()) != Some(1) {
            givens[cell] = keep;
        }
    }
    Puzzle::new(shape.clone(), alphabet, givens).unwrap()
}

fn check_generated(shape: Shape, count: usize, seed: u64) -> Seen {
    let mut bits = GridSolver::new(&shape);
    let mut logic = Logic::new(&shape);
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    for _ in 0..count {
        let grid = full_grid(&shape, &mut bits, &mut rng);
        let p = make_puzzle(&shape, &mut bits, &mut rng, &grid);
        check(&mut logic, &p, &grid, &mut seen);
    }
    eprintln!("{}x{} {:?}: {seen:?}", shape.n(), shape.n(), shape.regions());
    seen
}

fn boxes(n: usize, rows: usize) -> Shape {
    Shape::new(n, Regions::Boxes { rows, cols: n / rows }).unwrap()
}

fn jigsaw(n: usize, map: &str) -> Shape {
    let map: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
    Shape::new(n, Regions::Map(map)).unwrap()
}

#[test]
fn sound_on_generated_box_grids() {
    check_generated(boxes(4, 2), 300, 1);
    check_generated(boxes(6, 2), 300, 2);
    check_generated(boxes(8, 2), 200, 3);
    check_generated(boxes(9, 3), 300, 4);
    check_generated(boxes(12, 3), 60, 5);
    check_generated(boxes(16, 4), 12, 6);
}

#[test]
fn sound_on_generated_jigsaw_and_latin_squares() {
    let six = "AAABBB AACBBD ACCCBD ECCDDD EEEFDF EEFFFF";
    check_generated(jigsaw(6, six), 300, 7);
    let nine = "AAABBBCCC AAABBBCCC AADBEBCCF DDAEBEFFC DDDEEEFFF DGDEEHFFF GDGHHEIII GGGHHHIII GGGHHHIII";
    check_generated(jigsaw(9, nine), 300, 8);
    check_generated(Shape::new(5, Regions::None).unwrap(), 300, 9);
    check_generated(Shape::new(7, Regions::None).unwrap(), 150, 10);
}
