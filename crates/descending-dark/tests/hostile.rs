//! `--check` on hostile certificate files: devices, FIFOs, files over the limit, and
//! descending-dark certificates with lists longer than the input allows. Each is accepted
//! or refused within the promised time and memory (see `gridkit::testkit::hostile`); this
//! file starts no other child process, so the peak measured is the checker's.

use gridkit::testkit::hostile::{Crafted, assert_check_is_bounded, generic, listed, padded};
use problem::Problem as _;

const BINARY: &str = env!("CARGO_BIN_EXE_descending-dark");
const INPUT: &str = include_str!("../../../testdata/descending-dark/sample1.in");
const FILL: usize = 60 << 20;

#[test]
fn check_is_bounded_on_hostile_files() {
    let mut json = Vec::new();
    descending_dark::DescendingDark::print_certificate(INPUT.as_bytes(), &mut json).unwrap();
    let json = String::from_utf8(json).unwrap().trim_end().to_owned();
    let plan_at = json.find("\"plan\":[").unwrap() + "\"plan\":[".len();
    let trapped_at = json.find("\"trapped\":[").unwrap() + "\"trapped\":[".len();
    let caves_at = json.find("\"caves\":[").unwrap() + "\"caves\":[".len();
    let mut crafted = generic();
    crafted.extend([
        Crafted::accepted("a certificate and 60 MB of blanks", padded(&json, FILL)),
        Crafted::refused(
            "a plan padded with millions of useless L, R pairs",
            listed(
                &json[..plan_at],
                "{\"move\":\"L\",\"count\":1},{\"move\":\"R\",\"count\":1}",
                "]}}}]}]}",
                FILL,
            ),
        ),
        Crafted::refused(
            "one trapped square repeated millions of times",
            listed(&json[..trapped_at], "[2,2]", "]}}}]}]}", FILL),
        ),
        Crafted::refused(
            "millions of caves",
            listed(&json[..caves_at], "{}", "]}]}", FILL),
        ),
        Crafted::refused(
            "millions of cases",
            listed("{\"cases\":[", "{}", "]}", FILL),
        ),
        Crafted::refused(
            "a run of count 10^30",
            listed(
                &json[..plan_at],
                "{\"move\":\"L\",\"count\":1000000000000000000000000000000}",
                "]}}}]}]}",
                1000,
            ),
        ),
    ]);
    assert_check_is_bounded(BINARY, INPUT.as_bytes(), crafted);
}
