//! The command line: one subcommand per task, parsed by clap, dispatched by one `match`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

use crate::sandbox::{self, Strictness};
use crate::{bench, fixture, package, pictures, stress, verify, web};

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
    /// Run the solvers (or your solution) on their test data, judged under the limits.
    Verify {
        /// Crates to verify (all when none is named).
        crates: Vec<String>,
        /// Another folder of NAME.in / NAME.out pairs (one crate only).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        // The extensions come from the table the solution is read by.
        #[arg(
            long,
            value_name = "SOL",
            help = solution_help("Your solution instead of the crate's binary (one crate only)")
        )]
        solution: Option<String>,
        /// `strict` refuses to run unless every layer of the sandbox is active.
        #[arg(long, value_enum, default_value_t = Strictness::Report)]
        sandbox: Strictness,
        /// Only the tests whose names contain NAME (repeatable), as `cargo test` filters.
        #[arg(long = "test", value_name = "NAME")]
        tests: Vec<String>,
        /// Stop at the first test that fails.
        #[arg(long)]
        fail_fast: bool,
    },
    /// Generate inputs until your solution fails, then shrink the failing input.
    Stress {
        /// The crate whose problem the solution solves.
        #[arg(value_name = "CRATE")]
        crate_name: String,
        #[arg(
            long,
            value_name = "SOL",
            help = solution_help("Your solution"),
            required_unless_present = "flawed",
            conflicts_with = "flawed"
        )]
        solution: Option<String>,
        /// One of the crate's flawed solvers instead (`cargo run -p CRATE --features
        /// testkit --bin CRATE_flawed -- --list` lists them).
        #[arg(long, value_name = "NAME")]
        flawed: Option<String>,
        /// The seed of the generated inputs (random when not given; printed either way).
        #[arg(long)]
        seed: Option<u64>,
        /// Stop after this many seconds without a failure (default 10 unless --cases).
        #[arg(long, value_name = "SECS")]
        time: Option<f64>,
        /// Stop after this many cases without a failure.
        #[arg(long, value_name = "N")]
        cases: Option<u64>,
        #[arg(long, value_name = "DIR", help = stress::OUT_HELP)]
        out: Option<PathBuf>,
        /// Threads running cases (default: every core).
        #[arg(long, value_name = "N")]
        jobs: Option<usize>,
        /// `strict` refuses to run unless every layer of the sandbox is active.
        #[arg(long, value_enum, default_value_t = Strictness::Report)]
        sandbox: Strictness,
    },
    /// Print the input `stress` generates as case K of seed N.
    Gen {
        /// The problem's crate: statues, descending-dark, gam, sweets or ladders.
        #[arg(value_name = "CRATE")]
        crate_name: String,
        /// The seed, as `stress --seed` takes it.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The case number: 0 is the smallest; sizes reach the statement's limits by 1000.
        #[arg(long, default_value_t = 0)]
        case: u64,
    },
    /// Time the solver against its reference binary, on the same files in the same run.
    Bench {
        /// The problem's crate with a benchmark (see the book's Measurements).
        #[arg(value_name = "CRATE")]
        crate_name: String,
        /// Runs per program and file; the fastest counts.
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// The cargo profile both programs are built with: bench-release adds fat LTO to
        /// release for the top speed; release is the build verify judges, and quicker to
        /// build.
        #[arg(long, default_value = crate::build::BENCH, value_parser = [crate::build::BENCH, crate::build::RELEASE])]
        profile: String,
    },
    /// Export problems as Kattis problem packages (legacy or 2025-09 format).
    Package {
        /// Crates to export (all when none is named).
        crates: Vec<String>,
        /// legacy: problemtools, Kattis, DOMjudge; 2025-09: BAPCtools.
        #[arg(long, value_enum, default_value_t = package::Format::Legacy)]
        format: package::Format,
        /// Where the package folders go (default: <target>/packages, or
        /// <target>/packages-2025-09).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Also write <name>.zip beside each package, ready for DOMjudge's import.
        #[arg(long)]
        zip: bool,
    },
    /// Build the browser playground (the solvers compiled to WebAssembly) as a static site.
    Web {
        /// Where the site goes (default: <target>/web).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Then serve it on 127.0.0.1 until Ctrl-C.
        #[arg(long)]
        serve: bool,
        /// Write the module's and the toolchains' sizes into the book (docs/figures.txt).
        #[arg(long)]
        record: bool,
    },
    /// Install what the tests need (Debian packages, the wasm32 target), then run
    /// `cargo test --workspace` with ARGS.
    Test {
        /// Only check that the tests' programs are installed; install and build nothing.
        #[arg(long)]
        check: bool,
        /// Passed on to `cargo test --workspace` (after `--`).
        #[arg(last = true)]
        args: Vec<std::ffi::OsString>,
    },
    /// Draw the book's pictures (each solver's --explain=svg) into docs/pictures/.
    Pictures,
    /// A misbehaving program for the runner's own tests.
    #[command(hide = true)]
    Fixture {
        kind: String,
        /// What the kind `chaos` does (see `fixture::chaos`).
        spec: Option<String>,
    },
    /// What the sandbox costs per run, layer by layer, against a plain spawn loop in the
    /// same run (statues' own binary on its first sample).
    SandboxCost {
        /// Runs per configuration.
        #[arg(long, default_value_t = 2000)]
        runs: usize,
        /// Write the full sandbox's speed against the plain loop into docs/figures.txt.
        #[arg(long)]
        record: bool,
    },
    /// Starts measured programs in the sandbox on request (see `sandbox/server.rs`).
    #[command(hide = true)]
    Spawner {
        /// Layers to leave out, for `sandbox-cost` only (the report names them missing).
        #[arg(long, value_delimiter = ',')]
        without: Vec<String>,
    },
}

