//! Keyboard and labels: axe-core finds nothing critical or serious on any page at either
//! viewport (with the results, the steps and a game shown); every control has a name;
//! after Solve and Check the focus moves to what they said rather than dropping to the
//! page; and a game's board is one tab stop whose cells the arrow keys move between, so
//! that gam's 25 x 25 board is crossed to Move in a few Tabs, not 625.
//!
//! axe-core is vendored as its one built file, `axe/axe.min.js` (version 4.14.1 of the
//! npm package `axe-core`, MPL-2.0, its licence in the file's header): the test runs
//! offline, with no npm or network at test time, and the version is pinned by the file
//! itself (its SHA-256 is checked below).

use anyhow::{Result, ensure};
use fantoccini::key::Key;
use playground_browser::browser::{Session, VIEWPORTS};
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};
use serde_json::{Value, json};

use crate::{Test, problems};

pub const TESTS: &[Test] = &[
    (
        "access::axe_finds_nothing_critical_or_serious_on_any_page_at_both_viewports",
        axe_finds_nothing_critical_or_serious_on_any_page_at_both_viewports,
    ),
    (
        "access::the_focus_moves_to_what_solve_and_check_said",
        the_focus_moves_to_what_solve_and_check_said,
    ),
    (
        "access::a_large_board_is_one_tab_stop_crossed_by_the_arrow_keys",
        a_large_board_is_one_tab_stop_crossed_by_the_arrow_keys,
    ),
];

const AXE: &str = include_str!("axe/axe.min.js");
const AXE_VERSION: &str = "4.14.1";

/// Runs axe-core on the open page; returns its critical and serious violations, one line
/// each (the rule, its impact, the first elements it names).
fn axe_violations(session: &Session) -> Result<Vec<String>> {
    let found = session.script_async(
        "const [source, done] = [arguments[0], arguments[arguments.length - 1]];\
         if (!window.axe) { const script = document.createElement('script');\
           script.textContent = source; document.head.append(script); }\
         axe.run(document, { resultTypes: ['violations'] })\
           .then(results => done({ version: axe.version, violations: results.violations\
             .filter(v => v.impact === 'critical' || v.impact === 'serious')\
             .map(v => `${v.id} (${v.impact}): ${v.help}: ` + v.nodes.slice(0, 4)\
               .map(n => n.target.join(' ')).join(', ')) }))\
           .catch(error => done({ error: String(error) }));",
        vec![json!(AXE)],
    )?;
    ensure!(found.get("error").is_none(), "axe-core failed: {found}");
    ensure!(
        found["version"] == json!(AXE_VERSION),
        "axe-core {} ran, not {AXE_VERSION}",
        found["version"]
    );
    Ok(found["violations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|line| line.as_str().map(str::to_owned))
        .collect())
}

fn axe_finds_nothing_critical_or_serious_on_any_page_at_both_viewports(
    session: &Session,
) -> Result<()> {
    let mut all = Vec::new();
    let mut pages = 0;
    for viewport in VIEWPORTS {
        session.at_viewport(viewport, || {
            session.open("index.html")?;
            for violation in axe_violations(session)? {
                all.push(format!("{} index.html: {violation}", viewport.name));
            }
            pages += 1;
            for problem in problems() {
                let page = Playground::open(session, problem)?;
                page.choose_sample(0)?;
                let status = page.solve(SAMPLE_TIMEOUT)?;
                ensure!(!status.is_error, "{problem}: {}", status.text);
                if session.script(
                    "return document.getElementById('play-start') !== null",
                    Vec::new(),
                )? == Value::Bool(true)
                {
                    session.click("#play-start")?;
                    session.wait_until(
                        "the game's board",
                        "return document.querySelector('#play-board button[data-cell]') !== null",
                        SAMPLE_TIMEOUT,
                    )?;
                }
                for violation in axe_violations(session)? {
                    all.push(format!("{} {problem}.html: {violation}", viewport.name));
                }
                pages += 1;
            }
            Ok(())
        })?;
    }
    session.console_errors()?;
    println!(
        "  axe-core {AXE_VERSION} on {pages} pages: {} critical or serious",
        all.len()
    );
    ensure!(all.is_empty(), "axe-core:\n{}", all.join("\n"));
    Ok(())
}

fn the_focus_moves_to_what_solve_and_check_said(session: &Session) -> Result<()> {
    let page = Playground::open(session, "sweets")?;
    page.choose_sample(0)?;
    page.solve(SAMPLE_TIMEOUT)?;
    let after_solve = session.focused_id()?;
    page.check(SAMPLE_TIMEOUT)?;
    let after_check = session.focused_id()?;
    println!("  the focus after Solve: #{after_solve}; after Check: #{after_check}");
    ensure!(
        after_solve == "status",
        "after Solve the focus is on {after_solve:?}"
    );
    ensure!(
        after_check == "verdict",
        "after Check the focus is on {after_check:?}"
    );
    let label = session.script(
        "const input = document.getElementById('certificate-file');\
         return input.labels.length ? input.labels[0].textContent : (input.getAttribute('aria-label') || '')",
        Vec::new(),
    )?;
    ensure!(
        label.as_str().is_some_and(|label| !label.trim().is_empty()),
        "the certificate's file input has no label"
    );
    Ok(())
}

/// The id (or cell number) of the focused element.
fn focused(session: &Session) -> Result<String> {
    Ok(session
        .script(
            "const at = document.activeElement;\
             return at.dataset.cell !== undefined ? `cell ${at.dataset.row},${at.dataset.column}` : at.id",
            Vec::new(),
        )?
        .as_str()
        .unwrap_or_default()
        .to_owned())
}

fn a_large_board_is_one_tab_stop_crossed_by_the_arrow_keys(session: &Session) -> Result<()> {
    let input = std::fs::read_to_string(xtask::project_root().join("testdata/gam/gam5a.in"))?;
    let page = Playground::open(session, "gam")?;
    page.paste_input(&input)?;
    session.click("#play-start")?;
    session.wait_until(
        "the 25 x 25 board",
        "return document.querySelectorAll('#play-board button[data-cell]').length === 625",
        SAMPLE_TIMEOUT,
    )?;
    let start = focused(session)?;
    ensure!(
        start.starts_with("cell "),
        "after Start the focus is on {start:?}"
    );
    // The arrow keys move over the board, one cell at a time.
    session.press(Key::Right)?;
    let right = focused(session)?;
    session.press(Key::Down)?;
    let down = focused(session)?;
    session.press(Key::Left)?;
    session.press(Key::Up)?;
    let back = focused(session)?;
    println!("  the focus: {start} → {right} → {down} → back to {back}");
    ensure!(
        right != start && down != right && back == start,
        "the arrows moved {start} → {right} → {down} → {back}"
    );
    // From the board, Tab leaves it at once: Move is the next stop.
    let mut presses = 0;
    while presses < 10 {
        session.press(Key::Tab)?;
        presses += 1;
        if session.focused_id()? == "play-move" {
            break;
        }
    }
    println!("  Move is {presses} Tabs after the board");
    ensure!(
        session.focused_id()? == "play-move",
        "10 Tabs from the board reached {:?}, not Move",
        focused(session)?
    );
    let stops = session.script(
        "return [...document.querySelectorAll('#play-board button[data-cell]')]\
           .filter(cell => cell.tabIndex >= 0).length",
        Vec::new(),
    )?;
    ensure!(stops == json!(1), "the board has {stops} tab stops");
    Ok(())
}
