//! Random mutations of valid inputs: `run` must answer Ok or Err on every one of them,
//! never panic, hang or allocate hugely. A mutant that is still valid must still be
//! answered correctly (checked against the plain implementation).

use std::time::{Duration, Instant};

use descending_dark::parse::ALPHABET;
use descending_dark::testkit::{render, small_mountain};
use descending_dark::{explain, plain, reference, run};
use fastrand::Rng;
use gridkit::testkit::{mutate, output_of};

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
    let mut rng = Rng::with_seed(0x0bad_1a9e);
    let seeds = seeds(&mut rng);
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..12_000 {
        let mut text = seeds[round % seeds.len()].clone();
        for _ in 0..rng.usize(1..=3) {
            mutate(&mut rng, ALPHABET, &mut text);
        }
        let started = Instant::now();
        let output = output_of(|input, output| run(input, output), &text);
        let explained = output_of(|input, output| explain(input, output), &text);
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "slow on {:?}",
            String::from_utf8_lossy(&text)
        );
        if let Some(message) = output.strip_prefix("error: ") {
            refused += 1;
            assert!(message.starts_with("line "), "no position in {message:?}");
            assert_eq!(explained, output, "--explain refuses it otherwise");
        } else {
            accepted += 1;
            let text = String::from_utf8(text).expect("an accepted input is ASCII");
            assert_eq!(output, plain::answer(&text).unwrap(), "{text}");
            assert!(explained.starts_with(&format!("{output}\n")), "{text}");
        }
    }
    println!("accepted {accepted}, refused {refused}");
    assert!(
        accepted >= 400 && refused >= 10_000,
        "accepted {accepted}, refused {refused}"
    );
}
