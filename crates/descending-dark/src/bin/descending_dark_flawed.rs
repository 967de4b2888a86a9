//! Runs one of descending-dark's deliberately flawed solvers on stdin, printing like the solver:
//! `cargo run -p descending-dark --features testkit --bin descending_dark_flawed -- --list` names them, then
//! `-- NAME < input` runs one. `cargo xtask stress descending-dark --flawed NAME` finds and shrinks
//! a case each of them fails.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<descending_dark::testkit::Kit>()
}
