//! The library's checker ([`statues::check`]) on real certificates (every test case and
//! thousands of generated boards) and on every kind of lie; each lie is also written as
//! JSON and refused by the binary's `--check FILE` with exit code 1.

use problem::Problem as _;
use std::collections::BTreeSet;

use gridkit::testdata::run_binary_with;
use gridkit::testkit::{ProblemKit, case_rng, scale_of};
use statues::check::Refusal;
use statues::testkit::Kit;
use statues::{
    ANNA, Board, Certificate, Evidence, MARIA, Outcome, SIZE, Square, certify, parse, reference,
};

const BINARY: &str = env!("CARGO_BIN_EXE_statues");

/// What the checker says of `certificate` for `board`: the answer it proves, or why not.
fn check(board: &Board, certificate: &Certificate) -> Result<Outcome, Refusal> {
    statues::check::check(board, certificate).map(|()| certificate.outcome())
}

/// Runs `statues --check FILE` on `certificate` written as JSON, with `board` on stdin:
/// its exit code, stdout and stderr.
fn binary_check(board: &Board, certificate: &Certificate) -> (Option<i32>, String, String) {
    let json = serde_json::to_vec(certificate).unwrap();
    gridkit::testdata::binary_check(BINARY, &json, board.to_string().as_bytes())
}

/// The lie is refused by the library checker as `expected` says, and by the binary's
/// `--check` with exit code 1 and the same message.
fn assert_refused(board: &Board, lie: &Certificate, expected: impl Fn(&Refusal) -> bool) {
    let refusal = check(board, lie).expect_err("the lie is accepted");
    assert!(expected(&refusal), "{refusal:?} on\n{board}");
    let (code, stdout, stderr) = binary_check(board, lie);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert_eq!(stderr, format!("error: {refusal}\n"));
    assert!(stdout.is_empty(), "{stdout}");
}

/// Boards with their real certificates: every test case, then generated boards.
fn real_certificates(generated: u64) -> Vec<(Board, Certificate)> {
    let cases = gridkit::testdata::cases("statues").unwrap();
    let test_data = cases
        .iter()
        .map(|case| parse(case.input.as_bytes()).unwrap());
    let stress = (0..generated).map(|case| Kit::generate(&mut case_rng(31, case), scale_of(case)));
    test_data
        .chain(stress)
        .map(|board| (board, certify(&board)))
        .collect()
}

#[test]
fn every_test_case_has_a_valid_certificate_of_its_expected_answer() {
    let cases = gridkit::testdata::cases("statues").unwrap();
    for case in &cases {
        let board = parse(case.input.as_bytes()).unwrap();
        let proved = check(&board, &certify(&board));
        assert_eq!(
            proved.map(|outcome| format!("{outcome}\n")),
            Ok(case.expected.clone()),
            "{}",
            case.name
        );
    }
    println!("{} test cases checked", cases.len());
}

#[test]
fn thousands_of_generated_boards_have_valid_certificates() {
    const BOARDS: u64 = 5_000;
    let (mut wins, mut losses) = (0, 0);
    for case in 0..BOARDS {
        let board = Kit::generate(&mut case_rng(77, case), scale_of(case));
        let proved = check(&board, &certify(&board));
        assert_eq!(proved, Ok(reference::solve(&board)), "on\n{board}");
        match proved {
            Ok(Outcome::Win) => wins += 1,
            _ => losses += 1,
        }
    }
    println!("{BOARDS} generated boards checked: {wins} WIN, {losses} LOSE");
    assert!(wins > 500 && losses > 500, "{wins} WIN, {losses} LOSE");
}

/// Every real walk with a changed step, as `change(board, walk, round)` makes it (or
/// `None` where it cannot): the board, the lie and the round changed.
fn tampered_walks(
    change: impl Fn(&Board, &[Square], usize) -> Option<Square>,
) -> Vec<(Board, Certificate, usize)> {
    let mut lies = Vec::new();
    for (board, certificate) in real_certificates(1_000) {
        let Evidence::Walk(walk) = &certificate.evidence else {
            continue;
        };
        for round in 1..walk.len() {
            if let Some(square) = change(&board, walk, round) {
                let mut lie = walk.clone();
                lie[round] = square;
                let tampered = Certificate {
                    board,
                    evidence: Evidence::Walk(lie),
                };
                lies.push((board, tampered, round));
            }
        }
    }
    lies
}

/// Every lie is refused as `expected(round, refusal)` says; the first one also by the
/// binary.
fn assert_all_refused(
    lies: &[(Board, Certificate, usize)],
    expected: impl Fn(usize, &Refusal) -> bool,
) {
    assert!(lies.len() > 20, "only {} lies told", lies.len());
    for (board, lie, round) in lies {
        let refusal = check(board, lie).expect_err("the lie is accepted");
        assert!(expected(*round, &refusal), "{refusal:?} on\n{board}");
    }
    let (board, lie, round) = &lies[0];
    assert_refused(board, lie, |refusal| expected(*round, refusal));
}

