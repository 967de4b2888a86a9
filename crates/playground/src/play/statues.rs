//! Statues: the reader moves Maria and the statues fall, as the rules say. Nothing
//! chooses for the statues: after `t` falls a statue from row `r` stands on row `r + t`
//! (`statues::BoardExt::statue_after`), so the game is Maria's square and the falls so
//! far. Reaching Anna wins at once; a statue falling onto Maria loses. Moves go to one
//! of the eight squares around Maria, or stay; one onto a statue, off the board or
//! farther away is refused with the rule it breaks.

use statues::{ANNA, Board, BoardExt, MARIA, Outcome, SIZE, Square};
use wasm_bindgen::prelude::wasm_bindgen;

use super::{Cell, Game, Progress, Turns, View};

/// The Play section's controls on statues' page: Maria alone, one step at a time.
pub const CONTROLS: super::Controls = super::Controls {
    sides: &[("maria", "Maria")],
    extra: "",
    intro: "Move Maria on the board of the input above: click a square around her (or her \
            own, to stay), press one of the nine buttons, or use the keys Q W E, A S D, Z \
            X C (S stays) or the arrow keys. The statues fall after every move.",
    confirmed: false,
};

/// A game of Statues, the reader moving Maria.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct StatuesPlay {
    board: Board,
    maria: Square,
    falls: usize,
    turns: Turns,
}

#[wasm_bindgen]
impl StatuesPlay {
    /// A game on the board of `input` (the problem's input format).
    ///
    /// # Errors
    /// The input's first error, by line and column.
    #[wasm_bindgen(constructor)]
    pub fn new(input: &str) -> Result<StatuesPlay, String> {
        let board = statues::parse(input.as_bytes()).map_err(|e| e.to_string())?;
        let solved = match statues::solve(&board) {
            Outcome::Win => "Maria can reach Anna",
            Outcome::Lose => "the statues can always catch Maria",
        };
        let mut turns = Turns::new();
        turns.status = format!("The solver says {solved}. {YOUR_MOVE}");
        Ok(StatuesPlay {
            board,
            maria: MARIA,
            falls: 0,
            turns,
        })
    }

    /// Maria moves by `rows` down and `columns` right (each -1, 0 or 1; 0 and 0 stays)
    /// and the statues fall; returns the view as JSON.
    pub fn step(&mut self, rows: i32, columns: i32) -> String {
        let (row, column) = (self.maria.0 as i32 + rows, self.maria.1 as i32 + columns);
        let tried = self.try_move(row, column);
        self.answer(tried)
    }

    /// Maria moves to the square `cell` (`row * 8 + column`) and the statues fall;
    /// returns the view as JSON.
    pub fn play(&mut self, cell: u32) -> String {
        let (row, column) = ((cell / SIZE as u32) as i32, (cell % SIZE as u32) as i32);
        let tried = self.try_move(row, column);
        self.answer(tried)
    }

    /// The view as JSON.
    #[wasm_bindgen(js_name = view)]
    pub fn view_json(&self) -> String {
        self.view().to_json()
    }
}

/// What the reader is asked at every turn.
const YOUR_MOVE: &str = "Your move: Maria steps to a square around her, or stays.";

impl StatuesPlay {
    pub fn maria(&self) -> Square {
        self.maria
    }

    /// The falls so far (one per round played).
    pub fn falls(&self) -> usize {
        self.falls
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn progress(&self) -> Progress {
        self.turns.progress
    }

    /// Whether a statue stands on `square` now.
    pub fn statue_on(&self, square: Square) -> bool {
        self.board.statue_after(square, self.falls)
    }

    /// Maria moves to (`row`, `column`), then the statues fall.
    ///
    /// # Errors
    /// The square is off the board or not next to Maria, or the game is over; nothing
    /// changes.
    pub fn try_move(&mut self, row: i32, column: i32) -> Result<(), String> {
        self.turns.open()?;
        let inside = |coordinate: i32| (0..SIZE as i32).contains(&coordinate);
        if !inside(row) || !inside(column) {
            return Err("Maria cannot leave the board".to_owned());
        }
        let target = (row as usize, column as usize);
        if target.0.abs_diff(self.maria.0) > 1 || target.1.abs_diff(self.maria.1) > 1 {
            return Err(
                "Maria moves to one of the eight squares around her, or stays where she is"
                    .to_owned(),
            );
        }
        if self.statue_on(target) {
            return Err("Maria cannot step onto a statue's square".to_owned());
        }
        self.turns.moved(vec![id(self.maria), id(target)]);
        self.maria = target;
        let round = self.falls + 1;
        self.turns.status = if target == ANNA {
            self.turns.won_by(true);
            format!("You win: Maria reached Anna in round {round}.")
        } else {
            self.falls += 1;
            if self.statue_on(target) {
                self.turns.won_by(false);
                format!("You lose: a statue fell on Maria in round {round}.")
            } else {
                format!("Round {round}: the statues fell. {YOUR_MOVE}")
            }
        };
        Ok(())
    }

    pub fn view(&self) -> View {
        let cells = (0..SIZE * SIZE)
            .map(|cell| {
                let square = (cell / SIZE, cell % SIZE);
                let (kind, text, what) = if square == self.maria {
                    ("maria", "M", "Maria")
                } else if square == ANNA {
                    ("anna", "A", "Anna")
                } else if self.statue_on(square) {
                    ("statue", "S", "a statue")
                } else {
                    ("free", "", "empty")
                };
                let mut kind = kind.to_owned();
                // Maria crushed, or on a statue: both are shown.
                if square == self.maria && self.statue_on(square) {
                    kind.push_str(" statue");
                }
                Cell {
                    id: cell,
                    row: square.0,
                    column: square.1,
                    kind,
                    text: text.to_owned(),
                    label: format!("row {}, column {}: {what}", square.0 + 1, square.1 + 1),
                }
            })
            .collect();
        self.turns.view(SIZE, SIZE, 1, cells)
    }
}

fn id((row, column): Square) -> usize {
    row * SIZE + column
}

impl Game for StatuesPlay {
    fn turns(&mut self) -> &mut Turns {
        &mut self.turns
    }

    fn your_move(&self) -> String {
        YOUR_MOVE.to_owned()
    }

    fn view(&self) -> View {
        StatuesPlay::view(self)
    }
}
