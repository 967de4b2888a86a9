//! The Judge section gives the terminal's verdicts: the same sources are judged in the page
//! (compiled there by Clang or run by Pyodide and the page's JavaScript, in workers) and by
//! `cargo xtask verify --solution`, and their verdicts agree on every test, except TLE and
//! MLE reached near a limit, which the page must mark (≈).
//!
//! - Each problem's accepted C++ program (`packages/<problem>/submissions/accepted/`) is AC
//!   on every test in both, and each of its marked wrong answers (`#define NAME` before it,
//!   as `g++ -DNAME` builds the variant) fails on exactly the same tests in both; Stress,
//!   pressed after Judge as a learner would (the page compiles nothing again), catches each
//!   and shrinks a case that tells it from the accepted program.
//! - The honest statues programs are AC in both: in C on every test, in Python and
//!   JavaScript on the samples (every statues test takes the same path through their
//!   runners).
//! - On the official samples: a program that never ends is TLE, one that takes 64 MiB under
//!   gam's 8 MB is MLE, one that aborts is RE, and a syntax error is CE naming its line.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, ensure};
use playground_browser::browser::Session;
use playground_browser::judge::{
    Judged, Verdicts, accepted, judge_in_page, judge_in_terminal, stress_here, workspace,
    wrong_answers,
};

use crate::{Test, problems};

pub const TESTS: &[Test] = &[
    (
        "judge::accepted_and_flawed_programs_get_the_terminals_verdicts_and_stress_catches_each",
        accepted_and_flawed_programs_get_the_terminals_verdicts_and_stress_catches_each,
    ),
    (
        "judge::honest_programs_in_each_language_are_accepted",
        honest_programs_in_each_language_are_accepted,
    ),
    (
        "judge::misbehaving_programs_get_the_terminals_verdicts",
        misbehaving_programs_get_the_terminals_verdicts,
    ),
    (
        "judge::what_the_page_cannot_run_is_said_in_words",
        what_the_page_cannot_run_is_said_in_words,
    ),
];

/// Checks that the page and the terminal agree on every test: the same tests, the same
/// verdicts, except TLE or MLE that the page marked as near a limit.
fn agree(what: &str, page: &Judged, terminal: &Verdicts) -> Result<()> {
    let page_tests: Vec<&String> = page.verdicts.keys().collect();
    let terminal_tests: Vec<&String> = terminal.keys().collect();
    ensure!(
        page_tests == terminal_tests,
        "{what}: the page judged {} tests, the terminal {}",
        page_tests.len(),
        terminal_tests.len()
    );
    for (test, verdict) in terminal {
        let seen = &page.verdicts[test];
        let excused = page.near.contains(test)
            && ["TLE", "MLE"]
                .iter()
                .any(|limit| seen == limit || verdict == limit);
        ensure!(
            seen == verdict || excused,
            "{what}: {test}: the page says {seen} ({}), the terminal {verdict}",
            page.details[test]
        );
    }
    Ok(())
}

