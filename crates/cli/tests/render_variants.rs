//! Pictures of variant constraints: each kind drawn by `render::svg`,
//! parsed by a real SVG parser (usvg), rasterized (resvg) and checked in
//! the pixels where f-puzzles and SudokuPad users look for it: a dot's
//! colour at the middle of its edge, a cage's dashes inside the cell
//! border, a clue outside the grid, a line's colour between two cells.
//! Every puzzle of the variant corpus is drawn as SVG (usvg parses it) and
//! as PDF, without a panic.
//!
//! Set `DANCE_PNG_DIR=DIR` to also write each picture as a PNG there (to
//! look at them).

mod common;

use dance::input::{read_str, ReadSettings};
use dance::record::Body;
use dance::render::{self, Options, Picture, SVG_CELL, SVG_MARGIN};
use reduce::Puzzle;
use resvg::{tiny_skia, usvg};

/// The puzzle of a text record: a grid, then constraint lines.
fn puzzle(text: &str) -> Puzzle {
    let records = read_str(text, "x.txt", &ReadSettings::default());
    match records.into_iter().next().map(|r| r.body) {
        Some(Ok(Body::Puzzle { puzzle, .. })) => puzzle,
        other => panic!("not a puzzle: {other:?}"),
    }
}

/// An empty grid of order `n` with these constraint lines.
fn blank(n: usize, lines: &[&str]) -> Puzzle {
    let mut text = format!("{}\n", ".".repeat(n)).repeat(n);
    for l in lines {
        text.push_str(l);
        text.push('\n');
    }
    puzzle(&text)
}

/// A rasterized picture, one pixel per user unit.
struct Raster(tiny_skia::Pixmap);

impl Raster {
    fn of(svg: &str, name: &str) -> Raster {
        let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("usvg parses the SVG");
        let size = tree.size().to_int_size();
        let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
        resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
        let raster = Raster(pixmap);
        if let Some(dir) = std::env::var_os("DANCE_PNG_DIR") {
            let path = std::path::Path::new(&dir).join(format!("{name}.png"));
            std::fs::write(path, raster.png()).unwrap();
        }
        raster
    }

    fn rgb(&self, x: f64, y: f64) -> [u8; 3] {
        let p = self.0.pixel(x.round() as u32, y.round() as u32).unwrap().demultiply();
        [p.red(), p.green(), p.blue()]
    }

    fn luma(&self, x: f64, y: f64) -> u32 {
        let [r, g, b] = self.rgb(x, y);
        (299 * r as u32 + 587 * g as u32 + 114 * b as u32) / 1000
    }

    /// How many pixels of the segment from `a` to `b` (one a pixel) are
    /// darker than `luma`.
    fn dark_along(&self, a: (f64, f64), b: (f64, f64), luma: u32) -> usize {
        let steps = (b.0 - a.0).abs().max((b.1 - a.1).abs()).round() as usize;
        (0..=steps)
            .filter(|&i| {
                let t = i as f64 / steps.max(1) as f64;
                let (x, y) = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
                // A thin line may fall between two pixels: its darker one.
                [(0.0, 0.0), (-0.5, 0.0), (0.5, 0.0), (0.0, -0.5), (0.0, 0.5)]
                    .iter()
                    .any(|&(dx, dy)| self.luma(x + dx, y + dy) < luma)
            })
            .count()
    }

    /// The darkest luma in the square of side `2 d + 1` around `at`.
    fn darkest(&self, at: (f64, f64), d: i32) -> u32 {
        let mut best = u32::MAX;
        for yy in -d..=d {
            for xx in -d..=d {
                best = best.min(self.luma(at.0 + xx as f64, at.1 + yy as f64));
            }
        }
        best
    }

    /// Pixels in the square of side `2 d + 1` around (x, y) whose colour
    /// is within `tolerance` of `color` in each channel.
    fn count(&self, (x, y): (f64, f64), d: i32, color: [u8; 3], tolerance: u8) -> usize {
        let mut k = 0;
        for yy in -d..=d {
            for xx in -d..=d {
                let p = self.rgb(x + xx as f64, y + yy as f64);
                if (0..3).all(|i| p[i].abs_diff(color[i]) <= tolerance) {
                    k += 1;
                }
            }
        }
        k
    }

    /// The picture as a PNG file (stored, not compressed: for looking).
    fn png(&self) -> Vec<u8> {
        let (w, h) = (self.0.width(), self.0.height());
        let mut raw = Vec::with_capacity(((w * 3 + 1) * h) as usize);
        for y in 0..h {
            raw.push(0);
            for x in 0..w {
                let p = self.0.pixel(x, y).unwrap().demultiply();
                raw.extend([p.red(), p.green(), p.blue()]);
            }
        }
        let mut z = vec![0x78, 0x01];
        let chunks: Vec<&[u8]> = raw.chunks(65535).collect();
        for (i, c) in chunks.iter().enumerate() {
            z.push(u8::from(i + 1 == chunks.len()));
            z.extend((c.len() as u16).to_le_bytes());
            z.extend((!(c.len() as u16)).to_le_bytes());
            z.extend(*c);
        }
        let (mut a, mut b) = (1u32, 0u32);
        for &byte in &raw {
            a = (a + byte as u32) % 65521;
            b = (b + a) % 65521;
        }
        z.extend(((b << 16) | a).to_be_bytes());
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr = w.to_be_bytes().to_vec();
        ihdr.extend(h.to_be_bytes());
        ihdr.extend([8, 2, 0, 0, 0]);
        for (kind, data) in [(b"IHDR", ihdr), (b"IDAT", z), (b"IEND", Vec::new())] {
            out.extend((data.len() as u32).to_be_bytes());
            let mut body = kind.to_vec();
            body.extend(&data);
            out.extend(&body);
            out.extend(crc32(&body).to_be_bytes());
        }
        out
    }
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 { 0xedb8_8320 ^ (crc >> 1) } else { crc >> 1 };
        }
    }
    !crc
}

