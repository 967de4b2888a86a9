//! Robustness: thousands of random mutations of valid inputs (bytes deleted, inserted
//! or replaced, truncation, lines duplicated, dropped or swapped, digits changed). `run`
//! must return `Ok` or an `Err`, never panic, and an `Ok` must carry one answer per
//! test; `explain` must print the same answers first, and fail where `run` fails.

use fastrand::Rng;
use gam::testkit::Kit;
use gridkit::testkit::{ProblemKit, assert_damaged_inputs_answered_or_refused};
use problem::Problem as _;

/// The official sample, adjacent starts, and generated inputs of up to four small boards.
fn valid_inputs(rng: &mut Rng) -> Vec<String> {
    let mut inputs = vec![
        "2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n".to_string(),
        "1\n2\nAB\n..\n".to_string(),
    ];
    for _ in 0..40 {
        // Scale up to 0.3: up to four tests of n <= 29.
        let scale = 0.3 * rng.f64();
        inputs.push(Kit::render(&Kit::generate(rng, scale)));
    }
    inputs
}

#[test]
fn mutated_inputs_never_panic() {
    let inputs: Vec<Vec<u8>> = valid_inputs(&mut Rng::with_seed(99))
        .into_iter()
        .map(String::into_bytes)
        .collect();
    let damage = assert_damaged_inputs_answered_or_refused(
        99,
        &inputs,
        b".#AB\n 09",
        12_000,
        |input, output| gam::run(input, output),
        |input, output| gam::Gam::explain(input, output),
        |input, answers| {
            // One answer per test, each A or B.
            let first = String::from_utf8_lossy(input);
            let tests: usize = first.split_whitespace().next().unwrap().parse().unwrap();
            assert_eq!(answers.lines().count(), tests, "{first}");
            assert!(answers.lines().all(|line| line == "A" || line == "B"));
        },
    );
    println!("{damage:?}");
    assert!(damage.answered > 100 && damage.refused > 5000, "{damage:?}");
}

/// The statement's largest board size is read one line at a time: `n = 1000000000` is
/// refused before anything is allocated for it, and a 300 x 300 board with its
/// answer streams through.
#[test]
fn sizes_are_checked_before_allocating() {
    let error = gam::run("1\n1000000000\n".as_bytes(), Vec::new()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2, column 1: n must be in 2..=300, found 1000000000"
    );
    let error = gam::run(format!("1\n{}\n", u128::MAX).as_bytes(), Vec::new()).unwrap_err();
    assert!(error.to_string().contains("n must be in 2..=300"));
    let endless = format!("1\n300\n{}", ".".repeat(1 << 20));
    assert!(gam::run(endless.as_bytes(), Vec::new()).is_err());
}
