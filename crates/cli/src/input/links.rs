//! Links to variant puzzles, decoded: f-puzzles links
//! (`https://f-puzzles.com/?load=DATA`), SudokuPad links
//! (`https://sudokupad.app/fpuzzlesDATA`, `.../fpuzDATA`, `...?puzzleid=`,
//! `.../sclDATA`, the legacy `app.crackingthecryptic.com/sudoku/...`), and
//! the bare data of either. DATA is LZ-string's base64 (the `lz-str`
//! crate) of f-puzzles' JSON, or of SudokuPad's minified JSON (`scl`).
//!
//! Chat clients and URL handling damage such data; this file repairs what
//! it can, as SudokuPad does: percent escapes (`%2B`), `+` turned into a
//! space, and `//` collapsed into `/` (the data sits in a path): each `/`
//! is tried doubled, fewest first, until the data decodes to JSON. A link
//! that names a puzzle only by a short id, or a format this reader does
//! not take (`scf`), is refused by name. Below the formats: it decodes,
//! the f-puzzles and scl readers read.

use super::minified;

/// What a link carries.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Payload {
    /// f-puzzles' JSON text.
    Fpuzzles(String),
    /// SudokuPad's minified JSON text (`scl`, alias `ctc`).
    Scl(String),
}

/// The hosts whose links this reader knows.
const FPUZZLES_HOSTS: [&str; 2] = ["f-puzzles.com", "www.f-puzzles.com"];
const SUDOKUPAD_HOSTS: [&str; 5] = [
    "sudokupad.app",
    "www.sudokupad.app",
    "beta.sudokupad.app",
    "app.crackingthecryptic.com",
    "sudokupad.svencodes.com",
];

/// The most `/` positions tried doubled (as SudokuPad: 16, and 3000 tries).
const SLASHES: usize = 16;
const TRIES: usize = 3000;

/// Whether a line is meant as a link or its data: a URL of a known host, a
/// SudokuPad id with a format prefix, or bare data that decodes to an
/// f-puzzles object. Detection asks this of a first line.
pub(crate) fn is_link(line: &str) -> bool {
    let t = line.trim();
    if t.contains(char::is_whitespace) && !t.starts_with("http") {
        return false;
    }
    let rest = strip_scheme(t).unwrap_or(t);
    let host = rest.split(['/', '?']).next().unwrap_or("");
    if FPUZZLES_HOSTS.contains(&host.to_ascii_lowercase().as_str())
        || SUDOKUPAD_HOSTS.contains(&host.to_ascii_lowercase().as_str())
    {
        return true;
    }
    if strip_scheme(t).is_some() {
        return false;
    }
    let prefixed = ["fpuzzles", "fpuz", "scl", "ctc"]
        .iter()
        .any(|p| t.strip_prefix(p).is_some_and(|d| d.len() >= 16 && d.bytes().all(is_data_byte)));
    prefixed || (t.len() >= 16 && t.starts_with("N4Ig") && decode(t).is_ok())
}

fn strip_scheme(t: &str) -> Option<&str> {
    let lower = t.get(..8).map(str::to_ascii_lowercase).unwrap_or_default();
    if lower.starts_with("https://") {
        Some(&t[8..])
    } else if lower.starts_with("http://") {
        Some(&t[7..])
    } else {
        None
    }
}

/// A byte that may appear in (damaged) link data.
fn is_data_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"+/=% -_".contains(&b)
}

