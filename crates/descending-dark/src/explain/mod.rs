//! Why each answer is right (`--explain`): a certificate per cave that a checker can verify
//! by the statement's rules alone, and its rendering for a terminal.
//!
//! - A Lucky cave comes with a plan that takes every square of S_C to the cave: follow it
//!   from each of them.
//! - An Unlucky cave comes with its *trapped runs*: the intervals of S_C (whole runs from
//!   wall to wall, the cave's own among them) that the pruning never empties. Put a walker
//!   on the leftmost square of each: whatever the plan, walkers on runs of equal length keep
//!   equal offsets, and the offset for each length is the one for a length one less, or one
//!   more. No such offsets put a walker over a square of S_C without putting one over an
//!   open square outside S_C, where a Down loses it for good; so the walkers outside the
//!   cave's run never leave their runs, and no plan gathers them on the cave.

mod gather;
mod show;

use anyhow::Context;
use gridkit::{Grid, Pos};

use crate::Verdict;
use crate::parse::Case;
use crate::plan::Run;
use crate::solve::{analyse, open_rows};

/// The certificates of every case of an input, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    pub cases: Vec<CaseCertificate>,
}

/// The certificate of one case: its grid and one certificate per cave, in label order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseCertificate {
    /// The grid as read (`#`, `.` or a digit per square).
    pub grid: Grid<u8>,
    pub caves: Vec<CaveCertificate>,
}

/// Why one cave gets its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaveCertificate {
    pub label: usize,
    /// The cave's square (0-based; the text numbers rows and columns from 1).
    pub at: Pos,
    /// `n_C = |S_C|`.
    pub squares: usize,
    pub evidence: Evidence,
}

/// What proves a verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evidence {
    /// One plan that ends on the cave from every square of S_C.
    Lucky { plan: Vec<Run> },
    /// Squares of S_C that no plan gathers on the cave: whole runs from wall to wall, the
    /// cave's own among them, sorted by row then column.
    Unlucky { trapped: Vec<Pos> },
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
                Evidence::Lucky { plan }
            } else {
                Evidence::Unlucky {
                    trapped: trapped_squares(&analysis),
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

/// The squares of the intervals that no pruning round emptied.
fn trapped_squares(analysis: &crate::solve::Analysis) -> Vec<Pos> {
    let mut trapped: Vec<Pos> = analysis
        .intervals
        .iter()
        .zip(&analysis.pruning.dropped_in)
        .filter(|(_, round)| round.is_none())
        .flat_map(|(interval, _)| {
            (interval.start..interval.start + interval.len).map(|col| Pos::new(interval.row, col))
        })
        .collect();
    trapped.sort();
    trapped
}
