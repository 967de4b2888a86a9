//! How the certificate's grid and squares are written in JSON: the grid as its rows of
//! text, a square as `[row, column]` from 0.

/// A grid as its rows, each a string of `#`, `.` and digits.
pub mod rows {
    use gridkit::Grid;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(grid: &Grid<u8>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..grid.height()).map(|row| String::from_utf8_lossy(grid.row(row))))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Grid<u8>, D::Error> {
        let rows = Vec::<String>::deserialize(deserializer)?;
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

/// A list of squares, each as `[row, column]`.
pub mod squares {
    use gridkit::Pos;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(squares: &[Pos], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(squares.iter().map(|pos| [pos.row, pos.col]))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Pos>, D::Error> {
        let squares = Vec::<[usize; 2]>::deserialize(deserializer)?;
        Ok(squares
            .into_iter()
            .map(|[row, col]| Pos::new(row, col))
            .collect())
    }
}
