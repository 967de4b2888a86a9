//! How a solver binary ends: the answer on stdout, or one error line on stderr.

use std::fmt::Display;
use std::process::ExitCode;

/// Prints `error: ...` (with its causes) for an error and fails; succeeds otherwise.
///
/// A binary's `main` returns this instead of a `Result`, so a refused input shows only
/// the line-and-column message, never a debug dump or a stack trace.
pub fn exit_code<E: Display>(result: Result<(), E>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn success_and_failure() {
        assert_eq!(exit_code::<String>(Ok(())), ExitCode::SUCCESS);
        assert_eq!(exit_code(Err("line 1: bad")), ExitCode::FAILURE);
    }
}
