//! The certificates of `--explain`, checked by the rules alone, never by the code that
//! made them: the distance and layer sizes against the checker's own breadth-first
//! searches, the middle square against the distances, every move of the play replayed
//! (steps onto white side neighbours, jumps over the other piece, the game ending exactly
//! when the claimed winner reaches the other's start), and on boards up to 12 x 12 the
//! claimed winner confirmed by the brute force (the literal game) at every position of
//! the play. Runs on every test-data board and on thousands of generated ones, and
//! rejects certificates tampered with in each way they could lie.

use fastrand::Rng;
use gam::bfs::{UNREACHED, bfs_by};
use gam::certificate::{Certificate, Play};
use gam::testkit::{Kit, answers};
use gam::{Board, Player, jury, reference};
use gridkit::testkit::{ProblemKit, case_rng};

/// Boards up to this side (and within the brute force's reach) are checked position by
/// position against the literal game.
const BRUTE_FORCE_UP_TO: usize = 12;

/// The position before one move of the play.
#[derive(Debug, Clone, Copy)]
struct Position {
    mover: Player,
    a: usize,
    b: usize,
}

fn distances(board: &Board, start: usize) -> Vec<u32> {
    bfs_by(board.white.len(), &[start], |square| {
        board.white_neighbours(square)
    })
}

fn at(board: &Board, square: usize) -> String {
    let (row, col) = board.coordinates(square);
    format!("({row}, {col})")
}

/// Every check; returns whether the brute force took part.
fn check(certificate: &Certificate) -> Result<bool, String> {
    check_distance_and_layers(certificate)?;
    let positions = replay(certificate)?;
    check_middle(certificate)?;
    let board = &certificate.board;
    if board.n > BRUTE_FORCE_UP_TO || !reference::fits(board) {
        return Ok(false);
    }
    let solved = reference::solve(board).ok_or("the brute force finds no path")?;
    for (index, position) in positions.iter().enumerate() {
        let winner = solved.winner_at(position.mover, position.a, position.b);
        if winner != Some(certificate.play.winner) {
            return Err(format!(
                "before move {} ({} to move, A on {}, B on {}) the brute force says {} wins",
                index + 1,
                position.mover,
                at(board, position.a),
                at(board, position.b),
                winner.map_or("nobody".to_string(), |player| player.to_string())
            ));
        }
    }
    Ok(true)
}

fn check_distance_and_layers(certificate: &Certificate) -> Result<(), String> {
    let board = &certificate.board;
    let (from_a, from_b) = (distances(board, board.a), distances(board, board.b));
    let d = from_a[board.b];
    if d == UNREACHED || d as usize != certificate.distance {
        return Err(format!(
            "distance {} claimed, {d} found",
            certificate.distance
        ));
    }
    let mut sizes = vec![0; d as usize + 1];
    for square in 0..board.white.len() {
        if from_a[square] != UNREACHED && from_a[square] + from_b[square] == d {
            sizes[from_a[square] as usize] += 1;
        }
    }
    if sizes != certificate.layer_sizes {
        return Err(format!(
            "layer sizes {:?} claimed, {sizes:?} found",
            certificate.layer_sizes
        ));
    }
    Ok(())
}

/// An even distance has a middle square: A's after his move `D/2`, at distance `D/2`
/// from both starts, and B's move `D/2` jumps over it exactly when B wins. An odd one
/// has none.
fn check_middle(certificate: &Certificate) -> Result<(), String> {
    let (board, play, d) = (&certificate.board, &certificate.play, certificate.distance);
    let Some(middle) = play.middle else {
        return if d % 2 == 1 {
            Ok(())
        } else {
            Err("no middle square for an even distance".into())
        };
    };
    let m = d / 2;
    if d % 2 == 1 {
        return Err("a middle square for an odd distance".into());
    }
    let (from_a, from_b) = (distances(board, board.a), distances(board, board.b));
    if from_a[middle] as usize != m || from_b[middle] as usize != m {
        return Err(format!(
            "the middle square {} is not {m} from both starts",
            at(board, middle)
        ));
    }
    if play.a.get(m) != Some(&middle) {
        return Err(format!(
            "A is not on the middle square {} after move {m}",
            at(board, middle)
        ));
    }
    let jumps_over_middle = match (play.b.get(m - 1), play.b.get(m)) {
        (Some(&from), Some(&to)) => adjacent(board, from, middle) && adjacent(board, middle, to),
        _ => false,
    };
    if jumps_over_middle != (play.winner == Player::B) {
        return Err(format!(
            "B's move {m} {} over the middle square, yet {} is claimed to win",
            if jumps_over_middle {
                "jumps"
            } else {
                "does not jump"
            },
            play.winner
        ));
    }
    Ok(())
}

/// Whether `to` is a white side neighbour of `from`.
fn adjacent(board: &Board, from: usize, to: usize) -> bool {
    board.white_neighbours(from).any(|next| next == to)
}

