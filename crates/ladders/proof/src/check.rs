//! The checker of a [`Certificate`]: it confirms the answer without the solver (this crate
//! holds none to call). It trusts the input model ([`Board`], read by
//! [`parse_board`](crate::parse_board)) and the statement's rules as written below; it
//! computes no value of its own. It checks the Bellman optimality equations locally, one
//! square at a time, on the values the certificate states.
//!
//! It accepts the certificate only if
//! - its board is the input's (the same ten lines of heights);
//! - it lists every ladder of the board once, with the top the board gives it;
//! - the Goal's value is 0;
//! - every other square's value `V(p)` is, within [`TOLERANCE`], one turn plus the average
//!   over the six faces of where the roll leaves her under the stated choices: `V(p)`
//!   itself when the Goal is closer than the roll (she does not move), `V(top)` when the
//!   roll ends on a ladder's base and the certificate climbs it (one ladder at most: the
//!   top's own ladder is not offered), `V(q)` on the square `q` reached otherwise;
//! - every ladder's staying and climbing values are `V` at its base and top, and the
//!   stated choice is worse than the other by at most [`TOLERANCE`].
//!
//! The answer it proves is the start's value as the certificate states it. The squares are
//! checked from the Goal back to the start, so a wrong value is named where it is stated.
//!
//! ## Why a local check proves the minimum
//! Write `T` for the Bellman operator: `(TV)(p) = 1 + (1/6) sum over the faces of best`,
//! with `best = min(V(q), V(top(q)))` on a ladder's base and `V(q)` elsewhere (`V(p)` for
//! an overshooting face), and `T_c` for the same with the stated choices `c` in place of
//! the minimum. The last two checks give `|V - T_c V| <= e` and `T V <= T_c V <= T V + e`
//! (each face's term is at most `e` above the minimum, `e` = [`TOLERANCE`]), so
//! `|V - T V| <= 2e` on every square, with `V = 0` at the Goal. Every stated value is
//! finite: one that is not fails every comparison and is refused.
//!
//! Every way of playing reaches the Goal: nothing moves backwards along the path (a
//! ladder's top is in a higher row, so later on it), and from any square but the Goal a
//! roll of 1 fits and moves her on, so each turn she advances with probability at least
//! 1/6 and the 99 squares take finitely many turns on average whatever she chooses. Then
//! for any stationary choice `d`, with `P_d` its moves between the squares other than the
//! Goal, `P_d^n -> 0`, and `V <= 1 + a + P_d V` for all squares unrolls to
//! `V <= (1 + a) E_d`, where `E_d` is the expected number of turns under `d` (and
//! `V >= 1 - a + P_d V` to `V >= (1 - a) E_d`). Taking `d` optimal (`V <= T V + 2e <=
//! T_d V + 2e`) and `d` greedy for `V` (`V >= T V - 2e = T_d V - 2e`) gives
//! `(1 - 2e) E* <= V <= (1 + 2e) E*` on every square, `E*` the minimum expected turns.
//! With `e = 0` this is the uniqueness of the Bellman equation's fixed point; here the
//! start's stated value is within `2e E*(start)` of the answer. Never climbing is allowed,
//! so `E*(start)` is at most the empty board's 33.05: the error is under 7e-8, far inside
//! the 1e-6 the statement accepts, while the solver's rounding (about 1e-14, and the
//! checker's own in the sums) is far below `e`, so a genuine certificate is never refused.
//! One value changed by more than 6e-9 is refused (by more than 1e-9 at the start, where
//! no roll overshoots): its own square's equation then misses by more than `e`.
//!
//! The local check is the simpler of the two ways: the other, recomputing all 100 values
//! of the stated choices (by value iteration, the overshoot's self-loops making the
//! equations cyclic) and comparing, needs a stopping rule, a cap on the sweeps and an
//! argument for both; here each square costs six lookups, once, and no value is computed.
//! Nothing depends on the solver's backward induction either: the self-loop is checked as
//! the rules state it, never solved in closed form.

