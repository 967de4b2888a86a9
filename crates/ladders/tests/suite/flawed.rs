//! The flawed solvers, one per classic mistake, must each be caught by the test data:
//! every one misses the expected output by more than the judge's 1e-6 on some case. (The
//! same code holding no wrong belief matches every case: see the unit test of
//! `ladders::testkit::flawed`.)

use gridkit::testdata;
use gridkit::testkit::{
    Flawed, ProblemKit, assert_every_flawed_fails_some_case, cases_failed_by, find_flawed,
    same_numbers,
};
use ladders::Board;
use ladders::testkit::Kit;

/// Each case: name, board and expected answer.
fn cases() -> Vec<(String, Board, f64)> {
    testdata::cases("ladders")
        .unwrap()
        .into_iter()
        .map(|case| {
            let board = ladders::parse_board(case.input.as_bytes()).unwrap();
            (case.name, board, case.expected.trim().parse().unwrap())
        })
        .collect()
}

/// What `flawed` answers on `board`, read back as a number.
fn answer_of(flawed: &Flawed<Board>, board: &Board) -> f64 {
    (flawed.solve)(board).trim().parse().unwrap()
}

/// The judge's rule: every number within 1e-6, absolute or relative.
fn same(found: &str, expected: &str) -> bool {
    same_numbers(found, expected, 1e-6)
}

/// The flawed solver `name`, which must exist.
fn flawed(name: &str) -> &'static Flawed<Board> {
    find_flawed::<Kit>(name).unwrap_or_else(|| panic!("no flawed solver {name}"))
}

/// What the flawed solver `name` answers on the test-data case `case`.
fn answer(name: &str, case: &str) -> f64 {
    let (_, board, _) = cases().into_iter().find(|(n, _, _)| n == case).unwrap();
    answer_of(flawed(name), &board)
}

/// `flawed` fails every case in `expected` (and maybe others).
fn assert_caught_by(name: &str, expected: &[&str]) {
    let caught = cases_failed_by::<Kit>(flawed(name), same);
    for case in expected {
        assert!(caught.iter().any(|c| c == case), "{name}: {caught:?}");
    }
}

#[test]
fn every_flawed_solver_fails_some_case_and_prints_like_the_binary() {
    assert_eq!(Kit::FLAWED.len(), 4);
    assert_every_flawed_fails_some_case::<Kit>(same);
    let (_, board, _) = &cases()[0];
    for flawed in Kit::FLAWED {
        let printed = (flawed.solve)(board);
        assert_eq!(printed, ladders::answer_text(answer_of(flawed, board)));
    }
}

#[test]
fn clamping_the_overshoot_is_caught() {
    // The spec: clamping gives 28.7619 on the empty board.
    assert!((answer("clamped-overshoot", "sample1") - 28.7619).abs() < 1e-4);
    assert_caught_by(
        "clamped-overshoot",
        &[
            "erratum-overshoot-empty-board",
            "erratum-self-loop-ladders-onto-the-last-squares",
        ],
    );
}

#[test]
fn base_plus_ten_h_tops_are_caught() {
    assert_caught_by(
        "ten-h-tops",
        &[
            "erratum-odd-heights-keep-their-column",
            "erratum-short-ladders-from-the-bottom-row",
        ],
    );
}

#[test]
fn forced_climbing_is_caught() {
    // The spec: forcing every climb gives 19.2487 on sample 3.
    assert!((answer("forced-climb", "sample3") - 19.2487).abs() < 1e-4);
    assert_caught_by("forced-climb", &["ladder-refused-when-climbing-hurts"]);
}

#[test]
fn chaining_ladders_is_caught() {
    // The spec: chaining gives 17.7294 on sample 2.
    assert!((answer("chained-ladders", "sample2") - 17.7294).abs() < 1e-4);
    assert_caught_by(
        "chained-ladders",
        &[
            "chain-ladder-onto-ladder-bottom",
            "chain-of-one-row-ladders",
        ],
    );
}
