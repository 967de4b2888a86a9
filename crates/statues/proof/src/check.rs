//! The checker of a [`Certificate`]: it replays the evidence by the rules alone and never
//! solves (this crate holds no solver to call). It trusts the input model ([`Board`], read
//! by [`parse`](crate::parse)) and the certificate's data types; moves and falls are
//! re-derived here in a few lines (statues moved literally, one row a round), simpler than
//! the solver's search over (square, time).
//!
//! It verifies, first, that the certificate is for the board on stdin (the same rows);
//! then, for a walk (`WIN`): it starts on Maria's square, every step is a king move or a
//! stay onto a square without a statue, no statue falls onto her, and it ends on Anna or
//! once no statue is left; for the sets (`LOSE`): the first holds Maria's start, every
//! move from a square of a set that survives the fall lands in the next set, none reaches
//! Anna, and the last set is empty. The rounds in its messages count from 1.
//!
//! What it trusts beyond that is only the statement: that a statue falls one row a round
//! and leaves from the bottom row, that Maria moves first and wins on arrival, and that
//! once no statue is left nothing can stop her walking to Anna.

use std::collections::BTreeSet;
use std::fmt;

use crate::board::{ANNA, Board, MARIA, SIZE, Square};
use crate::certificate::{Certificate, Evidence};

/// Why a certificate proves nothing: the first false step, in the statement's terms.
/// Round `r` is Maria's `r`-th move and the fall after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The certificate's board differs from the input's at this row (from 1).
    OtherBoard {
        row: usize,
    },
    WalkStartsElsewhere,
    NotAKingMove {
        round: usize,
        from: Square,
        to: Square,
    },
    OntoStatue {
        round: usize,
        square: Square,
    },
    Crushed {
        round: usize,
        square: Square,
    },
    GoesOnAfterAnna {
        round: usize,
    },
    /// The walk ends neither on Anna nor with the board clear of statues.
    StopsEarly {
        rounds: usize,
    },
    NoSets,
    FirstSetWithoutMaria,
    AnnaReachable {
        round: usize,
        from: Square,
    },
    MissingSquare {
        round: usize,
        from: Square,
        square: Square,
    },
    LastSetNotEmpty {
        rounds: usize,
    },
}

/// `row 5, column 2` for the square (4, 1).
struct Named(Square);

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "row {}, column {}",
            self.0.0 as u128 + 1,
            self.0.1 as u128 + 1
        )
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        if let OtherBoard { row } = self {
            return write!(f, "the certificate is for another board: row {row} differs");
        }
        f.write_str("the certificate does not prove an answer: ")?;
        match *self {
            OtherBoard { .. } => Ok(()),
            WalkStartsElsewhere => write!(f, "the walk does not start on Maria's square"),
            NotAKingMove { round, from, to } => write!(
                f,
                "round {round}: Maria cannot go from {} to {} in one move",
                Named(from),
                Named(to)
            ),
            OntoStatue { round, square } => write!(
                f,
                "round {round}: Maria steps onto a statue at {}",
                Named(square)
            ),
            Crushed { round, square } => write!(
                f,
                "round {round}: a statue falls on Maria at {}",
                Named(square)
            ),
            GoesOnAfterAnna { round } => {
                write!(f, "round {round}: the walk goes on after reaching Anna")
            }
            StopsEarly { rounds } => write!(
                f,
                "the walk stops after round {rounds}, neither on Anna nor with every statue gone"
            ),
            NoSets => write!(f, "the LOSE evidence has no set of squares"),
            FirstSetWithoutMaria => write!(f, "the first set does not hold Maria's start"),
            AnnaReachable { round, from } => {
                write!(f, "round {round}: from {} Maria reaches Anna", Named(from))
            }
            MissingSquare {
                round,
                from,
                square,
            } => write!(
                f,
                "round {round}: from {} Maria can be alive on {}, missing from the set",
                Named(from),
                Named(square)
            ),
            LastSetNotEmpty { rounds } => write!(
                f,
                "the set after round {rounds} is not empty: Maria may still be alive"
            ),
        }
    }
}

impl std::error::Error for Refusal {}

