//! Certificates checked by the library's checker (`sweets::check`), which never solves:
//! every test case, every centrally symmetric box and thousands of generated boxes get a
//! certificate the checker accepts, proving the winner the test data and the reference
//! name; certificates changed to lie in each way a clever liar could are refused, in
//! memory and by the binary's `--check FILE`.

use std::collections::{BTreeSet, HashSet};
use std::path::PathBuf;

use gridkit::testdata::run_binary_with;
use gridkit::testkit::{ProblemKit, case_rng, scale_of};
use sweets::certificate::{Cell, Position, Proof, Reply, box_text, cells, mask_of, mask_of_box};
use sweets::check::hexagon::Hexagon;
use sweets::check::verify;
use sweets::geometry::{FULL, legal_moves};
use sweets::parse::draw;
use sweets::reference::{self, Reference};
use sweets::testkit::Kit;
use sweets::{Certificate, Mask, Winner, certify};

const BINARY: &str = env!("CARGO_BIN_EXE_sweets");

/// `mask` turned half a turn about the centre: the drawing is centrally symmetric, so
/// the `i`-th cell in reading order goes to the `i`-th from the end.
fn half_turn(mask: Mask) -> Mask {
    (0..19)
        .filter(|cell| mask >> cell & 1 == 1)
        .fold(0, |turned, cell| turned | 1 << (18 - cell))
}

/// The box of test case `name`.
fn test_box(name: &str) -> Mask {
    let path = gridkit::testdata::folder("sweets").join(format!("{name}.in"));
    Kit::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The positions of a closed-set certificate.
fn positions(certificate: &mut Certificate) -> &mut Vec<Position> {
    match &mut certificate.proof {
        Proof::ClosedSet(positions) => positions,
        Proof::Mirror => panic!("expected a closed set"),
    }
}

#[test]
fn every_test_case_has_a_checked_certificate_of_its_expected_winner() {
    let cases = gridkit::testdata::cases("sweets").unwrap();
    let mut mirrored = 0;
    for case in &cases {
        let mask = Kit::parse(&case.input).unwrap();
        let certificate = certify(mask);
        let winner = verify(&certificate, mask).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert_eq!(
            format!("{}\n", winner.name()),
            case.expected,
            "{}",
            case.name
        );
        // A symmetric box is proved by the mirror, whoever wins it.
        if half_turn(mask) == mask {
            assert_eq!(certificate.proof, Proof::Mirror, "{}", case.name);
        }
        mirrored += usize::from(certificate.proof == Proof::Mirror);
    }
    println!(
        "{} test cases checked, {mirrored} by the mirror",
        cases.len()
    );
    assert!(mirrored >= 15, "{mirrored}");
}

#[test]
fn every_symmetric_box_is_proved_by_the_mirror() {
    // Cells 0..9 with their images and the centre: the 2^10 - 1 symmetric boxes.
    let mut reference = Reference::new();
    for choice in 1..1 << 10 {
        let mask = (0..10)
            .filter(|bit| choice >> bit & 1 == 1)
            .fold(0, |mask, cell| mask | 1 << cell | half_turn(1 << cell));
        let certificate = certify(mask);
        assert_eq!(certificate.proof, Proof::Mirror, "{}", draw(mask));
        let winner = verify(&certificate, mask).unwrap_or_else(|e| panic!("{}: {e}", draw(mask)));
        // The centre decides: Karlsson eats it (or a symmetric run through it) and mirrors.
        assert_eq!(
            winner == Winner::Karlsson,
            mask >> 9 & 1 == 1,
            "{}",
            draw(mask)
        );
        assert_eq!(
            winner == Winner::Karlsson,
            reference.first_player_wins(mask)
        );
    }
}

#[test]
fn thousands_of_generated_boxes_have_checked_certificates() {
    const CASES: u64 = 5_000;
    let mut winners = [0usize; 2];
    let mut mirrored = 0;
    for case in 0..CASES {
        let mask = Kit::generate(&mut case_rng(63, case), scale_of(case));
        let certificate = certify(mask);
        let winner = verify(&certificate, mask)
            .unwrap_or_else(|error| panic!("{}: {error}", Kit::render(&mask)));
        assert_eq!(Kit::answer(&mask), format!("{}\n", winner.name()));
        winners[usize::from(winner == Winner::Karlsson)] += 1;
        mirrored += usize::from(certificate.proof == Proof::Mirror);
    }
    println!("{CASES} boxes checked; Lillebror, Karlsson wins: {winners:?}; mirror: {mirrored}");
    assert!(winners.iter().all(|&count| count > 100), "{winners:?}");
}

#[test]
fn the_binary_checks_every_genuine_certificate() {
    gridkit::testdata::assert_binary_checks_its_certificates("sweets", BINARY);
}

/// A fresh path for a certificate file: named by `name` and numbered, since tests on
/// other threads may forge certificates of the same box for the same reason (a shared
/// name let one thread read a file another was writing).
fn temp_file(name: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let number = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("sweets-{name}-{number}.json"))
}

