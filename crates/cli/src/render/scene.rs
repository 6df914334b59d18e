//! The drawing of a puzzle, independent of file format.
//!
//! A [`Scene`] is a page (or a single picture) as a list of shapes in
//! drawing order: filled rectangles (paper, region shading), bundles of
//! straight strokes (cell lines, region borders), paths of lines and
//! cubic curves, filled and stroked, dashed or not (the constraints'
//! marks) and text (symbols, candidates, captions). This file draws a
//! grid's shading, lines and symbols on a [`Board`]; the marks of the
//! constraints come from `marks`, and `page` puts them together in order.
//! The SVG and PDF writers turn a scene into their own syntax, so both
//! formats always show the same picture. Coordinates are in user units
//! (points on pages), x to the right and y down.

use super::colors::{self, Rgb};
use super::glyph::{self, Weight};
use super::{Mark, Picture, RenderError};

/// One shape.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Item {
    /// A filled rectangle.
    Rect { x: f64, y: f64, w: f64, h: f64, fill: Rgb },
    /// Straight strokes of one width and colour, each `(x1, y1, x2, y2)`;
    /// `square` caps reach half the width past each end (so that borders
    /// meet in full corners), otherwise the ends are cut flat.
    Lines { width: f64, color: Rgb, square: bool, segments: Vec<[f64; 4]> },
    /// Text on a baseline: starting at `x`, or centred on it.
    Text { text: String, x: f64, y: f64, size: f64, weight: Weight, color: Rgb, centered: bool },
    /// A path of straight and cubic pieces, filled (non-zero) and/or
    /// stroked: circles, thermometers, arrows, cages, dots.
    Path { segs: Vec<PathSeg>, fill: Option<Rgb>, stroke: Option<Stroke> },
}

/// One piece of a path, in user units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum PathSeg {
    Move(f64, f64),
    Line(f64, f64),
    /// A cubic Bézier curve: two control points, then the end.
    Cubic(f64, f64, f64, f64, f64, f64),
    Close,
}

/// How a path is stroked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Stroke {
    pub width: f64,
    pub color: Rgb,
    /// Dashes: this long, with gaps as long; `None` for a solid line.
    pub dash: Option<f64>,
    /// Round caps and joins (lines, thermometers); otherwise flat caps
    /// and mitred joins (cages, frames).
    pub round: bool,
}

impl Stroke {
    /// A solid stroke with round caps and joins.
    pub(crate) fn round(width: f64, color: Rgb) -> Stroke {
        Stroke { width, color, dash: None, round: true }
    }

    /// A solid stroke with flat caps.
    pub(crate) fn flat(width: f64, color: Rgb) -> Stroke {
        Stroke { width, color, dash: None, round: false }
    }
}

/// The kappa of a quarter circle drawn as one cubic curve.
const KAPPA: f64 = 0.552_284_749_8;

/// A polyline through `points` (closed or not).
pub(crate) fn polyline(points: &[(f64, f64)], closed: bool) -> Vec<PathSeg> {
    let mut segs = Vec::with_capacity(points.len() + 1);
    for (i, &(x, y)) in points.iter().enumerate() {
        segs.push(if i == 0 { PathSeg::Move(x, y) } else { PathSeg::Line(x, y) });
    }
    if closed {
        segs.push(PathSeg::Close);
    }
    segs
}

