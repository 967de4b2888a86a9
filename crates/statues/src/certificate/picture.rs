//! The certificate as a picture, what `--explain=svg` draws: the board after every round,
//! a strip of small boards numbered as the statement numbers them. For `WIN`, Maria's
//! square and her trail; for `LOSE`, every square she could still be alive on, down to
//! none. The board is always 8 x 8 and a game at most 9 rounds, so nothing is summarised.

use std::collections::BTreeSet;

use gridkit::picture::{Board, LINE, MARGIN, MAX_WIDTH, Strip, Svg, colour, legend};

use crate::board::BoardExt;
use crate::{ANNA, Board as Statues, Certificate, Evidence, SIZE, Square};

/// The side of a square of the small boards.
const CELL: f64 = 18.0;
/// A panel: a caption line, the numbered board, a gap.
const PANEL_WIDTH: f64 = 186.0;
const PANEL_HEIGHT: f64 = LINE + 26.0 + CELL * SIZE as f64 + 12.0;

/// The picture of `certificate`, as an SVG document.
pub fn draw(certificate: &Certificate) -> String {
    let mut svg = Svg::new(MAX_WIDTH);
    let (heading, panels) = match &certificate.evidence {
        Evidence::Walk(walk) => (walk_heading(walk), walk_panels(&certificate.board, walk)),
        Evidence::Cornered(safe) => (
            format!(
                "LOSE: whatever Maria does, a statue crushes her by round {}.",
                safe.len().saturating_sub(1)
            ),
            cornered_panels(&certificate.board, safe),
        ),
    };
    let top = svg.notes(
        MARGIN,
        &[
            heading,
            "Rows 1 to 8 from the top, columns 1 to 8 from the left; \
             each board is after that round's move and fall."
                .to_string(),
        ],
    ) + 6.0;
    let strip = Strip::new(top, svg.width(), PANEL_WIDTH, PANEL_HEIGHT);
    for (index, panel) in panels.iter().enumerate() {
        let (x, y) = strip.origin(index);
        panel.draw(&mut svg, x, y, CELL);
    }
    let bottom = strip.bottom(panels.len());
    let end = legend(&mut svg, bottom, legend_entries(&certificate.evidence));
    svg.finish(end + MARGIN)
}

/// What the colours of a panel mean.
fn legend_entries(evidence: &Evidence) -> &'static [(&'static str, &'static str)] {
    match evidence {
        Evidence::Walk(_) => &[
            (colour::PATH, "Maria"),
            (colour::TRAIL, "her trail"),
            (colour::WALL, "statue"),
            (colour::GOAL, "Anna"),
        ],
        Evidence::Cornered(_) => &[
            (colour::REGION, "Maria could be alive here"),
            (colour::WALL, "statue"),
            (colour::GOAL, "Anna"),
        ],
    }
}

/// The side of a square of a step's one large board.
const STEP_CELL: f64 = 44.0;

/// The board after round `round` alone, large, with its legend: one step of the proof
/// (a round past the last gives the last).
pub fn draw_round(certificate: &Certificate, round: usize) -> String {
    let panels = match &certificate.evidence {
        Evidence::Walk(walk) => walk_panels(&certificate.board, walk),
        Evidence::Cornered(safe) => cornered_panels(&certificate.board, safe),
    };
    let mut svg = Svg::new(MARGIN * 2.0 + Board::margin() + STEP_CELL * SIZE as f64);
    if let Some(panel) = panels.get(round.min(panels.len().saturating_sub(1))) {
        panel.draw(&mut svg, MARGIN, MARGIN, STEP_CELL);
    }
    let bottom = MARGIN + LINE + Board::margin() + STEP_CELL * SIZE as f64 + 8.0;
    let end = legend(&mut svg, bottom, legend_entries(&certificate.evidence));
    svg.finish(end + MARGIN)
}

fn walk_heading(walk: &[Square]) -> String {
    let rounds = walk.len().saturating_sub(1);
    match walk.last() {
        Some(&ANNA) => format!("WIN: Maria reaches Anna in round {rounds}."),
        _ if rounds == 0 => "WIN: no statue is on the board; Maria walks to Anna.".to_string(),
        _ => format!("WIN: no statue is left after round {rounds}; then Maria walks to Anna."),
    }
}

