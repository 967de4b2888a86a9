//! Robustness: thousands of random mutations of valid inputs (bytes deleted, inserted
//! or replaced, truncation, lines duplicated, dropped or swapped, digits changed). `run`
//! must return `Ok` or an `Err`, never panic, and an `Ok` must carry one answer per
//! test; `explain` must print the same answers first, and fail where `run` fails.

use fastrand::Rng;
use gam::testkit::Kit;
use gridkit::testkit::{ProblemKit, mutate};

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
    let mut rng = Rng::with_seed(99);
    let inputs = valid_inputs(&mut rng);
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..12_000 {
        let mut mutated = inputs[round % inputs.len()].clone().into_bytes();
        for _ in 0..rng.usize(1..=3) {
            mutate(&mut rng, b".#AB\n 09", &mut mutated);
        }
        let mut output = Vec::new();
        let result = gam::run(&mutated[..], &mut output);
        let mut explained = Vec::new();
        let explain_result = gam::explain(&mutated[..], &mut explained);
        assert_eq!(explain_result.is_ok(), result.is_ok());
        assert!(explained.starts_with(&output));
        match result {
            Ok(()) => {
                accepted += 1;
                let first = String::from_utf8_lossy(&mutated);
                let tests: usize = first.split_whitespace().next().unwrap().parse().unwrap();
                let answers = String::from_utf8(output).unwrap();
                assert_eq!(answers.lines().count(), tests, "{first}");
                assert!(answers.lines().all(|line| line == "A" || line == "B"));
            }
            Err(error) => {
                refused += 1;
                assert!(!error.to_string().is_empty());
            }
        }
    }
    println!("{accepted} mutations accepted, {refused} refused");
    assert!(accepted > 100 && refused > 5000);
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
