//! Glyph outlines, so that pictures need no installed font.
//!
//! The DejaVu Sans and DejaVu Sans Bold fonts ship inside the `dejavu`
//! crate (their licence allows embedding and redistribution); `ttf-parser`
//! reads the outline of each character as moves, lines and quadratic
//! curves in font units (y pointing up). The SVG writer places these
//! outlines as paths and the PDF writer makes Type 3 fonts of them.

use std::sync::OnceLock;

use ttf_parser::{Face, OutlineBuilder};

/// The two faces in use: regular for filled cells, candidates and
/// captions' digits; bold for givens and captions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Weight {
    Regular,
    Bold,
}

impl Weight {
    /// A short tag for names (`r`, `b`).
    pub(crate) fn tag(self) -> char {
        match self {
            Weight::Regular => 'r',
            Weight::Bold => 'b',
        }
    }
}

/// One step of an outline, in font units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Seg {
    Move(f32, f32),
    Line(f32, f32),
    Quad(f32, f32, f32, f32),
    Cubic(f32, f32, f32, f32, f32, f32),
    Close,
}

/// A character's outline and how far it advances the pen.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Outline {
    pub advance: f32,
    pub segs: Vec<Seg>,
    /// `[x_min, y_min, x_max, y_max]`, zero for a glyph with no ink.
    pub bbox: [f32; 4],
}

/// The parsed face of a weight.
fn face(weight: Weight) -> &'static Face<'static> {
    static REGULAR: OnceLock<Face<'static>> = OnceLock::new();
    static BOLD: OnceLock<Face<'static>> = OnceLock::new();
    let (cell, data) = match weight {
        Weight::Regular => (&REGULAR, dejavu::sans::regular()),
        Weight::Bold => (&BOLD, dejavu::sans::bold()),
    };
    cell.get_or_init(|| Face::parse(data, 0).expect("the bundled DejaVu Sans font parses"))
}

/// Font units per em (the same for both weights).
pub(crate) fn units_per_em() -> f32 {
    face(Weight::Regular).units_per_em() as f32
}

/// The height of capital letters and digits, in font units.
pub(crate) fn cap_height(weight: Weight) -> f32 {
    let f = face(weight);
    f.capital_height().map_or(0.73 * f.units_per_em() as f32, |h| h as f32)
}

/// Whether the font has a glyph for `c`.
pub(crate) fn has_glyph(c: char, weight: Weight) -> bool {
    face(weight).glyph_index(c).is_some()
}

/// The advance of `c` in font units (0 when the font lacks it).
pub(crate) fn advance(c: char, weight: Weight) -> f32 {
    let f = face(weight);
    f.glyph_index(c).and_then(|g| f.glyph_hor_advance(g)).unwrap_or(0) as f32
}

/// The outline of `c`, or `None` when the font has no glyph for it.
pub(crate) fn outline(c: char, weight: Weight) -> Option<Outline> {
    let f = face(weight);
    let id = f.glyph_index(c)?;
    let mut builder = Builder(Vec::new());
    let bbox = f
        .outline_glyph(id, &mut builder)
        .map_or([0.0; 4], |r| [r.x_min as f32, r.y_min as f32, r.x_max as f32, r.y_max as f32]);
    Some(Outline { advance: f.glyph_hor_advance(id).unwrap_or(0) as f32, segs: builder.0, bbox })
}

struct Builder(Vec<Seg>);

impl OutlineBuilder for Builder {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.push(Seg::Move(x, y));
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.0.push(Seg::Line(x, y));
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.push(Seg::Quad(x1, y1, x, y));
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.push(Seg::Cubic(x1, y1, x2, y2, x, y));
    }

    fn close(&mut self) {
        self.0.push(Seg::Close);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_symbols_all_have_outlines_in_both_weights() {
        let symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz*+@";
        for c in symbols.chars() {
            for w in [Weight::Regular, Weight::Bold] {
                let o = outline(c, w).unwrap_or_else(|| panic!("no glyph for {c}"));
                assert!(o.segs.len() > 2 && o.advance > 0.0, "{c} {w:?}");
                assert!(o.bbox[2] > o.bbox[0] && o.bbox[3] > o.bbox[1]);
            }
        }
        assert!(units_per_em() > 0.0 && cap_height(Weight::Bold) > 0.5 * units_per_em());
        assert!(has_glyph('α', Weight::Bold) && has_glyph('Ж', Weight::Regular));
        assert!(!has_glyph('甲', Weight::Regular));
        assert_eq!(outline(' ', Weight::Regular).map(|o| o.segs.len()), Some(0));
    }
}
