//! Inputs the statement does not allow are refused with the line, and the column where
//! one applies, of the first thing wrong.

use gridkit::testkit::output_of;

/// What the binary prints for `input`: here always `error: ...`.
fn refusal(input: &[u8]) -> String {
    output_of(|input, output| sweets::run(input, output), input)
}

#[test]
fn too_few_or_too_many_lines() {
    insta::assert_snapshot!(refusal(b""), @"error: line 1: expected row 1 of the box (3 cells), found end of input");
    insta::assert_snapshot!(refusal(b"\n  \n\n"), @"error: line 1, column 1: expected cell 1 of row 1, found end of line");
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n. . O O .\n . . . .\n"),
        @"error: line 5: expected row 5 of the box (3 cells), found end of input"
    );
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n  . . .\n"),
        @"error: line 6, column 3: expected end of input, found '.'"
    );
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n\n O\n"),
        @"error: line 7, column 2: expected end of input, found 'O'"
    );
}

#[test]
fn blank_lines_before_or_between_rows() {
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n\n. . O O .\n . . . .\n  . . .\n"),
        @"error: line 3, column 1: expected cell 1 of row 3, found end of line"
    );
    insta::assert_snapshot!(
        refusal(b"\n  . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n"),
        @"error: line 1, column 1: expected cell 1 of row 1, found end of line"
    );
}

#[test]
fn rows_with_the_wrong_number_of_words() {
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n. . O O\n . . . .\n  . . .\n"),
        @"error: line 3, column 8: expected cell 5 of row 3, found end of line"
    );
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O . .\n. . O O .\n . . . .\n  . . .\n"),
        @"error: line 2, column 10: row 2 has more than 4 cells"
    );
    insta::assert_snapshot!(
        refusal(b". . . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n"),
        @"error: line 1, column 7: row 1 has more than 3 cells"
    );
    insta::assert_snapshot!(
        refusal(b". . . . . . . . . O . . . . . . . . .\n"),
        @"error: line 1, column 7: row 1 has more than 3 cells"
    );
}

#[test]
fn words_longer_than_one_character() {
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n. . OO .\n . . . .\n  . . .\n"),
        @"error: line 3, column 5: expected a cell 'O' or '.', found 'OO'"
    );
    insta::assert_snapshot!(
        refusal(b"  ...\n . . O .\n. . O O .\n . . . .\n  . . .\n"),
        @"error: line 1, column 3: expected a cell 'O' or '.', found '...'"
    );
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n. . OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO .\n . . . .\n  . . .\n"),
        @"error: line 3, column 5: expected a cell 'O' or '.', found 'OOOOOOOOOOOO...'"
    );
}

#[test]
fn characters_other_than_a_chocolate_or_an_empty_cell() {
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n. . O x .\n . . . .\n  . . .\n"),
        @"error: line 3, column 7: expected a cell 'O' or '.', found 'x'"
    );
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . o .\n. . O O .\n . . . .\n  . . .\n"),
        @"error: line 2, column 6: expected a cell 'O' or '.', found 'o'"
    );
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n. . O 0 .\n . . . .\n  . . .\n"),
        @"error: line 3, column 7: expected a cell 'O' or '.', found '0'"
    );
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n. . O \x07 .\n . . . .\n  . . .\n"),
        @"error: line 3, column 7: expected a cell 'O' or '.', found byte 0x07"
    );
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . O .\n. . O \xff\xfe .\n . . . .\n  . . .\n"),
        @"error: line 3, column 7: expected a cell 'O' or '.', found a word holding byte 0xff"
    );
}

#[test]
fn an_empty_box() {
    insta::assert_snapshot!(
        refusal(b"  . . .\n . . . .\n. . . . .\n . . . .\n  . . .\n"),
        @"error: line 5: the box holds no chocolate (at least one is guaranteed)"
    );
    insta::assert_snapshot!(
        refusal(b". . .\n. . . .\n. . . . .\n. . . .\n. . .\n\n"),
        @"error: line 5: the box holds no chocolate (at least one is guaranteed)"
    );
}
