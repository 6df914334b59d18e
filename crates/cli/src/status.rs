//! How a record, and a whole run, came out: the typed outcome every
//! command returns, the one rule for combining several, and the one
//! mapping to exit codes.
//!
//! | status | exit | meaning |
//! |---|---:|---|
//! | [`Status::Answered`] | 0 | answered (a solution, a count, a report, a picture) |
//! | [`Status::None`] | 1 | at least one record has no solution (无解) |
//! | [`Status::Refused`] | 2 | a usage error, an unreadable file, a refused record |
//! | [`Status::Unknown`] | 3 | a budget ran out before the answer was known |
//! | [`Status::Interrupted`] | 130 | stopped by Ctrl-C (128 + SIGINT) |
//!
//! A run's status is the worst of its records' in the order interrupted,
//! refused, unknown, none, answered ([`Status::and`]): 2 wins over 3, and 3
//! over 1.

use std::process::ExitCode;

/// How a record or a run came out. Ordered from best to worst, so that the
/// worst of several is their maximum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// Answered: a solution, a count, a report.
    #[default]
    Answered,
    /// No solution (无解).
    None,
    /// A budget ran out: the answer is unknown, never 无解.
    Unknown,
    /// Refused: a usage error, an unreadable input, a record that does not
    /// read, a write that failed.
    Refused,
    /// Stopped by Ctrl-C.
    Interrupted,
}

impl Status {
    /// The status of two outcomes together: the worse.
    pub fn and(self, other: Status) -> Status {
        self.max(other)
    }

    /// The process's exit code.
    pub fn code(self) -> u8 {
        match self {
            Status::Answered => 0,
            Status::None => 1,
            Status::Refused => 2,
            Status::Unknown => 3,
            Status::Interrupted => 130,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(s: Status) -> ExitCode {
        ExitCode::from(s.code())
    }
}

/// The status of a run whose last act was writing `result`: a closed pipe
/// ends the run quietly (the reader has what it wanted: answered); any
/// other write error is said on stderr and refuses the run; otherwise
/// `status`.
pub fn after_writing(result: std::io::Result<()>, status: Status) -> Status {
    match result {
        Ok(()) => status,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Status::Answered,
        Err(e) => {
            eprintln!("dance: writing the output: {e}");
            Status::Refused
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_wins_in_the_documented_order() {
        use Status::*;
        let order = [Answered, None, Unknown, Refused, Interrupted];
        for (i, a) in order.iter().enumerate() {
            for (j, b) in order.iter().enumerate() {
                assert_eq!(a.and(*b), order[i.max(j)]);
            }
        }
        assert_eq!(order.map(Status::code), [0, 1, 3, 2, 130]);
        // 2 wins over 3, 3 over 1.
        assert_eq!(Refused.and(Unknown).code(), 2);
        assert_eq!(Unknown.and(None).code(), 3);
    }

    #[test]
    fn a_closed_pipe_is_a_quiet_end() {
        let pipe = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        assert_eq!(after_writing(Err(pipe), Status::Refused), Status::Answered);
        assert_eq!(after_writing(Ok(()), Status::None), Status::None);
    }
}
