//! A checker for the certificates `--explain` prints, independent of the solver: it reads
//! the typed certificate, checks every move against the rules on the reference's cube
//! coordinates, and asks the reference (a separate memoized search) whether each box the
//! certificate calls lost really is. It runs on every test case and on thousands of
//! generated boxes, and refuses certificates changed to lie in each way they could.

use std::collections::BTreeSet;

use gridkit::testkit::{ProblemKit, case_rng, scale_of};
use sweets::geometry::FULL;
use sweets::reference::{self, Cube, Reference};
use sweets::testkit::Kit;
use sweets::{Certificate, Mask, certify};

/// Verifies certificates; keeps the reference's memo between them.
struct Checker {
    reference: Reference,
    cells: Vec<Cube>,
}

impl Checker {
    fn new() -> Self {
        Self {
            reference: Reference::new(),
            cells: reference::cells(),
        }
    }

    /// `Ok` when `certificate` proves its winner for its box, or what is wrong with it.
    fn check(&mut self, certificate: &Certificate) -> Result<(), String> {
        let start = certificate.start();
        if start == 0 || start & !FULL != 0 {
            return Err(format!("{start:#b} is not a box the statement allows"));
        }
        match certificate {
            Certificate::Karlsson { winning_move, .. } => {
                self.check_move(start, *winning_move, "Karlsson's move")?;
                self.check_lost(start & !winning_move, "the box Karlsson leaves")
            }
            Certificate::Lillebror { defences, .. } => {
                let firsts: Vec<Mask> = defences.iter().map(|d| d.first_move).collect();
                self.check_all_moves_listed(start, &firsts)?;
                for defence in defences {
                    let first = defence.first_move;
                    self.check_move(start, first, "Karlsson's first move")?;
                    let after = start & !first;
                    self.check_move(after, defence.reply, "Lillebror's reply")?;
                    self.check_lost(after & !defence.reply, "the box Lillebror leaves")?;
                }
                Ok(())
            }
        }
    }

    /// A legal move of `mask` eats one or more chocolates, all of them in `mask`, lying
    /// in consecutive cells of one straight line: in cube coordinates, the cells in
    /// reading order step by one and the same unit vector.
    fn check_move(&self, mask: Mask, eaten: Mask, what: &str) -> Result<(), String> {
        if eaten == 0 {
            return Err(format!("{what} eats nothing"));
        }
        if eaten & !mask != 0 {
            return Err(format!("{what} {eaten:#b} eats an empty cell of {mask:#b}"));
        }
        let cubes: Vec<Cube> = (0..self.cells.len())
            .filter(|&cell| eaten & 1 << cell != 0)
            .map(|cell| self.cells[cell])
            .collect();
        let steps: BTreeSet<Cube> = cubes
            .windows(2)
            .map(|pair| {
                (
                    pair[1].0 - pair[0].0,
                    pair[1].1 - pair[0].1,
                    pair[1].2 - pair[0].2,
                )
            })
            .collect();
        // The six unit vectors: two coordinates +1 and -1, the third 0.
        let is_unit = |(x, y, z): Cube| {
            [x, y, z].iter().all(|c| c.abs() <= 1) && x + y + z == 0 && (x, y, z) != (0, 0, 0)
        };
        match steps.iter().collect::<Vec<_>>()[..] {
            [] => Ok(()),
            [&step] if is_unit(step) => Ok(()),
            _ => Err(format!(
                "{what} {eaten:#b} is not a straight run without gaps"
            )),
        }
    }

    /// The first moves listed are every legal move of `start` (as the reference finds
    /// them), each once.
    fn check_all_moves_listed(&self, start: Mask, firsts: &[Mask]) -> Result<(), String> {
        let listed: BTreeSet<Mask> = firsts.iter().copied().collect();
        if listed.len() != firsts.len() {
            return Err("a first move is listed twice".to_owned());
        }
        let legal: BTreeSet<Mask> = reference::moves(start).into_iter().collect();
        match legal.difference(&listed).next() {
            Some(missing) => Err(format!("Karlsson's first move {missing:#b} is missing")),
            None => Ok(()),
        }
    }

