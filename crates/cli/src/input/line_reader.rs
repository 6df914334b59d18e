//! Lines from a reader, numbered from 1, with lookahead. A UTF-8
//! byte-order mark at the start is dropped, a `\r` before each `\n` too; an
//! over-long line is refused without being held and invalid UTF-8 without
//! stopping. Text that starts with a UTF-16 byte-order mark (either byte
//! order) is decoded to UTF-8 as it is read ([`Utf16Decoder`]); text that
//! looks like UTF-16 without one (a NUL every other byte) is refused at its
//! first line with a hint naming the encoding. The reader also says when the next line would need a read that
//! may block, so that answers can be flushed before waiting for input.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, ErrorKind, Read};

use crate::error::{InputError, ReadError};

/// The longest line read, in bytes: enough for a DLX item line of a million
/// short names; a longer line is refused without being held in memory.
pub const MAX_LINE: usize = 1 << 24;

/// A line: its number (from 1) and text, or why it is unreadable.
pub type Line = (usize, Result<String, InputError>);

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Lines from a reader, with lookahead.
pub struct LineReader {
    inner: BufReader<Box<dyn Read + Send>>,
    next_no: usize,
    ahead: VecDeque<Line>,
    done: bool,
    io_error: Option<std::io::Error>,
    /// Whether the whole input is there to read (a file, bytes): reading
    /// ahead then never waits for a writer.
    settled: bool,
    /// Whether lines end with a lone CR (classic Mac OS files): decided
    /// from the first chunk, where a CR not followed by LF comes before any
    /// LF.
    cr_only: bool,
    /// Whether the first bytes have been looked at for a UTF-16 mark.
    sniffed: bool,
}

impl LineReader {
    /// Lines of `inner`.
    pub fn new(inner: Box<dyn Read + Send>) -> Self {
        LineReader {
            inner: BufReader::with_capacity(1 << 16, inner),
            next_no: 1,
            ahead: VecDeque::new(),
            done: false,
            io_error: None,
            settled: false,
            cr_only: false,
            sniffed: false,
        }
    }

    /// Says that the whole input is there to read (a regular file), so that
    /// readers may look ahead of a record without waiting for a writer.
    pub fn settled(mut self, settled: bool) -> Self {
        self.settled = settled;
        self
    }

    /// Whether the whole input is there to read ([`LineReader::settled`]).
    pub fn is_settled(&self) -> bool {
        self.settled
    }

    /// Lines of a string (tests, fuzzing).
    pub fn from_bytes(bytes: impl Into<Vec<u8>>) -> Self {
        LineReader::new(Box::new(std::io::Cursor::new(bytes.into()))).settled(true)
    }

    /// Looks at the first bytes once: a UTF-16 byte-order mark puts a
    /// decoder under the buffer; UTF-16 without one ends the input with a
    /// refusal at line 1.
    fn sniff(&mut self) -> Option<Line> {
        self.sniffed = true;
        let first = loop {
            match self.inner.fill_buf() {
                Ok(c) => break c.len(),
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => break 0,
            }
        };
        if (1..4).contains(&first) {
            self.gather_head();
        }
        let buffered = self.inner.buffer();
        let head = &buffered[..buffered.len().min(64)];
        let order = match head {
            [0xFF, 0xFE, ..] => Some(false),
            [0xFE, 0xFF, ..] => Some(true),
            _ => None,
        };
        if let Some(big_endian) = order {
            self.inner.consume(2);
            let old = std::mem::replace(&mut self.inner, BufReader::new(Box::new(std::io::empty())));
            let decoder = Utf16Decoder::new(Box::new(old), big_endian);
            self.inner = BufReader::with_capacity(1 << 16, Box::new(decoder));
            return None;
        }
        if looks_like_bomless_utf16(head) {
            self.done = true;
            self.next_no += 1;
            return Some((1, Err(ReadError::Utf16WithoutBom.into())));
        }
        None
    }

