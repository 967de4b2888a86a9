//! Why each answer is right: a certificate per cave that [`crate::check`] verifies by the
//! statement's rules alone, built here from the solver's pruning rounds, and its text for
//! a terminal (`text.rs`).
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
//! In JSON (`--certificate`, read by `--check`), squares are `[row, column]` from 0:
//! `{"cases": [{"grid": ["#####", "##0##", ...], "caves": [{"label": 0, "at": [1, 2],
//! "squares": 1, "evidence": {"lucky": {"plan": [{"move": "L", "count": 3}, ...]}}}, {...,
//! "evidence": {"unlucky": {"trapped": [[3, 2], [3, 3], ...]}}}]}]}`; moves are `"L"`,
//! `"R"` or `"D"`.

mod gather;
mod json;
pub(crate) mod picture;
mod shorten;
mod text;
mod trap;

use anyhow::Context;
use gridkit::{Grid, Pos};
use serde::{Deserialize, Serialize};

use crate::Verdict;
use crate::parse::Case;
pub use crate::plan::{Move, Run};
use crate::solve::{analyse, open_rows};

/// The certificates of every case of an input, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    #[serde(deserialize_with = "json::cases")]
    pub cases: Vec<CaseCertificate>,
}

/// The certificate of one case: its grid and one certificate per cave, in label order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseCertificate {
    /// The grid as read (`#`, `.` or a digit per square); in JSON, its rows.
    #[serde(with = "json::rows")]
    pub grid: Grid<u8>,
    #[serde(deserialize_with = "json::caves")]
    pub caves: Vec<CaveCertificate>,
}

/// Why one cave gets its answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaveCertificate {
    pub label: usize,
    /// The cave's square (0-based; the text numbers rows and columns from 1).
    #[serde(with = "json::square")]
    pub at: Pos,
    /// `n_C = |S_C|`.
    pub squares: usize,
    pub evidence: Evidence,
}

/// What proves a verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Evidence {
    /// One plan that ends on the cave from every square of S_C.
    Lucky {
        #[serde(deserialize_with = "json::plan")]
        plan: Vec<Run>,
    },
    /// Squares of S_C that no plan gathers on the cave: whole runs from wall to wall, at
    /// least one not the cave's own, sorted by row then column.
    Unlucky {
        #[serde(with = "json::squares")]
        trapped: Vec<Pos>,
    },
}

impl CaveCertificate {
    /// The answer this certificate backs.
    pub fn verdict(&self) -> Verdict {
        Verdict {
            squares: self.squares,
            lucky: matches!(self.evidence, Evidence::Lucky { .. }),
        }
    }
}

impl CaseCertificate {
    /// The answers this certificate backs, in label order.
    pub fn verdicts(&self) -> Vec<Verdict> {
        self.caves.iter().map(CaveCertificate::verdict).collect()
    }
}

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
                    plan: shorten::shorten(&analysis, &open, plan),
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