    /// The reference says the player to move at `mask` loses.
    fn check_lost(&mut self, mask: Mask, what: &str) -> Result<(), String> {
        if self.reference.first_player_wins(mask) {
            Err(format!(
                "{what}, {mask:#b}, is a win for the player to move"
            ))
        } else {
            Ok(())
        }
    }
}

#[test]
fn every_test_case_has_a_valid_certificate_of_its_expected_winner() {
    let mut checker = Checker::new();
    let cases = gridkit::testdata::cases("sweets").unwrap();
    for case in &cases {
        let mask = Kit::parse(&case.input).unwrap();
        let certificate = certify(mask);
        assert_eq!(certificate.start(), mask, "{}", case.name);
        checker
            .check(&certificate)
            .unwrap_or_else(|error| panic!("{}: {error}", case.name));
        assert_eq!(
            format!("{}\n", certificate.winner()),
            case.expected,
            "{}",
            case.name
        );
    }
    println!("{} test cases checked", cases.len());
}

#[test]
fn thousands_of_generated_boxes_have_valid_certificates() {
    const CASES: u64 = 5_000;
    let mut checker = Checker::new();
    let mut winners = [0usize; 2];
    for case in 0..CASES {
        let mask = Kit::generate(&mut case_rng(63, case), scale_of(case));
        let certificate = certify(mask);
        checker
            .check(&certificate)
            .unwrap_or_else(|error| panic!("{}: {error}", Kit::render(&mask)));
        assert_eq!(Kit::answer(&mask), format!("{}\n", certificate.winner()));
        winners[usize::from(matches!(certificate, Certificate::Karlsson { .. }))] += 1;
    }
    println!("{CASES} generated boxes checked; Lillebror, Karlsson wins: {winners:?}");
    assert!(winners.iter().all(|&count| count > 100), "{winners:?}");
}

