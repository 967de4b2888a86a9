//! Playing against the proven strategy (`playground::play`), on every official sample
//! and on the crates' generated positions: the strategy's side wins every game the
//! solver says it wins, against every reply on small positions and random replies on
//! larger ones, checked move by move against the crates' independent references; every
//! kind of illegal move is refused with its rule named and changes nothing; statues end
//! as the rules say.

use std::collections::HashSet;

use crate::official_samples;
use gam::testkit::generate;
use playground::play::gam::{GamPlay, Move};
use playground::play::statues::StatuesPlay;
use playground::play::sweets::SweetsPlay;
use playground::play::{Progress, Side};
use serde_json::Value;
use sweets::geometry::{CELLS, FULL, Mask, legal_moves};

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

// ---- sweets ----

fn cells_of(eaten: Mask) -> Vec<u32> {
    (0..CELLS as u32)
        .filter(|&cell| eaten & 1 << cell != 0)
        .collect()
}

/// The side the solver's oracle (memoized minimax, not the table) says wins `mask`.
fn sweets_winner(reference: &mut sweets::reference::Reference, mask: Mask) -> Side {
    if reference.first_player_wins(mask) {
        Side::First
    } else {
        Side::Second
    }
}

/// Every line of play of the reader from `game`, the reader holding a lost box: each ends
/// with the reader lost, and every box the strategy leaves is lost for the reader by the
/// oracle.
fn sweets_every_reply_loses(
    game: &SweetsPlay,
    reference: &mut sweets::reference::Reference,
    seen: &mut HashSet<Mask>,
    at: &str,
) {
    if !seen.insert(game.chocolates()) {
        return;
    }
    if game.progress() != Progress::Playing {
        assert_eq!(game.progress(), Progress::ReaderLost, "{at}");
        return;
    }
    let mask = game.chocolates();
    assert!(
        !reference.first_player_wins(mask),
        "{at}: the strategy left {mask:b}, which the reader wins"
    );
    for eaten in legal_moves(mask) {
        let mut next = game.clone();
        next.try_move(&cells_of(eaten))
            .unwrap_or_else(|e| panic!("{at}: legal move {eaten:b} refused: {e}"));
        sweets_every_reply_loses(&next, reference, seen, at);
    }
}

#[test]
fn sweets_the_strategy_wins_every_line_of_play_on_small_boxes() {
    let mut reference = sweets::reference::Reference::new();
    let mut rng = fastrand::Rng::with_seed(0x5eed);
    let mut boxes: Vec<(String, Mask)> = official_samples("sweets")
        .into_iter()
        .map(|case| {
            (
                case.name,
                sweets::parse::parse(case.input.as_bytes()).unwrap(),
            )
        })
        .collect();
    // Up to seven chocolates: every line of play is a few thousand boxes.
    while boxes.len() < 300 {
        let mask = sweets::testkit::generate::generate(&mut rng, 0.3);
        if mask.count_ones() <= 7 {
            boxes.push((format!("generated {mask:b}"), mask));
        }
    }
    for (name, mask) in boxes {
        let winner = sweets_winner(&mut reference, mask);
        let reader = winner.other();
        let game = SweetsPlay::new(&sweets::parse::draw(mask), side_name(reader)).unwrap();
        let at = format!("{name}, reader {reader:?}");
        sweets_every_reply_loses(&game, &mut reference, &mut HashSet::new(), &at);
    }
}

#[test]
fn sweets_the_strategy_wins_against_random_replies_on_any_box() {
    let mut reference = sweets::reference::Reference::new();
    let mut rng = fastrand::Rng::with_seed(63);
    for round in 0..400 {
        let mask = if round == 0 {
            FULL
        } else {
            sweets::testkit::generate::generate(&mut rng, 1.0)
        };
        for reader in [Side::First, Side::Second] {
            let mut game = SweetsPlay::new(&sweets::parse::draw(mask), side_name(reader)).unwrap();
            let strategy_wins = sweets_winner(&mut reference, mask) != reader;
            while game.progress() == Progress::Playing {
                if strategy_wins {
                    assert!(!reference.first_player_wins(game.chocolates()));
                }
                let moves: Vec<Mask> = legal_moves(game.chocolates()).collect();
                let eaten = moves[rng.usize(..moves.len())];
                game.try_move(&cells_of(eaten)).unwrap();
            }
            if strategy_wins {
                assert_eq!(game.progress(), Progress::ReaderLost, "{mask:b}");
            }
        }
    }
}