/// `certificate` is refused for the box `mask` for a reason mentioning `reason`, by the
/// library and by the binary's `--check` (exit code 1, the reason on stderr).
fn assert_refused(certificate: &Certificate, mask: Mask, reason: &str) {
    match verify(certificate, mask) {
        Err(error) => assert!(error.contains(reason), "{error} (expected {reason})"),
        Ok(winner) => panic!("accepted a forged proof that {winner:?} wins: {certificate:?}"),
    }
    let json = serde_json::to_string(certificate).unwrap();
    assert_binary_refuses(&json, mask, reason);
}

/// The binary's `--check` refuses the certificate `json` for `mask` with exit code 1 and
/// one error line mentioning `reason`.
fn assert_binary_refuses(json: &str, mask: Mask, reason: &str) {
    let name: String = reason
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(40)
        .collect();
    let file = temp_file(&format!("forged-{name}-{mask}"));
    std::fs::write(&file, json).unwrap();
    let run = run_binary_with(
        BINARY,
        &["--check", file.to_str().unwrap()],
        draw(mask).as_bytes(),
    )
    .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert!(run.stdout.is_empty(), "{run:?}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains(reason),
        "{stderr}"
    );
}

#[test]
fn the_other_verdict_is_refused() {
    // Lillebror wins sample 1: no first move of Karlsson's leaves a box of the set.
    let sample = test_box("sample1");
    let defence = certify(sample);
    for eaten in legal_moves(sample) {
        let claim = Certificate {
            winner: Winner::Karlsson,
            first_move: Some(cells(eaten)),
            ..defence.clone()
        };
        assert_refused(&claim, sample, "not in the set");
    }
    // Karlsson wins the full box: it is symmetric, but its centre holds a chocolate.
    let win = certify(FULL);
    let claim = Certificate {
        winner: Winner::Lillebror,
        first_move: None,
        ..win.clone()
    };
    assert_refused(&claim, FULL, "(3,3) holds a chocolate");
    // A closed set for the box Karlsson leaves is no proof that the box itself is lost.
    let boxed = test_box("gen-022");
    let claim = Certificate {
        winner: Winner::Lillebror,
        first_move: None,
        ..certify(boxed)
    };
    assert_refused(&claim, boxed, "not in the set");
    // The winner and the first move must agree.
    let without_move = Certificate {
        first_move: None,
        ..win.clone()
    };
    assert_refused(&without_move, FULL, "gives him no first move");
    let with_move = Certificate {
        first_move: Some(vec![[1, 1]]),
        ..defence
    };
    assert_refused(&with_move, sample, "gives Karlsson a first move");
}

#[test]
fn an_illegal_first_move_is_refused() {
    let win = certify(FULL);
    let with_move = |cells: &[Cell]| Certificate {
        first_move: Some(cells.to_vec()),
        ..win.clone()
    };
    let bent = [[2, 2], [3, 1], [3, 2]];
    assert_refused(
        &with_move(&bent),
        FULL,
        "(2,2) (3,1) (3,2) is not a straight run",
    );
    let with_gap = [[3, 1], [3, 3]];
    assert_refused(
        &with_move(&with_gap),
        FULL,
        "(3,1) (3,3) is not a straight run",
    );
    let diagonal_with_gap = [[1, 1], [3, 3]];
    assert_refused(&with_move(&diagonal_with_gap), FULL, "not a straight run");
    assert_refused(&with_move(&[]), FULL, "eats nothing");
    assert_refused(&with_move(&[[3, 3], [3, 3]]), FULL, "(3,3) is named twice");
    // Off by one: a position past the end of its row, a row past the last.
    assert_refused(
        &with_move(&[[1, 4]]),
        FULL,
        "(1,4) is not a cell of the box",
    );
    assert_refused(
        &with_move(&[[6, 1]]),
        FULL,
        "(6,1) is not a cell of the box",
    );
    assert_refused(
        &with_move(&[[0, 1]]),
        FULL,
        "(0,1) is not a cell of the box",
    );
    // Sample 2 holds (3,4) but not the rest of row 3.
    let sample = test_box("sample2");
    let row_three = [[3, 1], [3, 2], [3, 3], [3, 4], [3, 5]];
    let claim = Certificate {
        first_move: Some(row_three.to_vec()),
        ..certify(sample)
    };
    assert_refused(&claim, sample, "(3,1) is empty");
}

