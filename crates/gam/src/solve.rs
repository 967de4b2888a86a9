//! The fast solver: the jury's layered game, computed on bit matrices.
//!
//! Let `D` be the A-B distance. A square lies on a shortest path when
//! `dist_A + dist_B = D`; layer `L_k` holds those with `dist_A = k`. After `k` moves
//! each, A stands in `L_k` and B in `L_{D-k}` (see the crate header for why nobody
//! leaves a shortest path). `T_k[i][j]`, A to move from `L_k[i]` with B on `L_{D-k}[j]`:
//!
//! ```text
//! T_{D/2}[i][j] = (i != j)                       B steps onto A in the middle: B wins
//! T_k[i][j]     = OR_{i' in next(i)} AND_{j' in next(j)} T_{k+1}[i'][j']
//! ```
//!
//! `T_{k+1}` is kept with one row per B square (`j'`), bits over A squares (`i'`). Then
//! `U[j] = AND_{j'} T_{k+1}[j']` takes at most three word-wise ANDs of whole rows; one
//! blocked transpose turns `U` into rows per `i'`; `V[i] = OR_{i'} U^T[i']` is word-wise
//! again; a second transpose gives `T_k` in the starting layout. About a quarter of a
//! word operation per matrix bit, against four to nine byte lookups per entry for the
//! plain table.
//!
//! Only two levels are alive at a time and matrices are sized by the layers themselves:
//! layers can hold over 3n squares (see `generate::wide_layer`), so no fixed table fits.

use crate::bitmatrix::BitMatrix;
use crate::board::{Board, Player};

/// The distance of a square the search never reached, and the level of a square on no
/// shortest path.
const NONE: u32 = u32::MAX;

/// Who wins with best play; `None` when no white path joins A and B.
///
/// # Complexity
/// O(n^2) for the two searches, then O(sum over levels of |L_k| |L_{D-k}| / 16) word
/// operations; memory about 14 bytes per square plus two levels of bit matrices.
pub fn winner(board: &Board) -> Option<Player> {
    let mut queue = Vec::new();
    let from_b = distances(board, board.b, &mut queue);
    let distance = from_b[board.a];
    if distance == NONE {
        return None;
    }
    // Odd distance: A, moving first, arrives first; B cannot catch him on a square.
    if distance % 2 == 1 {
        return Some(Player::A);
    }
    let from_a = distances(board, board.a, &mut queue);
    drop(queue);
    let layers = Layers::new(board, from_a, from_b, distance);
    Some(play(board, &layers))
}

/// Breadth-first distances over white squares, `NONE` where unreached; `queue` is
/// scratch space kept between calls.
fn distances(board: &Board, start: usize, queue: &mut Vec<u32>) -> Vec<u32> {
    let mut distance = vec![NONE; board.white.len()];
    queue.clear();
    distance[start] = 0;
    queue.push(start as u32);
    let mut head = 0;
    while let Some(&square) = queue.get(head) {
        head += 1;
        let square = square as usize;
        let next = distance[square] + 1;
        for neighbour in board.white_neighbours(square) {
            if distance[neighbour] == NONE {
                distance[neighbour] = next;
                queue.push(neighbour as u32);
            }
        }
    }
    distance
}

/// The squares on shortest paths, grouped by level.
struct Layers {
    distance: u32,
    /// Per square: its level (`dist_A`), or `NONE` off every shortest path.
    level: Vec<u32>,
    /// Per square on a shortest path: its position inside its layer.
    slot: Vec<u32>,
    /// The squares of layer `k` are `order[start[k]..start[k + 1]]`.
    order: Vec<u32>,
    start: Vec<u32>,
}

impl Layers {
    /// Reuses the two distance arrays as `level` and `slot`.
    fn new(board: &Board, from_a: Vec<u32>, from_b: Vec<u32>, distance: u32) -> Layers {
        let mut level = from_a;
        let mut slot = from_b;
        let mut start = vec![0u32; distance as usize + 2];
        for (square, level) in level.iter_mut().enumerate() {
            let to_b = slot[square];
            if *level != NONE && to_b != NONE && *level + to_b == distance {
                start[*level as usize + 1] += 1;
            } else {
                *level = NONE;
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut filled = start.clone();
        let mut order = vec![0u32; start[start.len() - 1] as usize];
        for square in 0..board.white.len() {
            let k = level[square];
            if k != NONE {
                let at = &mut filled[k as usize];
                order[*at as usize] = square as u32;
                slot[square] = *at - start[k as usize];
                *at += 1;
            }
        }
        Layers {
            distance,
            level,
            slot,
            order,
            start,
        }
    }

    fn len(&self, k: u32) -> usize {
        (self.start[k as usize + 1] - self.start[k as usize]) as usize
    }

    fn square(&self, k: u32, index: usize) -> usize {
        self.order[self.start[k as usize] as usize + index] as usize
    }

    /// The slots of the squares of layer `k` one step from `square`.
    fn steps<'a>(
        &'a self,
        board: &'a Board,
        square: usize,
        k: u32,
    ) -> impl Iterator<Item = usize> + 'a {
        board
            .white_neighbours(square)
            .filter(move |&next| self.level[next] == k)
            .map(move |next| self.slot[next] as usize)
    }
}

