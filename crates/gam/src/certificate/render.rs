//! The certificate as text for a terminal: squares as (row, column) numbered from 1 as
//! the input lists them, moves as compass letters in run-length form, boards up to
//! [`DRAWN_UP_TO`] squares a side drawn with the play marked.

use std::fmt::{self, Display};

use gridkit::explain::{draw, run_lengths};
use itertools::Itertools;

use super::{Certificate, Explanation, Move, Play};
use crate::board::{Board, Player};

/// Boards up to this side are drawn; bigger ones get coordinates only.
const DRAWN_UP_TO: usize = 40;
/// Plays with at most this many rounds (to the middle for an even distance) are listed
/// move by move.
const LISTED_ROUNDS: usize = 15;

impl Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.tests.len();
        for (index, certificate) in self.tests.iter().enumerate() {
            let test = TestOfFile {
                test: index + 1,
                total,
                certificate,
            };
            write!(f, "{test}")?;
        }
        Ok(())
    }
}

/// One test's part of an [`Explanation`] (so that a long file can be explained one
/// board at a time): a heading, after an empty line unless it is the first, then the
/// certificate.
pub struct TestOfFile<'a> {
    /// The test's number, from 1.
    pub test: usize,
    pub total: usize,
    pub certificate: &'a Certificate,
}

impl Display for TestOfFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.test > 1 {
            writeln!(f)?;
        }
        writeln!(f, "Test {} of {}:", self.test, self.total)?;
        write!(f, "{}", self.certificate)
    }
}

impl Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (board, d) = (&self.board, self.distance);
        let n = board.n;
        let at = |square: usize| at(board, square);
        writeln!(
            f,
            "{n} x {n} board, A at {}, B at {} (row, column: rows 1 to {n} from the top, \
             columns 1 to {n} from the left).",
            at(board.a),
            at(board.b)
        )?;
        writeln!(
            f,
            "Distance D = {d}. Squares k moves from A's start and D - k from B's, for k = 0 \
             to {d}: {}.",
            self.sizes()
        )?;
        if d % 2 == 1 {
            writeln!(
                f,
                "D is odd: A, moving first, wins the race along a shortest path (B gains a \
                 move only by a jump, and the board's chessboard colours let him jump only \
                 after A has)."
            )?;
        } else {
            writeln!(
                f,
                "D is even: along shortest paths B can step onto A's square in the middle \
                 layer, k = {} (in brackets), with his move {0} and jump over it, a move \
                 ahead in the race. A must stay out of reach, B force the meeting.",
                d / 2
            )?;
        }
        self.rounds(f)?;
        self.ending(f)?;
        for player in [Player::A, Player::B] {
            writeln!(f, "{player}'s moves: {}", self.directions(player))?;
        }
        if n <= DRAWN_UP_TO {
            self.drawing(f)?;
        }
        writeln!(f, "{} wins.", self.play.winner)
    }
}

impl Certificate {
    /// The layer sizes in run-length form, the middle layer in brackets.
    fn sizes(&self) -> String {
        let middle = (self.distance % 2 == 0).then_some(self.distance / 2);
        run_lengths(self.layer_sizes.iter().enumerate().map(|(k, size)| {
            if Some(k) == middle {
                format!("[{size}]")
            } else {
                size.to_string()
            }
        }))
    }

    /// The moves round by round: to the middle for an even distance, all of them for an
    /// odd one; nothing when that is more than [`LISTED_ROUNDS`] rounds.
    fn rounds(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.distance;
        let last = if d % 2 == 0 {
            d / 2
        } else {
            self.play.a.len() - 1
        };
        if last > LISTED_ROUNDS {
            return Ok(());
        }
        writeln!(f, "The play, best moves for both:")?;
        let rounds = self.play.moves(self.board.n).chunk_by(|step| step.number);
        for (number, round) in rounds.into_iter().take(last) {
            let actions = round.map(|step| self.action(&step)).join(", ");
            writeln!(f, "  move {number}: {actions}")?;
        }
        Ok(())
    }

    /// What one move does, in words.
    fn action(&self, step: &Move) -> String {
        let board = &self.board;
        let (other, goal) = match step.player {
            Player::A => (Player::B, board.b),
            Player::B => (Player::A, board.a),
        };
        let arrives = if step.to == goal {
            format!(", {other}'s start")
        } else {
            String::new()
        };
        if step.to == step.other {
            // Only the other's start can be stepped onto without jumping on.
            return format!(
                "{} steps onto {other}'s start {}, where {other} stands",
                step.player,
                at(board, step.to)
            );
        }
        match step.over {
            Some(over) => format!(
                "{} steps onto {other} at {} and jumps to {}{arrives}",
                step.player,
                at(board, over),
                at(board, step.to)
            ),
            None => format!("{} to {}{arrives}", step.player, at(board, step.to)),
        }
    }

