//! The certificate as text for a terminal (what `--explain` prints after the answers):
//! per test the squares as (row, column) numbered from 1 as the input lists them, the
//! layers of the shortest paths, the winner's strategy rule by rule when it is small
//! (else its size and as many of its first rounds as fit `SHOWN_LINES` lines), and
//! boards up to `DRAWN_UP_TO` squares a side drawn; under the first test, the lemma
//! every answer relies on, with its argument. Lines are wrapped at [`WIDTH`] characters.

use std::fmt::{self, Display};

use gridkit::explain::draw;

use super::layers::Layers;
use super::{Rule, Square, TestCertificate};
use crate::board::{Board, Player};

/// No line is longer than this.
pub const WIDTH: usize = 100;
/// Boards up to this side are drawn; bigger ones get coordinates only.
const DRAWN_UP_TO: usize = 40;
/// Strategies covering at most this many positions are listed rule by rule.
const LISTED_POSITIONS: usize = 60;
/// Of a larger strategy, whole rounds from the first are listed while their lines add up
/// to at most this many (round 1 always).
const SHOWN_LINES: usize = 24;
/// Distances up to this have every layer's size listed; longer ones a summary.
const LISTED_LAYERS: usize = 60;

/// The lemma every certificate relies on, with its argument (the crate header's, in
/// words), after the claim: printed once, under the first test, which has just defined
/// `D` and the layers.
const LEMMA: [&str; 7] = [
    "The lemma every answer relies on: both players keep to shortest paths, A moving from layer k \
     to k + 1 and B from layer D - k to D - k - 1, and B wins exactly when his move D/2 steps onto \
     A's square, in the middle layer k = D/2. Why, calling a player's distance to the other's \
     start his need, D for both at first:",
    "1. A player can always lower his need by at least one per move along a shortest path; if the \
     other piece blocks it, he jumps over it along the path, lowering it by two. No move lowers it \
     by more, so a jump gains at most one move in the race.",
    "2. Colour the board like a chessboard: a step changes a piece's colour, a jump keeps it. A \
     player can jump only when, at his turn, the pieces stand on different colours; a step leaves \
     that to the same player, a jump hands it to the other. So jumps alternate, and the first can \
     be A's only if D is odd, B's only if D is even.",
    "3. D odd: A races. The first jump can only be A's, so B never has more jumps than A, and A, \
     moving first, arrives first.",
    "4. D even: racing, A arrives first, so B must make the first jump and waste no move. Before \
     any jump a detour costs two moves (paths between two squares all have the same parity), \
     more than a jump wins back: whoever leaves his shortest paths loses. On them, A stands on \
     layer k after his move k, and B on layer D - k after his: the same square only if k = D/2.",
    "5. There B steps onto A and jumps over him, landing behind him (where A came from): A cannot \
     jump forward over B any more, and B arrives first. If A can always avoid that, A wins.",
    "Checked: the literal game, solved by brute force, agrees with this from the start on every \
     2 x 2 and 3 x 3 board, and from every position of the winner's strategy on thousands of \
     random boards small enough for it.",
];

/// The lemma, its numbered steps wrapped under their text.
fn lemma(f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for text in LEMMA {
        let numbered = text.as_bytes().first().is_some_and(u8::is_ascii_digit);
        wrapped(f, text, if numbered { "   " } else { "" })?;
    }
    Ok(())
}

/// One test's part of the explanation: a heading, after an empty line unless it is the
/// first, then the certificate in words.
pub struct TestOfFile<'a> {
    /// The test's number, from 1.
    pub test: usize,
    pub total: usize,
    pub board: &'a Board,
    pub certificate: &'a TestCertificate,
}

impl Display for TestOfFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.test > 1 {
            writeln!(f)?;
        }
        writeln!(f, "Test {} of {}:", self.test, self.total)?;
        let (board, certificate) = (self.board, self.certificate);
        let n = board.n;
        let d = certificate.distance;
        let at = |square: usize| name(board.coordinates(square));
        paragraph(
            f,
            &format!(
                "{n} x {n} board, A at {}, B at {}; squares are (row, column), numbered from \
                 1 at the top left.",
                at(board.a),
                at(board.b)
            ),
        )?;
        paragraph(
            f,
            &format!(
                "A shortest white path joins the starts in D = {d} moves. Layer k holds the \
                 squares k moves from A's start and D - k from B's; {}.",
                layer_sizes(board, d)
            ),
        )?;
        if self.test == 1 {
            lemma(f)?;
        } else {
            paragraph(
                f,
                "By the lemma argued under test 1, A moves from layer k to k + 1 and B from \
                 layer D - k to D - k - 1, and B wins exactly when his move D/2 steps onto A's \
                 square.",
            )?;
        }
        if d % 2 == 1 {
            paragraph(
                f,
                &format!("D = {d} is odd, so there is no middle layer: A wins."),
            )?;
        } else {
            strategy(f, certificate)?;
        }
        if n <= DRAWN_UP_TO {
            drawing(f, board, certificate)?;
        }
        writeln!(f, "{} wins.", certificate.winner)
    }
}

