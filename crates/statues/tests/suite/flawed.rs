//! The flawed solvers, kept so the test data provably tells them apart from a right one:
//! each must get at least one case wrong, and each hand-made case built against one
//! mistake catches it.

use gridkit::testdata;
use gridkit::testkit::{ProblemKit, assert_every_flawed_fails_some_case, find_flawed, same_tokens};
use statues::testkit::Kit;
use statues::testkit::flawed::{Frame, play};
use statues::{Board, Outcome, parse, reference};

/// Every test case as (name, board, expected output).
fn cases() -> Vec<(String, Board, String)> {
    testdata::cases("statues")
        .unwrap()
        .into_iter()
        .map(|case| {
            let board = parse(case.input.as_bytes()).unwrap();
            (case.name, board, case.expected)
        })
        .collect()
}

fn case(name: &str) -> Board {
    cases()
        .into_iter()
        .find(|case| case.0 == name)
        .unwrap_or_else(|| panic!("no case {name}"))
        .1
}

/// The flawed solvers' frame, with the flaws taken out, gets everything right: what makes
/// them fail below is their flaw and nothing else.
#[test]
fn without_its_flaw_the_frame_is_right() {
    for frame in [
        Frame::RIGHT,
        Frame {
            rounds: 8,
            ..Frame::RIGHT
        },
    ] {
        for (name, board, expected) in cases() {
            assert_eq!(
                format!("{}\n", play(&board, frame)),
                expected,
                "{name} under {frame:?}"
            );
        }
    }
}

#[test]
fn every_flawed_solver_fails_some_case() {
    assert_eq!(Kit::FLAWED.len(), 6);
    assert_every_flawed_fails_some_case::<Kit>(same_tokens);
}

/// Maria survives six rounds on this board but is crushed in the seventh, so a search
/// that calls a win after six rounds is wrong and one that waits for seven is right.
#[test]
fn six_rounds_are_not_enough_but_seven_are() {
    let board = case("six-rounds-not-enough");
    assert_eq!(reference::solve(&board), Outcome::Lose);
    assert_eq!(statues::solve(&board), Outcome::Lose);
    assert_eq!(
        play(
            &board,
            Frame {
                rounds: 6,
                ..Frame::RIGHT
            }
        ),
        Outcome::Win
    );
    assert_eq!(
        play(
            &board,
            Frame {
                rounds: 7,
                ..Frame::RIGHT
            }
        ),
        Outcome::Lose
    );
}

/// Each hand-made case built against one mistake catches that mistake.
#[test]
fn hand_made_cases_catch_the_mistake_they_were_built_for() {
    for (name, flawed) in [
        ("waiting-needed", "no-waiting"),
        ("diagonal-squeeze", "no-diagonals"),
        ("sample3", "after-fall-only"),
        ("erratum-2-full-wall-line-2", "before-fall-only"),
        ("six-rounds-not-enough", "six-rounds"),
        // A statue falls into the bottom row, leaves, and Maria walks through its square.
        ("bottom-row-freed-after-fall", "statues-stay-at-bottom"),
        // Four statues: a statue starting on the bottom row is gone when Maria needs its square.
        ("bottom-row-statue-leaves", "statues-stay-at-bottom"),
    ] {
        let board = case(name);
        let flawed = find_flawed::<Kit>(flawed).unwrap_or_else(|| panic!("no {flawed}"));
        assert_ne!(
            (flawed.solve)(&board),
            format!("{}\n", reference::solve(&board)),
            "{name} does not catch a solver that {}",
            flawed.mistake
        );
    }
}
