//! Walkers followed all at once, as a set of squares: one mask of columns per row
//! (`bit(col)`), so that a move of every walker is a few word operations per row, and
//! walkers that meet merge by themselves. The deletion pass (`shorten.rs`) follows
//! thousands of tries of a plan this way.

use gridkit::Pos;

use crate::parse::MAX_SIZE;
use crate::plan::{Move, Run};
use crate::solve::{Analysis, bit};

/// A set of walkers: bit `col` of row `row` is a walker on that square. Rows past the
/// grid's stay empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Crowd([u64; MAX_SIZE]);

impl Crowd {
    /// Whether every walker of this crowd is also one of `other`.
    pub(crate) fn within(&self, other: &Crowd) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .all(|(mine, theirs)| mine & !theirs == 0)
    }
}

/// The grid's open squares and S_C, for following a crowd.
pub(crate) struct Terrain<'a> {
    open: &'a [u64],
    reach: &'a [u64],
    cave: Pos,
}

impl<'a> Terrain<'a> {
    pub(crate) fn new(analysis: &'a Analysis, open: &'a [u64]) -> Self {
        Self {
            open,
            reach: &analysis.reach,
            cave: analysis.cave,
        }
    }

    /// One walker on every square of S_C.
    pub(crate) fn everywhere(&self) -> Crowd {
        let mut rows = [0; MAX_SIZE];
        for (row, &mask) in rows.iter_mut().zip(self.reach) {
            *row = mask;
        }
        Crowd(rows)
    }

    /// One walker, on the cave.
    pub(crate) fn on_the_cave(&self) -> Crowd {
        let mut rows = [0; MAX_SIZE];
        rows[self.cave.row] = bit(self.cave.col);
        Crowd(rows)
    }

    /// The walkers after `run`, or `None` if one of them ends outside S_C. A walker that
    /// leaves S_C never comes back (S_C holds every square from which the cave can be
    /// reached), so looking at the end of the run is enough.
    pub(crate) fn follow(&self, crowd: &Crowd, run: Run) -> Option<Crowd> {
        let mut now = *crowd;
        for _ in 0..run.count {
            // A move that changes nothing changes nothing the next time either.
            if !self.step(&mut now, run.instruction) {
                break;
            }
        }
        let outside = now
            .0
            .iter()
            .enumerate()
            .any(|(row, &mask)| mask & !self.reach.get(row).copied().unwrap_or(0) != 0);
        (!outside).then_some(now)
    }

    /// The squares from which `run` ends on a square of `after`: what a walker must be on
    /// before the run for the plan from there on to work, when `after` is that set after
    /// it. A run is one move repeated, so this is one move's preimage repeated.
    pub(crate) fn preimage(&self, run: Run, after: &Crowd) -> Crowd {
        let mut now = *after;
        for _ in 0..run.count {
            // A set that one more move leaves as it is stays so for the rest of the run.
            if !self.step_back(&mut now, run.instruction) {
                break;
            }
        }
        now
    }

    /// Moves every walker of `crowd` by one `instruction` (a walker facing a wall stays);
    /// whether any of them moved.
    fn step(&self, crowd: &mut Crowd, instruction: Move) -> bool {
        let mut moved = false;
        match instruction {
            Move::Left | Move::Right => {
                for (mask, &open) in crowd.0.iter_mut().zip(self.open) {
                    // The walkers whose next square along the row is open.
                    let free = match instruction {
                        Move::Left => *mask & (open << 1),
                        _ => *mask & (open >> 1),
                    };
                    if free != 0 {
                        let arrived = match instruction {
                            Move::Left => free >> 1,
                            _ => free << 1,
                        };
                        *mask = (*mask & !free) | arrived;
                        moved = true;
                    }
                }
            }
            Move::Down => {
                // From the bottom up, so that a walker moves one row only.
                for row in (1..self.open.len().min(MAX_SIZE)).rev() {
                    let free = crowd.0[row - 1] & self.open[row];
                    if free != 0 {
                        crowd.0[row - 1] &= !free;
                        crowd.0[row] |= free;
                        moved = true;
                    }
                }
            }
        }
        moved
    }

    /// Replaces `crowd` by the open squares that one `instruction` takes into it (a
    /// walker facing a wall stays where it is); whether that changed it.
    fn step_back(&self, crowd: &mut Crowd, instruction: Move) -> bool {
        let before = *crowd;
        match instruction {
            Move::Left | Move::Right => {
                for (mask, &open) in crowd.0.iter_mut().zip(self.open) {
                    // The squares whose next square along the row is open, and so the
                    // squares of `mask` they would come from.
                    let (free, from) = match instruction {
                        Move::Left => (open << 1, *mask << 1),
                        _ => (open >> 1, *mask >> 1),
                    };
                    *mask = open & ((free & from) | (!free & *mask));
                }
            }
            Move::Down => {
                // From the top down, so that each row reads the row below as it was.
                let rows = self.open.len().min(MAX_SIZE);
                for row in 0..rows {
                    let below_open = self.open.get(row + 1).copied().unwrap_or(0);
                    let below = if row + 1 < rows { crowd.0[row + 1] } else { 0 };
                    let mask = crowd.0[row];
                    crowd.0[row] = self.open[row] & ((below_open & below) | (!below_open & mask));
                }
            }
        }
        *crowd != before
    }
}
