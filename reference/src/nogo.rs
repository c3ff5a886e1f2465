//! nogo: to be written.
