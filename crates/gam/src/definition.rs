//! Game as the archive's [`Problem`]: how its runs are judged (by groups, the small ones
//! faster), where it comes from, its benchmark, and its binary's modes. Unlike the other
//! crates, `--explain` and `--certificate` build one board's certificate at a time, so
//! that one is alive at once; everything else is written from the checked certificates of
//! all boards.

use std::borrow::Borrow;
use std::io::{BufRead, Read, Write};
use std::time::Duration;

use gridkit::Reader;
use gridkit::solved::Steps;
use problem::{About, Bench, CaseStyle, Checker, Judging, Problem, TimeLimit};

use crate::certificate::{self, Certificate, TestCertificate, text::TestOfFile};
use crate::parse::{self, not_joined};
use crate::{Board, Certify, check, solve};

/// BOI 2008 "Game".
#[derive(Debug, Clone, Copy)]
pub struct Gam;

const MIB: u64 = 1 << 20;

impl Problem for Gam {
    const NAME: &'static str = "gam";
    const JUDGING: Judging = Judging {
        time_limit: TimeLimit::ByGroupNumber {
            small: Duration::from_secs(1),
            large: Duration::from_secs(6),
            large_from: 10,
            small_side: 150,
            largest_side,
        },
        memory_budget_bytes: 8 * 1000 * 1000,
        checker: Checker::Tokens,
        cases: CaseStyle::PerLine,
        grouped: true,
    };
    const ABOUT: About = About {
        title: "Game",
        source: "Baltic Olympiad in Informatics 2008",
        source_url: "https://www.spoj.com/problems/BGAME/",
        rights_owner: "Baltic Olympiad in Informatics 2008",
        uuid: "5b0e6a57-58a4-4c55-9d0e-2a4f3c1f7a03",
        // The contest gave groups 1-9 one second and groups 10-15 six; neither package
        // format holds a limit per group, so one limit must serve all. The contest's
        // files need at most 0.09 s of the accepted solution, but the worst input the
        // statement allows (`heavy`: ten n = 300 boards) needs 0.28 s of CPU time, up to
        // 0.57 s as problemtools measured it on a loaded machine, and both formats ask
        // twice the slowest accepted run (the packages' time margin): 2 s is the tightest
        // whole-second limit that stays safe.
        package_time_limit_secs: Some(2),
        limits_note: Some(
            "The contest allowed 8~MB (8 million bytes), one second for the groups with \
             $n \\le 150$ and six seconds for the others; a package holds one time limit.",
        ),
    };
    const BENCH: Option<Bench> = Some(Bench {
        files: &[
            "gam10a",
            "gam10b",
            "gam10c",
            "gam11a",
            "gam11b",
            "gam11c",
            "gam12a",
            "gam12b",
            "gam12c",
            "gam13a",
            "gam13b",
            "gam13c",
            "gam14a",
            "gam14b",
            "gam14c",
            "gam15a",
            "gam15b",
            "gam15c",
            "heavy",
            "wide-layer",
        ],
        min_speedup: 20.0,
        speedup_file: "heavy",
        max_peak_bytes: Some(4 * MIB),
    });
    const PICTURE_CASE: &'static str = "sample1";

    type Input = Vec<Board>;
    type Certificate = Certificate;

    fn parse<R: BufRead>(input: R) -> anyhow::Result<Vec<Board>> {
        crate::read_boards(input)
    }

