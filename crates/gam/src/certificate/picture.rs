//! The certificates as a picture, what `--explain=svg` draws: per test, the board with
//! the shortest paths' layers (`k` moves from A's start, written in the square when it
//! is large enough), the middle layer where B can catch A, and the squares the winner's
//! strategy steps onto. Tests are drawn while they fit a budget of squares ([`BUDGET`])
//! and of height (`TALLEST`), at most [`MAX_TESTS`] of them; the picture says which tests
//! it leaves out. Layers are written in their squares on boards of at most [`LABELLED`]
//! squares, where they are large enough to read (and text stays quick to render).

use std::collections::VecDeque;

use gridkit::picture::{Board, LINE, MARGIN, MAX_WIDTH, Svg, TALLEST, colour, legend};

use super::{Rule, Square, TestCertificate};
use crate::board::Player;

/// Tests drawn at most.
const MAX_TESTS: usize = 4;
/// Squares drawn at most over all tests (the first test is always drawn).
const BUDGET: usize = 100_000;
/// Boards with at most this many squares have their layers written in.
const LABELLED: usize = 400;
/// The largest side of a square.
const LARGEST: f64 = 28.0;

/// The picture of every test's certificate, as an SVG document.
pub fn draw(tests: &[TestCertificate]) -> String {
    let mut svg = Svg::new(MAX_WIDTH);
    let mut y = MARGIN;
    let mut squares = 0;
    let mut drawn = 0;
    for (index, test) in tests.iter().enumerate() {
        let n = test.rows.len();
        squares += n * n;
        let height =
            2.0 * LINE + Board::fit(0.0, 0.0, MAX_WIDTH - 2.0 * MARGIN, LARGEST, n, n).bottom();
        if index > 0 && (index >= MAX_TESTS || squares > BUDGET || y + height > TALLEST) {
            break;
        }
        let lines = heading(index + 1, tests.len(), test);
        y = svg.notes(y, &lines);
        let rules: Vec<&Rule> = test.strategy.iter().flatten().collect();
        y = draw_test(&mut svg, y, test, &rules, &[]) + LINE / 2.0;
        drawn += 1;
    }
    if drawn < tests.len() {
        let left_out = if drawn + 1 == tests.len() {
            format!(
                "Test {} is not drawn, to keep the picture small: see --explain.",
                tests.len()
            )
        } else {
            format!(
                "Tests {} to {} are not drawn, to keep the picture small: see --explain.",
                drawn + 1,
                tests.len()
            )
        };
        y = svg.notes(y, &[left_out]);
    }
    let end = legend(
        &mut svg,
        y,
        &[
            (colour::START, "A's start"),
            (colour::GOAL, "B's start"),
            (colour::REGION, "on a shortest path (layer k)"),
            (colour::SECOND, "middle layer"),
            (colour::PATH, "the winner's strategy steps here"),
            (colour::WALL, "black square"),
        ],
    );
    svg.finish(end + MARGIN)
}

fn heading(test: usize, total: usize, certificate: &TestCertificate) -> Vec<String> {
    let d = certificate.distance;
    let n = certificate.rows.len();
    let why = if d % 2 == 1 {
        format!("D = {d} is odd: there is no middle layer, so B cannot catch A. A wins.")
    } else {
        let m = d / 2;
        match certificate.winner {
            Player::B => {
                format!("D = {d}: B's strategy meets A in the middle layer k = {m}. B wins.")
            }
            Player::A => {
                format!("D = {d}: A's strategy avoids B in the middle layer k = {m}. A wins.")
            }
        }
    };
    vec![
        format!(
            "Test {test} of {total}: {n} x {n}, rows and columns from 1; layers k = 0 to {d} from A."
        ),
        why,
    ]
}

/// One round of a test's strategy, large, for a step of the playground: the board with
/// its layers, the squares `rules` step onto framed, and the loser's squares `against`
/// dotted.
pub fn draw_round(certificate: &TestCertificate, rules: &[&Rule], against: &[Square]) -> String {
    let mut svg = Svg::new(MAX_WIDTH);
    let bottom = draw_test(&mut svg, MARGIN, certificate, rules, against);
    let end = legend(
        &mut svg,
        bottom + LINE / 2.0,
        &[
            (colour::START, "A's start"),
            (colour::GOAL, "B's start"),
            (colour::REGION, "layer k"),
            (colour::SECOND, "middle layer"),
            (colour::PATH, "the winner steps here"),
            (colour::TRAP, "the loser may stand here"),
            (colour::WALL, "black square"),
        ],
    );
    svg.finish(end + MARGIN)
}

