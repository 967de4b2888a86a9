//! What each package says about its problem: names, source, rights, limits, and the
//! `problem.yaml` of each format (and legacy's `.timelimit`) written from them.
//!
//! The limits here are the package's, which can differ from the archive's own table
//! ([`crate::problems`]): both formats hold one time limit per problem, and state memory
//! in whole MiB.

/// One problem as a package presents it.
#[derive(Debug)]
pub struct Meta {
    /// The crate, its `testdata/` folder and its assets under `packages/`.
    pub crate_name: &'static str,
    /// The package folder: Kattis and DOMjudge accept only `[a-z0-9]+`.
    pub folder: &'static str,
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
    pub validator_flags: &'static str,
    /// Scored by groups (gam), rather than pass or fail.
    pub scoring: bool,
}

pub const PACKAGES: &[Meta] = &[
    Meta {
        crate_name: "statues",
        folder: "statues",
        name: "Statues",
        source: "Codeforces, problem 128A",
        source_url: "https://codeforces.com/problemset/problem/128/A",
        uuid: "5b0e6a57-58a4-4c55-9d0e-2a4f3c1f7a01",
        rights_owner: "Codeforces",
        time_limit_secs: 2,
        memory_mib: 256,
        limits_note: None,
        // The answers are the words WIN and LOSE: without this `win` would pass.
        validator_flags: "case_sensitive",
        scoring: false,
    },
    Meta {
        crate_name: "descending-dark",
        folder: "descendingdark",
        name: "Descending in the Dark",
        source: "Google Code Jam 2012, Round 2, problem D",
        source_url: "https://code.google.com/codejam/contest/1836486/dashboard#s=p3",
        uuid: "5b0e6a57-58a4-4c55-9d0e-2a4f3c1f7a02",
        rights_owner: "Google",
        // Code Jam timed whole submissions, not runs: the archive's own per-run cap.
        time_limit_secs: 4,
        memory_mib: 256,
        limits_note: None,
        validator_flags: "case_sensitive",
        scoring: false,
    },
    Meta {
        crate_name: "gam",
        folder: "gam",
        name: "Game",
        source: "Baltic Olympiad in Informatics 2008",
        source_url: "https://www.spoj.com/problems/BGAME/",
        uuid: "5b0e6a57-58a4-4c55-9d0e-2a4f3c1f7a03",
        rights_owner: "Baltic Olympiad in Informatics 2008",
        // The contest gave groups 1-9 one second and groups 10-15 six; neither format
        // holds a limit per group, so one limit must serve all. The contest's files need
        // at most 0.09 s of the accepted solution, but the worst input the statement
        // allows (`heavy`: ten n = 300 boards) needs 0.28 s of CPU time, up to 0.57 s as
        // problemtools measured it on a loaded machine, and both formats ask twice the
        // slowest accepted run (see LEGACY_MARGIN):
        // 2 s is the tightest whole-second limit that stays safe.
        time_limit_secs: 2,
        // The contest's 8 MB; problem.yaml takes whole MiB, and 8 MiB (not 7) keeps the
        // contest's budget rather than cutting it.
        memory_mib: 8,
        limits_note: Some(
            "The contest allowed 8~MB (8 million bytes), one second for the groups with \
             $n \\le 150$ and six seconds for the others; a package holds one time limit.",
        ),
        validator_flags: "case_sensitive",
        scoring: true,
    },
    Meta {
        crate_name: "sweets",
        folder: "sweets",
        name: "Sweets Game",
        source: "Codeforces, problem 63E",
        source_url: "https://codeforces.com/problemset/problem/63/E",
        uuid: "5b0e6a57-58a4-4c55-9d0e-2a4f3c1f7a04",
        rights_owner: "Codeforces",
        time_limit_secs: 3,
        memory_mib: 256,
        limits_note: None,
        validator_flags: "case_sensitive",
        scoring: false,
    },
    Meta {
        crate_name: "ladders",
        folder: "ladders",
        name: "Hyakugoku and Ladders",
        source: "Codeforces, problem 1245E",
        source_url: "https://codeforces.com/problemset/problem/1245/E",
        uuid: "5b0e6a57-58a4-4c55-9d0e-2a4f3c1f7a05",
        rights_owner: "Codeforces",
        time_limit_secs: 1,
        memory_mib: 256,
        limits_note: None,
        validator_flags: "float_tolerance 1e-6",
        scoring: false,
    },
];

/// The legacy time margin: the time limit must be at least twice the slowest accepted
/// run, the 2025-09 format's default (`ac_to_time_limit: 2`), where legacy's default is 5.
const LEGACY_MARGIN: &str = "  time_multiplier: 2\n";

/// Who made the packages out of the contests' problems (the 2025-09 `credits.packagers`).
pub const PACKAGER: &str = "Board-game solvers reference archive";

/// The package of the crate named `name`.
pub fn find(name: &str) -> Option<&'static Meta> {
    PACKAGES.iter().find(|meta| meta.crate_name == name)
}

impl Meta {
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
            flags = self.validator_flags,
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
