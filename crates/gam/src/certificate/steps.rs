//! The certificates step by step, for the playground: for each test in turn, its board
//! with the shortest paths' layers, then for an even distance the winner's strategy
//! round by round: the squares the winner steps onto in that round, and the squares the
//! loser may stand on when a rule applies. An odd distance is one step: A wins by parity.

use std::collections::BTreeSet;

use gridkit::solved::{Step, Steps};

use super::picture::draw_round;
use super::{Rule, Square, TestCertificate};
use crate::board::Player;

/// The steps of every test's checked certificate.
#[derive(Debug)]
pub struct Rounds {
    tests: Vec<TestCertificate>,
    /// The index of each test's first step.
    firsts: Vec<usize>,
    count: usize,
}

impl Rounds {
    /// The steps of `tests`.
    pub fn new(tests: Vec<TestCertificate>) -> Rounds {
        let mut firsts = Vec::with_capacity(tests.len());
        let mut count = 0;
        for test in &tests {
            firsts.push(count);
            count += test.strategy.len() + 1;
        }
        Rounds {
            tests,
            firsts,
            count,
        }
    }
}

impl Steps for Rounds {
    fn count(&self) -> usize {
        self.count.max(1)
    }

    fn step(&self, index: usize) -> Step {
        let index = index.min(self.count().saturating_sub(1));
        let at = self.firsts.partition_point(|&first| first <= index);
        let Some(test_index) = at.checked_sub(1) else {
            return Step {
                caption: "No test to show.".to_string(),
                picture: gridkit::picture::Svg::new(gridkit::picture::MAX_WIDTH).finish(40.0),
            };
        };
        let test = &self.tests[test_index];
        let round = index - self.firsts[test_index];
        let n = test.rows.len();
        let d = test.distance;
        let named = format!("Test {} of {}", test_index + 1, self.tests.len());
        let (winner, loser) = match test.winner {
            Player::A => ("A", "B"),
            Player::B => ("B", "A"),
        };
        let rounds = test.strategy.len();
        let Some(rules) = round.checked_sub(1).map(|at| &test.strategy[at]) else {
            let why = if d % 2 == 1 {
                "odd: there is no middle layer, so B cannot catch A. A wins.".to_string()
            } else {
                format!("even: {winner}'s strategy follows, {rounds} rounds.")
            };
            let caption = format!(
                "{named}: {n} x {n}, shortest path D = {d} moves, layers k = 0 to {d} from A; D is {why}"
            );
            let picture = draw_round(test, &[], &[]);
            return Step { caption, picture };
        };
        let against: BTreeSet<Square> = rules
            .iter()
            .flat_map(|rule| rule.against.iter().copied())
            .collect();
        let against: Vec<Square> = against.into_iter().collect();
        let stepped: BTreeSet<Square> = rules.iter().map(|rule| rule.to).collect();
        let end = match (round == rounds, test.winner) {
            (true, Player::B) => " B's last move lands on A in the middle layer: B wins.",
            (true, Player::A) => " A is past the middle layer and B never caught him: A wins.",
            _ => "",
        };
        let caption = format!(
            "{named}, round {round} of {rounds}: {winner} steps onto one of {} squares (framed) \
             by {} rules, whichever of {} squares {loser} stands on (dotted).{end}",
            stepped.len(),
            rules.len(),
            against.len()
        );
        let rules: Vec<&Rule> = rules.iter().collect();
        let picture = draw_round(test, &rules, &against);
        Step { caption, picture }
    }
}
