//! Hyakugoku and Ladders as the archive's [`Problem`]: how its runs are judged, where it
//! comes from, and its binary's modes, each written from one checked certificate.

use std::io::{BufRead, Read, Write};
use std::time::Duration;

use anyhow::{Context, bail};
use gridkit::solved::Steps;
use problem::{About, CaseStyle, Checker, Judging, Problem, TimeLimit};

use crate::certificate::{picture, steps};
use crate::{Board, Certificate, Explained, answer_text, check, parse_board, solve};

/// Codeforces 1245E "Hyakugoku and Ladders".
#[derive(Debug, Clone, Copy)]
pub struct Ladders;

impl Problem for Ladders {
    const NAME: &'static str = "ladders";
    const JUDGING: Judging = Judging {
        time_limit: TimeLimit::Uniform(Duration::from_secs(1)),
        memory_budget_bytes: 256 << 20,
        checker: Checker::Float { tolerance: 1e-6 },
        cases: CaseStyle::Single,
        grouped: false,
    };
    const ABOUT: About = About {
        title: "Hyakugoku and Ladders",
        source: "Codeforces, problem 1245E",
        source_url: "https://codeforces.com/problemset/problem/1245/E",
        rights_owner: "Codeforces",
        uuid: "5b0e6a57-58a4-4c55-9d0e-2a4f3c1f7a05",
        package_time_limit_secs: None,
        limits_note: None,
    };
    const PICTURE_CASE: &'static str = "sample2";

    type Input = Board;
    type Certificate = Certificate;

    fn parse<R: BufRead>(input: R) -> anyhow::Result<Board> {
        Ok(parse_board(input)?)
    }

    fn run<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
        crate::run(input, output)
    }

    fn certify(board: &Board) -> anyhow::Result<Certificate> {
        let certificate = crate::certify(board);
        check::check(board, &certificate).context("internal error: the certificate is wrong")?;
        let proven = answer_text(certificate.answer());
        let solved = answer_text(solve(board));
        if solved != proven {
            bail!(
                "internal error: the solver says {}, the certificate proves {}",
                solved.trim_end(),
                proven.trim_end()
            );
        }
        Ok(certificate)
    }

    fn write_answer<W: Write>(certificate: &Certificate, mut output: W) -> anyhow::Result<()> {
        output.write_all(answer_text(certificate.answer()).as_bytes())?;
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
        Box::new(steps::Squares::new(certificate))
    }

    fn check_certificate<C: Read, R: BufRead, W: Write>(
        certificate: C,
        input: R,
        output: W,
    ) -> anyhow::Result<()> {
        ladders_proof::check_certificate(certificate, input, output)
    }

    #[cfg(feature = "testkit")]
    fn kit() -> Option<&'static dyn gridkit::testkit::AnyKit> {
        Some(&crate::testkit::Kit)
    }
}
