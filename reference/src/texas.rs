//! texas: to be written.
