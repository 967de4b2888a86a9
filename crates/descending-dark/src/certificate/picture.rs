//! The certificates as a picture, what `--explain=svg` draws: one small cave map per
//! cave, numbered as the input numbers rows and columns, with S_C (the squares from which
//! some moves reach the cave) shaded. A Lucky cave shows its plan followed from the first
//! square of S_C in reading order, ending on the cave; an Unlucky one its trapped runs.
//! At most [`MAX_PANELS`] maps are drawn, and none reaching below `TALLEST`; the picture
//! says which caves it leaves out.

use std::collections::VecDeque;

use gridkit::picture::{
    Anchor, Board, LINE, MARGIN, MAX_WIDTH, Strip, Svg, TALLEST, colour, legend,
};
use gridkit::{Grid, Pos};

use super::{CaseCertificate, CaveCertificate, Certificate, Evidence, Move};
use crate::parse::WALL;
use crate::plan::plan_length;

/// Cave maps drawn at most.
const MAX_PANELS: usize = 8;
/// The largest side of a square.
const LARGEST: f64 = 22.0;
/// The widest a map's squares are drawn: two maps to a row of the picture.
const MAP_WIDTH: f64 = 330.0;
/// The narrowest a panel is, for its caption.
const CAPTION_WIDTH: f64 = 240.0;

/// The picture of every case's certificate, as an SVG document.
pub fn draw(certificate: &Certificate) -> String {
    let mut svg = Svg::new(MAX_WIDTH);
    let mut y = svg.notes(
        MARGIN,
        &[
            "Rows from 1 (top), columns from 1 (left). S_C: the squares from which some moves reach cave C.".to_string(),
            "Lucky: the plan, followed from every square of S_C, ends on the cave (drawn from one).".to_string(),
            "Unlucky: walkers on the trapped runs can never all leave them (see --explain).".to_string(),
        ],
    );
    let mut drawn = 0;
    let mut left_out = Vec::new();
    for (index, case) in certificate.cases.iter().enumerate() {
        // The maps that fit under the height cap: whole rows of the strip.
        let (strip, _) = layout(y + 4.0 + LINE, &case.grid);
        let rows_fit = ((TALLEST - strip.top) / strip.height).floor().max(0.0) as usize;
        let mut room = MAX_PANELS - drawn;
        if drawn > 0 {
            room = room.min(rows_fit * strip.per_row);
        }
        if room == 0 {
            left_out.push(format!("case #{}", index + 1));
            continue;
        }
        y = svg.notes(y + 4.0, &[format!("Case #{}:", index + 1)]);
        let shown = case.caves.len().min(room);
        y = draw_case(&mut svg, y, case, &case.caves[..shown]);
        if shown < case.caves.len() {
            left_out.push(format!(
                "case #{}'s caves {} to {}",
                index + 1,
                shown,
                case.caves.len() - 1
            ));
        }
        drawn += shown;
    }
    if !left_out.is_empty() {
        let note = format!(
            "Not drawn, to keep the picture small: {}.",
            left_out.join(", ")
        );
        y = svg.notes(y, &shorten(note));
    }
    let end = legend(
        &mut svg,
        y + 4.0,
        &[
            (colour::WALL, "wall"),
            (colour::OPEN, "open"),
            (colour::REGION, "S_C"),
            (colour::GOAL, "the cave"),
            (colour::START, "the plan's start"),
            (colour::PATH, "the plan"),
            (colour::TRAP, "trapped run"),
        ],
    );
    svg.finish(end + MARGIN)
}

