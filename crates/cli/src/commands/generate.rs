//! `dance generate`: its arguments, their check before any work, and the
//! run: K puzzles from `reduce::generate`, made on every core in any order
//! and written in a fixed order, each from its own seed (the run's seed
//! plus its number from 0), so that the output is the same with any
//! `--jobs`. Variant puzzles (`--variant killer`, `--constraints KINDS`)
//! come from `reduce::generate::VariantGenerator` the same way, written
//! in the plain-text form (a line record, then one constraint a line) or
//! for f-puzzles (`--to fpuzzles`, `--link`).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use reduce::generate::{
    GenerateError, Generated, Generator, Kind, Request, Style, Symmetry, SymmetryChoice, Target,
    VariantGenerator, VariantRequest, ADD_NODES, DEFAULT_ATTEMPTS, DEFAULT_MAX_NODES,
};
use reduce::logic::Level;
use reduce::{Alphabet, Regions, Shape};

use crate::error::UsageError;
use crate::flags::{self, threads, LayoutArg};
use crate::input::{self, RegionsSetting};
use crate::output::json::{GeneratedLine, GeneratedRating, Made};
use crate::output::{fpuzzles, text, OutputFormat};
use crate::record::Layout;
use crate::run::{on_interrupt, write_in_order, Watch};
use crate::status::{self, Status};

/// `dance generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, short = 'n', value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// The order N (default 9): the squarest boxes for N, wider than tall
    /// (none when N is prime), unless --box, --regions or --jigsaw says.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=reduce::MAX_ORDER as u64))]
    pub order: Option<u64>,
    /// Boxes of R rows and C columns, or `none` for Latin squares (of
    /// order --order, 9 by default).
    #[arg(long = "box", value_name = "RxC|none", conflicts_with_all = ["regions", "jigsaw"])]
    pub boxes: Option<String>,
    /// A region map (jigsaw): N lines of N labels.
    #[arg(long, value_name = "FILE", conflicts_with = "jigsaw")]
    pub regions: Option<PathBuf>,
    /// A new random jigsaw map (N connected regions of N cells) for each
    /// puzzle, written after its cells.
    #[arg(long)]
    pub jigsaw: bool,
    /// The symmetry of the pattern of givens; `any` draws one the region
    /// map has, for each puzzle.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,
    /// At most MAX givens: puzzles are made until one has (see --attempts).
    #[arg(long, value_name = "MAX")]
    pub clues: Option<usize>,
    /// Rated exactly LEVEL by the logical solver (easy, medium, hard,
    /// expert, extreme, master, beyond): puzzles are made until one is.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    pub difficulty: Option<Level>,
    /// The seed: the same seed and options make the same puzzles (puzzle
    /// K of the run is the first that --seed S+K-1 makes). Default: a
    /// random seed, said on stderr (and in each JSON object).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// The alphabet, one character per symbol (default: 1-9 then A-Z).
    #[arg(long, value_name = "STR")]
    pub symbols: Option<String>,
    /// How puzzles are written: one line each (with the map of a jigsaw),
    /// or as solve writes grids (blanks `.`, `0` as integers).
    #[arg(long, value_enum, default_value_t = LayoutArg::Line)]
    pub layout: LayoutArg,
    /// The output format: text, or JSON Lines with the solution, the
    /// seed and the rating of each puzzle.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub output: OutputFormat,
    /// Full grids to try for one puzzle before giving up (exit 3).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_ATTEMPTS, value_parser = clap::value_parser!(u64).range(1..))]
    pub attempts: u64,
    /// Nodes each search may take (default 50,000,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// How long one puzzle may take (500ms, 10s, 2m), all attempts together (exit 3 when
    /// they run out).
    #[arg(long, value_name = "DURATION", value_parser = flags::parse_duration)]
    pub timeout: Option<Duration>,
    /// Worker threads (default: all cores). The output is the same with
    /// any number.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,
    /// Print nothing on stderr but errors.
    #[arg(short, long)]
    pub quiet: bool,
    /// A variant puzzle of this kind: `killer` (cages over the whole grid,
    /// every sum given at first; sums not needed are taken away).
    #[arg(long, value_enum, value_name = "KIND", conflicts_with = "constraints")]
    pub variant: Option<VariantArg>,
    /// Variant puzzles whose constraints, of these kinds (comma-separated:
    /// killer, thermo, slowthermo, arrow, kropki (white, black), xv,
    /// littlekiller, sandwich, xsum, skyscraper, whispers, renban,
    /// palindrome, between, entropic, modular, zipper, doublearrow,
    /// regionsum, oddeven (odd, even), minimum, maximum, quadruple, all),
    /// are added until the puzzle is unique; those not needed go.
    #[arg(long, value_name = "KINDS")]
    pub constraints: Option<String>,
    /// With --variant killer: cages of MIN to MAX cells (default 2-5).
    #[arg(long, value_name = "MIN-MAX", requires = "variant")]
    pub cage_sizes: Option<String>,
    /// With a variant: K givens drawn at random before the constraints
    /// (those not needed go; default none).
    #[arg(long, value_name = "K")]
    pub givens: Option<usize>,
    /// With a variant: write the plain-text form (`text`) or f-puzzles'
    /// JSON object (`fpuzzles`, `--link` for its link).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: Option<VariantFormat>,
    /// With --to fpuzzles: the f-puzzles link (SudokuPad opens it too).
    #[arg(long)]
    pub link: bool,
}

