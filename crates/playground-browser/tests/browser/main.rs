//! The playground in headless Chromium, driven as a person drives it: every page loads
//! without a console error, every official sample is solved with its expected answer,
//! a tampered certificate is refused with a reason, a bad input's line and column show
//! beside the editor, Solve and Check work from the keyboard alone, and Cancel stops a
//! long solve. Next, Previous and the slider step through the proof to its proven end,
//! and whole games of Play end in the strategy's win, Maria's walk to Anna, or a refusal
//! naming the rule. Pictures and frames show whole and readable at a laptop's and a
//! phone's viewport; the statement shows each sample's expected output; the module is
//! downloaded once per page; a page from a file, without JavaScript or without
//! WebAssembly says so in words; axe-core finds nothing serious, and a board is one tab
//! stop. A link carries the input, the sample and the step, Back and Forward walk them,
//! and a reload keeps the edited input and the Judge's source. Screenshots of each page go
//! to `<target>/playground-screenshots/`.
//!
//! One site build, one server and one browser session serve every test; the session is a
//! value on `main`'s stack, so its guard stops chromedriver and Chromium when the run
//! ends, after a failed test too (each test runs under `catch_unwind`). The command line
//! is libtest's (`--list`, `--exact`, `--skip`, name filters; see
//! `playground_browser::arguments`); `PLAYGROUND_SITE=DIR` tests a
//! site already written there instead of building one. Without Chromium or
//! chromedriver the run fails with the command that installs them, unless
//! `PLAYGROUND_BROWSER=skip` is set.

mod access;
mod cancel;
mod certificates;
mod examples;
mod failures;
mod input_errors;
mod judge;
mod keyboard;
mod loading;
mod pages;
mod pictures;
mod play;
mod play_board;
mod random_case;
mod samples;
mod state;
mod steps;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;
use std::time::Instant;

use playground_browser::arguments::Arguments;
use playground_browser::browser::Session;
use playground_browser::site::Site;

/// A browser test: a plain function of the shared session.
pub type Test = (&'static str, fn(&Session) -> anyhow::Result<()>);

/// The problems, in the archive's order.
pub fn problems() -> impl Iterator<Item = &'static str> {
    playground::PROBLEMS.iter().map(|problem| problem.name())
}

fn main() -> ExitCode {
    // The terminal's judge, run in this process by the judge tests, starts its programs
    // through this binary as its spawner.
    if let Some(served) = playground_browser::judge::serve_as_spawner() {
        return if served {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    let arguments = match Arguments::parse(std::env::args().skip(1)) {
        Ok(arguments) => arguments,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let tests: Vec<&Test> = [
        pages::TESTS,
        samples::TESTS,
        random_case::TESTS,
        certificates::TESTS,
        input_errors::TESTS,
        keyboard::TESTS,
        cancel::TESTS,
        steps::TESTS,
        play::TESTS,
        judge::TESTS,
        pictures::TESTS,
        examples::TESTS,
        loading::TESTS,
        failures::TESTS,
        access::TESTS,
        state::TESTS,
    ]
    .concat()
    .leak()
    .iter()
    .filter(|(name, _)| arguments.selects(name))
    .collect();
    if arguments.list {
        print!("{}", arguments.listing(tests.iter().map(|(name, _)| *name)));
        return ExitCode::SUCCESS;
    }
    if playground_browser::skip_requested() {
        println!(
            "browser tests skipped ({}=skip): {} not run",
            playground_browser::SKIP_VARIABLE,
            tests.len()
        );
        return ExitCode::SUCCESS;
    }
    if tests.is_empty() {
        println!("0 passed, 0 failed");
        return ExitCode::SUCCESS;
    }
    match run(&tests) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Empties the site's localStorage, where the pages keep the last edited input and the
/// Judge section's source: each test opens the pages as on a first visit, not with what
/// an earlier test typed.
fn forget_kept_state(session: &Session) -> anyhow::Result<()> {
    let origin = session.server().url().trim_end_matches('/').to_owned();
    session.devtools(
        "Storage.clearDataForOrigin",
        serde_json::json!({ "origin": origin, "storageTypes": "local_storage" }),
    )?;
    Ok(())
}

/// Runs `tests` in one session; returns how many failed.
fn run(tests: &[&Test]) -> anyhow::Result<usize> {
    // Before the build: a missing browser is reported at once.
    playground_browser::browser::Programs::find()?;
    let site = Site::build()?;
    let session = Session::start(&site.dir())?;
    println!("\nrunning {} browser tests", tests.len());
    let mut failed = Vec::new();
    for (name, test) in tests {
        let started = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            forget_kept_state(&session)?;
            test(&session)
        }));
        let took = started.elapsed().as_secs_f64();
        match outcome {
            Ok(Ok(())) => println!("test {name} ... ok ({took:.1} s)"),
            Ok(Err(error)) => {
                println!("test {name} ... FAILED ({took:.1} s)\n  {error:#}");
                failed.push(*name);
            }
            Err(_) => {
                println!("test {name} ... FAILED (panicked, {took:.1} s)");
                failed.push(*name);
            }
        }
    }
    if !failed.is_empty() {
        println!("\nfailures:\n    {}", failed.join("\n    "));
    }
    println!(
        "\n{} passed, {} failed",
        tests.len() - failed.len(),
        failed.len()
    );
    Ok(failed.len())
}
