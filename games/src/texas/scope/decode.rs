//! Decoding an index of a Texas scope into its case: the colouring (with the run that makes a
//! whole range of colourings invalid), the specials, the operations.

use super::{Block, TexasScope};
use model::texas::Op;

impl TexasScope {
    /// Writes the colours of the block's boards for `colouring` into `colour` (one per cell);
    /// `Err(n)` when that board has a run: its first cells up to the end of its first run (in
    /// row-major order) already hold one, so the `n` colourings from `colouring` on that begin
    /// with the same cells are boards with a run too (the first cell is the most significant
    /// digit: they are consecutive). Digits by shifts when k is a power of two, else by 32-bit
    /// divisions when the colouring fits.
    pub(super) fn colours(b: &Block, colour: &mut [u8], colouring: u64) -> Result<(), u64> {
        if b.k.is_power_of_two() {
            // k = 1, 2, 4, ...: digits are bits.
            let (bits, mut rest) = (b.k.trailing_zeros(), colouring);
            Self::decode(colour, move || {
                let d = (rest & (b.k - 1)) as u8;
                rest >>= bits;
                d
            });
        } else {
            match (u32::try_from(colouring), u32::try_from(b.k)) {
                (Ok(c), Ok(k)) => Self::decode(colour, digits(c, k)),
                _ => Self::decode(colour, digits(colouring, b.k)),
            }
        }
        let Some(i) = Self::first_run(b, colour) else {
            return Ok(());
        };
        // Colourings sharing the first i + 1 digits: k^(cells - 1 - i) of them, in one run.
        let same_start = b.k.pow((colour.len() - 1 - i) as u32);
        Err(same_start - colouring % same_start)
    }

    /// Fills `colour` from its last cell to its first with `1 + digit`.
    #[inline(always)]
    fn decode(colour: &mut [u8], mut digit: impl FnMut() -> u8) {
        for cell in colour.iter_mut().rev() {
            *cell = digit() + 1;
        }
    }

    /// The first cell, in row-major order, that ends a run of three (to its left or above).
    fn first_run(b: &Block, colour: &[u8]) -> Option<usize> {
        let m = b.m;
        let (mut r, mut c) = (0, 0);
        for (i, &v) in colour.iter().enumerate() {
            let left = c >= 2 && colour[i - 1] == v && colour[i - 2] == v;
            let above = r >= 2 && colour[i - m] == v && colour[i - 2 * m] == v;
            if left || above {
                return Some(i);
            }
            c += 1;
            if c == m {
                c = 0;
                r += 1;
            }
        }
        None
    }

    /// Writes the specials of the block's boards for a placement (colex rank) and kinding into
    /// `special` (one per cell, 0 for none).
    pub(super) fn specials(
        &self,
        b: &Block,
        special: &mut [u8],
        mut placement: u64,
        mut kinding: u64,
    ) {
        special.fill(0);
        let first = *self.params.kinds.start();
        let kinds = self.params.kinds.end() - first + 1;
        let mut below = special.len();
        for j in (1..=b.specials).rev() {
            // The largest cell c < below with C(c, j) <= placement.
            let mut c = below - 1;
            while self.binomial(c, j) > placement {
                c -= 1;
            }
            placement -= self.binomial(c, j);
            special[c] = (first + kinding % kinds) as u8;
            kinding /= kinds;
            below = c;
        }
    }

    /// Writes the operations of a sequence into `ops` (the first one the most significant digit).
    pub(super) fn operations(&self, b: &Block, ops: &mut Vec<Op>, mut sequence: u64) {
        let table = &self.tables[b.table];
        let ops_in_table = table.len() as u64;
        ops.clear();
        ops.resize(b.q, table[0]);
        for op in ops.iter_mut().rev() {
            *op = table[(sequence % ops_in_table) as usize];
            sequence /= ops_in_table;
        }
    }
}

/// The base-`base` digits of `x`, least significant first (each below 256: `base` is a k).
#[inline(always)]
fn digits<T>(mut x: T, base: T) -> impl FnMut() -> u8
where
    T: Copy + std::ops::Rem<Output = T> + std::ops::DivAssign + TryInto<u8>,
{
    move || {
        let d = (x % base).try_into().unwrap_or(0);
        x /= base;
        d
    }
}
