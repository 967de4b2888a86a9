//! A checker of the certificates `--explain` prints, by the statement's rules alone: it
//! computes S_C itself from the literal moves, follows every Lucky plan from every square
//! of S_C, and checks every Unlucky cave's trapped runs by the walker argument (and, on
//! grids small enough, by the exhaustive search over sets of squares). It never calls the
//! solver. Run on every test-data file and thousands of generated inputs; then each kind
//! of lie is planted in a real certificate and must be caught.

use std::collections::BTreeSet;

use descending_dark::explain::{CaseCertificate, Certificate, Evidence, certify, certify_all};
use descending_dark::parse::{Case, read_all};
use descending_dark::plan::{Move, Run};
use descending_dark::reference;
use descending_dark::testkit::{Kit, official_dataset};
use gridkit::testkit::{ProblemKit, case_rng, scale_of};
use gridkit::{Grid, Pos};

/// A square as the statement's text numbers it.
fn named(pos: Pos) -> String {
    format!("row {}, column {}", pos.row + 1, pos.col + 1)
}

fn open(case: &Case, pos: Pos) -> bool {
    case.grid.get(pos).is_some_and(|&square| square != b'#')
}

/// Where `count` copies of `instruction` take a walker at `at`: a move into a wall is
/// ignored, so once blocked the rest of the run is too.
fn walk(case: &Case, mut at: Pos, run: &Run) -> Pos {
    let (dr, dc) = match run.instruction {
        Move::Left => (0, -1),
        Move::Right => (0, 1),
        Move::Down => (1, 0),
    };
    for _ in 0..run.count {
        match at.offset(dr, dc) {
            Some(next) if open(case, next) => at = next,
            _ => break,
        }
    }
    at
}

/// S_C straight from the definition: the graph of literal moves (a blocked move stays
/// put), searched backwards from the cave along its reversed edges.
fn literal_reach(case: &Case, cave: Pos) -> BTreeSet<Pos> {
    let mut into: Grid<Vec<Pos>> = Grid::new(case.grid.height(), case.grid.width(), Vec::new());
    for from in case.grid.positions().filter(|&pos| open(case, pos)) {
        for instruction in [Move::Left, Move::Right, Move::Down] {
            let to = walk(
                case,
                from,
                &Run {
                    instruction,
                    count: 1,
                },
            );
            into[to].push(from);
        }
    }
    let mut reach = BTreeSet::from([cave]);
    let mut stack = vec![cave];
    while let Some(to) = stack.pop() {
        for &from in &into[to] {
            if reach.insert(from) {
                stack.push(from);
            }
        }
    }
    reach
}

/// What a check covered.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    plans: usize,
    moves: usize,
    traps: usize,
    /// Unlucky caves the exhaustive search confirmed too.
    exhaustive: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.plans += other.plans;
        self.moves += other.moves;
        self.traps += other.traps;
        self.exhaustive += other.exhaustive;
    }
}

/// Follows `plan` from every square of `reach` at once: no walker may leave S_C (it could
/// never come back), and all must end on the cave.
fn check_plan(case: &Case, cave: Pos, reach: &BTreeSet<Pos>, plan: &[Run]) -> Result<(), String> {
    let mut walkers = reach.clone();
    for (index, run) in plan.iter().enumerate() {
        walkers = walkers.iter().map(|&at| walk(case, at, run)).collect();
        if let Some(&lost) = walkers.iter().find(|at| !reach.contains(at)) {
            return Err(format!(
                "after run {} ({run:?}) a walker is on {}, which cannot reach the cave",
                index + 1,
                named(lost)
            ));
        }
    }
    if walkers == BTreeSet::from([cave]) {
        return Ok(());
    }
    for &start in reach {
        let end = plan.iter().fold(start, |at, run| walk(case, at, run));
        if end != cave {
            return Err(format!(
                "from {} the plan ends on {}, not on the cave",
                named(start),
                named(end)
            ));
        }
    }
    Err("the walkers disagree with their starts".to_owned())
}

/// A whole run of S_C from wall to wall: its row, first column and length.
#[derive(Debug, Clone, Copy)]
struct Trapped {
    row: usize,
    start: usize,
    len: usize,
}

