//! The certificates and their checker ([`gam::check`]):
//! - every genuine certificate of the test data and of generated boards checks, and
//!   proves the expected answer;
//! - the reduction the checker relies on (the layered game decides the real one) holds
//!   against the brute force of the literal game, at the start and at every position
//!   the winner's strategy lets arise;
//! - forgeries are refused: the loser's single legal play along shortest paths dressed
//!   up as a strategy (on boards of every size up to 300 x 300), the loser's complete
//!   but losing strategy, the other verdict, an illegal move, an off-by-one distance, a
//!   missing case and another board's certificate; the binary's `--check` refuses them
//!   too, with exit code 1.

use problem::Problem as _;

use fastrand::Rng;
use gam::bfs::{UNREACHED, bfs_by};
use gam::certificate::{Certificate, Certify, Rule, Square, TestCertificate};
use gam::check::check;
use gam::testkit::{Kit, answers};
use gam::{Board, Player, reference, solve};
use gridkit::testdata::binary_check;
use gridkit::testkit::{ProblemKit, case_rng};

const BINARY: &str = env!("CARGO_BIN_EXE_gam");

fn certificate(board: &Board) -> TestCertificate {
    TestCertificate::of(board).unwrap_or_else(|| panic!("no certificate:\n{board}"))
}

#[test]
fn every_test_data_certificate_proves_the_expected_answer() {
    let mut checked = 0;
    for case in gridkit::testdata::cases("gam").expect("the test data can be read") {
        let boards = Kit::parse(&case.input).unwrap();
        let expected = answers(&case.expected).unwrap();
        for (index, board) in boards.iter().enumerate() {
            let certificate = certificate(board);
            let proven = check(&certificate, board)
                .unwrap_or_else(|why| panic!("{} test {}: {why}", case.name, index + 1));
            assert_eq!(proven, expected[index], "{} test {}", case.name, index + 1);
            checked += 1;
        }
    }
    assert!(checked >= 200, "{checked}");
}

/// The JSON the library prints, read back by the library's `--check`, proves the expected
/// output of every test-data file.
#[test]
fn every_test_data_json_certificate_checks() {
    for case in gridkit::testdata::cases("gam").expect("the test data can be read") {
        let mut json = Vec::new();
        gam::Gam::print_certificate(case.input.as_bytes(), &mut json).unwrap();
        let json = String::from_utf8(json).unwrap();
        let mut output = Vec::new();
        gam::check_certificate(json.as_bytes(), case.input.as_bytes(), &mut output)
            .unwrap_or_else(|error| panic!("{}: {error:#}", case.name));
        assert_eq!(
            String::from_utf8(output).unwrap(),
            case.expected,
            "{}",
            case.name
        );
        let parsed: Certificate = serde_json::from_str(&json).unwrap();
        assert_eq!(
            Some(parsed),
            Certificate::of(&Kit::parse(&case.input).unwrap())
        );
    }
}

/// The checker proves the layered game's winner; the brute force plays the literal game.
/// They agree on every small board, and the brute force confirms every position the
/// winner's strategy lets arise: the reduction to shortest paths is sound there.
#[test]
fn the_layered_game_decides_the_literal_game_on_small_boards() {
    let (mut boards, mut positions, mut even_a, mut even_b) = (0, 0, 0, 0);
    for k in 0..3000 {
        let input = Kit::generate(&mut case_rng(1, k), 0.18 * k as f64 / 3000.0);
        for board in input.iter().filter(|board| reference::fits(board)) {
            let certificate = certificate(board);
            let proven = check(&certificate, board).unwrap_or_else(|why| panic!("{why}\n{board}"));
            let solved = reference::solve(board).expect("joined");
            assert_eq!(
                solved.winner_at(Player::A, board.a, board.b),
                Some(proven),
                "{board}"
            );
            for (position, mover) in strategy_positions(board, &certificate) {
                let (a, b) = position;
                assert_eq!(
                    solved.winner_at(mover, a, b),
                    Some(proven),
                    "{mover} to move, A on {a}, B on {b}:\n{board}"
                );
                positions += 1;
            }
            boards += 1;
            match (certificate.distance % 2, proven) {
                (0, Player::A) => even_a += 1,
                (0, Player::B) => even_b += 1,
                _ => {}
            }
        }
    }
    println!("{boards} boards, {positions} positions, {even_a} even A wins, {even_b} even B wins");
    assert!(
        boards >= 3000 && even_a >= 40 && even_b >= 300,
        "{boards} {even_a} {even_b}"
    );
}

