//! Chaos test of the runner: hundreds of programs from a fixed seed that misbehave in many
//! ways at once (`xtask fixture chaos SPEC`), judged directly, through `verify` and
//! through `stress`; every verdict must be one the model of the rules allows, every run
//! must end within its caps, and no judge call may fail.

use crate::support;

mod generate;
mod model;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use fastrand::Rng;
use generate::{Allowed, Scale, is_slow, spec};
use model::{Prediction, predict};
use problems::find;
use xtask::fixture::chaos::Chaos;
use xtask::judge::{Judged, Rules, judge_text};
use xtask::measure::{Program, own_program};
use xtask::stress::{Contender, Ending, Stress};
use xtask::verify::Verify;

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

/// The seed, fixed; `CHAOS_SEED=N` tries another.
fn seed() -> u64 {
    std::env::var("CHAOS_SEED")
        .ok()
        .and_then(|seed| seed.parse().ok())
        .unwrap_or(20_261_127)
}

/// Specs judged directly; one in [`SLOW_EVERY`] has a step that takes seconds.
const DIRECT_SPECS: usize = 300;
const SLOW_EVERY: usize = 25;

/// The statues tests the specs run on (their answers are both WIN and LOSE).
const TESTS: [&str; 3] = ["sample1", "sample2", "sample3"];

/// The direct runs' rules: a one-second limit, and a budget over the box's 64 MiB, so
/// that filling the box is `ENOSPC` in the program, not a memory verdict.
fn direct_rules() -> Rules {
    Rules::tokens(Duration::from_secs(1), 128 << 20)
}

fn scale_of(rules: Rules) -> Scale {
    Scale {
        time_limit: rules.time_limit,
        memory_budget_bytes: rules.memory_budget_bytes,
    }
}

fn statues_rules() -> Rules {
    find("statues").unwrap().judging().rules_of("sample1", "")
}

fn json(spec: &Chaos) -> String {
    serde_json::to_string(spec).unwrap()
}

fn program(spec: &Chaos) -> Program {
    own_program(Path::new(XTASK), &["fixture", "chaos", &json(spec)])
}

/// The command line `verify` and `stress` take for `spec`.
fn command_line(spec: &Chaos) -> String {
    format!(
        "{} fixture chaos {}",
        shell_words::quote(XTASK),
        shell_words::quote(&json(spec))
    )
}

/// A statues test's input and expected output.
fn statues_test(name: &str) -> (String, String) {
    let dir = xtask::project_root().join("testdata/statues");
    let read =
        |extension: &str| std::fs::read_to_string(dir.join(format!("{name}.{extension}"))).unwrap();
    (read("in"), read("out"))
}

/// Whether the accounting layer (cgroups: peak memory, the process cap) is active.
fn accounting() -> bool {
    support::use_spawner();
    xtask::sandbox::layers().unwrap().accounting.is_active()
}

/// What is wrong with `judged` as a run of `spec`, if anything.
fn misjudged(judged: &Judged, prediction: &Prediction, accounting: bool) -> Option<String> {
    let verdict = &judged.outcome.verdict;
    if !prediction.codes.contains(verdict.code()) {
        return Some(format!("expected one of {:?}", prediction.codes));
    }
    let detail = verdict.detail().unwrap_or_default();
    let measured = &judged.outcome.measurement;
    let limit = judged.outcome.rules.time_limit;
    if detail.contains("CPU time, over the")
        && !(measured.cpu > limit || measured.stops.killed_at_cpu_cap)
    {
        return Some("the detail claims CPU time over the limit".to_owned());
    }
    if detail.starts_with("more than") && !measured.stops.output_limit_hit {
        return Some("the detail claims output over the cap".to_owned());
    }
    if accounting
        && verdict.code() == "RE"
        && detail.contains("refused a fork") != prediction.fork_refused
    {
        return Some(format!(
            "a refused fork {} in the detail",
            if prediction.fork_refused {
                "missing"
            } else {
                "named"
            }
        ));
    }
    None
}