/// A certificate's square, numbered from 1, as (row, column) from 0 on an `n` x `n`
/// board.
fn square_at(square: Square, n: usize) -> Option<(usize, usize)> {
    let [row, col] = square;
    usize::from(row)
        .checked_sub(1)
        .zip(usize::from(col).checked_sub(1))
        .filter(|&(row, col)| row < n && col < n)
}

/// Draws one test's board from `top`, framing the squares `rules` step onto and dotting
/// the squares `against`; returns the y below it.
fn draw_test(
    svg: &mut Svg,
    top: f64,
    certificate: &TestCertificate,
    rules: &[&Rule],
    against: &[Square],
) -> f64 {
    let rows: Vec<&[u8]> = certificate.rows.iter().map(|row| row.as_bytes()).collect();
    let n = rows.len();
    let at = |row: usize, col: usize| rows[row].get(col).copied().unwrap_or(b'#');
    let find = |piece: u8| {
        (0..n)
            .flat_map(|row| (0..n).map(move |col| (row, col)))
            .find(|&(row, col)| at(row, col) == piece)
    };
    let (Some(a), Some(b)) = (find(b'A'), find(b'B')) else {
        return top;
    };
    let from_a = distances(&rows, a);
    let from_b = distances(&rows, b);
    let d = certificate.distance;
    let layer = |row: usize, col: usize| {
        let (x, y) = (from_a[row * n + col], from_b[row * n + col]);
        (x != usize::MAX && y != usize::MAX && x + y == d).then_some(x)
    };
    let middle = (d % 2 == 0).then_some(d / 2);
    let mut strategy = vec![false; n * n];
    for rule in rules {
        if let Some((row, col)) = square_at(rule.to, n) {
            strategy[row * n + col] = true;
        }
    }
    let board = Board::fit(MARGIN, top, MAX_WIDTH - 2.0 * MARGIN, LARGEST, n, n);
    board.fill_where(svg, colour::OPEN, |row, col| at(row, col) != b'#');
    board.fill_where(svg, colour::WALL, |row, col| at(row, col) == b'#');
    board.fill_where(svg, colour::REGION, |row, col| {
        layer(row, col).is_some_and(|k| Some(k) != middle)
    });
    board.fill_where(svg, colour::SECOND, |row, col| {
        middle.is_some() && layer(row, col) == middle
    });
    // The strategy frames its squares, so that their layer stays visible; squares too
    // small for a frame are filled instead.
    if board.cell >= 10.0 {
        for cell in (0..n * n).filter(|&cell| strategy[cell]) {
            let (x, y) = board.corner(cell / n, cell % n);
            let inset = board.cell * 0.12;
            let side = board.cell - 2.0 * inset;
            svg.frame(
                x + inset,
                y + inset,
                side,
                side,
                colour::PATH,
                board.cell * 0.14,
            );
        }
    } else {
        board.fill_where(svg, colour::PATH, |row, col| strategy[row * n + col]);
        // Over the strategy, so that the middle layer still shows as a line.
        board.fill_where(svg, colour::SECOND, |row, col| {
            middle.is_some() && layer(row, col) == middle
        });
    }
    board.fill(svg, a.0, a.1, colour::START);
    board.fill(svg, b.0, b.1, colour::GOAL);
    // Dots on squares large enough to show one, a fill (as one path) on smaller ones.
    let mut loser = vec![false; n * n];
    for (row, col) in against.iter().filter_map(|&square| square_at(square, n)) {
        loser[row * n + col] = true;
        if board.cell >= 8.0 {
            svg.circle(board.centre(row, col), board.cell * 0.3, colour::TRAP);
        }
    }
    if board.cell < 8.0 {
        board.fill_where(svg, colour::TRAP, |row, col| loser[row * n + col]);
    }
    if board.cell >= 14.0 && n * n <= LABELLED {
        for row in 0..n {
            for col in 0..n {
                let label = match at(row, col) {
                    b'A' => "A".to_string(),
                    b'B' => "B".to_string(),
                    _ => layer(row, col).map_or(String::new(), |k| k.to_string()),
                };
                if !label.is_empty() {
                    board.label(svg, row, col, colour::INK, &label);
                }
            }
        }
    }
    board.lines(svg);
    board.numbers(svg);
    board.bottom()
}

