//! Detection by parsing a window: any bytes give at least one record (or
//! refusal) without panicking, and the puzzles detection reads are the
//! puzzles that one of the puzzle formats reads when forced.
#![no_main]
use dance::input::{read_str, LineReader, ReadSettings, Records};
use dance::record::{Body, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let format = None;
    let bytes = data.to_vec();
    let settings = ReadSettings { format, ..ReadSettings::default() };
    let reader = LineReader::from_bytes(bytes.clone());
    let records: Vec<_> = Records::new(reader, "fuzz", &settings).collect();
    assert!(!records.is_empty(), "every input gives a record or a refusal");
    // Detected puzzles read the same under every forced puzzle format that
    // reads them to as many records.
    {
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let givens = |rs: &[dance::record::Record]| -> Vec<Option<Vec<Option<u8>>>> {
                rs.iter()
                    .map(|r| match &r.body {
                        Ok(Body::Puzzle { puzzle, .. }) => Some(puzzle.givens().to_vec()),
                        _ => None,
                    })
                    .collect()
            };
            let detected = givens(&records);
            let found = [Format::Grid, Format::Line, Format::Grouped].into_iter().any(|f| {
                let forced = read_str(text, "fuzz", &ReadSettings { format: Some(f), ..ReadSettings::default() });
                givens(&forced) == detected
            });
            let any_puzzle = detected.iter().any(|g| g.is_some());
            assert!(!any_puzzle || found, "detected puzzles read as no forced format does");
        }
    }
});
