//! PDF documents from scenes, written with `pdf-writer`.
//!
//! The pages are the same scenes as the SVG pages. Text is set in Type 3
//! fonts whose glyph procedures are the DejaVu outlines (see the glyph
//! module), one font for each weight and each 256 characters in use, each
//! with a `ToUnicode` map: the symbols show without any installed font and
//! are still text that a viewer can search and copy.

use pdf_writer::types::{LineCapStyle, LineJoinStyle, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

use super::glyph::{self, Seg, Weight};
use super::page;
use super::scene::{self, Item, PathSeg, Scene};
use super::{Options, Picture, RenderError};

/// The puzzles tiled `options.per_page` to a page of `options.page`, as one
/// PDF document. Each puzzle is captioned with its label, or else its
/// number in `pictures` counted from 1.
pub fn pdf(pictures: &[Picture], options: &Options) -> Result<Vec<u8>, RenderError> {
    let scenes = page::pages(pictures, options)?;
    Ok(write(&scenes))
}

/// The characters of one weight in use, in order of first use; character
/// `i` is code `i % 256` of that weight's font number `i / 256`.
struct Charset {
    weight: Weight,
    chars: Vec<char>,
}

impl Charset {
    fn code(&self, c: char) -> (usize, u8) {
        let i = self.chars.iter().position(|&x| x == c).expect("every drawn character is in the charset");
        (i / 256, (i % 256) as u8)
    }

    fn font_name(&self, font: usize) -> String {
        format!("F{}{font}", self.weight.tag())
    }
}

/// The PDF document of a list of page scenes.
fn write(scenes: &[Scene]) -> Vec<u8> {
    let mut charsets = [Weight::Regular, Weight::Bold].map(|weight| Charset { weight, chars: Vec::new() });
    for scene in scenes {
        for item in &scene.items {
            if let Item::Text { text, weight, .. } = item {
                let set = &mut charsets[*weight as usize];
                for c in text.chars() {
                    if !set.chars.contains(&c) {
                        set.chars.push(c);
                    }
                }
            }
        }
    }

    let mut pdf = Pdf::new();
    let mut next = 1;
    let mut alloc = || {
        next += 1;
        Ref::new(next - 1)
    };
    let catalog = alloc();
    let tree = alloc();
    // The fonts: (resource name, object) for each weight's chunks.
    let mut fonts: Vec<(String, Ref)> = Vec::new();
    let upem = glyph::units_per_em();
    for set in &charsets {
        for (chunk, chars) in set.chars.chunks(256).enumerate() {
            let font = alloc();
            let cmap_ref = alloc();
            let procs: Vec<Ref> = chars.iter().map(|_| alloc()).collect();
            let outlines: Vec<glyph::Outline> = chars
                .iter()
                .map(|&c| {
                    glyph::outline(c, set.weight).unwrap_or(glyph::Outline {
                        advance: 0.0,
                        segs: Vec::new(),
                        bbox: [0.0; 4],
                    })
                })
                .collect();
            for (outline, &id) in outlines.iter().zip(&procs) {
                let mut content = Content::new();
                let [x0, y0, x1, y1] = outline.bbox;
                content.start_shape_glyph(outline.advance, x0, y0, x1, y1);
                trace(&mut content, &outline.segs, |x, y| (x, y));
                if !outline.segs.is_empty() {
                    content.fill_nonzero();
                }
                pdf.stream(id, &content.finish());
            }
            let bbox = outlines.iter().fold([0.0f32; 4], |b, o| {
                [b[0].min(o.bbox[0]), b[1].min(o.bbox[1]), b[2].max(o.bbox[2]), b[3].max(o.bbox[3])]
            });
            let names: Vec<String> = (0..chars.len()).map(|i| format!("g{i}")).collect();
            let mut t3 = pdf.type3_font(font);
            t3.bbox(Rect::new(bbox[0], bbox[1], bbox[2], bbox[3]));
            t3.matrix([1.0 / upem, 0.0, 0.0, 1.0 / upem, 0.0, 0.0]);
            t3.first_char(0);
            t3.last_char((chars.len() - 1) as u8);
            t3.widths(outlines.iter().map(|o| o.advance));
            t3.encoding_custom().differences().consecutive(0, names.iter().map(|s| Name(s.as_bytes())));
            {
                let mut dict = t3.char_procs();
                for (name, &id) in names.iter().zip(&procs) {
                    dict.pair(Name(name.as_bytes()), id);
                }
            }
            t3.to_unicode(cmap_ref);
            t3.finish();
            let info = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"UCS"), supplement: 0 };
            let mut cmap = UnicodeCmap::<u8>::new(Name(b"Custom"), info);
            for (code, &c) in chars.iter().enumerate() {
                cmap.pair(code as u8, c);
            }
            pdf.cmap(cmap_ref, &cmap.finish());
            fonts.push((set.font_name(chunk), font));
        }
    }

    let mut pages = Vec::with_capacity(scenes.len());
    for scene in scenes {
        let page = alloc();
        let contents = alloc();
        let body = page_content(scene, &charsets);
        pdf.stream(contents, &body);
        let mut p = pdf.page(page);
        p.media_box(Rect::new(0.0, 0.0, scene.width as f32, scene.height as f32));
        p.parent(tree);
        p.contents(contents);
        {
            let mut resources = p.resources();
            let mut dict = resources.fonts();
            for (name, id) in &fonts {
                dict.pair(Name(name.as_bytes()), *id);
            }
        }
        p.finish();
        pages.push(page);
    }
    pdf.pages(tree).kids(pages.iter().copied()).count(pages.len() as i32);
    pdf.catalog(catalog).pages(tree);
    pdf.finish()
}

