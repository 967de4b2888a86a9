//! Game (BOI 2008) against the certificate's strategy.
//!
//! The winner of the board plays its certificate (`gam::TestCertificate::of`): round by
//! round, the rule whose `from` is its square and whose `against` holds the other
//! piece's. Those rules cover every move of the loser along the shortest paths; the
//! certificate's lemma (the crate header of `gam`) covers the rest: once the loser steps
//! off them, or the rules run out, the winner races, each move lowering its distance to
//! the goal as far as it can (a jump lowers it by two). B's last rule steps onto A's
//! square in the middle layer; the jump lands on the square nearest A's start. When the
//! reader holds the winning side the strategy races too, and the reader can win.
//!
//! A move is one square (a step) or two (a jump: the other piece's square, then where it
//! lands). A refusal names the rule broken: a square not sharing a side, a black square,
//! a second square without a jump, a jump without a landing, a landing not next to the
//! piece jumped over.

use std::rc::Rc;

use gam::board::FAR;
use gam::{Board, Certify, Player, TestCertificate};
use wasm_bindgen::prelude::wasm_bindgen;

use super::{Cell, Duel, Game, Progress, Side, Turns, View};

/// The widest board offered for play: every square is a button to click, and the
/// strategy is built in the page's own thread.
pub const MAX_SIDE: usize = 50;

/// One move: a step, and for a jump the square it lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub step: usize,
    pub landing: Option<usize>,
}

impl Move {
    /// The squares the page sends for this move, in order.
    pub fn cells(self) -> Vec<u32> {
        std::iter::once(self.step)
            .chain(self.landing)
            .map(|square| square as u32)
            .collect()
    }
}

/// A game on one board between the reader and the certificate's strategy.
/// The Play section's controls on gam's page: the board of the input is chosen too.
pub const CONTROLS: super::Controls = super::Controls {
    sides: &[("first", "A (moves first)"), ("second", "B (moves second)")],
    extra: "<label for=\"play-test\">Board</label> <input type=\"number\" id=\"play-test\" \
            min=\"1\" max=\"10\" value=\"1\">",
    intro: "Play a board of the input above (up to 50 x 50) against the certificate's \
            strategy. Select the square your piece steps to, and for a jump over the other \
            piece that square and then the one you land on, by clicking (or Tab to the \
            board, move with the arrow keys and press Enter or Space), then press Move. \
            From a board the solver says you lose, you lose every time.",
    confirmed: true,
};

#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct GamPlay {
    board: Rc<Board>,
    /// Each square's distance to A's start and to B's start.
    to_start: Rc<[Vec<u32>; 2]>,
    certificate: Rc<TestCertificate>,
    reader: Player,
    /// Where A's and B's pieces stand.
    pieces: [usize; 2],
    to_move: Player,
    /// Moves made so far by A and by B.
    moves: [usize; 2],
    /// The position is still one the certificate's rules answer.
    following: bool,
    turns: Turns,
}

#[wasm_bindgen]
impl GamPlay {
    /// A game on board `test` (from 1) of `input` (the problem's input format), the
    /// reader taking `side` (`"first"`: A, `"second"`: B). When the reader is B the
    /// strategy has made A's first move already.
    ///
    /// # Errors
    /// The input's first error, a board number out of range, a board wider than
    /// [`MAX_SIDE`], or starts no white path joins.
    #[wasm_bindgen(constructor)]
    pub fn new(input: &str, side: &str, test: u32) -> Result<GamPlay, String> {
        let reader = match Side::parse(side)? {
            Side::First => Player::A,
            Side::Second => Player::B,
        };
        let boards = gam::read_boards(input.as_bytes()).map_err(|e| format!("{e:#}"))?;
        let count = boards.len();
        let board = (test as usize)
            .checked_sub(1)
            .and_then(|index| boards.into_iter().nth(index))
            .ok_or_else(|| format!("the input has {count} boards: choose one from 1 to {count}"))?;
        if board.n > MAX_SIDE {
            return Err(format!(
                "board {test} is {n} x {n}: play takes boards up to {MAX_SIDE} x {MAX_SIDE}",
                n = board.n
            ));
        }
        let certificate = TestCertificate::of(&board)
            .ok_or_else(|| format!("no white path joins A and B on board {test}"))?;
        let to_start = [board.distances(board.a), board.distances(board.b)];
        let mut game = GamPlay {
            pieces: [board.a, board.b],
            board: Rc::new(board),
            to_start: Rc::new(to_start),
            reader,
            to_move: Player::A,
            moves: [0, 0],
            following: true,
            turns: Turns::new(),
            certificate: Rc::new(certificate),
        };
        let opening = format!(
            "A moves first. The starts are {} steps apart; the solver says {} wins.",
            game.certificate.distance, game.certificate.winner
        );
        game.begin(&opening, reader == Player::A);
        Ok(game)
    }

