//! The poker hand of the main colours of the operations since the last hand.

use model::texas::{Hand, HandKind};

/// The main colours of a valid operation: one or two.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Main {
    pub(crate) colours: [u8; 2],
    pub(crate) len: usize,
}

impl Main {
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.colours[..self.len]
    }
}

/// The best hand over every choice of one main colour per operation: the most points, and among
/// the choices reaching them the strongest kind. Choice bit i takes the second colour of
/// operation i.
pub(crate) fn best_hand(mains: &[Main]) -> Hand {
    let mut best = Hand {
        kind: HandKind::HighCard,
        points: 0,
    };
    for choice in 0u32..1 << mains.len() {
        let pointless = mains
            .iter()
            .enumerate()
            .any(|(i, main)| choice >> i & 1 == 1 && main.len < 2);
        if pointless {
            continue;
        }
        let mut picked = [0u8; 5];
        for (i, main) in mains.iter().enumerate().take(5) {
            picked[i] = main.colours[(choice >> i & 1) as usize];
        }
        let hand = hand_of(picked);
        if (hand.points, hand.kind) > (best.points, best.kind) {
            best = hand;
        }
    }
    best
}

/// Scores five colours as a poker hand, from the number of distinct colours and the size of the
/// largest group.
fn hand_of(mut colours: [u8; 5]) -> Hand {
    colours.sort_unstable();
    // (count, colour) per distinct colour.
    let mut groups = [(0u8, 0u8); 5];
    let mut distinct = 0;
    for v in colours {
        if distinct > 0 && groups[distinct - 1].1 == v {
            groups[distinct - 1].0 += 1;
        } else {
            groups[distinct] = (1, v);
            distinct += 1;
        }
    }
    let groups = &mut groups[..distinct];
    // The largest group first; among groups of one size, the larger colour first.
    groups.sort_unstable_by(|x, y| y.cmp(x));
    let c = |k: usize| u64::from(groups[k].1);
    let (kind, points) = match (distinct, groups[0].0) {
        (1, _) => (HandKind::FiveOfAKind, 1000 + 10 * c(0)),
        (2, 4) => (HandKind::FourOfAKind, 750 + 5 * c(0)),
        (2, _) => (HandKind::FullHouse, 500 + 3 * c(0) + c(1)),
        (3, 3) => (HandKind::ThreeOfAKind, 300 + 3 * c(0)),
        (3, _) => (HandKind::TwoPairs, 200 + 2 * c(0) + c(1)),
        (4, _) => (HandKind::OnePair, 100 + 2 * c(0)),
        _ => (HandKind::HighCard, 50 + c(0)),
    };
    Hand { kind, points }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_from_distinct_colours_and_group_sizes() {
        let h = |c: [u8; 5]| {
            let hand = hand_of(c);
            (hand.kind, hand.points)
        };
        assert_eq!(h([1, 2, 3, 4, 9]), (HandKind::HighCard, 59));
        assert_eq!(h([7, 3, 7, 1, 2]), (HandKind::OnePair, 114));
        assert_eq!(h([2, 5, 2, 5, 1]), (HandKind::TwoPairs, 212));
        assert_eq!(h([4, 4, 1, 4, 2]), (HandKind::ThreeOfAKind, 312));
        assert_eq!(h([3, 6, 3, 6, 3]), (HandKind::FullHouse, 515));
        assert_eq!(h([8, 8, 8, 2, 8]), (HandKind::FourOfAKind, 790));
        assert_eq!(h([6, 6, 6, 6, 6]), (HandKind::FiveOfAKind, 1060));
    }
}
