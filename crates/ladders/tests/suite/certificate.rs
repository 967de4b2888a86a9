//! The library's checker ([`ladders::check`]) on real certificates (every test-data case
//! and thousands of generated boards) and on every kind of lie told in a real certificate;
//! each lie is also written as JSON and refused by the binary's `--check FILE` with exit
//! code 1.

use problem::Problem as _;

use gridkit::Pos;
use gridkit::testdata::run_binary_with;
use gridkit::testkit::{ProblemKit, case_rng, output_of, scale_of};
use ladders::check::{Refusal, check};
use ladders::reference::values_of_choices;
use ladders::testkit::Kit;
use ladders::{Board, Certificate, certify};

const BINARY: &str = env!("CARGO_BIN_EXE_ladders");
const START: Pos = Pos::new(9, 0);

/// Runs `ladders --check FILE` on `certificate` written as JSON, with `board` on stdin:
/// its exit code, stdout and stderr.
fn binary_check(board: &Board, certificate: &Certificate) -> (Option<i32>, String, String) {
    let json = serde_json::to_vec(certificate).unwrap();
    gridkit::testdata::binary_check(BINARY, &json, board.to_string().as_bytes())
}

/// What `ladders` prints for `board`.
fn printed_answer(board: &Board) -> String {
    let input = Kit::render(board);
    output_of(|i, o| ladders::run(i, o), input.as_bytes())
}

/// Checks the real certificate of `board`, and that it proves the answer `ladders` prints.
fn check_real(board: &Board) -> Result<(), Refusal> {
    let certificate = certify(board);
    check(board, &certificate)?;
    assert_eq!(
        ladders::answer_text(certificate.answer()),
        printed_answer(board)
    );
    Ok(())
}

fn test_data() -> Vec<(String, Board)> {
    gridkit::testdata::cases("ladders")
        .unwrap()
        .into_iter()
        .map(|case| (case.name, Kit::parse(&case.input).unwrap()))
        .collect()
}

#[test]
fn every_test_data_certificate_is_accepted() {
    let cases = test_data();
    for (name, board) in &cases {
        check_real(board).unwrap_or_else(|error| panic!("{name}: {error}"));
    }
    eprintln!("{} test-data certificates accepted", cases.len());
}

/// Generated boards: the stress schedule from the smallest boards to full ones.
const GENERATED: u64 = 3_000;

#[test]
fn generated_certificates_are_accepted() {
    for case in 0..GENERATED {
        let board = Kit::generate(&mut case_rng(1245, case), scale_of(case));
        check_real(&board).unwrap_or_else(|error| panic!("case {case}: {error}\n{board}"));
    }
    eprintln!("{GENERATED} generated certificates accepted");
}

#[test]
fn the_binary_accepts_every_genuine_certificate_and_prints_the_answer() {
    for case in gridkit::testdata::cases("ladders").unwrap() {
        let board = Kit::parse(&case.input).unwrap();
        let json = run_binary_with(BINARY, &["--certificate"], case.input.as_bytes()).unwrap();
        assert!(json.status.success(), "{}", case.name);
        let read: Certificate = serde_json::from_slice(&json.stdout).unwrap();
        assert_eq!(read, certify(&board), "{}", case.name);
        let (code, stdout, stderr) = binary_check(&board, &read);
        assert_eq!(code, Some(0), "{}: {stderr}", case.name);
        assert_eq!(stdout, printed_answer(&board), "{}", case.name);
        assert!(
            gridkit::testkit::same_numbers(&stdout, &case.expected, 1e-6),
            "{}",
            case.name
        );
    }
}

/// Every test-data board with ladders and its certificate.
fn real_certificates() -> Vec<(String, Board, Certificate)> {
    test_data()
        .into_iter()
        .filter(|(_, board)| board.ladders() > 0)
        .map(|(name, board)| {
            let certificate = certify(&board);
            (name, board, certificate)
        })
        .collect()
}

/// `lie` told in every real certificate (where it can be told) is refused as `expected`
/// says, by the library; the first lie also by the binary, with exit code 1 and the same
/// message. Returns how many times it was told.
fn assert_refused(
    expected: impl Fn(&Refusal) -> bool,
    lie: impl Fn(&Board, &mut Certificate) -> bool,
) -> usize {
    let mut told = 0;
    for (name, board, certificate) in real_certificates() {
        let mut tampered = certificate.clone();
        if !lie(&board, &mut tampered) {
            continue;
        }
        told += 1;
        let refusal = check(&board, &tampered).expect_err("the lie is accepted");
        assert!(expected(&refusal), "{name}: {refusal}");
        if told == 1 {
            let (code, stdout, stderr) = binary_check(&board, &tampered);
            assert_eq!(code, Some(1), "{name}: {stdout}{stderr}");
            assert_eq!(stderr, format!("error: {refusal}\n"));
            assert!(stdout.is_empty());
        }
    }
    assert!(told > 0, "the lie was never told");
    told
}

#[test]
fn a_ladder_value_off_by_a_thousandth_is_refused() {
    let ladder_value = |refusal: &Refusal| matches!(refusal, Refusal::LadderValue { .. });
    assert_refused(ladder_value, |_, certificate| {
        certificate.ladders[0].at_top += 1e-3;
        true
    });
    assert_refused(ladder_value, |_, certificate| {
        let last = certificate.ladders.len() - 1;
        certificate.ladders[last].stay -= 1e-3;
        true
    });
}

