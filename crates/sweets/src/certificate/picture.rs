//! The certificate as a picture, what `--explain=svg` draws: the box as the statement's
//! hexagon, each cell named `row,position` from 1, with Karlsson's winning move when he
//! has one, then the box left for the loser and the proof that it is lost named: the
//! mirror through the empty centre, or a closed set, whose first boxes are drawn small
//! (at most [`SHOWN`]; the picture says how many there are).

use gridkit::picture::{Anchor, LINE, MARGIN, MAX_WIDTH, Strip, Svg, colour, legend};

use super::{Certificate, Proof, Winner, mask_of, mask_of_box};
use crate::geometry::{CELLS, CENTRE, Mask, indent, row_and_position};

/// Boxes of a closed set drawn at most.
const SHOWN: usize = 12;
/// The radius of a cell of the large boxes.
const LARGE: f64 = 30.0;
/// The radius of a cell of the small boxes.
const SMALL: f64 = 10.0;
/// A chocolate.
const CHOCOLATE: &str = "#7b4a2a";

/// The picture of `certificate`, as an SVG document.
pub fn draw(certificate: &Certificate) -> String {
    let mut svg = Svg::new(MAX_WIDTH);
    let start = mask_of_box(&certificate.start);
    let eaten = certificate.first_move.as_deref().map_or(0, mask_of);
    let lost = start & !eaten;
    let loser = certificate.winner.other().name();
    let proof = match &certificate.proof {
        Proof::Mirror => [
            format!(
                "Proof: the box left for {loser} is its own mirror image through the empty centre:"
            ),
            format!(
                "{} answers every move with its mirror image.",
                certificate.winner.name()
            ),
        ],
        Proof::ClosedSet(boxes) => [
            format!(
                "Proof: a closed set of {} lost for the player to move:",
                match boxes.len() {
                    1 => "1 box".to_string(),
                    count => format!("{count} boxes"),
                }
            ),
            format!(
                "{} answers every move from each back into the set.",
                certificate.winner.name()
            ),
        ],
    };
    let heading = match certificate.winner {
        Winner::Karlsson => "Karlsson wins: he eats the cells marked, leaving a lost box.",
        Winner::Lillebror => {
            "Lillebror wins: the box itself is lost for Karlsson, who moves first."
        }
    };
    let [first, second] = proof;
    let top = svg.notes(MARGIN, &[heading.to_string(), first, second]);
    let left = MARGIN + LARGE;
    let caption_y = top + LINE;
    let mirror = matches!(certificate.proof, Proof::Mirror);
    // Lillebror's box is the lost one itself: drawn once.
    let lost_at = if eaten == 0 {
        (left, caption_y + 10.0 + LARGE)
    } else {
        svg.text(
            MARGIN,
            caption_y,
            13.0,
            Anchor::Start,
            colour::INK,
            "the box",
        );
        hexagon(
            &mut svg,
            (left, caption_y + 10.0 + LARGE),
            LARGE,
            start,
            eaten,
            true,
        );
        (MARGIN + 11.0 * LARGE + LARGE, caption_y + 10.0 + LARGE)
    };
    svg.text(
        lost_at.0 - LARGE,
        caption_y,
        13.0,
        Anchor::Start,
        colour::INK,
        &format!("left for {loser}: lost"),
    );
    hexagon(&mut svg, lost_at, LARGE, lost, 0, true);
    if mirror {
        let (x, y) = cell_centre(lost_at, LARGE, CENTRE);
        svg.circle((x, y), LARGE * 0.3, colour::SECOND);
    }
    let mut bottom = caption_y + 10.0 + LARGE * 8.0;
    if let Proof::ClosedSet(boxes) = &certificate.proof {
        let shown = boxes.len().min(SHOWN);
        let note = if boxes.len() > SHOWN {
            format!(
                "The closed set's first {SHOWN} boxes of {} (all in --certificate):",
                boxes.len()
            )
        } else {
            "The closed set's boxes:".to_string()
        };
        bottom = svg.notes(bottom, &[note]);
        let strip = Strip::new(bottom, svg.width(), SMALL * 10.5, SMALL * 8.5);
        for (index, position) in boxes.iter().take(shown).enumerate() {
            let (x, y) = strip.origin(index);
            let mask = mask_of_box(&position.chocolates);
            hexagon(&mut svg, (x + SMALL, y + SMALL), SMALL, mask, 0, false);
        }
        bottom = strip.bottom(shown);
    }
    let mut entries = vec![(CHOCOLATE, "chocolate"), (colour::OPEN, "empty cell")];
    if eaten != 0 {
        entries.push((colour::PATH, "Karlsson's winning move"));
    }
    if mirror {
        entries.push((colour::SECOND, "the empty centre of the mirror"));
    }
    let end = legend(&mut svg, bottom + 4.0, &entries);
    svg.finish(end + MARGIN)
}

