//! The oracle: the game played out literally, with nothing derived about it.
//!
//! The statues are a set (bit `row * 8 + col` of a `u64`) that is moved each round by
//! taking every statue one row down and dropping those that leave the board. The search
//! runs breadth-first over (Maria's square, statue set) pairs until no new pair appears,
//! so it needs no formula for where a statue will be and no bound on how long to look.
//! It shares nothing with [`crate::solve`] beyond the [`Board`] it reads.

use std::collections::{HashSet, VecDeque};

use gridkit::grid::DIRS8;

use crate::{ANNA, Board, MARIA, Outcome, SIZE, Square};

fn bit((row, col): Square) -> u64 {
    1 << (row * SIZE + col)
}

/// The statue set one round later: each statue one row down, bottom-row statues gone.
pub fn fall(statues: u64) -> u64 {
    let mut next = 0;
    for row in 0..SIZE {
        for col in 0..SIZE {
            if statues & bit((row, col)) != 0 && row + 1 < SIZE {
                next |= bit((row + 1, col));
            }
        }
    }
    next
}

/// The statue set of `board`.
pub fn statue_set(board: &Board) -> u64 {
    let mut statues = 0;
    for row in 0..SIZE {
        for col in 0..SIZE {
            if board.has_statue(row, col) {
                statues |= bit((row, col));
            }
        }
    }
    statues
}

/// The squares Maria can end a move on from `square`: itself and the eight around it.
fn moves((row, col): Square) -> Vec<Square> {
    [(0, 0)]
        .into_iter()
        .chain(DIRS8)
        .filter_map(|(dr, dc)| Some((row.checked_add_signed(dr)?, col.checked_add_signed(dc)?)))
        .filter(|&(r, c)| r < SIZE && c < SIZE)
        .collect()
}

/// Whether Maria reaches Anna, by playing every round of every line of play.
pub fn solve(board: &Board) -> Outcome {
    let start = (MARIA, statue_set(board));
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some((maria, statues)) = queue.pop_front() {
        // Where the statues will be once this round's move is made.
        let fallen = fall(statues);
        // Maria moves first, onto a square without a statue...
        for target in moves(maria) {
            if statues & bit(target) != 0 {
                continue;
            }
            // ...and wins at once on reaching Anna, before the statues move...
            if target == ANNA {
                return Outcome::Win;
            }
            // ...then the statues fall, and one landing on her ends that line of play.
            if fallen & bit(target) != 0 {
                continue;
            }
            if seen.insert((target, fallen)) {
                queue.push_back((target, fallen));
            }
        }
    }
    Outcome::Lose
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statues_move_down_and_leave_from_the_bottom_row() {
        let statues = bit((0, 0)) | bit((3, 5)) | bit((7, 2));
        assert_eq!(fall(statues), bit((1, 0)) | bit((4, 5)));
        let mut set = u64::MAX;
        for _ in 0..SIZE {
            set = fall(set);
        }
        assert_eq!(set, 0);
    }

    #[test]
    fn moves_stay_on_the_board_and_include_staying() {
        assert_eq!(moves((7, 0)), [(7, 0), (6, 0), (6, 1), (7, 1)]);
        assert_eq!(moves((3, 3)).len(), 9);
    }

    #[test]
    fn an_empty_board_is_won_and_a_full_one_lost() {
        assert_eq!(solve(&Board::default()), Outcome::Win);
        assert_eq!(solve(&Board::from_fn(|_, _| true)), Outcome::Lose);
    }
}
