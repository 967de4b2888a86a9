//! The test kit keeps its promises: generated and simplified boxes are valid and parse
//! back equal, simplifying always makes progress, and stress testing finds and shrinks
//! a failing box for every flawed solver within a small budget.

use gridkit::testkit::{
    ProblemKit, RAMP, assert_kit_answers_and_explains_like_the_library,
    assert_stress_catches_every_flawed, case_rng, same_tokens,
};
use problem::Problem as _;
use sweets::Mask;
use sweets::geometry::FULL;
use sweets::testkit::Kit;

/// Cases stress testing may try before it must have caught a flawed solver.
const BUDGET: u64 = 2_000;
const SEED: u64 = 6_363;

/// A box the statement allows, that reads back as itself.
fn assert_valid(mask: Mask) {
    assert!(mask != 0 && mask & !FULL == 0, "{mask:#b}");
    let text = Kit::render(&mask);
    assert_eq!(Kit::parse(&text).unwrap(), mask, "{text}");
}

#[test]
fn generated_boxes_are_valid_and_grow_with_the_scale() {
    let mut largest_at_scale_zero = 0;
    let mut largest = 0;
    for case in 0..3_000_u64 {
        let scale = (case % 101) as f64 / 100.0;
        let mask = Kit::generate(&mut case_rng(SEED, case), scale);
        assert_valid(mask);
        if scale == 0.0 {
            largest_at_scale_zero = largest_at_scale_zero.max(mask.count_ones());
        }
        largest = largest.max(mask.count_ones());
    }
    assert!(largest_at_scale_zero <= 2, "{largest_at_scale_zero}");
    assert_eq!(largest, 19, "scale 1 reaches the full box");
}

#[test]
fn simpler_boxes_are_valid_and_have_one_chocolate_fewer() {
    for case in 0..1_000 {
        let mask = Kit::generate(&mut case_rng(SEED, case), 1.0);
        let simpler = Kit::simpler(&mask);
        let removable = if mask.count_ones() > 1 {
            mask.count_ones()
        } else {
            0
        };
        assert_eq!(simpler.len() as u32, removable, "{mask:#b}");
        for candidate in simpler {
            assert_valid(candidate);
            assert_eq!(candidate & !mask, 0);
            assert_eq!(candidate.count_ones() + 1, mask.count_ones());
        }
    }
}

#[test]
fn stress_testing_finds_and_shrinks_a_failure_for_every_flawed_solver() {
    for caught in assert_stress_catches_every_flawed::<Kit>(SEED, 0..BUDGET, same_tokens) {
        println!(
            "{}: {} chocolates found, {} once shrunk",
            caught.name,
            caught.found.count_ones(),
            caught.shrunk.count_ones()
        );
    }
}

/// The same from the cases at full scale on, so that shrinking has work to do.
#[test]
fn failures_among_full_size_boxes_shrink_to_one_minimal_boxes() {
    let caught = assert_stress_catches_every_flawed::<Kit>(SEED, RAMP..RAMP + BUDGET, same_tokens);
    assert!(caught.iter().any(|caught| caught.steps > 0));
}

#[test]
fn answer_and_explanation_are_what_the_library_prints() {
    assert_kit_answers_and_explains_like_the_library::<Kit, _>(|input, output| {
        sweets::Sweets::explain(input, output)
    });
}
