//! Bounded collections for certificates: each list is read with the most entries the
//! problem's input allows, and refused the moment it holds one more, before that entry is
//! stored; a set is refused at its first repeated entry; a string at its first byte
//! over its bound.
//!
//! These are [`DeserializeSeed`]s rather than types, so that a certificate keeps plain
//! `Vec`s, `BTreeSet`s and `String`s and its fields say their bound where they are
//! declared (`#[serde(deserialize_with = ...)]`), and they nest: a list of sets of squares
//! is `list(10, "the rounds", set(64, "a round", plain()))`.

use std::collections::BTreeSet;
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};

/// Reads a `T` as its own [`Deserialize`] does: for entries whose size is fixed.
pub struct Plain<T>(PhantomData<T>);

// Written out: the derive would ask `T: Clone`.
impl<T> Clone for Plain<T> {
    fn clone(&self) -> Self {
        Plain(PhantomData)
    }
}

/// An entry read as its type reads it.
pub fn plain<T>() -> Plain<T> {
    Plain(PhantomData)
}

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for Plain<T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        T::deserialize(deserializer)
    }
}

/// A JSON array of at most `max` entries, each read by `entry`.
#[derive(Clone)]
pub struct List<S> {
    max: usize,
    what: &'static str,
    entry: S,
}

/// A list of at most `max` entries read by `entry`; `what` names it in the refusal
/// (`the plan has more than 100 entries`).
pub fn list<S>(max: usize, what: &'static str, entry: S) -> List<S> {
    List { max, what, entry }
}

impl<'de, S: DeserializeSeed<'de> + Clone> DeserializeSeed<'de> for List<S> {
    type Value = Vec<S::Value>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, S: DeserializeSeed<'de> + Clone> Visitor<'de> for List<S> {
    type Value = Vec<S::Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: a list of at most {} entries", self.what, self.max)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // Grown as entries come, never reserved ahead: a certificate may hold many short
        // lists, and a hint from the file may lie.
        let mut entries = Vec::new();
        while let Some(entry) = seq.next_element_seed(self.entry.clone())? {
            if entries.len() == self.max {
                return Err(de::Error::custom(too_many(self.what, self.max)));
            }
            entries.push(entry);
        }
        Ok(entries)
    }
}

/// A JSON array of at most `max` distinct entries, each read by `entry`.
#[derive(Clone)]
pub struct Set<S> {
    max: usize,
    what: &'static str,
    entry: S,
}

/// A set of at most `max` entries read by `entry`, written as a list with no entry twice.
pub fn set<S>(max: usize, what: &'static str, entry: S) -> Set<S> {
    Set { max, what, entry }
}

impl<'de, S> DeserializeSeed<'de> for Set<S>
where
    S: DeserializeSeed<'de> + Clone,
    S::Value: Ord,
{
    type Value = BTreeSet<S::Value>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, S> Visitor<'de> for Set<S>
where
    S: DeserializeSeed<'de> + Clone,
    S::Value: Ord,
{
    type Value = BTreeSet<S::Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: a list of at most {} distinct entries",
            self.what, self.max
        )
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut entries = BTreeSet::new();
        while let Some(entry) = seq.next_element_seed(self.entry.clone())? {
            if entries.len() == self.max {
                return Err(de::Error::custom(too_many(self.what, self.max)));
            }
            if !entries.insert(entry) {
                return Err(de::Error::custom(repeated(self.what, entries.len() + 1)));
            }
        }
        Ok(entries)
    }
}

/// A JSON array of at most `max` distinct entries, each read by `entry`, kept in order.
#[derive(Clone)]
pub struct Distinct<S>(Set<S>);

/// A list of at most `max` entries read by `entry`, refused at its first repeated entry;
/// the entries keep the order they are written in.
pub fn distinct<S>(max: usize, what: &'static str, entry: S) -> Distinct<S> {
    Distinct(set(max, what, entry))
}

