//! The official analysis algorithm: backward reach, wall-to-wall intervals with exit
//! masks, and pruning to a fixpoint over a chain of offsets indexed by interval length.
//!
//! A row of at most 60 squares is one `u64` (bit `c` for column `c`), so the reach, the
//! intervals and their exits are all computed a row at a time with bit operations.

use gridkit::{Grid, Pos};

use crate::Verdict;
use crate::parse::{Case, MAX_SIZE, WALL};

// A row, and so an interval and its offsets, fits the bits of a `u64`.
const _: () = assert!(MAX_SIZE <= 64);

/// The verdict for every cave of `case`, in label order.
///
/// # Complexity
/// Per cave O(R·C) bit operations for the reach and the intervals, then at most one
/// pruning round per interval, each O(intervals + C): far less than O(R·C) rounds in practice.
pub fn solve(case: &Case) -> Vec<Verdict> {
    let open = open_rows(&case.grid);
    case.caves
        .iter()
        .map(|&cave| solve_cave(&open, cave))
        .collect()
}

fn solve_cave(open: &[u64], cave: Pos) -> Verdict {
    let analysis = analyse(open, cave);
    Verdict {
        squares: analysis.squares(),
        lucky: analysis.lucky(),
    }
}

/// Everything the algorithm finds out about one cave: S_C, its intervals, and which
/// pruning round emptied each of them. `--explain` turns it into a certificate.
#[derive(Debug, Clone)]
pub(crate) struct Analysis {
    /// The cave's square.
    pub cave: Pos,
    /// S_C, a mask per row.
    pub reach: Vec<u64>,
    /// The intervals of S_C, top row first, left to right.
    pub intervals: Vec<Interval>,
    /// The rounds of the pruning, and after them what was left.
    pub pruning: Pruning,
}

impl Analysis {
    /// `n_C = |S_C|`.
    pub fn squares(&self) -> usize {
        self.reach.iter().map(|row| row.count_ones() as usize).sum()
    }

    /// Whether only the cave's own interval survived the pruning.
    pub fn lucky(&self) -> bool {
        self.pruning
            .dropped_in
            .iter()
            .filter(|round| round.is_none())
            .count()
            == 1
    }
}

/// The analysis of cave `cave` of the mountain whose passable squares are `open`.
pub(crate) fn analyse(open: &[u64], cave: Pos) -> Analysis {
    let reach = backward_reach(open, cave);
    let intervals = intervals(open, &reach, cave.row);
    let pruning = prune(&intervals);
    Analysis {
        cave,
        reach,
        intervals,
        pruning,
    }
}

/// Bit `offset` of a mask, or nothing past the 64 bits a mask holds.
pub(crate) fn bit(offset: usize) -> u64 {
    u32::try_from(offset)
        .ok()
        .and_then(|shift| 1u64.checked_shl(shift))
        .unwrap_or(0)
}

/// The offsets `0..len` of an interval of length `len` (all 64 bits from 64 on, where
/// `bit(len)` is 0 and the subtraction wraps).
pub(crate) fn offsets(len: usize) -> u64 {
    bit(len).wrapping_sub(1)
}

/// The passable squares of each row, as masks.
pub(crate) fn open_rows(grid: &Grid<u8>) -> Vec<u64> {
    (0..grid.height())
        .map(|row| {
            let squares = grid.row(row).iter().enumerate();
            squares
                .filter(|&(_, &square)| square != WALL)
                .fold(0, |mask, (col, _)| mask | bit(col))
        })
        .collect()
}

/// The squares of `open` connected to a square of `seeds` along the row: each seed spreads
/// Left and Right until a wall.
fn spread(open: u64, seeds: u64) -> u64 {
    let mut reached = seeds & open;
    loop {
        let next = reached | ((reached << 1) | (reached >> 1)) & open;
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// S_C row by row. Searched backwards: a square's predecessors are the passable squares
/// that move onto it, i.e. the one above it (by Down) and its left and right neighbours
/// (by Right and Left); never the one below, as there is no Up move. So nothing below the
/// cave's row is in S_C, the cave's row holds the cave's interval, and each row above holds
/// the squares over S_C squares of the next row, spread Left and Right.
pub(crate) fn backward_reach(open: &[u64], cave: Pos) -> Vec<u64> {
    let mut reach = vec![0; open.len()];
    reach[cave.row] = spread(open[cave.row], bit(cave.col));
    for row in (0..cave.row).rev() {
        reach[row] = spread(open[row], reach[row + 1]);
    }
    reach
}

/// A maximal horizontal run of S_C squares; S_C is closed under Left and Right, so it runs
/// from wall to wall. Bit `i` of a mask describes the square below offset `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Interval {
    /// Its row and first column.
    pub row: usize,
    pub start: usize,
    pub len: usize,
    /// The square below is in S_C: a Down move from here makes progress.
    pub good: u64,
    /// The square below is passable but outside S_C: a Down move from here is fatal.
    pub bad: u64,
}

/// The intervals of S_C, rows `0..=last_row` (the cave's row; none are further down).
fn intervals(open: &[u64], reach: &[u64], last_row: usize) -> Vec<Interval> {
    let mut found = Vec::new();
    for row in 0..=last_row {
        let good_below = reach.get(row + 1).copied().unwrap_or(0);
        let bad_below = open.get(row + 1).copied().unwrap_or(0) & !good_below;
        let mut rest = reach[row];
        while rest != 0 {
            // `rest` is not 0, so both counts are below 64 and the shifts are in range.
            let start = rest.trailing_zeros();
            let len = (rest >> start).trailing_ones() as usize;
            let run = offsets(len);
            found.push(Interval {
                row,
                start: start as usize,
                len,
                good: (good_below >> start) & run,
                bad: (bad_below >> start) & run,
            });
            rest &= !(run << start);
        }
    }
    found
}

/// The outcome of the pruning: in which round each interval was emptied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pruning {
    /// `dropped_in[i]`: the round that emptied interval `i`, or `None` if none did.
    pub dropped_in: Vec<Option<usize>>,
    /// `possible[round][len]`: the offsets of length `len` on a safe chain in that round.
    pub possible: Vec<Vec<u64>>,
}

