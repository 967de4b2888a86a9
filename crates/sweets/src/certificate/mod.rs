//! Why the winner wins, as a certificate built with the solver's table: data the proof
//! crate's checker verifies move by move without solving (see [`sweets_proof::check`]).
//!
//! The certificate's types are the proof crate's ([`sweets_proof::certificate`]),
//! re-exported here; this module chooses what goes in them:
//! - the mirror wherever it applies (`mirror.rs`): the box left for the loser is the same
//!   turned half a turn about the centre and the centre is empty; it is two lines instead
//!   of a list;
//! - otherwise a closed set (`closed.rs`): the boxes reached under the winner's replies,
//!   each listing every legal move with the reply.
//!
//! The moves are chosen with the solver's table; nothing in the certificate asks to be
//! trusted. [`text`] and `picture.rs` explain a certificate to a reader; `steps.rs` plays
//! a line of it move by move for the playground.

mod closed;
mod mirror;
pub(crate) mod picture;
pub(crate) mod steps;
pub mod text;

pub use sweets_proof::certificate::{Cell, Certificate, Move, Position, Proof, Reply, Winner};

use crate::geometry::{CELLS, Mask, ROW_LENGTHS, legal_moves, row_and_position};
use crate::solve::first_player_wins;

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

/// `mask` as the certificate writes a box: rows joined by `/`, `O` a chocolate, `.` an
/// empty cell.
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
