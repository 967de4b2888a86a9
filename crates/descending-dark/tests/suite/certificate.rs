//! The library's checker ([`descending_dark::check`]) on real certificates (every
//! test-data file, thousands of generated inputs, the official files), confirmed on small
//! grids by the exhaustive search over sets of squares; then each kind of lie is planted in
//! a real certificate and must be refused, by the library and, written as JSON, by the
//! binary's `--check FILE` with exit code 1.

use problem::Problem as _;

use descending_dark::certificate::{
    CaseCertificate, Certificate, Evidence, MAX_RUNS, Move, Run, certify, certify_all,
};
use descending_dark::check::{Refusal, check};
use descending_dark::parse::{Case, read_all};
use descending_dark::reference;
use descending_dark::testkit::{Kit, official_dataset};
use gridkit::Pos;
use gridkit::testdata::run_binary_with;
use gridkit::testkit::{ProblemKit, case_rng, output_of, scale_of};

const BINARY: &str = env!("CARGO_BIN_EXE_descending-dark");

/// What a check covered.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    plans: usize,
    moves: usize,
    /// The most runs in one plan.
    longest: usize,
    /// The most runs in one certificate's plans: `--check` reads at most `MAX_RUNS`.
    runs: usize,
    traps: usize,
    /// Unlucky caves the exhaustive search confirmed too.
    exhaustive: usize,
}

/// Checks a whole input's certificate with the library's checker; its verdicts must be
/// the answer `expected`, its plans short enough in all for `--check` to read them, and
/// the exhaustive search must find no plan for the trapped runs where the grid is small
/// enough.
fn check_all(cases: &[Case], certificate: &Certificate, expected: &str) -> Result<Tally, String> {
    check(cases, certificate).map_err(|refusal| refusal.to_string())?;
    let mut tally = Tally::default();
    let mut answer = Vec::new();
    for (index, (case, certified)) in cases.iter().zip(&certificate.cases).enumerate() {
        descending_dark::write_case(&mut answer, index + 1, &certified.verdicts()).unwrap();
        for cave in &certified.caves {
            match &cave.evidence {
                Evidence::Lucky { plan } => {
                    tally.plans += 1;
                    tally.moves += plan.iter().map(|run| run.count).sum::<usize>();
                    tally.longest = tally.longest.max(plan.len());
                    tally.runs += plan.len();
                }
                Evidence::Unlucky { trapped } => {
                    tally.traps += 1;
                    match reference::gathers(case, cave.at, trapped) {
                        Some(true) => return Err(format!("the search gathers {trapped:?}")),
                        Some(false) => tally.exhaustive += 1,
                        None => {}
                    }
                }
            }
        }
    }
    if tally.runs > MAX_RUNS {
        return Err(format!(
            "plans of {} runs in all, more than the {MAX_RUNS} --check reads",
            tally.runs
        ));
    }
    if answer != expected.as_bytes() {
        return Err("the certified verdicts are not the answer".to_owned());
    }
    Ok(tally)
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.plans += other.plans;
        self.moves += other.moves;
        self.longest = self.longest.max(other.longest);
        self.runs = self.runs.max(other.runs);
        self.traps += other.traps;
        self.exhaustive += other.exhaustive;
    }
}

#[test]
fn every_test_data_certificate_checks() {
    let mut tally = Tally::default();
    let cases = gridkit::testdata::cases("descending-dark").unwrap();
    for data in &cases {
        let input = read_all(data.input.as_bytes()).unwrap();
        let certificate = certify_all(&input).unwrap();
        let checked = check_all(&input, &certificate, &data.expected);
        tally.add(checked.unwrap_or_else(|error| panic!("{}.in: {error}", data.name)));
    }
    println!("{} files: {tally:?}", cases.len());
    assert!(tally.plans >= 700 && tally.traps >= 450, "{tally:?}");
    assert!(tally.exhaustive >= 90, "{tally:?}");
}

