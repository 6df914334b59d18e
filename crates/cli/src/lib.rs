//! # dance: the command line
//!
//! Arguments become one typed [`args::Config`]; inputs become records
//! ([`input`], in the vocabulary of [`record`]); each record is answered
//! ([`answer`]; the cheapest solutions: [`best`]) and written ([`output`]:
//! text layouts, JSON Lines, the exact-cover document of [`schema`]);
//! [`render_cmd`] draws them with [`render`]. [`app`] runs the whole: the record
//! loop on one thread or many, progress, Ctrl-C, exit codes. This crate
//! parses and prints; the searching is `dlx`'s and the puzzles are
//! `reduce`'s. [`run`] is the whole program.

pub mod analyze;
pub mod answer;
pub mod app;
pub mod args;
pub mod best;
pub mod error;
pub mod estimate;
pub mod explain;
pub mod generate;
pub mod input;
pub mod output;
pub mod record;
pub mod render;
pub mod render_cmd;
pub mod schema;

mod progress;

pub use app::run;
