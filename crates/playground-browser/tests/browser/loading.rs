//! The module loads once: on a page where one solves and then plays, the playground's
//! WebAssembly (`pkg/playground_bg.wasm`, most of a page's bytes) leaves the server
//! exactly once, compressed where the browser accepts it, and with caching that lets
//! the browser keep it; a second visit does not download it again.

use std::time::Duration;

use anyhow::{Result, ensure};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};

use crate::Test;

pub const TESTS: &[Test] = &[(
    "loading::the_module_is_downloaded_once_where_one_solves_and_plays",
    the_module_is_downloaded_once_where_one_solves_and_plays,
)];

const MODULE: &str = "pkg/playground_bg.wasm";

/// Opens `problem`'s page, solves its first sample and starts a game; returns what the
/// server sent meanwhile.
fn solve_and_play(session: &Session, problem: &str) -> Result<Vec<(String, u64)>> {
    session.server().take_sent();
    // A sibling page may be open in the same session: every download counted is this
    // page's.
    session.open("index.html")?;
    session.server().take_sent();
    let page = Playground::open(session, problem)?;
    page.choose_sample(0)?;
    let status = page.solve(SAMPLE_TIMEOUT)?;
    ensure!(!status.is_error, "{problem}: {}", status.text);
    session.click("#play-start")?;
    session.wait_until(
        "the game's board",
        "return document.querySelectorAll('#play-board button[data-cell]').length > 0",
        Duration::from_secs(20),
    )?;
    let status = session.text("#play-status")?;
    ensure!(!status.starts_with("error"), "{problem}'s game: {status}");
    // A late request would still be counted.
    std::thread::sleep(Duration::from_millis(300));
    Ok(session.server().take_sent())
}

fn the_module_is_downloaded_once_where_one_solves_and_plays(session: &Session) -> Result<()> {
    let problem = "sweets";
    // A first visit: whatever earlier tests left in the browser's cache is dropped.
    session.devtools("Network.clearBrowserCache", serde_json::json!({}))?;
    let sent = solve_and_play(session, problem)?;
    let downloads: Vec<u64> = sent
        .iter()
        .filter(|(name, _)| name == MODULE)
        .map(|(_, bytes)| *bytes)
        .collect();
    let total: u64 = sent.iter().map(|(_, bytes)| bytes).sum();
    println!(
        "  {problem}.html, solved and played: {total} bytes sent, {MODULE} {} times \
         ({downloads:?} bytes)",
        downloads.len()
    );
    ensure!(
        downloads.len() == 1,
        "{MODULE} was downloaded {} times",
        downloads.len()
    );
    // What the page's own fetch saw: compressed on the wire, and kept by the browser.
    let entry = session.script(
        "const entry = performance.getEntriesByType('resource')\
           .find(e => e.name.endsWith('/pkg/playground_bg.wasm'));\
         return entry ? [entry.encodedBodySize, entry.decodedBodySize] : null;",
        Vec::new(),
    )?;
    println!("  the page's fetch of {MODULE}: [wire, decoded] bytes {entry}");
    let sizes = entry.as_array().cloned().unwrap_or_default();
    ensure!(
        sizes.len() == 2 && sizes[0].as_f64() < sizes[1].as_f64(),
        "{MODULE} was not compressed on the wire: {entry}"
    );
    let again = solve_and_play(session, problem)?;
    let downloads_again = again.iter().filter(|(name, _)| name == MODULE).count();
    let total_again: u64 = again.iter().map(|(_, bytes)| bytes).sum();
    println!("  the second visit: {total_again} bytes sent, {MODULE} {downloads_again} times");
    ensure!(
        downloads_again == 0,
        "the browser downloaded {MODULE} again on a second visit"
    );
    Ok(())
}
