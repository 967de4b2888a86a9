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
//! `T_{k+1}` is kept with one row per B square (`j'`), bits over A squares (`i'`).
//! `U[j] = AND_{j'} T_{k+1}[j']` combines a few whole rows word by word; it is built 64
//! rows at a time and each 64 x 64 block is transposed on the spot, so it comes out as
//! `U^T`, one row per `i'`. `V[i] = OR_{i'} U^T[i']` is built the same way, and its
//! transpose is `T_k` in the starting layout. Each matrix keeps a summary of its blocks
//! (all zeros, all ones, mixed): pieces far apart make most blocks uniform, and a block
//! whose rows all come from uniform blocks is known without any work. About 0.4 word
//! operation per pair of squares in a mixed block, against four to nine byte lookups
//! per pair for the plain table ([`crate::jury`]).
//!
//! Only two levels are alive at a time and matrices are sized by the layers themselves:
//! layers can hold over 3n squares (see `testkit::wide_layer`), so no fixed table fits.

use crate::bitmatrix::{BitMatrix, Picks};
use crate::board::{Board, Player};

/// Values of `Solver::cells` for squares off every shortest path; distances to B's start
/// are below `UNREACHED`, and on-path squares carry [`ON_PATH`].
const UNREACHED: u32 = 0x7FFF_FFFE;
const WALL: u32 = 0x7FFF_FFFF;
/// The mark of a square on a shortest path: `ON_PATH | slot << 2 | level % 4`. Its two
/// on-path neighbour layers are `level - 1` and `level + 1`, which differ modulo 4.
const ON_PATH: u32 = 0x8000_0000;
/// A value no cell holds.
const NOTHING: u32 = u32::MAX;

/// Who wins with best play; `None` when no white path joins A and B.
///
/// # Complexity
/// As [`Solver::winner`].
pub fn winner(board: &Board) -> Option<Player> {
    Solver::default().winner(board)
}

/// The solver with its scratch space, kept from one board to the next so that a file of
/// ten boards allocates (and faults in) its big arrays once.
#[derive(Default)]
pub struct Solver {
    /// One word per square of the board framed by a border of walls (side `n + 2`, so
    /// neighbours need no bounds checks): `WALL`, `UNREACHED`, the distance to B's
    /// start, or, once found on a shortest path, its `ON_PATH` mark.
    cells: Vec<u32>,
    /// The breadth-first queue, then the squares on shortest paths, layer by layer.
    order: Vec<u32>,
    /// Layer `k` (squares with `dist_A = k`) is `order[start[k]..start[k + 1]]`.
    start: Vec<u32>,
    /// For each square of `order`, the slots of its neighbours one layer nearer the
    /// middle (where A moves next from layers before the middle, and B from layers
    /// after it). A layer holds squares of one colour, at most 45,000 for `n <= 300`,
    /// so slots fit in 16 bits.
    next: Vec<Picks>,
    /// The side of the framed board.
    side: usize,
    /// `T` and `U^T`.
    matrices: [BitMatrix; 2],
}

impl Solver {
    /// Who wins with best play; `None` when no white path joins A and B.
    ///
    /// # Complexity
    /// O(n^2) for the search from B and the walk over the shortest paths from A, then
    /// O(sum over levels of |L_k| |L_{D-k}| / 16) word operations at most. Memory:
    /// about 16 bytes per square plus two levels of bit matrices.
    ///
    /// # Panics
    /// If `n` exceeds the statement's 300 (positions inside a layer are 16-bit).
    pub fn winner(&mut self, board: &Board) -> Option<Player> {
        assert!(
            board.n <= crate::parse::MAX_N,
            "n = {} is over 300",
            board.n
        );
        self.frame(board);
        let (a, b) = (self.framed(board, board.a), self.framed(board, board.b));
        self.search_from(b, a);
        let distance = self.cells[a];
        if distance == UNREACHED {
            return None;
        }
        // Odd distance: A, moving first, arrives first; B cannot catch him on a square.
        if distance % 2 == 1 {
            return Some(Player::A);
        }
        self.collect_layers(a, distance);
        Some(self.play(distance))
    }

