//! The certificate behind each answer: data that proves who wins, for `--certificate`
//! (as JSON), `--check` and `--explain` (as text, see [`text`]).
//!
//! The crate header shows that the game reduces to the *layered game*: both pieces walk
//! shortest paths, A from layer `L_k` to `L_{k+1}` and B from `L_{D-k}` to `L_{D-k-1}`,
//! and B wins exactly when his move `D/2` steps onto A's square in the middle layer.
//! With an odd distance there is no middle layer and A wins. With an even one the
//! certificate holds the winner's *strategy* in the layered game: round by round, rules
//! "the winner on `from` steps to `to` when the loser stands on any square of `against`"
//! whose positions form a set closed under every move of the loser, so a checker proves
//! the winner by looking at each rule and its neighbours alone (see [`crate::check`]).
//!
//! Each test's certificate carries its board's rows, so it cannot be held against
//! another board. Building it keeps the layered game's tables at every level (the solver
//! keeps two), so it takes more memory than the answer; it is computed only on request.

mod layers;
mod outcomes;
pub(crate) mod picture;
mod strategy;
pub mod text;

use serde::{Deserialize, Serialize};

use crate::board::{Board, Player};

/// A square as `[row, column]`, both numbered from 1 as the input lists them (rows from
/// the top, columns from the left).
pub type Square = [u16; 2];

/// The certificate of a whole input: one entry per test, in the input's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    pub tests: Vec<TestCertificate>,
}

/// The certificate of one board's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestCertificate {
    /// The board it was made for, its rows exactly as the input lists them.
    #[serde(deserialize_with = "bounds::rows")]
    pub rows: Vec<String>,
    /// `D`, the length of a shortest white path between the starts.
    pub distance: usize,
    /// The player with a winning strategy.
    pub winner: Player,
    /// For an even `D`, the winner's rules for rounds 1 to `D/2` (round `r` is A's move
    /// `r`, then B's move `r`); empty for an odd `D`, where A wins by parity.
    #[serde(deserialize_with = "bounds::strategy")]
    pub strategy: Vec<Vec<Rule>>,
}

/// One rule of the winner's strategy in round `r`.
///
/// For A, before his move `r`: A on `from` (`r - 1` moves from his start along a
/// shortest path), B on any square of `against` (`r - 1` moves from his): A steps to
/// `to`. For B, after A's move `r`: B on `from`, A on any square of `against`: B steps
/// to `to`, which in round `D/2` is A's square (B then jumps over A).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    pub from: Square,
    pub to: Square,
    #[serde(deserialize_with = "bounds::against")]
    pub against: Vec<Square>,
}

/// How long each list of a certificate may be on a board of the largest `n`, enforced
/// while it is read: a row per row of the board; a round per two moves of a shortest
/// path (at most `n^2` squares long); a rule per step from a square (at most four from
/// each, each square in one round); a square of `against` at most once.
mod bounds {
    use std::fmt;

    use gridkit::certificate::bounded::{distinct, list, plain, text};
    use serde::Deserializer;
    use serde::de::{self, DeserializeSeed, SeqAccess, Visitor};

    use super::{Rule, Square};
    use crate::parse::MAX_N;

    const SQUARES: usize = MAX_N * MAX_N;

    pub fn rows<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
        list(MAX_N, "the board", text(MAX_N, "a row of the board")).deserialize(deserializer)
    }

    /// The most rules of a strategy, counted over all its rounds: a rule starts from a
    /// square of the layer of its round, each square is in one layer, and has at most
    /// four neighbours to step to.
    const RULES: usize = 4 * SQUARES;

    pub fn strategy<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<Vec<Rule>>, D::Error> {
        deserializer.deserialize_seq(Rounds)
    }

    /// The rounds of a strategy, each read with what is left of [`RULES`].
    struct Rounds;

    impl<'de> Visitor<'de> for Rounds {
        type Value = Vec<Vec<Rule>>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a strategy: at most {} rounds of rules", SQUARES / 2)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut rounds: Vec<Vec<Rule>> = Vec::new();
            let mut rules = 0;
            loop {
                let left = RULES - rules;
                let round = list(left, "the rules left to the strategy", plain());
                let Some(round) = seq.next_element_seed(round)? else {
                    return Ok(rounds);
                };
                if rounds.len() == SQUARES / 2 {
                    return Err(de::Error::custom(format!(
                        "the strategy has more than {} rounds, the most the input allows",
                        SQUARES / 2
                    )));
                }
                rules += round.len();
                rounds.push(round);
            }
        }
    }

    pub fn against<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Square>, D::Error> {
        distinct(SQUARES, "the squares of `against`", plain()).deserialize(deserializer)
    }
}

