//! Solve and Check work from the keyboard alone: from the editor, Tab reaches Solve and
//! Enter presses it; Tab then reaches Check and Space presses it.

use std::time::Duration;

use anyhow::{Result, bail, ensure};
use fantoccini::key::Key;
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};

use crate::Test;
use crate::samples::{same_answer, samples};

pub const TESTS: &[Test] = &[(
    "keyboard::solve_and_check_work_from_the_keyboard_alone",
    solve_and_check_work_from_the_keyboard_alone,
)];

/// More Tabs than the controls between the editor and Check.
const MOST_TABS: usize = 12;

/// Presses Tab until the element `id` has the focus; returns how many presses it took.
pub fn tab_to(session: &Session, id: &str) -> Result<usize> {
    for presses in 1..=MOST_TABS {
        session.press(Key::Tab)?;
        if session.focused_id()? == id {
            return Ok(presses);
        }
    }
    bail!(
        "{MOST_TABS} Tabs did not reach #{id}; the focus is on #{}",
        session.focused_id()?
    )
}

fn solve_and_check_work_from_the_keyboard_alone(session: &Session) -> Result<()> {
    let problem = "sweets";
    let sample = &samples(problem)?[0];
    let page = Playground::open(session, problem)?;
    // The page opens with the first sample in the editor; the editor gets the focus as a
    // click in it would give it, and from there only keys are pressed.
    ensure!(
        page.input()? == sample.input,
        "the editor holds another input"
    );
    session.script("document.getElementById('input').focus()", Vec::new())?;
    let to_solve = tab_to(session, "solve")?;
    ensure!(to_solve == 1, "Solve is {to_solve} Tabs after the editor");
    session.press(Key::Enter)?;
    page.wait_until_idle(SAMPLE_TIMEOUT)?;
    let status = page.status()?;
    ensure!(!status.is_error, "{}", status.text);
    ensure!(
        page.results_shown()? && same_answer(problem, &page.answer()?, &sample.expected),
        "Enter on Solve: {:?}",
        page.answer()?
    );
    let to_check = tab_to(session, "check")?;
    session.press(Key::Space)?;
    // Space presses a button on its release; the check then runs in the worker.
    std::thread::sleep(Duration::from_millis(50));
    page.wait_until_idle(SAMPLE_TIMEOUT)?;
    let verdict = page.verdict()?;
    ensure!(
        verdict.accepted == Some(true),
        "Space on Check: {:?}",
        verdict.text
    );
    println!("  Solve 1 Tab after the editor, Check {to_check} Tabs after Solve");
    Ok(())
}
