//! Snapshots: the `--explain` output of every test-data case (its input as the
//! description), and, inline, the error message for each kind of malformed input.

use problem::Problem as _;
use std::fs;

use gridkit::testkit::output_of;

/// What `ladders --explain` prints for `input`, or `error: ...`.
fn explained(input: &[u8]) -> String {
    output_of(
        |input, output| ladders::Ladders::explain(input, output),
        input,
    )
}

/// What `ladders` prints for `input`, or `error: ...`.
fn refusal(input: &[u8]) -> String {
    output_of(|input, output| ladders::run(input, output), input)
}

#[test]
fn every_test_case_is_explained() {
    insta::glob!("../../../../testdata/ladders", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        insta::with_settings!({ description => input.clone(), omit_expression => true }, {
            insta::assert_snapshot!("explanation", explained(input.as_bytes()));
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

/// The error for the empty board with line `number` replaced by `text`.
fn refusal_with_line(number: usize, text: &str) -> String {
    refusal(with_line(number, text).as_bytes())
}

#[test]
fn tokens_that_are_not_heights_are_refused() {
    insta::assert_snapshot!(refusal_with_line(3, "0 0 x 0 0 0 0 0 0 0"), @"error: line 3, column 5: expected height 3 of 10 (an integer), found 'x'");
    insta::assert_snapshot!(refusal_with_line(5, "0 0 0 0 0.5 0 0 0 0 0"), @"error: line 5, column 9: expected height 5 of 10 (an integer), found '0.5'");
    insta::assert_snapshot!(refusal_with_line(6, "0 +1 0 0 0 0 0 0 0 0"), @"error: line 6, column 3: expected height 2 of 10 (an integer), found '+1'");
    insta::assert_snapshot!(refusal_with_line(2, "0,0,0,0,0,0,0,0,0,0"), @"error: line 2, column 1: expected height 1 of 10 (an integer), found '0,0,0,0,0,0,0,0,0,0'");
    let mut binary = with_line(3, EMPTY_LINE).into_bytes();
    binary[45] = 0xff;
    insta::assert_snapshot!(refusal(&binary), @"error: line 3, column 5: expected height 3 of 10 (an integer), found '0�0'");
}

#[test]
fn heights_the_statement_rules_out_are_refused() {
    insta::assert_snapshot!(refusal_with_line(7, "0 0 0 -1 0 0 0 0 0 0"), @"error: line 7, column 7: height 4 of 10 must be in 0..=9, found -1");
    insta::assert_snapshot!(refusal_with_line(10, "0 10 0 0 0 0 0 0 0 0"), @"error: line 10, column 3: height 2 of 10 must be in 0..=9, found 10");
    insta::assert_snapshot!(refusal_with_line(6, "0 0 99999999999999999999 0 0 0 0 0 0 0"), @"error: line 6, column 5: height 3 of 10 must be in 0..=9, found '99999999999999999999'");
    insta::assert_snapshot!(refusal_with_line(1, "0 0 0 0 0 0 0 0 0 1"), @"error: line 1, column 19: line 1 is the top row and holds no ladder, found height 1");
    insta::assert_snapshot!(refusal_with_line(4, "0 0 0 0 0 0 4 0 0 0"), @"error: line 4, column 13: a ladder on line 4 rises at most 3 rows (to the top row), found height 4");
    insta::assert_snapshot!(refusal_with_line(2, "0 9 0 0 0 0 0 0 0 0"), @"error: line 2, column 3: a ladder on line 2 rises at most 1 row (to the top row), found height 9");
    insta::assert_snapshot!(refusal_with_line(10, "3 0 0 0 0 0 0 0 0 0"), @"error: line 10, column 1: the start square (bottom-left) holds no ladder, found height 3");
}

#[test]
fn missing_or_extra_numbers_and_lines_are_refused() {
    insta::assert_snapshot!(refusal_with_line(8, "0 0 0 0 0 0 0 0 0"), @"error: line 8, column 18: expected height 10 of 10, found end of line");
    insta::assert_snapshot!(refusal_with_line(9, "0 0 0 0 0 0 0 0 0 0 0"), @"error: line 9, column 21: expected end of line, found '0'");
    insta::assert_snapshot!(refusal_with_line(5, ""), @"error: line 5, column 1: expected height 1 of 10, found end of line");
    let nine_lines = EMPTY_LINE.to_owned() + "\n";
    insta::assert_snapshot!(refusal(nine_lines.repeat(9).as_bytes()), @"error: line 10: expected line 10 of 10 (ten ladder heights), found end of input");
    insta::assert_snapshot!(refusal(b""), @"error: line 1: expected line 1 of 10 (ten ladder heights), found end of input");
    let trailing = with_line(0, "") + "\n0\n";
    insta::assert_snapshot!(refusal(trailing.as_bytes()), @"error: line 12, column 1: expected end of input, found '0'");
}

#[test]
fn the_empty_board_itself_is_accepted() {
    assert_eq!(refusal(with_line(0, "").as_bytes()), "33.0476190476\n");
}
