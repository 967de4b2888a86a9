//! Solves every box once, at build time, so the solver answers with one lookup.
//!
//! The geometry and the table builder are the library's own modules, compiled here too,
//! so the stored table is exactly what `sweets::table::compute` returns (a unit test
//! checks it). The geometry takes the box's sizes from the proof crate's `board` module,
//! compiled here from its file too: a build dependency on `sweets-proof` would give the
//! build script a gridkit of its own, with other features in `cargo xtask` than in
//! `cargo test`, and everything above sweets would be compiled once for each.

use std::path::PathBuf;
use std::{env, fs, io};

#[allow(dead_code)]
#[path = "proof/src/board.rs"]
mod board;
// The build script uses only part of the geometry, whose re-exports are for the library.
#[allow(dead_code, unused_imports)]
#[path = "src/geometry.rs"]
mod geometry;
#[allow(dead_code)]
#[path = "src/table.rs"]
mod table;

fn main() -> io::Result<()> {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/geometry.rs");
    println!("cargo::rerun-if-changed=src/table.rs");
    println!("cargo::rerun-if-changed=proof/src/board.rs");
    let out_dir = env::var_os("OUT_DIR").ok_or_else(|| io::Error::other("OUT_DIR is not set"))?;
    fs::write(PathBuf::from(out_dir).join("wins.bin"), table::compute())
}
