//! The table reader: any bytes, read as a table (forced, or detected,
//! with or without `--column`), give records without panicking; and every
//! puzzle a table gives is one of its row's fields read alone as a line
//! record: never a puzzle made of an id, of two fields, or of another row.
#![no_main]
use dance::input::{read_str, LineReader, ReadSettings, Records};
use dance::record::{Body, Format, Record};
use libfuzzer_sys::fuzz_target;

fn givens(r: &Record) -> Option<Vec<Option<u8>>> {
    match &r.body {
        Ok(Body::Puzzle { puzzle, .. }) => Some(puzzle.givens().to_vec()),
        _ => None,
    }
}

fuzz_target!(|data: &[u8]| {
    let (mode, bytes) = match data.split_first() {
        Some((m, rest)) => (*m, rest),
        None => (0, &[][..]),
    };
    let format = if mode & 1 == 1 { Some(Format::Table) } else { None };
    let column = match mode >> 1 & 3 {
        1 => Some("puzzle".to_string()),
        2 => Some("board".to_string()),
        3 => Some("1".to_string()),
        _ => None,
    };
    let settings = ReadSettings { format, column, ..ReadSettings::default() };
    let reader = LineReader::from_bytes(bytes.to_vec());
    let records: Vec<_> = Records::new(reader, "fuzz", &settings).take(1000).collect();
    assert!(!records.is_empty(), "every input gives a record or a refusal");
    if format.is_none() {
        return;
    }
    // The lines as the reader numbers them.
    let mut reader = LineReader::from_bytes(bytes.to_vec());
    let mut lines = std::collections::HashMap::new();
    while let Some((no, line)) = reader.next_line() {
        if let Ok(t) = line {
            lines.insert(no, t);
        }
    }
    let line = ReadSettings { format: Some(Format::Line), ..ReadSettings::default() };
    for r in &records {
        let Some(g) = givens(r) else { continue };
        // (A quoted field may hold a delimiter: such rows are not split here.)
        let Some(text) = lines.get(&r.source.line).filter(|t| !t.contains('"')) else { continue };
        // A field of the row: split by each delimiter, quotes dropped.
        let found = [',', ';', '\t'].into_iter().any(|d| {
            text.split(d).any(|f| {
                let f = f.trim().trim_matches('"').trim();
                !f.is_empty() && read_str(f, "fuzz", &line).first().and_then(givens).as_ref() == Some(&g)
            })
        });
        assert!(found, "a table puzzle that is no field of its row: {text:?}");
    }
});
