//! The winner's strategy in the layered game, read off the [`Outcomes`] by walking
//! forward from the start: at every position the winner can reach, one winning reply for
//! each move the loser may make, and nothing for positions the winner never lets arise.
//!
//! Replies are picked so that the strategy stays small: a piece standing on the same
//! square answers the same way when that still wins, so that one rule covers many of
//! the other piece's squares.

use std::collections::{BTreeMap, HashMap};

use super::layers::Layers;
use super::outcomes::Outcomes;
use crate::board::Player;

/// One rule of a round, in board squares: the winner on `from` steps to `to` when the
/// loser stands on any square of `against` (for A: before his move; for B: after A's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareRule {
    pub from: usize,
    pub to: usize,
    pub against: Vec<usize>,
}

/// The winner's rules, round by round (round `r` holds A's move `r` and B's move `r`,
/// for `r` from 1 to `D/2`).
pub fn rules(layers: &Layers<'_>, outcomes: &Outcomes, winner: Player) -> Vec<Vec<SquareRule>> {
    match winner {
        Player::A => a_rules(layers, outcomes),
        Player::B => b_rules(layers, outcomes),
    }
}

/// A's rules: for each position `(a, b)` before A's move `k + 1`, a step from which A
/// wins against every reply of B's; the positions of the next round are those replies.
fn a_rules(layers: &Layers<'_>, outcomes: &Outcomes) -> Vec<Vec<SquareRule>> {
    let d = layers.distance();
    let m = d / 2;
    let board = layers.board();
    let mut positions = vec![(board.a, board.b)];
    let mut rounds = Vec::with_capacity(m);
    for k in 0..m {
        positions.sort_unstable();
        positions.dedup();
        let mut rules: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
        // The step each of A's squares took first in this round: tried first next time.
        let mut usual: HashMap<usize, usize> = HashMap::new();
        let mut next = Vec::new();
        for &(a, b) in &positions {
            let replies: Vec<usize> = layers.slots_to(b, d - k - 1).collect();
            let wins = |step: usize| {
                let i = layers.slot(step);
                replies.iter().all(|&j| outcomes.a_wins(k + 1, i, j))
            };
            let step = usual
                .get(&a)
                .copied()
                .filter(|&step| wins(step))
                .or_else(|| layers.steps_to(a, k + 1).find(|&step| wins(step)))
                .expect("A wins at every position his strategy lets arise");
            usual.entry(a).or_insert(step);
            rules.entry((a, step)).or_default().push(b);
            if k + 1 < m {
                next.extend(layers.steps_to(b, d - k - 1).map(|reply| (step, reply)));
            }
        }
        rounds.push(collect(rules));
        positions = next;
    }
    rounds
}

/// B's rules: for each position `(a, b)` before A's move `k + 1` and each step `a'` A
/// may take, a reply after which A, to move, loses; in the last round the reply is
/// A's square itself.
fn b_rules(layers: &Layers<'_>, outcomes: &Outcomes) -> Vec<Vec<SquareRule>> {
    let d = layers.distance();
    let m = d / 2;
    let board = layers.board();
    let mut positions = vec![(board.a, board.b)];
    let mut rounds = Vec::with_capacity(m);
    for k in 0..m {
        positions.sort_unstable();
        positions.dedup();
        let mut rules: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
        // B's reply with his piece on `b` and A's just moved to `a'`, once chosen.
        let mut replied: HashMap<(usize, usize), usize> = HashMap::new();
        let mut usual: HashMap<usize, usize> = HashMap::new();
        let mut next = Vec::new();
        for &(a, b) in &positions {
            for step in layers.steps_to(a, k + 1) {
                if replied.contains_key(&(b, step)) {
                    continue;
                }
                let i = layers.slot(step);
                let a_loses = |reply: usize| !outcomes.a_wins(k + 1, i, layers.slot(reply));
                let reply = usual
                    .get(&b)
                    .copied()
                    .filter(|&reply| a_loses(reply))
                    .or_else(|| layers.steps_to(b, d - k - 1).find(|&reply| a_loses(reply)))
                    .expect("B wins at every position his strategy lets arise");
                usual.entry(b).or_insert(reply);
                replied.insert((b, step), reply);
                rules.entry((b, reply)).or_default().push(step);
                if k + 1 < m {
                    next.push((step, reply));
                }
            }
        }
        rounds.push(collect(rules));
        positions = next;
    }
    rounds
}

fn collect(rules: BTreeMap<(usize, usize), Vec<usize>>) -> Vec<SquareRule> {
    rules
        .into_iter()
        .map(|((from, to), mut against)| {
            against.sort_unstable();
            SquareRule { from, to, against }
        })
        .collect()
}
