//! The booklet's wrong solutions, kept with the verdict they must get: each gives a
//! wrong answer on at least one test file, so the test data tells them apart from a
//! correct solver. Also the game without the jump rule, which is a different game.

mod common;

use common::{answers, boards, cases, region_size};
use gam::reference::{self, Rules};
use gam::{Board, Player, jury};

fn distance(board: &Board) -> usize {
    jury::layers(board).unwrap().len() - 1
}

/// Heuristic 1: A if the distance is odd, B otherwise.
fn parity_only(board: &Board) -> Player {
    if distance(board) % 2 == 1 {
        Player::A
    } else {
        Player::B
    }
}

/// Heuristic 2: in the rectangle with the starts in opposite corners, count the black
/// squares of the quarter around each start; more black around B (fewer moves for him)
/// means A, otherwise B.
fn black_near_starts(board: &Board) -> Player {
    let n = board.n;
    let (a, b) = ((board.a / n, board.a % n), (board.b / n, board.b % n));
    let (top, bottom) = (a.0.min(b.0), a.0.max(b.0));
    let (left, right) = (a.1.min(b.1), a.1.max(b.1));
    let (middle_row, middle_col) = ((top + bottom) / 2, (left + right) / 2);
    let quarter_blacks = |(row, col): (usize, usize)| {
        let rows = if row <= middle_row {
            top..=middle_row
        } else {
            middle_row + 1..=bottom
        };
        let cols = if col <= middle_col {
            left..=middle_col
        } else {
            middle_col + 1..=right
        };
        rows.flat_map(|r| cols.clone().map(move |c| r * n + c))
            .filter(|&square| !board.white[square])
            .count()
    };
    if quarter_blacks(b) > quarter_blacks(a) {
        Player::A
    } else {
        Player::B
    }
}

/// Heuristic 3: A if the distance is odd, otherwise heuristic 2.
fn parity_then_black(board: &Board) -> Player {
    if distance(board) % 2 == 1 {
        Player::A
    } else {
        black_near_starts(board)
    }
}

/// The files on which `solver` gives at least one wrong answer.
fn failures(solver: impl Fn(&Board) -> Option<Player>, only_small: bool) -> Vec<String> {
    let mut failed = Vec::new();
    for case in cases() {
        let boards = boards(&case.input);
        if only_small
            && boards
                .iter()
                .any(|board| region_size(board) > reference::MAX_WHITE)
        {
            continue;
        }
        let expected = answers(&case.expected);
        if boards
            .iter()
            .zip(&expected)
            .any(|(board, &want)| solver(board) != Some(want))
        {
            failed.push(case.name);
        }
    }
    failed
}

#[test]
fn parity_only_fails() {
    let failed = failures(|board| Some(parity_only(board)), false);
    assert!(!failed.is_empty());
    println!("parity only fails on {failed:?}");
}

#[test]
fn counting_black_squares_near_the_starts_fails() {
    let failed = failures(|board| Some(black_near_starts(board)), false);
    assert!(!failed.is_empty());
    println!("black squares near the starts fail on {failed:?}");
}

#[test]
fn parity_then_black_squares_fails() {
    let failed = failures(|board| Some(parity_then_black(board)), false);
    assert!(!failed.is_empty());
    println!("parity, then black squares, fails on {failed:?}");
}

/// Without jumps the pieces never interact: a plain race, which A, moving first, always
/// wins. The official sample already refutes it.
#[test]
fn ignoring_the_jump_rule_fails() {
    let without_jumps = |board: &Board| reference::winner_under(board, Rules::WithoutJumps);
    for case in cases() {
        for board in boards(&case.input) {
            if region_size(&board) <= reference::MAX_WHITE {
                assert_eq!(without_jumps(&board), Some(Player::A), "{}", case.name);
            }
        }
    }
    let failed = failures(without_jumps, true);
    assert!(failed.contains(&"sample1".to_string()), "{failed:?}");
    println!("ignoring jumps fails on {failed:?}");
}
