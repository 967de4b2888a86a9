//! Why the winner wins, as a certificate a checker can verify move by move.
//!
//! Karlsson's win is shown by one move that leaves a lost box. Lillebror's win is shown
//! by every first move Karlsson has, each with a reply that leaves Karlsson a lost box.
//! The moves are found with the solver's table; that the boxes they leave are lost is the
//! claim a checker confirms with an independent search.

mod text;

use crate::geometry::{Mask, legal_moves};
use crate::solve::first_player_wins;

/// The proof of the winner of one box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Certificate {
    /// Karlsson wins: eating `winning_move` from `start` leaves a box that is lost for
    /// the player to move, Lillebror.
    Karlsson { start: Mask, winning_move: Mask },
    /// Lillebror wins: `defences` holds every legal first move of `start`, each with a
    /// reply that leaves a box lost for Karlsson.
    Lillebror { start: Mask, defences: Vec<Defence> },
}

/// Karlsson's first move and the reply that wins for Lillebror.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defence {
    /// The chocolates Karlsson eats.
    pub first_move: Mask,
    /// The chocolates Lillebror eats next.
    pub reply: Mask,
}

impl Certificate {
    /// The box the certificate is about.
    pub fn start(&self) -> Mask {
        match self {
            Self::Karlsson { start, .. } | Self::Lillebror { start, .. } => *start,
        }
    }

    /// The winner it proves, named as the output names it.
    pub fn winner(&self) -> &'static str {
        crate::render(matches!(self, Self::Karlsson { .. }))
    }
}

/// The certificate of `start`.
///
/// # Complexity
/// At most 103 first moves, each with at most 103 replies, each one table lookup.
pub fn certify(start: Mask) -> Certificate {
    if let Some(winning_move) = winning_move(start) {
        return Certificate::Karlsson {
            start,
            winning_move,
        };
    }
    // Every first move leaves a box the table calls won for Lillebror, so each has a
    // winning reply; were one missing, its defence would be absent and a checker, who
    // asks for every first move, would refuse the certificate.
    let defences = moves_in_reading_order(start)
        .into_iter()
        .filter_map(|first_move| {
            let reply = winning_move(start & !first_move)?;
            Some(Defence { first_move, reply })
        })
        .collect();
    Certificate::Lillebror { start, defences }
}

/// The first move, in reading order, that leaves the opponent a lost box.
fn winning_move(mask: Mask) -> Option<Mask> {
    moves_in_reading_order(mask)
        .into_iter()
        .find(|&eaten| !first_player_wins(mask & !eaten))
}

/// The legal moves of `mask` ordered by their first cell in reading order, then shorter
/// first: the order a reader scans the box in.
fn moves_in_reading_order(mask: Mask) -> Vec<Mask> {
    let mut moves: Vec<Mask> = legal_moves(mask).collect();
    moves.sort_by_key(|&eaten| (eaten.trailing_zeros(), eaten.count_ones(), eaten));
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{CENTRE, FULL};

    #[test]
    fn the_full_box_minus_the_centre_is_defended_against_every_move() {
        let start = FULL & !(1 << CENTRE);
        let Certificate::Lillebror { defences, .. } = certify(start) else {
            panic!("the full box minus the centre is lost for Karlsson");
        };
        assert_eq!(defences.len(), legal_moves(start).count());
    }

    #[test]
    fn a_single_chocolate_is_eaten() {
        assert_eq!(
            certify(1 << CENTRE),
            Certificate::Karlsson {
                start: 1 << CENTRE,
                winning_move: 1 << CENTRE
            }
        );
    }

    #[test]
    fn the_empty_box_is_lost_with_nothing_to_defend() {
        let certificate = certify(0);
        assert_eq!(certificate.winner(), "Lillebror");
        assert_eq!(
            certificate,
            Certificate::Lillebror {
                start: 0,
                defences: Vec::new()
            }
        );
    }
}