/// The longest a judge call may take: the wall cap, the leftovers' reaping (2 s), the
/// output's last drain (0.5 s), and room for a loaded machine.
fn longest_call(rules: Rules) -> Duration {
    Duration::from_millis(xtask::judge::limits(&rules).wall_ms) + Duration::from_secs(10)
}

/// One spec judged directly: its index, the test it ran on, and what went wrong.
struct Judgement {
    index: usize,
    code: &'static str,
    took: Duration,
    wrong: Option<String>,
}

fn judge_spec(index: usize, spec: &Chaos, accounting: bool) -> Judgement {
    let rules = direct_rules();
    let test = TESTS[index % TESTS.len()];
    let (input, expected) = statues_test(test);
    let prediction = predict(spec, &scale_of(rules));
    let started = Instant::now();
    let judged = judge_text(&program(spec), &input, &expected, rules).unwrap_or_else(|error| {
        panic!("spec {index}: the judge failed: {error:#}\n{}", json(spec))
    });
    let took = started.elapsed();
    let mut wrong = misjudged(&judged, &prediction, accounting);
    if took > longest_call(rules) {
        wrong = Some(format!("took {took:?}"));
    }
    let wrong = wrong.map(|why| {
        format!(
            "spec {index} on {test}: {why}; got {:?}\n  measured {:?}\n  stderr {}\n  spec {}",
            judged.outcome.verdict,
            judged.outcome.measurement,
            judged.stderr.chars().take(300).collect::<String>(),
            json(spec)
        )
    });
    Judgement {
        index,
        code: judged.outcome.verdict.code(),
        took,
        wrong,
    }
}

#[test]
fn chaos_judged_directly_gets_the_verdicts_the_model_allows() {
    let accounting = accounting();
    let scale = scale_of(direct_rules());
    let mut rng = Rng::with_seed(seed());
    let specs: Vec<Chaos> = (0..DIRECT_SPECS)
        .map(|index| {
            let allowed = Allowed {
                slow: index % SLOW_EVERY == SLOW_EVERY - 1,
                memory_over: accounting,
            };
            spec(&mut rng, &scale, allowed)
        })
        .collect();
    let started = Instant::now();
    // Two threads, each with its spawner, as stress runs cases.
    let judgements: Vec<Judgement> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|worker| {
                let specs = &specs;
                scope.spawn(move || {
                    support::use_spawner();
                    (worker..specs.len())
                        .step_by(2)
                        .map(|index| judge_spec(index, &specs[index], accounting))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap())
            .collect()
    });
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    for judgement in &judgements {
        *by_code.entry(judgement.code).or_default() += 1;
    }
    let slowest = judgements
        .iter()
        .max_by_key(|judgement| judgement.took)
        .unwrap();
    println!(
        "{} specs in {:.1} s ({} slow ones): {by_code:?}; slowest spec {} in {:.1} s",
        judgements.len(),
        started.elapsed().as_secs_f64(),
        specs.iter().filter(|spec| is_slow(spec, &scale)).count(),
        slowest.index,
        slowest.took.as_secs_f64()
    );
    assert_nothing_left(&specs);
    let wrong: Vec<&str> = judgements
        .iter()
        .filter_map(|judgement| judgement.wrong.as_deref())
        .collect();
    assert!(
        wrong.is_empty(),
        "{} misjudged:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // The chaos reached every verdict.
    for code in ["AC", "WA", "RE", "OLE", "TLE"] {
        assert!(by_code.contains_key(code), "no {code}: {by_code:?}");
    }
    if accounting {
        assert!(by_code.contains_key("MLE"), "no MLE: {by_code:?}");
    }
}

/// The command lines of live processes (zombies apart), as `/proc` shows them.
fn live_command_lines() -> Vec<Vec<u8>> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter(|entry| {
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        })
        .filter_map(|entry| std::fs::read(entry.path().join("cmdline")).ok())
        .collect()
}

