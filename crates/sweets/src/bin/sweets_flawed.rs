//! Runs one of sweets's deliberately flawed solvers on stdin, printing like the solver:
//! `cargo run -p sweets --features testkit --bin sweets_flawed -- --list` names them, then
//! `-- NAME < input` runs one. `cargo xtask stress sweets --flawed NAME` finds and shrinks
//! a case each of them fails.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<sweets::testkit::Kit>()
}
