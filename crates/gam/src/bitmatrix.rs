//! Dense bit matrices stored row by row in `u64` words, with a blocked transpose.
//!
//! Row counts are padded to a multiple of 64 so that the transpose can always work on
//! whole 64 x 64 blocks. Bits beyond `cols` in a row and rows beyond `rows` are padding:
//! the solver lets them hold anything and never reads them as answers.

/// A `rows` x `cols` matrix of bits; bit `c` of row `r` is bit `c % 64` of word
/// `r * stride + c / 64`.
#[derive(Debug, Clone, Default)]
pub struct BitMatrix {
    rows: usize,
    cols: usize,
    stride: usize,
    words: Vec<u64>,
}

impl BitMatrix {
    /// An all-zero matrix.
    pub fn new(rows: usize, cols: usize) -> Self {
        let mut matrix = Self::default();
        matrix.reset(rows, cols);
        matrix
    }

    /// Makes this an all-zero `rows` x `cols` matrix, keeping the allocation if it fits.
    pub fn reset(&mut self, rows: usize, cols: usize) {
        self.rows = rows;
        self.cols = cols;
        self.stride = cols.div_ceil(64);
        self.words.clear();
        self.words.resize(rows.div_ceil(64) * 64 * self.stride, 0);
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn row(&self, row: usize) -> &[u64] {
        &self.words[row * self.stride..(row + 1) * self.stride]
    }

    pub fn row_mut(&mut self, row: usize) -> &mut [u64] {
        &mut self.words[row * self.stride..(row + 1) * self.stride]
    }

    pub fn get(&self, row: usize, col: usize) -> bool {
        self.row(row)[col / 64] >> (col % 64) & 1 == 1
    }

    pub fn set(&mut self, row: usize, col: usize, value: bool) {
        let bit = 1u64 << (col % 64);
        let word = &mut self.row_mut(row)[col / 64];
        if value {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }

    /// Whether every bit inside the matrix (padding aside) equals `value`.
    pub fn is_all(&self, value: bool) -> bool {
        let full = self.cols / 64;
        let tail_mask = (1u64 << (self.cols % 64)) - 1;
        let want = if value { !0 } else { 0 };
        (0..self.rows).all(|row| {
            let words = self.row(row);
            words[..full].iter().all(|&word| word == want)
                && (tail_mask == 0 || words[full] & tail_mask == want & tail_mask)
        })
    }

    /// Writes the transpose into `target` (resized to `cols` x `rows`).
    ///
    /// # Complexity
    /// One 64 x 64 block transpose (6 rounds of 32 masked swaps) per block: about 0.1
    /// word operation per bit.
    pub fn transpose_into(&self, target: &mut BitMatrix) {
        target.reset(self.cols, self.rows);
        let row_blocks = self.rows.div_ceil(64);
        let mut block = [0u64; 64];
        for row_block in 0..row_blocks {
            for word in 0..self.stride {
                for (r, slot) in block.iter_mut().enumerate() {
                    *slot = self.words[(row_block * 64 + r) * self.stride + word];
                }
                transpose64(&mut block);
                for (c, &value) in block.iter().enumerate() {
                    target.words[(word * 64 + c) * target.stride + row_block] = value;
                }
            }
        }
    }
}

/// Transposes a 64 x 64 bit block in place: bit `c` of word `r` moves to bit `r` of
/// word `c`.
///
/// Recursive halving: swap the top-right and bottom-left 32 x 32 quarters, then do the
/// same inside every 32 x 32 quarter at once, and so on down to single bits.
pub fn transpose64(block: &mut [u64; 64]) {
    let mut width = 32;
    let mut mask: u64 = 0x0000_0000_FFFF_FFFF;
    while width != 0 {
        let mut row = 0;
        while row < 64 {
            // Rows with bit `width` clear pair with the row `width` below them: the high
            // half of the upper row's sub-block swaps with the low half of the lower one.
            let swap = ((block[row] >> width) ^ block[row + width]) & mask;
            block[row] ^= swap << width;
            block[row + width] ^= swap;
            row = (row + width + 1) & !width;
        }
        width >>= 1;
        mask ^= mask << width;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_transpose_matches_the_definition() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut block = [0u64; 64];
        for word in &mut block {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            *word = rng;
        }
        let original = block;
        transpose64(&mut block);
        for r in 0..64 {
            for c in 0..64 {
                assert_eq!(block[c] >> r & 1, original[r] >> c & 1, "bit ({r}, {c})");
            }
        }
    }

    #[test]
    fn matrix_transpose_of_odd_shapes() {
        for (rows, cols) in [(1, 1), (3, 70), (130, 5), (64, 64), (65, 129)] {
            let mut matrix = BitMatrix::new(rows, cols);
            for r in 0..rows {
                for c in 0..cols {
                    matrix.set(r, c, (r * 7 + c * 3) % 5 < 2);
                }
            }
            let mut transposed = BitMatrix::default();
            matrix.transpose_into(&mut transposed);
            assert_eq!((transposed.rows(), transposed.cols()), (cols, rows));
            for r in 0..rows {
                for c in 0..cols {
                    assert_eq!(transposed.get(c, r), matrix.get(r, c));
                }
            }
        }
    }

    #[test]
    fn all_ones_and_zeros_ignore_padding() {
        let mut matrix = BitMatrix::new(2, 70);
        assert!(matrix.is_all(false));
        for r in 0..2 {
            matrix.row_mut(r).fill(!0);
        }
        assert!(matrix.is_all(true));
        matrix.set(1, 69, false);
        assert!(!matrix.is_all(true) && !matrix.is_all(false));
        let mut tail = BitMatrix::new(1, 64);
        tail.row_mut(0)[0] = !0;
        assert!(tail.is_all(true));
    }
}
