//! One column of the board as bit planes over its rows: which rows hold a piece, and bit `b` of
//! the colour and of the special of each piece. Comparing two columns plane by plane gives, for
//! all rows at once, where they hold the same colour; gravity and swaps move every plane alike.

use super::line::Line;
use std::ops::Range;

/// Bits of a colour id: colours are 1..=100 < 2^7.
const COLOUR_BITS: usize = 7;
/// Bits of a special: specials are 0..=6 < 2^3.
const SPECIAL_BITS: usize = 3;

/// Where each plane lives in [`Column::planes`].
const PIECES: usize = 0;
const COLOUR: Range<usize> = 1..1 + COLOUR_BITS;
const PLANES: usize = COLOUR.end;

/// One column: bit `r` of every plane is about the cell in row `r`. An empty cell has no bit set
/// in any plane, so the pieces plane holds every bit of the others.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct Column {
    /// The pieces plane (the rows holding a piece), then `COLOUR_BITS` colour planes (plane `b`:
    /// the rows whose colour has bit `b` set): eight lines, so that what happens to all of them
    /// is one loop the compiler turns into a few vector instructions.
    planes: [Line; PLANES],
    /// `special[b]`: the rows whose special has bit `b` set (few: most columns have none).
    special: [Line; SPECIAL_BITS],
}

impl Column {
    pub const EMPTY: Column = Column {
        planes: [Line::EMPTY; PLANES],
        special: [Line::EMPTY; SPECIAL_BITS],
    };

    /// Makes the pieces and colour planes those of the colours in `words` (the specials stay):
    /// word `i` holds rows `8 * i .. 8 * i + 8`, byte `j` the colour of row `8 * i + j` (0: an
    /// empty cell), and the rows past the words are empty. Every colour is below `2^bits`: only
    /// the planes of those bits are computed, so a few colours cost a few instructions.
    #[inline]
    pub fn set_colours(&mut self, words: impl IntoIterator<Item = u64>, bits: usize) {
        debug_assert!(bits <= COLOUR_BITS);
        let mut planes = [Line::EMPTY; PLANES];
        for (i, word) in words.into_iter().enumerate() {
            debug_assert!(i < Line::WIDTH / 8);
            debug_assert!(word & LOW_BITS.wrapping_mul(0xff << bits & 0xff) == 0);
            for b in 0..bits {
                planes[COLOUR.start + b] |= Line(byte_bits(word, b) << (8 * i));
            }
        }
        // Every colour is at least 1, so a cell holds a piece exactly when some colour bit is set.
        planes[PIECES] = planes[COLOUR].iter().fold(Line::EMPTY, |acc, &p| acc | p);
        self.planes = planes;
    }

    /// Gives the piece in row `r` the special `s` (the pieces plane may not be built yet).
    pub fn set_special(&mut self, r: usize, s: u8) {
        debug_assert!(usize::from(s) >> SPECIAL_BITS == 0);
        for (b, plane) in self.special.iter_mut().enumerate() {
            plane.set(r, s >> b & 1 == 1);
        }
    }

    /// The rows holding a piece.
    #[inline]
    pub fn pieces(&self) -> Line {
        self.planes[PIECES]
    }

    /// The colour in row `r`, 0 when empty.
    #[inline]
    pub fn colour_at(&self, r: usize) -> u8 {
        gather(&self.planes[COLOUR], r)
    }

    /// The special in row `r`, 0 for a plain piece or an empty cell.
    #[inline]
    pub fn special_at(&self, r: usize) -> u8 {
        gather(&self.special, r)
    }

    /// The rows holding a piece with a special.
    #[inline]
    pub fn specials(&self) -> Line {
        self.special.iter().fold(Line::EMPTY, |acc, &p| acc | p)
    }

    /// The rows holding colour `x` (`x` >= 1): where every plane agrees with the piece "colour
    /// x", whose pieces bit is 1 and whose colour bits are those of x.
    #[inline]
    pub fn colour_rows(&self, x: u8) -> Line {
        debug_assert!(x != 0 && usize::from(x) >> COLOUR_BITS == 0);
        let key = u64::from(x) << COLOUR.start | 1 << PIECES;
        let mut rows = Line::ALL;
        for (b, &plane) in self.planes.iter().enumerate() {
            rows -= plane ^ Line::filled(key >> b & 1 == 1);
        }
        rows
    }

