//! The Play section as the tests see it: its board read from the `data-cell` buttons, its
//! status line, and the clicks that choose a side, start a game and make a move.

use anyhow::{Context, Result, bail, ensure};
use playground_browser::browser::Session;
use serde_json::Value;

/// Moves a game may take before the test calls the page broken: more than any sample's
/// game lasts (sweets eats a chocolate or more per move, gam's boards are 4 x 4).
pub const MOVE_CAP: usize = 60;

/// One square of the board as drawn.
#[derive(Debug, Clone)]
pub struct Square {
    /// `data-cell`: what a click sends.
    pub id: u64,
    pub row: i64,
    pub column: i64,
    /// The button's classes (`cell chocolate`, `cell white piece-a`...).
    pub classes: String,
}

impl Square {
    pub fn is(&self, class: &str) -> bool {
        self.classes.split_whitespace().any(|name| name == class)
    }

    pub fn selector(&self) -> String {
        format!("#play-board button[data-cell=\"{}\"]", self.id)
    }
}

/// The status line: its text and its class (`playing`, `won`, `lost`, `refused`).
#[derive(Debug, Clone)]
pub struct PlayStatus {
    pub text: String,
    pub class: String,
}

/// The board's squares, in the page's order.
pub fn board(session: &Session) -> Result<Vec<Square>> {
    let cells = session.script(
        "return [...document.querySelectorAll('#play-board button[data-cell]')]\
           .map(b => [Number(b.dataset.cell), Number(b.dataset.row), \
                      Number(b.dataset.column), b.className])",
        Vec::new(),
    )?;
    cells
        .as_array()
        .context("the board is no list")?
        .iter()
        .map(|cell| {
            let number = |at: usize| cell[at].as_i64().context("a cell without its number");
            Ok(Square {
                id: number(0)? as u64,
                row: number(1)?,
                column: number(2)?,
                classes: cell[3].as_str().unwrap_or_default().to_owned(),
            })
        })
        .collect()
}

pub fn status(session: &Session) -> Result<PlayStatus> {
    let shown = session.script(
        "const status = document.getElementById('play-status');\
         return [status.textContent, status.className]",
        Vec::new(),
    )?;
    let text = |value: &Value| value.as_str().unwrap_or_default().to_owned();
    Ok(PlayStatus {
        text: text(&shown[0]),
        class: text(&shown[1]),
    })
}

/// Chooses `side` in the selector and presses Start; returns the opening status.
pub fn start(session: &Session, side: &str) -> Result<PlayStatus> {
    session.click(&format!("#play-side option[value=\"{side}\"]"))?;
    session.click("#play-start")?;
    session.wait_until(
        "the game to start",
        "return document.querySelector('#play-board button[data-cell]') !== null \
         && document.getElementById('play-status').textContent !== ''",
        playground_browser::page::SAMPLE_TIMEOUT,
    )?;
    let opening = status(session)?;
    ensure!(
        opening.class == "playing",
        "Start as {side}: {:?} ({})",
        opening.text,
        opening.class
    );
    Ok(opening)
}

/// Clicks `squares` in order, then Move; returns the status.
pub fn play(session: &Session, squares: &[&Square]) -> Result<PlayStatus> {
    for square in squares {
        session.click(&square.selector())?;
    }
    session.click("#play-move")?;
    status(session)
}

/// The side the strategy does not win from, by the opening's "the solver says W wins".
pub fn losing_side(opening: &str, first: &str, second: &str) -> Result<&'static str> {
    let says = opening
        .split_once("the solver says ")
        .or_else(|| opening.split_once("The solver says "))
        .map(|(_, rest)| rest)
        .with_context(|| format!("the opening names no winner: {opening:?}"))?;
    if says.starts_with(first) {
        Ok("second")
    } else if says.starts_with(second) {
        Ok("first")
    } else {
        bail!("the opening names neither {first} nor {second}: {opening:?}")
    }
}

/// Plays `reader_move` until the game ends, `MOVE_CAP` moves at most; every move must be
/// accepted and the game must end in the strategy's win.
pub fn play_to_the_strategys_win(
    session: &Session,
    what: &str,
    reader_move: impl Fn(&[Square]) -> Result<Vec<Square>>,
) -> Result<usize> {
    for moves in 1..=MOVE_CAP {
        let squares = reader_move(&board(session)?)?;
        let before = status(session)?;
        let after = play(session, &squares.iter().collect::<Vec<_>>())?;
        match after.class.as_str() {
            "playing" => ensure!(
                after.text != before.text,
                "{what}: move {moves} left the status as it was: {:?}",
                after.text
            ),
            "lost" => {
                ensure!(
                    after.text.contains("The strategy wins"),
                    "{what}: the game ended with {:?}",
                    after.text
                );
                return Ok(moves);
            }
            other => bail!("{what}: move {moves} ended in {other}: {:?}", after.text),
        }
    }
    bail!("{what}: the game did not end within {MOVE_CAP} moves")
}
