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

/// One crate's row: each mode is the crate's library function of the same name (every
/// solver crate exposes the same six).
macro_rules! problem {
    ($name:literal, $krate:ident) => {
        Problem {
            name: $name,
            run: |input, output| $krate::run(input, output),
            explain: |input, output| $krate::explain(input, output),
            picture: |input, output| $krate::picture(input, output),
            certificate: |input, output| $krate::print_certificate(input, output),
            check: |certificate, input, output| {
                $krate::check_certificate(certificate, input, output)
            },
            solved: |input| $krate::solved(input),
        }
    };
}

pub const PROBLEMS: &[Problem] = &[
    problem!("statues", statues),
    problem!("descending-dark", descending_dark),
    problem!("gam", gam),
    problem!("sweets", sweets),
    problem!("ladders", ladders),
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
