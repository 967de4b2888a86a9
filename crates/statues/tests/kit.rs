//! The test kit itself: generated boards and every shrinking step are valid boards, and
//! stress testing finds and shrinks a failure of every flawed solver quickly.

use gridkit::testkit::{Flawed, ProblemKit, case_rng, scale_of, shrink};
use statues::testkit::Kit;
use statues::{ANNA, Board, MARIA, SIZE};

/// At most this many stress cases to find a failure of each flawed solver.
const BUDGET: u64 = 2_000;

/// The statement's promises, beyond what `Board` guarantees by construction.
fn assert_valid(board: &Board) {
    let text = Kit::render(board);
    let parsed = Kit::parse(&text).unwrap_or_else(|error| panic!("{error:#} on\n{text}"));
    assert_eq!(
        &parsed, board,
        "the board does not survive a round trip:\n{text}"
    );
    assert!(!board.has_statue(MARIA.0, MARIA.1) && !board.has_statue(ANNA.0, ANNA.1));
}

/// Shrinking's measure: fewer statues first, then lower ones (less height above the
/// bottom in all).
fn measure(board: &Board) -> (usize, usize) {
    let height = (0..SIZE)
        .flat_map(|row| (0..SIZE).map(move |col| (row, col)))
        .filter(|&(row, col)| board.has_statue(row, col))
        .map(|(row, _)| SIZE - row)
        .sum();
    (board.statues(), height)
}

#[test]
fn generated_boards_are_valid_and_grow_with_the_scale() {
    for case in 0..3_000 {
        let scale = scale_of(case);
        let board = Kit::generate(&mut case_rng(5, case), scale);
        assert_valid(&board);
        if scale == 0.0 {
            assert!(board.statues() <= 2, "case {case} at scale 0:\n{board}");
        }
    }
    // Full scale reaches crowded boards.
    let most = (0..200)
        .map(|case| Kit::generate(&mut case_rng(6, case), 1.0).statues())
        .max();
    assert!(most > Some(40), "at most {most:?} statues at full scale");
}

#[test]
fn every_simpler_board_is_valid_and_strictly_simpler() {
    for case in 0..600 {
        let board = Kit::generate(&mut case_rng(9, case * 5), scale_of(case * 5));
        let candidates = Kit::simpler(&board);
        assert!(candidates.len() <= 2 * board.statues());
        assert_eq!(candidates.is_empty(), board.statues() == 0);
        for candidate in candidates {
            assert_valid(&candidate);
            assert!(
                measure(&candidate) < measure(&board),
                "{candidate}\nfrom\n{board}"
            );
        }
    }
}

/// The judge compares tokens.
fn fails(flawed: &Flawed<Board>, board: &Board) -> bool {
    let tokens = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    tokens(&(flawed.solve)(board)) != tokens(&Kit::answer(board))
}

#[test]
fn stress_finds_and_shrinks_a_failure_of_every_flawed_solver() {
    for flawed in Kit::FLAWED {
        let found = (0..BUDGET)
            .map(|case| {
                (
                    case,
                    Kit::generate(&mut case_rng(2024, case), scale_of(case)),
                )
            })
            .find(|(_, board)| fails(flawed, board));
        let Some((case, board)) = found else {
            panic!("{BUDGET} stress cases do not catch {}", flawed.name);
        };
        let (small, steps) = shrink(board, Kit::simpler, |board| fails(flawed, board));
        assert!(fails(flawed, &small));
        assert!(
            Kit::simpler(&small)
                .iter()
                .all(|candidate| !fails(flawed, candidate)),
            "the shrunk board of {} is not 1-minimal:\n{small}",
            flawed.name
        );
        println!(
            "{}: case {case} with {} statues, shrunk in {steps} steps to {} statues:\n{small}",
            flawed.name,
            board.statues(),
            small.statues()
        );
    }
}
