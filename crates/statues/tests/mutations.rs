//! Random damage to valid inputs: `run` must answer or refuse, never panic or hang.

use std::panic::{AssertUnwindSafe, catch_unwind};

use gridkit::testkit::{mutate, output_of};

/// Bytes worth inserting: the board's own alphabet, line ends, blanks and a few strays.
const BYTES: &[u8] = b".SMA\n\r \t#sx0\x00\xff";

fn valid_inputs() -> Vec<Vec<u8>> {
    gridkit::testdata::cases("statues")
        .unwrap()
        .into_iter()
        .map(|case| case.input.into_bytes())
        .collect()
}

#[test]
fn damaged_inputs_are_answered_or_refused_without_panicking() {
    let inputs = valid_inputs();
    let mut rng = fastrand::Rng::with_seed(0x5747);
    let (mut answered, mut refused) = (0, 0);
    for round in 0..12_000 {
        let mut input = inputs[round % inputs.len()].clone();
        for _ in 0..rng.usize(1..=3) {
            mutate(&mut rng, BYTES, &mut input);
        }
        let shown = String::from_utf8_lossy(&input);
        let output = catch_unwind(AssertUnwindSafe(|| {
            output_of(|input, output| statues::run(input, output), &input)
        }))
        .unwrap_or_else(|_| panic!("run panicked on {shown:?}"));
        if let Some(error) = output.strip_prefix("error: ") {
            assert!(error.starts_with("line "), "{error} on {shown:?}");
            refused += 1;
        } else {
            // An accepted input is a real board, answered as the reference answers it...
            let board = statues::parse(input.as_slice()).unwrap();
            let expected = format!("{}\n", statues::reference::solve(&board));
            assert_eq!(output, expected, "on {shown:?}");
            // ...and explained after the same answer.
            let explained = output_of(|input, output| statues::explain(input, output), &input);
            assert!(explained.starts_with(&expected), "on {shown:?}");
            answered += 1;
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