/// The SVG of `puzzle` (no shading unless `shading`), rasterized.
fn draw(name: &str, puzzle: &Puzzle, shading: bool) -> (String, Raster) {
    let svg = render::svg(&Picture::new(puzzle), &Options { shading, ..Options::default() }).unwrap();
    let raster = Raster::of(&svg, name);
    (svg, raster)
}

/// Where the grid of a single picture begins: after the margin, and a
/// ring of one cell when there are outside clues, and a caption line when
/// there is one.
fn origin(ring: bool, caption: bool) -> (f64, f64) {
    let x = SVG_MARGIN + if ring { SVG_CELL } else { 0.0 };
    (x, x + if caption { SVG_CELL } else { 0.0 })
}

/// The centre of cell (r, c), from 1 (0 and N+1 outside).
fn center(o: (f64, f64), r: usize, c: usize) -> (f64, f64) {
    (o.0 + (c as f64 - 0.5) * SVG_CELL, o.1 + (r as f64 - 0.5) * SVG_CELL)
}

const WHITE: [u8; 3] = [255, 255, 255];

#[test]
fn the_png_writer_writes_what_a_reader_needs() {
    // The helper's own check: signature, header, and the CRC of IEND.
    let raster = Raster(tiny_skia::Pixmap::new(3, 2).unwrap());
    let png = raster.png();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    assert_eq!(&png[png.len() - 8..], &[0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
}

/// A 4x4 grid with these constraints, unshaded, drawn and rasterized.
fn four(name: &str, lines: &[&str]) -> Raster {
    draw(name, &blank(4, lines), false).1
}

/// The middle of the edge between cells (r1, c1) and (r2, c2), from 1.
fn edge(o: (f64, f64), a: (usize, usize), b: (usize, usize)) -> (f64, f64) {
    let (p, q) = (center(o, a.0, a.1), center(o, b.0, b.1));
    ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
}

const PLAIN: (f64, f64) = (SVG_MARGIN, SVG_MARGIN);

#[test]
fn dots_sit_on_the_edge_middle_white_or_black() {
    let bare = four("bare", &[]);
    let at = edge(PLAIN, (1, 1), (1, 2));
    // Without a dot, the middle of the edge is the grey cell line.
    assert!(bare.luma(at.0, at.1) < 200, "{:?}", bare.rgb(at.0, at.1));
    let white = four("white-dot", &["white r1c1 r1c2"]);
    assert_eq!(white.rgb(at.0, at.1), WHITE, "a white dot is white inside");
    // Its outline: dark pixels on a ring of radius 0.12 cells around it.
    let r = 0.12 * SVG_CELL;
    assert!(white.dark_along((at.0 - r - 1.0, at.1), (at.0 - r + 1.0, at.1), 100) > 0);
    assert!(white.dark_along((at.0, at.1 - r - 1.0), (at.0, at.1 - r + 1.0), 100) > 0);
    let black = four("black-dot", &["black r2c3 r3c3"]);
    let at = edge(PLAIN, (2, 3), (3, 3));
    assert!(black.count(at, 3, [0x1a, 0x1a, 0x1a], 10) >= 40, "a black dot is black");
    // Only there: the next edge down keeps its grey line.
    let below = edge(PLAIN, (3, 3), (4, 3));
    assert_eq!(black.count(below, 3, [0x1a, 0x1a, 0x1a], 10), 0);
    // Values other than 1 and 2 are written in the dot, which grows.
    let two = four("white-dot-2", &["white 2 r1c1 r1c2"]);
    let at = edge(PLAIN, (1, 1), (1, 2));
    assert!(two.count(at, 3, WHITE, 20) < 49, "the 2 puts ink in the dot");
    assert_eq!(two.rgb(at.0 - 0.15 * SVG_CELL, at.1), WHITE, "a dot with a value is larger");
    assert_ne!(white.rgb(at.0 - 0.15 * SVG_CELL, at.1), WHITE);
    let three = four("black-dot-3", &["black 3 r2c3 r3c3"]);
    let at = edge(PLAIN, (2, 3), (3, 3));
    assert!(three.count(at, 4, WHITE, 60) > 3, "a black dot's value is white");
}

#[test]
fn x_and_v_sit_on_the_edge_and_differ() {
    let at = edge(PLAIN, (2, 2), (2, 3));
    let x = four("x", &["x r2c2 r2c3"]);
    let v = four("v", &["v r2c2 r2c3"]);
    for (name, r) in [("X", &x), ("V", &v)] {
        let ink =
            (0..81).filter(|i| r.luma(at.0 + (i % 9 - 4) as f64, at.1 + (i / 9 - 4) as f64) < 100).count();
        assert!(ink > 8, "{name}: {ink} dark pixels at the edge");
    }
    // V is open at the top middle, X is not at its middle.
    let size = 0.3 * SVG_CELL;
    assert!(x.luma(at.0, at.1) < 128, "X crosses in its middle");
    assert!(v.luma(at.0, at.1 - 0.3 * size) > 128, "V is open at the top middle");
    let far = edge(PLAIN, (3, 1), (3, 2));
    assert!(x.luma(far.0, far.1) > 100 && x.luma(far.0, far.1) < 200, "no mark on other edges");
}

#[test]
fn cages_are_dashed_inside_the_cell_border_with_the_sum_top_left() {
    let r = four("cage", &["killer 7 r2c2 r2c3 r3c2"]);
    let o = PLAIN;
    let d = 0.08 * SVG_CELL;
    let (x1, y1) = (o.0 + SVG_CELL, o.1 + SVG_CELL); // r2c2's top left corner
                                                     // The top side of r2c2-r2c3 runs d inside the border, dashed: dark and
                                                     // light pixels alternate along it.
    let (a, b) = ((x1 + 12.0, y1 + d), (x1 + 2.0 * SVG_CELL - d - 1.0, y1 + d));
    let dark = r.dark_along(a, b, 128);
    let all = (b.0 - a.0).round() as usize + 1;
    assert!(dark > all / 4 && dark < all * 3 / 4, "dashes: {dark} of {all}");
    // Not on the border itself, nor in the middle of the cells.
    let mid = (x1 + SVG_CELL * 1.5, y1 + SVG_CELL / 2.0);
    assert!(r.luma(mid.0, mid.1) > 200);
    // The inner corner at r3c2's right side meets r2c3's bottom (concave):
    // a dashed line runs down r3c2's right side, d inside.
    let right = x1 + SVG_CELL - d;
    let dark = r.dark_along((right, y1 + SVG_CELL + 2.0), (right, y1 + 2.0 * SVG_CELL - d - 1.0), 128);
    assert!(dark > 5, "r3c2's right side: {dark}");
    // No line between r2c2 and r2c3 (one cage): the shared edge's inset is clear.
    let inner = r.dark_along((x1 + SVG_CELL - d, y1 + 12.0), (x1 + SVG_CELL - d, y1 + SVG_CELL - 12.0), 128);
    assert_eq!(inner, 0);
    // The sum is ink in r2c2's top-left corner, nowhere near the others.
    let ink =
        |x: f64, y: f64| (0..100).filter(|i| r.luma(x + (i % 10) as f64, y + (i / 10) as f64) < 160).count();
    assert!(ink(x1 + d, y1 + d + 1.0) > 5, "the sum in the corner");
    assert!(ink(x1 + SVG_CELL + d + 12.0, y1 + d + 1.0) < 3, "not in r2c3's corner");
}

/// The colour of a line between two cells, at the middle of their edge.
fn line_color(kind: &str) -> [u8; 3] {
    let r = four(&format!("line-{kind}"), &[&format!("{kind} r1c1 r1c2 r1c3")]);
    let at = edge(PLAIN, (1, 1), (1, 2));
    r.rgb(at.0, at.1)
}

#[test]
fn lines_are_coloured_by_kind() {
    let want: [(&str, [u8; 3]); 10] = [
        ("whispers", [0x5f, 0xd0, 0x5f]),
        ("whispers 3", [0xff, 0xa0, 0x40]),
        ("renban", [0xd0, 0x80, 0xf0]),
        ("palindrome", [0xa8, 0xa8, 0xa8]),
        ("between", [0x9d, 0xb4, 0xcc]),
        ("lockout 2", [0x60, 0x90, 0xe0]),
        ("entropic", [0xe0, 0x90, 0x40]),
        ("modular", [0x40, 0xb8, 0xb0]),
        ("zipper", [0xa8, 0x98, 0xf0]),
        ("regionsum", [0x30, 0xb0, 0xf0]),
    ];
    for (kind, color) in want {
        assert_eq!(line_color(kind), color, "{kind}");
    }
    assert_eq!(line_color("thermo"), [0xbf, 0xbf, 0xbf]);
    // A renban of one cell still shows, as a purple blob.
    let one = four("renban-1", &["renban r3c3"]);
    let c = center(PLAIN, 3, 3);
    assert_eq!(one.rgb(c.0, c.1), [0xd0, 0x80, 0xf0]);
    // Between and lockout lines have ends drawn over the cells: a white
    // circle (between), a white diamond (lockout), and nothing at the middle.
    let r = four("between", &["between r1c1 r1c2 r1c3"]);
    let (c1, c3) = (center(PLAIN, 1, 1), center(PLAIN, 1, 3));
    assert_eq!(r.rgb(c1.0, c1.1), WHITE);
    assert_eq!(r.rgb(c3.0, c3.1), WHITE);
    assert!(r.luma(c1.0 + 0.38 * SVG_CELL, c1.1) < 200, "the circle's outline");
    let mid = center(PLAIN, 1, 2);
    assert_eq!(r.rgb(mid.0, mid.1), [0x9d, 0xb4, 0xcc]);
    let l = four("lockout", &["lockout 2 r1c1 r1c2 r1c3"]);
    // A diamond: its corner points along the axes, so the cell's corner
    // direction at 0.3 cells is outside it (white paper), the axis inside.
    assert_eq!(l.rgb(c1.0 + 0.25 * SVG_CELL, c1.1 + 0.25 * SVG_CELL), WHITE);
    assert_eq!(l.rgb(c1.0, c1.1 + 0.3 * SVG_CELL), WHITE);
    assert!(l.luma(c1.0, c1.1 + 0.42 * SVG_CELL) < 200, "the diamond's tip");
    // A slow thermometer is hollow, a thermometer full.
    let slow = four("slowthermo", &["slowthermo r2c1 r2c2 r2c3"]);
    let fast = four("thermo", &["thermo r2c1 r2c2 r2c3"]);
    let at = edge(PLAIN, (2, 2), (2, 3));
    assert_eq!(slow.rgb(at.0, at.1), WHITE);
    assert_eq!(fast.rgb(at.0, at.1), [0xbf, 0xbf, 0xbf]);
    // The bulb: a grey disc of 0.38 cells in the first cell.
    let bulb = center(PLAIN, 2, 1);
    assert_eq!(fast.rgb(bulb.0, bulb.1 - 0.3 * SVG_CELL), [0xbf, 0xbf, 0xbf]);
    assert_eq!(fast.rgb(center(PLAIN, 2, 3).0, center(PLAIN, 2, 3).1 - 0.3 * SVG_CELL), WHITE);
}

#[test]
fn arrows_have_circles_pills_and_shafts() {
    let r = four("arrow", &["arrow r1c1 > r2c2 r3c3"]);
    let c = center(PLAIN, 1, 1);
    assert_eq!(r.rgb(c.0, c.1), WHITE, "the circle is white inside");
    assert!(r.luma(c.0, c.1 + 0.38 * SVG_CELL) < 180, "its grey outline");
    // The shaft crosses the corner between r2c2 and r3c3, grey.
    let corner = (PLAIN.0 + 2.0 * SVG_CELL, PLAIN.1 + 2.0 * SVG_CELL);
    assert!(r.count(corner, 1, [0x80, 0x80, 0x80], 30) > 2, "the shaft");
    // The head: ink just back from the tip, off the shaft's line.
    let tip = center(PLAIN, 3, 3);
    let off = (tip.0 - 0.2 * SVG_CELL, tip.1 - 0.05 * SVG_CELL);
    assert!(r.count(off, 2, [0x80, 0x80, 0x80], 40) > 0, "a barb of the head");
    // A pill over r1c3-r1c4: white between the two cells, grey above.
    let p = four("pill", &["arrow r1c3 r1c4 > r2c4 r3c4"]);
    let mid = edge(PLAIN, (1, 3), (1, 4));
    assert_eq!(p.rgb(mid.0, mid.1), WHITE, "one pill, no line through it");
    assert!(p.luma(mid.0, mid.1 - 0.38 * SVG_CELL) < 180, "the pill's outline");
    // Double arrows: circles at both ends, a thin grey line between.
    let d = four("doublearrow", &["doublearrow r4c1 r4c2 r4c3"]);
    let (a, b) = (center(PLAIN, 4, 1), center(PLAIN, 4, 3));
    assert_eq!(d.rgb(a.0, a.1), WHITE);
    assert_eq!(d.rgb(b.0, b.1), WHITE);
    let m = center(PLAIN, 4, 2);
    assert!(d.count(m, 1, [0x80, 0x80, 0x80], 30) > 2);
}

#[test]
fn outside_clues_sit_outside_with_room_for_them() {
    let p = blank(4, &["sandwich 5 r0c2", "xsum 7 r3c5", "skyscraper 3 r5c4", "littlekiller 6 r0c0 DR"]);
    let (svg, r) = draw("outside", &p, false);
    // A ring of one cell around the grid: 6 cells plus the margins.
    let side = 2.0 * SVG_MARGIN + 6.0 * SVG_CELL;
    assert!(svg
        .starts_with(&format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}""#)));
    let o = origin(true, false);
    let ink = |at: (f64, f64)| {
        (0..400).filter(|i| r.luma(at.0 + (i % 20 - 10) as f64, at.1 + (i / 20 - 10) as f64) < 100).count()
    };
    for (name, at) in [
        ("sandwich above column 2", center(o, 0, 2)),
        ("x-sum right of row 3", center(o, 3, 5)),
        ("skyscraper below column 4", center(o, 5, 4)),
        ("little killer above-left", center(o, 0, 0)),
    ] {
        assert!(ink(at) > 10, "{name}: {} dark pixels", ink(at));
    }
    for (name, at) in [("above column 1", center(o, 0, 1)), ("left of row 3", center(o, 3, 0))] {
        assert_eq!(ink(at), 0, "nothing {name}");
    }
    // The X-sum is circled, the skyscraper boxed: their outlines are ink
    // 0.3 cells from the centre, the sandwich has none.
    let x = center(o, 3, 5);
    assert!(r.luma(x.0, x.1 - 0.3 * SVG_CELL) < 128, "circle");
    let s = center(o, 5, 4);
    assert!(r.luma(s.0 - 0.3 * SVG_CELL, s.1 - 0.2 * SVG_CELL) < 128, "box side");
    let w = center(o, 0, 2);
    assert!(r.luma(w.0, w.1 - 0.3 * SVG_CELL) > 200, "sandwich plain");
    // The little killer's arrow points down-right at the grid's corner:
    // ink on the diagonal near it, none on the other diagonal.
    let lk = center(o, 0, 0);
    let along = r.dark_along((lk.0 + 8.0, lk.1 + 8.0), (lk.0 + 15.0, lk.1 + 15.0), 128);
    let across = r.dark_along((lk.0 + 8.0, lk.1 - 8.0), (lk.0 + 15.0, lk.1 - 15.0), 128);
    assert!(along >= 4 && across == 0, "arrow along the diagonal: {along}, {across}");
    // A grid without outside clues keeps the plain margin.
    let (svg, _) = draw("no-ring", &blank(4, &["killer 3 r1c1 r1c2"]), false);
    let side = 2.0 * SVG_MARGIN + 4.0 * SVG_CELL;
    assert!(svg.contains(&format!(r#"width="{side}" height="{side}""#)));
}

#[test]
fn cells_shaded_marked_and_pencilled() {
    let grey = |r: &Raster, at: (f64, f64)| r.rgb(at.0, at.1);
    let p = four(
        "cells",
        &[
            "extraregion r1c1 r1c2",
            "odd r2c1",
            "even r2c2",
            "rowindexer r3c1",
            "columnindexer r3c2",
            "boxindexer r3c3",
        ],
    );
    assert_eq!(grey(&p, center(PLAIN, 1, 1)), [0xc4, 0xc4, 0xc4]);
    assert_eq!(grey(&p, center(PLAIN, 1, 3)), WHITE);
    let (odd, even) = (center(PLAIN, 2, 1), center(PLAIN, 2, 2));
    let corner = 0.33 * SVG_CELL;
    assert_eq!(grey(&p, odd), [0xb0, 0xb0, 0xb0]);
    assert_eq!(grey(&p, (odd.0 + corner, odd.1 + corner)), WHITE, "a circle leaves the corners");
    assert_eq!(grey(&p, (even.0 + corner, even.1 + corner)), [0xb0, 0xb0, 0xb0], "a square fills them");
    assert_eq!(grey(&p, center(PLAIN, 3, 1)), [0xf4, 0xb4, 0xb4]);
    assert_eq!(grey(&p, center(PLAIN, 3, 2)), [0xb4, 0xe4, 0xb4]);
    assert_eq!(grey(&p, center(PLAIN, 3, 3)), [0xb4, 0xcc, 0xf4]);
    // Clones: both shapes in one colour, a second clone in another.
    let c = four("clones", &["clone r1c1 = r4c4", "clone r1c2 = r4c3"]);
    let first = grey(&c, center(PLAIN, 1, 1));
    assert_ne!(first, WHITE);
    assert_eq!(grey(&c, center(PLAIN, 4, 4)), first);
    assert_eq!(grey(&c, center(PLAIN, 4, 3)), grey(&c, center(PLAIN, 1, 2)));
    assert_ne!(grey(&c, center(PLAIN, 4, 3)), first);
    // Minimum: chevrons' tips point in (0.26 cells out); maximum: out (0.36).
    let m = four("extremum", &["minimum r2c2", "maximum r2c3"]);
    let (lo, hi) = (center(PLAIN, 2, 2), center(PLAIN, 2, 3));
    for (ox, oy) in [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)] {
        let at = |c: (f64, f64), k: f64| (c.0 + ox * k * SVG_CELL, c.1 + oy * k * SVG_CELL);
        assert!(m.darkest(at(lo, 0.26), 1) < 180 && m.darkest(at(lo, 0.39), 0) > 180, "minimum");
        assert!(m.darkest(at(hi, 0.36), 1) < 180 && m.darkest(at(hi, 0.23), 0) > 180, "maximum");
    }
    // Pencil marks (givenPencilMarks) small in their cell: ink where 1 and 4
    // go in a 2x2 grid of candidates, none where 2 and 3 would.
    let k = four("pencil", &["candidates r4c1 14"]);
    let (x, y) = (PLAIN.0, PLAIN.1 + 3.0 * SVG_CELL);
    let sub = 0.45 * SVG_CELL;
    let ink = |cx: f64, cy: f64| {
        (0..49).filter(|i| k.luma(cx + (i % 7 - 3) as f64, cy + (i / 7 - 3) as f64) < 150).count()
    };
    let at = |i: usize, j: usize| {
        (x + 0.05 * SVG_CELL + (j as f64 + 0.5) * sub, y + 0.05 * SVG_CELL + (i as f64 + 0.5) * sub)
    };
    assert!(ink(at(0, 0).0, at(0, 0).1) > 2, "1 drawn");
    assert!(ink(at(1, 1).0, at(1, 1).1) > 2, "4 drawn");
    assert_eq!(ink(at(0, 1).0, at(0, 1).1), 0, "no 2");
    assert_eq!(ink(at(1, 0).0, at(1, 0).1), 0, "no 3");
}

#[test]
fn quadruples_diagonals_and_rules_in_the_caption() {
    let q = four("quadruple", &["quadruple r1c1 r1c2 r2c1 r2c2 : 1 3"]);
    let corner = (PLAIN.0 + SVG_CELL, PLAIN.1 + SVG_CELL);
    // A white circle on the corner, its digits in ink, its outline around.
    assert!(q.count(corner, 7, WHITE, 0) > 40, "white inside");
    assert!(q.dark_along((corner.0 - 6.0, corner.1), (corner.0 + 6.0, corner.1), 128) > 0, "digits");
    assert!(q.darkest((corner.0, corner.1 - 0.3 * SVG_CELL), 1) < 150, "outline");
    // Diagonals: the cell centres on the line are blue-grey, others white.
    let d = four("diagonals", &["diagonal-", "diagonal+"]);
    for k in 1..=4 {
        let a = center(PLAIN, k, k);
        let b = center(PLAIN, k, 5 - k);
        assert!(d.count(a, 1, [0x50, 0x70, 0xa0], 40) > 0, "r{k}c{k}");
        assert!(d.count(b, 1, [0x50, 0x70, 0xa0], 40) > 0, "r{k}c{}", 5 - k);
    }
    let off = center(PLAIN, 1, 2);
    assert_eq!(d.rgb(off.0, off.1), WHITE);
    // Rules with no place on the grid are named in a caption line.
    let (svg, _) = draw("anti", &blank(4, &["antiknight", "antiking", "nonconsecutive"]), false);
    assert!(svg.contains(">anti-knight, anti-king, nonconsecutive</text>"), "{svg}");
    let side = 2.0 * SVG_MARGIN + 4.0 * SVG_CELL;
    assert!(svg.contains(&format!(r#"width="{side}" height="{}""#, side + SVG_CELL)));
}

#[test]
fn every_corpus_puzzle_draws_as_svg_and_pdf() {
    // The variant corpus: each puzzle drawn (usvg parses and resvg draws
    // the SVG; the PDF has a page), solved picture too where the corpus
    // gives the solution.
    let mut seen = 0;
    for file in ["iss_examples.jsonl", "iss_tarek_all.jsonl", "sudokupad.jsonl"] {
        let text = common::read(&format!("variants/data/{file}"));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            let name = object["name"].as_str().unwrap_or("?").to_string();
            let json = serde_json::to_string(&object["fpuzzles"]).unwrap();
            let records = read_str(&json, "x.json", &ReadSettings::default());
            let Some(Ok(Body::Puzzle { puzzle, .. })) = records.into_iter().next().map(|r| r.body) else {
                panic!("{file} {name}: not read as a puzzle");
            };
            let picture = Picture::new(&puzzle);
            let svg = render::svg(&picture, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
            let raster = Raster::of(&svg, &format!("corpus-{seen}"));
            assert!(raster.0.width() > 100, "{name}");
            let pdf = render::pdf(&[picture], &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(pdf.starts_with(b"%PDF-") && pdf.windows(5).any(|w| w == b"%%EOF"), "{name}");
            seen += 1;
        }
    }
    assert!(seen >= 100, "{seen} corpus puzzles");
}

#[test]
fn the_pdf_draws_the_same_marks() {
    // Cages dashed, circles as curves, dots filled and stroked.
    let p =
        blank(4, &["killer 7 r1c1 r1c2", "white r2c1 r2c2", "thermo r3c1 r3c2", "littlekiller 5 r0c0 DR"]);
    let pdf = render::pdf(&[Picture::new(&p)], &Options::default()).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("] 0 d"), "a dash pattern for the cage");
    assert!(text.contains(" c\n"), "cubic curves for circles");
    assert!(text.contains("\nB\n"), "a dot filled and stroked");
    assert!(text.contains("1 J") && text.contains("1 j"), "round caps and joins for lines");
}

/// Runs the real `dance` in `fixtures/`: status, stdout and stderr.
fn dance(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dance"))
        .args(args)
        .current_dir(common::fixtures())
        .output()
        .expect("dance runs");
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

/// Whether candidate `v` (from 0) of 4x4 cell (r, c) (from 1) is drawn:
/// ink in its quarter of the cell.
/// In a cell with a cage's sum in its corner, they sit below it.
fn candidate_drawn(r: &Raster, o: (f64, f64), cell: (usize, usize), v: usize, labelled: bool) -> bool {
    let (x, y) = (o.0 + (cell.1 - 1) as f64 * SVG_CELL, o.1 + (cell.0 - 1) as f64 * SVG_CELL);
    let (sub, top, sub_h) = match labelled {
        true => (0.45 * SVG_CELL, 0.3 * SVG_CELL, 0.325 * SVG_CELL),
        false => (0.45 * SVG_CELL, 0.05 * SVG_CELL, 0.45 * SVG_CELL),
    };
    let (cx, cy) =
        (x + 0.05 * SVG_CELL + ((v % 2) as f64 + 0.5) * sub, y + top + ((v / 2) as f64 + 0.5) * sub_h);
    (0..49).any(|i| r.luma(cx + (i % 7 - 3) as f64, cy + (i / 7 - 3) as f64) < 150)
}

#[test]
fn candidates_of_a_variant_are_its_true_candidates() {
    // cages4: r1c1 can hold only 1 and 3 in the puzzle's 24 solutions
    // (docs/variants.md), though the units alone leave all four.
    let (status, svg, err) = dance(&["render", "--candidates", "variants/docs/cages4.txt"]);
    assert_eq!(status, 0, "{err}");
    let r = Raster::of(&svg, "true-candidates");
    let drawn: Vec<usize> = (0..4).filter(|&v| candidate_drawn(&r, PLAIN, (1, 1), v, true)).collect();
    assert_eq!(drawn, [0, 2], "r1c1 shows 1 and 3");
    let drawn: Vec<usize> = (0..4).filter(|&v| candidate_drawn(&r, PLAIN, (2, 3), v, false)).collect();
    assert_eq!(drawn, [0, 1, 2, 3], "r2c3 shows all four");
    // Checked against brute force: each drawn candidate is in some
    // solution of the puzzle, and each candidate of some solution is drawn.
    let (_, all, _) = dance(&["solve", "--all", "variants/docs/cages4.txt"]);
    let rows: Vec<&str> = all.lines().filter(|l| l.len() == 4).collect();
    let grids: Vec<Vec<u8>> =
        rows.chunks(4).map(|g| g.concat().bytes().map(|c| c - b'1').collect()).collect();
    assert_eq!(grids.len(), 24, "{all}");
    for cell in 0..16 {
        for v in 0..4u8 {
            let some = grids.iter().any(|g| g[cell] == v);
            let shown = candidate_drawn(&r, PLAIN, (cell / 4 + 1, cell % 4 + 1), v as usize, cell <= 1);
            assert_eq!(shown, some, "cell {cell} symbol {}", v + 1);
        }
    }
    // No solution: no candidates, said, exit status 1.
    let (status, svg, err) = dance(&[
        "render",
        "--candidates",
        "--constraint",
        "killer 3 r1c1 r1c2 r1c3",
        "variants/docs/blank4.txt",
    ]);
    assert_eq!(status, 1);
    assert!(err.contains("无解") && err.contains("drawn without candidates"), "{err}");
    let r = Raster::of(&svg, "no-candidates");
    assert!((0..4).all(|v| !candidate_drawn(&r, PLAIN, (2, 2), v, false)));
    // --solution of a variant: the solution the checker accepts, drawn.
    let (status, _, err) = dance(&["render", "--solution", "variants/docs/killer4.txt"]);
    assert_eq!(status, 0, "{err}");
}

#[test]
fn the_pictures_in_the_docs_are_what_render_draws() {
    // docs/pictures.md shows these; DANCE_BLESS=1 rewrites them.
    for (doc, args) in [
        ("variants-a.svg", &["render", "render/variants-a.txt"][..]),
        ("variants-b.svg", &["render", "render/variants-b.txt"][..]),
        ("cages4-candidates.svg", &["render", "--candidates", "variants/docs/cages4.txt"][..]),
    ] {
        let (status, svg, err) = dance(args);
        assert_eq!(status, 0, "{err}");
        let path = common::fixtures().join("../docs").join(doc);
        if std::env::var_os("DANCE_BLESS").is_some() {
            std::fs::write(&path, &svg).unwrap();
        }
        let same = std::fs::read_to_string(&path).unwrap() == svg;
        assert!(same, "docs/{doc} differs from what render draws (DANCE_BLESS=1 rewrites it)");
        Raster::of(&svg, doc.trim_end_matches(".svg"));
    }
}

#[test]
fn a_picture_that_would_mislead_is_refused_by_name() {
    use dance::render::RenderError;
    let refused = |lines: &[&str]| render::svg(&Picture::new(&blank(4, lines)), &Options::default());
    // A quadruple not around one corner: its circle has nowhere to go. The
    // readers refuse one (below); a model built by hand can still hold it.
    let stray = reduce::constraint::Quadruple { cells: vec![0, 1, 2, 3], digits: vec![1, 2] };
    let rules = reduce::constraint::Rules { constraints: vec![stray.into()], candidates: None };
    let e = render::svg(&Picture::new(&blank(4, &[]).with_rules(rules).unwrap()), &Options::default())
        .unwrap_err();
    assert!(matches!(&e, RenderError::Constraint { key: "quadruple", .. }), "{e}");
    assert!(e.to_string().contains("r1c1-r1c4"), "{e}");
    // A pill read right to left, or bottom to top, would be read wrong.
    // (A pill listed so, in pieces, or a shaft away from its circle, is
    // refused when read: tests/constraints.rs; built by hand, by render.)
    for (circle, shaft) in [(vec![1, 0], vec![4]), (vec![4, 0], vec![1])] {
        let arrow = reduce::constraint::Arrow { circle, shaft };
        let rules = reduce::constraint::Rules { constraints: vec![arrow.into()], candidates: None };
        let e = render::svg(&Picture::new(&blank(4, &[]).with_rules(rules).unwrap()), &Options::default())
            .unwrap_err();
        assert!(matches!(e, RenderError::Constraint { key: "arrow", .. }), "{e}");
    }
    // Through the readers, such a pill never gets this far.
    let back = dance(&["render", "--constraint", "arrow r1c2 r1c1 > r2c1", "variants/docs/blank4.txt"]);
    assert_eq!(back.0, 2);
    assert!(back.2.contains("listed backwards"), "{}", back.2);
    for arrow in ["r1c1 r1c2 > r2c3", "r1c1 r2c1 r3c1 > r4c2", "r4c2 r4c3 r4c4 > r3c3"] {
        assert!(refused(&[&format!("arrow {arrow}")]).is_ok(), "{arrow}");
    }
    assert!(refused(&["quadruple r3c3 r3c4 r4c4 r4c3 : 4"]).is_ok());
    // Through the binary: named on stderr with file and line, exit 2,
    // and the other records still drawn.
    let (status, _, err) =
        dance(&["render", "--constraint", "quadruple r1c1 r1c2 r1c3 r1c4 : 1", "variants/docs/blank4.txt"]);
    assert_eq!(status, 2);
    assert!(err.contains("variants/docs/blank4.txt:1: "), "{err}");
    assert!(err.contains("quadruple: r1c1 r1c2 r1c3 r1c4 are not a 2x2 block around one corner"), "{err}");
}

#[test]
fn two_cage_sums_in_one_corner_sit_side_by_side() {
    let one = four("one-sum", &["killer 3 r1c1 r1c2"]);
    let two = four("two-sums", &["killer 3 r1c1 r1c2", "killer 4 r1c1 r2c1"]);
    // The second sum follows the first along the top of r1c1.
    let ink = |r: &Raster, x0: f64| {
        (0..60)
            .filter(|i| r.luma(PLAIN.0 + x0 + (i % 6) as f64, PLAIN.1 + 4.0 + (i / 6) as f64) < 160)
            .count()
    };
    let after = 0.08 * SVG_CELL + 8.0;
    assert!(ink(&one, 3.0) > 3 && ink(&one, after + 2.0) == 0);
    assert!(ink(&two, 3.0) > 3 && ink(&two, after + 2.0) > 3, "the second sum is drawn after the first");
}

/// A small deterministic generator (an LCG): tests need no crate for it.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, k: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % k as u64) as usize
    }
}

/// A random walk of `len` distinct cells of an order-`n` grid, each
/// touching the one before (orthogonally only, when `orthogonal`), as
/// `r1c1 r1c2 ...`; `None` when it gets stuck.
fn walk(rng: &mut Lcg, n: usize, len: usize, orthogonal: bool) -> Option<String> {
    let mut cells = vec![(rng.below(n), rng.below(n))];
    while cells.len() < len {
        let (r, c) = *cells.last().unwrap();
        let steps: Vec<(usize, usize)> = (0..9)
            .map(|k| (k / 3, k % 3))
            .filter(|&(dr, dc)| !(orthogonal && dr != 1 && dc != 1) && (dr, dc) != (1, 1))
            .filter_map(|(dr, dc)| Some(((r + dr).checked_sub(1)?, (c + dc).checked_sub(1)?)))
            .filter(|&(a, b)| a < n && b < n && !cells.contains(&(a, b)))
            .collect();
        if steps.is_empty() {
            return None;
        }
        cells.push(steps[rng.below(steps.len())]);
    }
    Some(cells.iter().map(|(r, c)| format!("r{}c{}", r + 1, c + 1)).collect::<Vec<_>>().join(" "))
}

#[test]
fn every_random_constraint_changes_the_picture() {
    // A random constraint of each kind on random cells of a 6x6 grid is
    // drawn: the SVG parses, the PDF is made, and the pixels (or, for a
    // rule with no place on the grid, the caption) differ from the bare
    // grid's: no constraint is silently left out.
    let n = 6;
    let mut rng = Lcg(34);
    let (bare_svg, bare) = draw("random-bare", &blank(n, &[]), false);
    let mut drawn = 0;
    for round in 0..240 {
        let cell = |rng: &mut Lcg| format!("r{}c{}", rng.below(n) + 1, rng.below(n) + 1);
        let side = |rng: &mut Lcg| match rng.below(4) {
            0 => format!("r0c{}", rng.below(n) + 1),
            1 => format!("r{}c0", rng.below(n) + 1),
            2 => format!("r{}c{}", n + 1, rng.below(n) + 1),
            _ => format!("r{}c{}", rng.below(n) + 1, n + 1),
        };
        let (len3, len_cage) = (3 + rng.below(2), 2 + rng.below(3));
        let Some(line3) = walk(&mut rng, n, len3, false) else { continue };
        let Some(pair) = walk(&mut rng, n, 2, true) else { continue };
        let Some(cage) = walk(&mut rng, n, len_cage, true) else { continue };
        let (r, c) = (rng.below(n - 1) + 1, rng.below(n - 1) + 1);
        let quad = format!("r{r}c{c} r{r}c{} r{}c{c} r{}c{}", c + 1, r + 1, r + 1, c + 1);
        let kinds = [
            format!("killer {} {cage}", 3 + rng.below(15)),
            format!("killer - {cage}"),
            format!("thermo {line3}"),
            format!("slowthermo {line3}"),
            format!("palindrome {line3}"),
            format!("renban {line3}"),
            format!("whispers {line3}"),
            format!("between {line3}"),
            format!("lockout 2 {line3}"),
            format!("entropic {line3}"),
            format!("modular {line3}"),
            format!("zipper {line3}"),
            format!("regionsum {line3}"),
            format!("doublearrow {line3}"),
            format!("arrow {}", line3.replacen(' ', " > ", 1)),
            format!("white {pair}"),
            format!("black {pair}"),
            format!("white 3 {pair}"),
            format!("x {pair}"),
            format!("v {pair}"),
            format!("odd {}", cell(&mut rng)),
            format!("even {}", cell(&mut rng)),
            format!("minimum {}", cell(&mut rng)),
            format!("maximum {}", cell(&mut rng)),
            format!("quadruple {quad} : {} {}", 1 + rng.below(n), 1 + rng.below(n)),
            format!("clone {} = {}", cell(&mut rng), cell(&mut rng)),
            format!("extraregion {cage}"),
            format!("rowindexer {}", cell(&mut rng)),
            format!("columnindexer {}", cell(&mut rng)),
            format!("boxindexer {}", cell(&mut rng)),
            format!("candidates {} 12", cell(&mut rng)),
            format!("sandwich {} {}", rng.below(10), side(&mut rng)),
            format!("xsum {} {}", 1 + rng.below(21), side(&mut rng)),
            format!("skyscraper {} {}", 1 + rng.below(n), side(&mut rng)),
            "littlekiller 9 r0c0 DR".into(),
            format!("littlekiller 7 r{}c0 UR", 2 + rng.below(n - 1)),
            "diagonal+".into(),
            "diagonal-".into(),
            "antiknight".into(),
            "antiking".into(),
            "disjointgroups".into(),
            "nonconsecutive".into(),
            "negative xv".into(),
        ];
        let line = &kinds[round % kinds.len()];
        let mut text = format!("{}\n", ".".repeat(n)).repeat(n);
        text.push_str(line);
        let records = read_str(&text, "x.txt", &ReadSettings::default());
        let Some(Ok(Body::Puzzle { puzzle, .. })) = records.into_iter().next().map(|r| r.body) else {
            continue; // a line the model refuses (a clone of a cell to itself, ...)
        };
        let picture = Picture::new(&puzzle);
        let svg = match render::svg(&picture, &Options { shading: false, ..Options::default() }) {
            Ok(svg) => svg,
            Err(e) => panic!("{line}: {e}"),
        };
        render::pdf(&[picture], &Options::default()).unwrap_or_else(|e| panic!("{line}: {e}"));
        let raster = Raster::of(&svg, &format!("random-{round}"));
        let differs = svg.lines().next() != bare_svg.lines().next()
            || (0..bare.0.height())
                .any(|y| (0..bare.0.width()).any(|x| bare.0.pixel(x, y) != raster.0.pixel(x, y)));
        assert!(differs, "{line}: the picture is the bare grid's");
        drawn += 1;
    }
    assert!(drawn >= 200, "{drawn} random constraints drawn");
}