/// `text` written as `name` in the session's scratch folder, for verify to read.
fn written(session: &Session, name: &str, text: &str) -> Result<PathBuf> {
    let path = session.scratch().join(name);
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

fn accepted_and_flawed_programs_get_the_terminals_verdicts_and_stress_catches_each(
    session: &Session,
) -> Result<()> {
    for problem in problems() {
        let path = accepted(problem)?;
        let source = std::fs::read_to_string(&path)?;
        let page = judge_in_page(session, problem, "cpp", &source, false)?;
        let (terminal, _) = judge_in_terminal(problem, &path, false)?;
        agree(&format!("{problem} accepted"), &page, &terminal)?;
        ensure!(
            page.verdicts.values().all(|verdict| verdict == "AC"),
            "{problem}: the accepted program: {}",
            page.status
        );
        let accepted_binary = compiled(session, &path, &format!("{problem}-accepted"))?;
        for mistake in wrong_answers(&source)? {
            let flawed_source = format!("#define {mistake}\n{source}");
            let flawed = written(session, &format!("{problem}-{mistake}.cpp"), &flawed_source)?;
            let page = judge_in_page(session, problem, "cpp", &flawed_source, false)?;
            let (terminal, _) = judge_in_terminal(problem, &flawed, false)?;
            agree(&format!("{problem} {mistake}"), &page, &terminal)?;
            let wrong = page
                .verdicts
                .values()
                .filter(|verdict| *verdict == "WA")
                .count();
            ensure!(
                wrong > 0,
                "{problem} {mistake}: no test catches it in the page"
            );
            println!(
                "  {problem}: accepted AC on {} tests; {mistake} WA on {wrong}, as verify says",
                page.verdicts.len()
            );
            stress_catches(session, problem, &accepted_binary, &flawed, &mistake)?;
        }
    }
    Ok(())
}

/// The C program is judged on every test; Python and JavaScript on the samples. Every
/// statues test is an 8 x 8 board of 72 bytes, so a run on one goes the same way through
/// the page's Pyodide or JavaScript runner as on any other, and the C program already
/// proves the verdicts of the rest; a Python run starts an interpreter of its own in a
/// fresh worker (about a second each): 80 of them took a third of the suite's time.
fn honest_programs_in_each_language_are_accepted(session: &Session) -> Result<()> {
    let solutions = workspace().join("xtask/tests/solutions");
    for (file, language, samples_only) in [
        ("statues.c", "c", false),
        ("statues.js", "javascript", true),
        ("statues.py", "python", true),
    ] {
        let path = solutions.join(file);
        let source = std::fs::read_to_string(&path)?;
        let page = judge_in_page(session, "statues", language, &source, samples_only)?;
        let (terminal, _) = judge_in_terminal("statues", &path, samples_only)?;
        agree(file, &page, &terminal)?;
        let fewest = if samples_only { 3 } else { 4 };
        ensure!(
            page.verdicts.len() >= fewest && page.verdicts.values().all(|verdict| verdict == "AC"),
            "{file}: {}",
            page.status
        );
        println!(
            "  {file}: AC on {} tests in the page ({:.1} s) and in the terminal",
            page.verdicts.len(),
            page.took.as_secs_f64()
        );
    }
    Ok(())
}

fn misbehaving_programs_get_the_terminals_verdicts(session: &Session) -> Result<()> {
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/judged");
    for (file, language, problem, expected) in [
        ("loops.c", "c", "ladders", "TLE"),
        ("allocates.c", "c", "gam", "MLE"),
        ("aborts.c", "c", "statues", "RE"),
    ] {
        let path = programs.join(file);
        let source = std::fs::read_to_string(&path)?;
        let page = judge_in_page(session, problem, language, &source, true)?;
        let (terminal, _) = judge_in_terminal(problem, &path, true)?;
        agree(file, &page, &terminal)?;
        ensure!(
            !page.verdicts.is_empty() && page.verdicts.values().all(|verdict| verdict == expected),
            "{file} on {problem}: expected {expected} on every sample: {:?}",
            page.verdicts
        );
        println!("  {file}: {expected} on {problem}'s samples, in the page and in the terminal");
    }
    // A syntax error: CE, both naming line 4.
    let path = programs.join("syntax_error.cpp");
    let source = std::fs::read_to_string(&path)?;
    let page = judge_in_page(session, "statues", "cpp", &source, true)?;
    ensure!(
        page.status.starts_with("CE"),
        "the page says {}",
        page.status
    );
    ensure!(
        page.diagnostics.contains("line 4, column"),
        "{}",
        page.diagnostics
    );
    let (terminal, report) = judge_in_terminal("statues", &path, true)?;
    ensure!(terminal.is_empty() && report.contains("CE:"), "{report}");
    ensure!(report.contains("solution.cpp:4:"), "{report}");
    println!("  syntax_error.cpp: CE at line 4 in the page and in the terminal");
    Ok(())
}

/// Stress, pressed on the page that has just judged the source `flawed` (`problem`'s
/// accepted program with the mistake `mistake` turned on), catches the mistake and shrinks
/// the case, which tells the flawed program from the accepted one (`accepted_binary`)
/// natively.
fn stress_catches(
    session: &Session,
    problem: &str,
    accepted_binary: &Path,
    flawed: &Path,
    mistake: &str,
) -> Result<()> {
    let stressed = stress_here(session, problem)?;
    ensure!(
        stressed.status.contains(" fails (") && stressed.steps.is_some(),
        "{problem} {mistake}: stress found nothing: {}",
        stressed.status
    );
    ensure!(!stressed.input.is_empty(), "{problem}: no case shown");
    let case = written(
        session,
        &format!("{problem}-{mistake}-shrunk.in"),
        &stressed.input,
    )?;
    let run = |binary: &Path| -> Result<String> {
        let output = std::process::Command::new(binary)
            .stdin(std::fs::File::open(&case)?)
            .output()?;
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    };
    let right = run(accepted_binary)?;
    let wrong = run(&compiled(session, flawed, &format!("{problem}-{mistake}"))?)?;
    ensure!(
        right.split_whitespace().ne(wrong.split_whitespace()),
        "{problem} {mistake}: the shrunk case does not tell them apart:\n{}",
        stressed.input
    );
    println!(
        "  {problem}: {mistake} caught by stress, shrunk in {} steps to {} bytes ({})",
        stressed.steps.unwrap_or_default(),
        stressed.input.len(),
        stressed.detail
    );
    Ok(())
}

/// The source file `source` compiled natively by `g++ -O2` into the session's scratch
/// folder as `name`.
fn compiled(session: &Session, source: &Path, name: &str) -> Result<PathBuf> {
    let binary = session.scratch().join(name);
    let status = std::process::Command::new("g++")
        .args(["-std=c++17", "-O2", "-o"])
        .arg(&binary)
        .arg(source)
        .status()
        .context("running g++")?;
    ensure!(status.success(), "g++ {}", source.display());
    Ok(binary)
}

/// A recursion deeper than the browser's stack is RE in the page (the terminal's stack is
/// the memory budget), and the failure says why and where to judge instead.
fn what_the_page_cannot_run_is_said_in_words(session: &Session) -> Result<()> {
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/judged");
    let source = std::fs::read_to_string(programs.join("deep_recursion.cpp"))?;
    let page = judge_in_page(session, "statues", "cpp", &source, true)?;
    ensure!(
        page.verdicts.values().any(|verdict| verdict == "RE"),
        "{:?}",
        page.verdicts
    );
    let detail = session.text("#judge-failure-detail")?;
    ensure!(
        detail.contains("make the recursion a loop") && detail.contains("verify --solution"),
        "{detail}"
    );
    println!("  deep_recursion.cpp: RE in the page, and the page says why");
    Ok(())
}
