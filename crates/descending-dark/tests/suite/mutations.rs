//! Random mutations of valid inputs: `run` must answer Ok or Err on every one of them,
//! never panic, hang or allocate hugely. A mutant that is still valid must still be
//! answered correctly (checked against the plain implementation).

use std::time::{Duration, Instant};

use descending_dark::parse::ALPHABET;
use descending_dark::testkit::{render, small_mountain};
use descending_dark::{DescendingDark, plain, reference, run};
use fastrand::Rng;
use gridkit::testkit::assert_damaged_inputs_answered_or_refused;
use problem::Problem as _;

/// Valid inputs to mutate: small test-data files and freshly generated ones.
fn seeds(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = gridkit::testdata::inputs("descending-dark")
        .unwrap()
        .into_iter()
        .map(|path| std::fs::read(path).unwrap())
        .filter(|bytes| bytes.len() <= 4_000)
        .collect();
    for _ in 0..40 {
        let cases: Vec<_> = (0..rng.usize(1..=4))
            .map(|_| small_mountain(rng, 3..=9, reference::MAX_OPEN))
            .collect();
        seeds.push(render(&cases).into_bytes());
    }
    seeds
}

#[test]
fn mutated_inputs_never_panic_or_hang() {
    let seeds = seeds(&mut Rng::with_seed(0x0bad_1a9e));
    let started = Instant::now();
    let damage = assert_damaged_inputs_answered_or_refused(
        0x0bad_1a9e,
        &seeds,
        ALPHABET,
        12_000,
        |input, output| run(input, output),
        |input, output| DescendingDark::explain(input, output),
        |input, output| {
            // A mutant that is still valid is answered as the plain implementation does.
            let text = String::from_utf8(input.to_vec()).expect("an accepted input is ASCII");
            assert_eq!(output, plain::answer(&text).unwrap(), "{text}");
        },
    );
    println!("{damage:?}");
    assert!(
        damage.answered >= 400 && damage.refused >= 10_000,
        "{damage:?}"
    );
    // 12,000 inputs, each read twice: none may hang or take long.
    assert!(started.elapsed() < Duration::from_secs(60));
}
