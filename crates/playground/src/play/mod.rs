//! Playing against the proven strategy: one game per file ([`sweets`], [`gam`],
//! [`statues`]), each a small stateful object the page holds for the length of a game.
//!
//! Why objects and not pure functions on a position string: gam's strategy is the
//! certificate's, built once per board from the layered game's tables (milliseconds to
//! seconds, and megabytes, on large boards); a pure function would rebuild it at every
//! move, or trust the page to hand it back unchanged. An object keeps the strategy, the
//! position and the history it needs (gam's round, the statues' falls) where the page
//! cannot edit them, and each move is then a lookup.
//!
//! The strategies are the crates' own: sweets' table of every box's outcome, gam's
//! certificate (and its crate header's race once the loser leaves the shortest paths),
//! the statues' fixed fall. Nothing here solves a game a second way.
//!
//! Every game answers with a [`View`] (as JSON for the page): the cells to draw, whose
//! turn it is, what the last move did, and why a move was refused, naming the rule. The
//! turn handling they share (no move after the end, a refusal's status, the strategy's
//! answer and the end told from the reader's side) is written once, in `turns`.

pub mod gam;
pub mod statues;
pub mod sweets;
mod turns;
mod view;

use turns::{Duel, Game, Turns};
pub use view::{Cell, View};

/// What a game's Play section on its page offers, said once beside the game: the sides the
/// reader may take, the words above the board, and how a move is made.
#[derive(Debug, Clone, Copy)]
pub struct Controls {
    /// The side selector's options: its value for the game's constructor, its label.
    pub sides: &'static [(&'static str, &'static str)],
    /// What the reader chooses beside the side (gam: which board of the input), as HTML.
    pub extra: &'static str,
    /// How to play, above the board.
    pub intro: &'static str,
    /// Whether a move of several cells is confirmed with a Move button (otherwise each
    /// move is one step: the statues' nine buttons).
    pub confirmed: bool,
}

/// The games of the playground and their controls, by problem name: the one list the
/// pages' Play sections are made from.
pub const GAMES: &[(&str, Controls)] = &[
    ("sweets", sweets::CONTROLS),
    ("gam", gam::CONTROLS),
    ("statues", statues::CONTROLS),
];

/// The controls of `problem`'s game, if it has one.
pub fn controls(problem: &str) -> Option<&'static Controls> {
    GAMES
        .iter()
        .find(|(name, _)| *name == problem)
        .map(|(_, controls)| controls)
}

/// Which of the two players the reader takes in a two-player game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The player who moves first (Karlsson, A).
    First,
    /// The player who moves second (Lillebror, B).
    Second,
}

impl Side {
    /// `"first"` or `"second"`, the values of the page's side selector.
    ///
    /// # Errors
    /// Any other text.
    pub fn parse(text: &str) -> Result<Side, String> {
        match text {
            "first" => Ok(Side::First),
            "second" => Ok(Side::Second),
            other => Err(format!(
                "no side is named {other:?}: choose \"first\" or \"second\""
            )),
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    Playing,
    ReaderWon,
    ReaderLost,
}
