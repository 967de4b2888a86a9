//! The fast solver against both references on generated boards (fixed seeds):
//! - the literal game by brute force (Reference 1), exhaustively on every 2 x 2 and
//!   3 x 3 board and on thousands of random boards up to 12 x 12;
//! - the jury's table DP (Reference 2) on every generator family up to n = 300.
//!
//! A mismatch prints the board.

use fastrand::Rng;
use gam::testkit::generate::{
    Start, empty, forked, lattice_paths, maze, mirrored, random, scattered, serpentine,
    serpentine_with_holes, with_start,
};
use gam::testkit::wide_layer::wide_layer;
use gam::{Board, Player, jury, reference, solve};

/// Shows a board for a failure message.
fn show(board: &Board) -> String {
    format!("\n{board}")
}

/// How the random boards split, to show that every kind of answer was exercised.
#[derive(Debug, Default)]
struct Tally {
    disconnected: usize,
    odd: usize,
    even_a: usize,
    even_b: usize,
}

impl Tally {
    fn add(&mut self, board: &Board, winner: Option<Player>) {
        let Some(layers) = jury::layers(board) else {
            self.disconnected += 1;
            return;
        };
        match (layers.len() % 2 == 0, winner) {
            (true, _) => self.odd += 1,
            (false, Some(Player::A)) => self.even_a += 1,
            (false, _) => self.even_b += 1,
        }
    }
}

/// Brute force, solver and jury on one board; `None` means disconnected for all three.
fn check_against_brute_force(board: &Board, tally: &mut Tally) {
    let literal = reference::winner(board);
    let fast = solve::winner(board);
    assert_eq!(fast, literal, "solver vs brute force:{}", show(board));
    assert_eq!(
        jury::winner(board),
        literal,
        "jury vs brute force:{}",
        show(board)
    );
    tally.add(board, literal);
}

#[test]
fn every_tiny_board_matches_the_brute_force() {
    let mut tally = Tally::default();
    let mut count = 0;
    for n in 2..=3usize {
        let squares = n * n;
        for a in 0..squares {
            for b in (0..squares).filter(|&b| b != a) {
                for mask in 0..1u32 << squares {
                    // Each colouring once: the start squares are white anyway.
                    if mask >> a & 1 == 0 || mask >> b & 1 == 0 {
                        continue;
                    }
                    let white = (0..squares).map(|s| mask >> s & 1 == 1).collect();
                    let board = Board { n, white, a, b };
                    check_against_brute_force(&board, &mut tally);
                    count += 1;
                }
            }
        }
    }
    assert_eq!(count, 12 * 4 + 72 * 128);
    println!("{count} tiny boards: {tally:?}");
    assert!(tally.even_b > 0 && tally.odd > 0 && tally.disconnected > 0);
}

/// Random boards of every family, small enough for the brute force.
fn small_boards(rng: &mut Rng) -> Vec<Board> {
    let mut boards = Vec::new();
    for _ in 0..1500 {
        let n = rng.usize(4..=12);
        boards.push(forked(rng, n));
    }
    for _ in 0..1500 {
        let n = rng.usize(2..=8);
        let black = rng.f64() * 0.45;
        boards.push(random(rng, n, black));
    }
    for _ in 0..3000 {
        let n = rng.usize(3..=12);
        let (paths, extra) = (rng.usize(1..=4), rng.f64() * 0.3);
        boards.push(lattice_paths(rng, n, paths, extra));
    }
    for _ in 0..600 {
        // A maze with the starts moved to random white squares.
        let n = rng.usize(3..=11);
        let openings = rng.f64() * 0.5;
        let mut board = maze(rng, n, openings, Start::Corner);
        let whites: Vec<usize> = (0..n * n).filter(|&s| board.white[s]).collect();
        board.a = whites[rng.usize(0..whites.len())];
        board.b = whites[rng.usize(0..whites.len())];
        if board.a != board.b {
            boards.push(board);
        }
    }
    for n in 2..=12 {
        for start in Start::BOTH {
            if n <= 12 {
                boards.push(empty(n, start));
            }
            boards.push(serpentine(n, start));
            for _ in 0..4 {
                boards.push(scattered(rng, n, 0.03, start));
                boards.push(scattered(rng, n, 0.2, start));
                boards.push(mirrored(rng, n, 0.1, start));
                boards.push(serpentine_with_holes(rng, n, 1.0, start));
            }
        }
        for shift_a in [false, true] {
            for shift_b in [false, true] {
                boards.extend(wide_layer(n, shift_a, shift_b));
            }
        }
    }
    boards.retain(reference::fits);
    boards
}

