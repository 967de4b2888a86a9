//! The flawed solvers of the test kit, one per pitfall of the statement: the test data
//! must catch each of them (a wrong answer on at least one file). The same code without a
//! flaw prints every expected output, so the harness itself is shown to be right.

use descending_dark::parse::{Case, read_all};
use descending_dark::testkit::{Kit, flawless};
use gridkit::testkit::{ProblemKit, assert_every_flawed_fails_some_case, find_flawed, same_tokens};

/// Every test-data input with its name, parsed cases and expected output.
fn testdata() -> Vec<(String, Vec<Case>, String)> {
    gridkit::testdata::cases("descending-dark")
        .unwrap()
        .into_iter()
        .map(|case| {
            let cases = read_all(case.input.as_bytes()).unwrap();
            (case.name, cases, case.expected)
        })
        .collect()
}

#[test]
fn without_a_flaw_the_harness_prints_every_expected_output() {
    for (name, cases, expected) in testdata() {
        assert_eq!(flawless(&cases), expected, "{name}");
    }
}

#[test]
fn every_flawed_solver_fails_on_some_test_data() {
    assert_eq!(Kit::FLAWED.len(), 6);
    assert_every_flawed_fails_some_case::<Kit>(same_tokens);
}

/// The hand-made cases each catch the flawed solver they were written for.
#[test]
fn each_pitfall_case_catches_its_flawed_solver() {
    let data = testdata();
    let catches = |case: &str, flawed: &str| {
        let (_, cases, expected) = data.iter().find(|(name, _, _)| name == case).unwrap();
        let flawed = find_flawed::<Kit>(flawed).unwrap();
        (flawed.solve)(cases) != *expected
    };
    assert!(catches("caves-are-not-stops", "caves-are-stops"));
    assert!(catches("backward-reach", "undirected-reach"));
    assert!(catches("backward-pass", "forward-pass-only"));
    assert!(catches("fixpoint", "one-pass"));
    assert!(catches("fixpoint", "stale-forbid"));
    assert!(catches("equal-length-coupling", "one-pass"));
    assert!(catches("bad-exit-below-the-cave", "exits-by-passable"));
    assert!(catches("equal-length-coupling", "exits-by-passable"));
}
