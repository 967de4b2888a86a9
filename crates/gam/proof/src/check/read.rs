//! One test's certificate read against its board, so that what it lists is bounded by
//! the board before it is stored: the rows and the distance are compared as soon as they
//! are read, and the strategy is read round by round within the board's layers.
//!
//! The bounds, all from the board (its layers `L_0..L_D`, see [`Paths`]):
//! - at most `D/2` rounds (none for an odd `D`);
//! - at most four rules per square of the board, over all rounds;
//! - each square of a rule's `against` on the board, where the loser can stand in its
//!   round (`L_{D-r+1}`, B before A's move `r`, or `L_r`, A after it), and listed once
//!   in the rule;
//! - at most `(|L_{r-1}| + |L_r|) x |L_{D-r+1}|` squares of `against` over round `r`'s
//!   rules: a rule pairs each of them with its `from` into a position, and that many
//!   positions are all the round has, whichever player's strategy it is (`from` in
//!   `L_{r-1}` for A, in `L_{D-r+1}` for B), so listing more repeats a position.
//!
//! So a test's `against` squares number at most the positions of its rounds, whatever
//! the file's size, and each is refused the moment it breaks a bound, before it is kept.
//! The bounds hold whichever player the certificate names, so the fields may come in
//! any order; the rules' legality is left to the checker proper.

use std::fmt;

use gridkit::certificate::bounded::{list, text};
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::paths::Paths;
use super::strategy::moves;
use super::{odd_strategy, same_board, same_distance};
use crate::board::Player;
use crate::certificate::{Rule, Square, TestCertificate};
use crate::parse::MAX_N;

/// Reads one test's certificate for the board of `paths`. A refusal of its content (not
/// of its JSON) is left in `refusal`, without the test's number.
pub struct TestReading<'r, 'p> {
    reading: Reading<'r, 'p>,
}

impl<'r, 'p> TestReading<'r, 'p> {
    pub fn new(paths: &'p Paths<'p>, refusal: &'r mut Option<String>) -> Self {
        let squares = paths.board().white.len();
        TestReading {
            reading: Reading {
                paths,
                refusal,
                rules_left: 4 * squares,
                listed: vec![0; squares],
                rule: 0,
                round: 0,
                squares_left: 0,
            },
        }
    }
}

/// What the readings of one test share: the board, the budgets left, and where a
/// refusal goes.
struct Reading<'r, 'p> {
    paths: &'p Paths<'p>,
    refusal: &'r mut Option<String>,
    /// Rules the strategy may still hold: four per square of the board (a rule steps
    /// from a square of its round's layer, to one of four neighbours).
    rules_left: usize,
    /// For each square of the board, the number of the last rule that listed it in
    /// `against`: a square is repeated in a rule when it holds that rule's number.
    listed: Vec<u32>,
    /// The number of the rule being read, from 1.
    rule: u32,
    /// The round being read, from 1.
    round: u32,
    /// Squares of `against` the round being read may still list.
    squares_left: usize,
}

impl Reading<'_, '_> {
    /// Ends the reading with `why`, a refusal of the certificate's content.
    fn refuse<E: de::Error>(&mut self, why: String) -> E {
        *self.refusal = Some(why);
        E::custom("refused")
    }

    /// The most squares of `against` round `r` may list: as many as its positions.
    fn round_positions(&self, r: u32) -> usize {
        let layer = |k| self.paths.layer_size(k);
        (layer(r - 1) + layer(r)) * layer(self.paths.distance - r + 1)
    }
}

#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum TestField {
    Rows,
    Distance,
    Winner,
    Strategy,
}

const TEST_FIELDS: &[&str] = &["rows", "distance", "winner", "strategy"];

impl<'de> DeserializeSeed<'de> for TestReading<'_, '_> {
    type Value = TestCertificate;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_struct("TestCertificate", TEST_FIELDS, self)
    }
}

impl<'de> Visitor<'de> for TestReading<'_, '_> {
    type Value = TestCertificate;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a test's certificate: rows, distance, winner and strategy")
    }
    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Self::Value, A::Error> {
        let reading = &mut self.reading;
        let (mut rows, mut distance, mut winner, mut strategy) = (None, None, None, None);
        while let Some(field) = map.next_key::<TestField>()? {
            match field {
                TestField::Rows => {
                    once(&rows, "rows")?;
                    // Any board's rows, so that another board's are named as such.
                    let read: Vec<String> = map.next_value_seed(list(
                        MAX_N,
                        "the board",
                        text(MAX_N, "a row of the board"),
                    ))?;
                    if let Err(why) = same_board(&read, reading.paths.board()) {
                        return Err(reading.refuse(why));
                    }
                    rows = Some(read);
                }
                TestField::Distance => {
                    once(&distance, "distance")?;
                    let claimed: usize = map.next_value()?;
                    if let Err(why) = same_distance(claimed, reading.paths.distance) {
                        return Err(reading.refuse(why));
                    }
                    distance = Some(claimed);
                }
                TestField::Winner => {
                    once(&winner, "winner")?;
                    winner = Some(map.next_value::<Player>()?);
                }
                TestField::Strategy => {
                    once(&strategy, "strategy")?;
                    strategy = Some(map.next_value_seed(Rounds {
                        reading: &mut *reading,
                    })?);
                }
            }
        }
        Ok(TestCertificate {
            rows: rows.ok_or_else(|| de::Error::missing_field("rows"))?,
            distance: distance.ok_or_else(|| de::Error::missing_field("distance"))?,
            winner: winner.ok_or_else(|| de::Error::missing_field("winner"))?,
            strategy: strategy.ok_or_else(|| de::Error::missing_field("strategy"))?,
        })
    }
}

