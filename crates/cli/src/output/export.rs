//! The exact-cover document `dance export` writes: JSON (the typed
//! [`crate::schema`] structs, one option a line so that diffs read well;
//! version 2 only for a problem with bounds or costs) or Knuth's text
//! format.

use dlx::Problem;
use reduce::{Legend, Puzzle, Reduction, Regions};

use crate::record::Layout;
use crate::schema::{
    Document, OptionDoc, PlacementDoc, PuzzleDoc, RegionsDoc, FORMAT, VERSION, VERSION_PLAIN,
};

/// The bounds of a document: each primary item with bounds other than
/// exactly once, in the order declared.
type Bounds = Vec<(String, [u32; 2])>;

/// The options of `problem`: lists of items, or, when some option has a
/// cost, every option an object with its items and cost.
fn options_of(problem: &Problem) -> Vec<OptionDoc> {
    (0..problem.option_count())
        .map(|k| {
            let items = problem.display_option(k).to_string().split(' ').map(String::from).collect();
            match problem.has_costs() {
                true => OptionDoc::Costed { items, cost: problem.cost(k) },
                false => OptionDoc::Items(items),
            }
        })
        .collect()
}

fn bounds_of(problem: &Problem) -> Option<Bounds> {
    problem.has_bounds().then(|| {
        (0..problem.primary_count())
            .map(|i| (problem.item_name(i).to_owned(), problem.bounds(i)))
            .filter(|(_, b)| *b != (1, 1))
            .map(|(name, (a, b))| (name, [a, b]))
            .collect()
    })
}

/// One value as compact JSON.
fn j<T: serde::Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).expect("serializes")
}

/// Writes a document readably: one field a line, one option (and one
/// placement) a line.
fn readable(doc: &Document<OptionDoc, Bounds>) -> String {
    let mut s = String::from("{\n");
    s += &format!("  \"format\": {},\n  \"version\": {},\n", j(&doc.format), doc.version);
    s += &format!("  \"primary\": {},\n  \"secondary\": {},\n", j(&doc.primary), j(&doc.secondary));
    if let Some(bounds) = &doc.bounds {
        let each: Vec<String> = bounds.iter().map(|(name, b)| format!("{}: {}", j(name), j(b))).collect();
        s += &format!("  \"bounds\": {{{}}},\n", each.join(", "));
    }
    let lines = |items: Vec<String>| items.iter().map(|l| format!("    {l}")).collect::<Vec<_>>().join(",\n");
    s += &format!("  \"options\": [\n{}\n  ]", lines(doc.options.iter().map(j).collect()));
    if let Some(p) = &doc.puzzle {
        s += &format!(",\n  \"puzzle\": {}", j(p));
    }
    if let Some(pl) = &doc.placements {
        s += &format!(",\n  \"placements\": [\n{}\n  ]", lines(pl.iter().map(j).collect()));
    }
    s += "\n}\n";
    s
}

/// The JSON of a plain problem.
pub fn problem_json(problem: &Problem) -> String {
    let needs_v2 = problem.has_bounds() || problem.has_costs();
    readable(&Document {
        format: FORMAT.into(),
        version: if needs_v2 { VERSION } else { VERSION_PLAIN },
        primary: problem.primary_names().to_vec(),
        secondary: problem.secondary_names().to_vec(),
        bounds: bounds_of(problem),
        options: options_of(problem),
        puzzle: None,
        placements: None,
    })
}

/// The JSON of a puzzle's reduction.
pub fn puzzle_json(puzzle: &Puzzle, layout: Layout, r: &Reduction) -> String {
    let n = puzzle.n();
    let a = puzzle.alphabet();
    let regions = match puzzle.shape().regions() {
        &Regions::Boxes { rows, cols } => RegionsDoc::Boxes { rows, cols },
        Regions::Map(map) => RegionsDoc::Map { labels: map.iter().collect() },
        Regions::None => RegionsDoc::None,
    };
    readable(&Document {
        format: FORMAT.into(),
        version: VERSION_PLAIN,
        primary: r.problem.primary_names().to_vec(),
        secondary: r.problem.secondary_names().to_vec(),
        bounds: None,
        options: options_of(&r.problem),
        puzzle: Some(PuzzleDoc {
            order: n,
            symbols: a.chars().iter().collect(),
            regions,
            givens: puzzle.givens().iter().map(|g| g.map_or('.', |v| a.char(v))).collect(),
            layout: Some(layout.name().into()),
        }),
        placements: Some(
            r.placements
                .iter()
                .map(|p| PlacementDoc {
                    row: p.cell / n,
                    column: p.cell % n,
                    symbol: a.char(p.symbol).to_string(),
                })
                .collect(),
        ),
    })
}

/// A puzzle's reduction in Knuth's format, with a comment naming it.
pub fn puzzle_dlx(puzzle: &Puzzle, source: &str, r: &Reduction) -> String {
    let n = puzzle.n();
    let mut s = format!(
        "| dance export: the {n}x{n} puzzle at {source}, Knuth's reduced encoding\n| givens: {}\n",
        puzzle.render(puzzle.givens()).trim_end().replace('\n', "/")
    );
    s += &dlx::text::to_string(&r.problem);
    s
}

/// A variant puzzle's XCC reduction in Knuth's format, with comments
/// naming the puzzle and saying what each constraint's items stand for.
pub fn variant_dlx(puzzle: &Puzzle, source: &str, r: &Reduction, legend: &Legend) -> String {
    let n = puzzle.n();
    let mut s = format!(
        "| dance export: the {n}x{n} variant puzzle at {source}, as exact cover with colors (XCC)\n| givens: {}\n",
        puzzle.render(puzzle.givens()).trim_end().replace('\n', "/")
    );
    s += "| p, r, c, b: cell, row, column, region items; x..: a cell colored by its digit;\n";
    s += "| e..: two placements a rule forbids together\n";
    for (name, what) in legend.sets.iter().chain(&legend.tables) {
        s += &format!("| {name}: {what}\n");
    }
    s += &dlx::text::to_string(&r.problem);
    s
}

/// A problem in Knuth's format.
pub fn problem_dlx(problem: &Problem) -> String {
    dlx::text::to_string(problem)
}
