//! The bitboard type and the run detector, against plain loops over bits and cells.

mod common;

use engine::texas::line::{Grid, Line};
use engine::texas::Engine;
use model::texas::{Board, Case};
use proptest::prelude::*;

/// Positions in a segment of >= 3 consecutive members, by walking the bits.
fn runs_by_walking(bits: u64) -> u64 {
    let mut out = 0;
    let mut i = 0;
    while i < 64 {
        if bits >> i & 1 == 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < 64 && bits >> i & 1 == 1 {
            i += 1;
        }
        if i - start >= 3 {
            for j in start..i {
                out |= 1 << j;
            }
        }
    }
    out
}

/// Members of `bits` in a segment that holds a member of `seed`, by walking the bits.
fn segments_by_walking(bits: u64, seed: u64) -> u64 {
    let mut out = 0;
    let mut i = 0;
    while i < 64 {
        if bits >> i & 1 == 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < 64 && bits >> i & 1 == 1 {
            i += 1;
        }
        let segment = (start..i).fold(0u64, |acc, j| acc | 1 << j);
        if segment & seed != 0 {
            out |= segment;
        }
    }
    out
}

#[test]
fn line_basics() {
    let l = Line::bit(3).with(5).with(63);
    assert_eq!(l.count(), 3);
    assert!(l.has(5) && !l.has(4));
    assert_eq!(l.lowest(), Some(3));
    assert_eq!(l.highest(), Some(63));
    assert_eq!(l.iter().collect::<Vec<_>>(), [3, 5, 63]);
    assert_eq!(l.iter().len(), 3);
    assert_eq!(l.without(63), Line::bit(3) | Line::bit(5));
    let mut t = l;
    t.toggle(5);
    t.toggle(6);
    assert_eq!(t, Line::bit(3) | Line::bit(6) | Line::bit(63));
    assert_eq!(Line::EMPTY.lowest(), None);
    assert_eq!(Line::EMPTY.highest(), None);
    assert_eq!(Line::first(0), Line::EMPTY);
    assert_eq!(Line::first(3).0, 0b111);
    assert_eq!(Line::first(64).0, u64::MAX);
    assert_eq!(Line::span(-2, 1).0, 0b11);
    assert_eq!(Line::span(2, 4).0, 0b11100);
    assert_eq!(Line::span(62, 70).0, 0b11 << 62);
    assert_eq!(Line::span(5, 4), Line::EMPTY);
    assert_eq!(Line::bit(1).up(2), Line::bit(3));
    assert_eq!(Line::bit(1).down(1), Line::bit(0));
    assert_eq!(Line::bit(0).down(1), Line::EMPTY);
    assert_eq!(Line::bit(4).widened().0, 0b11_1000);
    assert_eq!(Line(0b0111_0110).pairs().0, 0b0011_0010);
    assert_eq!(Line(0b0111_0110).runs().0, 0b0111_0000);
    assert_eq!(Line(0b1111).runs().0, 0b1111);
    assert_eq!(Line(0b1101_1011).runs(), Line::EMPTY);
    assert_eq!(Line(u64::MAX).runs().0, u64::MAX);
}

#[test]
fn grid_tracks_its_columns() {
    let mut g = Grid::new();
    assert!(g.is_empty());
    g.insert(4, 7);
    g.add_col(2, Line(0b110));
    g.add_col(9, Line::EMPTY);
    assert_eq!(g.cols(), Line::bit(2) | Line::bit(7));
    assert_eq!(g.count(), 3);
    assert_eq!(g.first(), Some((1, 2)));
    assert_eq!(g.cells().collect::<Vec<_>>(), [(1, 2), (2, 2), (4, 7)]);
    let mut h = Grid::new();
    h.copy_from(&g);
    assert_eq!(h, g);
    g.remove_col(2, Line(0b010));
    assert!(!g.contains(1, 2) && g.contains(2, 2));
    let mut out = [7u64; 5];
    g.write_rows(&mut out);
    assert_eq!(out, [0, 0, 0b100, 0, 1 << 7]);
    let mut short = [0u64; 3];
    g.write_rows(&mut short);
    assert_eq!(short, [0, 0, 0b100]);
    g.clear();
    assert!(g.is_empty());
    assert_eq!(g.first(), None);
    assert_eq!(g.col(7), Line::EMPTY);
}

proptest! {
    #[test]
    fn runs_match_a_walk_over_the_bits(bits in any::<u64>(), len in 1usize..=64) {
        let bits = bits & Line::first(len).0;
        prop_assert_eq!(Line(bits).runs().0, runs_by_walking(bits));
    }

    #[test]
    fn segments_match_a_walk_over_the_bits(bits in any::<u64>(), seed in any::<u64>()) {
        prop_assert_eq!(
            Line(bits).segments_through(Line(seed)).0,
            segments_by_walking(bits, seed)
        );
    }

    #[test]
    fn iteration_and_counts_agree(bits in any::<u64>()) {
        let l = Line(bits);
        let walked: Vec<usize> = (0..64).filter(|&i| bits >> i & 1 == 1).collect();
        prop_assert_eq!(l.iter().collect::<Vec<_>>(), walked.clone());
        prop_assert_eq!(l.count() as usize, walked.len());
        prop_assert_eq!(l.lowest(), walked.first().copied());
        prop_assert_eq!(l.highest(), walked.last().copied());
    }

    /// The engine's detector (every cell marked as changed) against a walk over the cells, on
    /// boards full of runs and holes.
    #[test]
    fn the_run_detector_matches_a_cell_walk(
        n in 1usize..=50,
        m in 1usize..=50,
        k in 1u8..=6,
        seed in any::<u64>(),
        holes in 0.0f64..0.5,
    ) {
        use rand::Rng as _;
        let mut rng = common::rng(seed);
        let mut board = Board::empty(n, m);
        for i in 0..n * m {
            if !rng.random_bool(holes) {
                board.colour[i] = rng.random_range(1..=k);
            }
        }
        let want = common::runs_by_walking(&board);
        let mut engine = Engine::new();
        engine.load(&Case { k, board, ops: Vec::new() });
        prop_assert_eq!(engine.runs(), want);
    }
}
