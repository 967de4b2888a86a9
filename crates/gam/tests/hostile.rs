//! `--check` on hostile certificate files: devices, FIFOs, files over the limit, and gam
//! certificates with lists longer than the input allows. Each is accepted or refused
//! within the promised time and memory (see `gridkit::testkit::hostile`); this file starts
//! no other child process, so the peak measured is the checker's.

use gridkit::testkit::hostile::{Crafted, assert_check_is_bounded, generic, listed, padded};
use problem::Problem as _;

const BINARY: &str = env!("CARGO_BIN_EXE_gam");
const INPUT: &str = include_str!("../../../testdata/gam/sample1.in");
const FILL: usize = 60 << 20;

#[test]
fn check_is_bounded_on_hostile_files() {
    let mut json = Vec::new();
    gam::Gam::print_certificate(INPUT.as_bytes(), &mut json).unwrap();
    let json = String::from_utf8(json).unwrap().trim_end().to_owned();
    let first_rule = json.find("[{\"from\"").unwrap() + 1;
    let test_start = &json[..first_rule];
    let against_at = json.find("\"against\":[").unwrap() + "\"against\":[".len();
    let rule = "{\"from\":[4,4],\"to\":[3,4],\"against\":[[1,2]]}";
    let mut crafted = generic();
    crafted.extend([
        Crafted::accepted("a certificate and 60 MB of blanks", padded(&json, FILL)),
        Crafted::refused("millions of tests", listed("{\"tests\":[", "0", "]}", FILL)),
        Crafted::refused(
            "one square repeated millions of times in `against`",
            listed(&json[..against_at], "[1,2]", "]}]]}]}", FILL),
        ),
        Crafted::refused(
            "millions of rules in one round",
            listed(test_start, rule, "]]}]}", FILL),
        ),
        Crafted::refused(
            "millions of rounds",
            listed(&json[..first_rule - 1], "[]", "]}]}", FILL),
        ),
        Crafted::refused(
            "millions of rows",
            listed("{\"tests\":[{\"rows\":[", "\"A...\"", "]}]}", FILL),
        ),
    ]);
    assert_check_is_bounded(BINARY, INPUT.as_bytes(), crafted);
}
