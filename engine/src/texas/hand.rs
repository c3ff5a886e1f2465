//! Hand points: after every fifth valid operation, the main colours of the last five make a
//! poker hand; where an operation has two main colours, the one making the best hand counts.

use super::Engine;
use model::texas::{Hand, HandKind};

impl Engine {
    /// Records the main colours of a valid operation (`second` 0 when it has one) and, after
    /// every fifth, scores the hand and returns it.
    pub(super) fn record_main_colours(&mut self, first: u8, second: u8) -> Option<Hand> {
        debug_assert!(first != 0 && self.hand_len < 5);
        self.hand[self.hand_len] = [first, second];
        self.hand_len += 1;
        if self.hand_len < 5 {
            return None;
        }
        self.hand_len = 0;
        let hand = best_hand(&self.hand);
        self.score.hand += hand.points;
        Some(hand)
    }
}

/// The points and kind of five colours.
fn hand_of(colours: [u8; 5]) -> Hand {
    let count = |x: u8| colours.iter().filter(|&&y| y == x).count();
    // The largest group of equal colours, ties to the largest colour; then the next one.
    let group = |skip: u8| {
        colours
            .iter()
            .filter(|&&x| x != skip)
            .map(|&x| (count(x), x))
            .max()
            .unwrap_or((0, 0))
    };
    let (size, first) = group(0);
    let (second_size, second) = group(first);
    let (c0, c1) = (u64::from(first), u64::from(second));
    let (kind, points) = match (size, second_size) {
        (5, _) => (HandKind::FiveOfAKind, 1000 + 10 * c0),
        (4, _) => (HandKind::FourOfAKind, 750 + 5 * c0),
        (3, 2) => (HandKind::FullHouse, 500 + 3 * c0 + c1),
        (3, _) => (HandKind::ThreeOfAKind, 300 + 3 * c0),
        (2, 2) => (HandKind::TwoPairs, 200 + 2 * c0 + c1),
        (2, _) => (HandKind::OnePair, 100 + 2 * c0),
        _ => (HandKind::HighCard, 50 + c0),
    };
    Hand { kind, points }
}

