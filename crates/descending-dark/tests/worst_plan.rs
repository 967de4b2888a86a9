//! The costliest certificate `--check` accepts, measured: twenty 60 x 60 cases, each with
//! ten caves whose S_C is the whole 58 x 58 interior, and plans that spend the whole
//! budget of [`MAX_RUNS`] runs, each a full sweep from wall to wall (the checker's cost is
//! its runs x their steps x the rows, however the plans share the runs; see `MAX_RUNS`):
//! every cave's plan with 1,024 runs, or one plan with nearly all of them. Both must be
//! accepted within the promise of 2 s and 96 MiB, and one run more, in any plan, refused;
//! a plan of 100,000 runs, far over its share, is accepted.
//!
//! Time is the child's CPU time (user and system, from `getrusage(RUSAGE_CHILDREN)`, as
//! is its peak resident memory), which other work on the machine does not inflate; the
//! elapsed time is printed beside it. The binary is the one `cargo test` builds, which
//! optimises the checker as a release build does (`opt-level = 3` for both crates in the
//! dev profile); `cargo test --release` measures the release binary itself. This file
//! has one test, which measures first and checks the rest after: no other child runs
//! before the measurement, and this process holds no other certificate when the child
//! starts (a child may be counted the parent's resident memory at its start, which would
//! inflate its peak), so the figures are the checker's.

use std::fs::File;
use std::io::BufWriter;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use descending_dark::certificate::{
    CaseCertificate, CaveCertificate, Certificate, Evidence, MAX_RUNS, Move, Run,
};
use descending_dark::parse::{MAX_CASES, MAX_CAVES, MAX_SIZE, read_all};
use gridkit::Pos;
use gridkit::testkit::hostile::{PROMISED_PEAK_KIB, PROMISED_TIME};
use nix::sys::resource::{UsageWho, getrusage};
use nix::sys::time::{TimeVal, TimeValLike};

const BINARY: &str = env!("CARGO_BIN_EXE_descending-dark");

/// A count larger than any row or column: the run goes on until every walker is blocked.
const SWEEP: usize = MAX_SIZE;

/// The runs of each plan when every cave has the same share of the budget.
const SHARE: usize = MAX_RUNS / (MAX_CASES * MAX_CAVES);

/// The fewest runs a plan of [`plan`] has.
const SHORTEST: usize = 3;

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

/// A valid certificate for [`input`] whose plan for cave `label` of case `index` (from 0)
/// has `runs(index, label)` runs.
fn certificate(input: &str, runs: impl Fn(usize, usize) -> usize) -> Certificate {
    let cases = read_all(input.as_bytes()).unwrap();
    let open = (MAX_SIZE - 2) * (MAX_SIZE - 2);
    let cases = cases
        .into_iter()
        .enumerate()
        .map(|(index, case)| CaseCertificate {
            caves: (0..MAX_CAVES)
                .map(|label| CaveCertificate {
                    label,
                    at: Pos::new(MAX_SIZE - 2, 1 + label),
                    squares: open,
                    evidence: Evidence::Lucky {
                        plan: plan(label, runs(index, label)),
                    },
                })
                .collect(),
            grid: case.grid,
        })
        .collect();
    Certificate { cases }
}

/// Every cave Lucky, with all of the interior.
fn expected() -> String {
    (1..=MAX_CASES)
        .map(|number| {
            let caves: String = (0..MAX_CAVES)
                .map(|label| format!("{label}: 3364 Lucky\n"))
                .collect();
            format!("Case #{number}:\n{caves}")
        })
        .collect()
}

/// `certificate` with one run more at the start of the plan for cave `label` of case
/// `index`.
fn one_run_more(mut certificate: Certificate, index: usize, label: usize) -> Certificate {
    let cave = &mut certificate.cases[index].caves[label];
    let Evidence::Lucky { plan } = &mut cave.evidence else {
        unreachable!("every cave is Lucky");
    };
    plan.insert(
        0,
        Run {
            instruction: Move::Left,
            count: 1,
        },
    );
    certificate
}

/// What `--check` does with `certificate`, run in this process: the answer it proves, or
/// its refusal.
fn check_here(input: &str, certificate: &Certificate) -> Result<String, String> {
    let mut json = Vec::new();
    gridkit::certificate::write(&mut json, certificate).unwrap();
    let mut output = Vec::new();
    descending_dark::check_certificate(&json[..], input.as_bytes(), &mut output)
        .map_err(|error| error.to_string())?;
    Ok(String::from_utf8(output).unwrap())
}