impl<'de, S> DeserializeSeed<'de> for Distinct<S>
where
    S: DeserializeSeed<'de> + Clone,
    S::Value: Ord + Clone,
{
    type Value = Vec<S::Value>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, S> Visitor<'de> for Distinct<S>
where
    S: DeserializeSeed<'de> + Clone,
    S::Value: Ord + Clone,
{
    type Value = Vec<S::Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let Set { max, what, entry } = self.0;
        let mut seen = BTreeSet::new();
        let mut entries = Vec::new();
        while let Some(next) = seq.next_element_seed(entry.clone())? {
            if entries.len() == max {
                return Err(de::Error::custom(too_many(what, max)));
            }
            if !seen.insert(next.clone()) {
                return Err(de::Error::custom(repeated(what, entries.len() + 1)));
            }
            entries.push(next);
        }
        Ok(entries)
    }
}

/// A JSON string of at most `max` bytes.
#[derive(Clone, Copy)]
pub struct Text {
    max: usize,
    what: &'static str,
}

/// A string of at most `max` bytes; a longer one is refused without being quoted.
pub fn text(max: usize, what: &'static str) -> Text {
    Text { max, what }
}

impl<'de> DeserializeSeed<'de> for Text {
    type Value = String;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for Text {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: a string of at most {} bytes", self.what, self.max)
    }
    fn visit_str<E: de::Error>(self, value: &str) -> Result<String, E> {
        if value.len() > self.max {
            return Err(E::custom(format!(
                "{} has {} bytes, more than the {} it may have",
                self.what,
                value.len(),
                self.max
            )));
        }
        Ok(value.to_owned())
    }
}

fn repeated(what: &str, number: usize) -> String {
    format!("{what} lists its entry {number} a second time")
}

fn too_many(what: &str, max: usize) -> String {
    format!("{what} has more than {max} entries, the most the input allows")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read<'de, S: DeserializeSeed<'de>>(seed: S, json: &'de str) -> Result<S::Value, String> {
        let mut deserializer = serde_json::Deserializer::from_str(json);
        seed.deserialize(&mut deserializer)
            .map_err(|error| error.to_string())
    }

    #[test]
    fn a_list_holds_up_to_its_bound_and_not_one_more() {
        let squares = || list(3, "the walk", plain::<[u8; 2]>());
        assert_eq!(
            read(squares(), "[[1,2],[3,4],[5,6]]"),
            Ok(vec![[1, 2], [3, 4], [5, 6]])
        );
        assert_eq!(
            read(squares(), "[[1,2],[3,4],[5,6],[7,8],[9,9]]"),
            Err(
                "the walk has more than 3 entries, the most the input allows at line 1 column 25"
                    .to_owned()
            )
        );
    }

    #[test]
    fn a_set_refuses_a_repeat_and_nests_in_a_list() {
        let rounds = || list(2, "the rounds", set(2, "a round", plain::<u8>()));
        let read_back = read(rounds(), "[[1,2],[]]").unwrap();
        assert_eq!(read_back, [BTreeSet::from([1, 2]), BTreeSet::new()]);
        let error = read(rounds(), "[[1,1]]").unwrap_err();
        assert!(
            error.starts_with("a round lists its entry 2 a second time"),
            "{error}"
        );
        let error = read(rounds(), "[[],[],[]]").unwrap_err();
        assert!(error.starts_with("the rounds has more than 2"), "{error}");
    }

    #[test]
    fn a_long_string_is_refused_unquoted() {
        assert_eq!(read(text(4, "a row"), r#""abcd""#), Ok("abcd".to_owned()));
        let error = read(text(4, "a row"), r#""abcdefgh""#).unwrap_err();
        assert!(
            error.starts_with("a row has 8 bytes, more than the 4"),
            "{error}"
        );
        assert!(!error.contains("abc"), "{error}");
    }
}