/// The stress schedule's inputs, from one grid of 3x3 up to twenty of 60x60.
#[test]
fn generated_certificates_check() {
    const INPUTS: u64 = 2_000;
    let mut tally = Tally::default();
    for k in 0..INPUTS {
        // Past the first thousand inputs, one in four is full size: enough of them, in time.
        let scale = if k < 1_000 || k % 4 == 0 {
            scale_of(k)
        } else {
            scale_of(k) * 0.4
        };
        let input = Kit::generate(&mut case_rng(0xce27, k), scale);
        let certificate = certify_all(&input).unwrap();
        let checked = check_all(&input, &certificate, &Kit::answer(&input));
        tally.add(checked.unwrap_or_else(|error| panic!("{error} on\n{}", Kit::render(&input))));
    }
    println!("{INPUTS} generated inputs: {tally:?}");
    assert!(tally.plans >= 40_000 && tally.traps >= 15_000, "{tally:?}");
    assert!(tally.exhaustive >= 5_000, "{tally:?}");
}

#[test]
#[ignore = "needs the official data in ../shared/official/descending-dark; CI runs it with --ignored where present"]
fn official_certificates_check() {
    for name in [
        "D-small-practice",
        "D-small-contest",
        "D-large-practice",
        "D-large-contest",
    ] {
        let (text, expected) =
            official_dataset(name).unwrap_or_else(|error| panic!("{name}: {error:#}"));
        let input = read_all(text.as_bytes()).unwrap();
        let certificate = certify_all(&input).unwrap();
        let tally = check_all(&input, &certificate, &expected)
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        println!("{name}: {tally:?}");
    }
}

/// Runs `descending-dark --check FILE` on `certificate` written as JSON, with `input` on
/// stdin: its exit code, stdout and stderr.
fn binary_check(input: &str, certificate: &Certificate) -> (Option<i32>, String, String) {
    let json = serde_json::to_vec(certificate).unwrap();
    gridkit::testdata::binary_check(BINARY, &json, input.as_bytes())
}

#[test]
fn the_binary_accepts_every_genuine_certificate_and_prints_the_answer() {
    for data in gridkit::testdata::cases("descending-dark").unwrap() {
        let json = run_binary_with(BINARY, &["--certificate"], data.input.as_bytes()).unwrap();
        assert!(json.status.success(), "{}", data.name);
        let read: Certificate = serde_json::from_slice(&json.stdout).unwrap();
        let input = read_all(data.input.as_bytes()).unwrap();
        assert_eq!(read, certify_all(&input).unwrap(), "{}", data.name);
        let (code, stdout, stderr) = binary_check(&data.input, &read);
        assert_eq!(code, Some(0), "{}: {stderr}", data.name);
        assert_eq!(stdout, data.expected, "{}", data.name);
    }
}

/// The text of a one-case input for `case`.
fn input_of(case: &Case) -> String {
    Kit::render(&vec![case.clone()])
}

/// The certificate of the only case of `text`, checked.
fn certificate_of(text: &str) -> (Case, CaseCertificate) {
    let case = read_all(text.as_bytes()).unwrap().remove(0);
    let certificate = certify(&case).unwrap();
    let whole = Certificate {
        cases: vec![certificate.clone()],
    };
    check(std::slice::from_ref(&case), &whole).unwrap();
    (case, certificate)
}

/// The first case of the official sample: caves 0, 1 and 3 Lucky, cave 2 Unlucky.
const SAMPLE: &str = "1\n7 5\n#####\n##0##\n##1.#\n##2##\n#3..#\n#.#.#\n#####\n";

fn plan_of(certificate: &CaseCertificate, label: usize) -> Vec<Run> {
    match &certificate.caves[label].evidence {
        Evidence::Lucky { plan } => plan.clone(),
        Evidence::Unlucky { .. } => panic!("cave {label} is Lucky"),
    }
}

