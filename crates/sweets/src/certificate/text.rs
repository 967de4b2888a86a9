//! The certificate as text, what `--explain` prints after the answer: boxes drawn as the
//! statement draws them, cells named by row and position.
//!
//! A closed set of more than one box is shown as a reader can check it one box at a time:
//! the first box's replies as a table, then every box numbered with all of its replies,
//! each `M: R -> N` naming the box N that move M and reply R leave. A set whose listing
//! would pass 300 lines is not listed: the text says how many boxes it has
//! and which fields of `--certificate`'s JSON hold every reply.

use std::collections::HashMap;
use std::fmt::{self, Display, Formatter};

use itertools::Itertools;

use super::{Certificate, Position, Proof, Reply, Winner, mask_of, mask_of_box};
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
            let listing = (positions.len() > 1).then(|| listing(positions));
            let listed = listing.as_ref().and_then(Option::as_ref);
            writeln!(f)?;
            paragraph(f, &closed_set_proof(positions.len(), listed.is_some()))?;
            writeln!(f)?;
            write_reply_table(f, loser, &first.replies)?;
            if certificate.winner == Winner::Lillebror {
                if let Some(pair) = first.replies.first() {
                    writeln!(f)?;
                    write_example(f, start, pair)?;
                }
            }
            match listing {
                None => Ok(()),
                Some(Some(lines)) => write_listing(f, loser, &lines),
                Some(None) => write_where_listed(f, loser, positions.len()),
            }
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

/// What a closed set of `boxes` boxes proves, and where to find all of it: below when
/// `listed`, else in the certificate.
fn closed_set_proof(boxes: usize, listed: bool) -> String {
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
    } else if listed {
        format!(
            "{proof} Here are the replies in the first, then every box of the set with all \
             of its replies."
        )
    } else {
        format!(
            "{proof} The certificate (--certificate) lists every reply in every box; here \
             are those in the first."
        )
    }
}

/// The most lines the listing of a closed set may take: a larger set is left to
/// `--certificate`, which prints every reply.
const MAX_LISTING: usize = 300;
/// No line of the listing is longer than this.
const LISTING_WIDTH: usize = 100;
/// Blanks before the replies of a box in the listing.
const INDENT: usize = 4;
/// Blanks between two replies on a line of the listing.
const COLUMN_GAP: usize = 3;

/// Every box of a closed set with all of its replies, one box at a time: a line naming the
/// box, numbered from 1, as the certificate writes it, then its replies `M: R -> N` in
/// columns (as many as fit), N the number of the box left after the move M and the reply R (or `empty`).
/// `None` when that takes more than [`MAX_LISTING`] lines.
fn listing(positions: &[Position]) -> Option<Vec<String>> {
    let numbers: HashMap<Mask, usize> = (1..)
        .zip(positions)
        .map(|(number, position)| (mask_of_box(&position.chocolates), number))
        .collect();
    let boxes: Vec<(String, Vec<String>)> = (1..)
        .zip(positions)
        .map(|(number, position)| {
            let chocolates = mask_of_box(&position.chocolates);
            let replies = position
                .replies
                .iter()
                .map(|pair| {
                    let (eaten, reply) = (mask_of(&pair.eaten), mask_of(&pair.reply));
                    let left = chocolates & !eaten & !reply;
                    let target = match (left, numbers.get(&left)) {
                        (0, _) => "empty".to_owned(),
                        (_, Some(number)) => number.to_string(),
                        // A certificate that checks leaves no such reply.
                        (_, None) => "a box not in the set".to_owned(),
                    };
                    format!("{}: {} -> {target}", name_run(eaten), name_run(reply))
                })
                .collect();
            (format!("Box {number}  {}", position.chocolates), replies)
        })
        .collect();
    let mut lines = Vec::new();
    for (name, replies) in boxes {
        lines.push(name);
        // Columns as wide as the box's longest reply, as many as fit on a line.
        let width = replies.iter().map(String::len).max().unwrap_or(0);
        let columns = ((LISTING_WIDTH - INDENT + COLUMN_GAP) / (width + COLUMN_GAP)).max(1);
        for row in replies.chunks(columns) {
            let cells = row
                .iter()
                .map(|reply| format!("{reply:width$}"))
                .join(&" ".repeat(COLUMN_GAP));
            lines.push(format!("{:INDENT$}{}", "", cells.trim_end()));
        }
        if lines.len() > MAX_LISTING {
            return None;
        }
    }
    Some(lines)
}

/// The listing of a closed set, under what it says and how to check it.
fn write_listing(f: &mut Formatter<'_>, loser: Winner, lines: &[String]) -> fmt::Result {
    let (loser, winner) = (loser.name(), loser.other().name());
    writeln!(f)?;
    paragraph(
        f,
        &format!(
            "Every box of the set, numbered, written as the certificate writes it: rows 1 \
             to 5 joined by a slash. Under each, M: R -> N for each move of {loser}'s, moves in \
             reading order of their first cell, shorter first: when {loser} eats M, \
             {winner} eats R and leaves box N (or the empty box). A-B is the straight run of \
             cells from A to B."
        ),
    )?;
    paragraph(
        f,
        "To check a box: every straight run of its chocolates is a move listed; each reply \
         R is a straight run of chocolates the move M left; and what is left after both is \
         box N. Checking every box this way proves them all lost for the player to move.",
    )?;
    writeln!(f)?;
    for line in lines {
        writeln!(f, "{line}")?;
    }
    Ok(())
}

