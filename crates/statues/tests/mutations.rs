//! Random damage to valid inputs: `run` must answer or refuse, never panic or hang.

use std::panic::{AssertUnwindSafe, catch_unwind};

/// Bytes worth inserting: the board's own alphabet, line ends, blanks and a few strays.
const BYTES: &[u8] = b".SMA.S\n\r \t#sx0\x00\xff";

fn valid_inputs() -> Vec<Vec<u8>> {
    gridkit::testdata::cases("statues")
        .unwrap()
        .into_iter()
        .map(|case| case.input.into_bytes())
        .collect()
}

fn random_byte(rng: &mut fastrand::Rng) -> u8 {
    if rng.bool() {
        BYTES[rng.usize(..BYTES.len())]
    } else {
        rng.u8(..)
    }
}

/// One random change to `input`.
fn mutate(rng: &mut fastrand::Rng, input: &mut Vec<u8>) {
    let len = input.len();
    let lines = |input: &Vec<u8>| -> Vec<Vec<u8>> {
        input.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
    };
    match rng.u8(0..8) {
        0 if len > 0 => {
            input.remove(rng.usize(..len));
        }
        1 => {
            let byte = random_byte(rng);
            input.insert(rng.usize(..=len), byte);
        }
        2 if len > 0 => input[rng.usize(..len)] = random_byte(rng),
        3 => input.truncate(rng.usize(..=len)),
        4 => {
            let mut lines = lines(input);
            let at = rng.usize(..lines.len());
            lines.insert(at, lines[at].clone());
            *input = lines.join(&b'\n');
        }
        5 => {
            let mut lines = lines(input);
            lines.remove(rng.usize(..lines.len()));
            *input = lines.join(&b'\n');
        }
        6 if len > 1 => {
            // Swap two bytes: moves a piece or a line end.
            let (a, b) = (rng.usize(..len), rng.usize(..len));
            input.swap(a, b);
        }
        _ => {
            let mut lines = lines(input);
            let (a, b) = (rng.usize(..lines.len()), rng.usize(..lines.len()));
            lines.swap(a, b);
            *input = lines.join(&b'\n');
        }
    }
}

#[test]
fn damaged_inputs_are_answered_or_refused_without_panicking() {
    let inputs = valid_inputs();
    let mut rng = fastrand::Rng::with_seed(0x5747);
    let (mut answered, mut refused) = (0, 0);
    for round in 0..12_000 {
        let mut input = inputs[round % inputs.len()].clone();
        for _ in 0..rng.usize(1..=3) {
            mutate(&mut rng, &mut input);
        }
        let mut output = Vec::new();
        let result = catch_unwind(AssertUnwindSafe(|| {
            statues::run(input.as_slice(), &mut output)
        }));
        let shown = String::from_utf8_lossy(&input);
        match result {
            Err(_) => panic!("run panicked on {shown:?}"),
            Ok(Ok(())) => {
                // An accepted input is a real board, answered as the reference answers it.
                let board = statues::parse(input.as_slice()).unwrap();
                let expected = format!("{}\n", statues::reference::solve(&board));
                assert_eq!(String::from_utf8(output).unwrap(), expected, "on {shown:?}");
                answered += 1;
            }
            Ok(Err(error)) => {
                assert!(
                    error.to_string().starts_with("line "),
                    "{error} on {shown:?}"
                );
                refused += 1;
            }
        }
    }
    // Both outcomes must occur, or the mutations are not exercising anything.
    assert!(
        answered > 100 && refused > 1_000,
        "{answered} answered, {refused} refused"
    );
}

#[test]
fn endless_input_is_refused_without_buffering_it() {
    let endless = std::iter::repeat_n(b'.', 10 << 20).collect::<Vec<u8>>();
    let error = statues::run(endless.as_slice(), Vec::new()).unwrap_err();
    assert!(error.to_string().starts_with("line 1"), "{error}");
    let many_rows = "........\n".repeat(1 << 16);
    assert!(statues::run(many_rows.as_bytes(), Vec::new()).is_err());
}
