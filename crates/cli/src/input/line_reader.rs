//! Lines from a reader, numbered from 1, with lookahead. A UTF-8
//! byte-order mark at the start is dropped, a `\r` before each `\n` too; an
//! over-long line is refused without being held and invalid UTF-8 without
//! stopping. The reader also says when the next line would need a read that
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

    fn read_one(&mut self) -> Option<Line> {
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
