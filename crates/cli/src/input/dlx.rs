//! The dlx input format: Knuth's exact-cover text, read whole by
//! `dlx::text`. An option with no primary item is dropped with a warning
//! naming its line, as DLX1 does.

use super::window::Parsed;
use crate::error::{InputError, Refusal};
use crate::record::{Body, Notice};

/// Reads a problem whose first line is `first` (earlier lines of `text` are
/// empty, so that line numbers hold).
pub(crate) fn read(text: &str, first: usize) -> Parsed {
    match dlx::text::parse(text) {
        Ok(parsed) => {
            let notices = parsed
                .warnings
                .iter()
                .map(|(line, _)| Notice {
                    line: *line,
                    text: "option ignored (it has no primary item)".into(),
                })
                .collect();
            Parsed {
                first_line: first,
                note: None,
                notices,
                body: Ok(Body::Problem { problem: parsed.problem, cover: None }),
            }
        }
        Err(e) => Parsed::new(first, Err(Refusal::at(e.line, e.column, InputError::Knuth(e.kind)))),
    }
}

/// What detection learns from a window of text read as Knuth's format:
/// `None` before the item line, then the options that parse so far (less
/// trivial ones: an option that covers every item is a whole solution, as
/// every row of a solved grid would be), or the line of an error.
pub(crate) fn options_so_far(text: &str) -> Option<Result<usize, usize>> {
    match dlx::text::parse(text) {
        Ok(p) => {
            let items = p.problem.item_count();
            let trivial = p.problem.options().filter(|o| o.len() == items).count();
            Some(Ok(p.problem.option_count() - trivial))
        }
        Err(e) if e.kind == dlx::text::TextErrorKind::NoItemLine => None,
        Err(e) => Some(Err(e.line)),
    }
}
