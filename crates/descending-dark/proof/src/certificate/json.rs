//! How the certificate's grid and squares are written in JSON: the grid as its rows of
//! text, a square as `[row, column]` from 0; and how long each list may be, enforced while
//! it is read.

use std::cell::Cell;

use gridkit::certificate::bounded::{list, plain};
use serde::de::{DeserializeSeed, Error};
use serde::{Deserialize, Deserializer};

use super::{CaseCertificate, CaveCertificate, Run};
use crate::parse::{MAX_CASES, MAX_CAVES};

/// The most runs a certificate's plans may have in all, 1,024 per cave of the largest
/// input (20 cases of 10 caves): what keeps `--check` within its promise (2 s, 96 MiB)
/// whatever the file. The runs may be shared among the plans in any way: one plan may
/// spend the whole budget.
///
/// *The cost, proven.* The checker follows a plan with its walkers as one `u64` per row
/// (`check.rs`), and a run stops as soon as no walker can take one more step of it; a
/// walker that cannot step is blocked for the rest of the run, and one that can moves one
/// square nearer a wall it cannot pass, so every run takes at most 60 steps of at most 60
/// rows whatever its count, and a certificate at most 204,800 runs x 60 x 60 row
/// operations, however its plans share them. The costliest such certificate
/// (`tests/worst_plan.rs`: every cave's S_C the whole 58 x 58 interior, every run a full
/// sweep from wall to wall) takes 0.4 s of CPU and 6 MiB in a release build, whether its
/// runs are spread over its 200 plans or nearly all in one. The number of walkers
/// does not enter the cost, so nothing else in a plan can make it slower. The budget is
/// kept while the plans are read, not after: the first run over it is refused before it
/// is stored, so a certificate never holds more than the budget's runs (16 bytes each,
/// 3.2 MB, with the lists' spare room as they grow a few MB at most).
///
/// *Honest plans, measured rather than proven.* Not every valid plan fits: padding one
/// with useless Left, Right pairs keeps it valid at any length, so the budget is on the
/// plans the archive writes. Those start with one Left run, then per round of the
/// construction (`gather.rs`) at most one run per rise or stay block of a chain (at most
/// 57), a Down and a Left, and the deletion pass only removes or shortens runs. Each round
/// lowers a walker by a row, so the rounds are at most the sum over the intervals of S_C
/// of their height above the cave: that proves only about 48,000 rounds on a 60 x 60
/// grid, far over the budget, and no shorter bound on the rounds is known here. What is
/// known is measured, and `tests/suite/certificate.rs` fails on any certificate over the
/// budget: the longest plan has 273 runs on the test data, 518 on the 2,000 generated
/// inputs of that test, 579 on the official Large practice set (476 on the contest's),
/// so the budget is over 300 times the longest plan; and the plans of one certificate
/// have at most 876 runs in all on a test-data file, 1,321 on a generated input, 9,871
/// on the official Large practice set (8,261 on the contest's), 20 times under the budget.
pub const MAX_RUNS: usize = MAX_CASES * MAX_CAVES * 1024;

thread_local! {
    /// While a certificate is read on this thread ([`cases`]), how many more runs its
    /// plans may have.
    static RUNS_LEFT: Cell<Option<usize>> = const { Cell::new(None) };
}

/// At most [`MAX_CASES`] cases; their plans share the budget of [`MAX_RUNS`] runs.
pub fn cases<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<CaseCertificate>, D::Error> {
    // This starts the reading of one certificate, which has one list of cases: serde
    // refuses a second `cases` field before reading it, so a file cannot renew its budget.
    let outer = RUNS_LEFT.replace(Some(MAX_RUNS));
    let cases = list(MAX_CASES, "the list of cases", plain()).deserialize(deserializer);
    RUNS_LEFT.set(outer);
    cases
}

/// At most [`MAX_CAVES`] caves in a case.
pub fn caves<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<CaveCertificate>, D::Error> {
    list(MAX_CAVES, "the list of caves", plain()).deserialize(deserializer)
}

/// A plan: its runs count against the budget of the certificate being read, or against
/// [`MAX_RUNS`] alone when the plan is read on its own.
pub fn plan<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Run>, D::Error> {
    list(MAX_RUNS, "the plan", Budgeted).deserialize(deserializer)
}

/// A run, refused if the plans of the certificate being read already have [`MAX_RUNS`].
#[derive(Clone, Copy)]
struct Budgeted;

impl<'de> DeserializeSeed<'de> for Budgeted {
    type Value = Run;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Run, D::Error> {
        let run = Run::deserialize(deserializer)?;
        match RUNS_LEFT.get() {
            Some(0) => Err(D::Error::custom(format!(
                "the plans have more than {MAX_RUNS} runs in all, the budget of a certificate \
                 (1024 per cave of the largest input)"
            ))),
            Some(left) => {
                RUNS_LEFT.set(Some(left - 1));
                Ok(run)
            }
            None => Ok(run),
        }
    }
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
