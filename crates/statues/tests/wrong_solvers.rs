//! Deliberately wrong solvers, kept so the test data provably tells them apart from a
//! right one: each must get at least one case wrong.

mod common;

use common::{Rules, play};
use gridkit::testdata;
use statues::{Board, Outcome, parse, reference};

/// Every test case as (name, board, expected outcome).
fn cases() -> Vec<(String, Board, Outcome)> {
    testdata::cases("statues")
        .unwrap()
        .into_iter()
        .map(|case| {
            let board = parse(case.input.as_bytes()).unwrap();
            let expected = match case.expected.trim() {
                "WIN" => Outcome::Win,
                "LOSE" => Outcome::Lose,
                other => panic!(
                    "{}: unexpected output {other:?}",
                    testdata::folder("statues")
                        .join(format!("{}.in", case.name))
                        .display()
                ),
            };
            (case.name, board, expected)
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
    for rules in [
        Rules::CORRECT,
        Rules {
            rounds: 8,
            ..Rules::CORRECT
        },
    ] {
        for (name, board, expected) in cases() {
            assert_eq!(play(&board, rules), expected, "{name} under {rules:?}");
        }
    }
}

#[test]
fn every_flawed_solver_fails_some_case() {
    let cases = cases();
    for (flaw, rules) in Rules::FLAWED {
        let caught: Vec<&str> = cases
            .iter()
            .filter(|(_, board, expected)| play(board, rules) != *expected)
            .map(|(name, ..)| name.as_str())
            .collect();
        assert!(
            !caught.is_empty(),
            "no test case catches a solver that {flaw}"
        );
        println!("{flaw}: caught by {}", caught.join(", "));
    }
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
            Rules {
                rounds: 6,
                ..Rules::CORRECT
            }
        ),
        Outcome::Win
    );
    assert_eq!(
        play(
            &board,
            Rules {
                rounds: 7,
                ..Rules::CORRECT
            }
        ),
        Outcome::Lose
    );
}

/// Each hand-made case built against one mistake catches that mistake.
#[test]
fn hand_made_cases_catch_the_mistake_they_were_built_for() {
    let flawed = |flaw: &str| {
        Rules::FLAWED
            .iter()
            .find(|(name, _)| *name == flaw)
            .unwrap()
            .1
    };
    for (name, flaw) in [
        ("waiting-needed", "no waiting move"),
        ("diagonal-squeeze", "no diagonal moves"),
        ("sample3", "checks only the square after the fall"),
        (
            "erratum-2-full-wall-line-2",
            "checks only the square before the fall",
        ),
        ("six-rounds-not-enough", "stops searching after 6 rounds"),
    ] {
        let board = case(name);
        assert_ne!(
            play(&board, flawed(flaw)),
            reference::solve(&board),
            "{name} does not catch a solver that {flaw}"
        );
    }
}