/// `--variant`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    /// Killer sudoku.
    Killer,
}

/// `--to` for variant puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VariantFormat {
    /// The plain-text form: the puzzle, then one constraint a line.
    Text,
    /// f-puzzles' JSON object (one line), or its link with --link.
    Fpuzzles,
}

/// The default cage sizes of `--variant killer`.
const CAGE_SIZES: (usize, usize) = (2, 5);

/// What makes the puzzles: the classic generator or the variant one.
#[derive(Clone, Debug)]
pub enum Maker {
    /// Classic puzzles (givens only).
    Classic(Box<Generator>),
    /// Variant puzzles.
    Variant(Box<VariantGenerator>),
}

impl Maker {
    fn generate(&mut self, seed: u64) -> Result<Generated, GenerateError> {
        match self {
            Maker::Classic(g) => g.generate(seed),
            Maker::Variant(g) => g.generate(seed),
        }
    }

    fn set_probe(&mut self, probe: Option<Arc<dlx::Probe>>) {
        match self {
            Maker::Classic(g) => g.set_probe(probe),
            Maker::Variant(g) => g.set_probe(probe),
        }
    }
}

/// `--symmetry`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// No symmetry.
    None,
    /// The half turn.
    Rot180,
    /// The quarter turn.
    Rot90,
    /// The mirror about the middle column.
    Mirror,
    /// The mirror about the main diagonal.
    Diagonal,
    /// One of those the region map has, drawn for each puzzle.
    Any,
}

impl SymmetryArg {
    fn choice(self) -> SymmetryChoice {
        SymmetryChoice::Exactly(match self {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rot180 => Symmetry::Rot180,
            SymmetryArg::Rot90 => Symmetry::Rot90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
            SymmetryArg::Any => return SymmetryChoice::Any,
        })
    }
}

fn parse_level(s: &str) -> Result<Level, String> {
    Level::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        format!("{s:?} is not a level: {}", names.join(", "))
    })
}

/// What `dance generate` does, checked.
#[derive(Clone, Debug)]
pub struct GeneratePlan {
    /// The generator, ready.
    pub generator: Maker,
    /// Variant puzzles: how they are written (`None`: classic puzzles).
    pub variant: Option<(VariantFormat, bool)>,
    /// How many puzzles.
    pub count: u64,
    /// The run's seed, if given.
    pub seed: Option<u64>,
    /// How puzzles are written.
    pub layout: Layout,
    /// Text or JSON Lines.
    pub output: OutputFormat,
    /// Worker threads.
    pub jobs: usize,
    /// Say nothing on stderr but errors.
    pub quiet: bool,
}

