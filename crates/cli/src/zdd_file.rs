//! The decision-diagram file `count --zdd FILE` writes and `dance zdd`
//! reads (docs/memo.md, "The decision diagram"): text, one line a node,
//! with the problem inside so that the file can be read alone.
//!
//! ```text
//! dance-zdd 1
//! count 3
//! problem dlx 8
//! a b c d e f            <- 8 lines: the problem (Knuth's format, or
//! a b                       dance export's JSON for a puzzle: grids)
//! ...
//! nodes 7
//! root 8
//! 2 3 0 1                <- id option lo hi: options from 1, ids from 2,
//! ...                       0 and 1 the terminals, children first
//! end
//! ```

use std::io::{self, Write};

use dlx::{Node, Zdd, ZddError};

use crate::error::Format;
use crate::input::{read_str, ReadSettings};
use crate::record::{Body, PuzzleCover};

/// The first word of a diagram file.
pub const MAGIC: &str = "dance-zdd";
/// The version this `dance` writes and reads.
pub const VERSION: u32 = 1;

/// A diagram read back: the problem (with its puzzle when it came from
/// one) and the diagram of its solutions.
#[derive(Debug)]
pub struct ZddFile {
    /// The problem.
    pub problem: dlx::Problem,
    /// The puzzle its options place digits on, if any.
    pub cover: Option<PuzzleCover>,
    /// The diagram.
    pub zdd: Zdd,
    /// Its count (checked against the header's).
    pub count: u128,
}

/// Why a file is not a diagram: the line (from 1; 0 for the file as a
/// whole) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The line, from 1 (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl ReadError {
    fn at(line: usize, message: impl Into<String>) -> ReadError {
        ReadError { line, message: message.into() }
    }
}

/// Writes a diagram file: `problem` is the problem's text in `format`
/// (Knuth's or dance export's JSON), `count` the diagram's count.
pub fn write(out: &mut impl Write, problem: &str, format: Format, zdd: &Zdd, count: u128) -> io::Result<()> {
    let name = if format == Format::Json { "json" } else { "dlx" };
    let problem = problem.strip_suffix('\n').unwrap_or(problem);
    writeln!(out, "{MAGIC} {VERSION}\ncount {count}\nproblem {name} {}", problem.lines().count())?;
    writeln!(out, "{problem}")?;
    writeln!(out, "nodes {}\nroot {}", zdd.len(), zdd.root())?;
    for (k, n) in zdd.nodes().iter().enumerate() {
        writeln!(out, "{} {} {} {}", k + 2, n.option as u64 + 1, n.lo, n.hi)?;
    }
    writeln!(out, "end")
}

/// The lines of a file, numbered from 1.
struct Lines<'a> {
    lines: std::iter::Enumerate<std::str::Split<'a, char>>,
    last: usize,
}

impl<'a> Lines<'a> {
    /// The next line, or an error naming what was expected.
    fn next(&mut self, what: &str) -> Result<(usize, &'a str), ReadError> {
        match self.lines.next() {
            Some((k, l)) if !(l.is_empty() && self.lines.clone().next().is_none()) => {
                self.last = k + 1;
                Ok((k + 1, l.strip_suffix('\r').unwrap_or(l)))
            }
            _ => Err(ReadError::at(
                self.last + 1,
                format!("the file ends where {what} was expected (truncated?)"),
            )),
        }
    }

    /// The next line as `KEY VALUE...`: the values.
    fn keyed(&mut self, key: &str) -> Result<(usize, Vec<&'a str>), ReadError> {
        let (no, line) = self.next(&format!("`{key} ...`"))?;
        let mut words = line.split_ascii_whitespace();
        if words.next() != Some(key) {
            return Err(ReadError::at(no, format!("expected `{key} ...`, found {:?}", clip(line))));
        }
        Ok((no, words.collect()))
    }
}

/// At most 40 characters of a line, for a message.
fn clip(line: &str) -> String {
    match line.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &line[..at]),
        None => line.to_string(),
    }
}

fn number<T: std::str::FromStr>(no: usize, words: &[&str], k: usize, what: &str) -> Result<T, ReadError> {
    words.get(k).and_then(|w| w.parse().ok()).ok_or_else(|| {
        ReadError::at(no, format!("{what}: expected a number, found {:?}", words.get(k).unwrap_or(&"")))
    })
}

