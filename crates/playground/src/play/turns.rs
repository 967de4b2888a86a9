//! The turn handling every game shares, written once: where the game stands, its line of
//! status, whether the reader's last move was refused and which cells it changed
//! ([`Turns`]); a refused move answered with the rule it breaks and what to do instead
//! ([`Game::answer`]); and, for the games against a strategy ([`Duel`]), the order of a
//! round: no move after the end, the reader's move read and made, then the strategy's
//! answer, and the end of the game told from the reader's side.

use super::{Cell, Progress, View};

/// The message for a move made after the end.
const GAME_OVER: &str = "the game is over: press Start to play again";

/// What every game keeps between moves besides its position.
#[derive(Debug, Clone)]
pub(super) struct Turns {
    pub progress: Progress,
    pub status: String,
    /// The reader's last move was refused (the status says why).
    pub refused: bool,
    /// The cells the last move changed.
    pub changed: Vec<usize>,
}

impl Turns {
    /// A game about to start, its status yet to be said.
    pub fn new() -> Self {
        Turns {
            progress: Progress::Playing,
            status: String::new(),
            refused: false,
            changed: Vec::new(),
        }
    }

    /// Before a reader's move: none is taken once the game is over.
    ///
    /// # Errors
    /// The game is over.
    pub fn open(&self) -> Result<(), String> {
        if self.progress == Progress::Playing {
            Ok(())
        } else {
            Err(GAME_OVER.to_owned())
        }
    }

    /// A move was made: it changed `changed`, and a refusal before it is forgotten.
    pub fn moved(&mut self, changed: Vec<usize>) {
        self.refused = false;
        self.changed = changed;
    }

    /// The game ends, won by the player who just moved.
    pub fn won_by(&mut self, reader: bool) {
        self.progress = if reader {
            Progress::ReaderWon
        } else {
            Progress::ReaderLost
        };
    }

    /// The view of a board of `cells` laid out on `rows` by `columns`, each spanning
    /// `span` grid columns.
    pub fn view(&self, rows: usize, columns: usize, span: usize, cells: Vec<Cell>) -> View {
        View {
            rows,
            columns,
            span,
            cells,
            status: self.status.clone(),
            progress: self.progress,
            refused: self.refused,
            changed: self.changed.clone(),
        }
    }
}

/// What every game does with a move the reader tries.
pub(super) trait Game {
    fn turns(&mut self) -> &mut Turns;
    /// What the reader is asked to do now.
    fn your_move(&self) -> String;
    fn view(&self) -> View;

    /// Answers a move the reader tried with the view as JSON. A refused move changed
    /// nothing: the status says which rule it breaks and, while the game goes on, what to
    /// do instead.
    fn answer(&mut self, tried: Result<(), String>) -> String {
        if let Err(reason) = tried {
            let status = if self.turns().progress == Progress::Playing {
                format!("Refused: {reason}. {}", self.your_move())
            } else {
                format!("Refused: {reason}.")
            };
            let turns = self.turns();
            turns.refused = true;
            turns.status = status;
        }
        self.view().to_json()
    }
}

/// A two-player game between the reader and a proven strategy, taking turns.
pub(super) trait Duel: Game {
    /// A move of either player.
    type Move: Copy;

    /// The move the reader's selected `cells` make for the player to move.
    ///
    /// # Errors
    /// The rule the move breaks.
    fn read(&self, cells: &[u32]) -> Result<Self::Move, String>;
    /// Makes a legal move for the player to move, ends the game when the move wins it
    /// ([`Turns::won_by`]) and passes the turn.
    fn apply(&mut self, chosen: Self::Move);
    /// The strategy's move in the position.
    fn strategy_move(&mut self) -> Self::Move;
    /// What the strategy's `chosen` move does, said before it is made.
    fn told(&self, chosen: Self::Move) -> String;
    /// Why the reader won, after the reader's winning move.
    fn reader_won(&self) -> String;
    /// Why the strategy won, after its winning move.
    fn strategy_won(&self) -> String;

    /// The status at the start, after `opening`: the reader's move, or when the reader
    /// plays second, the strategy's first move.
    fn begin(&mut self, opening: &str, reader_first: bool) {
        if reader_first {
            let asked = self.your_move();
            self.turns().status = asked;
        } else {
            self.strategy_moves();
        }
        let turns = self.turns();
        turns.status = format!("{opening} {}", turns.status);
    }

    /// The reader's move of `cells`, then the strategy's answer.
    ///
    /// # Errors
    /// The move is illegal (the rule it breaks) or the game is over; nothing changes.
    fn reader_moves(&mut self, cells: &[u32]) -> Result<(), String> {
        self.turns().open()?;
        let chosen = self.read(cells)?;
        self.apply(chosen);
        if self.turns().progress == Progress::Playing {
            self.strategy_moves();
        } else {
            let why = self.reader_won();
            self.turns().status = why;
        }
        Ok(())
    }

    /// The strategy's move, then the status for the reader.
    fn strategy_moves(&mut self) {
        let chosen = self.strategy_move();
        let what = self.told(chosen);
        self.apply(chosen);
        let status = if self.turns().progress == Progress::ReaderLost {
            format!(
                "You lose. The strategy wins: {what} {}",
                self.strategy_won()
            )
        } else {
            format!("{what} {}", self.your_move())
        };
        self.turns().status = status;
    }
}
