//! The test kit keeps its promises: generated and simplified boxes are valid and parse
//! back equal, simplifying always makes progress, and stress testing finds and shrinks
//! a failing box for every flawed solver within a small budget.

use gridkit::testkit::{Flawed, ProblemKit, RAMP, case_rng, scale_of, shrink};
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

/// Whether `flawed` answers `mask` otherwise than the solver, compared as the judge
/// does: token by token.
fn fails(flawed: &Flawed<Mask>, mask: &Mask) -> bool {
    let tokens = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    tokens(&(flawed.solve)(mask)) != tokens(&Kit::answer(mask))
}

/// The first of `cases` on which `flawed` fails, shrunk: asserts it is found within
/// the budget and that the shrunk box still fails and is 1-minimal.
fn find_and_shrink(flawed: &Flawed<Mask>, cases: std::ops::Range<u64>) {
    assert!(cases.end - cases.start <= BUDGET);
    let found = cases
        .clone()
        .map(|case| {
            (
                case,
                Kit::generate(&mut case_rng(SEED, case), scale_of(case)),
            )
        })
        .find(|(_, mask)| fails(flawed, mask));
    let Some((case, failing)) = found else {
        panic!("{} survives stress cases {cases:?}", flawed.name);
    };
    let (small, steps) = shrink(failing, Kit::simpler, |mask| fails(flawed, mask));
    assert!(fails(flawed, &small));
    assert!(
        Kit::simpler(&small).iter().all(|mask| !fails(flawed, mask)),
        "{}: not 1-minimal:\n{}",
        flawed.name,
        Kit::render(&small)
    );
    println!(
        "{}: case {case} fails with {} chocolates, shrunk in {steps} steps to {}:\n{}",
        flawed.name,
        failing.count_ones(),
        small.count_ones(),
        Kit::render(&small)
    );
}

#[test]
fn stress_testing_finds_and_shrinks_a_failure_for_every_flawed_solver() {
    for flawed in Kit::FLAWED {
        find_and_shrink(flawed, 0..BUDGET);
    }
}

/// The same from the cases at full scale on, so that shrinking has work to do.
#[test]
fn failures_among_full_size_boxes_shrink_to_one_minimal_boxes() {
    for flawed in Kit::FLAWED {
        find_and_shrink(flawed, RAMP..RAMP + BUDGET);
    }
}
