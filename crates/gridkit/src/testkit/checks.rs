//! The checks every crate's `tests/suite/kit.rs` makes of its [`ProblemKit`], written once.

use std::fmt::Debug;
use std::ops::Range;

#[cfg(unix)]
use super::Flawed;
use super::{ProblemKit, RAMP, case_rng, scale_of, shrink};

/// The judge's comparison of whitespace-separated tokens.
pub fn same_tokens(found: &str, expected: &str) -> bool {
    found.split_whitespace().eq(expected.split_whitespace())
}

/// The judge's comparison of numbers: every token within `tolerance`, absolute or relative.
pub fn same_numbers(found: &str, expected: &str, tolerance: f64) -> bool {
    let (found, expected): (Vec<&str>, Vec<&str>) = (
        found.split_whitespace().collect(),
        expected.split_whitespace().collect(),
    );
    found.len() == expected.len()
        && found
            .iter()
            .zip(&expected)
            .all(|(f, e)| match (f.parse::<f64>(), e.parse::<f64>()) {
                (Ok(f), Ok(e)) => (f - e).abs() <= tolerance * e.abs().max(1.0),
                _ => false,
            })
}

/// The input text of `input`, checked to parse back to the same text.
fn round_trip<K: ProblemKit>(input: &K::Input) -> String {
    let text = K::render(input);
    let parsed = K::parse(&text).unwrap_or_else(|error| panic!("{error:#} on\n{text}"));
    assert_eq!(
        K::render(&parsed),
        text,
        "the input does not parse back equal"
    );
    text
}

/// Test support: every `step`-th stress case of `seed`, over three ramps, and every
/// candidate `simpler` gives for it round-trips through the parser and passes
/// `assert_valid` (the promises the parser does not check); every candidate is smaller
/// by `size` (so shrinking ends); at most `most` candidates each. Returns the largest
/// number of candidates seen.
///
/// # Panics
/// On the first broken promise, showing the input.
pub fn assert_simpler_is_valid_and_smaller<K: ProblemKit, S: PartialOrd + Debug>(
    seed: u64,
    step: usize,
    most: usize,
    assert_valid: impl Fn(&K::Input),
    size: impl Fn(&K::Input) -> S,
) -> usize {
    let mut largest = 0;
    for case in (0..3 * RAMP).step_by(step) {
        let input = K::generate(&mut case_rng(seed, case), scale_of(case));
        round_trip::<K>(&input);
        assert_valid(&input);
        let candidates = K::simpler(&input);
        largest = largest.max(candidates.len());
        assert!(candidates.len() <= most, "{} candidates", candidates.len());
        for candidate in &candidates {
            let text = round_trip::<K>(candidate);
            assert_valid(candidate);
            assert!(
                size(candidate) < size(&input),
                "{:?} is not smaller than {:?}:\n{text}",
                size(candidate),
                size(&input)
            );
        }
    }
    largest
}

/// What stress testing found for one flawed solver.
#[derive(Debug)]
pub struct Caught<I> {
    /// The flawed solver's name.
    pub name: &'static str,
    /// The number of the first failing case.
    pub case: u64,
    /// The failing input as generated.
    pub found: I,
    /// The failing input once shrunk.
    pub shrunk: I,
    /// The shrinking steps taken.
    pub steps: usize,
}

/// Test support: for every flawed solver of `K`, some stress case of `seed` among `cases`
/// fails (its output is not `same` as [`ProblemKit::answer`]), and shrinking it gives an
/// input that still fails and is 1-minimal: no candidate of `simpler` fails. Prints and
/// returns what was found.
///
/// # Panics
/// When a flawed solver passes every case, or shrinking breaks either promise.
pub fn assert_stress_catches_every_flawed<K: ProblemKit>(
    seed: u64,
    cases: Range<u64>,
    same: impl Fn(&str, &str) -> bool,
) -> Vec<Caught<K::Input>> {
    assert!(!K::FLAWED.is_empty(), "{} keeps no flawed solver", K::NAME);
    K::FLAWED
        .iter()
        .map(|flawed| {
            let fails = |input: &K::Input| !same(&(flawed.solve)(input), &K::answer(input));
            let found = cases.clone().find_map(|case| {
                let input = K::generate(&mut case_rng(seed, case), scale_of(case));
                fails(&input).then_some((case, input))
            });
            let Some((case, found)) = found else {
                panic!("{}: no stress case in {cases:?} fails", flawed.name);
            };
            let (shrunk, steps) = shrink(found.clone(), K::simpler, fails);
            assert!(fails(&shrunk), "{}: the shrunk input passes", flawed.name);
            if let Some(still) = K::simpler(&shrunk).iter().find(|c| fails(c)) {
                panic!(
                    "{}: not 1-minimal, this still fails:\n{}",
                    flawed.name,
                    K::render(still)
                );
            }
            println!(
                "{}: case {case} fails; shrunk in {steps} steps to\n{}",
                flawed.name,
                K::render(&shrunk)
            );
            Caught {
                name: flawed.name,
                case,
                found,
                shrunk,
                steps,
            }
        })
        .collect()
}

