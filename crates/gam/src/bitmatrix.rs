//! Dense bit matrices stored row by row in `u64` words, and the one kernel the solver
//! needs: combine rows, then transpose, 64 x 64 bits at a time.
//!
//! Row counts are padded to a multiple of 64 so that transposes always work on whole
//! 64 x 64 blocks. Bits beyond `cols` in a row and rows beyond `rows` are padding: they
//! may hold anything, and nothing reads them as answers.

/// A `rows` x `cols` matrix of bits; bit `c` of row `r` is bit `c % 64` of word
/// `r * stride + c / 64`.
#[derive(Debug, Clone, Default)]
pub struct BitMatrix {
    rows: usize,
    cols: usize,
    stride: usize,
    words: Vec<u64>,
    /// Scratch space for [`BitMatrix::combine_transposed`]: 64 combined rows.
    strip: Vec<u64>,
}

/// Which rows of a source matrix to combine into one row: the first `count` of `rows`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Picks {
    pub rows: [u32; 4],
    pub count: u8,
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
        self.reshape(rows, cols);
        self.words.fill(0);
    }

    /// Makes this a `rows` x `cols` matrix with unspecified bits, keeping the allocation
    /// if it fits: for callers that write every word.
    fn reshape(&mut self, rows: usize, cols: usize) {
        self.rows = rows;
        self.cols = cols;
        self.stride = cols.div_ceil(64);
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

    /// Writes the transpose into `target` (resized to `cols` x `rows`).
    pub fn transpose_into(&self, target: &mut BitMatrix) {
        let picks: Vec<Picks> = (0..self.rows as u32)
            .map(|row| Picks {
                rows: [row, 0, 0, 0],
                count: 1,
            })
            .collect();
        target.combine_transposed::<true>(self, &picks);
    }

    /// Makes `self` the transpose of the `picks.len()` x `source.cols()` matrix `M`
    /// whose row `r` is the AND (if `AND`) or the OR of the rows `picks[r]` of `source`
    /// (all ones or all zeros for no rows), storing only 64 rows of `M` at a time.
    /// Returns whether `M` has a one bit and whether it has only one bits.
    ///
    /// # Complexity
    /// Per row of `M`, at most three word-wise ANDs or ORs of whole rows; per 64 x 64
    /// block of `M`, one block transpose (6 rounds of 32 masked swaps) unless the block
    /// is all zeros or all ones (padding aside), which is then just filled in.
    pub fn combine_transposed<const AND: bool>(
        &mut self,
        source: &BitMatrix,
        picks: &[Picks],
    ) -> (bool, bool) {
        let (rows, cols, stride) = (picks.len(), source.cols, source.stride);
        self.reshape(cols, rows);
        let mut strip = std::mem::take(&mut self.strip);
        strip.resize(64 * stride, 0);
        let tail = (1u64 << (cols % 64)).wrapping_sub(1);
        let (mut any_one, mut all_ones) = (0u64, !0u64);
        for (row_block, chunk) in picks.chunks(64).enumerate() {
            for (out, pick) in strip.chunks_exact_mut(stride).zip(chunk) {
                combine::<AND>(out, source, &pick.rows[..usize::from(pick.count)]);
            }
            for word in 0..stride {
                let valid = if word + 1 == stride && tail != 0 {
                    tail
                } else {
                    !0
                };
                let mut block = [0u64; 64];
                let (mut any, mut all) = (0u64, !0u64);
                for (slot, row) in block
                    .iter_mut()
                    .zip(strip.chunks_exact(stride))
                    .take(chunk.len())
                {
                    *slot = row[word];
                    any |= *slot & valid;
                    all &= *slot | !valid;
                }
                any_one |= any;
                all_ones &= all;
                // Far-apart pieces make whole blocks one value: those are just filled
                // (padding may hold anything).
                if any == 0 || all == !0 {
                    block = [if any == 0 { 0 } else { !0 }; 64];
                } else {
                    transpose64(&mut block);
                }
                for (col, &value) in block.iter().enumerate() {
                    self.words[(word * 64 + col) * self.stride + row_block] = value;
                }
            }
        }
        self.strip = strip;
        (any_one != 0, all_ones == !0)
    }
}

