//! Robustness: thousands of random mutations of valid inputs (bytes deleted, inserted
//! or replaced, truncation, lines duplicated or dropped, digits swapped). `run` must
//! return `Ok` or an `Err`, never panic, and an `Ok` must carry one answer per test.

use fastrand::Rng;
use gam::board::render_input;
use gam::generate::{Start, lattice_paths, maze, scattered, serpentine};

fn valid_inputs(rng: &mut Rng) -> Vec<String> {
    let mut inputs = vec![
        "2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n".to_string(),
        "1\n2\nAB\n..\n".to_string(),
    ];
    for _ in 0..40 {
        let tests = rng.usize(1..=4);
        let boards: Vec<_> = (0..tests)
            .map(|_| {
                let n = rng.usize(2..=12);
                match rng.usize(0..4) {
                    0 => scattered(rng, n, 0.2, Start::Corner),
                    1 => serpentine(n, Start::NextToCorner),
                    2 => maze(rng, n, 0.1, Start::Corner),
                    _ => lattice_paths(rng, n, 3, 0.2),
                }
            })
            .collect();
        inputs.push(render_input(&boards));
    }
    inputs
}

fn mutate(rng: &mut Rng, input: &str) -> Vec<u8> {
    let mut bytes = input.as_bytes().to_vec();
    for _ in 0..rng.usize(1..=3) {
        let at = rng.usize(0..=bytes.len());
        let noise = [
            b'A', b'B', b'.', b'#', b'\n', b' ', b'0', b'9', b'-', b'x', 0xFF, b'\r',
        ];
        match rng.usize(0..7) {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, noise[rng.usize(0..noise.len())]),
            2 if at < bytes.len() => bytes[at] = noise[rng.usize(0..noise.len())],
            3 => bytes.truncate(at),
            4 | 5 => {
                // Duplicate or drop a whole line.
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let line = rng.usize(0..lines.len());
                if rng.bool() {
                    lines.insert(line, lines[line]);
                } else {
                    lines.remove(line);
                }
                bytes = lines.join("\n").into_bytes();
            }
            _ => {
                // Swap a digit for another one (t and n become other numbers).
                let digits: Vec<usize> = (0..bytes.len())
                    .filter(|&i| bytes[i].is_ascii_digit())
                    .collect();
                if let Some(&i) = digits.get(rng.usize(0..digits.len().max(1))) {
                    bytes[i] = b'0' + rng.u8(0..10);
                }
            }
        }
    }
    bytes
}

#[test]
fn mutated_inputs_never_panic() {
    let mut rng = Rng::with_seed(99);
    let inputs = valid_inputs(&mut rng);
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..12_000 {
        let mutated = mutate(&mut rng, &inputs[round % inputs.len()]);
        let mut output = Vec::new();
        match gam::run(&mutated[..], &mut output) {
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
