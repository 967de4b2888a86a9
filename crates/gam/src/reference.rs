//! The literal game, solved by brute force (the oracle the solvers are checked against).
//!
//! A state is (A's square, B's square, whose turn). Every move is generated straight from
//! the rules, with no assumption about shortest paths:
//! - step to a white side neighbour; reaching the other's start wins;
//! - a step onto the other piece's square is a jump: it wins at once if that square is
//!   the other's start, otherwise the piece lands on any white side neighbour of that
//!   square (the square it came from included; that one is white and empty, so a
//!   landing square always exists), winning if it is the other's start.
//!
//! Retrograde analysis then labels states: a state is won for the player to move if some
//! move wins at once or leads to a state lost for the opponent, lost if every move leads
//! to a state won for the opponent, and whatever never gets labelled is a draw.
//!
//! Only the squares connected to A's start are states: no move ever leaves a connected
//! white region. If B's start is not among them nobody can ever win, a draw.

use std::collections::VecDeque;

use crate::board::{Board, Player};

/// Boards with more white squares than this are refused: the analysis keeps every state
/// and every move, `2 w^2` states of up to 16 moves each.
pub const MAX_WHITE: usize = 144;

/// Whether the pieces interact: with `jumps` the rules above; without, a step onto the
/// other piece is a plain step and the pieces may share a square (the game the jump rule
/// changes, kept to show that it matters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    WithJumps,
    WithoutJumps,
}

/// Who wins the literal game with best play; `None` for a draw (which happens exactly
/// when no white path joins the starts).
///
/// # Panics
/// If the board has more than [`MAX_WHITE`] white squares connected to A's start.
pub fn winner(board: &Board) -> Option<Player> {
    winner_under(board, Rules::WithJumps)
}

/// [`winner`] under the given rules.
///
/// # Panics
/// As [`winner`].
pub fn winner_under(board: &Board, rules: Rules) -> Option<Player> {
    solve_under(board, rules)?.winner_at(Player::A, board.a, board.b)
}

/// Every state of a board is labelled and none is a draw, not only the start (a check of
/// the claim that draws need a disconnected board).
///
/// # Panics
/// As [`winner`].
pub fn every_state_decided(board: &Board) -> bool {
    solve(board).is_some_and(|solved| {
        (0..solved.values.len())
            .all(|state| solved.values[state] != Value::Unknown || !solved.game.is_live(state))
    })
}

/// Whether the brute force can take the board: at most [`MAX_WHITE`] white squares
/// connected to A's start.
pub fn fits(board: &Board) -> bool {
    region_size(board) <= MAX_WHITE
}

/// The number of white squares A's piece can reach (what the brute force must store).
pub fn region_size(board: &Board) -> usize {
    let distance = crate::bfs::bfs_by(board.white.len(), &[board.a], |square| {
        board.white_neighbours(square)
    });
    distance
        .iter()
        .filter(|&&d| d != crate::bfs::UNREACHED)
        .count()
}

/// The literal game solved from every position, not only from the start.
pub struct Solved {
    game: Game,
    values: Vec<Value>,
}

/// The game with jumps solved from every position; `None` when no white path joins the
/// starts.
///
/// # Panics
/// As [`winner`].
pub fn solve(board: &Board) -> Option<Solved> {
    solve_under(board, Rules::WithJumps)
}

/// [`solve`] under the given rules.
///
/// # Panics
/// As [`winner`].
pub fn solve_under(board: &Board, rules: Rules) -> Option<Solved> {
    let game = Game::new(board, rules)?;
    let values = game.solve();
    Some(Solved { game, values })
}