/// A square around `walk[round - 1]` (within `reach` rows and columns, at least one of them
/// exactly) for which `wanted` holds, with the board as it is before and after the fall.
fn square_near(
    board: &Board,
    walk: &[Square],
    round: usize,
    reach: usize,
    wanted: impl Fn(bool, bool) -> bool,
) -> Option<Square> {
    let (row, col) = walk[round - 1];
    let statue = |square: Square, falls: usize| {
        square.0 >= falls && board.has_statue(square.0 - falls, square.1)
    };
    (row.saturating_sub(reach)..(row + reach + 1).min(SIZE))
        .flat_map(|r| (col.saturating_sub(reach)..(col + reach + 1).min(SIZE)).map(move |c| (r, c)))
        .filter(|&(r, c)| r.abs_diff(row).max(c.abs_diff(col)) == reach && (r, c) != ANNA)
        .find(|&square| wanted(statue(square, round - 1), statue(square, round)))
}

#[test]
fn a_step_onto_a_statue_is_refused() {
    let lies =
        tampered_walks(|board, walk, round| square_near(board, walk, round, 1, |before, _| before));
    assert_all_refused(
        &lies,
        |round, refusal| matches!(refusal, Refusal::OntoStatue { round: r, .. } if *r == round),
    );
}

#[test]
fn a_step_into_the_square_a_statue_falls_on_is_refused() {
    let lies = tampered_walks(|board, walk, round| {
        square_near(board, walk, round, 1, |before, after| !before && after)
    });
    assert_all_refused(
        &lies,
        |round, refusal| matches!(refusal, Refusal::Crushed { round: r, .. } if *r == round),
    );
}

#[test]
fn an_illegal_move_a_two_square_jump_is_refused() {
    let lies = tampered_walks(|board, walk, round| {
        square_near(board, walk, round, 2, |before, after| !before && !after)
    });
    assert_all_refused(
        &lies,
        |round, refusal| matches!(refusal, Refusal::NotAKingMove { round: r, .. } if *r == round),
    );
}

/// Off by one: the walk stops a round short.
#[test]
fn a_walk_that_stops_early_is_refused() {
    let mut lies = Vec::new();
    for (board, certificate) in real_certificates(1_000) {
        let Evidence::Walk(mut walk) = certificate.evidence else {
            continue;
        };
        if walk.len() < 2 {
            continue;
        }
        walk.pop();
        let rounds = walk.len() - 1;
        let lie = Certificate {
            board,
            evidence: Evidence::Walk(walk),
        };
        lies.push((board, lie, rounds));
    }
    assert_all_refused(&lies, |rounds, refusal| {
        *refusal == Refusal::StopsEarly { rounds }
    });
}

/// A missing case: a square Maria can be alive on left out of its round's set.
#[test]
fn a_lose_set_missing_a_reachable_square_is_refused() {
    let mut lies = Vec::new();
    for (board, certificate) in real_certificates(1_000) {
        let Evidence::Cornered(safe) = certificate.evidence else {
            continue;
        };
        // Every set between the first and the last holds squares Maria can reach.
        for round in 1..safe.len().saturating_sub(1) {
            for &square in &safe[round] {
                let mut lie = safe.clone();
                lie[round].remove(&square);
                let lie = Certificate {
                    board,
                    evidence: Evidence::Cornered(lie),
                };
                let refusal = check(&board, &lie).expect_err("the lie is accepted");
                assert!(
                    matches!(refusal, Refusal::MissingSquare { round: r, square: s, .. } if r == round && s == square),
                    "{refusal:?}"
                );
                lies.push((board, lie, round));
            }
        }
    }
    assert_all_refused(
        &lies,
        |round, refusal| matches!(refusal, Refusal::MissingSquare { round: r, .. } if *r == round),
    );
}

/// Off by one: the sets stop a round before the empty one.
#[test]
fn a_lose_whose_last_set_is_not_empty_is_refused() {
    let mut lies = Vec::new();
    for (board, certificate) in real_certificates(1_000) {
        let Evidence::Cornered(mut safe) = certificate.evidence else {
            continue;
        };
        safe.pop();
        let rounds = safe.len() - 1;
        let lie = Certificate {
            board,
            evidence: Evidence::Cornered(safe),
        };
        lies.push((board, lie, rounds));
    }
    assert_all_refused(&lies, |rounds, refusal| {
        *refusal == Refusal::LastSetNotEmpty { rounds }
    });
}

