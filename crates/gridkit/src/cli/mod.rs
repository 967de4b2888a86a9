//! The command line every solver binary shares: the edge between a binary's process
//! (arguments, stdin and stdout, the `--check` file, the exit code) and the libraries,
//! which only ever see a reader and a writer. It is the only part of gridkit that touches
//! the operating system, and it compiles only on Unix (`--check` opens its file
//! non-blocking), so the rest builds for targets with no files or processes, such as
//! `wasm32-unknown-unknown`.
//!
//! - no argument: the problem's output;
//! - `--explain`: the output, then why it is right (the checked certificate, as text);
//! - `--explain=svg`: the same explanation as one self-contained SVG picture;
//! - `--certificate`: the certificate as JSON, the data `--check` reads;
//! - `--check FILE`: reads a certificate from `FILE` and the input on stdin and says
//!   whether the certificate proves an answer, without solving: the proven answer and
//!   exit 0, or the first false step on stderr and exit 1;
//! - `--help` or `-h`: the usage on stdout, exit 0.
//!
//! Anything else is a usage error: the usage on stderr, exit 2.
//!
//! - [`certificate_file`]: the `--check` file, read through a size limit and a deadline;
//! - [`exit`]: how a binary ends, the answer on stdout or one error line on stderr.

pub mod certificate_file;
pub mod exit;

use std::fmt::Display;
use std::io::{BufWriter, StdinLock, StdoutLock, Write};
use std::path::PathBuf;
use std::process::ExitCode;

pub use certificate_file::{CertificateFile, MAX_CERTIFICATE_BYTES};
pub use exit::exit_code;

/// What a solver binary reads: standard input, locked.
pub type Stdin = StdinLock<'static>;
/// Where a solver binary writes: standard output, locked and buffered.
pub type Stdout = BufWriter<StdoutLock<'static>>;

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// Exactly the problem's output.
    Answer,
    /// The problem's output, then the explanation of why it is right.
    Explain,
    /// The explanation as an SVG picture.
    ExplainSvg,
    /// The certificate of the answer, as JSON.
    Certificate,
    /// Check the certificate in this file against the input; never solve.
    Check(PathBuf),
    /// The usage, asked for.
    Help,
}

/// The mode `args` (without the program's name) ask for, or `None` for anything else.
pub fn mode<S: AsRef<str>>(args: &[S]) -> Option<Mode> {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    match args.as_slice() {
        [] => Some(Mode::Answer),
        ["--explain"] => Some(Mode::Explain),
        ["--explain=svg"] => Some(Mode::ExplainSvg),
        ["--certificate"] => Some(Mode::Certificate),
        ["--check", file] if !file.starts_with('-') => Some(Mode::Check(PathBuf::from(file))),
        ["--help" | "-h"] => Some(Mode::Help),
        _ => None,
    }
}

/// The options [`mode`] understands.
const OPTIONS: [&str; 6] = [
    "--explain",
    "--explain=svg",
    "--certificate",
    "--check",
    "--help",
    "-h",
];

/// Why `mode` refuses `args`: the first word at fault, and the option it was likely
/// meant to be.
pub fn refusal<S: AsRef<str>>(args: &[S]) -> String {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    let unknown = args.iter().find(|arg| !OPTIONS.contains(arg));
    match (args.as_slice(), unknown) {
        (["--check"], _) => "--check needs the FILE holding the certificate".to_owned(),
        (["--check", file], _) => format!("--check needs a FILE, not the option {file:?}"),
        (["--check", _, extra, ..], _) => format!("one FILE after --check; found {extra:?} too"),
        (_, Some(arg)) if !arg.starts_with('-') => {
            format!("unexpected argument {arg:?}: the input is read on stdin (`< {arg}`)")
        }
        (_, Some(arg)) => match OPTIONS.iter().find(|option| close(option, arg)) {
            Some(option) => format!("unknown option {arg:?}; did you mean {option}?"),
            None => format!("unknown option {arg:?}"),
        },
        ([first, second, ..], None) => {
            format!("one option at most; found {second:?} after {first:?}")
        }
        _ => "a command line the usage does not show".to_owned(),
    }
}

/// Whether `typed` is within two single-character edits of `option` (a typo of it).
fn close(option: &str, typed: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (option.chars().collect(), typed.chars().collect());
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut current = vec![i + 1];
        for (j, &y) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(x != y);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()] <= 2
}

/// A command that reads the problem's input on stdin and writes on stdout.
pub type Command<E> = fn(Stdin, Stdout) -> Result<(), E>;
/// What `--check` reads the certificate from: the file, through its limits.
pub type CertificateSource = CertificateFile;
/// A command that also reads a certificate.
pub type CheckCommand<E> = fn(CertificateSource, Stdin, Stdout) -> Result<(), E>;

