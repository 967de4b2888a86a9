//! `--check` on hostile certificate files: devices, FIFOs, files over the limit, and
//! sweets certificates with lists longer than the box allows. Each is accepted or refused
//! within the promised time and memory (see `gridkit::testkit::hostile`); this file
//! starts no other child process, so the peak measured is the checker's.

use gridkit::testkit::hostile::{Crafted, assert_check_is_bounded, generic, listed, padded};
use problem::Problem as _;

const BINARY: &str = env!("CARGO_BIN_EXE_sweets");
/// Lost for Karlsson, by a closed set of one box.
const INPUT: &str = include_str!("../../../testdata/sweets/gen-002.in");
const FILL: usize = 60 << 20;

#[test]
fn check_is_bounded_on_hostile_files() {
    let mut json = Vec::new();
    sweets::Sweets::print_certificate(INPUT.as_bytes(), &mut json).unwrap();
    let json = String::from_utf8(json).unwrap().trim_end().to_owned();
    let set_at = json.find("\"closed_set\":[").unwrap() + "\"closed_set\":[".len();
    let start = &json[..set_at];
    let replies_at = json.find("\"replies\":[").unwrap() + "\"replies\":[".len();
    let empty_box = "{\"box\":\".../..../...../..../...\",\"replies\":[]}";
    let mut crafted = generic();
    crafted.extend([
        Crafted::accepted("a certificate and 60 MB of blanks", padded(&json, FILL)),
        Crafted::refused(
            "millions of boxes in the set",
            listed(start, empty_box, "]}}", FILL),
        ),
        Crafted::refused(
            "a box with millions of replies",
            listed(
                &json[..replies_at],
                "{\"move\":[[1,1]],\"reply\":[[1,2]]}",
                "]}]}}",
                FILL,
            ),
        ),
        Crafted::refused(
            "a move of millions of cells",
            listed(
                &format!("{}{{\"move\":[", &json[..replies_at]),
                "[1,1]",
                "]}]}]}}",
                FILL,
            ),
        ),
        Crafted::refused(
            "a box written in a million characters",
            gridkit::testkit::hostile::repeated("{\"box\":\"", "O", "\"}", 1_000_000, ""),
        ),
    ]);
    assert_check_is_bounded(BINARY, INPUT.as_bytes(), crafted);
}