/// Where to find every reply of a set too large to list.
fn write_where_listed(f: &mut Formatter<'_>, loser: Winner, boxes: usize) -> fmt::Result {
    writeln!(f)?;
    paragraph(
        f,
        &format!(
            "The set has {boxes} boxes, too many to list here (over {MAX_LISTING} lines). \
             --certificate prints every reply as JSON: \"proof\": {{\"closed_set\": [...]}} \
             lists the boxes, each with \"box\", its rows 1 to 5 joined by / (O a \
             chocolate, . an empty cell), and \"replies\", each a \"move\" of {}'s and \
             the \"reply\" of {}'s, both lists of the cells eaten as [row, position], \
             counted from 1.",
            loser.name(),
            loser.other().name()
        ),
    )
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

/// A move as the listing names it: its one cell, or `A-B` for the straight run from its
/// first cell A to its last B in reading order.
fn name_run(eaten: Mask) -> String {
    let mut cells = (0..CELLS).filter(|&cell| eaten & 1 << cell != 0);
    match (cells.next(), cells.next_back()) {
        (Some(first), Some(last)) => format!("{}-{}", name_cell(first), name_cell(last)),
        (Some(only), _) => name_cell(only),
        (None, _) => "nothing".to_owned(),
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
    use std::collections::BTreeSet;

    use super::*;
    use crate::certificate::certify;
    use crate::geometry::{SEGMENTS, legal_moves};
    use crate::parse::parse;

    /// The closed set proving `input`'s box, as the certificate lists it.
    fn closed_set_of(input: &str) -> Vec<Position> {
        match certify(parse(input.as_bytes()).unwrap()).proof {
            Proof::ClosedSet(positions) => positions,
            Proof::Mirror => panic!("proved by the mirror"),
        }
    }

    /// A cell named `(row,position)`.
    fn read_cell(name: &str) -> usize {
        (0..CELLS).find(|&cell| name_cell(cell) == name).unwrap()
    }

    /// The run a listing names `A` or `A-B`: the segment from A to B.
    fn read_run(name: &str) -> Mask {
        let (first, last) = name.split_once('-').unwrap_or((name, name));
        let (first, last) = (read_cell(first), read_cell(last));
        SEGMENTS
            .into_iter()
            .find(|&run| {
                run.trailing_zeros() as usize == first && 31 - run.leading_zeros() as usize == last
            })
            .unwrap()
    }

    #[test]
    fn a_listing_can_be_checked_one_box_at_a_time() {
        // What the listing asks a reader to check, checked on the listing's own text.
        let positions = closed_set_of(include_str!("../../../../testdata/sweets/gen-019.in"));
        let lines = listing(&positions).unwrap();
        let mut boxes: Vec<(Mask, Vec<&str>)> = Vec::new();
        for line in &lines {
            assert!(line.len() <= LISTING_WIDTH, "{line}");
            match line.strip_prefix("Box ") {
                Some(named) => {
                    let (number, text) = named.split_once("  ").unwrap();
                    assert_eq!(number, (boxes.len() + 1).to_string());
                    boxes.push((mask_of_box(text), Vec::new()));
                }
                None => boxes.last_mut().unwrap().1.extend(
                    line.split("   ")
                        .map(str::trim)
                        .filter(|entry| !entry.is_empty()),
                ),
            }
        }
        assert_eq!(boxes.len(), positions.len());
        for (chocolates, entries) in &boxes {
            let mut moves = BTreeSet::new();
            for entry in entries {
                let (eaten, rest) = entry.split_once(": ").unwrap();
                let (reply, target) = rest.split_once(" -> ").unwrap();
                let (eaten, reply) = (read_run(eaten), read_run(reply));
                assert_eq!(eaten & !chocolates, 0, "{entry}");
                assert_eq!(reply & !(chocolates & !eaten), 0, "{entry}");
                let left = chocolates & !eaten & !reply;
                let target = match target {
                    "empty" => 0,
                    number => boxes[number.parse::<usize>().unwrap() - 1].0,
                };
                assert_eq!(left, target, "{entry}");
                moves.insert(eaten);
            }
            assert_eq!(moves, legal_moves(*chocolates).collect(), "{chocolates:b}");
        }
    }

    #[test]
    fn a_set_too_large_to_list_is_left_to_the_certificate() {
        let input = include_str!("../../../../testdata/sweets/gen-022.in");
        let positions = closed_set_of(input);
        assert_eq!(listing(&positions), None);
        let text = Explanation(&certify(parse(input.as_bytes()).unwrap())).to_string();
        let said = format!(
            "The set has {} boxes, too many to list here",
            positions.len()
        );
        assert!(text.contains(&said), "{text}");
        for field in ["closed_set", "box", "replies", "move", "reply"] {
            assert!(text.contains(&format!("\"{field}\"")), "{field}");
        }
        assert!(text.lines().all(|line| line.len() <= 100));
    }

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
