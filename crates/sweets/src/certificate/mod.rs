//! Why the winner wins, as a certificate: data a checker verifies move by move without
//! solving (see [`crate::check`]).
//!
//! A certificate names the box, the winner, Karlsson's first move when he wins, and a
//! proof that the box left for the loser to move is lost, in one of two forms:
//! - the mirror: the box is the same turned half a turn about the centre and the centre
//!   is empty, so the winner answers every move with its mirror image through the centre
//!   (`mirror.rs`);
//! - a closed set: boxes each listing every legal move with the winner's reply, a reply
//!   that leads back into the set or empties the box (`closed.rs`).
//!
//! The mirror is used wherever it applies: it is two lines instead of a list. The moves
//! are chosen with the solver's table; nothing in the certificate asks to be trusted.
//!
//! In the JSON, a box is written as its five rows joined by `/`, each row its cells from
//! the left, `O` a chocolate and `.` an empty cell; a move is the list of the cells it
//! eats, each cell `[row, position]`, both counted from 1.

mod closed;
mod mirror;
pub(crate) mod picture;
mod text;

use serde::{Deserialize, Serialize};

use crate::geometry::{CELLS, Mask, ROW_LENGTHS, legal_moves, row_and_position};
use crate::solve::first_player_wins;

/// The proof of the winner of one box, as `--certificate` prints it and `--check` reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// The box the certificate is for, written as [`box_text`] writes it.
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
    /// Boxes lost for the player to move, among them the box to prove lost (listed first
    /// here, in any place for the checker); each lists every legal move with a reply that
    /// leads back into the set or empties the box.
    ClosedSet(#[serde(deserialize_with = "bounds::closed_set")] Vec<Position>),
}

/// One box of a closed set: lost for the player to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The box, written as [`box_text`] writes it.
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
    use crate::geometry::{CELLS, MAX_LINE, ROW_LENGTHS, SEGMENT_COUNT};

    pub fn written_box<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
        text(CELLS + ROW_LENGTHS.len() - 1, "a box").deserialize(deserializer)
    }

    pub fn one_move<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        list(MAX_LINE, "a move", plain()).deserialize(deserializer)
    }

    pub fn first_move<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Move>, D::Error> {
        one_move(deserializer).map(Some)
    }

    pub fn replies<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Reply>, D::Error> {
        list(SEGMENT_COUNT, "the replies of a box", plain()).deserialize(deserializer)
    }

    pub fn closed_set<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<Position>, D::Error> {
        list(1 << CELLS, "the closed set", plain()).deserialize(deserializer)
    }
}

/// The certificate of `start`.
///
/// # Complexity
/// At most 103 moves of each box met, each with at most 103 replies looked up in the
/// table; the closed sets of boxes with up to 19 chocolates stay within a few thousand
/// boxes.
pub fn certify(start: Mask) -> Certificate {
    let (winner, first_move, lost) = match first_move(start) {
        Some(eaten) => (Winner::Karlsson, Some(cells(eaten)), start & !eaten),
        None => (Winner::Lillebror, None, start),
    };
    let proof = if mirror::applies(lost) {
        Proof::Mirror
    } else {
        Proof::ClosedSet(closed::closed_set(lost))
    };
    Certificate {
        start: box_text(start),
        winner,
        first_move,
        proof,
    }
}

/// Karlsson's winning first move, if he has one: one leaving a box the mirror proves lost
/// when there is one (the fewest chocolates, then reading order), else the one eating the
/// most chocolates (then reading order), which leaves the least to prove.
fn first_move(start: Mask) -> Option<Mask> {
    let winning: Vec<Mask> = moves_in_reading_order(start)
        .into_iter()
        .filter(|&eaten| !first_player_wins(start & !eaten))
        .collect();
    let mirrored = winning
        .iter()
        .copied()
        .filter(|&eaten| mirror::applies(start & !eaten))
        .min_by_key(|eaten| eaten.count_ones());
    mirrored.or_else(|| {
        winning
            .iter()
            .copied()
            .rev()
            .max_by_key(|eaten| eaten.count_ones())
    })
}

