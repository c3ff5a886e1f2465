//! Texas Match-3 for the generic tools.
