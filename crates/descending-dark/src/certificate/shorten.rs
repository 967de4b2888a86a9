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

use anyhow::{bail, ensure};

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
    let plan = drop_runs(&terrain, &plan)?;
    // Then single runs cut to their fewest moves, smallest count first.
    let plan = cut_runs(&terrain, &plan)?;
    let mut merged = Vec::with_capacity(plan.len());
    for run in plan {
        push_run(&mut merged, run.instruction, run.count);
    }
    Ok(merged)
}

/// `plan` with each run in turn left out when the plan without it still works.
fn drop_runs(terrain: &Terrain, plan: &[Run]) -> anyhow::Result<Vec<Run>> {
    let good = good_squares(terrain, plan);
    let mut walkers = terrain.everywhere();
    let mut kept = Vec::with_capacity(plan.len());
    for (index, &run) in plan.iter().enumerate() {
        // Without the run, the walkers meet the rest of the plan as they are.
        if walkers.within(&good[index + 1]) {
            continue;
        }
        walkers = walk_on(terrain, &walkers, run, &good[index + 1])?;
        kept.push(run);
    }
    finish(terrain, &walkers, kept)
}

/// `plan` with each run in turn cut to the fewest moves with which the plan still works.
/// The walkers after `count` moves are those after `count - 1` moved once more, so all the
/// counts of a run cost one run.
fn cut_runs(terrain: &Terrain, plan: &[Run]) -> anyhow::Result<Vec<Run>> {
    let good = good_squares(terrain, plan);
    let mut walkers = terrain.everywhere();
    let mut kept = Vec::with_capacity(plan.len());
    for (index, &run) in plan.iter().enumerate() {
        let good_after = &good[index + 1];
        let mut moved = walkers;
        let mut cut = None;
        for count in 1..run.count {
            let changed = terrain.step(&mut moved, run.instruction);
            if moved.within(good_after) {
                cut = Some(count);
                break;
            }
            // Once a move changes nothing, no longer cut does either.
            if !changed {
                break;
            }
        }
        let chosen = cut.map_or(run, |count| Run { count, ..run });
        walkers = walk_on(terrain, &walkers, chosen, good_after)?;
        kept.push(chosen);
    }
    finish(terrain, &walkers, kept)
}

/// The walkers after `run`, which must all stand on `good` squares then.
fn walk_on(terrain: &Terrain, walkers: &Crowd, run: Run, good: &Crowd) -> anyhow::Result<Crowd> {
    match terrain.follow(walkers, run) {
        Some(after) if after.within(good) => Ok(after),
        _ => bail!("internal error: the plan to shorten does not work"),
    }
}

/// The plan `kept`, once its walkers have all reached the cave.
fn finish(terrain: &Terrain, walkers: &Crowd, kept: Vec<Run>) -> anyhow::Result<Vec<Run>> {
    ensure!(
        *walkers == terrain.on_the_cave(),
        "internal error: the shortened plan does not end on the cave"
    );
    Ok(kept)
}

/// `good[k]`: the squares from which runs `k..` of `plan` take a walker to the cave (the
/// last, after the whole plan, is the cave alone).
fn good_squares(terrain: &Terrain, plan: &[Run]) -> Vec<Crowd> {
    let mut good = vec![terrain.on_the_cave(); plan.len() + 1];
    for (index, &run) in plan.iter().enumerate().rev() {
        good[index] = terrain.preimage(run, &good[index + 1]);
    }
    good
}
