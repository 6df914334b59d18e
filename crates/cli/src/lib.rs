//! # dance: the command line
//!
//! Arguments become a typed configuration ([`args`]), inputs become records
//! ([`input`], [`schema`]), each record is answered ([`answer`]) and written
//! ([`output`]). This crate parses and prints; the searching is `dlx`'s and
//! the puzzles are `reduce`'s. [`run`] is the whole program.

pub mod answer;
pub mod args;
pub mod input;
pub mod output;
pub mod render;
pub mod schema;

mod app;

pub use app::run;