/// Decodes a link or its bare data.
pub(crate) fn decode(line: &str) -> Result<Payload, String> {
    let t = line.trim().trim_matches(['<', '>', '"', '\'']);
    let (id, fpuzzles_host) = match strip_scheme(t) {
        Some(rest) => locate(rest)?,
        None => {
            let host = t.split(['/', '?']).next().unwrap_or("").to_ascii_lowercase();
            if FPUZZLES_HOSTS.contains(&host.as_str()) || SUDOKUPAD_HOSTS.contains(&host.as_str()) {
                locate(t)?
            } else {
                (t.to_string(), false)
            }
        }
    };
    if fpuzzles_host {
        return data(&id, is_fpuzzles_json).map(Payload::Fpuzzles);
    }
    // A SudokuPad id: its format prefix, then the data.
    let lower = id.to_ascii_lowercase();
    for (prefix, scl) in [("fpuzzles", false), ("fpuz", false), ("scl", true), ("ctc", true)] {
        if lower.starts_with(prefix) {
            let d = data(&id[prefix.len()..], if scl { is_minified } else { is_fpuzzles_json })?;
            return Ok(if scl { Payload::Scl(d) } else { Payload::Fpuzzles(d) });
        }
    }
    if lower.starts_with("scf") {
        return Err("SudokuPad's compact classic format (scf) is not read: open the puzzle in SudokuPad and share it as an f-puzzles link".into());
    }
    // Bare data: f-puzzles'.
    match data(&id, is_fpuzzles_json) {
        Ok(d) => Ok(Payload::Fpuzzles(d)),
        Err(_) if id.len() < 40 && !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') => Err(format!(
            "{id:?} names a puzzle on a server (a short id): dance reads no network; open it and copy its full f-puzzles or SudokuPad link"
        )),
        Err(e) => Err(e),
    }
}

/// The puzzle id of a URL without its scheme, and whether it is an
/// f-puzzles link (whose id is the data itself).
fn locate(rest: &str) -> Result<(String, bool), String> {
    let (host, path) = match rest.find(['/', '?']) {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let host = host.to_ascii_lowercase();
    let (path, query) = match path.find('?') {
        Some(i) => (&path[..i], &path[i + 1..]),
        None => (path, ""),
    };
    let param =
        |name: &str| query.split('&').find_map(|kv| kv.strip_prefix(name).and_then(|v| v.strip_prefix('=')));
    if FPUZZLES_HOSTS.contains(&host.as_str()) {
        if let Some(load) = param("load") {
            return Ok((load.to_string(), true));
        }
        if let Some(id) = param("id") {
            return Err(format!(
                "f-puzzles short link (id={id}) names a puzzle on f-puzzles' server: dance reads no network; open it and copy its full ?load= link"
            ));
        }
        return Err("an f-puzzles link without ?load= data".into());
    }
    if !SUDOKUPAD_HOSTS.contains(&host.as_str()) {
        return Err(format!("{host:?} is not f-puzzles or SudokuPad: not a puzzle link dance reads"));
    }
    if let Some(id) = param("puzzleid") {
        return Ok((id.to_string(), false));
    }
    let path = path.trim_start_matches('/');
    let path = path.strip_prefix("sudoku/").unwrap_or(path);
    if path.is_empty() {
        return Err("a SudokuPad link without a puzzle".into());
    }
    Ok((path.to_string(), false))
}

/// Percent escapes decoded (`%2B` is `+`); a malformed escape is kept.
fn percent_decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// LZ-string base64 data, repaired as needed, decoded to its JSON text.
pub(crate) fn data(raw: &str, valid: fn(&str) -> bool) -> Result<String, String> {
    let d = percent_decoded(raw.trim()).replace(' ', "+");
    if d.is_empty() {
        return Err("the link holds no data".into());
    }
    if let Some(bad) = d.chars().find(|c| !(c.is_ascii_alphanumeric() || "+/=".contains(*c))) {
        return Err(format!("the link's data holds {bad:?}, which LZ-string's base64 never does"));
    }
    if let Some(text) = text_of(&d, valid) {
        return Ok(text);
    }
    // `//` collapsed into `/`: try the slashes doubled, fewest first.
    let slashes: Vec<usize> = d.match_indices('/').map(|(i, _)| i).take(SLASHES).collect();
    let mut patterns: Vec<u32> = (1..1u32 << slashes.len()).collect();
    patterns.sort_by_key(|p| p.count_ones());
    for p in patterns.into_iter().take(TRIES) {
        let mut fixed = String::with_capacity(d.len() + 4);
        let mut from = 0;
        for (k, &i) in slashes.iter().enumerate() {
            if p & 1 << k != 0 {
                fixed.push_str(&d[from..=i]);
                fixed.push('/');
                from = i + 1;
            }
        }
        fixed.push_str(&d[from..]);
        if let Some(text) = text_of(&fixed, valid) {
            return Ok(text);
        }
    }
    Err("the link's data does not decode (LZ-string base64 of a puzzle): it may be cut short or damaged"
        .into())
}

/// The text that data decodes to, if `valid` takes it.
fn text_of(d: &str, valid: fn(&str) -> bool) -> Option<String> {
    let words = lz_str::decompress_from_base64(d)?;
    let text = String::from_utf16(&words).ok()?;
    valid(&text).then_some(text)
}

/// Whether a text is an f-puzzles object (JSON with `size` and `grid`).
fn is_fpuzzles_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
        && serde_json::from_str::<serde_json::Value>(text)
            .is_ok_and(|v| v.get("size").is_some() && v.get("grid").is_some())
}

