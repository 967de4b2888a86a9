//! The benchmark baseline: the crate's reference search on the box read from stdin.
//!
//! A plain memoized minimax over the boxes reachable from the input (a hash map memo,
//! moves found by walking cube coordinates), with no precomputed table. It reads the same
//! format as the solver and prints the same answer, so `cargo xtask bench sweets` can time
//! the two on one input.

use std::io::{Write, stdin, stdout};

use sweets::reference::Reference;

fn main() -> anyhow::Result<()> {
    let mask = sweets::parse::parse(stdin().lock())?;
    let mut search = Reference::new();
    let wins = search.first_player_wins(mask);
    let mut output = stdout().lock();
    writeln!(output, "{}", sweets::render(wins))?;
    Ok(())
}
