//! Unit tests of the techniques on hand-made positions.
