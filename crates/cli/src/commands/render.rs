//! `dance render`: the records of the inputs (read by [`crate::input`],
//! through [`crate::run::Inputs`]) drawn with [`crate::render`], written
//! as one SVG document on standard output, SVG files or one PDF.
//!
//! What is drawn: every puzzle record (grid, line and grouped formats, and
//! JSON documents exported from a puzzle), or only record K with
//! `--index K`. Exact-cover problems that came from no puzzle have no
//! picture: each is refused (stderr names file and line, exit status 2)
//! and the other records are still drawn, as are the records of the other
//! refusals.
//!
//! What each picture holds: the givens; with `--solution`, the first
//! solution the search finds (a puzzle without one is drawn bare, said on
//! stderr, and the run ends with status 1 unless something was refused);
//! with `--candidates`, the candidates of each empty cell from the givens
//! alone, which are the pencil marks `reduce::logic::Logic` starts from.
//! No step is applied before drawing them: a step would fill cells or take
//! candidates away, and a printed puzzle must not solve itself.
//!
//! Where it goes: without pages (no `--per-page`, no `--page`, not PDF),
//! each puzzle is a picture sized to itself; standard output takes exactly
//! one, so an input of several puzzles needs `--index`, `-o` or pages.
//! With pages, puzzles are tiled K to an A4 or Letter page and captioned
//! with their record numbers. `-o FILE.svg` writes `FILE.svg` when there
//! is one picture or page, else `FILE-1.svg`, `FILE-2.svg`, ...; `-o
//! FILE.pdf` writes one PDF of every page.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use reduce::{GridSolver, Puzzle};

use crate::error::UsageError;
use crate::flags::InputArgs;
use crate::output::{is_broken_pipe, NO_SOLUTION};
use crate::record::{Body, Record, Source};
use crate::render::{self, Options, PageSize, Picture, RenderError};
use crate::run::{notice_lines, refusal_line, InputSet};
use crate::status::Status;

/// `dance render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Draw each puzzle's solution (the first one found, as `solve`
    /// prints it); a puzzle without one is drawn bare, and the exit status
    /// is 1.
    #[arg(long, conflicts_with = "candidates")]
    pub solution: bool,
    /// Draw the candidates of each empty cell, small: every symbol that no
    /// given in its row, column or region holds (the pencil marks the
    /// logic solver starts from); for a variant puzzle, its true
    /// candidates (every symbol some solution puts there).
    #[arg(long)]
    pub candidates: bool,
    /// Tile K puzzles (1 to 100) to a page, numbered, for printing; more
    /// go on further pages.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=crate::render::MAX_PER_PAGE as u64))]
    pub per_page: Option<u64>,
    /// The paper of pages (giving it asks for pages: one puzzle a page
    /// unless --per-page says more). Default a4.
    #[arg(long, value_enum)]
    pub page: Option<PageArg>,
    /// Draw only record K (from 1) of the input.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub index: Option<u64>,
    /// Shade the regions in light colours (regions), or not (none).
    #[arg(long, value_enum, default_value_t = ShadingArg::Regions)]
    pub shading: ShadingArg,
    /// Write to FILE: FILE.svg (several pictures or pages: FILE-1.svg,
    /// FILE-2.svg, ...) or FILE.pdf (one document). Without it, one SVG
    /// document goes to standard output.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub input: InputArgs,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `--page`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PageArg {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

/// `--shading`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShadingArg {
    /// Each region in a light colour, neighbours always different.
    Regions,
    /// White cells: black and white print.
    None,
}

/// What `dance render` draws and where, decided from the arguments.
#[derive(Clone, Debug)]
pub struct RenderPlan {
    /// Draw each puzzle's solution.
    pub solution: bool,
    /// Draw the candidates of the empty cells.
    pub candidates: bool,
    /// Pages: how many puzzles to a page, and the paper; `None` draws each
    /// puzzle on a picture of its own size.
    pub pages: Option<(usize, PageSize)>,
    /// Draw only this record (from 1).
    pub index: Option<u64>,
    /// Shade the regions.
    pub shading: bool,
    /// Where the pictures go.
    pub to: Destination,
    /// The inputs.
    pub inputs: InputSet,
    /// Say nothing on stderr but errors.
    pub quiet: bool,
}

