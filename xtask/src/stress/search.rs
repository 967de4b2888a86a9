//! The search for the first failing case: cases are numbered, generated from the seed and
//! their number alone, and run on every core; the failure reported is the lowest-numbered
//! one, so the result does not depend on the threads' timing.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::Result;
use gridkit::testkit::{AnyKit, KitInput, scale_of};
use indicatif::ProgressBar;

use super::trial::Trial;
use crate::judge::Judged;

/// When the search stops, failure or not.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub cases: u64,
    pub deadline: Option<Instant>,
}

/// The first failing case.
pub struct Failure {
    /// Its number, counting from 0.
    pub case: u64,
    pub input: KitInput,
    pub judged: Judged,
}

/// What the search found.
pub struct Found {
    /// Cases run in all.
    pub cases_run: u64,
    pub failure: Option<Failure>,
}

/// Runs cases 0, 1, 2... of `seed` on `trials.len()` threads until one fails or the
/// budget is spent.
///
/// # Errors
/// The judge's own failures: a solution that cannot be started or measured.
pub fn first_failure(
    kit: &dyn AnyKit,
    seed: u64,
    budget: Budget,
    trials: &[Trial<'_>],
    progress: &ProgressBar,
) -> Result<Found> {
    let next = AtomicU64::new(0);
    let run = AtomicU64::new(0);
    let failure: Mutex<Option<Failure>> = Mutex::new(None);
    let lowest_failure = || failure.lock().unwrap().as_ref().map(|f| f.case);
    std::thread::scope(|scope| {
        let workers: Vec<_> = trials
            .iter()
            .map(|trial| {
                scope.spawn(|| -> Result<()> {
                    loop {
                        if budget.deadline.is_some_and(|end| Instant::now() >= end) {
                            return Ok(());
                        }
                        let case = next.fetch_add(1, Ordering::Relaxed);
                        if case >= budget.cases || lowest_failure().is_some_and(|f| case > f) {
                            return Ok(());
                        }
                        // Made as `gen` makes it, so `gen` shows this very input.
                        let scale = scale_of(case);
                        let input = kit.generate(seed, case);
                        let text = kit.render(&input);
                        let judged = trial.judge(&text, &kit.answer(&input))?;
                        run.fetch_add(1, Ordering::Relaxed);
                        progress.inc(1);
                        progress.set_message(format!(
                            "{:.0} cases/s, size {:.0}% of the limits, input {} bytes",
                            progress.position() as f64 / progress.elapsed().as_secs_f64().max(1e-3),
                            scale * 100.0,
                            text.len()
                        ));
                        if judged.failed() {
                            let mut first = failure.lock().unwrap();
                            if first.as_ref().is_none_or(|f| case < f.case) {
                                *first = Some(Failure {
                                    case,
                                    input,
                                    judged,
                                });
                            }
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|worker| worker.join().expect("a stress worker panicked"))
    })?;
    Ok(Found {
        cases_run: run.into_inner(),
        failure: failure.into_inner().unwrap(),
    })
}
