//! The closed-set proof: every box of the set is lost for the player to move.
//!
//! Checked here: each box of the set lists a reply to every legal move (found by the
//! checker's own runs), each reply is legal after its move, and the box they leave is in
//! the set or empty. Then, by induction on the number of chocolates (every move eats at
//! least one): whoever moves in a box of the set leaves the other a reply into the set,
//! where the same holds, until the empty box, where the player to move has lost.

use std::collections::HashMap;

use super::hexagon::Hexagon;
use crate::certificate::{Position, Winner};
use crate::parse::Mask;

/// That `positions` is a closed set of lost boxes holding `lost`, where `loser` moves.
///
/// # Errors
/// The first false step, naming the box of the set (from 1) and the moves.
pub fn check_closed_set(
    hexagon: &Hexagon,
    lost: Mask,
    positions: &[Position],
    loser: Winner,
) -> Result<(), String> {
    let (loser, winner) = (loser.name(), loser.other().name());
    let mut boxes: Vec<Mask> = Vec::with_capacity(positions.len());
    let mut index: HashMap<Mask, usize> = HashMap::with_capacity(positions.len());
    for (number, position) in (1..).zip(positions) {
        let chocolates = hexagon
            .read_box(&position.chocolates)
            .map_err(|error| format!("box {number} of the set: {error}"))?;
        if let Some(first) = index.insert(chocolates, number) {
            return Err(format!("box {number} of the set repeats box {first}"));
        }
        boxes.push(chocolates);
    }
    if lost != 0 && !index.contains_key(&lost) {
        return Err(format!("the box {loser} has to move in is not in the set"));
    }
    for ((number, position), &chocolates) in (1..).zip(positions).zip(&boxes) {
        let at = |step: String| format!("box {number} of the set: {step}");
        let mut answered: HashMap<Mask, Mask> = HashMap::new();
        for pair in &position.replies {
            let eaten = hexagon.read_move(&pair.eaten).map_err(&at)?;
            let name = hexagon.name(eaten);
            if let Some(why) = hexagon.why_illegal(chocolates, eaten) {
                return Err(at(format!("{loser}'s move {name}: {why}")));
            }
            let after = chocolates & !eaten;
            let reply = hexagon.read_move(&pair.reply).map_err(&at)?;
            if let Some(why) = hexagon.why_illegal(after, reply) {
                return Err(at(format!(
                    "after {loser} eats {name}, {winner}'s reply {}: {why}",
                    hexagon.name(reply)
                )));
            }
            let next = after & !reply;
            if next != 0 && !index.contains_key(&next) {
                return Err(at(format!(
                    "after {loser} eats {name} and {winner} {}, the box left is not in the set",
                    hexagon.name(reply)
                )));
            }
            if answered.insert(eaten, reply).is_some() {
                return Err(at(format!("{loser}'s move {name} is listed twice")));
            }
        }
        if let Some(missing) = hexagon
            .moves(chocolates)
            .find(|m| !answered.contains_key(m))
        {
            return Err(at(format!(
                "{loser}'s move {} has no reply",
                hexagon.name(missing)
            )));
        }
    }
    Ok(())
}
