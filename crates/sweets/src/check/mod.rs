//! The certificate checker: reads a certificate and the box, and confirms the winner
//! without solving.
//!
//! It uses from the crate only the box as [`parse`] reads it and the certificate's data
//! types; moves, runs and the half turn come from its own [`hexagon`]. It checks, in
//! order:
//! 1. the certificate is for this box (binding);
//! 2. Karlsson, and only Karlsson, has a first move, and it is legal;
//! 3. the box left for the loser to move (the box itself when Lillebror wins) is lost:
//!    by the mirror (`mirror.rs`: the box is symmetric with the centre empty, and the
//!    lemma that mirrored moves never overlap holds on the hexagon) or by a closed set
//!    (`closed.rs`: every legal move of every box in the set has a legal reply leading
//!    back into it or emptying the box).
//!
//! The empty box is lost for the player to move: the player who cannot move loses.

mod closed;
// Public so the tests can hold its moves against the reference's on every box.
pub mod hexagon;
mod mirror;

use std::io::{BufRead, Write};

use anyhow::Context;

use crate::certificate::{Certificate, Proof, Winner};
use crate::parse::{Mask, parse};
use hexagon::Hexagon;

/// Reads the box from `input` and the JSON `certificate`, checks the certificate, and
/// writes the winner it proves as the plain run writes it.
///
/// # Errors
/// Malformed input or JSON, a certificate for another box, or the first false step of
/// its proof.
pub fn check_certificate<R: BufRead, W: Write>(
    certificate: &str,
    input: R,
    mut output: W,
) -> anyhow::Result<()> {
    let start = parse(input)?;
    let certificate: Certificate =
        serde_json::from_str(certificate).context("the certificate cannot be read")?;
    let winner = verify(&certificate, start).map_err(anyhow::Error::msg)?;
    writeln!(output, "{}", winner.name())?;
    output.flush()?;
    Ok(())
}

/// The winner `certificate` proves for the box `start`.
///
/// # Errors
/// The certificate is for another box (naming the first row that differs), or what its
/// first false step is.
pub fn verify(certificate: &Certificate, start: Mask) -> Result<Winner, String> {
    let hexagon = Hexagon::new();
    bind(&hexagon, &certificate.start, start)?;
    prove(&hexagon, certificate, start)
        .map_err(|step| format!("the certificate does not prove an answer: {step}"))?;
    Ok(certificate.winner)
}

/// That the certificate's box is `start`.
fn bind(hexagon: &Hexagon, written: &str, start: Mask) -> Result<(), String> {
    let claimed = hexagon
        .read_box(written)
        .map_err(|error| format!("the certificate's box cannot be read: {error}"))?;
    match (0..hexagon.rows())
        .map(|row| {
            (
                row,
                hexagon.row_text(claimed, row),
                hexagon.row_text(start, row),
            )
        })
        .find(|(_, claimed, given)| claimed != given)
    {
        None => Ok(()),
        Some((row, claimed, given)) => Err(format!(
            "the certificate is for another box: row {} differs (the certificate has \
             {claimed}, the input {given})",
            row + 1
        )),
    }
}

/// That the certificate's winner wins `start`.
fn prove(hexagon: &Hexagon, certificate: &Certificate, start: Mask) -> Result<(), String> {
    let winner = certificate.winner;
    let lost = match (winner, &certificate.first_move) {
        (Winner::Karlsson, Some(first_move)) => {
            let eaten = hexagon.read_move(first_move)?;
            if let Some(why) = hexagon.why_illegal(start, eaten) {
                return Err(format!(
                    "Karlsson's first move {}: {why}",
                    hexagon.name(eaten)
                ));
            }
            start & !eaten
        }
        (Winner::Karlsson, None) => {
            return Err("it says Karlsson wins but gives him no first move".to_owned());
        }
        (Winner::Lillebror, Some(_)) => {
            return Err("it says Lillebror wins but gives Karlsson a first move".to_owned());
        }
        (Winner::Lillebror, None) => start,
    };
    let loser = winner.other();
    match &certificate.proof {
        Proof::Mirror => {
            mirror::check_lemma(hexagon)?;
            mirror::check_symmetric(hexagon, lost)
                .map_err(|why| format!("the box {} has to move in: {why}", loser.name()))
        }
        Proof::ClosedSet(positions) => closed::check_closed_set(hexagon, lost, positions, loser),
    }
}