/// Drops every interval that some safe Down move can empty, round after round, until none
/// can; the cave's own interval, which has no good exit, always survives.
///
/// After moving Left far enough, every live interval holds one point at offset 0, and all
/// intervals of the same length share one offset `x[len]` from then on. Left/Right moves
/// reach exactly the offsets with `x[len] <= x[len+1] <= x[len] + 1` for every length, so
/// `possible[len]` (offsets of length `len` lying on some such chain that avoids every bad
/// exit of a live interval) is a forward pass intersected with a backward pass. Any live
/// interval with a good exit at a possible offset can be emptied without harm. Dropping
/// intervals only removes bad exits, so what was droppable stays droppable: repeat.
///
/// A real plan may send points back into an interval dropped earlier; that is harmless:
/// the occupied intervals are always among those dropped no earlier than the first one
/// still occupied, whose drop avoided all their bad exits, so it can be repeated and every
/// Down lowers the points. Conversely, from the survivors alone no chain ever offers a good
/// exit, so if any survivor but the cave's interval is left, its point never gets down.
pub(crate) fn prune(intervals: &[Interval]) -> Pruning {
    let mut dropped_in = vec![None; intervals.len()];
    let mut rounds = Vec::new();
    loop {
        let live = || {
            intervals
                .iter()
                .zip(&dropped_in)
                .filter(|(_, round)| round.is_none())
                .map(|(interval, _)| interval)
        };
        let possible = possible_offsets(live());
        let round = rounds.len();
        let mut dropped = false;
        for (interval, drop) in intervals.iter().zip(dropped_in.iter_mut()) {
            let offers_progress = possible
                .get(interval.len)
                .is_some_and(|offsets| interval.good & offsets != 0);
            if drop.is_none() && offers_progress {
                *drop = Some(round);
                dropped = true;
            }
        }
        if !dropped {
            return Pruning {
                dropped_in,
                possible: rounds,
            };
        }
        rounds.push(possible);
    }
}

/// `possible[len]`: the offsets of length `len` on some chain (`x[1] = 0`,
/// `x[len] <= x[len+1] <= x[len] + 1`, up to the longest live length) that avoids every
/// bad exit of the `live` intervals.
fn possible_offsets<'a>(live: impl Iterator<Item = &'a Interval>) -> Vec<u64> {
    let mut forbid = Vec::new();
    for interval in live {
        if forbid.len() <= interval.len {
            forbid.resize(interval.len + 1, 0u64);
        }
        forbid[interval.len] |= interval.bad;
    }
    let mut possible = forward_offsets(&forbid);
    keep_continued_offsets(&mut possible);
    possible
}

/// The forward pass: `possible[len]`, the offsets of length `len` that some chain from
/// `x[1] = 0` reaches while avoiding `forbid` at every length on the way.
pub(crate) fn forward_offsets(forbid: &[u64]) -> Vec<u64> {
    let longest = forbid.len().saturating_sub(1);
    let mut possible = vec![0u64; longest + 1];
    if longest == 0 {
        return possible;
    }
    possible[1] = 1 & !forbid[1];
    for len in 2..=longest {
        let shorter = possible[len - 1];
        possible[len] = (shorter | shorter << 1) & offsets(len) & !forbid[len];
    }
    possible
}

/// The backward pass: keeps the offsets that the chain can also continue, up to the
/// longest length.
pub(crate) fn keep_continued_offsets(possible: &mut [u64]) {
    for len in (1..possible.len().saturating_sub(1)).rev() {
        let longer = possible[len + 1];
        possible[len] &= longer | longer >> 1;
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
        let open = open_rows(&case.grid);
        assert_eq!(open, [0, 0b01110, 0b01010, 0b01100, 0]);
        let reach = backward_reach(&open, cave);
        assert_eq!(reach, [0, 0b01110, 0b00010, 0, 0]);
        let found = intervals(&open, &reach, cave.row);
        assert_eq!(
            found,
            [
                Interval {
                    row: 1,
                    start: 1,
                    len: 3,
                    good: 0b001,
                    bad: 0b100
                },
                Interval {
                    row: 2,
                    start: 1,
                    len: 1,
                    good: 0,
                    bad: 0
                },
            ]
        );
    }

    #[test]
    fn spreading_stops_at_walls() {
        let open = 0b0111_0110_1111;
        assert_eq!(spread(open, 0b0000_0100_0000), 0b0000_0110_0000);
        assert_eq!(spread(open, 0b0001_0000_0001), 0b0111_0000_1111);
        assert_eq!(spread(open, 0b1000_1000_0000), 0);
        assert_eq!(spread(u64::MAX, 1), u64::MAX);
    }
}
