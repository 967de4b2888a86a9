//! # Game (Baltic Olympiad in Informatics 2008)
//!
//! Mirrors: SPOJ BGAME (<https://www.spoj.com/problems/BGAME/>), Luogu P4658, BZOJ 1164.
//!
//! An `n` x `n` board of white and black squares holds two pieces, A's and B's. A moves
//! first; a move steps one's piece to a white square sharing a side with it. A step onto
//! the square where the other piece stands is at once followed by one more step, in any
//! direction, onto a white square (a *jump*). A player wins as soon as his piece reaches
//! the other's **starting** square, also when that happens in the first half of a jump.
//! For each board, print who has a winning strategy.
//!
//! Limits: `1 <= t <= 10` boards, `2 <= n <= 300`, 8 MB of memory; 1 s for the small
//! groups and 6 s for the groups with `n = 300` (a 2008 machine).
//!
//! ## Certificates
//! `gam --certificate` prints a [`Certificate`] as JSON: per board
//! ([`TestCertificate`]) its rows, the A-B distance `D`, the winner and, for an even
//! `D`, the winner's strategy in the layered game below: round by round, rules "the
//! winner on `from` steps to `to` when the loser stands on any square of `against`", a
//! set of positions closed under every move of the loser. `gam --check FILE` proves the
//! answers from it without solving ([`check`](mod@check)): it binds each test to its
//! board, finds the distances with its own breadth-first searches and checks every rule
//! against its neighbours and the next round; an odd `D` is A's by parity. The input
//! model ([`board`], [`parse`]), the certificate's types and the checker live in the
//! crate `gam-proof`, which this one depends on and which cannot depend on this one, so
//! `--check` runs no solving code. `gam --explain` builds and checks the certificates,
//! prints the proven answers, then the strategies in words (rule by rule when small,
//! the first rounds when large) with the lemma below and its argument. Building a
//! certificate keeps every level of the layered game (about 14 MiB at most on the test
//! data); the plain run is unchanged.
//!
//! [`Gam`] is the problem as gridkit's `Problem`: its limits by group, its benchmark, and
//! the modes of the binary (whose `main` is the trait's).
//!
//! ## The rules, read literally
//! - A jump lands on any white neighbour of the jumped-over square, including the one the
//!   jumper came from. That square is white and now empty, so a jump always has somewhere
//!   to land: the corner case "a jump with nowhere to land" cannot arise.
//! - A landing square may be the other's start, which wins like any arrival.
//!
//! ## Idea: both players walk shortest paths (the jury's model, checked)
//! Let `D` be the A-B distance and call a player's *need* his distance to his goal.
//! 1. A player can always lower his need by at least one per move: step along a shortest
//!    path; if the other piece blocks the next square, step onto it (winning if it is the
//!    goal) and land on the square after it on the path, lowering the need by two.
//!    A jump never lowers the need by more than two. So each jump gains at most one move.
//! 2. Colour the board like a chessboard. A plain step changes a piece's colour, a jump
//!    keeps it. A player can jump only if, at his turn, the pieces stand on different
//!    colours. Plain moves keep that property with the same player and a jump hands it
//!    to the other, so jumps alternate, the first one by A if `D` is odd, by B if even.
//! 3. Odd `D`: A races (point 1); B would need more gaining jumps than A has made, which
//!    point 2 forbids. A wins.
//! 4. Even `D`: B must gain a move net, so he needs the first jump and may waste none.
//!    Before any jump a detour costs two moves (the board is bipartite), so A leaving his
//!    shortest paths lets B simply race and win, and B leaving his loses the same way.
//!    On shortest paths B can reach A's square only at B's move `D/2`, in the middle
//!    layer; jumping there (landing nearer A's start, say where A came from) he wins the
//!    race, as A can no longer gain. If he misses, he never can: A wins.
//!
//! So A, on `L_k` (squares with `dist_A = k`, `dist_B = D - k`), and B, on `L_{D-k}`,
//! play the layered game of [`solve`]: B wins iff he can force his move `D/2` onto A's
//! square. [`reference`](mod@reference) plays the literal game by brute force, assuming
//! nothing of this, and agrees: on all 9,264 boards of 2 x 2 and 3 x 3 and 6,985 random
//! small ones (`tests/suite/agreement.rs`), and on 4,125 generated boards whose starts'
//! region has at most 144 white squares, at the start and at each of the 11,608
//! positions the winner's strategy lets arise (`tests/suite/certificate.rs`). The checker trusts this lemma (see `gam_proof`).
//!
//! ## Complexity
//! A breadth-first search from B (stopped once it reaches A) and a walk from A over the
//! shortest paths that also records each square's moves toward the middle, O(n^2);
//! then for each level `k < D/2` a bit matrix of `|L_k| x |L_{D-k}|` built with
//! word-wide ANDs and ORs and 64 x 64 block transposes, skipping blocks that are all
//! zeros or all ones: O(sum of |L_k| |L_{D-k}| / 16) word operations at most, O(n^3 / 16).
//! Memory: about 17 bytes per square (8 of them for the recorded moves) plus two levels
//! of bit matrices (128 KiB each for the 1024-square layer of `testkit::wide_layer` at
//! `n = 300`); the whole process peaks below 3.5 MiB on every test file.
#![forbid(unsafe_code)]

pub mod bfs;
pub mod bitmatrix;
pub mod certificate;
mod definition;
pub mod jury;
pub mod reference;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

use std::io::{BufRead, Write};

use gridkit::Reader;

pub use gam_proof::check_certificate;
pub use gam_proof::parse::read_boards;
pub use gam_proof::{Board, Player};
/// The input model, the certificate's data and its checker live in the proof crate,
/// which knows nothing of solving; they are shown here under their usual paths.
pub use gam_proof::{board, check, parse};

pub use certificate::{Certificate, Certify, TestCertificate};
pub use definition::Gam;
use parse::not_joined;

/// Reads the tests, solves each as soon as it is read and prints `A` or `B` per line.
///
/// # Errors
/// The first malformed line (see [`parse`]), a board whose `A` and `B` no white path
/// joins, or a failed write. Answers to earlier tests are printed before the error.
pub fn run<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
    let mut solver = solve::Solver::default();
    run_with(input, output, |board| solver.winner(board))
}

/// [`run`] with another solver (for the reference binary and the tests): `solver`
/// returns `None` when no white path joins `A` and `B`.
///
/// # Errors
/// As [`run`].
pub fn run_with<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    mut solver: impl FnMut(&Board) -> Option<Player>,
) -> anyhow::Result<()> {
    let mut reader = Reader::new(input);
    let tests = parse::read_test_count(&mut reader)?;
    for test in 1..=tests {
        let (board, line) = parse::read_board(&mut reader, test)?;
        let winner = solver(&board).ok_or_else(|| not_joined(test, line))?;
        writeln!(output, "{winner}")?;
        output.flush()?;
    }
    reader.finish()?;
    Ok(())
}