/// Checks that `certificate` proves its answer for `board` (parsed from the input on its
/// own). The answer proven is then `certificate.outcome()`.
///
/// # Errors
/// The first false step, or the first row where the certificate's board differs.
pub fn check(board: &Board, certificate: &Certificate) -> Result<(), Refusal> {
    let ours = board.to_string();
    let theirs = certificate.board.to_string();
    if let Some(row) = ours.lines().zip(theirs.lines()).position(|(a, b)| a != b) {
        return Err(Refusal::OtherBoard { row: row + 1 });
    }
    match &certificate.evidence {
        Evidence::Walk(walk) => check_walk(board, walk),
        Evidence::Cornered(safe) => check_cornered(board, safe),
    }
}

/// The statues of `board` at the start.
fn statues_of(board: &Board) -> BTreeSet<Square> {
    every_square()
        .filter(|&(row, col)| board.has_statue(row, col))
        .collect()
}

fn every_square() -> impl Iterator<Item = Square> {
    (0..SIZE).flat_map(|row| (0..SIZE).map(move |col| (row, col)))
}

/// The statues one fall later: each one row down, those on the bottom row gone.
fn fall(statues: &BTreeSet<Square>) -> BTreeSet<Square> {
    statues
        .iter()
        .filter(|&&(row, _)| row + 1 < SIZE)
        .map(|&(row, col)| (row + 1, col))
        .collect()
}

/// A move to a neighbouring square of the board, or staying.
fn is_king_move(from: Square, to: Square) -> bool {
    to.0 < SIZE && to.1 < SIZE && from.0.abs_diff(to.0) <= 1 && from.1.abs_diff(to.1) <= 1
}

fn check_walk(board: &Board, walk: &[Square]) -> Result<(), Refusal> {
    if walk.first() != Some(&MARIA) {
        return Err(Refusal::WalkStartsElsewhere);
    }
    let mut statues = statues_of(board);
    for (index, pair) in walk.windows(2).enumerate() {
        let (round, from, to) = (index + 1, pair[0], pair[1]);
        if from == ANNA {
            return Err(Refusal::GoesOnAfterAnna { round });
        }
        if !is_king_move(from, to) {
            return Err(Refusal::NotAKingMove { round, from, to });
        }
        if statues.contains(&to) {
            return Err(Refusal::OntoStatue { round, square: to });
        }
        if to == ANNA {
            // She wins on arrival; the statues do not fall again.
            continue;
        }
        statues = fall(&statues);
        if statues.contains(&to) {
            return Err(Refusal::Crushed { round, square: to });
        }
    }
    if walk.last() == Some(&ANNA) || statues.is_empty() {
        Ok(())
    } else {
        Err(Refusal::StopsEarly {
            rounds: walk.len() - 1,
        })
    }
}

fn check_cornered(board: &Board, safe: &[BTreeSet<Square>]) -> Result<(), Refusal> {
    let first = safe.first().ok_or(Refusal::NoSets)?;
    if !first.contains(&MARIA) {
        return Err(Refusal::FirstSetWithoutMaria);
    }
    let mut statues = statues_of(board);
    for (index, pair) in safe.windows(2).enumerate() {
        let (round, now, next) = (index + 1, &pair[0], &pair[1]);
        let fallen = fall(&statues);
        for &from in now {
            for to in every_square().filter(|&to| is_king_move(from, to)) {
                if statues.contains(&to) {
                    continue;
                }
                if to == ANNA {
                    return Err(Refusal::AnnaReachable { round, from });
                }
                if !fallen.contains(&to) && !next.contains(&to) {
                    return Err(Refusal::MissingSquare {
                        round,
                        from,
                        square: to,
                    });
                }
            }
        }
        statues = fallen;
    }
    if safe.last().is_some_and(BTreeSet::is_empty) {
        Ok(())
    } else {
        Err(Refusal::LastSetNotEmpty {
            rounds: safe.len() - 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_far_off_the_board_is_named_without_overflow() {
        let far = Refusal::NotAKingMove {
            round: 1,
            from: MARIA,
            to: (usize::MAX, 0),
        };
        assert!(far.to_string().ends_with(&format!(
            "to row {}, column 1 in one move",
            usize::MAX as u128 + 1
        )));
    }
}