/// The plan the arguments ask for, or a usage error.
pub fn plan(a: GenerateArgs) -> Result<GeneratePlan, UsageError> {
    let order = a.order.map(|n| n as usize);
    let target = target(&a, order)?;
    let n = target.n();
    let alphabet = match &a.symbols {
        Some(s) => Alphabet::custom(s).map_err(|e| UsageError(format!("--symbols {s:?}: {e}")))?,
        None => Alphabet::default_for(n).map_err(|e| UsageError(e.to_string()))?,
    };
    if alphabet.len() != n {
        return Err(UsageError(format!(
            "--symbols has {} symbols; a {n}x{n} puzzle needs {n}",
            alphabet.len()
        )));
    }
    let layout = a.layout.layout(io::stdout().is_terminal()).unwrap_or(Layout::Line);
    if a.jigsaw && !matches!(layout, Layout::Line | Layout::Art { .. }) && a.output == OutputFormat::Text {
        return Err(UsageError(format!(
            "--jigsaw writes each puzzle's map after its cells, which only --layout line has room for (or --layout art draws; or --output json), not --layout {}",
            layout.name()
        )));
    }
    let request = Request {
        symmetry: a.symmetry.choice(),
        max_clues: a.clues,
        level: a.difficulty,
        rate: a.output == OutputFormat::Json,
        attempts: a.attempts,
        max_nodes: a.max_nodes.unwrap_or(DEFAULT_MAX_NODES),
        time: a.timeout,
    };
    if a.variant.is_some() || a.constraints.is_some() {
        return variant_plan(&a, target, alphabet, layout);
    }
    if a.to.is_some() || a.link || a.givens.is_some() {
        return Err(UsageError(
            "--to, --link and --givens apply to variant puzzles (--variant, --constraints)".into(),
        ));
    }
    let generator = Generator::new(target, alphabet, request).map_err(|e| match e {
        GenerateError::Symmetry { .. } | GenerateError::NoSymmetry | GenerateError::JigsawSymmetry { .. } => {
            UsageError(format!(
                "--symmetry {}: {e}",
                a.symmetry.to_possible_value().expect("named").get_name()
            ))
        }
        e => UsageError(e.to_string()),
    })?;
    let jobs = threads(a.jobs);
    Ok(GeneratePlan {
        generator: Maker::Classic(Box::new(generator)),
        variant: None,
        count: a.count,
        seed: a.seed,
        layout,
        output: a.output,
        jobs: jobs.min(a.count.min(1 << 20) as usize).max(1),
        quiet: a.quiet,
    })
}

/// `--difficulty` for variant puzzles: a made puzzle is kept when the
/// logical solver, reasoning with its rules, rates it exactly `level` (as
/// `dance rate` would); otherwise it is made again from a fresh grid.
fn rated_exactly(level: Level) -> reduce::generate::Accept {
    Arc::new(move |puzzle: &reduce::Puzzle, _grid: &[u8]| {
        let mut logic = reduce::logic::Logic::new(puzzle.shape());
        logic.rate(puzzle).rating().is_some_and(|r| r.level() == level)
    })
}

/// The plan for variant puzzles (`--variant`, `--constraints`).
fn variant_plan(
    a: &GenerateArgs,
    target: Target,
    alphabet: Alphabet,
    layout: Layout,
) -> Result<GeneratePlan, UsageError> {
    let Target::Shape(shape) = target else {
        return Err(UsageError(
            "variant puzzles are made on a fixed shape, not with --jigsaw (use --regions)".into(),
        ));
    };
    if a.symmetry != SymmetryArg::None || a.clues.is_some() {
        return Err(UsageError("--symmetry and --clues apply to classic puzzles, not to variants".into()));
    }
    let to = a.to.unwrap_or(VariantFormat::Text);
    if a.link && to != VariantFormat::Fpuzzles {
        return Err(UsageError("--link goes with --to fpuzzles".into()));
    }
    let style = match (&a.constraints, a.variant) {
        (Some(list), _) => {
            let mut kinds: Vec<Kind> = Vec::new();
            for name in list.split(',').filter(|w| !w.trim().is_empty()) {
                let found = Kind::parse(name).ok_or_else(|| {
                    let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
                    UsageError(format!(
                        "--constraints: {name:?} is not a kind read off a grid ({}, kropki, oddeven, all)",
                        names.join(", ")
                    ))
                })?;
                for k in found {
                    if !kinds.contains(&k) {
                        kinds.push(k);
                    }
                }
            }
            if kinds.is_empty() {
                return Err(UsageError("--constraints: no kind named".into()));
            }
            Style::Constraints(kinds)
        }
        _ => {
            let (min, max) = match &a.cage_sizes {
                Some(s) => parse_sizes(s).map_err(|e| UsageError(format!("--cage-sizes {s}: {e}")))?,
                None => (CAGE_SIZES.0, CAGE_SIZES.1.min(shape.n())),
            };
            Style::Killer { min, max }
        }
    };
    if a.difficulty == Some(Level::Easy) {
        easy_variant(&style, a.givens.unwrap_or(0))?;
    }
    let request = VariantRequest {
        style,
        givens: a.givens.unwrap_or(0),
        attempts: a.attempts,
        max_nodes: a.max_nodes.unwrap_or(DEFAULT_MAX_NODES),
        add_nodes: ADD_NODES,
        time: a.timeout,
        accept: a.difficulty.map(rated_exactly),
        within: a.difficulty.filter(|&l| l != Level::Beyond).map(reduce::generate::at_most),
    };
    let generator = VariantGenerator::new(shape, alphabet, request).map_err(|e| UsageError(e.to_string()))?;
    Ok(GeneratePlan {
        generator: Maker::Variant(Box::new(generator)),
        variant: Some((to, a.link)),
        count: a.count,
        seed: a.seed,
        layout,
        output: a.output,
        jobs: threads(a.jobs).min(a.count.min(1 << 20) as usize).max(1),
        quiet: a.quiet,
    })
}

