//! One stress case: the solution run on an input under the problem's rules and judged
//! against the crate's own answer.

use crate::sandbox::client::Scratch;
use anyhow::Result;

use crate::judge::{self, Judged, Rules};
use crate::solution::Solution;

/// Runs the solution in a scratch folder of its own, removed on drop.
pub struct Trial<'s> {
    solution: &'s Solution,
    rules: Rules,
    scratch: Scratch,
}

impl<'s> Trial<'s> {
    /// A trial of `solution` under `rules`, with its scratch folder in memory where the
    /// machine has it ([`Scratch::in_memory`]), else in `parent`.
    ///
    /// # Errors
    /// The scratch folder cannot be created.
    pub fn new(solution: &'s Solution, rules: Rules, parent: &std::path::Path) -> Result<Self> {
        let scratch = Scratch::in_memory("xtask-stress-", || Ok(parent.to_owned()))?;
        Ok(Trial {
            solution,
            rules,
            scratch,
        })
    }

    /// Runs the solution on `input` and judges its output against `expected`.
    ///
    /// # Errors
    /// The scratch files cannot be written or the solution cannot be started.
    pub fn judge(&self, input: &str, expected: &str) -> Result<Judged> {
        judge::judge_text(
            &self.solution.program,
            input,
            expected,
            self.scratch.path(),
            self.rules,
        )
    }
}
