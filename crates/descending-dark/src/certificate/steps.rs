//! The certificates step by step, for the playground: for each case and each cave in
//! turn, a Lucky cave's plan run by run, with the walkers (every square the lost person
//! could be on) after each run, from a walker on every square of S_C down to one on the
//! cave; an Unlucky cave in one step, its trapped runs. A step is drawn when asked for,
//! by following its cave's plan from the start: a large input has thousands of runs, and
//! keeping every set of walkers would cost far more than following a plan again.

use gridkit::solved::{Step, Steps};
use gridkit::{Grid, Pos};

use super::picture::{draw_walkers, reaching};
use super::{Certificate, Evidence, Run};
use crate::parse::WALL;

/// The steps of a checked certificate.
#[derive(Debug)]
pub struct Runs {
    certificate: Certificate,
    /// For each cave with steps, in order: its case, its index in the case, and the index
    /// of its first step.
    caves: Vec<(usize, usize, usize)>,
    count: usize,
}

impl Runs {
    /// The steps of `certificate`.
    pub fn new(certificate: Certificate) -> Runs {
        let mut caves = Vec::new();
        let mut count = 0;
        for (case_index, case) in certificate.cases.iter().enumerate() {
            for (cave_index, cave) in case.caves.iter().enumerate() {
                caves.push((case_index, cave_index, count));
                count += match &cave.evidence {
                    Evidence::Lucky { plan } => plan.len() + 1,
                    Evidence::Unlucky { .. } => 1,
                };
            }
        }
        Runs {
            certificate,
            caves,
            count,
        }
    }
}

impl Steps for Runs {
    fn count(&self) -> usize {
        self.count.max(1)
    }

    fn step(&self, index: usize) -> Step {
        let index = index.min(self.count().saturating_sub(1));
        let found = self.caves.partition_point(|&(_, _, first)| first <= index);
        let Some(&(case_index, cave_index, first)) = found.checked_sub(1).map(|at| &self.caves[at])
        else {
            return Step {
                caption: "No cave to show.".to_string(),
                picture: gridkit::picture::Svg::new(gridkit::picture::MAX_WIDTH).finish(40.0),
            };
        };
        let case = &self.certificate.cases[case_index];
        let cave = &case.caves[cave_index];
        let grid = &case.grid;
        let named = format!(
            "Case #{}, cave {} (n_C = {})",
            case_index + 1,
            cave.label,
            cave.squares
        );
        let (caption, walkers) = match &cave.evidence {
            Evidence::Lucky { plan } => {
                let runs = index - first;
                let walkers = follow(grid, reaching(grid, cave.at), &plan[..runs]);
                let standing = walkers.iter().filter(|&&here| here).count();
                let on = match standing {
                    1 if walkers[grid.index_of(cave.at)] => {
                        "every walker is on the cave: Lucky.".to_string()
                    }
                    1 => "the walkers are on 1 square.".to_string(),
                    count => format!("the walkers are on {count} squares."),
                };
                let caption = match runs.checked_sub(1).map(|at| plan[at]) {
                    None if plan.is_empty() => {
                        format!("{named}: S_C is the cave alone, so the empty plan works: {on}")
                    }
                    None => format!(
                        "{named}: before the plan, a walker on each square of S_C; {} runs to follow.",
                        plan.len()
                    ),
                    Some(run) => format!(
                        "{named}: run {runs} of {}, {} x {}: {on}",
                        plan.len(),
                        run.instruction.letter(),
                        run.count
                    ),
                };
                (caption, walkers)
            }
            Evidence::Unlucky { trapped } => (
                format!(
                    "{named}: Unlucky: walkers on the {} trapped squares can never all reach \
                     the cave, whatever the plan.",
                    trapped.len()
                ),
                Vec::new(),
            ),
        };
        Step {
            caption,
            picture: draw_walkers(grid, cave, &walkers),
        }
    }
}

/// The squares some walker stands on after `runs`, from `start` (one flag per square of
/// `grid`). A move into a wall is ignored, so a run of `count` moves takes a walker
/// `count` squares or up to the wall, whichever is nearer.
fn follow(grid: &Grid<u8>, start: Vec<bool>, runs: &[Run]) -> Vec<bool> {
    let open = |pos: Pos| grid.get(pos).is_some_and(|&c| c != WALL);
    let mut walkers = start;
    for run in runs {
        let (dr, dc) = run.instruction.step();
        let mut next = vec![false; grid.len()];
        for (index, _) in walkers.iter().enumerate().filter(|(_, here)| **here) {
            let mut pos = grid.pos_of(index);
            // Past the first blocked move every further move of the run is blocked too.
            for _ in 0..run.count.min(grid.width() + grid.height()) {
                match pos.offset(dr, dc).filter(|&to| open(to)) {
                    Some(to) => pos = to,
                    None => break,
                }
            }
            next[grid.index_of(pos)] = true;
        }
        walkers = next;
    }
    walkers
}