/// The test-data cases of `K`, by name, on which `flawed` prints an answer that is not
/// `same` as the expected output.
///
/// # Panics
/// When the test data cannot be read or parsed.
#[cfg(unix)]
pub fn cases_failed_by<K: ProblemKit>(
    flawed: &Flawed<K::Input>,
    same: impl Fn(&str, &str) -> bool,
) -> Vec<String> {
    let cases = crate::testdata::cases(K::NAME).expect("the test data can be read");
    cases
        .into_iter()
        .filter(|case| {
            let input =
                K::parse(&case.input).unwrap_or_else(|error| panic!("{}: {error:#}", case.name));
            !same(&(flawed.solve)(&input), &case.expected)
        })
        .map(|case| case.name)
        .collect()
}

/// Test support: every flawed solver of `K` fails some test-data case (its answer is not
/// `same` as the expected output). Prints and returns, for each, the cases that catch it.
///
/// # Panics
/// When a flawed solver passes every case.
#[cfg(unix)]
pub fn assert_every_flawed_fails_some_case<K: ProblemKit>(
    same: impl Fn(&str, &str) -> bool,
) -> Vec<(&'static str, Vec<String>)> {
    assert!(!K::FLAWED.is_empty(), "{} keeps no flawed solver", K::NAME);
    K::FLAWED
        .iter()
        .map(|flawed| {
            let caught = cases_failed_by::<K>(flawed, &same);
            assert!(
                !caught.is_empty(),
                "no test case catches a solver that {}",
                flawed.mistake
            );
            println!("{}: caught by {}", flawed.name, caught.join(", "));
            (flawed.name, caught)
        })
        .collect()
}

/// Test support: for every test-data case of `K`, [`ProblemKit::answer`] is the expected
/// output, and `explain` (the library's `explain(input, output)`) prints that answer, a
/// blank line and [`ProblemKit::explain`], as the binary's `--explain` does.
///
/// # Panics
/// On the first difference, naming the case.
#[cfg(unix)]
pub fn assert_kit_answers_and_explains_like_the_library<K: ProblemKit, E: std::fmt::Display>(
    explain: impl Fn(&[u8], &mut Vec<u8>) -> Result<(), E>,
) {
    let cases = crate::testdata::cases(K::NAME).expect("the test data can be read");
    assert!(!cases.is_empty(), "{} has no test data", K::NAME);
    for case in cases {
        let input =
            K::parse(&case.input).unwrap_or_else(|error| panic!("{}: {error:#}", case.name));
        let answer = K::answer(&input);
        assert_eq!(answer, case.expected, "{}", case.name);
        let printed = super::output_of(&explain, case.input.as_bytes());
        assert_eq!(
            printed,
            format!("{answer}\n{}", K::explain(&input)),
            "{}",
            case.name
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_numbers_compare_as_the_judge_compares() {
        assert!(same_tokens("A\nB\n", "A B"));
        assert!(!same_tokens("A\n", "A\nB\n"));
        assert!(same_numbers("33.0476190476", "33.04761905", 1e-6));
        assert!(same_numbers("1000000.5", "1000000.0", 1e-6));
        assert!(!same_numbers("33.05", "33.0476190476", 1e-6));
        assert!(!same_numbers("x", "1", 1e-6));
        assert!(!same_numbers("1 2", "1", 1e-6));
    }
}
