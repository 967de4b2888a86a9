//! The test data is complete and right: every `.in` has its `.out`, every `.out` is what
//! the reference prints, and the solver prints exactly the same.

use std::fs;

use gridkit::testdata;

/// Each case: its name, input and expected output, sorted by name; an `.in` without its
/// `.out` or the other way round fails.
fn cases() -> Vec<(String, String, String)> {
    testdata::cases("ladders")
        .unwrap_or_else(|error| panic!("{error}"))
        .into_iter()
        .map(|case| (case.name, case.input, case.expected))
        .collect()
}

#[test]
fn every_input_has_its_output_and_no_output_is_orphaned() {
    // `cases` refuses an input without its output and an output without its input.
    let cases = cases();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let names: Vec<&str> = cases.iter().map(|(name, _, _)| name.as_str()).collect();
    for required in ["sample1", "sample2", "sample3"] {
        assert!(names.contains(&required), "{required} is missing");
    }
    assert!(names.iter().filter(|n| n.starts_with("erratum-")).count() >= 4);
}

#[test]
fn outputs_are_one_number_with_ten_decimals_and_a_final_newline() {
    for (name, _, expected) in cases() {
        let line = expected
            .strip_suffix('\n')
            .unwrap_or_else(|| panic!("{name}: no final newline"));
        let (whole, decimals) = line
            .split_once('.')
            .unwrap_or_else(|| panic!("{name}: {line}"));
        assert!(
            whole.parse::<u32>().is_ok() && decimals.len() == 10,
            "{name}: {line}"
        );
        assert!(
            decimals.bytes().all(|b| b.is_ascii_digit()),
            "{name}: {line}"
        );
    }
}

/// The official answers, as the spec states them.
#[test]
fn samples_hold_the_official_answers() {
    let official = [
        ("sample1", "33.0476190476\n"),
        ("sample2", "20.2591405923\n"),
        ("sample3", "15.9047592939\n"),
    ];
    for (name, answer) in official {
        let expected =
            fs::read_to_string(testdata::folder("ladders").join(format!("{name}.out"))).unwrap();
        assert_eq!(expected, answer, "{name}");
    }
}

#[test]
fn expected_outputs_come_from_the_reference() {
    for (name, input, expected) in cases() {
        let board =
            ladders::parse_board(input.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut output = Vec::new();
        ladders::render(ladders::reference::expected_turns(&board), &mut output).unwrap();
        assert_eq!(String::from_utf8(output).unwrap(), expected, "{name}");
    }
}

#[test]
fn the_solver_prints_every_expected_output() {
    gridkit::testdata::assert_solver_reproduces("ladders", |input, output| {
        ladders::run(input, output)
    });
}
