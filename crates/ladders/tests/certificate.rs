//! A checker of the `--explain` certificate that shares nothing with the solver: it
//! evaluates the certificate's climbing choices by value iteration on the game itself,
//! played square by square along the path, and accepts the certificate only if
//! - it lists every ladder of the board once, with the top the board gives it;
//! - its values are those of its choices, to 1e-9, for every square and every ladder;
//! - no single choice flipped would do better (the one-step improvement test, which by
//!   policy iteration makes the choices optimal: the values are the minimum ones);
//! - the printed answer is the value of the start.
//!
//! It runs on every test-data case and thousands of generated boards, and rejects each
//! kind of lie told in a real certificate.

use gridkit::Pos;
use gridkit::testkit::{ProblemKit, case_rng, output_of, scale_of};
use ladders::testkit::Kit;
use ladders::{Board, Certificate, certify};

const SIZE: usize = 10;
const START: Pos = Pos::new(SIZE - 1, 0);
/// How far the certificate may be from the checker's own values.
const TOLERANCE: f64 = 1e-9;
/// Value iteration stops once a sweep moves no value by more than this. The slowest
/// square, next to the Goal, keeps 5/6 of its error a sweep, so the values are then
/// within about 5 x 1e-13 of the fixed point: far inside [`TOLERANCE`].
const SWEEP_CHANGE: f64 = 1e-13;
/// More sweeps than the slowest board needs (a few hundred).
const MAX_SWEEPS: usize = 20_000;

/// The squares in the order the path visits them: the bottom row (line 10) left to
/// right, the next one up right to left, and so on, alternating, to the Goal.
fn path() -> Vec<Pos> {
    let mut squares = Vec::new();
    for (rows_up, row) in (0..SIZE).rev().enumerate() {
        let mut cols: Vec<usize> = (0..SIZE).collect();
        if rows_up % 2 == 1 {
            cols.reverse();
        }
        squares.extend(cols.into_iter().map(|col| Pos::new(row, col)));
    }
    squares
}

/// Where the board's ladder at `base` leads: `height` rows up, same column.
fn top_on_board(board: &Board, base: Pos) -> Option<Pos> {
    let height = usize::from(board.height(base.row, base.col));
    (height > 0).then(|| Pos::new(base.row - height, base.col))
}

/// Which ladders the player climbs, by base square.
type Policy = [[bool; SIZE]; SIZE];

/// The certificate's ladders as a policy, if they are exactly the board's ladders.
fn policy_of(board: &Board, certificate: &Certificate) -> Result<Policy, String> {
    let mut listed = [[false; SIZE]; SIZE];
    let mut climbs = [[false; SIZE]; SIZE];
    for ladder in &certificate.ladders {
        let base = ladder.base;
        if base.row >= SIZE || base.col >= SIZE {
            return Err(format!("a ladder off the board at {base:?}"));
        }
        if top_on_board(board, base) != Some(ladder.top) {
            return Err(format!("no ladder from {base:?} to {:?}", ladder.top));
        }
        if std::mem::replace(&mut listed[base.row][base.col], true) {
            return Err(format!("the ladder at {base:?} is listed twice"));
        }
        climbs[base.row][base.col] = ladder.climb;
    }
    if certificate.ladders.len() != board.ladders() {
        return Err(format!(
            "{} ladders listed, the board has {}",
            certificate.ladders.len(),
            board.ladders()
        ));
    }
    Ok(climbs)
}

/// The expected turns to the Goal from every square when the player climbs exactly the
/// ladders `climbs` says, by value iteration on the literal game: each turn the die
/// shows 1 to 6, the player walks that many squares along the path, or stays put if the
/// Goal is closer than that; ending on a ladder's base she climbs it if `climbs` says
/// so, and goes no further.
fn evaluate(board: &Board, climbs: &Policy) -> Result<[[f64; SIZE]; SIZE], String> {
    let path = path();
    let goal = path.len() - 1;
    let mut value = [[0.0f64; SIZE]; SIZE];
    for _ in 0..MAX_SWEEPS {
        let mut next = [[0.0f64; SIZE]; SIZE];
        let mut change = 0.0f64;
        for (index, &pos) in path.iter().enumerate().take(goal) {
            let mut total = 0.0;
            for roll in 1..=6 {
                let end = match path.get(index + roll) {
                    None => pos,
                    Some(&landed) if climbs[landed.row][landed.col] => {
                        top_on_board(board, landed).unwrap_or(landed)
                    }
                    Some(&landed) => landed,
                };
                total += value[end.row][end.col];
            }
            next[pos.row][pos.col] = 1.0 + total / 6.0;
            change = change.max((next[pos.row][pos.col] - value[pos.row][pos.col]).abs());
        }
        value = next;
        if change <= SWEEP_CHANGE {
            return Ok(value);
        }
    }
    Err(format!(
        "value iteration did not settle in {MAX_SWEEPS} sweeps"
    ))
}

fn close(found: f64, expected: f64) -> bool {
    (found - expected).abs() <= TOLERANCE
}