/// Every position a certificate's rules cover, as board squares `(a, b)`, with the
/// player to move there: A before his move (A's rules), B after A's (B's rules).
fn strategy_positions(
    board: &Board,
    certificate: &TestCertificate,
) -> Vec<((usize, usize), Player)> {
    let index = |[row, col]: Square| (usize::from(row) - 1) * board.n + usize::from(col) - 1;
    let mut positions = Vec::new();
    for rule in certificate.strategy.iter().flatten() {
        for &other in &rule.against {
            let (from, other) = (index(rule.from), index(other));
            positions.push(match certificate.winner {
                Player::A => ((from, other), Player::A),
                Player::B => ((other, from), Player::B),
            });
        }
    }
    positions
}

// Forgeries.

/// Distances from `start` (the tests' own search, not the checker's).
fn distances(board: &Board, start: usize) -> Vec<u32> {
    bfs_by(board.white.len(), &[start], |square| {
        board.white_neighbours(square)
    })
}

fn square(board: &Board, index: usize) -> Square {
    let (row, col) = board.coordinates(index);
    [row as u16, col as u16]
}

/// A random shortest path from `square` in layer `k` back to A's start (toward layer
/// 0) or on to B's (toward layer D), the squares in order of layers, `square` included.
fn chain(board: &Board, square: usize, toward_a: bool, rng: &mut Rng) -> Vec<usize> {
    let (from_a, from_b) = (distances(board, board.a), distances(board, board.b));
    let d = from_a[board.b];
    let on_path = |s: usize, k: u32| from_a[s] == k && from_b[s] != UNREACHED && from_b[s] == d - k;
    let mut path = vec![square];
    let mut k = from_a[square];
    while (toward_a && k > 0) || (!toward_a && k < d) {
        let next_k = if toward_a { k - 1 } else { k + 1 };
        let here = *path.last().unwrap();
        let options: Vec<usize> = board
            .white_neighbours(here)
            .filter(|&next| on_path(next, next_k))
            .collect();
        path.push(options[rng.usize(..options.len())]);
        k = next_k;
    }
    if toward_a {
        path.reverse();
    }
    path
}

/// The loser's one legal play along shortest paths, written as a strategy that covers
/// only the positions of that play, claimed as a win: A walks a path and B, beside him
/// in the middle, never steps onto him (where B wins), or B steps onto A in the middle
/// and jumps (where A wins). `None` when the board allows no such play.
fn single_play_forgery(board: &Board, rng: &mut Rng) -> Option<TestCertificate> {
    let real = certificate(board);
    let d = real.distance;
    if d % 2 == 1 {
        // The only verdict to forge is B's, with B's move onto A somewhere.
        return Some(TestCertificate {
            winner: Player::B,
            ..real
        });
    }
    let m = d / 2;
    let from_a = distances(board, board.a);
    let from_b = distances(board, board.b);
    let middle: Vec<usize> = (0..board.white.len())
        .filter(|&s| from_a[s] as usize == m && from_b[s] as usize == m)
        .collect();
    let meet = middle[rng.usize(..middle.len())];
    // A's squares a[0..=m] (layers 0 to m), B's b[0..=m] (layers D down to m).
    let a = chain(board, meet, true, rng);
    let b_meet = match real.winner {
        // A wins: B steps onto A in the middle.
        Player::A => meet,
        // B wins: B ends on another middle square.
        Player::B => *middle
            .iter()
            .filter(|&&s| s != meet)
            .nth(rng.usize(..middle.len().max(2) - 1))?,
    };
    let mut b = chain(board, b_meet, false, rng);
    b.reverse();
    let forged: Vec<Vec<Rule>> = (1..=m)
        .map(|r| {
            let rule = match real.winner.other() {
                Player::A => Rule {
                    from: square(board, a[r - 1]),
                    to: square(board, a[r]),
                    against: vec![square(board, b[r - 1])],
                },
                Player::B => Rule {
                    from: square(board, b[r - 1]),
                    to: square(board, b[r]),
                    against: vec![square(board, a[r])],
                },
            };
            vec![rule]
        })
        .collect();
    Some(TestCertificate {
        winner: real.winner.other(),
        strategy: forged,
        ..real
    })
}

