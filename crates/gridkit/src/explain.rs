//! Pieces every explanation (`--explain`) draws with: boards as text with the
//! statement's row and column numbers, and move sequences in run-length form.

use std::fmt::Write;

/// A board drawn as text: a header of column numbers, then one line per row, `row_label`
/// before it and `cell(row, col)` for each square (0-based indices; the labels say how
/// the statement numbers them). Columns are numbered from `first_col`, their last digit
/// shown, so wide boards stay one character per square.
///
/// ```
/// let board = gridkit::explain::draw(2, 3, 1, |row| format!("{}", row + 1), |row, col| {
///     if (row, col) == (0, 2) { 'A' } else { '.' }
/// });
/// assert_eq!(board, "  123\n1 ..A\n2 ...\n");
/// ```
pub fn draw(
    rows: usize,
    cols: usize,
    first_col: usize,
    row_label: impl Fn(usize) -> String,
    cell: impl Fn(usize, usize) -> char,
) -> String {
    let labels: Vec<String> = (0..rows).map(&row_label).collect();
    let width = labels.iter().map(String::len).max().unwrap_or(0);
    let mut text = format!("{:width$} ", "");
    for col in 0..cols {
        text.push(char::from(b'0' + ((first_col + col) % 10) as u8));
    }
    text.push('\n');
    for (row, label) in labels.iter().enumerate() {
        let _ = write!(text, "{label:>width$} ");
        text.extend((0..cols).map(|col| cell(row, col)));
        text.push('\n');
    }
    text
}

/// A sequence of moves in run-length form: `["R", "R", "D", "L", "L"]` becomes
/// `R×2 D L×2`; a move that does not repeat is written once.
///
/// ```
/// assert_eq!(gridkit::explain::run_lengths(["R"; 12].into_iter().chain(["D"])), "R×12 D");
/// assert_eq!(gridkit::explain::run_lengths(Vec::<&str>::new()), "");
/// ```
pub fn run_lengths<M: AsRef<str>>(moves: impl IntoIterator<Item = M>) -> String {
    let mut runs: Vec<(M, usize)> = Vec::new();
    for step in moves {
        match runs.last_mut() {
            Some((last, count)) if last.as_ref() == step.as_ref() => *count += 1,
            _ => runs.push((step, 1)),
        }
    }
    let mut text = String::new();
    for (index, (step, count)) in runs.iter().enumerate() {
        if index > 0 {
            text.push(' ');
        }
        text.push_str(step.as_ref());
        if *count > 1 {
            let _ = write!(text, "×{count}");
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_counted_and_singles_written_once() {
        let moves = "RRRRRRRRRRRRDLLL".chars().map(String::from);
        assert_eq!(run_lengths(moves), "R×12 D L×3");
        assert_eq!(run_lengths(["stay", "stay", "up"]), "stay×2 up");
    }

    #[test]
    fn wide_boards_keep_one_character_per_square() {
        let text = draw(10, 12, 1, |row| (row + 1).to_string(), |_, _| '.');
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "   123456789012");
        assert_eq!(lines[1], " 1 ............");
        assert_eq!(lines[10], "10 ............");
    }
}
