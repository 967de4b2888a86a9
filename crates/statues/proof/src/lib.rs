//! What proves a statues answer: the problem's input model, the certificate's types and the
//! checker, in a crate of their own. The solver crate `statues` depends on this one; this one
//! does not (and, cargo refusing cycles, cannot) depend on it, so a checker that calls
//! solving code does not compile.
//!
//! - [`Board`], [`parse`]: the input as read, refused line by line where it breaks the
//!   statement's format.
//! - [`Certificate`], [`Evidence`]: the answer with its evidence, read from JSON with every
//!   list bounded by the rules (at most [`MAX_ROUNDS`] `+ 1` rounds, 64 squares a set).
//! - [`check`](mod@check): verifies a certificate by the rules alone.
//! - [`check_certificate`]: the `--check` entry.
//!
//! What the checker trusts: this crate's parser and the statement's rules as written in
//! [`check`](mod@check); it re-derives every move and every fall from the board itself. It
//! does not trust the certificate's board (compared row by row with the input's) nor its
//! claimed answer (the answer printed is the one the evidence proves).
#![forbid(unsafe_code)]

use std::io::{BufRead, Read, Write};

mod board;
mod certificate;
pub mod check;
mod parse;

pub use board::{ANNA, Board, MARIA, Outcome, SIZE, Square};
pub use certificate::{Certificate, Evidence, MAX_ROUNDS};
pub use parse::parse;

/// Checks the JSON certificate read from `certificate` against the board read from
/// `input`, without solving, and writes the answer it proves: `WIN` or `LOSE` on its own
/// line.
///
/// # Errors
/// Malformed JSON or input, a list longer than the rules allow, a certificate for
/// another board, or the first false step of its evidence.
pub fn check_certificate<C: Read, R: BufRead, W: Write>(
    certificate: C,
    input: R,
    mut output: W,
) -> anyhow::Result<()> {
    let certificate: Certificate =
        gridkit::certificate::read_of("statues", certificate).map_err(anyhow::Error::msg)?;
    let board = parse(input)?;
    check::check(&board, &certificate)?;
    writeln!(output, "{}", certificate.outcome())?;
    output.flush()?;
    Ok(())
}
