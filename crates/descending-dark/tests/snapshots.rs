//! Snapshots of the solver's output on every test-data input, and of the error message for
//! every kind of malformed input. Snapshots guard against drift; correctness comes from
//! `testdata.rs` (expected outputs computed by the references) and `agreement.rs`.

use descending_dark::{answer, reference};

#[test]
fn outputs_on_the_test_data() {
    insta::glob!("../../../testdata/descending-dark", "*.in", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        let output = answer(&input).unwrap();
        insta::with_settings!({ description => input, omit_expression => true }, {
            insta::assert_snapshot!(output);
        });
    });
}

/// A valid 3x5 grid with one cave, as the lines of one case.
const GRID: &str = "3 5\n#####\n#0..#\n#####\n";

/// The malformed inputs, each named after what is wrong with it.
fn catalogue() -> Vec<(&'static str, String)> {
    let one = |case: &str| format!("1\n{case}");
    vec![
        ("empty-input", String::new()),
        ("t-not-a-number", format!("x\n{GRID}")),
        ("t-zero", "0\n".to_owned()),
        ("t-twenty-one", format!("21\n{}", GRID.repeat(21))),
        ("t-extra-token", format!("1 1\n{GRID}")),
        ("r-two", one("2 5\n#####\n#####\n")),
        ("c-sixty-one", one(&format!("3 61\n{}\n", "#".repeat(61)))),
        ("size-a-billion", one("1000000000 1000000000\n")),
        ("size-line-missing-c", one("3\n")),
        ("size-line-extra-token", one("3 5 7\n#####\n#0..#\n#####\n")),
        ("row-short", one("3 5\n#####\n#0.#\n#####\n")),
        ("row-long", one("3 5\n#####\n#0...#\n#####\n")),
        ("row-bad-character", one("3 5\n#####\n#0.x#\n#####\n")),
        ("border-top-open", one("3 5\n##.##\n#0..#\n#####\n")),
        ("border-left-open", one("4 5\n#####\n#0..#\n...##\n#####\n")),
        ("border-right-cave", one("3 5\n#####\n#0..1\n#####\n")),
        ("border-bottom-open", one("3 5\n#####\n#0..#\n###.#\n")),
        ("cave-twice", one("4 5\n#####\n#01.#\n#.1.#\n#####\n")),
        ("caves-0-and-2-without-1", one("3 5\n#####\n#0.2#\n#####\n")),
        ("caves-without-0", one("3 5\n#####\n#.1.#\n#####\n")),
        ("no-cave", one("3 5\n#####\n#...#\n#####\n")),
        ("rows-missing", one("4 5\n#####\n#0..#\n")),
        ("case-missing", format!("2\n{GRID}")),
        ("trailing-content", format!("1\n{GRID}\n3 5\n")),
        (
            "second-case-bad",
            format!("2\n{GRID}3 5\n#####\n#0..#\n##.##\n"),
        ),
    ]
}

#[test]
fn errors_on_malformed_inputs() {
    for (name, input) in catalogue() {
        let error = match answer(&input) {
            Ok(output) => panic!("{name}: accepted, printed\n{output}"),
            Err(error) => error.to_string(),
        };
        insta::with_settings!({ description => input, omit_expression => true }, {
            insta::assert_snapshot!(name, error);
        });
    }
}

#[test]
fn the_catalogue_inputs_differ_from_a_valid_one_by_one_defect() {
    // The base of the catalogue is itself valid, so each error comes from its one defect.
    for input in [format!("1\n{GRID}"), format!("20\n{}", GRID.repeat(20))] {
        let expected = reference::answer(&input).unwrap().unwrap();
        assert_eq!(answer(&input).unwrap(), expected);
    }
}