/// Replays the play by the rules; returns the position before each move.
fn replay(certificate: &Certificate) -> Result<Vec<Position>, String> {
    let (board, play) = (&certificate.board, &certificate.play);
    if play.a.first() != Some(&board.a) || play.b.first() != Some(&board.b) {
        return Err("the play does not begin on the starts".into());
    }
    let (a_moves, b_moves) = (play.a.len() - 1, play.b.len() - 1);
    if a_moves != b_moves && a_moves != b_moves + 1 {
        return Err(format!(
            "A makes {a_moves} moves and B {b_moves}: they alternate"
        ));
    }
    let (mut a, mut b) = (board.a, board.b);
    let mut positions = Vec::new();
    for index in 0..a_moves + b_moves {
        let (mover, number) = (
            if index % 2 == 0 { Player::A } else { Player::B },
            index / 2 + 1,
        );
        positions.push(Position { mover, a, b });
        let (path, other, goal) = match mover {
            Player::A => (&play.a, b, board.b),
            Player::B => (&play.b, a, board.a),
        };
        let (from, to) = (path[number - 1], path[number]);
        check_move(board, from, to, other, goal).map_err(|why| {
            format!(
                "{mover}'s move {number} from {} to {}: {why}",
                at(board, from),
                at(board, to)
            )
        })?;
        match mover {
            Player::A => a = to,
            Player::B => b = to,
        }
        let last = index + 1 == a_moves + b_moves;
        match (to == goal, last) {
            (true, true) if mover == play.winner => return Ok(positions),
            (true, true) => {
                return Err(format!(
                    "{mover} arrives, yet {} is claimed to win",
                    play.winner
                ));
            }
            (true, false) => {
                return Err(format!(
                    "{mover} arrives with move {number}, yet the play goes on"
                ));
            }
            (false, true) => return Err("the play ends before anyone arrives".into()),
            (false, false) => {}
        }
    }
    Err("an empty play".into())
}

/// A step to a white side neighbour (onto the other piece only when it stands on the
/// mover's goal: the first half of a jump wins at once), or a jump: a step onto the
/// other piece, then one more step from its square.
fn check_move(
    board: &Board,
    from: usize,
    to: usize,
    other: usize,
    goal: usize,
) -> Result<(), String> {
    if adjacent(board, from, to) {
        if to == other && to != goal {
            return Err("steps onto the other piece without jumping on".into());
        }
        return Ok(());
    }
    if adjacent(board, from, other) && other != goal && adjacent(board, other, to) {
        return Ok(());
    }
    Err(format!(
        "neither a step to a white side neighbour nor a jump over the other piece on {}",
        at(board, other)
    ))
}

fn certificate(board: &Board) -> Certificate {
    Certificate::of(board).unwrap_or_else(|| panic!("no certificate:\n{board}"))
}

#[test]
fn every_test_data_board() {
    let (mut checked, mut brute_forced) = (0, 0);
    for case in gridkit::testdata::cases("gam").expect("the test data can be read") {
        let boards = Kit::parse(&case.input).unwrap();
        let expected = answers(&case.expected).unwrap();
        for (index, board) in boards.iter().enumerate() {
            let certificate = certificate(board);
            let test = format!("{} test {}", case.name, index + 1);
            match check(&certificate) {
                Ok(brute) => brute_forced += usize::from(brute),
                Err(why) => panic!("{test}: {why}"),
            }
            assert_eq!(certificate.play.winner, expected[index], "{test}");
            checked += 1;
        }
    }
    println!("{checked} test-data boards checked, {brute_forced} also by brute force");
    assert!(
        checked >= 200 && brute_forced >= 60,
        "{checked} / {brute_forced}"
    );
}

#[test]
fn thousands_of_generated_small_boards() {
    let (mut checked, mut brute_forced, mut even_a) = (0, 0, 0);
    for k in 0..4000 {
        // Scales up to 0.18: n up to 12.
        let input = Kit::generate(&mut case_rng(1, k), 0.18 * k as f64 / 4000.0);
        for board in &input {
            let certificate = certificate(board);
            let brute = check(&certificate).unwrap_or_else(|why| panic!("{why}:\n{board}"));
            assert_eq!(
                Some(certificate.play.winner),
                jury::winner(board),
                "{board}"
            );
            brute_forced += usize::from(brute);
            even_a +=
                usize::from(certificate.distance % 2 == 0 && certificate.play.winner == Player::A);
            checked += 1;
        }
    }
    println!(
        "{checked} generated boards, {brute_forced} by brute force, {even_a} won by A over an even distance"
    );
    assert!(
        brute_forced >= 5000 && even_a >= 60,
        "{brute_forced} / {even_a}"
    );
}

#[test]
fn generated_boards_up_to_the_largest() {
    let mut checked = 0;
    for k in 0..24 {
        let input = Kit::generate(&mut case_rng(2, k), 0.3 + 0.7 * k as f64 / 24.0);
        for board in input.iter().take(3) {
            let certificate = certificate(board);
            check(&certificate).unwrap_or_else(|why| panic!("{why}:\n{board}"));
            assert_eq!(
                Some(certificate.play.winner),
                jury::winner(board),
                "{board}"
            );
            checked += 1;
        }
    }
    println!("{checked} larger generated boards checked");
}

