//! The official analysis algorithm: backward reach, wall-to-wall intervals with exit
//! masks, and pruning to a fixpoint over a chain of offsets indexed by interval length.

use gridkit::{Grid, Pos, UNREACHED, bfs_by};

use crate::Verdict;
use crate::parse::{Case, MAX_SIZE, WALL};

// An interval lies between two border walls, so it is at most `MAX_SIZE - 2` squares long
// and every offset in it names a bit of a `u64`.
const _: () = assert!(MAX_SIZE - 2 <= 64);

/// The verdict for every cave of `case`, in label order.
///
/// # Complexity
/// Per cave O(R·C) for the reach and the intervals, then at most one pruning round per
/// interval, each O(intervals + C): O(R·C·(R·C + C)) in the worst case, far less in practice.
pub fn solve(case: &Case) -> Vec<Verdict> {
    case.caves
        .iter()
        .map(|&cave| solve_cave(&case.grid, cave))
        .collect()
}

fn solve_cave(grid: &Grid<u8>, cave: Pos) -> Verdict {
    let reach = backward_reach(grid, cave);
    let squares = reach.cells().iter().filter(|&&inside| inside).count();
    let live = intervals(grid, &reach, cave.row);
    Verdict {
        squares,
        lucky: survivors(live) == 1,
    }
}

/// S_C: the squares from which some moves reach `cave`. Searched backwards: a square's
/// predecessors are the passable squares that move onto it, i.e. the one above it (by Down)
/// and its left and right neighbours (by Right and Left). Never the one below: no Up move.
fn backward_reach(grid: &Grid<u8>, cave: Pos) -> Grid<bool> {
    let passable = |pos: Pos| grid.get(pos).is_some_and(|&square| square != WALL);
    let distance = bfs_by(grid.len(), &[grid.index_of(cave)], |index| {
        let pos = grid.pos_of(index);
        [(-1, 0), (0, -1), (0, 1)]
            .into_iter()
            .filter_map(move |(dr, dc)| pos.offset(dr, dc))
            .filter(move |&from| passable(from))
            .map(|from| grid.index_of(from))
    });
    Grid::from_cells(
        grid.height(),
        grid.width(),
        distance.into_iter().map(|d| d != UNREACHED).collect(),
    )
    .expect("one distance per square")
}

/// A maximal horizontal run of S_C squares; S_C is closed under Left and Right, so it runs
/// from wall to wall. Bit `i` of a mask describes the square below offset `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Interval {
    len: usize,
    /// The square below is in S_C: a Down move from here makes progress.
    good: u64,
    /// The square below is passable but outside S_C: a Down move from here is fatal.
    bad: u64,
}

/// Bit `offset` of a mask, or nothing past the 64 bits a mask holds.
fn bit(offset: usize) -> u64 {
    u32::try_from(offset)
        .ok()
        .and_then(|shift| 1u64.checked_shl(shift))
        .unwrap_or(0)
}

/// The offsets `0..len` of an interval of length `len` (all 64 bits from 64 on, where
/// `bit(len)` is 0 and the subtraction wraps).
fn offsets(len: usize) -> u64 {
    bit(len).wrapping_sub(1)
}

/// The intervals of S_C in rows `0..=last_row` (no square below the cave's row reaches it;
/// in the cave's row only the cave's own interval does).
fn intervals(grid: &Grid<u8>, reach: &Grid<bool>, last_row: usize) -> Vec<Interval> {
    let mut found = Vec::new();
    for row in 0..=last_row {
        let inside = reach.row(row);
        let mut col = 0;
        while col < inside.len() {
            if !inside[col] {
                col += 1;
                continue;
            }
            let start = col;
            let (mut good, mut bad) = (0, 0);
            while col < inside.len() && inside[col] {
                let below = Pos::new(row + 1, col);
                match (grid.get(below), reach.get(below)) {
                    (Some(&square), Some(&true)) if square != WALL => good |= bit(col - start),
                    (Some(&square), _) if square != WALL => bad |= bit(col - start),
                    _ => {}
                }
                col += 1;
            }
            found.push(Interval {
                len: col - start,
                good,
                bad,
            });
        }
    }
    found
}

/// Drops every interval that some safe Down move can empty, until none can; returns how
/// many intervals are left (the cave's own interval, which has no good exit, always is).
///
/// After moving Left far enough, every live interval holds one point at offset 0, and all
/// intervals of the same length share one offset `x[len]` from then on. Left/Right moves
/// reach exactly the offsets with `x[len] <= x[len+1] <= x[len] + 1` for every length, so
/// `possible[len]` (offsets of length `len` lying on some such chain that avoids every bad
/// exit of a live interval) is a forward pass intersected with a backward pass. Any live
/// interval with a good exit at a possible offset can be emptied without harm. Dropping
/// intervals only removes bad exits, so what was droppable stays droppable: repeat.
fn survivors(mut live: Vec<Interval>) -> usize {
    loop {
        let longest = live.iter().map(|interval| interval.len).max().unwrap_or(0);
        if longest == 0 {
            return live.len();
        }
        let mut forbid = vec![0u64; longest + 1];
        for interval in &live {
            forbid[interval.len] |= interval.bad;
        }
        let mut possible = vec![0u64; longest + 1];
        possible[1] = 1 & !forbid[1];
        for len in 2..=longest {
            let shorter = possible[len - 1];
            possible[len] = (shorter | shorter << 1) & offsets(len) & !forbid[len];
        }
        for len in (1..longest).rev() {
            let longer = possible[len + 1];
            possible[len] &= longer | longer >> 1;
        }
        let before = live.len();
        live.retain(|interval| interval.good & possible[interval.len] == 0);
        if live.len() == before {
            return before;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::read_all;

    fn verdicts(text: &str) -> Vec<Verdict> {
        read_all(text.as_bytes())
            .unwrap()
            .iter()
            .flat_map(solve)
            .collect()
    }

    #[test]
    fn masks_never_shift_past_64_bits() {
        assert_eq!(bit(0), 1);
        assert_eq!(bit(63), 1 << 63);
        assert_eq!(bit(64), 0);
        assert_eq!(bit(usize::MAX), 0);
        assert_eq!(offsets(1), 1);
        assert_eq!(offsets(58), (1 << 58) - 1);
        assert_eq!(offsets(64), u64::MAX);
        assert_eq!(offsets(65), u64::MAX);
    }

    #[test]
    fn a_sealed_cave_counts_only_itself() {
        let got = verdicts("1\n3 3\n###\n#0#\n###\n");
        assert_eq!(
            got,
            [Verdict {
                squares: 1,
                lucky: true
            }]
        );
    }

    #[test]
    fn intervals_classify_exits_against_the_reach() {
        // Row 1 ". . ." over row 2 "0 # ." : offset 0 leads to the cave, offset 2 to a
        // passable square that never reaches it.
        let case = &read_all(&b"1\n5 5\n#####\n#...#\n#0#.#\n##..#\n#####\n"[..]).unwrap()[0];
        let cave = case.caves[0];
        let reach = backward_reach(&case.grid, cave);
        let found = intervals(&case.grid, &reach, cave.row);
        assert_eq!(
            found,
            [
                Interval {
                    len: 3,
                    good: 0b001,
                    bad: 0b100
                },
                Interval {
                    len: 1,
                    good: 0,
                    bad: 0
                },
            ]
        );
    }
}
