//! What `dance analyze` adds for a variant puzzle after its true
//! candidates (`reduce::analyze::variant_findings`): with one solution,
//! every redundant given and every redundant constraint; with several, a
//! given and a constraint to add, and the solutions each leaves. As text
//! lines after the candidates' report, or as keys added to its JSON
//! object.

use std::fmt::Write as _;

use reduce::analyze::{Addition, Count, VariantFindings};
use reduce::constraint::{self, Constraint};
use reduce::Puzzle;
use serde_json::{json, Value};

/// `r3c5=7`.
fn given(puzzle: &Puzzle, cell: usize, symbol: u8) -> String {
    format!("{}={}", constraint::rc(puzzle.n(), cell), puzzle.alphabet().char(symbol))
}

/// The givens of these cells, `r1c1=5 r2c3=4`.
fn givens(puzzle: &Puzzle, cells: &[usize]) -> String {
    let list: Vec<String> =
        cells.iter().map(|&c| given(puzzle, c, puzzle.givens()[c].expect("a given"))).collect();
    list.join(" ")
}

/// The constraints at these indices, in the plain-text form, `; `-joined.
fn constraints(puzzle: &Puzzle, indices: &[usize]) -> Vec<String> {
    indices.iter().map(|&i| constraint::text::write(puzzle.n(), &puzzle.rules().constraints[i])).collect()
}

/// What a count of solutions left says: `one solution`, `2 or more`.
fn leaves(count: Count) -> String {
    match count {
        Count::Exactly(1) => "leaves one solution (unique)".into(),
        Count::Exactly(0) => "leaves no solution".into(),
        Count::Exactly(k) | Count::AtLeast(k) => format!("leaves {k} or more solutions"),
        Count::Unknown(k) => format!("unknown (out of budget after {k} solution(s))"),
    }
}

/// The text lines.
pub fn report(puzzle: &Puzzle, count: Count, f: &VariantFindings) -> String {
    let mut s = String::new();
    if count == Count::Exactly(1) {
        let (g, c) = (&f.redundant_givens, &f.redundant_constraints);
        if g.is_empty()
            && c.is_empty()
            && f.redundant_sums.is_empty()
            && f.undecided_givens.is_empty()
            && f.undecided_constraints.is_empty()
        {
            s += "  minimal: no given, constraint or cage sum is redundant\n";
        }
        if !g.is_empty() {
            let _ = writeln!(s, "  redundant givens ({}): {}", g.len(), givens(puzzle, g));
        }
        if !c.is_empty() {
            let _ =
                writeln!(s, "  redundant constraints ({}): {}", c.len(), constraints(puzzle, c).join("; "));
        }
        if !f.redundant_sums.is_empty() {
            let list = constraints(puzzle, &f.redundant_sums);
            let _ = writeln!(s, "  redundant cage sums ({}, the cage kept): {}", list.len(), list.join("; "));
        }
        if !f.undecided_givens.is_empty() || !f.undecided_constraints.is_empty() {
            let mut list = vec![givens(puzzle, &f.undecided_givens)];
            list.extend(constraints(puzzle, &f.undecided_constraints));
            list.retain(|x| !x.is_empty());
            let _ = writeln!(s, "  unknown (out of budget): {}", list.join("; "));
        }
    }
    if let Some(Addition { what: (cell, v), leaves: k }) = &f.given {
        let _ = writeln!(s, "  add {}: {}", given(puzzle, *cell, *v), leaves(*k));
    }
    if let Some(Addition { what, leaves: k }) = &f.constraint {
        let _ = writeln!(s, "  add constraint {}: {}", constraint::text::write(puzzle.n(), what), leaves(*k));
    }
    s
}

/// Whether some test could not be settled.
pub fn unknown(f: &VariantFindings) -> bool {
    let open = |a: &Option<Count>| matches!(a, Some(Count::Unknown(_)));
    !f.undecided_givens.is_empty()
        || !f.undecided_constraints.is_empty()
        || open(&f.given.as_ref().map(|a| a.leaves))
        || open(&f.constraint.as_ref().map(|a| a.leaves))
}

/// A count of solutions left as JSON: `{"solutions", "more", "unique"}`.
fn count_json(count: Count) -> Value {
    json!({
        "solutions": count.found(),
        "more": !matches!(count, Count::Exactly(_)),
        "unique": count == Count::Exactly(1),
    })
}

/// The JSON line of the true candidates with the findings added:
/// `minimal`, `redundant` (`{"row", "column", "symbol"}` from 0),
/// `redundant_constraints` (plain-text lines), `undecided` and
/// `undecided_constraints` for one solution; `suggest` (a given) and
/// `suggest_constraint` for several.
pub fn json_line(line: &str, puzzle: &Puzzle, count: Count, f: &VariantFindings) -> String {
    let n = puzzle.n();
    let mut o = serde_json::Map::new();
    let cell = |c: usize, v: u8| json!({"row": c / n, "column": c % n, "symbol": puzzle.alphabet().char(v).to_string()});
    let cells = |list: &[usize]| -> Value {
        list.iter().map(|&c| cell(c, puzzle.givens()[c].expect("a given"))).collect::<Vec<_>>().into()
    };
    if count == Count::Exactly(1) {
        let minimal = f.redundant_givens.is_empty()
            && f.redundant_constraints.is_empty()
            && f.redundant_sums.is_empty();
        let settled = f.undecided_givens.is_empty() && f.undecided_constraints.is_empty();
        o.insert("minimal".into(), if minimal && !settled { Value::Null } else { minimal.into() });
        o.insert("redundant".into(), cells(&f.redundant_givens));
        o.insert("redundant_constraints".into(), constraints(puzzle, &f.redundant_constraints).into());
        o.insert("redundant_sums".into(), constraints(puzzle, &f.redundant_sums).into());
        o.insert("undecided".into(), cells(&f.undecided_givens));
        o.insert("undecided_constraints".into(), constraints(puzzle, &f.undecided_constraints).into());
    }
    if let Some(Addition { what: (c, v), leaves: k }) = &f.given {
        let mut g = cell(*c, *v);
        g["leaves"] = count_json(*k);
        o.insert("suggest".into(), g);
    }
    if let Some(Addition { what, leaves: k }) = &f.constraint {
        let c: &Constraint = what;
        o.insert(
            "suggest_constraint".into(),
            json!({"constraint": constraint::text::write(n, c), "leaves": count_json(*k)}),
        );
    }
    // The keys added after the candidates' own, in this order.
    let base = line.trim_end().strip_suffix('}').unwrap_or(line);
    let mut s = base.to_owned();
    for key in [
        "minimal",
        "redundant",
        "redundant_constraints",
        "redundant_sums",
        "undecided",
        "undecided_constraints",
        "suggest",
        "suggest_constraint",
    ] {
        if let Some(v) = o.get(key) {
            let _ = write!(s, ",{}:{v}", Value::from(key));
        }
    }
    s += "}\n";
    s
}
