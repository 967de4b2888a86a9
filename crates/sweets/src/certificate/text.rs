//! The certificate as text, what `--explain` prints after the answer: boxes drawn as the
//! statement draws them, cells named by row and position.

use std::fmt::{self, Display, Formatter};

use itertools::Itertools;

use super::{Certificate, Proof, Reply, Winner, mask_of, mask_of_box};
use crate::geometry::{
    CELLS, DRAWING_COLUMNS, DRAWING_ROWS, Mask, cell_in_drawing, row_and_position,
};

/// Blanks between boxes drawn side by side.
const GAP: usize = 4;
/// Prose is wrapped to lines of at most this many characters.
const WIDTH: usize = 92;

/// A certificate explained to a reader: `format!("{}", Explanation(&certificate))`.
pub struct Explanation<'a>(pub &'a Certificate);

impl Display for Explanation<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let Self(certificate) = *self;
        explain(f, certificate)
    }
}

/// The explanation of `certificate`.
fn explain(f: &mut Formatter<'_>, certificate: &Certificate) -> fmt::Result {
    writeln!(
        f,
        "Cells are named (row,position): rows 1 to 5 from the top, positions from the \
         left of the row."
    )?;
    writeln!(f, "O is a chocolate, . an empty cell.")?;
    writeln!(f)?;
    let start = mask_of_box(&certificate.start);
    let first_move = certificate.first_move.as_deref().map(mask_of);
    match first_move {
        Some(eaten) => write_first_move(f, start, eaten, &certificate.proof)?,
        None => write_the_box(f, start, &certificate.proof)?,
    }
    let lost = start & !first_move.unwrap_or(0);
    let loser = certificate.winner.other();
    match &certificate.proof {
        Proof::Mirror => write_mirror(f, lost, loser),
        Proof::ClosedSet(positions) => {
            let Some(first) = positions.first() else {
                return Ok(());
            };
            writeln!(f)?;
            paragraph(f, &closed_set_proof(positions.len()))?;
            writeln!(f)?;
            write_reply_table(f, loser, &first.replies)?;
            if certificate.winner == Winner::Lillebror {
                if let Some(pair) = first.replies.first() {
                    writeln!(f)?;
                    write_example(f, start, pair)?;
                }
            }
            Ok(())
        }
    }
}

/// Karlsson's winning move drawn on the box, beside the box it leaves.
fn write_first_move(f: &mut Formatter<'_>, start: Mask, eaten: Mask, proof: &Proof) -> fmt::Result {
    let what = if start & !eaten == 0 {
        "that is every chocolate, so Lillebror cannot move."
    } else if *proof == Proof::Mirror {
        "the box it leaves is lost for Lillebror, who moves next, by symmetry."
    } else {
        "the box it leaves is lost for Lillebror, who moves next."
    };
    paragraph(
        f,
        &format!("Karlsson wins by eating {}: {what}", name_move(eaten)),
    )?;
    writeln!(f)?;
    let marks = |cell: usize| (eaten >> cell & 1 == 1).then_some('x');
    write!(
        f,
        "{}",
        side_by_side(&[
            ("Karlsson eats x", hexagon(start, marks)),
            ("Lillebror is left", hexagon(start & !eaten, |_| None)),
        ])
    )
}

/// The box Karlsson cannot win, drawn.
fn write_the_box(f: &mut Formatter<'_>, start: Mask, proof: &Proof) -> fmt::Result {
    let how = match proof {
        Proof::Mirror => "he answers every move of Karlsson's with its mirror image",
        Proof::ClosedSet(_) => "every move Karlsson has is answered",
    };
    writeln!(f, "Lillebror wins: {how}.")?;
    writeln!(f)?;
    write!(
        f,
        "{}",
        side_by_side(&[("The box", hexagon(start, |_| None))])
    )
}

/// The mirror proof in two lines (nothing to prove when the box is empty).
fn write_mirror(f: &mut Formatter<'_>, lost: Mask, loser: Winner) -> fmt::Result {
    if lost == 0 {
        return Ok(());
    }
    let winner = loser.other().name();
    let loser = loser.name();
    writeln!(f)?;
    paragraph(
        f,
        &format!(
            "Proof by symmetry: the box {loser} has to move in is the same turned half a turn \
             about the centre, and the centre (3,3) is empty."
        ),
    )?;
    paragraph(
        f,
        &format!(
            "Whatever {loser} eats, {winner} eats its mirror image through the centre: never \
             the same cells, and it leaves such a box again, so {loser} runs out of moves \
             first."
        ),
    )
}

/// What a closed set of `boxes` boxes proves, and where to find all of it.
fn closed_set_proof(boxes: usize) -> String {
    let proof = if boxes == 1 {
        "Proof by a closed set of 1 box, that one: every move in it has a reply that eats \
         the last chocolates, so whoever moves in it runs out of moves first."
            .to_owned()
    } else {
        format!(
            "Proof by a closed set of {boxes} boxes, that one first: in each of them every \
             move has a reply leading back into the set or emptying the box, so whoever \
             moves in one of them runs out of moves first."
        )
    };
    if boxes == 1 {
        format!("{proof} The replies:")
    } else {
        format!(
            "{proof} The certificate (--certificate) lists every reply in every box; here \
             are those in the first."
        )
    }
}

/// One line per move of the player to move: what they eat, then the winner's reply.
fn write_reply_table(f: &mut Formatter<'_>, loser: Winner, replies: &[Reply]) -> fmt::Result {
    let first = format!("{} eats", loser.name());
    let moves: Vec<String> = replies
        .iter()
        .map(|pair| name_move(mask_of(&pair.eaten)))
        .collect();
    let width = moves.iter().map(String::len).fold(first.len(), usize::max);
    writeln!(f, "{first:width$}    {} replies", loser.other().name())?;
    for (eaten, pair) in moves.iter().zip(replies) {
        writeln!(f, "{eaten:width$}    {}", name_move(mask_of(&pair.reply)))?;
    }
    Ok(())
}

/// The first move and reply drawn: both marked on the box, then the box they leave.
fn write_example(f: &mut Formatter<'_>, start: Mask, pair: &Reply) -> fmt::Result {
    writeln!(
        f,
        "The first of them drawn, K eaten by Karlsson, L by Lillebror:"
    )?;
    let (eaten, reply) = (mask_of(&pair.eaten), mask_of(&pair.reply));
    let marks = |cell: usize| {
        let eaten_by = |cells: Mask| cells >> cell & 1 == 1;
        eaten_by(eaten)
            .then_some('K')
            .or(eaten_by(reply).then_some('L'))
    };
    let left = start & !eaten & !reply;
    write!(
        f,
        "{}",
        side_by_side(&[
            ("K then L", hexagon(start, marks)),
            ("Karlsson is left", hexagon(left, |_| None)),
        ])
    )
}

/// `text` wrapped at word boundaries to lines of at most [`WIDTH`] characters.
fn paragraph(f: &mut Formatter<'_>, text: &str) -> fmt::Result {
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > WIDTH {
            writeln!(f, "{line}")?;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    writeln!(f, "{line}")
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