#[test]
fn sweets_the_reader_on_the_winning_side_can_win() {
    // The reader playing the table's own moves beats the strategy from a won box.
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..200 {
        let mask = sweets::testkit::generate::generate(&mut rng, 1.0);
        let reader = if sweets::solve::first_player_wins(mask) {
            Side::First
        } else {
            Side::Second
        };
        let mut game = SweetsPlay::new(&sweets::parse::draw(mask), side_name(reader)).unwrap();
        while game.progress() == Progress::Playing {
            let eaten = playground::play::sweets::strategy_move(game.chocolates());
            game.try_move(&cells_of(eaten)).unwrap();
        }
        assert_eq!(game.progress(), Progress::ReaderWon, "{mask:b}");
    }
}

/// `cells` are refused from `game` with a reason containing `rule`, and nothing changes.
fn sweets_refused(game: &SweetsPlay, cells: &[u32], rule: &str) {
    let mut tried = game.clone();
    let reason = tried.try_move(cells).unwrap_err();
    assert!(reason.contains(rule), "{cells:?}: {reason}");
    assert_eq!(tried.chocolates(), game.chocolates());
    let view: Value = serde_json::from_str(&tried.clone().play(cells.to_vec())).unwrap();
    assert_eq!(view["refused"], true);
    assert!(
        view["status"].as_str().unwrap().starts_with("Refused: "),
        "{view}"
    );
}

#[test]
fn sweets_every_kind_of_illegal_move_is_refused_with_its_rule() {
    // Cells 7, 8, 9 are the first three of the middle line; 0 is line 1's first word.
    let mask: Mask = 1 << 0 | 1 << 7 | 1 << 9 | 1 << 12 | 1 << 13 | 1 << 14;
    let game = SweetsPlay::new(&sweets::parse::draw(mask), "first").unwrap();
    sweets_refused(&game, &[], "select one or more chocolates");
    sweets_refused(&game, &[8], "that cell (line 3, word 2) is empty");
    sweets_refused(&game, &[7, 8, 9], "is empty");
    sweets_refused(&game, &[0, 13], "the cells must be in one line");
    sweets_refused(&game, &[12, 14], "next to each other");
    sweets_refused(&game, &[19], "there is no cell 19");
    // A legal one is taken, and the strategy answers.
    let mut played = game.clone();
    played.try_move(&[12, 13, 14]).unwrap();
    assert_eq!(played.chocolates() & 0b111 << 12, 0);
    assert!(played.chocolates().count_ones() < 3);
    // The last chocolate ends the game; nothing more is taken.
    let mut single = SweetsPlay::new(&sweets::parse::draw(1 << 9), "first").unwrap();
    single.try_move(&[9]).unwrap();
    assert_eq!(single.progress(), Progress::ReaderWon);
    assert!(single.view().status.starts_with("You win"));
    sweets_refused(&single, &[9], "the game is over");
    let lost = SweetsPlay::new(&sweets::parse::draw(1 << 9), "second").unwrap();
    assert_eq!(lost.progress(), Progress::ReaderLost);
    let status = lost.view().status;
    assert!(
        status.contains("You lose") && status.contains("The strategy wins"),
        "{status}"
    );
}

#[test]
fn sweets_bad_input_and_sides_are_refused() {
    let error = SweetsPlay::new("%\n", "first").unwrap_err();
    assert!(error.starts_with("line 1, column 1: "), "{error}");
    let sample = &official_samples("sweets")[0].input;
    let error = SweetsPlay::new(sample, "middle").unwrap_err();
    assert!(error.contains("\"middle\""), "{error}");
}

