//! Sweets Game as the archive's [`Problem`]: how its runs are judged, where it comes from,
//! and its binary's modes, each written from one checked certificate.

use std::io::{BufRead, Read, Write};
use std::time::Duration;

use gridkit::solved::Steps;
use problem::{About, Bench, CaseStyle, Checker, Judging, Problem, TimeLimit};

use crate::certificate::{self, Certificate};
use crate::{Mask, check, parse, render, solve};

/// Codeforces 63E "Sweets Game".
#[derive(Debug, Clone, Copy)]
pub struct Sweets;

impl Problem for Sweets {
    const NAME: &'static str = "sweets";
    const JUDGING: Judging = Judging {
        time_limit: TimeLimit::Uniform(Duration::from_secs(3)),
        memory_budget_bytes: 256 << 20,
        checker: Checker::Tokens,
        cases: CaseStyle::Single,
        grouped: false,
    };
    const ABOUT: About = About {
        title: "Sweets Game",
        source: "Codeforces, problem 63E",
        source_url: "https://codeforces.com/problemset/problem/63/E",
        rights_owner: "Codeforces",
        uuid: "5b0e6a57-58a4-4c55-9d0e-2a4f3c1f7a04",
        package_time_limit_secs: None,
        limits_note: None,
    };
    const BENCH: Option<Bench> = Some(Bench {
        files: &["full-box"],
        min_speedup: 10.0,
        speedup_file: "full-box",
        max_peak_bytes: None,
    });
    const PICTURE_CASE: &'static str = "sample2";

    type Input = Mask;
    type Certificate = Certificate;

    fn parse<R: BufRead>(input: R) -> anyhow::Result<Mask> {
        Ok(parse::parse(input)?)
    }

    fn run<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
        crate::run(input, output)
    }

    fn certify(&mask: &Mask) -> anyhow::Result<Certificate> {
        let certificate = crate::certify(mask);
        let proven = check::verify(&certificate, mask).map_err(|error| {
            anyhow::anyhow!(
                "internal error: the certificate built for this box is refused: {error}"
            )
        })?;
        let solved = render(solve::first_player_wins(mask));
        if proven.name() != solved {
            anyhow::bail!(
                "internal error: the solver says {solved} wins, the certificate proves {}",
                proven.name()
            );
        }
        Ok(certificate)
    }

    fn write_answer<W: Write>(certificate: &Certificate, mut output: W) -> anyhow::Result<()> {
        writeln!(output, "{}", certificate.winner.name())?;
        Ok(())
    }

    fn reasons<'a>(
        _: &'a Self::Input,
        certificate: &'a Certificate,
    ) -> impl std::fmt::Display + 'a {
        certificate::text::Explanation(certificate)
    }

    fn draw(certificate: &Certificate) -> String {
        certificate::picture::draw(certificate)
    }

    fn steps(certificate: Certificate) -> Box<dyn Steps> {
        Box::new(certificate::steps::Line::new(&certificate))
    }

    fn check_certificate<C: Read, R: BufRead, W: Write>(
        certificate: C,
        input: R,
        output: W,
    ) -> anyhow::Result<()> {
        sweets_proof::check_certificate(certificate, input, output)
    }

    #[cfg(feature = "testkit")]
    fn kit() -> Option<&'static dyn gridkit::testkit::AnyKit> {
        Some(&crate::testkit::Kit)
    }
}