#[test]
fn a_square_value_off_in_the_ninth_decimal_is_refused() {
    for (pos, off) in [
        (Pos::new(0, 9), 1e-3),
        (Pos::new(5, 5), -1e-3),
        (START, 2e-9),
    ] {
        assert_refused(
            |refusal| matches!(refusal, Refusal::SquareValue { pos: p, .. } if *p == pos),
            |_, certificate| {
                certificate.expected[pos.row][pos.col] += off;
                true
            },
        );
    }
}

/// The other verdict: the start's value, hence the answer, moved by 1e-6 with the rest
/// of the certificate left as it is.
#[test]
fn another_answer_is_refused() {
    let told = assert_refused(
        |refusal| matches!(refusal, Refusal::SquareValue { pos, .. } if *pos == START),
        |_, certificate| {
            certificate.expected[START.row][START.col] += 1e-6;
            true
        },
    );
    assert!(told > 10);
}

/// The first ladder where climbing and staying differ, flipped to the worse choice.
fn flip_to_worse(certificate: &mut Certificate) -> bool {
    let strict = certificate
        .ladders
        .iter_mut()
        .find(|ladder| (ladder.stay - ladder.at_top).abs() > 1e-6);
    strict.map(|ladder| ladder.climb = !ladder.climb).is_some()
}

#[test]
fn a_choice_flipped_to_the_worse_one_is_refused() {
    // Flipped alone: the stated values are no longer those of the choices.
    assert_refused(
        |refusal| matches!(refusal, Refusal::SquareValue { .. }),
        |_, certificate| flip_to_worse(certificate),
    );
    // Flipped with every value made consistent with it: only the one-step improvement
    // test can tell.
    let told = assert_refused(
        |refusal| matches!(refusal, Refusal::Improvable { .. }),
        |board, certificate| {
            if !flip_to_worse(certificate) {
                return false;
            }
            certificate.expected = values_of_choices(board, certificate).unwrap();
            for ladder in &mut certificate.ladders {
                ladder.stay = certificate.expected[ladder.base.row][ladder.base.col];
                ladder.at_top = certificate.expected[ladder.top.row][ladder.top.col];
            }
            true
        },
    );
    eprintln!("{told} consistent flips refused");
}

/// Every value one turn higher, the Goal's too: each square's equation still holds, so
/// only the Goal's value, which must be 0, tells.
#[test]
fn values_shifted_with_the_goal_are_refused() {
    assert_refused(
        |refusal| matches!(refusal, Refusal::GoalValue { stated } if *stated == 1.0),
        |_, certificate| {
            for value in certificate.expected.iter_mut().flatten() {
                *value += 1.0;
            }
            for ladder in &mut certificate.ladders {
                ladder.stay += 1.0;
                ladder.at_top += 1.0;
            }
            true
        },
    );
}

/// A missing case, a ladder listed twice, a ladder moved.
#[test]
fn a_missing_repeated_or_moved_ladder_is_refused() {
    assert_refused(
        |refusal| matches!(refusal, Refusal::LadderCount { .. }),
        |_, certificate| {
            certificate.ladders.remove(0);
            true
        },
    );
    assert_refused(
        |refusal| matches!(refusal, Refusal::ListedTwice { .. }),
        |_, certificate| {
            certificate.ladders.push(certificate.ladders[0]);
            true
        },
    );
    // One row lower: still on the board (at most the base), but not the ladder's top.
    assert_refused(
        |refusal| matches!(refusal, Refusal::NoSuchLadder { .. }),
        |_, certificate| {
            certificate.ladders[0].top.row += 1;
            true
        },
    );
    assert_refused(
        |refusal| matches!(refusal, Refusal::OffBoard { .. }),
        |_, certificate| {
            certificate.ladders[0].base.col = 10;
            true
        },
    );
}

#[test]
fn a_certificate_for_another_board_is_refused() {
    let boards = test_data();
    let (_, empty) = boards.iter().find(|(name, _)| name == "sample1").unwrap();
    let (_, other) = boards.iter().find(|(name, _)| name == "sample2").unwrap();
    let certificate = certify(other);
    let refusal = check(empty, &certificate).unwrap_err();
    assert_eq!(refusal, Refusal::OtherBoard { line: 5 });
    let (code, _, stderr) = binary_check(empty, &certificate);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        "error: the certificate is for another board: line 5 differs\n"
    );
}

#[test]
fn malformed_json_is_refused() {
    let (_, board) = test_data().remove(0);
    let mut certificate = serde_json::to_value(certify(&board)).unwrap();
    certificate["board"][0][3] = serde_json::json!(2);
    let json = serde_json::to_vec(&certificate).unwrap();
    let (code, _, stderr) =
        gridkit::testdata::binary_check(BINARY, &json, board.to_string().as_bytes());
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with(
            "error: the certificate is not a ladders certificate in JSON: the board, line 1, \
             column 7: line 1 is the top row"
        ),
        "{stderr}"
    );
}

#[test]
fn no_explanation_line_is_longer_than_100_characters() {
    gridkit::testdata::assert_explanation_lines_within("ladders", 100, |input| {
        gridkit::testkit::output_of(|i, o| ladders::Ladders::explain(i, o), input)
    });
}