#[test]
fn random_small_boards_match_the_brute_force() {
    let mut rng = Rng::with_seed(2008);
    let boards = small_boards(&mut rng);
    assert!(boards.len() >= 5000, "only {} boards", boards.len());
    let mut tally = Tally::default();
    for board in &boards {
        check_against_brute_force(board, &mut tally);
    }
    println!("{} random boards: {tally:?}", boards.len());
    // Every kind of answer, the rare one included (A winning over an even distance).
    assert!(tally.odd >= 1000 && tally.even_b >= 1000, "{tally:?}");
    assert!(tally.even_a >= 100 && tally.disconnected >= 50, "{tally:?}");
}

/// Draws happen only when no white path joins the starts: from every position of a
/// connected board, someone can force a win.
#[test]
fn no_position_of_a_connected_board_is_a_draw() {
    let mut rng = Rng::with_seed(17);
    for _ in 0..300 {
        let n = rng.usize(2..=7);
        let black = rng.f64() * 0.3;
        let board = random(&mut rng, n, black);
        if jury::layers(&board).is_some() {
            assert!(
                reference::every_state_decided(&board),
                "a draw:{}",
                show(&board)
            );
        }
    }
}

/// Every family at sizes up to 300 (the big ones few, to stay fast).
fn family_boards(rng: &mut Rng) -> Vec<Board> {
    let mut boards = Vec::new();
    let add_family = |rng: &mut Rng, n: usize, boards: &mut Vec<Board>| {
        let base = [
            empty(n, Start::Corner),
            scattered(rng, n, 0.03, Start::Corner),
            scattered(rng, n, 0.2, Start::Corner),
            mirrored(rng, n, 0.02, Start::Corner),
            serpentine(n, Start::Corner),
            serpentine_with_holes(rng, n, 1.0, Start::Corner),
            serpentine_with_holes(rng, n, 1.0 / 3.0, Start::Corner),
            maze(rng, n, 0.0, Start::Corner),
            maze(rng, n, 0.05, Start::Corner),
            maze(rng, n, 0.3, Start::Corner),
        ];
        for board in base {
            for start in Start::BOTH {
                boards.push(with_start(&board, start));
            }
        }
        for (shift_a, shift_b) in [(false, false), (true, true)] {
            boards.extend(wide_layer(n, shift_a, shift_b));
        }
    };
    for n in (2..=40).chain([47, 64, 65, 100, 129, 150]) {
        add_family(rng, n, &mut boards);
    }
    for _ in 0..300 {
        let n = rng.usize(13..=40);
        let (paths, extra) = (rng.usize(1..=6), rng.f64() * 0.4);
        boards.push(lattice_paths(rng, n, paths, extra));
    }
    // n = 300: the shapes that matter most, once each.
    boards.push(empty(300, Start::Corner));
    boards.push(mirrored(rng, 300, 0.01, Start::Corner));
    boards.push(scattered(rng, 300, 0.03, Start::Corner));
    boards.push(maze(rng, 300, 0.05, Start::Corner));
    boards.push(serpentine_with_holes(rng, 300, 1.0, Start::Corner));
    for (shift_a, shift_b) in [(false, false), (true, true)] {
        boards.extend(wide_layer(300, shift_a, shift_b));
    }
    boards
}

#[test]
fn the_solver_matches_the_jury_on_every_family() {
    let mut rng = Rng::with_seed(1_000_003);
    let boards = family_boards(&mut rng);
    let mut solver = solve::Solver::default();
    let mut tally = Tally::default();
    for board in &boards {
        let table = jury::winner(board);
        assert_eq!(
            solver.winner(board),
            table,
            "solver vs jury:{}",
            show(board)
        );
        // A fresh solver too: scratch space kept between boards must not matter.
        assert_eq!(solve::winner(board), table);
        tally.add(board, table);
    }
    println!("{} family boards: {tally:?}", boards.len());
    assert!(tally.even_a >= 100 && tally.even_b >= 100, "{tally:?}");
}
