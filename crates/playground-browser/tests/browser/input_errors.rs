//! A bad input, typed into the editor, is refused on Solve with its line and column
//! shown as an error just below the editor, and no results are shown.

use anyhow::{Result, ensure};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};

use crate::Test;
use crate::samples::samples;

pub const TESTS: &[Test] = &[(
    "input_errors::a_bad_input_shows_its_line_and_column_beside_the_editor",
    a_bad_input_shows_its_line_and_column_beside_the_editor,
)];

/// The problem, and the line and column (from 1) of its first sample where a stray `x`
/// is typed in place of a square.
const SPOILED: &[(&str, usize, usize)] = &[("statues", 3, 5), ("gam", 4, 2)];

fn a_bad_input_shows_its_line_and_column_beside_the_editor(session: &Session) -> Result<()> {
    for &(problem, line, column) in SPOILED {
        let sample = &samples(problem)?[0];
        let spoiled: Vec<String> = sample
            .input
            .lines()
            .enumerate()
            .map(|(index, text)| {
                if index + 1 == line {
                    let mut chars: Vec<char> = text.chars().collect();
                    chars[column - 1] = 'x';
                    chars.into_iter().collect()
                } else {
                    text.to_owned()
                }
            })
            .collect();
        let page = Playground::open(session, problem)?;
        session.type_into("#input", &(spoiled.join("\n") + "\n"))?;
        let status = page.solve(SAMPLE_TIMEOUT)?;
        let place = format!("line {line}, column {column}");
        ensure!(
            status.is_error && status.text.contains(&place),
            "{problem}: expected an error at {place}, the page shows {:?}",
            status.text
        );
        ensure!(
            !page.results_shown()?,
            "{problem}: results shown for a bad input"
        );
        // Beside the editor: just below it, within its width.
        let geometry = session.script(
            "const editor = document.getElementById('input').getBoundingClientRect();\
             const status = document.getElementById('status').getBoundingClientRect();\
             return [editor.left, editor.right, editor.bottom, status.left, status.top, \
                     status.width];",
            Vec::new(),
        )?;
        let [editor_left, editor_right, editor_bottom, left, top, width] =
            [0, 1, 2, 3, 4, 5].map(|i| geometry[i].as_f64().unwrap_or(f64::NAN));
        ensure!(
            width > 0.0
                && (editor_bottom..editor_bottom + 80.0).contains(&top)
                && (editor_left..editor_right).contains(&left),
            "{problem}: the error is not beside the editor: {geometry}"
        );
        println!("  {problem}: {}", status.text);
    }
    Ok(())
}
