//! A plan for a Lucky cave, built from the rounds of the pruning and followed as it is
//! built: every interval of S_C holds one walker, and every instruction moves them all.
//!
//! After enough Left moves every walker is at offset 0 of its interval. Then, again and
//! again: take the occupied interval (not the cave's) that the earliest round emptied,
//! pick in that round's possible offsets a chain through one of its good exits, move Left
//! and Right to the chain's offsets and go Down. The chain avoids the bad exits of every
//! interval alive in that round, which includes every occupied one, so no walker leaves
//! S_C; the chosen walker goes down a row, and none goes up, so this ends. Once only the
//! cave's interval is occupied, its walker moves Right onto the cave.

use anyhow::{Context, bail, ensure};
use gridkit::Pos;

use crate::plan::{Move, Run, push_run, runs_for};
use crate::solve::{Analysis, Interval, bit};

impl Interval {
    /// Whether `pos` lies in this interval.
    fn contains(&self, pos: Pos) -> bool {
        pos.row == self.row && (self.start..self.start + self.len).contains(&pos.col)
    }
}

/// A plan that takes every square of S_C to the cave, for a cave whose pruning left only
/// its own interval.
///
/// # Errors
/// The analysis does not allow one (the cave is Unlucky), or a step of the construction
/// failed its own check (a bug).
pub(crate) fn gathering_plan(analysis: &Analysis, open: &[u64]) -> anyhow::Result<Vec<Run>> {
    let mut walkers = Walkers::new(analysis, open);
    walkers.gather_left()?;
    // Every round lowers a walker: the rows above the cave bound the rounds per interval.
    let rounds = analysis.intervals.len() * (analysis.cave.row + 1);
    for _ in 0..=rounds {
        let Some(target) = walkers.earliest_occupied()? else {
            let start = walkers.home();
            walkers.apply(Move::Right, analysis.cave.col - start.col)?;
            ensure!(
                walkers.points == [analysis.cave],
                "internal error: the walkers end on {:?}, not on the cave",
                walkers.points
            );
            return Ok(walkers.plan);
        };
        walkers.lower(target)?;
        walkers.gather_left()?;
    }
    bail!("internal error: the plan does not end after {rounds} rounds")
}

/// The walkers (one square each, merged when they meet) and the plan so far.
struct Walkers<'a> {
    analysis: &'a Analysis,
    open: &'a [u64],
    /// `owner[row][col]`: the interval of S_C holding that square.
    owner: Vec<[Option<usize>; 64]>,
    points: Vec<Pos>,
    plan: Vec<Run>,
}

impl<'a> Walkers<'a> {
    /// One walker on every square of S_C, and the empty plan.
    fn new(analysis: &'a Analysis, open: &'a [u64]) -> Self {
        let mut owner = vec![[None; 64]; analysis.reach.len()];
        let mut points = Vec::new();
        for (index, interval) in analysis.intervals.iter().enumerate() {
            let squares = interval.start..interval.start + interval.len;
            owner[interval.row][squares.clone()].fill(Some(index));
            points.extend(squares.map(|col| Pos::new(interval.row, col)));
        }
        points.sort();
        Self {
            analysis,
            open,
            owner,
            points,
            plan: Vec::new(),
        }
    }

    /// The interval holding `point`, which is in S_C.
    fn interval_of(&self, point: Pos) -> anyhow::Result<(usize, &'a Interval)> {
        let index = self
            .owner
            .get(point.row)
            .and_then(|row| row.get(point.col).copied().flatten())
            .with_context(|| format!("internal error: a walker left S_C at {point:?}"))?;
        Ok((index, &self.analysis.intervals[index]))
    }

    /// Moves Left until every walker is on the first square of its interval.
    fn gather_left(&mut self) -> anyhow::Result<()> {
        let mut farthest = 0;
        for &point in &self.points {
            let (_, interval) = self.interval_of(point)?;
            farthest = farthest.max(point.col - interval.start);
        }
        self.apply(Move::Left, farthest)
    }

    /// The walker of the cave's interval, once it is the only one.
    fn home(&self) -> Pos {
        self.points.first().copied().unwrap_or(self.analysis.cave)
    }

    /// The occupied interval, other than the cave's, that the earliest round emptied;
    /// `None` once only the cave's interval is occupied.
    ///
    /// # Errors
    /// An occupied interval that no round emptied.
    fn earliest_occupied(&self) -> anyhow::Result<Option<usize>> {
        let mut earliest: Option<(usize, usize)> = None;
        for &point in &self.points {
            let (index, interval) = self.interval_of(point)?;
            if interval.contains(self.analysis.cave) {
                continue;
            }
            let round = self.analysis.pruning.dropped_in[index]
                .context("the cave is Unlucky: an interval outside the cave's row survives")?;
            if earliest.is_none_or(|(first, _)| round < first) {
                earliest = Some((round, index));
            }
        }
        Ok(earliest.map(|(_, index)| index))
    }

