//! `--check` on hostile certificate files: devices, FIFOs, files over the limit, and
//! ladders certificates with lists longer than a board allows. Each is accepted or
//! refused within the promised time and memory (see `gridkit::testkit::hostile`); this
//! file starts no other child process, so the peak measured is the checker's.

use gridkit::testkit::hostile::{Crafted, assert_check_is_bounded, generic, listed, padded};
use problem::Problem as _;

const BINARY: &str = env!("CARGO_BIN_EXE_ladders");
const INPUT: &str = include_str!("../../../testdata/ladders/chain-of-one-row-ladders.in");
const FILL: usize = 60 << 20;

#[test]
fn check_is_bounded_on_hostile_files() {
    let mut json = Vec::new();
    ladders::Ladders::print_certificate(INPUT.as_bytes(), &mut json).unwrap();
    let json = String::from_utf8(json).unwrap().trim_end().to_owned();
    let ladders_at = json.find("\"ladders\":[").unwrap() + "\"ladders\":[".len();
    let ladder_end = json[ladders_at..].find('}').unwrap() + ladders_at + 1;
    let ladder = &json[ladders_at..ladder_end];
    let before_ladders = &json[..ladders_at];
    let expected_at = json.find("\"expected\":[").unwrap();
    let mut crafted = generic();
    crafted.extend([
        Crafted::accepted("a certificate and 60 MB of blanks", padded(&json, FILL)),
        Crafted::refused(
            "one ladder repeated millions of times",
            listed(before_ladders, ladder, "]}", FILL),
        ),
        Crafted::refused(
            "a row of millions of expected turns",
            listed(
                &format!("{}\"expected\":[[", &json[..expected_at]),
                "1.5",
                "]]}",
                FILL,
            ),
        ),
        Crafted::refused(
            "millions of rows of heights",
            listed("{\"board\":[", "[0,0,0,0,0,0,0,0,0,0]", "]}", FILL),
        ),
        Crafted::refused(
            "a number of a million digits",
            gridkit::testkit::hostile::repeated(
                &format!("{}\"expected\":[[1", &json[..expected_at]),
                "9",
                "]]}",
                1_000_000,
                "",
            ),
        ),
    ]);
    assert_check_is_bounded(BINARY, INPUT.as_bytes(), crafted);
}
