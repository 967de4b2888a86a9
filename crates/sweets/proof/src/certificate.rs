//! The certificate's data: what `--certificate` prints and `--check` reads.
//!
//! A certificate names the box, the winner, Karlsson's first move when he wins, and a
//! proof that the box left for the loser to move is lost, in one of two forms:
//! - the mirror: the box is the same turned half a turn about the centre and the centre
//!   is empty, so the winner answers every move with its mirror image through the centre;
//! - a closed set: boxes each listing every legal move with the winner's reply, a reply
//!   that leads back into the set or empties the box.
//!
//! In the JSON, a box is written as its five rows joined by `/`, each row its cells from
//! the left, `O` a chocolate and `.` an empty cell; a move is the list of the cells it
//! eats, each cell `[row, position]`, both counted from 1. Every list is bounded while it
//! is read, each by what the box allows.

use serde::{Deserialize, Serialize};

/// The proof of the winner of one box, as `--certificate` prints it and `--check` reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// The box the certificate is for: its rows joined by `/`, `O` a chocolate.
    #[serde(rename = "box", deserialize_with = "bounds::written_box")]
    pub start: String,
    /// Who wins.
    pub winner: Winner,
    /// Karlsson's first move: present exactly when he is the winner.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "bounds::first_move"
    )]
    pub first_move: Option<Move>,
    /// Why the box left for the loser to move (the box itself when Lillebror wins) is lost.
    pub proof: Proof,
}

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Winner {
    /// Moves first.
    Karlsson,
    /// Moves second.
    Lillebror,
}

impl Winner {
    /// The name as the problem's output prints it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Karlsson => "Karlsson",
            Self::Lillebror => "Lillebror",
        }
    }

    /// The other player.
    pub fn other(self) -> Self {
        match self {
            Self::Karlsson => Self::Lillebror,
            Self::Lillebror => Self::Karlsson,
        }
    }
}

/// Why the box left for the loser to move is lost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Proof {
    /// The box is symmetric through the centre and the centre is empty: the winner
    /// answers each move with its mirror image through the centre.
    Mirror,
    /// Boxes lost for the player to move, among them the box to prove lost (in any place
    /// for the checker); each lists every legal move with a reply that leads back into
    /// the set or empties the box.
    ClosedSet(#[serde(deserialize_with = "bounds::closed_set")] Vec<Position>),
}

/// One box of a closed set: lost for the player to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The box: its rows joined by `/`, `O` a chocolate.
    #[serde(rename = "box", deserialize_with = "bounds::written_box")]
    pub chocolates: String,
    /// Every legal move of the box, each with the winner's reply.
    #[serde(deserialize_with = "bounds::replies")]
    pub replies: Vec<Reply>,
}

/// The loser's move and the winner's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    /// What the player to move eats.
    #[serde(rename = "move", deserialize_with = "bounds::one_move")]
    pub eaten: Move,
    /// What the winner eats next.
    #[serde(deserialize_with = "bounds::one_move")]
    pub reply: Move,
}

/// The cells a move eats, in reading order.
pub type Move = Vec<Cell>;

/// A cell as `[row, position]`, both counted from 1: row 1 is the top line of the box,
/// position 1 the leftmost cell of the row.
pub type Cell = [usize; 2];

/// How long each part of a certificate may be, enforced while it is read: a box is
/// written in `CELLS + 4` bytes; a move eats at most a whole line of `MAX_LINE` cells; a
/// box has at most `SEGMENT_COUNT` legal moves, one reply each; a closed set holds each
/// of the `2^CELLS` boxes at most once.
pub(crate) mod bounds {
    use gridkit::certificate::bounded::{list, plain, text};
    use serde::Deserializer;
    use serde::de::DeserializeSeed;

    use super::{Move, Position, Reply};
    use crate::input::{CELLS, MAX_LINE, ROW_LENGTHS, SEGMENT_COUNT};

    /// A box: its rows joined by `/`.
    ///
    /// # Errors
    /// Not a string, or longer than a box is written.
    pub fn written_box<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
        text(CELLS + ROW_LENGTHS.len() - 1, "a box").deserialize(deserializer)
    }

    /// A move: at most a line of cells.
    ///
    /// # Errors
    /// Not a list of cells, or longer than a line.
    pub fn one_move<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        list(MAX_LINE, "a move", plain()).deserialize(deserializer)
    }

    /// Karlsson's first move, when written.
    ///
    /// # Errors
    /// As [`one_move`].
    pub fn first_move<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Move>, D::Error> {
        one_move(deserializer).map(Some)
    }

    /// The replies of one box: at most one per move of the full box.
    ///
    /// # Errors
    /// Malformed, or more replies than the full box has moves.
    pub fn replies<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Reply>, D::Error> {
        list(SEGMENT_COUNT, "the replies of a box", plain()).deserialize(deserializer)
    }

    /// A closed set: at most every box once.
    ///
    /// # Errors
    /// Malformed, or more boxes than there are.
    pub fn closed_set<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<Position>, D::Error> {
        list(1 << CELLS, "the closed set", plain()).deserialize(deserializer)
    }
}