/// One move of a line of play, large: the box before it with the cells eaten in the move
/// colour (none for the starting box), and with `mirror` the empty centre marked.
pub fn draw_move(before: Mask, eaten: Mask, mirror: bool) -> String {
    let mut svg = Svg::new(2.0 * MARGIN + 10.0 * LARGE);
    let origin = (MARGIN + LARGE, MARGIN + LARGE);
    hexagon(&mut svg, origin, LARGE, before, eaten, true);
    if mirror && (before & !eaten) >> CENTRE & 1 == 0 {
        let (x, y) = cell_centre(origin, LARGE, CENTRE);
        svg.circle((x, y), LARGE * 0.3, colour::SECOND);
    }
    let mut entries = vec![
        (CHOCOLATE, "chocolate"),
        (colour::OPEN, "empty cell"),
        (colour::PATH, "eaten in this move"),
    ];
    if mirror {
        entries.push((colour::SECOND, "the empty centre"));
    }
    let end = legend(&mut svg, MARGIN + LARGE * 8.0, &entries);
    svg.finish(end + MARGIN)
}

/// The centre of `cell` in a box whose top-left cell's centre is `origin`, cells of
/// `radius`: the statement's drawing, a word every two text columns.
fn cell_centre(origin: (f64, f64), radius: f64, cell: usize) -> (f64, f64) {
    let (row, position) = row_and_position(cell).unwrap_or((0, 0));
    let half_width = radius * 3f64.sqrt() / 2.0;
    let column = indent(row) + 2 * position;
    (
        origin.0 + half_width * column as f64,
        origin.1 + radius * 1.5 * row as f64,
    )
}

/// A box: its 19 cells as hexagons, `chocolates` filled, `marked` in the move colour, and
/// with `names` each cell's `row,position`.
fn hexagon(
    svg: &mut Svg,
    origin: (f64, f64),
    radius: f64,
    chocolates: Mask,
    marked: Mask,
    names: bool,
) {
    for cell in 0..CELLS {
        let (x, y) = cell_centre(origin, radius, cell);
        let corners: Vec<(f64, f64)> = (0..6)
            .map(|k| {
                let angle = std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 6.0;
                (x + radius * angle.cos(), y + radius * angle.sin())
            })
            .collect();
        let fill = if marked >> cell & 1 == 1 {
            colour::PATH
        } else if chocolates >> cell & 1 == 1 {
            CHOCOLATE
        } else {
            colour::OPEN
        };
        svg.polygon(&corners, fill, colour::PAPER, radius / 10.0);
        if names {
            let (row, position) = row_and_position(cell).unwrap_or((0, 0));
            let ink = if fill == colour::OPEN {
                colour::INK
            } else {
                colour::PAPER
            };
            let name = format!("{},{}", row + 1, position + 1);
            svg.text(
                x,
                y + radius * 0.55,
                radius * 0.36,
                Anchor::Middle,
                ink,
                &name,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use render::{distance, pixel, render};

    use super::*;
    use crate::certificate::certify;

    const LARGE_ORIGIN: (f64, f64) = (MARGIN + LARGE, MARGIN + 4.0 * LINE + 10.0 + LARGE);

    #[test]
    fn the_cells_of_the_winning_move_have_the_move_colour() {
        // Two chocolates side by side in the middle row: Karlsson eats both.
        let start: Mask = 1 << 8 | 1 << 9;
        let certificate = certify(start);
        assert_eq!(certificate.winner, Winner::Karlsson);
        let svg = draw(&certificate);
        let picture = render(&svg).unwrap();
        assert_eq!(picture.width(), MAX_WIDTH as u32);
        for cell in [8, 9] {
            let (x, y) = cell_centre(LARGE_ORIGIN, LARGE, cell);
            assert!(
                distance(&pixel(&picture, x, y - LARGE * 0.3), colour::PATH) < 8,
                "{cell}"
            );
        }
        let (x, y) = cell_centre(LARGE_ORIGIN, LARGE, 0);
        assert!(distance(&pixel(&picture, x, y - LARGE * 0.3), colour::OPEN) < 8);
    }

    #[test]
    fn a_lost_box_names_its_proof() {
        // Two chocolates apart, mirrored through the empty centre: Lillebror wins.
        let start: Mask = 1 << 0 | 1 << 18;
        let certificate = certify(start);
        assert_eq!(certificate.winner, Winner::Lillebror);
        let svg = draw(&certificate);
        assert!(
            svg.contains("mirror image through the empty centre"),
            "{svg}"
        );
        let picture = render(&svg).unwrap();
        let (x, y) = cell_centre(LARGE_ORIGIN, LARGE, 0);
        assert!(distance(&pixel(&picture, x, y - LARGE * 0.3), CHOCOLATE) < 8);
    }
}
