//! How a problem's runs are judged: the statement's limits, the output checker, how the
//! expected output splits into cases, and whether files score by groups. A run is judged
//! on CPU time (user + sys) against the time limit and on peak resident memory (the whole
//! process, runtime included) against the memory budget.

use std::time::Duration;

use verdict::{CaseStyle, Checker, Rules};

/// How every run of one problem is judged.
#[derive(Debug, Clone, Copy)]
pub struct Judging {
    /// The time limit of a test file, which may depend on the file.
    pub time_limit: TimeLimit,
    /// The peak resident memory a run may reach.
    pub memory_budget_bytes: u64,
    /// How an output is compared with the expected one.
    pub checker: Checker,
    /// How the expected output splits into cases, to name the case of a wrong answer.
    pub cases: CaseStyle,
    /// Files named `<group><letter>` (gam1a, gam1b, gam1c) score together, all or nothing.
    pub grouped: bool,
}

/// The time limit of one run.
#[derive(Debug, Clone, Copy)]
pub enum TimeLimit {
    /// The same limit for every file.
    Uniform(Duration),
    /// Groups numbered below `large_from` get `small`, the large groups `large`. A file
    /// outside the groups gets the limit its boards would have had in the contest:
    /// `small` when every board's side is at most `small_side` (the small groups'
    /// largest), `large` otherwise (and for generated stress inputs, which reach the
    /// largest size).
    ByGroupNumber {
        /// The small groups' limit.
        small: Duration,
        /// The large groups' limit.
        large: Duration,
        /// The first group number that is large.
        large_from: u32,
        /// The largest board side of the small groups.
        small_side: u32,
        /// The largest board side of an input, read in the problem's format; `None` when
        /// the text has not that shape (the file then gets `large`).
        largest_side: fn(&str) -> Option<u32>,
    },
}

impl Judging {
    /// The time limit of the test file `test` (its name without `.in`), whose input is
    /// `input`.
    pub fn time_limit_of(&self, test: &str, input: &str) -> Duration {
        match self.time_limit {
            TimeLimit::Uniform(limit) => limit,
            TimeLimit::ByGroupNumber {
                small,
                large,
                large_from,
                small_side,
                largest_side,
            } => match group_number(test) {
                Some(number) if number < large_from => small,
                Some(_) => large,
                None => match largest_side(input) {
                    Some(side) if side <= small_side => small,
                    _ => large,
                },
            },
        }
    }

    /// The scoring group of `test`: its name less the file letter when grouped.
    pub fn group_of<'t>(&self, test: &'t str) -> &'t str {
        if !self.grouped {
            return test;
        }
        match test.as_bytes() {
            [.., digit, letter] if digit.is_ascii_digit() && letter.is_ascii_lowercase() => {
                &test[..test.len() - 1]
            }
            _ => test,
        }
    }

    /// The verdict's rules for the test file `test` whose input is `input`.
    pub fn rules_of(&self, test: &str, input: &str) -> Rules {
        Rules {
            time_limit: self.time_limit_of(test, input),
            memory_budget_bytes: self.memory_budget_bytes,
            checker: self.checker,
            cases: self.cases,
        }
    }
}

/// `gam12b` -> 12: the digits before the file letter, if the name has that shape.
fn group_number(test: &str) -> Option<u32> {
    let stem = test.strip_suffix(|c: char| c.is_ascii_lowercase())?;
    let digits_start = stem
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |at| at + 1);
    stem[digits_start..].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    /// Boards of side `n` written as `n` alone on a line: the largest number.
    fn sides(input: &str) -> Option<u32> {
        input
            .split_whitespace()
            .map(|word| word.parse().ok())
            .max()?
    }

    const GROUPED: Judging = Judging {
        time_limit: TimeLimit::ByGroupNumber {
            small: ms(1000),
            large: ms(6000),
            large_from: 10,
            small_side: 150,
            largest_side: sides,
        },
        memory_budget_bytes: 8_000_000,
        checker: Checker::Tokens,
        cases: CaseStyle::PerLine,
        grouped: true,
    };

    #[test]
    fn groups_and_their_time_limits() {
        assert_eq!(GROUPED.group_of("gam12b"), "gam12");
        assert_eq!(GROUPED.group_of("heavy"), "heavy");
        assert_eq!(GROUPED.group_of("sample1"), "sample1");
        assert_eq!(GROUPED.time_limit_of("gam9c", ""), ms(1000));
        assert_eq!(GROUPED.time_limit_of("gam10a", ""), ms(6000));
        // Outside the groups, the boards' size decides; a text of no shape gets `large`.
        assert_eq!(GROUPED.time_limit_of("sample1", "2 150"), ms(1000));
        assert_eq!(GROUPED.time_limit_of("wide-layer", "151"), ms(6000));
        assert_eq!(GROUPED.time_limit_of("stress", "x"), ms(6000));
        let rules = GROUPED.rules_of("gam3a", "");
        assert_eq!(rules.time_limit, ms(1000));
        assert_eq!(rules.memory_budget_bytes, 8_000_000);
    }

    #[test]
    fn ungrouped_files_are_their_own_group() {
        let single = Judging {
            time_limit: TimeLimit::Uniform(ms(2000)),
            grouped: false,
            ..GROUPED
        };
        assert_eq!(single.group_of("gen-001a"), "gen-001a");
        assert_eq!(single.time_limit_of("gam10a", ""), ms(2000));
    }
}
