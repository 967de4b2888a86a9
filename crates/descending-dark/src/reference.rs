//! The exhaustive oracle: the definitions of the statement, searched literally.
//!
//! - S_C: for every open square, a forward search over the moves; the square belongs to
//!   S_C when the search meets C.
//! - Lucky: a breadth-first search over *belief sets* (the set of squares you might be on),
//!   starting from S_C itself; every move maps each member of the set. C is Lucky iff the
//!   set {C} is reachable. The only pruning follows from the definition: a set holding a
//!   square outside S_C never becomes {C}. No other property of the problem is assumed.
//!
//! Sets are `u64` bit masks over the open squares, so this works only for grids with at
//! most [`MAX_OPEN`] open squares (every grid up to 10x10, whose interior is 8x8). It shares
//! no solving code with [`crate::solve`] or [`crate::plain`].

use std::collections::{HashSet, VecDeque};

use gridkit::Pos;

use crate::Verdict;
use crate::parse::{Case, WALL};

/// The most open squares a belief set can hold.
pub const MAX_OPEN: usize = 64;
/// The most belief sets one search may visit before it gives up (a few hundred MiB at
/// most; the worst generated grid with 64 open squares visits about two million).
pub const MAX_STATES: usize = 8_000_000;

/// The three instructions, as (row, column) steps.
const MOVES: [(isize, isize); 3] = [(0, -1), (0, 1), (1, 0)];

/// The verdict for every cave of `case`, or `None` when it has more than [`MAX_OPEN`] open
/// squares or a search would visit more than [`MAX_STATES`] sets.
pub fn solve(case: &Case) -> Option<Vec<Verdict>> {
    let world = World::new(case)?;
    case.caves
        .iter()
        .map(|&cave| world.verdict(world.index[&cave]))
        .collect()
}

/// The whole expected output for `input`, or `None` when some grid is too large.
///
/// # Errors
/// A malformed input.
pub fn answer(input: &str) -> anyhow::Result<Option<String>> {
    let cases = crate::parse::read_all(input.as_bytes())?;
    let mut output = Vec::new();
    for (number, case) in cases.iter().enumerate() {
        let Some(verdicts) = solve(case) else {
            return Ok(None);
        };
        crate::write_case(&mut output, number + 1, &verdicts)?;
    }
    Ok(Some(String::from_utf8(output)?))
}

/// The open squares, numbered, and where each move takes each of them.
struct World {
    index: std::collections::HashMap<Pos, usize>,
    /// `step[m][i]`: the square reached from square `i` by move `m`.
    step: [Vec<usize>; 3],
}

impl World {
    fn new(case: &Case) -> Option<Self> {
        let open: Vec<Pos> = case
            .grid
            .positions()
            .filter(|&pos| case.grid[pos] != WALL)
            .collect();
        if open.len() > MAX_OPEN {
            return None;
        }
        let index: std::collections::HashMap<Pos, usize> =
            open.iter().enumerate().map(|(i, &pos)| (pos, i)).collect();
        let step = MOVES.map(|(dr, dc)| {
            open.iter()
                .map(|&pos| {
                    // A move into a wall (or off the grid) leaves you where you are.
                    pos.offset(dr, dc)
                        .and_then(|next| index.get(&next).copied())
                        .unwrap_or(index[&pos])
                })
                .collect()
        });
        Some(Self { index, step })
    }

    fn len(&self) -> usize {
        self.step[0].len()
    }

    /// The squares some moves lead to from `start` (including `start`).
    fn forward_reach(&self, start: usize) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(square) = stack.pop() {
            for step in &self.step {
                let next = step[square];
                if !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        seen
    }

    /// Where one move takes every member of `set`.
    fn image(&self, set: u64, step: &[usize]) -> u64 {
        let mut image = 0;
        let mut rest = set;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            image |= 1 << step[square];
        }
        image
    }

