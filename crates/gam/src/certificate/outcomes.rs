//! Who wins the layered game of an even distance from every pair of squares at every
//! level, all levels kept, so that the winner's strategy can be read off it (the solver
//! keeps two levels and only learns the winner at the start).

use super::layers::Layers;
use crate::bitmatrix::transpose64;

/// One level `k` of the game: bit `(i, j)` is set when A, to move, wins with his piece on
/// `L_k[i]` and B's on `L_{D-k}[j]`.
struct Table {
    words_per_row: usize,
    bits: Vec<u64>,
}

impl Table {
    fn new(rows: usize, cols: usize) -> Table {
        let words_per_row = cols.div_ceil(64);
        Table {
            words_per_row,
            bits: vec![0; rows * words_per_row],
        }
    }

    fn get(&self, i: usize, j: usize) -> bool {
        self.bits[i * self.words_per_row + j / 64] >> (j % 64) & 1 == 1
    }

    fn set(&mut self, i: usize, j: usize) {
        self.bits[i * self.words_per_row + j / 64] |= 1 << (j % 64);
    }

    fn row(&self, i: usize) -> &[u64] {
        &self.bits[i * self.words_per_row..(i + 1) * self.words_per_row]
    }

    fn row_mut(&mut self, i: usize) -> &mut [u64] {
        &mut self.bits[i * self.words_per_row..(i + 1) * self.words_per_row]
    }

    /// The `cols` x `rows` transpose of this `rows` x `cols` table, 64 x 64 bits at a
    /// time. Bits past `cols` in a row are read as they are, so they must be clear.
    fn transposed(&self, rows: usize, cols: usize) -> Table {
        let mut transposed = Table::new(cols, rows);
        let mut block = [0u64; 64];
        for first_row in (0..rows).step_by(64) {
            let block_rows = (rows - first_row).min(64);
            for word in 0..self.words_per_row {
                for (offset, slot) in block.iter_mut().enumerate() {
                    *slot = if offset < block_rows {
                        self.bits[(first_row + offset) * self.words_per_row + word]
                    } else {
                        0
                    };
                }
                transpose64(&mut block);
                let first_col = word * 64;
                for (offset, &bits) in block
                    .iter()
                    .enumerate()
                    .take(cols.saturating_sub(first_col))
                {
                    let col = first_col + offset;
                    transposed.bits[col * transposed.words_per_row + first_row / 64] = bits;
                }
            }
        }
        transposed
    }

    /// Row `i` becomes its OR with `row`.
    fn or_row(&mut self, i: usize, row: &[u64]) {
        let target = &mut self.bits[i * self.words_per_row..(i + 1) * self.words_per_row];
        for (word, &other) in target.iter_mut().zip(row) {
            *word |= other;
        }
    }
}

/// Who wins from every pair of squares at every level from A's start to the middle.
pub struct Outcomes {
    /// `tables[k]` for `k` in `0..=D/2`.
    tables: Vec<Table>,
}

impl Outcomes {
    /// Solves the layered game of an even distance, from the middle back to the start.
    ///
    /// # Complexity
    /// O(sum over levels of |L_k| |L_{D-k}|) bit operations and as many bits kept.
    pub fn new(layers: &Layers<'_>) -> Outcomes {
        let d = layers.distance();
        debug_assert!(d % 2 == 0, "the layered game is for even distances");
        let middle = d / 2;
        // The middle: B stepped onto A's square (and jumps over it) exactly when both
        // stand on the same square.
        let width = layers.layer(middle).len();
        let mut table = Table::new(width, width);
        for i in 0..width {
            for j in (0..width).filter(|&j| j != i) {
                table.set(i, j);
            }
        }
        let mut tables = vec![table];
        for k in (0..middle).rev() {
            let next = tables.last().expect("the middle level is there");
            tables.push(level(layers, k, next));
        }
        tables.reverse();
        Outcomes { tables }
    }

    /// Whether A, to move, wins with his piece on `L_k[i]` and B's on `L_{D-k}[j]`.
    pub fn a_wins(&self, k: usize, i: usize, j: usize) -> bool {
        self.tables[k].get(i, j)
    }
}