#[test]
fn a_first_move_off_by_one_cell_breaks_the_symmetry() {
    // The full box: eating (3,4) instead of the centre leaves no mirror strategy.
    let claim = Certificate {
        first_move: Some(vec![[3, 4]]),
        ..certify(FULL)
    };
    assert_refused(&claim, FULL, "(3,3) holds a chocolate");
    // Full box minus a corner: Karlsson eats the diagonal from (2,2) to (5,3) through the
    // centre; one cell shorter, it leaves (2,2) without its mirror image.
    let corner = test_box("full-box-minus-a-corner");
    let mut claim = certify(corner);
    let first = claim.first_move.as_mut().unwrap();
    assert_eq!(first.remove(0), [2, 2]);
    assert_refused(
        &claim,
        corner,
        "(2,2) holds a chocolate, its mirror image (4,3) is empty",
    );
}

#[test]
fn a_mirror_claim_on_an_asymmetric_box_is_refused() {
    let sample = test_box("sample1");
    let claim = Certificate {
        proof: Proof::Mirror,
        ..certify(sample)
    };
    assert_refused(&claim, sample, "(3,3) holds a chocolate");
    let boxed = test_box("gen-010");
    let claim = Certificate {
        proof: Proof::Mirror,
        ..certify(boxed)
    };
    assert_refused(
        &claim,
        boxed,
        "not symmetric through the centre: (2,1) holds a chocolate, its mirror image (4,4)",
    );
}

#[test]
fn an_illegal_move_or_reply_in_the_set_is_refused() {
    let boxed = test_box("gen-010");
    let genuine = certify(boxed);
    let change = |edit: &dyn Fn(&mut Reply)| {
        let mut forged = genuine.clone();
        edit(&mut positions(&mut forged)[0].replies[0]);
        forged
    };
    // Gen-010's first box: Karlsson's move (1,1) is answered with (3,2) (4,2).
    let Proof::ClosedSet(set) = &genuine.proof else {
        panic!("gen-010 is not symmetric")
    };
    assert_eq!(set[0].replies[0].eaten, [[1, 1]]);
    let reply = |cells: &[Cell]| change(&|pair: &mut Reply| pair.reply = cells.to_vec());
    assert_refused(&reply(&[[1, 1]]), boxed, "(1,1) is empty");
    assert_refused(
        &reply(&[[3, 1], [3, 2], [3, 4]]),
        boxed,
        "is not a straight run",
    );
    assert_refused(&reply(&[[3, 2], [5, 1]]), boxed, "is not a straight run");
    assert_refused(&reply(&[]), boxed, "eats nothing");
    let first = |cells: &[Cell]| change(&|pair: &mut Reply| pair.eaten = cells.to_vec());
    assert_refused(
        &first(&[[1, 2]]),
        boxed,
        "Karlsson's move (1,2): (1,2) is empty",
    );
    assert_refused(&first(&[[1, 1], [1, 3]]), boxed, "is not a straight run");
}

#[test]
fn a_reply_that_leaves_the_set_is_refused() {
    let boxed = test_box("gen-010");
    let genuine = certify(boxed);
    let mut forged = genuine.clone();
    let set = positions(&mut forged);
    let listed: HashSet<Mask> = set.iter().map(|p| mask_of_box(&p.chocolates)).collect();
    let pair = &mut set[0].replies[0];
    let after = boxed & !mask_of(&pair.eaten);
    let other = legal_moves(after)
        .find(|&reply| !listed.contains(&(after & !reply)))
        .unwrap();
    pair.reply = cells(other);
    assert_refused(&forged, boxed, "the box left is not in the set");
}

#[test]
fn a_missing_box_reply_or_repetition_is_refused() {
    let boxed = test_box("gen-010");
    let genuine = certify(boxed);
    let count = match &genuine.proof {
        Proof::ClosedSet(set) => set.len(),
        Proof::Mirror => unreachable!(),
    };
    // Every box of the genuine set is needed: without it, some reply leaves the set.
    for skipped in [0, 1, count / 2, count - 1] {
        let mut forged = genuine.clone();
        positions(&mut forged).remove(skipped);
        let reason = if skipped == 0 {
            "has to move in is not in the set"
        } else {
            "not in the set"
        };
        assert_refused(&forged, boxed, reason);
    }
    let mut forged = genuine.clone();
    positions(&mut forged)[0].replies.remove(3);
    assert_refused(&forged, boxed, "box 1 of the set: Karlsson's move");
    assert_refused(&forged, boxed, "has no reply");
    let mut forged = genuine.clone();
    let set = positions(&mut forged);
    let again = set[0].replies[2].clone();
    set[0].replies.push(again);
    assert_refused(&forged, boxed, "is listed twice");
    let mut forged = genuine.clone();
    let set = positions(&mut forged);
    set.push(set[1].clone());
    assert_refused(&forged, boxed, "repeats box 2");
}

