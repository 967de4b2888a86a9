//! The page's state a learner keeps and shares: the address's fragment names the official
//! sample (`#sample=2`, counted from 1 as the buttons are named) or carries an edited
//! input (`#input=` and its UTF-8 in base64url, up to 2 KB; a larger one stays in the
//! browser's storage and the fragment says `#stored-input`), and the step shown
//! (`&step=3`, as the position reads `3 / 12`).
//!
//! - A link to the second sample at a step opens the page there: the input filled,
//!   solved, and that step drawn, the same step Next reaches.
//! - An edited input survives a reload with its step; the page opened without a fragment
//!   finds it again in the storage; its link reopens it where the storage is empty; a
//!   larger one is kept in the storage, not in the address.
//! - Back after choosing and solving another sample returns to the previous sample at its
//!   step, and Forward to the other again.
//! - The Judge section's source and language survive a reload.
//!
//! The harness empties the site's storage before every test (`main.rs`).

use std::time::Duration;

use anyhow::{Context, Result, ensure};
use gridkit::testdata::{self, Case};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};
use serde_json::json;

use crate::samples::{same_answer, samples};
use crate::{Test, problems};

pub const TESTS: &[Test] = &[
    (
        "state::a_link_to_a_sample_and_a_step_opens_there",
        a_link_to_a_sample_and_a_step_opens_there,
    ),
    (
        "state::an_edited_input_survives_a_reload_and_its_link_reopens_it",
        an_edited_input_survives_a_reload_and_its_link_reopens_it,
    ),
    (
        "state::back_returns_to_the_previous_sample_and_its_step",
        back_returns_to_the_previous_sample_and_its_step,
    ),
    (
        "state::the_judge_source_survives_a_reload",
        the_judge_source_survives_a_reload,
    ),
];

/// The most bytes of an edited input the fragment carries.
const FRAGMENT_INPUT_BYTES: usize = 2048;

/// How long one step may take to be drawn by the worker.
const DRAW_TIMEOUT: Duration = Duration::from_secs(10);

/// The step the tests go to: the third, or the last of a shorter proof.
const LATER_STEP: usize = 3;

/// One step as the page shows it, once drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Step {
    /// Counted from 1, as the position reads.
    at: usize,
    count: usize,
    caption: String,
}

/// Waits until the page is idle with step `at` of its proof drawn (its caption `caption`,
/// when given; any caption otherwise) and returns it.
fn wait_for_step(session: &Session, what: &str, at: usize, caption: Option<&str>) -> Result<Step> {
    let caption_condition = match caption {
        Some(caption) => format!(
            "document.getElementById('step-caption').textContent === {}",
            json!(caption)
        ),
        None => "document.getElementById('step-caption').textContent !== ''".to_owned(),
    };
    session.wait_until(
        &format!("{what}: step {at} drawn"),
        &format!(
            "return !document.getElementById('solve').disabled \
             && !document.getElementById('steps').hidden \
             && document.getElementById('step-position').textContent.startsWith({}) \
             && {caption_condition} \
             && !document.getElementById('step-caption').classList.contains('error')",
            json!(format!("{at} / "))
        ),
        SAMPLE_TIMEOUT + DRAW_TIMEOUT,
    )?;
    shown_step(session)
}

/// The step shown now.
fn shown_step(session: &Session) -> Result<Step> {
    let position = session.text("#step-position")?;
    let (at, count) = position
        .split_once(" / ")
        .with_context(|| format!("the position reads {position:?}"))?;
    Ok(Step {
        at: at.trim().parse()?,
        count: count.trim().parse()?,
        caption: session.text("#step-caption")?,
    })
}

/// Clicks Next until step `at` is drawn; returns it.
fn next_until(session: &Session, what: &str, at: usize) -> Result<Step> {
    let mut step = shown_step(session)?;
    while step.at < at {
        let before = step.caption.clone();
        session.click("#step-next")?;
        session.wait_until(
            &format!("{what}: Next to step {}", step.at + 1),
            &format!(
                "return document.getElementById('step-position').textContent.startsWith({}) \
                 && document.getElementById('step-caption').textContent !== {}",
                json!(format!("{} / ", step.at + 1)),
                json!(before)
            ),
            DRAW_TIMEOUT,
        )?;
        step = shown_step(session)?;
    }
    Ok(step)
}

/// The address's fragment, `#` included.
fn fragment(session: &Session) -> Result<String> {
    Ok(session
        .script("return location.hash", Vec::new())?
        .as_str()
        .unwrap_or_default()
        .to_owned())
}

/// The page's whole address.
fn address(session: &Session) -> Result<String> {
    Ok(session
        .script("return location.href", Vec::new())?
        .as_str()
        .unwrap_or_default()
        .to_owned())
}

/// Opens `<problem>.html<fragment>` as a followed link opens it: from another page, so
/// the problem's page is loaded afresh.
fn follow(session: &Session, problem: &str, fragment: &str) -> Result<()> {
    session.open("index.html")?;
    session.goto(&format!(
        "{}{problem}.html{fragment}",
        session.server().url()
    ))
}

