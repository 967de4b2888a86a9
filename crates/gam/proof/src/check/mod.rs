//! The certificate checker (`gam --check FILE`): proves each answer from the certificate
//! and the input alone, without solving. It uses nothing but this crate's input model
//! ([`crate::parse`], [`Board`]) and the certificate's data types; the solver is in
//! another crate, which depends on this one, so the checker cannot reach it.
//!
//! For each test it re-derives and verifies that
//! 1. the certificate is for this board (its rows are the input's rows);
//! 2. the claimed distance `D` is the board's, by its own breadth-first searches
//!    ([`Board::distances`] from each start);
//! 3. an odd `D` is claimed as A's win, with no strategy: B can catch A only on a
//!    square of the middle layer, and an odd distance has none;
//! 4. for an even `D`, the winner's rules form a strategy of the layered game that wins
//!    against every move of the loser (see `strategy.rs`).
//!
//! It trusts the problem's lemma, the reduction to the shortest-path game: both players
//! keep to shortest paths, and B wins exactly when he steps onto A's square in the middle
//! layer. The lemma is argued in the solver crate's header and confirmed by the brute
//! force of the literal game in the solver crate's `tests/suite/certificate.rs`: this checker's
//! verdict on 4,125 boards, from the start and from 11,608 positions of the winners'
//! strategies (see the crate header).

mod paths;
mod positions;
mod read;
mod strategy;
mod stream;

use std::io::{BufRead, Read, Write};

use anyhow::bail;

use crate::board::{Board, Player};
use crate::certificate::TestCertificate;
use crate::parse::read_boards;
use paths::Paths;

/// Reads the certificate (JSON) and the input, checks every test and prints the proven
/// answers, one line per test as the solver prints them.
///
/// The certificate is read as a stream and each test is checked as soon as it is read,
/// then dropped: only one test's certificate is held at a time, and a certificate with
/// more tests than the input is refused at the first one too many.
///
/// # Errors
/// A malformed input (as [`read_boards`] refuses it), a malformed certificate, one made
/// for another input, or the first false step of a test's proof. Nothing is printed
/// then.
pub fn check_certificate<C: Read, R: BufRead, W: Write>(
    certificate: C,
    input: R,
    mut output: W,
) -> anyhow::Result<()> {
    let boards = read_boards(input)?;
    let mut refusal = None;
    let seed = stream::Tests {
        boards: &boards,
        refusal: &mut refusal,
    };
    let read = gridkit::certificate::read(certificate, seed);
    let winners = match (read, refusal) {
        (_, Some(refusal)) => bail!("{refusal}"),
        (Ok(winners), None) => winners,
        (Err(error), None) => bail!("the certificate is not valid JSON: {error}"),
    };
    let answers: String = winners.iter().map(|winner| format!("{winner}\n")).collect();
    output.write_all(answers.as_bytes())?;
    output.flush()?;
    Ok(())
}

/// Checks one test's certificate against its board: the winner it proves.
///
/// # Errors
/// The first false step, in words: another board, a wrong distance or winner, or a rule
/// of the strategy that is illegal or leaves the loser a way out.
pub fn check(certificate: &TestCertificate, board: &Board) -> Result<Player, String> {
    let paths = Paths::new(board).ok_or("no white path joins the starts")?;
    check_on(certificate, &paths)
}

/// [`check`] on a board whose layers are found already.
fn check_on<'p>(certificate: &TestCertificate, paths: &'p Paths<'p>) -> Result<Player, String> {
    same_board(&certificate.rows, paths.board())?;
    let d = paths.distance;
    same_distance(certificate.distance, d)?;
    if d % 2 == 1 {
        if certificate.winner != Player::A {
            return Err(format!(
                "{} is claimed to win, but D = {d} is odd: the middle layer, the only \
                 place B can catch A, does not exist, so A wins",
                certificate.winner
            ));
        }
        if !certificate.strategy.is_empty() {
            return Err(odd_strategy(d));
        }
        return Ok(Player::A);
    }
    strategy::check(paths, certificate.winner, &certificate.strategy)?;
    Ok(certificate.winner)
}

/// Whether a certificate's `rows` are the board's.
fn same_board(certificate_rows: &[String], board: &Board) -> Result<(), String> {
    let rows = board.rows();
    if certificate_rows.len() != rows.len() {
        return Err(format!(
            "the certificate is for another board: it has {} rows, the input {}",
            certificate_rows.len(),
            rows.len()
        ));
    }
    if let Some(row) = (0..rows.len()).find(|&row| certificate_rows[row] != rows[row]) {
        return Err(format!(
            "the certificate is for another board: row {} differs",
            row + 1
        ));
    }
    Ok(())
}

/// Whether a certificate's claimed distance is the board's `d`.
fn same_distance(claimed: usize, d: u32) -> Result<(), String> {
    if claimed != d as usize {
        return Err(format!(
            "the certificate claims D = {claimed}, the board's shortest path has {d} moves"
        ));
    }
    Ok(())
}

fn odd_strategy(d: u32) -> String {
    format!("a strategy for the odd distance D = {d}, which needs none")
}
