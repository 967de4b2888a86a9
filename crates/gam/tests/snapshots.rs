//! Snapshots of the solver's output on every test input, and of the error message for
//! each kind of malformed input. A snapshot records behaviour, it does not prove it:
//! the expected outputs are checked against the references in `testdata.rs`.

use std::fs;

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

fn run(input: &str) -> String {
    let mut output = Vec::new();
    let result = gam::run(input.as_bytes(), &mut output);
    let mut text = String::from_utf8(output).expect("the output is ASCII");
    if let Err(error) = result {
        text.push_str(&format!("error: {error}\n"));
    }
    text
}

#[test]
fn every_test_input() {
    insta::glob!("../../../testdata/gam", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        insta::with_settings!({ description => describe(&input), omit_expression => true }, {
            insta::assert_snapshot!(run(&input));
        });
    });
}

/// Each malformed input names what is wrong and where; answers to the tests before the
/// faulty one are printed first.
#[test]
fn error_catalogue() {
    let board = "4\nA...\n.#..\n....\n...B\n";
    let cases: Vec<(&str, String)> = vec![
        ("empty-input", String::new()),
        ("t-zero", "0\n".into()),
        ("t-eleven", format!("11\n{board}")),
        ("t-not-a-number", "two\n".into()),
        ("t-with-trailing-token", format!("1 1\n{board}")),
        ("t-plus-sign", format!("+1\n{board}")),
        ("n-one", "1\n1\nA\n".into()),
        ("n-too-big", "1\n301\n".into()),
        ("n-one-billion", "1\n1000000000\n".into()),
        ("n-negative", "1\n-4\n".into()),
        ("n-huge-digits", format!("1\n{}\n", "9".repeat(40))),
        ("n-missing", "1\n".into()),
        ("n-blank-line", format!("1\n\n{board}")),
        ("row-too-short", "1\n3\nA..\n..\n..B\n".into()),
        ("row-too-long", "1\n3\nA..\n....\n..B\n".into()),
        ("row-bad-character", "1\n3\nA..\n.x.\n..B\n".into()),
        ("row-lowercase-start", "1\n3\na..\n...\n..B\n".into()),
        ("row-inner-space", "1\n3\nA..\n. .\n..B\n".into()),
        ("rows-missing", "1\n3\nA..\n...\n".into()),
        ("second-a", "1\n3\nA..\n.A.\n..B\n".into()),
        ("second-b", "1\n3\nAB.\n...\n..B\n".into()),
        ("no-a", "1\n3\n...\n...\n..B\n".into()),
        ("no-b", "1\n3\nA..\n...\n...\n".into()),
        ("no-white-path", format!("2\n{board}3\nA#.\n##.\n..B\n")),
        ("fewer-tests-than-t", format!("3\n{board}{board}")),
        ("trailing-content", format!("1\n{board}4\n")),
        ("blank-line-between-tests", format!("2\n{board}\n{board}")),
        (
            "crlf-and-trailing-blanks-are-fine",
            format!("1 \r\n{}", board.replace('\n', " \r\n")),
        ),
    ];
    for (name, input) in cases {
        insta::with_settings!({ description => input.clone(), omit_expression => true }, {
            insta::assert_snapshot!(name, run(&input));
        });
    }
}
