//! The test kit: generated inputs and their simplifications are valid inputs that keep the
//! statement's promises, and the stress schedule finds every flawed solver quickly and
//! shrinks what it found to a 1-minimal failing input.

use descending_dark::parse::{Case, MAX_CASES, MAX_SIZE};
use descending_dark::testkit::{Kit, size};
use gridkit::testkit::{
    ProblemKit, RAMP, assert_kit_answers_and_explains_like_the_library,
    assert_stress_catches_every_flawed, case_rng, same_tokens, scale_of,
};
use problem::Problem as _;

/// The inputs the stress schedule starts with for `seed`, every `step`-th up to full size.
fn schedule(seed: u64, step: usize) -> impl Iterator<Item = Vec<Case>> {
    (0..=RAMP + 100)
        .step_by(step)
        .map(move |k| Kit::generate(&mut case_rng(seed, k), scale_of(k)))
}

/// `input` is read back as itself by the strict parser, which checks every promise of the
/// statement (T, sizes, alphabet, border walls, caves labelled 0..d-1).
fn assert_valid(input: &Vec<Case>) {
    let text = Kit::render(input);
    match Kit::parse(&text) {
        Ok(parsed) => assert_eq!(&parsed, input, "read back differently:\n{text}"),
        Err(error) => panic!("{error:#} in\n{text}"),
    }
}

#[test]
fn generated_inputs_are_valid_and_grow_with_the_scale() {
    let (mut most_cases, mut widest, mut tallest) = (0, 0, 0);
    for seed in 1..=4 {
        for input in schedule(seed, 3) {
            assert_valid(&input);
            most_cases = most_cases.max(input.len());
            for case in &input {
                widest = widest.max(case.grid.width());
                tallest = tallest.max(case.grid.height());
            }
        }
    }
    assert_eq!(
        (most_cases, widest, tallest),
        (MAX_CASES, MAX_SIZE, MAX_SIZE)
    );
    // The smallest inputs come first.
    let first = Kit::generate(&mut case_rng(1, 0), 0.0);
    assert_eq!(first.len(), 1);
    assert_eq!((first[0].grid.height(), first[0].grid.width()), (3, 3));
}

/// Every candidate of `simpler(input)` is valid and strictly simpler; returns how many.
fn check_simpler(input: &Vec<Case>) -> usize {
    let simpler = Kit::simpler(input);
    assert!(simpler.len() <= 400, "{} candidates", simpler.len());
    let (cases, squares, caves, open) = size(input);
    for candidate in &simpler {
        assert_valid(candidate);
        let smaller = size(candidate);
        assert!(
            smaller.0 <= cases && smaller.1 <= squares && smaller.2 <= caves && smaller.3 <= open,
            "{smaller:?} is not within {:?}",
            size(input)
        );
        assert_ne!(smaller, size(input), "a candidate as big as its input");
    }
    simpler.len()
}

#[test]
fn simpler_inputs_are_valid_and_strictly_simpler() {
    let (mut of_inputs, mut of_grids) = (0, 0);
    for input in schedule(7, 10) {
        of_inputs += check_simpler(&input);
        // With one case left, the grid itself is simplified.
        of_grids += check_simpler(&input[..1].to_vec());
    }
    assert!(
        of_inputs > 1_500 && of_grids > 5_000,
        "only {of_inputs} and {of_grids} candidates"
    );
}

#[test]
fn every_flawed_solver_is_found_and_shrunk_to_a_minimal_input() {
    assert_stress_catches_every_flawed::<Kit>(0xdd_2012, 0..2_000, same_tokens);
}

#[test]
fn answer_and_explanation_are_what_the_library_prints() {
    assert_kit_answers_and_explains_like_the_library::<Kit, _>(|input, output| {
        descending_dark::DescendingDark::explain(input, output)
    });
}
