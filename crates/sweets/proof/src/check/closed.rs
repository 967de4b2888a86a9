//! The closed-set proof: every box of the set is lost for the player to move.
//!
//! Checked here: each box of the set lists a reply to every legal move (found by the
//! checker's own runs), each reply is legal after its move, and the box they leave is in
//! the set or empty. Then, by induction on the number of chocolates (every move eats at
//! least one): whoever moves in a box of the set leaves the other a reply into the set,
//! where the same holds, until the empty box, where the player to move has lost.
//!
//! The set is kept as masks ([`ClosedSet`]): each box read as it comes, its text and
//! cell lists dropped, so that a long set costs a few bytes per move, not a copy of the
//! file.

use std::collections::HashMap;
use std::fmt;

use gridkit::certificate::bounded::plain;
use serde::Deserializer;
use serde::de::{self, SeqAccess, Visitor};

use super::hexagon::Hexagon;
use crate::certificate::{Position, Winner};
use crate::input::{CELLS, Mask};

/// The most boxes a closed set may hold: each box of the hexagon once.
pub const MAX_BOXES: usize = 1 << CELLS;

/// A closed set read into masks: each box, and its (move, reply) pairs in order.
#[derive(Debug, Default)]
pub struct ClosedSet {
    boxes: Vec<Mask>,
    /// `pairs[ends[i - 1]..ends[i]]` are the pairs of box `i`.
    ends: Vec<usize>,
    pairs: Vec<(Mask, Mask)>,
}

impl ClosedSet {
    /// The set of `positions`, read one by one.
    ///
    /// # Errors
    /// A box or a move that cannot be read, naming the box (from 1).
    pub fn read(hexagon: &Hexagon, positions: &[Position]) -> Result<Self, String> {
        let mut set = ClosedSet::default();
        for position in positions {
            set.push(hexagon, position)?;
        }
        Ok(set)
    }

    /// Adds `position` as the set's next box.
    fn push(&mut self, hexagon: &Hexagon, position: &Position) -> Result<(), String> {
        let number = self.boxes.len() + 1;
        let at = |error: String| format!("box {number} of the set: {error}");
        self.boxes
            .push(hexagon.read_box(&position.chocolates).map_err(at)?);
        for pair in &position.replies {
            let eaten = hexagon.read_move(&pair.eaten).map_err(at)?;
            let reply = hexagon.read_move(&pair.reply).map_err(at)?;
            self.pairs.push((eaten, reply));
        }
        self.ends.push(self.pairs.len());
        Ok(())
    }

    /// The pairs of box `index` (from 0).
    fn pairs_of(&self, index: usize) -> &[(Mask, Mask)] {
        let start = index.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.pairs[start..self.ends[index]]
    }
}

/// Reads a closed set from JSON straight into masks, one box at a time, with at most
/// [`MAX_BOXES`] boxes.
///
/// # Errors
/// Malformed JSON, too many boxes, or a box or move that cannot be read.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<ClosedSet, D::Error> {
    deserializer.deserialize_seq(SetVisitor)
}

struct SetVisitor;

impl<'de> Visitor<'de> for SetVisitor {
    type Value = ClosedSet;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a closed set: a list of at most {MAX_BOXES} boxes")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ClosedSet, A::Error> {
        let hexagon = Hexagon::new();
        let mut set = ClosedSet::default();
        while let Some(position) = seq.next_element_seed(plain::<Position>())? {
            if set.boxes.len() == MAX_BOXES {
                return Err(de::Error::custom(format!(
                    "the closed set has more than {MAX_BOXES} boxes, more than the box has"
                )));
            }
            set.push(&hexagon, &position).map_err(de::Error::custom)?;
        }
        Ok(set)
    }
}

/// That `set` is a closed set of lost boxes holding `lost`, where `loser` moves.
///
/// # Errors
/// The first false step, naming the box of the set (from 1) and the moves.
pub fn check_closed_set(
    hexagon: &Hexagon,
    lost: Mask,
    set: &ClosedSet,
    loser: Winner,
) -> Result<(), String> {
    let (loser, winner) = (loser.name(), loser.other().name());
    let mut index: HashMap<Mask, usize> = HashMap::with_capacity(set.boxes.len());
    for (number, &chocolates) in (1..).zip(&set.boxes) {
        if let Some(first) = index.insert(chocolates, number) {
            return Err(format!("box {number} of the set repeats box {first}"));
        }
    }
    if lost != 0 && !index.contains_key(&lost) {
        return Err(format!("the box {loser} has to move in is not in the set"));
    }
    for (position, &chocolates) in set.boxes.iter().enumerate() {
        let number = position + 1;
        let at = |step: String| format!("box {number} of the set: {step}");
        let mut answered: HashMap<Mask, Mask> = HashMap::new();
        for &(eaten, reply) in set.pairs_of(position) {
            let name = hexagon.name(eaten);
            if let Some(why) = hexagon.why_illegal(chocolates, eaten) {
                return Err(at(format!("{loser}'s move {name}: {why}")));
            }
            let after = chocolates & !eaten;
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
