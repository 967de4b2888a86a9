//! Every official sample, chosen with its button and solved with Solve, shows the answer
//! of its expected output (`testdata/<problem>/<sample>.out`, compared as judges
//! compare), and the solver's certificate is accepted by Check.

use anyhow::{Context, Result, ensure};
use gridkit::testdata::{self, Case};
use gridkit::testkit::{same_numbers, same_tokens};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};

use crate::{Test, problems};

pub const TESTS: &[Test] = &[(
    "samples::every_official_sample_is_solved_and_certified",
    every_official_sample_is_solved_and_certified,
)];

/// The official samples of `problem`, by name.
pub fn samples(problem: &str) -> Result<Vec<Case>> {
    let samples: Vec<Case> = testdata::cases(problem)
        .with_context(|| format!("reading testdata/{problem}"))?
        .into_iter()
        .filter(|case| case.name.starts_with("sample"))
        .collect();
    ensure!(!samples.is_empty(), "{problem} has no sample");
    Ok(samples)
}

/// The judges' comparison: tokens, ladders' numbers within 1e-6.
pub fn same_answer(problem: &str, found: &str, expected: &str) -> bool {
    if problem == "ladders" {
        same_numbers(found, expected, 1e-6)
    } else {
        same_tokens(found, expected)
    }
}

fn every_official_sample_is_solved_and_certified(session: &Session) -> Result<()> {
    let mut solved = 0;
    for problem in problems() {
        let samples = samples(problem)?;
        let page = Playground::open(session, problem)?;
        ensure!(
            page.sample_count()? == samples.len(),
            "{problem}: {} sample buttons for {} samples",
            page.sample_count()?,
            samples.len()
        );
        for (index, case) in samples.iter().enumerate() {
            let at = format!("{problem}/{}", case.name);
            let label = session.text(&format!("button.sample[data-sample=\"{index}\"]"))?;
            ensure!(label == case.name, "{at}: the button says {label:?}");
            page.choose_sample(index)?;
            ensure!(
                page.input()? == case.input,
                "{at}: the editor holds another input"
            );
            let status = page.solve(SAMPLE_TIMEOUT)?;
            ensure!(!status.is_error, "{at}: {}", status.text);
            let answer = page.answer()?;
            ensure!(
                same_answer(problem, &answer, &case.expected),
                "{at}: the page answers {answer:?}, expected {:?}",
                case.expected
            );
            let verdict = page.check(SAMPLE_TIMEOUT)?;
            ensure!(
                verdict.accepted == Some(true),
                "{at}: the solver's certificate: {}",
                verdict.text
            );
            solved += 1;
        }
    }
    println!("  {solved} samples solved and certified");
    Ok(())
}
