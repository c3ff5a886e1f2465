//! The bitboard type, its line runs included, against plain loops over bits and cells.

use engine::texas::line::{Grid, Line};
use proptest::prelude::*;

/// The members that lie in a segment of at least three consecutive members.
fn runs(l: Line) -> Line {
    Line::runs_of_links(l.pairs())
}

/// The line after taking out the positions of `gone` and closing each gap from below: every
/// member moves up by the number of positions of `gone` above it (gravity on a column).
fn fall(l: Line, gone: Line) -> Line {
    gone.segments()
        .fold(l, |bits, (start, len)| fall_over(bits, start, len))
}

/// One segment of [`fall`]: positions `start..start + len` are taken out, the members below
/// `start` move up by `len`, the members past the segment stay.
fn fall_over(l: Line, start: usize, len: usize) -> Line {
    let stay = l.difference(Line::first(start + len));
    if start == 0 {
        return stay;
    }
    stay | (l & Line::first(start)).up(len)
}

/// The set of the given positions (each < 64).
fn line(positions: impl IntoIterator<Item = usize>) -> Line {
    positions.into_iter().fold(Line::EMPTY, Line::with)
}

/// The members of `bits`, smallest first, by testing every position.
fn members(bits: u64) -> Vec<usize> {
    (0..64).filter(|&i| bits >> i & 1 == 1).collect()
}

/// Gravity by walking: every member not in `gone` moves up by the number of positions of `gone`
/// above it.
fn fall_by_walking(bits: u64, gone: u64) -> u64 {
    members(bits)
        .into_iter()
        .filter(|&i| gone >> i & 1 == 0)
        .map(|i| i + members(gone).into_iter().filter(|&g| g > i).count())
        .fold(0, |acc, i| acc | 1 << i)
}

/// The maximal segments of consecutive members as (start, length), by walking the bits.
fn segments_list_by_walking(bits: u64) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
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
        out.push((start, i - start));
    }
    out
}

/// Positions in a segment of >= 3 consecutive members, by walking the bits.
fn runs_by_walking(bits: u64) -> u64 {
    segments_list_by_walking(bits)
        .into_iter()
        .filter(|&(_, len)| len >= 3)
        .flat_map(|(start, len)| start..start + len)
        .fold(0, |acc, j| acc | 1 << j)
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
    assert_eq!(runs(Line(0b0111_0110)).0, 0b0111_0000);
    assert_eq!(runs(Line(0b1111)).0, 0b1111);
    assert_eq!(runs(Line(0b1101_1011)), Line::EMPTY);
    assert_eq!(runs(Line(u64::MAX)).0, u64::MAX);
}

#[test]
fn named_set_operations() {
    let a = line([1, 2, 5, 9]);
    let b = line([2, 3, 9, 40]);
    assert_eq!(a.difference(b), line([1, 5]));
    assert_eq!(a - b, a.difference(b));
    assert_eq!(b - a, line([3, 40]));
    assert_eq!(a.symmetric_difference(b), line([1, 3, 5, 40]));
    assert_eq!(a ^ b, a.symmetric_difference(b));
    assert_eq!(a - a, Line::EMPTY);
    assert_eq!(a ^ a, Line::EMPTY);
    let (mut c, mut d) = (a, a);
    c -= b;
    d ^= b;
    assert_eq!((c, d), (a - b, a ^ b));
    assert!(line([2, 9]).is_subset(a));
    assert!(!b.is_subset(a));
    assert!(Line::EMPTY.is_subset(Line::EMPTY));
    assert_eq!(Line::filled(true), Line::ALL);
    assert_eq!(Line::filled(false), Line::EMPTY);
    let mut e = a;
    e.set(3, true);
    e.set(5, false);
    e.set(1, true);
    assert_eq!(e, line([1, 2, 3, 9]));
}

#[test]
fn debug_draws_the_row_as_the_board_shows_it() {
    assert_eq!(format!("{:6?}", Line(0b11001)), "Line[#..##.]");
    assert_eq!(format!("{:?}", Line(0b11001)), "Line[#..##]");
    assert_eq!(format!("{:?}", Line::EMPTY), "Line[]");
    assert_eq!(format!("{:3?}", Line::EMPTY), "Line[...]");
    // Members past the width are counted, not dropped from sight.
    assert_eq!(format!("{:2?}", Line(0b1101)), "Line[#.+2]");
    assert_eq!(format!("{:?}", Line::bit(63)).len(), "Line[]".len() + 64);
    let mut g = Grid::new();
    g.insert(0, 1);
    g.insert(2, 0);
    g.insert(2, 2);
    assert_eq!(format!("{g:?}"), "Grid[.#./.../#.#]");
    assert_eq!(format!("{:?}", Grid::new()), "Grid[]");
}

