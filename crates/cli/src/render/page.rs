//! Laying puzzles out: one puzzle on a picture of its own size, or K
//! puzzles tiled on pages of A4 or Letter.
//!
//! A page has a margin of half an inch and K tiles in the arrangement of
//! columns and rows that gives the largest grids; every tile holds a
//! caption (the puzzle's label, or its number counted from 1) above a
//! square grid. Every page of a run has the same arrangement, so puzzles
//! line up from page to page; the last page may have empty tiles.

use super::glyph::Weight;
use super::marks;
use super::scene::{self, Board, Scene};
use super::{Options, Picture, RenderError, SVG_CELL, SVG_MARGIN};

/// The most puzzles one page holds.
pub const MAX_PER_PAGE: usize = 100;

/// The blank border of a page, in points (half an inch).
const PAGE_MARGIN: f64 = 36.0;

/// The scene of one puzzle on a picture of its own size (see
/// [`super::SVG_CELL`]); a label, or rules with no place on the grid
/// (anti-knight, ...), add a caption line above the grid, and clues
/// outside the grid a ring of one cell around it.
pub(crate) fn single(picture: &Picture, options: &Options) -> Result<Scene, RenderError> {
    picture.check()?;
    let n = picture.puzzle.n();
    let ring = if marks::outside(picture.puzzle) { 1 } else { 0 };
    let side = (n + 2 * ring) as f64 * SVG_CELL;
    let text = caption(picture.label, picture.puzzle);
    let caption = if text.is_some() { SVG_CELL } else { 0.0 };
    let width = side + 2.0 * SVG_MARGIN;
    let mut scene = Scene::new(width, width + caption);
    if let Some(text) = text {
        let size = fitting(&text, SVG_CELL * 0.5, side);
        scene::draw_label(&mut scene, &text, SVG_MARGIN, SVG_MARGIN + caption * 0.6, size)?;
    }
    let at = SVG_MARGIN + ring as f64 * SVG_CELL;
    let board = Board { x0: at, y0: at + caption, cell: SVG_CELL, n };
    draw_puzzle(&mut scene, picture, board, options.shading)?;
    Ok(scene)
}

/// The caption of a puzzle: its label, then the rules the grid cannot
/// show (`3 · anti-knight, anti-king`).
fn caption(label: Option<&str>, puzzle: &reduce::Puzzle) -> Option<String> {
    match (label, marks::rules_note(puzzle)) {
        (Some(l), Some(note)) => Some(format!("{l} · {note}")),
        (Some(l), None) => Some(l.to_string()),
        (None, note) => note,
    }
}

/// The size at which `text` fits in `room` across, at most `size`.
fn fitting(text: &str, size: f64, room: f64) -> f64 {
    let w = scene::text_width(text, Weight::Bold, size);
    if w > room {
        size * room / w
    } else {
        size
    }
}

/// Draws `picture` on `board`: region shading and shaded constraint
/// cells, the grid's lines, the constraints' lines, cages, markers and
/// outside clues, then the symbols on top. The picture must have passed
/// its check.
pub(crate) fn draw_puzzle(
    scene: &mut Scene,
    picture: &Picture,
    board: Board,
    shading: bool,
) -> Result<(), RenderError> {
    scene::check_symbols(picture)?;
    marks::check(picture.puzzle)?;
    scene::draw_shading(scene, picture, board, shading);
    marks::draw_under(scene, picture.puzzle, board);
    scene::draw_lines(scene, picture, board);
    marks::draw_over(scene, picture.puzzle, board);
    scene::draw_symbols(scene, picture, board, &marks::labelled(picture.puzzle));
    Ok(())
}

/// Where the tiles of a page go: the top left corner of each grid, the
/// side of the grids, and the caption's size.
#[derive(Clone, Debug, PartialEq)]
struct Tiling {
    corners: Vec<(f64, f64)>,
    side: f64,
    caption: f64,
}