// Tampering: each kind of lie a certificate could tell is caught.

fn sample(test: usize) -> Certificate {
    let boards = Kit::parse("2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n").unwrap();
    certificate(&boards[test])
}

fn rejected(certificate: &Certificate) -> String {
    check(certificate).expect_err("the tampered certificate passes")
}

#[test]
fn the_real_sample_certificates_pass() {
    assert_eq!(check(&sample(0)), Ok(true));
    assert_eq!(check(&sample(1)), Ok(true));
}

#[test]
fn a_wrong_middle_square_is_caught() {
    for test in 0..2 {
        let mut lie = sample(test);
        let m = lie.distance / 2;
        // Another square of the middle layer, and the square before it.
        lie.play.middle = Some(if lie.play.a[m] == 3 { 6 } else { 3 });
        assert!(
            rejected(&lie).contains("A is not on the middle square"),
            "{}",
            rejected(&lie)
        );
        lie.play.middle = Some(lie.play.a[m - 1]);
        assert!(rejected(&lie).contains("is not 3 from both starts"));
        lie.play.middle = None;
        assert!(rejected(&lie).contains("no middle square"));
    }
    let mut lie = certificate(&Board::from_rows(&["AB", ".."]));
    lie.play.middle = Some(1);
    assert!(rejected(&lie).contains("odd distance"));
}

#[test]
fn an_illegal_step_is_caught() {
    // Through the black square (2, 2), square 5.
    let mut lie = sample(0);
    lie.play.a[1] = 4;
    lie.play.a[2] = 5;
    let why = rejected(&lie);
    assert!(
        why.starts_with("A's move 2 from (2, 1) to (2, 2): neither a step"),
        "{why}"
    );
    // Two squares at once, with nobody to jump over.
    let mut lie = sample(1);
    lie.play.a.remove(1);
    let why = rejected(&lie);
    assert!(why.starts_with("A's move 1 from (1, 1) to"), "{why}");
    // A step onto the other piece that does not jump on.
    let mut lie = sample(0);
    let m = lie.distance / 2;
    lie.play.b[m] = lie.play.a[m];
    assert!(
        rejected(&lie).contains("without jumping on"),
        "{}",
        rejected(&lie)
    );
}

#[test]
fn a_wrong_winner_or_ending_is_caught() {
    let mut lie = sample(1);
    lie.play.winner = Player::B;
    assert!(rejected(&lie).contains("A arrives, yet B is claimed to win"));
    let mut lie = sample(0);
    lie.play.b.pop();
    assert!(rejected(&lie).contains("the play ends before anyone arrives"));
}

/// A random play along shortest paths, in which A wins: random steps from layer to
/// layer, B stepping beside A (never onto him) in the middle. `None` if B cannot.
fn random_play_won_by_a(board: &Board, rng: &mut Rng) -> Option<Play> {
    let (from_a, from_b) = (distances(board, board.a), distances(board, board.b));
    let d = from_a[board.b];
    let on_path = |square: usize, k: u32| from_a[square] == k && from_b[square] == d - k;
    let pick = |rng: &mut Rng, from: usize, k: u32, avoid: Option<usize>| {
        let options: Vec<usize> = board
            .white_neighbours(from)
            .filter(|&next| on_path(next, k) && Some(next) != avoid)
            .collect();
        (!options.is_empty()).then(|| options[rng.usize(..options.len())])
    };
    let (mut a, mut b) = (vec![board.a], vec![board.b]);
    for k in 0..d {
        let step = pick(rng, *a.last()?, k + 1, None)?;
        a.push(step);
        if k + 1 == d {
            break;
        }
        b.push(pick(rng, *b.last()?, d - k - 1, Some(step))?);
    }
    let middle = a[d as usize / 2];
    Some(Play {
        a,
        b,
        middle: Some(middle),
        winner: Player::A,
    })
}

/// A legal play that A wins, though on the way A steps where B could win and B fails
/// to: the brute force catches the claim at the position after A's mistake.
#[test]
fn a_winner_who_loses_at_some_position_is_caught() {
    let mut rng = Rng::with_seed(3);
    let mut caught = 0;
    for k in 0..400 {
        let input = Kit::generate(&mut case_rng(4, k), 0.15);
        for board in input.iter().filter(|board| reference::fits(board)) {
            let real = certificate(board);
            if real.distance % 2 == 1 || real.play.winner != Player::A {
                continue;
            }
            for _ in 0..20 {
                let Some(play) = random_play_won_by_a(board, &mut rng) else {
                    continue;
                };
                let lie = Certificate {
                    play,
                    ..real.clone()
                };
                if let Err(why) = check(&lie) {
                    assert!(why.contains("the brute force says B wins"), "{why}");
                    caught += 1;
                }
            }
        }
    }
    println!("{caught} plays with a losing position caught");
    assert!(caught >= 20, "only {caught}");
}
