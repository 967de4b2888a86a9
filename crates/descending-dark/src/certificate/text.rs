//! The certificate as text, the explanation `--explain` prints after the answer: per case
//! and cave the count, the verdict and its evidence, with rows and columns numbered from 1
//! as in the input, then the legend that says how to read them (last, so that a reader
//! meets the answers first). An Unlucky cave's trapped runs come with what lies below
//! them, offset by offset, and the offsets each length allows, so that the claim can be
//! checked by hand; the grid is drawn cropped to the trapped runs, and only when that crop
//! is small.

use std::fmt::{self, Display, Formatter};

use gridkit::Pos;
use gridkit::explain::draw;
use gridkit::grid::{RowRun, row_runs};

use super::{CaseCertificate, CaveCertificate, Certificate, Evidence};
use crate::parse::WALL;
use crate::plan::Written;
use crate::solve::{backward_reach, bit, forward_offsets, keep_continued_offsets, open_rows};

/// Plans are wrapped to lines of about this many characters.
const LINE_WIDTH: usize = 92;
/// The indentation of a plan, a table or a drawing under its cave's line.
const INDENT: &str = "    ";
/// The largest crop drawn: more rows than this, and the table alone says it all.
const MAX_DRAWN_ROWS: usize = 8;

const LEGEND: &str = "\
Rows are numbered 1 (top) to R and columns 1 (left) to C, as in the input. S_C is the set
of squares from which some moves reach cave C, the cave included.
Lucky: the plan ends on the cave from every square of S_C. L, R and D are Left, Right and
Down; L×3 is three Lefts.
Unlucky: the trapped runs are whole runs of S_C from wall to wall, at least one not the
cave's own. Put a walker on the leftmost square of each. Whatever the plan, walkers on
runs of equal length keep equal offsets (from 0 at the left), and each length's offset is
the one for a length one less, or one more: a chain, from offset 0 at length 1. Below each
run, offset by offset: # a wall, + a square of S_C, . an open square outside S_C, where a
Down loses that walker for good. For each length, 'allowed' lists the offsets with no . in
any run of that length (a length without a run allows every offset) and 'chain' the
allowed offsets that a chain through allowed offsets passes, up to the longest run. None
of them has a + below: no Down moves a walker without losing one, so no walker leaves its
run, and those off the cave's run never reach the cave. Where the runs fit in a few rows,
the grid is drawn cropped to them: * trapped, the cave's digit, + S_C, . open, # wall.
";

/// A certificate as the text `--explain` prints: a paragraph per case, then the legend.
pub struct Explanation<'a>(pub &'a Certificate);

impl Display for Explanation<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (index, case) in self.0.cases.iter().enumerate() {
            if index > 0 {
                writeln!(f)?;
            }
            write_case(f, index + 1, case)?;
        }
        writeln!(f)?;
        f.write_str(LEGEND)
    }
}

/// `Case #number`, its size, and a paragraph per cave.
fn write_case(f: &mut Formatter<'_>, number: usize, case: &CaseCertificate) -> fmt::Result {
    let (rows, cols) = (case.grid.height(), case.grid.width());
    writeln!(f, "Case #{number}: {rows} rows, {cols} columns.")?;
    for cave in &case.caves {
        write_cave(f, case, cave)?;
    }
    Ok(())
}

fn write_cave(
    f: &mut Formatter<'_>,
    case: &CaseCertificate,
    cave: &CaveCertificate,
) -> fmt::Result {
    let CaveCertificate {
        label,
        at,
        squares,
        evidence,
    } = cave;
    let (row, col) = (at.row + 1, at.col + 1);
    let reach = if *squares == 1 {
        "1 square reaches it".to_owned()
    } else {
        format!("{squares} squares reach it")
    };
    write!(f, "  cave {label} at row {row}, column {col}: {reach}. ")?;
    match evidence {
        Evidence::Lucky { plan } if plan.is_empty() => writeln!(f, "Lucky, with the empty plan."),
        Evidence::Lucky { plan } => {
            writeln!(f, "Lucky, with the plan")?;
            for line in wrapped(&Written(plan).to_string()) {
                writeln!(f, "{INDENT}{line}")?;
            }
            Ok(())
        }
        Evidence::Unlucky { trapped } => {
            let runs = row_runs(trapped.iter().copied());
            let count = match runs.len() {
                1 => "1 trapped run".to_owned(),
                count => format!("{count} trapped runs"),
            };
            writeln!(f, "Unlucky: {count}.")?;
            let reach = backward_reach(&open_rows(&case.grid), cave.at);
            write_runs(f, case, &reach, &runs)?;
            write_crop(f, case, cave, &reach, &runs)
        }
    }
}

/// A trapped run: its row, first column and length (0-based squares).
type TrappedRun = RowRun;

/// What lies below `run` at each offset: `#`, `+` (in S_C) or `.`.
fn below(case: &CaseCertificate, reach: &[u64], run: &TrappedRun) -> String {
    (run.start..run.start + run.len)
        .map(|col| {
            let pos = Pos::new(run.row + 1, col);
            if reach.get(pos.row).is_some_and(|row| row & bit(col) != 0) {
                '+'
            } else if case.grid.get(pos).is_none_or(|&square| square == WALL) {
                '#'
            } else {
                '.'
            }
        })
        .collect()
}

