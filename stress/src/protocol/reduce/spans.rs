//! Candidates from the spans a generator marked (a row, an operation, a test case: the kit's
//! `stress_kit::Span` and `stress_random.span`), the way Hypothesis shrinks by its examples:
//!
//! - **a count lowered with what it counts**: a draw whose value (with its `lo`) equals the length
//!   of one or more runs of sibling spans of one label after it is taken for their count; lowering
//!   it by `d` deletes `d` spans of each such run (the last `d`, or for `d = 1` the `j`-th of every
//!   run, for each `j`). `n` and `n` rows lose a row; `m` and the `m` cells of every row lose a
//!   column;
//! - **a span deleted**, the longest first;
//! - **a span replaced by a descendant of its label** (a subtree by one of its subtrees).
//!
//! Every candidate is built from byte positions the tape gives (each draw's bytes, in order), so a
//! stale tape makes them less apt, never invalid: the generator runs again on each.

use crate::protocol::tape::{read_raw, reduce_raw, write_raw, Span, Tape};

/// Span candidates of `stream` by its `tape`, most aggressive first, at most `room` of them.
pub(super) fn candidates(stream: &[u8], tape: &Tape, room: usize) -> Vec<Vec<u8>> {
    if tape.spans.is_empty() {
        return Vec::new();
    }
    let at = offsets(tape);
    let mut out = Vec::new();
    counts_lowered(stream, tape, &at, room, &mut out);
    spans_deleted(stream, tape, &at, room, &mut out);
    spans_replaced(stream, tape, &at, room, &mut out);
    out.truncate(room);
    out
}

/// The byte offset of every draw, and one past the last.
fn offsets(tape: &Tape) -> Vec<usize> {
    let mut at: Vec<usize> = tape.placed().map(|(at, _, _)| at).collect();
    at.push(tape.placed().last().map_or(0, |(at, k, _)| at + k));
    at
}

/// The bytes of span `s` in a stream of `len` bytes (clipped to it).
fn bytes_of(s: &Span, at: &[usize], len: usize) -> (usize, usize) {
    (at[s.first].min(len), at[s.end].min(len))
}

/// `stream` without the byte ranges `cut` (any order, not overlapping).
fn without(stream: &[u8], cut: &mut [(usize, usize)]) -> Vec<u8> {
    cut.sort_unstable();
    let mut out = Vec::with_capacity(stream.len());
    let mut from = 0;
    for &(a, b) in cut.iter() {
        if a >= from {
            out.extend_from_slice(&stream[from..a]);
            from = b;
        }
    }
    out.extend_from_slice(&stream[from.min(stream.len())..]);
    out
}

/// The runs of sibling spans: maximal lists of spans with one parent and one label, each
/// beginning where the one before it ended.
fn runs(tape: &Tape) -> Vec<Vec<usize>> {
    let mut runs: Vec<Vec<usize>> = Vec::new();
    for (i, s) in tape.spans.iter().enumerate() {
        let joined = runs.iter_mut().rev().find(|run| {
            let last = &tape.spans[run[run.len() - 1]];
            last.parent == s.parent && last.label == s.label && last.end == s.first
        });
        match joined {
            Some(run) => run.push(i),
            None => runs.push(vec![i]),
        }
    }
    runs
}

/// How many spans a span sits in.
fn depth(tape: &Tape, mut span: usize) -> usize {
    let mut d = 0;
    while let Some(p) = tape.spans[span].parent {
        d += 1;
        span = p;
    }
    d
}

/// The groups of runs a count may be counting, among `counted` (runs of its length after it): the
/// runs at each depth together (`n` counts the rows of the colours and of the specials), and, where
/// a depth has runs of several labels, each label's alone (`q` = `n` must not delete rows with
/// operations).
fn groups(tape: &Tape, counted: &[&Vec<usize>]) -> Vec<Vec<Vec<usize>>> {
    let mut by_depth: Vec<(usize, Vec<Vec<usize>>)> = Vec::new();
    for run in counted {
        let d = depth(tape, run[0]);
        match by_depth.iter_mut().find(|(depth, _)| *depth == d) {
            Some((_, runs)) => runs.push((*run).clone()),
            None => by_depth.push((d, vec![(*run).clone()])),
        }
    }
    let mut out = Vec::new();
    for (_, runs) in by_depth {
        let mut labels: Vec<&str> = runs
            .iter()
            .map(|r| tape.spans[r[0]].label.as_str())
            .collect();
        labels.sort_unstable();
        labels.dedup();
        if labels.len() > 1 {
            for label in labels {
                let one: Vec<Vec<usize>> = runs
                    .iter()
                    .filter(|r| tape.spans[r[0]].label == label)
                    .cloned()
                    .collect();
                out.push(one);
            }
        }
        out.push(runs);
    }
    out
}

/// Lowers each draw that counts runs of spans after it, deleting spans of each such run.
fn counts_lowered(stream: &[u8], tape: &Tape, at: &[usize], room: usize, out: &mut Vec<Vec<u8>>) {
    let runs = runs(tape);
    for (i, (start, k, d)) in tape.placed().enumerate() {
        if k == 0 || start >= stream.len() || out.len() >= room {
            continue;
        }
        let value = reduce_raw(read_raw(stream, start, k), d.n);
        let count = i128::from(d.lo) + i128::from(value);
        let counted: Vec<&Vec<usize>> = runs
            .iter()
            .filter(|run| tape.spans[run[0]].first > i && run.len() as i128 == count)
            .collect();
        if counted.is_empty() || value == 0 {
            continue;
        }
        for group in groups(tape, &counted) {
            lower_with(stream, tape, at, (i, k, value), &group, out);
        }
    }
}

