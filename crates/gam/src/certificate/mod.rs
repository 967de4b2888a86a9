//! Building the certificate behind each answer from the solver's tables, for
//! `--certificate` (as JSON), and reading it back as text (`--explain`, see [`text`]), as
//! a picture (`--explain=svg`), or round by round for the playground (`steps.rs`). The certificate's types and its checker are in the
//! proof crate ([`gam_proof::certificate`], [`gam_proof::check`]), which this crate
//! depends on and which cannot depend on it.
//!
//! The crate header shows that the game reduces to the *layered game*: both pieces walk
//! shortest paths, A from layer `L_k` to `L_{k+1}` and B from `L_{D-k}` to `L_{D-k-1}`,
//! and B wins exactly when his move `D/2` steps onto A's square in the middle layer.
//! With an odd distance there is no middle layer and A wins. With an even one the
//! certificate holds the winner's *strategy* in the layered game: round by round, rules
//! "the winner on `from` steps to `to` when the loser stands on any square of `against`"
//! whose positions form a set closed under every move of the loser.
//!
//! Building it keeps the layered game's tables at every level (the solver keeps two), so
//! it takes more memory than the answer; it is computed only on request.

mod layers;
mod outcomes;
pub(crate) mod picture;
pub(crate) mod steps;
mod strategy;
pub mod text;

pub use gam_proof::certificate::{Certificate, Rule, Square, TestCertificate};

use crate::board::{Board, Player};

/// Building a certificate from the solver: [`TestCertificate::of`] a board,
/// [`Certificate::of`] a whole input (the certificate types live in the proof crate,
/// which knows nothing of solving).
pub trait Certify: Sized {
    /// What a certificate is built for: a board, or all boards of an input.
    type Of: ?Sized;
    /// The certificate of the answer(s) for `of`; `None` when some board's starts are
    /// not joined by a white path.
    fn of(of: &Self::Of) -> Option<Self>;
}

impl Certify for TestCertificate {
    type Of = Board;

    /// The certificate of `board`'s answer; `None` when no white path joins the starts.
    ///
    /// # Complexity
    /// Two breadth-first searches, then for an even distance the layered game with all
    /// its levels: O(n^2 + sum over levels of |L_k| |L_{D-k}|) time, and as many bits;
    /// then a walk over the positions the winner's strategy lets arise.
    fn of(board: &Board) -> Option<TestCertificate> {
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
}

impl Certify for Certificate {
    type Of = [Board];

    /// The certificates of every board; `None` if some board's starts are not joined.
    fn of(boards: &[Board]) -> Option<Certificate> {
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
