//! The checker of a [`Certificate`], by the statement's rules alone: it never solves (the
//! solver crate depends on this one, not the other way round). It trusts the parsed input
//! ([`Case`]: the grid and the caves' squares) and the statement's rules for one move
//! ([`Move::step`], a move into a wall ignored); it re-derives everything else, S_C, the
//! walkers' squares and the offsets, with a few plain loops over the grid. The one move
//! is written twice: square by square for the graph S_C is searched in, and as bit
//! operations on whole rows for the walkers of a plan (there, the bits of a row are its
//! squares, so a step is a shift by one column or one row, kept where the target is open).
//!
//! It verifies, first, that the certificate is for the input on stdin (the same number of
//! cases, the same grids, the caves on the same squares); then, for every cave:
//! - the count: S_C is computed from the literal moves (a blocked move stays put),
//!   searched backwards from the cave, and its size must be the one stated;
//! - Lucky: the plan, followed from every square of S_C at once, keeps every walker in
//!   S_C (a walker outside can never come back) and ends with all of them on the cave.
//!   Its cost is at most runs x 60 steps x 60 rows of bit operations, whatever the
//!   walkers, and the plans of a certificate have at most [`MAX_RUNS`] runs in all;
//! - Unlucky: the trapped runs are whole runs of S_C from wall to wall, at least one of
//!   them not the cave's own; put a walker on the leftmost square of each. Whatever the
//!   plan, walkers on runs of equal length keep equal offsets, and the offset for each
//!   length is the one for a length one less, or one more (a chain). The check computes
//!   every offset on a chain that avoids, for every run of its length, an open square
//!   outside S_C below (a Down there loses that walker for good), and requires that none
//!   of them has a square of S_C below in any run. Then no Down ever moves a walker
//!   without losing one, so no walker leaves its run, and those off the cave's run never
//!   reach the cave: no plan works.

use std::collections::BTreeSet;
use std::fmt;

use gridkit::grid::{RowRun, row_runs};
use gridkit::{Grid, Pos};

#[cfg(doc)]
use crate::certificate::MAX_RUNS;
use crate::certificate::{CaseCertificate, Certificate, Evidence, Move, Run};
use crate::parse::{Case, MAX_SIZE};

/// Why a certificate proves nothing, in the statement's terms (rows, columns and cases
/// from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The certificate is for another input: what differs.
    OtherInput(String),
    /// The first false claim.
    Unproven(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::OtherInput(what) => write!(f, "the certificate is for another input: {what}"),
            Refusal::Unproven(why) => write!(f, "the certificate does not prove an answer: {why}"),
        }
    }
}

impl std::error::Error for Refusal {}

/// Checks that `certificate` proves its verdicts for `cases` (parsed from the input on
/// their own). The answer proven is then the verdicts the certificate states.
///
/// # Errors
/// The first difference from the input, or the first false claim, naming case and cave.
pub fn check(cases: &[Case], certificate: &Certificate) -> Result<(), Refusal> {
    if certificate.cases.len() != cases.len() {
        return Err(Refusal::OtherInput(format!(
            "it has {} cases, the input {}",
            certificate.cases.len(),
            cases.len()
        )));
    }
    for (index, (case, certified)) in cases.iter().zip(&certificate.cases).enumerate() {
        let number = index + 1;
        same_input(case, certified)
            .map_err(|what| Refusal::OtherInput(format!("case #{number}: {what}")))?;
        check_case(case, certified)
            .map_err(|why| Refusal::Unproven(format!("case #{number}: {why}")))?;
    }
    Ok(())
}

/// The certificate's grid and caves are the case's, or the first difference.
fn same_input(case: &Case, certified: &CaseCertificate) -> Result<(), String> {
    let (ours, theirs) = (&case.grid, &certified.grid);
    if (ours.height(), ours.width()) != (theirs.height(), theirs.width()) {
        return Err(format!(
            "the grid is {}x{}, not {}x{}",
            ours.height(),
            ours.width(),
            theirs.height(),
            theirs.width()
        ));
    }
    if let Some(row) = (0..ours.height()).find(|&row| ours.row(row) != theirs.row(row)) {
        return Err(format!("row {} differs", row + 1));
    }
    if certified.caves.len() != case.caves.len() {
        return Err(format!(
            "{} caves certified, not {}",
            certified.caves.len(),
            case.caves.len()
        ));
    }
    for (label, (cave, &at)) in certified.caves.iter().zip(&case.caves).enumerate() {
        if cave.label != label || cave.at != at {
            return Err(format!(
                "cave {label} is on {}, not cave {} on {}",
                named(at),
                cave.label,
                named(cave.at)
            ));
        }
    }
    Ok(())
}