/// Reloads the page, as the browser's Reload does, and waits for the new one.
fn reload(session: &Session) -> Result<()> {
    session.script(
        "window.beforeTheReload = true; setTimeout(() => location.reload(), 0);",
        Vec::new(),
    )?;
    session.wait_until(
        "the page reloaded",
        "return window.beforeTheReload === undefined && document.readyState === 'complete'",
        Duration::from_secs(20),
    )
}

/// Waits until the editor holds `text`.
fn wait_for_input(session: &Session, what: &str, text: &str) -> Result<()> {
    session
        .wait_until(
            what,
            &format!(
                "return document.getElementById('input').value === {}",
                json!(text)
            ),
            Duration::from_secs(5),
        )
        .with_context(|| {
            let held = session
                .property("#input", "value")
                .ok()
                .flatten()
                .unwrap_or_default();
            format!("the editor holds {:.120?}", held)
        })
}

fn a_link_to_a_sample_and_a_step_opens_there(session: &Session) -> Result<()> {
    let mut opened = 0;
    for problem in problems() {
        let samples = samples(problem)?;
        let Some(second) = samples.get(1) else {
            continue;
        };
        follow(session, problem, "#sample=2&step=1")?;
        let at = format!("{problem}#sample=2&step=1");
        wait_for_input(session, &at, &second.input)?;
        let first = wait_for_step(session, &at, 1, None)?;
        let answer = session.text("#answer")?;
        ensure!(
            same_answer(problem, &answer, &second.expected),
            "{at}: the page answers {answer:?}, expected {:?}",
            second.expected
        );
        let kept = fragment(session)?;
        ensure!(
            kept == "#sample=2&step=1",
            "{at}: the fragment became {kept:?}"
        );

        // A later step, first reached with Next, then opened by its link.
        let later = next_until(session, &at, LATER_STEP.min(first.count))?;
        let link = format!("#sample=2&step={}", later.at);
        ensure!(
            fragment(session)? == link,
            "{problem}: at step {} the fragment is {:?}",
            later.at,
            fragment(session)?
        );
        follow(session, problem, &link)?;
        let reopened = wait_for_step(
            session,
            &format!("{problem}{link}"),
            later.at,
            Some(&later.caption),
        )?;
        ensure!(
            reopened == later,
            "{problem}{link} shows {reopened:?}, Next showed {later:?}"
        );
        opened += 1;
    }
    ensure!(opened > 0, "no problem has a second sample");
    println!("  {opened} problems opened at their second sample's steps");
    Ok(())
}

/// Of `problem`'s cases that are no sample, the largest the fragment carries and the
/// smallest it does not.
fn edited_cases(problem: &str) -> Result<(Case, Case)> {
    let mut cases: Vec<Case> = testdata::cases(problem)
        .with_context(|| format!("reading testdata/{problem}"))?
        .into_iter()
        .filter(|case| !case.name.starts_with("sample"))
        .collect();
    cases.sort_by_key(|case| case.input.len());
    let small = cases
        .iter()
        .rev()
        .find(|case| case.input.len() <= FRAGMENT_INPUT_BYTES)
        .with_context(|| format!("{problem} has no case of at most 2 KB"))?;
    let large = cases
        .iter()
        .find(|case| case.input.len() > FRAGMENT_INPUT_BYTES)
        .with_context(|| format!("{problem} has no case over 2 KB"))?;
    Ok((small.clone(), large.clone()))
}