impl TestCertificate {
    /// The certificate of `board`'s answer; `None` when no white path joins the starts.
    ///
    /// # Complexity
    /// Two breadth-first searches, then for an even distance the layered game with all
    /// its levels: O(n^2 + sum over levels of |L_k| |L_{D-k}|) time, and as many bits;
    /// then a walk over the positions the winner's strategy lets arise.
    pub fn of(board: &Board) -> Option<TestCertificate> {
        let layers = layers::Layers::new(board)?;
        let d = layers.distance();
        let square = |index: usize| -> Square {
            let (row, col) = board.coordinates(index);
            // n <= 300: rows and columns fit 16 bits.
            [row as u16, col as u16]
        };
        let (winner, strategy) = if d % 2 == 1 {
            (Player::A, Vec::new())
        } else {
            let outcomes = outcomes::Outcomes::new(&layers);
            let winner = if outcomes.a_wins(0, 0, 0) {
                Player::A
            } else {
                Player::B
            };
            let rounds = strategy::rules(&layers, &outcomes, winner);
            let strategy = rounds
                .into_iter()
                .map(|round| {
                    round
                        .into_iter()
                        .map(|rule| Rule {
                            from: square(rule.from),
                            to: square(rule.to),
                            against: rule.against.into_iter().map(square).collect(),
                        })
                        .collect()
                })
                .collect();
            (winner, strategy)
        };
        Some(TestCertificate {
            rows: board.rows(),
            distance: d,
            winner,
            strategy,
        })
    }

    /// How many positions the strategy covers: a rule covers one per square of
    /// `against`.
    pub fn positions(&self) -> usize {
        self.strategy
            .iter()
            .flatten()
            .map(|rule| rule.against.len())
            .sum()
    }
}

impl Certificate {
    /// The certificates of every board; `None` if some board's starts are not joined.
    pub fn of(boards: &[Board]) -> Option<Certificate> {
        let tests = boards
            .iter()
            .map(TestCertificate::of)
            .collect::<Option<Vec<_>>>()?;
        Some(Certificate { tests })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_sample_b_catches_a_in_the_middle() {
        let board = Board::from_rows(&["A...", ".#..", "....", "...B"]);
        let certificate = TestCertificate::of(&board).unwrap();
        assert_eq!(certificate.distance, 6);
        assert_eq!(certificate.winner, Player::B);
        assert_eq!(certificate.strategy.len(), 3);
        // Round 1: whichever way A steps first, B has a reply.
        let first: Vec<Square> = certificate.strategy[0]
            .iter()
            .flat_map(|rule| rule.against.clone())
            .collect();
        assert_eq!(first.len(), 2, "{certificate:?}");
        // Round 3: B steps onto A's square.
        for rule in &certificate.strategy[2] {
            assert_eq!(rule.against, [rule.to]);
        }
    }

    #[test]
    fn odd_distances_need_no_strategy_and_disconnected_boards_no_certificate() {
        let odd = TestCertificate::of(&Board::from_rows(&["AB", ".."])).unwrap();
        assert_eq!((odd.distance, odd.winner), (1, Player::A));
        assert!(odd.strategy.is_empty());
        let board = Board::from_rows(&["A#", "#B"]);
        assert_eq!(TestCertificate::of(&board), None);
        assert_eq!(Certificate::of(&[board]), None);
    }
}
