//! One stress case: the solution run on an input under the problem's rules and judged
//! against the crate's own answer.

use anyhow::Result;

use crate::judge::{self, Judged, Rules};
use crate::solution::Solution;

/// A solution under the rules it is judged by; its runs leave no file (the input goes with
/// the request, the output comes back in memory).
pub struct Trial<'s> {
    solution: &'s Solution,
    rules: Rules,
}

impl<'s> Trial<'s> {
    pub fn new(solution: &'s Solution, rules: Rules) -> Self {
        Trial { solution, rules }
    }

    /// Runs the solution on `input` and judges its output against `expected`.
    ///
    /// # Errors
    /// The judge's own failures: the solution cannot be started or measured.
    pub fn judge(&self, input: &str, expected: &str) -> Result<Judged> {
        judge::judge_text(&self.solution.program, input, expected, self.rules)
    }
}