// ---- gam ----

/// What the strategy's choices depend on: the pieces, the mover, the moves made and
/// whether it still follows the certificate.
type GamState = ([usize; 2], bool, [usize; 2], bool);

fn gam_key(game: &GamPlay) -> GamState {
    let players = [gam::Player::A, gam::Player::B];
    (
        players.map(|player| game.piece(player)),
        game.to_move() == gam::Player::A,
        players.map(|player| game.moves_made(player)),
        game.follows_certificate(),
    )
}

/// Every line of play of the reader from `game` on a board the strategy wins: each ends
/// with the reader lost, and every position the strategy leaves is lost for the reader
/// by the brute force over the literal rules.
fn gam_every_reply_loses(
    game: &GamPlay,
    solved: &gam::reference::Solved,
    seen: &mut HashSet<GamState>,
    depth: usize,
    at: &str,
) {
    if !seen.insert(gam_key(game)) {
        return;
    }
    if game.progress() != Progress::Playing {
        assert_eq!(game.progress(), Progress::ReaderLost, "{at}");
        return;
    }
    let squares = game.board().white.len();
    assert!(depth <= 4 * squares, "{at}: no win after {depth} moves");
    let reader = game.to_move();
    let (a, b) = (game.piece(gam::Player::A), game.piece(gam::Player::B));
    assert_eq!(
        solved.winner_at(reader, a, b),
        Some(reader.other()),
        "{at}: the strategy left A on {a} and B on {b}, which the reader wins"
    );
    for chosen in game.legal_moves() {
        let mut next = game.clone();
        next.try_move(&chosen.cells())
            .unwrap_or_else(|e| panic!("{at}: legal move {chosen:?} refused: {e}"));
        gam_every_reply_loses(&next, solved, seen, depth + 1, at);
    }
}

fn one_board_input(board: &gam::Board) -> String {
    gam::board::render_input(std::slice::from_ref(board))
}

/// Every board of side 2 and 3 with both starts joined.
fn tiny_boards() -> Vec<gam::Board> {
    let mut boards = Vec::new();
    for n in 2..=3 {
        let squares = n * n;
        for a in 0..squares {
            for b in (0..squares).filter(|&b| b != a) {
                for walls in 0..1u32 << squares {
                    if walls & (1 << a | 1 << b) != 0 {
                        continue;
                    }
                    let board = gam::Board {
                        n,
                        white: (0..squares).map(|s| walls & 1 << s == 0).collect(),
                        a,
                        b,
                    };
                    if board.connected() {
                        boards.push(board);
                    }
                }
            }
        }
    }
    boards
}

#[test]
fn gam_the_strategy_wins_every_line_of_play_on_small_boards() {
    let mut boards = tiny_boards();
    let tiny = boards.len();
    for case in official_samples("gam") {
        boards.extend(gam::read_boards(case.input.as_bytes()).unwrap());
    }
    let mut rng = fastrand::Rng::with_seed(2008);
    while boards.len() < tiny + 200 {
        let n = rng.usize(2..=6);
        let board = generate::any_board(&mut rng, n);
        if gam::reference::fits(&board) {
            boards.push(board);
        }
    }
    for (number, board) in boards.iter().enumerate() {
        let solved = gam::reference::solve(board).unwrap();
        let winner = solved.winner_at(gam::Player::A, board.a, board.b).unwrap();
        let reader = match winner {
            gam::Player::A => "second",
            gam::Player::B => "first",
        };
        let game = GamPlay::new(&one_board_input(board), reader, 1).unwrap();
        assert_eq!(game.winner(), winner, "board {number}:\n{board}");
        let at = format!("board {number}, reader {reader}:\n{board}");
        gam_every_reply_loses(&game, &solved, &mut HashSet::new(), 0, &at);
    }
}

/// Random replies from the reader until the game ends; the moves made.
fn gam_random_game(game: &mut GamPlay, rng: &mut fastrand::Rng) -> usize {
    let mut moves = 0;
    while game.progress() == Progress::Playing {
        let legal = game.legal_moves();
        let chosen = legal[rng.usize(..legal.len())];
        game.try_move(&chosen.cells()).unwrap();
        moves += 1;
        assert!(moves < 100_000, "no end");
    }
    moves
}

