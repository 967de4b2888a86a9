//! `cargo xtask test [--check] [-- CARGO TEST ARGS]`: the test suite on a machine that has
//! only Rust. This module folder owns the set-up the tests need: the programs they run and
//! their Debian packages ([`needs`]), installing them as the user can ([`install`]), the
//! browser's Rust target (added through rustup, as `cargo xtask web` does), then
//! `cargo test --workspace`.

pub mod install;
pub mod needs;

use std::ffi::OsString;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};

use crate::build::cargo;
use install::Installer;

/// Install what the tests need (Debian packages, the wasm32 target), then run
/// `cargo test --workspace` with ARGS.
#[derive(Debug, clap::Args)]
pub struct Test {
    /// Only check that the tests' programs are installed; install and build nothing.
    #[arg(long)]
    pub check: bool,
    /// Passed on to `cargo test --workspace` (after `--`).
    #[arg(last = true)]
    pub args: Vec<OsString>,
}

impl Test {
    /// Installs what is missing, then runs the suite; returns cargo's exit code.
    ///
    /// # Errors
    /// Something the tests need is missing and cannot be installed here (the message is
    /// one line saying what to install), an installation fails, or cargo cannot run.
    pub fn run(&self) -> Result<ExitCode> {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let missing = needs::missing(&path);
        let packages = needs::packages(&missing);
        if self.check {
            if !packages.is_empty() {
                bail!("{}", install::request(&packages));
            }
            println!("test: every program the tests run is installed");
            return Ok(ExitCode::SUCCESS);
        }
        if !packages.is_empty() {
            Installer::here().install(&packages)?;
            let path = std::env::var_os("PATH").unwrap_or_default();
            let still = needs::missing(&path);
            if let Some(need) = still.first() {
                bail!(
                    "{} installed no {} on the PATH",
                    need.package,
                    need.programs.join(" or ")
                );
            }
        }
        crate::web::wasm::add_target()?;
        let status = cargo()
            .current_dir(crate::project_root())
            .args(["test", "--workspace"])
            .args(&self.args)
            .status()
            .context("running cargo test")?;
        let code = status.code().unwrap_or(1);
        Ok(ExitCode::from(u8::try_from(code).unwrap_or(1)))
    }
}