#[test]
fn certificates_for_another_board_or_start_are_refused() {
    let board = parse(
        gridkit::testdata::cases("statues").unwrap()[0]
            .input
            .as_bytes(),
    )
    .unwrap();
    let mut certificate = certify(&board);
    let other = Board::from_fn(|row, col| (row, col) == (3, 3));
    // The first row where the boards differ.
    let row = (0..SIZE)
        .find(|&row| (0..SIZE).any(|col| board.has_statue(row, col) != other.has_statue(row, col)))
        .unwrap()
        + 1;
    assert_refused(&other, &certificate, |refusal| {
        *refusal == Refusal::OtherBoard { row }
    });
    let (_, _, stderr) = binary_check(&other, &certificate);
    assert_eq!(
        stderr,
        format!("error: the certificate is for another board: row {row} differs\n")
    );
    certificate.evidence = Evidence::Walk(vec![(6, 0)]);
    assert_refused(&board, &certificate, |refusal| {
        *refusal == Refusal::WalkStartsElsewhere
    });
    certificate.evidence = Evidence::Cornered(vec![BTreeSet::from([(6, 0)]), BTreeSet::new()]);
    assert_refused(&board, &certificate, |refusal| {
        *refusal == Refusal::FirstSetWithoutMaria
    });
    certificate.evidence = Evidence::Cornered(Vec::new());
    assert_refused(&board, &certificate, |refusal| *refusal == Refusal::NoSets);
}

/// The other verdict: a LOSE claimed for a board Maria wins, her sets reaching Anna.
#[test]
fn a_lose_claimed_for_a_won_board_is_refused() {
    let board = Board::default();
    // On an empty board she can be anywhere within `t` king moves after `t` rounds.
    let within = |t: usize| -> BTreeSet<Square> {
        (0..SIZE)
            .flat_map(|row| (0..SIZE).map(move |col| (row, col)))
            .filter(|&(row, col)| (SIZE - 1 - row).max(col) <= t)
            .collect()
    };
    let safe: Vec<BTreeSet<Square>> = (0..=7).map(within).chain([BTreeSet::new()]).collect();
    let lie = Certificate {
        board,
        evidence: Evidence::Cornered(safe),
    };
    assert_refused(&board, &lie, |refusal| {
        matches!(refusal, Refusal::AnnaReachable { round: 7, .. })
    });
    let (_, _, stderr) = binary_check(&board, &lie);
    assert_eq!(
        stderr,
        "error: the certificate does not prove an answer: round 7: from row 2, column 7 \
         Maria reaches Anna\n"
    );
}

/// The other verdict: a WIN claimed for every lost test case, with the walk that stays
/// put as long as it can (it must be refused, however it ends).
#[test]
fn a_win_claimed_for_a_lost_board_is_refused() {
    let mut told = 0;
    for (board, certificate) in real_certificates(0) {
        if certificate.outcome() != Outcome::Lose {
            continue;
        }
        for rounds in 0..=SIZE {
            let lie = Certificate {
                board,
                evidence: Evidence::Walk(vec![MARIA; rounds + 1]),
            };
            assert!(check(&board, &lie).is_err(), "on\n{board}");
        }
        let up: Vec<Square> = (0..SIZE).map(|k| (SIZE - 1 - k, k)).collect();
        let lie = Certificate {
            board,
            evidence: Evidence::Walk(up),
        };
        assert_refused(&board, &lie, |_| true);
        told += 1;
    }
    assert!(told > 5, "only {told} lost boards");
}

#[test]
fn the_binary_accepts_every_genuine_certificate_and_prints_the_answer() {
    let cases = gridkit::testdata::cases("statues").unwrap();
    for case in &cases {
        let board = parse(case.input.as_bytes()).unwrap();
        let certificate = certify(&board);
        let json = run_binary_with(BINARY, &["--certificate"], case.input.as_bytes()).unwrap();
        assert!(json.status.success(), "{}", case.name);
        let read: Certificate = serde_json::from_slice(&json.stdout).unwrap();
        assert_eq!(read, certificate, "{}", case.name);
        let (code, stdout, stderr) = binary_check(&board, &read);
        assert_eq!(code, Some(0), "{}: {stderr}", case.name);
        assert_eq!(stdout, case.expected, "{}", case.name);
    }
}

#[test]
fn malformed_json_is_refused() {
    let board = Board::default();
    let input = board.to_string();
    let json = br#"{"board": [".......A"], "evidence": {"walk": [[7, 0]]}}"#;
    let (code, _, stderr) = gridkit::testdata::binary_check(BINARY, json, input.as_bytes());
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with(
            "error: the certificate is not a statues certificate in JSON: the board, line 2:"
        ),
        "{stderr}"
    );
    let (code, _, _) = gridkit::testdata::binary_check(BINARY, b"", input.as_bytes());
    assert_eq!(code, Some(1));
}

#[test]
fn no_explanation_line_is_longer_than_100_characters() {
    gridkit::testdata::assert_explanation_lines_within("statues", 100, |input| {
        gridkit::testkit::output_of(|i, o| statues::Statues::explain(i, o), input)
    });
}