use std::fmt;

use gridkit::Pos;

use crate::board::{Board, SIZE};
use crate::certificate::Certificate;

/// How far a stated value may be from one turn plus the average of the values the roll
/// leads to, and how much worse a stated choice may be than the other, before the
/// certificate is refused. See the module's header for why this suffices.
pub const TOLERANCE: f64 = 1e-9;

/// Why a certificate proves nothing: the first false claim, squares named by the input's
/// line (1 = top) and column (1 = left).
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The certificate's board differs from the input's on this line (from 1).
    OtherBoard {
        line: usize,
    },
    OffBoard {
        base: Pos,
    },
    NoSuchLadder {
        base: Pos,
        top: Pos,
    },
    ListedTwice {
        base: Pos,
    },
    LadderCount {
        listed: usize,
        on_board: usize,
    },
    /// The Goal's value is not 0.
    GoalValue {
        stated: f64,
    },
    /// One turn from `pos` under the stated choices is worth `found`, not `stated`.
    SquareValue {
        pos: Pos,
        stated: f64,
        found: f64,
    },
    LadderValue {
        base: Pos,
        stay: f64,
        at_top: f64,
        found_stay: f64,
        found_top: f64,
    },
    Improvable {
        base: Pos,
        chosen: f64,
        other: f64,
    },
}

/// `line 8, column 3` for the square (7, 2).
struct Named(Pos);

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}",
            self.0.row as u128 + 1,
            self.0.col as u128 + 1
        )
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        if let OtherBoard { line } = self {
            return write!(
                f,
                "the certificate is for another board: line {line} differs"
            );
        }
        f.write_str("the certificate does not prove an answer: ")?;
        match *self {
            OtherBoard { .. } => Ok(()),
            OffBoard { base } => {
                write!(f, "a ladder is listed off the board at {}", Named(base))
            }
            NoSuchLadder { base, top } => write!(
                f,
                "the board has no ladder from {} to {}",
                Named(base),
                Named(top)
            ),
            ListedTwice { base } => write!(f, "the ladder at {} is listed twice", Named(base)),
            LadderCount { listed, on_board } => {
                write!(f, "{listed} ladders are listed, the board has {on_board}")
            }
            GoalValue { stated } => {
                write!(f, "the Goal is worth 0 turns, not {stated:.12}")
            }
            SquareValue { pos, stated, found } => write!(
                f,
                "the square at {} is worth {stated:.12} turns as stated, but one turn from it \
                 under the stated choices gives {found:.12}",
                Named(pos)
            ),
            LadderValue {
                base,
                stay,
                at_top,
                found_stay,
                found_top,
            } => write!(
                f,
                "the ladder at {}: staying {stay:.12} and climbing {at_top:.12} are stated, \
                 {found_stay:.12} and {found_top:.12} found",
                Named(base)
            ),
            Improvable {
                base,
                chosen,
                other,
            } => write!(
                f,
                "flipping the choice of the ladder at {} improves {chosen:.12} turns to \
                 {other:.12}",
                Named(base)
            ),
        }
    }
}

impl std::error::Error for Refusal {}

/// The squares in the order the path visits them: the bottom row (the input's last line)
/// left to right, the next one up right to left, and so on, alternating, to the Goal.
/// The check reads it backwards, the Goal first and the start last.
pub fn path() -> Vec<Pos> {
    let mut squares = Vec::new();
    for (rows_up, row) in (0..SIZE).rev().enumerate() {
        let mut cols: Vec<usize> = (0..SIZE).collect();
        if rows_up % 2 == 1 {
            cols.reverse();
        }
        squares.extend(cols.into_iter().map(|col| Pos::new(row, col)));
    }
    squares
}

