//! The browser playground's engine: the archive's five solvers and their checkers, called
//! on text held in memory, for the page's JavaScript through `wasm-bindgen`. `cargo xtask
//! web` compiles it to `wasm32-unknown-unknown` and writes the site around it.
//!
//! It adds no solving and no checking of its own: [`solve`] runs each crate's `run`,
//! `explain`, `picture` and `print_certificate` (what the binary prints with no option,
//! `--explain`, `--explain=svg` and `--certificate`), and [`check`] runs the proof
//! crate's `check_certificate`, exactly what `--check` runs, with the certificate read
//! from text instead of a file. An error reads as the binary's error line does, without
//! its `error: ` prefix: `line 3, column 5: expected one of ".#AB", found 'x'`.
//!
//! [`play`] lets the reader play sweets, gam and statues against the proven strategy: one
//! small object per game, holding the position, whose moves the page sends as cells.
//!
//! Everything here is plain Rust on strings, so the native tests call the same functions
//! the page calls.

#![forbid(unsafe_code)]

pub mod play;
mod problems;

use wasm_bindgen::prelude::wasm_bindgen;

pub use problems::{PROBLEMS, Problem, find};

/// What the solver says about one input: the answer and its checked proof, three ways.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone)]
pub struct Solved {
    /// The problem's output, as the binary prints it with no option.
    pub answer: String,
    /// The answer, then why it is right (`--explain`).
    pub explanation: String,
    /// The same proof as one self-contained SVG picture (`--explain=svg`).
    pub picture: String,
    /// The certificate as JSON, the data [`check`] reads (`--certificate`).
    pub certificate: String,
}

/// What the checker says about a certificate for one input.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone)]
pub struct Checked {
    /// The certificate proves an answer for this input.
    pub accepted: bool,
    /// When accepted, the answer it proves (as `--check` prints it); otherwise the reason
    /// it was refused, its first false step.
    pub message: String,
}

/// Solves `input` for the problem named `problem` (`statues`, `descending-dark`, `gam`,
/// `sweets` or `ladders`).
///
/// # Errors
/// An unknown problem, or the input's first error, by line and column, as the binary
/// prints it.
#[wasm_bindgen]
pub fn solve(problem: &str, input: &str) -> Result<Solved, String> {
    let problem = known(problem)?;
    Ok(Solved {
        answer: problem.answer(input)?,
        explanation: problem.explanation(input)?,
        picture: problem.picture(input)?,
        certificate: problem.certificate(input)?,
    })
}

/// Checks `certificate` (JSON) against `input` for the problem named `problem`, without
/// solving: accepted with the answer it proves, or refused with the reason.
///
/// # Errors
/// An unknown problem only; a malformed input or certificate is a refusal, as `--check`
/// refuses it.
#[wasm_bindgen]
pub fn check(problem: &str, input: &str, certificate: &str) -> Result<Checked, String> {
    let problem = known(problem)?;
    Ok(match problem.check(input, certificate) {
        Ok(answer) => Checked {
            accepted: true,
            message: answer,
        },
        Err(reason) => Checked {
            accepted: false,
            message: reason,
        },
    })
}

/// The names of the problems, in the archive's order.
#[wasm_bindgen]
pub fn problem_names() -> Vec<String> {
    PROBLEMS
        .iter()
        .map(|problem| problem.name.to_owned())
        .collect()
}

fn known(name: &str) -> Result<&'static Problem, String> {
    find(name).ok_or_else(|| format!("no problem is named {name:?}"))
}
