//! Statues as the archive's [`Problem`]: how its runs are judged, where it comes from, and
//! its binary's modes, each written from one checked certificate.

use std::io::{BufRead, Read, Write};
use std::time::Duration;

use anyhow::{Context, bail};
use gridkit::solved::Steps;
use problem::{About, CaseStyle, Checker, Judging, Problem, TimeLimit};

use crate::certificate::{picture, steps};
use crate::{Board, Certificate, Explained, solve};

/// Codeforces 128A "Statues".
#[derive(Debug, Clone, Copy)]
pub struct Statues;

impl Problem for Statues {
    const NAME: &'static str = "statues";
    const JUDGING: Judging = Judging {
        time_limit: TimeLimit::Uniform(Duration::from_secs(2)),
        memory_budget_bytes: 256 << 20,
        checker: Checker::Tokens,
        cases: CaseStyle::Single,
        grouped: false,
    };
    const ABOUT: About = About {
        title: "Statues",
        source: "Codeforces, problem 128A",
        source_url: "https://codeforces.com/problemset/problem/128/A",
        rights_owner: "Codeforces",
        uuid: "5b0e6a57-58a4-4c55-9d0e-2a4f3c1f7a01",
        package_time_limit_secs: None,
        limits_note: None,
    };
    const PICTURE_CASE: &'static str = "anti-diagonal-line";

    type Input = Board;
    type Certificate = Certificate;

    fn parse<R: BufRead>(input: R) -> anyhow::Result<Board> {
        Ok(crate::parse(input)?)
    }

    fn run<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
        crate::run(input, output)
    }

    fn certify(board: &Board) -> anyhow::Result<Certificate> {
        let certificate = crate::certify(board);
        crate::check::check(board, &certificate)
            .context("internal error: the certificate is wrong")?;
        let proven = certificate.outcome();
        let solved = solve(board);
        if solved != proven {
            bail!("internal error: the solver says {solved}, the certificate proves {proven}");
        }
        Ok(certificate)
    }

    fn write_answer<W: Write>(certificate: &Certificate, mut output: W) -> anyhow::Result<()> {
        writeln!(output, "{}", certificate.outcome())?;
        Ok(())
    }

    fn reasons<'a>(
        _: &'a Self::Input,
        certificate: &'a Certificate,
    ) -> impl std::fmt::Display + 'a {
        Explained(certificate)
    }

    fn draw(certificate: &Certificate) -> String {
        picture::draw(certificate)
    }

    fn steps(certificate: Certificate) -> Box<dyn Steps> {
        Box::new(steps::Rounds(certificate))
    }

    fn check_certificate<C: Read, R: BufRead, W: Write>(
        certificate: C,
        input: R,
        output: W,
    ) -> anyhow::Result<()> {
        statues_proof::check_certificate(certificate, input, output)
    }

    #[cfg(feature = "testkit")]
    fn kit() -> Option<&'static dyn gridkit::testkit::AnyKit> {
        Some(&crate::testkit::Kit)
    }
}
