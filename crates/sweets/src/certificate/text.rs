//! The certificate as text: boxes drawn as the statement draws them, cells named by row
//! and position.

use std::fmt::{self, Display, Formatter};

use itertools::Itertools;

use super::{Certificate, Defence};
use crate::geometry::{
    CELLS, DRAWING_COLUMNS, DRAWING_ROWS, Mask, cell_in_drawing, row_and_position,
};

/// Blanks between boxes drawn side by side.
const GAP: usize = 4;

impl Display for Certificate {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Cells are named (row,position): rows 1 to 5 from the top, positions from the \
             left of the row."
        )?;
        writeln!(f, "O is a chocolate, . an empty cell.")?;
        writeln!(f)?;
        match self {
            Self::Karlsson {
                start,
                winning_move,
            } => write_karlsson(f, *start, *winning_move),
            Self::Lillebror { start, defences } => write_lillebror(f, *start, defences),
        }
    }
}

/// One winning move drawn on the box, beside the box it leaves.
fn write_karlsson(f: &mut Formatter<'_>, start: Mask, winning_move: Mask) -> fmt::Result {
    writeln!(
        f,
        "Karlsson wins by eating {}: the box it leaves is lost for the player to move, \
         Lillebror.",
        name_move(winning_move)
    )?;
    writeln!(f)?;
    let eaten = |cell: usize| (winning_move >> cell & 1 == 1).then_some('x');
    write!(
        f,
        "{}",
        side_by_side(&[
            ("Karlsson eats x", hexagon(start, eaten)),
            (
                "Lillebror is left",
                hexagon(start & !winning_move, |_| None)
            ),
        ])
    )
}

/// The box, every first move with its reply, and the first pair drawn.
fn write_lillebror(f: &mut Formatter<'_>, start: Mask, defences: &[Defence]) -> fmt::Result {
    writeln!(
        f,
        "Lillebror wins: each of Karlsson's {} possible first moves has a reply that leaves \
         Karlsson a lost box.",
        defences.len()
    )?;
    writeln!(f)?;
    let the_box = hexagon(start, |_| None);
    write!(f, "{}", side_by_side(&[("The box", the_box)]))?;
    if let Some(&example) = defences.first() {
        writeln!(f)?;
        write_defence_table(f, defences)?;
        writeln!(f)?;
        write_example(f, start, example)?;
    }
    Ok(())
}

/// One line per first move: what Karlsson eats, then what Lillebror eats.
fn write_defence_table(f: &mut Formatter<'_>, defences: &[Defence]) -> fmt::Result {
    const FIRST: &str = "Karlsson eats";
    let firsts: Vec<String> = defences.iter().map(|d| name_move(d.first_move)).collect();
    let width = firsts.iter().map(String::len).fold(FIRST.len(), usize::max);
    writeln!(f, "{FIRST:width$}    Lillebror replies")?;
    for (first, defence) in firsts.iter().zip(defences) {
        writeln!(f, "{first:width$}    {}", name_move(defence.reply))?;
    }
    Ok(())
}

/// `defence` drawn: both moves marked on the box, then the box they leave.
fn write_example(f: &mut Formatter<'_>, start: Mask, defence: Defence) -> fmt::Result {
    writeln!(
        f,
        "The first of them drawn, K eaten by Karlsson, L by Lillebror:"
    )?;
    let marks = |cell: usize| {
        let eaten_by = |eaten: Mask| eaten >> cell & 1 == 1;
        eaten_by(defence.first_move)
            .then_some('K')
            .or(eaten_by(defence.reply).then_some('L'))
    };
    let left = start & !defence.first_move & !defence.reply;
    write!(
        f,
        "{}",
        side_by_side(&[
            ("K then L", hexagon(start, marks)),
            ("Karlsson is left", hexagon(left, |_| None)),
        ])
    )
}

/// A cell as the text names it: `(row,position)`, both from 1.
fn name_cell(cell: usize) -> String {
    match row_and_position(cell) {
        Some((row, position)) => format!("({},{})", row + 1, position + 1),
        None => format!("(cell {cell})"),
    }
}

/// A move as the cells it eats, in reading order (which is their order along the line).
fn name_move(eaten: Mask) -> String {
    (0..CELLS)
        .filter(|&cell| eaten & 1 << cell != 0)
        .map(name_cell)
        .join(" ")
}

/// The box drawn as the statement draws it, rows numbered from 1: `O` a chocolate, `.`
/// an empty cell, unless `mark` gives the cell another character.
fn hexagon(mask: Mask, mark: impl Fn(usize) -> Option<char>) -> Vec<String> {
    let board = gridkit::explain::draw(
        DRAWING_ROWS,
        DRAWING_COLUMNS,
        1,
        |row| (row + 1).to_string(),
        |row, column| match cell_in_drawing(row, column) {
            None => ' ',
            Some(cell) => mark(cell).unwrap_or(if mask & 1 << cell != 0 { 'O' } else { '.' }),
        },
    );
    // The header numbers text columns, which are not how the text names cells.
    board
        .lines()
        .skip(1)
        .map(|line| line.trim_end().to_owned())
        .collect()
}

/// Drawings side by side, each under its title, lines without trailing blanks.
fn side_by_side(panels: &[(&str, Vec<String>)]) -> String {
    let columns: Vec<Vec<&str>> = panels
        .iter()
        .map(|(title, lines)| {
            std::iter::once(*title)
                .chain(lines.iter().map(String::as_str))
                .collect()
        })
        .collect();
    let height = columns.iter().map(Vec::len).max().unwrap_or(0);
    let mut text = String::new();
    for row in 0..height {
        let line = columns
            .iter()
            .map(|column| {
                let width = column.iter().map(|line| line.len()).max().unwrap_or(0) + GAP;
                format!("{:width$}", column.get(row).copied().unwrap_or(""))
            })
            .join("");
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_by_row_and_position() {
        assert_eq!(name_cell(0), "(1,1)");
        assert_eq!(name_cell(9), "(3,3)");
        assert_eq!(name_cell(18), "(5,3)");
        assert_eq!(name_move(1 << 7 | 1 << 8 | 1 << 9), "(3,1) (3,2) (3,3)");
    }

    #[test]
    fn the_box_is_drawn_as_the_statement_draws_it() {
        let sample = 1 << 5 | 1 << 9 | 1 << 10;
        assert_eq!(
            hexagon(sample, |_| None),
            [
                "1   . . .",
                "2  . . O .",
                "3 . . O O .",
                "4  . . . .",
                "5   . . ."
            ]
        );
    }
}
