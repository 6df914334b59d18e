//! Every input format, auto-detected or forced, reads any bytes into
//! records without panicking.
#![no_main]
use std::sync::Arc;

use dance::args::InputFormat;
use dance::input::{LineReader, Records, Settings};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let formats = [InputFormat::Auto, InputFormat::Grid, InputFormat::Line, InputFormat::Grouped, InputFormat::Dlx];
    let format = formats[data.first().copied().unwrap_or(0) as usize % formats.len()];
    let settings = Arc::new(Settings { format: Some(format), ..Settings::default() });
    let reader = LineReader::new(Box::new(std::io::Cursor::new(data.get(1..).unwrap_or(&[]).to_vec())));
    for record in Records::new(reader, "fuzz", settings).take(1000) {
        let _ = record.body;
    }
});
