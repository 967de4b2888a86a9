//! An independent checker of the `--explain` certificates: it replays them by the rules
//! (statues moved literally, one row a round) and trusts nothing from the solver. It runs
//! on every test case and on thousands of generated boards, and refuses every kind of lie.

use std::collections::BTreeSet;

use gridkit::testkit::{ProblemKit, case_rng, scale_of};
use statues::testkit::Kit;
use statues::{
    ANNA, Board, Certificate, Evidence, MARIA, Outcome, SIZE, Square, certify, parse, reference,
};

/// Why the checker refuses a certificate. Rounds count from 1: round `r` is Maria's
/// `r`-th move and the fall after it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Rejection {
    OtherBoard,
    WalkStartsElsewhere,
    NotAKingMove {
        round: usize,
    },
    OntoStatue {
        round: usize,
    },
    Crushed {
        round: usize,
    },
    GoesOnAfterAnna {
        round: usize,
    },
    /// The walk ends neither on Anna nor with the board clear of statues.
    StopsEarly,
    NoSets,
    FirstSetWithoutMaria,
    AnnaReachable {
        round: usize,
    },
    MissingSquare {
        round: usize,
        square: Square,
    },
    LastSetNotEmpty,
}

/// The statues of `board` at the start.
fn statues_of(board: &Board) -> BTreeSet<Square> {
    (0..SIZE)
        .flat_map(|row| (0..SIZE).map(move |col| (row, col)))
        .filter(|&(row, col)| board.has_statue(row, col))
        .collect()
}

/// The statues one fall later: each one row down, those on the bottom row gone.
fn fall(statues: &BTreeSet<Square>) -> BTreeSet<Square> {
    statues
        .iter()
        .filter(|&&(row, _)| row + 1 < SIZE)
        .map(|&(row, col)| (row + 1, col))
        .collect()
}

fn is_king_move(from: Square, to: Square) -> bool {
    to.0 < SIZE && to.1 < SIZE && from.0.abs_diff(to.0) <= 1 && from.1.abs_diff(to.1) <= 1
}

/// Verifies `certificate` for `board` (parsed on its own) and returns what it proves.
fn check(board: &Board, certificate: &Certificate) -> Result<Outcome, Rejection> {
    if certificate.board != *board {
        return Err(Rejection::OtherBoard);
    }
    match &certificate.evidence {
        Evidence::Walk(walk) => check_walk(board, walk).map(|()| Outcome::Win),
        Evidence::Cornered(safe) => check_cornered(board, safe).map(|()| Outcome::Lose),
    }
}

fn check_walk(board: &Board, walk: &[Square]) -> Result<(), Rejection> {
    if walk.first() != Some(&MARIA) {
        return Err(Rejection::WalkStartsElsewhere);
    }
    let mut statues = statues_of(board);
    for (index, pair) in walk.windows(2).enumerate() {
        let (round, from, to) = (index + 1, pair[0], pair[1]);
        if from == ANNA {
            return Err(Rejection::GoesOnAfterAnna { round });
        }
        if !is_king_move(from, to) {
            return Err(Rejection::NotAKingMove { round });
        }
        if statues.contains(&to) {
            return Err(Rejection::OntoStatue { round });
        }
        if to == ANNA {
            // She wins on arrival; the statues do not fall again.
            continue;
        }
        statues = fall(&statues);
        if statues.contains(&to) {
            return Err(Rejection::Crushed { round });
        }
    }
    if walk.last() == Some(&ANNA) || statues.is_empty() {
        Ok(())
    } else {
        Err(Rejection::StopsEarly)
    }
}

