//! Cancel stops a long solve: the page is idle at once and says so, the next solve is
//! answered by a fresh worker (the page counts the workers it starts), and the cancelled
//! solve's result never shows.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT, solving_time};

use crate::Test;
use crate::samples::{same_answer, samples};

pub const TESTS: &[Test] = &[(
    "cancel::cancel_stops_a_long_solve",
    cancel_stops_a_long_solve,
)];

/// gam's heaviest input: the page's longest solve (0.6 to 2 s).
const LONG_INPUT: (&str, &str) = ("gam", "testdata/gam/heavy.in");
/// The least time the long solve must take for the test to tell a stopped worker from a
/// busy one: Cancel is pressed a fifth of the way in, after a click and a look at the
/// page (tens of milliseconds each). gam's `heavy`, the largest input the statement
/// allows, takes 0.3 to 2 s in the worker, as fast as the browser compiles the module.
const LEAST_LONG: Duration = Duration::from_millis(200);

fn cancel_stops_a_long_solve(session: &Session) -> Result<()> {
    let (problem, file) = LONG_INPUT;
    let long = std::fs::read_to_string(xtask::project_root().join(file))
        .with_context(|| format!("reading {file}"))?;
    let page = Playground::open(session, problem)?;
    page.paste_input(&long)?;
    // Solved once to the end: how long the worker would stay busy with it.
    let status = page.solve(Duration::from_secs(120))?;
    let whole = solving_time(&status.text)?;
    ensure!(
        whole >= LEAST_LONG,
        "{file} was solved in {whole:?}: too quick to test Cancel with"
    );

    let workers_before = workers_started(session)?;
    session.click("#solve")?;
    std::thread::sleep(whole / 5);
    ensure!(
        page.is_busy()?,
        "{file} was not being solved when Cancel was clicked"
    );
    session.click("#cancel")?;
    ensure!(!page.is_busy()?, "still busy after Cancel");
    let cancelled = page.status()?.text;
    ensure!(cancelled == "Cancelled.", "{cancelled:?}");
    ensure!(!page.results_shown()?, "results shown after Cancel");

    let sample = &samples(problem)?[0];
    page.choose_sample(0)?;
    let started = Instant::now();
    let status = page.solve(SAMPLE_TIMEOUT)?;
    let took = started.elapsed();
    let workers_after = workers_started(session)?;
    ensure!(
        workers_after == workers_before + 1,
        "the solve after Cancel was sent to the cancelled worker: {workers_before} workers \
         started before, {workers_after} after"
    );
    let answer = page.answer()?;
    ensure!(
        !status.is_error && same_answer(problem, &answer, &sample.expected),
        "the solve after Cancel: {:?}, {answer:?}",
        status.text
    );
    // Past the time the cancelled solve would have ended: it showed nothing.
    std::thread::sleep(whole);
    ensure!(
        page.answer()? == answer && page.status()? == status,
        "the cancelled solve's result arrived: {:?}",
        page.status()?.text
    );
    println!("  {file}: {whole:?} whole; after Cancel, a sample took {took:?}");
    Ok(())
}

/// How many workers the page has started (`data-workers-started` on the body).
fn workers_started(session: &Session) -> Result<u32> {
    let value = session.script(
        "return document.body.dataset.workersStarted || '0';",
        vec![],
    )?;
    let text = value.as_str().unwrap_or_default().to_owned();
    text.parse()
        .with_context(|| format!("data-workers-started is {value}"))
}