/// The runs of `trapped`, each checked to be a whole run of S_C from wall to wall.
fn trapped_runs(
    case: &Case,
    reach: &BTreeSet<Pos>,
    trapped: &[Pos],
) -> Result<Vec<Trapped>, String> {
    let squares: BTreeSet<Pos> = trapped.iter().copied().collect();
    if let Some(&outside) = squares.iter().find(|square| !reach.contains(square)) {
        return Err(format!(
            "trapped square {} cannot reach the cave",
            named(outside)
        ));
    }
    let mut runs: Vec<Trapped> = Vec::new();
    for &square in &squares {
        match runs.last_mut() {
            Some(run) if run.row == square.row && run.start + run.len == square.col => run.len += 1,
            _ => runs.push(Trapped {
                row: square.row,
                start: square.col,
                len: 1,
            }),
        }
    }
    for run in &runs {
        let before = run.start.checked_sub(1).map(|col| Pos::new(run.row, col));
        let after = Pos::new(run.row, run.start + run.len);
        if before.is_some_and(|pos| open(case, pos)) || open(case, after) {
            return Err(format!(
                "the trapped run from {} is not a whole run from wall to wall",
                named(Pos::new(run.row, run.start))
            ));
        }
    }
    Ok(runs)
}

/// The walker argument: a walker starts on the leftmost square of each trapped run; any
/// Left/Right moves keep walkers of runs of one length at one offset `x[len]`, with
/// `x[1] = 0` and `x[len+1]` equal to `x[len]` or one more. If no such chain puts a walker
/// over S_C while every walker avoids the open squares outside S_C below it, no walker
/// ever leaves its run, and those off the cave's run never reach the cave.
fn check_trap(
    case: &Case,
    cave: Pos,
    reach: &BTreeSet<Pos>,
    trapped: &[Pos],
) -> Result<(), String> {
    let runs = trapped_runs(case, reach, trapped)?;
    let holds_cave =
        |run: &Trapped| run.row == cave.row && (run.start..run.start + run.len).contains(&cave.col);
    if runs.iter().all(holds_cave) {
        return Err("no trapped run besides the cave's own".to_owned());
    }
    let below = |run: &Trapped, x: usize| Pos::new(run.row + 1, run.start + x);
    let on_chain = safe_chains(&runs, |run, x| {
        let square = below(run, x);
        !open(case, square) || reach.contains(&square)
    });
    for run in &runs {
        let lowered = on_chain[run.len]
            .iter()
            .enumerate()
            .find(|&(x, &on)| on && reach.contains(&below(run, x)));
        if let Some((x, _)) = lowered {
            return Err(format!(
                "a safe chain takes the walker of the trapped run at {} down into S_C",
                named(Pos::new(run.row, run.start + x))
            ));
        }
    }
    Ok(())
}

/// `on_chain[len][x]`: some chain over the lengths `1..=longest` of `runs` passes offset
/// `x` at length `len` with every offset safe for every run of its length (`safe(run, x)`).
fn safe_chains(runs: &[Trapped], safe: impl Fn(&Trapped, usize) -> bool) -> Vec<Vec<bool>> {
    let longest = runs.iter().map(|run| run.len).max().unwrap_or(0);
    let mut allowed: Vec<Vec<bool>> = (0..=longest).map(|len| vec![true; len]).collect();
    for run in runs {
        for (x, allowed) in allowed[run.len].iter_mut().enumerate() {
            *allowed &= safe(run, x);
        }
    }
    // Forward from offset 0 at length 1: each length's offset is the last one's, or one more.
    let mut on_chain: Vec<Vec<bool>> = (0..=longest).map(|len| vec![false; len]).collect();
    for len in 1..=longest {
        for x in 0..len {
            let reached = if len == 1 {
                x == 0
            } else {
                let shorter = &on_chain[len - 1];
                shorter.get(x) == Some(&true) || x > 0 && shorter[x - 1]
            };
            on_chain[len][x] = allowed[len][x] && reached;
        }
    }
    // Backward from the longest length: the chain must go on to it.
    for len in (1..longest).rev() {
        for x in 0..len {
            let longer = &on_chain[len + 1];
            let continues = longer[x] || longer[x + 1];
            on_chain[len][x] &= continues;
        }
    }
    on_chain
}

