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
        // Without an early exit, so that the rows are compared a vector at a time.
        let outside = self
            .0
            .iter()
            .zip(&other.0)
            .fold(0, |outside, (mine, theirs)| outside | (mine & !theirs));
        outside == 0
    }
}

/// The grid's open squares and S_C, for following a crowd, as whole arrays of rows (empty
/// past the grid) so that every move is the same few operations on every row, which the
/// compiler turns into vector code.
pub(crate) struct Terrain {
    open: [u64; MAX_SIZE],
    /// The squares whose left neighbour is open, whose right one is, and whose square
    /// below is.
    left_open: [u64; MAX_SIZE],
    right_open: [u64; MAX_SIZE],
    below_open: [u64; MAX_SIZE],
    reach: [u64; MAX_SIZE],
    cave: Pos,
    /// The rows a walker can stand on before it is lost: S_C lies on the cave's row and
    /// above, and a walker that falls one row lower has left it. Every row below stays
    /// empty in every crowd.
    height: usize,
}

impl Terrain {
    pub(crate) fn new(analysis: &Analysis, open: &[u64]) -> Self {
        let rows = |masks: &[u64]| {
            let mut rows = [0; MAX_SIZE];
            for (row, &mask) in rows.iter_mut().zip(masks) {
                *row = mask;
            }
            rows
        };
        let open = rows(open);
        let height = (analysis.cave.row + 2).min(MAX_SIZE);
        let mut below_open = [0; MAX_SIZE];
        // Rows `..height - 1` only: a walker on the last row kept has left S_C already,
        // and stays there to be seen so.
        below_open[..height - 1].copy_from_slice(&open[1..height]);
        Self {
            open,
            left_open: open.map(|row| row << 1),
            right_open: open.map(|row| row >> 1),
            below_open,
            reach: rows(&analysis.reach),
            cave: analysis.cave,
            height,
        }
    }

    /// One walker on every square of S_C.
    pub(crate) fn everywhere(&self) -> Crowd {
        Crowd(self.reach)
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
        now.within(&Crowd(self.reach)).then_some(now)
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

    /// Moves every walker of `crowd` (on open squares) by one `instruction`, a walker
    /// facing a wall staying where it is; whether any of them moved.
    pub(crate) fn step(&self, crowd: &mut Crowd, instruction: Move) -> bool {
        let rows = &mut crowd.0[..self.height];
        // The walkers whose next square is open, row by row.
        let mut moved = 0;
        match instruction {
            Move::Left => {
                for (mask, &free) in rows.iter_mut().zip(&self.left_open) {
                    let leaving = *mask & free;
                    *mask = (*mask ^ leaving) | (leaving >> 1);
                    moved |= leaving;
                }
            }
            Move::Right => {
                for (mask, &free) in rows.iter_mut().zip(&self.right_open) {
                    let leaving = *mask & free;
                    *mask = (*mask ^ leaving) | (leaving << 1);
                    moved |= leaving;
                }
            }
            Move::Down => {
                let mut arriving = 0;
                for (mask, &free) in rows.iter_mut().zip(&self.below_open) {
                    let leaving = *mask & free;
                    *mask = (*mask ^ leaving) | arriving;
                    arriving = leaving;
                    moved |= leaving;
                }
            }
        }
        moved != 0
    }

    /// Replaces `crowd` by the open squares that one `instruction` takes into it (a
    /// walker facing a wall stays where it is); whether that changed it.
    fn step_back(&self, crowd: &mut Crowd, instruction: Move) -> bool {
        let rows = &mut crowd.0[..self.height];
        let open = &self.open[..self.height];
        // A square whose next square is open comes from it; any other stays put.
        let arrive =
            |open: u64, free: u64, next: u64, here: u64| open & ((free & next) | (!free & here));
        let mut changed = 0;
        match instruction {
            Move::Left | Move::Right => {
                let (frees, left) = match instruction {
                    Move::Left => (&self.left_open, true),
                    _ => (&self.right_open, false),
                };
                for ((mask, &open), &free) in rows.iter_mut().zip(open).zip(frees) {
                    let next = if left { *mask << 1 } else { *mask >> 1 };
                    let before = *mask;
                    *mask = arrive(open, free, next, before);
                    changed |= before ^ *mask;
                }
            }
            Move::Down => {
                // From the top down, so that each row reads the row below as it was.
                for row in 0..rows.len() {
                    let below = rows.get(row + 1).copied().unwrap_or(0);
                    let before = rows[row];
                    rows[row] = arrive(open[row], self.below_open[row], below, before);
                    changed |= before ^ rows[row];
                }
            }
        }
        changed != 0
    }
}
