//! Random damage to valid inputs: `run` must answer or refuse, never panic or hang, and
//! whatever it still accepts it must answer like the reference.

use std::time::{Duration, Instant};

use gridkit::testkit::{mutate, output_of};
use sweets::parse::parse;
use sweets::reference::Reference;

/// Bytes worth inserting: the format's own, near misses and junk.
const ALPHABET: &[u8] = b"O.O. . \n\t\r0o#x\xff";

/// What the binary would print for `input`.
fn output(input: &[u8]) -> String {
    output_of(|input, output| sweets::run(input, output), input)
}

/// The inputs of the test data, sorted by content.
fn valid_inputs() -> Vec<Vec<u8>> {
    let mut inputs: Vec<Vec<u8>> = gridkit::testdata::cases("sweets")
        .unwrap()
        .into_iter()
        .map(|case| case.input.into_bytes())
        .collect();
    inputs.sort();
    inputs
}

#[test]
fn damaged_inputs_are_answered_or_refused() {
    let inputs = valid_inputs();
    let mut rng = fastrand::Rng::with_seed(630_063);
    let mut reference = Reference::new();
    let (mut answered, mut refused) = (0, 0);
    let started = Instant::now();
    for _ in 0..20_000 {
        let mut text = inputs[rng.usize(..inputs.len())].clone();
        for _ in 0..rng.usize(1..=3) {
            mutate(&mut rng, ALPHABET, &mut text);
        }
        let printed = output(&text);
        match parse(&text[..]) {
            Ok(mask) => {
                answered += 1;
                let winner = sweets::render(reference.first_player_wins(mask));
                let expected = format!("{winner}\n");
                assert_eq!(printed, expected, "{:?}", String::from_utf8_lossy(&text));
            }
            Err(_) => {
                refused += 1;
                assert!(
                    printed.starts_with("error: line "),
                    "{printed} for {:?}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
    }
    assert!(answered > 1_000 && refused > 1_000, "{answered} {refused}");
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn arbitrary_bytes_are_refused_without_panicking() {
    let mut rng = fastrand::Rng::with_seed(63);
    for _ in 0..2_000 {
        let text: Vec<u8> = (0..rng.usize(..200))
            .map(|_| {
                if rng.bool() {
                    ALPHABET[rng.usize(..ALPHABET.len())]
                } else {
                    rng.u8(..)
                }
            })
            .collect();
        let _ = output(&text);
    }
}