/// The refusal of a certificate over the budget, as `--check` words it.
fn over_budget() -> String {
    format!("the plans have more than {MAX_RUNS} runs in all, the budget of a certificate")
}

/// What `--check` did with one certificate file.
struct Checked {
    status: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

fn run_check(folder: &Path, input: &str, certificate: &Certificate) -> Checked {
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

/// Checks `certificate` with the binary, and asserts that it is accepted within the
/// promise: CPU time is this child's, peak memory the most of any child so far.
fn accepted_within_the_promise(folder: &Path, input: &str, certificate: &Certificate, what: &str) {
    let seconds = |time: TimeVal| Duration::from_micros(time.num_microseconds().unsigned_abs());
    let cpu_so_far = || {
        let usage = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap();
        seconds(usage.user_time()) + seconds(usage.system_time())
    };
    let before = cpu_so_far();
    let checked = run_check(folder, input, certificate);
    let cpu = cpu_so_far() - before;
    let peak_kib = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap().max_rss();
    println!(
        "{what}: {:.2} s CPU, {:.2} s elapsed, peak {peak_kib} KiB",
        cpu.as_secs_f64(),
        checked.elapsed.as_secs_f64()
    );
    assert_eq!(checked.status, Some(0), "{what}: {}", checked.stderr);
    assert_eq!(checked.stdout, expected(), "{what}");
    assert!(
        cpu <= PROMISED_TIME,
        "{what}: {cpu:?} of CPU, over the promised {PROMISED_TIME:?}"
    );
    assert!(
        peak_kib <= PROMISED_PEAK_KIB,
        "{what}: peak memory {peak_kib} KiB, over the promised {PROMISED_PEAK_KIB}"
    );
}

#[test]
fn the_whole_budget_is_checked_within_the_promise_however_the_plans_share_it() {
    assert_eq!(SHARE * MAX_CASES * MAX_CAVES, MAX_RUNS);
    let folder = tempfile::tempdir().unwrap();
    let input = input();
    let spread = || certificate(&input, |_, _| SHARE);
    // Nearly all of the budget in the last plan, the others as short as they can be.
    let others = (MAX_CASES * MAX_CAVES - 1) * SHORTEST;
    let in_one = || {
        certificate(&input, |index, label| {
            if (index, label) == (MAX_CASES - 1, MAX_CAVES - 1) {
                MAX_RUNS - others
            } else {
                SHORTEST
            }
        })
    };

    // The measurements, before anything else; the one long plan first, as this process
    // holds it in one block that it returns to the system once dropped, and the short
    // plans in many that it may keep.
    let what = format!("{MAX_RUNS} runs, {} in one plan", MAX_RUNS - others);
    accepted_within_the_promise(folder.path(), &input, &in_one(), &what);
    let worst = spread();
    // The certificate is valid: the library's checker accepts it too.
    descending_dark::check::check(&read_all(input.as_bytes()).unwrap(), &worst).unwrap();
    let what = format!("{MAX_RUNS} runs, {SHARE} in each plan");
    accepted_within_the_promise(folder.path(), &input, &worst, &what);
    drop(worst);

    // One run more in the last plan is refused while the plan is read, in one line.
    let over = one_run_more(spread(), MAX_CASES - 1, MAX_CAVES - 1);
    let refused = run_check(folder.path(), &input, &over);
    assert_eq!(refused.status, Some(1), "{}", refused.stdout);
    assert!(
        refused.stderr.contains(&over_budget()) && refused.stderr.lines().count() == 1,
        "{}",
        refused.stderr
    );
    // And in any other plan: the first, one in the middle; or beside the longest plan.
    for (index, label) in [(0, 0), (MAX_CASES / 2, MAX_CAVES / 2)] {
        let refusal = check_here(&input, &one_run_more(spread(), index, label)).unwrap_err();
        assert!(refusal.contains(&over_budget()), "{refusal}");
    }
    let refusal = check_here(&input, &one_run_more(in_one(), 0, 0)).unwrap_err();
    assert!(refusal.contains(&over_budget()), "{refusal}");

    // The budget is the certificate's, not a plan's: one plan may have far more than its
    // share of 1,024 runs, as long as the plans have at most `MAX_RUNS` in all.
    let long = certificate(&input, |index, label| {
        if (index, label) == (7, 3) {
            100_000
        } else {
            SHORTEST
        }
    });
    assert_eq!(check_here(&input, &long), Ok(expected()));
}
