//! How the certificate's grid and squares are written in JSON: the grid as its rows of
//! text, a square as `[row, column]` from 0; and how long each list may be, enforced while
//! it is read.

use gridkit::certificate::bounded::{list, plain};
use serde::Deserializer;
use serde::de::DeserializeSeed;

use super::{CaseCertificate, CaveCertificate, Run};
use crate::parse::{MAX_CASES, MAX_CAVES};

/// The most runs a plan may have: what keeps `--check` within its promise (2 s, 96 MiB)
/// whatever the file, with a margin of 1.7 over the longest plan the archive writes.
///
/// *The cost, proven.* The checker follows a plan with its walkers as one `u64` per row
/// (`check.rs`), and a run stops as soon as no walker can take one more step of it; a
/// walker that cannot step is blocked for the rest of the run, and one that can moves one
/// square nearer a wall it cannot pass, so every run takes at most 60 steps of at most 60
/// rows whatever its count, and a certificate at most 20 cases x 10 caves x 1,024 runs x
/// 60 x 60 row operations. The costliest such certificate (`tests/worst_plan.rs`: every
/// cave's S_C the whole 58 x 58 interior, every run a full sweep from wall to wall) takes
/// under 0.6 s of CPU and 7 MiB. The number of walkers does not enter the cost, so
/// nothing else in a plan can make it slower.
///
/// *Honest plans, measured rather than proven.* Not every valid plan fits: padding one
/// with useless Left, Right pairs keeps it valid at any length, so the bound is on the
/// plans the archive writes. Those start with one Left run, then per round of the
/// construction (`gather.rs`) at most one run per rise or stay block of a chain (at most
/// 57), a Down and a Left, and the deletion pass only removes or shortens runs. Each round
/// lowers a walker by a row, so the rounds are at most the sum over the intervals of S_C
/// of their height above the cave: that proves only about 48,000 rounds on a 60 x 60
/// grid, far over this bound, and no shorter bound on the rounds is known here. What is
/// known is measured, and `tests/certificate.rs` fails on any plan over the bound: the
/// longest plan has 273 runs on the test data, 518 on the 2,000 generated inputs of that
/// test, 579 on the official Large practice set (476 on the contest's).
pub const MAX_PLAN_RUNS: usize = 1024;

/// At most [`MAX_CASES`] cases.
pub fn cases<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<CaseCertificate>, D::Error> {
    list(MAX_CASES, "the list of cases", plain()).deserialize(deserializer)
}

/// At most [`MAX_CAVES`] caves in a case.
pub fn caves<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<CaveCertificate>, D::Error> {
    list(MAX_CAVES, "the list of caves", plain()).deserialize(deserializer)
}

/// At most [`MAX_PLAN_RUNS`] runs in a plan.
pub fn plan<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Run>, D::Error> {
    list(MAX_PLAN_RUNS, "the plan", plain()).deserialize(deserializer)
}

/// A grid as its rows, each a string of `#`, `.` and digits.
pub mod rows {
    use gridkit::Grid;
    use gridkit::certificate::bounded::{list, text};
    use serde::de::{DeserializeSeed, Error};
    use serde::{Deserializer, Serializer};

    use crate::parse::MAX_SIZE;

    pub fn serialize<S: Serializer>(grid: &Grid<u8>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..grid.height()).map(|row| String::from_utf8_lossy(grid.row(row))))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Grid<u8>, D::Error> {
        let row = text(MAX_SIZE, "a row of a grid");
        let rows = list(MAX_SIZE, "a grid", row).deserialize(deserializer)?;
        let width = rows.first().map_or(0, String::len);
        if let Some(row) = rows.iter().position(|row| row.len() != width) {
            return Err(D::Error::custom(format!(
                "row {} of a grid is not as long as the first",
                row + 1
            )));
        }
        let height = rows.len();
        let cells = rows.into_iter().flat_map(String::into_bytes).collect();
        Grid::from_cells(height, width, cells)
            .ok_or_else(|| D::Error::custom("a grid of impossible size"))
    }
}

/// A square as `[row, column]`.
pub mod square {
    use gridkit::Pos;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(pos: &Pos, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq([pos.row, pos.col])
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Pos, D::Error> {
        let [row, col] = <[usize; 2]>::deserialize(deserializer)?;
        Ok(Pos::new(row, col))
    }
}

/// A list of distinct squares, each as `[row, column]`, at most one per square of the
/// largest grid.
pub mod squares {
    use gridkit::Pos;
    use gridkit::certificate::bounded::{distinct, plain};
    use serde::de::DeserializeSeed;
    use serde::{Deserializer, Serializer};

    use crate::parse::MAX_SIZE;

    pub fn serialize<S: Serializer>(squares: &[Pos], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(squares.iter().map(|pos| [pos.row, pos.col]))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Pos>, D::Error> {
        let squares: Vec<[usize; 2]> =
            distinct(MAX_SIZE * MAX_SIZE, "the trapped squares", plain())
                .deserialize(deserializer)?;
        Ok(squares
            .into_iter()
            .map(|[row, col]| Pos::new(row, col))
            .collect())
    }
}