/// Nothing the specs started (holders, children left behind, stopped processes) is
/// still running once every run is over: each is killed with its run.
fn assert_nothing_left(specs: &[Chaos]) {
    let ours: std::collections::BTreeSet<Vec<u8>> = specs
        .iter()
        .map(|spec| {
            [XTASK, "fixture", "chaos", &json(spec)]
                .iter()
                .flat_map(|word| [word.as_bytes(), b"\0"].concat())
                .collect()
        })
        .collect();
    // The last run's leftovers are reaped within a bound after its reply.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = live_command_lines()
            .into_iter()
            .filter(|line| ours.contains(line))
            .count();
        if left == 0 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{left} processes outlived their runs"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Specs through `verify`, on a `--data` folder of the statues samples.
const VERIFY_SPECS: usize = 12;

/// The rows of a verify report: test name and verdict, in order.
fn rows(report: &str) -> Vec<(String, String)> {
    report
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            (words.next() == Some("statues")).then_some(())?;
            let test = words.next()?;
            let code = words.next()?;
            Some((test.to_owned(), code.to_owned()))
        })
        .collect()
}

#[test]
fn chaos_through_verify_prints_every_row_with_the_verdicts_the_model_allows() {
    let accounting = accounting();
    let rules = statues_rules();
    let scale = scale_of(rules);
    let dir = tempfile::tempdir().unwrap();
    let data = support::statues_samples(dir.path());
    let mut rng = Rng::with_seed(seed() + 1);
    let mut wrong = Vec::new();
    for index in 0..VERIFY_SPECS {
        // One slow spec, on one test only: its run takes the wall cap's 5 s.
        let slow = index == 0;
        let spec = spec(
            &mut rng,
            &scale,
            Allowed {
                slow,
                memory_over: accounting,
            },
        );
        let tests: &[&str] = if slow { &TESTS[..1] } else { &TESTS };
        let prediction = predict(&spec, &scale);
        let mut report = Vec::new();
        let started = Instant::now();
        let tally = Verify {
            crates: vec!["statues".to_owned()],
            data: Some(data.clone()),
            solution: Some(command_line(&spec)),
            tests: tests.iter().map(|&test| test.to_owned()).collect(),
            ..Verify::default()
        }
        .report(&mut report)
        .unwrap_or_else(|error| panic!("verify failed: {error:#}\n{}", json(&spec)));
        let took = started.elapsed();
        let report = String::from_utf8(report).unwrap();
        let rows = rows(&report);
        let names: Vec<&str> = rows.iter().map(|(test, _)| test.as_str()).collect();
        let accepted = rows.iter().filter(|(_, code)| code == "AC").count();
        let closing = report.lines().last().unwrap_or_default();
        let expected_closing = format!("{accepted} passed, {} failed", rows.len() - accepted);
        let problem = if names != tests {
            Some(format!("rows for {names:?}"))
        } else if let Some((test, code)) = rows
            .iter()
            .find(|(_, code)| !prediction.codes.contains(code.as_str()))
        {
            Some(format!(
                "{test}: {code}, expected one of {:?}",
                prediction.codes
            ))
        } else if closing != expected_closing
            || (tally.passed, tally.failed) != (accepted, rows.len() - accepted)
        {
            Some(format!("closing line '{closing}', tally {tally:?}"))
        } else if took > longest_call(rules) * u32::try_from(tests.len()).unwrap() {
            Some(format!("took {took:?}"))
        } else {
            None
        };
        if let Some(problem) = problem {
            wrong.push(format!(
                "spec {index}: {problem}\n{report}\n  spec {}",
                json(&spec)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Quick specs from the seed with one verdict only: the first `each` accepted and the
/// first `each` that fail.
fn stress_specs(scale: &Scale, accounting: bool, each: usize) -> Vec<(Chaos, bool)> {
    let mut rng = Rng::with_seed(seed() + 2);
    let (mut accepted, mut failing) = (Vec::new(), Vec::new());
    while accepted.len() < each || failing.len() < each {
        let spec = spec(
            &mut rng,
            scale,
            Allowed {
                slow: false,
                memory_over: accounting,
            },
        );
        let codes = predict(&spec, scale).codes;
        if codes.len() != 1 {
            continue;
        }
        let list = if codes.contains("AC") {
            &mut accepted
        } else {
            &mut failing
        };
        if list.len() < each {
            list.push(spec);
        }
    }
    let accepted = accepted.into_iter().map(|spec| (spec, true));
    accepted
        .chain(failing.into_iter().map(|spec| (spec, false)))
        .collect()
}

#[test]
fn chaos_through_stress_ends_with_a_failure_exactly_when_the_model_says() {
    let accounting = accounting();
    let scale = scale_of(statues_rules());
    const CASES: u64 = 10;
    for (spec, accepted) in stress_specs(&scale, accounting, 2) {
        let out = tempfile::tempdir().unwrap();
        let ending = Stress {
            crate_name: "statues".to_owned(),
            contender: Contender::solution(command_line(&spec)),
            seed: Some(seed()),
            time: None,
            cases: Some(CASES),
            out: Some(out.path().to_owned()),
            jobs: Some(2),
            sandbox: Default::default(),
        }
        .run()
        .unwrap_or_else(|error| panic!("stress failed: {error:#}\n{}", json(&spec)));
        match ending {
            Ending::NoFailure { cases } => {
                assert!(accepted, "no failure found: {}", json(&spec));
                assert_eq!(cases, CASES);
            }
            Ending::Failure { input, .. } => {
                assert!(
                    !accepted,
                    "a failure at {}: {}",
                    input.display(),
                    json(&spec)
                );
                assert!(input.is_file() && input.with_extension("out").is_file());
            }
        }
    }
}

/// The chaos program of the spec `json`, judged directly on statues' first sample.
fn judged_on_sample1(json: &str) -> Judged {
    support::use_spawner();
    let spec: Chaos = serde_json::from_str(json).unwrap();
    let (input, expected) = statues_test("sample1");
    judge_text(&program(&spec), &input, &expected, direct_rules()).unwrap()
}

/// A spec the chaos found: more than the output cap on stdout, then `SIGXCPU` raised at
/// once. The spawner kills at the cap only at its next look, so the signal may end the
/// program first; then the table's first row decides (TLE), and its detail must say the
/// signal did, not that 0.05 s of CPU time is over a one-second limit.
#[test]
fn a_flood_then_a_raised_sigxcpu_is_over_the_cap_or_named_by_its_signal() {
    for _ in 0..5 {
        let judged = judged_on_sample1(
            r#"{"stderr":{"piece":[],"times":0},"files":"None","memory_bytes":0,
            "holders":{"count":0,"on_refused":null},"children":[],"burn_ms":0,"sleep_ms":0,
            "stdout":{"Bytes":{"piece":[120],"times":16777217}},"end":{"Raise":24}}"#,
        );
        let verdict = &judged.outcome.verdict;
        match verdict.code() {
            "OLE" => assert_eq!(verdict.detail(), Some("more than 16 MiB of output")),
            "TLE" => assert!(
                verdict
                    .detail()
                    .unwrap()
                    .starts_with("killed by SIGXCPU after"),
                "{verdict:?}"
            ),
            _ => panic!("{verdict:?}"),
        }
    }
}

/// `SIGXFSZ` with a few bytes on stdout: OLE, as the table says, for a file in the box
/// past the file-size limit, and named so.
#[test]
fn a_file_past_the_size_limit_is_named_by_its_signal() {
    let judged = judged_on_sample1(
        r#"{"stderr":{"piece":[],"times":0},"files":{"OneFile":17825792},"memory_bytes":0,
        "holders":{"count":0,"on_refused":null},"children":[],"burn_ms":0,"sleep_ms":0,
        "stdout":{"Answer":{"before":[],"flipped":false,"after":[]}},"end":{"Exit":0}}"#,
    );
    assert_eq!(
        judged.outcome.verdict.detail(),
        Some("killed by SIGXFSZ: a file past the 16 MiB limit on files"),
        "{:?}",
        judged.outcome
    );
}
