//! A problem as one type. Each solver crate implements [`Problem`] once, on a unit struct
//! named after the problem (`statues::Statues`): its name, how its runs are judged
//! ([`Judging`]), what its packages and pages say of it ([`About`]), its benchmark
//! ([`Bench`]), how it reads its input, solves it to a checked certificate, explains,
//! draws and checks a certificate, and (feature `testkit`) how its inputs are generated.
//! The provided methods are what every crate's binary does with those: `--explain`,
//! `--explain=svg` and `--certificate` written from one checked certificate, everything
//! one solve shows ([`Solved`]), and the binary's whole `main`.
//!
//! [`AnyProblem`] is the same problem behind `dyn`, on text in memory: the crate
//! `problems` lists the archive's problems as `&dyn AnyProblem`, and the xtask and the
//! playground read that list.
//!
//! Why a crate of its own and not gridkit: how a problem is judged is said in the
//! `verdict` crate's words (its checker and case styles), and gridkit is all the proof
//! crates depend on. The checkers' trusted code is their proof crate and gridkit alone
//! (the xtask's `independence` tests hold it so); the judge's verdict has no place in it.
//! The solver crates depend on this crate, the proof crates do not. It builds for wasm32
//! as they do: only `main`, the binary's, is Unix-only (gridkit's `cli`).

#![forbid(unsafe_code)]

mod about;
mod any;
mod judging;

use std::fmt::Display;
use std::io::{BufRead, Read, Write};

pub use about::{About, Bench};
pub use any::AnyProblem;
pub use judging::{Judging, TimeLimit};
/// The judge's words for how outputs are compared and split into cases, for [`Judging`].
pub use verdict::{CaseStyle, Checker};

use gridkit::solved::{Solved, Steps};

