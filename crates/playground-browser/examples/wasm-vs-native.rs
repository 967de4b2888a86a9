//! `cargo run -p playground-browser --example wasm-vs-native`: each problem's largest
//! test input (`testdata/<problem>/*.in` by size) solved through the page's WebAssembly
//! in headless Chromium and through the native release binary, in the same run, and each
//! problem page's download size.
//!
//! The page's `solve` computes what the binary prints in four runs: the answer, the
//! explanation (`--explain`), the picture (`--explain=svg`) and the certificate
//! (`--certificate`). So the module's call (timed in the page around the call alone,
//! after a first call that compiles the module) is set against the four runs of the
//! binary (wall time of each whole process, output to `/dev/null`). Each figure is the
//! median of at least five runs and of as many as fill about a second.
//!
//! A process costs milliseconds to start, which is all the binary's time on the small
//! inputs; so the same `solve` is also called natively in this process, and the page is
//! set against that too. That column compares like with like only in a release build
//! (`cargo run --release ...`): the dev profile optimises the solvers but keeps their
//! debug assertions and overflow checks, which the module and the binaries do not have.
//!
//! The download is what the server sent while the page loaded and solved its first
//! sample: the page, its style sheet, its script, the worker, the bindings and the module.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};
use playground_browser::site::{self, Site};
use serde_json::json;

/// The binary's four runs that together print what the module's `solve` returns.
const MODES: &[&[&str]] = &[&[], &["--explain"], &["--explain=svg"], &["--certificate"]];

/// Runs of each measurement: at least this many...
const LEAST_RUNS: usize = 5;
/// ...and more while their total stays under this.
const FILL: Duration = Duration::from_secs(1);
const MOST_RUNS: usize = 50;

fn main() -> Result<()> {
    if playground_browser::skip_requested() {
        println!("wasm-vs-native skipped (PLAYGROUND_BROWSER=skip)");
        return Ok(());
    }
    playground_browser::browser::Programs::find()?;
    let problems: Vec<&str> = playground::PROBLEMS.iter().map(|p| p.name()).collect();
    let binaries = site::release_binaries(&problems)?;
    let site = Site::build()?;
    let session = Session::start(&site.dir())?;

    println!("\nthe page's download (bytes):");
    println!(
        "{:<16} {:>8} {:>8} {:>8} {:>10} {:>10}",
        "page", "html", "css", "js", "wasm", "total"
    );
    for problem in &problems {
        session.server().take_sent();
        let page = Playground::open(&session, problem)?;
        page.choose_sample(0)?;
        let status = page.solve(SAMPLE_TIMEOUT)?;
        ensure!(!status.is_error, "{problem}: {}", status.text);
        let sent = session.server().take_sent();
        let of = |extension: &str| -> u64 {
            sent.iter()
                .filter(|(name, _)| name.ends_with(extension))
                .map(|(_, bytes)| bytes)
                .sum()
        };
        let total: u64 = sent.iter().map(|(_, bytes)| bytes).sum();
        println!(
            "{:<16} {:>8} {:>8} {:>8} {:>10} {:>10}",
            format!("{problem}.html"),
            of(".html"),
            of(".css"),
            of(".js"),
            of(".wasm"),
            total
        );
    }

    println!("\neach problem's largest input, WebAssembly in Chromium against the native binary:");
    if cfg!(debug_assertions) {
        println!(
            "(a dev build: the native call keeps debug assertions; run with --release to \
             compare it)"
        );
    }
    println!(
        "{:<16} {:<28} {:>7} {:>12} {:>12} {:>7} {:>12} {:>7}",
        "problem", "input", "bytes", "wasm", "binary", "ratio", "native call", "ratio"
    );
    for problem in &problems {
        let input_path = largest_input(problem)?;
        let input = std::fs::read_to_string(&input_path)
            .with_context(|| format!("reading {}", input_path.display()))?;
        Playground::open(&session, problem)?;
        let wasm = median(|| solve_in_page(&session, problem, &input))?;
        let binary = median(|| run_binary(&binaries[*problem], &input_path))?;
        let call = median(|| solve_natively(problem, &input))?;
        let millis = |time: Duration| format!("{:.3} ms", time.as_secs_f64() * 1e3);
        println!(
            "{:<16} {:<28} {:>7} {:>12} {:>12} {:>6.2}× {:>12} {:>6.2}×",
            problem,
            input_path.file_name().unwrap_or_default().to_string_lossy(),
            input.len(),
            millis(wasm),
            millis(binary),
            wasm.as_secs_f64() / binary.as_secs_f64(),
            millis(call),
            wasm.as_secs_f64() / call.as_secs_f64()
        );
    }
    Ok(())
}

/// The largest `.in` of `testdata/<problem>`.
fn largest_input(problem: &str) -> Result<std::path::PathBuf> {
    gridkit::testdata::inputs(problem)?
        .into_iter()
        .max_by_key(|path| std::fs::metadata(path).map(|m| m.len()).unwrap_or(0))
        .with_context(|| format!("testdata/{problem} has no input"))
}

/// The median of repeated measurements, after one run that is not counted (it compiles
/// the module, or brings the binary into the page cache).
fn median(mut measure: impl FnMut() -> Result<Duration>) -> Result<Duration> {
    measure()?;
    let mut runs = Vec::new();
    let mut total = Duration::ZERO;
    while runs.len() < LEAST_RUNS || (total < FILL && runs.len() < MOST_RUNS) {
        let run = measure()?;
        total += run;
        runs.push(run);
    }
    runs.sort();
    Ok(runs[runs.len() / 2])
}

/// One call of the page's module (the very files the worker loads), timed in the page
/// with its four texts brought out as JavaScript strings, as the worker brings them.
fn solve_in_page(session: &Session, problem: &str, input: &str) -> Result<Duration> {
    let millis = session.script_async(
        "const [problem, input, done] = arguments;\
         import('./pkg/playground.js').then(async (module) => {\
           await module.default();\
           const started = performance.now();\
           const solved = module.solve(problem, input);\
           const texts = [solved.answer, solved.explanation, solved.picture, \
                          solved.certificate];\
           const millis = performance.now() - started;\
           solved.free();\
           done(texts.every((text) => text.length > 0) ? millis : 'an empty text');\
         }).catch((error) => done(String(error)));",
        vec![json!(problem), json!(input)],
    )?;
    let millis = millis
        .as_f64()
        .with_context(|| format!("{problem}: the page failed: {millis}"))?;
    Ok(Duration::from_secs_f64(millis / 1e3))
}

/// The same `solve` as the page's, called natively.
fn solve_natively(problem: &str, input: &str) -> Result<Duration> {
    let started = Instant::now();
    let solved =
        playground::solve(problem, input).map_err(|error| anyhow::anyhow!("{problem}: {error}"))?;
    let took = started.elapsed();
    ensure!(!solved.certificate.is_empty(), "{problem}: no certificate");
    Ok(took)
}

/// The binary's four runs on `input`, wall time of the whole processes.
fn run_binary(binary: &Path, input: &Path) -> Result<Duration> {
    let mut total = Duration::ZERO;
    for mode in MODES {
        let stdin = std::fs::File::open(input)?;
        let started = Instant::now();
        let status = Command::new(binary)
            .args(*mode)
            .stdin(stdin)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .with_context(|| format!("running {}", binary.display()))?;
        total += started.elapsed();
        ensure!(status.success(), "{} {mode:?}: {status}", binary.display());
    }
    Ok(total)
}
