//! Rendering and storage: the text reports ([`report`]), the pages of a case ([`pages`]), the
//! corpus on disk ([`corpus`]) and side-by-side benchmarks ([`bench`](mod@bench)).

pub mod bench;
pub mod corpus;
pub mod pages;
pub mod report;