    /// S_C as a set: the squares whose forward search meets `cave`.
    fn reach_set(&self, cave: usize) -> u64 {
        (0..self.len())
            .filter(|&square| self.forward_reach(square)[cave])
            .fold(0, |set, square| set | 1 << square)
    }

    fn verdict(&self, cave: usize) -> Option<Verdict> {
        let start = self.reach_set(cave);
        Some(Verdict {
            squares: start.count_ones() as usize,
            lucky: self.gathers(start, start, cave)?,
        })
    }

    /// Whether one plan takes every square of `start` to `cave`, by a breadth-first search
    /// over the sets of possible squares; `None` past [`MAX_STATES`] sets. `reach` is S_C.
    fn gathers(&self, start: u64, reach: u64, cave: usize) -> Option<bool> {
        let goal = 1u64 << cave;
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(set) = queue.pop_front() {
            if seen.len() > MAX_STATES {
                return None;
            }
            if set == goal {
                return Some(true);
            }
            for step in &self.step {
                let next = self.image(set, step);
                // A square outside S_C leads only to squares outside S_C (else it would be
                // in S_C), so a set holding one can never become {C}.
                if next & !reach == 0 && seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        Some(false)
    }
}

/// Whether one plan takes every square of `start` to `cave`: `Some(false)` proves that
/// no plan does, so neither does any plan for a superset such as S_C. `None` when the
/// grid has more than [`MAX_OPEN`] open squares, the search would visit more than
/// [`MAX_STATES`] sets, or `cave` or a square of `start` is not an open square.
pub fn gathers(case: &Case, cave: Pos, start: &[Pos]) -> Option<bool> {
    let world = World::new(case)?;
    let cave = *world.index.get(&cave)?;
    let reach = world.reach_set(cave);
    let start = start.iter().try_fold(0u64, |set, pos| {
        world.index.get(pos).map(|&square| set | 1 << square)
    })?;
    // A start outside S_C is never gathered: one of its squares cannot reach the cave.
    if start & !reach != 0 {
        return Some(false);
    }
    world.gathers(start, reach, cave)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::read_all;

    #[test]
    fn the_sample_by_brute_force() {
        let text = "2\n7 5\n#####\n##0##\n##1.#\n##2##\n#3..#\n#.#.#\n#####\n\
                    7 6\n######\n##...#\n#..#.#\n#...##\n#0#..#\n####1#\n######\n";
        assert_eq!(
            answer(text).unwrap().unwrap(),
            "Case #1:\n0: 1 Lucky\n1: 3 Lucky\n2: 4 Unlucky\n3: 7 Lucky\n\
             Case #2:\n0: 9 Lucky\n1: 11 Unlucky\n"
        );
    }

    #[test]
    fn gathering_a_part_of_s_c() {
        // Cave 2 of the first sample case, at row 4, column 3 of the text: an open square
        // lies below it, so every Down that lowers another square also loses the cave's.
        let text = "1\n7 5\n#####\n##0##\n##1.#\n##2##\n#3..#\n#.#.#\n#####\n";
        let case = &read_all(text.as_bytes()).unwrap()[0];
        let cave = case.caves[2];
        let above = Pos::new(1, 2);
        assert_eq!(gathers(case, cave, &[cave]), Some(true));
        assert_eq!(gathers(case, cave, &[above]), Some(true));
        assert_eq!(gathers(case, cave, &[above, cave]), Some(false));
        // A square outside S_C is never gathered; a wall is not a start.
        assert_eq!(gathers(case, cave, &[Pos::new(4, 1)]), Some(false));
        assert_eq!(gathers(case, cave, &[Pos::new(0, 0)]), None);
    }

    #[test]
    fn refuses_grids_with_more_than_64_open_squares() {
        let mut text = String::from("1\n11 10\n##########\n");
        text.push_str("#0.......#\n");
        for _ in 0..8 {
            text.push_str("#........#\n");
        }
        text.push_str("##########\n");
        let case = &read_all(text.as_bytes()).unwrap()[0];
        assert_eq!(solve(case), None);
    }
}
