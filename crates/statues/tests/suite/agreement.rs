//! The solver against the reference on thousands of generated boards and on every board
//! of a few small families.

use gridkit::testkit::{ProblemKit, case_rng, scale_of};
use statues::testkit::Kit;
use statues::testkit::flawed::{Frame, play};
use statues::testkit::generate::{crowded_board, uniform_board};
use statues::{ANNA, Board, MARIA, SIZE, reference, solve};

fn check(board: &Board) {
    let expected = reference::solve(board);
    let found = solve(board);
    assert_eq!(found, expected, "solver and reference disagree on\n{board}");
}

/// The stress schedule: every scale from a statue or two up to full boards.
#[test]
fn generated_boards_of_every_scale() {
    for case in 0..4_000 {
        check(&Kit::generate(&mut case_rng(128, case), scale_of(case)));
    }
}

#[test]
fn random_boards_of_every_density() {
    let mut rng = fastrand::Rng::with_seed(128);
    for round in 0..3_050 {
        let percent = round % 61;
        check(&uniform_board(&mut rng, percent));
    }
}

#[test]
fn boards_crowded_around_maria_or_anna() {
    let mut rng = fastrand::Rng::with_seed(1_280);
    for round in 0..2_000 {
        let centre = if round % 2 == 0 { MARIA } else { ANNA };
        let percent = 30 + round % 71;
        check(&crowded_board(&mut rng, centre, percent));
    }
}

/// Every board whose statues lie only on `squares` (Maria's and Anna's left out).
fn check_every_board_on(rows: &[usize], cols: std::ops::RangeInclusive<usize>) {
    let squares: Vec<(usize, usize)> = rows
        .iter()
        .flat_map(|&row| cols.clone().map(move |col| (row, col)))
        .filter(|&square| square != MARIA && square != ANNA)
        .collect();
    assert!(squares.len() <= 16, "too many boards to try");
    for mask in 0u32..1 << squares.len() {
        check(&Board::from_fn(|row, col| {
            squares
                .iter()
                .position(|&square| square == (row, col))
                .is_some_and(|index| mask >> index & 1 == 1)
        }));
    }
}

#[test]
fn every_board_with_statues_in_two_rows() {
    // Statues just above and beside Maria, all of which she meets at once.
    check_every_board_on(&[6, 7], 0..=SIZE - 1);
    // Statues around Anna, which fall last.
    check_every_board_on(&[0, 1], 1..=SIZE - 1);
    // Two walls with holes, far apart.
    check_every_board_on(&[1, 5], 0..=5);
}

#[test]
fn every_board_with_statues_in_three_rows() {
    check_every_board_on(&[5, 6, 7], 0..=4);
    check_every_board_on(&[0, 1, 2], 3..=7);
    check_every_board_on(&[1, 3, 5], 0..=3);
}

/// The spec's claim that surviving 7 rounds means winning, checked on random boards with
/// the round-by-round frame of the flawed solvers.
#[test]
fn surviving_seven_rounds_wins() {
    let mut rng = fastrand::Rng::with_seed(7);
    for round in 0..2_000 {
        let board = uniform_board(&mut rng, round % 61);
        assert_eq!(
            play(&board, Frame::RIGHT),
            reference::solve(&board),
            "on\n{board}"
        );
    }
}
