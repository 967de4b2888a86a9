//! The test data proves itself: every input has its output, every output is the jury
//! DP's answer (Reference 2, never the solver's), small boards agree with the brute
//! force (Reference 1), the solver reproduces everything, and the files follow the
//! official layout.

use gam::testkit::{Kit, answers};
use gam::{Board, jury, reference};
use gridkit::testdata::Case;
use gridkit::testkit::{ProblemKit, output_of};

/// Every case of `testdata/gam`, sorted by name; panics if an `.in` lacks its `.out` or
/// the other way round.
fn cases() -> Vec<Case> {
    gridkit::testdata::cases("gam").unwrap_or_else(|error| panic!("testdata/gam: {error}"))
}

fn boards(input: &str) -> Vec<Board> {
    Kit::parse(input).unwrap_or_else(|error| panic!("{error:#}"))
}

/// `cases` refuses an `.in` without its `.out` (and the other way round).
#[test]
fn every_input_has_an_output() {
    let cases = cases();
    assert!(cases.len() >= 50, "only {} inputs", cases.len());
}

#[test]
fn expected_outputs_are_the_jury_answers() {
    for case in cases() {
        let jury = |input: &[u8], output: &mut Vec<u8>| gam::run_with(input, output, jury::winner);
        assert_eq!(
            output_of(jury, case.input.as_bytes()),
            case.expected,
            "{}",
            case.name
        );
    }
}

#[test]
fn the_solver_reproduces_every_expected_output() {
    gridkit::testdata::assert_solver_reproduces("gam", |input, output| gam::run(input, output));
}

#[test]
fn small_boards_agree_with_the_brute_force() {
    let mut checked = 0;
    for case in cases() {
        let expected = answers(&case.expected).unwrap();
        for (index, board) in boards(&case.input).iter().enumerate() {
            if reference::fits(board) {
                let literal = reference::winner(board);
                assert_eq!(
                    literal,
                    Some(expected[index]),
                    "{} test {}:\n{board}",
                    case.name,
                    index + 1,
                );
                checked += 1;
            }
        }
    }
    // Groups 1 to 4, the sample and the hand-made rule cases.
    println!("{checked} boards checked by brute force");
    assert!(checked >= 60, "only {checked} boards were small enough");
}

#[test]
fn the_official_layout() {
    let cases = cases();
    let find = |name: &str| {
        let case = cases.iter().find(|case| case.name == name);
        boards(&case.unwrap_or_else(|| panic!("{name}.in missing")).input)
    };
    for group in 1..=15 {
        for (file, tests) in [("a", 6), ("b", 6), ("c", 2)] {
            let name = format!("gam{group}{file}");
            let found = find(&name);
            assert_eq!(found.len(), tests, "{name}");
            let largest = found.iter().map(|board| board.n).max().unwrap();
            match group {
                1..=6 => assert!(largest <= 40, "{name}: n = {largest}"),
                7..=9 => assert!((41..=150).contains(&largest), "{name}: n = {largest}"),
                _ => assert!(found.iter().all(|board| board.n == 300), "{name}"),
            }
        }
    }
    // Group 1 covers the boundary cases: n = 2, adjacent starts, both parities.
    let group_one: Vec<_> = ["gam1a", "gam1b", "gam1c"]
        .iter()
        .flat_map(|name| find(name))
        .collect();
    assert!(group_one.iter().any(|board| board.n == 2));
    let distances: Vec<usize> = group_one
        .iter()
        .map(|board| jury::layers(board).unwrap().len() - 1)
        .collect();
    assert!(distances.contains(&1));
    assert!(distances.iter().any(|d| d % 2 == 0) && distances.iter().any(|d| d % 2 == 1));
}

#[test]
fn stress_files_are_what_they_claim() {
    let cases = cases();
    let find = |name: &str| boards(&cases.iter().find(|case| case.name == name).unwrap().input);

    // heavy: ten n = 300 boards with an even distance and big tables.
    let heavy = find("heavy");
    assert_eq!(heavy.len(), 10);
    for board in &heavy {
        assert_eq!(board.n, 300);
        let layers = jury::layers(board).unwrap();
        assert_eq!((layers.len() - 1) % 2, 0, "odd distance in heavy.in");
        assert!(jury::table_entries(board).unwrap() >= 5_000_000);
    }

    // wide-layer: at n = 300 one layer holds over 3n squares (1024).
    let wide = find("wide-layer");
    let widest = wide
        .iter()
        .filter(|board| board.n == 300)
        .map(|board| {
            jury::layers(board)
                .unwrap()
                .iter()
                .map(Vec::len)
                .max()
                .unwrap()
        })
        .min()
        .unwrap();
    assert!(widest >= 3 * 300, "widest layer only {widest}");
    assert_eq!(widest, 1024);

    // mazes: n = 300; the perfect ones are long, the braided ones have many paths.
    let mazes = find("mazes");
    assert!(mazes.iter().all(|board| board.n == 300));
    let distances: Vec<usize> = mazes
        .iter()
        .map(|board| jury::layers(board).unwrap().len() - 1)
        .collect();
    assert!(distances.iter().any(|&d| d > 10_000), "{distances:?}");
    assert!(
        distances.iter().any(|&d| d % 2 == 0 && d < 2_000),
        "{distances:?}"
    );
}
