//! One stress case: the solution run on an input under the problem's rules and judged
//! against the crate's own answer.

use crate::sandbox::client::Scratch;
use std::path::Path;

use anyhow::Result;

use crate::judge::{self, Judged, Rules};
use crate::solution::Solution;

/// The shared-memory file system most Linux systems mount.
const IN_MEMORY: &str = "/dev/shm";

/// Runs the solution in a scratch folder of its own, removed on drop.
pub struct Trial<'s> {
    solution: &'s Solution,
    rules: Rules,
    scratch: Scratch,
}

impl<'s> Trial<'s> {
    /// A trial of `solution` under `rules`, with its scratch folder in memory (`/dev/shm`)
    /// where the machine has it, else in `parent`.
    ///
    /// Each case rewrites the input and truncates the output files: on a disk's file
    /// system every truncation of a written file is a journal transaction, which cost
    /// half a millisecond per case on average and up to 8 ms.
    ///
    /// # Errors
    /// The scratch folder cannot be created.
    pub fn new(solution: &'s Solution, rules: Rules, parent: &std::path::Path) -> Result<Self> {
        let scratch = Scratch::new("xtask-stress-", Some(Path::new(IN_MEMORY)))
            .or_else(|_| Scratch::new("xtask-stress-", Some(parent)))?;
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