    /// A first read shorter than four bytes (a pipe, a trickle): reads on
    /// until four bytes are there or the input ends, and puts them back in
    /// front of the rest, so that a byte-order mark split across reads is
    /// seen. Stops at two bytes when neither is NUL (a user typing a short
    /// line is not kept waiting).
    fn gather_head(&mut self) {
        let mut head = Vec::new();
        while head.len() < 4 {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            if chunk.is_empty() {
                break;
            }
            let n = chunk.len().min(4 - head.len());
            head.extend_from_slice(&chunk[..n]);
            self.inner.consume(n);
            let bom = head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]);
            if head.len() >= 2 && !bom && !head.contains(&0) {
                break;
            }
        }
        let old = std::mem::replace(&mut self.inner, BufReader::new(Box::new(std::io::empty())));
        let rest = std::io::Cursor::new(head).chain(old);
        self.inner = BufReader::with_capacity(1 << 16, Box::new(rest));
        // The new buffer starts with the gathered bytes.
        let _ = self.inner.fill_buf();
    }

    fn read_one(&mut self) -> Option<Line> {
        if !self.sniffed {
            if let Some(refused) = self.sniff() {
                return Some(refused);
            }
        }
        if self.done {
            return None;
        }
        let mut buf = Vec::new();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.io_error = Some(e);
                    self.done = true;
                    break;
                }
            };
            if chunk.is_empty() {
                self.done = true;
                break;
            }
            any = true;
            if self.next_no == 1 && buf.is_empty() {
                let lf = memchr_newline(chunk).unwrap_or(chunk.len());
                self.cr_only = chunk[..lf].windows(2).any(|w| w[0] == b'\r' && w[1] != b'\n')
                    || (lf == chunk.len() && chunk.last() == Some(&b'\r'));
            }
            let eol =
                if self.cr_only { chunk.iter().position(|&b| b == b'\r') } else { memchr_newline(chunk) };
            let (take, end) = match eol {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                if buf.len() + take > MAX_LINE {
                    too_long = true;
                    buf = Vec::new();
                } else {
                    buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.inner.consume(take + end as usize);
            if end {
                break;
            }
        }
        if !any {
            return None;
        }
        let no = self.next_no;
        self.next_no += 1;
        if too_long {
            return Some((no, Err(ReadError::LineTooLong { max: MAX_LINE }.into())));
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        if no == 1 && buf.starts_with(BOM) {
            buf.drain(..BOM.len());
        }
        Some((no, String::from_utf8(buf).map_err(|_| ReadError::InvalidUtf8.into())))
    }

    /// Reads ahead until `k` lines are held or the input ends.
    pub fn fill(&mut self, k: usize) {
        while self.ahead.len() < k {
            match self.read_one() {
                Some(l) => self.ahead.push_back(l),
                None => break,
            }
        }
    }

    /// The lines held, and whether the input ends after them.
    pub fn window(&mut self) -> (&[Line], bool) {
        let done = self.done;
        (self.ahead.make_contiguous(), done)
    }

    /// The number of lines held.
    pub fn held(&self) -> usize {
        self.ahead.len()
    }

    /// The `k`-th line ahead (from 0), reading it if need be.
    pub fn peek(&mut self, k: usize) -> Option<&Line> {
        self.fill(k + 1);
        self.ahead.get(k)
    }

    /// Drops `k` held lines.
    pub fn consume(&mut self, k: usize) {
        self.ahead.drain(..k.min(self.ahead.len()));
    }

    /// The next line, consumed.
    pub fn next_line(&mut self) -> Option<Line> {
        self.ahead.pop_front().or_else(|| self.read_one())
    }

    /// The number the next line will have.
    pub fn next_no(&self) -> usize {
        match self.ahead.front() {
            Some(l) => l.0,
            None => self.next_no,
        }
    }

    /// Whether the input has ended (every line read).
    pub fn at_end(&mut self) -> bool {
        self.fill(1);
        self.ahead.is_empty()
    }

    /// Whether the next line needs a read that may wait for input: nothing
    /// is held, nothing buffered, and the input has not ended.
    pub fn may_block(&self) -> bool {
        self.ahead.is_empty() && !self.done && self.inner.buffer().is_empty()
    }

    /// An I/O error that ended the input early, taken once.
    pub fn take_io_error(&mut self) -> Option<std::io::Error> {
        self.io_error.take()
    }
}

/// Whether the first bytes look like UTF-16 text without a byte-order
/// mark: at least four of them, and one of the two byte positions NUL in
/// every pair while the other is not (ASCII text in UTF-16 LE or BE). UTF-8
/// text has no NUL bytes.
fn looks_like_bomless_utf16(head: &[u8]) -> bool {
    let pairs = head.len() / 2;
    if pairs < 2 {
        return false;
    }
    let pattern = |nul: usize| head.chunks_exact(2).all(|p| p[nul] == 0 && p[1 - nul] != 0);
    pattern(0) || pattern(1)
}