/// The best hand over every choice of main colour (`[first, second]`, second 0 when there is
/// one): the most points, and among the choices reaching them, the strongest kind.
fn best_hand(ops: &[[u8; 2]; 5]) -> Hand {
    // Bit i of a choice: operation i gives its second colour. Only operations with two main
    // colours have a choice; the subsets of `open` are walked from 0 up to `open` itself.
    let open = (0..5)
        .filter(|&i| ops[i][1] != 0)
        .fold(0u32, |acc, i| acc | 1 << i);
    let mut choice = 0u32;
    let mut best: Option<Hand> = None;
    loop {
        let colours: [u8; 5] = std::array::from_fn(|i| ops[i][(choice >> i & 1) as usize]);
        let hand = hand_of(colours);
        best = Some(match best {
            Some(b) if (b.points, b.kind) >= (hand.points, hand.kind) => b,
            _ => hand,
        });
        if choice == open {
            break;
        }
        // The next subset of `open` (counting in the bits of `open` only).
        choice = choice.wrapping_sub(open) & open;
    }
    // The loop runs at least once.
    best.unwrap_or(Hand {
        kind: HandKind::HighCard,
        points: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_score_as_the_table_says() {
        let h = |c: [u8; 5]| {
            let h = hand_of(c);
            (h.kind, h.points)
        };
        assert_eq!(h([3, 1, 4, 5, 2]), (HandKind::HighCard, 55));
        assert_eq!(h([3, 1, 3, 5, 2]), (HandKind::OnePair, 106));
        assert_eq!(h([1, 2, 4, 2, 4]), (HandKind::TwoPairs, 210));
        assert_eq!(h([7, 1, 7, 9, 7]), (HandKind::ThreeOfAKind, 321));
        assert_eq!(h([2, 9, 2, 9, 2]), (HandKind::FullHouse, 515));
        assert_eq!(h([9, 2, 9, 9, 2]), (HandKind::FullHouse, 529));
        assert_eq!(h([4, 4, 4, 1, 4]), (HandKind::FourOfAKind, 770));
        assert_eq!(h([6, 6, 6, 6, 6]), (HandKind::FiveOfAKind, 1060));
    }

    #[test]
    fn the_best_hand_picks_colours_and_breaks_ties_by_kind() {
        // Choosing 1 everywhere gives five of a kind.
        let best = best_hand(&[[1, 2], [2, 1], [1, 0], [1, 3], [3, 1]]);
        assert_eq!((best.kind, best.points), (HandKind::FiveOfAKind, 1010));
        // High card 50 + 100 = 150 ties one pair 100 + 2 * 25 = 150: the pair is reported.
        for third in [[25, 3], [3, 25]] {
            let best = best_hand(&[[100, 0], [25, 0], third, [4, 0], [5, 0]]);
            assert_eq!((best.kind, best.points), (HandKind::OnePair, 150));
        }
        let best = best_hand(&[[100, 0], [25, 0], [26, 3], [4, 0], [5, 0]]);
        assert_eq!((best.kind, best.points), (HandKind::HighCard, 150));
    }

    /// The table read literally: group sizes sorted, largest first, ties to the larger colour.
    fn hand_by_sorting(colours: [u8; 5]) -> (HandKind, u64) {
        let mut groups: Vec<(usize, u8)> = Vec::new();
        for x in colours {
            if !groups.iter().any(|g| g.1 == x) {
                groups.push((colours.iter().filter(|&&y| y == x).count(), x));
            }
        }
        groups.sort_unstable_by(|a, b| b.cmp(a));
        let sizes: Vec<usize> = groups.iter().map(|g| g.0).collect();
        let c = |i: usize| u64::from(groups[i].1);
        match sizes.as_slice() {
            [5] => (HandKind::FiveOfAKind, 1000 + 10 * c(0)),
            [4, 1] => (HandKind::FourOfAKind, 750 + 5 * c(0)),
            [3, 2] => (HandKind::FullHouse, 500 + 3 * c(0) + c(1)),
            [3, 1, 1] => (HandKind::ThreeOfAKind, 300 + 3 * c(0)),
            [2, 2, 1] => (HandKind::TwoPairs, 200 + 2 * c(0) + c(1)),
            [2, 1, 1, 1] => (HandKind::OnePair, 100 + 2 * c(0)),
            _ => (HandKind::HighCard, 50 + c(0)),
        }
    }

    #[test]
    fn every_hand_of_five_colours_matches_the_table() {
        let palette = [1u8, 2, 3, 9, 100];
        for i in 0..palette.len().pow(5) {
            let colours: [u8; 5] = std::array::from_fn(|k| palette[i / 5usize.pow(k as u32) % 5]);
            let h = hand_of(colours);
            assert_eq!((h.kind, h.points), hand_by_sorting(colours), "{colours:?}");
        }
    }

    #[test]
    fn the_best_hand_is_the_best_of_every_choice() {
        // Operations with one or two main colours from a small palette, every combination of
        // which of the five have two.
        let palette = [1u8, 2, 3, 7];
        for shape in 0u32..32 {
            for seed in 0..40u32 {
                let pick = |k: u32| palette[(seed.wrapping_mul(2_654_435_761) >> k) as usize % 4];
                let ops: [[u8; 2]; 5] = std::array::from_fn(|i| {
                    let first = pick(2 * i as u32);
                    let second = if shape >> i & 1 == 1 {
                        pick(2 * i as u32 + 11)
                    } else {
                        0
                    };
                    [first, second]
                });
                let brute = (0u32..32)
                    .filter(|choice| (0..5).all(|i| choice >> i & 1 == 0 || ops[i][1] != 0))
                    .map(|choice| {
                        hand_of(std::array::from_fn(|i| ops[i][(choice >> i & 1) as usize]))
                    })
                    .map(|h| (h.points, h.kind))
                    .max();
                let best = best_hand(&ops);
                assert_eq!(Some((best.points, best.kind)), brute, "{ops:?}");
            }
        }
    }
}
