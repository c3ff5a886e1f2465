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

    /// The column of plain pieces whose row `r` holds colour `colours[r]` (0: an empty cell), for
    /// up to 64 rows, every colour at most `largest`.
    pub fn from_colours(colours: &[u8; Line::WIDTH], largest: u8) -> Column {
        debug_assert!(colours.iter().all(|&x| x <= largest));
        let mut planes = [Line::EMPTY; PLANES];
        // The colour bits above the largest colour are 0 everywhere.
        let bits = (u8::BITS - largest.leading_zeros()) as usize;
        for (b, i) in COLOUR.take(bits).enumerate() {
            planes[i] = bit_plane(colours, b);
        }
        // Every colour is at least 1, so a cell holds a piece exactly when some colour bit is set.
        planes[PIECES] = planes[COLOUR].iter().fold(Line::EMPTY, |acc, &p| acc | p);
        Column {
            planes,
            special: [Line::EMPTY; SPECIAL_BITS],
        }
    }

    /// Gives the piece in row `r` the special `s`.
    pub fn set_special(&mut self, r: usize, s: u8) {
        debug_assert!(self.pieces().has(r) && usize::from(s) >> SPECIAL_BITS == 0);
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
    /// `len`. This is [`Line::fall_over`] on every plane, with its masks computed once.
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

    /// Whether every plane lies within the pieces plane (an empty cell has no colour and no
    /// special).
    pub fn planes_within_pieces(&self) -> bool {
        self.planes
            .iter()
            .chain(&self.special)
            .all(|p| p.is_subset(self.pieces()))
    }
}

/// The number whose bit `b` is bit `r` of `planes[b]`.
#[inline]
fn gather(planes: &[Line], r: usize) -> u8 {
    planes
        .iter()
        .enumerate()
        .fold(0, |acc, (b, p)| acc | u8::from(p.has(r)) << b)
}

/// Bit `b` of every byte, as a line: position `i` is bit `b` of `bytes[i]`. Eight bytes at a
/// time: their bits `b` are moved to bit 0 of each byte, and one multiplication gathers the eight
/// of them in the top byte (the partial products never overlap, so nothing carries).
fn bit_plane(bytes: &[u8; Line::WIDTH], b: usize) -> Line {
    debug_assert!(b < 8);
    let mut plane = 0u64;
    for (i, chunk) in bytes.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes(std::array::from_fn(|j| chunk[j]));
        let lows = word >> b & 0x0101_0101_0101_0101;
        plane |= (lows.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
    }
    Line(plane)
}
