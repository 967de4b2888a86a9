//! What is said of a problem beside its solver: where it comes from and who owns it (the
//! packages' `problem.yaml` and the site's pages), and the benchmark `cargo xtask bench`
//! runs on it.

/// Where a problem comes from, as its packages and its page present it.
#[derive(Debug, Clone, Copy)]
pub struct About {
    /// Its title in the statement (`Statues`).
    pub title: &'static str,
    /// The contest or archive it comes from (`Codeforces, problem 128A`).
    pub source: &'static str,
    /// Where the original statement is.
    pub source_url: &'static str,
    /// Who owns the problem and its official data (the statement text is the archive's).
    pub rights_owner: &'static str,
    /// The packages' identity: fixed, so that a re-exported package replaces the
    /// installed one.
    pub uuid: &'static str,
    /// The one time limit of its packages, in whole seconds, when the judging's is not one
    /// (gam's differs by group; both package formats hold one per problem). `None`: the
    /// judging's uniform limit.
    pub package_time_limit_secs: Option<u32>,
    /// Said after the limits in the package's statement, where they differ from the
    /// contest's.
    pub limits_note: Option<&'static str>,
}

/// A benchmark: the solver against the crate's reference binary
/// (`src/bin/<name>_reference.rs`) on the same files in the same run.
#[derive(Debug, Clone, Copy)]
pub struct Bench {
    /// The test-data files (names without `.in`) it runs on.
    pub files: &'static [&'static str],
    /// The solver must be at least this many times faster (CPU time) than the reference.
    pub min_speedup: f64,
    /// The file on which the speed-up target is judged; every other file is reported.
    pub speedup_file: &'static str,
    /// Peak resident memory the solver must stay under on every file, if any.
    pub max_peak_bytes: Option<u64>,
}