/// The tiling of `k` puzzles on a page of `width` x `height` points.
fn tiling(k: usize, width: f64, height: f64) -> Tiling {
    let (w, h) = (width - 2.0 * PAGE_MARGIN, height - 2.0 * PAGE_MARGIN);
    // Each arrangement: columns, rows, tile size, caption size, grid side.
    let arrange = |cols: usize| {
        let rows = k.div_ceil(cols);
        let (tw, th) = (w / cols as f64, h / rows as f64);
        let caption = (tw.min(th) * 0.05).clamp(6.0, 12.0);
        let gap = tw.min(th) * 0.08;
        let side = (tw - gap).min(th - gap - 1.6 * caption);
        (cols, rows, tw, th, caption, side)
    };
    let (cols, rows, tw, th, caption, side) =
        (1..=k).map(arrange).fold(arrange(1), |best, a| if a.5 > best.5 { a } else { best });
    let corners = (0..k)
        .map(|i| {
            let (col, row) = (i % cols, i / cols);
            let x = PAGE_MARGIN + col as f64 * tw + (tw - side) / 2.0;
            let y = PAGE_MARGIN + row as f64 * th + (th - side - 1.6 * caption) / 2.0 + 1.6 * caption;
            (x, y)
        })
        .collect();
    debug_assert!(rows * cols >= k);
    Tiling { corners, side, caption }
}

/// The scenes of the pages that hold `pictures`, `options.per_page` to a
/// page, captioned with their labels or their numbers from 1.
pub(crate) fn pages(pictures: &[Picture], options: &Options) -> Result<Vec<Scene>, RenderError> {
    let k = options.per_page;
    if k == 0 || k > MAX_PER_PAGE {
        return Err(RenderError::PerPage { k });
    }
    if pictures.is_empty() {
        return Err(RenderError::NoPuzzles);
    }
    let (width, height) = options.page.points();
    let tiles = tiling(k, width, height);
    let mut scenes = Vec::with_capacity(pictures.len().div_ceil(k));
    for (p, chunk) in pictures.chunks(k).enumerate() {
        let mut scene = Scene::new(width, height);
        for (i, picture) in chunk.iter().enumerate() {
            picture.check()?;
            let number = (p * k + i + 1).to_string();
            let label = caption(Some(picture.label.unwrap_or(&number)), picture.puzzle).unwrap_or(number);
            let (x, y) = tiles.corners[i];
            let size = fitting(&label, tiles.caption, tiles.side);
            scene::draw_label(&mut scene, &label, x, y - 0.6 * tiles.caption, size)?;
            let n = picture.puzzle.n();
            let ring = if marks::outside(picture.puzzle) { 1 } else { 0 };
            let cell = tiles.side / (n + 2 * ring) as f64;
            let at = ring as f64 * cell;
            draw_puzzle(&mut scene, picture, Board { x0: x + at, y0: y + at, cell, n }, options.shading)?;
        }
        scenes.push(scene);
    }
    Ok(scenes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_fit_the_page_and_do_not_overlap() {
        let (w, h) = super::super::PageSize::A4.points();
        for k in 1..=MAX_PER_PAGE {
            let t = tiling(k, w, h);
            assert_eq!(t.corners.len(), k);
            assert!(t.side > 20.0, "k {k}: side {}", t.side);
            for (i, &(x, y)) in t.corners.iter().enumerate() {
                assert!(x >= PAGE_MARGIN - 1e-9 && x + t.side <= w - PAGE_MARGIN + 1e-9, "k {k} tile {i}");
                assert!(y - 1.6 * t.caption >= PAGE_MARGIN - 1e-9 && y + t.side <= h - PAGE_MARGIN + 1e-9);
                for &(x2, y2) in &t.corners[..i] {
                    let apart = (x - x2).abs() >= t.side || (y - y2).abs() >= t.side + 1.6 * t.caption;
                    assert!(apart, "k {k}: tiles overlap");
                }
            }
        }
        // Six to a page: two columns of three on portrait paper.
        let six = tiling(6, w, h);
        assert_eq!(six.corners[1].1, six.corners[0].1);
        assert_eq!(six.corners[2].0, six.corners[0].0);
    }
}