/// Checks every cave's count and evidence.
fn check_case(case: &Case, certified: &CaseCertificate) -> Result<(), String> {
    for (label, cave) in certified.caves.iter().enumerate() {
        let fail = |error: String| format!("cave {label}: {error}");
        let reach = literal_reach(case, cave.at);
        if cave.squares != reach.len() {
            return Err(fail(format!(
                "{} squares reach it, not {}",
                reach.len(),
                cave.squares
            )));
        }
        match &cave.evidence {
            Evidence::Lucky { plan } => check_plan(case, cave.at, &reach, plan).map_err(fail)?,
            Evidence::Unlucky { trapped } => {
                check_trap(case, cave.at, &reach, trapped).map_err(fail)?;
            }
        }
    }
    Ok(())
}

/// A square as the statement's text numbers it.
fn named(pos: Pos) -> String {
    format!(
        "row {}, column {}",
        pos.row as u128 + 1,
        pos.col as u128 + 1
    )
}

/// Where `instruction` takes a walker at `at`: a move into a wall is ignored.
fn moved(case: &Case, at: Pos, instruction: Move) -> Pos {
    let (dr, dc) = instruction.step();
    match at.offset(dr, dc) {
        Some(next) if case.passable(next) => next,
        _ => at,
    }
}

/// S_C straight from the definition: the graph of literal moves (a blocked move stays
/// put), searched backwards from the cave along its reversed edges.
fn literal_reach(case: &Case, cave: Pos) -> BTreeSet<Pos> {
    let mut into: Grid<Vec<Pos>> = Grid::new(case.grid.height(), case.grid.width(), Vec::new());
    for from in case.grid.positions().filter(|&pos| case.passable(pos)) {
        for instruction in [Move::Left, Move::Right, Move::Down] {
            into[moved(case, from, instruction)].push(from);
        }
    }
    let mut reach = BTreeSet::from([cave]);
    let mut stack = vec![cave];
    while let Some(to) = stack.pop() {
        for &from in &into[to] {
            if reach.insert(from) {
                stack.push(from);
            }
        }
    }
    reach
}

/// Follows `plan` from every square of `reach` at once: no walker may leave S_C (it could
/// never come back), and all must end on the cave.
fn check_plan(case: &Case, cave: Pos, reach: &BTreeSet<Pos>, plan: &[Run]) -> Result<(), String> {
    let open = Rows::of(
        case.grid.height(),
        case.grid.positions().filter(|&pos| case.passable(pos)),
    );
    let inside = Rows::of(case.grid.height(), reach.iter().copied());
    let mut walkers = inside.clone();
    for (index, run) in plan.iter().enumerate() {
        walkers.follow(&open, *run);
        if let Some(lost) = walkers.first_outside(&inside) {
            return Err(format!(
                "after run {} of the plan ({}×{}) a walker is on {}, which cannot reach the cave",
                index + 1,
                run.instruction.letter(),
                run.count,
                named(lost)
            ));
        }
    }
    let cave_only = Rows::of(case.grid.height(), [cave]);
    match walkers.first_outside(&cave_only) {
        None => Ok(()),
        Some(elsewhere) => Err(format!(
            "the plan leaves a walker on {}, not on the cave",
            named(elsewhere)
        )),
    }
}

/// A set of squares as one bit per column (bit `c` for column `c`) in each row. Grids are
/// at most [`MAX_SIZE`] wide, and the certificate's grid is the input's before any plan
/// is followed.
///
/// Walkers are followed as such sets rather than one by one, so that a run costs the same
/// whatever the number of walkers: one step moves every walker of a row with a few bit
/// operations, walkers that meet merge, and a run stops early once no walker can take
/// another step of it (a blocked move stays put, so the rest of the run changes nothing).
/// A run's steps are then at most the grid's width or height, and a whole plan costs at
/// most its runs x 60 steps x 60 rows.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rows(Vec<u64>);

const _: () = assert!(MAX_SIZE <= 64, "a row is one u64");

impl Rows {
    fn of(height: usize, squares: impl IntoIterator<Item = Pos>) -> Self {
        let mut rows = vec![0; height];
        for pos in squares {
            rows[pos.row] |= 1 << pos.col;
        }
        Rows(rows)
    }

    /// Takes every walker through `run` on the squares `open`.
    fn follow(&mut self, open: &Rows, run: Run) {
        for _ in 0..run.count {
            if !self.step(open, run.instruction) {
                break;
            }
        }
    }