#[test]
fn a_set_holding_a_won_box_is_refused() {
    // A liar answers Karlsson's first move in boxed-010 with a losing reply and adds every
    // box that follows to the set, each move answered by whatever reply keeps inside the
    // set, or any legal one. A won box has a move into a lost one, from which every reply
    // reaches a won box again, so somewhere a move goes unanswered or leaves the set.
    let boxed = test_box("gen-010");
    let mut reference = Reference::new();
    let mut forged = certify(boxed);
    let set = positions(&mut forged);
    let pair = &mut set[0].replies[0];
    let after = boxed & !mask_of(&pair.eaten);
    let losing = legal_moves(after)
        .find(|&reply| reference.first_player_wins(after & !reply))
        .unwrap();
    pair.reply = cells(losing);
    let mut listed: HashSet<Mask> = set.iter().map(|p| mask_of_box(&p.chocolates)).collect();
    let mut pending = vec![after & !losing];
    while let Some(position) = pending.pop() {
        if position == 0 || !listed.insert(position) {
            continue;
        }
        let mut replies = Vec::new();
        for eaten in legal_moves(position) {
            let after = position & !eaten;
            let inside = legal_moves(after).find(|&r| listed.contains(&(after & !r)));
            let Some(reply) = inside.or_else(|| legal_moves(after).next()) else {
                continue;
            };
            pending.push(after & !reply);
            replies.push(Reply {
                eaten: cells(eaten),
                reply: cells(reply),
            });
        }
        set.push(Position {
            chocolates: box_text(position),
            replies,
        });
    }
    assert!(verify(&forged, boxed).is_err());
    assert_refused(&forged, boxed, "has no reply");
}

#[test]
fn a_certificate_for_another_box_is_refused() {
    let corner = test_box("full-box-minus-a-corner");
    assert_refused(
        &certify(FULL),
        corner,
        "the certificate is for another box: row 1 differs",
    );
    let boxed = test_box("gen-010");
    let other = boxed ^ 1 << 18;
    let reason = "row 5 differs (the certificate has O.O, the input O..)";
    assert_refused(&certify(boxed), other, reason);
}

#[test]
fn malformed_json_is_refused() {
    let full = draw(FULL);
    // The full box's certificate written by hand, with its box and an extra field.
    let by_hand = |written: &str, extra: &str| {
        format!(
            concat!(
                r#"{{"box":"{written}","winner":"Karlsson","#,
                r#""first_move":[[3,3]],"proof":"mirror"{extra}}}"#
            ),
            written = written,
            extra = extra
        )
    };
    let genuine = by_hand("OOO/OOOO/OOOOO/OOOO/OOO", "");
    let run = run_binary_with(BINARY, &["--check", &write(&genuine)], full.as_bytes()).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "Karlsson\n",
        "{run:?}"
    );

    assert_binary_refuses(&genuine[..genuine.len() - 1], FULL, "cannot be read");
    assert_binary_refuses("[]", FULL, "cannot be read");
    let unknown = by_hand("OOO/OOOO/OOOOO/OOOO/OOO", r#","extra":1"#);
    assert_binary_refuses(&unknown, FULL, "cannot be read");
    let bad_box = by_hand("OOO/OOOO/OOOO/OOOO/OOO", "");
    assert_binary_refuses(&bad_box, FULL, "row 3 is \"OOOO\", not 5 cells");
    let bad_cell = genuine.replace("[[3,3]]", "[[3,-3]]");
    assert_binary_refuses(&bad_cell, FULL, "cannot be read");
}

/// Writes `json` to a temp file and returns its path.
fn write(json: &str) -> String {
    let file = temp_file("written-by-hand");
    std::fs::write(&file, json).unwrap();
    file.to_str().unwrap().to_owned()
}

#[test]
fn the_checker_finds_the_moves_the_reference_finds() {
    // The checker's own hexagon against the reference's cube coordinates, on every box.
    let hexagon = Hexagon::new();
    for mask in 0..=FULL {
        let mine: BTreeSet<Mask> = hexagon.moves(mask).collect();
        let reference: BTreeSet<Mask> = reference::moves(mask).into_iter().collect();
        assert_eq!(mine, reference, "{mask:#b}");
    }
}
