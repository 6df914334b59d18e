//! What stderr says about a record: its notices (how it was read), and why
//! it was refused, in the one form every command uses (`PATH:LINE: what is
//! wrong`, or `dance: PATH: what is wrong` for an input that cannot be read
//! as a whole). A refused record also gets its JSON Lines object, in its
//! place, when the output is JSON.

use std::io::{self, Write};

use crate::output::json::{Answer, RecordLine};
use crate::record::{Record, Refusal, Source};
use crate::status::Status;

/// A line for stderr about a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The full line.
    pub text: String,
    /// For an error every record of an input would repeat (a flag that
    /// does not fit): what it says without its place, so that it is said
    /// once.
    pub once: Option<String>,
}

impl Note {
    /// A note said every time.
    pub fn plain(text: String) -> Note {
        Note { text, once: None }
    }
}

/// The record's notices, each as stderr says it (`PATH:LINE: notice`).
pub fn notice_lines(record: &Record) -> impl Iterator<Item = String> + '_ {
    let path = &record.source.path;
    record.notices.iter().map(move |n| {
        if n.line == 0 {
            format!("{path}: {}", n.text)
        } else {
            format!("{path}:{}: {}", n.line, n.text)
        }
    })
}

/// Adds a record's notices to `notes` (unless `quiet`).
pub fn notices(record: &Record, quiet: bool, notes: &mut Vec<Note>) {
    if !quiet {
        notes.extend(notice_lines(record).map(Note::plain));
    }
}

/// Why a record was refused, as stderr says it: `PATH:LINE[:COLUMN]:
/// message`, or, for an input that cannot be read as a whole (no line),
/// `dance: PATH: message` (`dance: x.txt: No such file or directory`).
pub fn refusal_line(source: &Source, r: &Refusal) -> String {
    if r.line == 0 {
        format!("dance: {}: {}", source.path, r.message())
    } else {
        format!("{}:{}", source.path, r.located())
    }
}

/// Answers a refused record: the message for stderr (an error that comes
/// from a flag is said once for the run), and when the output is JSON
/// (`text` false) its object with `"status": "error"`.
pub fn refuse(
    record: &Record,
    index: u64,
    r: &Refusal,
    text: bool,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
) -> io::Result<Status> {
    let once = r.error.is_setting().then(|| r.message());
    notes.push(Note { text: refusal_line(&record.source, r), once });
    if !text {
        let error = Answer::Error { line: r.line, column: r.column, message: r.message() };
        write_error_line(record, index, error, out)?;
    }
    Ok(Status::Refused)
}

/// Refuses a record that reads but that this command cannot answer (a
/// problem given to `analyze`, a puzzle given to `--best`): `message` on
/// stderr, said once for the run, and its JSON object when `text` is false.
pub fn refuse_with(
    record: &Record,
    index: u64,
    message: String,
    text: bool,
    out: &mut dyn Write,
    notes: &mut Vec<Note>,
) -> io::Result<Status> {
    notes.push(Note { text: format!("{}: {message}", record.source), once: Some(message.clone()) });
    if !text {
        let error = Answer::Error { line: record.source.line, column: None, message };
        write_error_line(record, index, error, out)?;
    }
    Ok(Status::Refused)
}

fn write_error_line(record: &Record, index: u64, error: Answer, out: &mut dyn Write) -> io::Result<()> {
    let line = RecordLine {
        index,
        source: record.source.to_string(),
        note: record.note.as_deref(),
        answer: error,
        stats: None,
    };
    out.write_all(line.to_line().as_bytes())
}
