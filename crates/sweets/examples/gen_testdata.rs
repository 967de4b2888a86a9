//! Writes the generated test cases and the expected output of every case.
//!
//! `cargo run --release -p sweets --example sweets_gen_testdata`
//!
//! Generated inputs (`gen-NNN.in`) are drawn deterministically from fixed seeds: losing
//! boxes with two and three chocolates (the reference finds 129 and 24 of them), dense
//! losing boxes, and random boxes of every density. Then every `*.in` in the folder,
//! hand-made ones included, gets its `.out` from the reference solver, never from the
//! solution under test.

use std::fs;

use anyhow::{Context, ensure};
use sweets::geometry::FULL;
use sweets::parse::{draw, parse};
use sweets::reference::Reference;

/// Cases of each kind.
const LOSING_PAIRS: usize = 5;
const LOSING_TRIPLES: usize = 4;
const DENSE_LOSSES: usize = 4;
const RANDOM_BOXES: usize = 9;

fn main() -> anyhow::Result<()> {
    let folder = gridkit::testdata::folder("sweets");
    let mut reference = Reference::new();
    let losses: Vec<u32> = (1..=FULL)
        .filter(|&mask| !reference.first_player_wins(mask))
        .collect();
    let with = |chocolates: u32| -> Vec<u32> {
        losses
            .iter()
            .copied()
            .filter(|mask| mask.count_ones() == chocolates)
            .collect()
    };
    ensure!(
        with(2).len() == 129 && with(3).len() == 24,
        "the spec's loss counts"
    );

    let mut boxes = Vec::new();
    let mut rng = fastrand::Rng::with_seed(63_005);
    let mut pick = |pool: &[u32], count: usize, boxes: &mut Vec<u32>| {
        let mut pool = pool.to_vec();
        rng.shuffle(&mut pool);
        boxes.extend_from_slice(&pool[..count]);
    };
    pick(&with(2), LOSING_PAIRS, &mut boxes);
    pick(&with(3), LOSING_TRIPLES, &mut boxes);
    let dense: Vec<u32> = losses
        .iter()
        .copied()
        .filter(|mask| mask.count_ones() >= 10)
        .collect();
    pick(&dense, DENSE_LOSSES, &mut boxes);
    let mut rng = fastrand::Rng::with_seed(63_063);
    for case in 0..RANDOM_BOXES {
        // Densities from sparse to nearly full.
        let percent = 10 + 80 * case as u32 / (RANDOM_BOXES as u32 - 1);
        let mask = (0..19)
            .filter(|_| rng.u32(0..100) < percent)
            .fold(0, |mask, cell| mask | 1 << cell);
        boxes.push(if mask == 0 { 1 << rng.u32(0..19) } else { mask });
    }
    for (index, &mask) in boxes.iter().enumerate() {
        let path = folder.join(format!("gen-{:03}.in", index + 1));
        fs::write(&path, draw(mask)).with_context(|| format!("writing {}", path.display()))?;
    }

    let inputs = gridkit::testdata::inputs("sweets")?;
    for input in &inputs {
        let text = fs::read(input).with_context(|| format!("reading {}", input.display()))?;
        let mask = parse(&text[..]).with_context(|| format!("parsing {}", input.display()))?;
        let winner = if reference.first_player_wins(mask) {
            "Karlsson"
        } else {
            "Lillebror"
        };
        fs::write(input.with_extension("out"), format!("{winner}\n"))?;
    }
    println!(
        "{} generated, {} expected outputs written",
        boxes.len(),
        inputs.len()
    );
    Ok(())
}
