//! The deletion pass that shortens a Lucky cave's plan: each run is dropped in turn when
//! the plan without it still takes every square of S_C to the cave, then each remaining
//! run is cut to the fewest moves that still do.
//!
//! Walkers move independently, so a plan works from a set of squares exactly when it
//! works from each of them. Before a pass, one walk backwards over the plan finds, for
//! each run, the *good* squares: those from which the runs after it take a walker to the
//! cave. The pass then walks forwards with one walker on every square of S_C, and a change
//! to the run at hand works exactly when the walkers after the changed run all stand on
//! good squares: the runs after it are the plan's own, as the pass has changed only runs
//! before them. So each try costs one run however long the plan, and every answer is the
//! one following the whole changed plan from every square of S_C would give.

use anyhow::ensure;

use super::crowd::{Crowd, Terrain};
use crate::plan::{Run, push_run};
use crate::solve::Analysis;

/// `plan` (which works) with runs dropped and cut greedily while it still works.
///
/// # Errors
/// `plan` does not work (a bug in the plan's construction).
pub(crate) fn shorten(
    analysis: &Analysis,
    open: &[u64],
    plan: Vec<Run>,
) -> anyhow::Result<Vec<Run>> {
    let terrain = Terrain::new(analysis, open);
    // Whole runs first: they are most of what can go.
    let plan = decide(&terrain, &plan, |_| [None].into_iter())?;
    // Then single runs cut to their fewest moves, smallest count first.
    let plan = decide(&terrain, &plan, |run: Run| {
        (1..run.count).map(move |count| Some(Run { count, ..run }))
    })?;
    let mut merged = Vec::with_capacity(plan.len());
    for run in plan {
        push_run(&mut merged, run.instruction, run.count);
    }
    Ok(merged)
}

/// One pass over `plan`: each run in turn is replaced by the first of `changes(run)`
/// (`None` drops it) with which the plan still works, or kept as it is.
fn decide<Changes>(
    terrain: &Terrain<'_>,
    plan: &[Run],
    changes: impl Fn(Run) -> Changes,
) -> anyhow::Result<Vec<Run>>
where
    Changes: Iterator<Item = Option<Run>>,
{
    let good = good_squares(terrain, plan);
    let mut walkers = terrain.everywhere();
    let mut decided = Vec::with_capacity(plan.len());
    for (index, &run) in plan.iter().enumerate() {
        let good_after = &good[index + 1];
        let works = |change: Option<Run>| match change {
            None => walkers.within(good_after),
            Some(changed) => terrain
                .follow(&walkers, changed)
                .is_some_and(|after| after.within(good_after)),
        };
        let chosen = changes(run)
            .find(|&change| works(change))
            .unwrap_or(Some(run));
        if let Some(chosen) = chosen {
            let after = terrain.follow(&walkers, chosen);
            walkers = match after {
                Some(after) if after.within(good_after) => after,
                _ => anyhow::bail!("internal error: the plan to shorten does not work"),
            };
            decided.push(chosen);
        }
    }
    ensure!(
        walkers == terrain.on_the_cave(),
        "internal error: the shortened plan does not end on the cave"
    );
    Ok(decided)
}

/// `good[k]`: the squares from which runs `k..` of `plan` take a walker to the cave (the
/// last, after the whole plan, is the cave alone).
fn good_squares(terrain: &Terrain<'_>, plan: &[Run]) -> Vec<Crowd> {
    let mut good = vec![terrain.on_the_cave(); plan.len() + 1];
    for (index, &run) in plan.iter().enumerate().rev() {
        good[index] = terrain.preimage(run, &good[index + 1]);
    }
    good
}