/// UTF-16 bytes in, UTF-8 bytes out, as they are read: a code unit or a
/// surrogate pair split across reads is held until its other half comes. A
/// code unit that cannot be decoded (a lone surrogate, an odd last byte)
/// becomes the byte 0xFF, which is never UTF-8, so that its line is refused
/// as invalid text rather than read as something else.
pub struct Utf16Decoder {
    inner: Box<dyn Read + Send>,
    big_endian: bool,
    /// Bytes read but not yet decoded (at most three: half a unit, or a
    /// high surrogate and half of the next).
    raw: Vec<u8>,
    /// Decoded bytes not yet handed out.
    out: VecDeque<u8>,
    ended: bool,
}

impl Utf16Decoder {
    /// A decoder of `inner`, in the given byte order.
    pub fn new(inner: Box<dyn Read + Send>, big_endian: bool) -> Self {
        Utf16Decoder { inner, big_endian, raw: Vec::new(), out: VecDeque::new(), ended: false }
    }

    fn unit(&self, at: usize) -> u16 {
        let b = [self.raw[at], self.raw[at + 1]];
        if self.big_endian {
            u16::from_be_bytes(b)
        } else {
            u16::from_le_bytes(b)
        }
    }

    fn push_char(&mut self, c: char) {
        let mut buf = [0u8; 4];
        self.out.extend(c.encode_utf8(&mut buf).as_bytes());
    }

    /// Decodes what `raw` holds, keeping an incomplete tail.
    fn decode(&mut self) {
        let mut at = 0;
        while at + 2 <= self.raw.len() {
            let u = self.unit(at);
            if (0xD800..0xDC00).contains(&u) {
                if at + 4 > self.raw.len() {
                    if self.ended {
                        self.out.push_back(0xFF);
                        at += 2;
                        continue;
                    }
                    break;
                }
                let low = self.unit(at + 2);
                if (0xDC00..0xE000).contains(&low) {
                    let c = 0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                    self.push_char(char::from_u32(c).expect("a surrogate pair is a char"));
                    at += 4;
                } else {
                    self.out.push_back(0xFF);
                    at += 2;
                }
            } else {
                match char::from_u32(u32::from(u)) {
                    Some(c) => self.push_char(c),
                    None => self.out.push_back(0xFF),
                }
                at += 2;
            }
        }
        self.raw.drain(..at);
        if self.ended && !self.raw.is_empty() {
            self.raw.clear();
            self.out.push_back(0xFF);
        }
    }
}

impl Read for Utf16Decoder {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.out.is_empty() && !self.ended {
            let mut chunk = [0u8; 8192];
            let n = match self.inner.read(&mut chunk) {
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if n == 0 {
                self.ended = true;
            }
            self.raw.extend_from_slice(&chunk[..n]);
            self.decode();
        }
        let n = buf.len().min(self.out.len());
        for (slot, b) in buf.iter_mut().zip(self.out.drain(..n)) {
            *slot = b;
        }
        Ok(n)
    }
}

