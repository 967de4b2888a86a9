//! The certificate's data types, as `--certificate` writes them and `--check` reads them:
//! per case its grid and per cave the count and the evidence, a plan (runs of Left, Right
//! and Down) for a Lucky cave, trapped squares for an Unlucky one. Every list is bounded
//! while it is read (`json.rs`), and the plans of a certificate share one budget of runs
//! ([`MAX_RUNS`]).
//!
//! In JSON, squares are `[row, column]` from 0:
//! `{"cases": [{"grid": ["#####", "##0##", ...], "caves": [{"label": 0, "at": [1, 2],
//! "squares": 1, "evidence": {"lucky": {"plan": [{"move": "L", "count": 3}, ...]}}}, {...,
//! "evidence": {"unlucky": {"trapped": [[3, 2], [3, 3], ...]}}}]}]}`; moves are `"L"`,
//! `"R"` or `"D"`.

mod json;

use gridkit::{Grid, Pos};
use serde::{Deserialize, Serialize};

pub use json::MAX_RUNS;

use crate::Verdict;

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

/// One instruction of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    #[serde(rename = "L")]
    Left,
    #[serde(rename = "R")]
    Right,
    #[serde(rename = "D")]
    Down,
}

impl Move {
    /// The (row, column) step it tries to take.
    pub fn step(self) -> (isize, isize) {
        match self {
            Move::Left => (0, -1),
            Move::Right => (0, 1),
            Move::Down => (1, 0),
        }
    }

    /// Its initial, as plans are written: `L`, `R` or `D`.
    pub fn letter(self) -> &'static str {
        match self {
            Move::Left => "L",
            Move::Right => "R",
            Move::Down => "D",
        }
    }
}

/// `count` copies of one instruction: a plan is a list of runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    #[serde(rename = "move")]
    pub instruction: Move,
    pub count: usize,
}
