//! The certificate's data: what `gam --certificate` prints as JSON and `gam --check`
//! reads back, each list bounded while it is read. Read on its own (`Deserialize`), a
//! certificate's lists are bounded by the largest board; `--check` reads each test
//! against its board instead, with the bounds that board sets (`check/read.rs`).
//!
//! For an odd distance `D` a test's certificate holds the board's rows, `D` and the
//! winner, A. For an even one it also holds the winner's *strategy* in the layered game
//! (see [`crate::check`]): round by round, rules "the winner on `from` steps to `to` when
//! the loser stands on any square of `against`" whose positions form a set closed under
//! every move of the loser, so that a checker proves the winner by looking at each rule
//! and its neighbours alone.
//!
//! Each test's certificate carries its board's rows, so it cannot be held against
//! another board.

use serde::{Deserialize, Serialize};

use crate::board::Player;

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
