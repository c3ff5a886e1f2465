//! 6. Specials: none at all, none of one type, one lowered.

use super::Out;
use model::texas::Case;

pub(super) fn specials(case: &Case, out: &mut Out) {
    let special = &case.board.special;
    if special.iter().all(|&s| s == 0) {
        return;
    }
    let mut c = case.clone();
    c.board.special.iter_mut().for_each(|s| *s = 0);
    out.push(c);
    for t in 1..=6u8 {
        if special.contains(&t) {
            let mut c = case.clone();
            c.board
                .special
                .iter_mut()
                .filter(|s| **s == t)
                .for_each(|s| *s = 0);
            out.push(c);
        }
    }
    for (i, &s) in special.iter().enumerate() {
        for lower in 0..s {
            let mut c = case.clone();
            c.board.special[i] = lower;
            out.push(c);
        }
    }
}
