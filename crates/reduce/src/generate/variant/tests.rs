use super::*;

#[test]
fn kinds_read_by_name_and_group() {
    for k in Kind::ALL {
        assert_eq!(Kind::parse(k.name()), Some(vec![k]));
    }
    assert_eq!(Kind::parse("kropki"), Some(vec![Kind::White, Kind::Black]));
    assert_eq!(Kind::parse("Thermometer"), Some(vec![Kind::Thermo]));
    assert_eq!(Kind::parse("all").map(|k| k.len()), Some(Kind::ALL.len()));
    assert_eq!(Kind::parse("antiknight"), None);
}

#[test]
fn requests_that_cannot_be_met_are_refused() {
    let shape = Shape::default_for(9).unwrap();
    let alphabet = Alphabet::default_for(9).unwrap();
    let make = |style| VariantGenerator::new(shape.clone(), alphabet.clone(), VariantRequest::new(style));
    assert!(make(Style::Killer { min: 3, max: 2 }).is_err());
    assert!(make(Style::Killer { min: 2, max: 10 }).is_err());
    assert!(make(Style::Constraints(Vec::new())).is_err());
    assert!(make(Style::Killer { min: 2, max: 5 }).is_ok());
}

#[test]
fn an_acceptance_test_turns_puzzles_down_until_one_passes() {
    let shape = Shape::default_for(4).unwrap();
    let mut request = VariantRequest::new(Style::Killer { min: 2, max: 3 });
    // Only puzzles whose solution starts with 1.
    request.accept = Some(Arc::new(|_: &Puzzle, grid: &[u8]| grid[0] == 0));
    request.attempts = 200;
    let mut maker =
        VariantGenerator::new(shape.clone(), Alphabet::default_for(4).unwrap(), request.clone()).unwrap();
    for seed in 0..10 {
        let made = maker.generate(seed).unwrap();
        assert_eq!(made.solution[0], 0);
    }
    request.accept = Some(Arc::new(|_: &Puzzle, _: &[u8]| false));
    request.attempts = 3;
    let mut never = VariantGenerator::new(shape, Alphabet::default_for(4).unwrap(), request).unwrap();
    assert!(matches!(never.generate(1), Err(GenerateError::OutOfBudget { attempts: 3, .. })));
}

#[test]
fn searches_cut_short_while_adding_put_givens_in_and_the_puzzle_stays_unique() {
    // With one node a search, every search of the adding loop that does not
    // end at once is cut short: givens go in until the search proves the
    // puzzle unique, then the pass takes away what is not needed.
    let shape = Shape::default_for(6).unwrap();
    let mut request = VariantRequest::new(Style::Constraints(vec![Kind::Sandwich, Kind::Thermo]));
    request.add_nodes = 1;
    let mut solver = GridSolver::new(&shape);
    let mut maker = VariantGenerator::new(shape, Alphabet::default_for(6).unwrap(), request).unwrap();
    for seed in 1..=4 {
        let made = maker.generate(seed).unwrap();
        assert!(made.puzzle.verify(&made.solution).is_ok());
        let count = solver.count(&made.puzzle, Some(2)).unwrap();
        assert_eq!(count.solutions(), Some(1), "seed {seed}: {:?}", made.puzzle);
    }
    // The cap was what put givens in.
    assert!(maker.cut_givens > 0);
}

#[test]
fn singles_reason_only_with_the_kinds_that_say_so() {
    // For each kind: constraints of it read off a full grid, and a third of
    // the grid's cells as givens. The easy techniques (singles) fill the
    // same cells with the rules as without them, for every kind that says
    // singles never reach it; and fill more on some grid for every kind
    // that says they do.
    let shape = Shape::default_for(9).unwrap();
    let blank = Puzzle::new(shape.clone(), Alphabet::default_for(9).unwrap(), vec![None; 81]).unwrap();
    let mut solver = GridSolver::new(&shape);
    let mut logic = Logic::new(&shape);
    logic.set_hardest(Level::Easy.top());
    let mut filled = |p: &Puzzle| {
        logic.fills(p);
        logic.values().filter(|v| v.is_some()).count()
    };
    for kind in Kind::ALL {
        let mut gains = 0;
        for seed in 1..=6u64 {
            let mut rng = SplitMix64::new(seed);
            let grid = super::full::draw(&mut solver, &blank, &mut rng).unwrap().unwrap();
            let mut givens = vec![None; 81];
            for c in (0..81).filter(|_| rng.below(3) == 0) {
                givens[c] = Some(grid[c]);
            }
            let mut constraints = Vec::new();
            for anchor in 0..81 {
                if let Some(c) = read_off(kind, &shape, &grid, anchor, &constraints, &mut rng) {
                    constraints.push(c);
                }
            }
            let mut classic = blank.clone();
            classic.givens_mut().copy_from_slice(&givens);
            let ruled = classic.clone().with_rules(Rules { constraints, candidates: None }).unwrap();
            let (with, without) = (filled(&ruled), filled(&classic));
            assert!(with >= without, "{kind:?} seed {seed}: {with} < {without}");
            if !kind.reached_by_singles() {
                assert_eq!(with, without, "{kind:?} seed {seed}: singles used the rules");
            }
            gains += usize::from(with > without);
        }
        assert_eq!(gains > 0, kind.reached_by_singles(), "{kind:?}: singles gained on {gains} grids of 6");
    }
}