/// The number of moves from `start` to every square over white squares (`usize::MAX`
/// where none leads), row by row.
fn distances(rows: &[&[u8]], start: (usize, usize)) -> Vec<usize> {
    let n = rows.len();
    let white = |row: usize, col: usize| rows[row].get(col).is_some_and(|&c| c != b'#');
    let mut distance = vec![usize::MAX; n * n];
    distance[start.0 * n + start.1] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some((row, col)) = queue.pop_front() {
        let next = distance[row * n + col] + 1;
        let neighbours = [
            row.checked_sub(1).map(|r| (r, col)),
            (row + 1 < n).then_some((row + 1, col)),
            col.checked_sub(1).map(|c| (row, c)),
            (col + 1 < n).then_some((row, col + 1)),
        ];
        for (r, c) in neighbours.into_iter().flatten() {
            if white(r, c) && distance[r * n + c] == usize::MAX {
                distance[r * n + c] = next;
                queue.push_back((r, c));
            }
        }
    }
    distance
}

#[cfg(test)]
mod tests {
    use render::{brightness, distance, pixel, render};

    use super::*;
    use crate::board::Board as Gam;
    use crate::certificate::Certify;

    fn layout(n: usize) -> Board {
        Board::fit(
            MARGIN,
            MARGIN + 2.0 * LINE,
            MAX_WIDTH - 2.0 * MARGIN,
            LARGEST,
            n,
            n,
        )
    }

    /// A point of square (`row`, `col`), from 0, on the strategy's frame if any.
    fn frame_point(n: usize, row: usize, col: usize) -> (f64, f64) {
        let board = layout(n);
        let (x, y) = board.corner(row, col);
        (x + board.cell * 0.12, y + board.cell * 0.12)
    }

    /// A point of square (`row`, `col`), from 0, inside any frame and clear of its label.
    fn inner_point(n: usize, row: usize, col: usize) -> (f64, f64) {
        let board = layout(n);
        let (x, y) = board.corner(row, col);
        (x + board.cell * 0.26, y + board.cell * 0.26)
    }

    #[test]
    fn a_black_square_is_dark_and_the_middle_layer_and_strategy_are_coloured() {
        // The first sample: D = 6, B catches A in the middle layer.
        let board = Gam::from_rows(&["A...", ".#..", "....", "...B"]);
        let certificate = TestCertificate::of(&board).unwrap();
        let picture = render(&draw(std::slice::from_ref(&certificate))).unwrap();
        assert_eq!(picture.width(), MAX_WIDTH as u32);
        let (x, y) = inner_point(4, 1, 1);
        assert!(brightness(&pixel(&picture, x, y)) < 60);
        let (x, y) = inner_point(4, 0, 0);
        assert!(distance(&pixel(&picture, x, y), colour::START) < 8);
        // Every square where B's strategy steps is framed in the strategy colour; the
        // middle layer (k = 3, the anti-diagonal) has the middle layer's colour inside.
        let steps: Vec<[u16; 2]> = certificate
            .strategy
            .iter()
            .flatten()
            .map(|r| r.to)
            .collect();
        for &[row, col] in &steps {
            let (x, y) = frame_point(4, usize::from(row) - 1, usize::from(col) - 1);
            assert!(
                distance(&pixel(&picture, x, y), colour::PATH) < 8,
                "{row} {col}"
            );
        }
        for (row, col) in [(0, 3), (1, 2), (2, 1), (3, 0)] {
            let (x, y) = inner_point(4, row, col);
            assert!(
                distance(&pixel(&picture, x, y), colour::SECOND) < 8,
                "{row} {col}"
            );
        }
        let (x, y) = inner_point(4, 0, 1);
        assert!(distance(&pixel(&picture, x, y), colour::REGION) < 8);
    }

    #[test]
    fn tests_past_the_cap_are_named_not_drawn() {
        let board = Gam::from_rows(&["AB", ".."]);
        let certificate = TestCertificate::of(&board).unwrap();
        let svg = draw(&vec![certificate; MAX_TESTS + 2]);
        assert!(svg.contains("Tests 5 to 6 are not drawn"), "{svg}");
        assert!(svg.contains("D = 1 is odd"), "{svg}");
        render(&svg).unwrap();
    }
}