    /// The reader moves to `cells` (squares numbered row by row from 0: the step, then
    /// for a jump the landing) and the strategy answers; returns the view as JSON. A
    /// refused move changes nothing and the view's status says which rule it breaks.
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

impl GamPlay {
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board's winner with best play, as its certificate proves.
    pub fn winner(&self) -> Player {
        self.certificate.winner
    }

    /// Where `player`'s piece stands.
    pub fn piece(&self, player: Player) -> usize {
        self.pieces[index(player)]
    }

    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The moves `player` has made so far.
    pub fn moves_made(&self, player: Player) -> usize {
        self.moves[index(player)]
    }

    /// Whether the strategy still answers by the certificate's rules (not yet racing).
    pub fn follows_certificate(&self) -> bool {
        self.following
    }

    pub fn progress(&self) -> Progress {
        self.turns.progress
    }

    /// Every legal move of the player to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let (mine, theirs, goal) = self.places();
        let mut moves = Vec::new();
        for step in self.board.white_neighbours(mine) {
            if step == theirs && step != goal {
                moves.extend(self.board.white_neighbours(theirs).map(|landing| Move {
                    step,
                    landing: Some(landing),
                }));
            } else {
                moves.push(Move {
                    step,
                    landing: None,
                });
            }
        }
        moves
    }

    /// The reader moves to `cells`, then the strategy answers.
    ///
    /// # Errors
    /// The move is illegal (the rule it breaks) or the game is over; nothing changes.
    pub fn try_move(&mut self, cells: &[u32]) -> Result<(), String> {
        self.reader_moves(cells)
    }

    pub fn view(&self) -> View {
        let board = &self.board;
        let cells = (0..board.white.len())
            .map(|square| {
                let mut kind = String::from(if board.white[square] {
                    "white"
                } else {
                    "black"
                });
                let mut text = String::new();
                let mut label = format!(
                    "row {}, column {}: {}",
                    square / board.n + 1,
                    square % board.n + 1,
                    if board.white[square] {
                        "white"
                    } else {
                        "black"
                    }
                );
                for player in [Player::A, Player::B] {
                    if self.piece(player) == square {
                        kind.push_str(&format!(" piece-{}", lower(player)));
                        text = player.to_string();
                        label.push_str(&format!(", {player}'s piece"));
                    }
                }
                for (player, start) in [(Player::A, board.a), (Player::B, board.b)] {
                    if start == square {
                        kind.push_str(&format!(" start-{}", lower(player)));
                        if text.is_empty() {
                            text = lower(player).to_owned();
                        }
                        label.push_str(&format!(", {player}'s start"));
                    }
                }
                Cell {
                    id: square,
                    row: square / board.n,
                    column: square % board.n,
                    kind,
                    text,
                    label,
                }
            })
            .collect();
        self.turns.view(board.n, board.n, 1, cells)
    }

    /// The mover's square, the other piece's, and the mover's goal (the other's start).
    fn places(&self) -> (usize, usize, usize) {
        let me = self.to_move;
        (
            self.piece(me),
            self.piece(me.other()),
            self.start(me.other()),
        )
    }

    fn start(&self, player: Player) -> usize {
        match player {
            Player::A => self.board.a,
            Player::B => self.board.b,
        }
    }

    /// The move `cells` name for the player to move, or the rule it breaks.
    fn read_move(&self, cells: &[u32]) -> Result<Move, String> {
        let (mine, theirs, goal) = self.places();
        let other = self.to_move.other();
        let squares = self.board.white.len();
        if cells.is_empty() {
            return Err("select the square your piece steps to first".to_owned());
        }
        if cells.len() > 2 {
            return Err("a move is one step, or two squares for a jump".to_owned());
        }
        if let Some(&square) = cells.iter().find(|&&square| square as usize >= squares) {
            let n = self.board.n;
            return Err(format!("there is no square {square} on a {n} x {n} board"));
        }
        let step = cells[0] as usize;
        if !self.side_by_side(mine, step) {
            return Err("a step goes to a square sharing a side with your piece".to_owned());
        }
        if !self.board.white[step] {
            return Err("that square is black: pieces move only on white squares".to_owned());
        }
        let jumping = step == theirs && step != goal;
        match (jumping, cells.get(1).map(|&landing| landing as usize)) {
            (false, None) => Ok(Move {
                step,
                landing: None,
            }),
            (false, Some(_)) if step == goal => Err(format!(
                "the step reaches {other}'s start and wins at once: select that square alone"
            )),
            (false, Some(_)) => Err(format!(
                "only a step onto {other}'s piece is followed by a second step (a jump)"
            )),
            (true, None) => Err(format!(
                "that step lands on {other}'s piece: select the square your jump lands on too"
            )),
            (true, Some(landing)) if !self.side_by_side(theirs, landing) => {
                Err("a jump lands on a square sharing a side with the piece jumped over".to_owned())
            }
            (true, Some(landing)) if !self.board.white[landing] => {
                Err("that square is black: a jump lands on a white square".to_owned())
            }
            (true, Some(landing)) => Ok(Move {
                step,
                landing: Some(landing),
            }),
        }
    }

