//! What proves a descending-dark answer: the problem's input model, the certificate's
//! types and the checker, in a crate of their own. The solver crate `descending-dark`
//! depends on this one; this one does not (and, cargo refusing cycles, cannot) depend on
//! it, so a checker that calls solving code does not compile.
//!
//! ## What the checker trusts, and what it re-derives
//! It trusts the statement's rules as [`parse`] reads them (the grid, walls all around,
//! caves `0..d-1`) and one move of the statement ([`certificate::Move::step`]: a move
//! into a wall is ignored). Everything else it re-derives from the input with its own few
//! loops ([`check`](mod@check)): S_C of every cave, searched backwards over the literal
//! moves; for a Lucky cave, the plan followed from every square of S_C at once; for an
//! Unlucky one, that the trapped runs are whole runs of S_C and that no chain of offsets
//! avoiding their bad exits meets a good one (the walker argument of the check's header,
//! which is the one lemma it relies on: it is proven there, not tested).
//!
//! ## Modules
//! - [`parse`]: strict input reading, one case at a time.
//! - [`certificate`]: the certificate's data types and their bounded reading from JSON.
//! - [`check`](mod@check): the checker.
//!
//! [`check_certificate`] is what `descending-dark --check FILE` runs: it reads the
//! certificate (at most 64 MiB, every list bounded by what the input allows), the input,
//! checks, and prints the answer proven.
#![forbid(unsafe_code)]

use std::io::{BufRead, Read, Write};

pub mod certificate;
pub mod check;
pub mod parse;

/// The answer for one cave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// `n_C = |S_C|`, counting the cave itself and any other cave inside S_C.
    pub squares: usize,
    pub lucky: bool,
}

/// Checks the JSON certificate read from `certificate` against the cases read from
/// `input`, without solving, and writes the answers it proves, in the problem's output
/// format ([`write_case`]).
///
/// # Errors
/// Malformed JSON or input, a list longer than the limits allow, a certificate for
/// another input, or its first false claim.
pub fn check_certificate<C: Read, R: BufRead, W: Write>(
    certificate: C,
    input: R,
    mut output: W,
) -> anyhow::Result<()> {
    let certificate: certificate::Certificate =
        gridkit::certificate::read_of("descending-dark", certificate)
            .map_err(anyhow::Error::msg)?;
    let cases = parse::read_all(input)?;
    check::check(&cases, &certificate)?;
    for (index, certified) in certificate.cases.iter().enumerate() {
        write_case(&mut output, index + 1, &certified.verdicts())?;
    }
    output.flush()?;
    Ok(())
}

/// Writes `Case #number:` and one line `d: n Lucky|Unlucky` per cave, in label order.
///
/// # Errors
/// A failed write.
pub fn write_case(
    output: &mut impl Write,
    number: usize,
    verdicts: &[Verdict],
) -> std::io::Result<()> {
    writeln!(output, "Case #{number}:")?;
    for (label, verdict) in verdicts.iter().enumerate() {
        let word = if verdict.lucky { "Lucky" } else { "Unlucky" };
        writeln!(output, "{label}: {} {word}", verdict.squares)?;
    }
    Ok(())
}
