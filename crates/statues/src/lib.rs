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
//! ## Certificates
//! `statues --explain` prints the answer, then why it is right: a [`Certificate`] that
//! [`check`](mod@check) verifies by the rules alone, without solving. For `WIN` it is
//! Maria's walk, round by round, to Anna or until no statue is left; for `LOSE` it is,
//! round by round, every square she could still be standing on alive, down to none (a
//! closed set: every safe move from one set lands in the next). [`certify`] computes it;
//! `--certificate` prints it as JSON (with the board it is for) and `--check FILE` checks
//! such a file against the board on stdin and prints the answer it proves.
//! `--explain=svg` draws the same checked certificate as a picture: the board after every
//! round, Maria's walk or the squares still open to her.
//!
//! [`Statues`] is the problem as gridkit's `Problem`: its limits, and the modes of the
//! binary (whose `main` is the trait's), all written from one checked certificate.
//!
//! [`reference`](mod@reference) plays the game out literally over (square, statue set) states, as an
//! independent check of [`solve`].
//!
//! The input model ([`Board`], [`parse`]), the certificate's types, the checker and
//! [`check_certificate`] (what `--check` runs) are the crate `statues_proof`, re-exported
//! here. This crate depends on it and not the other way round, so the checker cannot call
//! the solver: that would not compile.
#![forbid(unsafe_code)]

use std::io::{BufRead, Write};

mod board;
mod certificate;
mod definition;
pub mod reference;
mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use board::BoardExt;
pub use certificate::{Explained, certify};
pub use definition::Statues;
pub use solve::solve;
pub use statues_proof::{
    ANNA, Board, Certificate, Evidence, MARIA, Outcome, SIZE, Square, check, check_certificate,
    parse,
};

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