#[test]
fn gam_the_strategy_wins_against_random_replies_on_generated_boards() {
    let mut rng = fastrand::Rng::with_seed(1164);
    for round in 0..300 {
        let n = rng.usize(2..=if round % 3 == 0 { 40 } else { 12 });
        let board = generate::any_board(&mut rng, n);
        let solved = gam::reference::fits(&board).then(|| gam::reference::solve(&board).unwrap());
        for reader in ["first", "second"] {
            let mut game = GamPlay::new(&one_board_input(&board), reader, 1).unwrap();
            let reader_player = if reader == "first" {
                gam::Player::A
            } else {
                gam::Player::B
            };
            if let Some(solved) = &solved {
                assert_eq!(
                    solved.winner_at(gam::Player::A, board.a, board.b),
                    Some(game.winner())
                );
            }
            assert_eq!(game.winner(), gam::solve::winner(&board).unwrap());
            for _ in 0..3 {
                let mut copy = game.clone();
                gam_random_game(&mut copy, &mut rng);
                if game.winner() != reader_player {
                    assert_eq!(copy.progress(), Progress::ReaderLost, "{reader}:\n{board}");
                }
            }
            // The reader racing (the strategy's own move for the reader's side) wins a
            // won board.
            if game.winner() == reader_player {
                while game.progress() == Progress::Playing {
                    let chosen = game.clone().strategy_move();
                    game.try_move(&chosen.cells()).unwrap();
                }
                assert_eq!(game.progress(), Progress::ReaderWon, "{reader}:\n{board}");
            }
        }
    }
}

/// A reachable position where the reader, to move, can jump over the strategy's piece.
fn gam_jump_position() -> (GamPlay, Move) {
    let input = "1\n4\nA...\n....\n....\n...B\n";
    let mut stack = vec![
        GamPlay::new(input, "first", 1).unwrap(),
        GamPlay::new(input, "second", 1).unwrap(),
    ];
    while let Some(game) = stack.pop() {
        if game.progress() != Progress::Playing {
            continue;
        }
        let legal = game.legal_moves();
        if let Some(jump) = legal.iter().find(|chosen| chosen.landing.is_some()) {
            return (game, *jump);
        }
        for chosen in legal {
            let mut next = game.clone();
            next.try_move(&chosen.cells()).unwrap();
            stack.push(next);
        }
    }
    panic!("no jump is ever possible");
}

fn gam_refused(game: &GamPlay, cells: &[u32], rule: &str) {
    let mut tried = game.clone();
    let reason = tried.try_move(cells).unwrap_err();
    assert!(reason.contains(rule), "{cells:?}: {reason}");
    assert_eq!(
        format!("{tried:?}"),
        format!("{game:?}"),
        "a refusal changed the game"
    );
    let view: Value = serde_json::from_str(&tried.play(cells.to_vec())).unwrap();
    assert_eq!(view["refused"], true);
    assert!(
        view["status"].as_str().unwrap().starts_with("Refused: "),
        "{view}"
    );
}

