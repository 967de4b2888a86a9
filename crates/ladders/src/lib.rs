//! # Codeforces 1245E "Hyakugoku and Ladders"
//!
//! <https://codeforces.com/problemset/problem/1245/E>. Limits: 1 s, 256 MB.
//!
//! A 10 x 10 board is walked along a snaking path from the bottom-left square to the
//! Goal, the top-left one: the bottom row runs right, each row runs opposite to the one
//! below. A turn rolls a fair die and moves exactly that many squares, or not at all when
//! the Goal is closer than the roll. Landing on a ladder's base, the player may climb it
//! to the square `h` rows higher in the same column, but never takes a second ladder in
//! the same turn. The answer is the minimum expected number of turns, printed with 10
//! decimals (accepted within 1e-6).
//!
//! Input: ten lines of ten heights, top row first, `0 <= h < i` on line `i`, no ladder on
//! the start square. The parser refuses anything else with the line and column.
//!
//! ## Idea
//! Number the squares 0..=99 along the path. Every move goes forward or nowhere, so the
//! expected values follow by backward induction from the Goal; the only cycle is the
//! self-loop of the overshooting rolls, solved in closed form: with `k` of the six faces
//! overshooting at square `p`, `E[p] = (6 + sum of best(p + r) over the others) / (6 - k)`,
//! where `best(q) = min(E[q], E[top(q)])`.
//!
//! ## Complexity
//! O(100 x 6) time and O(100) memory, independent of the input.
//!
//! ## Certificates
//! `ladders --explain` prints the answer, then its [`Certificate`]: the expected turns
//! from every square laid out as the input's board, and for every ladder the value of
//! staying on its base against the value at its top, and the choice made.
//! [`check`](mod@check) confirms it without this solver, by the Bellman optimality
//! equations checked square by square: every value is one turn plus the average over the
//! die of the values the stated choices lead to, every choice is the better one, and the
//! Goal is worth 0 (within 1e-9; see there why that proves the minimum). `--certificate`
//! prints the certificate as JSON, with the board it is for, and `--check FILE` checks such
//! a file against the board on stdin and prints the answer it proves.
//!
//! The input model ([`board`], [`parse`]), the certificate's types, the checker and
//! [`check_certificate`] (what `--check` runs) are the crate `ladders_proof`, re-exported
//! here. This crate depends on it and not the other way round, so the checker cannot call
//! the solver: that would not compile.
//!
//! [`Ladders`] is the problem as gridkit's `Problem`: its limits, and the modes of the
//! binary (whose `main` is the trait's), all written from one checked certificate.
//!
//! [`mod@reference`] holds an independent, slower oracle (value iteration on board
//! coordinates) used by the tests and the test-data generator.
#![forbid(unsafe_code)]

pub mod certificate;
mod definition;
pub mod reference;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

use std::io::{BufRead, Write};

pub use certificate::{Explained, certify};
pub use definition::Ladders;
pub use ladders_proof::{
    Board, Certificate, DECIMALS, LadderChoice, answer_text, board, check, check_certificate,
    parse, parse_board, render,
};
pub use solve::solve;

/// Parses a board from `input`, solves it and writes the answer to `output`.
///
/// # Errors
/// Malformed input (the message names the line and column) or a failed write.
pub fn run<R: BufRead, W: Write>(input: R, mut output: W) -> anyhow::Result<()> {
    let board = parse_board(input)?;
    render(solve(&board), &mut output)?;
    output.flush()?;
    Ok(())
}
