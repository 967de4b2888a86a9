//! Project automation for the board-game solvers.
//!
//! - `cargo xtask verify [CRATE...] [--data DIR]`: builds the release binaries, runs each
//!   solver on every `testdata/<crate>/NAME.in`, checks the answer against `NAME.out`, and
//!   measures CPU time, wall time and peak memory against the problem's limits
//!   ([`problems::PROBLEMS`]).
//! - `cargo xtask bench CRATE`: the solver against its reference binary, same files, same run.

pub mod bench;
pub mod build;
pub mod check;
pub mod fixture;
pub mod judge;
pub mod measure;
pub mod problems;
pub mod report;
pub mod testdata;
pub mod verify;

use std::path::PathBuf;

use anyhow::{Result, bail};

/// The workspace root (the folder above `xtask/`).
pub fn project_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map_or(manifest.clone(), PathBuf::from)
}

const USAGE: &str = "\
usage:
  cargo xtask verify [CRATE...] [--data DIR]   run the solvers on their test data under the limits
  cargo xtask bench CRATE [--runs N]           time the solver against its reference binary";

/// Parses the command line and dispatches.
///
/// # Errors
/// A bad command line, or the subcommand's own failure.
pub fn main_with(args: &[String]) -> Result<()> {
    let Some((command, rest)) = args.split_first() else {
        bail!("{USAGE}");
    };
    match command.as_str() {
        "verify" => parse_verify(rest)?.run(),
        "bench" => parse_bench(rest)?.run(),
        "fixture" => match rest {
            [kind] => fixture::run(kind),
            _ => bail!("usage: xtask fixture KIND"),
        },
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => bail!("unknown command '{other}'\n{USAGE}"),
    }
}

fn parse_verify(args: &[String]) -> Result<verify::Verify> {
    let mut crates = Vec::new();
    let mut data = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--data" => match args.next() {
                Some(dir) => data = Some(PathBuf::from(dir)),
                None => bail!("--data needs a folder\n{USAGE}"),
            },
            flag if flag.starts_with('-') => bail!("unknown option '{flag}'\n{USAGE}"),
            name => crates.push(name.to_owned()),
        }
    }
    Ok(verify::Verify { crates, data })
}

fn parse_bench(args: &[String]) -> Result<bench::BenchCmd> {
    let mut crate_name = None;
    let mut runs = 5;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => runs = n,
                None => bail!("--runs needs a number\n{USAGE}"),
            },
            flag if flag.starts_with('-') => bail!("unknown option '{flag}'\n{USAGE}"),
            name if crate_name.is_none() => crate_name = Some(name.to_owned()),
            _ => bail!("bench takes one crate\n{USAGE}"),
        }
    }
    let Some(crate_name) = crate_name else {
        bail!("bench needs a crate\n{USAGE}")
    };
    Ok(bench::BenchCmd { crate_name, runs })
}
