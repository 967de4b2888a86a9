//! The five problems as one table: each crate's library functions, taken as they are,
//! called on text in memory.

use gridkit::solved::Solved;

/// A library command: reads the problem's input, writes what the binary would print.
type Command = fn(&[u8], &mut Vec<u8>) -> anyhow::Result<()>;
/// The proof crate's `check_certificate`: reads the certificate, then the input.
type CheckCommand = fn(&[u8], &[u8], &mut Vec<u8>) -> anyhow::Result<()>;
/// The crate's `solved`: all four modes' texts and the steps, from one solve.
type SolvedCommand = fn(&[u8]) -> anyhow::Result<Solved>;

/// One problem and the functions its binary's modes call (closures, so that each generic
/// function is taken for any lifetime of the text it reads).
#[derive(Debug)]
pub struct Problem {
    /// The crate, its binary and its folder under `testdata/`.
    pub name: &'static str,
    run: Command,
    explain: Command,
    picture: Command,
    certificate: Command,
    check: CheckCommand,
    solved: SolvedCommand,
}

pub const PROBLEMS: &[Problem] = &[
    Problem {
        name: "statues",
        run: |input, output| statues::run(input, output),
        explain: |input, output| statues::explain(input, output),
        picture: |input, output| statues::picture(input, output),
        certificate: |input, output| statues::print_certificate(input, output),
        check: |certificate, input, output| statues::check_certificate(certificate, input, output),
        solved: |input| statues::solved(input),
    },
    Problem {
        name: "descending-dark",
        run: |input, output| descending_dark::run(input, output),
        explain: |input, output| descending_dark::explain(input, output),
        picture: |input, output| descending_dark::picture(input, output),
        certificate: |input, output| descending_dark::print_certificate(input, output),
        check: |certificate, input, output| {
            descending_dark::check_certificate(certificate, input, output)
        },
        solved: |input| descending_dark::solved(input),
    },
    Problem {
        name: "gam",
        run: |input, output| gam::run(input, output),
        explain: |input, output| gam::explain(input, output),
        picture: |input, output| gam::picture(input, output),
        certificate: |input, output| gam::print_certificate(input, output),
        check: |certificate, input, output| gam::check_certificate(certificate, input, output),
        solved: |input| gam::solved(input),
    },
    Problem {
        name: "sweets",
        run: |input, output| sweets::run(input, output),
        explain: |input, output| sweets::explain(input, output),
        picture: |input, output| sweets::picture(input, output),
        certificate: |input, output| sweets::print_certificate(input, output),
        check: |certificate, input, output| sweets::check_certificate(certificate, input, output),
        solved: |input| sweets::solved(input),
    },
    Problem {
        name: "ladders",
        run: |input, output| ladders::run(input, output),
        explain: |input, output| ladders::explain(input, output),
        picture: |input, output| ladders::picture(input, output),
        certificate: |input, output| ladders::print_certificate(input, output),
        check: |certificate, input, output| ladders::check_certificate(certificate, input, output),
        solved: |input| ladders::solved(input),
    },
];

/// The problem named `name`.
pub fn find(name: &str) -> Option<&'static Problem> {
    PROBLEMS.iter().find(|problem| problem.name == name)
}

impl Problem {
    /// Everything one solve shows: the four modes' texts, each as [`Problem::answer`],
    /// [`Problem::explanation`], [`Problem::picture`] and [`Problem::certificate`] give
    /// it, and the proof's steps.
    ///
    /// # Errors
    /// As [`Problem::answer`].
    pub fn solved(&self, input: &str) -> Result<Solved, String> {
        (self.solved)(input.as_bytes()).map_err(|error| format!("{error:#}"))
    }

    /// The problem's output (no option).
    ///
    /// # Errors
    /// The input's first error, as the binary prints it.
    pub fn answer(&self, input: &str) -> Result<String, String> {
        written(|output| (self.run)(input.as_bytes(), output))
    }

    /// The answer and why it is right (`--explain`).
    ///
    /// # Errors
    /// As [`Problem::answer`].
    pub fn explanation(&self, input: &str) -> Result<String, String> {
        written(|output| (self.explain)(input.as_bytes(), output))
    }

    /// The proof as one SVG picture (`--explain=svg`).
    ///
    /// # Errors
    /// As [`Problem::answer`].
    pub fn picture(&self, input: &str) -> Result<String, String> {
        written(|output| (self.picture)(input.as_bytes(), output))
    }

    /// The certificate as JSON (`--certificate`).
    ///
    /// # Errors
    /// As [`Problem::answer`].
    pub fn certificate(&self, input: &str) -> Result<String, String> {
        written(|output| (self.certificate)(input.as_bytes(), output))
    }

    /// The answer `certificate` proves for `input` (`--check`), checked without solving.
    ///
    /// # Errors
    /// The reason it is refused: the first false step, or what could not be read.
    pub fn check(&self, input: &str, certificate: &str) -> Result<String, String> {
        written(|output| (self.check)(certificate.as_bytes(), input.as_bytes(), output))
    }
}

/// What `command` wrote, or its error as the binary prints it (causes joined by `: `),
/// without the `error: ` prefix.
fn written(command: impl FnOnce(&mut Vec<u8>) -> anyhow::Result<()>) -> Result<String, String> {
    let mut output = Vec::new();
    command(&mut output).map_err(|error| format!("{error:#}"))?;
    String::from_utf8(output).map_err(|_| "internal error: the output is not UTF-8".to_owned())
}
