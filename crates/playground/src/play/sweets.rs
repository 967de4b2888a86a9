//! Sweets Game against the solver's table: the strategy answers each box with a move to
//! a box its table marks lost for the reader (`sweets::solve::first_player_wins`, every
//! box solved at build time), so from a lost box the reader loses every time. When the
//! strategy's own box is lost it eats a single chocolate, leaving the reader the most to
//! get wrong.
//!
//! A move is the set of cells the reader selected; it is legal when it is one of the
//! box's segments ([`SEGMENTS`]) and every cell holds a chocolate. A refusal names the
//! rule broken: a cell that is empty, cells off one line, or a gap in the run.

use sweets::Winner;
use sweets::geometry::{CELLS, LINES, Mask, SEGMENTS, indent, legal_moves, row_and_position};
use sweets::solve::first_player_wins;
use wasm_bindgen::prelude::wasm_bindgen;

use super::{Cell, Duel, Game, Progress, Side, Turns, View};

/// The Play section's controls on sweets' page.
pub const CONTROLS: super::Controls = super::Controls {
    sides: &[
        ("first", "Karlsson (moves first)"),
        ("second", "Lillebror (moves second)"),
    ],
    extra: "",
    intro: "Play the box of the input above against the strategy the solver's table \
            proves. Select a straight run of chocolates by clicking them (or Tab to the \
            board, move with the arrow keys and press Enter or Space), then press Move. \
            From a box the solver says you lose, you lose every time.",
    confirmed: true,
};

/// A game of Sweets between the reader and the table's strategy.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct SweetsPlay {
    chocolates: Mask,
    reader: Side,
    to_move: Side,
    turns: Turns,
}

#[wasm_bindgen]
impl SweetsPlay {
    /// A game on the box of `input` (the problem's input format), the reader taking
    /// `side` (`"first"`: Karlsson, `"second"`: Lillebror). When the reader moves second
    /// the strategy has made its first move already.
    ///
    /// # Errors
    /// The input's first error, by line and column, or an unknown side.
    #[wasm_bindgen(constructor)]
    pub fn new(input: &str, side: &str) -> Result<SweetsPlay, String> {
        let reader = Side::parse(side)?;
        let chocolates = sweets::parse::parse(input.as_bytes()).map_err(|e| e.to_string())?;
        let winner = if first_player_wins(chocolates) {
            Side::First
        } else {
            Side::Second
        };
        let mut game = SweetsPlay {
            chocolates,
            reader,
            to_move: Side::First,
            turns: Turns::new(),
        };
        let opening = format!(
            "Karlsson moves first. The solver says {} wins this box.",
            name(winner)
        );
        game.begin(&opening, reader == Side::First);
        Ok(game)
    }

    /// The reader eats the chocolates on `cells` (indices in reading order) and the
    /// strategy answers; returns the view as JSON. A refused move changes nothing and
    /// the view's status says which rule it breaks.
    pub fn play(&mut self, cells: Vec<u32>) -> String {
        let tried = self.reader_moves(&cells);
        self.answer(tried)
    }

    /// The view as JSON.
    #[wasm_bindgen(js_name = view)]
    pub fn view_json(&self) -> String {
        self.view().to_json()
    }
}

impl SweetsPlay {
    /// The chocolates left, bit `i` for cell `i`.
    pub fn chocolates(&self) -> Mask {
        self.chocolates
    }

    pub fn progress(&self) -> Progress {
        self.turns.progress
    }

    /// The reader eats `cells`, then the strategy answers.
    ///
    /// # Errors
    /// The move is illegal (the rule it breaks) or the game is over; nothing changes.
    pub fn try_move(&mut self, cells: &[u32]) -> Result<(), String> {
        self.reader_moves(cells)
    }

    pub fn view(&self) -> View {
        let cells = (0..CELLS)
            .map(|cell| {
                let (row, word) = row_and_position(cell).expect("a cell of the box");
                let full = self.chocolates & 1 << cell != 0;
                Cell {
                    id: cell,
                    row,
                    column: indent(row) + 2 * word,
                    kind: if full { "chocolate" } else { "empty" }.to_owned(),
                    text: if full { "●" } else { "" }.to_owned(),
                    label: format!(
                        "{}: {}",
                        place(cell),
                        if full { "a chocolate" } else { "empty" }
                    ),
                }
            })
            .collect();
        self.turns.view(5, 10, 2, cells)
    }
}

