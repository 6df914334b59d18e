//! The inputs of a run as one stream of records: every input in order,
//! each read by `crate::input` (an input that cannot be opened is one
//! refused record, and the run goes on with the next).

use std::collections::VecDeque;

use crate::input::{self, InputPath, ReadSettings, Records};
use crate::record::{Record, Source};

/// The inputs a command reads, and how to read them.
#[derive(Clone, Debug, Default)]
pub struct InputSet {
    /// The inputs, in order (standard input when none is named).
    pub paths: Vec<InputPath>,
    /// How to read them.
    pub read: ReadSettings,
}

impl InputSet {
    /// The records of every input, in order.
    pub fn records(&self) -> Inputs {
        Inputs::new(&self.paths, &self.read)
    }
}

/// The records of every input in order; an input that cannot be opened is
/// one refused record.
pub struct Inputs {
    paths: VecDeque<InputPath>,
    settings: ReadSettings,
    current: Option<Records>,
}

impl Inputs {
    /// The records of these inputs.
    pub fn new(paths: &[InputPath], settings: &ReadSettings) -> Inputs {
        Inputs { paths: paths.iter().cloned().collect(), settings: settings.clone(), current: None }
    }

    /// Whether the next record may wait for input.
    pub fn may_block(&self) -> bool {
        match &self.current {
            Some(r) => r.may_block(),
            None => self.paths.front().is_some_and(|p| *p == InputPath::Stdin),
        }
    }
}

impl Iterator for Inputs {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            if let Some(r) = self.current.as_mut().and_then(|c| c.next()) {
                return Some(r);
            }
            let path = self.paths.pop_front()?;
            match input::open(&path, &self.settings) {
                Ok(records) => self.current = Some(records),
                Err(refusal) => {
                    self.current = None;
                    return Some(Record {
                        source: Source { path: path.name().into(), line: 0 },
                        note: None,
                        notices: Vec::new(),
                        body: Err(refusal),
                    });
                }
            }
        }
    }
}
