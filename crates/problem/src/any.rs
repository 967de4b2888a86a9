//! [`AnyProblem`]: a [`Problem`] behind `dyn`, so that problems of different types sit in
//! one list. Its functions take and give text held in memory, as the xtask and the
//! browser playground use them; each is the typed function of the same mode.

use crate::{About, Bench, Judging, Problem};
use gridkit::solved::Solved;

/// A problem of any type: every [`Problem`] is one.
pub trait AnyProblem: Sync {
    /// The crate, its binary, and its folder under `testdata/` and `packages/`.
    fn name(&self) -> &'static str;
    /// How its runs are judged.
    fn judging(&self) -> Judging;
    /// Where it comes from.
    fn about(&self) -> About;
    /// Its benchmark, if it has one.
    fn bench(&self) -> Option<Bench>;
    /// The test-data file drawn for the book's picture.
    fn picture_case(&self) -> &'static str;

    /// The problem's output for `input` (no option).
    ///
    /// # Errors
    /// The input's first error, as the binary prints it.
    fn answer(&self, input: &str) -> anyhow::Result<String>;
    /// The answer and why it is right (`--explain`).
    ///
    /// # Errors
    /// As [`AnyProblem::answer`].
    fn explanation(&self, input: &str) -> anyhow::Result<String>;
    /// The proof as one SVG picture (`--explain=svg`).
    ///
    /// # Errors
    /// As [`AnyProblem::answer`].
    fn svg(&self, input: &str) -> anyhow::Result<String>;
    /// The certificate as JSON (`--certificate`).
    ///
    /// # Errors
    /// As [`AnyProblem::answer`].
    fn certificate(&self, input: &str) -> anyhow::Result<String>;
    /// The answer `certificate` proves for `input` (`--check`), checked without solving.
    ///
    /// # Errors
    /// The reason it is refused: the first false step, or what could not be read.
    fn check(&self, input: &str, certificate: &str) -> anyhow::Result<String>;
    /// Everything one solve shows: the four modes' texts and the proof's steps.
    ///
    /// # Errors
    /// As [`AnyProblem::answer`].
    fn solve(&self, input: &str) -> anyhow::Result<Solved>;

    /// Its test kit (see [`Problem::kit`]).
    #[cfg(feature = "testkit")]
    fn kit(&self) -> Option<&'static dyn gridkit::testkit::AnyKit>;
}

impl<P: Problem> AnyProblem for P {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn judging(&self) -> Judging {
        P::JUDGING
    }

    fn about(&self) -> About {
        P::ABOUT
    }

    fn bench(&self) -> Option<Bench> {
        P::BENCH
    }

    fn picture_case(&self) -> &'static str {
        P::PICTURE_CASE
    }

    fn answer(&self, input: &str) -> anyhow::Result<String> {
        written(|output| P::run(input.as_bytes(), output))
    }

    fn explanation(&self, input: &str) -> anyhow::Result<String> {
        written(|output| P::explain(input.as_bytes(), output))
    }

    fn svg(&self, input: &str) -> anyhow::Result<String> {
        written(|output| P::picture(input.as_bytes(), output))
    }

    fn certificate(&self, input: &str) -> anyhow::Result<String> {
        written(|output| P::print_certificate(input.as_bytes(), output))
    }

    fn check(&self, input: &str, certificate: &str) -> anyhow::Result<String> {
        written(|output| P::check_certificate(certificate.as_bytes(), input.as_bytes(), output))
    }

    fn solve(&self, input: &str) -> anyhow::Result<Solved> {
        P::solved(input.as_bytes())
    }

    #[cfg(feature = "testkit")]
    fn kit(&self) -> Option<&'static dyn gridkit::testkit::AnyKit> {
        P::kit()
    }
}

impl std::fmt::Debug for dyn AnyProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("AnyProblem").field(&self.name()).finish()
    }
}

/// What `command` wrote, as text.
fn written(command: impl FnOnce(&mut Vec<u8>) -> anyhow::Result<()>) -> anyhow::Result<String> {
    let mut output = Vec::new();
    command(&mut output)?;
    String::from_utf8(output)
        .map_err(|_| anyhow::anyhow!("internal error: the output is not UTF-8"))
}
