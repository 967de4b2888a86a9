//! What proves a ladders answer: the problem's input model, the certificate's types and the
//! checker, in a crate of their own. The solver crate `ladders` depends on this one; this one
//! does not (and, cargo refusing cycles, cannot) depend on it, so a checker that calls
//! solving code does not compile.
//!
//! - [`board`], [`parse`]: the input as read ([`Board`], [`parse_board`]), refused with the
//!   line and column where it breaks the statement's promises.
//! - [`certificate`]: the expected turns from every square and every ladder's choice, read
//!   from JSON with the ladder list bounded by the board (at most one per square below the
//!   top row).
//! - [`check`](mod@check): verifies a certificate by checking the Bellman optimality
//!   equations square by square; its header says why that proves the minimum.
//! - [`check_certificate`]: the `--check` entry; [`answer_text`]: the answer as printed.
//!
//! What the checker trusts: this crate's parser and the statement's rules as written in
//! [`check`](mod@check) (the snaking path, the overshooting roll that does not move, the
//! optional climb that ends the move). It does not trust the certificate's board (compared
//! line by line with the input's), its values (each must satisfy its square's equation)
//! nor its choices (each must be the better one); the answer printed is the start's value
//! that these checks prove within 7e-8 of the minimum.
#![forbid(unsafe_code)]

pub mod board;
pub mod certificate;
pub mod check;
pub mod parse;

use std::io::{BufRead, Read, Write};

pub use board::Board;
pub use certificate::{Certificate, LadderChoice};
pub use parse::parse_board;

/// Decimals printed, as in the samples.
pub const DECIMALS: usize = 10;

/// The answer's line, the way the samples print it.
pub fn answer_text(expected_turns: f64) -> String {
    format!("{expected_turns:.DECIMALS$}\n")
}

/// Writes the answer the way the samples do.
///
/// # Errors
/// Writing to `output` failed.
pub fn render<W: Write>(expected_turns: f64, mut output: W) -> std::io::Result<()> {
    output.write_all(answer_text(expected_turns).as_bytes())
}

/// Checks the JSON certificate read from `certificate` against the board read from
/// `input`, without solving, and writes the answer it proves as the solver prints it.
///
/// # Errors
/// Malformed JSON or input, a list longer than the board allows, a certificate for
/// another board, or its first false claim.
pub fn check_certificate<C: Read, R: BufRead, W: Write>(
    certificate: C,
    input: R,
    mut output: W,
) -> anyhow::Result<()> {
    let certificate: Certificate =
        gridkit::certificate::read_of("ladders", certificate).map_err(anyhow::Error::msg)?;
    let board = parse_board(input)?;
    check::check(&board, &certificate)?;
    render(certificate.answer(), &mut output)?;
    output.flush()?;
    Ok(())
}