#[test]
fn segments_and_falls_by_example() {
    let l = line([0, 1, 4, 5, 6, 9]);
    assert_eq!(l.segments().collect::<Vec<_>>(), [(0, 2), (4, 3), (9, 1)]);
    assert_eq!(Line::ALL.segments().collect::<Vec<_>>(), [(0, 64)]);
    assert_eq!(Line::EMPTY.segments().next(), None);
    // A column: rows 0..=3 hold pieces, row 2 is removed; rows 0 and 1 fall to 1 and 2.
    let pieces = Line::first(4);
    assert_eq!(fall(pieces, Line::bit(2)), line([1, 2, 3]));
    assert_eq!(fall_over(pieces, 2, 1), fall(pieces, Line::bit(2)));
    assert_eq!(fall(pieces, pieces), Line::EMPTY);
    assert_eq!(fall_over(Line::ALL, 0, 64), Line::EMPTY);
    // Links of 0-1, 1-2 and 5-6, 6-7, 7-8: the chains of three or more.
    let links = line([0, 1, 5, 6, 7]);
    assert_eq!(Line::runs_of_links(links), line([0, 1, 2, 5, 6, 7, 8]));
    assert_eq!(Line::runs_of_links(line([0, 2])), Line::EMPTY);
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
        prop_assert_eq!(runs(Line(bits)).0, runs_by_walking(bits));
    }

    #[test]
    fn segments_match_a_walk_over_the_bits(bits in any::<u64>(), seed in any::<u64>()) {
        prop_assert_eq!(
            Line(bits).segments_through(Line(seed)).0,
            segments_by_walking(bits, seed)
        );
    }

    #[test]
    fn set_operations_match_the_positions(a in any::<u64>(), b in any::<u64>()) {
        let (ma, mb) = (members(a), members(b));
        let only_a: Vec<usize> = ma.iter().copied().filter(|i| !mb.contains(i)).collect();
        let either: Vec<usize> = (0..64).filter(|i| ma.contains(i) != mb.contains(i)).collect();
        prop_assert_eq!(members((Line(a) - Line(b)).0), only_a.clone());
        prop_assert_eq!(members((Line(a) ^ Line(b)).0), either);
        prop_assert_eq!(Line(a).is_subset(Line(b)), ma.iter().all(|i| mb.contains(i)));
        prop_assert_eq!(line(ma.iter().copied()), Line(a));
    }

    #[test]
    fn segments_and_falls_match_walks(bits in any::<u64>(), gone in any::<u64>()) {
        prop_assert_eq!(Line(bits).segments().collect::<Vec<_>>(), segments_list_by_walking(bits));
        prop_assert_eq!(fall(Line(bits), Line(gone)).0, fall_by_walking(bits, gone));
        for (start, len) in Line(gone).segments() {
            prop_assert_eq!(
                fall_over(Line(bits), start, len).0,
                fall_by_walking(bits, Line::span(start as isize, (start + len - 1) as isize).0)
            );
        }
    }

    #[test]
    fn runs_of_links_match_a_walk(bits in any::<u64>()) {
        // Links between equal neighbours of a row of two colours (bit set or not): the chains of
        // three or more are the runs of either colour.
        let same = !(bits ^ bits >> 1) & (u64::MAX >> 1);
        let want = runs_by_walking(bits) | runs_by_walking(!bits);
        prop_assert_eq!(Line::runs_of_links(Line(same)).0, want);
    }

    #[test]
    fn debug_shows_every_member(bits in any::<u64>(), width in 0usize..=64) {
        let drawn = format!("{:width$?}", Line(bits));
        let row = drawn.trim_start_matches("Line[").trim_end_matches(']');
        let (cells, past) = row.split_once('+').unwrap_or((row, "0"));
        prop_assert_eq!(cells.len(), width);
        let shown: Vec<usize> = cells.char_indices().filter(|&(_, ch)| ch == '#').map(|(i, _)| i).collect();
        prop_assert_eq!(shown, members(bits & Line::first(width).0));
        prop_assert_eq!(past.parse::<u32>().ok(), Some((bits & !Line::first(width).0).count_ones()));
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
}
