//! What each package says about its problem: names, source, rights, limits, and the
//! `problem.yaml`, `.timelimit` and `domjudge-problem.ini` written from them.
//!
//! The limits here are the package's, which can differ from the archive's own table
//! ([`crate::problems`]): a package holds one time limit, and legacy `problem.yaml`
//! states memory in whole MiB.

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
        // One limit for all groups: the large groups' 6 s (1 s was for the small ones).
        time_limit_secs: 6,
        // 8 MB in the statement; legacy problem.yaml takes whole MiB, and 8 MiB (not 7)
        // keeps the contest's budget rather than cutting it.
        memory_mib: 8,
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
        validator_flags: "float_tolerance 1e-6",
        scoring: false,
    },
];

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
             validator_flags: {flags}\n",
            name = self.name,
            uuid = self.uuid,
            source = self.source,
            url = self.source_url,
            owner = self.rights_owner,
            memory = self.memory_mib,
            flags = self.validator_flags,
        );
        if self.scoring {
            yaml.push_str("type: scoring\ngrading:\n  show_test_data_groups: true\n");
        }
        yaml
    }

    /// DOMjudge's `domjudge-problem.ini`: the same time limit as `.timelimit`.
    pub fn domjudge_ini(&self) -> String {
        format!(
            "name = \"{}\"\ntimelimit = {}\n",
            self.name, self.time_limit_secs
        )
    }
}
