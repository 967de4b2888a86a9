//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::fs;
use std::path::PathBuf;

use gam::{Board, Player};
use gridkit::Reader;

/// One input file of `testdata/gam` and its expected output.
pub struct Case {
    pub name: String,
    pub input: String,
    pub expected: Option<String>,
}

pub fn testdata_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/gam")
}

/// Every `*.in` file, sorted by name.
pub fn cases() -> Vec<Case> {
    let mut paths: Vec<PathBuf> = fs::read_dir(testdata_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| Case {
            name: path.file_stem().unwrap().to_string_lossy().into_owned(),
            input: fs::read_to_string(&path).unwrap(),
            expected: fs::read_to_string(path.with_extension("out")).ok(),
        })
        .collect()
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