    /// The rows where both columns hold a piece, of the same colour. (All planes are compared:
    /// where both hold a piece, their pieces planes agree anyway.)
    #[inline]
    pub fn same_colour(&self, other: &Column) -> Line {
        let differ = self
            .planes
            .iter()
            .zip(&other.planes)
            .fold(Line::EMPTY, |acc, (&a, &b)| acc | (a ^ b));
        (self.pieces() & other.pieces()) - differ
    }

    /// The rows `r` such that rows `r` and `r + 1` both hold a piece, of the same colour.
    #[inline]
    pub fn same_as_next(&self) -> Line {
        let differ = self
            .planes
            .iter()
            .fold(Line::EMPTY, |acc, &p| acc | (p ^ p.down(1)));
        self.pieces().pairs() - differ
    }

    /// Exchanges the pieces in rows `r` and `r + 1` (both hold one).
    #[inline]
    pub fn swap_with_next(&mut self, r: usize) {
        debug_assert!(self.pieces().has(r) && self.pieces().has(r + 1));
        // Where a plane's bits r and r + 1 differ, both flip.
        let at = Line::bit(r);
        let swap = |plane: &mut Line| {
            let differ = (*plane ^ plane.down(1)) & at;
            *plane ^= differ | differ.up(1);
        };
        self.planes.iter_mut().for_each(swap);
        if !(self.specials() & at.with(r + 1)).is_empty() {
            self.special.iter_mut().for_each(swap);
        }
    }

    /// Exchanges the piece in row `r` with the piece in row `r` of column `other` (both hold one).
    #[inline]
    pub fn swap_row_with(&mut self, r: usize, other: &mut Column) {
        debug_assert!(self.pieces().has(r) && other.pieces().has(r));
        // Where the two planes differ in row r, both flip.
        let at = Line::bit(r);
        let swap = |(mine, theirs): (&mut Line, &mut Line)| {
            let differ = (*mine ^ *theirs) & at;
            *mine ^= differ;
            *theirs ^= differ;
        };
        let specials = !((self.specials() | other.specials()) & at).is_empty();
        self.planes.iter_mut().zip(&mut other.planes).for_each(swap);
        if specials {
            let (mine, theirs) = (&mut self.special, &mut other.special);
            mine.iter_mut().zip(theirs).for_each(swap);
        }
    }

    /// Gravity for one segment of removed rows, `start..start + len`: the pieces above it fall by
    /// `len`, on every plane, with the masks computed once.
    #[inline]
    pub fn fall_over(&mut self, start: usize, len: usize) {
        debug_assert!(len > 0 && start + len < Line::WIDTH);
        let (above, past) = (Line::first(start), !Line::first(start + len));
        let fall = |plane: &mut Line| *plane = (*plane & past) | (*plane & above).up(len);
        self.planes.iter_mut().for_each(fall);
        if !self.specials().is_empty() {
            self.special.iter_mut().for_each(fall);
        }
    }

    /// Whether every plane lies within the pieces plane (empty cells have no colour, no special).
    #[cfg_attr(mutants, mutants::skip)] // a `debug_assert!` check: on a working engine it holds, so `true` changes nothing
    pub fn planes_within_pieces(&self) -> bool {
        self.planes
            .iter()
            .chain(&self.special)
            .all(|p| p.is_subset(self.pieces()))
    }
}

/// Bit 0 of every byte.
const LOW_BITS: u64 = 0x0101_0101_0101_0101;

