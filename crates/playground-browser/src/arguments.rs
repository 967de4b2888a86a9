//! The browser test binary's command line, read as libtest reads its own, so that
//! `cargo test -p playground-browser --test browser -- ...` takes what it takes for any
//! other test target: `--list` prints the tests and runs nothing, names filter (a test
//! runs when its name contains any of them, or equals one under `--exact`), `--skip`
//! leaves tests out, and the options cargo or a test runner passes for libtest's own
//! ways of running (`--test-threads 2`, `--nocapture`, `-q`, `--format terse`...) are
//! accepted, their values not mistaken for filters.
//!
//! Why not `libtest-mimic`: its tests are `'static + Send` closures run on its threads,
//! while these borrow one browser session that lives on `main`'s stack (its guard closes
//! the browser after a failure too) and must run one at a time, timed; what remains to
//! share is this reading of the arguments.

/// libtest's options that take a value, as `--name value` or `--name=value`.
const WITH_VALUE: &[&str] = &[
    "--test-threads",
    "--skip",
    "--format",
    "--color",
    "--logfile",
    "--shuffle-seed",
    "-Z",
];

/// libtest's flags that change nothing here: the tests run one at a time in this
/// process whatever they ask, and print as they go.
const ACCEPTED_FLAGS: &[&str] = &[
    "--test",
    "--nocapture",
    "--no-capture",
    "--show-output",
    "-q",
    "--quiet",
    "--force-run-in-process",
    "--exclude-should-panic",
    "--report-time",
    "--ensure-time",
    "--shuffle",
    "--include-ignored",
];

/// What the command line asks for.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Arguments {
    /// `--list`: print the selected tests, run none.
    pub list: bool,
    /// `--format terse` with `--list`: the `name: test` lines alone, as test runners
    /// read them.
    pub terse: bool,
    /// `--exact`: a filter or `--skip` matches a whole name, not a part of it.
    pub exact: bool,
    /// `--ignored` or `--bench`: only ignored tests or benchmarks, of which there are
    /// none.
    pub nothing: bool,
    /// The filters: a test is selected when any matches (all are, with none).
    pub filters: Vec<String>,
    /// `--skip`: a test matching any is left out.
    pub skip: Vec<String>,
}

impl Arguments {
    /// Reads the arguments after the program's name.
    ///
    /// # Errors
    /// An option libtest does not know, or one missing its value.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Self, String> {
        let mut read = Arguments::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            if !arg.starts_with('-') {
                read.filters.push(arg);
                continue;
            }
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
                None => (arg.clone(), None),
            };
            if WITH_VALUE.contains(&name.as_str()) {
                let value = match inline {
                    Some(value) => value,
                    None => args.next().ok_or(format!("{name} needs a value"))?,
                };
                match name.as_str() {
                    "--skip" => read.skip.push(value),
                    "--format" => read.terse = value == "terse",
                    _ => {}
                }
                continue;
            }
            match arg.as_str() {
                "--list" => read.list = true,
                "--exact" => read.exact = true,
                "--ignored" | "--bench" => read.nothing = true,
                known if ACCEPTED_FLAGS.contains(&known) => {}
                unknown => return Err(format!("unrecognized option: {unknown}")),
            }
        }
        Ok(read)
    }

    /// Whether the test called `name` is selected.
    pub fn selects(&self, name: &str) -> bool {
        let matches = |pattern: &String| {
            if self.exact {
                name == pattern
            } else {
                name.contains(pattern.as_str())
            }
        };
        !self.nothing
            && (self.filters.is_empty() || self.filters.iter().any(matches))
            && !self.skip.iter().any(matches)
    }

    /// What `--list` prints for the selected `names`: a `name: test` line each, then,
    /// unless terse, the count as libtest gives it.
    pub fn listing<'a>(&self, names: impl IntoIterator<Item = &'a str>) -> String {
        let lines: Vec<String> = names
            .into_iter()
            .map(|name| format!("{name}: test\n"))
            .collect();
        if self.terse {
            lines.concat()
        } else {
            format!("{}\n{} tests, 0 benchmarks\n", lines.concat(), lines.len())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(args: &[&str]) -> Arguments {
        Arguments::parse(args.iter().map(|arg| (*arg).to_owned())).unwrap()
    }

    #[test]
    fn names_filter_by_part_and_exactly() {
        let any = parsed(&["steps", "judge"]);
        assert!(any.selects("steps_reach_the_end") && any.selects("the_judge_agrees"));
        assert!(!any.selects("pages_load"));
        let exact = parsed(&["--exact", "steps"]);
        assert!(exact.selects("steps") && !exact.selects("steps_reach_the_end"));
        assert!(parsed(&[]).selects("anything"));
    }

    #[test]
    fn values_of_libtests_options_are_not_filters() {
        let read = parsed(&[
            "--test-threads",
            "2",
            "--nocapture",
            "-q",
            "--color=never",
            "--format",
            "pretty",
            "pages",
        ]);
        assert_eq!(read.filters, ["pages"]);
        assert!(!read.list && !read.terse);
        assert!(read.selects("pages_load") && !read.selects("steps"));
    }

    #[test]
    fn skip_leaves_tests_out_and_ignored_or_bench_select_none() {
        let read = parsed(&["--skip", "judge", "--skip=slow"]);
        assert!(read.selects("pages") && !read.selects("judge_agrees") && !read.selects("slow"));
        assert!(!parsed(&["--ignored"]).selects("pages"));
        assert!(!parsed(&["--bench"]).selects("pages"));
        assert!(parsed(&["--include-ignored"]).selects("pages"));
    }

    #[test]
    fn list_prints_what_libtest_prints() {
        let read = parsed(&["--list"]);
        assert!(read.list);
        assert_eq!(
            read.listing(["a", "b"]),
            "a: test\nb: test\n\n2 tests, 0 benchmarks\n"
        );
        let terse = parsed(&["--list", "--format", "terse"]);
        assert_eq!(terse.listing(["a"]), "a: test\n");
    }

    #[test]
    fn an_unknown_option_or_a_missing_value_is_an_error() {
        let error =
            |args: &[&str]| Arguments::parse(args.iter().map(|arg| (*arg).to_owned())).unwrap_err();
        assert_eq!(
            error(&["--frobnicate"]),
            "unrecognized option: --frobnicate"
        );
        assert_eq!(error(&["--test-threads"]), "--test-threads needs a value");
    }
}
