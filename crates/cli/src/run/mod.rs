//! What every command shares and no command owns: the inputs as one
//! stream of records ([`InputSet`]), the record loop on one thread or on
//! chunked workers ([`answer_records`], with an [`Answerer`] per thread),
//! the in-order writer ([`write_in_order`]), what stderr says about a
//! record ([`Note`], [`refuse`]), workers kept per puzzle shape
//! ([`PerShape`]), and Ctrl-C and the progress bar ([`Watch`],
//! [`Progress`]). Nothing here names a command.

mod inputs;
mod notes;
mod order;
mod per_shape;
mod progress;
mod records;

pub use inputs::{InputSet, Inputs};
pub use notes::{notice_lines, notices, refusal_line, refuse, refuse_with, Note};
pub use order::write_in_order;
pub use per_shape::PerShape;
pub use progress::{on_interrupt, Progress, Watch};
pub use records::{answer_records, Answerer, Loop};
