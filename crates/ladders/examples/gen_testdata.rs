//! Writes the generated cases `testdata/ladders/gen-NNN.in` and the expected output of
//! EVERY case (samples and hand-made ones included) from the reference solver.
//!
//! Run: `cargo run --release -p ladders --example ladders_gen_testdata`. Deterministic: the same
//! seeds give the same files. A sample whose official output disagrees with the reference
//! stops the run instead of being overwritten.

use std::collections::HashSet;
use std::fs;

use anyhow::{Context, bail};
use ladders::testkit::generate::{STYLES, random_board};

/// Generated cases per style of board.
const PER_STYLE: usize = 2;

fn main() -> anyhow::Result<()> {
    let dir = gridkit::testdata::folder("ladders");

    for entry in fs::read_dir(&dir)? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("gen-") {
            fs::remove_file(&path)?;
        }
    }
    // Boards already present (hand-made ones too) are not generated again: some styles,
    // such as a full board of the highest ladders, have a single board.
    let mut seen = HashSet::new();
    for path in gridkit::testdata::inputs("ladders")? {
        seen.insert(fs::read_to_string(path)?);
    }
    let mut number = 0;
    for (index, style) in STYLES.iter().enumerate() {
        for copy in 0..PER_STYLE {
            let seed = 1_245_000 + (index * PER_STYLE + copy) as u64;
            let mut rng = fastrand::Rng::with_seed(seed);
            let text = random_board(&mut rng, style).to_string();
            if seen.insert(text.clone()) {
                number += 1;
                fs::write(dir.join(format!("gen-{number:03}.in")), text)?;
            }
        }
    }

    let inputs = gridkit::testdata::inputs("ladders")?;
    for input in &inputs {
        let text = fs::read_to_string(input)?;
        let board = ladders::parse_board(text.as_bytes())
            .with_context(|| format!("{} is not a legal board", input.display()))?;
        let mut expected = Vec::new();
        ladders::render(ladders::reference::expected_turns(&board), &mut expected)?;
        let output = input.with_extension("out");
        let is_sample = input
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("sample"));
        if is_sample && fs::read(&output)? != expected {
            bail!(
                "the reference disagrees with the official {}",
                output.display()
            );
        }
        fs::write(&output, &expected)?;
    }
    println!("{} cases, {number} generated", inputs.len());
    Ok(())
}
