//! One column of the board as bit planes over its rows: which rows hold a piece, and bit `b` of
//! the colour and of the special of each piece. Comparing two columns plane by plane gives, for
//! all rows at once, where they hold the same colour; gravity moves every plane the same way.

use super::line::Line;

/// Bits of a colour id: colours are 1..=100 < 2^7.
pub(super) const COLOUR_BITS: usize = 7;
/// Bits of a special: specials are 0..=6 < 2^3.
pub(super) const SPECIAL_BITS: usize = 3;

/// One column: bit `r` of every plane is about the cell in row `r`. An empty cell has no bit set
/// in any plane, so `pieces` holds every bit of the other planes.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct Column {
    /// The rows holding a piece.
    pub pieces: Line,
    /// `colour[b]`: the rows whose colour has bit `b` set.
    pub colour: [Line; COLOUR_BITS],
    /// `special[b]`: the rows whose special has bit `b` set.
    pub special: [Line; SPECIAL_BITS],
}

impl Column {
    pub const EMPTY: Column = Column {
        pieces: Line::EMPTY,
        colour: [Line::EMPTY; COLOUR_BITS],
        special: [Line::EMPTY; SPECIAL_BITS],
    };

    /// The colour in row `r`, 0 when empty.
    #[inline]
    pub fn colour_at(&self, r: usize) -> u8 {
        gather(&self.colour, r)
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

    /// The rows holding colour `x` (`x` >= 1).
    #[inline]
    pub fn colour_rows(&self, x: u8) -> Line {
        debug_assert!(x != 0 && usize::from(x) >> COLOUR_BITS == 0);
        let mut rows = self.pieces;
        for (b, &plane) in self.colour.iter().enumerate() {
            rows &= if x >> b & 1 == 1 { plane } else { !plane };
        }
        rows
    }

    /// The rows where both columns hold a piece, of the same colour.
    #[inline]
    pub fn same_colour(&self, other: &Column) -> Line {
        let differ = self
            .colour
            .iter()
            .zip(&other.colour)
            .fold(Line::EMPTY, |acc, (&a, &b)| acc | (a ^ b));
        (self.pieces & other.pieces) - differ
    }

    /// The rows `r` such that rows `r` and `r + 1` both hold a piece, of the same colour.
    #[inline]
    pub fn same_as_next(&self) -> Line {
        let differ = self
            .colour
            .iter()
            .fold(Line::EMPTY, |acc, &p| acc | (p ^ p.down(1)));
        self.pieces.pairs() - differ
    }

    /// Puts a piece of colour `x` and special `s` in row `r`, replacing what was there; `x` = 0
    /// empties the cell.
    #[inline]
    pub fn put(&mut self, r: usize, x: u8, s: u8) {
        debug_assert!(usize::from(x) >> COLOUR_BITS == 0 && usize::from(s) >> SPECIAL_BITS == 0);
        debug_assert!(x != 0 || s == 0, "an empty cell holds no special");
        scatter(&mut self.pieces, r, x != 0);
        for (b, plane) in self.colour.iter_mut().enumerate() {
            scatter(plane, r, x >> b & 1 == 1);
        }
        for (b, plane) in self.special.iter_mut().enumerate() {
            scatter(plane, r, s >> b & 1 == 1);
        }
    }

    /// Gravity: the pieces in the rows `gone` are taken out and the pieces above them fall,
    /// keeping their order (see [`Line::fall`]).
    #[inline]
    pub fn fall(&mut self, gone: Line) {
        debug_assert!(gone.is_subset(self.pieces));
        for (start, len) in gone.segments() {
            self.pieces = self.pieces.fall_over(start, len);
            for plane in self.colour.iter_mut().chain(&mut self.special) {
                *plane = plane.fall_over(start, len);
            }
        }
    }

    /// Whether every plane lies within `pieces` (an empty cell has no colour and no special).
    pub fn planes_within_pieces(&self) -> bool {
        self.colour
            .iter()
            .chain(&self.special)
            .all(|p| p.is_subset(self.pieces))
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

/// Sets bit `r` of `plane` to `on`.
#[inline]
fn scatter(plane: &mut Line, r: usize, on: bool) {
    if on {
        plane.insert(r);
    } else {
        plane.remove(r);
    }
}

impl Column {
    /// The column whose row `r` holds colour `colours[r]` and special `specials[r]` (colour 0:
    /// an empty cell, whose special is ignored).
    pub fn from_cells(colours: &[u8; Line::WIDTH], specials: &[u8; Line::WIDTH]) -> Column {
        let colour: [Line; COLOUR_BITS] = std::array::from_fn(|b| bit_plane(colours, b));
        // Every colour is at least 1, so a cell holds a piece exactly when some colour bit is set.
        let pieces = colour.iter().fold(Line::EMPTY, |acc, &p| acc | p);
        let special = std::array::from_fn(|b| bit_plane(specials, b) & pieces);
        Column {
            pieces,
            colour,
            special,
        }
    }
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
