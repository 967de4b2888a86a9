//! The browser playground's engine: the archive's solvers and their checkers, called
//! on text held in memory, for the page's JavaScript through `wasm-bindgen`. `cargo xtask
//! web` compiles it to `wasm32-unknown-unknown` and writes the site around it.
//!
//! It adds no solving and no checking of its own: the problems are the archive's one list
//! ([`PROBLEMS`], the crate `problems`), and [`solve`] runs each crate's `solved`,
//! which builds one checked certificate and writes from it what the binary prints with no
//! option, with `--explain`, `--explain=svg` and `--certificate`, and the proof's steps
//! (the frames of [`steps`]); [`check`] runs the proof crate's `check_certificate`,
//! exactly what `--check` runs, with the certificate read from text instead of a file
//! and refused past the same 64 MiB. An error reads as the binary's error line does, without
//! its `error: ` prefix: `line 3, column 5: expected one of ".#AB", found 'x'`.
//!
//! [`play`] lets the reader play sweets, gam and statues against the proven strategy: one
//! small object per game, holding the position, whose moves the page sends as cells.
//!
//! [`judging`] judges a learner's program that the page compiled and ran, on what the page
//! measured, with the `verdict` crate the terminal's judge calls; [`stress`] gives the
//! cases `cargo xtask stress` generates and shrinks a failing one with the same shrinker.
//!
//! Everything here is plain Rust on strings, so the native tests call the same functions
//! the page calls.

#![forbid(unsafe_code)]

pub mod judging;
pub mod play;
pub mod steps;
pub mod stress;

use gridkit::certificate::{MAX_CERTIFICATE_BYTES, too_long};
use wasm_bindgen::prelude::wasm_bindgen;

pub use judging::{Judgement, judge};
pub use problems::{AnyProblem, PROBLEMS, find};
pub use steps::{Frame, Frames};
pub use stress::{Stress, StressCase};

/// What the solver says about one input: the answer and its checked proof, three ways,
/// and the proof step by step, all from one solve.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug)]
pub struct Solved {
    /// The problem's output, as the binary prints it with no option.
    pub answer: String,
    /// The answer, then why it is right (`--explain`).
    pub explanation: String,
    /// The same proof as one self-contained SVG picture (`--explain=svg`).
    pub picture: String,
    /// The certificate as JSON, the data [`check`] reads (`--certificate`).
    pub certificate: String,
    steps: Frames,
}

#[wasm_bindgen]
impl Solved {
    /// How many frames "step through the proof" offers (at most [`steps::MAX_FRAMES`]).
    pub fn frame_count(&self) -> usize {
        self.steps.count()
    }

    /// Frame `index` of the proof, drawn now (past the last: the last).
    pub fn frame(&self, index: usize) -> Frame {
        self.steps.frame(index)
    }
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

/// Solves `input` for the problem named `problem` (a crate's name, as [`PROBLEMS`] lists
/// them).
///
/// # Errors
/// An unknown problem, or the input's first error, by line and column, as the binary
/// prints it.
#[wasm_bindgen]
pub fn solve(problem: &str, input: &str) -> Result<Solved, String> {
    let solved = known(problem)?.solve(input).map_err(shown)?;
    Ok(Solved {
        answer: solved.answer,
        explanation: solved.explanation,
        picture: solved.picture,
        certificate: solved.certificate,
        steps: Frames::new(solved.steps),
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
    // The binaries' cap on a certificate file, on the text as its UTF-8 bytes.
    if certificate.len() as u64 > MAX_CERTIFICATE_BYTES {
        return Ok(Checked {
            accepted: false,
            message: format!("the certificate: {}", too_long()),
        });
    }
    Ok(match problem.check(input, certificate) {
        Ok(answer) => Checked {
            accepted: true,
            message: answer,
        },
        Err(reason) => Checked {
            accepted: false,
            message: shown(reason),
        },
    })
}

/// The names of the problems, in the archive's order.
#[wasm_bindgen]
pub fn problem_names() -> Vec<String> {
    PROBLEMS
        .iter()
        .map(|problem| problem.name().to_owned())
        .collect()
}

fn known(name: &str) -> Result<&'static dyn AnyProblem, String> {
    find(name).ok_or_else(|| format!("no problem is named {name:?}"))
}

/// An error as the binary prints it (causes joined by `: `), without the `error: ` prefix.
fn shown(error: anyhow::Error) -> String {
    format!("{error:#}")
}
