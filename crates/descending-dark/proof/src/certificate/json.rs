//! How the certificate's grid and squares are written in JSON: the grid as its rows of
//! text, a square as `[row, column]` from 0; and how long each list may be, enforced while
//! it is read.

use gridkit::certificate::bounded::{list, plain};
use serde::Deserializer;
use serde::de::DeserializeSeed;

use super::{CaseCertificate, CaveCertificate, Run};
use crate::parse::{MAX_CASES, MAX_CAVES};

/// The most runs a plan may have. A plan from the archive's construction has at most a
/// few hundred (the README gives the largest); this bound keeps `--check` within its
/// time whatever the file, since every run moves every walker of S_C.
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
