//! `cargo xtask stress`: every flawed solver of every crate is found from a fixed seed
//! within a small budget, and its failing input is shrunk to one that still fails and
//! from which no single simplification step still fails.

use std::path::Path;

use gridkit::testkit::{AnyKit, KitInput};
use problems::{AnyProblem, PROBLEMS};
use xtask::build::{self, Executables};
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
        contender: xtask::stress::Contender::solution(solution),
        seed: Some(2026),
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
fn wrong(problem: &dyn AnyProblem, kit: &dyn AnyKit, input: &KitInput, output: &str) -> bool {
    compare(
        problem.judging().checker,
        problem.judging().cases,
        kit.answer(input).as_bytes(),
        output.as_bytes(),
    )
    .is_some()
}

/// Stresses every flawed solver of `problem`; checks each failure is found, still fails
/// once shrunk, and is 1-minimal.
fn every_flawed_solver_is_found_and_shrunk(problem: &dyn AnyProblem, executables: &Executables) {
    let name = problem.name();
    let kit = problem.kit().unwrap();
    let binary = executables.get(&build::flawed_binary(name)).unwrap();
    assert!(!kit.flawed().is_empty(), "{name} keeps no flawed solver");
    for flawed in kit.flawed() {
        let out = tempfile::tempdir().unwrap();
        let solution = format!("{} {flawed}", binary.display());
        let Ending::Failure {
            after,
            steps,
            input,
        } = stress(name, solution, BUDGET, out.path())
        else {
            panic!("{name}: stress did not find '{flawed}' within {BUDGET} cases");
        };
        let text = std::fs::read_to_string(&input).unwrap();
        let shrunk = kit.parse(&text).unwrap();
        let output = |input: &KitInput| kit.flawed_output(flawed, input).unwrap();
        assert!(
            wrong(problem, kit, &shrunk, &output(&shrunk)),
            "{name}: the shrunk input does not fail '{flawed}':\n{text}"
        );
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        assert_eq!(expected, kit.answer(&shrunk));
        for simpler in kit.simpler(&shrunk) {
            assert!(
                !wrong(problem, kit, &simpler, &output(&simpler)),
                "{name}: '{flawed}' still fails one step further:\n{}",
                kit.render(&simpler)
            );
        }
        println!(
            "{name} {flawed}: failure after {after} cases, shrunk in {steps} steps to {} bytes",
            text.len()
        );
    }
}

#[test]
fn stress_finds_and_shrinks_every_flawed_solver() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let executables = executables(build::Targets::Flawed);
    for &problem in PROBLEMS {
        every_flawed_solver_is_found_and_shrunk(problem, &executables);
    }
}

#[test]
fn a_right_solution_survives_and_the_closing_line_counts_the_cases() {
    xtask::sandbox::use_spawner(Path::new(env!("CARGO_BIN_EXE_xtask")));
    let executables = executables(build::Targets::Binaries);
    let out = tempfile::tempdir().unwrap();
    for &problem in PROBLEMS {
        let binary = executables.get(problem.name()).unwrap();
        let ending = stress(
            problem.name(),
            binary.display().to_string(),
            300,
            out.path(),
        );
        assert_eq!(
            ending,
            Ending::NoFailure { cases: 300 },
            "{}",
            problem.name()
        );
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
