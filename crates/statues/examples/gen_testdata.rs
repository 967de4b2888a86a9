//! Writes the generated boards `gen-NNN.in` of `testdata/statues/` and then the expected
//! output of EVERY `.in` there (hand-made ones too), computed by the reference.
//!
//! Run with `cargo run --release -p statues --example statues_gen_testdata`. Deterministic: the
//! same seeds always give the same files.

use std::fs;

use anyhow::Context;
use statues::testkit::generate::{banded_board, crowded_board, uniform_board};
use statues::{ANNA, Board, MARIA, reference};

/// How many generated boards to write.
const GENERATED: u64 = 40;

/// The board generated from `seed`, varying the kind of board with the seed.
fn generate(seed: u64) -> Board {
    let mut rng = fastrand::Rng::with_seed(seed);
    match seed % 4 {
        // Uniform density from 0% to 60%.
        0 | 1 => {
            let percent = (seed * 3 % 61) as u32;
            uniform_board(&mut rng, percent)
        }
        2 => {
            let centre = if seed % 8 == 2 { MARIA } else { ANNA };
            let percent = rng.u32(40..=90);
            crowded_board(&mut rng, centre, percent)
        }
        // Dense bands: statues only in two or three rows, which fall like walls with holes.
        _ => banded_board(&mut rng, 60..=95),
    }
}

fn main() -> anyhow::Result<()> {
    let dir = gridkit::testdata::folder("statues");
    for seed in 1..=GENERATED {
        let path = dir.join(format!("gen-{seed:03}.in"));
        fs::write(&path, generate(seed).to_string())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let inputs = gridkit::testdata::inputs("statues")?;
    let mut wins = 0;
    for input in &inputs {
        let text = fs::read(input).with_context(|| format!("reading {}", input.display()))?;
        let board = statues::parse(text.as_slice())
            .with_context(|| format!("parsing {}", input.display()))?;
        let outcome = reference::solve(&board);
        wins += usize::from(outcome == statues::Outcome::Win);
        fs::write(input.with_extension("out"), format!("{outcome}\n"))?;
    }
    println!(
        "{} cases in {}: {wins} WIN, {} LOSE",
        inputs.len(),
        dir.display(),
        inputs.len() - wins
    );
    Ok(())
}