/// Where `dance render` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// One SVG document on standard output.
    Stdout,
    /// SVG files: this name, or numbered after it when there are several.
    Svg(PathBuf),
    /// One PDF document.
    Pdf(PathBuf),
}

/// The plan the arguments ask for, or a usage error.
pub fn plan(a: RenderArgs) -> Result<RenderPlan, UsageError> {
    let inputs = a.input.input_set()?;
    drawing_plan(&a, inputs).map_err(UsageError)
}

/// The plan of what to draw and where, from the arguments, or what is
/// wrong with them.
fn drawing_plan(a: &RenderArgs, inputs: InputSet) -> Result<RenderPlan, String> {
    let to = match &a.out {
        None => Destination::Stdout,
        Some(path) => {
            let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
            match ext.as_deref() {
                Some("svg") => Destination::Svg(path.clone()),
                Some("pdf") => Destination::Pdf(path.clone()),
                _ => {
                    return Err(format!(
                        "-o {}: the name must end in .svg or .pdf (the kind of file to write)",
                        path.display()
                    ))
                }
            }
        }
    };
    let paper = match a.page {
        Some(PageArg::A4) | None => PageSize::A4,
        Some(PageArg::Letter) => PageSize::Letter,
    };
    let paged = a.per_page.is_some() || a.page.is_some() || matches!(to, Destination::Pdf(_));
    let pages = paged.then(|| (a.per_page.unwrap_or(1) as usize, paper));
    Ok(RenderPlan {
        solution: a.solution,
        candidates: a.candidates,
        pages,
        index: a.index,
        shading: a.shading == ShadingArg::Regions,
        to,
        inputs,
        quiet: a.quiet,
    })
}

/// One puzzle to draw, with what goes in it.
struct Drawing {
    source: Source,
    puzzle: Puzzle,
    solution: Option<Vec<u8>>,
    candidates: Option<Vec<u64>>,
    /// The record's number, the caption on pages.
    label: String,
}

impl Drawing {
    fn picture(&self) -> Picture<'_> {
        let mut p = Picture::new(&self.puzzle);
        if let Some(s) = &self.solution {
            p = p.with_solution(s);
        }
        if let Some(c) = &self.candidates {
            p = p.with_candidates(c);
        }
        p
    }
}

/// `dance render`: draws the records of the inputs and returns the run's
/// status.
pub fn run(plan: &RenderPlan) -> Status {
    let options = Options {
        color: false,
        shading: plan.shading,
        page: plan.pages.map_or(PageSize::A4, |p| p.1),
        per_page: plan.pages.map_or(1, |p| p.0),
    };
    let mut status = Status::Answered;
    let mut drawings: Vec<Drawing> = Vec::new();
    // Single pictures are drawn as they come (which also finds a symbol
    // the fonts lack); on pages, each puzzle is drawn alone first for the
    // same check, so that a record that cannot be drawn is refused by
    // itself.
    let mut singles: Vec<String> = Vec::new();
    let mut grids: Option<GridSolver> = None;
    let mut seen = 0;
    for record in plan.inputs.records() {
        seen += 1;
        if plan.index.is_some_and(|k| k != seen) {
            continue;
        }
        if let Some(drawing) = prepare(record, seen, plan, &mut grids, &mut status) {
            match render::svg(&drawing.picture(), &options) {
                Ok(svg) => {
                    if plan.pages.is_none() {
                        singles.push(svg);
                    }
                    drawings.push(drawing);
                }
                Err(e) => {
                    eprintln!("{}: {e}", drawing.source);
                    status = status.and(Status::Refused);
                }
            }
            // Standard output takes one picture or one page: say so at
            // once rather than after drawing the rest.
            if plan.to == Destination::Stdout && drawings.len() > plan.pages.map_or(1, |p| p.0) {
                eprintln!("dance: {}", too_many_for_stdout(plan));
                return Status::Refused;
            }
        }
        if plan.index.is_some() {
            break;
        }
    }
    if let Some(k) = plan.index {
        if seen < k {
            let s = if seen == 1 { "" } else { "s" };
            eprintln!("dance: the input has {seen} record{s}; there is no record {k}");
            return Status::Refused;
        }
    }
    if drawings.is_empty() {
        if status != Status::Refused {
            eprintln!("dance: there is no puzzle to draw");
        }
        return Status::Refused;
    }
    match write(plan, &options, &drawings, singles) {
        Ok(()) => status,
        Err(message) => {
            eprintln!("dance: {message}");
            Status::Refused
        }
    }
}