/// Appends an outline's path, mapping each point through `at`; quadratic
/// curves become the cubic curves PDF knows.
fn trace(content: &mut Content, segs: &[Seg], at: impl Fn(f32, f32) -> (f32, f32)) {
    let mut current = (0.0, 0.0);
    for seg in segs {
        match *seg {
            Seg::Move(x, y) => {
                let (px, py) = at(x, y);
                content.move_to(px, py);
                current = (x, y);
            }
            Seg::Line(x, y) => {
                let (px, py) = at(x, y);
                content.line_to(px, py);
                current = (x, y);
            }
            Seg::Quad(qx, qy, x, y) => {
                let (x0, y0) = current;
                let c1 = at(x0 + 2.0 / 3.0 * (qx - x0), y0 + 2.0 / 3.0 * (qy - y0));
                let c2 = at(x + 2.0 / 3.0 * (qx - x), y + 2.0 / 3.0 * (qy - y));
                let end = at(x, y);
                content.cubic_to(c1.0, c1.1, c2.0, c2.1, end.0, end.1);
                current = (x, y);
            }
            Seg::Cubic(x1, y1, x2, y2, x, y) => {
                let (a, b, e) = (at(x1, y1), at(x2, y2), at(x, y));
                content.cubic_to(a.0, a.1, b.0, b.1, e.0, e.1);
                current = (x, y);
            }
            Seg::Close => {
                content.close_path();
            }
        }
    }
}

/// The content stream of one page (left uncompressed: a page of text
/// placements is small). PDF's y axis points up, so
/// every y becomes `height - y`.
fn page_content(scene: &Scene, charsets: &[Charset; 2]) -> Vec<u8> {
    let h = scene.height as f32;
    let mut content = Content::new();
    for item in &scene.items {
        match item {
            Item::Rect { x, y, w, h: rh, fill } => {
                let [r, g, b] = fill.unit();
                content.set_fill_rgb(r, g, b);
                content.rect(*x as f32, h - (*y + *rh) as f32, *w as f32, *rh as f32);
                content.fill_nonzero();
            }
            Item::Lines { width, color, square, segments } => {
                let [r, g, b] = color.unit();
                content.set_stroke_rgb(r, g, b);
                content.set_line_width(*width as f32);
                content.set_line_cap(if *square {
                    LineCapStyle::ProjectingSquareCap
                } else {
                    LineCapStyle::ButtCap
                });
                for &[x1, y1, x2, y2] in segments {
                    content.move_to(x1 as f32, h - y1 as f32);
                    content.line_to(x2 as f32, h - y2 as f32);
                }
                content.stroke();
            }
            Item::Path { segs, fill, stroke } => {
                content.save_state();
                for seg in segs {
                    match *seg {
                        PathSeg::Move(x, y) => {
                            content.move_to(x as f32, h - y as f32);
                        }
                        PathSeg::Line(x, y) => {
                            content.line_to(x as f32, h - y as f32);
                        }
                        PathSeg::Cubic(x1, y1, x2, y2, x, y) => {
                            let f = |v: f64| v as f32;
                            content.cubic_to(f(x1), h - f(y1), f(x2), h - f(y2), f(x), h - f(y));
                        }
                        PathSeg::Close => {
                            content.close_path();
                        }
                    }
                }
                if let Some(f) = fill {
                    let [r, g, b] = f.unit();
                    content.set_fill_rgb(r, g, b);
                }
                if let Some(s) = stroke {
                    let [r, g, b] = s.color.unit();
                    content.set_stroke_rgb(r, g, b);
                    content.set_line_width(s.width as f32);
                    let (cap, join) = if s.round {
                        (LineCapStyle::RoundCap, LineJoinStyle::RoundJoin)
                    } else {
                        (LineCapStyle::ButtCap, LineJoinStyle::MiterJoin)
                    };
                    content.set_line_cap(cap);
                    content.set_line_join(join);
                    if let Some(dash) = s.dash {
                        content.set_dash_pattern([dash as f32, dash as f32], 0.0);
                    }
                }
                match (fill, stroke) {
                    (Some(_), Some(_)) => content.fill_nonzero_and_stroke(),
                    (Some(_), None) => content.fill_nonzero(),
                    (None, Some(_)) => content.stroke(),
                    (None, None) => content.end_path(),
                };
                content.restore_state();
            }
            Item::Text { text, x, y, size, weight, color, centered } => {
                let left = if *centered { x - scene::text_width(text, *weight, *size) / 2.0 } else { *x };
                let [r, g, b] = color.unit();
                content.set_fill_rgb(r, g, b);
                content.begin_text();
                content.next_line(left as f32, h - *y as f32);
                // Runs of characters in one font.
                let set = &charsets[*weight as usize];
                let mut run: Vec<u8> = Vec::new();
                let mut font = None;
                for c in text.chars() {
                    let (f, code) = set.code(c);
                    if font != Some(f) {
                        if let Some(prev) = font {
                            content.set_font(Name(set.font_name(prev).as_bytes()), *size as f32);
                            content.show(Str(&run));
                            run.clear();
                        }
                        font = Some(f);
                    }
                    run.push(code);
                }
                if let Some(f) = font {
                    content.set_font(Name(set.font_name(f).as_bytes()), *size as f32);
                    content.show(Str(&run));
                }
                content.end_text();
            }
        }
    }
    content.finish().to_vec()
}