#[test]
fn gam_every_kind_of_illegal_move_is_refused_with_its_rule() {
    // A on square 0 (top left), square 1 black, square 3 white below it.
    let game = GamPlay::new("1\n3\nA#.\n...\n..B\n", "first", 1).unwrap();
    gam_refused(&game, &[], "select the square your piece steps to");
    gam_refused(&game, &[1], "that square is black");
    gam_refused(&game, &[4], "sharing a side with your piece");
    gam_refused(&game, &[8], "sharing a side with your piece");
    gam_refused(&game, &[9], "there is no square 9");
    gam_refused(&game, &[3, 6], "only a step onto B's piece");
    gam_refused(&game, &[3, 4, 5], "a move is one step");

    let (game, jump) = gam_jump_position();
    let other = game.to_move().other();
    gam_refused(
        &game,
        &[jump.step as u32],
        &format!("that step lands on {other}'s piece"),
    );
    let n = game.board().n;
    let far = (0..n * n)
        .find(|&square| {
            let (r, c) = (square / n, square % n);
            let (jr, jc) = (jump.step / n, jump.step % n);
            r.abs_diff(jr) + c.abs_diff(jc) > 1
        })
        .unwrap();
    gam_refused(
        &game,
        &[jump.step as u32, far as u32],
        "a jump lands on a square sharing a side with the piece jumped over",
    );
    let mut jumped = game.clone();
    jumped.try_move(&jump.cells()).unwrap();

    // A step onto the other piece on its own start wins at once: a landing is refused.
    let adjacent = GamPlay::new("1\n2\nAB\n..\n", "first", 1).unwrap();
    gam_refused(&adjacent, &[1, 3], "wins at once");
    let mut won = adjacent.clone();
    won.try_move(&[1]).unwrap();
    assert_eq!(won.progress(), Progress::ReaderWon);
    assert!(won.view().status.starts_with("You win"));
    gam_refused(&won, &[0], "the game is over");
}

#[test]
fn gam_bad_input_boards_and_sides_are_refused() {
    let sample = &official_samples("gam")[0].input;
    assert!(
        GamPlay::new("%\n", "first", 1)
            .unwrap_err()
            .starts_with("line 1, column 1: ")
    );
    assert!(
        GamPlay::new(sample, "first", 3)
            .unwrap_err()
            .contains("from 1 to 2")
    );
    assert!(
        GamPlay::new(sample, "first", 0)
            .unwrap_err()
            .contains("from 1 to 2")
    );
    assert!(
        GamPlay::new(sample, "up", 1)
            .unwrap_err()
            .contains("\"up\"")
    );
    let disconnected = "1\n2\nA#\n#B\n";
    assert!(
        GamPlay::new(disconnected, "first", 1)
            .unwrap_err()
            .contains("no white path")
    );
    let wide = generate::empty(51, generate::Start::Corner);
    assert!(
        GamPlay::new(&one_board_input(&wide), "first", 1)
            .unwrap_err()
            .contains("up to 50 x 50")
    );
    // The second sample board is A's: the reader as B loses to the strategy as A.
    let mut game = GamPlay::new(sample, "second", 2).unwrap();
    assert_eq!(game.winner(), gam::Player::A);
    gam_random_game(&mut game, &mut fastrand::Rng::with_seed(1));
    assert_eq!(game.progress(), Progress::ReaderLost);
    let status = game.view().status;
    assert!(
        status.contains("You lose") && status.contains("The strategy wins"),
        "{status}"
    );
}

// ---- statues ----

/// Whether some line of play on the page reaches Anna from `game`.
fn statues_can_win(game: &StatuesPlay, seen: &mut HashSet<((usize, usize), usize)>) -> bool {
    match game.progress() {
        Progress::ReaderWon => return true,
        Progress::ReaderLost => return false,
        Progress::Playing => {}
    }
    if !seen.insert((game.maria(), game.falls().min(9))) {
        return false;
    }
    (-1..=1).any(|rows| {
        (-1..=1).any(|columns| {
            let mut next = game.clone();
            let (row, column) = (
                game.maria().0 as i32 + rows,
                game.maria().1 as i32 + columns,
            );
            next.try_move(row, column).is_ok() && statues_can_win(&next, seen)
        })
    })
}

fn statues_boards() -> Vec<(String, String)> {
    let mut boards: Vec<(String, String)> = official_samples("statues")
        .into_iter()
        .map(|case| (case.name, case.input))
        .collect();
    let mut rng = fastrand::Rng::with_seed(128);
    for number in 0..400 {
        let board = statues::testkit::generate::generate(&mut rng, 1.0);
        boards.push((format!("generated {number}"), board.to_string()));
    }
    boards
}

