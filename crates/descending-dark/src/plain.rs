//! A second implementation for grids of any size, written to be checked rather than fast.
//!
//! It differs from [`crate::solve`] in every step:
//! - S_C is the fixpoint of the forward definition ("some move leads into S_C"), swept over
//!   the grid until nothing changes, not a backward breadth-first search.
//! - It follows the *actual* set of possible squares, one point per occupied interval,
//!   moving them square by square through the grid; nothing is precomputed per interval.
//! - Each round it picks one chain of offsets (per interval length, with boolean tables)
//!   that avoids every fatal exit of the occupied intervals and sends as many points down as
//!   it can, turns that chain into explicit Left/Right runs, applies them and a Down, and
//!   checks that the points landed where the chain said and stayed inside S_C.
//! - For a Lucky cave it returns the whole plan, so a test can follow it from every square.
//!
//! Whatever the chain, each round lowers the points, so the rounds end; C is Lucky iff they
//! end with every point in the cave's row (which, inside S_C, is the cave's own interval).

use gridkit::Pos;

use crate::Verdict;
use crate::parse::{Case, WALL};

/// One instruction of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Left,
    Right,
    Down,
}

impl Move {
    fn step(self) -> (isize, isize) {
        match self {
            Move::Left => (0, -1),
            Move::Right => (0, 1),
            Move::Down => (1, 0),
        }
    }
}

/// `count` copies of one instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Run {
    pub instruction: Move,
    pub count: usize,
}

/// The verdict for one cave and, when it is Lucky, a plan that proves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub verdict: Verdict,
    pub plan: Option<Vec<Run>>,
}

/// The verdict for every cave of `case`.
pub fn solve(case: &Case) -> Vec<Verdict> {
    solve_with_plans(case)
        .into_iter()
        .map(|outcome| outcome.verdict)
        .collect()
}

/// The verdict and, for Lucky caves, a plan, for every cave of `case`.
pub fn solve_with_plans(case: &Case) -> Vec<Outcome> {
    case.caves
        .iter()
        .map(|&cave| Mountain { case, cave }.outcome())
        .collect()
}

/// The whole expected output for `input`.
///
/// # Errors
/// A malformed input.
pub fn answer(input: &str) -> anyhow::Result<String> {
    let mut output = Vec::new();
    for (number, case) in crate::parse::read_all(input.as_bytes())?.iter().enumerate() {
        crate::write_case(&mut output, number + 1, &solve(case))?;
    }
    Ok(String::from_utf8(output)?)
}

/// Where `plan` takes you from `start`, one instruction at a time.
pub fn follow(case: &Case, start: Pos, plan: &[Run]) -> Pos {
    plan.iter().fold(start, |at, run| walk(case, at, *run))
}

/// The total number of instructions in `plan`.
pub fn plan_length(plan: &[Run]) -> usize {
    plan.iter().map(|run| run.count).sum()
}

/// Follows one run square by square; a wall ends it early (further moves would bump it).
fn walk(case: &Case, mut at: Pos, run: Run) -> Pos {
    let (dr, dc) = run.instruction.step();
    for _ in 0..run.count {
        match at.offset(dr, dc) {
            Some(next) if case.passable(next) => at = next,
            _ => break,
        }
    }
    at
}

/// What lies below one offset of an interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Exit {
    Wall,
    /// Open and inside S_C: going down there is progress.
    Good,
    /// Open but outside S_C: going down there can never be undone.
    Bad,
}

struct Mountain<'a> {
    case: &'a Case,
    cave: Pos,
}

