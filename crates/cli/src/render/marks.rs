//! The variant constraints drawn on a grid, the way f-puzzles and
//! SudokuPad draw them.
//!
//! Under the grid lines ([`draw_under`]): extra regions (grey cells),
//! clones (one colour a clone, on both shapes), indexing cells, odd
//! circles and even squares, minimum and maximum cells. Over them
//! ([`draw_over`]): diagonals, lines coloured by kind, thermometers,
//! arrows, killer cages (dashed, inset, the sum small in the top-left
//! corner), dots, X and V, quadruples, and the clues outside the grid
//! (little killers with their diagonal arrow, sandwiches, X-sums in a
//! circle, skyscrapers in a square). Rules with no place on the grid
//! (anti-knight, anti-king, disjoint groups, the negative rules) are named
//! in the caption ([`rules_note`]). Every constraint kind is given its
//! place by name in [`layer`], with no catch-all: a kind added to the
//! model does not build until it has one (and the tests draw each kind
//! and check that the picture changes). A constraint whose picture would
//! mislead is refused by name ([`check`]).

use reduce::constraint::{ClueDirection, Constraint, IndexerKind, NegativeKind, OutsideClue, Parity, Side};
use reduce::Puzzle;

use super::colors::{self, Rgb};
use super::glyph::Weight;
use super::scene::{self, circle, polyline, Board, Item, PathSeg, Scene, Stroke};
use super::RenderError;

/// Where a constraint is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layer {
    /// Shaded cells, under the grid lines.
    Under,
    /// A line over the grid (diagonals, coloured lines, thermometers,
    /// arrows).
    Line,
    /// A killer cage.
    Cage,
    /// A marker on an edge, a corner or a cell (dots, X and V,
    /// quadruples, minimum and maximum chevrons).
    Marker,
    /// A clue outside the grid.
    Outside,
    /// Named in the caption: a rule with no place on the grid.
    Caption,
    /// A shaded cell under the grid lines with a marker over them
    /// (minimum and maximum cells and their chevrons).
    ShadeAndMarker,
}

/// Where each kind of constraint is drawn. No catch-all: a kind added to
/// the model does not build until it has a place in the picture.
pub(crate) fn layer(c: &Constraint) -> Layer {
    match c {
        Constraint::ExtraRegion(_)
        | Constraint::Clone(_)
        | Constraint::Indexer(_)
        | Constraint::Parity(_) => Layer::Under,
        Constraint::Extremum(_) => Layer::ShadeAndMarker,
        Constraint::Diagonal(_)
        | Constraint::Thermometer(_)
        | Constraint::Whispers(_)
        | Constraint::Renban(_)
        | Constraint::Palindrome(_)
        | Constraint::Entropic(_)
        | Constraint::Modular(_)
        | Constraint::Zipper(_)
        | Constraint::RegionSumLine(_)
        | Constraint::Between(_)
        | Constraint::Lockout(_)
        | Constraint::DoubleArrow(_)
        | Constraint::Arrow(_) => Layer::Line,
        Constraint::Killer(_) => Layer::Cage,
        Constraint::Difference(_) | Constraint::Ratio(_) | Constraint::Xv(_) | Constraint::Quadruple(_) => {
            Layer::Marker
        }
        Constraint::LittleKiller(_)
        | Constraint::Sandwich(_)
        | Constraint::XSum(_)
        | Constraint::Skyscraper(_) => Layer::Outside,
        Constraint::AntiKnight(_)
        | Constraint::AntiKing(_)
        | Constraint::DisjointGroups(_)
        | Constraint::Negative(_) => Layer::Caption,
    }
}

/// Whether the puzzle has clues outside the grid, which need a ring of
/// one cell around it.
pub(crate) fn outside(puzzle: &Puzzle) -> bool {
    puzzle.rules().constraints.iter().any(|c| layer(c) == Layer::Outside)
}