#[test]
fn statues_the_page_is_won_exactly_when_the_reference_says_win() {
    let mut wins = 0;
    for (name, input) in statues_boards() {
        let game = StatuesPlay::new(&input).unwrap();
        let expected = statues::reference::solve(game.board());
        let found = statues_can_win(&game, &mut HashSet::new());
        assert_eq!(found, expected == statues::Outcome::Win, "{name}:\n{input}");
        wins += usize::from(found);
    }
    assert!(wins > 20, "only {wins} boards are won");
}

#[test]
fn statues_every_move_ends_as_the_reference_rules_say() {
    let mut rng = fastrand::Rng::with_seed(1280);
    for (name, input) in statues_boards() {
        let mut game = StatuesPlay::new(&input).unwrap();
        // The reference's statue set, moved one round at a time.
        let mut statues_now = statues::reference::statue_set(game.board());
        let bit = |(row, column): (usize, usize)| 1u64 << (row * 8 + column);
        while game.progress() == Progress::Playing {
            let (rows, columns) = (rng.i32(-1..=1), rng.i32(-1..=1));
            let (row, column) = (
                game.maria().0 as i32 + rows,
                game.maria().1 as i32 + columns,
            );
            if game.try_move(row, column).is_err() {
                let on_board = (0..8).contains(&row) && (0..8).contains(&column);
                assert!(
                    !on_board || statues_now & bit((row as usize, column as usize)) != 0,
                    "{name}: a move to ({row}, {column}) refused:\n{input}"
                );
                continue;
            }
            let target = (row as usize, column as usize);
            assert_eq!(statues_now & bit(target), 0, "{name}: moved onto a statue");
            let fallen = statues::reference::fall(statues_now);
            let expected = if target == statues::ANNA {
                Progress::ReaderWon
            } else if fallen & bit(target) != 0 {
                Progress::ReaderLost
            } else {
                Progress::Playing
            };
            assert_eq!(game.progress(), expected, "{name} at {target:?}:\n{input}");
            statues_now = fallen;
            if expected == Progress::Playing {
                for square in (0..64).map(|cell| (cell / 8, cell % 8)) {
                    assert_eq!(game.statue_on(square), statues_now & bit(square) != 0);
                }
            }
        }
        let status = game.view().status;
        let wanted = if game.progress() == Progress::ReaderWon {
            "You win: Maria reached Anna"
        } else {
            "You lose: "
        };
        assert!(status.starts_with(wanted), "{status}");
    }
}

#[test]
fn statues_moves_onto_a_statue_off_the_board_or_far_are_refused() {
    // Sample 2: statues right above Maria and beside her in row 7.
    let sample = &official_samples("statues")[1].input;
    let game = StatuesPlay::new(sample).unwrap();
    assert!(game.statue_on((6, 0)));
    let mut refused = game.clone();
    for (row, column, rule) in [
        (6, 0, "Maria cannot step onto a statue"),
        (8, 0, "Maria cannot leave the board"),
        (7, -1, "Maria cannot leave the board"),
        (5, 0, "one of the eight squares around her"),
        (0, 7, "one of the eight squares around her"),
    ] {
        let reason = refused.try_move(row, column).unwrap_err();
        assert!(reason.contains(rule), "{reason}");
        assert_eq!(
            (refused.maria(), refused.falls()),
            (game.maria(), game.falls())
        );
    }
    let view: Value = serde_json::from_str(&refused.step(1, 0)).unwrap();
    assert_eq!(view["refused"], true);
    assert!(
        view["status"]
            .as_str()
            .unwrap()
            .starts_with("Refused: Maria cannot leave")
    );
    // Staying under a falling statue is crushed.
    let mut stay = StatuesPlay::new(&official_samples("statues")[2].input).unwrap();
    stay.try_move(7, 0).unwrap();
    assert_eq!(stay.progress(), Progress::ReaderLost);
    assert!(stay.view().status.contains("a statue fell on Maria"));
    assert!(
        stay.clone()
            .try_move(6, 0)
            .unwrap_err()
            .contains("the game is over")
    );
    assert!(
        StatuesPlay::new("%\n")
            .unwrap_err()
            .starts_with("line 1, column 1: ")
    );
}

