//! Runs one of ladders's deliberately flawed solvers on stdin, printing like the solver:
//! `cargo run -p ladders --features testkit --bin ladders_flawed -- --list` names them, then
//! `-- NAME < input` runs one. `cargo xtask stress ladders --flawed NAME` finds and shrinks
//! a case each of them fails.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<ladders::testkit::Kit>()
}