/// Why standard output cannot take the drawings.
fn too_many_for_stdout(plan: &RenderPlan) -> String {
    match plan.pages {
        None => "the input holds more than one puzzle, and standard output takes one picture: \
                 --index K draws record K, -o FILE.svg writes one file a puzzle, \
                 --per-page K tiles them on pages"
            .into(),
        Some((k, _)) => format!(
            "the puzzles fill more than one page of {k}, and standard output takes one: \
             -o FILE.svg writes one file a page, -o FILE.pdf one document"
        ),
    }
}

/// The drawing of one record, or `None` (said on stderr) when it has no
/// picture.
fn prepare(
    record: Record,
    index: u64,
    plan: &RenderPlan,
    grids: &mut Option<GridSolver>,
    status: &mut Status,
) -> Option<Drawing> {
    let quiet = plan.quiet;
    if !quiet {
        notice_lines(&record).for_each(|line| eprintln!("{line}"));
    }
    let source = record.source;
    let body = match record.body {
        Ok(b) => b,
        Err(r) => {
            eprintln!("{}", refusal_line(&source, &r));
            *status = status.and(Status::Refused);
            return None;
        }
    };
    let (puzzle, solution) = match body {
        Body::Puzzle { puzzle, .. } => {
            let solution = if plan.solution {
                // One engine while the shape stays the same.
                if grids.as_ref().is_none_or(|g| g.shape() != puzzle.shape()) {
                    *grids = Some(GridSolver::new(puzzle.shape()));
                }
                let solver = grids.as_mut().expect("made above");
                let mut found = None;
                let result = solver.solve_any(&puzzle, |grid| {
                    found = Some(grid.to_vec());
                    ControlFlow::Break(())
                });
                if let Err(conflict) = result {
                    unsolved(&source, &conflict.to_string(), quiet, status);
                } else if found.is_none() {
                    unsolved(&source, "no solution", quiet, status);
                }
                // Every answer is checked against the puzzle, rules and
                // all, before it is drawn.
                if let Some(Err(why)) = found.as_ref().map(|grid| puzzle.verify(grid)) {
                    eprintln!("{source}: the search's solution fails the check ({why}); drawn without it");
                    *status = status.and(Status::Refused);
                    found = None;
                }
                found
            } else {
                None
            };
            (puzzle, solution)
        }
        Body::Problem { problem, cover: Some(pc) } => {
            // A document exported from a puzzle: draw the puzzle, and
            // solve the problem as written (the document is the record).
            let solution = if plan.solution {
                let mut found = None;
                let _ = dlx::Solver::new(&problem).search(|options| {
                    found = Some(pc.decode(options));
                    ControlFlow::Break(())
                });
                if found.is_none() {
                    unsolved(&source, "no solution", quiet, status);
                }
                found
            } else {
                None
            };
            (pc.puzzle, solution)
        }
        Body::Problem { cover: None, .. } => {
            eprintln!(
                "{source}: an exact-cover problem has no picture: render draws puzzles \
                 (grid, line or grouped, or a JSON document exported from a puzzle)"
            );
            *status = status.and(Status::Refused);
            return None;
        }
    };
    let candidates = match plan.candidates {
        false => None,
        true if puzzle.is_classic() => Some(render::plain_candidates(&puzzle)),
        true => Some(true_candidates(&source, &puzzle, quiet, status)?),
    };
    Some(Drawing { source, puzzle, solution, candidates, label: index.to_string() })
}

