//! The costliest certificate `--check` accepts, measured: twenty 60 x 60 cases, each with
//! ten caves whose S_C is the whole 58 x 58 interior, and for every cave a plan of exactly
//! [`MAX_PLAN_RUNS`] runs, each a full sweep from wall to wall (the checker's cost is its
//! runs x their steps x the rows; see `MAX_PLAN_RUNS`). It must be accepted within the
//! promise of 2 s and 96 MiB, and one run more refused.
//!
//! Time is the child's CPU time (user and system, from `getrusage(RUSAGE_CHILDREN)`, as
//! is its peak resident memory), which other work on the machine does not inflate; the
//! elapsed time is printed beside it. The binary is the one `cargo test` builds, which
//! optimises the checker as a release build does (`opt-level = 3` for both crates in the
//! dev profile); `cargo test --release` measures the release binary itself. This file
//! starts no other child before the measurement, so the figures are the checker's.

use std::fs::File;
use std::io::BufWriter;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use descending_dark::certificate::{
    CaseCertificate, CaveCertificate, Certificate, Evidence, MAX_PLAN_RUNS, Move, Run,
};
use descending_dark::parse::{MAX_CASES, MAX_CAVES, MAX_SIZE, read_all};
use gridkit::Pos;
use gridkit::testkit::hostile::{PROMISED_PEAK_KIB, PROMISED_TIME};
use nix::sys::resource::{UsageWho, getrusage};
use nix::sys::time::{TimeVal, TimeValLike};

const BINARY: &str = env!("CARGO_BIN_EXE_descending-dark");

/// A count larger than any row or column: the run goes on until every walker is blocked.
const SWEEP: usize = MAX_SIZE;

/// `MAX_CASES` copies of a 60 x 60 grid, open inside, caves `0..10` at the start of the
/// last open row: every open square reaches every cave.
fn input() -> String {
    let mut rows = Vec::new();
    for row in 0..MAX_SIZE {
        let mut line = vec![b'#'; MAX_SIZE];
        if row != 0 && row != MAX_SIZE - 1 {
            line[1..MAX_SIZE - 1].fill(b'.');
        }
        if row == MAX_SIZE - 2 {
            for label in 0..MAX_CAVES {
                line[1 + label] = b'0' + label as u8;
            }
        }
        rows.push(String::from_utf8(line).unwrap());
    }
    let case = format!("{MAX_SIZE} {MAX_SIZE}\n{}\n", rows.join("\n"));
    format!("{MAX_CASES}\n{}", case.repeat(MAX_CASES))
}

/// A plan of `runs` runs for the cave at column `1 + label` of the last open row: full
/// Left and Right sweeps, then all the way down, all the way left, and `label` to the
/// right.
fn plan(label: usize, runs: usize) -> Vec<Run> {
    let run = |instruction, count| Run { instruction, count };
    let tail = [
        run(Move::Down, SWEEP),
        run(Move::Left, SWEEP),
        run(Move::Right, label),
    ];
    let sweeps = (0..runs - tail.len()).map(|index| {
        let instruction = if index % 2 == 0 {
            Move::Left
        } else {
            Move::Right
        };
        run(instruction, SWEEP)
    });
    sweeps.chain(tail).collect()
}

fn certificate(input: &str, runs: usize) -> Certificate {
    let cases = read_all(input.as_bytes()).unwrap();
    let open = (MAX_SIZE - 2) * (MAX_SIZE - 2);
    let cases = cases
        .into_iter()
        .map(|case| CaseCertificate {
            caves: (0..MAX_CAVES)
                .map(|label| CaveCertificate {
                    label,
                    at: Pos::new(MAX_SIZE - 2, 1 + label),
                    squares: open,
                    evidence: Evidence::Lucky {
                        plan: plan(label, runs),
                    },
                })
                .collect(),
            grid: case.grid,
        })
        .collect();
    Certificate { cases }
}

/// What `--check` did with one certificate file.
struct Checked {
    status: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

fn run_check(folder: &std::path::Path, input: &str, certificate: &Certificate) -> Checked {
    let input_path = folder.join("input");
    let certificate_path = folder.join("certificate.json");
    std::fs::write(&input_path, input).unwrap();
    let file = BufWriter::new(File::create(&certificate_path).unwrap());
    gridkit::certificate::write(file, certificate).unwrap();
    let started = Instant::now();
    let output = Command::new(BINARY)
        .arg("--check")
        .arg(&certificate_path)
        .env("RUST_BACKTRACE", "0")
        .stdin(File::open(&input_path).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    Checked {
        status: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        elapsed: started.elapsed(),
    }
}

#[test]
fn the_longest_plans_on_the_largest_caves_are_checked_within_the_promise() {
    let folder = tempfile::tempdir().unwrap();
    let input = input();
    let worst = certificate(&input, MAX_PLAN_RUNS);
    // The certificate is valid: the library's checker accepts it too.
    descending_dark::check::check(&read_all(input.as_bytes()).unwrap(), &worst).unwrap();

    let checked = run_check(folder.path(), &input, &worst);
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap();
    let seconds = |time: TimeVal| Duration::from_micros(time.num_microseconds().unsigned_abs());
    let cpu = seconds(usage.user_time()) + seconds(usage.system_time());
    let peak_kib = usage.max_rss();
    println!(
        "{} runs per plan, {} plans: {:.2} s CPU, {:.2} s elapsed, peak {peak_kib} KiB",
        MAX_PLAN_RUNS,
        MAX_CASES * MAX_CAVES,
        cpu.as_secs_f64(),
        checked.elapsed.as_secs_f64()
    );
    assert_eq!(checked.status, Some(0), "{}", checked.stderr);
    let expected: String = (1..=MAX_CASES)
        .map(|number| {
            let caves: String = (0..MAX_CAVES)
                .map(|label| format!("{label}: 3364 Lucky\n"))
                .collect();
            format!("Case #{number}:\n{caves}")
        })
        .collect();
    assert_eq!(checked.stdout, expected);
    assert!(
        cpu <= PROMISED_TIME,
        "{cpu:?} of CPU, over the promised {PROMISED_TIME:?}"
    );
    assert!(
        peak_kib <= PROMISED_PEAK_KIB,
        "peak memory {peak_kib} KiB, over the promised {PROMISED_PEAK_KIB}"
    );

    // One run more in the last plan is refused while the plan is read.
    let mut over = worst;
    let last = over.cases.last_mut().unwrap().caves.last_mut().unwrap();
    if let Evidence::Lucky { plan } = &mut last.evidence {
        plan.insert(
            0,
            Run {
                instruction: Move::Left,
                count: 1,
            },
        );
    }
    let refused = run_check(folder.path(), &input, &over);
    assert_eq!(refused.status, Some(1), "{}", refused.stdout);
    assert!(
        refused.stderr.contains("the plan") && refused.stderr.lines().count() == 1,
        "{}",
        refused.stderr
    );
}
