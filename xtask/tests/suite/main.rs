//! The integration tests of the xtask (the judge, the sandbox, stress, packages, the site,
//! the house rules), one module per subject, linked as one test binary.
//! `cargo test -p xtask --test suite MODULE::` runs one subject's tests; the
//! programs they judge live beside this folder, in `xtask/tests/hostile/` and
//! `xtask/tests/solutions/`.

mod support;

mod chaos;
mod docs;
mod independence;
mod isolation;
mod layers;
mod new_user;
mod package;
mod pictures;
mod readme_commands;
mod sandbox;
mod solutions;
mod spawner;
mod stress;
mod surface;
mod syscalls;
mod tidy;
mod verdicts;
mod web;
