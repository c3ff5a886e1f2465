//! Bounded proof: every case of a scope through the pipeline ([`scope_run`]), the shards of one run
//! merged into one report and certificate ([`merge`]), and some indices of a scope on the calling
//! thread for a game's own tests ([`sample`]).

pub mod merge;
pub mod sample;
pub mod scope_run;
