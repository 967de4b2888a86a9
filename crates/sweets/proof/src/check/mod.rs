//! The certificate checker: reads a certificate and the box, and confirms the winner
//! without solving.
//!
//! It uses only the box as [`parse`] reads it and the certificate's data types, both of
//! this crate; moves, runs and the half turn come from its own [`hexagon`]. It checks, in
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
//!
//! What it trusts: the statement's rules (the box's rows, the three directions a move runs
//! along, the loser is who cannot move), written down once in [`hexagon`] and the input
//! model. What it re-derives: every run and every legal move from the cells' places, the
//! half turn and the mirror lemma on all runs, and, for a closed set, that each box's
//! listed moves are exactly its legal ones. It holds at most what the certificate's
//! bounds let it read: each box once, at most one reply per run.

mod closed;
// Public so the tests can hold its moves against the reference's on every box.
pub mod hexagon;
mod mirror;

use std::io::{BufRead, Read, Write};

use anyhow::anyhow;
use gridkit::certificate::bounded::plain;

use closed::ClosedSet;
use serde::Deserialize;

use crate::certificate::{Cell, Certificate, Move, Position, Proof, Winner, bounds};
use crate::input::{Mask, parse};
use hexagon::Hexagon;

/// Reads the box from `input` and the JSON `certificate`, checks the certificate, and
/// writes the winner it proves as the plain run writes it.
///
/// # Errors
/// Malformed input or JSON, a certificate for another box, or the first false step of
/// its proof.
pub fn check_certificate<C: Read, R: BufRead, W: Write>(
    certificate: C,
    input: R,
    mut output: W,
) -> anyhow::Result<()> {
    let start = parse(input)?;
    let claim: Claim = gridkit::certificate::read(certificate, plain())
        .map_err(|error| anyhow!("the certificate cannot be read: {error}"))?;
    let hexagon = Hexagon::new();
    bind(&hexagon, &claim.start, start).map_err(anyhow::Error::msg)?;
    let proof = match &claim.proof {
        ClaimedProof::Mirror => ProofRef::Mirror,
        ClaimedProof::ClosedSet(set) => ProofRef::Set(set),
    };
    let winner = claim.winner;
    prove(&hexagon, winner, claim.first_move.as_deref(), proof, start)
        .map_err(|step| anyhow!("the certificate does not prove an answer: {step}"))?;
    writeln!(output, "{}", winner.name())?;
    output.flush()?;
    Ok(())
}

/// A certificate as `--check` reads it: a [`Certificate`] whose closed set is read
/// straight into masks, one box at a time, so that what the checker holds is a few bytes
/// per move however the file spells them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    #[serde(rename = "box", deserialize_with = "bounds::written_box")]
    start: String,
    winner: Winner,
    #[serde(default, deserialize_with = "bounds::first_move")]
    first_move: Option<Move>,
    proof: ClaimedProof,
}

/// [`Proof`] as `--check` reads it.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ClaimedProof {
    Mirror,
    ClosedSet(#[serde(deserialize_with = "closed::deserialize")] ClosedSet),
}

/// The proof to check: the mirror, or a closed set as written or as read into masks.
enum ProofRef<'a> {
    Mirror,
    Positions(&'a [Position]),
    Set(&'a ClosedSet),
}

/// The winner `certificate` proves for the box `start`.
///
/// # Errors
/// The certificate is for another box (naming the first row that differs), or what its
/// first false step is.
pub fn verify(certificate: &Certificate, start: Mask) -> Result<Winner, String> {
    let hexagon = Hexagon::new();
    bind(&hexagon, &certificate.start, start)?;
    let proof = match &certificate.proof {
        Proof::Mirror => ProofRef::Mirror,
        Proof::ClosedSet(positions) => ProofRef::Positions(positions),
    };
    let winner = certificate.winner;
    prove(
        &hexagon,
        winner,
        certificate.first_move.as_deref(),
        proof,
        start,
    )
    .map_err(|step| format!("the certificate does not prove an answer: {step}"))?;
    Ok(winner)
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

/// That `winner`, with `first_move` when Karlsson, wins `start` by `proof`.
fn prove(
    hexagon: &Hexagon,
    winner: Winner,
    first_move: Option<&[Cell]>,
    proof: ProofRef<'_>,
    start: Mask,
) -> Result<(), String> {
    let lost = match (winner, first_move) {
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
    match proof {
        ProofRef::Mirror => {
            mirror::check_lemma(hexagon)?;
            mirror::check_symmetric(hexagon, lost)
                .map_err(|why| format!("the box {} has to move in: {why}", loser.name()))
        }
        ProofRef::Positions(positions) => {
            let set = ClosedSet::read(hexagon, positions)?;
            closed::check_closed_set(hexagon, lost, &set, loser)
        }
        ProofRef::Set(set) => closed::check_closed_set(hexagon, lost, set, loser),
    }
}
