//! The certificate read as a stream: `{"tests": [...]}` with each test read against its
//! board (see `read.rs`) and checked as soon as it is read, so that a checker holds one
//! test at a time, each bounded by its board, and stops at the first test the input does
//! not have.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::check_on;
use super::paths::Paths;
use super::read::TestReading;
use crate::board::{Board, Player};

/// The whole certificate: its one field, `tests`. Reads to the winners proven, one per
/// board; a refusal of the proof (not of the JSON) is left in `refusal`.
pub struct Tests<'a> {
    pub boards: &'a [Board],
    pub refusal: &'a mut Option<String>,
}

impl<'de> DeserializeSeed<'de> for Tests<'_> {
    type Value = Vec<Player>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<Player>, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Tests<'_> {
    type Value = Vec<Player>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object {\"tests\": [...]}")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<Player>, A::Error> {
        let mut winners = None;
        while let Some(key) = map.next_key::<Key>()? {
            let Key = key;
            if winners.is_some() {
                return Err(de::Error::duplicate_field("tests"));
            }
            winners = Some(map.next_value_seed(TestList {
                boards: self.boards,
                refusal: &mut *self.refusal,
            })?);
        }
        winners.ok_or_else(|| de::Error::missing_field("tests"))
    }
}

/// The only key of the certificate's object.
struct Key;

impl<'de> serde::Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("the field `tests`")
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
                if key == "tests" {
                    Ok(Key)
                } else {
                    Err(E::unknown_field(key, &["tests"]))
                }
            }
        }
        deserializer.deserialize_identifier(KeyVisitor)
    }
}

/// The list of tests, one per board, each checked as it is read.
struct TestList<'a> {
    boards: &'a [Board],
    refusal: &'a mut Option<String>,
}

impl<'de> DeserializeSeed<'de> for TestList<'_> {
    type Value = Vec<Player>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<Player>, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for TestList<'_> {
    type Value = Vec<Player>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of {} tests", self.boards.len())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Player>, A::Error> {
        let total = self.boards.len();
        let mut winners = Vec::with_capacity(total);
        for (index, board) in self.boards.iter().enumerate() {
            let test = index + 1;
            let unproven =
                |why| format!("the certificate does not prove an answer: test {test}: {why}");
            let Some(paths) = Paths::new(board) else {
                return Err(self.refuse(unproven("no white path joins the starts")));
            };
            let mut refusal = None;
            let certificate = match seq.next_element_seed(TestReading::new(&paths, &mut refusal)) {
                Ok(Some(certificate)) => certificate,
                Ok(None) => {
                    return Err(self.refuse(format!(
                        "the certificate is for another input: it has {index} tests, the \
                         input {total}"
                    )));
                }
                Err(error) => match refusal {
                    Some(why) => return Err(self.refuse(unproven(&why))),
                    None => return Err(error),
                },
            };
            match check_on(&certificate, &paths) {
                Ok(winner) => winners.push(winner),
                Err(why) => return Err(self.refuse(unproven(&why))),
            }
        }
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(self.refuse(format!(
                "the certificate is for another input: it has more than {total} tests, the \
                 input {total}"
            )));
        }
        Ok(winners)
    }
}

impl TestList<'_> {
    /// Ends the reading with `why`, a refusal of the certificate's content.
    fn refuse<E: de::Error>(self, why: String) -> E {
        *self.refusal = Some(why);
        E::custom("refused")
    }
}