/// The table's move: to a box lost for the other player when there is one, otherwise
/// a single chocolate.
///
/// # Panics
/// On the empty box, which has no move.
pub fn strategy_move(chocolates: Mask) -> Mask {
    if first_player_wins(chocolates) {
        legal_moves(chocolates)
            .find(|&eaten| !first_player_wins(chocolates & !eaten))
            .expect("a won box has a move to a lost one")
    } else {
        legal_moves(chocolates)
            .min_by_key(|eaten| eaten.count_ones())
            .expect("a box with a chocolate has a move")
    }
}

/// The chocolates `cells` eat from `chocolates`, or the rule the move breaks.
fn eaten(chocolates: Mask, cells: &[u32]) -> Result<Mask, String> {
    if cells.is_empty() {
        return Err("select one or more chocolates first".to_owned());
    }
    let mut eaten: Mask = 0;
    for &cell in cells {
        let cell = cell as usize;
        if cell >= CELLS {
            return Err(format!("there is no cell {cell}: the box has {CELLS}"));
        }
        if chocolates & 1 << cell == 0 {
            return Err(format!(
                "that cell ({}) is empty: a move eats only chocolates",
                place(cell)
            ));
        }
        eaten |= 1 << cell;
    }
    if SEGMENTS.contains(&eaten) {
        Ok(eaten)
    } else if LINES.iter().any(|line| eaten & !line.mask() == 0) {
        Err(
            "the cells must be next to each other: a move never skips a cell of its line"
                .to_owned(),
        )
    } else {
        Err(
            "the cells must be in one line: a row, or a diagonal parallel to a side of the box"
                .to_owned(),
        )
    }
}

fn name(side: Side) -> &'static str {
    match side {
        Side::First => Winner::Karlsson.name(),
        Side::Second => Winner::Lillebror.name(),
    }
}

/// A cell as the statement's drawing places it: line and word, from 1.
fn place(cell: usize) -> String {
    let (row, word) = row_and_position(cell).expect("a cell of the box");
    format!("line {}, word {}", row + 1, word + 1)
}

fn places(cells: Mask) -> String {
    let named: Vec<String> = (0..CELLS)
        .filter(|&cell| cells & 1 << cell != 0)
        .map(place)
        .collect();
    named.join("; ")
}

impl Game for SweetsPlay {
    fn turns(&mut self) -> &mut Turns {
        &mut self.turns
    }

    fn your_move(&self) -> String {
        format!(
            "Your move, {}: select a straight run of chocolates, then press Move.",
            name(self.reader)
        )
    }

    fn view(&self) -> View {
        SweetsPlay::view(self)
    }
}

/// A move eats a set of cells, bit `i` for cell `i`.
impl Duel for SweetsPlay {
    type Move = Mask;

    fn read(&self, cells: &[u32]) -> Result<Mask, String> {
        eaten(self.chocolates, cells)
    }

    /// Removes `eaten` for the player to move and passes the turn; who empties the box
    /// wins, as the other cannot move.
    fn apply(&mut self, eaten: Mask) {
        self.chocolates &= !eaten;
        self.turns
            .moved((0..CELLS).filter(|&c| eaten & 1 << c != 0).collect());
        if self.chocolates == 0 {
            self.turns.won_by(self.to_move == self.reader);
        }
        self.to_move = self.to_move.other();
    }

    fn strategy_move(&mut self) -> Mask {
        strategy_move(self.chocolates)
    }

    fn told(&self, eaten: Mask) -> String {
        format!(
            "{} (the strategy) ate {}.",
            name(self.to_move),
            places(eaten)
        )
    }

    fn reader_won(&self) -> String {
        format!(
            "You win: you ate the last chocolate and {} cannot move.",
            name(self.reader.other())
        )
    }

    fn strategy_won(&self) -> String {
        "You cannot move.".to_owned()
    }
}