impl Solved {
    /// Who wins with best play when A's piece stands on `a`, B's on `b` (board squares)
    /// and `mover` is to move. `None` for a draw, and for what is no position of the
    /// game: a square A's piece cannot reach, a start already reached, or (with jumps)
    /// both pieces on one square.
    pub fn winner_at(&self, mover: Player, a: usize, b: usize) -> Option<Player> {
        let number = |square: usize| {
            self.game
                .number
                .get(square)
                .copied()
                .filter(|&number| number != usize::MAX)
        };
        let state = self.game.state(mover, number(a)?, number(b)?);
        if !self.game.is_live(state) {
            return None;
        }
        match self.values[state] {
            Value::Won => Some(mover),
            Value::Lost => Some(mover.other()),
            Value::Unknown => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    Unknown,
    /// Won for the player to move.
    Won,
    /// Lost for the player to move.
    Lost,
}

/// What a move leads to.
enum Outcome {
    Win,
    State(usize),
}

struct Game {
    rules: Rules,
    /// The region numbering of each board square, `usize::MAX` outside the region.
    number: Vec<usize>,
    /// `neighbours[v]`: the region's squares next to square `v` (region numbering).
    neighbours: Vec<Vec<usize>>,
    start_a: usize,
    start_b: usize,
}

impl Game {
    /// `None` when B's start is not connected to A's.
    fn new(board: &Board, rules: Rules) -> Option<Game> {
        // The region of A's start, numbered in discovery order.
        let mut number = vec![usize::MAX; board.white.len()];
        let mut squares = vec![board.a];
        number[board.a] = 0;
        let mut next = 0;
        while let Some(&square) = squares.get(next) {
            next += 1;
            for neighbour in board.white_neighbours(square) {
                if number[neighbour] == usize::MAX {
                    number[neighbour] = squares.len();
                    squares.push(neighbour);
                }
            }
        }
        if number[board.b] == usize::MAX {
            return None;
        }
        assert!(
            squares.len() <= MAX_WHITE,
            "brute force limited to {MAX_WHITE} squares"
        );
        let neighbours = squares
            .iter()
            .map(|&square| board.white_neighbours(square).map(|v| number[v]).collect())
            .collect();
        Some(Game {
            rules,
            neighbours,
            start_a: number[board.a],
            start_b: number[board.b],
            number,
        })
    }

    fn squares(&self) -> usize {
        self.neighbours.len()
    }

    fn state(&self, mover: Player, a: usize, b: usize) -> usize {
        let w = self.squares();
        (usize::from(mover == Player::B) * w + a) * w + b
    }

    fn decode(&self, state: usize) -> (Player, usize, usize) {
        let w = self.squares();
        let mover = if state / (w * w) == 1 {
            Player::B
        } else {
            Player::A
        };
        (mover, state / w % w, state % w)
    }

    /// A state that can occur in play: nobody has won yet and, with jumps, the pieces
    /// stand apart.
    fn is_live(&self, state: usize) -> bool {
        let (_, a, b) = self.decode(state);
        a != self.start_b && b != self.start_a && (a != b || self.rules == Rules::WithoutJumps)
    }

    /// Every move of the player to move, straight from the rules.
    fn moves(&self, state: usize) -> Vec<Outcome> {
        let (mover, a, b) = self.decode(state);
        let (mine, theirs, goal) = match mover {
            Player::A => (a, b, self.start_b),
            Player::B => (b, a, self.start_a),
        };
        let after = |square: usize| {
            if square == goal {
                Outcome::Win
            } else {
                Outcome::State(match mover {
                    Player::A => self.state(Player::B, square, b),
                    Player::B => self.state(Player::A, a, square),
                })
            }
        };
        let mut moves = Vec::new();
        for &step in &self.neighbours[mine] {
            if step == theirs && step != goal && self.rules == Rules::WithJumps {
                // The jump: one more step from the other piece's square, any direction.
                moves.extend(self.neighbours[theirs].iter().map(|&land| after(land)));
            } else {
                moves.push(after(step));
            }
        }
        moves
    }

    /// Retrograde analysis over every live state.
    fn solve(&self) -> Vec<Value> {
        let states = 2 * self.squares() * self.squares();
        let mut value = vec![Value::Unknown; states];
        let mut undecided_moves = vec![0usize; states];
        let mut predecessors = vec![Vec::new(); states];
        let mut queue = VecDeque::new();
        for state in (0..states).filter(|&state| self.is_live(state)) {
            let moves = self.moves(state);
            if moves.iter().any(|outcome| matches!(outcome, Outcome::Win)) {
                value[state] = Value::Won;
                queue.push_back(state);
                continue;
            }
            undecided_moves[state] = moves.len();
            for outcome in moves {
                if let Outcome::State(next) = outcome {
                    predecessors[next].push(state);
                }
            }
            if undecided_moves[state] == 0 {
                value[state] = Value::Lost;
                queue.push_back(state);
            }
        }
        while let Some(state) = queue.pop_front() {
            for &before in &predecessors[state] {
                if value[before] != Value::Unknown {
                    continue;
                }
                if value[state] == Value::Lost {
                    value[before] = Value::Won;
                    queue.push_back(before);
                } else {
                    undecided_moves[before] -= 1;
                    if undecided_moves[before] == 0 {
                        value[before] = Value::Lost;
                        queue.push_back(before);
                    }
                }
            }
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(rows: &[&str]) -> Option<Player> {
        winner(&Board::from_rows(rows))
    }

    #[test]
    fn adjacent_starts_a_wins_by_the_first_half_of_a_jump() {
        assert_eq!(play(&["AB", ".."]), Some(Player::A));
    }

    #[test]
    fn a_single_middle_square_lets_b_jump_and_win() {
        // Distance 2 through one square: wherever A goes, B reaches A's start first.
        assert_eq!(play(&["A.B", "###", "###"]), Some(Player::B));
    }

    #[test]
    fn the_official_sample() {
        assert_eq!(play(&["A...", ".#..", "....", "...B"]), Some(Player::B));
        assert_eq!(play(&["A...", "....", "..#.", "...B"]), Some(Player::A));
    }

    #[test]
    fn disconnected_starts_are_a_draw() {
        assert_eq!(play(&["A#", "#B"]), None);
    }

    #[test]
    fn positions_other_than_the_start() {
        // B to move next to A's start, A one step from B's: B steps home first.
        let board = Board::from_rows(&["A..", "...", "..B"]);
        let solved = solve(&board).unwrap();
        assert_eq!(solved.winner_at(Player::B, 5, 1), Some(Player::B));
        assert_eq!(solved.winner_at(Player::A, 5, 1), Some(Player::A));
        // Not positions: both pieces on one square, a start reached, off the board.
        assert_eq!(solved.winner_at(Player::A, 4, 4), None);
        assert_eq!(solved.winner_at(Player::A, 8, 4), None);
        assert_eq!(solved.winner_at(Player::A, 99, 4), None);
    }

    #[test]
    fn without_jumps_the_first_mover_wins_the_race() {
        let board = Board::from_rows(&["A.B", "###", "###"]);
        assert_eq!(winner_under(&board, Rules::WithoutJumps), Some(Player::A));
    }
}
