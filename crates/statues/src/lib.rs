//! Codeforces 128A "Statues": <https://codeforces.com/problemset/problem/128/A>.
//!
//! On an 8 x 8 board Maria starts bottom-left and Anna waits top-right. Each round Maria
//! steps to one of the eight neighbouring squares or stays, onto a square without a
//! statue; then every statue falls one row, leaving the board from the bottom row. A
//! statue landing on Maria crushes her; reaching Anna wins. Print `WIN` or `LOSE` for
//! perfect play. Limits: 2 s, 256 MB; the input is always one 8 x 8 board.
//!
//! Idea: the statues do not react to Maria, so the board after `t` falls is fixed in
//! advance (a statue from row `r` is on row `r + t`). Search over (Maria's square, `t`),
//! where a move must land on a square free both before and after the fall; once every
//! statue has fallen Maria walks to Anna unhindered, which caps `t` at 8.
//!
//! Complexity: at most 64 squares x 9 times x 9 moves, constant memory.
//!
//! `statues --explain` prints the answer, then why it is right: a [`Certificate`] that a
//! checker can verify by the rules alone. For `WIN` it is Maria's walk, round by round,
//! to Anna or until no statue is left; for `LOSE` it is, round by round, every square
//! she could still be standing on alive, down to none. [`certify`] computes it.
//!
//! [`reference`](mod@reference) plays the game out literally over (square, statue set) states, as an
//! independent check of [`solve`].
#![forbid(unsafe_code)]

use std::io::{BufRead, Write};

mod board;
mod certificate;
mod parse;
pub mod reference;
mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use board::{ANNA, Board, MARIA, Outcome, SIZE, Square};
pub use certificate::{Certificate, Evidence, certify};
pub use parse::parse;
pub use solve::solve;

/// Reads one board, solves it and writes `WIN` or `LOSE` on its own line.
///
/// # Errors
/// Malformed input (by line and column, see [`parse`]) or a failed write.
pub fn run<R: BufRead, W: Write>(input: R, mut output: W) -> anyhow::Result<()> {
    let board = parse(input)?;
    writeln!(output, "{}", solve(&board))?;
    output.flush()?;
    Ok(())
}

/// Like [`run`], then the explanation: the [`Certificate`] of the answer, as text.
///
/// # Errors
/// As [`run`].
pub fn explain<R: BufRead, W: Write>(input: R, mut output: W) -> anyhow::Result<()> {
    let board = parse(input)?;
    writeln!(output, "{}", solve(&board))?;
    writeln!(output)?;
    write!(output, "{}", certify(&board))?;
    output.flush()?;
    Ok(())
}