/// The legal moves of `mask` ordered by their first cell in reading order, then shorter
/// first: the order a reader scans the box in.
fn moves_in_reading_order(mask: Mask) -> Vec<Mask> {
    let mut moves: Vec<Mask> = legal_moves(mask).collect();
    moves.sort_by_key(|&eaten| (eaten.trailing_zeros(), eaten.count_ones(), eaten));
    moves
}

/// `mask` as the certificate writes a box: rows joined by `/`, `O` a chocolate.
pub fn box_text(mask: Mask) -> String {
    let mut text = String::new();
    let mut cell = 0;
    for (row, &length) in ROW_LENGTHS.iter().enumerate() {
        if row > 0 {
            text.push('/');
        }
        for _ in 0..length {
            text.push(if mask >> cell & 1 == 1 { 'O' } else { '.' });
            cell += 1;
        }
    }
    text
}

/// The cells of `mask`, in reading order.
pub fn cells(mask: Mask) -> Move {
    (0..CELLS)
        .filter(|&cell| mask >> cell & 1 == 1)
        .filter_map(row_and_position)
        .map(|(row, position)| [row + 1, position + 1])
        .collect()
}

/// The set of `cells`, skipping any that is not in the box (the checker refuses those).
pub fn mask_of(cells: &[Cell]) -> Mask {
    cells
        .iter()
        .filter_map(|&[row, position]| {
            let first: usize = ROW_LENGTHS.get(..row.checked_sub(1)?)?.iter().sum();
            let length = *ROW_LENGTHS.get(row - 1)?;
            (1..=length)
                .contains(&position)
                .then(|| 1 << (first + position - 1))
        })
        .fold(0, |mask, bit| mask | bit)
}

/// The set of chocolates of a box written as [`box_text`] writes it, skipping anything
/// that is not a chocolate (the checker refuses malformed boxes).
pub fn mask_of_box(text: &str) -> Mask {
    text.chars()
        .filter(|&c| c != '/')
        .take(CELLS)
        .enumerate()
        .filter(|&(_, c)| c == 'O')
        .fold(0, |mask, (cell, _)| mask | 1 << cell)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{CENTRE, FULL};

    #[test]
    fn boxes_and_cells_are_written_and_read_back() {
        assert_eq!(box_text(FULL), "OOO/OOOO/OOOOO/OOOO/OOO");
        assert_eq!(box_text(1 << CENTRE), ".../..../..O../..../...");
        for mask in (0..=FULL).step_by(101) {
            assert_eq!(mask_of_box(&box_text(mask)), mask);
            assert_eq!(mask_of(&cells(mask)), mask);
        }
        assert_eq!(cells(1 << 18), [[5, 3]]);
        assert_eq!(mask_of(&[[0, 1], [6, 1], [2, 5], [3, 0]]), 0);
    }

    #[test]
    fn the_full_box_is_won_by_eating_the_centre_then_mirroring() {
        let certificate = certify(FULL);
        assert_eq!(certificate.winner, Winner::Karlsson);
        assert_eq!(certificate.first_move, Some(vec![[3, 3]]));
        assert_eq!(certificate.proof, Proof::Mirror);
    }

    #[test]
    fn a_single_chocolate_is_eaten_and_the_empty_box_is_mirrored() {
        let certificate = certify(1);
        assert_eq!(certificate.first_move, Some(vec![[1, 1]]));
        assert_eq!(certificate.proof, Proof::Mirror);
    }

    #[test]
    fn sample_one_is_lost_for_karlsson_by_a_closed_set() {
        let start = 1 << 5 | 1 << 9 | 1 << 10;
        let certificate = certify(start);
        assert_eq!(certificate.winner, Winner::Lillebror);
        assert_eq!(certificate.first_move, None);
        let Proof::ClosedSet(positions) = certificate.proof else {
            panic!("sample 1 is not symmetric");
        };
        assert_eq!(positions[0].chocolates, box_text(start));
        assert_eq!(positions[0].replies.len(), legal_moves(start).count());
    }
}
