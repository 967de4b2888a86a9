//! Why each answer is right: a certificate per cave that [`crate::check`] verifies by the
//! statement's rules alone, built here from the solver's pruning rounds, and its text for
//! a terminal (`text.rs`, [`Explanation`]), as a picture, and run by run for the
//! playground (`steps.rs`). The certificate's types
//! (and their JSON) belong to the proof crate and are re-exported here.
//!
//! - A Lucky cave comes with a plan that takes every square of S_C to the cave: follow it
//!   from each of them. The plan of the pruning rounds (`gather.rs`) is shortened by a
//!   deletion pass (`shorten.rs`) that keeps it working.
//! - An Unlucky cave comes with *trapped runs*: whole runs of S_C from wall to wall, at
//!   least one of them not the cave's own. Put a walker on the leftmost square of each:
//!   whatever the plan, walkers on runs of equal length keep equal offsets, and the offset
//!   for each length is the one for a length one less, or one more. No such offsets put a
//!   walker over a square of S_C without putting one over an open square outside S_C,
//!   where a Down loses it for good; so no walker leaves its run, and those outside the
//!   cave's run never reach the cave. The runs the pruning never empties have this
//!   property; `trap.rs` keeps as few of them as still do.
//!
//! The JSON format is described in the proof crate (`descending_dark_proof::certificate`).

mod crowd;
mod gather;
pub(crate) mod picture;
mod shorten;
#[cfg(test)]
mod shorten_one_by_one;
pub(crate) mod steps;
mod text;
mod trap;

use anyhow::Context;
pub use descending_dark_proof::certificate::{
    CaseCertificate, CaveCertificate, Certificate, Evidence, MAX_RUNS, Move, Run,
};
pub use text::Explanation;

use crate::parse::Case;
use crate::solve::{analyse, open_rows};

/// The certificate of one case.
///
/// # Errors
/// Only on an internal error: a plan that failed its own checks while being built.
pub fn certify(case: &Case) -> anyhow::Result<CaseCertificate> {
    let open = open_rows(&case.grid);
    let caves = case
        .caves
        .iter()
        .enumerate()
        .map(|(label, &at)| {
            let analysis = analyse(&open, at);
            let evidence = if analysis.lucky() {
                let plan = gather::gathering_plan(&analysis, &open)
                    .with_context(|| format!("the plan for cave {label}"))?;
                Evidence::Lucky {
                    plan: shorten::shorten(&analysis, &open, plan)
                        .with_context(|| format!("shortening the plan for cave {label}"))?,
                }
            } else {
                Evidence::Unlucky {
                    trapped: trap::trapped_squares(&analysis),
                }
            };
            Ok(CaveCertificate {
                label,
                at,
                squares: analysis.squares(),
                evidence,
            })
        })
        .collect::<anyhow::Result<_>>()?;
    Ok(CaseCertificate {
        grid: case.grid.clone(),
        caves,
    })
}

/// The certificates of every case of `cases`.
///
/// # Errors
/// As [`certify`], naming the case.
pub fn certify_all(cases: &[Case]) -> anyhow::Result<Certificate> {
    let cases = cases
        .iter()
        .enumerate()
        .map(|(index, case)| certify(case).with_context(|| format!("case #{}", index + 1)))
        .collect::<anyhow::Result<_>>()?;
    Ok(Certificate { cases })
}