/// Refuses a field read a second time.
fn once<T, E: de::Error>(field: &Option<T>, name: &'static str) -> Result<(), E> {
    match field {
        Some(_) => Err(E::duplicate_field(name)),
        None => Ok(()),
    }
}

/// The rounds of a strategy: at most `D/2`.
struct Rounds<'s, 'r, 'p> {
    reading: &'s mut Reading<'r, 'p>,
}

impl<'de> DeserializeSeed<'de> for Rounds<'_, '_, '_> {
    type Value = Vec<Vec<Rule>>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Rounds<'_, '_, '_> {
    type Value = Vec<Vec<Rule>>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a strategy: a list of rounds")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let d = self.reading.paths.distance;
        let rounds_needed = if d % 2 == 0 { d / 2 } else { 0 };
        let mut rounds = Vec::new();
        loop {
            let round = Round {
                reading: &mut *self.reading,
                needed: rounds_needed,
            };
            let Some(rules) = seq.next_element_seed(round)? else {
                return Ok(rounds);
            };
            rounds.push(rules);
        }
    }
}

/// The rules of the next round.
struct Round<'s, 'r, 'p> {
    reading: &'s mut Reading<'r, 'p>,
    /// The rounds the board's distance has.
    needed: u32,
}

impl<'de> DeserializeSeed<'de> for Round<'_, '_, '_> {
    type Value = Vec<Rule>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        let reading = self.reading;
        let d = reading.paths.distance;
        if reading.round == self.needed {
            let why = if d % 2 == 1 {
                odd_strategy(d)
            } else {
                format!(
                    "the strategy has more than {} rounds; D = {d} needs D/2 = {}",
                    self.needed, self.needed
                )
            };
            return Err(reading.refuse(why));
        }
        reading.round += 1;
        reading.squares_left = reading.round_positions(reading.round);
        deserializer.deserialize_seq(Round {
            reading,
            needed: self.needed,
        })
    }
}

impl<'de> Visitor<'de> for Round<'_, '_, '_> {
    type Value = Vec<Rule>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a round: a list of rules")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut rules = Vec::new();
        while let Some(rule) = seq.next_element_seed(RuleReading {
            reading: &mut *self.reading,
        })? {
            rules.push(rule);
        }
        Ok(rules)
    }
}

/// One rule: its squares, its `against` bounded by the round's.
struct RuleReading<'s, 'r, 'p> {
    reading: &'s mut Reading<'r, 'p>,
}

#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum RuleField {
    From,
    To,
    Against,
}

const RULE_FIELDS: &[&str] = &["from", "to", "against"];

impl<'de> DeserializeSeed<'de> for RuleReading<'_, '_, '_> {
    type Value = Rule;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        let reading = self.reading;
        if reading.rules_left == 0 {
            let why = format!(
                "the strategy has more than {} rules, four per square of the board",
                4 * reading.listed.len()
            );
            return Err(reading.refuse(why));
        }
        reading.rules_left -= 1;
        reading.rule += 1;
        deserializer.deserialize_struct("Rule", RULE_FIELDS, RuleReading { reading })
    }
}

impl<'de> Visitor<'de> for RuleReading<'_, '_, '_> {
    type Value = Rule;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a rule: from, to and against")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (mut from, mut to, mut against) = (None, None, None);
        while let Some(field) = map.next_key::<RuleField>()? {
            match field {
                RuleField::From => {
                    once(&from, "from")?;
                    from = Some(map.next_value::<Square>()?);
                }
                RuleField::To => {
                    once(&to, "to")?;
                    to = Some(map.next_value::<Square>()?);
                }
                RuleField::Against => {
                    once(&against, "against")?;
                    against = Some(map.next_value_seed(Against {
                        reading: &mut *self.reading,
                    })?);
                }
            }
        }
        Ok(Rule {
            from: from.ok_or_else(|| de::Error::missing_field("from"))?,
            to: to.ok_or_else(|| de::Error::missing_field("to"))?,
            against: against.ok_or_else(|| de::Error::missing_field("against"))?,
        })
    }
}

/// A rule's `against`: each square where the loser can stand in the round, once, within
/// what the round may still list.
struct Against<'s, 'r, 'p> {
    reading: &'s mut Reading<'r, 'p>,
}

impl<'de> DeserializeSeed<'de> for Against<'_, '_, '_> {
    type Value = Vec<Square>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Against<'_, '_, '_> {
    type Value = Vec<Square>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("`against`: a list of squares")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let reading = self.reading;
        let paths = reading.paths;
        let (r, d) = (reading.round, paths.distance);
        let mut squares = Vec::new();
        while let Some(square) = seq.next_element::<Square>()? {
            let index = match paths.index(square) {
                Ok(index) => index,
                Err(why) => return Err(reading.refuse(format!("round {r}: {why}"))),
            };
            let name = || paths.name(index);
            if !paths.on_layer(index, r) && !paths.on_layer(index, d - r + 1) {
                let why = format!(
                    "round {r}: `against` lists {}, where neither A stands after {} nor B \
                     after {}, along shortest paths",
                    name(),
                    moves(r),
                    moves(r - 1)
                );
                return Err(reading.refuse(why));
            }
            if reading.listed[index] == reading.rule {
                let why = format!("round {r}: a rule lists {} twice in `against`", name());
                return Err(reading.refuse(why));
            }
            if reading.squares_left == 0 {
                let why = format!(
                    "round {r} lists more than {} squares in `against`, as many as the \
                     positions its layers hold: a position is listed twice",
                    reading.round_positions(r)
                );
                return Err(reading.refuse(why));
            }
            reading.listed[index] = reading.rule;
            reading.squares_left -= 1;
            squares.push(square);
        }
        // Kept until the test is checked: without the room grown for more.
        squares.shrink_to_fit();
        Ok(squares)
    }
}
