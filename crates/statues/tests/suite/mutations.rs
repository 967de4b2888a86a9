//! Random damage to valid inputs: `run` must answer or refuse, never panic or hang.

use gridkit::testkit::assert_damaged_inputs_answered_or_refused;
use problem::Problem as _;

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
    let damage = assert_damaged_inputs_answered_or_refused(
        0x5747,
        &valid_inputs(),
        BYTES,
        12_000,
        |input, output| statues::run(input, output),
        |input, output| statues::Statues::explain(input, output),
        |input, output| {
            let shown = String::from_utf8_lossy(input);
            // An accepted input is a real board, answered as the reference answers it.
            let board = statues::parse(input).unwrap();
            let expected = format!("{}\n", statues::reference::solve(&board));
            assert_eq!(output, expected, "on {shown:?}");
        },
    );
    // Both outcomes must occur, or the mutations are not exercising anything.
    assert!(
        damage.answered > 100 && damage.refused > 1_000,
        "{damage:?}"
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
