//! Every flawed solver of `Kit::FLAWED` is caught by the test data, and the minimax they
//! share, given the stated moves, is not what gets caught.

use gridkit::testdata;
use gridkit::testkit::{Flawed, ProblemKit};
use sweets::Mask;
use sweets::testkit::Kit;
use sweets::testkit::flawed::{stated_moves, winner_with};

/// Every test case as (name, box, expected output).
fn cases() -> Vec<(String, Mask, String)> {
    let cases = testdata::cases("sweets").unwrap();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    cases
        .into_iter()
        .map(|case| {
            let mask = Kit::parse(&case.input).unwrap();
            (case.name, mask, case.expected)
        })
        .collect()
}

/// Names of the test cases on which `solve` prints something else than expected.
fn cases_failed_by(solve: impl Fn(Mask) -> String) -> Vec<String> {
    cases()
        .into_iter()
        .filter(|(_, mask, expected)| solve(*mask) != *expected)
        .map(|(name, ..)| name)
        .collect()
}

#[test]
fn the_shared_minimax_with_the_stated_moves_passes_every_case() {
    assert_eq!(
        cases_failed_by(|mask| winner_with(stated_moves, mask)),
        Vec::<String>::new()
    );
}

/// The case that shows each flawed solver's mistake most plainly.
fn telling_case(flawed: &Flawed<Mask>) -> &'static str {
    match flawed.name {
        "two-directions" => "pair-down-left",
        "runs-jump-gaps" => "two-in-a-row-with-gap",
        "single-chocolates-only" => "sample1",
        "no-single-chocolates" => "single-centre",
        other => panic!("no telling case for the flawed solver {other}"),
    }
}

#[test]
fn every_flawed_solver_fails_its_telling_case() {
    assert_eq!(Kit::FLAWED.len(), 4);
    for flawed in Kit::FLAWED {
        let failed = cases_failed_by(|mask| (flawed.solve)(&mask));
        println!("{}: {failed:?}", flawed.name);
        assert!(
            failed.iter().any(|name| name == telling_case(flawed)),
            "{} (a solver that {}) passes {}: {failed:?}",
            flawed.name,
            flawed.mistake,
            telling_case(flawed)
        );
    }
}
