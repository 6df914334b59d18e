//! `dance render` and `--layout art` through the real binary: the files
//! `-o` writes (one SVG, numbered SVGs, pages, one PDF), refused records
//! beside drawn ones, and what `solve` writes on a terminal (art by
//! default, colour unless NO_COLOR or `--color never`), seen through a
//! pseudo-terminal made by `script`.

mod common;
use common::*;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A fresh, empty folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dance-render-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names of the files in `dir`, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn out(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

#[test]
fn one_puzzle_writes_the_file_named() {
    let dir = scratch("one");
    let input = fixture("render/4x4.txt");
    dance(&["render", &input, "-o", &out(&dir, "x.svg")]).check();
    assert_eq!(files(&dir), ["x.svg"]);
    // The same document as on standard output.
    let stdout = dance(&["render", &input]).any_stdout().check().stdout;
    assert_eq!(text(&dir.join("x.svg")), stdout);
    // A page of one, by asking for the paper.
    dance(&["render", &input, "--page", "letter", "-o", &out(&dir, "page.svg")]).check();
    assert!(text(&dir.join("page.svg")).contains(r#"width="8.5in" height="11in""#));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn several_puzzles_write_numbered_files() {
    let dir = scratch("several");
    let input = fixture("render/three.txt");
    // One picture a puzzle, each the picture `--index K` draws.
    dance(&["render", &input, "-o", &out(&dir, "book.svg")]).check();
    assert_eq!(files(&dir), ["book-1.svg", "book-2.svg", "book-3.svg"]);
    for k in 1..=3 {
        let one = dance(&["render", &input, "--index", &k.to_string()]).any_stdout().check().stdout;
        assert_eq!(text(&dir.join(format!("book-{k}.svg"))), one, "puzzle {k}");
    }
    // Pages: three puzzles, two to a page, A4 by default.
    dance(&["render", &input, "--per-page", "2", "-o", &out(&dir, "pages.svg")]).check();
    assert!(!dir.join("pages.svg").exists());
    for k in 1..=2 {
        let page = text(&dir.join(format!("pages-{k}.svg")));
        assert!(page.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm""#));
    }
    assert!(!dir.join("pages-3.svg").exists());
    // Three to a page: one page, so the file named.
    dance(&["render", &input, "--per-page", "3", "-o", &out(&dir, "all.svg")]).check();
    assert!(dir.join("all.svg").exists() && !dir.join("all-1.svg").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The page objects of a PDF, counted by their `/Type /Page` entries.
fn pdf_pages(bytes: &[u8]) -> usize {
    let text: String = bytes.iter().map(|&b| if b.is_ascii() { b as char } else { '?' }).collect();
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

#[test]
fn a_pdf_holds_every_page() {
    let dir = scratch("pdf");
    let input = fixture("render/three.txt");
    // Without --per-page, a puzzle a page.
    dance(&["render", &input, "--solution", "-o", &out(&dir, "book.pdf")])
        .status(1)
        .stderr_has("无解: symbol 1 twice in row 1; drawn without a solution")
        .check();
    assert_eq!(files(&dir), ["book.pdf"]);
    let bytes = std::fs::read(dir.join("book.pdf")).unwrap();
    assert!(bytes.starts_with(b"%PDF-1.") && bytes.trim_ascii_end().ends_with(b"%%EOF"));
    assert_eq!(pdf_pages(&bytes), 3);
    dance(&["render", &input, "--per-page", "2", "--page", "letter", "-o", &out(&dir, "two.pdf")]).check();
    let bytes = std::fs::read(dir.join("two.pdf")).unwrap();
    assert_eq!(pdf_pages(&bytes), 2);
    let text: String = bytes.iter().map(|&b| if b.is_ascii() { b as char } else { '?' }).collect();
    assert!(text.contains("/MediaBox [0 0 612 792]"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refused_records_are_named_and_the_others_drawn() {
    let dir = scratch("refused");
    let (good_bad_good, queens) = (fixture("line/good-bad-good.txt"), fixture("dlx/queens-8.dlx"));
    let r = dance(&["render", &good_bad_good, &queens, "-o", &out(&dir, "p.svg")]).status(2).any_stdout();
    let r = r.stderr_has("good-bad-good.txt:2: 80 cells").check();
    assert!(r.stderr.contains("queens-8.dlx:1: an exact-cover problem has no picture"), "{}", r.stderr);
    // Records 1 and 3 drawn, as two files.
    assert_eq!(files(&dir), ["p-1.svg", "p-2.svg"]);
    // Nothing to draw at all: no file.
    dance(&["render", &queens, "-o", &out(&dir, "q.svg")]).status(2).stderr_has("no picture").check();
    assert!(!dir.join("q.svg").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `dance ARGS` with its standard output on a pseudo-terminal (made
/// by `script`), with NO_COLOR as given; `None` when `script` is missing.
fn on_terminal(args: &[&str], no_color: Option<&str>) -> Option<String> {
    let probe = Command::new("script").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status();
    if !probe.is_ok_and(|s| s.success()) {
        eprintln!("script (util-linux) is missing: terminal behaviour not checked");
        return None;
    }
    let mut line = shell_quote(env!("CARGO_BIN_EXE_dance"));
    for a in args {
        line.push(' ');
        line += &shell_quote(a);
    }
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &line, "/dev/null"]).stdin(Stdio::null()).env_remove("NO_COLOR");
    if let Some(v) = no_color {
        cmd.env("NO_COLOR", v);
    }
    let out = cmd.output().expect("script runs");
    assert!(out.status.success(), "dance {}: {}", args.join(" "), String::from_utf8_lossy(&out.stdout));
    Some(String::from_utf8(out.stdout).unwrap().replace("\r\n", "\n"))
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

#[test]
fn solve_draws_art_on_a_terminal_and_never_in_a_pipe() {
    let input = fixture("render/4x4.txt");
    let art = read("render/art-4x4.out");
    let colour = read("render/art-color-always.out");
    // Piped: the input's layout, whatever NO_COLOR says.
    dance(&["solve", &input]).stdout("1432\n2341\n3124\n4213\n").check();
    let Some(tty) = on_terminal(&["solve", &input], None) else { return };
    assert_eq!(tty, colour, "a terminal gets art in colour");
    assert_eq!(on_terminal(&["solve", &input], Some("1")).unwrap(), art, "NO_COLOR: art without colour");
    assert_eq!(on_terminal(&["solve", &input], Some("")).unwrap(), colour, "an empty NO_COLOR is unset");
    assert_eq!(on_terminal(&["solve", "--color", "never", &input], None).unwrap(), art);
    assert_eq!(on_terminal(&["solve", "--color", "always", &input], Some("1")).unwrap(), colour);
    // --layout is obeyed on a terminal too.
    assert_eq!(on_terminal(&["solve", "--layout", "line", &input], None).unwrap(), "1432234131244213\n");
    // A puzzle a line stays a line: batches read as batches.
    let line = fixture("line/4x4-batch-1.txt");
    let piped = dance(&["solve", &line]).any_stdout().check().stdout;
    assert_eq!(on_terminal(&["solve", &line], None).unwrap(), piped);
    // Integers stay integers (art would show 16x16 symbols as letters).
    let ints = fixture("grid/integers-16x16.txt");
    let piped = dance(&["solve", &ints]).any_stdout().check().stdout;
    assert_eq!(on_terminal(&["solve", &ints], None).unwrap(), piped);
}

/// The lines of the code block of `doc` (from the repository root) that
/// follow the line `$ COMMAND`, up to the block's end.
fn shown_after(doc: &str, command: &str) -> String {
    let text = std::fs::read_to_string(fixtures().join("..").join(doc)).unwrap();
    let start = text.find(&format!("$ {command}\n")).unwrap_or_else(|| panic!("{doc} shows `{command}`"));
    let block = &text[start + command.len() + 3..];
    block[..block.find("```").unwrap()].to_string()
}

#[test]
fn the_docs_show_real_art() {
    // The blank line that ends each art block is left out of the docs.
    let readme = shown_after("README.md", "dance solve --layout art fixtures/seeds/001-example1.in");
    let art = dance(&["solve", "--layout", "art", &fixture("seeds/001-example1.in")]).any_stdout().check();
    assert_eq!(readme + "\n", art.stdout);
    let formats =
        shown_after("docs/formats.md", "dance solve --layout art --box none fixtures/render/latin-5.txt");
    let art = dance(&["solve", "--layout", "art", "--box", "none", &fixture("render/latin-5.txt")]);
    assert_eq!(formats + "\n", art.any_stdout().check().stdout);
    let pictures = shown_after("docs/pictures.md", "dance solve --layout art fixtures/seeds/001-example1.in");
    assert_eq!(pictures + "\n", read("render/art-seed-001-grouped.out"));
}