/// The exhaustive search over sets of squares, where the grid is small enough: `Ok(true)`
/// when it confirms that no plan gathers `trapped` on the cave, `Ok(false)` when too big.
fn confirm_exhaustively(case: &Case, cave: Pos, trapped: &[Pos]) -> Result<bool, String> {
    match reference::gathers(case, cave, trapped) {
        Some(true) => {
            Err("the exhaustive search gathers the trapped squares on the cave".to_owned())
        }
        Some(false) => Ok(true),
        None => Ok(false),
    }
}

/// Checks the certificate of one case against the case alone.
fn check_case(case: &Case, certificate: &CaseCertificate) -> Result<Tally, String> {
    if certificate.grid != case.grid {
        return Err("the certificate is for another grid".to_owned());
    }
    if certificate.caves.len() != case.caves.len() {
        return Err(format!(
            "{} caves certified, not {}",
            certificate.caves.len(),
            case.caves.len()
        ));
    }
    let mut tally = Tally::default();
    for (label, (cave, &at)) in certificate.caves.iter().zip(&case.caves).enumerate() {
        let fail = |error: String| format!("cave {label}: {error}");
        if cave.label != label || cave.at != at {
            return Err(fail(format!(
                "certified as cave {} on {}",
                cave.label,
                named(cave.at)
            )));
        }
        let reach = literal_reach(case, at);
        if cave.squares != reach.len() {
            return Err(fail(format!(
                "{} squares reach it, not {}",
                reach.len(),
                cave.squares
            )));
        }
        match &cave.evidence {
            Evidence::Lucky { plan } => {
                check_plan(case, at, &reach, plan).map_err(fail)?;
                tally.plans += 1;
                tally.moves += plan.iter().map(|run| run.count).sum::<usize>();
            }
            Evidence::Unlucky { trapped } => {
                check_trap(case, at, &reach, trapped).map_err(fail)?;
                tally.traps += 1;
                if confirm_exhaustively(case, at, trapped).map_err(fail)? {
                    tally.exhaustive += 1;
                }
            }
        }
    }
    Ok(tally)
}

/// Checks a whole input's certificate; its verdicts must also be the answer `expected`.
fn check(cases: &[Case], certificate: &Certificate, expected: &str) -> Result<Tally, String> {
    if certificate.cases.len() != cases.len() {
        return Err(format!(
            "{} cases certified, not {}",
            certificate.cases.len(),
            cases.len()
        ));
    }
    let mut tally = Tally::default();
    let mut answer = Vec::new();
    for (index, (case, certified)) in cases.iter().zip(&certificate.cases).enumerate() {
        let number = index + 1;
        tally.add(check_case(case, certified).map_err(|error| format!("case #{number}: {error}"))?);
        descending_dark::write_case(&mut answer, number, &certified.verdicts())
            .map_err(|e| e.to_string())?;
    }
    if answer != expected.as_bytes() {
        return Err("the certified verdicts are not the answer".to_owned());
    }
    Ok(tally)
}

#[test]
fn every_test_data_certificate_checks() {
    let mut tally = Tally::default();
    let cases = gridkit::testdata::cases("descending-dark").unwrap();
    for data in &cases {
        let input = read_all(data.input.as_bytes()).unwrap();
        let certificate = certify_all(&input).unwrap();
        let checked = check(&input, &certificate, &data.expected);
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
        let checked = check(&input, &certificate, &Kit::answer(&input));
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
        let tally = check(&input, &certificate, &expected)
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        println!("{name}: {tally:?}");
    }
}

