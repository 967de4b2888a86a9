//! Random legal boards, deterministic from the seed of the `fastrand::Rng` they are
//! given: families of boards (styles) for the agreement tests and the test-data
//! generator, and [`generate`], whose boards grow with a scale, for stress testing.

use crate::Board;
use crate::board::SIZE;

/// How the heights of the ladders are drawn.
#[derive(Debug, Clone, Copy)]
pub enum Heights {
    /// Any legal height, 1..=row.
    Any,
    /// The highest legal one: every ladder reaches the top row.
    Highest,
    /// One row up.
    One,
    /// Odd heights only, where a top is not `base + 10 h`.
    Odd,
    /// 1 or 2 rows up.
    Short,
}

/// A family of random boards.
#[derive(Debug, Clone)]
pub struct Style {
    pub name: &'static str,
    /// The chance that a legal square gets a ladder (1.0 fills the board).
    pub density: f64,
    pub heights: Heights,
    /// The chance that a ladder's top, when legal, gets a ladder of its own.
    pub chains: f64,
    /// The rows (0 = top) that may get ladders: `1..=9` is every legal row, `1..=2` keeps
    /// them near the end of the path (chained tops may still fall outside).
    pub rows: std::ops::RangeInclusive<usize>,
}

/// A style with ladders on every legal row and no chains; the list below changes the rest.
const fn style(name: &'static str, density: f64, heights: Heights) -> Style {
    Style {
        name,
        density,
        heights,
        chains: 0.0,
        rows: 1..=SIZE - 1,
    }
}

impl Style {
    /// The same style with chains of ladders, each top getting one at chance `chains`.
    const fn chained(self, chains: f64) -> Style {
        Style { chains, ..self }
    }

    /// The same style with ladders only on `rows`.
    const fn on_rows(self, rows: std::ops::RangeInclusive<usize>) -> Style {
        Style { rows, ..self }
    }
}

/// Every family of boards, sparse to full, short to top-reaching ladders, chains of
/// ladders, ladders around the end of the path.
pub const STYLES: &[Style] = &[
    style("sparse", 0.05, Heights::Any),
    style("light", 0.15, Heights::Any).chained(0.3),
    style("half", 0.5, Heights::Any),
    style("dense", 0.85, Heights::Any),
    style("full", 1.0, Heights::Any),
    style("full-highest", 1.0, Heights::Highest),
    style("highest", 0.1, Heights::Highest),
    style("one-row", 0.3, Heights::One).chained(0.5),
    style("odd", 0.2, Heights::Odd).chained(0.2),
    style("short", 0.25, Heights::Short).chained(0.6),
    style("chains", 0.1, Heights::Any).chained(1.0),
    style("near-goal", 0.5, Heights::Any)
        .chained(0.3)
        .on_rows(1..=2),
    style("bottom-rows", 0.4, Heights::Any)
        .chained(0.5)
        .on_rows(7..=9),
];

/// A legal height for a ladder on `row` (from the top, so at most `row`), drawn per `heights`.
fn draw_height(rng: &mut fastrand::Rng, heights: Heights, row: usize) -> u8 {
    let height = match heights {
        Heights::Any => rng.usize(1..=row),
        Heights::Highest => row,
        Heights::One => 1,
        Heights::Odd => {
            let odd = rng.usize(0..row.div_ceil(2)) * 2 + 1;
            odd.min(row)
        }
        Heights::Short => rng.usize(1..=row.min(2)),
    };
    height as u8 // At most 9.
}

/// Heights of a random legal board of `style`, top row first.
pub fn random_heights(rng: &mut fastrand::Rng, style: &Style) -> [[u8; SIZE]; SIZE] {
    let mut heights = [[0u8; SIZE]; SIZE];
    for row in style.rows.clone() {
        for (col, height) in heights[row].iter_mut().enumerate() {
            let start = row == SIZE - 1 && col == 0;
            if !start && rng.f64() < style.density {
                *height = draw_height(rng, style.heights, row);
            }
        }
    }
    // Chains: put a ladder on some tops, so a solver that climbs twice gets caught.
    // Bottom rows first, so a chain can grow several ladders long.
    let squares = (1..SIZE)
        .rev()
        .flat_map(|row| (0..SIZE).map(move |col| (row, col)));
    for (row, col) in squares {
        let height = usize::from(heights[row][col]);
        let top = row - height;
        if height > 0 && top > 0 && heights[top][col] == 0 && rng.f64() < style.chains {
            heights[top][col] = draw_height(rng, style.heights, top);
        }
    }
    heights
}

/// A random legal board of `style`.
pub fn random_board(rng: &mut fastrand::Rng, style: &Style) -> Board {
    // `random_heights` keeps every promise: heights in 1..=row, none on the start square.
    super::board_of(random_heights(rng, style))
}

/// A random legal board for stress case at `scale`: a board of a random style, then cut
/// down to at most `1 + 8 scale` rows per ladder and about `89 scale` ladders (0 or 1 at
/// scale 0), so the first cases hold a lone short ladder and the last ones any board.
pub fn generate(rng: &mut fastrand::Rng, scale: f64) -> Board {
    let scale = scale.clamp(0.0, 1.0);
    let style = &STYLES[rng.usize(..STYLES.len())];
    let mut heights = random_heights(rng, style);
    // Lowering a top keeps a ladder legal: its height stays in 1..=row.
    let highest = 1 + (8.0 * scale).round() as u8;
    heights
        .iter_mut()
        .flatten()
        .for_each(|height| *height = (*height).min(highest));
    let most = (88.0 * scale).round() as usize + rng.usize(..=1);
    let mut bases: Vec<(usize, usize)> = (0..SIZE)
        .flat_map(|row| (0..SIZE).map(move |col| (row, col)))
        .filter(|&(row, col)| heights[row][col] > 0)
        .collect();
    rng.shuffle(&mut bases);
    for &(row, col) in bases.iter().skip(most) {
        heights[row][col] = 0;
    }
    super::board_of(heights)
}
