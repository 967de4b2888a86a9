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
use crate::plan::{Move, Run, push_run, runs_for};

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
        push_run(plan, instruction, count);
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

    /// What lies below each offset of the interval of every point: its length and exits.
    fn exits(&self, points: &[Pos], inside: &[Vec<bool>]) -> Vec<(usize, Vec<Exit>)> {
        let exit = |square: Pos| {
            if !self.case.passable(square) {
                Exit::Wall
            } else if inside[square.row][square.col] {
                Exit::Good
            } else {
                Exit::Bad
            }
        };
        points
            .iter()
            .map(|&point| {
                let (start, len) = self.interval(point);
                let below = (0..len)
                    .map(|offset| exit(Pos::new(point.row + 1, start + offset)))
                    .collect();
                (len, below)
            })
            .collect()
    }

    /// A chain `chain[1..=longest]` of offsets (`chain[l] <= chain[l+1] <= chain[l] + 1`)
    /// that avoids every bad exit of an occupied interval and sends the most points down,
    /// or `None` when no chain sends any point down.
    fn best_chain(&self, points: &[Pos], inside: &[Vec<bool>]) -> Option<Vec<usize>> {
        let exits = self.exits(points, inside);
        let longest = exits.iter().map(|(len, _)| *len).max()?;
        let table = ChainTable::new(&exits, longest);
        let (offset, sent) = table.best[longest]
            .iter()
            .enumerate()
            .filter_map(|(offset, sent)| sent.map(|sent| (offset, sent)))
            .max_by_key(|&(_, sent)| sent)?;
        (sent > 0).then(|| table.chain_ending_at(offset))
    }
}

/// The dynamic programme behind [`Mountain::best_chain`].
struct ChainTable {
    /// `gain[l][x]`: how many occupied intervals of length `l` go down from offset `x`.
    gain: Vec<Vec<usize>>,
    /// `best[l][x]`: the most points sent down by a safe chain over lengths `1..=l` ending
    /// at offset `x`, or `None` if no safe chain ends there.
    best: Vec<Vec<Option<usize>>>,
}

impl ChainTable {
    fn new(exits: &[(usize, Vec<Exit>)], longest: usize) -> Self {
        // allowed[l][x]: offset x is safe for every occupied interval of length l.
        let mut allowed: Vec<Vec<bool>> = (0..=longest).map(|len| vec![true; len]).collect();
        let mut gain: Vec<Vec<usize>> = (0..=longest).map(|len| vec![0; len]).collect();
        for (len, below) in exits {
            for (offset, exit) in below.iter().enumerate() {
                match exit {
                    Exit::Wall => {}
                    Exit::Good => gain[*len][offset] += 1,
                    Exit::Bad => allowed[*len][offset] = false,
                }
            }
        }
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
        Self { gain, best }
    }

    /// The best chain ending at `offset` of the longest length, traced back.
    fn chain_ending_at(&self, mut offset: usize) -> Vec<usize> {
        let longest = self.best.len() - 1;
        let mut chain = vec![0; longest + 1];
        chain[longest] = offset;
        for len in (2..=longest).rev() {
            let wanted = self.best[len][offset].map(|sent| sent - self.gain[len][offset]);
            offset = [offset, offset.wrapping_sub(1)]
                .into_iter()
                .find(|&from| from < len - 1 && self.best[len - 1][from] == wanted)
                .expect("a chain step behind every reached offset");
            chain[len - 1] = offset;
        }
        chain
    }
}
