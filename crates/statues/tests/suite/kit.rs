//! The test kit itself: generated boards and every shrinking step are valid boards, and
//! stress testing finds and shrinks a failure of every flawed solver quickly.

use gridkit::testkit::{
    ProblemKit, assert_kit_answers_and_explains_like_the_library,
    assert_simpler_is_valid_and_smaller, assert_stress_catches_every_flawed, case_rng, same_tokens,
    scale_of,
};
use problem::Problem as _;
use statues::testkit::Kit;
use statues::{ANNA, Board, BoardExt, MARIA, SIZE};

/// At most this many stress cases to find a failure of each flawed solver.
const BUDGET: u64 = 2_000;

/// The statement's promises, beyond what `Board` guarantees by construction.
fn assert_valid(board: &Board) {
    let text = Kit::render(board);
    let parsed = Kit::parse(&text).unwrap_or_else(|error| panic!("{error:#} on\n{text}"));
    assert_eq!(
        &parsed, board,
        "the board does not survive a round trip:\n{text}"
    );
    assert!(!board.has_statue(MARIA.0, MARIA.1) && !board.has_statue(ANNA.0, ANNA.1));
}

/// Shrinking's measure: fewer statues first, then lower ones (less height above the
/// bottom in all).
fn measure(board: &Board) -> (usize, usize) {
    let height = (0..SIZE)
        .flat_map(|row| (0..SIZE).map(move |col| (row, col)))
        .filter(|&(row, col)| board.has_statue(row, col))
        .map(|(row, _)| SIZE - row)
        .sum();
    (board.statues(), height)
}

#[test]
fn generated_boards_are_valid_and_grow_with_the_scale() {
    for case in 0..3_000 {
        let scale = scale_of(case);
        let board = Kit::generate(&mut case_rng(5, case), scale);
        assert_valid(&board);
        if scale == 0.0 {
            assert!(board.statues() <= 2, "case {case} at scale 0:\n{board}");
        }
    }
    // Full scale reaches crowded boards.
    let most = (0..200)
        .map(|case| Kit::generate(&mut case_rng(6, case), 1.0).statues())
        .max();
    assert!(most > Some(40), "at most {most:?} statues at full scale");
}

#[test]
fn every_simpler_board_is_valid_and_strictly_simpler() {
    let most = assert_simpler_is_valid_and_smaller::<Kit, _>(9, 5, 124, assert_valid, measure);
    println!("at most {most} simpler boards");
    assert!(Kit::simpler(&Board::default()).is_empty());
}

#[test]
fn stress_finds_and_shrinks_a_failure_of_every_flawed_solver() {
    for caught in assert_stress_catches_every_flawed::<Kit>(2024, 0..BUDGET, same_tokens) {
        println!(
            "{}: {} statues found, {} once shrunk",
            caught.name,
            caught.found.statues(),
            caught.shrunk.statues()
        );
    }
}

#[test]
fn answer_and_explanation_are_what_the_library_prints() {
    assert_kit_answers_and_explains_like_the_library::<Kit, _>(|input, output| {
        statues::Statues::explain(input, output)
    });
}