fn an_edited_input_survives_a_reload_and_its_link_reopens_it(session: &Session) -> Result<()> {
    let problem = "gam";
    let (small, large) = edited_cases(problem)?;
    let page = Playground::open(session, problem)?;
    page.paste_input(&small.input)?;
    let edited = fragment(session)?;
    ensure!(
        edited.starts_with("#input=") && !edited.contains("step="),
        "after an edit the fragment is {edited:?}"
    );
    let status = page.solve(SAMPLE_TIMEOUT)?;
    ensure!(!status.is_error, "{}: {}", small.name, status.text);
    let first = wait_for_step(session, &small.name, 1, None)?;
    let later = next_until(session, &small.name, LATER_STEP.min(first.count))?;
    let link = address(session)?;
    ensure!(
        link.ends_with(&format!("{edited}&step={}", later.at)),
        "at step {} the address is {link:?}",
        later.at
    );

    // A reload: the same input, solved, at the same step.
    reload(session)?;
    wait_for_input(session, "the edited input after a reload", &small.input)?;
    let reloaded = wait_for_step(session, "after a reload", later.at, Some(&later.caption))?;
    ensure!(
        reloaded == later,
        "after a reload {reloaded:?}, before {later:?}"
    );
    let answer = page.answer()?;
    ensure!(
        same_answer(problem, &answer, &small.expected),
        "{}: the reloaded page answers {answer:?}, expected {:?}",
        small.name,
        small.expected
    );

    // The page opened without a fragment finds the last edited input in the storage.
    session.open("index.html")?;
    Playground::open(session, problem)?;
    wait_for_input(session, "the page opened without a fragment", &small.input)?;

    // The link alone reopens it, where the storage holds nothing.
    session.script("localStorage.clear()", Vec::new())?;
    session.open("index.html")?;
    session.goto(&link)?;
    wait_for_input(session, "the edited input's link", &small.input)?;
    let linked = wait_for_step(session, "the edited input's link", later.at, None)?;
    ensure!(
        linked == later,
        "the link shows {linked:?}, the page showed {later:?}"
    );

    // Text beyond ASCII goes through the fragment as UTF-8.
    let foreign = "Maria → Anna, ½ ✓\n";
    page.paste_input(foreign)?;
    reload(session)?;
    wait_for_input(session, "a non-ASCII input after a reload", foreign)?;

    // A larger input stays in the storage; the fragment only says so.
    page.paste_input(&large.input)?;
    let kept = fragment(session)?;
    ensure!(
        kept == "#stored-input",
        "a {}-byte input's fragment is {:.80?}",
        large.input.len(),
        kept
    );
    reload(session)?;
    wait_for_input(session, "a large input after a reload", &large.input)?;
    println!(
        "  {}: step {} of {} after a reload and by its link; {}'s {} bytes kept in the storage",
        small.name,
        later.at,
        later.count,
        large.name,
        large.input.len()
    );
    Ok(())
}

fn back_returns_to_the_previous_sample_and_its_step(session: &Session) -> Result<()> {
    let problem = "ladders";
    let samples = samples(problem)?;
    ensure!(samples.len() >= 2, "{problem} has one sample");
    let page = Playground::open(session, problem)?;
    page.choose_sample(0)?;
    let status = page.solve(SAMPLE_TIMEOUT)?;
    ensure!(!status.is_error, "sample 1: {}", status.text);
    let first = wait_for_step(session, "sample 1", 1, None)?;
    let before = next_until(session, "sample 1", LATER_STEP.min(first.count))?;
    let kept = fragment(session)?;
    ensure!(
        kept == format!("#sample=1&step={}", before.at),
        "at sample 1's step {} the fragment is {kept:?}",
        before.at
    );

    page.choose_sample(1)?;
    ensure!(
        fragment(session)? == "#sample=2",
        "after choosing sample 2 the fragment is {:?}",
        fragment(session)?
    );
    let status = page.solve(SAMPLE_TIMEOUT)?;
    ensure!(!status.is_error, "sample 2: {}", status.text);
    let other = wait_for_step(session, "sample 2", 1, None)?;

    session.script("history.back()", Vec::new())?;
    wait_for_input(session, "Back", &samples[0].input)?;
    let back = wait_for_step(session, "Back", before.at, Some(&before.caption))?;
    ensure!(
        back == before,
        "Back shows {back:?}, sample 1 showed {before:?}"
    );
    ensure!(
        fragment(session)? == kept,
        "after Back the fragment is {:?}",
        fragment(session)?
    );
    let answer = page.answer()?;
    ensure!(
        same_answer(problem, &answer, &samples[0].expected),
        "after Back the page answers {answer:?}, sample 1 {:?}",
        samples[0].expected
    );

    session.script("history.forward()", Vec::new())?;
    wait_for_input(session, "Forward", &samples[1].input)?;
    let forward = wait_for_step(session, "Forward", 1, Some(&other.caption))?;
    ensure!(
        forward == other,
        "Forward shows {forward:?}, sample 2 showed {other:?}"
    );
    println!(
        "  Back to sample 1's step {} of {}, Forward to sample 2's first",
        before.at, before.count
    );
    Ok(())
}

fn the_judge_source_survives_a_reload(session: &Session) -> Result<()> {
    let source = "n = int(input())\nprint(n)  # kept across a reload\n";
    Playground::open(session, "statues")?;
    session.script(
        "const language = document.getElementById('judge-language');\
         language.value = arguments[0];\
         language.dispatchEvent(new Event('change'));\
         const editor = document.getElementById('judge-source');\
         editor.focus(); editor.value = arguments[1];\
         editor.dispatchEvent(new Event('input', { bubbles: true }));",
        vec![json!("python"), json!(source)],
    )?;
    reload(session)?;
    let kept = session.script(
        "return [document.getElementById('judge-source').value,\
                 document.getElementById('judge-language').value]",
        Vec::new(),
    )?;
    ensure!(
        kept == json!([source, "python"]),
        "after a reload the Judge section holds {kept}"
    );
    // Another problem's page keeps its own.
    Playground::open(session, "gam")?;
    let other = session.property("#judge-source", "value")?;
    ensure!(
        other.as_deref() != Some(source),
        "gam's Judge section holds statues' source"
    );
    session.script("localStorage.removeItem('judge:statues')", Vec::new())?;
    Ok(())
}