/// Accepts `certificate` as the explanation of `printed` (the binary's output) for
/// `board`, or says what is wrong with it.
fn check(board: &Board, printed: &str, certificate: &Certificate) -> Result<(), String> {
    let climbs = policy_of(board, certificate)?;
    let value = evaluate(board, &climbs)?;
    let at = |pos: Pos| value[pos.row][pos.col];
    for pos in path() {
        let stated = certificate.expected[pos.row][pos.col];
        if !close(stated, at(pos)) {
            return Err(format!("{pos:?} is worth {}, not {stated}", at(pos)));
        }
    }
    for ladder in &certificate.ladders {
        let (base, top) = (ladder.base, ladder.top);
        if !close(ladder.stay, at(base)) || !close(ladder.at_top, at(top)) {
            return Err(format!(
                "the ladder at {base:?}: stay {} and top {} stated, {} and {} found",
                ladder.stay,
                ladder.at_top,
                at(base),
                at(top)
            ));
        }
        let (chosen, other) = if ladder.climb {
            (at(top), at(base))
        } else {
            (at(base), at(top))
        };
        if other < chosen - TOLERANCE {
            return Err(format!(
                "flipping the choice at {base:?} improves {chosen} to {other}"
            ));
        }
    }
    let answer: f64 = printed
        .trim()
        .parse()
        .map_err(|_| format!("the answer {printed:?} is no number"))?;
    if !close(answer, at(START)) {
        return Err(format!(
            "answer {answer}, but the start is worth {}",
            at(START)
        ));
    }
    Ok(())
}

/// What `ladders` prints for `board`.
fn printed_answer(board: &Board) -> String {
    let input = Kit::render(board);
    output_of(
        |input, output| ladders::run(input, output),
        input.as_bytes(),
    )
}

/// Checks the real certificate of `board`, with the answer the solver prints for it.
fn check_real(board: &Board) -> Result<(), String> {
    let printed = printed_answer(board);
    check(board, &printed, &certify(board))
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

/// Every test-data board with ladders, its certificate and its printed answer.
fn real_certificates() -> Vec<(String, Board, String, Certificate)> {
    test_data()
        .into_iter()
        .filter(|(_, board)| board.ladders() > 0)
        .map(|(name, board)| {
            let printed = printed_answer(&board);
            let certificate = certify(&board);
            (name, board, printed, certificate)
        })
        .collect()
}

/// `lie` told in every real certificate (where it can be told) is rejected for `reason`
/// (a part of the checker's message); returns how many times it was told.
fn assert_rejected(reason: &str, lie: impl Fn(&Board, &mut Certificate) -> bool) -> usize {
    let mut told = 0;
    for (name, board, printed, certificate) in real_certificates() {
        let mut tampered = certificate.clone();
        if lie(&board, &mut tampered) {
            told += 1;
            match check(&board, &printed, &tampered) {
                Ok(()) => panic!("{name}: the lie is accepted"),
                Err(error) => assert!(error.contains(reason), "{name}: {error}"),
            }
        }
    }
    assert!(told > 0, "the lie was never told");
    told
}

#[test]
fn a_ladder_value_off_by_a_thousandth_is_rejected() {
    assert_rejected("the ladder at", |_, certificate| {
        certificate.ladders[0].at_top += 1e-3;
        true
    });
    assert_rejected("the ladder at", |_, certificate| {
        let last = certificate.ladders.len() - 1;
        certificate.ladders[last].stay -= 1e-3;
        true
    });
}

#[test]
fn a_square_value_off_by_a_thousandth_is_rejected() {
    for pos in [Pos::new(0, 9), Pos::new(5, 5), START] {
        assert_rejected("is worth", |_, certificate| {
            certificate.expected[pos.row][pos.col] += 1e-3;
            true
        });
    }
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
fn a_choice_flipped_to_the_worse_one_is_rejected() {
    // Flipped alone: the stated values are no longer those of the choices.
    assert_rejected("is worth", |_, certificate| flip_to_worse(certificate));
    // Flipped with every value made consistent with it: only the one-step improvement
    // test can tell.
    let told = assert_rejected("flipping", |board, certificate| {
        if !flip_to_worse(certificate) {
            return false;
        }
        let climbs = policy_of(board, certificate).unwrap();
        certificate.expected = evaluate(board, &climbs).unwrap();
        for ladder in &mut certificate.ladders {
            ladder.stay = certificate.expected[ladder.base.row][ladder.base.col];
            ladder.at_top = certificate.expected[ladder.top.row][ladder.top.col];
        }
        true
    });
    eprintln!("{told} consistent flips rejected");
}

#[test]
fn a_missing_or_moved_ladder_is_rejected() {
    assert_rejected("ladders listed", |_, certificate| {
        certificate.ladders.remove(0);
        true
    });
    // One row lower: still on the board (at most the base), but not the ladder's top.
    assert_rejected("no ladder from", |_, certificate| {
        let top = &mut certificate.ladders[0].top;
        top.row += 1;
        true
    });
}

#[test]
fn a_wrong_printed_answer_is_rejected() {
    for (name, board, printed, certificate) in real_certificates() {
        let answer: f64 = printed.trim().parse().unwrap();
        let wrong = ladders::answer_text(answer + 1e-6);
        let error = check(&board, &wrong, &certificate).unwrap_err();
        assert!(error.starts_with("answer"), "{name}: {error}");
    }
}
