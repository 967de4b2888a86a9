//! The playground's functions, called natively on every official sample
//! (`testdata/<problem>/sample*`): the answer is the expected output, the explanation,
//! picture and certificate come with it, the certificate is accepted, and forged ones are
//! refused with a reason.

use crate::official_samples;
use gridkit::testkit::{same_numbers, same_tokens};
use playground::{PROBLEMS, check, solve};
use serde_json::Value;

/// The judges' comparison: tokens, ladders' numbers within 1e-6.
fn same_answer(problem: &str, found: &str, expected: &str) -> bool {
    if problem == "ladders" {
        same_numbers(found, expected, 1e-6)
    } else {
        same_tokens(found, expected)
    }
}

#[test]
fn every_sample_is_answered_explained_drawn_and_certified() {
    for &problem in PROBLEMS {
        for case in official_samples(problem.name()) {
            let at = format!("{}/{}", problem.name(), case.name);
            let solved = solve(problem.name(), &case.input).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert!(
                same_answer(problem.name(), &solved.answer, &case.expected),
                "{at}: {:?}, expected {:?}",
                solved.answer,
                case.expected
            );
            // `--explain` prints the proven answer first, then why.
            assert!(
                solved.explanation.starts_with(&solved.answer)
                    && solved.explanation.len() > solved.answer.len() + 20,
                "{at}: {}",
                solved.explanation
            );
            assert!(
                solved.picture.starts_with("<svg") && solved.picture.trim_end().ends_with("</svg>"),
                "{at}: {}",
                solved.picture
            );
            serde_json::from_str::<Value>(&solved.certificate)
                .unwrap_or_else(|e| panic!("{at}: the certificate is not JSON: {e}"));
            let checked = check(problem.name(), &case.input, &solved.certificate).unwrap();
            assert!(checked.accepted, "{at}: refused: {}", checked.message);
            assert!(
                same_answer(problem.name(), &checked.message, &case.expected),
                "{at}: the certificate proves {:?}",
                checked.message
            );
        }
    }
}

/// One lie per problem, written into a true certificate: the other verdict or a value off.
fn forge(problem: &str, certificate: &mut Value) {
    let edited = match problem {
        "statues" => {
            let evidence = &mut certificate["evidence"];
            *evidence = if evidence.get("walk").is_some() {
                serde_json::json!({"cornered": [[[7, 0]], []]})
            } else {
                serde_json::json!({"walk": [[7, 0]]})
            };
            true
        }
        "descending-dark" => {
            let squares = &mut certificate["cases"][0]["caves"][0]["squares"];
            squares
                .as_u64()
                .map(|count| *squares = Value::from(count + 1))
                .is_some()
        }
        "gam" => {
            let winner = &mut certificate["tests"][0]["winner"];
            let flipped = if winner == "A" { "B" } else { "A" };
            *winner = Value::from(flipped);
            true
        }
        "sweets" => {
            let winner = &mut certificate["winner"];
            let flipped = if winner == "Karlsson" {
                "Lillebror"
            } else {
                "Karlsson"
            };
            *winner = Value::from(flipped);
            true
        }
        "ladders" => {
            // The start square's expected turns, bottom-left, a thousandth off.
            let start = &mut certificate["expected"][9][0];
            start
                .as_f64()
                .map(|value| *start = Value::from(value + 1e-3))
                .is_some()
        }
        _ => false,
    };
    assert!(edited, "{problem}: no forgery for {certificate}");
}

#[test]
fn forged_certificates_are_refused_with_a_reason() {
    for &problem in PROBLEMS {
        for case in official_samples(problem.name()) {
            let at = format!("{}/{}", problem.name(), case.name);
            let solved = solve(problem.name(), &case.input).unwrap();
            let mut forged: Value = serde_json::from_str(&solved.certificate).unwrap();
            forge(problem.name(), &mut forged);
            let checked = check(problem.name(), &case.input, &forged.to_string()).unwrap();
            assert!(!checked.accepted, "{at}: a forgery was accepted");
            assert!(
                !checked.message.is_empty() && !checked.message.contains('\n'),
                "{at}: {:?}",
                checked.message
            );
        }
    }
}

#[test]
fn a_certificate_for_another_sample_is_refused() {
    for &problem in PROBLEMS {
        let samples = official_samples(problem.name());
        for pair in samples.windows(2) {
            let certificate = solve(problem.name(), &pair[0].input).unwrap().certificate;
            let checked = check(problem.name(), &pair[1].input, &certificate).unwrap();
            assert!(
                !checked.accepted,
                "{}: {}'s certificate proves {:?} for {}",
                problem.name(),
                pair[0].name,
                checked.message,
                pair[1].name
            );
        }
    }
}

#[test]
fn malformed_input_is_refused_by_line_and_column() {
    for &problem in PROBLEMS {
        let error = solve(problem.name(), "%\n").map(|_| ()).unwrap_err();
        assert!(
            error.starts_with("line 1, column 1: "),
            "{}: {error}",
            problem.name()
        );
        // Checking reads the input too, with the same message.
        let certificate = solve(problem.name(), &official_samples(problem.name())[0].input)
            .unwrap()
            .certificate;
        let checked = check(problem.name(), "%\n", &certificate).unwrap();
        assert!(!checked.accepted);
        assert_eq!(checked.message, error, "{}", problem.name());
    }
}

#[test]
fn malformed_certificates_and_unknown_problems_are_refused() {
    let input = &official_samples("statues")[0].input;
    let checked = check("statues", input, "{").unwrap();
    assert!(!checked.accepted);
    assert!(
        checked
            .message
            .starts_with("the certificate is not a statues certificate in JSON"),
        "{}",
        checked.message
    );
    let unknown = solve("chess", input).map(|_| ()).unwrap_err();
    assert_eq!(unknown, "no problem is named \"chess\"");
    assert!(check("chess", input, "{}").is_err());
}

#[test]
fn the_names_are_the_archives_five_problems() {
    assert_eq!(
        playground::problem_names(),
        ["statues", "descending-dark", "gam", "sweets", "ladders"]
    );
}

#[test]
fn a_certificate_past_64_mib_is_refused_as_check_refuses_it() {
    let input = &official_samples("statues")[0].input;
    let certificate = solve("statues", input).unwrap().certificate;
    let cap = gridkit::certificate::MAX_CERTIFICATE_BYTES as usize;
    // Blanks after the JSON are allowed: exactly the cap is read and checked.
    let mut padded = certificate.clone();
    padded.push_str(&" ".repeat(cap - certificate.len()));
    let checked = check("statues", input, &padded).unwrap();
    assert!(checked.accepted, "{}", checked.message);
    padded.push(' ');
    let checked = check("statues", input, &padded).unwrap();
    assert!(!checked.accepted);
    assert_eq!(
        checked.message,
        "the certificate: more than 67108864 bytes (64 MiB), the most a certificate may have"
    );
}
