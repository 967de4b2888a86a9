//! Random mutations of valid inputs: `run` must answer Ok or Err on every one of them,
//! never panic, hang or allocate hugely. A mutant that is still valid must still be
//! answered correctly (checked against the plain implementation).

mod common;

use std::time::{Duration, Instant};

use descending_dark::{plain, reference, run};
use fastrand::Rng;

/// Valid inputs to mutate: small test-data files and freshly generated ones.
fn seeds(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = gridkit::testdata::inputs("descending-dark")
        .unwrap()
        .into_iter()
        .map(|path| std::fs::read(path).unwrap())
        .filter(|bytes| bytes.len() <= 4_000)
        .collect();
    for _ in 0..40 {
        let grids: Vec<_> = (0..rng.usize(1..=4))
            .map(|_| common::small_mountain(rng, 3..=9, reference::MAX_OPEN))
            .collect();
        seeds.push(common::input(&grids).into_bytes());
    }
    seeds
}

/// Bytes worth inserting: the alphabet, separators, signs and some noise.
const INTERESTING: &[u8] = b"#.0123456789 \n\r\t-+x\x00\xff";
/// Numbers worth putting where a number was.
const NUMBERS: [&str; 10] = [
    "0",
    "1",
    "2",
    "3",
    "20",
    "21",
    "60",
    "61",
    "-1",
    "99999999999999999999999",
];

fn mutate(rng: &mut Rng, text: &mut Vec<u8>) {
    let byte = |rng: &mut Rng| {
        if rng.bool() {
            INTERESTING[rng.usize(0..INTERESTING.len())]
        } else {
            rng.u8(..)
        }
    };
    let lines = |text: &Vec<u8>| -> Vec<Vec<u8>> {
        text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
    };
    let at = |rng: &mut Rng, text: &Vec<u8>| rng.usize(0..=text.len());
    match rng.usize(0..10) {
        0 if !text.is_empty() => {
            let start = rng.usize(0..text.len());
            let end = (start + rng.usize(1..=3)).min(text.len());
            text.drain(start..end);
        }
        1 => {
            let position = at(rng, text);
            let inserted = byte(rng);
            text.insert(position, inserted);
        }
        2 if !text.is_empty() => {
            let position = rng.usize(0..text.len());
            text[position] = byte(rng);
        }
        3 => {
            let position = at(rng, text);
            text.truncate(position);
        }
        4..=6 => {
            let mut all = lines(text);
            let i = rng.usize(0..all.len());
            match rng.usize(0..3) {
                0 => {
                    let copy = all[i].clone();
                    all.insert(i, copy);
                }
                1 => {
                    all.remove(i);
                }
                _ => {
                    let j = rng.usize(0..all.len());
                    all.swap(i, j);
                }
            }
            *text = all.join(&b'\n');
        }
        7 => {
            // Turn an open square into a wall or back: mostly keeps the input valid.
            let squares: Vec<usize> = (0..text.len())
                .filter(|&i| matches!(text[i], b'.' | b'#'))
                .collect();
            if !squares.is_empty() {
                let i = squares[rng.usize(0..squares.len())];
                text[i] = if text[i] == b'.' { b'#' } else { b'.' };
            }
        }
        8 => {
            // Swap two digits: relabels caves, or changes sizes and counts.
            let digits: Vec<usize> = (0..text.len())
                .filter(|&i| text[i].is_ascii_digit())
                .collect();
            if digits.len() >= 2 {
                let a = digits[rng.usize(0..digits.len())];
                let b = digits[rng.usize(0..digits.len())];
                text.swap(a, b);
            }
        }
        _ => {
            // Replace the number at the start of a random line (T, R or a digit row).
            let mut all = lines(text);
            let i = rng.usize(0..all.len());
            let digits = all[i].iter().take_while(|b| b.is_ascii_digit()).count();
            let number = NUMBERS[rng.usize(0..NUMBERS.len())].as_bytes();
            all[i].splice(..digits, number.iter().copied());
            *text = all.join(&b'\n');
        }
    }
}

#[test]
fn mutated_inputs_never_panic_or_hang() {
    let mut rng = Rng::with_seed(0x0bad_1a9e);
    let seeds = seeds(&mut rng);
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..12_000 {
        let mut text = seeds[round % seeds.len()].clone();
        for _ in 0..rng.usize(1..=3) {
            mutate(&mut rng, &mut text);
        }
        let started = Instant::now();
        let mut output = Vec::new();
        let result = run(&text[..], &mut output);
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "slow on {:?}",
            String::from_utf8_lossy(&text)
        );
        match result {
            Ok(()) => {
                accepted += 1;
                let text = String::from_utf8(text).expect("an accepted input is ASCII");
                let expected = plain::answer(&text).unwrap();
                assert_eq!(String::from_utf8(output).unwrap(), expected, "{text}");
            }
            Err(error) => {
                refused += 1;
                let message = error.to_string();
                assert!(message.starts_with("line "), "no position in {message:?}");
            }
        }
    }
    println!("accepted {accepted}, refused {refused}");
    assert!(
        accepted >= 400 && refused >= 5_000,
        "accepted {accepted}, refused {refused}"
    );
}
