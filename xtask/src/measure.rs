//! Running one program on one input in the sandbox ([`crate::sandbox`]) and what that
//! measured: how it ended, CPU and wall time, and peak memory, of the whole tree of
//! processes where the accounting layer is active. Signals are named by
//! [`verdict::order::signal_name`].

use std::path::Path;
use std::time::Duration;

use anyhow::Result;

pub use crate::sandbox::Input;
pub use crate::sandbox::Io;
pub use crate::sandbox::Limits;
pub use crate::sandbox::Resolved as Program;
use crate::sandbox::{self, Report};

pub use verdict::{Exit, Measurement};

/// What the sandbox's report of a run measured.
pub fn measured(report: Report) -> Measurement {
    Measurement {
        exit: match (report.code, report.signal) {
            (Some(code), _) => Exit::Code(code),
            (None, Some(signal)) => Exit::Signal(signal),
            (None, None) => Exit::Code(-1),
        },
        cpu: Duration::from_micros(report.cpu_us),
        wall: Duration::from_micros(report.wall_us),
        peak_memory_bytes: report.peak_memory_bytes,
        stops: report.stops,
    }
}

/// Runs `program` with `io` in a fresh box under `limits`, and measures it.
///
/// # Errors
/// The sandbox cannot run it (see [`sandbox::run`]).
pub fn run(program: &Program, io: &Io, limits: Limits) -> Result<Measurement> {
    sandbox::run(program, io, limits).map(measured)
}

/// What a run printed, held by the runner until it is judged.
#[derive(Debug)]
pub struct Printed {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Runs `program` on `input` in a fresh box under `limits`, and measures it; its output
/// comes back in memory ([`sandbox::run_captured`]).
///
/// # Errors
/// The sandbox cannot run it (see [`sandbox::run`]).
pub fn run_captured(
    program: &Program,
    input: Input,
    limits: Limits,
) -> Result<(Measurement, Printed)> {
    let captured = sandbox::run_captured(program, input, limits)?;
    let printed = Printed {
        stdout: captured.stdout,
        stderr: captured.stderr,
    };
    Ok((measured(captured.report), printed))
}

/// A program the archive built itself (a solver binary): it needs to read only itself.
pub fn own_program(path: &Path, args: &[&str]) -> Program {
    Program {
        program: path.to_owned(),
        args: args.iter().map(|&arg| arg.to_owned()).collect(),
        readable: vec![path.to_owned()],
    }
}
