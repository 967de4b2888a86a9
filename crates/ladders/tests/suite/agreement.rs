//! The solver agrees with the reference on thousands of random boards of every style
//! (sparse to full, short to top-reaching ladders, chains of ladders, ladders around the
//! end of the path).

use ladders::reference;
use ladders::testkit::generate::{STYLES, random_board};

/// Boards per style; with 13 styles, 4,160 boards in all.
const BOARDS_PER_STYLE: u64 = 320;

/// Both answers are below 40; the reference stops within about 1e-12 of the fixed point.
const TOLERANCE: f64 = 1e-9;

#[test]
fn solver_matches_reference_on_random_boards() {
    let mut compared = 0;
    for (index, style) in STYLES.iter().enumerate() {
        let mut rng = fastrand::Rng::with_seed(0x1245_e000 + index as u64);
        for _ in 0..BOARDS_PER_STYLE {
            let board = random_board(&mut rng, style);
            let fast = ladders::solve(&board);
            let slow = reference::expected_turns(&board);
            assert!(
                (fast - slow).abs() <= TOLERANCE,
                "style {}: solver {fast:.12}, reference {slow:.12} on\n{board}",
                style.name
            );
            compared += 1;
        }
    }
    assert_eq!(compared, STYLES.len() as u64 * BOARDS_PER_STYLE);
}

/// Every square of the reference's table is a fixed point of the literal rules checked in
/// a third way, on path numbers: so the reference did converge, and to the right values.
#[test]
fn the_reference_stops_at_a_fixed_point() {
    let mut rng = fastrand::Rng::with_seed(7);
    for style in STYLES {
        let board = random_board(&mut rng, style);
        let value = reference::value_iteration(&board);
        // Path number -> (row from the top, column), walking the snake from the start.
        let squares: Vec<(usize, usize)> = (0..100)
            .map(|p| {
                let k = p / 10;
                let along = p % 10;
                let col = if k % 2 == 0 { along } else { 9 - along };
                (9 - k, col)
            })
            .collect();
        let at = |p: usize| value[gridkit::Pos::new(squares[p].0, squares[p].1)];
        let landing = |q: usize| {
            let (row, col) = squares[q];
            let height = usize::from(board.height(row, col));
            let top = squares
                .iter()
                .position(|&s| s == (row - height, col))
                .unwrap();
            at(q).min(at(top))
        };
        assert_eq!(at(99), 0.0);
        for p in 0..99 {
            let total: f64 = (1..=6)
                .map(|r| if p + r > 99 { at(p) } else { landing(p + r) })
                .sum();
            let residual = at(p) - (1.0 + total / 6.0);
            assert!(
                residual.abs() < 1e-11,
                "square {p}: residual {residual:e} on\n{board}"
            );
        }
    }
}
