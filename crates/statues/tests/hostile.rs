//! `--check` on hostile certificate files: devices, FIFOs, files over the limit, and
//! statues certificates with lists longer than any board allows. Each is accepted or
//! refused within the promised time and memory (see `gridkit::testkit::hostile`); this
//! file starts no other child process, so the peak measured is the checker's.

use gridkit::testkit::hostile::{Crafted, assert_check_is_bounded, generic, listed, padded};
use problem::Problem as _;

const BINARY: &str = env!("CARGO_BIN_EXE_statues");
const WIN: &str = include_str!("../../../testdata/statues/anna-boxed-in.in");
const LOSE: &str = include_str!("../../../testdata/statues/bottom-two-rows-full.in");
const FILL: usize = 60 << 20;

fn certificate(input: &str) -> String {
    let mut json = Vec::new();
    statues::Statues::print_certificate(input.as_bytes(), &mut json).unwrap();
    String::from_utf8(json).unwrap().trim_end().to_owned()
}

#[test]
fn check_is_bounded_on_hostile_files() {
    let lose = certificate(LOSE);
    assert!(lose.ends_with("[]]}}"), "{lose}");
    let sets_open = &lose[..lose.len() - 3];
    let win = certificate(WIN);
    assert!(win.ends_with("]]}}"), "{win}");
    let walk_open = &win[..win.len() - 3];
    let mut crafted = generic();
    crafted.extend([
        Crafted::accepted(
            "a LOSE certificate and 60 MB of blanks",
            padded(&lose, FILL),
        ),
        Crafted::refused(
            "a LOSE certificate and millions of empty sets",
            listed(&format!("{sets_open},"), "[]", "]}}", FILL),
        ),
        Crafted::refused(
            "a walk going on for millions of rounds",
            listed(&format!("{walk_open},"), "[7,0]", "]}}", FILL),
        ),
        Crafted::refused(
            "a set repeating one square millions of times",
            listed(&format!("{sets_open},["), "[7,0]", "]]}}", FILL),
        ),
        Crafted::refused(
            "a board of millions of rows",
            listed("{\"board\":[", "\"........\"", "]}", FILL),
        ),
    ]);
    assert_check_is_bounded(BINARY, LOSE.as_bytes(), crafted);
}
