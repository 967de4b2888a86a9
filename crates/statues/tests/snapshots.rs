//! Snapshots of the solver's output on every test case, and of the error message for
//! every kind of malformed input.

use std::fs;

/// What `run` writes for `input`, or the error it returns.
fn run_text(input: &[u8]) -> String {
    let mut output = Vec::new();
    match statues::run(input, &mut output) {
        Ok(()) => String::from_utf8(output).expect("the output is ASCII"),
        Err(error) => format!("error: {error}"),
    }
}

#[test]
fn testdata_outputs() {
    insta::glob!("../../../testdata/statues", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        let output = run_text(input.as_bytes());
        insta::with_settings!({ description => input, omit_expression => true }, {
            insta::assert_snapshot!(output);
        });
    });
}

const GOOD: [&str; 8] = [
    ".......A", "........", "........", "........", "........", ".S......", "S.......", "MS......",
];

/// The good board with line `line` (1-based) replaced by `text`.
fn with_line(line: usize, text: &str) -> String {
    with_lines(&[(line, text)])
}

/// The good board with each (line, text) of `changes` made.
fn with_lines(changes: &[(usize, &str)]) -> String {
    let mut lines = GOOD.to_vec();
    for &(line, text) in changes {
        lines[line - 1] = text;
    }
    lines.join("\n") + "\n"
}

fn good() -> String {
    GOOD.join("\n") + "\n"
}

#[test]
fn malformed_inputs_are_refused_with_their_line_and_column() {
    let catalogue: Vec<(&str, String)> = vec![
        ("empty-input", String::new()),
        ("only-blank-lines", "\n \n\n".to_string()),
        ("seven-rows", GOOD[..7].join("\n") + "\n"),
        ("one-row", format!("{}\n", GOOD[0])),
        ("ninth-row", good() + "........\n"),
        ("ninth-row-after-blank-line", good() + "\nWIN\n"),
        ("row-of-7-characters", with_line(3, ".......")),
        ("row-of-9-characters", with_line(3, ".........")),
        ("empty-row-in-the-middle", with_line(4, "")),
        ("blank-row-in-the-middle", with_line(4, "        ")),
        ("leading-blank", with_line(2, " ........")),
        ("blank-inside-a-row", with_line(5, "... ....")),
        ("missing-anna", with_line(1, "........")),
        ("anna-replaced-by-statue", with_line(1, ".......S")),
        ("missing-maria", with_line(8, ".S......")),
        ("maria-replaced-by-statue", with_line(8, "SS......")),
        ("anna-elsewhere", with_line(4, "...A....")),
        ("second-anna-in-row-1", with_line(1, "A......A")),
        ("maria-elsewhere", with_line(3, "......M.")),
        ("second-maria-in-row-8", with_line(8, "MS.....M")),
        (
            "maria-and-anna-swapped",
            with_lines(&[(1, "M......."), (8, "AS......")]),
        ),
        ("anna-in-maria-square", with_line(8, "AS......")),
        ("other-character", with_line(5, "..#.....")),
        ("lowercase-statue", with_line(6, ".s......")),
        ("digit", with_line(7, "0.......")),
        ("control-byte", with_line(2, "...\u{7}....")),
        ("non-ascii", with_line(2, "..é.....")),
        ("row-with-trailing-text", with_line(8, "MS...... x")),
    ];
    for (name, input) in catalogue {
        let output = run_text(input.as_bytes());
        assert!(output.starts_with("error: line "), "{name}: {output}");
        insta::with_settings!({ description => input, omit_expression => true }, {
            insta::assert_snapshot!(name, output);
        });
    }
}
