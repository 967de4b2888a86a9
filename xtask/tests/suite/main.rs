//! The integration tests of the xtask (the judge, stress, packages, the site, the house
//! rules), one module per subject, linked as one test binary.
//! `cargo test -p xtask --test suite MODULE::` runs one subject's tests; the
//! programs they judge live beside this folder, in `xtask/tests/hostile/` and
//! `xtask/tests/solutions/`. The sandbox's own attacks and probes are the sandbox
//! crate's tests (`cargo test -p sandbox`).

mod support;

mod adding;
mod chaos;
mod docs;
mod figures;
mod independence;
mod judging;
mod new_user;
mod package;
mod pictures;
mod readme_commands;
mod solutions;
mod stress;
mod surface;
mod tidy;
mod verdicts;
mod web;
