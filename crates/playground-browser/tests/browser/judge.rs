//! The Judge section gives the terminal's verdicts: the same sources are judged in the page
//! (compiled there by Clang or run by Pyodide and the page's JavaScript, in workers) and by
//! `cargo xtask verify --solution`, and their verdicts agree on every test, except TLE and
//! MLE reached near a limit, which the page must mark (≈).
//!
//! - Each problem's accepted C++ program (`packages/<problem>/submissions/accepted/`) is AC
//!   on every test in both, and one of its marked mistakes (`#define NAME` before it, as
//!   `g++ -DNAME` builds the variant) fails on exactly the same tests in both.
//! - The honest statues programs in C, Python and JavaScript are AC on every test in both.
//! - On the official samples: a program that never ends is TLE, one that takes 64 MiB under
//!   gam's 8 MB is MLE, one that aborts is RE, and a syntax error is CE naming its line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail, ensure};
use playground_browser::browser::Session;
use serde_json::json;

use crate::{Test, problems};

pub const TESTS: &[Test] = &[
    (
        "judge::accepted_and_flawed_programs_get_the_terminals_verdicts",
        accepted_and_flawed_programs_get_the_terminals_verdicts,
    ),
    (
        "judge::honest_programs_in_each_language_are_accepted",
        honest_programs_in_each_language_are_accepted,
    ),
    (
        "judge::misbehaving_programs_get_the_terminals_verdicts",
        misbehaving_programs_get_the_terminals_verdicts,
    ),
];

/// The longest one judging in the page may take: the first compile downloads the
/// compiler, and Python starts an interpreter for each test.
const JUDGING_TIMEOUT: Duration = Duration::from_secs(600);

/// Verdicts by test name, as the page or the terminal gives them.
type Verdicts = BTreeMap<String, String>;

fn workspace() -> PathBuf {
    xtask::project_root()
}

/// The accepted C++ program of `problem`.
fn accepted(problem: &str) -> Result<PathBuf> {
    let folder = workspace()
        .join("packages")
        .join(problem)
        .join("submissions/accepted");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&folder)
        .with_context(|| format!("reading {}", folder.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "cpp"))
        .collect();
    sources.sort();
    sources
        .into_iter()
        .next()
        .with_context(|| format!("{problem} has no accepted program"))
}

/// The first mistake the accepted program of `problem` marks as a wrong answer.
fn first_wrong_answer(source: &str) -> Result<String> {
    source
        .lines()
        .filter_map(|line| line.strip_prefix("// @variant "))
        .find(|rest| {
            rest.split_whitespace()
                .nth(1)
                .is_some_and(|file| file.starts_with("wrong_answer/"))
        })
        .and_then(|rest| rest.split_whitespace().next())
        .map(str::to_owned)
        .context("no wrong_answer variant is marked")
}

/// The page's verdicts for `source` in `language` on `problem`'s tests (all, or the
/// samples), with the status line and the compiler's messages.
struct Judged {
    verdicts: Verdicts,
    /// The verdicts' explanations, by test.
    details: BTreeMap<String, String>,
    /// The tests marked as judged near a limit.
    near: Vec<String>,
    status: String,
    diagnostics: String,
}

fn judge_in_page(
    session: &Session,
    problem: &str,
    language: &str,
    source: &str,
    samples_only: bool,
) -> Result<Judged> {
    session.open(&format!("{problem}.html"))?;
    let before = session.script(
        "return Number(document.getElementById('judge-section').dataset.judgings || 0)",
        Vec::new(),
    )?;
    session.script(
        "const [language, source, tests] = arguments;
         const choose = (id, value) => {
           const element = document.getElementById(id);
           element.value = value;
           element.dispatchEvent(new Event(id === 'judge-source' ? 'input' : 'change'));
         };
         choose('judge-language', language);
         choose('judge-source', source);
         choose('judge-tests', tests);",
        vec![
            json!(language),
            json!(source),
            json!(if samples_only { "samples" } else { "all" }),
        ],
    )?;
    session.click("#judge")?;
    session.wait_until(
        &format!("{problem}: the page's judging of {language}"),
        &format!(
            "return Number(document.getElementById('judge-section').dataset.judgings || 0) > {}",
            before
        ),
        JUDGING_TIMEOUT,
    )?;
    let rows = session.script(
        "return [...document.querySelectorAll('#judge-results tbody tr')].map((row) =>
           [row.cells[0].textContent, row.cells[1].textContent, row.cells[1].title]);",
        Vec::new(),
    )?;
    let mut judged = Judged {
        verdicts: Verdicts::new(),
        details: BTreeMap::new(),
        near: Vec::new(),
        status: session.text("#judge-status")?,
        diagnostics: session
            .script(
                "return document.getElementById('judge-diagnostics').textContent",
                Vec::new(),
            )?
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    };
    for row in rows.as_array().context("the rows")? {
        let cell = |index: usize| row[index].as_str().unwrap_or_default().to_owned();
        let (name, code) = (cell(0), cell(1));
        if let Some(code) = code.strip_suffix(" ≈") {
            judged.near.push(name.clone());
            judged.verdicts.insert(name.clone(), code.to_owned());
        } else {
            judged.verdicts.insert(name.clone(), code);
        }
        judged.details.insert(name, cell(2));
    }
    Ok(judged)
}

/// `cargo xtask verify PROBLEM --solution SOURCE [--test sample]`: the verdict of each test,
/// or, when the source does not compile, the compiler's messages.
fn judge_in_terminal(
    problem: &str,
    source: &Path,
    samples_only: bool,
) -> Result<(Verdicts, String)> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(workspace())
        .args([
            "run",
            "--quiet",
            "--package",
            "xtask",
            "--",
            "verify",
            problem,
            "--solution",
        ])
        .arg(source);
    if samples_only {
        command.args(["--test", "sample"]);
    }
    let output = command.output().context("running cargo xtask verify")?;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut verdicts = Verdicts::new();
    for line in stdout.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [first, test, verdict, ..] = words[..]
            && first == problem
            && ["AC", "WA", "TLE", "MLE", "OLE", "RE"].contains(&verdict)
        {
            verdicts.insert(test.to_owned(), verdict.to_owned());
        }
    }
    if verdicts.is_empty() && !stdout.contains("CE:") {
        bail!("verify judged nothing: {stdout}\n{stderr}");
    }
    Ok((verdicts, stdout))
}

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

fn accepted_and_flawed_programs_get_the_terminals_verdicts(session: &Session) -> Result<()> {
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
        let mistake = first_wrong_answer(&source)?;
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
    }
    Ok(())
}

fn honest_programs_in_each_language_are_accepted(session: &Session) -> Result<()> {
    let solutions = workspace().join("xtask/tests/solutions");
    for (file, language) in [
        ("statues.c", "c"),
        ("statues.js", "javascript"),
        ("statues.py", "python"),
    ] {
        let path = solutions.join(file);
        let source = std::fs::read_to_string(&path)?;
        let page = judge_in_page(session, "statues", language, &source, false)?;
        let (terminal, _) = judge_in_terminal("statues", &path, false)?;
        agree(file, &page, &terminal)?;
        ensure!(
            page.verdicts.len() > 3 && page.verdicts.values().all(|verdict| verdict == "AC"),
            "{file}: {}",
            page.status
        );
        println!(
            "  {file}: AC on {} tests in the page and in the terminal",
            page.verdicts.len()
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
