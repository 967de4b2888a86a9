//! Shared pieces of the board-game solvers.
//!
//! - [`input`]: a strict, streaming, line-oriented reader whose errors name the line and
//!   column (`line 4, column 7: expected one of ".#AB", found 'x'`).
//! - [`grid`]: a row-major [`Grid`] with bounds-checked access and 4-/8-neighbourhoods.
//! - [`certificate`]: the certificates' JSON, read through bounds (64 MiB from any file,
//!   no list longer than the input allows) with refusals that quote a few bytes at most.
//! - `cli` (Unix only): the edge of a solver binary, its command line (`--explain`), the
//!   `--check` file read through a limit and a deadline, and how it ends. Everything else
//!   reads from a reader and writes to a writer, and builds for `wasm32-unknown-unknown`.
//! - [`explain`]: boards as text and run-length move sequences, for explanations.
//! - [`picture`]: explanations as SVG pictures (`--explain=svg`): a small SVG writer,
//!   numbered boards, legends and colours.
//! - [`solved`]: everything one solve shows, the four modes' texts and the proof step by
//!   step, for the browser playground.
//! - `testkit` (feature `testkit`, test support only): the `ProblemKit` trait that stress
//!   testing drives, flawed solvers, input mutations, and `testdata`, the
//!   `testdata/<problem>` pairs.
//!
//! Only what two or more solvers use lives here.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod certificate;
#[cfg(unix)]
pub mod cli;
pub mod explain;
pub mod grid;
pub mod input;
pub mod picture;
pub mod solved;
// The test data and the binaries' runs: files and processes, Unix only. The rest of the
// kit (generators, simplification, shrinking, flawed solvers) also builds for wasm32, for
// the playground's stress in the page.
#[cfg(all(feature = "testkit", unix))]
pub mod testdata;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use grid::{Grid, Pos};
pub use input::{InputError, InputResult, Line, Reader};
