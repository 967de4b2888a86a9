//! Pieces several test files share: board generators and deliberately flawed solvers.
#![allow(dead_code)]

use statues::{ANNA, Board, MARIA, Outcome, SIZE};

/// A random board: each square other than Maria's and Anna's holds a statue with
/// probability `percent` / 100.
pub fn random_board(rng: &mut fastrand::Rng, percent: u32) -> Board {
    Board::from_fn(|_, _| rng.u32(0..100) < percent)
}

/// A random board whose statues crowd around `centre`: the closer a square (in king
/// moves), the likelier a statue.
pub fn crowded_board(rng: &mut fastrand::Rng, centre: (usize, usize), percent: u32) -> Board {
    Board::from_fn(|row, col| {
        let distance = row.abs_diff(centre.0).max(col.abs_diff(centre.1)) as u32;
        rng.u32(0..100) < percent / (1 + distance)
    })
}

/// How a flawed solver reads the rules; [`Rules::CORRECT`] is the statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
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
}

impl Rules {
    /// The statement; 7 rounds suffice, as the spec says.
    pub const CORRECT: Rules = Rules {
        stay: true,
        diagonal: true,
        free_before: true,
        free_after: true,
        rounds: 7,
    };

    /// The known mistakes, each with a name, each one change away from [`Rules::CORRECT`].
    pub const FLAWED: [(&'static str, Rules); 5] = [
        (
            "no waiting move",
            Rules {
                stay: false,
                ..Rules::CORRECT
            },
        ),
        (
            "no diagonal moves",
            Rules {
                diagonal: false,
                ..Rules::CORRECT
            },
        ),
        (
            "checks only the square after the fall",
            Rules {
                free_before: false,
                ..Rules::CORRECT
            },
        ),
        (
            "checks only the square before the fall",
            Rules {
                free_after: false,
                ..Rules::CORRECT
            },
        ),
        (
            "stops searching after 6 rounds",
            Rules {
                rounds: 6,
                ..Rules::CORRECT
            },
        ),
    ];
}

/// Plays `board` under `rules`, round by round over the set of squares Maria can be on.
pub fn play(board: &Board, rules: Rules) -> Outcome {
    let statue_at =
        |row: usize, col: usize, falls: usize| row >= falls && board.has_statue(row - falls, col);
    let mut alive = vec![MARIA];
    for round in 0..rules.rounds {
        let mut next = [[false; SIZE]; SIZE];
        for &(row, col) in &alive {
            for dr in -1isize..=1 {
                for dc in -1isize..=1 {
                    if (dr, dc) == (0, 0) && !rules.stay || dr != 0 && dc != 0 && !rules.diagonal {
                        continue;
                    }
                    let (Some(r), Some(c)) =
                        (row.checked_add_signed(dr), col.checked_add_signed(dc))
                    else {
                        continue;
                    };
                    if r >= SIZE || c >= SIZE {
                        continue;
                    }
                    if (r, c) == ANNA {
                        return Outcome::Win;
                    }
                    if rules.free_before && statue_at(r, c, round)
                        || rules.free_after && statue_at(r, c, round + 1)
                    {
                        continue;
                    }
                    next[r][c] = true;
                }
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