/// Writes into `out` the AND (if `AND`) or the OR of the rows `picked` of `source`.
#[inline(always)]
fn combine<const AND: bool>(out: &mut [u64], source: &BitMatrix, picked: &[u32]) {
    let join = |x: u64, y: u64| if AND { x & y } else { x | y };
    let row = |index: u32| source.row(index as usize);
    match *picked {
        [] => out.fill(if AND { !0 } else { 0 }),
        [a] => out.copy_from_slice(row(a)),
        [a, b] => {
            for ((out, &a), &b) in out.iter_mut().zip(row(a)).zip(row(b)) {
                *out = join(a, b);
            }
        }
        [a, b, c] => {
            for (((out, &a), &b), &c) in out.iter_mut().zip(row(a)).zip(row(b)).zip(row(c)) {
                *out = join(join(a, b), c);
            }
        }
        [a, b, c, d, ..] => {
            let rows = row(a).iter().zip(row(b)).zip(row(c)).zip(row(d));
            for (out, (((&a, &b), &c), &d)) in out.iter_mut().zip(rows) {
                *out = join(join(a, b), join(c, d));
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
    swap_quarters::<32>(block, 0x0000_0000_FFFF_FFFF);
    swap_quarters::<16>(block, 0x0000_FFFF_0000_FFFF);
    swap_quarters::<8>(block, 0x00FF_00FF_00FF_00FF);
    swap_quarters::<4>(block, 0x0F0F_0F0F_0F0F_0F0F);
    swap_quarters::<2>(block, 0x3333_3333_3333_3333);
    swap_quarters::<1>(block, 0x5555_5555_5555_5555);
}

/// In every `2W` x `2W` sub-block, swaps the top-right and bottom-left `W` x `W`
/// quarters: the high halves (`mask` selects the low ones) of rows `base..base + W`
/// with the low halves of the `W` rows below. The inner loop runs over consecutive
/// rows with a constant shift, so it compiles to straight-line vector code.
#[inline(always)]
fn swap_quarters<const W: usize>(block: &mut [u64; 64], mask: u64) {
    for base in (0..64).step_by(2 * W) {
        for row in base..base + W {
            let swap = ((block[row] >> W) ^ block[row + W]) & mask;
            block[row] ^= swap << W;
            block[row + W] ^= swap;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_words(seed: u64, count: usize) -> Vec<u64> {
        let mut state = seed | 1;
        (0..count)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            })
            .collect()
    }

    #[test]
    fn block_transpose_matches_the_definition() {
        let mut block = [0u64; 64];
        block.copy_from_slice(&random_words(0x9E37_79B9_7F4A_7C15, 64));
        let original = block;
        transpose64(&mut block);
        for (r, &row) in original.iter().enumerate() {
            for (c, &column) in block.iter().enumerate() {
                assert_eq!(column >> r & 1, row >> c & 1, "bit ({r}, {c})");
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
    fn combined_rows_come_out_transposed_with_their_summary() {
        let (rows, cols) = (150, 130);
        let mut source = BitMatrix::new(rows, cols);
        let bits = random_words(7, rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                // Dense rows, so that ANDs of several are not all empty.
                source.set(r, c, bits[r * cols + c] % 8 != 0);
            }
        }
        let choices = random_words(11, 5 * 140);
        let picks: Vec<Picks> = (0..140)
            .map(|r| {
                let count = (choices[5 * r] % 5) as u8;
                let mut rows = [0; 4];
                for (k, slot) in rows.iter_mut().enumerate() {
                    *slot = (choices[5 * r + 1 + k] % 150) as u32;
                }
                Picks { rows, count }
            })
            .collect();
        for and in [true, false] {
            let mut target = BitMatrix::default();
            let (any, all) = if and {
                target.combine_transposed::<true>(&source, &picks)
            } else {
                target.combine_transposed::<false>(&source, &picks)
            };
            assert_eq!((target.rows(), target.cols()), (cols, picks.len()));
            let (mut saw_one, mut saw_zero) = (false, false);
            for (r, pick) in picks.iter().enumerate() {
                let used = &pick.rows[..usize::from(pick.count)];
                for c in 0..cols {
                    let mut values = used.iter().map(|&s| source.get(s as usize, c));
                    let want = if and {
                        values.all(|v| v)
                    } else {
                        values.any(|v| v)
                    };
                    assert_eq!(target.get(c, r), want, "and {and}, row {r}, col {c}");
                    saw_one |= want;
                    saw_zero |= !want;
                }
            }
            assert_eq!((any, all), (saw_one, !saw_zero));
        }
    }

    #[test]
    fn the_summary_ignores_padding() {
        let mut source = BitMatrix::new(1, 70);
        source.row_mut(0).fill(!0);
        let one = [Picks {
            rows: [0; 4],
            count: 1,
        }];
        let mut target = BitMatrix::default();
        assert_eq!(
            target.combine_transposed::<true>(&source, &one),
            (true, true)
        );
        source.set(0, 69, false);
        assert_eq!(
            target.combine_transposed::<true>(&source, &one),
            (true, false)
        );
        let zero = BitMatrix::new(1, 64);
        assert_eq!(
            target.combine_transposed::<false>(&zero, &one),
            (false, false)
        );
    }
}
