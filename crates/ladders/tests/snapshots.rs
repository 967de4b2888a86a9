//! Snapshots of every test-data case (input beside output) and of the error message for
//! each kind of malformed input.

use std::fs;

/// What `run` prints for `input`, or its error message.
fn outcome(input: &[u8]) -> String {
    let mut output = Vec::new();
    match ladders::run(input, &mut output) {
        Ok(()) => String::from_utf8(output).expect("the answer is ASCII"),
        Err(error) => format!("error: {error}"),
    }
}

#[test]
fn testdata_cases() {
    insta::glob!("../../../testdata/ladders", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        insta::with_settings!({ description => input.clone(), omit_expression => true }, {
            insta::assert_snapshot!(outcome(input.as_bytes()));
        });
    });
}

const EMPTY_LINE: &str = "0 0 0 0 0 0 0 0 0 0";

/// The empty board with line `number` (1-based) replaced by `text`.
fn with_line(number: usize, text: &str) -> String {
    (1..=10)
        .map(|line| if line == number { text } else { EMPTY_LINE })
        .map(|line| format!("{line}\n"))
        .collect()
}

/// Malformed inputs, each with the name of its snapshot.
fn malformed() -> Vec<(&'static str, Vec<u8>)> {
    let empty = with_line(0, "");
    let mut cases: Vec<(&'static str, String)> = vec![
        ("not_an_integer", with_line(3, "0 0 x 0 0 0 0 0 0 0")),
        ("a_fraction", with_line(5, "0 0 0 0 0.5 0 0 0 0 0")),
        ("a_plus_sign", with_line(6, "0 +1 0 0 0 0 0 0 0 0")),
        ("commas", with_line(2, "0,0,0,0,0,0,0,0,0,0")),
        ("negative_height", with_line(7, "0 0 0 -1 0 0 0 0 0 0")),
        ("ladder_in_the_top_row", with_line(1, "0 0 0 0 0 0 0 0 0 1")),
        (
            "height_equal_to_the_line",
            with_line(4, "0 0 0 0 0 0 4 0 0 0"),
        ),
        ("height_past_the_top", with_line(2, "0 9 0 0 0 0 0 0 0 0")),
        ("height_of_ten", with_line(10, "0 10 0 0 0 0 0 0 0 0")),
        (
            "ladder_on_the_start_square",
            with_line(10, "3 0 0 0 0 0 0 0 0 0"),
        ),
        ("tenth_number_missing", with_line(8, "0 0 0 0 0 0 0 0 0")),
        ("eleventh_number", with_line(9, "0 0 0 0 0 0 0 0 0 0 0")),
        ("blank_line_inside", with_line(5, "")),
        (
            "missing_line",
            empty.lines().take(9).map(|l| format!("{l}\n")).collect(),
        ),
        ("empty_input", String::new()),
        ("trailing_content", empty.clone() + "\n0\n"),
        (
            "huge_number",
            with_line(6, "0 0 99999999999999999999 0 0 0 0 0 0 0"),
        ),
    ];
    cases.sort_by_key(|&(name, _)| name);
    let mut cases: Vec<_> = cases
        .into_iter()
        .map(|(n, t)| (n, t.into_bytes()))
        .collect();
    let mut binary = with_line(3, "0 0 0 0 0 0 0 0 0 0").into_bytes();
    binary[45] = 0xff;
    cases.push(("non_text_byte", binary));
    cases
}

#[test]
fn malformed_inputs_are_refused_with_line_and_column() {
    for (name, input) in malformed() {
        let message = outcome(&input);
        assert!(message.starts_with("error: line "), "{name}: {message}");
        insta::with_settings!({
            description => String::from_utf8_lossy(&input).into_owned(),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, message);
        });
    }
}

#[test]
fn the_empty_board_itself_is_accepted() {
    assert_eq!(outcome(with_line(0, "").as_bytes()), "33.0476190476\n");
}
