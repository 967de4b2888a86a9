//! The certificate as a picture, what `--explain=svg` draws: the board as a heat map of
//! the expected turns to the Goal from every square (the hottest square is the slowest),
//! each value written in its square, and every ladder drawn from its base to its top,
//! bold where the best play climbs it. The board is always 10 x 10: nothing is summarised.

use gridkit::Pos;
use gridkit::picture::{Anchor, Board, LINE, MARGIN, MAX_WIDTH, Svg, colour, legend};

use crate::board::SIZE;
use crate::certificate::{Certificate, GOAL, START};

/// Where a ladder is drawn across a square, right of the value: from its centre, in
/// squares.
const LADDER_OFFSET: f64 = 0.4;
/// The side of a square: large enough to write a value in it.
const CELL: f64 = 56.0;

/// The picture of `certificate`, as an SVG document.
pub fn draw(certificate: &Certificate) -> String {
    let climbed = certificate.ladders.iter().filter(|l| l.climb).count();
    let notes = [
        format!(
            "{:.10} expected turns from the start (row 10, column 1) to the Goal (row 1, column 1).",
            certificate.answer()
        ),
        format!(
            "Each square: the fewest expected turns from there. Ladders: {} climbed, {} not.",
            climbed,
            certificate.ladders.len() - climbed
        ),
    ];
    draw_known(certificate, &notes, |_| true, None)
}

/// The heat map with only the squares `known` accepts filled in (the others left open
/// and blank), `latest` framed, under `notes` (none: the board from the top). The colours keep the whole board's range,
/// so that a square keeps its colour from the step it is filled in on.
pub fn draw_known(
    certificate: &Certificate,
    notes: &[String],
    known: impl Fn(Pos) -> bool,
    latest: Option<Pos>,
) -> String {
    let mut svg = Svg::new(MAX_WIDTH);
    let top = svg.notes(MARGIN, notes);
    let board = Board::fit(MARGIN, top, MAX_WIDTH - 2.0 * MARGIN, CELL, SIZE, SIZE);
    let (low, high) = range(certificate);
    for row in 0..SIZE {
        for col in 0..SIZE {
            if !known(Pos::new(row, col)) {
                board.fill(&mut svg, row, col, colour::OPEN);
                continue;
            }
            let value = certificate.expected[row][col];
            let fill = colour::heat(heat(value, low, high));
            board.fill(&mut svg, row, col, &fill);
            let ink = colour::ink_on(&fill);
            let (x, y) = board.centre(row, col);
            let x = x - board.cell * 0.08;
            svg.text(
                x,
                y + 4.0,
                12.0,
                Anchor::Middle,
                ink,
                &format!("{value:.2}"),
            );
        }
    }
    board.lines(&mut svg);
    board.numbers(&mut svg);
    for (square, fill) in [(START, colour::START), (GOAL, colour::GOAL)] {
        let (x, y) = board.corner(square.row, square.col);
        svg.frame(
            x + 2.0,
            y + 2.0,
            board.cell - 4.0,
            board.cell - 4.0,
            fill,
            4.0,
        );
    }
    if let Some(latest) = latest {
        let (x, y) = board.corner(latest.row, latest.col);
        svg.frame(x, y, board.cell, board.cell, colour::INK, 3.0);
    }
    for ladder in &certificate.ladders {
        let (x, base) = board.centre(ladder.base.row, ladder.base.col);
        let (_, top) = board.centre(ladder.top.row, ladder.top.col);
        // Drawn beside the value, from the base's lower edge to the top's upper edge.
        let x = x + LADDER_OFFSET * board.cell;
        let (base, top) = (base + board.cell * 0.3, top - board.cell * 0.3);
        let (stroke, thickness) = if ladder.climb {
            (colour::PATH, 4.0)
        } else {
            (colour::SECOND, 2.0)
        };
        // A white casing keeps the ladder visible on the hottest squares.
        svg.line((x, base), (x, top), colour::PAPER, thickness + 3.0);
        svg.circle((x, base), thickness + 1.5, colour::PAPER);
        svg.line((x, base), (x, top), stroke, thickness);
        svg.circle((x, base), thickness, stroke);
        svg.polygon(
            &[(x - 5.0, top + 7.0), (x + 5.0, top + 7.0), (x, top - 1.0)],
            stroke,
            stroke,
            1.0,
        );
    }
    let entries = [
        (colour::heat(0.0), format!("{low:.2} turns (fewest)")),
        (colour::heat(0.5), "between".to_string()),
        (colour::heat(1.0), format!("{high:.2} turns (most)")),
        (colour::PATH.to_string(), "ladder climbed".to_string()),
        (colour::SECOND.to_string(), "ladder not climbed".to_string()),
        (colour::START.to_string(), "start".to_string()),
        (colour::GOAL.to_string(), "Goal".to_string()),
    ];
    let entries: Vec<(&str, &str)> = entries
        .iter()
        .map(|(c, m)| (c.as_str(), m.as_str()))
        .collect();
    let end = legend(&mut svg, board.bottom() + LINE / 2.0, &entries);
    svg.finish(end + MARGIN)
}

