//! `cargo xtask stress`: every flawed solver of every crate is found from a fixed seed
//! within a small budget, and its failing input is shrunk to one that still fails and
//! from which no single simplification step still fails.

use std::path::Path;

use gridkit::testkit::ProblemKit;
use xtask::build::{self, Executables};
use xtask::problems::{PROBLEMS, Problem, find};
use xtask::stress::{Ending, Stress};
use xtask::verdict::compare;

/// Cases each flawed solver gets before the test gives up on finding it.
const BUDGET: u64 = 3000;

fn executables(targets: build::Targets) -> Executables {
    build::release_every_problem(targets).expect("the solvers build")
}

fn stress(crate_name: &str, solution: String, cases: u64, out: &Path) -> Ending {
    Stress {
        crate_name: crate_name.to_owned(),
        solution: xtask::stress::Contender::Solution(solution),
        seed: 2026,
        time: None,
        cases: Some(cases),
        out: Some(out.to_owned()),
        jobs: Some(2),
        sandbox: Default::default(),
    }
    .run()
    .unwrap()
}

/// Whether `output` is a wrong answer for `input`, judged as `verify` judges.
fn wrong<K: ProblemKit>(problem: &Problem, input: &K::Input, output: &str) -> bool {
    compare(
        problem.checker,
        problem.cases,
        K::answer(input).as_bytes(),
        output.as_bytes(),
    )
    .is_some()
}

/// Stresses every flawed solver of `K`; checks each failure is found, still fails once
/// shrunk, and is 1-minimal.
fn every_flawed_solver_is_found_and_shrunk<K: ProblemKit>(executables: &Executables) {
    let problem = find(K::NAME).unwrap();
    let binary = executables.get(&build::flawed_binary(K::NAME)).unwrap();
    assert!(!K::FLAWED.is_empty(), "{} keeps no flawed solver", K::NAME);
    for flawed in K::FLAWED {
        let out = tempfile::tempdir().unwrap();
        let solution = format!("{} {}", binary.display(), flawed.name);
        let Ending::Failure {
            after,
            steps,
            input,
        } = stress(K::NAME, solution, BUDGET, out.path())
        else {
            panic!(
                "{}: stress did not find '{}' within {BUDGET} cases",
                K::NAME,
                flawed.name
            );
        };
        let text = std::fs::read_to_string(&input).unwrap();
        let shrunk = K::parse(&text).unwrap();
        assert!(
            wrong::<K>(problem, &shrunk, &(flawed.solve)(&shrunk)),
            "{}: the shrunk input does not fail '{}':\n{text}",
            K::NAME,
            flawed.name
        );
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        assert_eq!(expected, K::answer(&shrunk));
        for simpler in K::simpler(&shrunk) {
            assert!(
                !wrong::<K>(problem, &simpler, &(flawed.solve)(&simpler)),
                "{}: '{}' still fails one step further:\n{}",
                K::NAME,
                flawed.name,
                K::render(&simpler)
            );
        }
        println!(
            "{} {}: failure after {after} cases, shrunk in {steps} steps to {} bytes",
            K::NAME,
            flawed.name,
            text.len()
        );
    }
}

#[test]
fn stress_finds_and_shrinks_every_flawed_solver() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let executables = executables(build::Targets::Flawed);
    every_flawed_solver_is_found_and_shrunk::<statues::testkit::Kit>(&executables);
    every_flawed_solver_is_found_and_shrunk::<descending_dark::testkit::Kit>(&executables);
    every_flawed_solver_is_found_and_shrunk::<gam::testkit::Kit>(&executables);
    every_flawed_solver_is_found_and_shrunk::<sweets::testkit::Kit>(&executables);
    every_flawed_solver_is_found_and_shrunk::<ladders::testkit::Kit>(&executables);
}

#[test]
fn a_right_solution_survives_and_the_closing_line_counts_the_cases() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let executables = executables(build::Targets::Binaries);
    let out = tempfile::tempdir().unwrap();
    for problem in PROBLEMS {
        let binary = executables.get(problem.name).unwrap();
        let ending = stress(problem.name, binary.display().to_string(), 300, out.path());
        assert_eq!(ending, Ending::NoFailure { cases: 300 }, "{}", problem.name);
    }
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
}

/// A wrong C++ solution written outside the archive: compiled, broken and shrunk to a
/// board of at most two ladders, one of which must be refused.
#[test]
fn a_wrong_cpp_solution_is_shrunk_to_two_ladders_at_most() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let source =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/solutions/ladders_always_climbs.cpp");
    let out = tempfile::tempdir().unwrap();
    let Ending::Failure { input, .. } =
        stress("ladders", source.display().to_string(), BUDGET, out.path())
    else {
        panic!("stress did not break a solution that always climbs");
    };
    let board = std::fs::read_to_string(&input).unwrap();
    let ladders = board
        .split_whitespace()
        .filter(|height| *height != "0")
        .count();
    assert!((1..=2).contains(&ladders), "{board}");
}
