//! The judge's verdict, written once for every place that judges: `cargo xtask verify`,
//! `stress` and the playground's in-page judge all call this crate, so a learner's
//! program gets the same verdict, with the same words, in the terminal and in the page.
//!
//! - [`mod@compare`]: the output against the expected one, token by token as judges' checkers
//!   read it (exact tokens, or numbers within a tolerance), naming the case of the first
//!   difference.
//! - [`order`]: the verdict from what was measured, in a fixed order (TLE on CPU, MLE,
//!   TLE idle, OLE, RE, then WA or AC); stderr is quoted for a runtime error and never
//!   decides.
//! - [`shown`]: what a program printed, escaped and cut, so that nothing it prints can
//!   draw on a terminal or pass for a line of the report.
//!
//! Pure Rust on bytes and durations, with no dependency and no I/O: it builds for
//! `wasm32-unknown-unknown` as it does natively. Comparing is linear in the output's size
//! and holds no list of its tokens.

#![forbid(unsafe_code)]

pub mod compare;
pub mod order;
pub mod shown;

pub use compare::{CaseStyle, Checker, Mismatch, compare};
pub use order::{Exit, Measurement, Rules, Stops, Verdict, verdict};