/// Whether a text is SudokuPad's minified JSON of an object.
fn is_minified(text: &str) -> bool {
    minified::parse(text).is_ok_and(|v| v.is_object())
}

#[cfg(test)]
mod tests {
    use super::*;

    const JSON: &str =
        r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"antiknight":true}"#;

    #[test]
    fn links_decode_in_every_form() {
        let data = lz_str::compress_to_base64(JSON);
        let want = Payload::Fpuzzles(JSON.to_string());
        for link in [
            format!("https://f-puzzles.com/?load={data}"),
            format!("f-puzzles.com/?load={data}"),
            format!("https://www.f-puzzles.com/?load={}", data.replace('+', " ")),
            format!("https://f-puzzles.com/?load={}", data.replace('+', "%2B").replace('/', "%2F")),
            format!("https://sudokupad.app/fpuzzles{data}"),
            format!("https://sudokupad.app/fpuz{data}"),
            format!("https://sudokupad.app/?puzzleid=fpuzzles{data}"),
            format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{data}"),
            format!("fpuzzles{data}"),
            data.clone(),
        ] {
            assert_eq!(decode(&link), Ok(Payload::Fpuzzles(JSON.to_string())), "{link}");
            assert!(is_link(&link), "{link}");
        }
        assert_eq!(decode(&data), Ok(want));
    }

    #[test]
    fn collapsed_slashes_are_repaired() {
        // Find a JSON whose data holds "//". ASCII titles never give one (twelve
        // 1 bits in a row): a title of one wide character does, soon. The search
        // is bounded so that the test fails rather than spins.
        let json = (0x7ff0u32..0x9000)
            .filter_map(char::from_u32)
            .map(|c| JSON.replace("true}", &format!("true,\"title\":\"{c}\"}}")))
            .find(|json| lz_str::compress_to_base64(json).contains("//"))
            .expect("a title whose data holds //");
        let data = lz_str::compress_to_base64(&json);
        let damaged = data.replace("//", "/");
        assert_eq!(decode(&format!("https://sudokupad.app/fpuzzles{damaged}")), Ok(Payload::Fpuzzles(json)));
    }

    #[test]
    fn bad_links_are_refused_by_name() {
        assert!(decode("https://f-puzzles.com/?id=abc123").unwrap_err().contains("short link"));
        assert!(decode("https://sudokupad.app/abc123").unwrap_err().contains("short id"));
        assert!(decode("https://sudokupad.app/scfABCDEF").unwrap_err().contains("scf"));
        assert!(decode("https://example.com/?load=N4Ig").unwrap_err().contains("not f-puzzles"));
        let data = lz_str::compress_to_base64(JSON);
        let e = decode(&format!("https://f-puzzles.com/?load={}", &data[..data.len() / 2])).unwrap_err();
        assert!(e.contains("does not decode"), "{e}");
        assert!(decode("https://f-puzzles.com/?load=ab!cd").unwrap_err().contains("'!'"));
        assert!(!is_link("123456789"));
        assert!(!is_link("killer 15 r1c1 r1c2"));
    }

    #[test]
    fn garbage_never_panics() {
        let mut x = 12345u64;
        for len in 0..300 {
            let s: String = (0..len)
                .map(|_| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
                        [(x >> 33) as usize % 65] as char
                })
                .collect();
            let _ = data(&s, is_fpuzzles_json);
            let _ = data(&s, is_minified);
        }
    }
}
