//! Deliberately flawed solvers, one per classic mistake: backward induction along the
//! path, written apart from the real solver, with one wrong belief about the rules each.

use gridkit::testkit::Flawed;

use crate::Board;
use crate::board::SIZE;

/// What a solver believes about the rules; [`Beliefs::TRUTH`] holds no wrong one.
#[derive(Debug, Clone, Copy)]
pub struct Beliefs {
    /// A roll past the Goal ends on the Goal (the seed write-up's erratum 1).
    pub overshoot_ends_on_the_goal: bool,
    /// A ladder of height `h` leads to `base + 10 h` on the path (erratum 2).
    pub tops_at_base_plus_ten_h: bool,
    /// Landing on a ladder always climbs it.
    pub climbing_is_forced: bool,
    /// A climb may continue up the ladder found at the top, and so on.
    pub ladders_chain: bool,
}

/// The flawed solvers of `ladders`, each printing like the real binary.
pub const FLAWED: &[Flawed<Board>] = &[
    Flawed {
        name: "clamped-overshoot",
        mistake: "moves a roll that would pass the Goal onto the Goal, instead of not moving",
        solve: |board| {
            printed(
                board,
                Beliefs {
                    overshoot_ends_on_the_goal: true,
                    ..Beliefs::TRUTH
                },
            )
        },
    },
    Flawed {
        name: "ten-h-tops",
        mistake: "puts the top of a ladder of height h at its base plus 10 h along the path",
        solve: |board| {
            printed(
                board,
                Beliefs {
                    tops_at_base_plus_ten_h: true,
                    ..Beliefs::TRUTH
                },
            )
        },
    },
    Flawed {
        name: "forced-climb",
        mistake: "always climbs a ladder it lands on, even when staying is better",
        solve: |board| {
            printed(
                board,
                Beliefs {
                    climbing_is_forced: true,
                    ..Beliefs::TRUTH
                },
            )
        },
    },
    Flawed {
        name: "chained-ladders",
        mistake: "climbs on from a ladder's top when another ladder starts there",
        solve: |board| {
            printed(
                board,
                Beliefs {
                    ladders_chain: true,
                    ..Beliefs::TRUTH
                },
            )
        },
    },
];

impl Beliefs {
    /// The rules as the statement gives them.
    pub const TRUTH: Beliefs = Beliefs {
        overshoot_ends_on_the_goal: false,
        tops_at_base_plus_ten_h: false,
        climbing_is_forced: false,
        ladders_chain: false,
    };
}

/// The answer of a solver holding `beliefs`, printed like the real binary.
fn printed(board: &Board, beliefs: Beliefs) -> String {
    crate::answer_text(expected_turns(board, beliefs))
}

/// Path index -> where its ladder leads (itself without one), as `beliefs` place tops.
fn ladder_tops(board: &Board, beliefs: Beliefs) -> Vec<usize> {
    let index = |k: usize, col: usize| 10 * k + if k % 2 == 0 { col } else { 9 - col };
    let mut top: Vec<usize> = (0..SIZE * SIZE).collect();
    for row in 0..SIZE {
        for col in 0..SIZE {
            let (k, h) = (SIZE - 1 - row, usize::from(board.height(row, col)));
            let base = index(k, col);
            // `base + 10 h` stays on the path: the row `k + h` is on the board.
            top[base] = if beliefs.tops_at_base_plus_ten_h {
                base + 10 * h
            } else {
                index(k + h, col)
            };
        }
    }
    top
}

/// Backward induction from the Goal as a solver holding `beliefs` would write it: the
/// expected turns from the start.
pub fn expected_turns(board: &Board, beliefs: Beliefs) -> f64 {
    let top = ladder_tops(board, beliefs);
    let goal = SIZE * SIZE - 1;
    let mut expected = vec![0.0f64; SIZE * SIZE];
    let mut best = vec![0.0f64; SIZE * SIZE];
    for p in (0..goal).rev() {
        let (mut sum, mut stay) = (0.0, 0.0);
        for r in 1..=6 {
            match best.get(p + r) {
                Some(value) => sum += value,
                None if beliefs.overshoot_ends_on_the_goal => sum += best[goal],
                None => stay += 1.0,
            }
        }
        expected[p] = (6.0 + sum) / (6.0 - stay);
        best[p] = if top[p] == p {
            expected[p]
        } else if beliefs.climbing_is_forced {
            expected[top[p]]
        } else if beliefs.ladders_chain {
            expected[p].min(best[top[p]])
        } else {
            expected[p].min(expected[top[p]])
        };
    }
    expected[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Holding no wrong belief, the same code answers every test-data case right, so each
    /// flawed solver fails by its own wrong belief alone.
    #[test]
    fn the_truth_answers_every_case() {
        let cases = gridkit::testdata::cases("ladders").unwrap();
        assert!(!cases.is_empty());
        for case in cases {
            let board = crate::parse_board(case.input.as_bytes()).unwrap();
            let answer = crate::answer_text(expected_turns(&board, Beliefs::TRUTH));
            assert_eq!(answer, case.expected, "{}", case.name);
        }
    }
}
