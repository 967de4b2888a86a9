//! Every `testdata/descending-dark/*.in` has its `.out`; the `.out` is what the references
//! answer (the exhaustive search when every grid of the file fits it, the plain
//! implementation otherwise, and then the plain one agrees too); the solver prints it.

use descending_dark::{answer, plain, reference};
use gridkit::testdata::{self, Case};

const PROBLEM: &str = "descending-dark";

/// Every case, sorted by name; panics if an `.in` lacks its `.out` or the other way round.
fn cases() -> Vec<Case> {
    testdata::cases(PROBLEM).unwrap_or_else(|error| panic!("testdata/{PROBLEM}: {error}"))
}

#[test]
fn every_input_has_an_output_and_nothing_is_stray() {
    let cases = cases();
    assert!(cases.len() >= 20, "only {} inputs", cases.len());
    // `cases` has refused any unpaired file: what is left to check is that nothing else lies there.
    for entry in std::fs::read_dir(testdata::folder(PROBLEM)).unwrap() {
        let path = entry.unwrap().path();
        assert!(
            path.extension()
                .is_some_and(|ext| ext == "in" || ext == "out"),
            "stray file {}",
            path.display()
        );
    }
}

#[test]
fn outputs_are_the_references_answers() {
    let mut exhaustive = 0;
    for Case {
        name,
        input,
        expected,
    } in cases()
    {
        assert_eq!(plain::answer(&input).unwrap(), expected, "{name}.in: plain");
        if let Some(output) = reference::answer(&input).unwrap() {
            assert_eq!(output, expected, "{name}.in: exhaustive reference");
            exhaustive += 1;
        }
    }
    // The sample, the hand-made cases but one, and the small generated files.
    assert!(
        exhaustive >= 16,
        "only {exhaustive} files checked exhaustively"
    );
}

#[test]
fn solver_prints_every_output() {
    for case in cases() {
        let got = answer(&case.input).unwrap();
        assert_eq!(got, case.expected, "{}.in", case.name);
    }
}