fn check_cornered(board: &Board, safe: &[BTreeSet<Square>]) -> Result<(), Rejection> {
    let first = safe.first().ok_or(Rejection::NoSets)?;
    if !first.contains(&MARIA) {
        return Err(Rejection::FirstSetWithoutMaria);
    }
    let every_square: Vec<Square> = (0..SIZE)
        .flat_map(|row| (0..SIZE).map(move |col| (row, col)))
        .collect();
    let mut statues = statues_of(board);
    for (index, pair) in safe.windows(2).enumerate() {
        let (round, now, next) = (index + 1, &pair[0], &pair[1]);
        let fallen = fall(&statues);
        for &from in now {
            for &to in every_square.iter().filter(|&&to| is_king_move(from, to)) {
                if statues.contains(&to) {
                    continue;
                }
                if to == ANNA {
                    return Err(Rejection::AnnaReachable { round });
                }
                if !fallen.contains(&to) && !next.contains(&to) {
                    return Err(Rejection::MissingSquare { round, square: to });
                }
            }
        }
        statues = fallen;
    }
    if safe.last().is_some_and(BTreeSet::is_empty) {
        Ok(())
    } else {
        Err(Rejection::LastSetNotEmpty)
    }
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
/// `None` where it cannot), with what the checker says of it.
fn tampered_walks(
    change: impl Fn(&Board, &[Square], usize) -> Option<Square>,
) -> Vec<(usize, Result<Outcome, Rejection>)> {
    let mut verdicts = Vec::new();
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
                verdicts.push((round, check(&board, &tampered)));
            }
        }
    }
    verdicts
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
    let verdicts =
        tampered_walks(|board, walk, round| square_near(board, walk, round, 1, |before, _| before));
    assert!(
        verdicts.len() > 20,
        "only {} walks tampered",
        verdicts.len()
    );
    for (round, verdict) in verdicts {
        assert_eq!(verdict, Err(Rejection::OntoStatue { round }));
    }
}

#[test]
fn a_step_into_the_square_a_statue_falls_on_is_refused() {
    let verdicts = tampered_walks(|board, walk, round| {
        square_near(board, walk, round, 1, |before, after| !before && after)
    });
    assert!(
        verdicts.len() > 20,
        "only {} walks tampered",
        verdicts.len()
    );
    for (round, verdict) in verdicts {
        assert_eq!(verdict, Err(Rejection::Crushed { round }));
    }
}

#[test]
fn a_two_square_jump_is_refused() {
    let verdicts = tampered_walks(|board, walk, round| {
        square_near(board, walk, round, 2, |before, after| !before && !after)
    });
    assert!(
        verdicts.len() > 20,
        "only {} walks tampered",
        verdicts.len()
    );
    for (round, verdict) in verdicts {
        assert_eq!(verdict, Err(Rejection::NotAKingMove { round }));
    }
}

#[test]
fn a_walk_that_stops_early_is_refused() {
    let mut tampered = 0;
    for (board, certificate) in real_certificates(1_000) {
        let Evidence::Walk(mut walk) = certificate.evidence else {
            continue;
        };
        if walk.len() < 2 {
            continue;
        }
        walk.pop();
        let lie = Certificate {
            board,
            evidence: Evidence::Walk(walk),
        };
        assert_eq!(
            check(&board, &lie),
            Err(Rejection::StopsEarly),
            "on\n{board}"
        );
        tampered += 1;
    }
    assert!(tampered > 20, "only {tampered} walks shortened");
}

#[test]
fn a_lose_set_missing_a_reachable_square_is_refused() {
    let mut tampered = 0;
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
                assert_eq!(
                    check(&board, &lie),
                    Err(Rejection::MissingSquare { round, square })
                );
                tampered += 1;
            }
        }
    }
    assert!(tampered > 20, "only {tampered} sets tampered");
}

#[test]
fn a_lose_whose_last_set_is_not_empty_is_refused() {
    let mut tampered = 0;
    for (board, certificate) in real_certificates(1_000) {
        let Evidence::Cornered(mut safe) = certificate.evidence else {
            continue;
        };
        safe.pop();
        let lie = Certificate {
            board,
            evidence: Evidence::Cornered(safe),
        };
        assert_eq!(
            check(&board, &lie),
            Err(Rejection::LastSetNotEmpty),
            "on\n{board}"
        );
        tampered += 1;
    }
    assert!(tampered > 20, "only {tampered} last sets dropped");
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
    assert_eq!(check(&other, &certificate), Err(Rejection::OtherBoard));
    certificate.evidence = Evidence::Walk(vec![(6, 0)]);
    assert_eq!(
        check(&board, &certificate),
        Err(Rejection::WalkStartsElsewhere)
    );
    certificate.evidence = Evidence::Cornered(vec![BTreeSet::from([(6, 0)]), BTreeSet::new()]);
    assert_eq!(
        check(&board, &certificate),
        Err(Rejection::FirstSetWithoutMaria)
    );
    certificate.evidence = Evidence::Cornered(Vec::new());
    assert_eq!(check(&board, &certificate), Err(Rejection::NoSets));
}

/// A LOSE claimed for a board Maria wins: her sets reach Anna's neighbourhood.
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
    assert_eq!(
        check(&board, &lie),
        Err(Rejection::AnnaReachable { round: 7 })
    );
}
