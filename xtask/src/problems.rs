//! The one table of problems: limits, checker and benchmark of each crate.
//!
//! Limits are the statements' own. A run is judged on CPU time (user + sys) against the
//! time limit and on peak resident memory (whole process, runtime included) against the
//! memory budget.

use std::time::Duration;

use crate::units::MIB;
use verdict::{CaseStyle, Checker};

/// One problem crate and how its runs are judged.
#[derive(Debug)]
pub struct Problem {
    /// The crate, its binary and its folder under `testdata/`.
    pub name: &'static str,
    pub time_limit: TimeLimit,
    pub memory_budget_bytes: u64,
    pub checker: Checker,
    /// How the expected output splits into cases, to name the case of a wrong answer.
    pub cases: CaseStyle,
    /// Files named `<group><letter>` (gam1a, gam1b, gam1c) score together, all or nothing.
    pub grouped: bool,
    pub bench: Option<Bench>,
}

/// The time limit of one run.
#[derive(Debug, Clone, Copy)]
pub enum TimeLimit {
    Uniform(Duration),
    /// Groups numbered below `large_from` get `small`, the large groups `large`. A file
    /// outside the groups gets the limit its boards would have had in the contest:
    /// `small` when every board's side is at most `small_side` (the small groups'
    /// largest), `large` otherwise (and for generated stress inputs, which reach the
    /// largest size).
    ByGroupNumber {
        small: Duration,
        large: Duration,
        large_from: u32,
        small_side: u32,
    },
}

/// A benchmark: the solver against the crate's reference binary (`src/bin/<name>_reference.rs`)
/// on the same files in the same run.
#[derive(Debug)]
pub struct Bench {
    pub files: &'static [&'static str],
    /// The solver must be at least this many times faster (CPU time) than the reference.
    pub min_speedup: f64,
    /// The file on which the speed-up target is judged; every other file is reported.
    pub speedup_file: &'static str,
    /// Peak resident memory the solver must stay under on every file, if any.
    pub max_peak_bytes: Option<u64>,
}

const fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

pub const PROBLEMS: &[Problem] = &[
    Problem {
        name: "statues",
        time_limit: TimeLimit::Uniform(ms(2000)),
        memory_budget_bytes: 256 * MIB,
        checker: Checker::Tokens,
        cases: CaseStyle::Single,
        grouped: false,
        bench: None,
    },
    Problem {
        name: "descending-dark",
        // Code Jam judged whole files on the contestant's machine; a generous cap.
        time_limit: TimeLimit::Uniform(ms(4000)),
        memory_budget_bytes: 256 * MIB,
        checker: Checker::Tokens,
        cases: CaseStyle::CodeJam,
        grouped: false,
        bench: None,
    },
    Problem {
        name: "gam",
        time_limit: TimeLimit::ByGroupNumber {
            small: ms(1000),
            large: ms(6000),
            large_from: 10,
            small_side: 150,
        },
        memory_budget_bytes: 8 * 1000 * 1000,
        checker: Checker::Tokens,
        cases: CaseStyle::PerLine,
        grouped: true,
        bench: Some(Bench {
            files: &[
                "gam10a",
                "gam10b",
                "gam10c",
                "gam11a",
                "gam11b",
                "gam11c",
                "gam12a",
                "gam12b",
                "gam12c",
                "gam13a",
                "gam13b",
                "gam13c",
                "gam14a",
                "gam14b",
                "gam14c",
                "gam15a",
                "gam15b",
                "gam15c",
                "heavy",
                "wide-layer",
            ],
            min_speedup: 20.0,
            speedup_file: "heavy",
            max_peak_bytes: Some(4 * MIB),
        }),
    },
    Problem {
        name: "sweets",
        time_limit: TimeLimit::Uniform(ms(3000)),
        memory_budget_bytes: 256 * MIB,
        checker: Checker::Tokens,
        cases: CaseStyle::Single,
        grouped: false,
        bench: Some(Bench {
            files: &["full-box"],
            min_speedup: 10.0,
            speedup_file: "full-box",
            max_peak_bytes: None,
        }),
    },
    Problem {
        name: "ladders",
        time_limit: TimeLimit::Uniform(ms(1000)),
        memory_budget_bytes: 256 * MIB,
        checker: Checker::Float { tolerance: 1e-6 },
        cases: CaseStyle::Single,
        grouped: false,
        bench: None,
    },
];

/// The problem named `name`.
pub fn find(name: &str) -> Option<&'static Problem> {
    PROBLEMS.iter().find(|problem| problem.name == name)
}

impl Problem {
    /// The time limit of the test file `test` (its name without `.in`).
    pub fn time_limit_of(&self, test: &str, input: &str) -> Duration {
        match self.time_limit {
            TimeLimit::Uniform(limit) => limit,
            TimeLimit::ByGroupNumber {
                small,
                large,
                large_from,
                small_side,
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
        let bytes = test.as_bytes();
        match bytes {
            [.., digit, letter] if digit.is_ascii_digit() && letter.is_ascii_lowercase() => {
                &test[..test.len() - 1]
            }
            _ => test,
        }
    }
}

/// The largest board side of an input of `t` boards, each a side `n` and `n` rows
/// (gam's format); `None` when the text has not that shape.
fn largest_side(input: &str) -> Option<u32> {
    let mut tokens = input.split_ascii_whitespace();
    let boards: usize = tokens.next()?.parse().ok()?;
    let mut largest = None;
    for _ in 0..boards {
        let side: u32 = tokens.next()?.parse().ok()?;
        largest = largest.max(Some(side));
        for _ in 0..side {
            tokens.next()?;
        }
    }
    largest
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

    #[test]
    fn every_problem_is_listed_once() {
        let mut names: Vec<_> = PROBLEMS.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names,
            ["descending-dark", "gam", "ladders", "statues", "sweets"]
        );
    }

    #[test]
    fn gam_groups_and_time_limits() {
        let gam = find("gam").unwrap();
        assert_eq!(gam.group_of("gam12b"), "gam12");
        assert_eq!(gam.group_of("heavy"), "heavy");
        assert_eq!(gam.group_of("sample1"), "sample1");
        assert_eq!(gam.time_limit_of("gam9c", ""), ms(1000));
        assert_eq!(gam.time_limit_of("gam10a", ""), ms(6000));
        // Outside the groups, the boards' size decides.
        let small = "2\n2\n..\n..\n3\n...\n.#.\n...\n";
        assert_eq!(gam.time_limit_of("sample1", small), ms(1000));
        let large = format!("1\n151\n{}", ".\n".repeat(151));
        assert_eq!(gam.time_limit_of("wide-layer", &large), ms(6000));
        assert_eq!(gam.time_limit_of("stress", ""), ms(6000));
        assert_eq!(gam.time_limit_of("malformed", "1\n3\n..."), ms(6000));
        assert_eq!(gam.memory_budget_bytes, 8_000_000);
        assert_eq!(find("sweets").unwrap().group_of("gen-001a"), "gen-001a");
    }
}
