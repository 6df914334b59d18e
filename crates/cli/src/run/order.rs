//! The in-order writer of the parallel loops (records, generated puzzles):
//! workers finish items in any order, the writer writes them in the order
//! they were numbered, and flushes whenever nothing more is ready, so that
//! answers stream.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, TryRecvError};

/// Workers send `(i, item)` in any order; each item goes to `write_one` in
/// the order 0, 1, 2, ..., and `out` is flushed whenever nothing more is
/// ready. Ends when every sender is gone, at the first error, or when
/// `write_one` breaks.
pub fn write_in_order<T>(
    rx: &Receiver<(u64, T)>,
    out: &mut dyn Write,
    mut write_one: impl FnMut(u64, T, &mut dyn Write) -> io::Result<ControlFlow<()>>,
) -> io::Result<()> {
    let mut waiting = BTreeMap::new();
    let mut next = 0u64;
    loop {
        let (i, item) = match rx.try_recv() {
            Ok(x) => x,
            Err(TryRecvError::Disconnected) => return Ok(()),
            Err(TryRecvError::Empty) => {
                out.flush()?;
                match rx.recv() {
                    Ok(x) => x,
                    Err(_) => return Ok(()),
                }
            }
        };
        waiting.insert(i, item);
        while let Some(item) = waiting.remove(&next) {
            next += 1;
            if write_one(next - 1, item, out)?.is_break() {
                return Ok(());
            }
        }
    }
}
