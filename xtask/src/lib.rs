//! Project automation for the board-game solvers.
//!
//! - `cargo xtask verify [CRATE...] [--data DIR] [--solution SOL]`: builds the release
//!   binaries, runs each solver (or a user's solution) on every `testdata/<crate>/NAME.in`,
//!   checks the answer against `NAME.out`, and measures CPU time, wall time and peak
//!   memory against the problem's limits ([`problems::PROBLEMS`]).
//! - `cargo xtask stress CRATE --solution SOL | --flawed NAME`: generated inputs through a
//!   user's solution (or a flawed solver), judged against the crate's solver; the first
//!   failure shrunk to a 1-minimal input.
//! - `cargo xtask gen CRATE --seed N --case K`: the input stress generates as case K.
//! - `cargo xtask bench CRATE`: the solver against its reference binary, same files, same run.
//! - `cargo xtask package [CRATE...] [--out DIR] [--zip]`: Kattis problem packages.
//! - `cargo xtask web [--out DIR] [--serve]`: the browser playground, the solvers and
//!   checkers compiled to WebAssembly, as a static site.
//! - `cargo xtask test [-- ARGS]`: installs what the tests need, then `cargo test
//!   --workspace`.
//! - `cargo xtask pictures`: the book's pictures (`--explain=svg`), into `docs/pictures/`.
//!
//! A solution is untrusted code: every run, and every compile of a user's source, happens
//! in the [`sandbox`], whose layers ([`sandbox::Layers`]) the reports name.

pub mod bench;
pub mod build;
pub mod cli;
pub mod figures;
pub mod fixture;
pub mod judge;
pub mod measure;
pub mod package;
pub mod pictures;
pub mod report;
pub mod sandbox_cost;
pub mod setup;
pub mod solution;
pub mod stress;

pub mod testdata;
pub mod units;
pub mod verify;
pub mod web;

/// The archive's problems, one list, a crate of its own (the playground reads it too).
pub use problems;
/// The sandbox every untrusted run goes through, a crate of its own.
pub use sandbox;
/// The verdict of a run, one code with the playground's judge, a crate of its own.
pub use verdict;

use std::path::PathBuf;

/// The workspace root (the folder above `xtask/`).
pub fn project_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map_or(manifest.clone(), PathBuf::from)
}