/// The most nodes each search for a variant puzzle's true candidates may
/// visit (as `analyze` allows by default).
const CANDIDATE_NODES: u64 = 10_000_000;

/// The true candidates of a variant puzzle (`reduce::analyze`): every
/// symbol that some solution puts in the cell. A puzzle without a
/// solution gets none (said on stderr, status 1); candidates whose search
/// ran out of budget are drawn, since they may be true, and said (status
/// 3); a puzzle the searches cannot take is refused (`None`).
fn true_candidates(source: &Source, puzzle: &Puzzle, quiet: bool, status: &mut Status) -> Option<Vec<u64>> {
    let budget = dlx::Budget { max_nodes: Some(CANDIDATE_NODES), deadline: None };
    let n = puzzle.n();
    match reduce::analyze::true_candidates(puzzle, 1, budget, None) {
        Err(reduce::VariantError::Conflict(c)) => {
            unsolved_without(source, &c.to_string(), "candidates", quiet, status);
            Some(vec![0; n * n])
        }
        Err(reduce::VariantError::Unreduced(list)) => {
            let names: Vec<String> = list.iter().map(|u| u.to_string()).collect();
            eprintln!("{source}: the true candidates cannot be found: {}", names.join("; "));
            *status = status.and(Status::Refused);
            None
        }
        Ok(t) => {
            if t.count == reduce::analyze::Count::Exactly(0) {
                unsolved_without(source, "no solution", "candidates", quiet, status);
            }
            let undecided = t.unknown.iter().filter(|&&u| u != 0).count();
            if undecided > 0 || matches!(t.count, reduce::analyze::Count::Unknown(_)) {
                *status = status.and(Status::Unknown);
                eprintln!(
                    "{source}: the search ran out of its budget of {CANDIDATE_NODES} nodes in {undecided} cells; \
                     their undecided candidates are drawn, as they may be true"
                );
            }
            Some((0..n * n).map(|cell| t.symbols(cell) | t.unknown[cell]).collect())
        }
    }
}

/// Says that a puzzle has no solution and is drawn without one.
fn unsolved(source: &Source, why: &str, quiet: bool, status: &mut Status) {
    unsolved_without(source, why, "a solution", quiet, status);
}

/// Says that a puzzle has no solution and is drawn without `what`.
fn unsolved_without(source: &Source, why: &str, what: &str, quiet: bool, status: &mut Status) {
    *status = status.and(Status::None);
    if !quiet {
        eprintln!("{source}: {NO_SOLUTION}: {why}; drawn without {what}");
    }
}

