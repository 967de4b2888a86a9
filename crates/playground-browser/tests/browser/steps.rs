//! Stepping through the proof: after a solve the step controls appear; Next and Previous
//! move the position and redraw the caption and the picture; the last step shows the
//! proven end (Maria reaching Anna, the ladders' answer); and the slider moves from the
//! keyboard alone.

use std::time::Duration;

use anyhow::{Context, Result, ensure};
use fantoccini::key::Key;
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};
use serde_json::json;

use crate::keyboard::tab_to;
use crate::samples::{same_answer, samples};
use crate::{Test, problems};

pub const TESTS: &[Test] = &[
    (
        "steps::next_and_previous_redraw_the_step_on_every_page",
        next_and_previous_redraw_the_step_on_every_page,
    ),
    (
        "steps::the_last_step_shows_the_proven_end",
        the_last_step_shows_the_proven_end,
    ),
    (
        "steps::the_slider_moves_from_the_keyboard_alone",
        the_slider_moves_from_the_keyboard_alone,
    ),
];

/// How long one step may take to be drawn by the worker.
const DRAW_TIMEOUT: Duration = Duration::from_secs(10);

/// One step as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Shown {
    /// `step-position`: `3 / 12`.
    position: String,
    caption: String,
    /// The SVG document the picture shows.
    picture: String,
}

impl Shown {
    /// The step's number and the number of steps, from the position label.
    fn numbers(&self) -> Result<(usize, usize)> {
        let (at, of) = self
            .position
            .split_once(" / ")
            .with_context(|| format!("the position reads {:?}", self.position))?;
        Ok((at.trim().parse()?, of.trim().parse()?))
    }
}

/// Solves sample `index` of the open page and waits for the first step to be drawn.
fn solve_and_wait_for_steps(
    session: &Session,
    page: &Playground<'_>,
    index: usize,
) -> Result<Shown> {
    page.choose_sample(index)?;
    let status = page.solve(SAMPLE_TIMEOUT)?;
    ensure!(!status.is_error, "{}: {}", page.problem, status.text);
    session.wait_until(
        &format!("{}'s step controls", page.problem),
        "return !document.getElementById('steps').hidden \
         && document.getElementById('step-caption').textContent !== '' \
         && document.getElementById('step-picture').src !== ''",
        DRAW_TIMEOUT,
    )?;
    shown(session)
}

/// The step shown now; the picture is read back from the image's address.
fn shown(session: &Session) -> Result<Shown> {
    let picture = session.script_async(
        "const done = arguments[arguments.length - 1];\
         fetch(document.getElementById('step-picture').src)\
           .then(reply => reply.text()).then(done, error => done(`unreadable: ${error}`));",
        Vec::new(),
    )?;
    Ok(Shown {
        position: session.text("#step-position")?,
        caption: session.text("#step-caption")?,
        picture: picture.as_str().unwrap_or_default().to_owned(),
    })
}

/// Waits until the step shown is no longer `before`: another position, caption and
/// picture; returns it.
fn wait_for_another_step(session: &Session, before: &Shown, what: &str) -> Result<Shown> {
    session.wait_until(
        what,
        &format!(
            "return document.getElementById('step-position').textContent !== {} \
             && document.getElementById('step-caption').textContent !== {}",
            json!(before.position),
            json!(before.caption)
        ),
        DRAW_TIMEOUT,
    )?;
    // The page sets the caption and the picture in one task, so the picture read now
    // belongs to the caption just waited for.
    let after = shown(session)?;
    ensure!(
        after.picture.contains("<svg"),
        "{what}: the picture is no SVG: {:.80}",
        after.picture
    );
    ensure!(
        after.picture != before.picture,
        "{what}: the picture did not change"
    );
    Ok(after)
}