/// The help of `--solution`, after `what`: the extensions read as source files are the
/// ones the solution is read by, listed by the same table.
fn solution_help(what: &str) -> String {
    format!(
        "{what}: a command line (`./a.out`, `'python3 mine.py'`) or a source file ({})",
        crate::solution::extensions()
    )
}

/// Parses `std::env::args` and runs the subcommand.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if matches!(
        cli.command,
        Command::Verify { .. }
            | Command::Stress { .. }
            | Command::Bench { .. }
            | Command::SandboxCost { .. }
    ) {
        if let Ok(xtask) = std::env::current_exe() {
            sandbox::use_spawner(&xtask);
        }
        sandbox::on_interrupt();
    }
    let result = match cli.command {
        Command::Verify {
            crates,
            data,
            solution,
            sandbox,
            tests,
            fail_fast,
        } => verify::Verify {
            crates,
            data,
            solution,
            sandbox,
            tests,
            fail_fast,
        }
        .run(),
        Command::Stress {
            crate_name,
            solution,
            flawed,
            seed,
            time,
            cases,
            out,
            jobs,
            sandbox,
        } => time
            .map(|secs| {
                Duration::try_from_secs_f64(secs)
                    .map_err(|_| anyhow::anyhow!("--time takes a number of seconds"))
            })
            .transpose()
            .and_then(|time| {
                stress::Stress {
                    crate_name,
                    solution: match (solution, flawed) {
                        (_, Some(name)) => stress::Contender::Flawed(name),
                        (Some(spec), None) => stress::Contender::Solution(spec),
                        (None, None) => unreachable!("clap requires one"),
                    },
                    seed: seed.unwrap_or_else(|| fastrand::u64(..)),
                    time,
                    cases,
                    out,
                    jobs,
                    sandbox,
                }
                .run()
            })
            .map(|ending| matches!(ending, stress::Ending::NoFailure { .. })),
        Command::Bench {
            crate_name,
            runs,
            profile,
        } => bench::BenchCmd {
            crate_name,
            runs,
            profile,
        }
        .run(),
        Command::Gen {
            crate_name,
            seed,
            case,
        } => stress::generate::generated(&crate_name, seed, case).map(|text| {
            print!("{text}");
            true
        }),
        Command::Package {
            crates,
            format,
            out,
            zip,
        } => package::Package {
            crates,
            format,
            out,
            zip,
        }
        .run()
        .map(|_| true),
        Command::Web { out, serve, record } => web::Web { out, serve, record }.run().map(|_| true),
        Command::Test { check, args } => match (crate::setup::Test { check, args }).run() {
            Ok(code) => return code,
            Err(error) => Err(error),
        },
        Command::Pictures => pictures::Pictures.run().map(|()| true),
        Command::Fixture { kind, spec } => fixture::run(&kind, spec.as_deref()).map(|()| true),
        Command::SandboxCost { runs, record } => {
            crate::sandbox_cost::report(runs, record).map(|()| true)
        }
        Command::Spawner { without } => sandbox::serve(&without).map(|()| true),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        // The command itself failed (the judge's failure, not a verdict): 2, as for a
        // mistyped command line, apart from 1 for tests that failed.
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
