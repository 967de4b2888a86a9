//! Whole games through the Play section against the proven strategy, as a reader clicks
//! (and with the keyboard alone: a sweets game, Maria's walk): the reader on the losing
//! side loses,
//! Maria walks to Anna on an empty board, and a move breaking a rule is refused with the
//! rule named.

use anyhow::{Context, Result, bail, ensure};
use fantoccini::key::Key;
use playground_browser::browser::Session;
use playground_browser::page::Playground;

use crate::Test;
use crate::keyboard::tab_to;
use crate::play_board::{
    MOVE_CAP, Square, board, losing_side, play, play_to_the_strategys_win, start, status,
};

pub const TESTS: &[Test] = &[
    (
        "play::sweets_the_strategy_beats_the_losing_side",
        sweets_the_strategy_beats_the_losing_side,
    ),
    (
        "play::sweets_is_played_from_the_keyboard_alone",
        sweets_is_played_from_the_keyboard_alone,
    ),
    (
        "play::sweets_refuses_cells_not_in_one_line",
        sweets_refuses_cells_not_in_one_line,
    ),
    (
        "play::gam_the_strategy_beats_the_losing_side",
        gam_the_strategy_beats_the_losing_side,
    ),
    ("play::gam_refuses_a_far_square", gam_refuses_a_far_square),
    (
        "play::statues_maria_walks_to_anna_from_the_keyboard",
        statues_maria_walks_to_anna_from_the_keyboard,
    ),
    (
        "play::statues_refuses_a_step_onto_a_statue",
        statues_refuses_a_step_onto_a_statue,
    ),
];

/// Opens `problem`'s page with sample `index` in the editor and starts a game on the
/// side the solver says loses; returns that side.
fn start_on_the_losing_side(
    session: &Session,
    problem: &str,
    index: usize,
    names: (&str, &str),
) -> Result<&'static str> {
    let page = Playground::open(session, problem)?;
    page.choose_sample(index)?;
    let opening = start(session, "first")?;
    let side = losing_side(&opening.text, names.0, names.1)?;
    start(session, side)?;
    Ok(side)
}

fn sweets_the_strategy_beats_the_losing_side(session: &Session) -> Result<()> {
    for index in 0..2 {
        let side = start_on_the_losing_side(session, "sweets", index, ("Karlsson", "Lillebror"))?;
        // One chocolate is always a straight run: the reader's every move is legal.
        let moves = play_to_the_strategys_win(session, "sweets", |squares| {
            let chocolate = squares
                .iter()
                .find(|square| square.is("chocolate"))
                .context("the reader is to move on an empty box")?;
            Ok(vec![chocolate.clone()])
        })?;
        println!(
            "  sweets sample{}: the reader played {side}, lost after {moves} moves",
            index + 1
        );
    }
    Ok(())
}

/// Presses Tab until the focused element matches `selector` (past the board's 19 cells).
fn tab_until(session: &Session, selector: &str) -> Result<()> {
    let there = format!("return document.activeElement.matches({selector:?})");
    for _ in 0..100 {
        if session.script(&there, Vec::new())? == serde_json::Value::Bool(true) {
            return Ok(());
        }
        session.press(Key::Tab)?;
    }
    bail!("100 Tabs did not reach {selector}")
}

fn sweets_is_played_from_the_keyboard_alone(session: &Session) -> Result<()> {
    // Sample 1 is Lillebror's, and the page opens with it in the editor and Karlsson, who
    // moves first, chosen: the reader plays the losing side without choosing.
    let page = Playground::open(session, "sweets")?;
    page.choose_sample(0)?;
    tab_to(session, "play-start")?;
    session.press(Key::Enter)?;
    session.wait_until(
        "the game to start",
        "return document.querySelectorAll('#play-board .chocolate').length > 0",
        std::time::Duration::from_secs(10),
    )?;
    for moves in 0..MOVE_CAP {
        let shown = status(session)?;
        if shown.class == "lost" {
            ensure!(
                shown.text.contains("The strategy wins"),
                "the game ended: {:?}",
                shown.text
            );
            println!("  sweets sample1 from the keyboard: lost after {moves} moves");
            return Ok(());
        }
        ensure!(
            shown.class == "playing",
            "{:?} ({})",
            shown.text,
            shown.class
        );
        // One chocolate, chosen with Space, is always a legal move; Move confirms it.
        tab_until(session, "#play-board .chocolate")?;
        session.press_character(' ')?;
        tab_until(session, "#play-move")?;
        session.press(Key::Enter)?;
    }
    bail!("{MOVE_CAP} moves and the game goes on")
}

/// Whether two cells of the hexagonal box share a line: a row, or a diagonal (the rows
/// are offset by half a cell, so a diagonal moves one grid column per row).
fn in_one_line(a: &Square, b: &Square) -> bool {
    a.row == b.row || (a.row - b.row).abs() == (a.column - b.column).abs()
}

fn sweets_refuses_cells_not_in_one_line(session: &Session) -> Result<()> {
    // Sample 2 is Karlsson's: the reader plays second, after the strategy's first move.
    start_on_the_losing_side(session, "sweets", 1, ("Karlsson", "Lillebror"))?;
    let squares = board(session)?;
    let chocolates: Vec<&Square> = squares.iter().filter(|s| s.is("chocolate")).collect();
    let pair = chocolates
        .iter()
        .flat_map(|a| chocolates.iter().map(move |b| (*a, *b)))
        .find(|(a, b)| !in_one_line(a, b))
        .context("every two chocolates left share a line")?;
    let refused = play(session, &[pair.0, pair.1])?;
    ensure!(
        refused.class == "refused" && refused.text.contains("must be in one line"),
        "two cells not in one line: {:?} ({})",
        refused.text,
        refused.class
    );
    let after = board(session)?;
    ensure!(
        after.iter().filter(|s| s.is("chocolate")).count() == chocolates.len(),
        "the refused move ate chocolates"
    );
    Ok(())
}