fn next_and_previous_redraw_the_step_on_every_page(session: &Session) -> Result<()> {
    for problem in problems() {
        let page = Playground::open(session, problem)?;
        let mut first = solve_and_wait_for_steps(session, &page, 0)?;
        // A proof of one step (a board Maria crosses unopposed) has nowhere to go: the
        // first sample with more steps is walked instead.
        let mut sample = 0;
        while first.numbers()?.1 < 2 {
            sample += 1;
            ensure!(
                sample < samples(problem)?.len(),
                "{problem}: no sample's proof has two steps"
            );
            first = solve_and_wait_for_steps(session, &page, sample)?;
        }
        let (at, count) = first.numbers()?;
        ensure!(at == 1, "{problem}: a fresh solve shows step {at}");
        ensure!(
            first.picture.contains("<svg"),
            "{problem}: the first picture is no SVG"
        );
        ensure!(
            session.property("#step-previous", "disabled")?.as_deref() == Some("true"),
            "{problem}: Previous is enabled on the first step"
        );
        session.click("#step-next")?;
        let second = wait_for_another_step(session, &first, &format!("{problem}: Next"))?;
        ensure!(
            second.numbers()? == (2, count),
            "{problem}: Next shows {:?}",
            second.position
        );
        session.click("#step-previous")?;
        let back = wait_for_another_step(session, &second, &format!("{problem}: Previous"))?;
        ensure!(
            back == first,
            "{problem}: Previous did not bring back the first step: {back:?}"
        );
        println!("  {problem}: sample {}, {count} steps", sample + 1);
    }
    Ok(())
}

/// Moves the slider to its last position as a keyboard does (focused, then End).
fn slide_to_the_end(session: &Session) -> Result<Shown> {
    session.script("document.getElementById('step-slider').focus()", Vec::new())?;
    let before = shown(session)?;
    session.press(Key::End)?;
    let (_, count) = before.numbers()?;
    if count > 1 {
        wait_for_another_step(session, &before, "End on the slider")?;
    }
    let last = shown(session)?;
    ensure!(
        last.numbers()? == (count, count),
        "End on the slider shows {:?}",
        last.position
    );
    Ok(last)
}

fn the_last_step_shows_the_proven_end(session: &Session) -> Result<()> {
    let page = Playground::open(session, "statues")?;
    let first = solve_and_wait_for_steps(session, &page, 0)?;
    let last = slide_to_the_end(session)?;
    ensure!(
        last.caption.contains("Anna") && last.caption.ends_with("WIN."),
        "statues sample1's last step: {:?} (the first: {:?})",
        last.caption,
        first.caption
    );
    ensure!(
        last.picture.contains("<svg"),
        "statues: the last picture is no SVG"
    );

    let expected = &samples("ladders")?[0].expected;
    let page = Playground::open(session, "ladders")?;
    let first = solve_and_wait_for_steps(session, &page, 0)?;
    ensure!(
        first.caption.contains("the Goal") && first.caption.contains("0 turns"),
        "ladders' first step: {:?}",
        first.caption
    );
    let last = slide_to_the_end(session)?;
    // "...: the start (row 10, column 1): 33.0476190476 expected turns, the answer."
    let value = last
        .caption
        .split_once("): ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .with_context(|| format!("ladders' last step names no value: {:?}", last.caption))?;
    ensure!(
        last.caption.contains("the answer") && same_answer("ladders", value, expected),
        "ladders' last step: {:?}, the answer is {expected:?}",
        last.caption
    );
    Ok(())
}

fn the_slider_moves_from_the_keyboard_alone(session: &Session) -> Result<()> {
    let page = Playground::open(session, "ladders")?;
    let first = solve_and_wait_for_steps(session, &page, 0)?;
    // The click on Solve left the focus there; from there only keys are pressed.
    let presses = tab_to(session, "step-slider")?;
    println!("  the slider is {presses} Tabs after Solve");
    session.press(Key::Right)?;
    let second = wait_for_another_step(session, &first, "ArrowRight on the slider")?;
    ensure!(
        second.numbers()?.0 == 2,
        "ArrowRight on the slider shows {:?}",
        second.position
    );
    let (_, count) = second.numbers()?;
    session.press(Key::End)?;
    let last = wait_for_another_step(session, &second, "End on the slider")?;
    ensure!(
        last.numbers()? == (count, count) && last.caption.contains("the answer"),
        "End on the slider shows {:?}: {:?}",
        last.position,
        last.caption
    );
    Ok(())
}