/// The layer sizes: all of them for short distances, else the smallest, the largest and
/// the middle one.
fn layer_sizes(board: &Board, d: usize) -> String {
    let sizes = Layers::new(board).map_or_else(Vec::new, |layers| layers.sizes());
    if sizes.len() <= LISTED_LAYERS + 1 {
        let list: Vec<String> = sizes.iter().map(usize::to_string).collect();
        return format!("their sizes for k = 0 to {d}: {}", list.join(", "));
    }
    let (smallest, largest) = (
        sizes.iter().min().copied().unwrap_or(0),
        sizes.iter().max().copied().unwrap_or(0),
    );
    let widest = sizes.iter().position(|&size| size == largest).unwrap_or(0);
    let middle = if d % 2 == 0 {
        format!("; the middle layer, k = {}, has {}", d / 2, sizes[d / 2])
    } else {
        String::new()
    };
    let spread = if smallest == largest {
        format!(
            "{largest} square{} each",
            if largest == 1 { "" } else { "s" }
        )
    } else {
        format!("{smallest} to {largest} squares (the first with {largest} is k = {widest})")
    };
    format!(
        "its {} layers, summarised, hold {spread}{middle}",
        sizes.len()
    )
}

/// The winner's strategy: rule by rule when small, else its size and its first rounds.
fn strategy(f: &mut fmt::Formatter<'_>, certificate: &TestCertificate) -> fmt::Result {
    let m = certificate.distance / 2;
    let winner = certificate.winner;
    let loser = winner.other();
    paragraph(
        f,
        &format!(
            "D = {} is even: B's move {m} enters the middle layer k = {m}. {winner}'s strategy \
             wins against every move of {loser}'s. Round r is A's move r, then B's; each line \
             gives {winner}'s square before his move r, then {}.",
            certificate.distance,
            match winner {
                Player::A => "for each square B may stand on, A's step",
                Player::B => "for each square A may have stepped to, B's reply",
            }
        ),
    )?;
    let positions = positions(certificate);
    if positions <= LISTED_POSITIONS {
        for r in 1..=m {
            f.write_str(&round(certificate, r))?;
        }
        return Ok(());
    }
    // A large strategy: whole rounds from the first, while their lines fit the budget
    // (round 1 always: its lines are one per square next to A's start at most).
    let mut shown = Vec::new();
    let mut lines = 0;
    for r in 1..=m {
        let text = round(certificate, r);
        lines += text.lines().count();
        if r > 1 && lines > SHOWN_LINES {
            break;
        }
        shown.push(text);
    }
    let rules: usize = certificate.strategy.iter().map(Vec::len).sum();
    let (busiest, most) = certificate
        .strategy
        .iter()
        .map(|round| round.iter().map(|rule| rule.against.len()).sum::<usize>())
        .enumerate()
        .max_by_key(|&(round, count)| (count, std::cmp::Reverse(round)))
        .unwrap_or((0, 0));
    let left = m - shown.len();
    let left_rules: usize = certificate.strategy[shown.len()..]
        .iter()
        .map(Vec::len)
        .sum();
    let which = if left == 0 {
        format!("All {m} rounds follow.")
    } else {
        let first = match shown.len() {
            1 => "Round 1 follows".to_string(),
            count => format!("Rounds 1 to {count} follow, as many as fit {SHOWN_LINES} lines"),
        };
        format!(
            "{first}; the other {} ({}) {} left out.",
            counted(left, "round"),
            counted(left_rules, "rule"),
            if left == 1 { "is" } else { "are" }
        )
    };
    paragraph(
        f,
        &format!(
            "Summary: the strategy has {rules} rules covering {positions} positions, at most \
             {most} in one round (round {}), more than the {LISTED_POSITIONS} listed in full. \
             {which} `gam --certificate` prints every rule.",
            busiest + 1
        ),
    )?;
    for text in shown {
        f.write_str(&text)?;
    }
    Ok(())
}

