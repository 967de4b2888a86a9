//! The certificate: why the answer is right, as data a checker can verify without trusting
//! the solver ([`crate::check`] does), written and read as JSON by `--certificate` and
//! `--check`.
//!
//! - `WIN`: Maria's walk, one square per round, that never steps onto a statue, is never
//!   under one when they fall, and either reaches Anna or outlasts every statue (after
//!   which the board is empty and nothing can stop her).
//! - `LOSE`: for each round, every square Maria could be standing on alive after it.
//!   The first set is her start, every safe move from one set lands in the next, and the
//!   last set is empty: whatever she does, a statue gets her.
//!
//! The JSON carries the board it was made for, as the input's eight rows, so that a
//! certificate cannot be passed off for another board:
//! `{"board": [".......A", ...], "evidence": {"walk": [[7, 0], [6, 1], ...]}}` or
//! `{"board": [...], "evidence": {"cornered": [[[7, 0]], [[6, 0], [7, 1]], []]}}`, squares
//! as `[row, column]` from 0, row 0 being the input's first line.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::board::{Board, Outcome, SIZE, Square};

/// The answer for a board, with its evidence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// The board the evidence is about, in JSON as the input's rows.
    #[serde(with = "rows")]
    pub board: Board,
    pub evidence: Evidence,
}

/// What proves the answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Evidence {
    /// `WIN`: the squares Maria stands on, her start first, then one per round. It ends
    /// on Anna's square, or on the round after which no statue is left: at most
    /// `MAX_ROUNDS + 1` squares.
    Walk(#[serde(deserialize_with = "bounds::walk")] Vec<Square>),
    /// `LOSE`: `safe[t]` holds every square Maria could be standing on alive after `t`
    /// rounds (`safe[0]` is her start); the last set is empty. At most `MAX_ROUNDS + 1`
    /// sets, each of distinct squares.
    Cornered(#[serde(deserialize_with = "bounds::cornered")] Vec<BTreeSet<Square>>),
}

impl Certificate {
    /// The outcome the evidence proves.
    pub fn outcome(&self) -> Outcome {
        match self.evidence {
            Evidence::Walk(_) => Outcome::Win,
            Evidence::Cornered(_) => Outcome::Lose,
        }
    }
}

/// After this many rounds every statue has fallen off the board (one from the top row
/// falls for `SIZE` rounds): a walk needs no more rounds, and a set of squares still
/// open then is never followed by an empty one.
pub const MAX_ROUNDS: usize = SIZE;

/// How long the lists of a certificate may be, enforced while it is read.
mod bounds {
    use std::collections::BTreeSet;

    use gridkit::certificate::bounded::{list, plain, set};
    use serde::Deserializer;
    use serde::de::DeserializeSeed;

    use super::MAX_ROUNDS;
    use crate::board::{SIZE, Square};

    pub fn walk<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Square>, D::Error> {
        list(MAX_ROUNDS + 1, "the walk", plain()).deserialize(deserializer)
    }

    pub fn cornered<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<BTreeSet<Square>>, D::Error> {
        let round = set(SIZE * SIZE, "a set of squares", plain());
        list(MAX_ROUNDS + 1, "the list of sets", round).deserialize(deserializer)
    }
}

/// The board in JSON: its eight rows as the input writes them, read back by [`crate::parse`]
/// so that a certificate's board obeys every rule an input does.
mod rows {
    use gridkit::certificate::bounded::{list, text};
    use serde::de::{DeserializeSeed, Error};
    use serde::{Deserializer, Serializer};

    use crate::board::{Board, SIZE};

    pub fn serialize<S: Serializer>(board: &Board, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(board.to_string().lines())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        // Eight rows of eight squares; a longer row is refused as the input's would be.
        let row = text(SIZE + 1, "a row of the board");
        let rows = list(SIZE + 1, "the board", row).deserialize(deserializer)?;
        if rows.iter().any(|row| row.contains(['\n', '\r'])) {
            return Err(D::Error::custom("a row of the board holds a line break"));
        }
        crate::parse::parse(rows.join("\n").as_bytes())
            .map_err(|error| D::Error::custom(format!("the board, {error}")))
    }
}