/// `T_k` from `T_{k+1}`: A picks a next square from which every reply of B's leaves him
/// winning. `safe[i']` (the squares of B's layer from which every reply loses to A on
/// `L_{k+1}[i']`) is found a square of B's layer at a time, as the AND of the rows of
/// `T_{k+1}` transposed for its replies (64 of A's squares to a word), then transposed
/// back and ORed per square of A's layer.
fn level(layers: &Layers<'_>, k: usize, next: &Table) -> Table {
    let d = layers.distance();
    let (a_layer, b_layer) = (layers.layer(k), layers.layer(d - k));
    let next_width = layers.layer(k + 1).len();
    let replies_width = layers.layer(d - k - 1).len();
    let by_reply = next.transposed(next_width, replies_width);
    // All of A's next squares, and no bit past them.
    let everyone: Vec<u64> = (0..by_reply.words_per_row)
        .map(|word| {
            let bits = next_width.saturating_sub(word * 64).min(64);
            if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            }
        })
        .collect();
    let mut safe_by_square = Table::new(b_layer.len(), next_width);
    for (j, &square) in b_layer.iter().enumerate() {
        let row = safe_by_square.row_mut(j);
        row.copy_from_slice(&everyone);
        for reply in layers.slots_to(square, d - k - 1) {
            for (word, &wins) in row.iter_mut().zip(by_reply.row(reply)) {
                *word &= wins;
            }
        }
    }
    let safe = safe_by_square.transposed(b_layer.len(), next_width);
    let mut table = Table::new(a_layer.len(), b_layer.len());
    for (i, &square) in a_layer.iter().enumerate() {
        for step in layers.slots_to(square, k + 1) {
            table.or_row(i, safe.row(step));
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn the_sample_boards() {
        let first = Board::from_rows(&["A...", ".#..", "....", "...B"]);
        let layers = Layers::new(&first).unwrap();
        assert!(!Outcomes::new(&layers).a_wins(0, 0, 0));
        let second = Board::from_rows(&["A...", "....", "..#.", "...B"]);
        let layers = Layers::new(&second).unwrap();
        let strategy = Outcomes::new(&layers);
        assert!(strategy.a_wins(0, 0, 0));
        // In the middle B catches A only on A's own square.
        assert!(!strategy.a_wins(3, 1, 1) && strategy.a_wins(3, 1, 2));
    }

    #[test]
    fn transposes_of_odd_shapes_match_the_definition() {
        for (rows, cols) in [(1, 1), (3, 70), (65, 2), (130, 129), (64, 64)] {
            let mut table = Table::new(rows, cols);
            for i in 0..rows {
                for j in (0..cols).filter(|j| (i * 7 + j * 3) % 5 < 2) {
                    table.set(i, j);
                }
            }
            let transposed = table.transposed(rows, cols);
            for i in 0..rows {
                for j in 0..cols {
                    assert_eq!(transposed.get(j, i), table.get(i, j), "{rows} x {cols}");
                }
            }
        }
    }

    /// Every level, built by words, says what the game's rule says bit by bit: A on
    /// `L_k[i]` wins against B on `L_{D-k}[j]` when some step of his beats every reply.
    #[test]
    fn every_level_follows_the_rule_bit_by_bit() {
        let mut rng = fastrand::Rng::with_seed(0x6a3e);
        let mut levels = 0;
        for n in [2, 3, 5, 8, 13, 40, 70, 90] {
            for _ in 0..6 {
                let board = crate::testkit::generate::any_board(&mut rng, n);
                let Some(layers) = Layers::new(&board) else {
                    continue;
                };
                let d = layers.distance();
                if d % 2 == 1 {
                    continue;
                }
                let outcomes = Outcomes::new(&layers);
                for k in 0..d / 2 {
                    for (i, &a) in layers.layer(k).iter().enumerate() {
                        for (j, &b) in layers.layer(d - k).iter().enumerate() {
                            let rule = layers.slots_to(a, k + 1).any(|step| {
                                layers
                                    .slots_to(b, d - k - 1)
                                    .all(|reply| outcomes.a_wins(k + 1, step, reply))
                            });
                            assert_eq!(outcomes.a_wins(k, i, j), rule, "level {k} of {n} x {n}");
                        }
                    }
                    levels += 1;
                }
            }
        }
        assert!(levels > 200, "only {levels} levels compared");
    }
}
