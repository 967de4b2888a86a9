//! Snapshots of the explanation (`--explain`) of every test case, and of the error
//! message for every kind of malformed input.

use problem::Problem as _;
use std::fs;

use gridkit::testkit::output_of;
use insta::assert_snapshot;

#[test]
fn every_test_case_is_explained() {
    insta::glob!("../../../../testdata/statues", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        let output = output_of(
            |input, output| statues::Statues::explain(input, output),
            input.as_bytes(),
        );
        insta::with_settings!({ description => input, omit_expression => true }, {
            assert_snapshot!("explanation", output);
        });
    });
}

const GOOD: [&str; 8] = [
    ".......A", "........", "........", "........", "........", ".S......", "S.......", "MS......",
];

/// What `run` says of the good board with each (line, text) of `changes` made (lines
/// from 1), and `extra` after it.
fn refusal_with(changes: &[(usize, &str)], extra: &str) -> String {
    let mut lines = GOOD.to_vec();
    for &(line, text) in changes {
        lines[line - 1] = text;
    }
    output_of(
        |input, output| statues::run(input, output),
        (lines.join("\n") + "\n" + extra).as_bytes(),
    )
}

fn refusal(input: &str) -> String {
    output_of(
        |input, output| statues::run(input, output),
        input.as_bytes(),
    )
}

#[test]
fn missing_or_extra_rows() {
    assert_snapshot!(refusal(""), @"error: line 1: expected row 1 of 8 of the board, found end of input");
    assert_snapshot!(refusal("\n \n\n"), @"error: line 1, column 1: expected a row of 8 characters, found 0");
    assert_snapshot!(refusal(&(GOOD[..7].join("\n") + "\n")), @"error: line 8: expected row 8 of 8 of the board, found end of input");
    assert_snapshot!(refusal(&format!("{}\n", GOOD[0])), @"error: line 2: expected row 2 of 8 of the board, found end of input");
    assert_snapshot!(refusal_with(&[], "........\n"), @"error: line 9, column 1: expected end of input, found '.'");
    assert_snapshot!(refusal_with(&[], "\nWIN\n"), @"error: line 10, column 1: expected end of input, found 'W'");
}

#[test]
fn rows_of_the_wrong_length() {
    assert_snapshot!(refusal_with(&[(3, ".......")], ""), @"error: line 3, column 8: expected a row of 8 characters, found 7");
    assert_snapshot!(refusal_with(&[(3, ".........")], ""), @"error: line 3, column 9: row is longer than 8 characters");
    assert_snapshot!(refusal_with(&[(4, "")], ""), @"error: line 4, column 1: expected a row of 8 characters, found 0");
    assert_snapshot!(refusal_with(&[(8, "MS...... x")], ""), @"error: line 8, column 9: row is longer than 8 characters");
}

#[test]
fn blanks_and_foreign_characters() {
    assert_snapshot!(refusal_with(&[(4, "        ")], ""), @r#"error: line 4, column 1: expected one of ".SMA", found ' '"#);
    assert_snapshot!(refusal_with(&[(2, " ........")], ""), @r#"error: line 2, column 1: expected one of ".SMA", found ' '"#);
    assert_snapshot!(refusal_with(&[(5, "... ....")], ""), @r#"error: line 5, column 4: expected one of ".SMA", found ' '"#);
    assert_snapshot!(refusal_with(&[(5, "..#.....")], ""), @r#"error: line 5, column 3: expected one of ".SMA", found '#'"#);
    assert_snapshot!(refusal_with(&[(6, ".s......")], ""), @r#"error: line 6, column 2: expected one of ".SMA", found 's'"#);
    assert_snapshot!(refusal_with(&[(7, "0.......")], ""), @r#"error: line 7, column 1: expected one of ".SMA", found '0'"#);
    assert_snapshot!(refusal_with(&[(2, "...\u{7}....")], ""), @r#"error: line 2, column 4: expected one of ".SMA", found byte 0x07"#);
    assert_snapshot!(refusal_with(&[(2, "..é.....")], ""), @r#"error: line 2, column 3: expected one of ".SMA", found byte 0xc3"#);
}

#[test]
fn maria_and_anna_out_of_place() {
    assert_snapshot!(refusal_with(&[(1, "........")], ""), @"error: line 1, column 8: expected 'A', found '.' (Anna stands on the top-right square)");
    assert_snapshot!(refusal_with(&[(1, ".......S")], ""), @"error: line 1, column 8: expected 'A', found 'S' (Anna stands on the top-right square)");
    assert_snapshot!(refusal_with(&[(8, ".S......")], ""), @"error: line 8, column 1: expected 'M', found '.' (Maria starts on the bottom-left square)");
    assert_snapshot!(refusal_with(&[(8, "SS......")], ""), @"error: line 8, column 1: expected 'M', found 'S' (Maria starts on the bottom-left square)");
    assert_snapshot!(refusal_with(&[(4, "...A....")], ""), @"error: line 4, column 4: expected '.' or 'S', found 'A' (Anna stands only on the top-right square)");
    assert_snapshot!(refusal_with(&[(1, "A......A")], ""), @"error: line 1, column 1: expected '.' or 'S', found 'A' (Anna stands only on the top-right square)");
    assert_snapshot!(refusal_with(&[(3, "......M.")], ""), @"error: line 3, column 7: expected '.' or 'S', found 'M' (Maria starts only on the bottom-left square)");
    assert_snapshot!(refusal_with(&[(8, "MS.....M")], ""), @"error: line 8, column 8: expected '.' or 'S', found 'M' (Maria starts only on the bottom-left square)");
    assert_snapshot!(refusal_with(&[(1, "M......."), (8, "AS......")], ""), @"error: line 1, column 1: expected '.' or 'S', found 'M' (Maria starts only on the bottom-left square)");
    assert_snapshot!(refusal_with(&[(8, "AS......")], ""), @"error: line 8, column 1: expected 'M', found 'A' (Maria starts on the bottom-left square)");
}