    /// How the game ends after the middle (even distance) or the race (odd).
    fn ending(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (board, play) = (&self.board, &self.play);
        let Some(middle) = play.middle else {
            let jumps = play.moves(board.n).filter_map(|step| step.over);
            let jumps = jumps.map(|over| format!(", jumping over B on {}", at(board, over)));
            return writeln!(
                f,
                "A reaches B's start with his move {}{}.",
                play.a.len() - 1,
                jumps.collect::<String>()
            );
        };
        let m = self.distance / 2;
        let middle = at(board, middle);
        match play.winner {
            Player::B if m == 1 => {
                writeln!(f, "B jumps over A on {middle} straight onto A's start.")
            }
            Player::B => writeln!(
                f,
                "B jumped over A on {middle} to {}: he is {} from A's start, A {} from B's, \
                 so B, though A moves next, arrives first, with his move {}.",
                at(board, play.b[m]),
                moves_in_words(m - 1),
                moves_in_words(m),
                play.b.len() - 1
            ),
            _ => writeln!(
                f,
                "After move {m} A stands on {middle} and B on {}, out of reach: both are {} \
                 from the other's start and A, moving first, arrives first, with his move {}.",
                at(board, play.b[m]),
                moves_in_words(m),
                play.a.len() - 1
            ),
        }
    }

    /// One player's moves as compass letters (`U`, `D`, `L`, `R`; a jump as its two
    /// halves in brackets), in run-length form, `|` after move `D/2`.
    fn directions(&self, player: Player) -> String {
        let n = self.board.n;
        let middle = (self.distance % 2 == 0).then_some(self.distance / 2);
        let mut tokens = Vec::new();
        for step in self.play.moves(n).filter(|step| step.player == player) {
            tokens.push(match step.over {
                Some(over) => format!(
                    "[{}{}]",
                    compass(step.from, over, n),
                    compass(over, step.to, n)
                ),
                None => compass(step.from, step.to, n).to_string(),
            });
            if Some(step.number) == middle {
                tokens.push("|".to_string());
            }
        }
        if tokens.last().is_some_and(|token| token == "|") {
            tokens.pop();
        }
        if tokens.is_empty() {
            return "none".to_string();
        }
        run_lengths(tokens)
    }

    /// The board with the play marked.
    fn drawing(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "The board (A, B: the starts; a, b: squares each piece moved to, + both; \
             *: the middle square; #: black):"
        )?;
        let board = &self.board;
        let n = board.n;
        let marks = Marks::new(board, &self.play);
        let text = draw(
            n,
            n,
            1,
            |row| (row + 1).to_string(),
            |row, col| marks.symbol(row * n + col),
        );
        f.write_str(&text)
    }
}

/// Which squares each piece stood on, for the drawing.
struct Marks<'a> {
    board: &'a Board,
    middle: Option<usize>,
    a: Vec<bool>,
    b: Vec<bool>,
}

impl<'a> Marks<'a> {
    fn new(board: &'a Board, play: &Play) -> Marks<'a> {
        let visited = |path: &[usize]| {
            let mut seen = vec![false; board.white.len()];
            for &square in path {
                seen[square] = true;
            }
            seen
        };
        Marks {
            board,
            middle: play.middle,
            a: visited(&play.a),
            b: visited(&play.b),
        }
    }

    fn symbol(&self, square: usize) -> char {
        let board = self.board;
        if square == board.a {
            'A'
        } else if square == board.b {
            'B'
        } else if Some(square) == self.middle {
            '*'
        } else {
            match (self.a[square], self.b[square], board.white[square]) {
                (true, true, _) => '+',
                (true, false, _) => 'a',
                (false, true, _) => 'b',
                (false, false, true) => '.',
                (false, false, false) => '#',
            }
        }
    }
}

/// `count` moves, in words.
fn moves_in_words(count: usize) -> String {
    if count == 1 {
        "1 move".to_string()
    } else {
        format!("{count} moves")
    }
}

/// A square as `(row, column)`, numbered from 1.
fn at(board: &Board, square: usize) -> String {
    let (row, col) = board.coordinates(square);
    format!("({row}, {col})")
}

/// The direction of a step between side neighbours.
fn compass(from: usize, to: usize, n: usize) -> char {
    if to + n == from {
        'U'
    } else if to == from + n {
        'D'
    } else if to + 1 == from {
        'L'
    } else {
        'R'
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_and_sizes() {
        assert_eq!(
            [compass(5, 1, 4), compass(5, 9, 4), compass(5, 4, 4)],
            ['U', 'D', 'L']
        );
        assert_eq!(compass(5, 6, 4), 'R');
        let board = Board::from_rows(&["A...", ".#..", "....", "...B"]);
        let certificate = Certificate::of(&board).unwrap();
        assert_eq!(certificate.sizes(), "1 2×2 [4] 3 2 1");
        let text = certificate.to_string();
        assert!(text.contains("move 3: A to (1, 4), B steps onto A at (1, 4) and jumps to (1, 3)"));
        assert!(text.contains("B's moves: U×2 [UL] | L×2\n"), "{text}");
        assert!(text.ends_with("B wins.\n"), "{text}");
    }
}
