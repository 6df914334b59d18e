//! SVG documents from scenes.
//!
//! Each character's outline is written once under `<defs>` (in font
//! units, id `r` or `b` for the weight followed by the code point in hex)
//! and placed with `<use>`, so the picture needs no font to show. The same
//! text then follows as `<text>` with no fill: invisible, but there for
//! search, selection and screen readers. Numbers are written with at most
//! two decimals, so the output is the same on every machine.

use std::fmt::Write as _;

use super::glyph::{self, Seg, Weight};
use super::page;
use super::scene::{self, Item, PathSeg, Scene};
use super::{Options, Picture, RenderError};

/// One puzzle as an SVG document sized to itself: cells of
/// [`super::SVG_CELL`] user units with a margin of [`super::SVG_MARGIN`],
/// a caption line above the grid when the picture has a label. `width`,
/// `height` and `viewBox` are set.
pub fn svg(picture: &Picture, options: &Options) -> Result<String, RenderError> {
    let scene = page::single(picture, options)?;
    Ok(write(&scene, &num(scene.width), &num(scene.height)))
}

/// The puzzles tiled `options.per_page` to a page of `options.page`, one
/// SVG document per page (width and height in mm or inches, the viewBox in
/// points). Each puzzle is captioned with its label, or else its number in
/// `pictures` counted from 1.
pub fn svg_pages(pictures: &[Picture], options: &Options) -> Result<Vec<String>, RenderError> {
    let (width, height) = options.page.lengths();
    Ok(page::pages(pictures, options)?.iter().map(|scene| write(scene, width, height)).collect())
}

/// A number with at most two decimals and no trailing zeros.
fn num(x: f64) -> String {
    let mut s = format!("{:.2}", x);
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    if s == "-0" {
        s = "0".into();
    }
    s
}

/// Text with `& < > "` escaped for XML.
fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            _ => s.push(c),
        }
    }
    s
}

/// The id of a glyph's outline.
fn glyph_id(c: char, weight: Weight) -> String {
    format!("{}{:x}", weight.tag(), c as u32)
}

/// An outline as path data, in font units.
fn path_data(segs: &[Seg]) -> String {
    let mut d = String::new();
    for seg in segs {
        let _ = match *seg {
            Seg::Move(x, y) => write!(d, "M{} {}", num(x.into()), num(y.into())),
            Seg::Line(x, y) => write!(d, "L{} {}", num(x.into()), num(y.into())),
            Seg::Quad(x1, y1, x, y) => {
                write!(d, "Q{} {} {} {}", num(x1.into()), num(y1.into()), num(x.into()), num(y.into()))
            }
            Seg::Cubic(x1, y1, x2, y2, x, y) => write!(
                d,
                "C{} {} {} {} {} {}",
                num(x1.into()),
                num(y1.into()),
                num(x2.into()),
                num(y2.into()),
                num(x.into()),
                num(y.into())
            ),
            Seg::Close => write!(d, "Z"),
        };
    }
    d
}

