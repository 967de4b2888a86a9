//! The winner's strategy in the layered game, read off the [`Outcomes`] by walking
//! forward from the start: at every position the winner can reach, one winning reply for
//! each move the loser may make, and nothing for positions the winner never lets arise.
//!
//! Replies are picked so that the strategy stays small: a piece standing on the same
//! square answers the same way when that still wins, so that one rule covers many of
//! the other piece's squares.
//!
//! What a round remembers (the reply each square took first, the positions answered) is
//! kept in arrays indexed by the squares' slots in their layers, and its rules as
//! `(from, to, against)` triples sorted at the end of the round: a board of 300 x 300
//! has rounds of hundreds of thousands of positions.

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
    rounds(layers, |k, positions| {
        let mut rules = Vec::new();
        // The step each of A's squares (by slot) took first in this round: tried first
        // next time.
        let mut usual: Vec<Option<usize>> = vec![None; layers.layer(k).len()];
        let mut next = Vec::new();
        for &(a, b) in positions {
            let replies: Vec<usize> = layers.slots_to(b, d - k - 1).collect();
            let wins = |step: usize| {
                let i = layers.slot(step);
                replies.iter().all(|&j| outcomes.a_wins(k + 1, i, j))
            };
            let first = &mut usual[layers.slot(a)];
            let step = first
                .filter(|&step| wins(step))
                .or_else(|| layers.steps_to(a, k + 1).find(|&step| wins(step)))
                .expect("A wins at every position his strategy lets arise");
            first.get_or_insert(step);
            rules.push((a, step, b));
            if k + 1 < m {
                next.extend(layers.steps_to(b, d - k - 1).map(|reply| (step, reply)));
            }
        }
        (rules, next)
    })
}

/// B's rules: for each position `(a, b)` before A's move `k + 1` and each step `a'` A
/// may take, a reply after which A, to move, loses; in the last round the reply is
/// A's square itself.
fn b_rules(layers: &Layers<'_>, outcomes: &Outcomes) -> Vec<Vec<SquareRule>> {
    let d = layers.distance();
    let m = d / 2;
    rounds(layers, |k, positions| {
        let mut rules = Vec::new();
        // Whether B, with his piece on `b` and A's just moved to `a'`, has replied
        // already: bit `slot(b) * |L_{k+1}| + slot(a')`.
        let steps_width = layers.layer(k + 1).len();
        let mut replied = vec![0u64; (layers.layer(d - k).len() * steps_width).div_ceil(64)];
        // The reply each of B's squares (by slot) took first in this round.
        let mut usual: Vec<Option<usize>> = vec![None; layers.layer(d - k).len()];
        let mut next = Vec::new();
        for &(a, b) in positions {
            let b_slot = layers.slot(b);
            for step in layers.steps_to(a, k + 1) {
                let answered = b_slot * steps_width + layers.slot(step);
                let (word, bit) = (answered / 64, 1u64 << (answered % 64));
                if replied[word] & bit != 0 {
                    continue;
                }
                let i = layers.slot(step);
                let a_loses = |reply: usize| !outcomes.a_wins(k + 1, i, layers.slot(reply));
                let first = &mut usual[b_slot];
                let reply = first
                    .filter(|&reply| a_loses(reply))
                    .or_else(|| layers.steps_to(b, d - k - 1).find(|&reply| a_loses(reply)))
                    .expect("B wins at every position his strategy lets arise");
                first.get_or_insert(reply);
                replied[word] |= bit;
                rules.push((b, reply, step));
                if k + 1 < m {
                    next.push((step, reply));
                }
            }
        }
        (rules, next)
    })
}

/// The rounds of a strategy, A's moves `1..=m` (`m` half the distance): `round(k,
/// positions)` turns the positions `(a, b)` that may arise before A's move `k + 1`, each
/// once and in order, into the round's `(from, to, against)` triples and the positions
/// of the next round.
fn rounds(
    layers: &Layers<'_>,
    mut round: impl FnMut(usize, &[(usize, usize)]) -> (Vec<(usize, usize, usize)>, Vec<(usize, usize)>),
) -> Vec<Vec<SquareRule>> {
    let m = layers.distance() / 2;
    let board = layers.board();
    let mut positions = vec![(board.a, board.b)];
    let mut rounds = Vec::with_capacity(m);
    for k in 0..m {
        positions.sort_unstable();
        positions.dedup();
        let (rules, next) = round(k, &positions);
        rounds.push(collect(rules));
        positions = next;
    }
    rounds
}

/// The rules of a round from its `(from, to, against)` triples: one rule per `(from,
/// to)`, in that order, its `against` squares sorted.
fn collect(mut triples: Vec<(usize, usize, usize)>) -> Vec<SquareRule> {
    triples.sort_unstable();
    let mut rules: Vec<SquareRule> = Vec::new();
    for (from, to, against) in triples {
        match rules.last_mut() {
            Some(rule) if (rule.from, rule.to) == (from, to) => rule.against.push(against),
            _ => rules.push(SquareRule {
                from,
                to,
                against: vec![against],
            }),
        }
    }
    rules
}
