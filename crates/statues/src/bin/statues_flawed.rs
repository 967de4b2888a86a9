//! Runs one of statues's deliberately flawed solvers on stdin, printing like the solver:
//! `cargo run -p statues --features testkit --bin statues_flawed -- --list` names them, then
//! `-- NAME < input` runs one. `cargo xtask stress statues --flawed NAME` finds and shrinks
//! a case each of them fails.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<statues::testkit::Kit>()
}