    fn side_by_side(&self, one: usize, other: usize) -> bool {
        let n = self.board.n;
        let (r1, c1, r2, c2) = (one / n, one % n, other / n, other % n);
        r1.abs_diff(r2) + c1.abs_diff(c2) == 1
    }

    /// The certificate's rule while the position is one it answers, the race after.
    pub fn strategy_move(&mut self) -> Move {
        if self.to_move == self.certificate.winner && self.following {
            match self.certificate_move() {
                Some(chosen) => return chosen,
                None => self.following = false,
            }
        }
        self.racing_move()
    }

    /// The rule of the mover's current round for this position, if the certificate has
    /// one.
    fn certificate_move(&self) -> Option<Move> {
        let me = self.to_move;
        let (mine, theirs, goal) = self.places();
        let round = self.certificate.strategy.get(self.moves[index(me)])?;
        let square = |[row, column]: [u16; 2]| {
            (usize::from(row) - 1) * self.board.n + usize::from(column) - 1
        };
        let rule = round.iter().find(|rule| {
            square(rule.from) == mine && rule.against.iter().any(|&at| square(at) == theirs)
        })?;
        let step = square(rule.to);
        let landing = (step == theirs && step != goal).then(|| self.nearest_landing(theirs));
        Some(Move { step, landing })
    }

    /// Where a jump over `theirs` lands nearest the mover's goal.
    fn nearest_landing(&self, theirs: usize) -> usize {
        let to_goal = &self.to_start[index(self.to_move.other())];
        self.board
            .white_neighbours(theirs)
            .min_by_key(|&landing| to_goal[landing])
            .expect("the square jumped from is a white neighbour")
    }

    /// The race: the move that leaves the mover nearest the goal, a plain step when a
    /// jump does no better.
    fn racing_move(&self) -> Move {
        let to_goal = &self.to_start[index(self.to_move.other())];
        self.legal_moves()
            .into_iter()
            .min_by_key(|chosen| {
                let end = chosen.landing.unwrap_or(chosen.step);
                debug_assert!(to_goal[end] != FAR, "a move stays in the starts' region");
                (to_goal[end], chosen.landing.is_some())
            })
            .expect("a piece on a joined board always has a move")
    }
}

fn index(player: Player) -> usize {
    match player {
        Player::A => 0,
        Player::B => 1,
    }
}

fn lower(player: Player) -> &'static str {
    match player {
        Player::A => "a",
        Player::B => "b",
    }
}

impl Game for GamPlay {
    fn turns(&mut self) -> &mut Turns {
        &mut self.turns
    }

    fn your_move(&self) -> String {
        format!(
            "Your move, {}: select the square your piece steps to (for a jump, then the \
             square it lands on), then press Move.",
            self.reader
        )
    }

    fn view(&self) -> View {
        GamPlay::view(self)
    }
}

impl Duel for GamPlay {
    type Move = Move;

    fn read(&self, cells: &[u32]) -> Result<Move, String> {
        self.read_move(cells)
    }

    /// Makes a legal move for the player to move and passes the turn; who reaches the
    /// other's start wins.
    fn apply(&mut self, chosen: Move) {
        let me = self.to_move;
        let (mine, _, goal) = self.places();
        let end = chosen.landing.unwrap_or(chosen.step);
        self.turns.moved(
            std::iter::once(mine)
                .chain(std::iter::once(chosen.step))
                .chain(chosen.landing)
                .collect(),
        );
        self.pieces[index(me)] = end;
        self.moves[index(me)] += 1;
        if end == goal {
            self.turns.won_by(me == self.reader);
        }
        self.to_move = me.other();
    }

    fn strategy_move(&mut self) -> Move {
        GamPlay::strategy_move(self)
    }

    fn told(&self, chosen: Move) -> String {
        let (row, column) = self
            .board
            .coordinates(chosen.landing.unwrap_or(chosen.step));
        let verb = if chosen.landing.is_some() {
            "jumped over your piece to"
        } else {
            "stepped to"
        };
        format!(
            "{} (the strategy) {verb} row {row}, column {column}.",
            self.to_move
        )
    }

    fn reader_won(&self) -> String {
        format!(
            "You win: your piece reached {}'s start.",
            self.reader.other()
        )
    }

    /// Said after the strategy's move, when the reader is to move.
    fn strategy_won(&self) -> String {
        format!("{} reached {}'s start.", self.reader.other(), self.reader)
    }
}
