//! The certificate as text: a legend, then per case and cave the count, the verdict and
//! its evidence, with rows and columns numbered from 1 as in the input.

use std::fmt::{self, Display, Formatter};

use gridkit::Pos;
use gridkit::explain::draw;

use super::{CaseCertificate, CaveCertificate, Certificate, Evidence};
use crate::parse::WALL;
use crate::plan::Written;
use crate::solve::{backward_reach, bit, open_rows};

/// Plans are wrapped to lines of about this many characters.
const LINE_WIDTH: usize = 96;
/// The indentation of a plan or a drawing under its cave's line.
const INDENT: &str = "    ";

const LEGEND: &str = "\
Rows are numbered 1 (top) to R and columns 1 (left) to C, as in the input. S_C is the set
of squares from which some moves reach cave C, the cave included.
Lucky: the plan ends on the cave from every square of S_C. L, R and D are Left, Right and
Down; L×3 is three Lefts.
Unlucky: the trapped runs, drawn with * (the cave keeps its digit, + is another square of
S_C, . an open square outside it, # a wall), are whole runs of S_C from wall to wall, the
cave's own among them. Put a walker on the leftmost square of each: whatever the plan,
walkers on runs of equal length keep equal offsets, and each length's offset is the one
for a length one less, or one more. No such offsets put a walker over a square of S_C
without also putting one over an open square outside S_C, where a Down loses it for good.
So no walker leaves its run, and those outside the cave's run never reach the cave.
";

impl Display for Certificate {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(LEGEND)?;
        for (index, case) in self.cases.iter().enumerate() {
            writeln!(f)?;
            write_case(f, index + 1, case)?;
        }
        Ok(())
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
            let runs = runs_in(trapped);
            writeln!(f, "Unlucky: {runs} trapped runs.")?;
            for line in drawing(case, cave, trapped).lines() {
                writeln!(f, "{INDENT}{line}")?;
            }
            Ok(())
        }
    }
}

/// How many runs of consecutive squares `squares` (sorted) holds.
fn runs_in(squares: &[Pos]) -> usize {
    let mut runs = 0;
    let mut previous: Option<Pos> = None;
    for &square in squares {
        let continues = previous.is_some_and(|p| p.row == square.row && p.col + 1 == square.col);
        runs += usize::from(!continues);
        previous = Some(square);
    }
    runs
}

/// The grid with the cave's digit, its trapped squares `*`, the rest of S_C `+`, other
/// open squares `.` and walls `#`, rows and columns numbered from 1.
fn drawing(case: &CaseCertificate, cave: &CaveCertificate, trapped: &[Pos]) -> String {
    let grid = &case.grid;
    let reach = backward_reach(&open_rows(grid), cave.at);
    draw(
        grid.height(),
        grid.width(),
        1,
        |row| (row + 1).to_string(),
        |row, col| {
            let pos = Pos::new(row, col);
            if pos == cave.at {
                char::from(b'0' + cave.label as u8)
            } else if trapped.binary_search(&pos).is_ok() {
                '*'
            } else if reach[row] & bit(col) != 0 {
                '+'
            } else if grid[pos] == WALL {
                '#'
            } else {
                '.'
            }
        },
    )
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
    fn runs_are_counted_row_by_row() {
        let squares = [
            Pos::new(1, 1),
            Pos::new(1, 2),
            Pos::new(1, 4),
            Pos::new(2, 5),
        ];
        assert_eq!(runs_in(&squares), 3);
        assert_eq!(runs_in(&[]), 0);
    }
}