/// The layered game for an even distance, from the middle back to the start.
fn play(board: &Board, layers: &Layers) -> Player {
    let d = layers.distance;
    let middle = d / 2;
    let width = layers.len(middle);
    // A single square every path passes through: B steps onto A there.
    if width == 1 {
        return Player::B;
    }
    // T, one row per B square: A wins unless both stand on the same square.
    let mut t = BitMatrix::new(width, width);
    for j in 0..width {
        t.row_mut(j).fill(!0);
        t.set(j, j, false);
    }
    let (mut u, mut u_transposed, mut v) = (
        BitMatrix::default(),
        BitMatrix::default(),
        BitMatrix::default(),
    );
    for k in (0..middle).rev() {
        let (a_level, b_level) = (k, d - k);
        u_matrix(board, layers, &t, b_level, &mut u);
        u.transpose_into(&mut u_transposed);
        v_matrix(board, layers, &u_transposed, a_level, &mut v);
        // Once a whole level is decided, every earlier one is too: each square has a
        // next square on a shortest path, so OR and AND over nonempty sets keep it.
        if v.is_all(true) {
            return Player::A;
        }
        if v.is_all(false) {
            return Player::B;
        }
        v.transpose_into(&mut t);
    }
    // Level 0 is 1 x 1, so the loop has returned; this is its value regardless.
    if t.get(0, 0) { Player::A } else { Player::B }
}

/// `U[j] = AND over B's next squares j' of T[j']`: B, in `L_{b_level}`, picks the reply
/// worst for A.
fn u_matrix(board: &Board, layers: &Layers, t: &BitMatrix, b_level: u32, u: &mut BitMatrix) {
    u.reset(layers.len(b_level), t.cols());
    for j in 0..u.rows() {
        let square = layers.square(b_level, j);
        let row = u.row_mut(j);
        row.fill(!0);
        for next in layers.steps(board, square, b_level - 1) {
            for (word, &other) in row.iter_mut().zip(t.row(next)) {
                *word &= other;
            }
        }
    }
}

/// `V[i] = OR over A's next squares i' of U^T[i']`: A, in `L_{a_level}`, picks the move
/// best for him.
fn v_matrix(
    board: &Board,
    layers: &Layers,
    u_transposed: &BitMatrix,
    a_level: u32,
    v: &mut BitMatrix,
) {
    v.reset(layers.len(a_level), u_transposed.cols());
    for i in 0..v.rows() {
        let square = layers.square(a_level, i);
        for next in layers.steps(board, square, a_level + 1) {
            let source = u_transposed.row(next);
            for (word, &other) in v.row_mut(i).iter_mut().zip(source) {
                *word |= other;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(rows: &[&str]) -> Option<Player> {
        winner(&Board::from_rows(rows))
    }

    #[test]
    fn official_sample() {
        assert_eq!(solve(&["A...", ".#..", "....", "...B"]), Some(Player::B));
        assert_eq!(solve(&["A...", "....", "..#.", "...B"]), Some(Player::A));
    }

    #[test]
    fn adjacent_starts_and_disconnected_boards() {
        assert_eq!(solve(&["AB", "##"]), Some(Player::A));
        assert_eq!(solve(&["A#", "#B"]), None);
    }

    #[test]
    fn layers_follow_shortest_paths() {
        let board = Board::from_rows(&["A..", ".#.", "..B"]);
        let mut queue = Vec::new();
        let from_a = distances(&board, board.a, &mut queue);
        let from_b = distances(&board, board.b, &mut queue);
        let layers = Layers::new(&board, from_a, from_b, 4);
        assert_eq!(
            (0..=4).map(|k| layers.len(k)).collect::<Vec<_>>(),
            [1, 2, 2, 2, 1]
        );
        assert_eq!(layers.square(2, 0), 2);
        assert_eq!(layers.square(2, 1), 6);
        assert_eq!(layers.level[4], NONE);
    }
}