/// Round `r` of the winner's strategy as wrapped text: one line per square of the
/// winner's (the rules are sorted by it), continuation lines indented.
fn round(certificate: &TestCertificate, r: usize) -> String {
    let m = certificate.distance / 2;
    let winner = certificate.winner;
    let mut text = String::new();
    for group in certificate.strategy[r - 1].chunk_by(|first, second| first.from == second.from) {
        let mut replies: Vec<String> = group
            .iter()
            .map(|rule| match winner {
                Player::A => a_reply(rule, r == m),
                Player::B => b_reply(rule),
            })
            .collect();
        if winner == Player::B && r == m {
            // Every reply of the last round is the same: onto A's square.
            let squares: Vec<Square> = group.iter().map(|rule| rule.to).collect();
            replies = vec![format!(
                "A to {}, B steps onto A there and jumps over him",
                either(&squares)
            )];
        }
        let line = format!(
            "  round {r}: {winner} on {}: {}.",
            square(group[0].from),
            replies.join("; ")
        );
        text.push_str(&wrap(&line, "    "));
    }
    text
}

/// `count` things, as `1 round` or `2 rounds`.
fn counted(count: usize, thing: &str) -> String {
    if count == 1 {
        format!("1 {thing}")
    } else {
        format!("{count} {thing}s")
    }
}

/// How many positions the strategy covers: a rule covers one per square of `against`.
fn positions(certificate: &TestCertificate) -> usize {
    certificate
        .strategy
        .iter()
        .flatten()
        .map(|rule| rule.against.len())
        .sum()
}

/// A's move against B on the squares of `rule.against`.
fn a_reply(rule: &Rule, last: bool) -> String {
    let reach = if last { ", out of B's reach" } else { "" };
    format!(
        "B on {}, A to {}{reach}",
        either(&rule.against),
        square(rule.to)
    )
}

/// B's reply to A's moves to the squares of `rule.against` (before the last round).
fn b_reply(rule: &Rule) -> String {
    format!("A to {}, B to {}", either(&rule.against), square(rule.to))
}

/// The board with the squares each piece may stand on under the strategy marked.
fn drawing(
    f: &mut fmt::Formatter<'_>,
    board: &Board,
    certificate: &TestCertificate,
) -> fmt::Result {
    let n = board.n;
    let mut marks = vec![(false, false); board.white.len()];
    let index = |[row, col]: Square| (usize::from(row) - 1) * n + usize::from(col) - 1;
    // Marks: (A may stand here, B may stand here).
    for rule in certificate.strategy.iter().flatten() {
        let (from, against) = match certificate.winner {
            Player::A => ((true, false), (false, true)),
            Player::B => ((false, true), (true, false)),
        };
        // B's last step is onto A's square: not one B stands on.
        let to = (certificate.winner == Player::A).then_some((rule.to, from));
        let squares = [(rule.from, from)]
            .into_iter()
            .chain(to)
            .chain(rule.against.iter().map(|&square| (square, against)));
        for (square, (a, b)) in squares {
            let mark = &mut marks[index(square)];
            mark.0 |= a;
            mark.1 |= b;
        }
    }
    let legend = if certificate.strategy.is_empty() {
        "The board (A, B: the starts; #: black):"
    } else {
        "The board (A, B: the starts; a, b: where the strategy has A, B stand, + both; #: black):"
    };
    paragraph(f, legend)?;
    let text = draw(
        n,
        n,
        1,
        |row| (row + 1).to_string(),
        |row, col| {
            let square = row * n + col;
            if square == board.a {
                'A'
            } else if square == board.b {
                'B'
            } else if !board.white[square] {
                '#'
            } else {
                match marks[square] {
                    (true, true) => '+',
                    (true, false) => 'a',
                    (false, true) => 'b',
                    (false, false) => '.',
                }
            }
        },
    );
    f.write_str(&text)
}

/// A square as `(row, column)`.
fn square([row, col]: Square) -> String {
    name((usize::from(row), usize::from(col)))
}

fn name((row, col): (usize, usize)) -> String {
    format!("({row}, {col})")
}