/// Legal single plays with the wrong winner, on boards of every size the generator makes
/// (up to 300 x 300): each is refused, while the genuine certificate passes.
#[test]
fn single_plays_with_the_wrong_winner_are_refused_on_boards_of_every_size() {
    let mut rng = Rng::with_seed(5);
    let (mut refused, mut large, mut largest) = (0, 0, 0);
    for k in 0..120 {
        let input = Kit::generate(&mut case_rng(6, k), k as f64 / 119.0);
        for board in input.iter().take(4) {
            let truth = solve::winner(board).unwrap();
            let real = certificate(board);
            assert_eq!(check(&real, board), Ok(truth), "{board}");
            for _ in 0..3 {
                let Some(forged) = single_play_forgery(board, &mut rng) else {
                    continue;
                };
                let why = check(&forged, board).expect_err("a forged single play passes");
                assert!(!why.is_empty());
                refused += 1;
                large += usize::from(board.n > 12);
                largest = largest.max(board.n);
            }
        }
    }
    println!(
        "{refused} forged plays refused, {large} on boards over 12 x 12, largest n = {largest}"
    );
    assert!(
        refused >= 500 && large >= 300 && largest >= 250,
        "{refused} {large} {largest}"
    );
}

/// The loser's complete strategy: a reply at every position, legal but losing. Refused.
fn losing_strategy(board: &Board) -> TestCertificate {
    let real = certificate(board);
    let (from_a, from_b) = (distances(board, board.a), distances(board, board.b));
    let d = real.distance as u32;
    let m = d / 2;
    let steps = |s: usize, k: u32| -> Vec<usize> {
        board
            .white_neighbours(s)
            .filter(|&next| from_a[next] == k && from_b[next] == d - k)
            .collect()
    };
    let mut positions = vec![(board.a, board.b)];
    let mut rounds = Vec::new();
    for r in 1..=m {
        positions.sort_unstable();
        positions.dedup();
        let mut rules = Vec::new();
        let mut next = Vec::new();
        for &(a, b) in &positions {
            match real.winner.other() {
                Player::A => {
                    let to = steps(a, r)[0];
                    rules.push(Rule {
                        from: square(board, a),
                        to: square(board, to),
                        against: vec![square(board, b)],
                    });
                    next.extend(steps(b, d - r).into_iter().map(|reply| (to, reply)));
                }
                Player::B => {
                    for step in steps(a, r) {
                        let options = steps(b, d - r);
                        let to = options
                            .iter()
                            .copied()
                            .find(|&s| s == step)
                            .unwrap_or(options[0]);
                        rules.push(Rule {
                            from: square(board, b),
                            to: square(board, to),
                            against: vec![square(board, step)],
                        });
                        next.push((step, to));
                    }
                }
            }
        }
        rounds.push(rules);
        positions = next;
    }
    TestCertificate {
        winner: real.winner.other(),
        strategy: rounds,
        ..real
    }
}

#[test]
fn complete_but_losing_strategies_are_refused() {
    let mut refused = 0;
    for k in 0..300 {
        let input = Kit::generate(&mut case_rng(7, k), 0.1 + 0.2 * k as f64 / 300.0);
        for board in &input {
            if board.n > 40 || certificate(board).distance % 2 == 1 {
                continue;
            }
            let forged = losing_strategy(board);
            let why = check(&forged, board).expect_err("a losing strategy passes");
            assert!(
                why.contains("steps onto him there: B wins") || why.contains("not onto A"),
                "{why}\n{board}"
            );
            refused += 1;
        }
    }
    assert!(refused >= 200, "{refused}");
}

// Tampering with genuine certificates, each kind of lie caught by the library and by
// the binary's `--check`.

const SAMPLE: &str = "2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n";

fn sample() -> Certificate {
    Certificate::of(&Kit::parse(SAMPLE).unwrap()).unwrap()
}

/// The library's and the binary's verdicts on `forged` against the sample: both refuse,
/// with the same message, which is returned.
fn refused(forged: &Certificate) -> String {
    let json = serde_json::to_string(forged).unwrap();
    let mut output = Vec::new();
    let error = gam::check_certificate(json.as_bytes(), SAMPLE.as_bytes(), &mut output)
        .expect_err("the forged certificate passes");
    assert!(output.is_empty());
    let why = error.to_string();
    let (code, stdout, stderr) = binary_check(BINARY, json.as_bytes(), SAMPLE.as_bytes());
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.is_empty());
    assert_eq!(stderr, format!("error: {why}\n"));
    why
}

#[test]
fn the_genuine_sample_certificate_passes_the_binary() {
    let json = serde_json::to_vec(&sample()).unwrap();
    let (code, stdout, stderr) = binary_check(BINARY, &json, SAMPLE.as_bytes());
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, "B\nA\n");
}

#[test]
fn the_other_verdict_is_refused() {
    let mut lie = sample();
    lie.tests[0].winner = Player::A;
    let why = refused(&lie);
    assert!(
        why.ends_with("test 1: round 1: no rule for the start, A's first move"),
        "{why}"
    );
    let odd = "1\n2\nAB\n..\n";
    let mut lie = Certificate::of(&Kit::parse(odd).unwrap()).unwrap();
    lie.tests[0].winner = Player::B;
    let json = serde_json::to_string(&lie).unwrap();
    let error = gam::check_certificate(json.as_bytes(), odd.as_bytes(), Vec::new()).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("B is claimed to win, but D = 1 is odd"),
        "{error}"
    );
}

