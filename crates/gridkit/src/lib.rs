//! Shared pieces of the board-game solvers.
//!
//! - [`input`]: a strict, streaming, line-oriented reader whose errors name the line and
//!   column (`line 4, column 7: expected one of ".#AB", found 'x'`).
//! - [`grid`]: a row-major [`Grid`] with bounds-checked access and 4-/8-neighbourhoods.
//! - [`certificate`]: the certificates' JSON, read through bounds (64 MiB from any file,
//!   no list longer than the input allows) with refusals that quote a few bytes at most.
//! - [`exit`] and [`cli`]: a solver binary's command line (`--explain`) and how it ends.
//! - [`explain`]: boards as text and run-length move sequences, for explanations.
//! - [`picture`]: explanations as SVG pictures (`--explain=svg`): a small SVG writer,
//!   numbered boards, legends and colours.
//! - `testkit` (feature `testkit`, test support only): the `ProblemKit` trait that stress
//!   testing drives, flawed solvers, input mutations, and `testdata`, the
//!   `testdata/<problem>` pairs.
//!
//! Only what two or more solvers use lives here.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod certificate;
pub mod cli;
pub mod exit;
pub mod explain;
pub mod grid;
pub mod input;
pub mod picture;
#[cfg(feature = "testkit")]
pub mod testdata;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use exit::exit_code;
pub use grid::{Grid, Pos};
pub use input::{InputError, InputResult, Line, Reader};
