//! The kit as stress testing drives it: generated inputs are valid and grow with the
//! scale, every shrinking step is valid and strictly simpler, and every flawed solver is
//! caught within a small budget of stress cases and shrunk to a 1-minimal input.

use gam::Board;
use gam::testkit::Kit;
use gridkit::testkit::{
    ProblemKit, RAMP, assert_kit_answers_and_explains_like_the_library,
    assert_stress_catches_every_flawed, case_rng, same_tokens, scale_of,
};
use problem::Problem as _;

const SEED: u64 = 2008;
/// Stress cases each flawed solver gets before the test gives up on finding it out.
const BUDGET: u64 = 2000;

/// The statement's promises: `1..=10` tests, `2 <= n <= 300`, distinct starts joined by
/// a white path; and the input reads back as itself.
fn assert_valid(input: &Vec<Board>) {
    let text = Kit::render(input);
    let parsed = Kit::parse(&text).unwrap_or_else(|error| panic!("{error:#}\n{text}"));
    assert_eq!(&parsed, input);
    assert!((1..=10).contains(&input.len()));
    for board in input {
        assert!((2..=300).contains(&board.n), "n = {}", board.n);
        assert!(board.a != board.b && board.connected(), "{board}");
    }
}

/// What shrinking lowers: tests, then the sides of the boards, then black squares.
fn size(input: &[Board]) -> (usize, usize, usize) {
    let sides = input.iter().map(|board| board.n).sum();
    let blacks = input
        .iter()
        .map(|board| board.white.iter().filter(|&&white| !white).count())
        .sum();
    (input.len(), sides, blacks)
}

#[test]
fn generated_inputs_are_valid_and_grow_with_the_scale() {
    let mut largest = (0, 0);
    let cases = [SEED, 1, 2, 3]
        .into_iter()
        .flat_map(|seed| (0..=RAMP).step_by(8).map(move |k| (seed, k)));
    for (seed, k) in cases {
        let input = Kit::generate(&mut case_rng(seed, k), scale_of(k));
        assert_valid(&input);
        if k == 0 {
            assert_eq!((input.len(), input[0].n), (1, 2));
        }
        let n = input.iter().map(|board| board.n).max().unwrap();
        largest = (largest.0.max(input.len()), largest.1.max(n));
    }
    println!("largest: {} tests, n = {}", largest.0, largest.1);
    assert!(largest.0 == 10 && largest.1 >= 250, "{largest:?}");
}

#[test]
fn simpler_candidates_are_valid_strictly_simpler_and_few() {
    for k in [0, 40, 150, 400, 700, RAMP, 3 * RAMP] {
        let input = Kit::generate(&mut case_rng(SEED, k), scale_of(k));
        let candidates = Kit::simpler(&input);
        assert!(candidates.len() <= 400, "{} candidates", candidates.len());
        for candidate in &candidates {
            assert_valid(candidate);
            assert!(size(candidate) < size(&input));
        }
        println!(
            "case {k}: {:?} has {} simpler candidates",
            size(&input),
            candidates.len()
        );
    }
}

#[test]
fn every_flawed_solver_is_found_and_shrunk() {
    assert_stress_catches_every_flawed::<Kit>(SEED, 0..BUDGET, same_tokens);
}

#[test]
fn answer_and_explanation_are_what_the_library_prints() {
    assert_kit_answers_and_explains_like_the_library::<Kit, _>(|input, output| {
        gam::Gam::explain(input, output)
    });
}
