//! The mayan game for the generic tools: filled in by the mayan work.
