//! The winner's strategy in the layered game, checked rule by rule: each rule is a legal
//! move along a shortest path, and every move the loser may answer with leads to a
//! position the next round covers, up to the middle, where B steps onto A's square (B's
//! strategy) or cannot (A's). Each rule is checked against its own squares' neighbours
//! and the next round's positions only.

use super::paths::Paths;
use super::positions::Positions;
use crate::board::Player;
use crate::certificate::Rule;

/// Checks that `rounds`, the strategy of `winner` on a board of even distance, wins
/// every play of the layered game.
///
/// # Errors
/// The first false step, as `round r: ...`.
pub fn check<'p>(paths: &'p Paths<'p>, winner: Player, rounds: &[Vec<Rule>]) -> Result<(), String> {
    let m = paths.distance / 2;
    if rounds.len() != m as usize {
        return Err(format!(
            "the strategy has {} rounds; D = {} needs D/2 = {m}",
            rounds.len(),
            paths.distance
        ));
    }
    let board = paths.board();
    let mut next =
        covered(paths, winner, 1, &rounds[0]).map_err(|why| format!("round 1: {why}"))?;
    match winner {
        Player::A if !next.contains(board.a, board.b) => {
            return Err("round 1: no rule for the start, A's first move".into());
        }
        Player::A => {}
        Player::B => {
            if let Some(step) = paths
                .steps(board.a, 1)
                .find(|&step| !next.contains(board.b, step))
            {
                return Err(format!(
                    "round 1: no rule for B's reply when A steps to {}",
                    paths.name(step)
                ));
            }
        }
    }
    for r in 1..=m {
        let rules = &rounds[r as usize - 1];
        // The round's own positions are no longer needed: only the next round's are
        // looked up, so only one set is held at a time.
        drop(next);
        next = if r < m {
            covered(paths, winner, r + 1, &rounds[r as usize])
                .map_err(|why| format!("round {}: {why}", r + 1))?
        } else {
            Positions::none(paths)
        };
        for rule in rules {
            let why = match winner {
                Player::A => a_rule(paths, r, rule, &next),
                Player::B => b_rule(paths, r, rule, &next),
            };
            why.map_err(|why| format!("round {r}: {why}"))?;
        }
    }
    Ok(())
}

/// The positions the rules of round `r` cover. A position off the round's layers is
/// left out: the rule that lists it is refused when its round is checked. A position
/// listed twice is held once (each of its rules is checked); the reading bounded the
/// round's length by its positions (see `read.rs`).
///
/// # Errors
/// A square off the board.
fn covered<'p>(
    paths: &'p Paths<'p>,
    winner: Player,
    r: u32,
    rules: &[Rule],
) -> Result<Positions<'p>, String> {
    let d = paths.distance;
    let (winner_layer, loser_layer) = match winner {
        Player::A => (r - 1, d - r + 1),
        Player::B => (d - r + 1, r),
    };
    let mut positions = Positions::new(paths, winner_layer, loser_layer);
    for rule in rules {
        let from = paths.index(rule.from)?;
        for &square in &rule.against {
            positions.insert(from, paths.index(square)?);
        }
    }
    Ok(positions)
}

/// A's rule in round `r`: A on `from` in layer `r - 1`, B on each square of `against` in
/// layer `D - r + 1`; A steps to `to` in layer `r`; B's every step to layer `D - r`
/// misses `to` in the middle and is covered by round `r + 1` before it.
fn a_rule(paths: &Paths<'_>, r: u32, rule: &Rule, next: &Positions<'_>) -> Result<(), String> {
    let d = paths.distance;
    let (from, to) = (paths.index(rule.from)?, paths.index(rule.to)?);
    let name = |square| paths.name(square);
    if !paths.on_layer(from, r - 1) {
        return Err(format!(
            "A on {} is not {} from his start along a shortest path",
            name(from),
            moves(r - 1)
        ));
    }
    if !paths.steps(from, r).any(|step| step == to) {
        return Err(format!(
            "A's step from {} to {} is not to a white side square one move nearer B's start",
            name(from),
            name(to)
        ));
    }
    for &square in &rule.against {
        let b = paths.index(square)?;
        if !paths.on_layer(b, d - r + 1) {
            return Err(format!(
                "B on {} is not {} from his start along a shortest path",
                name(b),
                moves(r - 1)
            ));
        }
        for reply in paths.steps(b, d - r) {
            if r == d / 2 && reply == to {
                return Err(format!(
                    "A steps from {} to {} and B on {} steps onto him there: B wins",
                    name(from),
                    name(to),
                    name(b)
                ));
            }
            if r < d / 2 && !next.contains(to, reply) {
                return Err(format!(
                    "A steps from {} to {} with B on {}; B may answer {}, and round {} has \
                     no rule for that position",
                    name(from),
                    name(to),
                    name(b),
                    name(reply),
                    r + 1
                ));
            }
        }
    }
    Ok(())
}

/// B's rule in round `r`: B on `from` in layer `D - r + 1`, A (just moved) on each square
/// of `against` in layer `r`; B steps to `to` in layer `D - r`, onto A's square in the
/// middle; before it, A's every step to layer `r + 1` is covered by round `r + 1`.
fn b_rule(paths: &Paths<'_>, r: u32, rule: &Rule, next: &Positions<'_>) -> Result<(), String> {
    let d = paths.distance;
    let (from, to) = (paths.index(rule.from)?, paths.index(rule.to)?);
    let name = |square| paths.name(square);
    if !paths.on_layer(from, d - r + 1) {
        return Err(format!(
            "B on {} is not {} from his start along a shortest path",
            name(from),
            moves(r - 1)
        ));
    }
    if !paths.steps(from, d - r).any(|step| step == to) {
        return Err(format!(
            "B's step from {} to {} is not to a white side square one move nearer A's start",
            name(from),
            name(to)
        ));
    }
    for &square in &rule.against {
        let a = paths.index(square)?;
        if !paths.on_layer(a, r) {
            return Err(format!(
                "A on {} is not {} from his start along a shortest path",
                name(a),
                moves(r)
            ));
        }
        if r == d / 2 && to != a {
            return Err(format!(
                "B on {} steps to {}, not onto A on {}: A wins",
                name(from),
                name(to),
                name(a)
            ));
        }
        if r < d / 2 {
            if let Some(step) = paths.steps(a, r + 1).find(|&step| !next.contains(to, step)) {
                return Err(format!(
                    "B on {} answers A's step to {} with {}; A may then step to {}, and \
                     round {} has no rule for that position",
                    name(from),
                    name(a),
                    name(to),
                    name(step),
                    r + 1
                ));
            }
        }
    }
    Ok(())
}

/// `count` moves, in words.
pub(super) fn moves(count: u32) -> String {
    if count == 1 {
        "1 move".to_string()
    } else {
        format!("{count} moves")
    }
}
