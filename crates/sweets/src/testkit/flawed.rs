//! Flawed solvers, each making one classic mistake about which moves exist.
//!
//! They share one memoized minimax ([`winner_with`]) and differ only in the moves they
//! allow, so the same minimax with the stated moves ([`stated_moves`]) must give every
//! right answer: a flawed solver then fails for its own mistake, not for the minimax.

use gridkit::testkit::Flawed;

use crate::geometry::{CELLS, LINES, Mask};

/// The moves a solver believes `mask` allows, as the sets of cells they eat.
pub type MovesOf = fn(Mask) -> Vec<Mask>;

/// The flawed solvers of Sweets Game.
pub const FLAWED: &[Flawed<Mask>] = &[
    Flawed {
        name: "two-directions",
        mistake: "lets runs lie along the rows and the down-right diagonals only, \
                  forgetting the down-left ones",
        solve: |&mask| winner_with(two_directions, mask),
    },
    Flawed {
        name: "runs-jump-gaps",
        mistake: "lets a move eat the chocolates of a line across the empty cells between them",
        solve: |&mask| winner_with(jumping_gaps, mask),
    },
    Flawed {
        name: "single-chocolates-only",
        mistake: "lets a move eat one chocolate only, so the winner is the parity of the count",
        solve: |&mask| winner_with(single_chocolates, mask),
    },
    Flawed {
        name: "no-single-chocolates",
        mistake: "forgets that eating one chocolate alone is a move",
        solve: |&mask| winner_with(no_single_chocolates, mask),
    },
];

/// The output for `mask` of a memoized minimax under `moves_of`.
pub fn winner_with(moves_of: MovesOf, mask: Mask) -> String {
    let mut memo = vec![None; 1 << CELLS];
    format!("{}\n", crate::render(wins(mask, moves_of, &mut memo)))
}

/// Whether the player to move wins `mask` when the moves are `moves_of`.
fn wins(mask: Mask, moves_of: MovesOf, memo: &mut [Option<bool>]) -> bool {
    if let Some(known) = memo[mask as usize] {
        return known;
    }
    let win = moves_of(mask)
        .into_iter()
        .any(|eaten| !wins(mask & !eaten, moves_of, memo));
    memo[mask as usize] = Some(win);
    win
}

/// Runs of consecutive chocolates on the lines whose direction `keep` accepts.
fn runs_on(mask: Mask, keep: impl Fn(usize) -> bool) -> Vec<Mask> {
    let mut moves = Vec::new();
    for line in LINES.iter().filter(|line| keep(line.direction)) {
        let cells = line.cells();
        for start in 0..cells.len() {
            let mut eaten = 0;
            for &cell in cells[start..]
                .iter()
                .take_while(|&&cell| mask & 1 << cell != 0)
            {
                eaten |= 1 << cell;
                moves.push(eaten);
            }
        }
    }
    moves
}

/// The moves as stated: runs along all three directions.
pub fn stated_moves(mask: Mask) -> Vec<Mask> {
    runs_on(mask, |_| true)
}

/// Runs along the rows and the down-right diagonals only.
fn two_directions(mask: Mask) -> Vec<Mask> {
    runs_on(mask, |direction| direction != 2)
}

/// The chocolates of any stretch of a line, jumping over the empty cells between them.
fn jumping_gaps(mask: Mask) -> Vec<Mask> {
    let mut moves = Vec::new();
    for line in &LINES {
        let present: Vec<usize> = line
            .cells()
            .iter()
            .copied()
            .filter(|&cell| mask & 1 << cell != 0)
            .collect();
        for start in 0..present.len() {
            let mut eaten = 0;
            for &cell in &present[start..] {
                eaten |= 1 << cell;
                moves.push(eaten);
            }
        }
    }
    moves
}

/// Single chocolates only.
fn single_chocolates(mask: Mask) -> Vec<Mask> {
    (0..CELLS)
        .filter(|&cell| mask & 1 << cell != 0)
        .map(|cell| 1 << cell)
        .collect()
}

/// Runs of two or more only.
fn no_single_chocolates(mask: Mask) -> Vec<Mask> {
    stated_moves(mask)
        .into_iter()
        .filter(|eaten| eaten.count_ones() >= 2)
        .collect()
}
