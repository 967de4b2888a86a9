//! Deliberately flawed solvers, each one misreading of the rules away from the statement,
//! all played by one round-by-round frame.

use gridkit::grid::DIRS8;
use gridkit::testkit::Flawed;

use crate::{ANNA, Board, MARIA, Outcome, SIZE, Square};

/// The flawed solvers, each one change away from [`Frame::RIGHT`].
pub const FLAWED: &[Flawed<Board>] = &[
    Flawed {
        name: "no-waiting",
        mistake: "never lets Maria stay where she is",
        solve: |board| answer(board, Frame::NO_WAITING),
    },
    Flawed {
        name: "no-diagonals",
        mistake: "lets Maria move only up, down, left and right",
        solve: |board| answer(board, Frame::NO_DIAGONALS),
    },
    Flawed {
        name: "after-fall-only",
        mistake: "checks only the square after the fall, letting Maria step onto a statue",
        solve: |board| answer(board, Frame::AFTER_FALL_ONLY),
    },
    Flawed {
        name: "before-fall-only",
        mistake: "checks only the square before the fall, ignoring statues falling on Maria",
        solve: |board| answer(board, Frame::BEFORE_FALL_ONLY),
    },
    Flawed {
        name: "six-rounds",
        mistake: "declares Maria the winner once she survives 6 rounds",
        solve: |board| answer(board, Frame::SIX_ROUNDS),
    },
    Flawed {
        name: "statues-stay-at-bottom",
        mistake: "keeps statues on the bottom row instead of letting them leave the board",
        solve: |board| answer(board, Frame::STATUES_STAY_AT_BOTTOM),
    },
];

fn answer(board: &Board, frame: Frame) -> String {
    format!("{}\n", play(board, frame))
}

/// How a flawed solver reads the rules; [`Frame::RIGHT`] is the statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// Maria may stay where she is.
    pub stay: bool,
    /// Maria may step diagonally.
    pub diagonal: bool,
    /// The target must be free before the statues fall.
    pub free_before: bool,
    /// The target must be free after the statues fall.
    pub free_after: bool,
    /// Maria is declared the winner once she has survived this many rounds.
    pub rounds: usize,
    /// Statues leave the board from the bottom row (rather than stay there for good).
    pub statues_leave: bool,
}

impl Frame {
    /// The statement; 7 rounds suffice, as the spec says.
    pub const RIGHT: Frame = Frame {
        stay: true,
        diagonal: true,
        free_before: true,
        free_after: true,
        rounds: 7,
        statues_leave: true,
    };

    // The misreadings of the flawed solvers, one change each.
    const NO_WAITING: Frame = Frame {
        stay: false,
        ..Self::RIGHT
    };
    const NO_DIAGONALS: Frame = Frame {
        diagonal: false,
        ..Self::RIGHT
    };
    const AFTER_FALL_ONLY: Frame = Frame {
        free_before: false,
        ..Self::RIGHT
    };
    const BEFORE_FALL_ONLY: Frame = Frame {
        free_after: false,
        ..Self::RIGHT
    };
    const SIX_ROUNDS: Frame = Frame {
        rounds: 6,
        ..Self::RIGHT
    };
    const STATUES_STAY_AT_BOTTOM: Frame = Frame {
        statues_leave: false,
        ..Self::RIGHT
    };

    /// The moves Maria may make, as (row, column) offsets.
    fn moves(self) -> impl Iterator<Item = (isize, isize)> {
        let stay = self.stay.then_some((0, 0));
        let steps = DIRS8
            .into_iter()
            .filter(move |&(dr, dc)| self.diagonal || dr == 0 || dc == 0);
        stay.into_iter().chain(steps)
    }

    /// Whether a statue stands on `square` after `falls` falls, as this frame sees it.
    fn statue_at(self, board: &Board, (row, col): Square, falls: usize) -> bool {
        if row == SIZE - 1 && !self.statues_leave {
            // Every statue of the column that has reached the bottom row is still there.
            ((SIZE - 1).saturating_sub(falls)..SIZE).any(|start| board.has_statue(start, col))
        } else {
            row >= falls && board.has_statue(row - falls, col)
        }
    }
}

/// Plays `board` under `frame`, round by round over the set of squares Maria can be on.
pub fn play(board: &Board, frame: Frame) -> Outcome {
    let mut alive = vec![MARIA];
    for round in 0..frame.rounds {
        let mut next = [[false; SIZE]; SIZE];
        for &(row, col) in &alive {
            for (dr, dc) in frame.moves() {
                let (Some(r), Some(c)) = (row.checked_add_signed(dr), col.checked_add_signed(dc))
                else {
                    continue;
                };
                if r >= SIZE || c >= SIZE {
                    continue;
                }
                if (r, c) == ANNA {
                    return Outcome::Win;
                }
                if frame.free_before && frame.statue_at(board, (r, c), round)
                    || frame.free_after && frame.statue_at(board, (r, c), round + 1)
                {
                    continue;
                }
                next[r][c] = true;
            }
        }
        alive = (0..SIZE)
            .flat_map(|r| (0..SIZE).map(move |c| (r, c)))
            .filter(|&(r, c)| next[r][c])
            .collect();
        if alive.is_empty() {
            return Outcome::Lose;
        }
    }
    Outcome::Win
}
