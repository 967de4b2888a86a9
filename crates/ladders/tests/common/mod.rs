//! Random boards for the agreement tests and the test-data generator, deterministic from
//! the seed of the `fastrand::Rng` they are given.
#![allow(dead_code)] // Each test binary uses its own part of this module.

use ladders::Board;

pub const SIZE: usize = 10;

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

pub const STYLES: &[Style] = &[
    Style {
        name: "sparse",
        density: 0.05,
        heights: Heights::Any,
        chains: 0.0,
        rows: 1..=9,
    },
    Style {
        name: "light",
        density: 0.15,
        heights: Heights::Any,
        chains: 0.3,
        rows: 1..=9,
    },
    Style {
        name: "half",
        density: 0.5,
        heights: Heights::Any,
        chains: 0.0,
        rows: 1..=9,
    },
    Style {
        name: "dense",
        density: 0.85,
        heights: Heights::Any,
        chains: 0.0,
        rows: 1..=9,
    },
    Style {
        name: "full",
        density: 1.0,
        heights: Heights::Any,
        chains: 0.0,
        rows: 1..=9,
    },
    Style {
        name: "full-highest",
        density: 1.0,
        heights: Heights::Highest,
        chains: 0.0,
        rows: 1..=9,
    },
    Style {
        name: "highest",
        density: 0.1,
        heights: Heights::Highest,
        chains: 0.0,
        rows: 1..=9,
    },
    Style {
        name: "one-row",
        density: 0.3,
        heights: Heights::One,
        chains: 0.5,
        rows: 1..=9,
    },
    Style {
        name: "odd",
        density: 0.2,
        heights: Heights::Odd,
        chains: 0.2,
        rows: 1..=9,
    },
    Style {
        name: "short",
        density: 0.25,
        heights: Heights::Short,
        chains: 0.6,
        rows: 1..=9,
    },
    Style {
        name: "chains",
        density: 0.1,
        heights: Heights::Any,
        chains: 1.0,
        rows: 1..=9,
    },
    Style {
        name: "near-goal",
        density: 0.5,
        heights: Heights::Any,
        chains: 0.3,
        rows: 1..=2,
    },
    Style {
        name: "bottom-rows",
        density: 0.4,
        heights: Heights::Any,
        chains: 0.5,
        rows: 7..=9,
    },
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
    height as u8
}

/// Heights of a random legal board, top row first.
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

/// The input text of a board.
pub fn board_text(heights: &[[u8; SIZE]; SIZE]) -> String {
    heights
        .iter()
        .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect()
}

/// A random legal board.
pub fn random_board(rng: &mut fastrand::Rng, style: &Style) -> Board {
    let text = board_text(&random_heights(rng, style));
    ladders::parse_board(text.as_bytes()).expect("generated boards are legal")
}