/// The position of the first `\n`, eight bytes at a time: a word has a
/// newline when one of its bytes XOR `\n` is zero, which the classic
/// "has a zero byte" test finds without a branch a byte.
fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const NEWLINES: u64 = u64::from_ne_bytes([b'\n'; 8]);
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for word in &mut words {
        let x = u64::from_ne_bytes(word.try_into().expect("eight bytes")) ^ NEWLINES;
        if x.wrapping_sub(ONES) & !x & HIGHS != 0 {
            break;
        }
        at += 8;
    }
    bytes[at..].iter().position(|&b| b == b'\n').map(|i| at + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Line> {
        let mut r = LineReader::from_bytes(bytes.to_vec());
        std::iter::from_fn(|| r.next_line()).collect()
    }

    #[test]
    fn a_bom_and_carriage_returns_are_dropped() {
        let l = lines(b"\xEF\xBB\xBFab\r\ncd\n\xEF\xBB\xBFx");
        assert_eq!(l[0], (1, Ok("ab".to_string())));
        assert_eq!(l[1], (2, Ok("cd".to_string())));
        // Only at the start of the input.
        assert_eq!(l[2], (3, Ok("\u{feff}x".to_string())));
    }

    #[test]
    fn bad_lines_are_refused_and_reading_goes_on() {
        let l = lines(b"\xff\nok\n");
        assert_eq!(l[0], (1, Err(ReadError::InvalidUtf8.into())));
        assert_eq!(l[1], (2, Ok("ok".to_string())));
    }

    #[test]
    fn newlines_are_found_at_every_offset() {
        for len in 0..40 {
            for at in 0..=len {
                let mut bytes = vec![b'x'; len];
                if at < len {
                    bytes[at] = b'\n';
                }
                // Bytes that differ from a newline by one bit, or carry the
                // high bit, are no newlines.
                for (i, b) in bytes.iter_mut().enumerate() {
                    if *b != b'\n' && i % 3 == 0 {
                        *b = [0x0b, 0x08, 0x8a, 0x0e][i % 4];
                    }
                }
                let want = bytes.iter().position(|&b| b == b'\n');
                assert_eq!(memchr_newline(&bytes), want, "len {len}, newline at {at}");
            }
        }
    }

    fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
        let mut bytes = if big_endian { vec![0xFE, 0xFF] } else { vec![0xFF, 0xFE] };
        for u in text.encode_utf16() {
            bytes.extend(if big_endian { u.to_be_bytes() } else { u.to_le_bytes() });
        }
        bytes
    }

    /// A reader that hands out at most `step` bytes a read.
    struct Trickle(std::io::Cursor<Vec<u8>>, usize);
    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.1);
            self.0.read(&mut buf[..n])
        }
    }

    #[test]
    fn utf16_with_a_bom_is_decoded_in_either_order_and_any_read_size() {
        let text = "5 . 3 \u{2502} x\r\nsecond \u{1F600} line\n\u{00e9}";
        let want: Vec<Line> = vec![
            (1, Ok("5 . 3 \u{2502} x".to_string())),
            (2, Ok("second \u{1F600} line".to_string())),
            (3, Ok("\u{00e9}".to_string())),
        ];
        for big_endian in [false, true] {
            let bytes = utf16(text, big_endian);
            assert_eq!(lines(&bytes), want);
            // Surrogate pairs and code units split across every read size.
            for step in 1..8 {
                let mut r = LineReader::new(Box::new(Trickle(std::io::Cursor::new(bytes.clone()), step)));
                let got: Vec<Line> = std::iter::from_fn(|| r.next_line()).collect();
                assert_eq!(got, want, "step {step}, big endian {big_endian}");
            }
        }
    }

    #[test]
    fn broken_utf16_refuses_its_line_only() {
        // A lone high surrogate on line 1, an odd last byte on line 3.
        let mut bytes = vec![0xFF, 0xFE, b'a', 0, 0x00, 0xD8, b'\n', 0, b'o', 0, b'k', 0, b'\n', 0, b'z'];
        assert_eq!(lines(&bytes)[0], (1, Err(ReadError::InvalidUtf8.into())));
        assert_eq!(lines(&bytes)[1], (2, Ok("ok".to_string())));
        assert_eq!(lines(&bytes)[2], (3, Err(ReadError::InvalidUtf8.into())));
        bytes.truncate(2);
        assert!(lines(&bytes).is_empty());
    }

    #[test]
    fn utf16_without_a_bom_is_refused_naming_it() {
        for big_endian in [false, true] {
            let bytes = utf16("1.3.\n.2..\n", big_endian)[2..].to_vec();
            assert_eq!(lines(&bytes), vec![(1, Err(ReadError::Utf16WithoutBom.into()))]);
        }
        // UTF-8 text with the odd NUL is not taken for UTF-16.
        assert_eq!(lines(b"ab\0c\n")[0].0, 1);
        assert!(lines(b"ab\0c\n")[0].1.is_ok());
    }

    #[test]
    fn lookahead_keeps_numbers() {
        let mut r = LineReader::from_bytes("a\nb\nc\n");
        assert_eq!(r.peek(2).unwrap().0, 3);
        assert_eq!(r.next_no(), 1);
        r.consume(2);
        assert_eq!(r.next_line().unwrap(), (3, Ok("c".to_string())));
        assert!(r.at_end());
    }
}