    fn framed(&self, board: &Board, square: usize) -> usize {
        (square / board.n + 1) * self.side + square % board.n + 1
    }

    /// Copies the board into `cells`: white squares `UNREACHED`, the rest `WALL`.
    fn frame(&mut self, board: &Board) {
        self.side = board.n + 2;
        let cells = &mut self.cells;
        cells.clear();
        cells.resize(self.side + 1, WALL);
        for whites in board.white.chunks_exact(board.n) {
            cells.extend(
                whites
                    .iter()
                    .map(|&white| if white { UNREACHED } else { WALL }),
            );
            // The right border of this row and the left border of the next.
            cells.extend([WALL; 2]);
        }
        cells.resize(self.side * self.side, WALL);
    }

    /// Breadth-first distances to `b`, using `order` as the queue, until `a` has its
    /// distance `D`: every square on a shortest path is nearer `b` than that.
    fn search_from(&mut self, b: usize, a: usize) {
        let side = self.side;
        let (cells, queue) = (&mut self.cells, &mut self.order);
        // Every square enters the queue at most once: room for all, written by index.
        if queue.len() < cells.len() {
            queue.resize(cells.len(), 0);
        }
        cells[b] = 0;
        queue[0] = b as u32;
        let (mut head, mut tail) = (0, 1);
        while head < tail && cells[a] == UNREACHED {
            let square = queue[head] as usize;
            head += 1;
            let next = cells[square] + 1;
            for neighbour in [square - side, square - 1, square + 1, square + side] {
                if cells[neighbour] == UNREACHED {
                    cells[neighbour] = next;
                    queue[tail] = neighbour as u32;
                    tail += 1;
                }
            }
        }
    }

    /// Walks from `a` along steps that bring B's start one closer: exactly the squares
    /// on shortest paths, met layer by layer. Each gets its `ON_PATH` mark when first
    /// met, which also keeps it from being met twice. On the way, each square records
    /// in `next` its neighbours one layer nearer the middle, found among the four
    /// neighbours it looks at anyway.
    fn collect_layers(&mut self, a: usize, distance: u32) {
        let side = self.side;
        let middle = distance / 2;
        let (cells, order) = (&mut self.cells[..], &mut self.order[..]);
        let (start, next) = (&mut self.start, &mut self.next);
        // `order` has room for every square (see `search_from`).
        start.clear();
        next.clear();
        order[0] = a as u32;
        cells[a] = ON_PATH;
        start.push(0);
        let mut len = 1;
        for k in 0..=distance {
            // All of layer `k` was met while walking layer `k - 1`.
            let (begin, end) = (start[k as usize] as usize, len);
            start.push(end as u32);
            // Squares of layer `k + 1` are the unmarked ones one step nearer B; B's
            // start has none.
            let closer = if k < distance {
                distance - k - 1
            } else {
                NOTHING
            };
            let mark = ON_PATH | ((k + 1) % 4);
            // The layer toward the middle (for the middle itself, either will do).
            let toward = if k < middle { k + 1 } else { k - 1 };
            let want = ON_PATH | (toward % 4);
            next.extend((begin..end).map(|index| {
                let square = order[index] as usize;
                // The slots found, 16 bits each, shifted in from the bottom of one
                // register; `empty` keeps the lanes still free. (Built in an array,
                // the picks would be stored in pieces and read back whole, which
                // stalls the processor on every square.)
                let (mut slots, mut empty) = (0u64, !0u64);
                for neighbour in [square - side, square - 1, square + 1, square + side] {
                    let mut value = cells[neighbour];
                    if value == closer {
                        value = mark | ((len - end) as u32) << 2;
                        cells[neighbour] = value;
                        order[len] = neighbour as u32;
                        len += 1;
                    }
                    if value & (ON_PATH | 3) == want {
                        // Bit 31 shifts to bit 29, out of the 16-bit slot.
                        slots = slots << 16 | u64::from(value >> 2 & 0xFFFF);
                        empty <<= 16;
                    }
                }
                debug_assert!(
                    empty != !0,
                    "a square on a shortest path with no next square"
                );
                // A slot found, repeated in the free lanes (see `Picks`).
                slots |= ((slots & 0xFFFF) * 0x0001_0001_0001_0001) & empty;
                Picks {
                    rows: [0, 16, 32, 48].map(|shift| (slots >> shift) as u16),
                }
            }));
        }
    }