/// One line per run with what lies below it, then one line per length with its allowed
/// offsets and those on a chain.
fn write_runs(
    f: &mut Formatter<'_>,
    case: &CaseCertificate,
    reach: &[u64],
    runs: &[TrappedRun],
) -> fmt::Result {
    let longest = runs.iter().map(|run| run.len).max().unwrap_or(0);
    let mut forbid = vec![0u64; longest + 1];
    let mut sorted = runs.to_vec();
    sorted.sort_by_key(|run| (run.len, run.row, run.start));
    for run in &sorted {
        let below = below(case, reach, run);
        let columns = if run.len == 1 {
            format!("column {}", run.start + 1)
        } else {
            format!("columns {} to {}", run.start + 1, run.start + run.len)
        };
        let line = format!("length {}: row {}, {columns}; below:", run.len, run.row + 1);
        if line.len() + 1 + below.len() <= LINE_WIDTH {
            writeln!(f, "{INDENT}{line} {below}")?;
        } else {
            // A long run's exits go on a line of their own, still one character each.
            writeln!(f, "{INDENT}{line}\n{INDENT}  {below}")?;
        }
        for (x, square) in below.chars().enumerate() {
            if square == '.' {
                forbid[run.len] |= bit(x);
            }
        }
    }
    let mut chain = forward_offsets(&forbid);
    keep_continued_offsets(&mut chain);
    let mut lengths: Vec<usize> = sorted.iter().map(|run| run.len).collect();
    lengths.dedup();
    for len in lengths {
        let allowed = !forbid[len] & (bit(len).wrapping_sub(1));
        let listed = |mask: u64| {
            let offsets: Vec<String> = (0..len)
                .filter(|&x| mask & bit(x) != 0)
                .map(|x| x.to_string())
                .collect();
            if offsets.is_empty() {
                "none".to_owned()
            } else {
                offsets.join(" ")
            }
        };
        let line = format!(
            "length {len}: allowed {}; chain {}",
            listed(allowed),
            listed(chain[len])
        );
        for line in wrapped(&line) {
            writeln!(f, "{INDENT}{line}")?;
        }
    }
    Ok(())
}

/// The grid cropped to the trapped runs and the row below them, when that is at most
/// [`MAX_DRAWN_ROWS`] rows; otherwise a line saying it is not drawn.
fn write_crop(
    f: &mut Formatter<'_>,
    case: &CaseCertificate,
    cave: &CaveCertificate,
    reach: &[u64],
    runs: &[TrappedRun],
) -> fmt::Result {
    let grid = &case.grid;
    let top = runs.iter().map(|run| run.row).min().unwrap_or(0);
    let bottom = runs
        .iter()
        .map(|run| run.row + 1)
        .max()
        .unwrap_or(0)
        .min(grid.height() - 1);
    let left = runs.iter().map(|run| run.start).min().unwrap_or(1) - 1;
    let right = runs
        .iter()
        .map(|run| run.start + run.len)
        .max()
        .unwrap_or(0)
        .min(grid.width() - 1);
    let (rows, cols) = (bottom - top + 1, right - left + 1);
    if rows > MAX_DRAWN_ROWS {
        return writeln!(f, "{INDENT}(not drawn: the runs span {rows} rows)");
    }
    let whole = (rows, cols) == (grid.height(), grid.width());
    if !whole {
        writeln!(
            f,
            "{INDENT}Rows {} to {}, columns {} to {} (the rest of the grid is cropped):",
            top + 1,
            bottom + 1,
            left + 1,
            right + 1
        )?;
    }
    let trapped = |pos: Pos| {
        runs.iter()
            .any(|run| run.row == pos.row && (run.start..run.start + run.len).contains(&pos.col))
    };
    let drawing = draw(
        rows,
        cols,
        left + 1,
        |row| (top + row + 1).to_string(),
        |row, col| {
            let pos = Pos::new(top + row, left + col);
            if pos == cave.at {
                char::from(b'0' + (cave.label % 10) as u8)
            } else if trapped(pos) {
                '*'
            } else if reach[pos.row] & bit(pos.col) != 0 {
                '+'
            } else if grid[pos] == WALL {
                '#'
            } else {
                '.'
            }
        },
    );
    for line in drawing.lines() {
        writeln!(f, "{INDENT}{line}")?;
    }
    Ok(())
}

/// `text` cut at spaces into lines of at most [`LINE_WIDTH`] characters (a longer word
/// keeps a line of its own).
fn wrapped(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= LINE_WIDTH => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_plans_wrap_at_spaces() {
        let text = ["L×58"; 40].join(" ");
        let lines = wrapped(&text);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|line| line.chars().count() <= LINE_WIDTH));
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn runs_are_found_row_by_row() {
        let squares = [
            Pos::new(1, 1),
            Pos::new(1, 2),
            Pos::new(1, 4),
            Pos::new(2, 5),
        ];
        let runs = row_runs(squares);
        assert_eq!(runs.len(), 3);
        assert_eq!(
            runs[0],
            TrappedRun {
                row: 1,
                start: 1,
                len: 2
            }
        );
        assert!(row_runs([]).is_empty());
    }
}
