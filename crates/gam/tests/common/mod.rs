//! Helpers shared by the integration tests.
#![allow(dead_code)]

use gam::{Board, Player};
use gridkit::Reader;
use gridkit::testdata::Case;

/// Every case of `testdata/gam`, sorted by name; panics if an `.in` lacks its `.out` or
/// the other way round.
pub fn cases() -> Vec<Case> {
    gridkit::testdata::cases("gam").unwrap_or_else(|error| panic!("testdata/gam: {error}"))
}

/// The boards of a valid input.
pub fn boards(input: &str) -> Vec<Board> {
    let mut reader = Reader::new(input.as_bytes());
    let tests = gam::parse::read_test_count(&mut reader).unwrap();
    (1..=tests)
        .map(|test| gam::parse::read_board(&mut reader, test).unwrap().0)
        .collect()
}

/// The answers of an expected output.
pub fn answers(output: &str) -> Vec<Player> {
    output
        .split_whitespace()
        .map(|token| match token {
            "A" => Player::A,
            "B" => Player::B,
            other => panic!("not an answer: {other:?}"),
        })
        .collect()
}

/// What `run_with` prints for `input` with the given solver.
pub fn output_of(input: &str, solver: impl FnMut(&Board) -> Option<Player>) -> String {
    let mut output = Vec::new();
    gam::run_with(input.as_bytes(), &mut output, solver).unwrap();
    String::from_utf8(output).unwrap()
}

/// The number of white squares A's piece can reach (what the brute force must store).
pub fn region_size(board: &Board) -> usize {
    let distance = gridkit::bfs_by(board.white.len(), &[board.a], |square| {
        board.white_neighbours(square)
    });
    distance
        .iter()
        .filter(|&&d| d != gridkit::UNREACHED)
        .count()
}

/// Shows a board for a failure message.
pub fn show(board: &Board) -> String {
    format!("\n{}", board.rows().join("\n"))
}
