//! The pictures: every SVG parsed by a real SVG parser (usvg) and
//! rasterized (resvg), with facts checked in the pixels; golden files for
//! two small SVGs, the README's pictures and the terminal art; the PDF
//! checked for structure.
//!
//! Set `DANCE_BLESS=1` to rewrite the golden files after a deliberate
//! change in the drawing, then review the difference.

use std::path::PathBuf;

use dance::render::{self, Options, PageSize, Picture, RenderError, SVG_CELL, SVG_MARGIN};
use reduce::{Alphabet, Puzzle, Regions, Shape};
use resvg::{tiny_skia, usvg};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Compares `actual` with the golden file at `path` (from the repository
/// root), or rewrites it when `DANCE_BLESS` is set.
fn golden(path: &str, actual: &str) {
    let file = root().join(path);
    if std::env::var_os("DANCE_BLESS").is_some() {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("{path}: {e} (run with DANCE_BLESS=1 to create it)"));
    if expected != actual {
        let line = expected.lines().zip(actual.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "{path} differs from the drawing, first at line {} (run with DANCE_BLESS=1 to accept):\n- {}\n+ {}",
            line + 1,
            expected.lines().nth(line).unwrap_or(""),
            actual.lines().nth(line).unwrap_or("")
        );
    }
}

/// The grouped format of seed 001: N lines of region labels, a count, then
/// `RCL` lines (row, column from 0, letter).
fn grouped(path: &str) -> Puzzle {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let n = lines[0].len();
    let map: Vec<char> = lines[..n].concat().chars().collect();
    let count: usize = lines[n].trim().parse().unwrap();
    let alphabet = Alphabet::letters(n).unwrap();
    let mut givens = vec![None; n * n];
    for line in &lines[n + 1..n + 1 + count] {
        let b: Vec<char> = line.chars().collect();
        let (r, c) = (b[0].to_digit(10).unwrap() as usize, b[1].to_digit(10).unwrap() as usize);
        givens[r * n + c] = alphabet.index(b[2]);
    }
    Puzzle::new(Shape::new(n, Regions::Map(map)).unwrap(), alphabet, givens).unwrap()
}

/// A grid of letters separated by spaces, as in seed 001's answer.
fn letters_grid(path: &str, alphabet: &Alphabet) -> Vec<u8> {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    text.lines()
        .filter(|l| l.contains(' '))
        .flat_map(|l| l.split_whitespace().map(|s| alphabet.index(s.chars().next().unwrap()).unwrap()))
        .collect()
}

fn seed_001() -> (Puzzle, Vec<u8>) {
    let p = grouped("fixtures/seeds/001-example1.in");
    let solution = letters_grid("fixtures/seeds/001-example1.out", p.alphabet());
    assert_eq!(p.verify(&solution), Ok(()), "seed 001's answer solves it");
    (p, solution)
}

/// Seed 003: nine rows of nine digits, 0 for a blank.
fn seed_003() -> Puzzle {
    let text = std::fs::read_to_string(root().join("fixtures/seeds/003-sample.in")).unwrap();
    let alphabet = Alphabet::default_for(9).unwrap();
    let givens = text.split_whitespace().flat_map(|l| l.chars()).map(|c| alphabet.index(c)).collect();
    Puzzle::new(Shape::default_for(9).unwrap(), alphabet, givens).unwrap()
}

/// A filled grid of box Sudoku (or a cyclic Latin square) by formula.
fn pattern(shape: &Shape) -> Vec<u8> {
    let n = shape.n();
    let (rows, cols) = match shape.regions() {
        &Regions::Boxes { rows, cols } => (rows, cols),
        _ => (n, 1),
    };
    (0..n * n).map(|i| ((i / n * cols + i / n / rows + i % n) % n) as u8).collect()
}

/// The pattern grid with every third cell (and a few more) given.
fn boxes(n: usize) -> (Puzzle, Vec<u8>) {
    let shape = Shape::default_for(n).unwrap();
    let grid = pattern(&shape);
    let givens = grid.iter().enumerate().map(|(i, &v)| (i % 3 == 0 || i % 7 == 1).then_some(v)).collect();
    let p = Puzzle::new(shape, Alphabet::default_for(n).unwrap(), givens).unwrap();
    assert_eq!(p.verify(&grid), Ok(()));
    (p, grid)
}

const JIGSAW: &str = "000111222000111222030011122333344442334444555633475555666778855667778888666777888";

/// A 9x9 jigsaw map with the diagonal given (symbol r in row r).
fn jigsaw() -> Puzzle {
    let shape = Shape::new(9, Regions::Map(JIGSAW.chars().collect())).unwrap();
    let givens = (0..81).map(|i| (i / 9 == i % 9).then_some((i / 9) as u8)).collect();
    Puzzle::new(shape, Alphabet::default_for(9).unwrap(), givens).unwrap()
}

/// A 5x5 Latin square with its first row and main diagonal given.
fn latin() -> (Puzzle, Vec<u8>) {
    let shape = Shape::new(5, Regions::None).unwrap();
    let grid = pattern(&shape);
    let givens = grid.iter().enumerate().map(|(i, &v)| (i < 5 || i % 6 == 0).then_some(v)).collect();
    let p = Puzzle::new(shape, Alphabet::default_for(5).unwrap(), givens).unwrap();
    assert_eq!(p.verify(&grid), Ok(()));
    (p, grid)
}

/// A rasterized picture, one pixel per user unit.
struct Raster(tiny_skia::Pixmap);

impl Raster {
    fn of(svg: &str) -> Raster {
        let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("usvg parses the SVG");
        let size = tree.size().to_int_size();
        let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
        resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
        Raster(pixmap)
    }

    fn rgb(&self, x: u32, y: u32) -> [u8; 3] {
        let p = self.0.pixel(x, y).unwrap().demultiply();
        // Nothing in the pictures is transparent: the paper is white.
        assert_eq!(p.alpha(), 255, "pixel ({x}, {y}) is not opaque");
        [p.red(), p.green(), p.blue()]
    }

    fn luma(&self, x: u32, y: u32) -> u32 {
        let [r, g, b] = self.rgb(x, y);
        (299 * r as u32 + 587 * g as u32 + 114 * b as u32) / 1000
    }

    /// The darkest luma in a window around (x, y).
    fn darkest(&self, x: f64, y: f64, dx: i32, dy: i32) -> u32 {
        let (x, y) = (x.round() as i32, y.round() as i32);
        let mut best = u32::MAX;
        for yy in y - dy..=y + dy {
            for xx in x - dx..=x + dx {
                best = best.min(self.luma(xx as u32, yy as u32));
            }
        }
        best
    }
}

/// Where cell (r, c) of a single-puzzle SVG lies: its left and top edges.
fn cell_at(r: usize, c: usize) -> (f64, f64) {
    (SVG_MARGIN + c as f64 * SVG_CELL, SVG_MARGIN + r as f64 * SVG_CELL)
}

/// The pixels of a cell's inside (six pixels clear of its lines) that are
/// clearly darker than the cell's background, sampled at a corner.
fn ink(raster: &Raster, r: usize, c: usize) -> usize {
    let (x0, y0) = cell_at(r, c);
    let background = raster.luma(x0 as u32 + 5, y0 as u32 + 5);
    let mut count = 0;
    for y in (y0 as u32 + 6)..(y0 + SVG_CELL) as u32 - 6 {
        for x in (x0 as u32 + 6)..(x0 + SVG_CELL) as u32 - 6 {
            if raster.luma(x, y) + 60 < background {
                count += 1;
            }
        }
    }
    count
}

/// Checks the facts of a single-puzzle SVG of `puzzle` in its pixels.
fn check_pixels(name: &str, puzzle: &Puzzle, solution: Option<&[u8]>, shading: bool) {
    let mut picture = Picture::new(puzzle);
    if let Some(grid) = solution {
        picture = picture.with_solution(grid);
    }
    let options = Options { shading, ..Options::default() };
    let svg = render::svg(&picture, &options).unwrap();
    check_svg_pixels(name, &svg, puzzle, solution, shading);
}

/// Checks the facts of `svg`, a single-puzzle SVG of `puzzle` (with
/// `solution` drawn in, and shaded or not), in its pixels.
fn check_svg_pixels(name: &str, svg: &str, puzzle: &Puzzle, solution: Option<&[u8]>, shading: bool) {
    let n = puzzle.n();
    let shape = puzzle.shape();
    let side = 2.0 * SVG_MARGIN + n as f64 * SVG_CELL;
    let head = format!(r#"width="{side}" height="{side}" viewBox="0 0 {side} {side}""#);
    assert!(svg.lines().next().unwrap().contains(&head), "{name}: {}", svg.lines().next().unwrap());
    // Text as text: one <text> per symbol drawn.
    let drawn = match solution {
        Some(_) => n * n,
        None => puzzle.givens().iter().flatten().count(),
    };
    assert_eq!(svg.matches("<text ").count(), drawn, "{name}");
    let raster = Raster::of(svg);
    assert_eq!((raster.0.width(), raster.0.height()), (side as u32, side as u32));

    // A given's cell is not blank; an empty cell is.
    let given = puzzle.givens().iter().position(Option::is_some).expect("a given");
    assert!(ink(&raster, given / n, given % n) > 20, "{name}: given cell {given} is blank");
    if let Some(grid) = solution {
        let filled = puzzle.givens().iter().position(Option::is_none).expect("a blank");
        assert!(ink(&raster, filled / n, filled % n) > 20, "{name}: filled cell {filled} is blank");
        // Givens are near black, solution symbols blue.
        let darkest = |cell: usize| {
            let (x0, y0) = cell_at(cell / n, cell % n);
            let mut best = [255u8; 3];
            for y in y0 as u32 + 6..(y0 + SVG_CELL) as u32 - 6 {
                for x in x0 as u32 + 6..(x0 + SVG_CELL) as u32 - 6 {
                    let p = raster.rgb(x, y);
                    if p.iter().map(|&v| v as u32).sum::<u32>() < best.iter().map(|&v| v as u32).sum() {
                        best = p;
                    }
                }
            }
            best
        };
        let [r, g, b] = darkest(given);
        assert!(r < 60 && g < 60 && b < 60, "{name}: given ink {:?}", [r, g, b]);
        let [r, _, b] = darkest(filled);
        assert!(b as u32 > r as u32 + 80, "{name}: solution ink {:?} is not blue", darkest(filled));
        let _ = grid;
    } else if let Some(empty) = puzzle.givens().iter().position(Option::is_none) {
        assert_eq!(ink(&raster, empty / n, empty % n), 0, "{name}: empty cell {empty} has ink");
    }

    // Lines: a thick border darker than a thin cell line, which is itself
    // visible against the cell. Vertical lines, sampled mid-cell.
    let vertical = |r: usize, c: usize| {
        let (x, y) = cell_at(r, c + 1);
        raster.darkest(x, y + SVG_CELL / 2.0, 2, 0)
    };
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n - 1).map(move |c| (r, c))).collect();
    let differ = |&(r, c): &(usize, usize)| shape.region(r * n + c) != shape.region(r * n + c + 1);
    let thin = pairs.iter().find(|p| !differ(p)).expect("two cells of one region side by side");
    let thin_luma = vertical(thin.0, thin.1);
    let inside = raster.luma(cell_at(thin.0, thin.1).0 as u32 + 5, cell_at(thin.0, thin.1).1 as u32 + 5);
    assert!(thin_luma + 20 < inside, "{name}: cell line {thin_luma} invisible on {inside}");
    // The frame is a thick line too.
    let frame = raster.darkest(SVG_MARGIN, SVG_MARGIN + SVG_CELL / 2.0, 2, 0);
    assert!(frame + 60 < thin_luma, "{name}: frame {frame} not darker than cell line {thin_luma}");
    if let Some(&(r, c)) = pairs.iter().find(|p| differ(p)) {
        let thick = vertical(r, c);
        assert!(thick + 60 < thin_luma, "{name}: border {thick} not darker than cell line {thin_luma}");
        // Shading: the two regions differ (or both are paper).
        let (xa, ya) = cell_at(r, c);
        let (xb, yb) = cell_at(r, c + 1);
        let a = raster.rgb(xa as u32 + 5, ya as u32 + 5);
        let b = raster.rgb(xb as u32 + 5, yb as u32 + 5);
        if shading {
            assert_ne!(a, b, "{name}: adjacent regions share a shade");
            assert!(a.iter().chain(&b).all(|&v| v > 150), "{name}: shading {a:?} {b:?} is not light");
        } else {
            assert_eq!((a, b), ([255; 3], [255; 3]), "{name}: shading none still shades");
        }
    } else {
        assert!(!shape.has_regions(), "{name}: a shape with regions has a border");
    }
    // Every pair of regions that meet (across or down) differ in shade.
    if shading && shape.has_regions() {
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            let (x, y) = cell_at(r, c);
            let here = raster.rgb(x as u32 + 4, y as u32 + 4);
            for (other, (ox, oy)) in [(cell + 1, cell_at(r, c + 1)), (cell + n, cell_at(r + 1, c))] {
                let beside = if other == cell + 1 { c + 1 < n } else { r + 1 < n };
                if beside && shape.region(other) != shape.region(cell) {
                    assert_ne!(
                        here,
                        raster.rgb(ox as u32 + 4, oy as u32 + 4),
                        "{name}: cells {cell} {other}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_shape_parses_and_its_pixels_hold() {
    let (four, four_grid) = boxes(4);
    check_pixels("4x4", &four, None, true);
    check_pixels("4x4 solved", &four, Some(&four_grid), true);
    let (seed, seed_grid) = seed_001();
    check_pixels("seed 001", &seed, None, true);
    check_pixels("seed 001 solved", &seed, Some(&seed_grid), true);
    check_pixels("seed 001 unshaded", &seed, None, false);
    check_pixels("9x9 boxes", &seed_003(), None, true);
    check_pixels("9x9 jigsaw", &jigsaw(), None, true);
    let (latin, latin_grid) = latin();
    check_pixels("Latin 5x5", &latin, Some(&latin_grid), true);
    for n in [16, 25, 64] {
        let (p, grid) = boxes(n);
        check_pixels(&format!("{n}x{n}"), &p, None, true);
        check_pixels(&format!("{n}x{n} solved"), &p, Some(&grid), false);
    }
}

#[test]
fn candidates_are_drawn_small_in_empty_cells() {
    let p = seed_003();
    let candidates = render::plain_candidates(&p);
    let svg = render::svg(&Picture::new(&p).with_candidates(&candidates), &Options::default()).unwrap();
    let raster = Raster::of(&svg);
    let empty = p.givens().iter().position(Option::is_none).unwrap();
    assert!(ink(&raster, empty / 9, empty % 9) > 10, "an empty cell shows its candidates");
    let count: u32 = (0..81).filter(|&i| p.givens()[i].is_none()).map(|i| candidates[i].count_ones()).sum();
    let givens = p.givens().iter().flatten().count();
    assert_eq!(svg.matches("<text ").count(), givens + count as usize);
    // Cell r1c1 of seed 003 (blank): 5 and 3 are in its row, 8 and 4 in
    // its column, 7 in its box, so it shows 1 2 6 9.
    assert_eq!(candidates[0], 0b1_0010_0011);
}

#[test]
fn golden_svgs() {
    let (four, four_grid) = boxes(4);
    let svg = render::svg(&Picture::new(&four).with_solution(&four_grid), &Options::default()).unwrap();
    golden("fixtures/render/4x4-solved.svg", &svg);
    let (seed, seed_grid) = seed_001();
    let candidates = render::plain_candidates(&seed);
    let svg = render::svg(&Picture::new(&seed).with_candidates(&candidates), &Options::default()).unwrap();
    golden("fixtures/render/001-example1-candidates.svg", &svg);
    // The README's pictures.
    let svg = render::svg(&Picture::new(&seed), &Options::default()).unwrap();
    golden("docs/seed-001-puzzle.svg", &svg);
    let svg = render::svg(&Picture::new(&seed).with_solution(&seed_grid), &Options::default()).unwrap();
    golden("docs/seed-001-solution.svg", &svg);
}

#[test]
fn golden_art() {
    let plain = Options::default();
    let p = seed_003();
    golden("fixtures/render/003-sample.art.txt", &render::art(&Picture::new(&p), &plain).unwrap());
    let (seed, grid) = seed_001();
    let text = render::art(&Picture::new(&seed).with_solution(&grid), &plain).unwrap();
    golden("fixtures/render/001-example1-solved.art.txt", &text);
    golden("fixtures/render/jigsaw-9.art.txt", &render::art(&Picture::new(&jigsaw()), &plain).unwrap());
    let (latin, grid) = latin();
    let text = render::art(&Picture::new(&latin).with_solution(&grid), &plain).unwrap();
    golden("fixtures/render/latin-5-solved.art.txt", &text);
    // Colour on: the same picture with SGR codes, and nothing else.
    let colour =
        render::art(&Picture::new(&latin).with_solution(&grid), &Options { color: true, ..plain }).unwrap();
    let stripped = colour.replace("\x1b[1m", "").replace("\x1b[36m", "").replace("\x1b[0m", "");
    let unbracketed = text.replace(['[', ']'], " ");
    assert_eq!(stripped, unbracketed);
    // 64 x 64: every line as wide as the first.
    let (big, grid) = boxes(64);
    let text = render::art(&Picture::new(&big).with_solution(&grid), &plain).unwrap();
    let widths: Vec<usize> = text.lines().map(|l| l.chars().count()).collect();
    assert_eq!(widths.len(), 2 * 64 + 1);
    assert!(widths.iter().all(|&w| w == 64 * 4 + 1), "{widths:?}");
}

/// The puzzles of one run: four shapes, six puzzles.
fn mixed() -> Vec<Puzzle> {
    let (four, _) = boxes(4);
    let (seed, _) = seed_001();
    let (latin, _) = latin();
    vec![four, seed, seed_003(), jigsaw(), latin, boxes(16).0]
}

#[test]
fn pages_tile_and_number_puzzles() {
    let puzzles = mixed();
    let pictures: Vec<Picture> = puzzles.iter().map(Picture::new).collect();
    let options = Options { per_page: 4, page: PageSize::Letter, ..Options::default() };
    let pages = render::svg_pages(&pictures, &options).unwrap();
    assert_eq!(pages.len(), 2);
    assert!(pages[0].starts_with(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="8.5in" height="11in" viewBox="0 0 612 792">"#
    ));
    // Captions (bold text not centred): puzzles 1-4 on the first page, 5-6
    // on the second.
    let captions = |page: &str| -> Vec<String> {
        page.lines()
            .filter(|l| l.starts_with("<text ") && l.contains("bold") && !l.contains("text-anchor"))
            .map(|l| l[l.find('>').unwrap() + 1..l.find("</text>").unwrap()].to_string())
            .collect()
    };
    assert_eq!(captions(&pages[0]), ["1", "2", "3", "4"]);
    assert_eq!(captions(&pages[1]), ["5", "6"]);
    for page in &pages {
        // 8.5 x 11 in at 96 pixels an inch.
        let raster = Raster::of(page);
        assert_eq!((raster.0.width(), raster.0.height()), (816, 1056));
    }
    let labelled = [Picture::new(&puzzles[0]).with_label("from a.txt, line 3")];
    let a4 = render::svg_pages(&labelled, &Options::default()).unwrap();
    assert!(
        a4[0].contains(r#"width="210mm" height="297mm""#) && a4[0].contains(">from a.txt, line 3</text>")
    );
    Raster::of(&a4[0]);
    // A single picture with a label grows a caption line above the grid.
    let one = render::svg(&labelled[0], &Options::default()).unwrap();
    let (w, h) = (2.0 * SVG_MARGIN + 4.0 * SVG_CELL, 2.0 * SVG_MARGIN + 5.0 * SVG_CELL);
    assert!(one.starts_with(&format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}""#)));
    assert!(one.contains(">from a.txt, line 3</text>"));
    Raster::of(&one);

    assert_eq!(
        render::svg_pages(&pictures, &Options { per_page: 0, ..options }),
        Err(RenderError::PerPage { k: 0 })
    );
    assert_eq!(render::pdf(&[], &options), Err(RenderError::NoPuzzles));
}

#[test]
fn what_cannot_be_drawn_is_refused() {
    let shape = Shape::new(2, Regions::None).unwrap();
    let p = Puzzle::new(shape, Alphabet::custom("甲乙").unwrap(), vec![Some(0), None, None, None]).unwrap();
    assert_eq!(render::svg(&Picture::new(&p), &Options::default()), Err(RenderError::Glyph { symbol: '甲' }));
    // Art needs no glyphs.
    assert!(render::art(&Picture::new(&p), &Options::default()).unwrap().contains("甲"));
    let (four, mut grid) = boxes(4);
    grid[0] = (grid[0] + 1) % 4;
    let err = render::svg(&Picture::new(&four).with_solution(&grid), &Options::default()).unwrap_err();
    assert_eq!(err, RenderError::SolutionGiven { cell: 0 });
    assert_eq!(err.to_string(), "the solution changes the given in cell 0");
    // Other scripts the fonts cover are drawn.
    let shape = Shape::new(3, Regions::None).unwrap();
    let greek = Puzzle::new(shape, Alphabet::custom("αβγ").unwrap(), vec![Some(0); 9]).unwrap();
    assert!(render::svg(&Picture::new(&greek), &Options::default()).unwrap().contains(">α</text>"));
}

/// The bytes as text, each byte above ASCII as `?` (so offsets hold).
fn ascii(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| if b.is_ascii() { b as char } else { '?' }).collect()
}

/// The objects of a PDF found through its cross-reference table.
struct Pdf {
    bytes: Vec<u8>,
    offsets: Vec<usize>,
}

impl Pdf {
    /// Reads the header, `startxref`, the xref table and the trailer, and
    /// checks that every entry points at its own `N 0 obj`.
    fn parse(bytes: Vec<u8>) -> Pdf {
        assert!(bytes.starts_with(b"%PDF-1."), "header");
        let text = ascii(&bytes);
        assert!(text.trim_end().ends_with("%%EOF"), "trailer end");
        let at = text.rfind("startxref").expect("startxref");
        let xref: usize = text[at + 9..].split_whitespace().next().unwrap().parse().unwrap();
        assert!(text[xref..].starts_with("xref"), "startxref points at the table");
        let mut lines = text[xref..].lines().skip(1);
        let header: Vec<usize> = lines.next().unwrap().split(' ').map(|s| s.parse().unwrap()).collect();
        assert_eq!(header[0], 0);
        let mut offsets = Vec::new();
        for (k, line) in lines.by_ref().take(header[1]).enumerate() {
            assert_eq!(line.len(), 18, "xref entries are 20 bytes with their end of line");
            let offset: usize = line[..10].parse().unwrap();
            if k == 0 {
                assert!(line.ends_with(" f"));
                continue;
            }
            assert!(line.ends_with(" n"));
            assert!(text[offset..].starts_with(&format!("{k} 0 obj")), "object {k} at {offset}");
            offsets.push(offset);
        }
        let trailer = lines.next().unwrap();
        assert!(trailer.starts_with("trailer"), "{trailer}");
        let rest = &text[text.rfind("trailer").unwrap()..];
        assert!(rest.contains(&format!("/Size {}", header[1])) && rest.contains("/Root"));
        Pdf { bytes, offsets }
    }

    /// Object `k`'s text up to `endobj`.
    fn object(&self, k: usize) -> String {
        let text = ascii(&self.bytes[self.offsets[k - 1]..]);
        text[..text.find("endobj").unwrap()].to_string()
    }

    fn objects(&self) -> Vec<String> {
        (1..=self.offsets.len()).map(|k| self.object(k)).collect()
    }
}

#[test]
fn the_pdf_is_well_formed() {
    let puzzles = mixed();
    let (seed, grid) = seed_001();
    let mut pictures: Vec<Picture> = puzzles.iter().map(Picture::new).collect();
    pictures.push(Picture::new(&seed).with_solution(&grid));
    let options = Options { per_page: 3, ..Options::default() };
    let pdf = Pdf::parse(render::pdf(&pictures, &options).unwrap());
    let objects = pdf.objects();
    let pages: Vec<&String> =
        objects.iter().filter(|o| o.contains("/Type /Page\n") || o.contains("/Type /Page ")).collect();
    assert_eq!(pages.len(), 3, "seven puzzles, three to a page");
    for page in &pages {
        assert!(page.contains("/MediaBox [0 0 595.276 841.89]"), "{page}");
    }
    let tree = objects.iter().find(|o| o.contains("/Type /Pages")).unwrap();
    assert!(tree.contains("/Count 3"), "{tree}");
    // Text in Type 3 fonts with a ToUnicode map, regular and bold.
    let fonts: Vec<&String> = objects.iter().filter(|o| o.contains("/Subtype /Type3")).collect();
    assert_eq!(fonts.len(), 2);
    for font in fonts {
        assert!(font.contains("/CharProcs") && font.contains("/ToUnicode") && font.contains("/Differences"));
    }
    let cmaps = objects.iter().filter(|o| o.contains("beginbfchar")).count();
    assert_eq!(cmaps, 2);
    // The captions and symbols are shown as text.
    assert!(objects.iter().filter(|o| o.contains(" Tj")).count() >= 3);
}

/// Runs the real `dance` in `fixtures/` and returns its stdout.
fn dance(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dance"))
        .args(args)
        .current_dir(root().join("fixtures"))
        .output()
        .expect("dance runs");
    assert!(out.status.success(), "dance {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn render_through_the_binary_holds_the_pixel_facts() {
    // `dance render` draws what the library draws, and the pixels hold.
    let (seed, grid) = seed_001();
    let svg = dance(&["render", "seeds/001-example1.in"]);
    assert_eq!(svg, render::svg(&Picture::new(&seed), &Options::default()).unwrap());
    check_svg_pixels("render seed 001", &svg, &seed, None, true);
    let svg = dance(&["render", "--solution", "seeds/001-example1.in"]);
    check_svg_pixels("render --solution seed 001", &svg, &seed, Some(&grid), true);
    let svg = dance(&["render", "--shading", "none", "seeds/003-sample.in"]);
    check_svg_pixels("render --shading none 9x9", &svg, &seed_003(), None, false);
    // The README's pictures are what its commands draw.
    let puzzle = std::fs::read_to_string(root().join("docs/seed-001-puzzle.svg")).unwrap();
    assert_eq!(dance(&["render", "seeds/001-example1.in"]), puzzle);
    let solution = std::fs::read_to_string(root().join("docs/seed-001-solution.svg")).unwrap();
    assert_eq!(dance(&["render", "--solution", "seeds/001-example1.in"]), solution);
}

#[test]
fn every_svg_of_the_corpus_parses_and_draws() {
    // Every SVG the corpus expects from `dance` (the `.out` files that
    // are SVG documents): a real parser reads it, resvg draws it at the
    // size it declares, and there is ink on the paper.
    let mut seen = 0;
    for dir in std::fs::read_dir(root().join("fixtures")).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_none_or(|e| e != "out") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            if !text.starts_with("<svg ") {
                continue;
            }
            seen += 1;
            let raster = Raster::of(&text);
            let (w, h) = (raster.0.width(), raster.0.height());
            let head = text.lines().next().unwrap();
            let declared = |attr: &str| -> f64 {
                let v = &head[head.find(&format!("{attr}=\"")).unwrap() + attr.len() + 2..];
                let v = &v[..v.find('"').unwrap()];
                // Pages are in mm or inches; resvg draws 96 pixels an inch.
                match (v.strip_suffix("mm"), v.strip_suffix("in")) {
                    (Some(mm), _) => mm.parse::<f64>().unwrap() * 96.0 / 25.4,
                    (_, Some(inch)) => inch.parse::<f64>().unwrap() * 96.0,
                    _ => v.parse().unwrap(),
                }
            };
            let name = path.display();
            assert_eq!(
                (w, h),
                (declared("width").round() as u32, declared("height").round() as u32),
                "{name}"
            );
            assert!(head.contains("viewBox=\"0 0 "), "{name}");
            // A page of 210 mm is 793.7 pixels: the last column and row
            // are partly paper, partly transparent.
            let dark = (1..h - 1).step_by(2).flat_map(|y| (1..w - 1).step_by(2).map(move |x| (x, y)));
            let dark = dark.filter(|&(x, y)| raster.luma(x, y) < 60).count();
            assert!(dark > 100, "{name}: {dark} dark pixels");
        }
    }
    assert!(seen >= 5, "the corpus has {seen} SVG outputs");
}
