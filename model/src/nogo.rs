//! NoGo play-out: filled in by the NoGo work.
