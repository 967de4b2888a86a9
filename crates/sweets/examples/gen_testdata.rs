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
use sweets::Mask;
use sweets::geometry::FULL;
use sweets::parse::{draw, parse};
use sweets::reference::Reference;
use sweets::testkit::generate::with_density;

/// Cases of each kind.
const LOSING_PAIRS: usize = 5;
const LOSING_TRIPLES: usize = 4;
const DENSE_LOSSES: usize = 4;
const RANDOM_BOXES: usize = 9;

fn main() -> anyhow::Result<()> {
    let mut reference = Reference::new();
    let mut boxes = losing_boxes(&mut reference)?;
    let mut rng = fastrand::Rng::with_seed(63_063);
    for case in 0..RANDOM_BOXES {
        // Densities from sparse to nearly full.
        let percent = 10 + 80 * case as u32 / (RANDOM_BOXES as u32 - 1);
        boxes.push(with_density(&mut rng, percent));
    }
    let folder = gridkit::testdata::folder("sweets");
    for (index, &mask) in boxes.iter().enumerate() {
        let path = folder.join(format!("gen-{:03}.in", index + 1));
        fs::write(&path, draw(mask)).with_context(|| format!("writing {}", path.display()))?;
    }
    let outputs = write_expected_outputs(&mut reference)?;
    println!(
        "{} generated, {outputs} expected outputs written",
        boxes.len()
    );
    Ok(())
}

/// Losing boxes picked at random: pairs, triples, then boxes of ten chocolates or more.
fn losing_boxes(reference: &mut Reference) -> anyhow::Result<Vec<Mask>> {
    let losses: Vec<Mask> = (1..=FULL)
        .filter(|&mask| !reference.first_player_wins(mask))
        .collect();
    let with = |chocolates: fn(u32) -> bool| -> Vec<Mask> {
        losses
            .iter()
            .copied()
            .filter(|mask| chocolates(mask.count_ones()))
            .collect()
    };
    let (pairs, triples, dense) = (with(|n| n == 2), with(|n| n == 3), with(|n| n >= 10));
    ensure!(
        pairs.len() == 129 && triples.len() == 24,
        "the spec's loss counts"
    );
    let mut boxes = Vec::new();
    let mut rng = fastrand::Rng::with_seed(63_005);
    for (mut pool, count) in [
        (pairs, LOSING_PAIRS),
        (triples, LOSING_TRIPLES),
        (dense, DENSE_LOSSES),
    ] {
        rng.shuffle(&mut pool);
        boxes.extend_from_slice(&pool[..count]);
    }
    Ok(boxes)
}

/// Writes the reference's answer beside every input of the folder; returns how many.
fn write_expected_outputs(reference: &mut Reference) -> anyhow::Result<usize> {
    let inputs = gridkit::testdata::inputs("sweets")?;
    for input in &inputs {
        let text = fs::read(input).with_context(|| format!("reading {}", input.display()))?;
        let mask = parse(&text[..]).with_context(|| format!("parsing {}", input.display()))?;
        let winner = sweets::render(reference.first_player_wins(mask));
        fs::write(input.with_extension("out"), format!("{winner}\n"))?;
    }
    Ok(inputs.len())
}
