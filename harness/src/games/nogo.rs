//! The nogo game for the generic tools: filled in by the nogo work.
