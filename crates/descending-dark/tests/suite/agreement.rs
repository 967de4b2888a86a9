//! The solver against the exhaustive reference on thousands of small generated mountains,
//! and against the plain implementation on large ones; the plain implementation's plans
//! for Lucky caves are followed square by square from every square of S_C.

use std::collections::BTreeSet;

use descending_dark::parse::Case;
use descending_dark::plan::plan_length;
use descending_dark::testkit::{Shape, mountain, open_squares, render, small_mountain};
use descending_dark::{Verdict, plain, reference, solve};
use fastrand::Rng;
use gridkit::Pos;

/// The input file of `case` alone, for failure messages.
fn text_of(case: &Case) -> String {
    render(std::slice::from_ref(case))
}

/// A small mountain (at most 64 open squares): mostly up to 10x10, sometimes a long strip
/// so that intervals up to 58 squares long occur too.
fn small(rng: &mut Rng) -> Case {
    if rng.usize(0..5) == 0 {
        loop {
            let shape = Shape::ALL[rng.usize(0..Shape::ALL.len())];
            let (rows, cols) = (rng.usize(3..=5), rng.usize(11..=60));
            let case = mountain(rng, shape, rows, cols, 10);
            if open_squares(&case) <= reference::MAX_OPEN {
                return case;
            }
        }
    }
    small_mountain(rng, 3..=10, reference::MAX_OPEN)
}

/// How many caves came out Lucky with more than one square, Lucky with one, and Unlucky.
#[derive(Default, Debug)]
struct Tally {
    lucky_many: usize,
    lucky_one: usize,
    unlucky: usize,
}

impl Tally {
    fn add(&mut self, verdicts: &[Verdict]) {
        for verdict in verdicts {
            match (verdict.lucky, verdict.squares) {
                (true, 1) => self.lucky_one += 1,
                (true, _) => self.lucky_many += 1,
                (false, _) => self.unlucky += 1,
            }
        }
    }

    /// The comparison meant something: every kind of answer occurred often.
    fn assert_varied(&self, at_least: usize) {
        assert!(
            self.lucky_many >= at_least && self.lucky_one >= at_least && self.unlucky >= at_least,
            "too little variety: {self:?}"
        );
    }
}

#[test]
fn solver_matches_the_exhaustive_reference() {
    let mut rng = Rng::with_seed(0x2012_0d0d);
    let mut tally = Tally::default();
    let mut longest_interval = 0;
    for _ in 0..3_200 {
        let case = small(&mut rng);
        longest_interval = longest_interval.max(case.grid.width() - 2);
        let text = text_of(&case);
        let expected = reference::solve(&case).expect("at most 64 open squares");
        let got = solve::solve(&case);
        assert_eq!(
            got, expected,
            "solver disagrees with the reference on\n{text}"
        );
        tally.add(&expected);
    }
    println!("solver vs reference: {tally:?}");
    tally.assert_varied(1_000);
    assert_eq!(longest_interval, 58);
}

#[test]
fn plain_matches_the_exhaustive_reference_and_its_plans_work() {
    let mut rng = Rng::with_seed(0x0d0d_2012);
    let mut tally = Tally::default();
    for _ in 0..1_200 {
        let case = small(&mut rng);
        let text = text_of(&case);
        let expected = reference::solve(&case).expect("at most 64 open squares");
        let outcomes = plain::solve_with_plans(&case);
        let got: Vec<Verdict> = outcomes.iter().map(|o| o.verdict).collect();
        assert_eq!(
            got, expected,
            "plain disagrees with the reference on\n{text}"
        );
        check_plans(&text, &case, &outcomes);
        tally.add(&expected);
    }
    println!("plain vs reference: {tally:?}");
    tally.assert_varied(300);
}

#[test]
fn solver_matches_plain_on_large_mountains() {
    let mut rng = Rng::with_seed(0x60_60);
    let mut tally = Tally::default();
    let mut longest_plan = 0;
    for round in 0..300 {
        let shape = Shape::ALL[round % Shape::ALL.len()];
        let (rows, cols) = if round % 3 == 0 {
            (60, 60)
        } else {
            (rng.usize(11..=60), rng.usize(11..=60))
        };
        let case = mountain(&mut rng, shape, rows, cols, 10);
        let text = text_of(&case);
        let outcomes = plain::solve_with_plans(&case);
        let expected: Vec<Verdict> = outcomes.iter().map(|o| o.verdict).collect();
        let got = solve::solve(&case);
        assert_eq!(got, expected, "solver disagrees with plain on\n{text}");
        longest_plan = longest_plan.max(check_plans(&text, &case, &outcomes));
        tally.add(&expected);
    }
    println!("solver vs plain: {tally:?}");
    tally.assert_varied(100);
    println!("longest plan checked: {longest_plan} instructions");
}

/// S_C straight from the definition: the graph of literal moves (a blocked move stays
/// put), searched backwards from the cave along reversed edges.
fn literal_reach(case: &Case, cave: Pos) -> BTreeSet<Pos> {
    let open: Vec<Pos> = case
        .grid
        .positions()
        .filter(|&p| case.passable(p))
        .collect();
    let mut into: std::collections::HashMap<Pos, Vec<Pos>> = Default::default();
    for &from in &open {
        for (dr, dc) in [(0, -1), (0, 1), (1, 0)] {
            let to = from
                .offset(dr, dc)
                .filter(|&next| case.passable(next))
                .unwrap_or(from);
            into.entry(to).or_default().push(from);
        }
    }
    let mut reach = BTreeSet::from([cave]);
    let mut stack = vec![cave];
    while let Some(to) = stack.pop() {
        for &from in into.get(&to).into_iter().flatten() {
            if reach.insert(from) {
                stack.push(from);
            }
        }
    }
    reach
}

/// Follows every Lucky plan from every square of S_C; returns the longest plan's length.
fn check_plans(text: &str, case: &Case, outcomes: &[plain::Outcome]) -> usize {
    let mut longest = 0;
    for (label, (&cave, outcome)) in case.caves.iter().zip(outcomes).enumerate() {
        let reach = literal_reach(case, cave);
        assert_eq!(
            reach.len(),
            outcome.verdict.squares,
            "cave {label}: wrong n_C on\n{text}"
        );
        assert_eq!(outcome.plan.is_some(), outcome.verdict.lucky);
        let Some(plan) = &outcome.plan else { continue };
        longest = longest.max(plan_length(plan));
        // Follow the plan from all of S_C at once: the set of possible squares.
        let mut possible = reach;
        for run in plan {
            possible = possible
                .iter()
                .map(|&at| plain::follow(case, at, std::slice::from_ref(run)))
                .collect();
        }
        assert_eq!(
            possible,
            BTreeSet::from([cave]),
            "cave {label}: the plan does not end on the cave from every square on\n{text}"
        );
    }
    longest
}