/// Reads a diagram file (`path` names it in the problem's refusals).
pub fn read(bytes: &[u8], path: &str) -> Result<ZddFile, ReadError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
        ReadError::at(line, format!("not UTF-8 text (byte offset {})", e.valid_up_to()))
    })?;
    let mut lines = Lines { lines: text.split('\n').enumerate(), last: 0 };
    let (_, head) = lines.next("the header `dance-zdd 1`").map_err(|_| ReadError::at(0, "an empty file"))?;
    match head.split_ascii_whitespace().collect::<Vec<_>>()[..] {
        [MAGIC, v] if v == VERSION.to_string() => {}
        [MAGIC, v] => {
            return Err(ReadError::at(1, format!("version {v}: this dance reads version {VERSION}")))
        }
        _ => return Err(ReadError::at(1, format!("not a dance-zdd file: found {:?}", clip(head)))),
    }
    let (no, w) = lines.keyed("count")?;
    let count: u128 = number(no, &w, 0, "count")?;
    let (problem, cover, options) = read_problem(&mut lines, path)?;
    let (no, w) = lines.keyed("nodes")?;
    let len: usize = number(no, &w, 0, "nodes")?;
    let (root_no, w) = lines.keyed("root")?;
    let root: u32 = number(root_no, &w, 0, "root")?;
    let first = root_no + 1;
    let mut nodes = Vec::with_capacity(len.min(1 << 24));
    for k in 0..len {
        let (no, line) = lines.next("a node `id option lo hi`")?;
        let w: Vec<&str> = line.split_ascii_whitespace().collect();
        if w.len() != 4 {
            return Err(ReadError::at(
                no,
                format!("expected a node `id option lo hi`, found {:?}", clip(line)),
            ));
        }
        let id: u64 = number(no, &w, 0, "the node's id")?;
        if id != k as u64 + 2 {
            return Err(ReadError::at(no, format!("node {} expected here, found {id}", k + 2)));
        }
        let option: u32 = number(no, &w, 1, "the option")?;
        if option == 0 {
            return Err(ReadError::at(no, "options are numbered from 1"));
        }
        nodes.push(Node { option: option - 1, lo: number(no, &w, 2, "lo")?, hi: number(no, &w, 3, "hi")? });
    }
    let (no, line) = lines.next("`end`")?;
    if line != "end" {
        return Err(ReadError::at(no, format!("expected `end` after {len} nodes, found {:?}", clip(line))));
    }
    let node_line = |id: u32| first + id as usize - 2;
    let located = |e: ZddError| match e {
        ZddError::Forward { id } | ZddError::Option { id, .. } | ZddError::Suppressed { id } => {
            ReadError::at(node_line(id), e.to_string())
        }
        ZddError::Cover { id } if id >= 2 => ReadError::at(node_line(id), e.to_string()),
        ZddError::Root { .. } | ZddError::Cover { .. } => ReadError::at(root_no, e.to_string()),
        ZddError::Overflow => ReadError::at(0, e.to_string()),
    };
    let zdd = Zdd::new(nodes, root, options).map_err(located)?;
    zdd.check_covers(&problem).map_err(located)?;
    let counted = zdd.count().map_err(located)?;
    if counted != count {
        return Err(ReadError::at(2, format!("the nodes hold {counted} solutions, the header says {count}")));
    }
    Ok(ZddFile { problem, cover, zdd, count })
}

/// Reads `problem dlx|json L` and the L lines after it: the problem, its
/// puzzle if any, and its option count.
fn read_problem(
    lines: &mut Lines<'_>,
    path: &str,
) -> Result<(dlx::Problem, Option<PuzzleCover>, usize), ReadError> {
    let (no, w) = lines.keyed("problem")?;
    let format = match w.first() {
        Some(&"dlx") => Format::Dlx,
        Some(&"json") => Format::Json,
        _ => return Err(ReadError::at(no, "expected `problem dlx L` or `problem json L`")),
    };
    let len: usize = number(no, &w, 1, "the problem's lines")?;
    let mut text = String::new();
    for _ in 0..len {
        text += lines.next("a line of the problem")?.1;
        text.push('\n');
    }
    let settings = ReadSettings { format: Some(format), ..ReadSettings::default() };
    let mut records = read_str(&text, path, &settings).into_iter();
    let (record, more) = (records.next(), records.next());
    let located = |line: usize| if line == 0 { no } else { no + line };
    match (record.map(|r| r.body), more) {
        (Some(Ok(Body::Problem { problem, cover })), None) => {
            let options = problem.option_count();
            Ok((problem, cover, options))
        }
        (Some(Err(r)), _) => Err(ReadError::at(located(r.line), format!("the problem: {}", r.error))),
        _ => Err(ReadError::at(no, "the problem's lines hold no exact-cover problem, or more than one")),
    }
}
