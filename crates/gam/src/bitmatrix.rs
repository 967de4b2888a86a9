//! Dense bit matrices in `u64` words, and the one kernel the solver needs: combine
//! rows, then transpose, 64 x 64 bits at a time.
//!
//! Row counts are padded to a multiple of 64 so that transposes always work on whole
//! 64 x 64 blocks. Bits beyond `cols` in a row and rows beyond `rows` are padding: they
//! may hold anything, and nothing reads them as answers. The words are stored column
//! of words by column of words (word `w` of every row, then word `w + 1`), so a block
//! is 64 consecutive words and the rows that the kernel combines are read from one
//! short column by their row numbers alone.
//!
//! Each matrix also keeps a summary of its 64 x 64 blocks: all zeros, all ones (padding
//! aside) or mixed. In the game most pairs of positions are far apart and settled, so
//! most blocks are uniform: combining rows that lie in uniform blocks needs no work, and
//! a uniform block is written out only when a mixed block needs rows from it.

/// The state of a 64 x 64 block, padding aside; as a word, `ZEROS` and `ONES` negate
/// to the block's words.
const ZEROS: u8 = 0;
const ONES: u8 = 1;
const MIXED: u8 = 2;

/// Which rows of a source matrix to combine into one row: one to four distinct rows,
/// then the first one repeated to fill the four slots (AND and OR are idempotent, so
/// a chunk of rows can be combined as if they all had the largest count).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Picks {
    pub rows: [u16; 4],
}

impl Picks {
    /// The distinct `rows` as picks.
    ///
    /// # Panics
    /// If `rows` is empty, longer than four or repeats a row.
    pub fn new(rows: &[u16]) -> Picks {
        assert!((1..=4).contains(&rows.len()), "1 to 4 rows");
        let mut picks = Picks { rows: [rows[0]; 4] };
        picks.rows[..rows.len()].copy_from_slice(rows);
        for (k, row) in rows.iter().enumerate() {
            assert!(!rows[..k].contains(row), "repeated row {row}");
        }
        picks
    }
}

/// A `rows` x `cols` matrix of bits; bit `c` of row `r` is bit `c % 64` of word
/// `(c / 64) * height + r`, unless its block is uniform in the summary.
#[derive(Debug, Clone, Default)]
pub struct BitMatrix {
    rows: usize,
    cols: usize,
    /// Words per row.
    stride: usize,
    /// `rows` rounded up to a multiple of 64: the length of a column of words.
    height: usize,
    words: Vec<u64>,
    /// Per block (row block `b`, word `w`) at `w * height / 64 + b`, which is also
    /// where its 64 words start, divided by 64: `ZEROS`, `ONES` or `MIXED`.
    summary: Vec<u8>,
    /// Per block, whether its words hold it (always so for a mixed block; a uniform
    /// one may be left stale until some reader needs its words).
    written: Vec<bool>,
    /// Whether every block is mixed and written: the words alone are the matrix.
    plain: bool,
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

    /// Makes this a `rows` x `cols` matrix with unspecified bits and every block marked
    /// mixed, keeping the allocation if it fits.
    fn reshape(&mut self, rows: usize, cols: usize) {
        self.rows = rows;
        self.cols = cols;
        self.stride = cols.div_ceil(64);
        self.height = rows.div_ceil(64) * 64;
        self.words.resize(self.height * self.stride, 0);
        let blocks = self.height / 64 * self.stride;
        self.summary.clear();
        self.summary.resize(blocks, MIXED);
        self.written.clear();
        self.written.resize(blocks, true);
        self.plain = true;
    }