/// Candidates that lower draw `i` (its `k` bytes hold `value`) and delete spans of each run of
/// `group`: the last ones, or one at each position.
fn lower_with(
    stream: &[u8],
    tape: &Tape,
    at: &[usize],
    (i, k, value): (usize, usize, u64),
    group: &[Vec<usize>],
    out: &mut Vec<Vec<u8>>,
) {
    let len = group[0].len();
    let lower = |by: usize, pick: &dyn Fn(&Vec<usize>) -> Vec<usize>| {
        let mut s = stream.to_vec();
        write_raw(&mut s, at[i], k, value - by as u64);
        let mut cut: Vec<(usize, usize)> = group
            .iter()
            .flat_map(pick)
            .map(|j| bytes_of(&tape.spans[j], at, stream.len()))
            .collect();
        without(&s, &mut cut)
    };
    let most = usize::try_from(value).unwrap_or(usize::MAX).min(len);
    for by in [most, most / 2].into_iter().filter(|&b| b > 1) {
        out.push(lower(by, &|run| run[run.len() - by..].to_vec()));
    }
    for j in (0..len).rev() {
        out.push(lower(1, &|run| vec![run[j]]));
    }
}

/// Deletes each span, the longest first.
fn spans_deleted(stream: &[u8], tape: &Tape, at: &[usize], room: usize, out: &mut Vec<Vec<u8>>) {
    let mut order: Vec<(usize, usize)> = tape
        .spans
        .iter()
        .map(|s| bytes_of(s, at, stream.len()))
        .filter(|(a, b)| a < b)
        .collect();
    order.sort_by_key(|&(a, b)| (std::cmp::Reverse(b - a), a));
    order.dedup();
    for (a, b) in order {
        if out.len() >= room {
            return;
        }
        out.push(without(stream, &mut [(a, b)]));
    }
}

/// Replaces each span by each of its descendants of the same label.
fn spans_replaced(stream: &[u8], tape: &Tape, at: &[usize], room: usize, out: &mut Vec<Vec<u8>>) {
    for (i, outer) in tape.spans.iter().enumerate() {
        let (a, b) = bytes_of(outer, at, stream.len());
        for inner in tape.spans[i + 1..]
            .iter()
            .take_while(|s| s.first < outer.end)
        {
            if out.len() >= room {
                return;
            }
            let (c, d) = bytes_of(inner, at, stream.len());
            if inner.label == outer.label && (c, d) != (a, b) {
                let mut s = stream[..a].to_vec();
                s.extend_from_slice(&stream[c..d]);
                s.extend_from_slice(&stream[b..]);
                out.push(s);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::tape::parse;

    #[test]
    fn a_count_is_lowered_with_a_row_of_each_run_it_counts_and_a_column_of_each_row() {
        // n = 2 rows of m = 2 cells, each cell one byte: n and m, then rows a b / c d.
        let tape = parse(
            "consumed 6\n10 2\n10 2\n( row\n( cell\n10 1\n)\n( cell\n10 2\n)\n)\n\
             ( row\n( cell\n10 3\n)\n( cell\n10 4\n)\n)\n",
        )
        .unwrap();
        let stream = [2, 2, 1, 2, 3, 4];
        let got = candidates(&stream, &tape, 100);
        // n lowered: the last row, or either row, goes.
        assert!(got.contains(&vec![1, 2, 1, 2]), "{got:?}");
        assert!(got.contains(&vec![1, 2, 3, 4]), "{got:?}");
        // m lowered: the second cell, or the first, of both rows goes (a column).
        assert!(got.contains(&vec![2, 1, 1, 3]), "{got:?}");
        assert!(got.contains(&vec![2, 1, 2, 4]), "{got:?}");
        // A row deleted alone, a cell deleted alone.
        assert!(got.contains(&vec![2, 2, 3, 4]), "{got:?}");
        assert!(got.contains(&vec![2, 2, 2, 3, 4]), "{got:?}");
        assert!(got.len() <= 100);
        assert!(candidates(&stream, &tape, 3).len() == 3);
    }

    #[test]
    fn a_count_with_lo_matches_its_runs_and_a_span_gives_way_to_its_descendant() {
        // A count drawn from [1, 4] (lo 1, value 1: two ops), then two ops of one byte each.
        let tape = parse("consumed 3\n4 1 1\n( op\n10 7\n)\n( op\n10 8\n)\n").unwrap();
        let got = candidates(&[1, 7, 8], &tape, 100);
        assert!(
            got.contains(&vec![0, 7]) && got.contains(&vec![0, 8]),
            "{got:?}"
        );
        // A tree: node(7, node(8)) replaced by its child node(8).
        let tree = parse("consumed 2\n( node\n10 7\n( node\n10 8\n)\n)\n").unwrap();
        assert!(candidates(&[7, 8], &tree, 100).contains(&vec![8]));
        // No spans: nothing.
        assert!(candidates(&[1, 2], &parse("consumed 2\n10 1\n10 2\n").unwrap(), 9).is_empty());
    }
}