/// Squares as `(1, 2)`, `(1, 2) or (3, 4)`, `(1, 2), (3, 4) or (5, 6)`.
fn either(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(|&s| square(s)).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// `text` wrapped at [`WIDTH`], continuation lines flush left.
fn paragraph(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    wrapped(f, text, "")
}

/// `text` wrapped at [`WIDTH`] between words (never inside parentheses, so squares stay
/// whole), continuation lines starting with `indent`.
fn wrapped(f: &mut fmt::Formatter<'_>, text: &str, indent: &str) -> fmt::Result {
    f.write_str(&wrap(text, indent))
}

fn wrap(text: &str, indent: &str) -> String {
    // Words: split at spaces outside parentheses and not beside a lone operator; leading
    // spaces kept on the first.
    let body = text.trim_start();
    let lead = &text[..text.len() - body.len()];
    let mut words = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (at, c) in body.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ' ' if depth == 0 && !beside_operator(body, at) => {
                words.push(&body[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    words.push(&body[start..]);
    let mut out = String::new();
    let mut line = lead.to_string();
    let mut fresh = true;
    for word in words.into_iter().filter(|word| !word.is_empty()) {
        let width = line.chars().count() + usize::from(!fresh) + word.chars().count();
        if !fresh && width > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = indent.to_string();
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Whether the space at byte `at` of `text` sits beside a lone `+`, `-` or `=` (as in
/// `k + 1`), which stays on one line with both its operands.
fn beside_operator(text: &str, at: usize) -> bool {
    let lone = |word: Option<&str>| matches!(word, Some("+" | "-" | "="));
    lone(text[..at].rsplit(' ').next()) || lone(text[at + 1..].split(' ').next())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::certificate::Certify;

    #[test]
    fn wrapping_keeps_squares_whole_and_lines_short() {
        let text = format!("  round 1: B on {}.", vec!["(12, 34)"; 30].join(" or "));
        let wrapped = wrap(&text, "    ");
        assert!(
            wrapped.lines().all(|line| line.chars().count() <= WIDTH),
            "{wrapped}"
        );
        assert!(
            wrapped
                .lines()
                .skip(1)
                .all(|line| line.starts_with("    ("))
        );
        assert_eq!(wrapped.replace("\n    ", " "), format!("{text}\n"));
        assert_eq!(wrap("short", ""), "short\n");
        let sums = format!("{} D - k - 1 and k = D/2", "x".repeat(WIDTH - 6));
        assert_eq!(
            wrap(&sums, ""),
            format!("{}\nD - k - 1 and k = D/2\n", "x".repeat(WIDTH - 6))
        );
    }

    #[test]
    fn square_lists_read_as_words() {
        assert_eq!(either(&[[1, 2]]), "(1, 2)");
        assert_eq!(
            either(&[[1, 2], [3, 4], [5, 6]]),
            "(1, 2), (3, 4) or (5, 6)"
        );
    }

    /// The explanation of `board` as the only test of its file.
    fn explained(board: &Board) -> String {
        let certificate = TestCertificate::of(board).unwrap();
        TestOfFile {
            test: 1,
            total: 1,
            board,
            certificate: &certificate,
        }
        .to_string()
    }

    #[test]
    fn the_first_sample_lists_b_s_replies() {
        let text = explained(&Board::from_rows(&["A...", ".#..", "....", "...B"]));
        assert!(
            text.contains("their sizes for k = 0 to 6: 1, 2, 2, 4, 3, 2, 1."),
            "{text}"
        );
        assert!(
            text.contains("  round 1: B on (4, 4): A to (1, 2), B to (3, 4); A to (2, 1), B to"),
            "{text}"
        );
        assert!(
            text.contains("A to (1, 4) or (2, 3), B steps onto A there and jumps over him."),
            "{text}"
        );
        assert!(text.ends_with("B wins.\n"), "{text}");
    }

    #[test]
    fn a_large_strategy_shows_its_first_rounds_and_counts_the_rest() {
        // The open 40 x 40 board, corner to corner: B wins, with 1560 rules.
        let rows: Vec<String> = (0..40)
            .map(|row| match row {
                0 => format!("A{}", ".".repeat(39)),
                39 => format!("{}B", ".".repeat(39)),
                _ => ".".repeat(40),
            })
            .collect();
        let text = explained(&Board::from_rows(
            &rows.iter().map(String::as_str).collect::<Vec<_>>(),
        ));
        assert!(
            text.lines().all(|line| line.chars().count() <= WIDTH),
            "{text}"
        );
        let joined = text.replace('\n', " ");
        assert!(
            joined.contains(
                "Rounds 1 to 6 follow, as many as fit 24 lines; the other 33 rounds (1518 rules) \
                 are left out."
            ),
            "{text}"
        );
        assert!(
            text.contains("\n  round 6: ") && !text.contains("round 7:"),
            "{text}"
        );
        // The lemma, with its argument, under the first test.
        assert!(
            text.contains("\n2. Colour the board like a chessboard"),
            "{text}"
        );
    }
}