/// The lie is refused by the library and by the binary (exit code 1, the same message);
/// returns the message without the `case #1: ` that starts it.
fn rejected(case: &Case, lie: &CaseCertificate) -> String {
    let whole = Certificate {
        cases: vec![lie.clone()],
    };
    let refusal = check(std::slice::from_ref(case), &whole).expect_err("the lie is accepted");
    let (code, stdout, stderr) = binary_check(&input_of(case), &whole);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert_eq!(stderr, format!("error: {refusal}\n"));
    let Refusal::Unproven(why) = refusal else {
        panic!("{refusal}");
    };
    why.strip_prefix("case #1: ").unwrap().to_owned()
}

fn run(instruction: Move, count: usize) -> Run {
    Run { instruction, count }
}

/// An illegal plan: it misses one start.
#[test]
fn a_plan_that_misses_one_start_is_caught() {
    // One run of three squares, the cave leftmost: the plan is two Lefts.
    let (case, mut certificate) = certificate_of("1\n3 5\n#####\n#0..#\n#####\n");
    assert_eq!(plan_of(&certificate, 0), [run(Move::Left, 2)]);
    certificate.caves[0].evidence = Evidence::Lucky {
        plan: vec![run(Move::Left, 1)],
    };
    assert_eq!(
        rejected(&case, &certificate),
        "cave 0: the plan leaves a walker on row 2, column 3, not on the cave"
    );
}

/// An illegal plan: it takes walkers out of S_C.
#[test]
fn a_plan_that_walks_off_s_c_is_caught() {
    // Below cave 1 lies cave 2, which cannot climb back: one more Down loses every walker.
    let (case, mut certificate) = certificate_of(SAMPLE);
    let mut plan = plan_of(&certificate, 1);
    plan.push(run(Move::Down, 1));
    certificate.caves[1].evidence = Evidence::Lucky { plan };
    let error = rejected(&case, &certificate);
    assert!(error.starts_with("cave 1: after run"), "{error}");
    assert!(
        error.ends_with("a walker is on row 4, column 3, which cannot reach the cave"),
        "{error}"
    );
}

/// A count off by one.
#[test]
fn a_wrong_count_is_caught() {
    let (case, mut certificate) = certificate_of(SAMPLE);
    certificate.caves[3].squares += 1;
    assert_eq!(
        rejected(&case, &certificate),
        "cave 3: 7 squares reach it, not 8"
    );
}

/// The other verdict, one way.
#[test]
fn an_unlucky_claim_for_a_lucky_cave_is_caught() {
    // Cave 3 is Lucky; claim the runs of its S_C are trapped.
    let (case, mut certificate) = certificate_of(SAMPLE);
    let cave = case.caves[3];
    let reach: Vec<Pos> = [(4, 1), (4, 2), (4, 3), (3, 2), (2, 2), (2, 3), (1, 2)]
        .map(|(row, col)| Pos::new(row, col))
        .into_iter()
        .collect();
    let mut sorted = reach.clone();
    sorted.sort();
    certificate.caves[3].evidence = Evidence::Unlucky {
        trapped: sorted.clone(),
    };
    let error = rejected(&case, &certificate);
    assert!(
        error.starts_with("cave 3: a safe chain takes the walker"),
        "{error}"
    );
    // The exhaustive search refutes it on its own too, for S_C and for its upper runs.
    assert_eq!(reference::gathers(&case, cave, &reach), Some(true));
    let upper: Vec<Pos> = reach.iter().copied().filter(|pos| pos.row < 4).collect();
    assert_eq!(reference::gathers(&case, cave, &upper), Some(true));
}

/// The other verdict, the other way.
#[test]
fn a_lucky_claim_for_an_unlucky_cave_is_caught() {
    let (case, mut certificate) = certificate_of(SAMPLE);
    for plan in [vec![], vec![run(Move::Down, 2)]] {
        certificate.caves[2].evidence = Evidence::Lucky { plan };
        let error = rejected(&case, &certificate);
        assert!(
            error.contains("not on the cave") || error.contains("cannot reach"),
            "{error}"
        );
    }
}

