//! Snapshots of the answer to every test case and of the error for malformed inputs.
//!
//! A snapshot records what the code does; the expected outputs in `testdata/` (written
//! by the reference) are what proves the answers right.

use std::fs;

/// The binary's output for `input`, or the error it would print.
fn answer(input: &[u8]) -> String {
    let mut output = Vec::new();
    match sweets::run(input, &mut output) {
        Ok(()) => String::from_utf8_lossy(&output).into_owned(),
        Err(error) => format!("error: {error:#}"),
    }
}

#[test]
fn every_test_case() {
    insta::glob!("../../../testdata/sweets", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        let output = answer(input.as_bytes());
        insta::with_settings!({ description => input, omit_expression => true }, {
            insta::assert_snapshot!(output);
        });
    });
}

/// Inputs the statement does not allow, each with a name for its snapshot.
const MALFORMED: &[(&str, &[u8])] = &[
    ("empty-input", b""),
    ("only-blank-lines", b"\n  \n\n"),
    ("four-lines", b"  . . .\n . . O .\n. . O O .\n . . . .\n"),
    (
        "six-non-blank-lines",
        b"  . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n  . . .\n",
    ),
    (
        "six-lines-after-a-blank-one",
        b"  . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n\n O\n",
    ),
    (
        "row-with-too-few-words",
        b"  . . .\n . . O .\n. . O O\n . . . .\n  . . .\n",
    ),
    (
        "row-with-too-many-words",
        b"  . . .\n . . O . .\n. . O O .\n . . . .\n  . . .\n",
    ),
    (
        "first-row-with-five-words",
        b". . . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n",
    ),
    (
        "all-words-on-one-line",
        b". . . . . . . . . O . . . . . . . . .\n",
    ),
    (
        "blank-line-between-rows",
        b"  . . .\n . . O .\n\n. . O O .\n . . . .\n  . . .\n",
    ),
    (
        "leading-blank-line",
        b"\n  . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n",
    ),
    (
        "word-of-two-characters",
        b"  . . .\n . . O .\n. . OO .\n . . . .\n  . . .\n",
    ),
    (
        "words-not-separated",
        b"  ...\n . . O .\n. . O O .\n . . . .\n  . . .\n",
    ),
    (
        "letter-x",
        b"  . . .\n . . O .\n. . O x .\n . . . .\n  . . .\n",
    ),
    (
        "lowercase-o",
        b"  . . .\n . . o .\n. . O O .\n . . . .\n  . . .\n",
    ),
    (
        "digit-zero",
        b"  . . .\n . . O .\n. . O 0 .\n . . . .\n  . . .\n",
    ),
    (
        "control-byte",
        b"  . . .\n . . O .\n. . O \x07 .\n . . . .\n  . . .\n",
    ),
    (
        "invalid-utf8",
        b"  . . .\n . . O .\n. . O \xff\xfe .\n . . . .\n  . . .\n",
    ),
    (
        "very-long-word",
        b"  . . .\n . . O .\n. . OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO .\n . . . .\n  . . .\n",
    ),
    (
        "empty-box",
        b"  . . .\n . . . .\n. . . . .\n . . . .\n  . . .\n",
    ),
    (
        "empty-box-unindented",
        b". . .\n. . . .\n. . . . .\n. . . .\n. . .\n\n",
    ),
];

#[test]
fn malformed_inputs_are_refused_with_a_position() {
    for &(name, input) in MALFORMED {
        let output = answer(input);
        assert!(output.starts_with("error: line "), "{name}: {output}");
        insta::with_settings!({
            description => String::from_utf8_lossy(input),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, output);
        });
    }
}