/// What one small board shows.
struct Panel {
    caption: String,
    board: Statues,
    falls: usize,
    /// Squares and their colour, over the empty squares.
    marks: Vec<(Square, &'static str)>,
}

impl Panel {
    fn draw(&self, svg: &mut Svg, x: f64, y: f64, cell: f64) {
        svg.text(
            x,
            y + 14.0,
            13.0,
            gridkit::picture::Anchor::Start,
            colour::INK,
            &self.caption,
        );
        let board = Board {
            x: x + Board::margin(),
            y: y + LINE + Board::margin(),
            cell,
            rows: SIZE,
            columns: SIZE,
        };
        board.fill_where(svg, colour::OPEN, |_, _| true);
        board.fill_where(svg, colour::WALL, |row, col| {
            self.board.statue_after((row, col), self.falls)
        });
        board.fill(svg, ANNA.0, ANNA.1, colour::GOAL);
        // A statue hides the trail it has fallen onto.
        for &((row, col), fill) in &self.marks {
            if !self.board.statue_after((row, col), self.falls) {
                board.fill(svg, row, col, fill);
            }
        }
        board.lines(svg);
        board.numbers(svg);
    }
}

fn caption(round: usize) -> String {
    match round {
        0 => "start".to_string(),
        round => format!("round {round}"),
    }
}

fn walk_panels(board: &Statues, walk: &[Square]) -> Vec<Panel> {
    (0..walk.len())
        .map(|round| {
            // On reaching Anna the game ends before the statues move.
            let falls = if walk[round] == ANNA {
                round - 1
            } else {
                round
            };
            let mut marks: Vec<(Square, &str)> = walk[..round]
                .iter()
                .map(|&square| (square, colour::TRAIL))
                .collect();
            marks.push((walk[round], colour::PATH));
            let caption = match walk[round] {
                ANNA => format!("{}: with Anna", caption(round)),
                _ => caption(round),
            };
            Panel {
                caption,
                board: *board,
                falls,
                marks,
            }
        })
        .collect()
}

fn cornered_panels(board: &Statues, safe: &[BTreeSet<Square>]) -> Vec<Panel> {
    safe.iter()
        .enumerate()
        .map(|(round, squares)| {
            let caption = match squares.len() {
                0 => format!("{}: nowhere left", caption(round)),
                1 => format!("{}: 1 square", caption(round)),
                count => format!("{}: {count} squares", caption(round)),
            };
            let marks = squares
                .iter()
                .map(|&square| (square, colour::REGION))
                .collect();
            Panel {
                caption,
                board: *board,
                falls: round,
                marks,
            }
        })
        .collect()
}

/// Where the centre of square `square` of panel `index` lands in the picture, for tests.
#[cfg(test)]
fn centre_of(index: usize, (row, col): Square) -> (f64, f64) {
    let strip = Strip::new(
        MARGIN + 2.0 * LINE + 6.0,
        MAX_WIDTH,
        PANEL_WIDTH,
        PANEL_HEIGHT,
    );
    let (x, y) = strip.origin(index);
    let board = Board {
        x: x + Board::margin(),
        y: y + LINE + Board::margin(),
        cell: CELL,
        rows: SIZE,
        columns: SIZE,
    };
    board.centre(row, col)
}

#[cfg(test)]
mod tests {
    use render::{brightness, distance, pixel, render};

    use super::*;
    use crate::MARIA;
    use crate::certificate::certify;

    #[test]
    fn the_square_of_marias_first_step_has_the_path_colour() {
        // A statue right above Maria: she must step aside, up-right.
        let board = Statues::from_fn(|row, col| (row, col) == (6, 0));
        let certificate = certify(&board);
        let Evidence::Walk(walk) = &certificate.evidence else {
            panic!("this board is a WIN");
        };
        let picture = render(&draw(&certificate)).unwrap();
        assert_eq!(picture.width(), MAX_WIDTH as u32);
        let (x, y) = centre_of(1, walk[1]);
        assert!(distance(&pixel(&picture, x, y), colour::PATH) < 8);
        // Her start is now trail, and the statue has fallen onto it.
        let (x, y) = centre_of(1, MARIA);
        assert!(brightness(&pixel(&picture, x, y)) < 60);
        let (x, y) = centre_of(0, (6, 0));
        assert!(brightness(&pixel(&picture, x, y)) < 60);
        let (x, y) = centre_of(0, ANNA);
        assert!(distance(&pixel(&picture, x, y), colour::GOAL) < 8);
    }

    #[test]
    fn a_cornered_maria_shows_her_only_square_then_none() {
        let board = Statues::from_fn(|_, _| true);
        let certificate = certify(&board);
        let svg = draw(&certificate);
        assert!(svg.contains("round 1: nowhere left"), "{svg}");
        let picture = render(&svg).unwrap();
        let (x, y) = centre_of(0, MARIA);
        assert!(distance(&pixel(&picture, x, y), colour::REGION) < 8);
        let (x, y) = centre_of(1, (7, 1));
        assert!(brightness(&pixel(&picture, x, y)) < 60);
    }
}