    /// Sets one bit; call [`BitMatrix::summarize`] when done editing.
    pub fn set(&mut self, row: usize, col: usize, value: bool) {
        if !self.plain {
            self.materialize();
        }
        let bit = 1u64 << (col % 64);
        let word = &mut self.words[col / 64 * self.height + row];
        if value {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }

    /// Sets every bit to `value`; call [`BitMatrix::summarize`] when done editing.
    pub fn fill(&mut self, value: bool) {
        if !self.plain {
            self.materialize();
        }
        self.words.fill(u64::from(value).wrapping_neg());
    }

    /// Writes out block `block` if it is stale.
    fn write_out(&mut self, block: usize) {
        if !self.written[block] {
            let value = u64::from(self.summary[block]).wrapping_neg();
            self.words[block * 64..block * 64 + 64].fill(value);
            self.written[block] = true;
        }
    }

    /// Writes out every stale block and marks every block mixed, so that the words
    /// alone hold the matrix and may be edited.
    fn materialize(&mut self) {
        for block in 0..self.summary.len() {
            self.write_out(block);
        }
        self.summary.fill(MIXED);
        self.plain = true;
    }

    /// The bits of word `word` that lie inside the matrix.
    fn valid_bits(&self, word: usize) -> u64 {
        let tail = self.cols % 64;
        if word + 1 == self.stride && tail != 0 {
            (1 << tail) - 1
        } else {
            !0
        }
    }

    /// Brings the block summary up to date after bits were edited.
    pub fn summarize(&mut self) {
        let row_blocks = self.height / 64;
        for word in 0..self.stride {
            let valid = self.valid_bits(word);
            for row_block in 0..row_blocks {
                let first = word * self.height + row_block * 64;
                let rows = self.rows.min(row_block * 64 + 64) - row_block * 64;
                let (mut any, mut all) = (0, !0);
                for &value in &self.words[first..first + rows] {
                    any |= value & valid;
                    all &= value | !valid;
                }
                self.summary[word * row_blocks + row_block] = state(any, all);
            }
        }
        self.plain = false;
    }

    /// Makes `self` the transpose of the `picks.len()` x `source.cols()` matrix `M`
    /// whose row `r` is the AND (if `AND`) or the OR of the rows `picks[r]` of
    /// `source`, without ever storing `M`. Returns whether `M` has a one bit and
    /// whether it has only one bits.
    ///
    /// # Complexity
    /// `M` is made 64 x 64 bits at a time. A block whose rows all come from blocks of
    /// `source` that are all zeros, or all ones, is that too and costs next to nothing;
    /// any other costs 64 combinations of up to four words and one block transpose (6
    /// rounds of 32 masked swaps), about 0.4 word operation per bit. Stale blocks of
    /// `source` it reads are written out on the way.
    pub fn combine_transposed<const AND: bool>(
        &mut self,
        source: &mut BitMatrix,
        picks: &[Picks],
    ) -> (bool, bool) {
        let (rows, cols, stride) = (picks.len(), source.cols, source.stride);
        self.reshape(cols, rows);
        let (source_height, source_row_blocks) = (source.height, source.height / 64);
        let (mut any_one, mut all_ones) = (false, true);
        for (row_block, chunk) in picks.chunks(64).enumerate() {
            // The blocks of `source` these rows come from, as a range of row blocks,
            // and the most rows any of them combines (see `Picks::count`).
            let (mut low, mut high, mut spread) = (u16::MAX, 0, 0u8);
            for pick in chunk {
                let [a, b, c, d] = pick.rows;
                low = low.min(a.min(b).min(c.min(d)));
                high = high.max(a.max(b).max(c.max(d)));
                spread |= u8::from(b != a) | u8::from(c != a) << 1 | u8::from(d != a) << 2;
            }
            let width = 9 - spread.leading_zeros() as usize;
            let blocks = usize::from(low) / 64..usize::from(high) / 64 + 1;
            for word in 0..stride {
                let column = word * source_row_blocks;
                let sources = &source.summary[column + blocks.start..column + blocks.end];
                // Block `word` of row block `row_block` of `M` is block `row_block`
                // of row block `word` of its transpose.
                let target = row_block * self.height / 64 + word;
                let block_state = if sources[0] != MIXED && sources.iter().all(|&s| s == sources[0])
                {
                    sources[0]
                } else {
                    for block in blocks.clone() {
                        source.write_out(column + block);
                    }
                    let valid = source.valid_bits(word);
                    let words = &source.words[word * source_height..(word + 1) * source_height];
                    let block: &mut [u64; 64] = (&mut self.words[target * 64..target * 64 + 64])
                        .try_into()
                        .expect("a block is 64 words");
                    let (any, all) =
                        gather::<AND>(block, chunk, width, valid, |row| words[usize::from(row)]);
                    let block_state = state(any, all);
                    if block_state == MIXED {
                        transpose64(block);
                    }
                    block_state
                };
                any_one |= block_state != ZEROS;
                all_ones &= block_state == ONES;
                self.summary[target] = block_state;
                self.written[target] = block_state == MIXED;
            }
        }
        self.plain = false;
        (any_one, all_ones)
    }
}

/// Fills `block[r]` with the AND (if `AND`) or the OR of the first `width` words that
/// `read` finds for `picks[r].rows`; returns the OR and the AND of the results,
/// restricted to the `valid` bits. One loop per width, so that the inner loop has no
/// branch.
#[inline(always)]
fn gather<const AND: bool>(
    block: &mut [u64; 64],
    picks: &[Picks],
    width: usize,
    valid: u64,
    read: impl Fn(u16) -> u64,
) -> (u64, u64) {
    let join = |x: u64, y: u64| if AND { x & y } else { x | y };
    let (mut any, mut all) = (0, !0);
    let mut store = |slot: &mut u64, value: u64| {
        *slot = value;
        any |= value & valid;
        all &= value | !valid;
    };
    let rows = block.iter_mut().zip(picks.iter().map(|pick| pick.rows));
    match width {
        1 => rows.for_each(|(slot, [a, ..])| store(slot, read(a))),
        2 => rows.for_each(|(slot, [a, b, ..])| store(slot, join(read(a), read(b)))),
        3 => rows.for_each(|(slot, [a, b, c, _])| {
            store(slot, join(join(read(a), read(b)), read(c)));
        }),
        _ => rows.for_each(|(slot, [a, b, c, d])| {
            store(slot, join(join(read(a), read(b)), join(read(c), read(d))));
        }),
    }
    (any, all)
}

/// The state of a block from the OR and the AND of its words (padding masked out).
fn state(any: u64, all: u64) -> u8 {
    if any == 0 {
        ZEROS
    } else if all == !0 {
        ONES
    } else {
        MIXED
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

/// Reading back: only the unit tests need it, as the solver never reads a bit or a
/// pick's count; kept out of the solver's build.
#[cfg(test)]
impl Picks {
    /// How many distinct rows: the slots that differ from the first, plus one.
    pub fn count(self) -> usize {
        let [a, b, c, d] = self.rows;
        1 + usize::from(b != a) + usize::from(c != a) + usize::from(d != a)
    }
}

#[cfg(test)]
impl BitMatrix {
    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The block holding word `word` of row `row`.
    fn block_of(&self, row: usize, word: usize) -> usize {
        (word * self.height + row) / 64
    }

    /// Word `word` of row `row`, as the words or the summary say.
    fn word(&self, row: usize, word: usize) -> u64 {
        let block = self.block_of(row, word);
        if self.written[block] {
            self.words[word * self.height + row]
        } else {
            u64::from(self.summary[block]).wrapping_neg()
        }
    }

    pub fn get(&self, row: usize, col: usize) -> bool {
        self.word(row, col / 64) >> (col % 64) & 1 == 1
    }

    /// Writes the transpose into `target` (resized to `cols` x `rows`).
    pub fn transpose_into(&mut self, target: &mut BitMatrix) {
        let picks: Vec<Picks> = (0..self.rows as u16)
            .map(|row| Picks::new(&[row]))
            .collect();
        target.combine_transposed::<true>(self, &picks);
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
                let mut rows: Vec<u16> = Vec::new();
                for k in 0..=(choices[5 * r] % 4) as usize {
                    let row = (choices[5 * r + 1 + k] % 150) as u16;
                    if !rows.contains(&row) {
                        rows.push(row);
                    }
                }
                Picks::new(&rows)
            })
            .collect();
        for and in [true, false] {
            let mut target = BitMatrix::default();
            let (any, all) = if and {
                target.combine_transposed::<true>(&mut source, &picks)
            } else {
                target.combine_transposed::<false>(&mut source, &picks)
            };
            assert_eq!((target.rows(), target.cols()), (cols, picks.len()));
            let (mut saw_one, mut saw_zero) = (false, false);
            for (r, pick) in picks.iter().enumerate() {
                let used = &pick.rows[..pick.count()];
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
    fn uniform_blocks_are_skipped_but_come_out_right() {
        // 200 x 200: ones everywhere but a diagonal band, summarized like the solver's.
        let n = 200;
        let mut source = BitMatrix::new(n, n);
        source.fill(true);
        for r in 0..n {
            for c in r.saturating_sub(2)..(r + 3).min(n) {
                source.set(r, c, false);
            }
        }
        source.summarize();
        assert!(source.summary.contains(&ONES) && source.summary.contains(&MIXED));
        let picks: Vec<Picks> = (0..n as u16)
            .map(|r| Picks::new(&[r, (r + 1) % n as u16]))
            .collect();
        let mut target = BitMatrix::default();
        target.combine_transposed::<true>(&mut source, &picks);
        let mut unsummarized = source.clone();
        unsummarized.summary.fill(MIXED);
        let mut slow = BitMatrix::default();
        slow.combine_transposed::<true>(&mut unsummarized, &picks);
        for (
            r,
            &Picks {
                rows: [a, b, ..], ..
            },
        ) in picks.iter().enumerate()
        {
            for c in 0..n {
                let want = source.get(a as usize, c) && source.get(b as usize, c);
                assert_eq!(target.get(c, r), want, "({r}, {c})");
                assert_eq!(slow.get(c, r), want, "({r}, {c})");
            }
        }
        // The target's own summary matches its bits, once written out.
        let recorded = target.summary.clone();
        assert!(target.written.contains(&false));
        for block in 0..recorded.len() {
            target.write_out(block);
        }
        target.summarize();
        assert_eq!(target.summary, recorded);
    }

    #[test]
    fn the_summary_ignores_padding() {
        let mut source = BitMatrix::new(1, 70);
        source.fill(true);
        let one = [Picks::new(&[0])];
        let mut target = BitMatrix::default();
        assert_eq!(
            target.combine_transposed::<true>(&mut source, &one),
            (true, true)
        );
        source.set(0, 69, false);
        assert_eq!(
            target.combine_transposed::<true>(&mut source, &one),
            (true, false)
        );
        let mut zero = BitMatrix::new(1, 64);
        assert_eq!(
            target.combine_transposed::<false>(&mut zero, &one),
            (false, false)
        );
    }
}
