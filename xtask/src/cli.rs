//! The command line: one subcommand per task, each parsed into its own module's struct
//! (whose fields' comments are the help, beside the defaults they state), dispatched by
//! one `match`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::sandbox;
use crate::{bench, fixture, package, pictures, sandbox_cost, setup, stress, verify, web};

#[derive(Debug, Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    about = "Run, judge, stress and benchmark the solvers"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Verify(verify::Verify),
    Stress(stress::Stress),
    Gen(stress::generate::Gen),
    Bench(bench::Bench),
    Package(package::Package),
    Web(web::Web),
    Test(setup::Test),
    /// Draw the book's pictures (each solver's --explain=svg) into docs/pictures/.
    Pictures,
    #[command(hide = true)]
    Fixture(fixture::Fixture),
    SandboxCost(sandbox_cost::SandboxCost),
    /// Starts measured programs in the sandbox on request (see `sandbox/server.rs`).
    #[command(hide = true)]
    Spawner {
        /// Layers to leave out, for `sandbox-cost` only (the report names them missing).
        #[arg(long, value_delimiter = ',')]
        without: Vec<String>,
    },
}

impl Command {
    /// Whether the command runs programs in the sandbox: this binary is then the
    /// spawner's too, and Ctrl-C ends the runs first.
    fn runs_programs(&self) -> bool {
        matches!(
            self,
            Command::Verify(_) | Command::Stress(_) | Command::Bench(_) | Command::SandboxCost(_)
        )
    }

    /// Runs it: the exit code of what it judged (0 passed, 1 failed; the test command's
    /// is cargo test's own), or the judge's own failure.
    fn run(self) -> anyhow::Result<ExitCode> {
        let passed = match self {
            Command::Verify(verify) => verify.run(),
            Command::Stress(stress) => stress
                .run()
                .map(|ending| matches!(ending, stress::Ending::NoFailure { .. })),
            Command::Gen(gen_) => gen_.run().map(|()| true),
            Command::Bench(bench) => bench.run(),
            Command::Package(package) => package.run().map(|_| true),
            Command::Web(web) => web.run().map(|_| true),
            Command::Test(test) => return test.run(),
            Command::Pictures => pictures::Pictures.run().map(|()| true),
            Command::Fixture(fixture) => fixture.run().map(|()| true),
            Command::SandboxCost(cost) => cost.run().map(|()| true),
            Command::Spawner { without } => sandbox::serve(&without).map(|()| true),
        }?;
        Ok(if passed {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        })
    }
}

/// Parses `std::env::args` and runs the subcommand.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.command.runs_programs() {
        if let Ok(xtask) = std::env::current_exe() {
            sandbox::use_spawner(&xtask);
        }
        sandbox::on_interrupt();
    }
    cli.command.run().unwrap_or_else(|error| {
        // The command itself failed (the judge's failure, not a verdict): 2, as for a
        // mistyped command line, apart from 1 for tests that failed.
        eprintln!("error: {error:#}");
        ExitCode::from(2)
    })
}