/// Refuses a constraint whose picture would mislead: a quadruple whose
/// cells are not the four around one corner (its circle would sit on a
/// corner it does not speak of), an arrow whose circle of several cells
/// is in pieces or not in reading order (the pill is read left to right,
/// top to bottom, as a number; the rule reads the cells in their order;
/// the readers refuse such a pill, so only a model built by hand has one).
pub(crate) fn check(puzzle: &Puzzle) -> Result<(), RenderError> {
    let n = puzzle.n();
    let at = |cells: &[usize]| reduce::constraint::span(n, cells);
    for c in &puzzle.rules().constraints {
        match c {
            Constraint::Quadruple(q) => {
                let top = q.cells.iter().min().copied().unwrap_or(0);
                let block = [top, top + 1, top + n, top + n + 1];
                let square = top % n + 1 < n && block.iter().all(|b| q.cells.contains(b));
                if !square {
                    return Err(RenderError::Constraint {
                        key: "quadruple",
                        reason: format!("its cells {} are not the four around one corner", at(&q.cells)),
                    });
                }
            }
            Constraint::Arrow(a) if a.circle.len() > 1 => {
                let step = a.circle[1].wrapping_sub(a.circle[0]);
                let line = (step == 1 && a.circle.iter().all(|&k| k / n == a.circle[0] / n)) || step == n;
                if !line || a.circle.windows(2).any(|w| w[1].wrapping_sub(w[0]) != step) {
                    return Err(RenderError::Constraint {
                        key: "arrow",
                        reason: format!(
                            "its circle {} is not one run of cells left to right or top to bottom, \
                             the way a pill is read",
                            at(&a.circle)
                        ),
                    });
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The cells whose top-left corner holds a cage's sum (candidates keep
/// clear of it).
pub(crate) fn labelled(puzzle: &Puzzle) -> Vec<usize> {
    let cages = puzzle.rules().constraints.iter().filter_map(|c| match c {
        Constraint::Killer(k) if k.sum.is_some() => k.cells.iter().min().copied(),
        _ => None,
    });
    cages.collect()
}

/// The rules that have no place on the grid, for the caption:
/// `anti-knight, anti-king`; `None` when there are none.
pub(crate) fn rules_note(puzzle: &Puzzle) -> Option<String> {
    let mut names: Vec<&str> = Vec::new();
    for c in &puzzle.rules().constraints {
        let name = match c {
            Constraint::AntiKnight(_) => "anti-knight",
            Constraint::AntiKing(_) => "anti-king",
            Constraint::DisjointGroups(_) => "disjoint groups",
            Constraint::Negative(g) => match g.kind {
                NegativeKind::Consecutive => "nonconsecutive",
                NegativeKind::Ratio => "all black dots given",
                NegativeKind::Xv => "all X and V given",
            },
            _ => continue,
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    (!names.is_empty()).then(|| names.join(", "))
}

/// A stroke's width for `cell`, never thinner than `min` user units.
fn width(cell: f64, fraction: f64, min: f64) -> f64 {
    (cell * fraction).max(min)
}

/// A filled rectangle over cell `cell`, inset by `inset` cells.
fn shade(scene: &mut Scene, board: Board, cell: usize, inset: f64, fill: Rgb) {
    let (x, y) = board.corner(cell);
    let (d, w) = (inset * board.cell, board.cell * (1.0 - 2.0 * inset));
    scene.items.push(Item::Rect { x: x + d, y: y + d, w, h: w, fill });
}

/// Text centred on (x, y): the middle of its capitals on y.
fn text(scene: &mut Scene, s: &str, (x, y): (f64, f64), size: f64, weight: Weight, color: Rgb) {
    scene.items.push(Item::Text {
        text: s.to_string(),
        x,
        y: y + scene::lift(size, weight),
        size,
        weight,
        color,
        centered: true,
    });
}

/// Draws what goes under the grid lines: shaded cells.
pub(crate) fn draw_under(scene: &mut Scene, puzzle: &Puzzle, board: Board) {
    let mut clones = 0;
    for c in &puzzle.rules().constraints {
        match c {
            Constraint::ExtraRegion(e) => {
                for &cell in &e.cells {
                    shade(scene, board, cell, 0.0, colors::EXTRA_REGION);
                }
                // A solid outline inside it, so that regions that touch
                // stay apart.
                let stroke = Stroke::flat(width(board.cell, 0.025, 0.35), colors::EXTRA_REGION_EDGE);
                let segs = outline(board, &e.cells, board.cell * 0.04);
                scene.items.push(Item::Path { segs, fill: None, stroke: Some(stroke) });
            }
            Constraint::Clone(k) => {
                let fill = colors::CLONES[clones % colors::CLONES.len()];
                clones += 1;
                for &cell in k.cells.iter().chain(&k.clones) {
                    shade(scene, board, cell, 0.06, fill);
                }
            }
            Constraint::Indexer(x) => {
                let fill = match x.kind {
                    IndexerKind::Row => colors::ROW_INDEXER,
                    IndexerKind::Column => colors::COLUMN_INDEXER,
                    IndexerKind::Box => colors::BOX_INDEXER,
                };
                for &cell in &x.cells {
                    shade(scene, board, cell, 0.0, fill);
                }
            }
            Constraint::Parity(p) => {
                let (cx, cy) = board.center(p.cell);
                let r = board.cell * 0.38;
                let segs = match p.parity {
                    Parity::Odd => circle(cx, cy, r),
                    Parity::Even => polyline(
                        &[(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)],
                        true,
                    ),
                };
                scene.items.push(Item::Path { segs, fill: Some(colors::PARITY), stroke: None });
            }
            Constraint::Extremum(e) => shade(scene, board, e.cell, 0.0, colors::EXTREMUM),
            _ => {}
        }
    }
}

/// Draws what goes over the grid lines, in layers: lines first, then
/// cages, then markers on edges and corners, then clues outside.
pub(crate) fn draw_over(scene: &mut Scene, puzzle: &Puzzle, board: Board) {
    let rules = &puzzle.rules().constraints;
    for c in rules.iter().filter(|c| layer(c) == Layer::Line) {
        draw_line_kind(scene, board, c);
    }
    let mut labels = Vec::new();
    for c in rules {
        if let Constraint::Killer(k) = c {
            draw_cage(scene, board, &k.cells, k.sum, &mut labels);
        }
    }
    for c in rules.iter().filter(|c| matches!(layer(c), Layer::Marker | Layer::ShadeAndMarker)) {
        draw_marker(scene, board, c);
    }
    draw_outside(scene, puzzle, board);
}

/// The centres of `cells`.
fn centers(board: Board, cells: &[usize]) -> Vec<(f64, f64)> {
    cells.iter().map(|&c| board.center(c)).collect()
}

/// A line through the centres of `cells`, round, `fraction` of a cell wide.
fn tube(scene: &mut Scene, board: Board, cells: &[usize], fraction: f64, color: Rgb) {
    let w = width(board.cell, fraction, 0.5);
    if let [one] = cells {
        // A line of one cell (a renban may be one): a round blob, since a
        // stroke of no length draws nothing in some readers.
        let (cx, cy) = board.center(*one);
        scene.items.push(Item::Path {
            segs: circle(cx, cy, w.max(board.cell * 0.3) / 2.0),
            fill: Some(color),
            stroke: None,
        });
        return;
    }
    let stroke = Stroke::round(w, color);
    scene.items.push(Item::Path {
        segs: polyline(&centers(board, cells), false),
        fill: None,
        stroke: Some(stroke),
    });
}

/// A circle on cell `cell`, white inside, outlined in `color`.
fn ring(scene: &mut Scene, board: Board, cell: usize, color: Rgb) {
    let (cx, cy) = board.center(cell);
    let stroke = Stroke::flat(width(board.cell, 0.05, 0.4), color);
    scene.items.push(Item::Path {
        segs: circle(cx, cy, board.cell * 0.38),
        fill: Some(colors::PAPER),
        stroke: Some(stroke),
    });
}

/// A small number at the top right of cell `cell` (a line's parameter).
fn tag(scene: &mut Scene, board: Board, cell: usize, value: u32) {
    let (x, y) = board.corner(cell);
    let at = (x + board.cell * 0.82, y + board.cell * 0.18);
    text(scene, &value.to_string(), at, board.cell * 0.22, Weight::Bold, colors::INK);
}

/// The lines: diagonals, coloured lines, thermometers, arrows.
fn draw_line_kind(scene: &mut Scene, board: Board, c: &Constraint) {
    let n = board.n;
    match c {
        Constraint::Diagonal(d) => {
            let side = n as f64 * board.cell;
            let (x0, y0) = (board.x0, board.y0);
            let points = if d.positive {
                [(x0, y0 + side), (x0 + side, y0)]
            } else {
                [(x0, y0), (x0 + side, y0 + side)]
            };
            let stroke = Stroke::flat(width(board.cell, 0.04, 0.4), colors::DIAGONAL);
            scene.items.push(Item::Path { segs: polyline(&points, false), fill: None, stroke: Some(stroke) });
        }
        Constraint::Thermometer(t) => {
            tube(scene, board, &t.cells, 0.3, colors::THERMO);
            let (cx, cy) = board.center(t.cells[0]);
            scene.items.push(Item::Path {
                segs: circle(cx, cy, board.cell * 0.38),
                fill: Some(colors::THERMO),
                stroke: None,
            });
            if t.slow {
                // A slow thermometer is hollow: a white core down its tube.
                tube(scene, board, &t.cells, 0.1, colors::PAPER);
            }
        }
        Constraint::Whispers(w) => {
            let german = w.min == n.div_ceil(2) as u32;
            tube(scene, board, &w.cells, 0.2, if german { colors::WHISPERS } else { colors::WHISPERS_OTHER });
            if !german {
                tag(scene, board, w.cells[0], w.min);
            }
        }
        Constraint::Renban(r) => tube(scene, board, &r.cells, 0.2, colors::RENBAN),
        Constraint::Palindrome(p) => tube(scene, board, &p.cells, 0.2, colors::PALINDROME),
        Constraint::Entropic(e) => tube(scene, board, &e.cells, 0.2, colors::ENTROPIC),
        Constraint::Modular(m) => tube(scene, board, &m.cells, 0.2, colors::MODULAR),
        Constraint::Zipper(z) => tube(scene, board, &z.cells, 0.2, colors::ZIPPER),
        Constraint::RegionSumLine(r) => tube(scene, board, &r.cells, 0.2, colors::REGION_SUM),
        Constraint::Between(b) => {
            tube(scene, board, &b.cells, 0.12, colors::BETWEEN);
            ring(scene, board, b.cells[0], colors::BETWEEN);
            ring(scene, board, b.cells[b.cells.len() - 1], colors::BETWEEN);
        }
        Constraint::Lockout(l) => {
            tube(scene, board, &l.cells, 0.12, colors::LOCKOUT);
            for &end in [l.cells[0], l.cells[l.cells.len() - 1]].iter() {
                let (cx, cy) = board.center(end);
                let r = board.cell * 0.42;
                let segs = polyline(&[(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], true);
                let stroke = Stroke::flat(width(board.cell, 0.05, 0.4), colors::LOCKOUT);
                scene.items.push(Item::Path { segs, fill: Some(colors::PAPER), stroke: Some(stroke) });
            }
            if l.min != 4 {
                tag(scene, board, l.cells[0], l.min);
            }
        }
        Constraint::DoubleArrow(d) => {
            tube(scene, board, &d.cells, 0.05, colors::ARROW);
            ring(scene, board, d.cells[0], colors::ARROW);
            ring(scene, board, d.cells[d.cells.len() - 1], colors::ARROW);
        }
        Constraint::Arrow(a) => draw_arrow(scene, board, &a.circle, &a.shaft),
        _ => {}
    }
}

/// An arrow: its circle (a pill over several cells) and its shaft from
/// the circle's edge to an arrowhead in the last cell.
fn draw_arrow(scene: &mut Scene, board: Board, circle_cells: &[usize], shaft: &[usize]) {
    let n = board.n;
    let cell = board.cell;
    let r = cell * 0.38;
    let w = width(cell, 0.05, 0.4);
    // The pill: the grey union of a disc per cell and a band per pair of
    // neighbours, then the same, narrower, in white.
    for (color, grow) in [(colors::ARROW, w / 2.0), (colors::PAPER, -w / 2.0)] {
        for &c in circle_cells {
            let (cx, cy) = board.center(c);
            scene.items.push(Item::Path { segs: circle(cx, cy, r + grow), fill: Some(color), stroke: None });
        }
        let mut bands = Vec::new();
        for (i, &a) in circle_cells.iter().enumerate() {
            for &b in &circle_cells[i + 1..] {
                let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
                if ra.abs_diff(rb) + ca.abs_diff(cb) == 1 {
                    bands.extend(polyline(&centers(board, &[a, b]), false));
                }
            }
        }
        if !bands.is_empty() {
            let stroke = Stroke { width: 2.0 * (r + grow), color, dash: None, round: false };
            scene.items.push(Item::Path { segs: bands, fill: None, stroke: Some(stroke) });
        }
    }
    if shaft.is_empty() {
        return;
    }
    // The shaft leaves the circle cell nearest its first cell.
    let first = board.center(shaft[0]);
    let dist = |p: (f64, f64)| (p.0 - first.0).hypot(p.1 - first.1);
    let from = circle_cells.iter().map(|&c| board.center(c)).fold(None, |best: Option<(f64, f64)>, p| {
        Some(best.map_or(p, |b| if dist(p) < dist(b) { p } else { b }))
    });
    let Some(from) = from else { return };
    let d = dist(from).max(1e-9);
    let start = (from.0 + (first.0 - from.0) / d * r, from.1 + (first.1 - from.1) / d * r);
    let mut points = vec![start];
    points.extend(centers(board, shaft));
    let stroke = Stroke::round(w, colors::ARROW);
    scene.items.push(Item::Path { segs: polyline(&points, false), fill: None, stroke: Some(stroke) });
    // The head: two barbs back from the tip, along the last piece.
    let (tip, back) = (points[points.len() - 1], points[points.len() - 2]);
    let len = (tip.0 - back.0).hypot(tip.1 - back.1).max(1e-9);
    let (ux, uy) = ((tip.0 - back.0) / len, (tip.1 - back.1) / len);
    let barb = cell * 0.25;
    let (cos, sin) = (0.8192, 0.5736); // 35 degrees
    let left = (tip.0 - barb * (ux * cos - uy * sin), tip.1 - barb * (uy * cos + ux * sin));
    let right = (tip.0 - barb * (ux * cos + uy * sin), tip.1 - barb * (uy * cos - ux * sin));
    scene.items.push(Item::Path {
        segs: polyline(&[left, tip, right], false),
        fill: None,
        stroke: Some(stroke),
    });
}

/// A killer cage: a dashed outline inset in its cells, the sum small in
/// the top-left corner of its first cell (top row, then leftmost), set
/// after the sums already in that corner (`labels`: a cell and how far
/// along its next label goes).
fn draw_cage(
    scene: &mut Scene,
    board: Board,
    cells: &[usize],
    sum: Option<u32>,
    labels: &mut Vec<(usize, f64)>,
) {
    let (cell, d) = (board.cell, board.cell * 0.08);
    let segs = outline(board, cells, d);
    let stroke =
        Stroke { width: width(cell, 0.025, 0.35), color: colors::INK, dash: Some(cell * 0.07), round: false };
    scene.items.push(Item::Path { segs, fill: None, stroke: Some(stroke) });
    let (Some(sum), Some(&first)) = (sum, cells.iter().min()) else { return };
    let s = sum.to_string();
    let size = cell * 0.24;
    let (x, y) = board.corner(first);
    let w = scene::text_width(&s, Weight::Regular, size);
    let x = x + match labels.iter_mut().find(|l| l.0 == first) {
        Some(l) => {
            l.1 += w + d;
            l.1 - w - d
        }
        None => {
            labels.push((first, w + d));
            0.0
        }
    };
    let cap = 2.0 * scene::lift(size, Weight::Regular);
    scene.items.push(Item::Rect {
        x: x + d * 0.5,
        y: y + d * 0.5,
        w: w + d,
        h: cap + d,
        fill: colors::PAPER,
    });
    scene.items.push(Item::Text {
        text: s,
        x: x + d,
        y: y + d + cap,
        size,
        weight: Weight::Regular,
        color: colors::INK,
        centered: false,
    });
}

/// The outline of a set of cells, `d` inside its border: one segment per
/// side of a cell whose neighbour is outside the set, each end reaching
/// along the side: short of a convex corner, to the edge where the set
/// goes straight on, past it at a concave one (so corners join).
fn outline(board: Board, cells: &[usize], d: f64) -> Vec<PathSeg> {
    let n = board.n as isize;
    let half = board.cell / 2.0;
    let inside = |r: isize, c: isize| {
        (0..n).contains(&r) && (0..n).contains(&c) && cells.contains(&((r * n + c) as usize))
    };
    let mut segs = Vec::new();
    for &k in cells {
        let (r, c) = ((k as isize) / n, (k as isize) % n);
        let (cx, cy) = board.center(k);
        // Outward normal o (row, column); tangents t either way.
        for o in [(-1, 0), (0, 1), (1, 0), (0, -1)] {
            if inside(r + o.0, c + o.1) {
                continue;
            }
            let mut ends = [(0.0, 0.0); 2];
            for (end, t) in ends.iter_mut().zip([(o.1, o.0), (-o.1, -o.0)]) {
                let along = (r + t.0, c + t.1);
                let reach = if !inside(along.0, along.1) {
                    half - d
                } else if !inside(along.0 + o.0, along.1 + o.1) {
                    half
                } else {
                    half + d
                };
                *end = (
                    cx + o.1 as f64 * (half - d) + t.1 as f64 * reach,
                    cy + o.0 as f64 * (half - d) + t.0 as f64 * reach,
                );
            }
            segs.extend(polyline(&ends, false));
        }
    }
    segs
}

/// The middle of the edge between two cells.
fn edge(board: Board, a: usize, b: usize) -> (f64, f64) {
    let (pa, pb) = (board.center(a), board.center(b));
    ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0)
}

/// Markers on edges and corners: dots, X and V, quadruples, minimum and
/// maximum chevrons.
fn draw_marker(scene: &mut Scene, board: Board, c: &Constraint) {
    let cell = board.cell;
    let outline = width(cell, 0.03, 0.35);
    match c {
        Constraint::Difference(dot) => {
            let label = (dot.diff != 1).then_some(dot.diff);
            draw_dot(scene, board, edge(board, dot.a, dot.b), colors::PAPER, colors::INK, label);
        }
        Constraint::Ratio(dot) => {
            let label = (dot.ratio != 2).then_some(dot.ratio);
            draw_dot(scene, board, edge(board, dot.a, dot.b), colors::INK, colors::PAPER, label);
        }
        Constraint::Xv(x) => {
            let at = edge(board, x.a, x.b);
            let letter = if x.sum == 5 {
                "V".to_string()
            } else if x.sum == 10 {
                "X".into()
            } else {
                x.sum.to_string()
            };
            scene.items.push(Item::Path {
                segs: circle(at.0, at.1, cell * 0.17),
                fill: Some(colors::PAPER),
                stroke: None,
            });
            text(scene, &letter, at, cell * 0.3, Weight::Bold, colors::INK);
        }
        Constraint::Quadruple(q) => {
            let Some(&top) = q.cells.iter().min_by_key(|&&k| (k / board.n, k % board.n)) else { return };
            let left = q.cells.iter().map(|&k| k % board.n).min().unwrap_or(0);
            let (x, y) = (board.x0 + (left + 1) as f64 * cell, board.y0 + (top / board.n + 1) as f64 * cell);
            let digits: Vec<String> = q.digits.iter().map(u32::to_string).collect();
            let rows: Vec<String> = digits.chunks(2).map(|pair| pair.join(" ")).collect();
            let size = cell * if rows.len() > 1 { 0.18 } else { 0.2 };
            let r =
                cell * if rows.len() > 1 || rows.first().is_some_and(|s| s.len() > 2) { 0.3 } else { 0.22 };
            let stroke = Stroke::flat(outline, colors::INK);
            scene.items.push(Item::Path {
                segs: circle(x, y, r),
                fill: Some(colors::PAPER),
                stroke: Some(stroke),
            });
            let k = rows.len() as f64;
            for (i, row) in rows.iter().enumerate() {
                let dy = (i as f64 - (k - 1.0) / 2.0) * size * 1.1;
                text(scene, row, (x, y + dy), size, Weight::Regular, colors::INK);
            }
        }
        Constraint::Extremum(e) => {
            // A chevron inside each side, its tip towards the smaller cell:
            // into a minimum, out of a maximum.
            let (cx, cy) = board.center(e.cell);
            let stroke = Stroke::round(width(cell, 0.06, 0.5), colors::ARROW);
            let (reach, span) = (cell * 0.36, cell * 0.1);
            for (ox, oy) in [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)] {
                let (base, tip) = if e.maximum { (reach - span, reach) } else { (reach, reach - span) };
                let b = (cx + ox * base, cy + oy * base);
                let points = [
                    (b.0 - oy * span, b.1 + ox * span),
                    (cx + ox * tip, cy + oy * tip),
                    (b.0 + oy * span, b.1 - ox * span),
                ];
                scene.items.push(Item::Path {
                    segs: polyline(&points, false),
                    fill: None,
                    stroke: Some(stroke),
                });
            }
        }
        _ => {}
    }
}

/// A kropki dot at `at`: `fill` inside, outlined in ink; a number in
/// `label_color` when its value is not the usual one (a white dot of 2, a
/// black dot of 3).
fn draw_dot(
    scene: &mut Scene,
    board: Board,
    at: (f64, f64),
    fill: Rgb,
    label_color: Rgb,
    label: Option<u32>,
) {
    let cell = board.cell;
    let r = cell * if label.is_some() { 0.17 } else { 0.12 };
    let stroke = Stroke::flat(width(cell, 0.03, 0.35), colors::INK);
    scene.items.push(Item::Path { segs: circle(at.0, at.1, r), fill: Some(fill), stroke: Some(stroke) });
    if let Some(v) = label {
        text(scene, &v.to_string(), at, cell * 0.2, Weight::Bold, label_color);
    }
}

/// How an outside clue is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Look {
    /// A sandwich sum: the number alone.
    Plain,
    /// An X-sum: the number in a circle.
    Circled,
    /// A skyscraper: the number in a square.
    Boxed,
    /// A little killer: the number and an arrow along its diagonal.
    Diagonal(ClueDirection),
}

/// The outside ring's cell of f-puzzles' position (row, column from 1).
fn ring_cell(board: Board, clue: OutsideClue) -> (f64, f64) {
    board.at(clue.row as isize - 1, clue.col as isize - 1)
}

/// The clues outside the grid; several at one place are set side by side.
fn draw_outside(scene: &mut Scene, puzzle: &Puzzle, board: Board) {
    let n = board.n;
    let mut places: Vec<(OutsideClue, Vec<(String, Look)>)> = Vec::new();
    let position = |side: Side| {
        let (row, col) = side.position(n);
        OutsideClue { row, col }
    };
    for c in &puzzle.rules().constraints {
        let (at, value, look) = match c {
            Constraint::LittleKiller(l) => (l.clue, l.sum, Look::Diagonal(l.direction)),
            Constraint::Sandwich(s) => (position(s.side), s.sum, Look::Plain),
            Constraint::XSum(x) => (position(x.side), x.sum, Look::Circled),
            Constraint::Skyscraper(s) => (position(s.side), s.count, Look::Boxed),
            _ => continue,
        };
        match places.iter_mut().find(|(p, _)| *p == at) {
            Some((_, list)) => list.push((value.to_string(), look)),
            None => places.push((at, vec![(value.to_string(), look)])),
        }
    }
    let cell = board.cell;
    for (at, list) in &places {
        let (cx, cy) = ring_cell(board, *at);
        let k = list.len() as f64;
        let scale = 1.0 / k.sqrt();
        for (i, (value, look)) in list.iter().enumerate() {
            let x = cx + (i as f64 - (k - 1.0) / 2.0) * cell / k;
            draw_clue(scene, cell * scale, (x, cy), value, *look);
        }
    }
}

/// One outside clue centred at `at`, in a cell of side `cell`.
fn draw_clue(scene: &mut Scene, cell: f64, at: (f64, f64), value: &str, look: Look) {
    let stroke = Stroke::round(width(cell, 0.035, 0.35), colors::INK);
    let size = cell * 0.4;
    match look {
        Look::Plain => text(scene, value, at, size, Weight::Bold, colors::INK),
        Look::Circled | Look::Boxed => {
            let r = cell * 0.3;
            let segs = if look == Look::Circled {
                circle(at.0, at.1, r)
            } else {
                polyline(
                    &[(at.0 - r, at.1 - r), (at.0 + r, at.1 - r), (at.0 + r, at.1 + r), (at.0 - r, at.1 + r)],
                    true,
                )
            };
            scene.items.push(Item::Path { segs, fill: None, stroke: Some(stroke) });
            text(scene, value, at, size * 0.8, Weight::Bold, colors::INK);
        }
        Look::Diagonal(direction) => {
            let (dx, dy) = match direction {
                ClueDirection::UpLeft => (-1.0, -1.0),
                ClueDirection::UpRight => (1.0, -1.0),
                ClueDirection::DownLeft => (-1.0, 1.0),
                ClueDirection::DownRight => (1.0, 1.0),
            };
            let number = (at.0 - dx * cell * 0.1, at.1 - dy * cell * 0.1);
            text(scene, value, number, size * 0.85, Weight::Bold, colors::INK);
            let from = (at.0 + dx * cell * 0.2, at.1 + dy * cell * 0.2);
            let tip = (at.0 + dx * cell * 0.42, at.1 + dy * cell * 0.42);
            let barb = cell * 0.12;
            let head = [(tip.0 - dx * barb, tip.1), tip, (tip.0, tip.1 - dy * barb)];
            let mut segs: Vec<PathSeg> = polyline(&[from, tip], false);
            segs.extend(polyline(&head, false));
            scene.items.push(Item::Path { segs, fill: None, stroke: Some(stroke) });
        }
    }
}
