//! `cargo run -p playground-browser --example judge-in-page`: what judging in the
//! page costs a learner, measured in headless Chromium on a fresh profile, with the native
//! program in the same run:
//!
//! - the bytes the server sent from opening statues' page to the first verdict of its
//!   accepted C++ program on the samples (the compiler's first download included), and
//!   that judging's time from the click;
//! - the compile of descending-dark's accepted program (106 lines of C++), cold (a fresh
//!   page, the compiler from the browser's cache) and warm (the same page again);
//! - each problem's accepted program on the test it spends longest on, in the page (the program's own
//!   wall time in its worker) against the same source built by `g++ -O2` (the wall time of
//!   the whole process), and the ratio;
//! - a full warm judge of statues, 80 tests, from the click to the last verdict.
//!
//! With `-- --record` it writes these figures into the book (`docs/figures.txt`, see
//! `xtask::figures`).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use playground_browser::browser::Session;
use playground_browser::judge::{accepted, judge_in_page};
use playground_browser::site::Site;
use serde_json::json;

fn main() -> Result<()> {
    if playground_browser::skip_requested() {
        println!("judge-in-page skipped (PLAYGROUND_BROWSER=skip)");
        return Ok(());
    }
    let recording = std::env::args().skip(1).any(|arg| arg == "--record");
    let mut figures: Vec<(&str, String)> = Vec::new();
    playground_browser::browser::Programs::find()?;
    let site = Site::build()?;
    let session = Session::start(&site.dir())?;
    let scratch = tempfile::tempdir()?;

    session.server().take_sent();
    let statues = std::fs::read_to_string(accepted("statues")?)?;
    let first = judge_in_page(&session, "statues", "cpp", &statues, true)?;
    ensure!(first.status.starts_with("All"), "statues: {}", first.status);
    let sent: u64 = session
        .server()
        .take_sent()
        .iter()
        .map(|(_, bytes)| bytes)
        .sum();
    println!(
        "first verdict: {} bytes sent, {:.1} s from the click (the compiler downloaded)",
        sent,
        first.took.as_secs_f64()
    );
    figures.push((
        "page-first-verdict-bytes",
        format!("{} bytes", xtask::figures::grouped(sent)),
    ));
    figures.push((
        "page-first-verdict-time",
        format!("{:.1} s", first.took.as_secs_f64()),
    ));

    let hundred_lines = std::fs::read_to_string(accepted("descending-dark")?)?;
    session.open("descending-dark.html")?;
    let cold = compile_in_page(&session, &hundred_lines)?;
    let warm = compile_in_page(&session, &hundred_lines)?;
    println!(
        "compile of {} lines of C++: {:.2} s cold (a fresh page), {:.2} s warm",
        hundred_lines.lines().count(),
        cold.as_secs_f64(),
        warm.as_secs_f64()
    );
    figures.push(("page-compile-cold", format!("{:.1} s", cold.as_secs_f64())));
    figures.push(("page-compile-warm", format!("{:.1} s", warm.as_secs_f64())));
    let mut table = String::from(
        "| problem | test | in the page | native | ratio |\n| --- | --- | --- | --- | --- |",
    );

    println!("\neach problem's longest test in the page, its accepted C++ there against g++ -O2:");
    println!(
        "{:<16} {:<28} {:>10} {:>10} {:>7}",
        "problem", "test", "page", "native", "ratio"
    );
    for problem in playground::PROBLEMS.iter().map(|problem| problem.name()) {
        let path = accepted(problem)?;
        let source = std::fs::read_to_string(&path)?;
        let judged = judge_in_page(&session, problem, "cpp", &source, false)?;
        ensure!(
            judged.status.starts_with("All"),
            "{problem}: {}",
            judged.status
        );
        let binary = scratch.path().join(problem);
        let built = Command::new("g++")
            .args(["-std=c++17", "-O2", "-o"])
            .arg(&binary)
            .arg(&path)
            .status()
            .context("running g++")?;
        ensure!(built.success(), "g++ {}", path.display());
        // The test the program spends longest on in the page: where the process's own
        // start (under a millisecond natively) does not make the comparison.
        let (name, page_ms) = judged
            .wall_ms
            .iter()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .with_context(|| format!("{problem}: no test ran"))?;
        let input = xtask::project_root()
            .join("testdata")
            .join(problem)
            .join(format!("{name}.in"));
        let page = page_ms / 1e3;
        let native = fastest(&binary, &input)?.as_secs_f64();
        println!(
            "{:<16} {:<28} {:>8.1} ms {:>7.1} ms {:>6.2}×",
            problem,
            name,
            page * 1e3,
            native * 1e3,
            page / native
        );
        table.push_str(&format!(
            "\n| {problem} | `{name}` | {:.1} ms | {:.1} ms | {:.1}x |",
            page * 1e3,
            native * 1e3,
            page / native
        ));
    }
    figures.push(("page-speed-table", table));

    let full = judge_in_page(&session, "statues", "cpp", &statues, false)?;
    ensure!(full.status.starts_with("All"), "statues: {}", full.status);
    println!(
        "\nstatues, all {} tests, warm: {:.2} s from the click to the last verdict",
        full.verdicts.len(),
        full.took.as_secs_f64()
    );
    figures.push((
        "page-judge-statues",
        format!("{:.1} s", full.took.as_secs_f64()),
    ));
    if recording {
        xtask::figures::record(
            "cargo run -p playground-browser --example judge-in-page -- --record",
            &figures,
        )?;
    }
    Ok(())
}

/// One compile of `source` as C++ through the page's toolchain module, timed in the page.
fn compile_in_page(session: &Session, source: &str) -> Result<Duration> {
    let millis = session.script_async(
        "const [source, done] = arguments;
         import('./judge/toolchain.js').then(async (toolchain) => {
           const started = performance.now();
           const compiled = await toolchain.compile('cpp', source, 256 << 20, () => {});
           done(compiled.ok ? performance.now() - started : compiled.text);
         }).catch((error) => done(String(error)));",
        vec![json!(source)],
    )?;
    let millis = millis
        .as_f64()
        .with_context(|| format!("the compile failed: {millis}"))?;
    Ok(Duration::from_secs_f64(millis / 1e3))
}

/// The fastest of five runs of `binary` on `input`, wall time of the whole process.
fn fastest(binary: &Path, input: &Path) -> Result<Duration> {
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let stdin = std::fs::File::open(input)?;
        let started = Instant::now();
        let status = Command::new(binary)
            .stdin(stdin)
            .stdout(Stdio::null())
            .status()
            .with_context(|| format!("running {}", binary.display()))?;
        best = best.min(started.elapsed());
        ensure!(status.success(), "{}: {status}", binary.display());
    }
    Ok(best)
}
