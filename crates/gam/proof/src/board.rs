//! The plain types the input model, the certificates and the checker share: a board and
//! a player.

use std::collections::VecDeque;
use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

/// One of the two players (`"A"` or `"B"` in a certificate's JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Player {
    A,
    B,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}

impl Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}

/// The distance of a square no white path reaches (see [`Board::distances`]).
pub const FAR: u32 = u32::MAX;

/// An `n` x `n` board: which squares are white, and where the two pieces start.
///
/// Squares are numbered row by row from 0 (`row * n + col`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    pub n: usize,
    /// `true` for a white square; both start squares are white.
    pub white: Vec<bool>,
    /// A's start square.
    pub a: usize,
    /// B's start square.
    pub b: usize,
}

impl Board {
    /// A board from rows of `.#AB` (for tests and generators; no checks beyond shape).
    ///
    /// # Panics
    /// If the rows are not square or do not hold exactly one `A` and one `B`.
    pub fn from_rows(rows: &[&str]) -> Board {
        let n = rows.len();
        let mut white = Vec::with_capacity(n * n);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for row in rows {
            assert_eq!(row.len(), n, "board rows must be {n} long: {row:?}");
            for byte in row.bytes() {
                match byte {
                    b'A' => a.push(white.len()),
                    b'B' => b.push(white.len()),
                    b'.' | b'#' => {}
                    _ => panic!("unexpected {:?} in {row:?}", byte as char),
                }
                white.push(byte != b'#');
            }
        }
        assert!(a.len() == 1 && b.len() == 1, "need exactly one A and one B");
        Board {
            n,
            white,
            a: a[0],
            b: b[0],
        }
    }

    /// The rows as the input shows them.
    pub fn rows(&self) -> Vec<String> {
        (0..self.n)
            .map(|row| {
                (0..self.n)
                    .map(|col| self.symbol(row * self.n + col))
                    .collect()
            })
            .collect()
    }

    fn symbol(&self, square: usize) -> char {
        if square == self.a {
            'A'
        } else if square == self.b {
            'B'
        } else if self.white[square] {
            '.'
        } else {
            '#'
        }
    }

    /// Whether a white path joins the starts (the statement's promise, which the parser
    /// leaves to the solvers and the checker).
    pub fn connected(&self) -> bool {
        self.distances(self.a)[self.b] != FAR
    }

    /// The number of moves from `start` to each square along white squares, [`FAR`] for
    /// a square no white path reaches.
    ///
    /// # Complexity
    /// O(n^2): a breadth-first search, one `u32` per square and a queue.
    pub fn distances(&self, start: usize) -> Vec<u32> {
        let mut distance = vec![FAR; self.white.len()];
        distance[start] = 0;
        let mut queue = VecDeque::from([start]);
        while let Some(square) = queue.pop_front() {
            for next in self.white_neighbours(square) {
                if distance[next] == FAR {
                    distance[next] = distance[square] + 1;
                    queue.push_back(next);
                }
            }
        }
        distance
    }

    /// The row and column of `square`, numbered from 1 as the input lists them (rows
    /// from the top, columns from the left).
    pub fn coordinates(&self, square: usize) -> (usize, usize) {
        (square / self.n + 1, square % self.n + 1)
    }

    /// The white squares sharing a side with `square`.
    pub fn white_neighbours(&self, square: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.n;
        let (row, col) = (square / n, square % n);
        [
            (row > 0).then(|| square - n),
            (col > 0).then(|| square - 1),
            (col + 1 < n).then(|| square + 1),
            (row + 1 < n).then(|| square + n),
        ]
        .into_iter()
        .flatten()
        .filter(|&next| self.white[next])
    }
}

/// The board as one test of the input: `n`, then the rows.
impl Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.n)?;
        for row in self.rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// A whole input file: `t`, then the boards.
pub fn render_input(boards: &[Board]) -> String {
    let mut text = format!("{}\n", boards.len());
    for board in boards {
        text.push_str(&board.to_string());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_and_neighbours_stay_on_white() {
        let board = Board::from_rows(&["A.#", ".#.", "..B"]);
        assert_eq!(board.rows(), ["A.#", ".#.", "..B"]);
        assert_eq!((board.a, board.b), (0, 8));
        assert_eq!(board.white_neighbours(1).collect::<Vec<_>>(), [0]);
        assert_eq!(board.white_neighbours(5).collect::<Vec<_>>(), [8]);
        assert_eq!(board.to_string(), "3\nA.#\n.#.\n..B\n");
        assert!(board.connected());
        assert!(!Board::from_rows(&["A#", "#B"]).connected());
        assert_eq!(board.distances(0), [0, 1, FAR, 1, FAR, 5, 2, 3, 4]);
        assert_eq!(board.coordinates(5), (2, 3));
        assert_eq!(render_input(&[board]), "1\n3\nA.#\n.#.\n..B\n");
    }
}