/// `--difficulty easy` for variants: refused up front when no puzzle of
/// the request can be easy and need its rules (rather than after every
/// attempt has been turned down).
fn easy_variant(style: &Style, givens: usize) -> Result<(), UsageError> {
    match style {
        Style::Killer { .. } if givens == 0 => Err(UsageError(
            "--difficulty easy: a killer without givens needs cage combinations (medium) from its first step; \
             ask for medium or harder, or for some --givens"
                .into(),
        )),
        Style::Constraints(kinds) if !kinds.iter().any(|k| k.reached_by_singles()) => {
            let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            Err(UsageError(format!(
                "--difficulty easy: singles never reason with {}, so an easy puzzle would not need any of them; \
                 ask for medium or harder, or add a kind singles can use (killer, renban, skyscraper, odd, even)",
                names.join(", ")
            )))
        }
        _ => Ok(()),
    }
}

/// `MIN-MAX` (or one number for both).
fn parse_sizes(s: &str) -> Result<(usize, usize), String> {
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let number = |t: &str| t.trim().parse::<usize>().map_err(|_| format!("{t:?} is not a number"));
    Ok((number(a)?, number(b)?))
}

/// What to make puzzles of, from `--order`, `--box`, `--regions` and
/// `--jigsaw`.
fn target(a: &GenerateArgs, order: Option<usize>) -> Result<Target, UsageError> {
    let mismatch = |what: String, n: usize| {
        UsageError(format!("--order {} does not fit {what} (order {n})", order.unwrap_or(n)))
    };
    if a.jigsaw {
        let n = order.unwrap_or(9);
        return Ok(Target::Jigsaw(n));
    }
    let shape = if let Some(path) = &a.regions {
        let shown = path.display();
        let map = flags::region_file(path)?;
        let n = reduce::order_of(map.len()).unwrap_or(0);
        if order.is_some_and(|o| o != n) {
            return Err(mismatch(format!("the map of --regions {shown}"), n));
        }
        Shape::new(n, Regions::Map(map)).map_err(|e| UsageError(format!("--regions {shown}: {e}")))?
    } else if let Some(b) = &a.boxes {
        match input::parse_box(b).map_err(UsageError)? {
            RegionsSetting::Boxes { rows, cols, .. } => {
                let n = rows * cols;
                if order.is_some_and(|o| o != n) {
                    return Err(mismatch(format!("--box {b}"), n));
                }
                Shape::new(n, Regions::Boxes { rows, cols })
                    .map_err(|e| UsageError(format!("--box {b}: {e}")))?
            }
            _ => Shape::new(order.unwrap_or(9), Regions::None).map_err(|e| UsageError(e.to_string()))?,
        }
    } else {
        Shape::default_for(order.unwrap_or(9)).map_err(|e| UsageError(e.to_string()))?
    };
    Ok(Target::Shape(shape))
}

