//! The checker of a [`Certificate`]: it confirms the answer without the solver. From the
//! crate it takes only the parsed [`Board`] (its heights) and the certificate's data types;
//! the path, the moves and the values are re-derived here by value iteration on the game
//! itself, played square by square along the path, which shares nothing with the solver's
//! backward induction in closed form.
//!
//! It accepts the certificate only if
//! - its board is the input's (the same ten lines of heights);
//! - it lists every ladder of the board once, with the top the board gives it;
//! - its values are those of its climbing choices (evaluated here), for every square and
//!   every ladder's two ends, within [`TOLERANCE`];
//! - no single choice flipped would do better by more than [`TOLERANCE`] (the one-step
//!   improvement test of policy iteration: a policy that no single change improves is
//!   optimal, so its values are the minimum ones).
//!
//! The answer it proves is the start's value as the certificate states it.
//!
//! ## The tolerance, and why it is enough
//! The values are floating point, so they are compared within `TOLERANCE = 1e-9`. Value
//! iteration here stops within about 5e-13 of the exact values of the stated choices
//! (below). A choice that loses at most 1e-9 each time it is made costs at most 1e-9 times
//! the expected number of turns (under 34 from any square), so the stated start value is
//! within about 4e-8 of the true minimum: far inside the 1e-6 the statement accepts, and
//! far above the rounding noise of the solver's arithmetic (about 1e-14), so a genuine
//! certificate is never refused. A value wrong in its 9th decimal is refused.

use std::fmt;

use gridkit::Pos;

use crate::board::Board;
use crate::certificate::Certificate;

/// How far a stated value may be from the checker's own, and how much a flipped choice
/// may gain before the certificate is refused. See the module's header for why.
pub const TOLERANCE: f64 = 1e-9;
/// The board is 10 x 10.
const SIZE: usize = 10;
/// Value iteration stops once a sweep moves no value by more than this. The slowest
/// square, next to the Goal, keeps 5/6 of its error a sweep, so the values are then
/// within about 5 x 1e-13 of the fixed point: far inside [`TOLERANCE`].
const SWEEP_CHANGE: f64 = 1e-13;
/// More sweeps than the slowest board needs (a few hundred).
const MAX_SWEEPS: usize = 20_000;

/// Expected turns by square, laid out as the input: `[row][col]`, row 0 on top.
pub type Values = [[f64; SIZE]; SIZE];

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
    Unsettled,
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
            Unsettled => write!(f, "the values of its choices do not settle"),
            SquareValue { pos, stated, found } => write!(
                f,
                "the square at {} is worth {found:.12} turns under the stated choices, \
                 not {stated:.12}",
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
fn path() -> Vec<Pos> {
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

/// The expected turns to the Goal from every square when the player climbs exactly the
/// ladders the certificate says, by value iteration on the literal game: each turn the
/// die shows 1 to 6, the player walks that many squares along the path, or stays put if
/// the Goal is closer than that; ending on a ladder's base she climbs it if the
/// certificate says so, and goes no further.
///
/// # Errors
/// The certificate's ladders are not the board's, or the values do not settle.
pub fn values_of_choices(board: &Board, certificate: &Certificate) -> Result<Values, Refusal> {
    let climbs = policy_of(board, certificate)?;
    let path = path();
    let goal = path.len() - 1;
    let mut value = [[0.0f64; SIZE]; SIZE];
    for _ in 0..MAX_SWEEPS {
        let mut next = [[0.0f64; SIZE]; SIZE];
        let mut change = 0.0f64;
        for (index, &pos) in path.iter().enumerate().take(goal) {
            let mut total = 0.0;
            for roll in 1..=6 {
                let end = match path.get(index + roll) {
                    None => pos,
                    Some(&landed) if climbs[landed.row][landed.col] => {
                        top_on_board(board, landed).unwrap_or(landed)
                    }
                    Some(&landed) => landed,
                };
                total += value[end.row][end.col];
            }
            next[pos.row][pos.col] = 1.0 + total / 6.0;
            change = change.max((next[pos.row][pos.col] - value[pos.row][pos.col]).abs());
        }
        value = next;
        if change <= SWEEP_CHANGE {
            return Ok(value);
        }
    }
    Err(Refusal::Unsettled)
}

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
    let value = values_of_choices(board, certificate)?;
    let at = |pos: Pos| value[pos.row][pos.col];
    // The path begins on the start, whose value is the answer: it is checked first.
    for pos in path() {
        let stated = certificate.expected[pos.row][pos.col];
        if !close(stated, at(pos)) {
            return Err(Refusal::SquareValue {
                pos,
                stated,
                found: at(pos),
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