/// A circle as four cubic curves.
pub(crate) fn circle(cx: f64, cy: f64, r: f64) -> Vec<PathSeg> {
    let k = r * KAPPA;
    vec![
        PathSeg::Move(cx + r, cy),
        PathSeg::Cubic(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
        PathSeg::Cubic(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
        PathSeg::Cubic(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
        PathSeg::Cubic(cx + k, cy - r, cx + r, cy - k, cx + r, cy),
        PathSeg::Close,
    ]
}

/// Where a grid lies: its top left corner, the side of a cell and the
/// order. Cell (r, c) spans `x0 + c * cell` to `x0 + (c + 1) * cell`
/// across; rows and columns -1 and N are the ring outside the grid
/// where outside clues go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Board {
    pub x0: f64,
    pub y0: f64,
    pub cell: f64,
    pub n: usize,
}

impl Board {
    /// The centre of cell `cell` (row by row from 0).
    pub(crate) fn center(&self, cell: usize) -> (f64, f64) {
        self.at((cell / self.n) as isize, (cell % self.n) as isize)
    }

    /// The centre of the cell at row `r`, column `c` (from 0; -1 and N
    /// outside).
    pub(crate) fn at(&self, r: isize, c: isize) -> (f64, f64) {
        (self.x0 + (c as f64 + 0.5) * self.cell, self.y0 + (r as f64 + 0.5) * self.cell)
    }

    /// The left and top edges of cell `cell`.
    pub(crate) fn corner(&self, cell: usize) -> (f64, f64) {
        let (r, c) = (cell / self.n, cell % self.n);
        (self.x0 + c as f64 * self.cell, self.y0 + r as f64 * self.cell)
    }
}

/// A picture: its size and its shapes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Scene {
    pub width: f64,
    pub height: f64,
    pub items: Vec<Item>,
}

impl Scene {
    /// A blank sheet of paper.
    pub(crate) fn new(width: f64, height: f64) -> Scene {
        let paper = Item::Rect { x: 0.0, y: 0.0, w: width, h: height, fill: colors::PAPER };
        Scene { width, height, items: vec![paper] }
    }
}

/// The width of `text` set at `size`.
pub(crate) fn text_width(text: &str, weight: Weight, size: f64) -> f64 {
    let units: f32 = text.chars().map(|c| glyph::advance(c, weight)).sum();
    units as f64 * size / glyph::units_per_em() as f64
}

/// Checks that every character of `text` can be drawn.
fn check_glyphs(text: &str, weight: Weight) -> Result<(), RenderError> {
    match text.chars().find(|&c| !glyph::has_glyph(c, weight)) {
        Some(symbol) => Err(RenderError::Glyph { symbol }),
        None => Ok(()),
    }
}

/// Draws a caption with its baseline at (x, y).
pub(crate) fn draw_label(
    scene: &mut Scene,
    text: &str,
    x: f64,
    y: f64,
    size: f64,
) -> Result<(), RenderError> {
    check_glyphs(text, Weight::Bold)?;
    scene.items.push(Item::Text {
        text: text.to_string(),
        x,
        y,
        size,
        weight: Weight::Bold,
        color: colors::GIVEN,
        centered: false,
    });
    Ok(())
}

/// Checks that every symbol of `picture`'s alphabet can be drawn, in both
/// weights.
pub(crate) fn check_symbols(picture: &Picture) -> Result<(), RenderError> {
    for &c in picture.puzzle.alphabet().chars() {
        for weight in [Weight::Regular, Weight::Bold] {
            check_glyphs(c.encode_utf8(&mut [0; 4]), weight)?;
        }
    }
    Ok(())
}

/// Shades `picture`'s regions on `board` (when `shading`), one rectangle
/// per run of a row in one colour.
pub(crate) fn draw_shading(scene: &mut Scene, picture: &Picture, board: Board, shading: bool) {
    let shape = picture.puzzle.shape();
    let Board { x0, y0, cell, n } = board;
    let shades = colors::region_shades(shape);
    if !shading || shades.is_empty() {
        return;
    }
    for r in 0..n {
        let mut c = 0;
        while c < n {
            let fill = shades[shape.region(r * n + c).expect("shaded shapes have regions")];
            let start = c;
            while c < n && shades[shape.region(r * n + c).expect("regions")] == fill {
                c += 1;
            }
            let (x, y, w) = (x0 + start as f64 * cell, y0 + r as f64 * cell, (c - start) as f64 * cell);
            scene.items.push(Item::Rect { x, y, w, h: cell, fill });
        }
    }
}

/// Draws every line between cells, thin; then region borders and the
/// frame, thick, over them as maximal straight runs.
pub(crate) fn draw_lines(scene: &mut Scene, picture: &Picture, board: Board) {
    let shape = picture.puzzle.shape();
    let Board { x0, y0, cell, n } = board;
    let side = n as f64 * cell;
    let thin = (cell * 0.025).clamp(0.25, 1.0);
    let thick = (cell * 0.075).clamp(0.75, 3.0);
    let mut segments = Vec::with_capacity(2 * n);
    for i in 1..n {
        let t = i as f64 * cell;
        segments.push([x0, y0 + t, x0 + side, y0 + t]);
        segments.push([x0 + t, y0, x0 + t, y0 + side]);
    }
    if !segments.is_empty() {
        scene.items.push(Item::Lines { width: thin, color: colors::CELL_LINE, square: false, segments });
    }
    let same = |a: usize, b: usize| shape.region(a) == shape.region(b);
    // border(i, c, across): the edge above row i in column c (across), or
    // left of column i in row c (down), lies on a region border or frame.
    let border = |i: usize, c: usize, across: bool| -> bool {
        if i == 0 || i == n {
            true
        } else if across {
            !same((i - 1) * n + c, i * n + c)
        } else {
            !same(c * n + i - 1, c * n + i)
        }
    };
    let mut segments = Vec::new();
    for across in [true, false] {
        for i in 0..=n {
            let mut c = 0;
            while c < n {
                if !border(i, c, across) {
                    c += 1;
                    continue;
                }
                let start = c;
                while c < n && border(i, c, across) {
                    c += 1;
                }
                let (t, a, b) = (i as f64 * cell, start as f64 * cell, c as f64 * cell);
                segments.push(if across {
                    [x0 + a, y0 + t, x0 + b, y0 + t]
                } else {
                    [x0 + t, y0 + a, x0 + t, y0 + b]
                });
            }
        }
    }
    scene.items.push(Item::Lines { width: thick, color: colors::BORDER, square: true, segments });
}

/// How far above its baseline a capital's middle lies, at `size`.
pub(crate) fn lift(size: f64, weight: Weight) -> f64 {
    glyph::cap_height(weight) as f64 / glyph::units_per_em() as f64 * size / 2.0
}

/// Draws the symbols: givens and solution centred on their cells
/// (capitals' middle on the cell's middle), candidates small in a grid of
/// k columns inside the cell; in the cells of `labelled` (a cage's sum in
/// the top-left corner), below the label.
pub(crate) fn draw_symbols(scene: &mut Scene, picture: &Picture, board: Board, labelled: &[usize]) {
    let symbols = picture.puzzle.alphabet().chars();
    let Board { cell, n, .. } = board;
    let size = cell * 0.62;
    let k = (1..=n).find(|k| k * k >= n).unwrap_or(1);
    let rows = n.div_ceil(k);
    let (sub_w, sub_h) = (cell * 0.9 / k as f64, cell * 0.9 / rows as f64);
    let small = sub_w.min(sub_h) * 0.8;
    for i in 0..n * n {
        let (cx, cy) = board.center(i);
        let (v, weight, color) = match picture.cell(i) {
            Mark::Given(v) => (v, Weight::Bold, colors::GIVEN),
            Mark::Filled(v) => (v, Weight::Regular, colors::FILLED),
            Mark::Empty => continue,
            Mark::Candidates(set) => {
                // Below a cage's sum: the lower 0.65 of the cell.
                let (top, sub_h, small) = match labelled.contains(&i) {
                    true => (
                        cy - cell * 0.2,
                        cell * 0.65 / rows as f64,
                        small.min(cell * 0.65 / rows as f64 * 0.8),
                    ),
                    false => (cy - cell * 0.45, sub_h, small),
                };
                for v in (0..n).filter(|&v| set >> v & 1 == 1) {
                    let x = cx - cell * 0.45 + ((v % k) as f64 + 0.5) * sub_w;
                    let y = top + ((v / k) as f64 + 0.5) * sub_h + lift(small, Weight::Regular);
                    scene.items.push(Item::Text {
                        text: symbols[v].to_string(),
                        x,
                        y,
                        size: small,
                        weight: Weight::Regular,
                        color: colors::CANDIDATE,
                        centered: true,
                    });
                }
                continue;
            }
        };
        scene.items.push(Item::Text {
            text: symbols[v as usize].to_string(),
            x: cx,
            y: cy + lift(size, weight),
            size,
            weight,
            color,
            centered: true,
        });
    }
}
