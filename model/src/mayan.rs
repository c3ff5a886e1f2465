//! Mayan puzzle (NOIP 2011): filled in by the Mayan work.
