//! The JSON document reader never panics.
#![no_main]
use dance::input::{read_str, ReadSettings};
use dance::record::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = read_str(text, "fuzz", &ReadSettings { format: Some(Format::Json), ..ReadSettings::default() });
    }
});
