//! Runs one of gam's deliberately flawed solvers on stdin, printing like the solver:
//! `cargo run -p gam --features testkit --bin gam_flawed -- --list` names them, then
//! `-- NAME < input` runs one. `cargo xtask stress gam --flawed NAME` finds and shrinks
//! a case each of them fails.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<gam::testkit::Kit>()
}
