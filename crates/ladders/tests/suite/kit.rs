//! The test kit keeps its promises: generated boards and every simpler candidate are
//! legal boards that round-trip through the parser, candidates are strictly simpler, and
//! stress testing finds and shrinks a failing board for every flawed solver.

use gridkit::testkit::{
    ProblemKit, assert_kit_answers_and_explains_like_the_library,
    assert_simpler_is_valid_and_smaller, assert_stress_catches_every_flawed, same_numbers,
};
use ladders::Board;
use ladders::testkit::Kit;
use problem::Problem as _;

const SIZE: usize = 10;
/// Stress cases tried per flawed solver before giving up.
const BUDGET: u64 = 2_000;
const SEED: u64 = 1245;

/// The statement's promises: `0 <= h < i` on line `i` (so none on line 1 and none
/// passing the top), no ladder on the start square; and the text parses back equal.
fn assert_legal(board: &Board) {
    for row in 0..SIZE {
        for col in 0..SIZE {
            let height = usize::from(board.height(row, col));
            assert!(height <= row, "line {}: {height}\n{board}", row + 1);
        }
    }
    assert_eq!(
        board.height(SIZE - 1, 0),
        0,
        "a ladder on the start\n{board}"
    );
    assert_eq!(&Kit::parse(&Kit::render(board)).unwrap(), board);
}

/// What shrinking must reduce: the sum of all heights.
fn size(board: &Board) -> u32 {
    board.rows().iter().flatten().map(|&h| u32::from(h)).sum()
}

#[test]
fn generated_boards_are_legal_and_grow_with_the_scale() {
    let ladders_at = |scale: f64| -> usize {
        (0..200)
            .map(|seed| {
                let board = Kit::generate(&mut fastrand::Rng::with_seed(seed), scale);
                assert_legal(&board);
                board.ladders()
            })
            .sum()
    };
    let smallest = ladders_at(0.0);
    assert!(
        smallest <= 200,
        "scale 0 has {smallest} ladders over 200 boards"
    );
    let mut previous = smallest;
    for scale in [0.1, 0.4, 1.0] {
        let total = ladders_at(scale);
        assert!(
            total > previous,
            "scale {scale}: {total} ladders, {previous} before"
        );
        previous = total;
    }
    for seed in 0..200 {
        let board = Kit::generate(&mut fastrand::Rng::with_seed(seed), 0.0);
        assert!(board.ladders() <= 1, "{board}");
        assert!(board.rows().iter().flatten().all(|&h| h <= 1), "{board}");
    }
}

#[test]
fn simpler_candidates_are_legal_strictly_simpler_and_few() {
    let most = assert_simpler_is_valid_and_smaller::<Kit, _>(SEED, 7, 300, assert_legal, size);
    println!("at most {most} candidates");
    let empty = "0 0 0 0 0 0 0 0 0 0\n".repeat(10);
    assert!(Kit::simpler(&Kit::parse(&empty).unwrap()).is_empty());
}

#[test]
fn stress_testing_finds_and_shrinks_a_failure_of_every_flawed_solver() {
    let same = |found: &str, expected: &str| same_numbers(found, expected, 1e-6);
    for caught in assert_stress_catches_every_flawed::<Kit>(SEED, 0..BUDGET, same) {
        println!(
            "{}: {} ladders (heights summing to {}) found, {} (summing to {}) once shrunk",
            caught.name,
            caught.found.ladders(),
            size(&caught.found),
            caught.shrunk.ladders(),
            size(&caught.shrunk)
        );
    }
}

/// `answer` and `explain` are what `ladders --explain` prints, in that order.
#[test]
fn answer_and_explanation_are_what_the_library_prints() {
    assert_kit_answers_and_explains_like_the_library::<Kit, _>(|input, output| {
        ladders::Ladders::explain(input, output)
    });
}