/// A long note cut at about 100 characters a line.
fn shorten(note: String) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in note.split(' ') {
        let last = lines.last_mut().expect("never empty");
        if !last.is_empty() && last.len() + word.len() > 100 {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// The layout of a case's maps from `top`.
fn layout(top: f64, grid: &Grid<u8>) -> (Strip, f64) {
    let cell = (MAP_WIDTH / grid.width().max(1) as f64).min(LARGEST);
    let map = Board::margin() + cell * grid.width() as f64;
    let width = map.max(CAPTION_WIDTH) + 16.0;
    let height = 2.0 * LINE + Board::margin() + cell * grid.height() as f64 + 10.0;
    (Strip::new(top, MAX_WIDTH, width, height), cell)
}

/// The map of square corners of `grid` in panel `index`.
fn map(strip: &Strip, cell: f64, grid: &Grid<u8>, index: usize) -> Board {
    let (x, y) = strip.origin(index);
    Board {
        x: x + Board::margin(),
        y: y + 2.0 * LINE + Board::margin(),
        cell,
        rows: grid.height(),
        columns: grid.width(),
    }
}

/// Draws `caves` of `case` from `top`; returns the y below them.
fn draw_case(svg: &mut Svg, top: f64, case: &CaseCertificate, caves: &[CaveCertificate]) -> f64 {
    let grid = &case.grid;
    let (strip, cell) = layout(top, grid);
    for (index, cave) in caves.iter().enumerate() {
        let (x, y) = strip.origin(index);
        let board = map(&strip, cell, grid, index);
        let reach = reaching(grid, cave.at);
        let wall = |row: usize, col: usize| grid.get(Pos::new(row, col)) == Some(&WALL);
        board.fill_where(svg, colour::WALL, wall);
        board.fill_where(svg, colour::OPEN, |row, col| !wall(row, col));
        board.fill_where(svg, colour::REGION, |row, col| {
            reach[grid.index_of(Pos::new(row, col))]
        });
        let detail = match &cave.evidence {
            Evidence::Lucky { plan } => {
                let start = grid
                    .positions()
                    .find(|&pos| reach[grid.index_of(pos)])
                    .unwrap_or(cave.at);
                let path = follow(grid, start, plan);
                board.fill(svg, start.row, start.col, colour::START);
                board.fill(svg, cave.at.row, cave.at.col, colour::GOAL);
                let points: Vec<(f64, f64)> = path
                    .iter()
                    .map(|pos| board.centre(pos.row, pos.col))
                    .collect();
                if points.len() > 1 {
                    svg.polyline(&points, colour::PATH, (cell * 0.25).max(1.5));
                }
                format!(
                    "{}-move plan from row {}, column {}",
                    plan_length(plan),
                    start.row + 1,
                    start.col + 1
                )
            }
            Evidence::Unlucky { trapped } => {
                for pos in trapped {
                    board.fill(svg, pos.row, pos.col, colour::TRAP);
                }
                board.fill(svg, cave.at.row, cave.at.col, colour::GOAL);
                format!("{} trapped squares", trapped.len())
            }
        };
        let verdict = match cave.evidence {
            Evidence::Lucky { .. } => "Lucky",
            Evidence::Unlucky { .. } => "Unlucky",
        };
        let caption = format!("cave {}: n_C = {}, {verdict}", cave.label, cave.squares);
        svg.text(x, y + 14.0, 13.0, Anchor::Start, colour::INK, &caption);
        svg.text(
            x,
            y + LINE + 14.0,
            12.0,
            Anchor::Start,
            colour::INK,
            &detail,
        );
        board.label(
            svg,
            cave.at.row,
            cave.at.col,
            colour::PAPER,
            &cave.label.to_string(),
        );
        board.lines(svg);
        board.numbers(svg);
    }
    strip.bottom(caves.len())
}

/// The largest side of a square of a step's one large map.
const STEP_LARGEST: f64 = 40.0;

/// One cave's map, large: the walls, S_C, the cave, and `walkers` (for each square of
/// the grid, whether some walker stands on it) or, for an Unlucky cave, its trapped runs.
pub fn draw_walkers(grid: &Grid<u8>, cave: &CaveCertificate, walkers: &[bool]) -> String {
    let mut svg = Svg::new(MAX_WIDTH);
    let board = Board::fit(
        MARGIN,
        MARGIN,
        MAX_WIDTH - 2.0 * MARGIN,
        STEP_LARGEST,
        grid.height(),
        grid.width(),
    );
    let reach = reaching(grid, cave.at);
    let at = |row: usize, col: usize| grid.index_of(Pos::new(row, col));
    let wall = |row: usize, col: usize| grid.get(Pos::new(row, col)) == Some(&WALL);
    board.fill_where(&mut svg, colour::WALL, wall);
    board.fill_where(&mut svg, colour::OPEN, |row, col| !wall(row, col));
    board.fill_where(&mut svg, colour::REGION, |row, col| reach[at(row, col)]);
    board.fill(&mut svg, cave.at.row, cave.at.col, colour::GOAL);
    let last = match &cave.evidence {
        Evidence::Lucky { .. } => (colour::PATH, "a walker is here"),
        Evidence::Unlucky { trapped } => {
            for pos in trapped {
                board.fill(&mut svg, pos.row, pos.col, colour::TRAP);
            }
            (colour::TRAP, "trapped run")
        }
    };
    // Walkers are drawn as dots, so that the cave stays visible under them.
    for (index, _) in walkers.iter().enumerate().filter(|(_, here)| **here) {
        let pos = grid.pos_of(index);
        svg.circle(
            board.centre(pos.row, pos.col),
            board.cell * 0.3,
            colour::PATH,
        );
    }
    board.label(
        &mut svg,
        cave.at.row,
        cave.at.col,
        colour::PAPER,
        &cave.label.to_string(),
    );
    board.lines(&mut svg);
    board.numbers(&mut svg);
    let end = legend(
        &mut svg,
        board.bottom() + LINE / 2.0,
        &[
            (colour::WALL, "wall"),
            (colour::OPEN, "open"),
            (colour::REGION, "S_C"),
            (colour::GOAL, "the cave"),
            last,
        ],
    );
    svg.finish(end + MARGIN)
}

/// S_C: every square from which some Left, Right and Down moves reach `cave`, found by
/// walking back from it (a Left or Right undone is a step sideways, a Down one up).
pub(super) fn reaching(grid: &Grid<u8>, cave: Pos) -> Vec<bool> {
    let mut reach = vec![false; grid.len()];
    if !grid.contains(cave) {
        return reach;
    }
    let open = |pos: Pos| grid.get(pos).is_some_and(|&c| c != WALL);
    reach[grid.index_of(cave)] = true;
    let mut queue = VecDeque::from([cave]);
    while let Some(pos) = queue.pop_front() {
        for (dr, dc) in [(0, -1), (0, 1), (-1, 0)] {
            if let Some(next) = pos.offset(dr, dc).filter(|&next| open(next)) {
                if !reach[grid.index_of(next)] {
                    reach[grid.index_of(next)] = true;
                    queue.push_back(next);
                }
            }
        }
    }
    reach
}

/// The squares `plan` visits from `start`, one per run: a move into a wall is ignored.
fn follow(grid: &Grid<u8>, start: Pos, plan: &[super::Run]) -> Vec<Pos> {
    let open = |pos: Pos| grid.get(pos).is_some_and(|&c| c != WALL);
    let mut path = vec![start];
    let mut pos = start;
    for run in plan {
        let (dr, dc) = match run.instruction {
            Move::Left => (0, -1),
            Move::Right => (0, 1),
            Move::Down => (1, 0),
        };
        // Past the first blocked step every further one of the run is blocked too.
        for _ in 0..run.count.min(grid.width() + grid.height()) {
            match pos.offset(dr, dc).filter(|&next| open(next)) {
                Some(next) => pos = next,
                None => break,
            }
        }
        if path.last() != Some(&pos) {
            path.push(pos);
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use render::{brightness, distance, pixel, render};

    use super::*;
    use crate::certificate::certify_all;
    use crate::parse::read_all;

    fn certificate(input: &str) -> Certificate {
        certify_all(&read_all(input.as_bytes()).unwrap()).unwrap()
    }

    /// The top of the first case's maps.
    const TOP: f64 = MARGIN + 4.0 * LINE + 4.0;

    #[test]
    fn a_wall_is_dark_and_a_lucky_plan_starts_and_ends_where_drawn() {
        let certificate = certificate("1\n4 5\n#####\n#...#\n#.0.#\n#####\n");
        let case = &certificate.cases[0];
        let svg = draw(&certificate);
        assert!(svg.contains("Lucky"), "{svg}");
        let picture = render(&svg).unwrap();
        assert_eq!(picture.width(), MAX_WIDTH as u32);
        let (strip, cell) = layout(TOP, &case.grid);
        let board = map(&strip, cell, &case.grid, 0);
        let (x, y) = board.corner(0, 0);
        assert!(brightness(&pixel(&picture, x + 3.0, y + 3.0)) < 60);
        // The plan starts on row 2, column 2, the first square of S_C.
        let (x, y) = board.corner(1, 1);
        assert!(distance(&pixel(&picture, x + 3.0, y + 3.0), colour::START) < 8);
        let (x, y) = board.corner(2, 2);
        assert!(distance(&pixel(&picture, x + 2.0, y + 2.0), colour::GOAL) < 8);
    }

    #[test]
    fn trapped_runs_have_the_trap_colour() {
        // The statement's second sample: cave 1 is Unlucky.
        let input = "1\n7 6\n######\n##...#\n#..#.#\n#...##\n#0#..#\n####1#\n######\n";
        let certificate = certificate(input);
        let case = &certificate.cases[0];
        let Evidence::Unlucky { trapped } = &case.caves[1].evidence else {
            panic!("cave 1 of the second sample is Unlucky");
        };
        let picture = render(&draw(&certificate)).unwrap();
        let (strip, cell) = layout(TOP, &case.grid);
        let board = map(&strip, cell, &case.grid, 1);
        assert!(!trapped.is_empty());
        for pos in trapped.iter().filter(|&&pos| pos != case.caves[1].at) {
            let (x, y) = board.corner(pos.row, pos.col);
            assert!(distance(&pixel(&picture, x + 3.0, y + 3.0), colour::TRAP) < 8);
        }
    }
}