/// What a solver binary does in each mode.
pub struct Commands<E> {
    /// Prints the problem's output.
    pub run: Command<E>,
    /// Prints the proven output, then the explanation.
    pub explain: Command<E>,
    /// Writes the explanation as one SVG picture.
    pub picture: Command<E>,
    /// Prints the certificate as JSON.
    pub certificate: Command<E>,
    /// Checks the certificate read from the file against the input: prints the proven output,
    /// or fails naming the first false step.
    pub check: CheckCommand<E>,
}

/// The usage text of the binary `name`.
pub fn usage(name: &str) -> String {
    format!(
        "usage: {name} [--explain | --explain=svg | --certificate | --check FILE] < INPUT\n\
         \x20 (no option)     prints the answer to the problem's input\n\
         \x20 --explain       prints the answer, then a checked proof that it is right\n\
         \x20 --explain=svg   draws that proof as one SVG picture\n\
         \x20 --certificate   prints that proof as JSON\n\
         \x20 --check FILE    checks the JSON proof in FILE against INPUT without solving:\n\
         \x20                 prints the answer it proves (exit 0) or its first false step (exit 1)\n"
    )
}

/// A solver binary's whole `main`: reads the command line, runs the command it asks for
/// on stdin and stdout, and ends as [`exit_code`] says. A bad command line prints the
/// usage on stderr and exits with code 2; `--help` prints it on stdout.
pub fn main<E: Display>(name: &str, commands: Commands<E>) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(mode) = mode(&args) else {
        eprint!("error: {}\n{}", refusal(&args), usage(name));
        return ExitCode::from(2);
    };
    let input = std::io::stdin().lock();
    let mut output = BufWriter::new(std::io::stdout().lock());
    match mode {
        Mode::Help => {
            let _ = write!(output, "{}", usage(name)).and_then(|()| output.flush());
            ExitCode::SUCCESS
        }
        Mode::Answer => exit_code((commands.run)(input, output)),
        Mode::Explain => exit_code((commands.explain)(input, output)),
        Mode::ExplainSvg => exit_code((commands.picture)(input, output)),
        Mode::Certificate => exit_code((commands.certificate)(input, output)),
        Mode::Check(path) => match CertificateFile::open(&path) {
            Ok(file) => exit_code((commands.check)(file, input, output)),
            Err(error) => exit_code(Err(error)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_understood_command_lines() {
        assert_eq!(mode::<&str>(&[]), Some(Mode::Answer));
        assert_eq!(mode(&["--explain"]), Some(Mode::Explain));
        assert_eq!(mode(&["--explain=svg"]), Some(Mode::ExplainSvg));
        assert_eq!(mode(&["--certificate"]), Some(Mode::Certificate));
        assert_eq!(
            mode(&["--check", "proof.json"]),
            Some(Mode::Check(PathBuf::from("proof.json")))
        );
        assert_eq!(mode(&["--help"]), Some(Mode::Help));
        assert_eq!(mode(&["-h"]), Some(Mode::Help));
    }

    #[test]
    fn a_refusal_names_the_word_at_fault() {
        assert_eq!(
            refusal(&["--explian"]),
            "unknown option \"--explian\"; did you mean --explain?"
        );
        assert_eq!(
            refusal(&["--frobnicate"]),
            "unknown option \"--frobnicate\""
        );
        assert_eq!(
            refusal(&["input.txt"]),
            "unexpected argument \"input.txt\": the input is read on stdin (`< input.txt`)"
        );
        assert_eq!(
            refusal(&["--check"]),
            "--check needs the FILE holding the certificate"
        );
        assert_eq!(
            refusal(&["--check", "--explain"]),
            "--check needs a FILE, not the option \"--explain\""
        );
        assert_eq!(
            refusal(&["--check", "a", "b"]),
            "one FILE after --check; found \"b\" too"
        );
        assert_eq!(
            refusal(&["--explain", "--certificate"]),
            "one option at most; found \"--certificate\" after \"--explain\""
        );
    }

    #[test]
    fn anything_else_is_a_usage_error() {
        assert_eq!(mode(&["--explain", "--explain"]), None);
        assert_eq!(mode(&["-e"]), None);
        assert_eq!(mode(&["--explain=png"]), None);
        assert_eq!(mode(&["--explain", "svg"]), None);
        assert_eq!(mode(&["--explain=SVG"]), None);
        assert_eq!(mode(&["input.txt"]), None);
        assert_eq!(mode(&["--check"]), None);
        assert_eq!(mode(&["--check", "--explain"]), None);
        assert_eq!(mode(&["--check", "a", "b"]), None);
    }

    #[test]
    fn the_usage_names_every_mode() {
        let usage = usage("statues");
        for option in [
            "--explain ",
            "--explain=svg",
            "--certificate",
            "--check FILE",
        ] {
            assert!(usage.contains(option), "{usage}");
        }
    }
}
