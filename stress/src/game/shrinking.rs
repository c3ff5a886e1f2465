//! How a failing case shrinks: the generator's choices first (the byte stream, reduced the way
//! Hypothesis reduces its choices, with the numbers among a stream generator's arguments lowered
//! first; or the seed generator's arguments and seed,
//! [`crate::protocol::reduce`]), the input generated again from each candidate; then, when the
//! problem has a validator (or text reduction was asked for), the input text itself, each
//! candidate gated by the validator.
//!
//! Weights strictly decrease across kinds: a case made by the generator (stream or arguments)
//! weighs more than any text, so a case may go from its generator's choices to its text, never
//! back; within a kind the reduce module's own weight orders them.

use crate::game::case::{Case, SizedStream, Source};
use crate::programs::testset::GenId;
use crate::protocol::reduce;

/// The top bit: set for a case made by the generator, clear for a text.
const GENERATED: u64 = 1 << 63;

/// The shrinker's weight of a case (module doc).
pub fn weight(case: &Case) -> u64 {
    match &case.source {
        Source::Stream(s) => GENERATED | stream_weight(&command_args(case), s),
        Source::Sized(_, s) => GENERATED | stream_weight(&s.args, &s.bytes),
        Source::Seed(_, call) => GENERATED | reduce::args::weight(call).min(GENERATED - 1),
        Source::Text(t) => reduce::text::weight(t).min(GENERATED - 1),
    }
}

/// The weight of a stream generator's call: the size of its arguments first (14 bits), then its
/// stream's length (24 bits) and the sum of its bytes (24 bits), each saturating.
fn stream_weight(args: &[String], bytes: &[u8]) -> u64 {
    let cap = |v: u64, bits: u32| v.min((1 << bits) - 1);
    let len = bytes.len() as u64;
    let sum: u64 = bytes.iter().map(|&b| u64::from(b)).sum();
    cap(reduce::args::size(args), 14) << 48 | cap(len, 24) << 24 | cap(sum, 24)
}

/// The arguments the stream generator's command gives it (none for a case of no problem).
fn command_args(case: &Case) -> Vec<String> {
    case.installed()
        .and_then(|i| i.problem.generators.first())
        .map(|g| g.cmd().args().to_vec())
        .unwrap_or_default()
}

/// Smaller variants of the generator's choices (a text has none here: its candidates are the
/// costly ones, [`text_candidates`]).
pub fn candidates(case: &Case) -> Vec<Case> {
    match &case.source {
        Source::Stream(s) => {
            let tape = case.tape();
            // A fresh stream is far longer than what the generator reads: first its trimmed
            // copy, then the reductions of that copy (all lighter than the original).
            let trimmed = match (case.trimmed(), &tape) {
                (Source::Stream(t), Some(_)) if t.len() < s.len() => Some(t),
                _ => None,
            };
            let list = match &trimmed {
                Some(t) => {
                    let mut list = vec![t.clone()];
                    list.extend(reduce::stream::candidates(t, tape.as_ref()));
                    list
                }
                None => reduce::stream::candidates(s, tape.as_ref()),
            };
            let base = trimmed.unwrap_or_else(|| s.clone());
            let sized = sized_candidates(case, GenId(0), &command_args(case), &base);
            sized
                .into_iter()
                .chain(
                    list.into_iter()
                        .map(|s| case.with_source(Source::Stream(s))),
                )
                .collect()
        }
        Source::Sized(gen, s) => {
            let streams = reduce::stream::candidates(&s.bytes, case.tape().as_ref());
            sized_candidates(case, *gen, &s.args, &s.bytes)
                .into_iter()
                .chain(streams.into_iter().map(|bytes| {
                    let args = s.args.clone();
                    case.with_source(Source::Sized(*gen, SizedStream { args, bytes }))
                }))
                .collect()
        }
        // The case's generator stays: only its arguments and seed are lowered.
        Source::Seed(gen, call) => reduce::args::candidates(call)
            .into_iter()
            .map(|c| case.with_source(Source::Seed(*gen, c)))
            .collect(),
        Source::Text(_) => text_candidates(case),
    }
}

/// The stream generator `gen` called with its arguments' numbers lowered (its sizes, when it takes
/// them from `argv`), on the same bytes.
fn sized_candidates(case: &Case, gen: GenId, args: &[String], bytes: &[u8]) -> Vec<Case> {
    reduce::args::lowered_args(args)
        .into_iter()
        .map(|args| {
            let bytes = bytes.to_vec();
            case.with_source(Source::Sized(gen, SizedStream { args, bytes }))
        })
        .collect()
}

/// Smaller variants of the input text, when the case's problem allows text reduction (a validator
/// gates every candidate, or it was asked for); none otherwise.
pub fn text_candidates(case: &Case) -> Vec<Case> {
    let allowed = case.installed().is_some_and(|i| i.problem.text_reduction());
    let Ok(text) = case.input() else {
        return Vec::new();
    };
    if !allowed {
        return Vec::new();
    }
    reduce::text::candidates(text)
        .into_iter()
        .map(|t| case.with_source(Source::Text(t)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::reduce::args::SeedCall;

    #[test]
    fn any_case_the_generator_makes_weighs_more_than_any_text() {
        let text = Case::text("9 ".repeat(100_000));
        let stream = Case::unbound(Source::Stream(vec![0]));
        let call = SeedCall {
            args: vec!["1".into()],
            seed: 0,
        };
        let seed = Case::unbound(Source::Seed(GenId(0), call));
        assert!(weight(&stream) > weight(&text));
        assert!(weight(&seed) > weight(&text));
        let longer = Case::unbound(Source::Stream(vec![0, 1]));
        assert!(weight(&longer) > weight(&stream));
    }
}
