//! Codeforces 63E "Sweets Game" (<https://codeforces.com/problemset/problem/63/E>).
//!
//! A hexagonal box of 19 cells in rows of 3, 4, 5, 4, 3 holds some chocolates. Karlsson
//! and Lillebror take turns, Karlsson first, eating one or more chocolates that fill
//! consecutive cells of one straight line parallel to a side of the hexagon (rows and the
//! two diagonals; a move never jumps over an empty cell). Who cannot move loses. Print the
//! winner with perfect play. Limits: 3 s, 256 MB.
//!
//! # Idea
//! A box is a 19-bit mask and there are only `2^19` of them. The 15 maximal lines give
//! 103 distinct segments ([`geometry`]); a segment is a legal move when it lies inside the
//! mask. Every move makes the mask smaller, so one upward pass over all masks classifies
//! every box as won or lost ([`table`]). The build script runs that pass and stores the
//! 64 KiB of results in the binary, so answering a box is reading it ([`parse`]) and
//! looking up one bit ([`solve`]).
//!
//! # Complexity
//! At build time `2^19 * 103` mask tests; at run time O(1) after reading 19 words.
//!
//! # Certificate
//! `sweets --explain` prints the answer, then why it is right: a [`Certificate`]
//! ([`certificate`]), built with the table and checked before it is printed.
//! `--certificate` prints it as JSON and `--check FILE` verifies one without solving
//! ([`check`]): the input model, the certificate's types and the checker are the crate
//! `sweets-proof` ([`sweets_proof`]), which cannot reach this one's solving code. It names the box, the winner, Karlsson's first move when he wins, and why
//! the box left for the loser to move is lost:
//! - by the mirror, wherever it applies (the box is symmetric through the centre and the
//!   centre is empty): the winner answers every move with its mirror image, which never
//!   overlaps it; the checker verifies the symmetry and that lemma on its own hexagon;
//! - otherwise by a closed set of lost boxes, those reached under the winner's replies:
//!   each lists every legal move with a reply leading back into the set or emptying the
//!   box; the checker finds the legal moves itself and verifies every reply. `--explain`
//!   lists every box of the set with its replies, one box at a time, when that fits in a
//!   few hundred lines, and otherwise says where in `--certificate` they are.
//!
//! [`Sweets`] is the problem as gridkit's `Problem`: its limits, and the modes of the
//! binary (whose `main` is the trait's), all written from one checked certificate.
//!
//! [`reference`](mod@reference) is an independent, slow oracle for the tests: memoized
//! minimax whose moves are found by walking cube coordinates.

#![forbid(unsafe_code)]

use std::io::{BufRead, Write};

pub mod certificate;
mod definition;
pub mod geometry;
pub mod parse;
pub mod reference;
pub mod solve;
pub mod table;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use certificate::{Certificate, Winner, certify};
pub use definition::Sweets;
pub use geometry::Mask;
pub use sweets_proof::check;
// The box's sizes, reached as `crate::board` by the geometry, which the build script also
// compiles (with its own copy of the board module).
use sweets_proof::board;
pub use sweets_proof::check_certificate;

/// Reads a box from `input` and writes the winner's name to `output`.
///
/// # Errors
/// Malformed input (see [`parse::parse`]) or a failed write.
pub fn run<R: BufRead, W: Write>(input: R, mut output: W) -> anyhow::Result<()> {
    let mask = parse::parse(input)?;
    write_answer(mask, &mut output)?;
    output.flush()?;
    Ok(())
}

/// The problem's output for `mask`.
fn write_answer<W: Write>(mask: Mask, output: &mut W) -> std::io::Result<()> {
    writeln!(output, "{}", render(solve::first_player_wins(mask)))
}

/// The winner's name: Karlsson moves first.
pub fn render(first_player_wins: bool) -> &'static str {
    if first_player_wins {
        Winner::Karlsson.name()
    } else {
        Winner::Lillebror.name()
    }
}
