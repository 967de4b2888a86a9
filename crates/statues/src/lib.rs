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
//! [`reference`](mod@reference) plays the game out literally over (square, statue set) states, as an
//! independent check of [`solve`].
//!
//! The input model ([`Board`], [`parse`]), the certificate's types, the checker and
//! [`check_certificate`] (what `--check` runs) are the crate `statues_proof`, re-exported
//! here. This crate depends on it and not the other way round, so the checker cannot call
//! the solver: that would not compile.
#![forbid(unsafe_code)]

use std::io::{BufRead, Write};

use anyhow::{Context, bail};
use gridkit::solved::Solved;

mod board;
mod certificate;
pub mod reference;
mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use board::BoardExt;
pub use certificate::{Explained, certify};
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

/// Like [`run`], then the explanation: the [`Certificate`] of the answer, checked by
/// [`check`](mod@check), as text. The answer printed is the one the certificate proves.
///
/// # Errors
/// As [`run`]; an internal error if the certificate fails its check or the solver
/// disagrees with the answer it proves.
pub fn explain<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
    write_explanation(&checked(input)?, output)
}

/// The answer `certificate` proves, a blank line, and why.
fn write_explanation<W: Write>(certificate: &Certificate, mut output: W) -> anyhow::Result<()> {
    writeln!(output, "{}", certificate.outcome())?;
    writeln!(output)?;
    write!(output, "{}", Explained(certificate))?;
    output.flush()?;
    Ok(())
}

/// Everything the binary's modes print for the board read from `input`, and the game
/// round by round, all from one checked certificate.
///
/// # Errors
/// As [`explain`].
pub fn solved<R: BufRead>(input: R) -> anyhow::Result<Solved> {
    let certificate = checked(input)?;
    let mut explanation = Vec::new();
    write_explanation(&certificate, &mut explanation)?;
    let mut json = Vec::new();
    gridkit::certificate::write(&mut json, &certificate)?;
    Ok(Solved {
        answer: format!("{}\n", certificate.outcome()),
        explanation: String::from_utf8(explanation)?,
        picture: certificate::picture::draw(&certificate),
        certificate: String::from_utf8(json)?,
        steps: Box::new(certificate::steps::Rounds(certificate)),
    })
}

/// The explanation of [`explain`] as one SVG picture: the board after every round, with
/// Maria's walk or the squares left to her.
///
/// # Errors
/// As [`explain`].
pub fn picture<R: BufRead, W: Write>(input: R, mut output: W) -> anyhow::Result<()> {
    let certificate = checked(input)?;
    output.write_all(certificate::picture::draw(&certificate).as_bytes())?;
    output.flush()?;
    Ok(())
}

/// The certificate of the board read from `input`, checked, and agreeing with the solver.
fn checked<R: BufRead>(input: R) -> anyhow::Result<Certificate> {
    let board = parse(input)?;
    let certificate = certify(&board);
    check::check(&board, &certificate).context("internal error: the certificate is wrong")?;
    let proven = certificate.outcome();
    let solved = solve(&board);
    if solved != proven {
        bail!("internal error: the solver says {solved}, the certificate proves {proven}");
    }
    Ok(certificate)
}

/// Reads one board and writes its [`Certificate`] as JSON, on one line.
///
/// # Errors
/// As [`run`].
pub fn print_certificate<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
    let board = parse(input)?;
    gridkit::certificate::write(output, &certify(&board))?;
    Ok(())
}
