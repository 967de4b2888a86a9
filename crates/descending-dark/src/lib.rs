//! # Descending in the Dark
//!
//! Google Code Jam 2012, Round 2, Problem D
//! (<https://code.google.com/codejam/contest/1836486/dashboard#s=p3>; analysis at
//! `#s=a&a=3`).
//!
//! A mountain is a grid of walls `#`, open squares `.` and caves `0`-`9`. A plan is a
//! sequence of Left, Right and Down moves; a move into a wall does nothing, and caves do
//! not stop you: only the square after the last move counts. S_C is the set of squares
//! from which some moves reach cave C; C is *Lucky* when one plan, followed from every
//! square of S_C, ends on C from all of them. For each cave print `|S_C|` and the verdict.
//!
//! ## Limits
//! `1 <= T <= 20`; `3 <= R, C <= 60` (Small: 10); every border square is a wall; 1 to 10
//! caves labelled `0..d-1`. So an interval between walls is at most 58 squares: a `u64`.
//!
//! ## Idea (the official analysis)
//! 1. S_C by a backward search from C (predecessors: the square above, left and right).
//! 2. A plan never needs to undo anything: a move is safe while the set of possible squares
//!    stays inside S_C. Left and Right are always safe, and S_C is a union of wall-to-wall
//!    intervals. After enough Left moves each interval holds one point at offset 0, and all
//!    intervals of one length share their offset from then on; the reachable offsets are
//!    the chains `x[l] <= x[l+1] <= x[l] + 1`.
//! 3. For each length, the offsets on a chain avoiding every bad exit (the square below is
//!    open but outside S_C) come from a forward and a backward pass over `u64` masks. An
//!    interval with a good exit (below is in S_C) at such an offset can be emptied safely.
//!    Repeat until nothing more can be emptied; C is Lucky iff only its own interval is left.
//!
//! ## Complexity
//! A row is one `u64`, so per cave the reach and the intervals take O(R·C) bit operations
//! at worst; then one O(intervals + C) pruning round per round that drops something (at
//! most one per interval, a handful in practice). The official Large file (twenty grids up
//! to 60x60, 162 caves) takes well under a millisecond.
//!
//! ## Certificates
//! `descending-dark --explain` prints the answer, then why it is right: a certificate per
//! cave ([`certificate::Certificate`]) that [`check`](mod@check) verifies by the
//! statement's rules alone, without solving. The input model, the certificate's types and
//! the checker live in the crate `descending_dark_proof`, which this one depends on and
//! re-exports ([`parse`], [`check`](mod@check), [`check_certificate`]); it cannot call
//! the solver, so `--check` runs no solving code. A Lucky cave comes with a plan that
//! ends on it from every square of S_C; an Unlucky one with trapped runs, squares of S_C
//! that no plan can gather (see [`certificate`](mod@certificate) for why). The plans follow one
//! walker per interval through the pruning rounds, then a deletion pass shortens them;
//! the trapped runs are the pruning's survivors, cut down to as few as still trap.
//! `--certificate` prints the certificate as JSON, with the grids it is for, and
//! `--check FILE` checks such a file against the input on stdin and prints the answer it
//! proves.
//!
//! ## Modules
//! - [`DescendingDark`]: the problem as gridkit's `Problem`, its limits and the binary's
//!   modes (the binary's `main` is the trait's), written from one checked certificate.
//! - [`parse`] (from the proof crate): strict input reading, one case at a time.
//! - [`solve`]: the algorithm above.
//! - [`certificate`](mod@certificate): the certificates, built from the algorithm's
//!   pruning rounds, and their text; [`plan`]: plans written and built in runs, and the
//!   runs that reach a chain of offsets.
//! - [`check`](mod@check) (from the proof crate): the checker of certificates, which
//!   cannot reach the solver.
//! - [`reference`](mod@reference): an exhaustive search over sets of possible squares
//!   (grids with at most 64 open squares), sharing nothing with the solver.
//! - [`plain`]: a second, literal implementation for large grids that builds and checks an
//!   explicit plan, with boolean arrays instead of masks.
//! - `testkit` (feature `testkit`, tests and examples only): generators, simplification
//!   steps and flawed solvers for the stress tests.
#![forbid(unsafe_code)]

use std::io::{BufRead, Write};

/// The input model, the checker and the `--check` entry, from the proof crate.
pub use descending_dark_proof::{Verdict, check, check_certificate, parse, write_case};

pub mod certificate;
mod definition;
pub mod plain;
pub mod plan;
pub mod reference;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use definition::DescendingDark;

/// Reads every case from `input` and writes the answers to `output`, one case at a time.
///
/// # Errors
/// The first malformed line (with its line and column), or a failed write.
pub fn run<R: BufRead, W: Write>(input: R, mut output: W) -> anyhow::Result<()> {
    let mut cases = parse::Cases::new(input)?;
    let mut number = 0;
    while let Some(case) = cases.next_case()? {
        number += 1;
        write_case(&mut output, number, &solve::solve(&case))?;
    }
    output.flush()?;
    Ok(())
}

/// The whole output for `input` as text, as [`run`] writes it.
///
/// # Errors
/// As [`run`].
pub fn answer(input: &str) -> anyhow::Result<String> {
    let mut output = Vec::new();
    run(input.as_bytes(), &mut output)?;
    Ok(String::from_utf8(output)?)
}