/// A missing case: a cave left out; and trapped runs cut, outside S_C or escapable.
#[test]
fn bad_trapped_runs_and_a_missing_cave_are_caught() {
    // The second case of the sample: cave 1 is Unlucky.
    let text = "1\n7 6\n######\n##...#\n#..#.#\n#...##\n#0#..#\n####1#\n######\n";
    let (case, certificate) = certificate_of(text);
    let Evidence::Unlucky { trapped } = &certificate.caves[1].evidence else {
        panic!("cave 1 is Unlucky");
    };
    let with = |trapped: Vec<Pos>| {
        let mut lie = certificate.clone();
        lie.caves[1].evidence = Evidence::Unlucky { trapped };
        rejected(&case, &lie)
    };
    // A run cut short.
    let cut: Vec<Pos> = trapped.iter().copied().skip(1).collect();
    assert!(with(cut).contains("not a whole run from wall to wall"));
    // Only the cave's own run.
    assert_eq!(
        with(vec![case.caves[1]]),
        "cave 1: no trapped run besides the cave's own"
    );
    // A square that cannot reach the cave.
    let mut outside = trapped.clone();
    outside.push(Pos::new(2, 4));
    outside.sort();
    assert!(with(outside).contains("row 3, column 5 cannot reach the cave"));
    // The cave's run with the one above it, whose walker reaches the cave: D R D.
    let above: Vec<Pos> = vec![Pos::new(4, 3), Pos::new(4, 4), case.caves[1]];
    assert_eq!(
        with(above),
        "cave 1: a safe chain takes the walker of the trapped run at row 5, column 5 down into S_C"
    );
    // A cave left out: refused as a certificate for another input.
    let mut missing = certificate.clone();
    missing.caves.pop();
    let whole = Certificate {
        cases: vec![missing],
    };
    let refusal = check(std::slice::from_ref(&case), &whole).unwrap_err();
    assert_eq!(
        refusal.to_string(),
        "the certificate is for another input: case #1: 1 caves certified, not 2"
    );
    let (code, _, stderr) = binary_check(&input_of(&case), &whole);
    assert_eq!((code, stderr), (Some(1), format!("error: {refusal}\n")));
}

#[test]
fn a_certificate_for_another_input_is_refused() {
    let (case, certificate) = certificate_of(SAMPLE);
    let whole = Certificate {
        cases: vec![certificate],
    };
    let other = SAMPLE.replace("#3..#", "#3.##");
    let (code, _, stderr) = binary_check(&other, &whole);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        "error: the certificate is for another input: case #1: row 5 differs\n"
    );
    let two = format!("2\n{}", SAMPLE.strip_prefix("1\n").unwrap().repeat(2));
    let (code, _, stderr) = binary_check(&two, &whole);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        "error: the certificate is for another input: it has 1 cases, the input 2\n"
    );
    assert_eq!(input_of(&case), SAMPLE);
}

#[test]
fn malformed_json_is_refused() {
    let json = br####"{"cases": [{"grid": ["###", "#0"], "caves": []}]}"####;
    let (code, _, stderr) = gridkit::testdata::binary_check(BINARY, json, SAMPLE.as_bytes());
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with(
            "error: the certificate is not a descending-dark certificate in JSON: row 2 of a grid"
        ),
        "{stderr}"
    );
}

#[test]
fn no_explanation_line_is_longer_than_100_characters() {
    gridkit::testdata::assert_explanation_lines_within("descending-dark", 100, |input| {
        gridkit::testkit::output_of(|i, o| descending_dark::DescendingDark::explain(i, o), input)
    });
}

/// The largest test file explains itself in at most 40 KB: plans shortened, trapped runs
/// cut down, grids cropped.
#[test]
fn the_largest_explanation_is_at_most_40_kb() {
    let data = gridkit::testdata::cases("descending-dark")
        .unwrap()
        .into_iter()
        .find(|data| data.name == "gen-010")
        .unwrap();
    let text = output_of(
        |i, o| descending_dark::DescendingDark::explain(i, o),
        data.input.as_bytes(),
    );
    assert!(text.len() <= 40_000, "{} bytes", text.len());
}