    /// One move of every walker whose target square is open; whether any moved.
    fn step(&mut self, open: &Rows, instruction: Move) -> bool {
        // `movers` are the walkers whose target is open: bit c - 1 (c + 1) is the square
        // left (right) of bit c, and row r + 1 the one below row r.
        let mut moved = 0;
        match instruction {
            Move::Left => {
                for (walkers, &open) in self.0.iter_mut().zip(&open.0) {
                    let movers = *walkers & (open << 1);
                    *walkers = (*walkers ^ movers) | (movers >> 1);
                    moved |= movers;
                }
            }
            Move::Right => {
                for (walkers, &open) in self.0.iter_mut().zip(&open.0) {
                    let movers = *walkers & (open >> 1);
                    *walkers = (*walkers ^ movers) | (movers << 1);
                    moved |= movers;
                }
            }
            Move::Down => {
                // From the bottom row up, so that no walker takes two steps at once.
                for row in (1..self.0.len()).rev() {
                    let movers = self.0[row - 1] & open.0[row];
                    self.0[row - 1] ^= movers;
                    self.0[row] |= movers;
                    moved |= movers;
                }
            }
        }
        moved != 0
    }

    /// The first square (by row, then column) of this set outside `set`.
    fn first_outside(&self, set: &Rows) -> Option<Pos> {
        self.0
            .iter()
            .zip(&set.0)
            .enumerate()
            .find_map(|(row, (&ours, &theirs))| {
                let outside = ours & !theirs;
                (outside != 0).then(|| Pos::new(row, outside.trailing_zeros() as usize))
            })
    }
}

/// A whole run of S_C from wall to wall: its row, first column and length.
type Trapped = RowRun;

/// The runs of `trapped`, each checked to be a whole run of S_C from wall to wall.
fn trapped_runs(
    case: &Case,
    reach: &BTreeSet<Pos>,
    trapped: &[Pos],
) -> Result<Vec<Trapped>, String> {
    let squares: BTreeSet<Pos> = trapped.iter().copied().collect();
    if let Some(&outside) = squares.iter().find(|square| !reach.contains(square)) {
        return Err(format!(
            "trapped square {} cannot reach the cave",
            named(outside)
        ));
    }
    let runs = row_runs(squares);
    for run in &runs {
        let before = run.start.checked_sub(1).map(|col| Pos::new(run.row, col));
        let after = Pos::new(run.row, run.start + run.len);
        if before.is_some_and(|pos| case.passable(pos)) || case.passable(after) {
            return Err(format!(
                "the trapped run from {} is not a whole run from wall to wall",
                named(Pos::new(run.row, run.start))
            ));
        }
    }
    Ok(runs)
}

/// The walker argument (see the module's header).
fn check_trap(
    case: &Case,
    cave: Pos,
    reach: &BTreeSet<Pos>,
    trapped: &[Pos],
) -> Result<(), String> {
    let runs = trapped_runs(case, reach, trapped)?;
    let holds_cave =
        |run: &Trapped| run.row == cave.row && (run.start..run.start + run.len).contains(&cave.col);
    if runs.iter().all(holds_cave) {
        return Err("no trapped run besides the cave's own".to_owned());
    }
    let below = |run: &Trapped, x: usize| Pos::new(run.row + 1, run.start + x);
    let on_chain = safe_chains(&runs, |run, x| {
        let square = below(run, x);
        !case.passable(square) || reach.contains(&square)
    });
    for run in &runs {
        let lowered = on_chain[run.len]
            .iter()
            .enumerate()
            .find(|&(x, &on)| on && reach.contains(&below(run, x)));
        if let Some((x, _)) = lowered {
            return Err(format!(
                "a safe chain takes the walker of the trapped run at {} down into S_C",
                named(Pos::new(run.row, run.start + x))
            ));
        }
    }
    Ok(())
}

/// `on_chain[len][x]`: some chain over the lengths `1..=longest` of `runs` passes offset
/// `x` at length `len` with every offset safe for every run of its length (`safe(run, x)`).
fn safe_chains(runs: &[Trapped], safe: impl Fn(&Trapped, usize) -> bool) -> Vec<Vec<bool>> {
    let longest = runs.iter().map(|run| run.len).max().unwrap_or(0);
    let mut allowed: Vec<Vec<bool>> = (0..=longest).map(|len| vec![true; len]).collect();
    for run in runs {
        for (x, allowed) in allowed[run.len].iter_mut().enumerate() {
            *allowed &= safe(run, x);
        }
    }
    // Forward from offset 0 at length 1: each length's offset is the last one's, or one more.
    let mut on_chain: Vec<Vec<bool>> = (0..=longest).map(|len| vec![false; len]).collect();
    for len in 1..=longest {
        for x in 0..len {
            let reached = if len == 1 {
                x == 0
            } else {
                let shorter = &on_chain[len - 1];
                shorter.get(x) == Some(&true) || x > 0 && shorter[x - 1]
            };
            on_chain[len][x] = allowed[len][x] && reached;
        }
    }
    // Backward from the longest length: the chain must go on to it.
    for len in (1..longest).rev() {
        for x in 0..len {
            let longer = &on_chain[len + 1];
            let continues = longer[x] || longer[x + 1];
            on_chain[len][x] &= continues;
        }
    }
    on_chain
}