/// Puzzles made ahead of the one to write next, at most.
const WINDOW: u64 = 256;

/// A random seed for a run without `--seed` (48 bits: short to type, and
/// exact in any JSON reader).
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()),
    );
    h.write_u32(std::process::id());
    h.finish() & ((1 << 48) - 1)
}

/// The run: every puzzle made and written in order; the run's status.
pub fn run(plan: &GeneratePlan) -> Status {
    let watch = Watch::new();
    on_interrupt(watch.clone());
    let seed = plan.seed.unwrap_or_else(random_seed);
    if plan.seed.is_none() && !plan.quiet {
        eprintln!("dance: seed {seed} (--seed {seed} makes these puzzles again)");
    }
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut status = Status::Answered;
    let result = make_all(plan, seed, &watch, &mut out, &mut status).and_then(|()| out.flush());
    if status == Status::Interrupted || watch.stopped() {
        watch.say_interrupted();
        return Status::Interrupted;
    }
    status::after_writing(result, status)
}

/// Puzzles a worker makes in a row and hands to the writer at once, for
/// shapes whose puzzles take well under a millisecond (9x9 and smaller
/// boxes or Latin squares): the writer is then woken a few hundred times a
/// run instead of once a puzzle. Bigger shapes go one by one.
const CHUNK_SMALL: u64 = 16;

/// The puzzles of one chunk (see [`CHUNK_SMALL`]).
fn chunk_size(plan: &GeneratePlan) -> u64 {
    match &plan.generator {
        Maker::Classic(g) => match g.target() {
            Target::Shape(s) if s.n() <= 9 => CHUNK_SMALL,
            _ => 1,
        },
        Maker::Variant(_) => 1,
    }
}