/// The certificate of the only case of `text`.
fn certificate_of(text: &str) -> (Case, CaseCertificate) {
    let case = read_all(text.as_bytes()).unwrap().remove(0);
    let certificate = certify(&case).unwrap();
    check_case(&case, &certificate).unwrap();
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

fn rejected(case: &Case, certificate: &CaseCertificate) -> String {
    match check_case(case, certificate) {
        Ok(tally) => panic!("the lie passed: {tally:?}"),
        Err(error) => error,
    }
}

#[test]
fn a_plan_that_misses_one_start_is_caught() {
    // One run of three squares, the cave leftmost: the plan is two Lefts.
    let (case, mut certificate) = certificate_of("1\n3 5\n#####\n#0..#\n#####\n");
    let plan = plan_of(&certificate, 0);
    assert_eq!(
        plan,
        [Run {
            instruction: Move::Left,
            count: 2
        }]
    );
    certificate.caves[0].evidence = Evidence::Lucky {
        plan: vec![Run {
            instruction: Move::Left,
            count: 1,
        }],
    };
    let error = rejected(&case, &certificate);
    assert_eq!(
        error,
        "cave 0: from row 2, column 4 the plan ends on row 2, column 3, not on the cave"
    );
}

#[test]
fn a_plan_that_walks_off_s_c_is_caught() {
    // Below cave 1 lies cave 2, which cannot climb back: one more Down loses every walker.
    let (case, mut certificate) = certificate_of(SAMPLE);
    let mut plan = plan_of(&certificate, 1);
    plan.push(Run {
        instruction: Move::Down,
        count: 1,
    });
    certificate.caves[1].evidence = Evidence::Lucky { plan };
    let error = rejected(&case, &certificate);
    assert!(error.starts_with("cave 1: after run"), "{error}");
    assert!(
        error.ends_with("a walker is on row 4, column 3, which cannot reach the cave"),
        "{error}"
    );
}

#[test]
fn a_wrong_count_is_caught() {
    let (case, mut certificate) = certificate_of(SAMPLE);
    certificate.caves[3].squares += 1;
    assert_eq!(
        rejected(&case, &certificate),
        "cave 3: 7 squares reach it, not 8"
    );
}

#[test]
fn an_unlucky_claim_for_a_lucky_cave_is_caught() {
    // Cave 3 is Lucky; claim all of S_C (or a part of it) is trapped.
    let (case, mut certificate) = certificate_of(SAMPLE);
    let cave = case.caves[3];
    let reach: Vec<Pos> = literal_reach(&case, cave).into_iter().collect();
    certificate.caves[3].evidence = Evidence::Unlucky {
        trapped: reach.clone(),
    };
    let error = rejected(&case, &certificate);
    assert!(
        error.starts_with("cave 3: a safe chain takes the walker"),
        "{error}"
    );
    // The exhaustive search refutes it on its own too, for S_C and for its upper runs.
    assert!(confirm_exhaustively(&case, cave, &reach).is_err());
    let upper: Vec<Pos> = reach.iter().copied().filter(|pos| pos.row < 4).collect();
    assert!(confirm_exhaustively(&case, cave, &upper).is_err());
}

#[test]
fn a_lucky_claim_for_an_unlucky_cave_is_caught() {
    let (case, mut certificate) = certificate_of(SAMPLE);
    for plan in [
        vec![],
        vec![Run {
            instruction: Move::Down,
            count: 2,
        }],
    ] {
        certificate.caves[2].evidence = Evidence::Lucky { plan };
        let error = rejected(&case, &certificate);
        assert!(
            error.contains("not on the cave") || error.contains("cannot reach"),
            "{error}"
        );
    }
}

#[test]
fn bad_trapped_runs_are_caught() {
    // The second case of the sample: cave 1 is Unlucky, with three trapped runs.
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
    let cut: Vec<Pos> = trapped
        .iter()
        .copied()
        .filter(|&pos| pos != Pos::new(1, 4))
        .collect();
    assert!(with(cut).contains("not a whole run from wall to wall"));
    // Only the cave's own run.
    assert_eq!(
        with(vec![case.caves[1]]),
        "cave 1: no trapped run besides the cave's own"
    );
    // A square that cannot reach the cave.
    let mut outside = trapped.clone();
    outside.push(Pos::new(2, 4));
    assert!(with(outside).contains("row 3, column 5 cannot reach the cave"));
    // The cave's run with the one above it, whose walker reaches the cave: D R D.
    let above: Vec<Pos> = vec![Pos::new(4, 3), Pos::new(4, 4), case.caves[1]];
    assert_eq!(
        with(above),
        "cave 1: a safe chain takes the walker of the trapped run at row 5, column 5 down into S_C"
    );
}
