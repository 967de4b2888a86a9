//! Random case fills the editor with a case from the crate's generators, says which
//! `cargo xtask gen` command prints it, and Solve answers it as the solver does natively.

use anyhow::{Context, Result, ensure};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};

use crate::{Test, problems};

pub const TESTS: &[Test] = &[(
    "random_case::a_random_case_is_solved_as_the_solver_solves_it",
    a_random_case_is_solved_as_the_solver_solves_it,
)];

fn a_random_case_is_solved_as_the_solver_solves_it(session: &Session) -> Result<()> {
    for problem in problems() {
        let page = Playground::open(session, problem)?;
        session.click("#random-case")?;
        let input = page.input()?;
        let note = session.text("#random-note")?;
        ensure!(
            note.contains(&format!("cargo xtask gen {problem} --seed ")),
            "{problem}: the note says {note:?}"
        );
        let status = page.solve(SAMPLE_TIMEOUT)?;
        ensure!(!status.is_error, "{problem}: {}", status.text);
        let expected = playground::find(problem)
            .with_context(|| format!("no engine for {problem}"))?
            .answer(&input)
            .map_err(anyhow::Error::msg)?;
        let answer = page.answer()?;
        ensure!(
            answer.trim_end() == expected.trim_end(),
            "{problem}: the page answered {answer:?}, the solver {expected:?}\n{input}"
        );
    }
    Ok(())
}
