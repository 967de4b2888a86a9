//! Plans in runs of Left, Right and Down (the types, [`Move`] and [`Run`], are the
//! certificate's, from the proof crate): how one is written, built run by run, and the
//! Left/Right runs that bring every interval to the offsets of a chain.

use std::fmt;

pub use descending_dark_proof::certificate::{Move, Run};

/// A whole plan in run-length form: `L×3 D R×2`, or `(empty)`.
pub struct Written<'a>(pub &'a [Run]);

impl fmt::Display for Written<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if plan_length(self.0) == 0 {
            return f.write_str("(empty)");
        }
        let moves = self
            .0
            .iter()
            .flat_map(|run| std::iter::repeat_n(run.instruction.letter(), run.count));
        f.write_str(&gridkit::explain::run_lengths(moves))
    }
}

/// The total number of instructions in `plan`.
pub fn plan_length(plan: &[Run]) -> usize {
    plan.iter().map(|run| run.count).sum()
}

/// Appends `count` copies of `instruction` to `plan`, merged into its last run when that
/// run repeats the same instruction; nothing when `count` is 0.
pub fn push_run(plan: &mut Vec<Run>, instruction: Move, count: usize) {
    if count == 0 {
        return;
    }
    match plan.last_mut() {
        Some(last) if last.instruction == instruction => last.count += count,
        _ => plan.push(Run { instruction, count }),
    }
}

/// Left/Right runs that take every interval from offset 0 to `chain[its length]`, where
/// `chain[1..]` is a chain: `chain[1] = 0` and `chain[l] <= chain[l+1] <= chain[l] + 1`
/// (`chain[0]` is unused).
///
/// Read the chain as a word over lengths 2, 3, ...: `x` where the offset rises, `d` where
/// it stays. From all offsets 0 (all `d`), `k` Right moves give `x^k d...`, and a run of the
/// opposite letter of length `j` at most the first block replaces that block's first `j`
/// letters. So with blocks `B_1 .. B_k`: Right `|B_1..B_k|` if `B_k` is `x`, then for `i`
/// from `k - 1` down to 1, a run of `B_i`'s letter of length `|B_1| + .. + |B_i|`.
pub fn runs_for(chain: &[usize]) -> Vec<Run> {
    let rises: Vec<bool> = (2..chain.len())
        .map(|len| chain[len] > chain[len - 1])
        .collect();
    let mut blocks: Vec<(bool, usize)> = Vec::new();
    for &rise in &rises {
        match blocks.last_mut() {
            Some((letter, size)) if *letter == rise => *size += 1,
            _ => blocks.push((rise, 1)),
        }
    }
    let mut runs = Vec::new();
    if let Some(&(true, _)) = blocks.last() {
        runs.push(Run {
            instruction: Move::Right,
            count: rises.len(),
        });
    }
    for i in (0..blocks.len().saturating_sub(1)).rev() {
        let (rise, _) = blocks[i];
        let count = blocks[..=i].iter().map(|(_, size)| size).sum();
        let instruction = if rise { Move::Right } else { Move::Left };
        runs.push(Run { instruction, count });
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every chain over lengths 1..=7 is reached by its runs, interval by interval.
    #[test]
    fn runs_reach_every_chain() {
        fn chains(longest: usize) -> Vec<Vec<usize>> {
            let mut all = vec![vec![0, 0]];
            for len in 2..=longest {
                all = all
                    .into_iter()
                    .flat_map(|chain| {
                        let last = chain[len - 1];
                        [last, last + 1].map(|next| {
                            let mut longer = chain.clone();
                            longer.push(next);
                            longer
                        })
                    })
                    .collect();
            }
            all
        }
        for chain in chains(7) {
            for len in 1..chain.len() {
                let at = runs_for(&chain)
                    .iter()
                    .fold(0usize, |at, run| match run.instruction {
                        Move::Left => at.saturating_sub(run.count),
                        Move::Right => (at + run.count).min(len - 1),
                        Move::Down => at,
                    });
                assert_eq!(at, chain[len], "chain {chain:?}, length {len}");
            }
        }
    }

    #[test]
    fn plans_are_written_in_runs() {
        let mut plan = Vec::new();
        push_run(&mut plan, Move::Left, 3);
        push_run(&mut plan, Move::Left, 2);
        push_run(&mut plan, Move::Right, 0);
        push_run(&mut plan, Move::Down, 1);
        assert_eq!(Written(&plan).to_string(), "L×5 D");
        assert_eq!(plan_length(&plan), 6);
        assert_eq!(Written(&[]).to_string(), "(empty)");
    }
}
