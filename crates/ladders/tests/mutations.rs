//! Random damage to valid inputs: `run` must answer or refuse, never panic, and its output
//! stays one short line.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};

const MUTATIONS: usize = 12_000;

/// Bytes a mutation likes to insert: digits, separators and a few troublemakers.
const ALPHABET: &[u8] = b"0123456789 \t\n\r-+.x\x00\xff";

fn mutate(rng: &mut fastrand::Rng, input: &mut Vec<u8>) {
    let len = input.len();
    match rng.u8(0..8) {
        0 if len > 0 => {
            input.remove(rng.usize(0..len));
        }
        1 => input.insert(rng.usize(0..=len), ALPHABET[rng.usize(0..ALPHABET.len())]),
        2 if len > 0 => input[rng.usize(0..len)] = ALPHABET[rng.usize(0..ALPHABET.len())],
        3 => input.truncate(rng.usize(0..=len)),
        4 | 5 => {
            // Duplicate or drop a whole line.
            let mut lines: Vec<Vec<u8>> =
                input.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let at = rng.usize(0..lines.len());
            if rng.bool() {
                lines.insert(at, lines[at].clone());
            } else {
                lines.remove(at);
            }
            *input = lines.join(&b'\n');
        }
        6 => {
            // Swap two digits: moves ladders, often onto illegal squares.
            let digits: Vec<usize> = (0..len).filter(|&i| input[i].is_ascii_digit()).collect();
            if digits.len() >= 2 {
                let (a, b) = (
                    digits[rng.usize(0..digits.len())],
                    digits[rng.usize(0..digits.len())],
                );
                input.swap(a, b);
            }
        }
        _ if len > 0 => {
            // Replace a digit by another: keeps the shape, changes the height.
            let at = rng.usize(0..len);
            if input[at].is_ascii_digit() {
                input[at] = b'0' + rng.u8(0..10);
            }
        }
        _ => {}
    }
}

#[test]
fn damaged_inputs_are_answered_or_refused_without_panicking() {
    let mut rng = fastrand::Rng::with_seed(1245);
    let (mut answered, mut refused) = (0, 0);
    for round in 0..MUTATIONS {
        let style = &common::STYLES[round % common::STYLES.len()];
        let mut input = common::board_text(&common::random_heights(&mut rng, style)).into_bytes();
        for _ in 0..rng.usize(1..=4) {
            mutate(&mut rng, &mut input);
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