#[test]
fn views_are_json_the_page_can_draw() {
    let sweets_view: Value = serde_json::from_str(
        &SweetsPlay::new(&official_samples("sweets")[0].input, "first")
            .unwrap()
            .view_json(),
    )
    .unwrap();
    assert_eq!(sweets_view["cells"].as_array().unwrap().len(), CELLS);
    assert_eq!(sweets_view["span"], 2);
    assert_eq!(sweets_view["progress"], "playing");
    // Whichever side the reader takes, the opening status says it is the reader's turn.
    for side in ["first", "second"] {
        let sweets_status = SweetsPlay::new(&official_samples("sweets")[1].input, side)
            .unwrap()
            .view()
            .status;
        assert!(sweets_status.contains("Your move, "), "{sweets_status}");
        let gam_status = GamPlay::new(&official_samples("gam")[0].input, side, 2)
            .unwrap()
            .view()
            .status;
        assert!(gam_status.contains("Your move, "), "{gam_status}");
    }
    let gam_view: Value = serde_json::from_str(
        &GamPlay::new(&official_samples("gam")[0].input, "first", 1)
            .unwrap()
            .view_json(),
    )
    .unwrap();
    assert_eq!(gam_view["cells"].as_array().unwrap().len(), 16);
    assert_eq!(gam_view["cells"][0]["text"], "A");
    assert_eq!(gam_view["cells"][15]["text"], "B");
    let statues_view: Value = serde_json::from_str(
        &StatuesPlay::new(&official_samples("statues")[0].input)
            .unwrap()
            .view_json(),
    )
    .unwrap();
    assert_eq!(statues_view["cells"][56]["text"], "M");
    assert_eq!(statues_view["cells"][7]["text"], "A");
    assert!(
        statues_view["status"]
            .as_str()
            .unwrap()
            .contains("Maria can reach Anna")
    );
}

// ---- the turns every game shares ----

#[test]
fn each_game_tells_its_turns_and_its_end_in_its_own_words() {
    let mut won = SweetsPlay::new(&sweets::parse::draw(1 << 9), "first").unwrap();
    let opening = won.view().status;
    won.try_move(&[9]).unwrap();
    let lost = SweetsPlay::new(&sweets::parse::draw(1 << 9), "second").unwrap();
    let sample = &official_samples("gam")[0].input;
    let mut gam_lost = GamPlay::new(sample, "second", 2).unwrap();
    let gam_opening = gam_lost.view().status;
    gam_random_game(&mut gam_lost, &mut fastrand::Rng::with_seed(1));
    let mut refused = GamPlay::new(sample, "first", 1).unwrap();
    refused.play(vec![]);
    let mut over = won.clone();
    over.play(vec![9]);
    let told = [
        opening,
        won.view().status,
        lost.view().status,
        gam_opening,
        gam_lost.view().status,
        refused.view().status,
        over.view().status,
    ];
    let your_gam_move = "select the square your piece steps to (for a jump, then the square \
                         it lands on), then press Move.";
    assert_eq!(
        told,
        [
            "Karlsson moves first. The solver says Karlsson wins this box. Your move, \
             Karlsson: select a straight run of chocolates, then press Move."
                .to_owned(),
            "You win: you ate the last chocolate and Lillebror cannot move.".to_owned(),
            "Karlsson moves first. The solver says Karlsson wins this box. You lose. The \
             strategy wins: Karlsson (the strategy) ate line 3, word 3. You cannot move."
                .to_owned(),
            format!(
                "A moves first. The starts are 6 steps apart; the solver says A wins. A (the \
                 strategy) stepped to row 1, column 2. Your move, B: {your_gam_move}"
            ),
            "You lose. The strategy wins: A (the strategy) stepped to row 4, column 4. A \
             reached B's start."
                .to_owned(),
            format!(
                "Refused: select the square your piece steps to first. Your move, A: \
                 {your_gam_move}"
            ),
            "Refused: the game is over: press Start to play again.".to_owned(),
        ]
    );
}
