//! The certificate behind each answer (what `--explain` prints): the distance, the
//! layers of the shortest paths, and a whole play with best moves for both, which a
//! checker can replay by the rules and, on small boards, hold against the brute force.
//!
//! The play follows the crate's argument (see the crate header): both pieces walk
//! shortest paths; with an odd distance A wins the race, with an even one B wins exactly
//! when he can step onto A's square in the middle layer with his move `D/2`, which the
//! layered game decides. Its tables are kept for every level here (the solver keeps
//! two), so the explanation takes more memory than the answer; it is computed only on
//! request.

mod layers;
mod play;
mod render;
mod strategy;

pub use render::TestOfFile;

use crate::board::{Board, Player};

/// The explanation of one board's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    pub board: Board,
    /// `D`, the length of a shortest white path between the starts.
    pub distance: usize,
    /// For `k` in `0..=D`: how many squares lie at distance `k` from A's start and
    /// `D - k` from B's (where A can stand after `k` moves along a shortest path).
    pub layer_sizes: Vec<usize>,
    pub play: Play,
}

/// A whole game, from the starts until one piece reaches the other's start. A moves
/// first and the players alternate: A's move `i` goes from `a[i - 1]` to `a[i]` while B
/// stands on `b[i - 1]`, then B's move `i` from `b[i - 1]` to `b[i]` while A stands on
/// `a[i]`. A move is a step to a side neighbour, or a jump: a step onto the other
/// piece's square, then one more step from there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    /// A's start, then the square each of his moves ends on.
    pub a: Vec<usize>,
    /// B's start, then the square each of his moves ends on.
    pub b: Vec<usize>,
    /// For an even distance, the square of the middle layer A stands on after his move
    /// `D/2`: B steps onto it and jumps if B wins, misses it if A wins. `None` for an
    /// odd distance, which has no middle layer.
    pub middle: Option<usize>,
    /// Who reaches the other's start first: the player with a winning strategy.
    pub winner: Player,
}

/// One move of a [`Play`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub player: Player,
    /// The mover's move number, from 1.
    pub number: usize,
    pub from: usize,
    pub to: usize,
    /// Where the other piece stands meanwhile.
    pub other: usize,
    /// The square jumped over (the other piece's), if the move is a jump.
    pub over: Option<usize>,
}

impl Play {
    /// The moves in the order they are made.
    pub fn moves(&self, n: usize) -> impl Iterator<Item = Move> + '_ {
        (1..self.a.len().max(self.b.len())).flat_map(move |number| {
            let a_move = self.a.get(number).map(|&to| {
                let (from, other) = (self.a[number - 1], self.b[number - 1]);
                Move::new(Player::A, number, from, to, other, n)
            });
            let b_move = self.b.get(number).map(|&to| {
                let (from, other) = (self.b[number - 1], self.a[number]);
                Move::new(Player::B, number, from, to, other, n)
            });
            a_move.into_iter().chain(b_move)
        })
    }
}

impl Move {
    /// The move from `from` to `to` with the other piece on `other`: a jump over it
    /// unless `to` is a side neighbour of `from` (on a grid a jump never is).
    fn new(player: Player, number: usize, from: usize, to: usize, other: usize, n: usize) -> Move {
        let (row, col) = (from / n, from % n);
        let (to_row, to_col) = (to / n, to % n);
        let step = row.abs_diff(to_row) + col.abs_diff(to_col) == 1;
        Move {
            player,
            number,
            from,
            to,
            other,
            over: (!step).then_some(other),
        }
    }
}

impl Certificate {
    /// The certificate of `board`'s answer; `None` when no white path joins the starts.
    ///
    /// # Complexity
    /// Two breadth-first searches, then for an even distance the layered game with all
    /// its levels: O(n^2 + sum over levels of |L_k| |L_{D-k}|) time, and as many bits.
    pub fn of(board: &Board) -> Option<Certificate> {
        let layers = layers::Layers::new(board)?;
        let play = play::best_play(&layers);
        Some(Certificate {
            board: board.clone(),
            distance: layers.distance(),
            layer_sizes: layers.sizes(),
            play,
        })
    }

    pub fn winner(&self) -> Player {
        self.play.winner
    }
}

/// The certificates of a whole input, one per test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    pub tests: Vec<Certificate>,
}

impl Explanation {
    /// The certificates of every board; `None` if some board's starts are not joined.
    pub fn of(boards: &[Board]) -> Option<Explanation> {
        let tests = boards
            .iter()
            .map(Certificate::of)
            .collect::<Option<Vec<_>>>()?;
        Some(Explanation { tests })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_sample_b_jumps_in_the_middle() {
        let board = Board::from_rows(&["A...", ".#..", "....", "...B"]);
        let certificate = Certificate::of(&board).unwrap();
        assert_eq!(certificate.distance, 6);
        assert_eq!(certificate.layer_sizes, [1, 2, 2, 4, 3, 2, 1]);
        assert_eq!(certificate.winner(), Player::B);
        let play = &certificate.play;
        let moves: Vec<Move> = play.moves(4).collect();
        // B's move 3 jumps over the middle square.
        let jump = moves[5];
        assert_eq!((jump.player, jump.number), (Player::B, 3));
        assert_eq!(jump.over, play.middle);
        assert!(moves.iter().filter(|step| step.over.is_some()).count() == 1);
        assert_eq!(moves.last().unwrap().to, board.a);
    }

    #[test]
    fn disconnected_boards_have_none() {
        let board = Board::from_rows(&["A#", "#B"]);
        assert_eq!(Certificate::of(&board), None);
        assert_eq!(Explanation::of(&[board]), None);
    }
}
