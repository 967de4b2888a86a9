//! The jury's solution as the booklet describes it: byte tables, one entry per pair of
//! squares, two levels alive. Straightforward on purpose; the fast solver in
//! [`crate::solve`] must agree with it on every board, and the test data's expected
//! outputs come from it.

use gridkit::{Grid, Pos};

use crate::bfs::{UNREACHED, grid_bfs};

use crate::board::{Board, Player};

/// The layers of the shortest paths: `layers[k]` lists the squares with `dist_A = k` and
/// `dist_B = D - k`, where A can stand after `k` moves; `None` if no white path joins the
/// starts.
pub fn layers(board: &Board) -> Option<Vec<Vec<Pos>>> {
    let grid = Grid::from_cells(board.n, board.n, board.white.clone())?;
    let a = grid.pos_of(board.a);
    let b = grid.pos_of(board.b);
    let from_a = grid_bfs(&grid, a, |&white| white);
    let from_b = grid_bfs(&grid, b, |&white| white);
    let distance = from_a[b];
    if distance == UNREACHED {
        return None;
    }
    let mut layers = vec![Vec::new(); distance as usize + 1];
    for pos in grid.positions() {
        let (to_a, to_b) = (from_a[pos], from_b[pos]);
        if to_a != UNREACHED && to_b != UNREACHED && to_a + to_b == distance {
            layers[to_a as usize].push(pos);
        }
    }
    Some(layers)
}

/// The work the layered game takes: the sum over `k <= D/2` of `|L_k| |L_{D-k}|` table
/// entries (0 for an odd distance, which needs no table); `None` if disconnected.
pub fn table_entries(board: &Board) -> Option<u64> {
    let layers = layers(board)?;
    let d = layers.len() - 1;
    if d % 2 == 1 {
        return Some(0);
    }
    Some(
        (0..=d / 2)
            .map(|k| layers[k].len() as u64 * layers[d - k].len() as u64)
            .sum(),
    )
}

/// Who wins; `None` if no white path joins the starts.
///
/// # Complexity
/// O(n^2) for the searches, O(sum of |L_k| |L_{D-k}| * 16) for the tables, O(n^2) bytes.
pub fn winner(board: &Board) -> Option<Player> {
    let layers = layers(board)?;
    let d = layers.len() - 1;
    // Odd distance: B can never stand where A is about to step; A arrives first.
    if d % 2 == 1 {
        return Some(Player::A);
    }
    let mut level = Grid::new(board.n, board.n, usize::MAX);
    let mut index = Grid::new(board.n, board.n, usize::MAX);
    for (k, layer) in layers.iter().enumerate() {
        for (i, &pos) in layer.iter().enumerate() {
            level[pos] = k;
            index[pos] = i;
        }
    }
    // The positions, inside layer `to`, of the squares of layer `from` one step away.
    let steps = |from: usize, to: usize| -> Vec<Vec<usize>> {
        layers[from]
            .iter()
            .map(|&pos| {
                index
                    .neighbours4(pos)
                    .filter(|&next| level[next] == to)
                    .map(|next| index[next])
                    .collect()
            })
            .collect()
    };

    // table[i * width + j]: A to move on layers[k][i], B on layers[d - k][j].
    let middle = d / 2;
    let size = layers[middle].len();
    let mut table: Vec<u8> = (0..size * size)
        .map(|entry| u8::from(entry / size != entry % size))
        .collect();
    let mut width = size;
    for k in (0..middle).rev() {
        let a_next = steps(k, k + 1);
        let b_next = steps(d - k, d - k - 1);
        let new_width = layers[d - k].len();
        let mut next_table = vec![0u8; layers[k].len() * new_width];
        for (i, a_moves) in a_next.iter().enumerate() {
            for (j, b_moves) in b_next.iter().enumerate() {
                let a_wins = a_moves
                    .iter()
                    .any(|&i2| b_moves.iter().all(|&j2| table[i2 * width + j2] == 1));
                next_table[i * new_width + j] = u8::from(a_wins);
            }
        }
        table = next_table;
        width = new_width;
    }
    Some(if table[0] == 1 { Player::A } else { Player::B })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_official_sample() {
        let first = Board::from_rows(&["A...", ".#..", "....", "...B"]);
        let second = Board::from_rows(&["A...", "....", "..#.", "...B"]);
        assert_eq!(winner(&first), Some(Player::B));
        assert_eq!(winner(&second), Some(Player::A));
        let sizes: Vec<usize> = layers(&first).unwrap().iter().map(Vec::len).collect();
        assert_eq!(sizes, [1, 2, 2, 4, 3, 2, 1]);
        assert_eq!(table_entries(&first), Some(1 + 2 * 2 + 2 * 3 + 4 * 4));
    }
}
