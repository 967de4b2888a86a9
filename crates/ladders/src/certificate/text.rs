//! The certificate as text, the explanation `--explain` prints: the values laid out as the
//! board, a map of the climbing choices, and one line per ladder comparing its two values.

use std::cmp::Ordering;
use std::fmt;

use gridkit::Pos;
use itertools::Itertools;

use crate::board::SIZE;
use crate::certificate::{Certificate, LadderChoice, START};

/// Decimals of the value table: enough to tell squares apart at a glance.
const TABLE_DECIMALS: usize = 3;
/// Width of one value in the table, separating blank included. No square is worth more
/// than the start of the empty board (33.05 turns): ladders are optional, so they never
/// make a square worse, and on the empty board the start is the farthest square.
const TABLE_WIDTH: usize = 7;
/// Decimals of the compared values, as many as the answer has.
const EXACT_DECIMALS: usize = crate::DECIMALS;

/// Width of a compared value: `33.0476190476`.
const VALUE_WIDTH: usize = EXACT_DECIMALS + 3;
/// Width of a square as [`square`] writes it.
const SQUARE_WIDTH: usize = 14;

/// A square in the statement's terms: its line in the input (1 = top) and column
/// (1 = left), padded so that tables line up: `line  8 col 10`.
fn square(pos: Pos) -> String {
    format!("line {:>2} col {:>2}", pos.row + 1, pos.col + 1)
}

/// A certificate as the explanation `--explain` prints after the answer:
/// `Explained(&certificate).to_string()`.
#[derive(Debug, Clone, Copy)]
pub struct Explained<'a>(pub &'a Certificate);

impl fmt::Display for Explained<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_values(f)?;
        writeln!(f)?;
        if self.0.ladders.is_empty() {
            writeln!(f, "No ladders: every value comes from the die alone.")?;
        } else {
            self.write_choice_map(f)?;
            writeln!(f)?;
            self.write_ladders(f)?;
        }
        writeln!(
            f,
            "\nThe answer is the value of the start (line {}, column {}): {:.EXACT_DECIMALS$}.",
            START.row + 1,
            START.col + 1,
            self.0.answer()
        )
    }
}

impl Explained<'_> {
    /// The expected turns of every square as a table, rows and columns as in the input.
    fn write_values(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Expected turns to the Goal from every square, to {TABLE_DECIMALS} decimals, laid out as \
             the input\nlays out the board: line 1 of the input (the top row) first, columns 1 to \
             {SIZE} from\nthe left. The path starts at line {SIZE}, column 1, runs right along line \
             {SIZE}, left along\nline {}, and so on, alternating, up to the Goal at line 1, column 1.",
            SIZE - 1
        )?;
        let header = (1..=SIZE).format_with("", |col, f| f(&format_args!("{col:>TABLE_WIDTH$}")));
        writeln!(f, "{:<7}{header}", "col")?;
        for (row, values) in self.0.expected.iter().enumerate() {
            let values = values.iter().format_with("", |value, f| {
                f(&format_args!("{value:>TABLE_WIDTH$.TABLE_DECIMALS$}"))
            });
            writeln!(f, "line {:>2}{values}", row + 1)?;
        }
        writeln!(
            f,
            "Each value is 1 plus the average, over the six faces of the die, of the value \
             where\nthe roll ends (the top of its ladder when that ladder is climbed), or of the \
             square\nitself when the roll would pass the Goal."
        )
    }

    /// The climbing choices drawn on the board.
    fn write_choice_map(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Ladder bases (^ climbed, - not climbed, . no ladder), lines of the input as rows:"
        )?;
        let choice_at = |row: usize, col: usize| {
            let pos = Pos::new(row, col);
            match self.0.ladders.iter().find(|ladder| ladder.base == pos) {
                Some(ladder) if ladder.climb => '^',
                Some(_) => '-',
                None => '.',
            }
        };
        let map = gridkit::explain::draw(SIZE, SIZE, 1, |row| (row + 1).to_string(), choice_at);
        f.write_str(&map)
    }

    /// One line per ladder: where it goes, its two values compared, the choice.
    fn write_ladders(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Each ladder, from its base up to its top in the same column, and the expected \
             turns\nwhen a roll ends on its base: staying there, or climbing to the top (where \
             no second\nladder is taken in the same turn). The smaller one is chosen."
        )?;
        writeln!(
            f,
            "  {:<SQUARE_WIDTH$}  {:<SQUARE_WIDTH$}  {:>VALUE_WIDTH$}   {:>VALUE_WIDTH$}  choice",
            "base", "top", "staying", "at the top"
        )?;
        for ladder in &self.0.ladders {
            writeln!(f, "  {}", describe(ladder))?;
        }
        Ok(())
    }
}

/// A ladder's row of the table:
/// `line 10 col  3  line  8 col  3  30.1234567890 > 28.0123456789  climb`.
fn describe(ladder: &LadderChoice) -> String {
    let sign = match ladder.stay.partial_cmp(&ladder.at_top) {
        Some(Ordering::Less) => '<',
        Some(Ordering::Greater) => '>',
        _ => '=',
    };
    let choice = match (ladder.climb, sign) {
        (true, _) => "climb",
        (false, '=') => "stay (a tie)",
        (false, _) => "stay",
    };
    format!(
        "{}  {}  {:>VALUE_WIDTH$.EXACT_DECIMALS$} {sign} {:>VALUE_WIDTH$.EXACT_DECIMALS$}  {choice}",
        square(ladder.base),
        square(ladder.top),
        ladder.stay,
        ladder.at_top,
    )
}