/// Bit `b` of each byte of `word`, side by side: bit `j` of the answer is bit `b` of byte `j`.
#[inline]
fn byte_bits(word: u64, b: usize) -> u64 {
    // Each byte's bit b is moved to bit 0 of its byte, and one multiplication gathers the eight of
    // them in the top byte (the partial products never overlap, so nothing carries).
    ((word >> b) & LOW_BITS).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The number whose bit `b` is bit `r` of `planes[b]`.
#[inline]
fn gather(planes: &[Line], r: usize) -> u8 {
    planes
        .iter()
        .enumerate()
        .fold(0, |acc, (b, p)| acc | u8::from(p.has(r)) << b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// 64 cells: colours (0 = empty) from a few small and a few large ids, so that low and high
    /// colour bits both vary, and specials 0..=6.
    fn cells() -> impl Strategy<Value = ([u8; 64], [u8; 64])> {
        let colour = prop_oneof![3 => 0u8..=3, 1 => 97u8..=100];
        (
            prop::collection::vec(colour, 64),
            prop::collection::vec(0u8..=6, 64),
        )
            .prop_map(|(c, s)| {
                let colours: [u8; 64] = std::array::from_fn(|r| c[r]);
                let specials = std::array::from_fn(|r| if c[r] == 0 { 0 } else { s[r] });
                (colours, specials)
            })
    }

    /// The column of `cells`, loaded word by word as a board is.
    fn column_of((colours, specials): &([u8; 64], [u8; 64])) -> Column {
        // The colours eight rows at a time, from their bytes.
        let largest = colours.iter().copied().max().unwrap_or(0);
        let bits = (u8::BITS - largest.leading_zeros()) as usize;
        let word = |i: usize| {
            let mut word = [0u8; 8];
            word.copy_from_slice(&colours[8 * i..8 * i + 8]);
            u64::from_le_bytes(word)
        };
        let mut column = Column::EMPTY;
        column.set_colours((0..8).map(word), bits);
        for (r, &s) in specials.iter().enumerate() {
            if s != 0 {
                column.set_special(r, s);
            }
        }
        column
    }

    fn rows_where(f: impl Fn(usize) -> bool) -> Line {
        (0..64).filter(|&r| f(r)).fold(Line::EMPTY, Line::with)
    }

    proptest! {
        #[test]
        fn cells_read_back(cells in cells()) {
            let column = column_of(&cells);
            let (colours, specials) = &cells;
            for r in 0..64 {
                prop_assert_eq!(column.colour_at(r), colours[r]);
                prop_assert_eq!(column.special_at(r), specials[r]);
            }
            prop_assert_eq!(column.pieces(), rows_where(|r| colours[r] != 0));
            prop_assert_eq!(column.specials(), rows_where(|r| specials[r] != 0));
            prop_assert!(column.planes_within_pieces());
            for x in [1, 2, 3, 97, 100] {
                prop_assert_eq!(column.colour_rows(x), rows_where(|r| colours[r] == x));
            }
        }

        #[test]
        fn links_match_the_cells(a in cells(), b in cells()) {
            let (ca, cb) = (column_of(&a), column_of(&b));
            let (x, y) = (&a.0, &b.0);
            prop_assert_eq!(ca.same_colour(&cb), rows_where(|r| x[r] != 0 && x[r] == y[r]));
            prop_assert_eq!(
                ca.same_as_next(),
                rows_where(|r| r < 63 && x[r] != 0 && x[r] == x[r + 1])
            );
        }

        #[test]
        fn swaps_move_whole_pieces(a in cells(), b in cells(), r in 0usize..63) {
            let (mut ca, mut cb) = (column_of(&a), column_of(&b));
            if a.0[r] != 0 && a.0[r + 1] != 0 {
                let mut swapped = a;
                swapped.0.swap(r, r + 1);
                swapped.1.swap(r, r + 1);
                let mut column = ca;
                column.swap_with_next(r);
                prop_assert_eq!(column, column_of(&swapped));
            }
            if a.0[r] != 0 && b.0[r] != 0 {
                let (mut sa, mut sb) = (a, b);
                std::mem::swap(&mut sa.0[r], &mut sb.0[r]);
                std::mem::swap(&mut sa.1[r], &mut sb.1[r]);
                ca.swap_row_with(r, &mut cb);
                prop_assert_eq!((ca, cb), (column_of(&sa), column_of(&sb)));
            }
        }

        #[test]
        fn a_segment_falls(cells in cells(), start in 0usize..60, len in 1usize..=4) {
            let mut column = column_of(&cells);
            column.fall_over(start, len);
            // Rows past the segment stay, rows above it move down by len, the top len rows empty.
            let fell = |a: &[u8; 64]| -> [u8; 64] {
                std::array::from_fn(|r| match r {
                    r if r >= start + len => a[r],
                    r if r >= len => a[r - len],
                    _ => 0,
                })
            };
            prop_assert_eq!(column, column_of(&(fell(&cells.0), fell(&cells.1))));
        }
    }
}
