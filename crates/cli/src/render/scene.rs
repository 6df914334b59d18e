//! The drawing of a puzzle, independent of file format.
//!
//! A [`Scene`] is a page (or a single picture) as a list of shapes in
//! drawing order: filled rectangles (paper, region shading), bundles of
//! straight strokes (cell lines, region borders) and text (symbols,
//! candidates, captions). [`draw_puzzle`] lays one puzzle out in a square;
//! the SVG and PDF writers turn a scene into their own syntax, so both
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

/// Draws `picture`'s grid with its top left corner at (x0, y0) and cells of
/// side `cell`: shading (when `shading`), cell lines, region borders and
/// frame, then the symbols. The picture must have passed its check.
pub(crate) fn draw_puzzle(
    scene: &mut Scene,
    picture: &Picture,
    x0: f64,
    y0: f64,
    cell: f64,
    shading: bool,
) -> Result<(), RenderError> {
    let puzzle = picture.puzzle;
    let n = puzzle.n();
    let shape = puzzle.shape();
    let symbols = puzzle.alphabet().chars();
    for &c in symbols {
        for weight in [Weight::Regular, Weight::Bold] {
            check_glyphs(c.encode_utf8(&mut [0; 4]), weight)?;
        }
    }
    let side = n as f64 * cell;

    // Shading, one rectangle per run of a row in one colour.
    let shades = colors::region_shades(shape);
    if shading && !shades.is_empty() {
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

    // Every line between cells, thin; then region borders and the frame,
    // thick, drawn over them as maximal straight runs.
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

    // Symbols: centred on the cell, capitals' middle on the cell's middle.
    let size = cell * 0.62;
    let lift = |size: f64, weight: Weight| {
        glyph::cap_height(weight) as f64 / glyph::units_per_em() as f64 * size / 2.0
    };
    // Candidates sit in a grid of k columns inside the cell.
    let k = (1..=n).find(|k| k * k >= n).unwrap_or(1);
    let rows = n.div_ceil(k);
    let (sub_w, sub_h) = (cell * 0.9 / k as f64, cell * 0.9 / rows as f64);
    let small = sub_w.min(sub_h) * 0.8;
    for r in 0..n {
        for c in 0..n {
            let (cx, cy) = (x0 + (c as f64 + 0.5) * cell, y0 + (r as f64 + 0.5) * cell);
            let (v, weight, color) = match picture.cell(r * n + c) {
                Mark::Given(v) => (v, Weight::Bold, colors::GIVEN),
                Mark::Filled(v) => (v, Weight::Regular, colors::FILLED),
                Mark::Empty => continue,
                Mark::Candidates(set) => {
                    for v in (0..n).filter(|&v| set >> v & 1 == 1) {
                        let x = cx - cell * 0.45 + ((v % k) as f64 + 0.5) * sub_w;
                        let y =
                            cy - cell * 0.45 + ((v / k) as f64 + 0.5) * sub_h + lift(small, Weight::Regular);
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
    Ok(())
}