/// Writes the pictures where the plan says.
fn write(
    plan: &RenderPlan,
    options: &Options,
    drawings: &[Drawing],
    singles: Vec<String>,
) -> Result<(), String> {
    let pictures = || drawings.iter().map(|d| d.picture().with_label(&d.label)).collect::<Vec<_>>();
    let failed = |e: RenderError| e.to_string();
    match &plan.to {
        Destination::Pdf(path) => {
            let bytes = render::pdf(&pictures(), options).map_err(failed)?;
            write_file(path, &bytes)
        }
        Destination::Stdout | Destination::Svg(_) => {
            let documents = match plan.pages {
                None => singles,
                Some(_) => render::svg_pages(&pictures(), options).map_err(failed)?,
            };
            match &plan.to {
                Destination::Svg(path) if documents.len() > 1 => {
                    for (k, doc) in documents.iter().enumerate() {
                        write_file(&render::page_path(path, k + 1), doc.as_bytes())?;
                    }
                    Ok(())
                }
                Destination::Svg(path) => write_file(path, documents[0].as_bytes()),
                _ => {
                    let mut out = io::stdout().lock();
                    match out.write_all(documents[0].as_bytes()).and_then(|()| out.flush()) {
                        Err(e) if !is_broken_pipe(&e) => Err(format!("writing the output: {e}")),
                        _ => Ok(()),
                    }
                }
            }
        }
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {}", path.display(), crate::input::io_message(&e)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::{Cli, CommandArgs};
    use clap::Parser;

    fn plan_of(args: &[&str]) -> Result<RenderPlan, String> {
        let cli = Cli::try_parse_from(["dance", "render"].iter().chain(args)).map_err(|e| e.to_string())?;
        let CommandArgs::Render(a) = cli.command else { panic!("not render") };
        plan(a).map_err(|e| e.0)
    }

    #[test]
    fn the_file_name_says_svg_or_pdf() {
        assert_eq!(plan_of(&[]).unwrap().to, Destination::Stdout);
        assert_eq!(plan_of(&["-o", "a/b.SVG"]).unwrap().to, Destination::Svg("a/b.SVG".into()));
        assert_eq!(plan_of(&["--out", "b.pdf"]).unwrap().to, Destination::Pdf("b.pdf".into()));
        assert!(plan_of(&["-o", "b.png"]).unwrap_err().contains("must end in .svg or .pdf"));
        assert!(plan_of(&["-o", "svg"]).is_err());
    }

    #[test]
    fn pages_come_with_per_page_page_or_pdf() {
        assert_eq!(plan_of(&[]).unwrap().pages, None);
        assert_eq!(plan_of(&["-o", "x.svg"]).unwrap().pages, None);
        assert_eq!(plan_of(&["--per-page", "6"]).unwrap().pages, Some((6, PageSize::A4)));
        assert_eq!(plan_of(&["--page", "letter"]).unwrap().pages, Some((1, PageSize::Letter)));
        assert_eq!(plan_of(&["-o", "x.pdf"]).unwrap().pages, Some((1, PageSize::A4)));
        assert!(plan_of(&["--per-page", "0"]).is_err());
        assert!(plan_of(&["--per-page", "101"]).is_err());
        assert!(plan_of(&["--page", "a5"]).is_err());
    }

    #[test]
    fn shading_solution_candidates_and_index() {
        let p = plan_of(&["--shading", "none", "--solution", "--index", "3"]).unwrap();
        assert!(!p.shading && p.solution && !p.candidates);
        assert_eq!(p.index, Some(3));
        assert!(plan_of(&[]).unwrap().shading);
        assert!(plan_of(&["--solution", "--candidates"]).is_err());
        assert!(plan_of(&["--index", "0"]).is_err());
    }

    #[test]
    fn the_candidates_are_the_logic_solvers_starting_pencil_marks() {
        use reduce::logic::{Logic, Technique};
        use reduce::{Alphabet, Regions, Shape};
        // Seed 003, seed 001 (grouped) and a 5x5 Latin square: none has a unit
        // with one empty cell, so the solver, held to full houses, takes
        // no step and its candidates are the board it loaded.
        let puzzle = |shape: Shape, alphabet: Alphabet, text: &str| {
            Puzzle::new(shape, alphabet.clone(), text.chars().map(|c| alphabet.index(c)).collect()).unwrap()
        };
        let digits = |n| Alphabet::default_for(n).unwrap();
        // Seed 001's map and givens.
        let grouped = Regions::Map("000011022013221113243333244455445555".chars().collect());
        let puzzles = [
            puzzle(
                Shape::default_for(9).unwrap(),
                digits(9),
                "005300000800000020070010500400005300010070006003200080060500009004000030000009700",
            ),
            puzzle(
                Shape::new(6, grouped).unwrap(),
                Alphabet::letters(6).unwrap(),
                "..CB.A......D..........E.........F..",
            ),
            puzzle(Shape::new(5, Regions::None).unwrap(), digits(5), "1.3.5..5...1.....45....2."),
        ];
        for p in &puzzles {
            let mut logic = Logic::new(p.shape());
            logic.set_hardest(Technique::FullHouse);
            let mut steps = 0;
            logic.explain(p, |_| steps += 1);
            assert_eq!(steps, 0, "no full house in {p:?}");
            let plain = render::plain_candidates(p);
            for (cell, given) in p.givens().iter().enumerate() {
                if given.is_none() {
                    assert_eq!(logic.candidates()[cell], plain[cell], "cell {cell}");
                }
            }
            assert!(plain.iter().any(|c| c.count_ones() > 1));
        }
    }
}
