//! The playground engine's tests, one module per subject, linked as one test binary:
//! every official sample solved and checked as the page does (`samples`), the proof's
//! steps (`steps`), and the games against the proven strategy (`play`).

mod play;
mod samples;
mod steps;

use gridkit::testdata::{self, Case};

/// The official samples of `problem`: what every module tests first.
fn official_samples(problem: &str) -> Vec<Case> {
    let samples: Vec<Case> = testdata::cases(problem)
        .unwrap_or_else(|error| panic!("{problem}: {error}"))
        .into_iter()
        .filter(|case| case.name.starts_with("sample"))
        .collect();
    assert!(!samples.is_empty(), "{problem} has no sample");
    samples
}
