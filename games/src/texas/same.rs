//! Whether two Texas outcomes are equal, as `==` says, without a call to `memcmp` per slice: the
//! slices of a small board's trace are a few bytes each (main colours, a round's cell rows, the
//! board), and on the small boards of a bounded scope the library calls cost more than the
//! comparisons (most of the pair's comparing time). Every field is named in a pattern, so a field
//! added to the model's types fails to compile here until it is compared.

use model::texas::{Board, Cells, OpTrace, Outcome, Round};

/// `a == b`.
pub(super) fn same(a: &Outcome, b: &Outcome) -> bool {
    let Outcome { score, ops, board } = a;
    *score == b.score && same_board(board, &b.board) && all(ops, &b.ops, same_op)
}

fn same_board(a: &Board, b: &Board) -> bool {
    let Board {
        n,
        m,
        colour,
        special,
    } = a;
    *n == b.n && *m == b.m && all(colour, &b.colour, eq) && all(special, &b.special, eq)
}

fn same_op(a: &OpTrace, b: &OpTrace) -> bool {
    let OpTrace {
        invalid,
        main,
        rounds,
        chain,
        hand,
    } = a;
    *invalid == b.invalid
        && *chain == b.chain
        && *hand == b.hand
        && all(main, &b.main, eq)
        && all(rounds, &b.rounds, same_round)
}

fn same_round(a: &Round, b: &Round) -> bool {
    let Round {
        matched,
        removed,
        combo,
        elimination,
    } = a;
    *combo == b.combo
        && *elimination == b.elimination
        && same_cells(matched, &b.matched)
        && same_cells(removed, &b.removed)
}

fn same_cells(a: &Cells, b: &Cells) -> bool {
    let Cells { rows } = a;
    all(rows, &b.rows, eq)
}

fn eq<T: PartialEq>(a: &T, b: &T) -> bool {
    a == b
}

/// Equal lengths and `same` element by element, in a loop kept inline.
#[inline(always)]
fn all<T>(a: &[T], b: &[T], same: impl Fn(&T, &T) -> bool) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::texas::Texas;
    use harness::roles::Generate;
    use model::texas::{Hand, HandKind, Invalid};

    /// Outcomes that differ from `o` in one field each.
    fn one_field_off(o: &Outcome) -> Vec<Outcome> {
        let mut out = Vec::new();
        let mut push = |f: &dyn Fn(&mut Outcome)| {
            let mut x = o.clone();
            f(&mut x);
            out.push(x);
        };
        push(&|x| x.score.combo += 1);
        push(&|x| x.board.n += 1);
        push(&|x| x.board.m += 1);
        push(&|x| x.board.colour.push(1));
        push(&|x| x.board.special.push(0));
        if !o.board.colour.is_empty() {
            push(&|x| x.board.colour[0] ^= 1);
        }
        push(&|x| x.ops.push(o.ops[0].clone()));
        push(&|x| {
            x.ops[0].invalid = match x.ops[0].invalid {
                Some(Invalid::NotAdjacent) => None,
                _ => Some(Invalid::NotAdjacent),
            }
        });
        push(&|x| x.ops[0].chain += 1);
        push(&|x| {
            x.ops[0].hand = match x.ops[0].hand {
                Some(_) => None,
                None => Some(Hand {
                    kind: HandKind::OnePair,
                    points: 1,
                }),
            }
        });
        push(&|x| x.ops[0].main.push(7));
        push(&|x| {
            x.ops[0]
                .rounds
                .push(o.ops[0].rounds.first().cloned().unwrap_or(Round {
                    matched: Cells { rows: vec![1] },
                    removed: Cells { rows: vec![1] },
                    combo: 0,
                    elimination: 0,
                }))
        });
        if !o.ops[0].rounds.is_empty() {
            push(&|x| x.ops[0].rounds[0].combo += 1);
            push(&|x| x.ops[0].rounds[0].elimination += 1);
            push(&|x| x.ops[0].rounds[0].matched.rows[0] ^= 1);
            push(&|x| x.ops[0].rounds[0].removed.rows.push(0));
        }
        out
    }

    #[test]
    fn same_is_equality() {
        let mut rounds = 0;
        for seed in 0..300 {
            let profile = &Texas::PROFILES[seed as usize % Texas::PROFILES.len()];
            let case = Texas::generate(profile, seed);
            let o = reference::texas::outcome(&case);
            assert!(same(&o, &o.clone()));
            assert!(same(&o, &engine::texas::outcome(&case)));
            rounds += o.ops[0].rounds.len();
            for other in one_field_off(&o) {
                assert_eq!(same(&o, &other), o == other, "{other:?}");
                assert!(!same(&o, &other) && !same(&other, &o));
            }
        }
        assert!(rounds > 0, "no first operation removed anything");
    }
}