/// One problem of the archive: what is known of it, and the functions its binary's modes
/// call. Implemented on a unit struct by the problem's crate.
///
/// Every mode but the plain answer goes through one checked certificate:
/// [`Problem::parse`] reads the input, [`Problem::certify`] builds the certificate, checks
/// it and makes sure the solver agrees with the answer it proves, and the rest writes it.
pub trait Problem: Sized + Sync + 'static {
    /// The crate, its binary, and its folder under `testdata/` and `packages/`.
    const NAME: &'static str;
    /// How its runs are judged.
    const JUDGING: Judging;
    /// Where it comes from, for its packages and its page.
    const ABOUT: About;
    /// The benchmark `cargo xtask bench` runs on it, if it has one.
    const BENCH: Option<Bench> = None;
    /// The test-data file (its name without `.in`) drawn for the book's picture of the
    /// problem: one that shows the idea.
    const PICTURE_CASE: &'static str;

    /// One whole input, parsed.
    type Input;
    /// The proof of every answer to an input, checked by the proof crate's checker; its
    /// JSON is what `--certificate` prints and `--check` reads.
    type Certificate: serde::Serialize;

    /// Reads a whole input with the problem's strict parser.
    ///
    /// # Errors
    /// The input's first error, by line and column.
    fn parse<R: BufRead>(input: R) -> anyhow::Result<Self::Input>;

    /// The binary with no option: reads the input and writes exactly the problem's
    /// output (answer by answer, where the crate streams).
    ///
    /// # Errors
    /// As [`Problem::parse`], or a failed write.
    fn run<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()>;

    /// The certificate of `input`, checked, and agreeing with the solver's answers.
    ///
    /// # Errors
    /// An internal error: the certificate does not check, or it proves other answers than
    /// the solver finds.
    fn certify(input: &Self::Input) -> anyhow::Result<Self::Certificate>;

    /// The answers `certificate` proves, exactly as [`Problem::run`] writes them.
    ///
    /// # Errors
    /// A failed write.
    fn write_answer<W: Write>(certificate: &Self::Certificate, output: W) -> anyhow::Result<()>;

    /// Why the answers to `input` are right: what `--explain` prints after them and a
    /// blank line.
    fn reasons<'a>(input: &'a Self::Input, certificate: &'a Self::Certificate)
    -> impl Display + 'a;

    /// The same proof as one self-contained SVG picture.
    fn draw(certificate: &Self::Certificate) -> String;

    /// The proof step by step, for a viewer that shows one step at a time.
    fn steps(certificate: Self::Certificate) -> Box<dyn Steps>;

    /// `--check`: reads a certificate from `certificate`, then the input, and writes the
    /// answer the certificate proves, without solving (the proof crate's checker).
    ///
    /// # Errors
    /// The certificate's first false step, or what could not be read.
    fn check_certificate<C: Read, R: BufRead, W: Write>(
        certificate: C,
        input: R,
        output: W,
    ) -> anyhow::Result<()>;

    /// The input read from `input`, and its certificate as [`Problem::certify`] makes
    /// it.
    ///
    /// # Errors
    /// As [`Problem::parse`] and [`Problem::certify`].
    fn checked<R: BufRead>(input: R) -> anyhow::Result<(Self::Input, Self::Certificate)> {
        let input = Self::parse(input)?;
        let certificate = Self::certify(&input)?;
        Ok((input, certificate))
    }

    /// The certificate as JSON, as `--check` reads it (one line, by default).
    ///
    /// # Errors
    /// A failed write.
    fn write_certificate<W: Write>(
        certificate: &Self::Certificate,
        output: W,
    ) -> anyhow::Result<()> {
        gridkit::certificate::write(output, certificate)?;
        Ok(())
    }

    /// The answers `certificate` proves for `input`, a blank line, and why.
    ///
    /// # Errors
    /// A failed write.
    fn write_explanation<W: Write>(
        input: &Self::Input,
        certificate: &Self::Certificate,
        mut output: W,
    ) -> anyhow::Result<()> {
        Self::write_answer(certificate, &mut output)?;
        write!(output, "\n{}", Self::reasons(input, certificate))?;
        output.flush()?;
        Ok(())
    }

    /// `--explain`: the answers the checked certificate proves, then why.
    ///
    /// # Errors
    /// As [`Problem::checked`], or a failed write.
    fn explain<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
        let (input, certificate) = Self::checked(input)?;
        Self::write_explanation(&input, &certificate, output)
    }

    /// `--explain=svg`: the checked certificate drawn as one SVG picture.
    ///
    /// # Errors
    /// As [`Problem::explain`].
    fn picture<R: BufRead, W: Write>(input: R, mut output: W) -> anyhow::Result<()> {
        output.write_all(Self::draw(&Self::checked(input)?.1).as_bytes())?;
        output.flush()?;
        Ok(())
    }

    /// `--certificate`: the checked certificate as JSON.
    ///
    /// # Errors
    /// As [`Problem::explain`].
    fn print_certificate<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
        Self::write_certificate(&Self::checked(input)?.1, output)
    }

    /// Everything the binary's modes print for `input`, and the proof step by step, all
    /// from one checked certificate.
    ///
    /// # Errors
    /// As [`Problem::explain`].
    fn solved<R: BufRead>(input: R) -> anyhow::Result<Solved> {
        let (input, certificate) = Self::checked(input)?;
        let mut answer = Vec::new();
        Self::write_answer(&certificate, &mut answer)?;
        let mut explanation = Vec::new();
        Self::write_explanation(&input, &certificate, &mut explanation)?;
        let mut json = Vec::new();
        Self::write_certificate(&certificate, &mut json)?;
        Ok(Solved {
            answer: String::from_utf8(answer)?,
            explanation: String::from_utf8(explanation)?,
            picture: Self::draw(&certificate),
            certificate: String::from_utf8(json)?,
            steps: Self::steps(certificate),
        })
    }

    /// The binary's whole `main` (gridkit's `cli::main` with this problem's modes):
    /// `fn main() -> ExitCode { <Statues as Problem>::main() }`.
    #[cfg(unix)]
    fn main() -> std::process::ExitCode {
        gridkit::cli::main(
            Self::NAME,
            gridkit::cli::Commands {
                run: Self::run,
                explain: Self::explain,
                picture: Self::picture,
                certificate: Self::print_certificate,
                check: Self::check_certificate,
            },
        )
    }

    /// The problem's test kit, which generates its inputs for stress testing: the crate's
    /// `testkit::Kit` when the crate's feature `testkit` is on, `None` otherwise.
    #[cfg(feature = "testkit")]
    fn kit() -> Option<&'static dyn gridkit::testkit::AnyKit> {
        None
    }
}
