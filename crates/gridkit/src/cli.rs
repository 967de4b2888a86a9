//! The command line every solver binary shares: no argument prints the problem's output,
//! `--explain` prints it followed by the explanation; anything else is a usage error.

use std::fmt::Display;
use std::io::{BufWriter, StdinLock, StdoutLock};
use std::process::ExitCode;

use crate::exit::exit_code;

/// What a solver binary reads: standard input, locked.
pub type Stdin = StdinLock<'static>;
/// Where a solver binary writes: standard output, locked and buffered.
pub type Stdout = BufWriter<StdoutLock<'static>>;

/// What the command line asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Exactly the problem's output.
    Answer,
    /// The problem's output, then the explanation of why it is right.
    Explain,
}

/// The mode `args` (without the program's name) ask for, or `None` for anything else.
pub fn mode<S: AsRef<str>>(args: &[S]) -> Option<Mode> {
    match args {
        [] => Some(Mode::Answer),
        [flag] if flag.as_ref() == "--explain" => Some(Mode::Explain),
        _ => None,
    }
}

/// A solver binary's whole `main`: reads the command line, runs `run` or `explain` on
/// stdin and stdout, and ends as [`exit_code`] says. A bad command line prints a usage
/// message on stderr and exits with code 2.
pub fn main<E: Display>(
    name: &str,
    run: fn(Stdin, Stdout) -> Result<(), E>,
    explain: fn(Stdin, Stdout) -> Result<(), E>,
) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(mode) = mode(&args) else {
        eprintln!("usage: {name} [--explain] < INPUT");
        eprintln!("  prints the answer to the problem's input; --explain adds why it is right");
        return ExitCode::from(2);
    };
    let input = std::io::stdin().lock();
    let output = BufWriter::new(std::io::stdout().lock());
    exit_code(match mode {
        Mode::Answer => run(input, output),
        Mode::Explain => explain(input, output),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_no_argument_or_explain_is_understood() {
        assert_eq!(mode::<&str>(&[]), Some(Mode::Answer));
        assert_eq!(mode(&["--explain"]), Some(Mode::Explain));
        assert_eq!(mode(&["--explain", "--explain"]), None);
        assert_eq!(mode(&["-e"]), None);
        assert_eq!(mode(&["input.txt"]), None);
    }
}
