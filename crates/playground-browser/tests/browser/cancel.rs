//! Cancel stops a long solve: the page is idle at once, says so, shows no late result,
//! and the next solve (in a fresh worker) answers.

use std::time::Duration;

use anyhow::{Context, Result, ensure};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};
use playground_browser::site::workspace_root;

use crate::Test;
use crate::samples::{same_answer, samples};

pub const TESTS: &[Test] = &[(
    "cancel::cancel_stops_a_long_solve",
    cancel_stops_a_long_solve,
)];

/// gam's heaviest input: seconds of solving in the page.
const LONG_INPUT: (&str, &str) = ("gam", "testdata/gam/heavy.in");

fn cancel_stops_a_long_solve(session: &Session) -> Result<()> {
    let (problem, file) = LONG_INPUT;
    let long = std::fs::read_to_string(workspace_root().join(file))
        .with_context(|| format!("reading {file}"))?;
    let page = Playground::open(session, problem)?;
    page.paste_input(&long)?;
    session.click("#solve")?;
    std::thread::sleep(Duration::from_millis(300));
    ensure!(
        page.is_busy()?,
        "{file} was solved within 300 ms: no longer a long solve ({:?})",
        page.status()?.text
    );
    session.click("#cancel")?;
    ensure!(!page.is_busy()?, "still busy after Cancel");
    ensure!(
        page.status()?.text == "Cancelled.",
        "{:?}",
        page.status()?.text
    );
    // The terminated worker's result never arrives.
    std::thread::sleep(Duration::from_secs(2));
    ensure!(!page.results_shown()?, "a cancelled solve showed results");
    ensure!(
        page.status()?.text == "Cancelled.",
        "{:?}",
        page.status()?.text
    );
    let sample = &samples(problem)?[0];
    page.choose_sample(0)?;
    let status = page.solve(SAMPLE_TIMEOUT)?;
    ensure!(
        !status.is_error && same_answer(problem, &page.answer()?, &sample.expected),
        "the solve after Cancel: {:?}, {:?}",
        status.text,
        page.answer()?
    );
    Ok(())
}
