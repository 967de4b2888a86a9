//! One stress case: the solution run on an input under the problem's rules and judged
//! against the crate's own answer.

use std::path::PathBuf;

use anyhow::Result;
use tempfile::TempDir;

use crate::judge::{self, Outcome, Rules, Verdict};
use crate::solution::Solution;

/// Runs the solution in a scratch folder of its own, removed on drop.
pub struct Trial<'s> {
    solution: &'s Solution,
    rules: Rules,
    scratch: TempDir,
}

/// A judged run with the output it printed.
#[derive(Debug)]
pub struct Judged {
    pub outcome: Outcome,
    pub received: String,
}

impl Judged {
    pub fn failed(&self) -> bool {
        self.outcome.verdict != Verdict::Accepted
    }
}

/// The most of a received output kept for the report.
const RECEIVED_SHOWN_BYTES: usize = 4096;

impl<'s> Trial<'s> {
    /// A trial of `solution` under `rules`, with its scratch folder in `parent`.
    ///
    /// # Errors
    /// The scratch folder cannot be created.
    pub fn new(solution: &'s Solution, rules: Rules, parent: &std::path::Path) -> Result<Self> {
        let scratch = tempfile::Builder::new()
            .prefix("xtask-stress-")
            .tempdir_in(parent)?;
        Ok(Trial {
            solution,
            rules,
            scratch,
        })
    }

    fn path(&self, name: &str) -> PathBuf {
        self.scratch.path().join(name)
    }

    /// Runs the solution on `input` and judges its output against `expected`.
    ///
    /// # Errors
    /// The scratch files cannot be written or the solution cannot be started.
    pub fn judge(&self, input: &str, expected: &str) -> Result<Judged> {
        let (input_path, expected_path) = (self.path("case.in"), self.path("case.ans"));
        std::fs::write(&input_path, input)?;
        std::fs::write(&expected_path, expected)?;
        let outcome = judge::judge(
            &self.solution.program,
            &self.solution.arg_refs(),
            &input_path,
            &expected_path,
            self.scratch.path(),
            self.rules,
        )?;
        let mut received = std::fs::read(self.path("case.stdout")).unwrap_or_default();
        let cut = received.len() > RECEIVED_SHOWN_BYTES;
        received.truncate(RECEIVED_SHOWN_BYTES);
        let mut received = String::from_utf8_lossy(&received).into_owned();
        if cut {
            received.push_str("\n[... output cut]\n");
        }
        Ok(Judged { outcome, received })
    }
}
