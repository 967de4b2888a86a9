//! Random damage to valid inputs: `run` must answer or refuse, never panic or hang, and
//! whatever it still accepts it must answer like the reference.

use std::time::{Duration, Instant};

use sweets::parse::parse;
use sweets::reference::Reference;

/// Bytes worth inserting: the format's own, near misses and junk.
const ALPHABET: &[u8] = b"O.O. . \n\t\r0o#x\xff";

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

fn random_byte(rng: &mut fastrand::Rng) -> u8 {
    if rng.bool() {
        ALPHABET[rng.usize(..ALPHABET.len())]
    } else {
        rng.u8(..)
    }
}

/// One random edit of `text`.
fn mutate(text: &mut Vec<u8>, rng: &mut fastrand::Rng) {
    let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    match rng.u8(0..9) {
        0 if !text.is_empty() => {
            text.remove(rng.usize(..text.len()));
        }
        1 => {
            let at = rng.usize(..=text.len());
            text.insert(at, random_byte(rng));
        }
        2 if !text.is_empty() => {
            let at = rng.usize(..text.len());
            text[at] = random_byte(rng);
        }
        3 => text.truncate(rng.usize(..=text.len())),
        4 => {
            let at = rng.usize(..lines.len());
            lines.insert(at, lines[at].clone());
            *text = lines.join(&b'\n');
        }
        5 if lines.len() > 1 => {
            lines.remove(rng.usize(..lines.len()));
            *text = lines.join(&b'\n');
        }
        6 => {
            let (a, b) = (rng.usize(..lines.len()), rng.usize(..lines.len()));
            lines.swap(a, b);
            *text = lines.join(&b'\n');
        }
        7 if text.len() > 1 => {
            // Swap two neighbouring bytes: shifts a word across a blank.
            let at = rng.usize(..text.len() - 1);
            text.swap(at, at + 1);
        }
        _ => {
            // Flip one cell: keeps the shape, may empty the box.
            let cells: Vec<usize> = (0..text.len())
                .filter(|&i| matches!(text[i], b'O' | b'.'))
                .collect();
            if !cells.is_empty() {
                let at = cells[rng.usize(..cells.len())];
                text[at] = if text[at] == b'O' { b'.' } else { b'O' };
            }
        }
    }
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
            mutate(&mut text, &mut rng);
        }
        let mut output = Vec::new();
        match sweets::run(&text[..], &mut output) {
            Ok(()) => {
                answered += 1;
                let mask = parse(&text[..]).unwrap();
                let expected = if reference.first_player_wins(mask) {
                    "Karlsson\n"
                } else {
                    "Lillebror\n"
                };
                assert_eq!(
                    output,
                    expected.as_bytes(),
                    "input: {:?}",
                    String::from_utf8_lossy(&text)
                );
            }
            Err(error) => {
                refused += 1;
                let message = error.to_string();
                assert!(
                    message.starts_with("line "),
                    "{message} for {:?}",
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
            .map(|_| random_byte(&mut rng))
            .collect();
        let _ = sweets::run(&text[..], Vec::new());
    }
}
