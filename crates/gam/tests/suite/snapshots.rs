//! Snapshots of the explanation (`--explain`) of every test input whose boards are all
//! drawn (n <= 40), and inline snapshots of the error message for each kind of malformed
//! input. A snapshot records behaviour, it does not prove it: the certificates are
//! checked in `certificate.rs`, the answers against the references in `testdata.rs`.

use std::fs;

use gam::testkit::Kit;
use gridkit::testkit::{ProblemKit, output_of};

/// Boards up to this side are drawn in the explanation, and their files snapshotted.
const SNAPSHOTTED_UP_TO: usize = 40;

/// The input as the snapshot shows it: whole when short, else its head.
fn describe(input: &str) -> String {
    const SHOWN_BYTES: usize = 2000;
    if input.len() <= SHOWN_BYTES {
        return input.to_string();
    }
    let head: String = input
        .lines()
        .take(8)
        .map(|line| format!("{line:.60}\n"))
        .collect();
    format!(
        "{head}... ({} lines, {} bytes in all; rows cut at 60 characters)\n",
        input.lines().count(),
        input.len()
    )
}

#[test]
fn every_readable_test_case_is_explained() {
    insta::glob!("../../../../testdata/gam", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        let boards = Kit::parse(&input).unwrap();
        if boards.iter().any(|board| board.n > SNAPSHOTTED_UP_TO) {
            return;
        }
        insta::with_settings!({ description => describe(&input), omit_expression => true }, {
            insta::assert_snapshot!("explanation", Kit::explain(&boards));
        });
    });
}

/// What `run` prints for `input`, or only its error if it fails.
fn refusal(input: &str) -> String {
    output_of(|text, output| gam::run(text, output), input.as_bytes())
}

const BOARD: &str = "4\nA...\n.#..\n....\n...B\n";

#[test]
fn bad_test_counts() {
    insta::assert_snapshot!(refusal(""), @"error: line 1: expected the number of tests t, found end of input");
    insta::assert_snapshot!(refusal("0\n"), @"error: line 1, column 1: t must be in 1..=10, found 0");
    insta::assert_snapshot!(refusal(&format!("11\n{BOARD}")), @"error: line 1, column 1: t must be in 1..=10, found 11");
    insta::assert_snapshot!(refusal("two\n"), @"error: line 1, column 1: expected t (an integer), found 'two'");
    insta::assert_snapshot!(refusal(&format!("1 1\n{BOARD}")), @"error: line 1, column 3: expected end of line, found '1'");
    insta::assert_snapshot!(refusal(&format!("+1\n{BOARD}")), @"error: line 1, column 1: expected t (an integer), found '+1'");
}

#[test]
fn bad_board_sizes() {
    insta::assert_snapshot!(refusal("1\n1\nA\n"), @"error: line 2, column 1: n must be in 2..=300, found 1");
    insta::assert_snapshot!(refusal("1\n301\n"), @"error: line 2, column 1: n must be in 2..=300, found 301");
    insta::assert_snapshot!(refusal("1\n1000000000\n"), @"error: line 2, column 1: n must be in 2..=300, found 1000000000");
    insta::assert_snapshot!(refusal("1\n-4\n"), @"error: line 2, column 1: n must be in 2..=300, found '-4'");
    insta::assert_snapshot!(refusal(&format!("1\n{}\n", "9".repeat(40))), @"error: line 2, column 1: n must be in 2..=300, found '999999999999999999999999...'");
    insta::assert_snapshot!(refusal("1\n"), @"error: line 2: expected the board size n of test 1, found end of input");
    insta::assert_snapshot!(refusal(&format!("1\n\n{BOARD}")), @"error: line 2, column 1: expected n, found end of line");
}

#[test]
fn bad_rows() {
    insta::assert_snapshot!(refusal("1\n3\nA..\n..\n..B\n"), @"error: line 4, column 3: expected a row of 3 characters, found 2");
    insta::assert_snapshot!(refusal("1\n3\nA..\n....\n..B\n"), @"error: line 4, column 4: row is longer than 3 characters");
    insta::assert_snapshot!(refusal("1\n3\nA..\n.x.\n..B\n"), @r#"error: line 4, column 2: expected one of ".#AB", found 'x'"#);
    insta::assert_snapshot!(refusal("1\n3\na..\n...\n..B\n"), @r#"error: line 3, column 1: expected one of ".#AB", found 'a'"#);
    insta::assert_snapshot!(refusal("1\n3\nA..\n. .\n..B\n"), @r#"error: line 4, column 2: expected one of ".#AB", found ' '"#);
    insta::assert_snapshot!(refusal("1\n3\nA..\n...\n"), @"error: line 5: expected row 3 of 3 of test 1, found end of input");
}

#[test]
fn bad_starts() {
    insta::assert_snapshot!(refusal("1\n3\nA..\n.A.\n..B\n"), @"error: line 4, column 2: a second 'A' in test 1 (the first is at line 3, column 1)");
    insta::assert_snapshot!(refusal("1\n3\nAB.\n...\n..B\n"), @"error: line 5, column 3: a second 'B' in test 1 (the first is at line 3, column 2)");
    insta::assert_snapshot!(refusal("1\n3\n...\n...\n..B\n"), @"error: line 2: the board of test 1 has no 'A'");
    insta::assert_snapshot!(refusal("1\n3\nA..\n...\n...\n"), @"error: line 2: the board of test 1 has no 'B'");
}

#[test]
fn bad_files() {
    insta::assert_snapshot!(refusal(&format!("2\n{BOARD}3\nA#.\n##.\n..B\n")), @"error: line 7: no white path joins 'A' and 'B' in test 2");
    insta::assert_snapshot!(refusal(&format!("3\n{BOARD}{BOARD}")), @"error: line 12: expected the board size n of test 3, found end of input");
    insta::assert_snapshot!(refusal(&format!("1\n{BOARD}4\n")), @"error: line 7, column 1: expected end of input, found '4'");
    insta::assert_snapshot!(refusal(&format!("2\n{BOARD}\n{BOARD}")), @"error: line 7, column 1: expected n, found end of line");
}

/// The answers to the tests before the faulty one are printed before the error.
#[test]
fn answers_before_the_error_are_printed() {
    let mut output = Vec::new();
    let input = format!("3\n{BOARD}{BOARD}");
    assert!(gam::run(input.as_bytes(), &mut output).is_err());
    assert_eq!(String::from_utf8_lossy(&output), "B\nB\n");
}

#[test]
fn crlf_and_trailing_blanks_are_fine() {
    let input = format!("1 \r\n{}", BOARD.replace('\n', " \r\n"));
    insta::assert_snapshot!(refusal(&input), @"B");
}
