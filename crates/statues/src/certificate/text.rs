//! The certificate as text, the explanation `--explain` prints: what happens, then the
//! board after every round, drawn side by side with the statement's row and column numbers.

use std::collections::BTreeSet;
use std::fmt::{self, Display};

use gridkit::explain::{draw, run_lengths};
use itertools::Itertools;

use crate::board::BoardExt;
use crate::{ANNA, Board, Certificate, Evidence, MARIA, SIZE, Square};

/// Boards drawn next to each other in one band.
const BOARDS_PER_BAND: usize = 4;
/// Blanks between two boards of a band.
const GAP: usize = 3;

const NUMBERING: &str =
    "Rows 1 to 8 from the top (row 1 is the input's first line), columns 1 to 8 from the left.";

/// A certificate as the explanation `--explain` prints after the answer:
/// `Explained(&certificate).to_string()`.
#[derive(Debug, Clone, Copy)]
pub struct Explained<'a>(pub &'a Certificate);

impl Display for Explained<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Explained(certificate) = *self;
        match &certificate.evidence {
            Evidence::Walk(walk) => write_walk(f, &certificate.board, walk),
            Evidence::Cornered(safe) => write_cornered(f, &certificate.board, safe),
        }
    }
}

fn write_walk(f: &mut fmt::Formatter<'_>, board: &Board, walk: &[Square]) -> fmt::Result {
    let rounds = walk.len().saturating_sub(1);
    let moves = run_lengths(
        walk.iter()
            .tuple_windows()
            .map(|(&from, &to)| move_name(from, to)),
    );
    let end = walk.last().copied().unwrap_or(MARIA);
    if end == ANNA {
        writeln!(
            f,
            "Maria reaches Anna in round {rounds}, before the statues fall again."
        )?;
        writeln!(f, "Her moves:\n  {moves}.")?;
    } else if rounds == 0 {
        writeln!(f, "No statue is on the board: Maria walks freely to Anna.")?;
    } else {
        writeln!(
            f,
            "No statue is left after round {rounds}: from then on Maria walks freely to Anna."
        )?;
        writeln!(
            f,
            "Her moves until then, to {}:\n  {moves}.",
            square_name(end)
        )?;
    }
    writeln!(f, "{NUMBERING}")?;
    writeln!(
        f,
        "Boards after each round's move and fall: M Maria, + her trail, S statue, A Anna."
    )?;
    if end == ANNA {
        writeln!(f, "The last board is before the fall: she wins on arrival.")?;
    }
    let boards = (0..walk.len()).map(|round| {
        // On reaching Anna the game ends before the statues move.
        let falls = if walk[round] == ANNA {
            round - 1
        } else {
            round
        };
        let board = draw_round(board, falls, |square| {
            if square == walk[round] {
                Some('M')
            } else {
                walk[..round].contains(&square).then_some('+')
            }
        });
        (caption(round), board)
    });
    write!(f, "{}", side_by_side(boards))
}

fn write_cornered(
    f: &mut fmt::Formatter<'_>,
    board: &Board,
    safe: &[BTreeSet<Square>],
) -> fmt::Result {
    let rounds = safe.len().saturating_sub(1);
    writeln!(
        f,
        "Whatever Maria does, a statue crushes her by round {rounds}."
    )?;
    let counts = safe.iter().skip(1).map(|squares| match squares.len() {
        0 => "none".to_string(),
        count => count.to_string(),
    });
    writeln!(
        f,
        "Squares where she could be alive: 1 at the start, then {}.",
        counts.format(", ")
    )?;
    writeln!(f, "{NUMBERING}")?;
    writeln!(
        f,
        "Boards after each round's move and fall: o where Maria could be, S statue, A Anna."
    )?;
    let boards = safe.iter().enumerate().map(|(round, squares)| {
        let board = draw_round(board, round, |square| {
            squares.contains(&square).then_some('o')
        });
        (caption(round), board)
    });
    write!(f, "{}", side_by_side(boards))
}

/// The board after `falls` falls, with `mark` drawn over the empty squares and Anna.
fn draw_round(board: &Board, falls: usize, mark: impl Fn(Square) -> Option<char>) -> String {
    draw(
        SIZE,
        SIZE,
        1,
        |row| (row + 1).to_string(),
        |row, col| {
            let square = (row, col);
            if board.statue_after(square, falls) {
                'S'
            } else if let Some(mark) = mark(square) {
                mark
            } else if square == ANNA {
                'A'
            } else {
                '.'
            }
        },
    )
}

fn caption(round: usize) -> String {
    match round {
        0 => "start".to_string(),
        round => format!("round {round}"),
    }
}

/// `row 7, column 2` for the 0-based square (6, 1).
fn square_name((row, col): Square) -> String {
    format!("row {}, column {}", row + 1, col + 1)
}

/// A king move (or staying) by the direction it goes on the drawn board.
fn move_name(from: Square, to: Square) -> &'static str {
    let vertical = to.0.cmp(&from.0);
    let horizontal = to.1.cmp(&from.1);
    use std::cmp::Ordering::{Equal, Greater, Less};
    match (vertical, horizontal) {
        (Equal, Equal) => "stay",
        (Less, Equal) => "up",
        (Greater, Equal) => "down",
        (Equal, Less) => "left",
        (Equal, Greater) => "right",
        (Less, Less) => "up-left",
        (Less, Greater) => "up-right",
        (Greater, Less) => "down-left",
        (Greater, Greater) => "down-right",
    }
}

/// Captioned boards in bands of [`BOARDS_PER_BAND`], side by side, a blank line between
/// bands; no line ends in blanks.
fn side_by_side(boards: impl Iterator<Item = (String, String)>) -> String {
    let boards: Vec<(String, String)> = boards.collect();
    let width = boards
        .iter()
        .flat_map(|(caption, board)| std::iter::once(caption.as_str()).chain(board.lines()))
        .map(|line| line.chars().count())
        .max()
        .unwrap_or(0)
        + GAP;
    boards
        .chunks(BOARDS_PER_BAND)
        .map(|band| {
            let height = band.iter().map(|(_, board)| board.lines().count()).max();
            let captions = band.iter().map(|(caption, _)| caption.as_str());
            let rows = (0..height.unwrap_or(0)).map(|line| {
                band.iter()
                    .map(move |(_, board)| board.lines().nth(line).unwrap_or(""))
            });
            std::iter::once(captions.collect_vec())
                .chain(rows.map(Itertools::collect_vec))
                .map(|cells| {
                    let line = cells.iter().map(|cell| format!("{cell:width$}")).join("");
                    format!("{}\n", line.trim_end())
                })
                .join("")
        })
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_named_as_seen_on_the_board() {
        assert_eq!(move_name((7, 0), (6, 1)), "up-right");
        assert_eq!(move_name((7, 0), (7, 0)), "stay");
        assert_eq!(move_name((3, 3), (4, 2)), "down-left");
        assert_eq!(square_name(MARIA), "row 8, column 1");
    }

    #[test]
    fn boards_sit_side_by_side_in_bands() {
        let boards = (0..5).map(|round| (caption(round), format!("{round}{round}\n{round}\n")));
        assert_eq!(
            side_by_side(boards),
            "start     round 1   round 2   round 3\n\
             00        11        22        33\n\
             0         1         2         3\n\
             \n\
             round 4\n\
             44\n\
             4\n"
        );
    }
}
