//! The official datasets (the practice and the contest files, Small and Large), read from
//! outside the repository: `$DESCENDING_DARK_OFFICIAL`, or else the nearest
//! `shared/official/descending-dark` beside the workspace or a folder above it. They are
//! not copied into the repository, so these tests are ignored by default and fail when
//! run without the data: `cargo test -p descending-dark --test suite -- --ignored official::`.
//! (`certificate.rs` checks the certificates of the same files the same way.)

use descending_dark::testkit::official_dataset;
use descending_dark::{answer, plain, reference};

const SMALL: [&str; 2] = ["D-small-practice", "D-small-contest"];
const ALL: [&str; 4] = [
    "D-small-practice",
    "D-small-contest",
    "D-large-practice",
    "D-large-contest",
];

/// The input and expected output of one dataset; panics when it cannot be read.
fn dataset(name: &str) -> (String, String) {
    official_dataset(name).unwrap_or_else(|error| panic!("{name}: {error:#}"))
}

#[test]
#[ignore = "needs the official data in ../shared/official/descending-dark; CI runs it with --ignored where present"]
fn solver_reproduces_every_official_output() {
    for name in ALL {
        let (input, output) = dataset(name);
        assert_eq!(answer(&input).unwrap(), output, "{name}");
    }
}

#[test]
#[ignore = "needs the official data in ../shared/official/descending-dark; CI runs it with --ignored where present"]
fn exhaustive_reference_reproduces_the_small_outputs() {
    for name in SMALL {
        let (input, output) = dataset(name);
        // Every Small grid is at most 10x10, so its interior has at most 64 squares.
        assert_eq!(
            reference::answer(&input).unwrap().as_deref(),
            Some(&*output),
            "{name}"
        );
    }
}

#[test]
#[ignore = "needs the official data in ../shared/official/descending-dark; CI runs it with --ignored where present"]
fn plain_reproduces_every_official_output() {
    for name in ALL {
        let (input, output) = dataset(name);
        assert_eq!(plain::answer(&input).unwrap(), output, "{name}");
    }
}
