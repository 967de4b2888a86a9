//! Random damage to valid inputs: `run` must answer or refuse, never panic, and its output
//! stays one short line.

use std::panic::{AssertUnwindSafe, catch_unwind};

use gridkit::testkit::{ProblemKit, mutate};
use ladders::testkit::Kit;

const MUTATIONS: usize = 12_000;

/// Bytes a mutation likes to insert besides random ones: digits, separators and a few
/// troublemakers.
const ALPHABET: &[u8] = b"0123456789 \t\n\r-+.x";

#[test]
fn damaged_inputs_are_answered_or_refused_without_panicking() {
    let mut rng = fastrand::Rng::with_seed(1245);
    let (mut answered, mut refused) = (0, 0);
    for _ in 0..MUTATIONS {
        let scale = rng.f64();
        let mut input = Kit::render(&Kit::generate(&mut rng, scale)).into_bytes();
        for _ in 0..rng.usize(1..=4) {
            mutate(&mut rng, ALPHABET, &mut input);
        }
        let mut output = Vec::new();
        let result = catch_unwind(AssertUnwindSafe(|| ladders::run(&input[..], &mut output)));
        match result {
            Ok(Ok(())) => {
                answered += 1;
                assert!(output.len() <= 20 && output.ends_with(b"\n"), "{output:?}");
            }
            Ok(Err(error)) => {
                refused += 1;
                assert!(error.to_string().starts_with("line "), "{error}");
            }
            Err(_) => panic!("panicked on {:?}", String::from_utf8_lossy(&input)),
        }
    }
    eprintln!("{answered} answered, {refused} refused");
    // Both outcomes occur, so the mutations neither always break nor never break inputs.
    assert!(
        answered > MUTATIONS / 20 && refused > MUTATIONS / 2,
        "{answered} answered, {refused} refused"
    );
}
