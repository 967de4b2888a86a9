//! Flawed solvers, one per pitfall of the statement, and the same code without a flaw.
//!
//! All share one straightforward implementation of the official algorithm (a search for
//! S_C, intervals with exit masks, pruning to a fixpoint), with a switch per mistake; with
//! no switch on it must print every expected output, which shows the harness is right.

use gridkit::testkit::Flawed;
use gridkit::{Grid, Pos};

use crate::Verdict;
use crate::parse::{Case, WALL};
use crate::solve::{forward_offsets, keep_continued_offsets};

/// The one mistake a variant of the shared implementation makes, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Variant {
    Flawless,
    /// Another cave stops you: S_C leaves out everything behind another cave.
    CavesAreStops,
    /// S_C is the connected component of C, moving in all four directions.
    UndirectedReach,
    /// Possible offsets come from the forward pass over lengths only.
    ForwardPassOnly,
    /// One pruning round instead of a fixpoint.
    OnePass,
    /// Forbidden offsets are computed once from all intervals, not from the live ones.
    StaleForbid,
    /// An exit is good when the square below is passable, whether or not it is in S_C.
    ExitsByPassable,
}

pub(super) const FLAWED: &[Flawed<Vec<Case>>] = &[
    Flawed {
        name: "caves-are-stops",
        mistake: "treats another cave as a square you cannot pass, so S_C stops at it",
        solve: |input| output(input, Variant::CavesAreStops),
    },
    Flawed {
        name: "undirected-reach",
        mistake: "takes S_C as the squares connected to the cave in all four directions",
        solve: |input| output(input, Variant::UndirectedReach),
    },
    Flawed {
        name: "forward-pass-only",
        mistake: "keeps the offsets of the forward pass over lengths, without the backward pass",
        solve: |input| output(input, Variant::ForwardPassOnly),
    },
    Flawed {
        name: "one-pass",
        mistake: "prunes intervals in one round instead of repeating until nothing changes",
        solve: |input| output(input, Variant::OnePass),
    },
    Flawed {
        name: "stale-forbid",
        mistake: "forbids the bad exits of every interval, also of those already emptied",
        solve: |input| output(input, Variant::StaleForbid),
    },
    Flawed {
        name: "exits-by-passable",
        mistake: "counts an exit as good when the square below is open, in S_C or not",
        solve: |input| output(input, Variant::ExitsByPassable),
    },
];

/// The shared implementation with no flaw: the expected output of every input.
pub fn flawless(input: &[Case]) -> String {
    output(input, Variant::Flawless)
}

fn output(input: &[Case], variant: Variant) -> String {
    let mut text = Vec::new();
    for (index, case) in input.iter().enumerate() {
        let verdicts: Vec<Verdict> = case
            .caves
            .iter()
            .map(|&cave| verdict(&case.grid, cave, variant))
            .collect();
        // Writing to a `Vec` cannot fail.
        let _ = crate::write_case(&mut text, index + 1, &verdicts);
    }
    String::from_utf8_lossy(&text).into_owned()
}

fn open(grid: &Grid<u8>, pos: Pos) -> bool {
    grid.get(pos).is_some_and(|&square| square != WALL)
}

fn verdict(grid: &Grid<u8>, cave: Pos, variant: Variant) -> Verdict {
    let inside = reach(grid, cave, variant);
    let squares = inside.cells().iter().filter(|&&square| square).count();
    let (all, own) = intervals(grid, &inside, cave, variant);
    let alive = prune(&all, variant);
    Verdict {
        squares,
        // Lucky when nothing but the cave's own interval is left.
        lucky: alive
            .iter()
            .enumerate()
            .all(|(index, &live)| !live || index == own),
    }
}

/// S_C by a search backwards from the cave (or, with the flaws, something like it).
fn reach(grid: &Grid<u8>, cave: Pos, variant: Variant) -> Grid<bool> {
    let steps: &[(isize, isize)] = if variant == Variant::UndirectedReach {
        &[(-1, 0), (0, -1), (0, 1), (1, 0)]
    } else {
        &[(-1, 0), (0, -1), (0, 1)]
    };
    let mut inside = Grid::new(grid.height(), grid.width(), false);
    inside[cave] = true;
    let mut stack = vec![cave];
    while let Some(to) = stack.pop() {
        for &(dr, dc) in steps {
            let Some(from) = to.offset(dr, dc) else {
                continue;
            };
            let other_cave = grid.get(from).is_some_and(u8::is_ascii_digit) && from != cave;
            let stopped = variant == Variant::CavesAreStops && other_cave;
            if !open(grid, from) || inside[from] || stopped {
                continue;
            }
            inside[from] = true;
            stack.push(from);
        }
    }
    inside
}

/// A run of S_C squares and what lies below each of its offsets.
struct Interval {
    len: usize,
    good: u64,
    bad: u64,
}

/// The intervals of `inside`, row by row, and the index of the cave's.
fn intervals(
    grid: &Grid<u8>,
    inside: &Grid<bool>,
    cave: Pos,
    variant: Variant,
) -> (Vec<Interval>, usize) {
    let mut all = Vec::new();
    let mut own = usize::MAX;
    for row in 0..grid.height() {
        let mut col = 0;
        while col < grid.width() {
            if !inside[Pos::new(row, col)] {
                col += 1;
                continue;
            }
            let mut interval = Interval {
                len: 0,
                good: 0,
                bad: 0,
            };
            while col < grid.width() && inside[Pos::new(row, col)] {
                if Pos::new(row, col) == cave {
                    own = all.len();
                }
                let below = Pos::new(row + 1, col);
                let bit = 1u64 << interval.len;
                if open(grid, below) {
                    if variant == Variant::ExitsByPassable || inside[below] {
                        interval.good |= bit;
                    } else {
                        interval.bad |= bit;
                    }
                }
                interval.len += 1;
                col += 1;
            }
            all.push(interval);
        }
    }
    (all, own)
}

/// Which intervals the pruning leaves alive.
fn prune(all: &[Interval], variant: Variant) -> Vec<bool> {
    let longest = all.iter().map(|interval| interval.len).max().unwrap_or(0);
    let mut alive = vec![true; all.len()];
    loop {
        let mut forbid = vec![0u64; longest + 1];
        for (interval, &live) in all.iter().zip(&alive) {
            if live || variant == Variant::StaleForbid {
                forbid[interval.len] |= interval.bad;
            }
        }
        let possible = possible_offsets(&forbid, variant);
        let mut dropped = false;
        for (interval, live) in all.iter().zip(alive.iter_mut()) {
            if *live && interval.good & possible[interval.len] != 0 {
                *live = false;
                dropped = true;
            }
        }
        if !dropped || variant == Variant::OnePass {
            return alive;
        }
    }
}

/// The offsets per length on a chain avoiding `forbid`: the solver's forward pass, and
/// its backward pass unless the variant forgets it.
fn possible_offsets(forbid: &[u64], variant: Variant) -> Vec<u64> {
    let mut possible = forward_offsets(forbid);
    if variant != Variant::ForwardPassOnly {
        keep_continued_offsets(&mut possible);
    }
    possible
}
