//! The checker's own picture of the box, drawn from the statement alone and shared with
//! no solving code: cells, the straight runs a move may eat, the half turn about the
//! centre, and the names the messages give cells.
//!
//! Cell `k` of row `r` (both from 0, reading order) sits at text column `|r - 2| + 2k`.
//! Neighbours along the hexagon's three side directions differ by `(0, 2)`, `(1, 1)` or
//! `(1, -1)`, and the half turn about the centre `(2, 4)` maps `(r, c)` to `(4 - r, 8 - c)`.

use crate::certificate::Cell;
use crate::input::{Mask, ROW_LENGTHS};
/// The three directions of the hexagon's sides, as (row, column) steps.
const STEPS: [(i32, i32); 3] = [(0, 2), (1, 1), (1, -1)];
/// The centre's (row, column).
const CENTRE: (i32, i32) = (2, 4);

/// The box's cells and the runs of the full box.
pub struct Hexagon {
    /// (row, column) of each cell, in reading order.
    places: Vec<(i32, i32)>,
    /// Every straight run of one or more neighbouring cells along one direction, each set
    /// of cells once.
    runs: Vec<Mask>,
}

impl Default for Hexagon {
    fn default() -> Self {
        Self::new()
    }
}

impl Hexagon {
    /// The box as the statement draws it, and its runs.
    pub fn new() -> Self {
        let places: Vec<(i32, i32)> = (0..ROW_LENGTHS.len())
            .flat_map(|row| {
                let indent = row.abs_diff(2);
                (0..ROW_LENGTHS[row]).map(move |k| (row as i32, (indent + 2 * k) as i32))
            })
            .collect();
        let mut hexagon = Self {
            places,
            runs: Vec::new(),
        };
        // From every cell, walk each direction while the box goes on: every prefix of the
        // walk is a run. A single cell is found once per direction, hence the dedup.
        let mut runs = Vec::new();
        for &(row, column) in &hexagon.places {
            for (dr, dc) in STEPS {
                let mut run = 0;
                let mut place = (row, column);
                while let Some(cell) = hexagon.cell_at(place) {
                    run |= 1 << cell;
                    runs.push(run);
                    place = (place.0 + dr, place.1 + dc);
                }
            }
        }
        runs.sort_unstable();
        runs.dedup();
        hexagon.runs = runs;
        hexagon
    }

    /// The cell at `place`, if the box has one there.
    fn cell_at(&self, place: (i32, i32)) -> Option<usize> {
        self.places.iter().position(|&p| p == place)
    }

    /// Every move of the full box.
    pub fn runs(&self) -> &[Mask] {
        &self.runs
    }