    /// Takes the walker of interval `target` down a row, every other walker staying in S_C.
    fn lower(&mut self, target: usize) -> anyhow::Result<()> {
        let interval = self.analysis.intervals[target];
        let round = self.analysis.pruning.dropped_in[target].context("internal error")?;
        let possible = &self.analysis.pruning.possible[round];
        let exit = interval.good & possible.get(interval.len).copied().unwrap_or(0);
        ensure!(exit != 0, "internal error: no possible good exit");
        let chain = chain_through(possible, interval.len, exit.trailing_zeros() as usize)?;
        for run in runs_for(&chain) {
            self.apply(run.instruction, run.count)?;
        }
        for &point in &self.points {
            let (_, walked) = self.interval_of(point)?;
            ensure!(
                chain.get(walked.len) == Some(&(point.col - walked.start)),
                "internal error: a walker missed its chain offset"
            );
        }
        self.apply(Move::Down, 1)?;
        let lowered = Pos::new(interval.row + 1, interval.start + chain[interval.len]);
        ensure!(
            self.points.contains(&lowered),
            "internal error: no walker went down"
        );
        Ok(())
    }

    /// Moves every walker by `count` copies of `instruction`, merges walkers that meet,
    /// and records the run.
    ///
    /// # Errors
    /// A walker would leave S_C (a Down onto a bad exit).
    fn apply(&mut self, instruction: Move, count: usize) -> anyhow::Result<()> {
        if count == 0 {
            return Ok(());
        }
        let mut moved = Vec::with_capacity(self.points.len());
        for &point in &self.points {
            moved.push(self.step(point, instruction, count)?);
        }
        moved.sort();
        moved.dedup();
        self.points = moved;
        push_run(&mut self.plan, instruction, count);
        Ok(())
    }

    /// Where `count` copies of `instruction` take the walker at `point`: Left and Right
    /// stop at the ends of its interval, Down goes into S_C or stays over a wall.
    fn step(&self, point: Pos, instruction: Move, count: usize) -> anyhow::Result<Pos> {
        let (_, interval) = self.interval_of(point)?;
        let last = interval.start + interval.len - 1;
        Ok(match instruction {
            Move::Left => Pos::new(
                point.row,
                point.col.saturating_sub(count).max(interval.start),
            ),
            Move::Right => Pos::new(point.row, (point.col + count).min(last)),
            Move::Down => {
                let below = point.row + 1;
                let in_reach = self.analysis.reach.get(below).copied().unwrap_or(0);
                let passable = self.open.get(below).copied().unwrap_or(0);
                if in_reach & bit(point.col) != 0 {
                    Pos::new(below, point.col)
                } else if passable & bit(point.col) == 0 {
                    point
                } else {
                    bail!("internal error: a Down from {point:?} leaves S_C")
                }
            }
        })
    }
}

/// A chain over the lengths of `possible` (`chain[1] = 0`, each next offset equal or one
/// more) that passes offset `offset` at length `len` and stays on possible offsets.
///
/// `possible` is a forward pass intersected with a backward pass, so every possible offset
/// has a possible neighbour on the chain one length shorter and one length longer.
fn chain_through(possible: &[u64], len: usize, offset: usize) -> anyhow::Result<Vec<usize>> {
    let has = |len: usize, offset: usize| possible.get(len).is_some_and(|&p| p & bit(offset) != 0);
    ensure!(
        has(len, offset),
        "internal error: offset {offset} of length {len} is not possible"
    );
    let mut chain = vec![0; possible.len()];
    chain[len] = offset;
    for shorter in (1..len).rev() {
        let next = chain[shorter + 1];
        chain[shorter] = [next, next.wrapping_sub(1)]
            .into_iter()
            .find(|&at| at < shorter && has(shorter, at))
            .context("internal error: no possible offset one length shorter")?;
    }
    for longer in len + 1..possible.len() {
        let previous = chain[longer - 1];
        chain[longer] = [previous, previous + 1]
            .into_iter()
            .find(|&at| has(longer, at))
            .context("internal error: no possible offset one length longer")?;
    }
    Ok(chain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_pass_the_offset_asked_for() {
        // Lengths 1..=4; offsets possible: {0}, {0, 1}, {1}, {1, 2}.
        let possible = [0, 0b1, 0b11, 0b10, 0b110];
        assert_eq!(chain_through(&possible, 4, 2).unwrap(), [0, 0, 1, 1, 2]);
        assert_eq!(chain_through(&possible, 2, 1).unwrap(), [0, 0, 1, 1, 1]);
        assert!(chain_through(&possible, 3, 0).is_err());
    }
}