/// The smallest and largest expected values on the board.
fn range(certificate: &Certificate) -> (f64, f64) {
    let values = certificate.expected.iter().flatten().copied();
    let low = values.clone().fold(f64::INFINITY, f64::min);
    let high = values.fold(f64::NEG_INFINITY, f64::max);
    (low, high)
}

/// Where `value` lies between `low` and `high`, from 0 to 1.
fn heat(value: f64, low: f64, high: f64) -> f64 {
    if high > low {
        (value - low) / (high - low)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use render::{distance, pixel, render};

    use super::*;
    use crate::certificate::certify;
    use crate::parse_board;

    fn board_of(rows: &str) -> crate::Board {
        parse_board(rows.as_bytes()).unwrap()
    }

    fn layout() -> Board {
        Board::fit(
            MARGIN,
            MARGIN + 2.0 * LINE,
            MAX_WIDTH - 2.0 * MARGIN,
            CELL,
            SIZE,
            SIZE,
        )
    }

    /// A point of square (`row`, `col`) clear of its value, its ladder and its frame.
    fn clear_point(row: usize, col: usize) -> (f64, f64) {
        let (x, y) = layout().corner(row, col);
        (x + CELL * 0.2, y + CELL * 0.15)
    }

    #[test]
    fn the_square_with_the_highest_value_has_the_hottest_colour() {
        let certificate = certify(&board_of(&"0 0 0 0 0 0 0 0 0 0\n".repeat(10)));
        let picture = render(&draw(&certificate)).unwrap();
        assert_eq!(picture.width(), MAX_WIDTH as u32);
        // Without ladders the start is the slowest square, the Goal the fastest.
        let (x, y) = clear_point(START.row, START.col);
        assert!(distance(&pixel(&picture, x, y), &colour::heat(1.0)) < 8);
        let (x, y) = clear_point(GOAL.row, GOAL.col);
        assert!(distance(&pixel(&picture, x, y), &colour::heat(0.0)) < 8);
    }

    #[test]
    fn a_climbed_ladder_is_drawn_in_the_path_colour() {
        // One ladder from row 10, column 2 up to row 2.
        let mut rows = "0 0 0 0 0 0 0 0 0 0\n".repeat(9);
        rows.push_str("0 8 0 0 0 0 0 0 0 0\n");
        let certificate = certify(&board_of(&rows));
        assert!(certificate.ladders[0].climb);
        let picture = render(&draw(&certificate)).unwrap();
        let (x, y) = layout().centre(5, 1);
        let x = x + CELL * LADDER_OFFSET;
        assert!(distance(&pixel(&picture, x, y), colour::PATH) < 8);
    }
}