#[test]
fn an_illegal_move_is_refused() {
    // A steps from (1, 1) to (2, 2): not a side neighbour.
    let mut lie = sample();
    lie.tests[1].strategy[0][0].to = [2, 2];
    assert!(refused(&lie).ends_with(
        "test 2: round 1: A's step from (1, 1) to (2, 2) is not to a white side square one \
         move nearer B's start"
    ));
    // B steps onto the black square (2, 2).
    let mut lie = sample();
    lie.tests[0].strategy[1][1].to = [2, 2];
    assert!(refused(&lie).contains("round 2: B's step from (4, 3) to (2, 2)"));
    // A square off the board.
    let mut lie = sample();
    lie.tests[1].strategy[1][0].against[0] = [5, 1];
    assert!(refused(&lie).contains("square (5, 1) is off the 4 x 4 board"));
}

#[test]
fn an_off_by_one_distance_is_refused() {
    let mut lie = sample();
    lie.tests[0].distance = 7;
    assert!(
        refused(&lie).ends_with(
            "test 1: the certificate claims D = 7, the board's shortest path has 6 moves"
        )
    );
    let mut lie = sample();
    lie.tests[0].strategy.pop();
    assert!(refused(&lie).ends_with("the strategy has 2 rounds; D = 6 needs D/2 = 3"));
}

#[test]
fn a_missing_case_is_refused() {
    // B's reply to A's first step down is dropped.
    let mut lie = sample();
    lie.tests[0].strategy[0].remove(1);
    assert!(
        refused(&lie).ends_with("test 1: round 1: no rule for B's reply when A steps to (2, 1)")
    );
    // A's answer to B on (4, 3) in round 2 is dropped.
    let mut lie = sample();
    lie.tests[1].strategy[1][0].against.remove(1);
    let why = refused(&lie);
    assert!(
        why.ends_with(
            "test 2: round 1: A steps from (1, 1) to (1, 2) with B on (4, 4); B may answer \
             (4, 3), and round 2 has no rule for that position"
        ),
        "{why}"
    );
    // In the middle, B steps beside A instead of onto him.
    let mut lie = sample();
    lie.tests[0].strategy[2][0].to = [2, 3];
    assert!(
        refused(&lie)
            .contains("round 3: B on (2, 4) steps to (2, 3), not onto A on (1, 4): A wins")
    );
}

#[test]
fn a_certificate_for_another_board_is_refused() {
    let mut lie = sample();
    lie.tests.swap(0, 1);
    assert!(refused(&lie).ends_with("test 1: the certificate is for another board: row 2 differs"));
    let mut lie = sample();
    lie.tests.pop();
    assert_eq!(
        refused(&lie),
        "the certificate is for another input: it has 1 tests, the input 2"
    );
}

#[test]
fn malformed_json_is_refused() {
    let mut output = Vec::new();
    for json in [
        "",
        "{",
        "{\"tests\": 3}",
        "{\"tests\": [{\"rows\": []}]}",
        "{\"tests\":[],\"x\":1}",
    ] {
        let error =
            gam::check_certificate(json.as_bytes(), SAMPLE.as_bytes(), &mut output).unwrap_err();
        // Rows are compared as soon as they are read: no rows is another board's.
        assert!(
            error.to_string().contains("is not valid JSON")
                || error.to_string().contains("another input")
                || error.to_string().contains("another board"),
            "{json}: {error}"
        );
    }
    assert!(output.is_empty());
}

/// A forged single play on a large board, refused by the binary too.
#[test]
fn the_binary_refuses_forged_plays_on_large_boards() {
    let mut rng = Rng::with_seed(8);
    let mut refused = 0;
    for k in 0..6 {
        let boards = Kit::generate(&mut case_rng(9, k), 0.9);
        let mut forged = Certificate::of(&boards).unwrap();
        let Some(lie) = single_play_forgery(&boards[0], &mut rng) else {
            continue;
        };
        forged.tests[0] = lie;
        let input = Kit::render(&boards);
        let json = serde_json::to_vec(&forged).unwrap();
        let (code, stdout, stderr) = binary_check(BINARY, &json, input.as_bytes());
        assert_eq!(code, Some(1), "{stdout}{stderr}");
        assert!(
            stderr.starts_with("error: the certificate does not prove an answer: test 1: "),
            "{stderr}"
        );
        refused += 1;
    }
    assert!(refused >= 4, "{refused}");
}