/// The box of test case `name`.
fn test_box(name: &str) -> Mask {
    let path = gridkit::testdata::folder("sweets").join(format!("{name}.in"));
    Kit::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Cells by (row, position), both from 1 as the explanation names them.
fn cells(named: &[(usize, usize)]) -> Mask {
    const ROW_STARTS: [usize; 5] = [0, 3, 7, 12, 16];
    named.iter().fold(0, |mask, &(row, position)| {
        mask | 1 << (ROW_STARTS[row - 1] + position - 1)
    })
}

/// A real Karlsson certificate for the full box, where every cell holds a chocolate.
fn full_box_win() -> Certificate {
    let certificate = certify(FULL);
    assert!(matches!(certificate, Certificate::Karlsson { .. }));
    certificate
}

/// A real Lillebror certificate (sample 1).
fn sample_defence() -> Certificate {
    let certificate = certify(test_box("sample1"));
    assert!(matches!(certificate, Certificate::Lillebror { .. }));
    certificate
}

/// `certificate` with its winning move (Karlsson) or its first reply (Lillebror) replaced.
fn with_move(certificate: &Certificate, eaten: Mask) -> Certificate {
    let mut tampered = certificate.clone();
    match &mut tampered {
        Certificate::Karlsson { winning_move, .. } => *winning_move = eaten,
        Certificate::Lillebror { defences, .. } => defences[0].reply = eaten,
    }
    tampered
}

/// Refused, for a reason that mentions `reason`.
fn assert_refused(certificate: &Certificate, reason: &str) {
    let verdict = Checker::new().check(certificate);
    match verdict {
        Err(error) => assert!(error.contains(reason), "{error} (expected {reason})"),
        Ok(()) => panic!("accepted a false certificate: {certificate:?}"),
    }
}

#[test]
fn real_certificates_are_accepted() {
    let mut checker = Checker::new();
    assert_eq!(checker.check(&full_box_win()), Ok(()));
    assert_eq!(checker.check(&sample_defence()), Ok(()));
}

#[test]
fn a_segment_that_is_not_a_straight_run_is_refused() {
    let win = full_box_win();
    let bent = cells(&[(2, 2), (3, 1), (3, 2)]);
    assert_refused(&with_move(&win, bent), "not a straight run");
    let with_gap = cells(&[(3, 1), (3, 3)]);
    assert_refused(&with_move(&win, with_gap), "not a straight run");
    let diagonal_with_gap = cells(&[(1, 1), (3, 3)]);
    assert_refused(&with_move(&win, diagonal_with_gap), "not a straight run");
    assert_refused(&with_move(&win, 0), "eats nothing");
}

#[test]
fn a_segment_over_an_empty_cell_is_refused() {
    // Sample 2 holds (3,4) but not the rest of row 3: the whole row is a straight run
    // over empty cells.
    let certificate = certify(test_box("sample2"));
    let row_three = cells(&[(3, 1), (3, 2), (3, 3), (3, 4), (3, 5)]);
    assert_refused(&with_move(&certificate, row_three), "empty cell");
}

#[test]
fn a_claimed_loss_that_is_a_win_is_refused() {
    let mut reference = Reference::new();
    let win = full_box_win();
    let losing_move = reference::moves(FULL)
        .into_iter()
        .find(|&eaten| reference.first_player_wins(FULL & !eaten))
        .unwrap();
    assert_refused(
        &with_move(&win, losing_move),
        "is a win for the player to move",
    );

    let defence = sample_defence();
    let Certificate::Lillebror { start, defences } = &defence else {
        unreachable!()
    };
    let after = start & !defences[0].first_move;
    let losing_reply = reference::moves(after)
        .into_iter()
        .find(|&eaten| reference.first_player_wins(after & !eaten))
        .unwrap();
    assert_refused(
        &with_move(&defence, losing_reply),
        "is a win for the player to move",
    );
}

#[test]
fn a_win_claimed_for_the_loser_is_refused() {
    // Lillebror wins sample 1: no move of Karlsson's can be shown to win it.
    let Certificate::Lillebror { start, defences } = sample_defence() else {
        unreachable!()
    };
    for defence in defences {
        let claim = Certificate::Karlsson {
            start,
            winning_move: defence.first_move,
        };
        assert_refused(&claim, "is a win for the player to move");
    }
}

#[test]
fn a_missing_or_repeated_first_move_is_refused() {
    let defence = sample_defence();
    let Certificate::Lillebror { start, defences } = &defence else {
        unreachable!()
    };
    for skipped in 0..defences.len() {
        let mut fewer = defences.clone();
        fewer.remove(skipped);
        let tampered = Certificate::Lillebror {
            start: *start,
            defences: fewer,
        };
        assert_refused(&tampered, "is missing");
    }
    let mut repeated = defences.clone();
    repeated.push(defences[0]);
    let tampered = Certificate::Lillebror {
        start: *start,
        defences: repeated,
    };
    assert_refused(&tampered, "listed twice");
}

#[test]
fn an_illegal_reply_is_refused() {
    let defence = sample_defence();
    let Certificate::Lillebror { defences, .. } = &defence else {
        unreachable!()
    };
    // Eating again what Karlsson just ate: cells that are empty now.
    assert_refused(&with_move(&defence, defences[0].first_move), "empty cell");
    assert_refused(&with_move(&defence, 0), "eats nothing");

    // A bent reply in the full box minus the centre, after a first move that leaves it
    // all chocolates.
    let Certificate::Lillebror {
        start,
        mut defences,
    } = certify(FULL & !(1 << 9))
    else {
        panic!("the full box minus the centre is a Lillebror win");
    };
    let bent = cells(&[(2, 2), (3, 1), (3, 2)]);
    let untouched = defences
        .iter()
        .position(|defence| defence.first_move & bent == 0)
        .unwrap();
    defences[untouched].reply = bent;
    assert_refused(
        &Certificate::Lillebror { start, defences },
        "not a straight run",
    );
}
