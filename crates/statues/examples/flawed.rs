//! Runs one of the crate's flawed solvers: `-- --list` names them, `-- NAME < input` runs one.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<statues::testkit::Kit>()
}
