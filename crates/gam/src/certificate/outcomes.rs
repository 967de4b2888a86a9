//! Who wins the layered game of an even distance from every pair of squares at every
//! level, all levels kept, so that the winner's strategy can be read off it (the solver
//! keeps two levels and only learns the winner at the start).

use super::layers::Layers;

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
/// `L_{k+1}[i']`) is found once per square of A's next layer, then ORed per square.
fn level(layers: &Layers<'_>, k: usize, next: &Table) -> Table {
    let d = layers.distance();
    let (a_layer, b_layer) = (layers.layer(k), layers.layer(d - k));
    let replies: Vec<Vec<usize>> = b_layer
        .iter()
        .map(|&square| layers.slots_to(square, d - k - 1).collect())
        .collect();
    let next_width = layers.layer(k + 1).len();
    let mut safe = Table::new(next_width, b_layer.len());
    for i in 0..next_width {
        for (j, replies) in replies.iter().enumerate() {
            if replies.iter().all(|&reply| next.get(i, reply)) {
                safe.set(i, j);
            }
        }
    }
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
}
