//! Failures said in words: a page opened from a file, with JavaScript blocked, or in a
//! browser without WebAssembly says what happened and what to do, in a sentence, never
//! a raw `TypeError` or nothing at all; and the time a solve reports says what it times.

use std::time::Duration;

use anyhow::{Context, Result, ensure};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT, solving_time};
use serde_json::json;

use crate::Test;

pub const TESTS: &[Test] = &[
    (
        "failures::a_page_opened_from_a_file_says_to_serve_it",
        a_page_opened_from_a_file_says_to_serve_it,
    ),
    (
        "failures::a_page_without_javascript_says_so",
        a_page_without_javascript_says_so,
    ),
    (
        "failures::a_browser_without_webassembly_is_told_in_words",
        a_browser_without_webassembly_is_told_in_words,
    ),
    (
        "failures::the_solve_time_says_what_it_times",
        the_solve_time_says_what_it_times,
    ),
];

/// The page's warning, if shown.
fn warning(session: &Session) -> Result<String> {
    Ok(session
        .script(
            "const warning = document.getElementById('page-warning');\
             return warning && !warning.hidden ? warning.textContent : ''",
            Vec::new(),
        )?
        .as_str()
        .unwrap_or_default()
        .to_owned())
}

fn a_page_opened_from_a_file_says_to_serve_it(session: &Session) -> Result<()> {
    let page = session.server().dir().join("statues.html");
    let url = format!("file://{}", page.display());
    session.goto(&url)?;
    std::thread::sleep(Duration::from_millis(300));
    let said = warning(session)?;
    // The module's refused load is the browser's own message, expected here.
    session.console_errors()?;
    println!("  from a file: {said:?}");
    ensure!(
        said.contains("cargo xtask web --serve"),
        "opened from {url}, the page says {said:?}"
    );
    Ok(())
}

fn a_page_without_javascript_says_so(session: &Session) -> Result<()> {
    session.devtools(
        "Emulation.setScriptExecutionDisabled",
        json!({ "value": true }),
    )?;
    let outcome = (|| {
        session.open("statues.html")?;
        session
            .text("noscript, .noscript")
            .context("the page's noscript message")
    })();
    session.devtools(
        "Emulation.setScriptExecutionDisabled",
        json!({ "value": false }),
    )?;
    let said = outcome?;
    println!("  without JavaScript: {said:?}");
    ensure!(
        said.contains("JavaScript") && said.contains("reload"),
        "without JavaScript the page says {said:?}"
    );
    Ok(())
}

fn a_browser_without_webassembly_is_told_in_words(session: &Session) -> Result<()> {
    let added = session.devtools(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": "delete globalThis.WebAssembly;" }),
    )?;
    let outcome = (|| {
        let page = Playground::open(session, "statues")?;
        let said = warning(session)?;
        let status = page.solve(SAMPLE_TIMEOUT)?;
        Ok::<_, anyhow::Error>((said, status))
    })();
    session.devtools(
        "Page.removeScriptToEvaluateOnNewDocument",
        json!({ "identifier": added["identifier"] }),
    )?;
    let (said, status) = outcome?;
    session.console_errors()?;
    println!("  without WebAssembly: {said:?}; Solve: {:?}", status.text);
    ensure!(
        said.contains("WebAssembly"),
        "without WebAssembly the page says {said:?}"
    );
    ensure!(
        status.is_error && status.text.contains("WebAssembly") && !status.text.contains("Error"),
        "without WebAssembly Solve says {:?}",
        status.text
    );
    Ok(())
}

fn the_solve_time_says_what_it_times(session: &Session) -> Result<()> {
    let page = Playground::open(session, "statues")?;
    page.choose_sample(0)?;
    let status = page.solve(SAMPLE_TIMEOUT)?;
    println!("  {:?}", status.text);
    ensure!(
        status
            .text
            .contains("(solver, checker, explanation and picture)"),
        "the status says {:?}",
        status.text
    );
    solving_time(&status.text)?;
    Ok(())
}
