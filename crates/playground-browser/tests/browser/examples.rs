//! The statement shows its examples: every official sample's input and expected output
//! (`testdata/<problem>/sample*.in` and `.out`), as they are, in the statement's part of
//! the page, where a reader sees them.

use anyhow::{Result, ensure};
use playground_browser::browser::Session;
use serde_json::json;

use crate::samples::samples;
use crate::{Test, problems};

pub const TESTS: &[Test] = &[(
    "examples::the_statement_shows_every_sample_with_its_expected_output",
    the_statement_shows_every_sample_with_its_expected_output,
)];

fn the_statement_shows_every_sample_with_its_expected_output(session: &Session) -> Result<()> {
    let mut shown = 0;
    for problem in problems() {
        session.open(&format!("{problem}.html"))?;
        for (index, sample) in samples(problem)?.iter().enumerate() {
            let found = session.script(
                "const example = document.querySelector(\
                   `article.statement [data-example=\"${arguments[0]}\"]`);\
                 if (!example) return null;\
                 const shown = (css) => {\
                   const element = example.querySelector(css);\
                   if (!element) return null;\
                   const box = element.getBoundingClientRect();\
                   return box.width > 0 && box.height > 0 ? element.textContent : null;\
                 };\
                 return [shown('.example-input'), shown('.example-output')];",
                vec![json!(index)],
            )?;
            ensure!(
                found == json!([sample.input, sample.expected]),
                "{problem}'s statement does not show {} and its expected output: {found}",
                sample.name
            );
            shown += 1;
        }
    }
    println!("  {shown} samples shown with their expected outputs");
    Ok(())
}