fn piece(squares: &[Square], player: &str) -> Result<Square> {
    squares
        .iter()
        .find(|square| square.is(&format!("piece-{player}")))
        .cloned()
        .with_context(|| format!("no square holds {player}'s piece"))
}

fn side_by_side(a: &Square, b: &Square) -> bool {
    (a.row - b.row).abs() + (a.column - b.column).abs() == 1
}

/// A legal move of `mine`: a white square beside it, or a jump over `theirs` when
/// that is the only white square beside it.
fn gam_move(squares: &[Square], mine: &str, theirs: &str) -> Result<Vec<Square>> {
    let (me, them) = (piece(squares, mine)?, piece(squares, theirs)?);
    let white_beside = |of: &Square| -> Vec<Square> {
        squares
            .iter()
            .filter(|square| square.is("white") && side_by_side(square, of))
            .cloned()
            .collect()
    };
    let beside = white_beside(&me);
    if let Some(step) = beside.iter().find(|square| square.id != them.id) {
        return Ok(vec![step.clone()]);
    }
    let landing = white_beside(&them)
        .into_iter()
        .find(|square| square.id != me.id)
        .context("the reader's piece has no move")?;
    Ok(vec![them, landing])
}

fn gam_the_strategy_beats_the_losing_side(session: &Session) -> Result<()> {
    let side = start_on_the_losing_side(session, "gam", 0, ("A", "B"))?;
    let (mine, theirs) = if side == "first" {
        ("a", "b")
    } else {
        ("b", "a")
    };
    let moves =
        play_to_the_strategys_win(session, "gam", |squares| gam_move(squares, mine, theirs))?;
    println!("  gam sample1 board 1: the reader played {side}, lost after {moves} moves");
    Ok(())
}

fn gam_refuses_a_far_square(session: &Session) -> Result<()> {
    let side = start_on_the_losing_side(session, "gam", 0, ("A", "B"))?;
    let mine = if side == "first" { "a" } else { "b" };
    let squares = board(session)?;
    let me = piece(&squares, mine)?;
    let far = squares
        .iter()
        .find(|square| {
            square.is("white")
                && !square.classes.contains("piece-")
                && (square.row - me.row).abs() + (square.column - me.column).abs() > 1
        })
        .context("no white square away from the reader's piece")?;
    let refused = play(session, &[far])?;
    ensure!(
        refused.class == "refused" && refused.text.contains("sharing a side with your piece"),
        "a far square: {:?} ({})",
        refused.text,
        refused.class
    );
    ensure!(
        piece(&board(session)?, mine)?.id == me.id,
        "the refused move moved the piece"
    );
    Ok(())
}

fn statues_maria_walks_to_anna_from_the_keyboard(session: &Session) -> Result<()> {
    let page = Playground::open(session, "statues")?;
    page.choose_sample(0)?;
    // The click on the sample button leaves the focus there; from there only keys are
    // pressed: Tab to Start, Enter, then Maria's keys on the board.
    tab_to(session, "play-start")?;
    session.press(Key::Enter)?;
    session.wait_until(
        "the statues game to start",
        "return document.querySelector('#play-board .maria') !== null",
        playground_browser::page::SAMPLE_TIMEOUT,
    )?;
    // Sample 1's board has no statue: Maria, bottom left, walks up and right to Anna.
    let mut moves = 0;
    while status(session)?.class == "playing" {
        ensure!(
            moves < 8,
            "Maria has not reached Anna after {moves} moves of E"
        );
        session.press_character('e')?;
        moves += 1;
    }
    let end = status(session)?;
    ensure!(
        end.class == "won" && end.text.contains("Maria reached Anna"),
        "after {moves} moves of E: {:?} ({})",
        end.text,
        end.class
    );
    ensure!(moves == 7, "Maria reached Anna in {moves} moves, not 7");
    Ok(())
}

fn statues_refuses_a_step_onto_a_statue(session: &Session) -> Result<()> {
    let page = Playground::open(session, "statues")?;
    page.choose_sample(1)?;
    session.click("#play-start")?;
    session.wait_until(
        "the statues game to start",
        "return document.querySelector('#play-board .maria') !== null",
        playground_browser::page::SAMPLE_TIMEOUT,
    )?;
    let squares = board(session)?;
    let maria = squares
        .iter()
        .find(|square| square.is("maria"))
        .context("Maria is not on the board")?;
    let statue = squares
        .iter()
        .find(|square| {
            square.is("statue")
                && (square.row - maria.row).abs() <= 1
                && (square.column - maria.column).abs() <= 1
        })
        .context("no statue beside Maria on sample 2")?;
    session.click(&statue.selector())?;
    let refused = status(session)?;
    ensure!(
        refused.class == "refused" && refused.text.contains("Maria cannot step onto a statue"),
        "a step onto a statue: {:?} ({})",
        refused.text,
        refused.class
    );
    ensure!(
        board(session)?
            .iter()
            .any(|square| square.is("maria") && square.id == maria.id),
        "the refused step moved Maria"
    );
    Ok(())
}
