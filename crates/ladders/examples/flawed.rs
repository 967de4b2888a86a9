//! Runs one of the deliberately flawed solvers on stdin, printing like the real binary:
//! `cargo run -p ladders --example ladders_flawed -- --list`, then `-- NAME < input`.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<ladders::testkit::Kit>()
}
