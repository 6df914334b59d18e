//! Detection by parsing a window: any bytes give at least one record (or
//! refusal) without panicking, and the puzzles detection reads are the
//! puzzles that one of the puzzle formats reads when forced.
//!
//! Detection skips a lone count line or end marker (`3` before a batch,
//! `0` after it) with a notice, where a forced format reads what it is
//! told to (`--format line` reads `3` as a 1x1 puzzle, as documented): a
//! forced record that starts on such a line is dropped before comparing.
#![no_main]
use dance::input::{read_str, LineReader, ReadSettings, Records};
use dance::record::{Body, Format, Record};
use libfuzzer_sys::fuzz_target;

/// A count line or end marker as detection skips it: 1 to 6 digits, no
/// leading zero but `0` itself (the reader's own rule, restated here).
fn is_marker(t: &str) -> bool {
    let t = t.trim();
    (1..=6).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()) && (t == "0" || !t.starts_with('0'))
}

fuzz_target!(|data: &[u8]| {
    let format = None;
    let bytes = data.to_vec();
    let settings = ReadSettings { format, ..ReadSettings::default() };
    let reader = LineReader::from_bytes(bytes.clone());
    let records: Vec<_> = Records::new(reader, "fuzz", &settings).collect();
    assert!(!records.is_empty(), "every input gives a record or a refusal");
    let Ok(text) = std::str::from_utf8(&bytes) else { return };
    // The lines as the reader numbers them (CR-only, CRLF, a BOM).
    let mut lines = LineReader::from_bytes(bytes.clone());
    let mut markers = std::collections::HashSet::new();
    while let Some((no, line)) = lines.next_line() {
        if line.is_ok_and(|t| is_marker(&t)) {
            markers.insert(no);
        }
    }
    // The puzzles, in order. Grids and line records of order 1 to 3 are
    // left out on both sides: detection refuses them (or skips them as
    // count lines and end markers) by rule, where a forced format reads
    // them, so only the puzzles detection may give are compared.
    let givens = |rs: &[Record], drop_markers: bool| -> Vec<Vec<Option<u8>>> {
        rs.iter()
            .filter(|r| !(drop_markers && markers.contains(&r.source.line)))
            .filter_map(|r| match &r.body {
                Ok(Body::Puzzle { puzzle, .. }) if puzzle.n() >= 4 => Some(puzzle.givens().to_vec()),
                _ => None,
            })
            .collect()
    };
    let detected = givens(&records, false);
    if detected.is_empty() {
        return;
    }
    // Detected puzzles read the same under a forced puzzle format (a
    // table's included: a headerless row of one whole puzzle is a table).
    let found = [Format::Grid, Format::Line, Format::Grouped, Format::Table].into_iter().any(|f| {
        let forced = read_str(text, "fuzz", &ReadSettings { format: Some(f), ..ReadSettings::default() });
        givens(&forced, true) == detected
    });
    assert!(found, "detected puzzles read as no forced format does");
});
