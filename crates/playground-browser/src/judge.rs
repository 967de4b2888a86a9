//! The Judge section of a problem page, driven as a learner drives it (the language, the
//! source, the tests, Judge), and the terminal's judge on the same source (`cargo xtask
//! verify --solution`), for the browser tests that prove the two agree and for the
//! measurement of judging in the page.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use serde_json::json;

use crate::browser::Session;

/// The longest one judging in the page may take: the first compile downloads the
/// compiler, and Python starts an interpreter for each test.
pub const JUDGING_TIMEOUT: Duration = Duration::from_secs(600);

/// Verdicts by test name, as the page or the terminal gives them.
pub type Verdicts = BTreeMap<String, String>;

pub fn workspace() -> PathBuf {
    xtask::project_root()
}

/// The accepted C++ program of `problem`.
pub fn accepted(problem: &str) -> Result<PathBuf> {
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

/// The mistakes the accepted program `source` marks as wrong answers (`// @variant NAME
/// wrong_answer/FILE.cpp: ...`), each built by `#define NAME` before it.
///
/// # Errors
/// It marks none.
pub fn wrong_answers(source: &str) -> Result<Vec<String>> {
    let names: Vec<String> = source
        .lines()
        .filter_map(|line| line.strip_prefix("// @variant "))
        .filter(|rest| {
            rest.split_whitespace()
                .nth(1)
                .is_some_and(|file| file.starts_with("wrong_answer/"))
        })
        .filter_map(|rest| rest.split_whitespace().next())
        .map(str::to_owned)
        .collect();
    anyhow::ensure!(!names.is_empty(), "no wrong_answer variant is marked");
    Ok(names)
}

/// The page's verdicts for `source` in `language` on `problem`'s tests (all, or the
/// samples), with the status line and the compiler's messages.
pub struct Judged {
    pub verdicts: Verdicts,
    /// The verdicts' explanations, by test.
    pub details: BTreeMap<String, String>,
    /// The wall time of each test's run in the page, in milliseconds.
    pub wall_ms: BTreeMap<String, f64>,
    /// The tests marked as judged near a limit.
    pub near: Vec<String>,
    pub status: String,
    pub diagnostics: String,
    /// From the click on Judge to the last verdict.
    pub took: Duration,
}

pub fn judge_in_page(
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
    let started = Instant::now();
    session.click("#judge")?;
    session.wait_until(
        &format!("{problem}: the page's judging of {language}"),
        &format!(
            "return Number(document.getElementById('judge-section').dataset.judgings || 0) > {}",
            before
        ),
        JUDGING_TIMEOUT,
    )?;
    let took = started.elapsed();
    let rows = session.script(
        "return [...document.querySelectorAll('#judge-results tbody tr')].map((row) =>
           [row.cells[0].textContent, row.cells[1].textContent, row.cells[1].title,
            Number(row.dataset.wallMs)]);",
        Vec::new(),
    )?;
    let mut judged = Judged {
        verdicts: Verdicts::new(),
        details: BTreeMap::new(),
        wall_ms: BTreeMap::new(),
        took,
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
        judged
            .wall_ms
            .insert(name.clone(), row[3].as_f64().unwrap_or_default());
        judged.details.insert(name, cell(2));
    }
    Ok(judged)
}

