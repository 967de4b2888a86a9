//! Runs one of gam's deliberately flawed solvers like the real binary:
//! `cargo run -p gam --example gam_flawed -- --list`, then `-- NAME < input`.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<gam::testkit::Kit>()
}
