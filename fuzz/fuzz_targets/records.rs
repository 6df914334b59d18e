//! Every input format, detected or forced, reads any bytes into records
//! without panicking.
#![no_main]
use dance::input::{LineReader, ReadSettings, Records};
use dance::record::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let formats = [
        None,
        Some(Format::Grid),
        Some(Format::Line),
        Some(Format::Grouped),
        Some(Format::Dlx),
        Some(Format::Json),
        Some(Format::Fpuzzles),
        Some(Format::Table),
    ];
    let format = formats[data.first().copied().unwrap_or(0) as usize % formats.len()];
    let settings = ReadSettings { format, ..ReadSettings::default() };
    let reader = LineReader::from_bytes(data.get(1..).unwrap_or(&[]).to_vec());
    let n = Records::new(reader, "fuzz", &settings).take(1000).count();
    assert!(n > 0, "every input gives a record or a refusal");
});
