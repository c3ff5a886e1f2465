//! mayan: to be written.
