//! Every page loads, and a problem page solves its first sample, without a console error
//! or an uncaught page error; each leaves a screenshot for review.

use anyhow::{Result, ensure};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};
use playground_browser::site;

use crate::{Test, problems};

pub const TESTS: &[Test] = &[
    (
        "pages::the_console_channel_reports_errors",
        the_console_channel_reports_errors,
    ),
    (
        "pages::every_page_loads_and_solves_without_a_console_error",
        every_page_loads_and_solves_without_a_console_error,
    ),
];

/// The channel the next test relies on does carry an error and a thrown exception, so
/// its silence means something.
fn the_console_channel_reports_errors(session: &Session) -> Result<()> {
    session.open("index.html")?;
    session.console_errors()?;
    session.script(
        "console.error('a probe error');\
         setTimeout(() => { throw new Error('a probe exception'); });",
        Vec::new(),
    )?;
    std::thread::sleep(std::time::Duration::from_millis(200));
    let errors = session.console_errors()?.join("\n");
    ensure!(
        errors.contains("a probe error") && errors.contains("a probe exception"),
        "the browser's log did not report the probes: {errors:?}"
    );
    Ok(())
}

fn every_page_loads_and_solves_without_a_console_error(session: &Session) -> Result<()> {
    let screenshots = site::screenshot_dir()?;
    session.open("index.html")?;
    let links = session.script(
        "return [...document.querySelectorAll('ul.problems a')].map(a => a.getAttribute('href'))",
        Vec::new(),
    )?;
    let expected: Vec<String> = problems().map(|name| format!("{name}.html")).collect();
    ensure!(
        links == serde_json::json!(expected),
        "the index links {links}"
    );
    session.screenshot(&screenshots.join("index.png"))?;
    let mut errors = session
        .console_errors()?
        .into_iter()
        .map(|error| format!("index.html: {error}"))
        .collect::<Vec<_>>();
    for problem in problems() {
        let page = Playground::open(session, problem)?;
        page.choose_sample(0)?;
        let status = page.solve(SAMPLE_TIMEOUT)?;
        ensure!(!status.is_error, "{problem}: {}", status.text);
        session.screenshot(&screenshots.join(format!("{problem}.png")))?;
        errors.extend(
            session
                .console_errors()?
                .into_iter()
                .map(|error| format!("{problem}.html: {error}")),
        );
    }
    println!("  screenshots: {}", screenshots.display());
    ensure!(errors.is_empty(), "console errors:\n{}", errors.join("\n"));
    Ok(())
}