    fn layer_len(&self, k: u32) -> usize {
        (self.start[k as usize + 1] - self.start[k as usize]) as usize
    }

    /// The layered game for an even distance, from the middle back to the start.
    ///
    /// `t` holds `T_{k+1}` with one row per B square (`j'`, bits over A squares `i'`).
    /// Each level makes `U^T` (`U[j] = AND over B's next squares j' of T[j']`: B picks
    /// the reply worst for A), then `T_k` transposed back from `V` (`V[i] = OR over A's
    /// next squares i' of U^T[i']`: A picks the move best for him).
    fn play(&mut self, d: u32) -> Player {
        let middle = d / 2;
        let width = self.layer_len(middle);
        // A single square every path passes through: B steps onto A there.
        if width == 1 {
            return Player::B;
        }
        let [mut t, mut u_transposed] = std::mem::take(&mut self.matrices);
        let layer = |k: u32| {
            &self.next[self.start[k as usize] as usize..self.start[k as usize + 1] as usize]
        };
        // T at the middle: A wins unless B stepped onto his square.
        t.reset(width, width);
        t.fill(true);
        for j in 0..width {
            t.set(j, j, false);
        }
        t.summarize();
        let mut winner = Player::B;
        for k in (0..middle).rev() {
            u_transposed.combine_transposed::<true>(&mut t, layer(d - k));
            let (any_one, all_ones) = t.combine_transposed::<false>(&mut u_transposed, layer(k));
            // Once a whole level is decided, every earlier one is too: each square has
            // a next square on a shortest path, so OR and AND over nonempty sets keep
            // it. Level 0 is 1 x 1, so the loop always ends here.
            if all_ones || !any_one {
                winner = if all_ones { Player::A } else { Player::B };
                break;
            }
        }
        self.matrices = [t, u_transposed];
        winner
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
        let mut solver = Solver::default();
        assert_eq!(solver.winner(&board), Some(Player::B));
        let sizes: Vec<usize> = (0..=4).map(|k| solver.layer_len(k)).collect();
        assert_eq!(sizes, [1, 2, 2, 2, 1]);
        // Framed side 5: square (0, 2) is 1 * 5 + 3, square (2, 0) is 3 * 5 + 1.
        assert_eq!(solver.order[3..5], [8, 16]);
        // Layer 1 leads to layer 2 square by square, and so does layer 3.
        let one_each = [Picks::new(&[0]), Picks::new(&[1])];
        assert_eq!(solver.next[1..3], one_each);
        assert_eq!(solver.next[5..7], one_each);
        // A's start leads to both squares of layer 1, B's to both of layer 3 (the
        // neighbour found last comes first).
        assert_eq!(solver.next[0], Picks::new(&[1, 0]));
        assert_eq!(solver.next[7], Picks::new(&[1, 0]));
        assert_eq!(solver.cells[8], ON_PATH | 2);
        assert_eq!(solver.cells[16], ON_PATH | 1 << 2 | 2);
        assert_eq!(solver.cells[2 * 5 + 2], WALL);
    }

    #[test]
    fn scratch_space_is_reused_across_boards_of_any_size() {
        let mut solver = Solver::default();
        let big = Board::from_rows(&["A....", ".....", ".....", ".....", "....B"]);
        let small = Board::from_rows(&["A.", ".B"]);
        let first = solver.winner(&big);
        assert_eq!(solver.winner(&small), Some(Player::B));
        assert_eq!(solver.winner(&big), first);
    }
}
