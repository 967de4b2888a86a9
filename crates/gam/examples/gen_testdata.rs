//! Writes the generated inputs of `testdata/gam` and the expected output of EVERY input
//! there, hand-made ones included, computed with the jury's table DP (`gam::jury`),
//! never with the solver. Deterministic: a second run changes nothing.
//!
//! ```text
//! cargo run --release -p gam --example gam_gen_testdata
//! ```
//!
//! The official layout (booklet): groups gam1..gam15 of three files. `gamNa`: an empty
//! board and two with ~3 % black; `gamNb`: the serpentine and two copies with extra
//! holes in the walls; `gamNc`: one board with ~20 % black. Every board twice, A in the
//! top-left corner and one square right of it (B bottom-right): 6 + 6 + 2 tests. Group 1
//! (boundary cases) is hand-made. Stress files: `heavy.in`, `wide-layer.in`, `mazes.in`.
//! Also hand-made: the sample, the `rule-*` boards, and `first-moves-matter.in`, small
//! irregular boards on which reading the layered game one level short of the start
//! (the `one-level-short` flawed solver) goes wrong.

use std::fs;
use std::path::Path;

use fastrand::Rng;
use gam::board::render_input;
use gam::testkit::generate::{
    Start, empty, maze, mirrored, scattered, serpentine, serpentine_with_holes, with_start,
};
use gam::testkit::wide_layer::wide_layer;
use gam::{Board, jury};

/// Board side per group (group 1 is hand-made): 2-6 small, 7-9 larger, 10-15 n = 300.
const SIZES: [(usize, usize); 14] = [
    (2, 6),
    (3, 9),
    (4, 12),
    (5, 25),
    (6, 40),
    (7, 80),
    (8, 120),
    (9, 150),
    (10, 300),
    (11, 300),
    (12, 300),
    (13, 300),
    (14, 300),
    (15, 300),
];

fn both_starts(board: &Board) -> [Board; 2] {
    Start::BOTH.map(|start| with_start(board, start))
}

fn group(number: usize, n: usize) -> [(String, Vec<Board>); 3] {
    let mut rng = Rng::with_seed(2008_0000 + number as u64);
    let mut a = Vec::new();
    a.extend(both_starts(&empty(n, Start::Corner)));
    for _ in 0..2 {
        a.extend(both_starts(&scattered(&mut rng, n, 0.03, Start::Corner)));
    }
    let mut b = Vec::new();
    b.extend(both_starts(&serpentine(n, Start::Corner)));
    for holed in [1.0, 1.0 / 3.0] {
        let board = serpentine_with_holes(&mut rng, n, holed, Start::Corner);
        b.extend(both_starts(&board));
    }
    let c = both_starts(&scattered(&mut rng, n, 0.20, Start::Corner)).to_vec();
    [
        (format!("gam{number}a"), a),
        (format!("gam{number}b"), b),
        (format!("gam{number}c"), c),
    ]
}

/// Ten n = 300 boards with an even distance that need the most table entries, from open
/// and lightly obstructed boards (random, or mirrored so that the game runs to its last
/// level) and the wide-layer construction.
fn heavy() -> Vec<Board> {
    let mut rng = Rng::with_seed(2008_1000);
    let mut candidates = vec![empty(300, Start::Corner)];
    for density in [0.002, 0.005, 0.01, 0.02, 0.03] {
        for _ in 0..3 {
            candidates.push(scattered(&mut rng, 300, density, Start::Corner));
            candidates.push(mirrored(&mut rng, 300, density, Start::Corner));
        }
    }
    candidates.extend(wide_layer(300, false, false));
    candidates.extend(wide_layer(300, true, true));
    let mut scored: Vec<(u64, Board)> = candidates
        .into_iter()
        .map(|board| (jury::table_entries(&board).unwrap_or(0), board))
        .collect();
    scored.sort_by_key(|(entries, _)| std::cmp::Reverse(*entries));
    scored
        .into_iter()
        .take(10)
        .map(|(_, board)| board)
        .collect()
}

fn wide_layers() -> Vec<Board> {
    let mut boards = Vec::new();
    for (n, shifts) in [
        (
            300,
            &[(false, false), (true, false), (false, true), (true, true)][..],
        ),
        (
            299,
            &[(false, false), (true, false), (false, true), (true, true)][..],
        ),
        (271, &[(false, false), (true, true)][..]),
    ] {
        for &(shift_a, shift_b) in shifts {
            boards.extend(wide_layer(n, shift_a, shift_b));
        }
    }
    boards
}

fn mazes() -> Vec<Board> {
    let mut rng = Rng::with_seed(2008_2000);
    let mut boards = Vec::new();
    for openings in [0.0, 0.01, 0.03, 0.1, 0.3] {
        let board = maze(&mut rng, 300, openings, Start::Corner);
        boards.extend(both_starts(&board));
    }
    boards
}

fn write(dir: &Path, name: &str, boards: &[Board]) -> anyhow::Result<()> {
    fs::write(dir.join(format!("{name}.in")), render_input(boards))?;
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let dir = gridkit::testdata::folder("gam");
    fs::create_dir_all(&dir)?;
    for (number, n) in SIZES {
        for (name, boards) in group(number, n) {
            write(&dir, &name, &boards)?;
        }
    }
    write(&dir, "heavy", &heavy())?;
    write(&dir, "wide-layer", &wide_layers())?;
    write(&dir, "mazes", &mazes())?;

    for input in gridkit::testdata::inputs("gam")? {
        let mut output = Vec::new();
        gam::run_with(fs::read(&input)?.as_slice(), &mut output, jury::winner)?;
        fs::write(input.with_extension("out"), output)?;
        println!("{}", input.display());
    }
    Ok(())
}
