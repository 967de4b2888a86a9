//! What each package says about its problem: names, source, rights, limits, and the
//! `problem.yaml` of each format (and legacy's `.timelimit`) written from them. All of it
//! comes from the problem ([`problem::Problem`]'s `ABOUT` and `JUDGING`), read from the
//! archive's list ([`problems::PROBLEMS`]).
//!
//! The limits here are the package's, which can differ from the archive's own: both
//! formats hold one time limit per problem, and state memory in whole MiB.

use problem::{AnyProblem, Checker, TimeLimit};

use crate::units::MIB;

/// One problem as a package presents it.
#[derive(Debug, Clone)]
pub struct Meta {
    /// The crate, its `testdata/` folder and its assets under `packages/`.
    pub crate_name: &'static str,
    /// The package folder: the crate's name in `[a-z0-9]+`, all Kattis and DOMjudge
    /// accept.
    pub folder: String,
    pub name: &'static str,
    pub source: &'static str,
    pub source_url: &'static str,
    /// Fixed, so that a re-exported package replaces the installed one.
    pub uuid: &'static str,
    /// Who owns the problem and its official data (the statement text is the archive's).
    pub rights_owner: &'static str,
    pub time_limit_secs: u32,
    pub memory_mib: u32,
    /// Said after the limits in the statement, where they differ from the contest's.
    pub limits_note: Option<&'static str>,
    /// Flags for the default output validator.
    pub validator_flags: String,
    /// Scored by groups (gam), rather than pass or fail.
    pub scoring: bool,
}

/// The package of every problem, in the archive's order.
pub fn packages() -> Vec<Meta> {
    problems::PROBLEMS
        .iter()
        .map(|&problem| Meta::of(problem))
        .collect()
}

/// The package of the crate named `name`.
pub fn find(name: &str) -> Option<Meta> {
    problems::find(name).map(Meta::of)
}

/// The legacy time margin: the time limit must be at least twice the slowest accepted
/// run, the 2025-09 format's default (`ac_to_time_limit: 2`), where legacy's default is 5.
const LEGACY_MARGIN: &str = "  time_multiplier: 2\n";

/// Who made the packages out of the contests' problems (the 2025-09 `credits.packagers`).
pub const PACKAGER: &str = "Board-game solvers reference archive";

impl Meta {
    /// The package of `problem`.
    pub fn of(problem: &dyn AnyProblem) -> Meta {
        let about = problem.about();
        let judging = problem.judging();
        // The longest limit the archive gives, when the problem names no package limit.
        let longest = match judging.time_limit {
            TimeLimit::Uniform(limit) => limit,
            TimeLimit::ByGroupNumber { large, .. } => large,
        };
        Meta {
            crate_name: problem.name(),
            folder: problem
                .name()
                .replace(|c: char| !c.is_ascii_alphanumeric(), ""),
            name: about.title,
            source: about.source,
            source_url: about.source_url,
            uuid: about.uuid,
            rights_owner: about.rights_owner,
            time_limit_secs: about
                .package_time_limit_secs
                .unwrap_or_else(|| whole(longest.as_millis(), 1000)),
            // Whole MiB, rounded up: gam's 8 MB is 8 MiB (not 7), which keeps the
            // contest's budget rather than cutting it.
            memory_mib: whole(u128::from(judging.memory_budget_bytes), u128::from(MIB)),
            limits_note: about.limits_note,
            validator_flags: match judging.checker {
                // The answers are words (WIN and LOSE, A and B): without this `win`
                // would pass.
                Checker::Tokens => "case_sensitive".to_owned(),
                Checker::Float { tolerance } => format!("float_tolerance {tolerance:e}"),
            },
            scoring: judging.grouped,
        }
    }

    /// `problem.yaml` in the legacy format (which has no time limit key).
    pub fn problem_yaml(&self) -> String {
        let mut yaml = format!(
            "problem_format_version: legacy\n\
             name: {name}\n\
             uuid: {uuid}\n\
             source: {source}\n\
             source_url: {url}\n\
             # The statement is this archive's own text; the problem and its official data\n\
             # belong to {owner}, who gave no license for them.\n\
             license: unknown\n\
             rights_owner: {owner}\n\
             limits:\n  memory: {memory}\n\
             {margin}\
             validator_flags: {flags}\n",
            name = self.name,
            uuid = self.uuid,
            source = self.source,
            url = self.source_url,
            owner = self.rights_owner,
            memory = self.memory_mib,
            margin = LEGACY_MARGIN,
            flags = &self.validator_flags,
        );
        if self.scoring {
            yaml.push_str("type: scoring\ngrading:\n  show_test_data_groups: true\n");
        }
        yaml
    }

    /// `problem.yaml` in the 2025-09 format: the limits (time included), the source and
    /// rights, the version of the export, the credits. The output checker's flags are not
    /// here in this format but in `data/*/test_group.yaml` ([`super::data`]).
    pub fn problem_yaml_2025(&self) -> String {
        format!(
            "problem_format_version: 2025-09\n\
             type: {kind}\n\
             name: {name}\n\
             uuid: {uuid}\n\
             version: {version}\n\
             credits:\n  packagers: {packager}\n\
             source:\n  name: {source}\n  url: {url}\n\
             # The statement is this archive's own text; the problem and its official data\n\
             # belong to {owner}, who gave no license for them.\n\
             license: unknown\n\
             rights_owner: {owner}\n\
             limits:\n  time_limit: {time}\n  memory: {memory}\n",
            kind = if self.scoring { "scoring" } else { "pass-fail" },
            name = self.name,
            uuid = self.uuid,
            version = env!("CARGO_PKG_VERSION"),
            packager = PACKAGER,
            source = self.source,
            url = self.source_url,
            owner = self.rights_owner,
            time = self.time_limit_secs,
            memory = self.memory_mib,
        )
    }

    /// The output checker's flags as a YAML flow sequence of strings (quoted, so that
    /// `1e-6` stays a string): `["float_tolerance", "1e-6"]`.
    pub fn validator_args_yaml(&self) -> String {
        let args: Vec<String> = self
            .validator_flags
            .split_whitespace()
            .map(|arg| format!("\"{arg}\""))
            .collect();
        format!("[{}]", args.join(", "))
    }
}

/// `amount / unit`, rounded up.
fn whole(amount: u128, unit: u128) -> u32 {
    u32::try_from(amount.div_ceil(unit)).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a package states, derived from its problem: the folder, one time limit in
    /// whole seconds, memory in whole MiB, the validator's flags and the scoring. One
    /// problem of each kind: plain, scored by groups with per-group limits, and compared
    /// as numbers.
    #[test]
    fn a_package_states_its_problems_limits() {
        let stated = |name: &str| {
            let meta = find(name).unwrap();
            (
                meta.folder,
                meta.time_limit_secs,
                meta.memory_mib,
                meta.validator_flags,
                meta.scoring,
            )
        };
        let expected = |folder: &str, time, memory, flags: &str, scoring| {
            (folder.to_owned(), time, memory, flags.to_owned(), scoring)
        };
        assert_eq!(
            stated("descending-dark"),
            expected("descendingdark", 4, 256, "case_sensitive", false)
        );
        // One limit for every group, and the contest's 8 MB as 8 MiB.
        assert_eq!(stated("gam"), expected("gam", 2, 8, "case_sensitive", true));
        assert_eq!(
            stated("ladders"),
            expected("ladders", 1, 256, "float_tolerance 1e-6", false)
        );
        assert_eq!(packages().len(), problems::PROBLEMS.len());
    }
}
