//! The deletion pass as it was first written, kept for the tests only: walkers followed
//! one square at a time, and every try starting from a copy of all the plan's states. It
//! decides every drop and cut by the same rule as `shorten.rs`, only slowly, so the
//! faster pass must give the very same plan on every input (see the test below).

use gridkit::Pos;

use crate::plan::{Move, Run, push_run};
use crate::solve::{Analysis, bit};

/// The walkers' squares, sorted and without repeats.
type Walkers = Vec<Pos>;

/// `plan` (which works) with runs dropped and cut greedily while it still works.
pub(crate) fn shorten_one_by_one(analysis: &Analysis, open: &[u64], plan: Vec<Run>) -> Vec<Run> {
    let world = World { analysis, open };
    let start: Walkers = (0..analysis.reach.len())
        .flat_map(|row| {
            (0..64)
                .filter(move |&col| analysis.reach[row] & bit(col) != 0)
                .map(move |col| Pos::new(row, col))
        })
        .collect();
    let mut plan = plan;
    let mut states = world.states(&start, &plan);
    // Whole runs first: they are most of what can go.
    let mut index = 0;
    while index < plan.len() {
        let mut tried = plan.clone();
        tried.remove(index);
        match world.still_works(&states, &tried, index) {
            Some(new_states) => {
                plan = tried;
                states = new_states;
            }
            None => index += 1,
        }
    }
    // Then single runs cut to their fewest moves, smallest count first.
    for index in 0..plan.len() {
        for count in 1..plan[index].count {
            let mut tried = plan.clone();
            tried[index].count = count;
            if let Some(new_states) = world.still_works(&states, &tried, index) {
                plan = tried;
                states = new_states;
                break;
            }
        }
    }
    let mut merged = Vec::with_capacity(plan.len());
    for run in plan {
        push_run(&mut merged, run.instruction, run.count);
    }
    merged
}

/// The grid and S_C, for following walkers.
struct World<'a> {
    analysis: &'a Analysis,
    open: &'a [u64],
}

impl World<'_> {
    /// `states[k]`: the walkers before run `k` of `plan`; the last one after the plan.
    fn states(&self, start: &Walkers, plan: &[Run]) -> Vec<Walkers> {
        let mut states = vec![start.clone()];
        for run in plan {
            let next = self.apply(states.last().unwrap_or(start), *run);
            states.push(next.unwrap_or_default());
        }
        states
    }

    /// The states of `tried`, which differs from the plan of `states` from run `changed`
    /// on by one run dropped or cut, if it still works.
    fn still_works(
        &self,
        states: &[Walkers],
        tried: &[Run],
        changed: usize,
    ) -> Option<Vec<Walkers>> {
        // A dropped run shifts the old states by one, a cut one does not.
        let shift = states.len() - 1 - tried.len();
        let mut new_states = states[..=changed].to_vec();
        for (index, run) in tried.iter().enumerate().skip(changed) {
            let next = self.apply(&new_states[index], *run)?;
            if next == states[index + 1 + shift] {
                new_states.extend_from_slice(&states[index + 1 + shift..]);
                return Some(new_states);
            }
            new_states.push(next);
        }
        let end = new_states.last()?;
        (end.as_slice() == [self.analysis.cave]).then_some(new_states)
    }

    /// The walkers after `run`, or `None` if one leaves S_C.
    fn apply(&self, walkers: &Walkers, run: Run) -> Option<Walkers> {
        let mut next = Vec::with_capacity(walkers.len());
        for &at in walkers {
            let moved = self.walk(at, run)?;
            next.push(moved);
        }
        next.sort_unstable();
        next.dedup();
        Some(next)
    }

    /// Where `run` takes the walker at `at`, or `None` if it leaves S_C.
    fn walk(&self, mut at: Pos, run: Run) -> Option<Pos> {
        let open = |pos: Pos| {
            self.open
                .get(pos.row)
                .is_some_and(|row| row & bit(pos.col) != 0)
        };
        for _ in 0..run.count {
            let next = match run.instruction {
                Move::Left => at.col.checked_sub(1).map(|col| Pos::new(at.row, col)),
                Move::Right => Some(Pos::new(at.row, at.col + 1)),
                Move::Down => Some(Pos::new(at.row + 1, at.col)),
            };
            match next {
                Some(next) if open(next) => at = next,
                _ => break,
            }
        }
        let in_reach = self
            .analysis
            .reach
            .get(at.row)
            .is_some_and(|row| row & bit(at.col) != 0);
        in_reach.then_some(at)
    }
}

#[cfg(test)]
mod tests {
    use gridkit::testkit::{ProblemKit, case_rng, scale_of};

    use super::*;
    use crate::certificate::{gather, shorten};
    use crate::solve::{analyse, open_rows};
    use crate::testkit::{Kit, Shape, mountain};

    /// Both passes shorten the plan of every Lucky cave of `case` to the same runs.
    fn agree(case: &crate::parse::Case) -> usize {
        let open = open_rows(&case.grid);
        let mut plans = 0;
        for &at in &case.caves {
            let analysis = analyse(&open, at);
            if !analysis.lucky() {
                continue;
            }
            let plan = gather::gathering_plan(&analysis, &open).unwrap();
            let slow = shorten_one_by_one(&analysis, &open, plan.clone());
            let fast = shorten::shorten(&analysis, &open, plan).unwrap();
            assert_eq!(
                fast,
                slow,
                "cave at {at:?} of\n{}",
                crate::testkit::render(std::slice::from_ref(case))
            );
            plans += 1;
        }
        plans
    }

    #[test]
    fn the_fast_pass_shortens_as_the_first_one_did() {
        let mut plans = 0;
        for number in 0..800 {
            let mut rng = case_rng(0x5107_7e11, number);
            for case in Kit::generate(&mut rng, scale_of(number * 2)) {
                plans += agree(&case);
            }
        }
        // Every shape at full size, where plans have hundreds of runs.
        for (index, shape) in Shape::ALL.into_iter().enumerate() {
            let mut rng = case_rng(0x5107_7e12, index as u64);
            plans += agree(&mountain(&mut rng, shape, 60, 60, 10));
        }
        assert!(plans > 1000, "only {plans} plans compared");
    }
}
