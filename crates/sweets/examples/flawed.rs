//! Runs one of the crate's flawed solvers: `-- --list` names them, `-- NAME < input`
//! prints what that solver answers.
//!
//! `cargo run -p sweets --example sweets_flawed -- --list`

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<sweets::testkit::Kit>()
}