    /// Every legal move of `mask`: the runs whose cells all hold a chocolate.
    pub fn moves(&self, mask: Mask) -> impl Iterator<Item = Mask> + '_ {
        self.runs
            .iter()
            .copied()
            .filter(move |run| run & !mask == 0)
    }

    /// The centre cell.
    pub fn centre(&self) -> Mask {
        self.cell_at(CENTRE).map_or(0, |cell| 1 << cell)
    }

    /// `mask` turned half a turn about the centre.
    pub fn half_turn(&self, mask: Mask) -> Mask {
        self.cells_of(mask)
            .filter_map(|cell| {
                let (row, column) = self.places[cell];
                self.cell_at((2 * CENTRE.0 - row, 2 * CENTRE.1 - column))
            })
            .fold(0, |turned, cell| turned | 1 << cell)
    }

    /// The cells of `mask`, in reading order.
    pub fn cells_of(&self, mask: Mask) -> impl Iterator<Item = usize> + use<> {
        let count = self.places.len();
        (0..count).filter(move |&cell| mask >> cell & 1 == 1)
    }

    /// Why eating `eaten` is not a legal move of `mask`, if it is not.
    pub fn why_illegal(&self, mask: Mask, eaten: Mask) -> Option<String> {
        if eaten == 0 {
            return Some("eats nothing".to_owned());
        }
        if !self.runs.contains(&eaten) {
            return Some(format!(
                "{} is not a straight run of neighbouring cells",
                self.name(eaten)
            ));
        }
        let empty = self.cells_of(eaten & !mask).next()?;
        Some(format!("{} is empty", self.name(1 << empty)))
    }

    /// The cells of `mask` as the explanation names them: `(row,position)`, from 1.
    pub fn name(&self, mask: Mask) -> String {
        let names: Vec<String> = self
            .cells_of(mask)
            .map(|cell| {
                let (row, column) = self.places[cell];
                let indent = (row as usize).abs_diff(2);
                format!("({},{})", row + 1, (column as usize - indent) / 2 + 1)
            })
            .collect();
        names.join(" ")
    }

    /// The cells a certificate names, as a set.
    ///
    /// # Errors
    /// A cell outside the box, or one named twice.
    pub fn read_move(&self, cells: &[Cell]) -> Result<Mask, String> {
        let mut mask: Mask = 0;
        for &[row, position] in cells {
            let outside = || format!("({row},{position}) is not a cell of the box");
            let length = *row
                .checked_sub(1)
                .and_then(|r| ROW_LENGTHS.get(r))
                .ok_or_else(outside)?;
            if !(1..=length).contains(&position) {
                return Err(outside());
            }
            let cell = ROW_LENGTHS[..row - 1].iter().sum::<usize>() + position - 1;
            if mask >> cell & 1 == 1 {
                return Err(format!("({row},{position}) is named twice"));
            }
            mask |= 1 << cell;
        }
        Ok(mask)
    }

    /// A box written as five rows joined by `/`, of 3, 4, 5, 4, 3 cells `O` or `.`.
    ///
    /// # Errors
    /// Anything else, naming the row.
    pub fn read_box(&self, text: &str) -> Result<Mask, String> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != ROW_LENGTHS.len() {
            return Err(format!(
                "\"{text}\" has {} rows, not 5 joined by '/'",
                rows.len()
            ));
        }
        let mut mask: Mask = 0;
        let mut cell = 0;
        for (row, (&written, &length)) in rows.iter().zip(&ROW_LENGTHS).enumerate() {
            if written.len() != length || written.bytes().any(|b| b != b'O' && b != b'.') {
                return Err(format!(
                    "\"{text}\": row {} is \"{written}\", not {length} cells 'O' or '.'",
                    row + 1
                ));
            }
            for byte in written.bytes() {
                if byte == b'O' {
                    mask |= 1 << cell;
                }
                cell += 1;
            }
        }
        Ok(mask)
    }

    /// Row `row` (from 0) of `mask`, written as a certificate writes it.
    pub fn row_text(&self, mask: Mask, row: usize) -> String {
        (0..self.places.len())
            .filter(|&cell| self.places[cell].0 == row as i32)
            .map(|cell| if mask >> cell & 1 == 1 { 'O' } else { '.' })
            .collect()
    }

    /// Rows of the box.
    pub fn rows(&self) -> usize {
        ROW_LENGTHS.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_box_has_103_runs_and_19_cells() {
        let hexagon = Hexagon::new();
        assert_eq!(hexagon.runs().len(), 103);
        assert_eq!(
            hexagon
                .runs()
                .iter()
                .filter(|r| r.count_ones() == 1)
                .count(),
            19
        );
        assert_eq!(
            hexagon
                .runs()
                .iter()
                .filter(|r| r.count_ones() == 5)
                .count(),
            3
        );
    }

    #[test]
    fn the_certificate_bounds_admit_every_move() {
        // The bounds a certificate is read with: a move eats at most `MAX_LINE` cells and a
        // box has at most `SEGMENT_COUNT` moves.
        use crate::input::{MAX_LINE, SEGMENT_COUNT};
        let hexagon = Hexagon::new();
        assert_eq!(hexagon.runs().len(), SEGMENT_COUNT);
        let longest = hexagon.runs().iter().map(|run| run.count_ones()).max();
        assert_eq!(longest, Some(MAX_LINE as u32));
        assert_eq!(hexagon.cells_of(!0).count(), crate::input::CELLS);
    }

    #[test]
    fn cells_are_named_and_read_by_row_and_position() {
        let hexagon = Hexagon::new();
        assert_eq!(hexagon.name(1), "(1,1)");
        assert_eq!(hexagon.name(hexagon.centre()), "(3,3)");
        assert_eq!(hexagon.name(1 << 18), "(5,3)");
        assert_eq!(hexagon.read_move(&[[5, 3], [1, 1]]), Ok(1 << 18 | 1));
        assert!(hexagon.read_move(&[[1, 4]]).is_err());
        assert!(hexagon.read_move(&[[0, 1]]).is_err());
        assert!(hexagon.read_move(&[[2, 2], [2, 2]]).is_err());
    }

    #[test]
    fn the_half_turn_maps_corner_to_corner() {
        let hexagon = Hexagon::new();
        assert_eq!(hexagon.half_turn(1), 1 << 18);
        assert_eq!(hexagon.half_turn(1 << 7), 1 << 11);
        assert_eq!(hexagon.half_turn(hexagon.centre()), hexagon.centre());
    }

    #[test]
    fn illegal_moves_say_why() {
        let hexagon = Hexagon::new();
        let row_three = 0b11111 << 7;
        assert_eq!(hexagon.why_illegal(row_three, row_three), None);
        let gap = 1 << 7 | 1 << 9;
        assert!(
            hexagon
                .why_illegal(row_three, gap)
                .unwrap()
                .contains("not a straight run")
        );
        let bent = 1 << 4 | 1 << 7 | 1 << 8;
        assert!(
            hexagon
                .why_illegal(!0, bent)
                .unwrap()
                .contains("not a straight run")
        );
        let empty = hexagon.why_illegal(1 << 7, 1 << 7 | 1 << 8).unwrap();
        assert_eq!(empty, "(3,2) is empty");
    }

    #[test]
    fn boxes_are_read_row_by_row() {
        let hexagon = Hexagon::new();
        assert_eq!(hexagon.read_box("O../..../...../..../..O"), Ok(1 | 1 << 18));
        assert!(hexagon.read_box("O../..../....../..../..O").is_err());
        assert!(hexagon.read_box("O../..../.....").is_err());
        assert!(hexagon.read_box("x../..../...../..../...").is_err());
        assert_eq!(hexagon.row_text(1 << 9, 2), "..O..");
    }
}
