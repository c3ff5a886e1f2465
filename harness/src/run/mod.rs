//! The run's phases, from a plan to its record: the [`plan`] resolved from the flags, the source of
//! [`cases`], the [`batch`] loop with its watchdog and [`limits`], Ctrl-C ([`interrupt`]), replay
//! first (`saved`), `minimize` with the generic [`shrink`]er and [`explain`], the typed
//! `record` of a failure, the run's [`summary`] (with a bounded run's [`certificate`]), re-running
//! saved files ([`recheck`]), and the [`pipeline`] that chains them for `diff`, `judge`, `verify`
//! and `replay`.

pub mod batch;
pub mod cases;
pub mod certificate;
pub mod explain;
mod handle;
pub mod interrupt;
pub mod limits;
pub(crate) mod minimize;
pub mod pipeline;
pub mod plan;
pub mod recheck;
pub(crate) mod record;
pub(crate) mod saved;
pub mod shrink;
pub mod summary;