/// Makes the puzzles on `plan.jobs` threads and writes them in order.
fn make_all(
    plan: &GeneratePlan,
    seed: u64,
    watch: &Arc<Watch>,
    out: &mut dyn Write,
    status: &mut Status,
) -> io::Result<()> {
    if plan.jobs <= 1 {
        return make_here(plan, seed, watch, out, status);
    }
    let chunk = chunk_size(plan);
    let chunks = plan.count.div_ceil(chunk);
    let next = AtomicU64::new(0);
    // The first puzzle not written yet, for the workers to keep within
    // the window.
    let gate = (Mutex::new(0u64), Condvar::new());
    type Chunk = Vec<Result<Generated, GenerateError>>;
    let (tx, rx) = sync_channel::<(u64, Chunk)>(plan.jobs * 4);
    std::thread::scope(|scope| {
        for _ in 0..plan.jobs {
            let tx = tx.clone();
            let (next, gate) = (&next, &gate);
            let mut maker = plan.generator.clone();
            maker.set_probe(Some(watch.probe.clone()));
            scope.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                if k >= chunks || watch.stopped() {
                    break;
                }
                let first = k * chunk;
                let mut written = gate.0.lock().unwrap_or_else(|e| e.into_inner());
                while first >= written.saturating_add(WINDOW) && !watch.stopped() {
                    written = gate
                        .1
                        .wait_timeout(written, Duration::from_millis(50))
                        .map_or_else(|e| e.into_inner().0, |r| r.0);
                }
                drop(written);
                let made = (first..plan.count.min(first + chunk))
                    .map(|i| maker.generate(seed.wrapping_add(i)))
                    .collect();
                if tx.send((k, made)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // The writer (this thread).
        let result = write_in_order(&rx, out, |k, made: Chunk, out| {
            for (i, made) in (k * chunk..).zip(made) {
                write(plan, i, seed.wrapping_add(i), made, out, status)?;
                if *status == Status::Interrupted {
                    watch.probe.stop();
                    return Ok(ControlFlow::Break(()));
                }
            }
            *gate.0.lock().unwrap_or_else(|e| e.into_inner()) = (k + 1) * chunk;
            gate.1.notify_all();
            Ok(ControlFlow::Continue(()))
        });
        if result.is_err() {
            // Open the gate: the workers' next sends fail and they end.
            *gate.0.lock().unwrap_or_else(|e| e.into_inner()) = u64::MAX;
            gate.1.notify_all();
        }
        drop(rx);
        result
    })
}

/// How long the maker of one job keeps its output before it flushes:
/// each 9x9 puzzle is not a write of its own, and a slow one still shows
/// at once.
const FLUSH: Duration = Duration::from_millis(4);

/// Makes the puzzles on this thread, one after another, and writes each
/// as it comes (flushed when the last flush is [`FLUSH`] old): with one
/// job, no thread to hand puzzles to.
fn make_here(
    plan: &GeneratePlan,
    seed: u64,
    watch: &Arc<Watch>,
    out: &mut dyn Write,
    status: &mut Status,
) -> io::Result<()> {
    let mut maker = plan.generator.clone();
    maker.set_probe(Some(watch.probe.clone()));
    let mut flushed = Instant::now();
    for i in 0..plan.count {
        if watch.stopped() {
            break;
        }
        let made = maker.generate(seed.wrapping_add(i));
        write(plan, i, seed.wrapping_add(i), made, out, status)?;
        if *status == Status::Interrupted {
            break;
        }
        if flushed.elapsed() >= FLUSH {
            out.flush()?;
            flushed = Instant::now();
        }
    }
    Ok(())
}

/// Writes puzzle `i` (from 0) or says why it did not come.
fn write(
    plan: &GeneratePlan,
    i: u64,
    seed: u64,
    made: Result<Generated, GenerateError>,
    out: &mut dyn Write,
    status: &mut Status,
) -> io::Result<()> {
    let json = plan.output == OutputFormat::Json;
    let index = i + 1;
    let made = match made {
        Ok(m) => m,
        Err(GenerateError::Interrupted) => {
            *status = Status::Interrupted;
            return Ok(());
        }
        Err(e) => {
            let none = e == GenerateError::NoGrid;
            *status = status.and(if none { Status::None } else { Status::Unknown });
            let message = e.to_string();
            if !plan.quiet || json {
                eprintln!("dance: puzzle {index} (seed {seed}): {message}");
            }
            if json {
                let made = if none { Made::None { seed, message } } else { Made::Unknown { seed, message } };
                out.write_all(GeneratedLine { index, made }.to_line().as_bytes())?;
            }
            return Ok(());
        }
    };
    let p = &made.puzzle;
    if let (Some((to, link)), false) = (plan.variant, json) {
        let written = match (to, link) {
            (VariantFormat::Text, _) => variant_text(p, plan.layout),
            (VariantFormat::Fpuzzles, false) => fpuzzles::json_text(p, None) + "\n",
            (VariantFormat::Fpuzzles, true) => fpuzzles::link(p, None) + "\n",
        };
        return out.write_all(written.as_bytes());
    }
    let map: Option<String> = match p.shape().regions() {
        Regions::Map(m) => Some(m.iter().collect()),
        _ => None,
    };
    if json {
        let line = GeneratedLine {
            index,
            made: Made::Generated {
                puzzle: text::givens(p, Layout::Line).trim_end().to_owned(),
                regions: map,
                solution: text::symbols(p, &made.solution),
                clues: made.clues(),
                symmetry: made.symmetry.name(),
                constraints: plan.variant.map(|_| {
                    p.rules().constraints.iter().map(|c| reduce::constraint::text::write(p.n(), c)).collect()
                }),
                seed: made.seed,
                rating: made.rating.map(|r| GeneratedRating {
                    level: r.level().name(),
                    score: r.score(),
                    hardest: r.hardest_name(),
                }),
            },
        };
        return out.write_all(line.to_line().as_bytes());
    }
    let mut laid = text::givens(p, plan.layout);
    if let (Layout::Line, Some(map)) = (plan.layout, map) {
        laid.pop();
        laid.push(' ');
        laid += &map;
        laid.push('\n');
    }
    out.write_all(laid.as_bytes())
}

/// A variant puzzle in the plain-text form: its givens in the layout
/// asked for (a line: with its region map when it has one of its own),
/// then one constraint a line.
fn variant_text(p: &reduce::Puzzle, layout: Layout) -> String {
    if layout == Layout::Line {
        return fpuzzles::text(p);
    }
    let mut s = text::givens(p, layout);
    for c in &p.rules().constraints {
        s += &reduce::constraint::text::write(p.n(), c);
        s.push('\n');
    }
    s
}