impl Mountain<'_> {
    fn width(&self) -> usize {
        self.case.grid.width()
    }

    /// S_C as rows of booleans: the least set holding the cave and every open square one
    /// of whose moves (Left, Right, Down, a blocked move staying put) leads into the set.
    fn reach(&self) -> Vec<Vec<bool>> {
        let grid = &self.case.grid;
        let mut inside = vec![vec![false; grid.width()]; grid.height()];
        inside[self.cave.row][self.cave.col] = true;
        let mut changed = true;
        while changed {
            changed = false;
            for pos in grid.positions() {
                if inside[pos.row][pos.col] || !self.case.passable(pos) {
                    continue;
                }
                let leads_in = [Move::Left, Move::Right, Move::Down].into_iter().any(|m| {
                    let next = walk(
                        self.case,
                        pos,
                        Run {
                            instruction: m,
                            count: 1,
                        },
                    );
                    inside[next.row][next.col]
                });
                if leads_in {
                    inside[pos.row][pos.col] = true;
                    changed = true;
                }
            }
        }
        inside
    }

    fn outcome(&self) -> Outcome {
        let inside = self.reach();
        let squares = inside.iter().flatten().filter(|&&s| s).count();
        let mut points: Vec<Pos> = self
            .case
            .grid
            .positions()
            .filter(|pos| inside[pos.row][pos.col])
            .collect();
        let mut plan = Vec::new();
        self.apply(&mut points, &mut plan, Move::Left, self.width());
        while let Some(chain) = self.best_chain(&points, &inside) {
            let runs = runs_for(&chain);
            for run in &runs {
                self.apply(&mut points, &mut plan, run.instruction, run.count);
            }
            for &point in &points {
                let (start, len) = self.interval(point);
                assert_eq!(
                    point.col - start,
                    chain[len],
                    "the runs {runs:?} did not reach the chain {chain:?} at {point:?}"
                );
            }
            let before = points.clone();
            self.apply(&mut points, &mut plan, Move::Down, 1);
            assert!(
                points.iter().all(|p| inside[p.row][p.col]),
                "a Down move left S_C"
            );
            assert_ne!(points, before, "a chain with progress moved nothing down");
            self.apply(&mut points, &mut plan, Move::Left, self.width());
        }
        let lucky = points.iter().all(|point| point.row == self.cave.row);
        let plan = lucky.then(|| {
            let at = points[0];
            self.apply(&mut points, &mut plan, Move::Right, self.cave.col - at.col);
            assert_eq!(points, [self.cave], "the last point is not on the cave");
            plan
        });
        Outcome {
            verdict: Verdict { squares, lucky },
            plan,
        }
    }

    /// Moves every point, merges points that meet, and records the run.
    fn apply(&self, points: &mut Vec<Pos>, plan: &mut Vec<Run>, instruction: Move, count: usize) {
        if count == 0 {
            return;
        }
        let run = Run { instruction, count };
        for point in points.iter_mut() {
            *point = walk(self.case, *point, run);
        }
        points.sort();
        points.dedup();
        match plan.last_mut() {
            Some(last) if last.instruction == instruction => last.count += count,
            _ => plan.push(run),
        }
    }

    /// The first column and the length of the wall-to-wall run of open squares at `point`.
    fn interval(&self, point: Pos) -> (usize, usize) {
        let row = self.case.grid.row(point.row);
        let mut start = point.col;
        while start > 0 && row[start - 1] != WALL {
            start -= 1;
        }
        let mut end = point.col;
        while end + 1 < row.len() && row[end + 1] != WALL {
            end += 1;
        }
        (start, end - start + 1)
    }

    /// A chain `chain[1..=longest]` of offsets (`chain[l] <= chain[l+1] <= chain[l] + 1`)
    /// that avoids every bad exit of an occupied interval and sends the most points down,
    /// or `None` when no chain sends any point down.
    fn best_chain(&self, points: &[Pos], inside: &[Vec<bool>]) -> Option<Vec<usize>> {
        let mut exits: Vec<(usize, Vec<Exit>)> = Vec::new();
        for &point in points {
            let (start, len) = self.interval(point);
            let below = (0..len)
                .map(|offset| {
                    let square = Pos::new(point.row + 1, start + offset);
                    if !self.case.passable(square) {
                        Exit::Wall
                    } else if inside[square.row][square.col] {
                        Exit::Good
                    } else {
                        Exit::Bad
                    }
                })
                .collect();
            exits.push((len, below));
        }
        let longest = exits.iter().map(|(len, _)| *len).max()?;
        // allowed[l][x]: offset x is safe for every occupied interval of length l.
        // gain[l][x]: how many occupied intervals of length l go down from offset x.
        let mut allowed: Vec<Vec<bool>> = (0..=longest).map(|len| vec![true; len]).collect();
        let mut gain: Vec<Vec<usize>> = (0..=longest).map(|len| vec![0; len]).collect();
        for (len, below) in &exits {
            for (offset, exit) in below.iter().enumerate() {
                match exit {
                    Exit::Wall => {}
                    Exit::Good => gain[*len][offset] += 1,
                    Exit::Bad => allowed[*len][offset] = false,
                }
            }
        }
        // best[l][x]: the most points sent down by a safe chain over lengths 1..=l ending
        // at offset x.
        let mut best: Vec<Vec<Option<usize>>> = (0..=longest).map(|len| vec![None; len]).collect();
        if allowed[1][0] {
            best[1][0] = Some(gain[1][0]);
        }
        for len in 2..=longest {
            for offset in 0..len {
                if !allowed[len][offset] {
                    continue;
                }
                let stay = best[len - 1].get(offset).copied().flatten();
                let shift = offset.checked_sub(1).and_then(|from| best[len - 1][from]);
                best[len][offset] = stay.max(shift).map(|sent| sent + gain[len][offset]);
            }
        }
        let (mut offset, sent) = best[longest]
            .iter()
            .enumerate()
            .filter_map(|(offset, sent)| sent.map(|sent| (offset, sent)))
            .max_by_key(|&(_, sent)| sent)?;
        if sent == 0 {
            return None;
        }
        let mut chain = vec![0; longest + 1];
        chain[longest] = offset;
        for len in (2..=longest).rev() {
            let wanted = best[len][offset].map(|sent| sent - gain[len][offset]);
            offset = [offset, offset.wrapping_sub(1)]
                .into_iter()
                .find(|&from| from < len - 1 && best[len - 1][from] == wanted)
                .expect("a chain step behind every reached offset");
            chain[len - 1] = offset;
        }
        Some(chain)
    }
}

/// Left/Right runs that take every interval from offset 0 to `chain[its length]`.
///
/// Read the chain as a word over lengths 2, 3, ...: `x` where the offset rises, `d` where
/// it stays. From all offsets 0 (all `d`), `k` Right moves give `x^k d...`, and a run of the
/// opposite letter of length `j` at most the first block replaces that block's first `j`
/// letters. So with blocks `B_1 .. B_k`: Right `|B_1..B_k|` if `B_k` is `x`, then for `i`
/// from `k - 1` down to 1, a run of `B_i`'s letter of length `|B_1| + .. + |B_i|`.
fn runs_for(chain: &[usize]) -> Vec<Run> {
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
}
