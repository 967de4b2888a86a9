//! The test kit keeps its promises: generated boards and every simpler candidate are
//! legal boards that round-trip through the parser, candidates are strictly simpler, and
//! stress testing finds and shrinks a failing board for every flawed solver.

use gridkit::testkit::{Flawed, ProblemKit, RAMP, case_rng, output_of, scale_of, shrink};
use ladders::Board;
use ladders::testkit::Kit;

const SIZE: usize = 10;
/// Stress cases tried per flawed solver before giving up.
const BUDGET: u64 = 2_000;
const SEED: u64 = 1245;

/// The statement's promises: `0 <= h < i` on line `i` (so none on line 1 and none
/// passing the top), no ladder on the start square; and the text parses back equal.
fn assert_legal(board: &Board) {
    for row in 0..SIZE {
        for col in 0..SIZE {
            let height = usize::from(board.height(row, col));
            assert!(height <= row, "line {}: {height}\n{board}", row + 1);
        }
    }
    assert_eq!(
        board.height(SIZE - 1, 0),
        0,
        "a ladder on the start\n{board}"
    );
    assert_eq!(&Kit::parse(&Kit::render(board)).unwrap(), board);
}

/// What shrinking must reduce: the sum of all heights.
fn size(board: &Board) -> u32 {
    board.rows().iter().flatten().map(|&h| u32::from(h)).sum()
}

#[test]
fn generated_boards_are_legal_and_grow_with_the_scale() {
    let ladders_at = |scale: f64| -> usize {
        (0..200)
            .map(|seed| {
                let board = Kit::generate(&mut fastrand::Rng::with_seed(seed), scale);
                assert_legal(&board);
                board.ladders()
            })
            .sum()
    };
    let smallest = ladders_at(0.0);
    assert!(
        smallest <= 200,
        "scale 0 has {smallest} ladders over 200 boards"
    );
    let mut previous = smallest;
    for scale in [0.1, 0.4, 1.0] {
        let total = ladders_at(scale);
        assert!(
            total > previous,
            "scale {scale}: {total} ladders, {previous} before"
        );
        previous = total;
    }
    for seed in 0..200 {
        let board = Kit::generate(&mut fastrand::Rng::with_seed(seed), 0.0);
        assert!(board.ladders() <= 1, "{board}");
        assert!(board.rows().iter().flatten().all(|&h| h <= 1), "{board}");
    }
}

#[test]
fn simpler_candidates_are_legal_strictly_simpler_and_few() {
    let mut most = 0;
    // Cases of the stress schedule, from the smallest boards to full scale and beyond.
    for case in (0..3 * RAMP).step_by(7) {
        let board = Kit::generate(&mut case_rng(SEED, case), scale_of(case));
        let candidates = Kit::simpler(&board);
        assert_eq!(candidates.is_empty(), board.ladders() == 0, "{board}");
        most = most.max(candidates.len());
        for candidate in &candidates {
            assert_legal(candidate);
            assert!(size(candidate) < size(&board), "{candidate}from\n{board}");
        }
    }
    eprintln!("at most {most} candidates");
    assert!(most <= 300, "{most} candidates");
}

/// The judge's rule: one number, within 1e-6 absolute or relative.
fn same_answer(found: &str, expected: &str) -> bool {
    match (found.trim().parse::<f64>(), expected.trim().parse::<f64>()) {
        (Ok(found), Ok(expected)) => {
            let error = (found - expected).abs();
            error <= 1e-6 || error <= 1e-6 * expected.abs()
        }
        _ => false,
    }
}

fn fails(flawed: &Flawed<Board>, board: &Board) -> bool {
    !same_answer(&(flawed.solve)(board), &Kit::answer(board))
}

#[test]
fn stress_testing_finds_and_shrinks_a_failure_of_every_flawed_solver() {
    for flawed in Kit::FLAWED {
        let found = (0..BUDGET).find_map(|case| {
            let board = Kit::generate(&mut case_rng(SEED, case), scale_of(case));
            fails(flawed, &board).then_some((case, board))
        });
        let Some((case, board)) = found else {
            panic!("{}: no failure in {BUDGET} cases", flawed.name);
        };
        let (small, steps) = shrink(board.clone(), Kit::simpler, |b| fails(flawed, b));
        assert!(fails(flawed, &small));
        assert!(
            Kit::simpler(&small).iter().all(|b| !fails(flawed, b)),
            "{}: not 1-minimal\n{small}",
            flawed.name
        );
        eprintln!(
            "{}: case {case} fails ({} ladders, heights summing to {}); shrunk in {steps} \
             steps to {} ladders, heights summing to {}:\n{small}",
            flawed.name,
            board.ladders(),
            size(&board),
            small.ladders(),
            size(&small)
        );
    }
}

/// `answer` and `explain` are what `ladders --explain` prints, in that order.
#[test]
fn answer_and_explanation_are_what_the_binary_prints() {
    for case in gridkit::testdata::cases("ladders").unwrap() {
        let board = Kit::parse(&case.input).unwrap();
        assert_eq!(Kit::answer(&board), case.expected, "{}", case.name);
        let explained = output_of(
            |input, output| ladders::explain(input, output),
            case.input.as_bytes(),
        );
        let expected = format!("{}\n{}", Kit::answer(&board), Kit::explain(&board));
        assert_eq!(explained, expected, "{}", case.name);
    }
}