/// `cargo xtask verify PROBLEM --solution SOURCE [--test sample]`, run in this process
/// by the xtask's own code (its report, as the command prints it): the verdict of each
/// test, or, when the source does not compile, the compiler's messages. The programs run
/// through this process's binary as the spawner ([`serve_as_spawner`]): a nested `cargo
/// run` of the xtask would rebuild, mid-test, the very library the test binaries link.
///
/// # Errors
/// The judge's own failures, or a report that judged nothing.
pub fn judge_in_terminal(
    problem: &str,
    source: &Path,
    samples_only: bool,
) -> Result<(Verdicts, String)> {
    let binary = std::env::current_exe().context("finding this test binary")?;
    xtask::sandbox::use_spawner(&binary);
    let verify = xtask::verify::Verify {
        crates: vec![problem.to_owned()],
        solution: Some(source.to_string_lossy().into_owned()),
        tests: if samples_only {
            vec!["sample".to_owned()]
        } else {
            Vec::new()
        },
        ..xtask::verify::Verify::default()
    };
    let mut printed = Vec::new();
    // A source that does not compile is an error after its report: the report is read.
    let _ = verify.report(&mut printed);
    let stdout = String::from_utf8_lossy(&printed).into_owned();
    let mut verdicts = Verdicts::new();
    for line in stdout.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [first, test, verdict, ..] = words[..] {
            if first == problem && ["AC", "WA", "TLE", "MLE", "OLE", "RE"].contains(&verdict) {
                verdicts.insert(test.to_owned(), verdict.to_owned());
            }
        }
    }
    if verdicts.is_empty() && !stdout.contains("CE:") {
        bail!("verify judged nothing: {stdout}");
    }
    Ok((verdicts, stdout))
}

/// When this process was started as `<it> spawner [--without=LAYER,...]` (by
/// [`judge_in_terminal`]'s runs), serves as the sandbox's spawner and returns whether
/// that went well; otherwise `None`, and the caller goes on as itself.
pub fn serve_as_spawner() -> Option<bool> {
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() != Some("spawner") {
        return None;
    }
    let without: Vec<String> = args
        .filter_map(|arg| arg.strip_prefix("--without=").map(str::to_owned))
        .flat_map(|names| names.split(',').map(str::to_owned).collect::<Vec<_>>())
        .collect();
    Some(match xtask::sandbox::serve(&without) {
        Ok(()) => true,
        Err(error) => {
            eprintln!("error: {error:#}");
            false
        }
    })
}

/// What Stress in the page found.
#[derive(Debug)]
pub struct Stressed {
    pub status: String,
    /// The smallest failing case, as the page shows it (empty when none failed).
    pub input: String,
    /// Why it fails, in the verdict's words.
    pub detail: String,
    /// The steps of shrinking taken.
    pub steps: Option<u64>,
}

/// The seed the tests stress with: fixed, so that whether a mistake is caught within the
/// page's cases does not change from run to run.
const STRESS_SEED: u64 = 1;

/// Presses Stress on `problem`'s page as it stands, after [`judge_in_page`] (the language
/// and source still in place, so the page compiles nothing again, as for a learner who
/// judges and then stresses), and waits for its end.
///
/// # Errors
/// The browser fails, or the stress does not end within [`JUDGING_TIMEOUT`].
pub fn stress_here(session: &Session, problem: &str) -> Result<Stressed> {
    let before = session.script(
        "document.getElementById('judge-seed').value = arguments[0];
         return Number(document.getElementById('judge-section').dataset.judgings || 0)",
        vec![json!(STRESS_SEED.to_string())],
    )?;
    session.click("#judge-stress")?;
    session.wait_until(
        &format!("{problem}: stress in the page"),
        &format!(
            "return Number(document.getElementById('judge-section').dataset.judgings || 0) > {}",
            before
        ),
        JUDGING_TIMEOUT,
    )?;
    let found = session.script(
        "const section = document.getElementById('judge-section');
         const failure = document.getElementById('judge-failure');
         return [document.getElementById('judge-status').textContent,
                 failure.hidden ? '' : document.getElementById('judge-failure-input').textContent,
                 failure.hidden ? '' : document.getElementById('judge-failure-detail').textContent,
                 section.dataset.stressSteps ?? null];",
        Vec::new(),
    )?;
    let text = |index: usize| found[index].as_str().unwrap_or_default().to_owned();
    Ok(Stressed {
        status: text(0),
        input: text(1),
        detail: text(2),
        steps: found[3].as_str().and_then(|steps| steps.parse().ok()),
    })
}