/// The SVG document of a scene.
fn write(scene: &Scene, width: &str, height: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {} {}">"#,
        num(scene.width),
        num(scene.height)
    );
    // The outlines in use, in order of first use.
    let mut glyphs: Vec<(char, Weight)> = Vec::new();
    for item in &scene.items {
        if let Item::Text { text, weight, .. } = item {
            for c in text.chars() {
                if !glyphs.contains(&(c, *weight)) {
                    glyphs.push((c, *weight));
                }
            }
        }
    }
    out.push_str("<defs>\n");
    for &(c, weight) in &glyphs {
        let segs = glyph::outline(c, weight).map(|o| o.segs).unwrap_or_default();
        if !segs.is_empty() {
            let _ = writeln!(out, r#"<path id="{}" d="{}"/>"#, glyph_id(c, weight), path_data(&segs));
        }
    }
    out.push_str("</defs>\n");
    let scale = |size: f64| size / glyph::units_per_em() as f64;
    let mut texts = String::new();
    for item in &scene.items {
        match item {
            Item::Rect { x, y, w, h, fill } => {
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
                    num(*x),
                    num(*y),
                    num(*w),
                    num(*h),
                    fill.hex()
                );
            }
            Item::Lines { width, color, square, segments } => {
                let mut d = String::new();
                for &[x1, y1, x2, y2] in segments {
                    let _ = write!(d, "M{} {}", num(x1), num(y1));
                    let _ = if y1 == y2 {
                        write!(d, "H{}", num(x2))
                    } else if x1 == x2 {
                        write!(d, "V{}", num(y2))
                    } else {
                        write!(d, "L{} {}", num(x2), num(y2))
                    };
                }
                let cap = if *square { r#" stroke-linecap="square""# } else { "" };
                let _ = writeln!(
                    out,
                    r#"<path d="{d}" fill="none" stroke="{}" stroke-width="{}"{cap}/>"#,
                    color.hex(),
                    num(*width)
                );
            }
            Item::Path { segs, fill, stroke } => {
                let mut d = String::new();
                for seg in segs {
                    let _ = match *seg {
                        PathSeg::Move(x, y) => write!(d, "M{} {}", num(x), num(y)),
                        PathSeg::Line(x, y) => write!(d, "L{} {}", num(x), num(y)),
                        PathSeg::Cubic(x1, y1, x2, y2, x, y) => write!(
                            d,
                            "C{} {} {} {} {} {}",
                            num(x1),
                            num(y1),
                            num(x2),
                            num(y2),
                            num(x),
                            num(y)
                        ),
                        PathSeg::Close => write!(d, "Z"),
                    };
                }
                let fill = fill.map_or("none".to_string(), |f| f.hex());
                let mut paint = String::new();
                if let Some(s) = stroke {
                    let _ = write!(paint, r#" stroke="{}" stroke-width="{}""#, s.color.hex(), num(s.width));
                    if s.round {
                        paint.push_str(r#" stroke-linecap="round" stroke-linejoin="round""#);
                    }
                    if let Some(dash) = s.dash {
                        let _ = write!(paint, r#" stroke-dasharray="{} {}""#, num(dash), num(dash));
                    }
                }
                let _ = writeln!(out, r#"<path d="{d}" fill="{fill}"{paint}/>"#);
            }
            Item::Text { text, x, y, size, weight, color, centered } => {
                let mut pen = if *centered { x - scene::text_width(text, *weight, *size) / 2.0 } else { *x };
                let s = scale(*size);
                for c in text.chars() {
                    if glyph::outline(c, *weight).is_some_and(|o| !o.segs.is_empty()) {
                        let _ = writeln!(
                            out,
                            r##"<use href="#{}" fill="{}" transform="matrix({} 0 0 {} {} {})"/>"##,
                            glyph_id(c, *weight),
                            color.hex(),
                            num_fine(s),
                            num_fine(-s),
                            num(pen),
                            num(*y)
                        );
                    }
                    pen += scene::text_width(c.encode_utf8(&mut [0; 4]), *weight, *size);
                }
                let anchor = if *centered { r#" text-anchor="middle""# } else { "" };
                let bold = if *weight == Weight::Bold { r#" font-weight="bold""# } else { "" };
                let _ = writeln!(
                    texts,
                    r#"<text x="{}" y="{}" font-size="{}"{anchor}{bold}>{}</text>"#,
                    num(*x),
                    num(*y),
                    num(*size),
                    escape(text)
                );
            }
        }
    }
    if !texts.is_empty() {
        out.push_str("<g font-family=\"DejaVu Sans, sans-serif\" fill=\"none\">\n");
        out.push_str(&texts);
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// A scale factor with six decimals (font units are small next to points).
fn num_fine(x: f64) -> String {
    let mut s = format!("{:.6}", x);
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(20.0), "20");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(595.276), "595.28");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num_fine(0.012109375), "0.012109");
        assert_eq!(escape("a<&>\"b"), "a&lt;&amp;&gt;&quot;b");
    }
}
