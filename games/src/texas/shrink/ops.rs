//! 1. Operations (and 5., operations compound): dropping operations, and repairing the ones left.

use super::super::sim::Sim;
use super::lines::{cut, op_rectangles};
use super::repair::revalidate;
use super::{halving, with_ops, Out, Played, REPLAY_WORK};
use model::texas::{Case, Op};

pub(super) fn operations(case: &Case, played: &Played, out: &mut Out) {
    let q = case.ops.len();
    let valid: Vec<Op> = case
        .ops
        .iter()
        .zip(played)
        .filter(|(_, p)| p.is_some())
        .map(|(&op, _)| op)
        .collect();
    if !valid.is_empty() && valid.len() < q {
        out.push(with_ops(case, valid));
    }
    for keep in halving(q) {
        out.push(with_ops(case, case.ops[..keep].to_vec()));
    }
    for chunk in halving(q) {
        for start in (0..q).step_by(chunk) {
            let end = (start + chunk).min(q);
            if end - start < q {
                let mut ops = case.ops[..start].to_vec();
                ops.extend_from_slice(&case.ops[end..]);
                out.push(with_ops(case, ops));
            }
        }
    }
}

/// Drops one operation at a time and repairs the operations after it.
pub(super) fn operations_repaired(case: &Case, played: &Played, sim: &mut Sim, out: &mut Out) {
    if case.ops.len() * case.n() * case.m() > REPLAY_WORK {
        return;
    }
    for i in 0..case.ops.len() {
        let ops: Vec<(Op, Option<Vec<u8>>)> = case
            .ops
            .iter()
            .zip(played)
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, (&op, p))| (op, p.clone()))
            .collect();
        out.push_opt(revalidate(sim, case.k, &case.board, ops, true));
        // With the rows and columns only it used.
        let rest: Vec<Op> = (0..case.ops.len())
            .filter(|&j| j != i)
            .map(|j| case.ops[j])
            .collect();
        for (rows, cols) in op_rectangles(case, &rest) {
            cut(case, played, sim, out, &rows, &cols, |j| j != i);
        }
    }
}