/// Where the board's ladder at `base` leads: `height` rows up, same column.
fn top_on_board(board: &Board, base: Pos) -> Option<Pos> {
    let height = usize::from(board.height(base.row, base.col));
    (height > 0).then(|| Pos::new(base.row - height, base.col))
}

/// Which ladders the player climbs, by base square.
type Policy = [[bool; SIZE]; SIZE];

/// The certificate's ladders as a policy, if they are exactly the board's ladders.
fn policy_of(board: &Board, certificate: &Certificate) -> Result<Policy, Refusal> {
    let mut listed = [[false; SIZE]; SIZE];
    let mut climbs = [[false; SIZE]; SIZE];
    for ladder in &certificate.ladders {
        let (base, top) = (ladder.base, ladder.top);
        if base.row >= SIZE || base.col >= SIZE {
            return Err(Refusal::OffBoard { base });
        }
        if top_on_board(board, base) != Some(top) {
            return Err(Refusal::NoSuchLadder { base, top });
        }
        if std::mem::replace(&mut listed[base.row][base.col], true) {
            return Err(Refusal::ListedTwice { base });
        }
        climbs[base.row][base.col] = ladder.climb;
    }
    let on_board = board.ladders();
    if certificate.ladders.len() != on_board {
        return Err(Refusal::LadderCount {
            listed: certificate.ladders.len(),
            on_board,
        });
    }
    Ok(climbs)
}

/// Whether `found` is within [`TOLERANCE`] of `expected`; never for a value that is not
/// finite.
fn close(found: f64, expected: f64) -> bool {
    (found - expected).abs() <= TOLERANCE
}

/// Checks that `certificate` proves its answer for `board` (parsed from the input on its
/// own). The answer proven is then `certificate.answer()`.
///
/// # Errors
/// The first line where the certificate's board differs, or its first false claim.
pub fn check(board: &Board, certificate: &Certificate) -> Result<(), Refusal> {
    if let Some(line) = (0..SIZE).find(|&row| board.rows()[row] != certificate.board.rows()[row]) {
        return Err(Refusal::OtherBoard { line: line + 1 });
    }
    let climbs = policy_of(board, certificate)?;
    let at = |pos: Pos| certificate.expected[pos.row][pos.col];
    let path = path();
    let goal = path.len() - 1;
    if at(path[goal]) != 0.0 {
        return Err(Refusal::GoalValue {
            stated: at(path[goal]),
        });
    }
    // From the square before the Goal back to the start, whose value is the answer.
    for (index, &pos) in path.iter().enumerate().take(goal).rev() {
        let mut total = 0.0;
        for roll in 1..=6 {
            let end = match path.get(index + roll) {
                None => pos,
                Some(&landed) if climbs[landed.row][landed.col] => {
                    top_on_board(board, landed).unwrap_or(landed)
                }
                Some(&landed) => landed,
            };
            total += at(end);
        }
        let found = 1.0 + total / 6.0;
        if !close(at(pos), found) {
            return Err(Refusal::SquareValue {
                pos,
                stated: at(pos),
                found,
            });
        }
    }
    for ladder in &certificate.ladders {
        let (base, top) = (ladder.base, ladder.top);
        if !close(ladder.stay, at(base)) || !close(ladder.at_top, at(top)) {
            return Err(Refusal::LadderValue {
                base,
                stay: ladder.stay,
                at_top: ladder.at_top,
                found_stay: at(base),
                found_top: at(top),
            });
        }
        let (chosen, other) = if ladder.climb {
            (at(top), at(base))
        } else {
            (at(base), at(top))
        };
        if other < chosen - TOLERANCE {
            return Err(Refusal::Improvable {
                base,
                chosen,
                other,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_off_the_board_is_named_as_every_other_square() {
        let off = Refusal::OffBoard {
            base: Pos::new(11, 0),
        };
        assert!(
            off.to_string()
                .ends_with("a ladder is listed off the board at line 12, column 1"),
            "{off}"
        );
    }
}