    fn run<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
        crate::run(input, output)
    }

    fn certify(boards: &Vec<Board>) -> anyhow::Result<Certificate> {
        let mut solver = solve::Solver::default();
        let mut tests = Vec::with_capacity(boards.len());
        for (index, board) in boards.iter().enumerate() {
            let test = index + 1;
            let certificate = test_certificate(board, test)?;
            let solved = solver
                .winner(board)
                .ok_or_else(|| anyhow::anyhow!("internal error: test {test} is not joined"))?;
            proven(&certificate, board, test, solved)?;
            tests.push(certificate);
        }
        Ok(Certificate { tests })
    }

    fn write_answer<W: Write>(certificate: &Certificate, mut output: W) -> anyhow::Result<()> {
        for test in &certificate.tests {
            writeln!(output, "{}", test.winner)?;
        }
        Ok(())
    }

    fn reasons<'a>(
        boards: &'a Vec<Board>,
        certificate: &'a Certificate,
    ) -> impl std::fmt::Display + 'a {
        let total = certificate.tests.len();
        let mut text = String::new();
        for (index, (board, certificate)) in boards.iter().zip(&certificate.tests).enumerate() {
            let test = TestOfFile {
                test: index + 1,
                total,
                board,
                certificate,
            };
            text.push_str(&test.to_string());
        }
        text
    }

    fn draw(certificate: &Certificate) -> String {
        certificate::picture::draw(&certificate.tests)
    }

    fn steps(certificate: Certificate) -> Box<dyn Steps> {
        Box::new(certificate::steps::Rounds::new(certificate.tests))
    }

    fn check_certificate<C: Read, R: BufRead, W: Write>(
        certificate: C,
        input: R,
        output: W,
    ) -> anyhow::Result<()> {
        gam_proof::check_certificate(certificate, input, output)
    }

    /// `{"tests": [...]}`, one test per line.
    fn write_certificate<W: Write>(certificate: &Certificate, output: W) -> anyhow::Result<()> {
        write_certificates(output, certificate.tests.iter().map(Ok))
    }

    /// [`crate::run`], each answer proven first: for each board its certificate is built
    /// and checked by [`check`](mod@check), and the answer printed is the one the
    /// certificate proves; then, after an empty line, the explanation of every answer (see
    /// [`certificate::text`]), the first with the lemma they rely on and its argument.
    /// Answers to earlier tests are printed before an error; nothing is explained then.
    fn explain<R: BufRead, W: Write>(input: R, mut output: W) -> anyhow::Result<()> {
        let mut solver = solve::Solver::default();
        let mut reader = Reader::new(input);
        let tests = parse::read_test_count(&mut reader)?;
        // The explanations wait for all answers; each is kept as text, so that only one
        // board's certificate is alive at a time.
        let mut texts = Vec::with_capacity(tests);
        for test in 1..=tests {
            let (board, line) = parse::read_board(&mut reader, test)?;
            let solved = solver
                .winner(&board)
                .ok_or_else(|| not_joined(test, line))?;
            let certificate = test_certificate(&board, test)?;
            let proven = proven(&certificate, &board, test, solved)?;
            writeln!(output, "{proven}")?;
            output.flush()?;
            let text = TestOfFile {
                test,
                total: tests,
                board: &board,
                certificate: &certificate,
            };
            texts.push(text.to_string());
        }
        reader.finish()?;
        writeln!(output)?;
        for text in texts {
            output.write_all(text.as_bytes())?;
        }
        output.flush()?;
        Ok(())
    }

    /// The certificate of every answer as JSON (see [`Certificate`]): `{"tests": [...]}`,
    /// one test per line, each built when it is written.
    fn print_certificate<R: BufRead, W: Write>(input: R, output: W) -> anyhow::Result<()> {
        let boards = crate::read_boards(input)?;
        let tests = boards
            .iter()
            .enumerate()
            .map(|(index, board)| test_certificate(board, index + 1));
        write_certificates(output, tests)
    }

    #[cfg(feature = "testkit")]
    fn kit() -> Option<&'static dyn gridkit::testkit::AnyKit> {
        Some(&crate::testkit::Kit)
    }
}

/// The certificate of test number `test`, on `board`.
fn test_certificate(board: &Board, test: usize) -> anyhow::Result<TestCertificate> {
    TestCertificate::of(board)
        .ok_or_else(|| anyhow::anyhow!("internal error: test {test} has no certificate"))
}

/// The answer `certificate` proves for `board`, checked to be the solver's `solved`.
fn proven(
    certificate: &TestCertificate,
    board: &Board,
    test: usize,
    solved: crate::Player,
) -> anyhow::Result<crate::Player> {
    let proven = check::check(certificate, board).map_err(|why| {
        anyhow::anyhow!(
            "internal error: test {test}: the certificate does not prove an answer: {why}"
        )
    })?;
    if proven != solved {
        anyhow::bail!(
            "internal error: test {test}: the solver answers {solved}, the checked \
             certificate proves {proven}"
        );
    }
    Ok(proven)
}

/// Writes the certificates `tests` yields as `{"tests": [...]}`, one test per line, each
/// written as soon as it is yielded (so that one is alive at a time).
fn write_certificates<W: Write, T: Borrow<TestCertificate>>(
    mut output: W,
    tests: impl Iterator<Item = anyhow::Result<T>>,
) -> anyhow::Result<()> {
    write!(output, "{{\"tests\":[")?;
    for (index, certificate) in tests.enumerate() {
        let certificate = certificate?;
        output.write_all(if index == 0 { b"\n" } else { b",\n" })?;
        serde_json::to_writer(&mut output, certificate.borrow())?;
    }
    writeln!(output, "\n]}}")?;
    output.flush()?;
    Ok(())
}

/// The largest board side of an input of `t` boards, each a side `n` and `n` rows;
/// `None` when the text has not that shape. Read loosely, without the strict parser: it
/// picks a time limit for any file, also one the solver will refuse.
fn largest_side(input: &str) -> Option<u32> {
    let mut tokens = input.split_ascii_whitespace();
    let boards: usize = tokens.next()?.parse().ok()?;
    let mut largest = None;
    for _ in 0..boards {
        let side: u32 = tokens.next()?.parse().ok()?;
        largest = largest.max(Some(side));
        for _ in 0..side {
            tokens.next()?;
        }
    }
    largest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_and_time_limits() {
        let judging = Gam::JUDGING;
        assert_eq!(judging.group_of("gam12b"), "gam12");
        let second = Duration::from_secs(1);
        assert_eq!(judging.time_limit_of("gam9c", ""), second);
        assert_eq!(judging.time_limit_of("gam10a", ""), 6 * second);
        // Outside the groups, the boards' size decides.
        let small = "2\n2\n..\n..\n3\n...\n.#.\n...\n";
        assert_eq!(judging.time_limit_of("sample1", small), second);
        let large = format!("1\n151\n{}", ".\n".repeat(151));
        assert_eq!(judging.time_limit_of("wide-layer", &large), 6 * second);
        assert_eq!(judging.time_limit_of("stress", ""), 6 * second);
        assert_eq!(judging.time_limit_of("malformed", "1\n3\n..."), 6 * second);
        assert_eq!(judging.memory_budget_bytes, 8_000_000);
    }
}
