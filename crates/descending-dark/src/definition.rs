//! Descending in the Dark as the archive's [`Problem`]: how its runs are judged, where it
//! comes from, and its binary's modes, each written from one checked certificate.

use std::io::{BufRead, Read, Write};
use std::time::Duration;

use anyhow::{Context, bail};
use gridkit::solved::Steps;
use problem::{About, CaseStyle, Checker, Judging, Problem, TimeLimit};

use crate::certificate::{self, Certificate};
use crate::parse::{self, Case};
use crate::{check, solve, write_case};

/// Google Code Jam 2012, Round 2, problem D.
#[derive(Debug, Clone, Copy)]
pub struct DescendingDark;

impl Problem for DescendingDark {
    const NAME: &'static str = "descending-dark";
    const JUDGING: Judging = Judging {
        // Code Jam judged whole files on the contestant's machine; a generous cap.
        time_limit: TimeLimit::Uniform(Duration::from_secs(4)),
        memory_budget_bytes: 256 << 20,
        checker: Checker::Tokens,
        cases: CaseStyle::CodeJam,
        grouped: false,
    };
    const ABOUT: About = About {
        title: "Descending in the Dark",
        source: "Google Code Jam 2012, Round 2, problem D",
        source_url: "https://code.google.com/codejam/contest/1836486/dashboard#s=p3",
        rights_owner: "Google",
        uuid: "5b0e6a57-58a4-4c55-9d0e-2a4f3c1f7a02",
        package_time_limit_secs: None,
        limits_note: None,
    };
    const PICTURE_CASE: &'static str = "sample1";

    type Input = Vec<Case>;
    type Certificate = Certificate;

    fn parse<R: BufRead>(input: R) -> anyhow::Result<Vec<Case>> {
        Ok(parse::read_all(input)?)
    }

    fn run<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
        crate::run(input, output)
    }

    fn certify(cases: &Vec<Case>) -> anyhow::Result<Certificate> {
        let certificate = certificate::certify_all(cases)?;
        check::check(cases, &certificate).context("internal error: the certificate is wrong")?;
        for (index, (case, certified)) in cases.iter().zip(&certificate.cases).enumerate() {
            if solve::solve(case) != certified.verdicts() {
                bail!(
                    "internal error: case #{}: the solver disagrees with the answers the certificate proves",
                    index + 1
                );
            }
        }
        Ok(certificate)
    }

    fn write_answer<W: Write>(certificate: &Certificate, mut output: W) -> anyhow::Result<()> {
        for (index, certified) in certificate.cases.iter().enumerate() {
            write_case(&mut output, index + 1, &certified.verdicts())?;
        }
        Ok(())
    }

    fn reasons<'a>(
        _: &'a Self::Input,
        certificate: &'a Certificate,
    ) -> impl std::fmt::Display + 'a {
        certificate::Explanation(certificate)
    }

    fn draw(certificate: &Certificate) -> String {
        certificate::picture::draw(certificate)
    }

    fn steps(certificate: Certificate) -> Box<dyn Steps> {
        Box::new(certificate::steps::Runs::new(certificate))
    }

    fn check_certificate<C: Read, R: BufRead, W: Write>(
        certificate: C,
        input: R,
        output: W,
    ) -> anyhow::Result<()> {
        descending_dark_proof::check_certificate(certificate, input, output)
    }

    #[cfg(feature = "testkit")]
    fn kit() -> Option<&'static dyn gridkit::testkit::AnyKit> {
        Some(&crate::testkit::Kit)
    }
}
